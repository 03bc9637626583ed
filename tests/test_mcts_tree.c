/* test_mcts_tree.c - the mcts player's parts beyond the playout position:
 * the playouts' answers to threes and fours, the shape priors, the VCF
 * checks at the root, the tree kept between moves (the right subtree, its
 * visits, a reset), and whole games that a new game or a fresh player
 * repeat move for move. No timed assertions: every budget is playouts. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "diagram.h"
#include "eval_features.h"
#include "mcts_impl.h"
#include "mcts_root.h"
#include "moves.h"
#include "player.h"
#include "registry.h"
#include "rng.h"

enum { ERR_LEN = 400, CAP = 1 << 16 };

static void load(Board *b, Color to_move, const char *text, DiagramMarks *marks)
{
	char err[ERR_LEN];
	if (diagram_load(b, 15, RULE_FREESTYLE, to_move, text, marks, err, sizeof err) != 0)
		fail_msg("bad diagram: %s", err);
}

/* Plays "x,y" pairs ending in -1 on a fresh 15x15 freestyle board. */
static void play_seq(Board *b, ...)
{
	board_init(b, 15, RULE_FREESTYLE);
	va_list ap;
	va_start(ap, b);
	int x;
	while ((x = va_arg(ap, int)) >= 0) {
		int y = va_arg(ap, int);
		board_play(b, board_point(x, y));
	}
	va_end(ap);
}

/* A tree as the player sets it up, with its defaults. */
static MctsTree *tree_new(uint64_t seed, bool vcf)
{
	MctsTree *t = calloc(1, sizeof *t);
	assert_non_null(t);
	t->seed = seed;
	t->c = 0.5;
	t->expand_visits = 1;
	t->width = 20;
	t->tactics = 2;
	t->solver = true;
	t->cap = CAP;
	t->pools[0] = malloc(CAP * sizeof(Node));
	t->pools[1] = malloc(CAP * sizeof(Node));
	assert_true(t->pools[0] && t->pools[1]);
	t->pool = t->pools[0];
	if (vcf)
		assert_non_null(t->vcf = solver_create(1 << 20));
	return t;
}

static void tree_free(MctsTree *t)
{
	free(t->pools[0]);
	free(t->pools[1]);
	solver_destroy(t->vcf);
	free(t);
}

static void search(MctsTree *t, int n)
{
	rng_seed(&t->rng, t->seed);
	for (int i = 0; i < n && !t->pool[0].proven; i++)
		mcts_tree_iterate(t);
}

/* ---- playouts ---- */

static void tactic_makes_and_stops_open_fours(void **state)
{
	(void)state;
	Board b;
	MctsPos s;
	/* Black's open three h8 i8 j8 (x 7..9 on row 7), black to move: the
	 * straight four at g8 or k8. */
	play_seq(&b, 7, 7, 0, 0, 8, 7, 0, 2, 9, 7, 0, 4, 14, 14, -1);
	board_undo(&b); /* black to move again */
	mcts_pos_init(&s, &b);
	int q = mcts_pos_tactic(&s);
	assert_true(q == board_point(6, 7) || q == board_point(10, 7));
	/* White to move against it: the same points, now blocks. */
	play_seq(&b, 7, 7, 0, 0, 8, 7, 0, 2, 9, 7, -1);
	mcts_pos_init(&s, &b);
	q = mcts_pos_tactic(&s);
	assert_true(q == board_point(6, 7) || q == board_point(10, 7));
	/* A closed three (white at g8) is no open three: nothing to answer. */
	play_seq(&b, 7, 7, 6, 7, 8, 7, 0, 2, 9, 7, -1);
	mcts_pos_init(&s, &b);
	assert_int_equal(mcts_pos_tactic(&s), POINT_NONE);
}

static void playouts_take_fives_and_lose_to_open_fours(void **state)
{
	(void)state;
	Board b;
	MctsPos s;
	Rng rng;
	/* Black to move with four in a row, open at both ends. */
	play_seq(&b, 7, 7, 0, 0, 8, 7, 0, 2, 9, 7, 0, 4, 10, 7, 0, 6, -1);
	for (uint64_t seed = 1; seed <= 20; seed++) {
		rng_seed(&rng, seed);
		mcts_pos_init(&s, &b);
		assert_int_equal(mcts_pos_playout(&s, &rng, 2), BLACK);
	}
	/* White to move against it, no four of its own: lost whatever it does. */
	play_seq(&b, 7, 7, 0, 0, 8, 7, 0, 2, 9, 7, 0, 4, 10, 7, -1);
	for (uint64_t seed = 1; seed <= 20; seed++) {
		rng_seed(&rng, seed);
		mcts_pos_init(&s, &b);
		assert_int_equal(mcts_pos_playout(&s, &rng, 2), BLACK);
	}
	/* Black's closed four (white at g8): white blocks at l8 and the game
	 * goes on, so white wins some playouts. */
	play_seq(&b, 7, 7, 6, 7, 8, 7, 0, 2, 9, 7, 0, 4, 10, 7, -1);
	int white = 0;
	for (uint64_t seed = 1; seed <= 40; seed++) {
		rng_seed(&rng, seed);
		mcts_pos_init(&s, &b);
		white += mcts_pos_playout(&s, &rng, 2) == WHITE;
	}
	assert_true(white > 0);
}

/* ---- priors ---- */

static void priors_rank_open_fours_and_blocks_first(void **state)
{
	(void)state;
	Board b;
	MctsPos s;
	int16_t list[BOARD_MAX_MOVES];
	int score[BOARD_MAX_MOVES];
	float prior[BOARD_MAX_MOVES];
	for (int side = 0; side < 2; side++) {
		/* Black's open three; black to move (attack), then white (block). */
		if (side == 0)
			play_seq(&b, 7, 7, 0, 0, 8, 7, 0, 2, 9, 7, 0, 4, -1);
		else
			play_seq(&b, 7, 7, 0, 0, 8, 7, 0, 2, 9, 7, -1);
		mcts_pos_init(&s, &b);
		int n = mcts_pos_candidates(&s, list);
		int k = mcts_prior_rank(&s, list, score, prior, n, 5, NULL, NULL);
		assert_int_equal(k, 5);
		int a = list[0], c = list[1];
		assert_true(a == board_point(6, 7) || a == board_point(10, 7));
		assert_true(c == board_point(6, 7) || c == board_point(10, 7));
		double sum = 0;
		for (int i = 0; i < k; i++) {
			assert_true(prior[i] > 0 && (i == 0 || prior[i] <= prior[i - 1]));
			sum += prior[i];
		}
		assert_float_equal(sum, 1.0, 1e-5);
		/* Width 0 keeps every candidate. */
		n = mcts_pos_candidates(&s, list);
		assert_int_equal(mcts_prior_rank(&s, list, score, prior, n, 0, NULL, NULL),
		                 n);
	}
}

/* Plays a random point next to a stone; false, playing nothing, if it
 * would make a five (the game would be over). */
static bool random_step(Board *b, Rng *rng)
{
	int16_t cand[BOARD_MAX_MOVES];
	int n = moves_near(b, 1, cand);
	int p = cand[rng_below(rng, (uint32_t)n)];
	if (board_threat(b, p, b->to_move) == THREAT_FIVE)
		return false;
	board_play(b, p);
	return true;
}

/* Keeping the best `width` gives the first `width` of the whole ranking
 * (ties in the order of the list), on positions of random games. */
static void priors_of_a_width_are_the_head_of_the_ranking(void **state)
{
	(void)state;
	Rng rng;
	rng_seed(&rng, 11);
	static MctsPos s;
	Board b;
	for (int game = 0; game < 20; game++) {
		board_init(&b, 15, RULE_FREESTYLE);
		board_play(&b, board_point(7, 7));
		for (int ply = 1; ply < 40; ply++) {
			if (!random_step(&b, &rng))
				break;
			mcts_pos_init(&s, &b);
			int16_t all[BOARD_MAX_MOVES], some[BOARD_MAX_MOVES];
			int score[BOARD_MAX_MOVES], k = mcts_pos_candidates(&s, all);
			float pa[BOARD_MAX_MOVES], ps[BOARD_MAX_MOVES];
			for (int i = k - 1; i > 0; i--) { /* the tree shuffles them */
				int j = (int)rng_below(&rng, (uint32_t)(i + 1));
				int16_t t = all[i];
				all[i] = all[j];
				all[j] = t;
			}
			memcpy(some, all, sizeof all);
			int at[BOARD_CELLS]; /* a point's place in the list given */
			for (int i = 0; i < k; i++)
				at[all[i]] = i;
			int width = 1 + (int)rng_below(&rng, 30);
			int na = mcts_prior_rank(&s, all, score, pa, k, 0, NULL, NULL);
			assert_int_equal(na, k);
			/* Every point once, best first, ties in their order. */
			bool seen[BOARD_CELLS] = {false};
			for (int i = 0; i < k; i++) {
				assert_false(seen[all[i]]);
				seen[all[i]] = true;
				if (i > 0) {
					assert_true(score[i - 1] >= score[i]);
					if (score[i - 1] == score[i])
						assert_true(at[all[i - 1]] < at[all[i]]);
				}
			}
			int ns = mcts_prior_rank(&s, some, score, ps, k, width, NULL, NULL);
			assert_int_equal(ns, k < width ? k : width);
			assert_memory_equal(some, all, (size_t)ns * sizeof all[0]);
		}
	}
}

/* Texel's view of the leaf (eval_features.h) is the leaf's own sum: the
 * scores times the counts, own less ratio x the opponent's. */
static void leaf_features_add_up_to_the_leaf_sums(void **state)
{
	(void)state;
	const EvalFeatures *f = player_mcts.eval;
	assert_non_null(f);
	ParamSet ps;
	param_defaults(&ps, player_mcts.params, player_mcts.nparams);
	/* Scores unlike the defaults, so that a wrong index shows. */
	for (int j = 0; j < f->nfeat; j++)
		ps.v[f->weight[j]] = 3 + 7 * j;
	ps.v[f->ratio] = 0.6;
	double score[THREAT_COUNT] = {0};
	for (int j = 0; j < f->nfeat; j++)
		score[THREAT_NONE + j] = ps.v[f->weight[j]];
	void *ev = f->create(&ps, RULE_FREESTYLE);
	assert_non_null(ev);
	Rng rng;
	rng_seed(&rng, 3);
	static MctsPos s;
	Board b;
	board_init(&b, 15, RULE_FREESTYLE);
	board_play(&b, board_point(7, 7));
	for (int ply = 1; ply < 30; ply++) {
		if (!random_step(&b, &rng))
			break;
		int count[2][EVAL_FEATURES_MAX];
		f->count(ev, &b, count);
		double want = 0;
		for (int j = 0; j < f->nfeat; j++)
			want += score[THREAT_NONE + j] * f->scale[j] *
			        (count[b.to_move][j] - 0.6 * count[b.to_move ^ 1][j]);
		mcts_pos_init(&s, &b);
		int16_t list[BOARD_MAX_MOVES];
		int sc[BOARD_MAX_MOVES];
		float prior[BOARD_MAX_MOVES];
		ShapeSum sum;
		int k = mcts_pos_candidates(&s, list);
		mcts_prior_rank(&s, list, sc, prior, k, 0, score, &sum);
		assert_float_equal(sum.own_sum - 0.6 * sum.opp_sum, want, 1e-9);
	}
	f->destroy(ev);
}

static void leaf_value_reads_the_threats(void **state)
{
	(void)state;
	/* A winning shape next move for the side to move; one for the
	 * opponent to parry, with or without a four to answer it with. */
	ShapeSum win = {.own_best = THREAT_OPEN_FOUR, .opp_best = THREAT_OPEN_FOUR};
	ShapeSum parry = {.own_best = THREAT_THREE, .opp_best = THREAT_FOUR_THREE};
	ShapeSum counter = {.own_best = THREAT_FOUR, .opp_best = THREAT_DOUBLE_FOUR};
	assert_true(mcts_leaf_value(&win, 0.8, 80) > 0.9f);
	assert_true(mcts_leaf_value(&parry, 0.8, 80) < 0.3f);
	assert_true(mcts_leaf_value(&counter, 0.8, 80) > mcts_leaf_value(&parry, 0.8, 80));
	/* Otherwise the score difference: more shapes, more value, 0.5 at
	 * the opponent's score weighted by 0.8, and flatter with a larger
	 * scale. */
	ShapeSum even = {
	    .own_best = THREAT_TWO, .opp_best = THREAT_TWO, .own_sum = 80, .opp_sum = 100};
	ShapeSum ahead = even;
	ahead.own_sum = 160;
	assert_float_equal(mcts_leaf_value(&even, 0.8, 80), 0.5, 1e-6);
	assert_true(mcts_leaf_value(&ahead, 0.8, 80) > 0.5f);
	assert_true(mcts_leaf_value(&ahead, 0.8, 40) > mcts_leaf_value(&ahead, 0.8, 80));
}

/* ---- VCF at the root ---- */

/* The mark gives black a four along its row (blocked on the left) and an
 * open three down its column: the four is blocked, the three becomes a
 * straight four, then a five. A VCF of three moves, and its only start. */
static const char *const vcf_black = "O.............O\n"
                                     "...............\n"
                                     "...............\n"
                                     "...............\n"
                                     "...............\n"
                                     "....OXXX*......\n"
                                     "........X......\n"
                                     "........X......\n"
                                     "...............\n"
                                     "...............\n"
                                     "...............\n"
                                     "...............\n"
                                     "...............\n"
                                     "...............\n"
                                     "O.............O\n";

static void root_plays_its_vcf(void **state)
{
	(void)state;
	Board b;
	DiagramMarks marks;
	load(&b, BLACK, vcf_black, &marks);
	MctsTree *t = tree_new(1, true);
	mcts_reuse_begin(t, &b);
	assert_int_equal(mcts_root_check(t, 20000, 0), marks.point[0]);
	tree_free(t);

	/* Through the player: the move at once, scored as a win. */
	ParamSet ps;
	char err[ERR_LEN];
	param_defaults(&ps, player_mcts.params, player_mcts.nparams);
	Player *p = player_create(&player_mcts, &ps, 1, err, sizeof err);
	assert_non_null(p);
	Budget budget = {.nodes = 500};
	MoveInfo info;
	assert_int_equal(player_choose(p, &b, &budget, &info), marks.point[0]);
	assert_int_equal(info.score, SCORE_WIN - 1);
	player_destroy(p);
}

static void root_marks_moves_that_leave_a_vcf(void **state)
{
	(void)state;
	Board b;
	DiagramMarks marks;
	load(&b, WHITE, vcf_black, &marks);
	MctsTree *t = tree_new(1, true);
	mcts_reuse_begin(t, &b);
	assert_int_equal(mcts_root_check(t, 20000, 0), POINT_NONE);
	const Node *root = &t->pool[0];
	int lost = 0;
	bool block_open = false;
	for (uint32_t i = root->child; i < root->child + root->nchild; i++) {
		const Node *ch = &t->pool[i];
		lost += ch->proven == PROVEN_LOSS;
		if ((int)ch->move == marks.point[0])
			block_open = ch->proven == PROVEN_NONE;
		/* Every mark is a proof: black has a VCF after that move. */
		if (ch->proven == PROVEN_LOSS) {
			Board after = b;
			board_play(&after, (int)ch->move);
			SolveResult r;
			solver_prove(t->vcf, &after, SOLVE_VCF, 16, 0, &r);
			assert_true(r.win);
		}
	}
	assert_true(lost > 0);
	assert_true(block_open);
	/* The search then plays a move not marked lost. */
	search(t, 2000);
	uint32_t best = mcts_tree_best_child(t, 0);
	assert_true(best != 0);
	assert_int_not_equal(t->pool[best].proven, PROVEN_LOSS);
	tree_free(t);
}

/* ---- the tree kept between moves ---- */

static void reuse_keeps_the_subtree_of_the_moves_played(void **state)
{
	(void)state;
	Board b0, b1;
	play_seq(&b0, 7, 7, 8, 8, 6, 8, -1);
	MctsTree *t = tree_new(5, false);
	assert_false(mcts_reuse_begin(t, &b0));
	search(t, 3000);
	uint32_t a = mcts_tree_best_child(t, 0);
	uint32_t r = mcts_tree_best_child(t, a);
	assert_true(a && r);
	Node kept = t->pool[r];
	assert_true(kept.visits > 0 && kept.nchild > 0);
	uint32_t nchild = kept.nchild;
	uint32_t moves[BOARD_MAX_MOVES], visits[BOARD_MAX_MOVES];
	for (uint32_t i = 0; i < nchild; i++) {
		moves[i] = t->pool[kept.child + i].move;
		visits[i] = t->pool[kept.child + i].visits;
	}

	b1 = b0;
	board_play(&b1, (int)t->pool[a].move);
	board_play(&b1, (int)kept.move);
	assert_true(mcts_reuse_begin(t, &b1));
	const Node *root = &t->pool[0];
	assert_int_equal(root->visits, kept.visits);
	assert_int_equal(root->score, kept.score);
	/* Every child is there with its visits, among all the root's moves. */
	assert_true(root->nchild >= nchild);
	for (uint32_t i = 0; i < nchild; i++) {
		bool found = false;
		for (uint32_t j = root->child; j < root->child + root->nchild; j++)
			if (t->pool[j].move == moves[i]) {
				assert_int_equal(t->pool[j].visits, visits[i]);
				found = true;
			}
		assert_true(found);
	}
	/* The same position again is searched afresh. */
	assert_false(mcts_reuse_begin(t, &b1));
	assert_int_equal(t->pool[0].visits, 0);

	/* A reset (new game) drops it. */
	mcts_reuse_reset(t);
	assert_false(mcts_reuse_begin(t, &b1));
	assert_int_equal(t->pool[0].visits, 0);

	/* The same stones reached in another order are no continuation. */
	search(t, 500);
	Board other;
	play_seq(&other, 6, 8, 8, 8, 7, 7, -1);
	assert_false(mcts_reuse_begin(t, &other));
	assert_int_equal(t->pool[0].visits, 0);
	tree_free(t);
}

/* Two mcts players play a game of at most plies moves from an empty board;
 * the moves go to out. */
static int play_game(Player *black, Player *white, int plies, int *out)
{
	Board b;
	board_init(&b, 15, RULE_FREESTYLE);
	player_new_game(black, 15, RULE_FREESTYLE);
	player_new_game(white, 15, RULE_FREESTYLE);
	Budget budget = {.nodes = 300};
	int n = 0;
	for (; n < plies; n++) {
		MoveInfo info;
		Player *p = b.to_move == BLACK ? black : white;
		int m = player_choose(p, &b, &budget, &info);
		assert_true(board_empty_at(&b, m));
		out[n] = m;
		bool five = board_threat(&b, m, b.to_move) == THREAT_FIVE;
		board_play(&b, m);
		if (five)
			return n + 1;
	}
	return n;
}

static Player *make(uint64_t seed, const char *leaf)
{
	ParamSet ps;
	char err[ERR_LEN];
	param_defaults(&ps, player_mcts.params, player_mcts.nparams);
	if (param_set(&ps, "leaf", leaf, err, sizeof err) != 0)
		fail_msg("%s", err);
	Player *p = player_create(&player_mcts, &ps, seed, err, sizeof err);
	assert_non_null(p);
	return p;
}

/* For both kinds of leaf: the kept trees depend on the game alone. */
static void games_repeat_after_a_new_game(void **state)
{
	(void)state;
	static const char *const leaves[] = {"eval", "playout"};
	for (int k = 0; k < 2; k++) {
		int first[40], again[40], fresh[40];
		Player *a = make(7, leaves[k]), *b = make(8, leaves[k]);
		int n = play_game(a, b, 40, first);
		/* The same instances again: new_game drops the kept trees. */
		assert_int_equal(play_game(a, b, 40, again), n);
		assert_memory_equal(first, again, (size_t)n * sizeof first[0]);
		player_destroy(a);
		player_destroy(b);
		a = make(7, leaves[k]);
		b = make(8, leaves[k]);
		assert_int_equal(play_game(a, b, 40, fresh), n);
		assert_memory_equal(first, fresh, (size_t)n * sizeof first[0]);
		player_destroy(a);
		player_destroy(b);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(tactic_makes_and_stops_open_fours),
	    cmocka_unit_test(playouts_take_fives_and_lose_to_open_fours),
	    cmocka_unit_test(priors_rank_open_fours_and_blocks_first),
	    cmocka_unit_test(priors_of_a_width_are_the_head_of_the_ranking),
	    cmocka_unit_test(leaf_features_add_up_to_the_leaf_sums),
	    cmocka_unit_test(leaf_value_reads_the_threats),
	    cmocka_unit_test(root_plays_its_vcf),
	    cmocka_unit_test(root_marks_moves_that_leave_a_vcf),
	    cmocka_unit_test(reuse_keeps_the_subtree_of_the_moves_played),
	    cmocka_unit_test(games_repeat_after_a_new_game),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
