/* test_mcts.c - the Monte Carlo tree search player: its light playout
 * position against the Board it shadows, forced moves in small diagrams,
 * renju forbidden points, budgets, determinism, a tiny node pool, whole
 * games against the random player under every rule, and parameter errors. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "diagram.h"
#include "mcts_pos.h"
#include "moves.h"
#include "player.h"
#include "registry.h"
#include "rng.h"
#include "rules.h"
#include "wall.h"

enum { ERR_LEN = 400 };

static void load(Board *b, Rule rule, Color to_move, const char *text, DiagramMarks *marks)
{
	char err[ERR_LEN];
	if (diagram_load(b, 15, rule, to_move, text, marks, err, sizeof err) != 0)
		fail_msg("bad diagram: %s", err);
}

/* An mcts player with its defaults changed by "key", "value" pairs ending
 * in NULL: make(seed, "solver", "off", NULL). */
static Player *make(uint64_t seed, ...)
{
	ParamSet ps;
	char err[ERR_LEN] = "";
	param_defaults(&ps, player_mcts.params, player_mcts.nparams);
	va_list ap;
	va_start(ap, seed);
	const char *key;
	while ((key = va_arg(ap, const char *))) {
		const char *value = va_arg(ap, const char *);
		if (param_set(&ps, key, value, err, sizeof err) != 0)
			fail_msg("%s", err);
	}
	va_end(ap);
	Player *p = player_create(&player_mcts, &ps, seed, err, sizeof err);
	if (!p)
		fail_msg("create failed: %s", err);
	return p;
}

static Player *make_random(uint64_t seed)
{
	ParamSet ps;
	char err[ERR_LEN];
	param_defaults(&ps, player_random.params, player_random.nparams);
	Player *p = player_create(&player_random, &ps, seed, err, sizeof err);
	if (!p)
		fail_msg("random: %s", err);
	return p;
}

static bool is_mark(const DiagramMarks *marks, int p)
{
	for (int i = 0; i < marks->count; i++)
		if (marks->point[i] == p)
			return true;
	return false;
}

/* ---- the playout position shadows the Board ---- */

/* Compares everything MctsPos derives with what the Board says. */
static void check_pos(MctsPos *s, Board *b)
{
	int16_t want[BOARD_MAX_MOVES], got[BOARD_MAX_MOVES];
	int n = moves_near(b, 2, want);
	assert_int_equal(mcts_pos_candidates(s, got), n);
	assert_int_equal(s->ncand, n);
	assert_memory_equal(got, want, (size_t)n * sizeof want[0]);
	for (int i = 0; i < n; i++) {
		int p = s->list[i];
		assert_int_equal(s->slot[p], i);
		assert_true(s->cand[p / BOARD_STRIDE] >> (p % BOARD_STRIDE) & 1);
	}
	assert_int_equal(s->to_move, b->to_move);
	for (int c = 0; c < 2; c++) {
		int nf = mcts_pos_fives(s, (Color)c), expect = 0;
		for (int y = 0; y < b->size; y++)
			for (int x = 0; x < b->size; x++) {
				int p = board_point(x, y);
				if (b->cell[p] != CELL_EMPTY)
					continue;
				bool five = board_threat(b, p, (Color)c) == THREAT_FIVE;
				if (mcts_pos_wins_at(s, p, (Color)c) != five)
					fail_msg("%s at %d,%d: five %d by the board",
					         c ? "white" : "black", x, y, five);
				expect += five;
				assert_int_equal(mcts_pos_threat(s, p, (Color)c),
				                 board_threat(b, p, (Color)c));
				int both[2];
				mcts_pos_threats(s, p, both);
				assert_int_equal(both[c], board_threat(b, p, (Color)c));
			}
		assert_int_equal(nf, expect);
	}
}

static void pos_matches_board(void **state)
{
	(void)state;
	Rng rng;
	rng_seed(&rng, 5);
	static MctsPos s;
	for (int r = 0; r < RULE_COUNT; r++)
		for (int g = 0; g < 16; g++) {
			int size = g % 3 == 0 ? 20 : g % 3 == 1 ? 15 : 7;
			Board b;
			if (g < 12) {
				board_init(&b, size, (Rule)r);
			} else {
				/* Walls inside the board (a continuous game's
				 * BOARD field 3) read like the edge. */
				int16_t wall[12];
				int n = 0;
				for (int i = 0; i < 12; i++) {
					int w = board_point(
					    (int)rng_below(&rng, (uint32_t)size),
					    (int)rng_below(&rng, (uint32_t)size));
					bool seen = false;
					for (int j = 0; j < n; j++)
						seen |= wall[j] == w;
					if (!seen)
						wall[n++] = (int16_t)w;
				}
				assert_int_equal(
				    wall_board_init(&b, size, (Rule)r, wall, n), 0);
			}
			mcts_pos_init(&s, &b);
			check_pos(&s, &b);
			while (!board_full(&b)) {
				/* Mostly next to a stone, so that lines (and fives)
				 * build up. */
				int16_t cand[BOARD_MAX_MOVES];
				int n = moves_near(&b, rng_below(&rng, 4) ? 1 : 2, cand);
				/* Walls can leave the empty points far from every
				 * stone: then any of them. board_full counts
				 * stones only, so a walled board ends on none. */
				for (int y = 0; n == 0 && y < size; y++)
					for (int x = 0; x < size; x++)
						if (board_empty_at(&b, board_point(x, y)))
							cand[n++] =
							    (int16_t)board_point(x, y);
				if (n == 0)
					break; /* the walls and stones fill it */
				int p = cand[rng_below(&rng, (uint32_t)n)];
				if (board_threat(&b, p, b.to_move) == THREAT_FIVE)
					break;
				board_play(&b, p);
				mcts_pos_play(&s, p);
				check_pos(&s, &b);
			}
		}
}

/* A copy continues exactly like the original. */
static void pos_copy_is_faithful(void **state)
{
	(void)state;
	static MctsPos root, a, b;
	Board board;
	load(&board, RULE_STANDARD, BLACK,
	     "...............\n...............\n...............\n...............\n"
	     "...............\n.....O.........\n......XX.......\n.....OXO.......\n"
	     "......X........\n...............\n...............\n...............\n"
	     "...............\n...............\n...............\n",
	     NULL);
	mcts_pos_init(&root, &board);
	a = root;
	b = root;
	for (int i = 0; i < 50; i++) {
		Rng r1, r2;
		rng_seed(&r1, (uint64_t)i);
		rng_seed(&r2, (uint64_t)i);
		mcts_pos_copy(&a, &root);
		mcts_pos_copy(&b, &root);
		int w1 = mcts_pos_playout(&a, &r1, i & 1);
		int w2 = mcts_pos_playout(&b, &r2, i & 1);
		assert_int_equal(w1, w2);
		assert_int_equal(a.count, b.count);
		assert_true(a.count > board.count);
	}
}

/* ---- forced moves ---- */

/* Black to move: its open four wins at once, though white threatens a five
 * of its own. */
static const char *const win_in_one = "...............\n"
                                      "...............\n"
                                      "...............\n"
                                      "...............\n"
                                      "...............\n"
                                      "...............\n"
                                      "...*XXXX*......\n"
                                      "...............\n"
                                      "....OO.OO......\n"
                                      "...............\n"
                                      "...............\n"
                                      "...............\n"
                                      "...............\n"
                                      "...............\n"
                                      "...............\n";

static void takes_a_win_in_one(void **state)
{
	(void)state;
	static const char *const configs[][4] = {
	    {"solver", "on", "playout_tactics", "on"},
	    {"solver", "off", "playout_tactics", "off"},
	};
	Board b;
	DiagramMarks marks;
	load(&b, RULE_FREESTYLE, BLACK, win_in_one, &marks);
	for (int i = 0; i < 2; i++) {
		const char *const *kv = configs[i];
		Player *p = make(3, kv[0], kv[1], kv[2], kv[3], NULL);
		Budget budget = {.nodes = 2000};
		MoveInfo info;
		int m = player_choose(p, &b, &budget, &info);
		if (!is_mark(&marks, m))
			fail_msg("%s: played %d,%d", configs[i][1], point_x(m), point_y(m));
		assert_true(info.score >= SCORE_WIN - BOARD_MAX_MOVES);
		player_destroy(p);
	}
}

/* Black to move, no four of its own: white's four must be blocked at *. */
static const char *const block_four = "...............\n"
                                      "...............\n"
                                      "...............\n"
                                      "...............\n"
                                      "...............\n"
                                      "......X........\n"
                                      "...XOOOO*......\n"
                                      "......X........\n"
                                      ".........X.....\n"
                                      "...............\n"
                                      "...............\n"
                                      "...............\n"
                                      "...............\n"
                                      "...............\n"
                                      "...............\n";

/* White has an open four and black no five: black is lost but still plays
 * one of the two blocks. */
static const char *const block_open_four = "...............\n"
                                           "...............\n"
                                           "...............\n"
                                           "...............\n"
                                           "...............\n"
                                           "......X........\n"
                                           "...*OOOO*......\n"
                                           "......X........\n"
                                           ".........X.....\n"
                                           "..X............\n"
                                           "...............\n"
                                           "...............\n"
                                           "...............\n"
                                           "...............\n"
                                           "...............\n";

static void blocks_fours(void **state)
{
	(void)state;
	static const char *const *const boards[] = {&block_four, &block_open_four};
	for (int k = 0; k < 2; k++)
		for (int cfg = 0; cfg < 2; cfg++) {
			Board b;
			DiagramMarks marks;
			load(&b, RULE_FREESTYLE, BLACK, *boards[k], &marks);
			/* Without the solver the playouts (which block) must find it. */
			Player *p = cfg ? make(11, "solver", "off", NULL) : make(11, NULL);
			Budget budget = {.nodes = 4000};
			MoveInfo info;
			int m = player_choose(p, &b, &budget, &info);
			if (!is_mark(&marks, m))
				fail_msg("diagram %d, config %d: played %d,%d", k, cfg,
				         point_x(m), point_y(m));
			player_destroy(p);
		}
}

/* * gives black two fours: a win in freestyle, forbidden under renju, where
 * black must play elsewhere although no other move is as good. */
static const char *const double_four = "...............\n"
                                       ".O...........O.\n"
                                       "...............\n"
                                       ".......O.......\n"
                                       ".......X.......\n"
                                       ".......X.......\n"
                                       ".......X.......\n"
                                       "...OXXX*.......\n"
                                       "...............\n"
                                       "...............\n"
                                       "...............\n"
                                       "...............\n"
                                       "...............\n"
                                       ".O...........O.\n"
                                       "...............\n";

/* * gives black two open threes: strong in freestyle, forbidden under renju
 * (the kind the tree checks on a real Board). */
static const char *const double_three = "...............\n"
                                        ".O...........O.\n"
                                        "...............\n"
                                        "...............\n"
                                        "...............\n"
                                        ".......X.......\n"
                                        ".......X.......\n"
                                        ".....XX*.......\n"
                                        "...............\n"
                                        "...............\n"
                                        "...............\n"
                                        "...............\n"
                                        "...............\n"
                                        ".O...........O.\n"
                                        "...............\n";

static void renju_black_avoids_forbidden(void **state)
{
	(void)state;
	Board b;
	DiagramMarks marks;
	Budget budget = {.nodes = 3000};
	load(&b, RULE_FREESTYLE, BLACK, double_four, &marks);
	Player *p = make(1, NULL);
	assert_int_equal(player_choose(p, &b, &budget, NULL), marks.point[0]);
	player_destroy(p);

	static const char *const *const diagrams[] = {&double_four, &double_three};
	for (int d = 0; d < 2; d++) {
		load(&b, RULE_RENJU, BLACK, *diagrams[d], &marks);
		assert_true(rules_is_forbidden(&b, marks.point[0]));
		for (uint64_t seed = 1; seed <= 3; seed++) {
			p = make(seed, NULL);
			MoveInfo info;
			int m = player_choose(p, &b, &budget, &info);
			assert_true(board_empty_at(&b, m));
			assert_false(rules_is_forbidden(&b, m));
			/* Chosen by the search, not by the last-resort fallback. */
			assert_int_not_equal(info.score, SCORE_NONE);
			player_destroy(p);
		}
	}
}

/* ---- budgets, determinism, memory ---- */

static const char *const opening = "...............\n"
                                   "...............\n"
                                   "...............\n"
                                   "...............\n"
                                   "...............\n"
                                   "...............\n"
                                   "......O..O.....\n"
                                   ".......XO......\n"
                                   "........X......\n"
                                   ".......X.......\n"
                                   "...............\n"
                                   "...............\n"
                                   "...............\n"
                                   "...............\n"
                                   "...............\n";

static void playout_budget_is_exact_and_deterministic(void **state)
{
	(void)state;
	Board b;
	load(&b, RULE_STANDARD, BLACK, opening, NULL);
	Player *p1 = make(42, NULL), *p2 = make(42, NULL);
	Budget budget = {.nodes = 3000};
	MoveInfo a, c;
	int m1 = player_choose(p1, &b, &budget, &a);
	int m2 = player_choose(p2, &b, &budget, &c);
	assert_int_equal(a.nodes, 3000);
	assert_int_equal(m1, m2);
	assert_int_equal(a.score, c.score);
	assert_int_equal(a.pv_len, c.pv_len);
	assert_memory_equal(a.pv, c.pv, (size_t)a.pv_len * sizeof a.pv[0]);
	assert_int_equal(a.pv[0], m1);
	assert_true(a.depth >= 1);
	assert_true(a.score > -1000 && a.score < 1000);
	/* Asking again gives the same answer: nothing depends on history. */
	assert_int_equal(player_choose(p1, &b, &budget, NULL), m1);

	/* Other seeds search differently (their statistics differ even when
	 * the move agrees). */
	bool differ = false;
	for (uint64_t seed = 1; seed <= 8 && !differ; seed++) {
		Player *q = make(seed, NULL);
		MoveInfo d;
		int m = player_choose(q, &b, &budget, &d);
		differ = m != m1 || d.score != a.score;
		player_destroy(q);
	}
	assert_true(differ);
	player_destroy(p1);
	player_destroy(p2);
}

static void time_budget_is_kept(void **state)
{
	(void)state;
	Board b;
	load(&b, RULE_FREESTYLE, BLACK, opening, NULL);
	Player *p = make(1, NULL);
	Budget budget = {.ms = 50};
	MoveInfo info;
	double t0 = clock_ms();
	int m = player_choose(p, &b, &budget, &info);
	double spent = clock_ms() - t0;
	assert_true(board_empty_at(&b, m));
	assert_true(info.nodes > 0);
	if (spent > 500)
		fail_msg("%.0f ms for a 50 ms budget", spent);
	player_destroy(p);
}

/* ---- whole games ---- */

/* Plays mcts (colour mc) against random; checks every move. Returns the
 * winner, or -1 for a full board. */
static int play_vs_random(Player *mcts, Player *rnd, Color mc, int size, Rule rule,
                          const Budget *budget)
{
	Board b;
	board_init(&b, size, rule);
	player_new_game(mcts, size, rule);
	player_new_game(rnd, size, rule);
	while (!board_full(&b)) {
		Color c = b.to_move;
		MoveInfo info;
		int m = player_choose(c == mc ? mcts : rnd, &b, budget, &info);
		if (!board_empty_at(&b, m))
			fail_msg("%s returned an occupied point after %d stones",
			         c == mc ? "mcts" : "random", b.count);
		if (rule == RULE_RENJU && c == BLACK && rules_is_forbidden(&b, m))
			fail_msg("%s played a forbidden point as black",
			         c == mc ? "mcts" : "random");
		Outcome o = rules_outcome(&b, m);
		board_play(&b, m);
		if (o == OUTCOME_WIN)
			return c;
		if (o == OUTCOME_FORBIDDEN)
			return c ^ 1;
	}
	return -1;
}

static void complete_games_under_every_rule(void **state)
{
	(void)state;
	static const int sizes[] = {15, 20};
	Budget budget = {.nodes = 400};
	for (int r = 0; r < RULE_COUNT; r++)
		for (int s = 0; s < 2; s++)
			for (int colour = 0; colour < 2; colour++) {
				uint64_t seed = (uint64_t)(r * 10 + s * 2 + colour);
				Player *m = make(seed, NULL), *rnd = make_random(seed);
				play_vs_random(m, rnd, (Color)colour, sizes[s], (Rule)r,
				               &budget);
				player_destroy(m);
				player_destroy(rnd);
			}
}

/* A pool too small for more than the root's children still plays legal
 * moves, in whole games, with and without the solver. */
static void tiny_pool_plays_legal_moves(void **state)
{
	(void)state;
	Budget budget = {.nodes = 2000};
	for (int solver = 0; solver < 2; solver++) {
		Player *m = make(9, "nodes_mb", "0", "solver", solver ? "on" : "off", NULL);
		Player *rnd = make_random(9);
		play_vs_random(m, rnd, BLACK, 15, RULE_RENJU, &budget);
		play_vs_random(m, rnd, WHITE, 20, RULE_FREESTYLE, &budget);
		player_destroy(m);
		player_destroy(rnd);
	}
}

static void beats_random(void **state)
{
	(void)state;
	Budget budget = {.nodes = 300};
	int wins = 0;
	for (int g = 0; g < 10; g++) {
		Player *m = make((uint64_t)g + 100, NULL), *rnd = make_random((uint64_t)g);
		Color mc = (Color)(g & 1);
		Rule rule = (Rule)(g % RULE_COUNT);
		wins += play_vs_random(m, rnd, mc, 15, rule, &budget) == (int)mc;
		player_destroy(m);
		player_destroy(rnd);
	}
	if (wins < 8)
		fail_msg("mcts won only %d of 10 games against random", wins);
}

/* ---- parameters ---- */

static void expect_param_error(const char *key, const char *value, const char *needle)
{
	ParamSet ps;
	char err[ERR_LEN] = "";
	param_defaults(&ps, player_mcts.params, player_mcts.nparams);
	assert_int_equal(param_set(&ps, key, value, err, sizeof err), -1);
	if (!strstr(err, needle))
		fail_msg("%s=%s: message '%s' does not name '%s'", key, value, err, needle);
}

static void parameter_errors_name_the_parameter(void **state)
{
	(void)state;
	expect_param_error("c", "-1", "c:");
	expect_param_error("playouts", "1.5", "playouts");
	expect_param_error("playouts", "0", "playouts");
	expect_param_error("nodes_mb", "lots", "nodes_mb");
	expect_param_error("expand_visits", "-2", "expand_visits");
	expect_param_error("playout_tactics", "maybe", "playout_tactics");
	expect_param_error("solver", "1", "solver");
	expect_param_error("depth", "3", "depth");
	/* Every declaration has help and a default inside its range. */
	for (int i = 0; i < player_mcts.nparams; i++) {
		const ParamDecl *d = &player_mcts.params[i];
		assert_non_null(d->help);
		assert_true(d->def >= d->min && d->def <= d->max);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(pos_matches_board),
	    cmocka_unit_test(pos_copy_is_faithful),
	    cmocka_unit_test(takes_a_win_in_one),
	    cmocka_unit_test(blocks_fours),
	    cmocka_unit_test(renju_black_avoids_forbidden),
	    cmocka_unit_test(playout_budget_is_exact_and_deterministic),
	    cmocka_unit_test(time_budget_is_kept),
	    cmocka_unit_test(complete_games_under_every_rule),
	    cmocka_unit_test(tiny_pool_plays_legal_moves),
	    cmocka_unit_test(beats_random),
	    cmocka_unit_test(parameter_errors_name_the_parameter),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
