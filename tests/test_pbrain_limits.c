/* test_pbrain_limits.c - the engine's limits from the manager: INFO
 * max_node and max_depth (Yixin-Board) give the moves the player makes in
 * process with that budget and stop before the clock when they come first,
 * the clock stops them when it comes first; INFO max_memory lowers the
 * memory parameters so the tables fit. (The resident size itself is
 * measured on real processes by test_pbrain_engines.) */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "pbrain_test.h"

/* The moves of type with budget in process, after BEGIN and then after
 * each of the opponent's stones theirs[0..n-1], as "x,y" lines. */
static void in_process(const char *type, const Budget *budget, const int (*theirs)[2],
                       int n, char out[][16])
{
	PbrainOptions o = pt_options(type, NULL);
	char err[PT_ERR_LEN];
	Player *p = player_create(o.type, &o.params, o.seed, err, sizeof err);
	assert_non_null(p);
	player_new_game(p, 15, RULE_FREESTYLE);
	Board b;
	board_init(&b, 15, RULE_FREESTYLE);
	for (int i = 0; i <= n; i++) {
		int m = player_choose(p, &b, budget, NULL);
		snprintf(out[i], 16, "%d,%d", point_x(m), point_y(m));
		board_play(&b, m);
		if (i < n)
			board_play(&b, board_point(theirs[i][0], theirs[i][1]));
	}
	player_destroy(p);
}

static const int theirs[3][2] = {{8, 8}, {6, 9}, {9, 5}};
static const char *const game = "BEGIN\nTURN 8,8\nTURN 6,9\nTURN 9,5\nEND\n";

static void expect_same_moves(const char *type, const char *info, const Budget *budget)
{
	char script[256], want[4][16], *line[PT_MAX_LINES];
	snprintf(script, sizeof script, "START 15\n%s%s", info, game);
	PbrainOptions o = pt_options(type, NULL);
	char *out = pt_run(&o, script);
	assert_int_equal(pt_lines(out, line), 5);
	in_process(type, budget, theirs, 3, want);
	for (int i = 0; i < 4; i++)
		if (strcmp(line[i + 1], want[i]) != 0)
			fail_msg("%s with %s: move %d is %s, in process %s", type, info, i,
			         line[i + 1], want[i]);
	free(out);
}

/* The case: pbrain-alphabeta told INFO max_node 20000 plays what
 * alphabeta plays in process with 20000 nodes; the clock (30 s a move by
 * default) never comes first. Likewise depth, and mcts's playouts. */
static void max_node_and_max_depth_give_the_in_process_moves(void **state)
{
	(void)state;
	expect_same_moves("alphabeta", "INFO max_node 20000\n", &(Budget){.nodes = 20000});
	expect_same_moves("alphabeta", "INFO max_depth 3\n", &(Budget){.depth = 3});
	expect_same_moves("alphabeta", "INFO max_node 5000\nINFO max_depth 2\n",
	                  &(Budget){.nodes = 5000, .depth = 2});
	expect_same_moves("mcts", "info MAX_NODE 700\n", &(Budget){.nodes = 700});
	/* 0 means none again: then the command line's budget holds. */
	char script[256], want[4][16], *line[PT_MAX_LINES];
	snprintf(script, sizeof script, "START 15\nINFO max_node 99\nINFO max_node 0\n%s",
	         game);
	PbrainOptions o = pt_options("mcts", NULL);
	o.nodes = 300;
	char *out = pt_run(&o, script);
	assert_int_equal(pt_lines(out, line), 5);
	in_process("mcts", &(Budget){.nodes = 300}, theirs, 3, want);
	for (int i = 0; i < 4; i++)
		assert_string_equal(line[i + 1], want[i]);
	free(out);
}

/* A node budget no search reaches in time: the clock stops the move. */
static void the_clock_stops_a_large_node_budget(void **state)
{
	(void)state;
	const char *types[] = {"alphabeta", "mcts"};
	for (int t = 0; t < 2; t++) {
		PbrainOptions o = pt_options(types[t], NULL);
		o.verbose = true;
		double t0 = clock_ms();
		char *out = pt_run(
		         &o, "START 15\nINFO timeout_turn 300\nINFO max_node "
		             "1000000000000\nINFO max_depth 99\nBEGIN\nTURN 8,8\nEND\n"),
		     *line[PT_MAX_LINES];
		double ms = clock_ms() - t0;
		assert_int_equal(pt_lines(out, line), 5);
		/* 300 ms a move gives a budget of 270 ms (less a move's
		 * overhead), which the player's time manager keeps under: two
		 * moves in about half a second, far from what a trillion nodes
		 * would take. */
		if (ms > 3000)
			fail_msg("%s took %.0f ms", types[t], ms);
		assert_non_null(strstr(line[3], " budget 270 ms"));
		free(out);
	}
}

static double value_of(const ParamSet *ps, const char *name)
{
	int i = param_find(ps, name);
	assert_true(i >= 0);
	return ps->v[i];
}

/* 10 MB leaves 4 MB of tables: alphabeta's 3 MB table and its solver's
 * 1 MB, mcts's 4 MB pool. Other limits, and types without tables. */
static void max_memory_lowers_the_memory_parameters(void **state)
{
	(void)state;
	const PlayerType *ab = registry_find("alphabeta"), *mc = registry_find("mcts");
	ParamSet def_ab, def_mc, ps;
	param_defaults(&def_ab, ab->params, ab->nparams);
	param_defaults(&def_mc, mc->params, mc->nparams);
	pbrain_memory_params(ab, &def_ab, 10485760, &ps);
	assert_true(value_of(&ps, "hash_mb") == 3);
	pbrain_memory_params(mc, &def_mc, 10485760, &ps);
	assert_true(value_of(&ps, "nodes_mb") == 4);
	/* No limit, or one the defaults fit in: unchanged. */
	pbrain_memory_params(ab, &def_ab, 0, &ps);
	assert_true(value_of(&ps, "hash_mb") == 16);
	pbrain_memory_params(ab, &def_ab, (int64_t)1 << 30, &ps);
	assert_true(value_of(&ps, "hash_mb") == 16);
	pbrain_memory_params(mc, &def_mc, 80 << 20, &ps);
	assert_true(value_of(&ps, "nodes_mb") == 64);
	/* 24 MB leaves 18: alphabeta's default 16 MB and its 2 MB solver. */
	pbrain_memory_params(ab, &def_ab, 24 << 20, &ps);
	assert_true(value_of(&ps, "hash_mb") == 16);
	pbrain_memory_params(ab, &def_ab, (24 << 20) - 1, &ps);
	assert_true(value_of(&ps, "hash_mb") == 15);
	/* Less than the engine itself needs: the smallest tables. */
	pbrain_memory_params(ab, &def_ab, 1000, &ps);
	assert_true(value_of(&ps, "hash_mb") == 1);
	pbrain_memory_params(mc, &def_mc, 1000, &ps);
	assert_true(value_of(&ps, "nodes_mb") == 0);
	/* Values set below the limit's are kept; parameters of another type
	 * are replaced by this type's defaults. */
	ParamSet small = def_mc;
	param_set_value(&small, param_find(&small, "nodes_mb"), 1.5);
	pbrain_memory_params(mc, &small, 10485760, &ps);
	assert_true(value_of(&ps, "nodes_mb") == 1.5);
	pbrain_memory_params(mc, &def_ab, 10485760, &ps);
	assert_true(ps.decl == mc->params);
	assert_true(value_of(&ps, "nodes_mb") == 4);
	const PlayerType *w = registry_find("weighted");
	ParamSet def_w;
	param_defaults(&def_w, w->params, w->nparams);
	pbrain_memory_params(w, &def_w, 1000, &ps);
	assert_memory_equal(ps.v, def_w.v, sizeof ps.v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(max_node_and_max_depth_give_the_in_process_moves),
	    cmocka_unit_test(the_clock_stops_a_large_node_budget),
	    cmocka_unit_test(max_memory_lowers_the_memory_parameters),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
