/* test_alphabeta.c - the alphabeta player: immediate tactics, known VCFs,
 * budgets, determinism, whole games against the random player, its
 * parameters, and the incremental state of its search against a recount. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ab_search.h"
#include "clock.h"
#include "diagram.h"
#include "eval_features.h"
#include "registry.h"
#include "rng.h"
#include "rules.h"

enum { ERR_LEN = 256 };

/* Node budgets may be passed by at most this much: the node that finds the
 * budget used up is not counted, so the count never exceeds the budget by
 * the search itself; the margin is for the VCT solver at the root, which
 * stops "about" at its limit (a quarter of the budget at most). */
enum { NODE_OVERSHOOT = 16 };

/* A player with default parameters but for the "key=value" pairs of
 * settings (NULL-terminated; settings itself may be NULL). */
static Player *make_with(const char *const *settings)
{
	ParamSet ps;
	char err[ERR_LEN];
	param_defaults(&ps, player_alphabeta.params, player_alphabeta.nparams);
	for (int i = 0; settings && settings[i]; i++) {
		char key[64];
		const char *eq = strchr(settings[i], '=');
		assert_non_null(eq);
		snprintf(key, sizeof key, "%.*s", (int)(eq - settings[i]), settings[i]);
		if (param_set(&ps, key, eq + 1, err, sizeof err) != 0)
			fail_msg("%s", err);
	}
	Player *p = player_create(&player_alphabeta, &ps, 1, err, sizeof err);
	if (!p)
		fail_msg("%s", err);
	return p;
}

static Player *make(void)
{
	return make_with(NULL);
}

static void load(Board *b, int size, Rule rule, Color to_move, const char *text,
                 DiagramMarks *marks)
{
	char err[ERR_LEN];
	if (diagram_load(b, size, rule, to_move, text, marks, err, sizeof err) != 0)
		fail_msg("%s", err);
}

/* The player's move on the diagram must be one of its '*' points. */
static MoveInfo expect_marked_with(const char *text, int size, Rule rule, Color to_move,
                                   const Budget *budget, const char *const *settings)
{
	Board b;
	DiagramMarks marks;
	load(&b, size, rule, to_move, text, &marks);
	Player *p = make_with(settings);
	player_new_game(p, size, rule);
	MoveInfo info;
	int m = player_choose(p, &b, budget, &info);
	bool ok = false;
	for (int i = 0; i < marks.count; i++)
		ok |= m == marks.point[i];
	if (!ok) {
		char buf[DIAGRAM_TEXT_MAX];
		diagram_format(&b, POINT_NONE, buf, sizeof buf);
		fail_msg("played %d,%d (score %d), not a marked point in\n%s", point_x(m),
		         point_y(m), info.score, buf);
	}
	player_destroy(p);
	return info;
}

static MoveInfo expect_marked(const char *text, int size, Rule rule, Color to_move,
                              const Budget *budget)
{
	return expect_marked_with(text, size, rule, to_move, budget, NULL);
}

static const Budget small = {.nodes = 20000};

static void test_win_in_one(void **state)
{
	(void)state;
	/* clang-format off */
	static const char *d =
		". . . . . . . . .\n"
		". . . . . . . . .\n"
		"* X X X X * . . .\n"
		". O O O . . . . .\n"
		". . . . . . . . .\n"
		". . . . O . . . .\n"
		". . . . . . . . .\n"
		". . . . . . . . .\n"
		". . . . . . . . .\n";
	/* clang-format on */
	MoveInfo info = expect_marked(d, 9, RULE_FREESTYLE, BLACK, &small);
	assert_int_equal(info.score, SCORE_WIN - 1);
	/* White's own four is no match for black's five: black completes. */
	/* clang-format off */
	static const char *d2 =
		". . . . . . . . .\n"
		". O O O O . . . .\n"
		"* X X X X * . . .\n"
		". . . . . . . . .\n"
		". . . . . . . . .\n"
		". . . . . . . . .\n"
		". . . . . . . . .\n"
		". . . . . . . . .\n"
		". . . . . . . . .\n";
	/* clang-format on */
	expect_marked(d2, 9, RULE_FREESTYLE, BLACK, &small);
}

static void test_blocks_four(void **state)
{
	(void)state;
	/* White has a four: black must take its five point, whatever else. */
	/* clang-format off */
	static const char *d =
		". . . . . . . . . . .\n"
		". . . . . . . . . . .\n"
		". . X X . X . . . . .\n"
		". . . . . . . . . . .\n"
		"X O O O O * . . . . .\n"
		". X . . . . . . . . .\n"
		". . . . . . . . . . .\n"
		". . . . . . . . . . .\n"
		". . . . . . . . . . .\n"
		". . . . . . . . . . .\n"
		". . . . . . . . . . .\n";
	/* clang-format on */
	expect_marked(d, 11, RULE_FREESTYLE, BLACK, &small);
	/* Under renju too, and the block is a legal point for black. */
	expect_marked(d, 11, RULE_RENJU, BLACK, &small);
}

/* White's open three: black has no four, so it must stop the three; after
 * its move white may have no point that makes an open or a double four. */
static void test_blocks_open_three(void **state)
{
	(void)state;
	/* clang-format off */
	static const char *d =
		". . . . . . . . . . . .\n"
		". . . . . . . . . . . .\n"
		". . . . . . . . . . . .\n"
		". . . . X . . . . . . .\n"
		". . . . O O O . . . . .\n"
		". . . . . X . . . . . .\n"
		". . . . . . . X . . . .\n"
		". . . . . . . . . . . .\n"
		". . . . . . . . . . . .\n"
		". . . . . . . . . . . .\n"
		". . . . . . . . . . . .\n"
		". . . . . . . . . . . .\n";
	/* clang-format on */
	for (Rule rule = RULE_FREESTYLE; rule < RULE_COUNT; rule++) {
		Board b;
		load(&b, 12, rule, BLACK, d, NULL);
		Player *p = make();
		player_new_game(p, 12, rule);
		int m = player_choose(p, &b, &small, NULL);
		board_play(&b, m);
		for (int q = 0; q < BOARD_CELLS; q++)
			if (board_empty_at(&b, q) &&
			    board_threat(&b, q, WHITE) >= THREAT_DOUBLE_FOUR)
				fail_msg(
				    "%s: black played %d,%d; white still wins at %d,%d",
				    rule_name(rule), point_x(m), point_y(m), point_x(q),
				    point_y(q));
		player_destroy(p);
	}
}

/* An open four cannot be stopped: black blocks one end and knows it lost. */
static void test_open_four_is_lost(void **state)
{
	(void)state;
	/* clang-format off */
	static const char *d =
		". . . . . . . . .\n"
		". . . . . . . . .\n"
		". * O O O O * . .\n"
		". . . . . . . . .\n"
		". . X . X . . . .\n"
		". . . X . . . . .\n"
		". . . . . . . X .\n"
		". . . . . . . . .\n"
		". . . . . . . . .\n";
	/* clang-format on */
	MoveInfo info = expect_marked(d, 9, RULE_FREESTYLE, BLACK, &small);
	assert_true(info.score <= -(SCORE_WIN - 2 * BOARD_MAX_MOVES));
}

/* Continuous fours, from the double four up to four attacker moves. The
 * marked points are every first move that wins by force. */
/* clang-format off */
static const struct {
	const char *name;
	Color attacker;
	const char *diagram;
} vcfs[] = {
	{"double four", BLACK,
	 ". . . . . . . . . . . . . . .\n"
	 ". . . . . . . . . . . . . . .\n"
	 ". . . . . . . . . . . . O . .\n"
	 ". . . . . . . . . O . . . . .\n"
	 ". . . . . . . . . X . . . . .\n"
	 ". . . . . . . . . X . . . . .\n"
	 ". . . . . . . . . X . . . . .\n"
	 ". . . . O X X X . * . . . . .\n"
	 ". . . . . . . . . . . . . . .\n"
	 ". . . . . . . . . . . . . O .\n"
	 ". . . . . . . . . . . . . . .\n"
	 ". . O . . . . . . . . . . . .\n"
	 ". . . . . . . . . . . . . . .\n"
	 ". . . . . . . . . . . . O . .\n"
	 ". . . . . . . . . . . . . . .\n"},
	{"four-three", BLACK,
	 ". . . . . . . . . . . . . . .\n"
	 ". . . O . . . . . . . . . . .\n"
	 ". . . . . . . . . . . . O . .\n"
	 ". . . . . . . . . . . . . . .\n"
	 ". . . . . . . . . . . . . . .\n"
	 ". . . . . . . . . X . O . . .\n"
	 ". . . . . . . . . X . . . . .\n"
	 ". . . . O X X X . * . . . . .\n"
	 ". . . . . . . . . . . . . . .\n"
	 ". . . . . . . . . . . . . . .\n"
	 ". . . . . . . . . . . . . . .\n"
	 ". . . . . . . . . . . . . . .\n"
	 ". . O . . . . . . . . . . . .\n"
	 ". . . . . . . . . . . . . . .\n"
	 ". . . . . . . . . . . . . . .\n"},
	{"four, then four-three", BLACK,
	 ". . . . . . . . . . . . . . .\n"
	 ". . . O . . . . . . . . . . .\n"
	 ". . . . . . . . . . . . O . .\n"
	 ". . . . . . . . . . . . . . .\n"
	 ". . . . . . . . . . . . . . .\n"
	 ". . . . . . . . . * . . . . .\n"
	 ". . . . . . . . . X X . . . .\n"
	 ". . . . O X X X . * . X . . .\n"
	 ". . . . . . . . . . . . X . .\n"
	 ". . . . . . . . . . . . . O .\n"
	 ". . . . . . . . . . . . . . .\n"
	 ". O . . . . . . . . . . . . .\n"
	 ". . O . . . . . . . . . . . .\n"
	 ". . . . . . . . . . . . . O .\n"
	 ". . . . . . . . . . . . . . .\n"},
	{"white: four, then four-three", WHITE,
	 ". . . . . . . . . . . . . . .\n"
	 ". . . X . . . . . . . . . . .\n"
	 ". . . . . . . . . . . . X . .\n"
	 ". . . . . . . . . . . . . . .\n"
	 ". . . . . . . . . . . . . . .\n"
	 ". . . . . . . . . * . . . . .\n"
	 ". . . . . . . . . O O . . . .\n"
	 ". . . . X O O O . * . O . . .\n"
	 ". . . . . . . . . . . . O . .\n"
	 ". . . . . . . . . . . . . X .\n"
	 ". . . . . . . . . . . . . . .\n"
	 ". X . . . . . . . . . . . . .\n"
	 ". . X . . . . . . . . . . . .\n"
	 ". . . . . . . . . . . . . X .\n"
	 "X . . . . . . . . . . . . . .\n"},
};
/* clang-format on */

/* With the root's solver, and without it: then the alpha-beta search with
 * its VCF at the leaves must find the wins by itself. */
static void test_vcf(void **state)
{
	(void)state;
	static const char *const no_solver[] = {"root_vcf_nodes=0", "root_vct_nodes=0",
	                                        NULL};
	for (int solver = 1; solver >= 0; solver--)
		for (size_t i = 0; i < sizeof vcfs / sizeof vcfs[0]; i++) {
			MoveInfo info = expect_marked_with(
			    vcfs[i].diagram, 15, RULE_FREESTYLE, vcfs[i].attacker, &small,
			    solver ? NULL : no_solver);
			if (info.score < SCORE_WIN - 2 * BOARD_MAX_MOVES)
				fail_msg("%s (solver %d): score %d is not a proven win",
				         vcfs[i].name, solver, info.score);
		}
}

/* The search's own VCF (ab_vcf.c) proves the same wins and leaves the
 * winning line, starting with a marked point, in s->line. */
static void test_own_vcf(void **state)
{
	(void)state;
	AbSearch *s = calloc(1, sizeof *s);
	assert_non_null(s);
	AbEval e;
	int64_t score[AB_SHAPES] = {50, 200, 500, 5000, 5000, 5000, 5000, 50000, 99999999};
	ab_eval_setup(&e, score, 0.1);
	s->eval = &e;
	s->tt = ab_tt_create(1 << 20);
	assert_non_null(s->tt);
	s->cfg.distance = 2;
	for (size_t i = 0; i < sizeof vcfs / sizeof vcfs[0]; i++) {
		Board b;
		DiagramMarks marks;
		load(&b, 15, RULE_FREESTYLE, vcfs[i].attacker, vcfs[i].diagram, &marks);
		ab_pos_setup(s, &b);
		s->nodes = 0;
		int k = ab_vcf(s, 4);
		if (k == 0)
			fail_msg("%s: no VCF found", vcfs[i].name);
		bool marked = false;
		for (int j = 0; j < marks.count; j++)
			marked |= s->line[0] == marks.point[j];
		if (!marked)
			fail_msg("%s: VCF starts at %d,%d", vcfs[i].name,
			         point_x(s->line[0]), point_y(s->line[0]));
		assert_int_equal(s->ply, 0);
		assert_true(s->nodes > 0);
		/* Depth counts the fours before the finish (an open or
		 * double four, then the five): four then four-three needs 2. */
		if (k > 5)
			assert_int_equal(ab_vcf(s, 1), 0);
	}
	ab_tt_destroy(s->tt);
	free(s);
}

/* Renju: black's double four is forbidden, so black must win another way
 * or not at all, and never by playing it. */
static void test_renju_no_forbidden(void **state)
{
	(void)state;
	Board b;
	DiagramMarks marks;
	load(&b, 15, RULE_RENJU, BLACK, vcfs[0].diagram, &marks);
	assert_true(rules_is_forbidden(&b, marks.point[0]));
	Player *p = make();
	player_new_game(p, 15, RULE_RENJU);
	int m = player_choose(p, &b, &small, NULL);
	assert_true(board_empty_at(&b, m));
	assert_false(rules_is_forbidden(&b, m));
	player_destroy(p);
}

/* A quiet middle game: 24 stones, black to move, nothing decided. */
/* clang-format off */
static const char *middle =
	". . . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . . .\n"
	". . . . . X . . . . . . . . .\n"
	". . . . . . O . . . . . . . .\n"
	". . . . . . . X O . . . . . .\n"
	". . . . . O . X X X O . . . .\n"
	". . . . . . X O O . . . . . .\n"
	". . . . . X O X X X O . . . .\n"
	". . . . X . O . X O . . . . .\n"
	". . . O . . . O . . . . . . .\n"
	". . . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . . .\n";
/* clang-format on */

static void test_deterministic(void **state)
{
	(void)state;
	Board b, other;
	load(&b, 15, RULE_FREESTYLE, BLACK, middle, NULL);
	load(&other, 15, RULE_FREESTYLE, WHITE, vcfs[2].diagram, NULL);
	Budget budget = {.nodes = 30000};
	Player *p = make(), *q = make();
	MoveInfo a, c, d;
	int m1 = player_choose(p, &b, &budget, &a);
	player_choose(p, &other, &budget, NULL); /* whatever it leaves behind */
	int m2 = player_choose(p, &b, &budget, &c);
	int m3 = player_choose(q, &b, &budget, &d);
	assert_int_equal(m1, m2);
	assert_int_equal(m1, m3);
	assert_int_equal(a.nodes, c.nodes);
	assert_int_equal(a.nodes, d.nodes);
	assert_int_equal(a.score, c.score);
	assert_int_equal(a.depth, d.depth);
	assert_int_equal(a.pv_len, d.pv_len);
	assert_memory_equal(a.pv, d.pv, (size_t)a.pv_len * sizeof a.pv[0]);
	player_destroy(p);
	player_destroy(q);
}

/* The move-ordering parameters: at their defaults the search is today's
 * (the same nodes to the same depth); each one changed reorders the moves,
 * so the same depth costs another number of nodes. */
static void test_order_params(void **state)
{
	(void)state;
	Board b;
	load(&b, 15, RULE_FREESTYLE, BLACK, middle, NULL);
	const Budget budget = {.depth = 6};
	static const char *const same[] = {"order_defence=1", "order_small=1",
	                                   "order_killer=150", "order_near=12", NULL};
	static const char *const changed[][2] = {
	    {"order_defence=2.5", NULL},
	    {"order_small=0", NULL},
	    {"order_killer=0", NULL},
	    {"order_near=40", NULL},
	};
	Player *p = make(), *q = make_with(same);
	MoveInfo a, c;
	int m = player_choose(p, &b, &budget, &a);
	assert_int_equal(player_choose(q, &b, &budget, &c), m);
	assert_int_equal(a.nodes, c.nodes);
	assert_int_equal(a.score, c.score);
	player_destroy(q);
	for (size_t i = 0; i < sizeof changed / sizeof changed[0]; i++) {
		q = make_with(changed[i]);
		assert_true(board_empty_at(&b, player_choose(q, &b, &budget, &c)));
		assert_int_equal(c.depth, 6);
		if (c.nodes == a.nodes)
			fail_msg("%s: the same %llu nodes as the defaults", changed[i][0],
			         (unsigned long long)c.nodes);
		player_destroy(q);
	}
	player_destroy(p);
}

static void test_node_budget(void **state)
{
	(void)state;
	Board b;
	load(&b, 15, RULE_FREESTYLE, BLACK, middle, NULL);
	Player *p = make();
	static const uint64_t budgets[] = {1, 2, 10, 100, 1000, 5000, 40000};
	for (size_t i = 0; i < sizeof budgets / sizeof budgets[0]; i++) {
		Budget budget = {.nodes = budgets[i]};
		MoveInfo info;
		int m = player_choose(p, &b, &budget, &info);
		assert_true(board_empty_at(&b, m));
		if (info.nodes > budgets[i] + NODE_OVERSHOOT)
			fail_msg("%llu nodes for a budget of %llu",
			         (unsigned long long)info.nodes,
			         (unsigned long long)budgets[i]);
		if (budgets[i] >= 1000 && info.nodes < budgets[i] / 2)
			fail_msg("only %llu nodes of %llu used",
			         (unsigned long long)info.nodes,
			         (unsigned long long)budgets[i]);
	}
	player_destroy(p);
}

static void test_depth_budget(void **state)
{
	(void)state;
	Board b;
	load(&b, 15, RULE_FREESTYLE, BLACK, middle, NULL);
	Player *p = make();
	uint64_t last = 0;
	for (int depth = 1; depth <= 4; depth++) {
		Budget budget = {.depth = depth};
		MoveInfo info;
		player_choose(p, &b, &budget, &info);
		assert_int_equal(info.depth, depth);
		assert_true(info.nodes > last);
		assert_true(info.pv_len >= 1);
		last = info.nodes;
	}
	player_destroy(p);
}

static void test_time_budget(void **state)
{
	(void)state;
	Board b;
	load(&b, 15, RULE_FREESTYLE, BLACK, middle, NULL);
	Player *p = make();
	static const int64_t limits[] = {20, 100};
	for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
		Budget budget = {.ms = limits[i]};
		MoveInfo info;
		double t0 = clock_ms();
		int m = player_choose(p, &b, &budget, &info);
		double spent = clock_ms() - t0;
		assert_true(board_empty_at(&b, m));
		/* The clock is read every 256 nodes, well under a millisecond. */
		if (spent > (double)limits[i] + 25)
			fail_msg("%.1f ms for a budget of %lld ms", spent,
			         (long long)limits[i]);
		/* With no time to save it searches on to the hard stop (a
		 * margin of 3 ms + 5% before the limit): nothing is proven
		 * here, so no iteration ends the move early. */
		if (spent < 0.75 * (double)limits[i])
			fail_msg("%.1f ms of a budget of %lld ms (depth %d, score %d)",
			         spent, (long long)limits[i], info.depth, info.score);
		assert_true(info.depth >= 1);
	}
	player_destroy(p);
}

/* Whole games against the random player: only legal moves, renju black
 * never on a forbidden point, and alphabeta wins every one. */
static void play_random(int size, Rule rule, Color ab_colour, uint64_t seed)
{
	ParamSet rps;
	char err[ERR_LEN];
	param_defaults(&rps, player_random.params, player_random.nparams);
	Player *pl[2];
	pl[ab_colour] = make();
	pl[ab_colour ^ 1] = player_create(&player_random, &rps, seed, err, sizeof err);
	assert_non_null(pl[ab_colour ^ 1]);
	Board b;
	board_init(&b, size, rule);
	player_new_game(pl[0], size, rule);
	player_new_game(pl[1], size, rule);
	const Budget budget = {.nodes = 3000};
	Outcome o = OUTCOME_NONE;
	Color mover = BLACK;
	while (!board_full(&b)) {
		mover = b.to_move;
		int m = player_choose(pl[mover], &b, &budget, NULL);
		if (!board_empty_at(&b, m))
			fail_msg("illegal move after %d stones", b.count);
		if (rule == RULE_RENJU && mover == BLACK && rules_is_forbidden(&b, m))
			fail_msg("%s black played a forbidden point after %d stones",
			         pl[mover]->type->name, b.count);
		o = rules_outcome(&b, m);
		board_play(&b, m);
		if (o != OUTCOME_NONE)
			break;
	}
	if (o != OUTCOME_WIN || mover != ab_colour)
		fail_msg("%dx%d %s, alphabeta %s: did not win (%d stones)", size, size,
		         rule_name(rule), ab_colour == BLACK ? "black" : "white", b.count);
	player_destroy(pl[0]);
	player_destroy(pl[1]);
}

static void test_games_vs_random(void **state)
{
	(void)state;
	static const int sizes[] = {15, 20};
	uint64_t seed = 1;
	for (size_t i = 0; i < 2; i++)
		for (Rule rule = RULE_FREESTYLE; rule < RULE_COUNT; rule++)
			for (int colour = BLACK; colour <= WHITE; colour++)
				play_random(sizes[i], rule, (Color)colour, seed++);
}

static void test_params(void **state)
{
	(void)state;
	ParamSet ps;
	char err[ERR_LEN];
	param_defaults(&ps, player_alphabeta.params, player_alphabeta.nparams);
	assert_int_equal(param_set(&ps, "live_three", "-1", err, sizeof err), -1);
	assert_non_null(strstr(err, "live_three"));
	assert_int_equal(param_set(&ps, "open_four", "12.5", err, sizeof err), -1);
	assert_int_equal(param_set(&ps, "ratio", "x", err, sizeof err), -1);
	assert_int_equal(param_set(&ps, "hash_mb", "0", err, sizeof err), -1);
	assert_int_equal(param_set(&ps, "distance", "5", err, sizeof err), -1);
	assert_int_equal(param_set(&ps, "dpeth", "4", err, sizeof err), -1);
	assert_non_null(strstr(err, "dpeth"));
	assert_int_equal(param_set(&ps, "ratio", "0.5", err, sizeof err), 0);
	assert_int_equal(param_set(&ps, "hash_mb", "1", err, sizeof err), 0);
	assert_int_equal(param_set(&ps, "sleeping_three", "700", err, sizeof err), 0);
	/* The defaults: Texel-fitted twos, threes, point classes and ratio,
	 * the published fours and five. */
	static const struct {
		const char *name;
		double value;
	} defaults[] = {
	    {"live_two", 313},     {"split_three", 151},        {"sleeping_three", 927},
	    {"live_three", 10909}, {"split_live_three", 12786}, {"four", 5000},
	    {"split_four", 5000},  {"open_four", 50000},        {"five", 99999999},
	    {"ratio", 0.556635},   {"cell_double_two", 546},    {"cell_open_three", 2406},
	    {"cell_four", 2954},   {"cell_double_three", 4396}, {"cell_four_three", 24323},
	    {"cell_win", 13703},
	};
	ParamSet def;
	param_defaults(&def, player_alphabeta.params, player_alphabeta.nparams);
	for (size_t i = 0; i < sizeof defaults / sizeof defaults[0]; i++) {
		int k = param_find(&def, defaults[i].name);
		assert_true(k >= 0);
		assert_true(def.v[k] == defaults[i].value);
	}
	Player *p = player_create(&player_alphabeta, &ps, 1, err, sizeof err);
	assert_non_null(p);
	player_destroy(p);
}

/* The time manager's factors (time_*): their defaults are timeman's,
 * their ranges are checked, and set ones reach the search's plan of a
 * move on a clock. */
static void test_time_params(void **state)
{
	(void)state;
	ParamSet ps;
	char err[ERR_LEN];
	param_defaults(&ps, player_alphabeta.params, player_alphabeta.nparams);
	TimeFactors def = timeman_factors_default(), f = ab_time_factors(&ps);
	assert_memory_equal(&def, &f, sizeof f);
	assert_int_equal(param_set(&ps, "time_extend", "-1", err, sizeof err), -1);
	assert_string_equal(err, "-1 is out of range; time_extend: number in [1, 10] "
	                         "(default 3)");
	assert_int_equal(param_set(&ps, "time_empty_per_move", "0", err, sizeof err), -1);
	assert_non_null(strstr(err, "[2, 60]"));
	assert_int_equal(param_set(&ps, "time_ease", "1.5", err, sizeof err), -1);
	assert_int_equal(param_set(&ps, "time_urgency_threat", "-0.1", err, sizeof err),
	                 -1);
	static const char *const set[][2] = {
	    {"time_empty_per_move", "6"},   {"time_moves_min", "12"},
	    {"time_extend", "4.5"},         {"time_clock_share", "0.4"},
	    {"time_hard_targets", "8"},     {"time_ease", "0.25"},
	    {"time_urgency_threat", "0.8"}, {"time_urgency_attack", "0.1"},
	    {"time_start", "0.4"},
	};
	for (size_t i = 0; i < sizeof set / sizeof set[0]; i++) {
		int k = param_find(&ps, set[i][0]);
		assert_true(k >= 0 && ps.decl[k].tunable && ps.decl[k].omit_default);
		if (param_set(&ps, set[i][0], set[i][1], err, sizeof err) != 0)
			fail_msg("%s", err);
	}
	f = ab_time_factors(&ps);
	assert_true(f.empty_per_move == 6 && f.moves_min == 12 && f.extend == 4.5 &&
	            f.clock_share == 0.4 && f.hard_targets == 8 && f.ease == 0.25 &&
	            f.urgency_threat == 0.8 && f.urgency_attack == 0.1 && f.start == 0.4);

	/* A search with them plans its move with them: 201 empty points are
	 * 33 moves to come at 6 a move, not 16. */
	AbSearch *s = calloc(1, sizeof *s);
	assert_non_null(s);
	void *e = player_alphabeta.eval->create(&ps, RULE_FREESTYLE);
	assert_non_null(e);
	s->eval = e;
	s->tt = ab_tt_create(1 << 20);
	assert_non_null(s->tt);
	s->cfg = (AbConfig){.distance = 2,
	                    .default_depth = 6,
	                    .leaf_vcf = 1,
	                    .prune_moves = 8,
	                    .prune_depth = 3,
	                    .lmr_divisor = 2,
	                    .order_defence = 1,
	                    .order_small = 1,
	                    .order_killer = 150,
	                    .order_near = 12,
	                    .time = f};
	ab_search_init(s);
	Board b;
	load(&b, 15, RULE_FREESTYLE, BLACK, middle, NULL);
	ab_pos_setup(s, &b);
	const Budget clock = {.game_ms = 60000, .time_left = 400};
	MoveInfo info;
	assert_true(board_empty_at(&b, ab_root(s, &clock, &info)));
	TimeMan want, old;
	timeman_plan(&want, &clock, 225 - 24, &f);
	timeman_plan(&old, &clock, 225 - 24, &def);
	assert_true(s->tm.on && !s->tm.spare);
	/* (an iteration started early by time_start brings hard down to
	 * extended) */
	assert_true(s->tm.target == want.target && s->tm.extended == want.extended &&
	            (s->tm.hard == want.hard || s->tm.hard == want.extended));
	assert_true(want.target != old.target && want.extended != old.extended);
	assert_true(s->tm.f.ease == 0.25 && s->tm.f.start == 0.4);
	ab_tt_destroy(s->tt);
	player_alphabeta.eval->destroy(e);
	free(s);
}

/* Shapes on an otherwise empty line score as the published table says. */
static void test_shape_scores(void **state)
{
	(void)state;
	static const struct {
		const char *row; /* the middle row of a 15x15 board */
		int black;       /* black's score, shape-score units */
	} rows[] = {
	    {". . . . . . X X . . . . . . .", 50},
	    {". . . . . X X X . . . . . . .", 5000},
	    {". . . . . X . X X . . . . . .", 5000},
	    {". . . . O X X X . . . . . . .", 500},
	    {". . . . O X X . X . . . . . .", 200},
	    {". . . . O X X X X . . . . . .", 5000},
	    {". . . . O X X . X X . . . . .", 5000},
	    {". . . . . X X X X . . . . . .", 50000},
	    {". . . . . X X . . . X X . . .", 100},
	    {". . . . . . . . . . . . . . .", 0},
	};
	AbEval e;
	int64_t score[AB_SHAPES] = {50, 200, 500, 5000, 5000, 5000, 5000, 50000, 99999999};
	ab_eval_setup(&e, score, 0.1);
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		char text[16 * 32 * 15];
		text[0] = '\0';
		for (int y = 0; y < 15; y++) {
			strcat(text,
			       y == 7 ? rows[i].row : ". . . . . . . . . . . . . . .");
			strcat(text, "\n");
		}
		Board b;
		load(&b, 15, RULE_FREESTYLE, BLACK, text, NULL);
		int64_t total[2];
		ab_eval_full(&e, &b, total);
		if (ab_eval_score(&e, total, BLACK) != rows[i].black)
			fail_msg("'%s': black %d, want %d", rows[i].row,
			         ab_eval_score(&e, total, BLACK), rows[i].black);
		/* From white's side the same shapes weigh a tenth, negated. */
		assert_int_equal(ab_eval_score(&e, total, WHITE), -(rows[i].black / 10));
	}
}

/* The search's incremental state (evaluation totals, four sets) equals a
 * recount after every play and every undo, under every rule. */
static void test_incremental_state(void **state)
{
	(void)state;
	AbSearch *s = calloc(1, sizeof *s);
	assert_non_null(s);
	AbEval e;
	int64_t score[AB_SHAPES] = {50, 200, 500, 5000, 5000, 5000, 5000, 50000, 99999999};
	ab_eval_setup(&e, score, 0.1);
	s->eval = &e;
	s->tt = ab_tt_create(1 << 20);
	assert_non_null(s->tt);
	s->cfg.distance = 2;
	Rng r;
	rng_seed(&r, 5);
	for (Rule rule = RULE_FREESTYLE; rule < RULE_COUNT; rule++) {
		ab_eval_rule(&e, rule);
		for (int game = 0; game < 20; game++) {
			Board b;
			board_init(&b, game % 2 ? 15 : 9, rule);
			ab_pos_setup(s, &b);
			int plies = 0;
			while (plies < 60 && !board_full(&s->b)) {
				int p = board_point((int)rng_below(&r, (uint32_t)b.size),
				                    (int)rng_below(&r, (uint32_t)b.size));
				if (!board_empty_at(&s->b, p))
					continue;
				ab_play(s, p);
				plies++;
				AbSearch *fresh = malloc(sizeof *fresh);
				assert_non_null(fresh);
				fresh->eval = &e;
				fresh->tt = s->tt;
				fresh->cfg.distance = 2;
				ab_pos_setup(fresh, &s->b);
				const AbFrame *f = &s->frame[s->ply], *g = &fresh->frame[0];
				assert_memory_equal(f->total, g->total, sizeof f->total);
				assert_memory_equal(f->four, g->four, sizeof f->four);
				assert_memory_equal(f->near, g->near, sizeof f->near);
				assert_memory_equal(f->occ, g->occ, sizeof f->occ);
				free(fresh);
			}
			while (s->ply > 0)
				ab_undo(s);
			assert_int_equal(s->b.count, 0);
		}
	}
	ab_tt_destroy(s->tt);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_win_in_one),
	    cmocka_unit_test(test_blocks_four),
	    cmocka_unit_test(test_blocks_open_three),
	    cmocka_unit_test(test_open_four_is_lost),
	    cmocka_unit_test(test_vcf),
	    cmocka_unit_test(test_own_vcf),
	    cmocka_unit_test(test_renju_no_forbidden),
	    cmocka_unit_test(test_deterministic),
	    cmocka_unit_test(test_order_params),
	    cmocka_unit_test(test_node_budget),
	    cmocka_unit_test(test_depth_budget),
	    cmocka_unit_test(test_time_budget),
	    cmocka_unit_test(test_games_vs_random),
	    cmocka_unit_test(test_params),
	    cmocka_unit_test(test_time_params),
	    cmocka_unit_test(test_shape_scores),
	    cmocka_unit_test(test_incremental_state),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
