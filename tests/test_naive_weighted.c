/* test_naive_weighted.c - the two no-search players: what they see in small
 * diagrams, their values against slow models written from the descriptions,
 * their parameters, that the weighted player's remembered weights never
 * change its answer, determinism, and whole games under every rule. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diagram.h"
#include "moves.h"
#include "player.h"
#include "registry.h"
#include "rng.h"
#include "rules.h"

enum { ERR_LEN = 400 };

static void load(Board *b, int size, Rule rule, Color to_move, const char *text,
                 DiagramMarks *marks)
{
	char err[ERR_LEN];
	if (diagram_load(b, size, rule, to_move, text, marks, err, sizeof err) != 0)
		fail_msg("bad diagram: %s", err);
}

/* A player of type t with its defaults changed by kv, "key", "value" pairs
 * ending in NULL (kv itself may be NULL). */
static Player *make_kv(const PlayerType *t, uint64_t seed, const char *const *kv)
{
	ParamSet ps;
	char err[ERR_LEN] = "";
	param_defaults(&ps, t->params, t->nparams);
	for (; kv && kv[0]; kv += 2)
		if (param_set(&ps, kv[0], kv[1], err, sizeof err) != 0)
			fail_msg("%s: %s", t->name, err);
	Player *p = player_create(t, &ps, seed, err, sizeof err);
	if (!p)
		fail_msg("%s: create failed: %s", t->name, err);
	return p;
}

/* The same with the pairs as arguments: make(t, seed, "mode", "attack", NULL). */
static Player *make(const PlayerType *t, uint64_t seed, ...)
{
	const char *kv[2 * PARAM_MAX + 1];
	int n = 0;
	va_list ap;
	va_start(ap, seed);
	while (n < 2 * PARAM_MAX && (kv[n] = va_arg(ap, const char *)))
		n++;
	va_end(ap);
	kv[n] = NULL;
	return make_kv(t, seed, kv);
}

static int choose(Player *p, const Board *b, MoveInfo *info)
{
	MoveInfo local;
	Budget budget = {0};
	return player_choose(p, b, &budget, info ? info : &local);
}

static bool is_mark(const DiagramMarks *m, int p)
{
	for (int i = 0; i < m->count; i++)
		if (m->point[i] == p)
			return true;
	return false;
}

static void expect_mark(const char *who, const DiagramMarks *m, int p)
{
	if (!is_mark(m, p))
		fail_msg("%s played %d,%d, not a marked point", who, point_x(p),
		         point_y(p));
}

/* ---- naive ---- */

static void test_naive_blocks_open_four(void **state)
{
	(void)state;
	Board b;
	DiagramMarks m;
	load(&b, 9, RULE_FREESTYLE, WHITE,
	     ". . . . . . . . .\n"
	     ". . . . . . . . .\n"
	     ". * X X X X * . .\n"
	     ". . . . . . . . .\n"
	     ". . . . O . . . .\n"
	     ". . . . . . . . .\n"
	     ". . O . . . O . .\n"
	     ". . . . . . . . .\n"
	     ". . . . . . . . .\n",
	     &m);
	Player *p = make(&player_naive, 1, NULL);
	MoveInfo info;
	expect_mark("naive", &m, choose(p, &b, &info));
	assert_true(info.score >= 10000);
	assert_int_equal(info.nodes, 81 - 7);
	assert_int_equal(info.depth, 0);
	player_destroy(p);
}

static void test_naive_blocks_bigger_threat(void **state)
{
	(void)state;
	Board b;
	DiagramMarks m;
	load(&b, 9, RULE_FREESTYLE, WHITE,
	     ". . . . . . . . .\n"
	     ". . . . . . . . .\n"
	     ". . * X X X * . .   | an open three...\n"
	     ". . . . . . . . .\n"
	     ". . . . . . . . .\n"
	     ". . . . . . . . .\n"
	     ". X X . . . O . .   | ...and a two\n"
	     ". . . . . . . . .\n"
	     ". . . . O . . . .\n",
	     &m);
	for (uint64_t seed = 0; seed < 8; seed++) {
		Player *p = make(&player_naive, seed, NULL);
		expect_mark("naive", &m, choose(p, &b, NULL));
		player_destroy(p);
	}
}

/* White to move has a five at the third mark; black has an open four. */
static const char *const win_or_block = ". . . . . . . . .\n"
                                        "* X X X X * . . .\n"
                                        ". . . . . . . . .\n"
                                        ". . . . . . . . .\n"
                                        "X O O O O * . . .\n"
                                        ". . . . . . . . .\n"
                                        ". . . . . . . . .\n"
                                        ". . . . . . . . .\n"
                                        ". . . . . . . . .\n";

static void test_naive_modes(void **state)
{
	(void)state;
	Board b;
	DiagramMarks m;
	load(&b, 9, RULE_FREESTYLE, WHITE, win_or_block, &m);
	assert_int_equal(m.count, 3);
	for (uint64_t seed = 0; seed < 16; seed++) {
		Player *attack = make(&player_naive, seed, "mode", "attack", NULL);
		Player *defence = make(&player_naive, seed, NULL);
		assert_int_equal(choose(attack, &b, NULL), m.point[2]);
		int d = choose(defence, &b, NULL);
		assert_true(d == m.point[0] || d == m.point[1]);
		player_destroy(attack);
		player_destroy(defence);
	}
	/* White's two and black's two meet only at the mark: 100 for either
	 * side alone (tied with the other end of each two), 200 added up. */
	load(&b, 9, RULE_FREESTYLE, WHITE,
	     ". . . . . . . . .\n"
	     ". . . . . . . . .\n"
	     ". . . . X . . . .\n"
	     ". . . . X . . . .\n"
	     ". . O O * . . . .\n"
	     ". . . . . . . . .\n"
	     ". . . . . . . . .\n"
	     ". . . . . . . . .\n"
	     ". . . . . . . . .\n",
	     &m);
	static const char *const modes[] = {"attack", "defence", "both"};
	for (int k = 0; k < 3; k++)
		for (uint64_t seed = 0; seed < 8; seed++) {
			Player *p = make(&player_naive, seed, "mode", modes[k], NULL);
			MoveInfo info;
			int c = choose(p, &b, &info);
			assert_int_equal(info.score, k == 2 ? 200 : 100);
			if (k == 2)
				assert_int_equal(c, m.point[0]);
			player_destroy(p);
		}
}

static void test_naive_scores_are_parameters(void **state)
{
	(void)state;
	Board b;
	DiagramMarks m;
	load(&b, 9, RULE_FREESTYLE, WHITE,
	     ". . . . . . . . .\n"
	     ". . . . . . . . .\n"
	     ". . * X X X * . .\n"
	     ". . . . . . . . .\n"
	     ". . . . . . . . .\n"
	     ". . . . . . . . .\n"
	     "* X X * . . O . .\n"
	     ". . . . . . . . .\n"
	     ". . . . O . . . .\n",
	     &m);
	/* With a three worth nothing, the two's ends are now the best points. */
	Player *p = make(&player_naive, 5, "score3", "0", NULL);
	int c = choose(p, &b, NULL);
	assert_true(c == m.point[2] || c == m.point[3]);
	player_destroy(p);
}

/* ---- weighted ---- */

static void test_weighted_takes_win(void **state)
{
	(void)state;
	Board b;
	DiagramMarks m;
	load(&b, 9, RULE_FREESTYLE, WHITE, win_or_block, &m);
	for (uint64_t seed = 0; seed < 4; seed++) {
		Player *p = make(&player_weighted, seed, NULL);
		MoveInfo info;
		assert_int_equal(choose(p, &b, &info), m.point[2]);
		assert_true(info.score >= 1000000);
		assert_int_equal(info.nodes, 81 - 9);
		assert_int_equal(info.depth, 0);
		player_destroy(p);
	}
}

static void test_weighted_blocks_four(void **state)
{
	(void)state;
	static const char *const fours[] = {
	    ". . . . . . . . .\n"
	    ". . . . . . . . .\n"
	    ". . O . . . . . .\n"
	    ". . . X . . . . .\n"
	    ". . . . X . . . .\n"
	    ". . . . . X . . .\n"
	    ". . . . . . X . .\n"
	    ". . O . . . . * .\n"
	    ". . . . . . . . .\n",
	    ". . . . . . . . .\n"
	    ". . . . . . . . .\n"
	    ". . . . . . . . .\n"
	    ". . . . . . . . .\n"
	    ". X X * X X . O .\n"
	    ". . . . . . . . .\n"
	    ". . . . O . . . .\n"
	    ". . . . . . . . .\n"
	    ". . . . . . . . .\n",
	};
	for (int i = 0; i < 2; i++) {
		Board b;
		DiagramMarks m;
		load(&b, 9, RULE_FREESTYLE, WHITE, fours[i], &m);
		Player *p = make(&player_weighted, (uint64_t)i, NULL);
		assert_int_equal(choose(p, &b, NULL), m.point[0]);
		player_destroy(p);
	}
}

/* The mark where white's lines cross is worth 2 * 4100 (the cap) in attack
 * weights, the five point of black's closed four only 4 * 1000 in defence
 * (plus a centre bias of 4 in two directions): the bonus for stopping a five
 * has to make the difference. */
static void test_weighted_four_bonus_beats_weights(void **state)
{
	(void)state;
	Board b;
	DiagramMarks m;
	load(&b, 13, RULE_FREESTYLE, WHITE,
	     ". . . . O . . . . . . . .\n"
	     ". . . . O . . . . . . . .\n"
	     ". . . . . . . . . . . . .\n"
	     ". . . . . . . . . . . . .\n"
	     "O O . . * . . O O . . . .\n"
	     ". . . . . . . . . . O . .\n"
	     ". . . . . . . . . . X . .\n"
	     ". . . . O . . . . . X . .\n"
	     ". . . . O . . . . . X . .\n"
	     ". . . . . . . . . . X . .\n"
	     ". . . . . . . . . . * . .\n"
	     ". . . . . . . . . . . . .\n"
	     ". . . . . . . . . . . . .\n",
	     &m);
	for (uint64_t seed = 0; seed < 4; seed++) {
		Player *p = make(&player_weighted, seed, NULL);
		Player *q = make(&player_weighted, seed, "bonus_four", "0", NULL);
		MoveInfo info;
		assert_int_equal(choose(p, &b, &info), m.point[1]);
		assert_int_equal(info.score, 100000 + 4 * 1000 + 2 * 4);
		assert_int_equal(choose(q, &b, &info), m.point[0]);
		assert_int_equal(info.score, 2 * 4100);
		player_destroy(p);
		player_destroy(q);
	}
}

static void test_weighted_blocks_open_three(void **state)
{
	(void)state;
	static const char *const threes[] = {
	    ". . . . . . . . . . .\n"
	    ". . . . . . . . . . .\n"
	    ". . . . . . . . O . .\n"
	    ". . . . . . . . . . .\n"
	    ". . . * X X X * . . .\n"
	    ". . . . . . . . . . .\n"
	    ". . . O . . . . . . .\n"
	    ". . . . . . . . . . .\n"
	    ". . . . . . . . . . .\n"
	    ". . . . . . . . . . .\n"
	    ". . . . . . . . . . .\n",
	    ". . . . . . . . . . .\n"
	    ". . . . . . . . . . .\n"
	    ". . . . . . . . . . .\n"
	    ". . . . . . . O . . .\n"
	    ". . . . . . . . . . .\n"
	    ". . . X . . . . . . .\n"
	    ". . . * . . . . . O .   | a split three\n"
	    ". . . X . . . . . . .\n"
	    ". . . X . . . . . . .\n"
	    ". . . . . . . . . . .\n"
	    ". . . . . . . . . . .\n",
	};
	for (int i = 0; i < 2; i++)
		for (Rule rule = 0; rule < RULE_COUNT; rule++) {
			Board b;
			DiagramMarks m;
			load(&b, 11, rule, WHITE, threes[i], &m);
			for (int k = 0; k < m.count; k++)
				assert_int_equal(board_threat(&b, m.point[k], BLACK),
				                 THREAT_OPEN_FOUR);
			Player *p = make(&player_weighted, 11 + (uint64_t)i, NULL);
			expect_mark("weighted", &m, choose(p, &b, NULL));
			player_destroy(p);
		}
}

/* Black's best point by line counting is an overline: forbidden in renju. */
static void test_renju_black_avoids_forbidden(void **state)
{
	(void)state;
	static const char *const overline = ". . . . . . . . . . .\n"
	                                    ". . . . . . . . . . .\n"
	                                    ". . . . . . . . . . .\n"
	                                    ". . . . . . . . . . .\n"
	                                    ". . O . . . . O . . .\n"
	                                    ". X X X * X X . . . .\n"
	                                    ". . . . . . . . . . .\n"
	                                    ". . . O . O . . . . .\n"
	                                    ". . . . . . . . . . .\n"
	                                    ". . . . . . . . . . .\n"
	                                    ". . . . . . . . . . .\n";
	Player *naive = make(&player_naive, 2, "mode", "attack", NULL);
	Player *weighted = make(&player_weighted, 2, NULL);
	for (Rule rule = 0; rule < RULE_COUNT; rule++) {
		Board b;
		DiagramMarks m;
		load(&b, 11, rule, BLACK, overline, &m);
		int n = choose(naive, &b, NULL), w = choose(weighted, &b, NULL);
		if (rule == RULE_RENJU) {
			assert_true(rules_is_forbidden(&b, m.point[0]));
			assert_int_not_equal(n, m.point[0]);
			assert_int_not_equal(w, m.point[0]);
			assert_false(rules_is_forbidden(&b, n));
			assert_false(rules_is_forbidden(&b, w));
		} else {
			assert_int_equal(n, m.point[0]);
			if (rule == RULE_FREESTYLE)
				assert_int_equal(w, m.point[0]); /* it wins there */
		}
	}
	player_destroy(naive);
	player_destroy(weighted);
}

static void test_empty_board_centre(void **state)
{
	(void)state;
	const PlayerType *types[] = {&player_naive, &player_weighted};
	for (int i = 0; i < 2; i++)
		for (int size = 15; size <= 20; size += 5) {
			Board b;
			board_init(&b, size, RULE_RENJU);
			Player *p = make(types[i], 9, NULL);
			player_new_game(p, size, RULE_RENJU);
			assert_int_equal(choose(p, &b, NULL),
			                 board_point(size / 2, size / 2));
			player_destroy(p);
		}
}

/* Where ties are everywhere (the eight neighbours of a lone stone), the
 * seed decides. */
static void test_seed_breaks_ties(void **state)
{
	(void)state;
	const PlayerType *types[] = {&player_naive, &player_weighted};
	for (int i = 0; i < 2; i++) {
		Board b;
		board_init(&b, 15, RULE_FREESTYLE);
		board_play(&b, board_point(7, 7));
		int seen[BOARD_CELLS] = {0}, distinct = 0;
		for (uint64_t seed = 0; seed < 32; seed++) {
			Player *p = make(types[i], seed, NULL);
			int c = choose(p, &b, NULL);
			assert_true(abs(point_x(c) - 7) <= 1 && abs(point_y(c) - 7) <= 1);
			distinct += !seen[c]++;
			player_destroy(p);
		}
		assert_true(distinct >= 4);
	}
}

/* A random legal point of b. */
static int random_point(Board *b, Rng *rng)
{
	for (;;) {
		int p = board_point((int)rng_below(rng, (uint32_t)b->size),
		                    (int)rng_below(rng, (uint32_t)b->size));
		if (b->cell[p] == CELL_EMPTY)
			return p;
	}
}

/* ---- known answers from slow models ----
 * The models recompute every point's value from scratch, by coordinates,
 * from the stones in the order they were played. A player must report the
 * model's best value as its score and play a point that has it. */

typedef struct {
	int attack, defence, radius, cap, win, four, three, centre;
} WeightedModel;

static int param_int(const ParamSet *ps, const char *name)
{
	int i = param_find(ps, name);
	if (i < 0)
		fail_msg("no parameter '%s'", name);
	return (int)ps->v[i];
}

static int max_int(int a, int b)
{
	return a > b ? a : b;
}

static int min_int(int a, int b)
{
	return a < b ? a : b;
}

/* Line directions as (dx, dy), in board_step order. */
static const int line_dir[4][2] = {{1, 0}, {0, 1}, {1, 1}, {-1, 1}};

/* Distance k (signed) from (x, y) to (sx, sy) along direction d, or 0 if
 * the two are not on that line. */
static int line_offset(int d, int x, int y, int sx, int sy)
{
	int dx = sx - x, dy = sy - y;
	int k = line_dir[d][1] ? dy : dx; /* every direction but 0 moves y by 1 */
	if (d == 0 && dy != 0)
		return 0;
	return dx == k * line_dir[d][0] && dy == k * line_dir[d][1] ? k : 0;
}

static int model_bias(const WeightedModel *m, int size, int x, int y)
{
	if (m->centre == 0)
		return 0;
	int half = (size - 1) / 2;
	int dist = min_int(half, max_int(abs(x - size / 2), abs(y - size / 2)));
	return 1 + (m->centre - 1) * (half - dist) / half;
}

static int sum_top_two(int v[4])
{
	for (int i = 1; i < 4; i++) /* insertion sort, largest first */
		for (int j = i; j > 0 && v[j] > v[j - 1]; j--) {
			int t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	return v[0] + v[1];
}

static int model_weighted(const WeightedModel *m, const Board *b, int p, Color me)
{
	int x = point_x(p), y = point_y(p), att[4], def[4];
	for (int d = 0; d < 4; d++)
		att[d] = def[d] = model_bias(m, b->size, x, y);
	for (int i = 0; i < b->count; i++) {
		int s = b->moves[i];
		bool own = b->cell[s] == me + 1;
		for (int d = 0; d < 4; d++) {
			int k = line_offset(d, x, y, point_x(s), point_y(s));
			if (k == 0 || abs(k) > m->radius)
				continue;
			if (own) {
				att[d] = min_int(m->cap, att[d] + m->attack);
				def[d] = max_int(0, def[d] - m->defence);
			} else {
				def[d] = min_int(m->cap, def[d] + m->defence);
				att[d] = max_int(0, att[d] - m->attack);
			}
		}
	}
	int v = max_int(sum_top_two(att), sum_top_two(def));
	int opp = board_threat(b, p, me ^ 1);
	if (board_threat(b, p, me) == THREAT_FIVE)
		return v + m->win;
	if (opp == THREAT_FIVE)
		return v + m->four;
	if (opp == THREAT_OPEN_FOUR || opp == THREAT_DOUBLE_FOUR)
		return v + m->three;
	return v;
}

/* Naive: the stones of colour c in unbroken runs touching p, per line. */
static int model_naive_side(const int score[5], const Board *b, int p, Color c)
{
	int total = 0;
	for (int d = 0; d < 4; d++) {
		int run = 0;
		for (int sign = -1; sign <= 1; sign += 2)
			for (int k = 1;; k++) {
				int x = point_x(p) + sign * k * line_dir[d][0];
				int y = point_y(p) + sign * k * line_dir[d][1];
				if (!board_on(b, x, y) ||
				    b->cell[board_point(x, y)] != c + 1)
					break;
				run++;
			}
		total += score[min_int(run, 4)];
	}
	return total;
}

/* Plays random games and, at every ply, checks the player against the
 * model of its type, with the parameters kv. */
static void check_against_model(const PlayerType *t, const char *const *kv, uint64_t seed)
{
	ParamSet ps;
	char err[ERR_LEN];
	param_defaults(&ps, t->params, t->nparams);
	for (int i = 0; kv[i]; i += 2)
		if (param_set(&ps, kv[i], kv[i + 1], err, sizeof err) != 0)
			fail_msg("%s", err);
	bool weighted = t == &player_weighted;
	WeightedModel wm = {0};
	int score[5] = {0}, mode = 0;
	if (weighted) {
		wm = (WeightedModel){
		    param_int(&ps, "attack"),      param_int(&ps, "defence"),
		    param_int(&ps, "radius"),      param_int(&ps, "cap"),
		    param_int(&ps, "bonus_win"),   param_int(&ps, "bonus_four"),
		    param_int(&ps, "bonus_three"), param_int(&ps, "centre")};
	} else {
		mode = param_int(&ps, "mode");
		for (int k = 1; k <= 4; k++) {
			char name[16];
			snprintf(name, sizeof name, "score%d", k);
			score[k] = param_int(&ps, name);
		}
	}
	Player *p = make_kv(t, seed, kv);
	Rng rng;
	rng_seed(&rng, seed);
	for (int game = 0; game < 4; game++) {
		int size = game % 2 ? 20 : 15;
		Rule rule = game < 2 ? RULE_FREESTYLE : RULE_STANDARD;
		Board b;
		board_init(&b, size, rule);
		for (int ply = 0; ply < 60; ply++) {
			/* Now and then a stone out of turn, so runs of one colour grow. */
			if (rng_below(&rng, 4) == 0)
				board_put(&b, random_point(&b, &rng), b.to_move ^ 1);
			else
				board_play(&b, random_point(&b, &rng));
			Color me = b.to_move;
			int best = INT_MIN, value[BOARD_CELLS];
			for (int y = 0; y < size; y++)
				for (int x = 0; x < size; x++) {
					int q = board_point(x, y);
					if (b.cell[q] != CELL_EMPTY)
						continue;
					if (weighted)
						value[q] = model_weighted(&wm, &b, q, me);
					else
						value[q] =
						    (mode != 1 ? model_naive_side(score, &b,
						                                  q, me ^ 1)
						               : 0) +
						    (mode != 0 ? model_naive_side(score, &b,
						                                  q, me)
						               : 0);
					best = max_int(best, value[q]);
				}
			MoveInfo info;
			int m = choose(p, &b, &info);
			if (info.score != best || !board_empty_at(&b, m) ||
			    value[m] != best)
				fail_msg("%s, %d stones on %dx%d: played %d,%d worth %d "
				         "(says %d), "
				         "best %d",
				         t->name, b.count, size, size, point_x(m),
				         point_y(m), board_empty_at(&b, m) ? value[m] : -1,
				         info.score, best);
		}
	}
	player_destroy(p);
}

static void test_known_values(void **state)
{
	(void)state;
	static const char *const naive_sets[][12] = {
	    {NULL},
	    {"mode", "attack", NULL},
	    {"mode", "both", "score1", "3", "score2", "7", "score3", "50", "score4", "51",
	     NULL},
	    {"score1", "1000", "score2", "10", "score3", "0", "score4", "1", NULL},
	};
	static const char *const weighted_sets[][18] = {
	    {NULL},
	    {"cap", "1500", "radius", "2", NULL},
	    {"attack", "500", "defence", "2500", "centre", "100", "radius", "1", NULL},
	    {"cap", "100000", "radius", "5", "centre", "0", "attack", "20000", "defence",
	     "0", NULL},
	    {"bonus_win", "0", "bonus_four", "7", "bonus_three", "12345", "centre", "3",
	     NULL},
	};
	for (size_t i = 0; i < sizeof naive_sets / sizeof naive_sets[0]; i++)
		check_against_model(&player_naive, naive_sets[i], 100 + i);
	for (size_t i = 0; i < sizeof weighted_sets / sizeof weighted_sets[0]; i++)
		check_against_model(&player_weighted, weighted_sets[i], 200 + i);
}

/* The centre bias by hand: one black stone in the middle of 9x9 and white to
 * move. A neighbour (distance 1 from the centre, half = 4) starts at
 * 1 + (10 - 1) * 3 / 4 = 7 in every direction; the stone adds 1000 to the
 * defence of its line: 1007 + 7. Points two away start at 5: 1005 + 5. */
static void test_centre_bias_by_hand(void **state)
{
	(void)state;
	Board b;
	board_init(&b, 9, RULE_FREESTYLE);
	board_play(&b, board_point(4, 4));
	static const struct {
		const char *centre;
		int score;
	} cases[] = {{"10", 1014}, {"100", 1075 + 75}, {"0", 1000}, {"1", 1002}};
	for (int i = 0; i < 4; i++) {
		Player *p = make(&player_weighted, 1, "centre", cases[i].centre, NULL);
		MoveInfo info;
		int m = choose(p, &b, &info);
		assert_int_equal(info.score, cases[i].score);
		if (i < 2)
			assert_true(abs(point_x(m) - 4) <= 1 && abs(point_y(m) - 4) <= 1);
		player_destroy(p);
	}
}

/* The weighted player's move and value on b, asked of a fresh instance that
 * has seen nothing before. */
static void fresh_choice(const Board *b, uint64_t seed, const char *const *kv, int *move,
                         int *score)
{
	Player *p = make_kv(&player_weighted, seed, kv);
	MoveInfo info;
	*move = choose(p, b, &info);
	*score = info.score;
	player_destroy(p);
}

static void expect_same_as_fresh(Player *kept, const Board *b, uint64_t seed,
                                 const char *const *kv, const char *after)
{
	MoveInfo info;
	int m = choose(kept, b, &info), fm, fs;
	fresh_choice(b, seed, kv, &fm, &fs);
	if (m != fm || info.score != fs)
		fail_msg("%s, %d stones on %dx%d: kept %d,%d (%d), fresh %d,%d (%d)", after,
		         b->count, b->size, b->size, point_x(m), point_y(m), info.score,
		         point_x(fm), point_y(fm), fs);
}

/* The remembered weights must give the answers of a rebuild, whatever
 * happens between two looks: one or more new stones, a takeback, a stone
 * replaced by the other colour, an unrelated position. Positions are kept
 * short (weights saturate in crowded ones and would hide differences), and
 * one parameter set has a cap high enough never to be reached. */
static void test_weighted_incremental_equals_rebuild(void **state)
{
	(void)state;
	static const char *const plain[] = {NULL};
	static const char *const open[] = {"cap",     "100000", "radius", "5",
	                                   "centre",  "100",    "attack", "1700",
	                                   "defence", "900",    NULL};
	const char *const *sets[] = {plain, open};
	const uint64_t seed = 77;
	for (int k = 0; k < 2; k++) {
		Rng rng;
		rng_seed(&rng, (uint64_t)k);
		Player *kept = make_kv(&player_weighted, seed, sets[k]);
		Board b;
		board_init(&b, 15, RULE_FREESTYLE);
		player_new_game(kept, 15, RULE_FREESTYLE);
		for (int step = 0; step < 3000; step++) {
			uint32_t r = rng_below(&rng, 100);
			const char *what;
			if (b.count > 50 || r < 3) {
				int size = rng_below(&rng, 2) ? 15 : 20;
				board_init(&b, size, RULE_FREESTYLE);
				int n = (int)rng_below(&rng, 12);
				for (int i = 0; i < n; i++)
					board_play(&b, random_point(&b, &rng));
				what = "another game";
			} else if (r < 15 && b.count > 0) {
				int n = 1 + (int)rng_below(&rng, 4);
				for (int i = 0; i < n && b.count > 0; i++)
					board_undo(&b);
				what = "a takeback";
			} else if (r < 20 && b.count > 0) {
				int last = board_last(&b);
				Color c = (Color)(b.cell[last] - 1);
				board_undo(&b);
				board_put(&b, last, c ^ 1);
				what = "a colour swap";
			} else if (r < 30) {
				board_play(&b, random_point(&b, &rng));
				board_play(&b, random_point(&b, &rng));
				what = "two stones";
			} else {
				board_play(&b, random_point(&b, &rng));
				what = "a stone";
			}
			expect_same_as_fresh(kept, &b, seed, sets[k], what);
		}
		player_destroy(kept);
	}
}

/* ---- parameters ---- */

static void expect_param_error(const PlayerType *t, const char *key, const char *value,
                               const char *needle1, const char *needle2)
{
	ParamSet ps;
	char err[ERR_LEN] = "";
	param_defaults(&ps, t->params, t->nparams);
	if (param_set(&ps, key, value, err, sizeof err) != -1)
		fail_msg("%s: %s=%s accepted", t->name, key, value);
	if (!strstr(err, needle1) || !strstr(err, needle2))
		fail_msg("%s: %s=%s: message '%s' lacks '%s' or '%s'", t->name, key, value,
		         err, needle1, needle2);
}

static void test_params(void **state)
{
	(void)state;
	assert_ptr_equal(registry_find("naive"), &player_naive);
	assert_ptr_equal(registry_find("weighted"), &player_weighted);
	expect_param_error(&player_naive, "depth", "3", "depth", "unknown");
	expect_param_error(&player_naive, "mode", "offence", "mode",
	                   "defence, attack, both");
	expect_param_error(&player_naive, "score2", "lots", "score2", "[0, 10000000]");
	expect_param_error(&player_naive, "score4", "-1", "score4", "[0, 10000000]");
	expect_param_error(&player_weighted, "radius", "9", "radius", "[1, 5]");
	expect_param_error(&player_weighted, "radius", "2.5", "radius",
	                   "not a whole number");
	expect_param_error(&player_weighted, "attack", "x", "attack", "[0, 20000]");
	expect_param_error(&player_weighted, "cap", "50", "cap", "[100, 100000]");
	expect_param_error(&player_weighted, "bonus_three", "1e9", "bonus_three",
	                   "out of range");
	expect_param_error(&player_weighted, "centre", "101", "centre", "[0, 100]");

	const PlayerType *types[] = {&player_naive, &player_weighted};
	for (int i = 0; i < 2; i++) {
		ParamSet ps;
		param_defaults(&ps, types[i]->params, types[i]->nparams);
		for (int k = 0; k < ps.n; k++) {
			const ParamDecl *d = &ps.decl[k];
			assert_true(d->def >= d->min && d->def <= d->max);
			assert_true(d->help && d->help[0]);
			assert_true(!d->tunable || d->type != PARAM_CHOICE);
		}
	}
	ParamSet ps;
	char err[ERR_LEN];
	param_defaults(&ps, player_naive.params, player_naive.nparams);
	assert_int_equal(param_set(&ps, "mode", "both", err, sizeof err), 0);
	assert_int_equal((int)ps.v[param_find(&ps, "mode")], 2);
	param_defaults(&ps, player_weighted.params, player_weighted.nparams);
	assert_int_equal((int)ps.v[param_find(&ps, "attack")], 1300);
	assert_int_equal((int)ps.v[param_find(&ps, "defence")], 1000);
	assert_int_equal((int)ps.v[param_find(&ps, "radius")], 4);
	assert_int_equal((int)ps.v[param_find(&ps, "cap")], 4100);
}

/* ---- whole games ---- */

typedef struct {
	int count;
	Outcome outcome;
	int16_t moves[BOARD_MAX_MOVES];
} Game;

/* Plays a game, checking every move; records it in g. */
static void play_game(Player *black, Player *white, int size, Rule rule, Game *g)
{
	Board b;
	board_init(&b, size, rule);
	player_new_game(black, size, rule);
	player_new_game(white, size, rule);
	g->count = 0;
	for (;;) {
		Player *p = b.to_move == BLACK ? black : white;
		MoveInfo info;
		int m = choose(p, &b, &info);
		if (!rules_legal(&b, m))
			fail_msg("%s played an illegal point %d after %d stones",
			         p->type->name, m, b.count);
		if (p->type != &player_random) {
			assert_int_equal(info.depth, 0);
			if (b.count)
				assert_int_equal(info.nodes,
				                 (uint64_t)(size * size - b.count));
		}
		if (rule == RULE_RENJU && b.to_move == BLACK && rules_is_forbidden(&b, m)) {
			Board copy = b;
			int f = moves_fallback(&copy);
			if (moves_playable(&copy, f))
				fail_msg("%s played forbidden %d,%d with %d,%d free",
				         p->type->name, point_x(m), point_y(m), point_x(f),
				         point_y(f));
		}
		Outcome o = rules_outcome(&b, m);
		board_play(&b, m);
		g->moves[g->count++] = (int16_t)m;
		g->outcome = o;
		if (o != OUTCOME_NONE || board_full(&b))
			break;
	}
}

static void test_games(void **state)
{
	(void)state;
	const PlayerType *types[] = {&player_naive, &player_weighted, &player_random};
	int games = 0, wins = 0;
	for (int size = 15; size <= 20; size += 5)
		for (Rule rule = 0; rule < RULE_COUNT; rule++)
			for (int i = 0; i < 3; i++)
				for (int j = 0; j < 3; j++) {
					if (i == 2 && j == 2)
						continue;
					uint64_t seed =
					    (uint64_t)(100 * size + 10 * (int)rule + 3 * i +
					               j);
					Player *black = make(types[i], seed, NULL);
					Player *white = make(types[j], seed + 1, NULL);
					Game g;
					play_game(black, white, size, rule, &g);
					assert_true(g.count > 0);
					games++;
					wins += g.outcome == OUTCOME_WIN;
					player_destroy(black);
					player_destroy(white);
				}
	assert_int_equal(games, 2 * 3 * 8);
	assert_true(wins > 0);
}

/* The modes and a tuned-looking weighted player also finish their games. */
static void test_games_variants(void **state)
{
	(void)state;
	for (Rule rule = 0; rule < RULE_COUNT; rule++) {
		Player *attack = make(&player_naive, 1, "mode", "attack", NULL);
		Player *both = make(&player_naive, 2, "mode", "both", NULL);
		Player *swapped = make(&player_weighted, 3, "attack", "1000", "defence",
		                       "1300", "radius", "2", "centre", "0", NULL);
		Game g;
		play_game(attack, swapped, 15, rule, &g);
		play_game(swapped, both, 15, rule, &g);
		play_game(both, attack, 20, rule, &g);
		player_destroy(attack);
		player_destroy(both);
		player_destroy(swapped);
	}
}

static void test_determinism(void **state)
{
	(void)state;
	for (Rule rule = 0; rule < RULE_COUNT; rule++) {
		Game g[2];
		for (int k = 0; k < 2; k++) {
			Player *n = make(&player_naive, 5, NULL);
			Player *w = make(&player_weighted, 6, NULL);
			Player *r = make(&player_random, 7, NULL);
			play_game(n, w, 15, rule, &g[k]);
			Game h;
			play_game(r, n, 15, rule, &h); /* history must not matter... */
			play_game(w, n, 15, rule, &h);
			play_game(n, w, 15, rule, &h); /* ...to a replay */
			assert_int_equal(h.count, g[k].count);
			assert_memory_equal(h.moves, g[k].moves,
			                    sizeof h.moves[0] * (size_t)h.count);
			player_destroy(n);
			player_destroy(w);
			player_destroy(r);
		}
		assert_int_equal(g[0].count, g[1].count);
		assert_memory_equal(g[0].moves, g[1].moves,
		                    sizeof g[0].moves[0] * (size_t)g[0].count);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_naive_blocks_open_four),
	    cmocka_unit_test(test_naive_blocks_bigger_threat),
	    cmocka_unit_test(test_naive_modes),
	    cmocka_unit_test(test_naive_scores_are_parameters),
	    cmocka_unit_test(test_weighted_takes_win),
	    cmocka_unit_test(test_weighted_blocks_four),
	    cmocka_unit_test(test_weighted_four_bonus_beats_weights),
	    cmocka_unit_test(test_weighted_blocks_open_three),
	    cmocka_unit_test(test_renju_black_avoids_forbidden),
	    cmocka_unit_test(test_empty_board_centre),
	    cmocka_unit_test(test_seed_breaks_ties),
	    cmocka_unit_test(test_weighted_incremental_equals_rebuild),
	    cmocka_unit_test(test_known_values),
	    cmocka_unit_test(test_centre_bias_by_hand),
	    cmocka_unit_test(test_params),
	    cmocka_unit_test(test_games),
	    cmocka_unit_test(test_games_variants),
	    cmocka_unit_test(test_determinism),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
