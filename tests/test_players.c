/* test_players.c - the contract every registered player keeps. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "diagram.h"
#include "registry.h"
#include "rules.h"

/* Small budgets keep the suite quick; every limit is still exercised. */
static const Budget quick = {.nodes = 3000};

static Player *make(const PlayerType *t, uint64_t seed)
{
	ParamSet ps;
	char err[256];
	param_defaults(&ps, t->params, t->nparams);
	Player *p = player_create(t, &ps, seed, err, sizeof err);
	if (!p)
		fail_msg("%s: %s", t->name, err);
	return p;
}

/* Plays a whole game; every move must be legal, and under renju black must
 * never choose a forbidden point. Returns the number of stones played. */
static int play_game(const PlayerType *tb, const PlayerType *tw, int size, Rule rule,
                     uint64_t seed)
{
	Player *pl[2] = {make(tb, seed), make(tw, seed + 1)};
	Board b;
	board_init(&b, size, rule);
	player_new_game(pl[0], size, rule);
	player_new_game(pl[1], size, rule);
	while (!board_full(&b)) {
		MoveInfo info;
		Color c = b.to_move;
		int m = player_choose(pl[c], &b, &quick, &info);
		if (!board_empty_at(&b, m))
			fail_msg("%s (%s) returned an illegal point after %d stones",
			         pl[c]->type->name, c == BLACK ? "black" : "white",
			         b.count);
		assert_int_equal(info.move, m);
		if (rule == RULE_RENJU && c == BLACK && rules_is_forbidden(&b, m)) {
			/* Allowed only when every empty point is forbidden. */
			bool other = false;
			for (int p = 0; p < BOARD_CELLS && !other; p++)
				other = board_empty_at(&b, p) && !rules_is_forbidden(&b, p);
			if (other)
				fail_msg("%s played a forbidden point as black",
				         pl[c]->type->name);
		}
		Outcome o = rules_outcome(&b, m);
		board_play(&b, m);
		if (o != OUTCOME_NONE)
			break;
	}
	player_destroy(pl[0]);
	player_destroy(pl[1]);
	return b.count;
}

static void every_pair_plays_complete_games(void **state)
{
	(void)state;
	int n;
	const PlayerType *const *all = registry_all(&n);
	static const int sizes[] = {15, 20};
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			for (int r = 0; r < RULE_COUNT; r++)
				for (int s = 0; s < 2; s++)
					assert_true(
					    play_game(all[i], all[j], sizes[s], (Rule)r,
					              (uint64_t)(i * 100 + j * 10 + r)) >
					    0);
}

/* A mid-game position with threats for both sides. */
static const char *const midgame = "...............\n"
                                   "...............\n"
                                   "...............\n"
                                   "...............\n"
                                   "......O........\n"
                                   "......XO.......\n"
                                   ".....XXXO......\n"
                                   "......OX.......\n"
                                   ".....X.O.......\n"
                                   "...............\n"
                                   "...............\n"
                                   "...............\n"
                                   "...............\n"
                                   "...............\n"
                                   "...............\n";

static void same_seed_same_move(void **state)
{
	(void)state;
	int n;
	const PlayerType *const *all = registry_all(&n);
	Board b;
	char err[128];
	assert_int_equal(
	    diagram_load(&b, 15, RULE_FREESTYLE, BLACK, midgame, NULL, err, sizeof err), 0);
	for (int i = 0; i < n; i++) {
		Player *p1 = make(all[i], 42), *p2 = make(all[i], 42);
		player_new_game(p1, 15, RULE_FREESTYLE);
		player_new_game(p2, 15, RULE_FREESTYLE);
		for (int k = 0; k < 3; k++) {
			MoveInfo a, c;
			int m1 = player_choose(p1, &b, &quick, &a);
			int m2 = player_choose(p2, &b, &quick, &c);
			if (m1 != m2 || a.nodes != c.nodes)
				fail_msg("%s: same seed, different answers", all[i]->name);
		}
		player_destroy(p1);
		player_destroy(p2);
	}
}

static void budgets_are_respected(void **state)
{
	(void)state;
	int n;
	const PlayerType *const *all = registry_all(&n);
	Board b;
	char err[128];
	assert_int_equal(
	    diagram_load(&b, 15, RULE_FREESTYLE, BLACK, midgame, NULL, err, sizeof err), 0);
	for (int i = 0; i < n; i++) {
		Player *p = make(all[i], 7);
		player_new_game(p, 15, RULE_FREESTYLE);
		MoveInfo info;

		unsigned kinds = all[i]->budgets;
		/* Nodes: at most the budget plus a tenth (a search finishes the
		 * node it is in; a VCF check may finish its line). */
		Budget nodes = {.nodes = 20000};
		player_choose(p, &b, &nodes, &info);
		if ((kinds & BUDGET_NODES) && info.nodes > 22000)
			fail_msg("%s: %llu nodes for a budget of 20000", all[i]->name,
			         (unsigned long long)info.nodes);

		/* Depth: a player that honours depth reports no more than asked. */
		Budget depth = {.depth = 2};
		player_choose(p, &b, &depth, &info);
		if (kinds & BUDGET_DEPTH)
			assert_true(info.depth <= 2);

		/* Time: 100 ms a move, with room for a loaded machine. */
		Budget time = {.ms = 100};
		double t0 = clock_ms();
		int m = player_choose(p, &b, &time, &info);
		double spent = clock_ms() - t0;
		assert_true(board_empty_at(&b, m));
		if (spent > 600)
			fail_msg("%s: %.0f ms for a 100 ms budget", all[i]->name, spent);

		/* A game clock with 100 ms left (of 10 s): the move shares it
		 * with the moves to come, with room for a loaded machine. */
		Budget clock = {.game_ms = 10000, .time_left = 100};
		t0 = clock_ms();
		m = player_choose(p, &b, &clock, &info);
		spent = clock_ms() - t0;
		assert_true(board_empty_at(&b, m));
		if (spent > 600)
			fail_msg("%s: %.0f ms with 100 ms on the clock", all[i]->name,
			         spent);
		player_destroy(p);
	}
}

/* Black to move can win at once (row 8: four in a row); white also
 * threatens five, so a player that does not see its own win blocks. */
static const char *const win_in_one = "...............\n"
                                      "...............\n"
                                      "...............\n"
                                      "...............\n"
                                      "...............\n"
                                      "...............\n"
                                      "..O.OOOO.......\n"
                                      "....XXXX.......\n"
                                      "...............\n"
                                      "...............\n"
                                      "...............\n"
                                      "...............\n"
                                      "...............\n"
                                      "...............\n"
                                      "...............\n";

/* White has four in a column with one five point (*): black must block. */
static const char *const block_four = "...............\n"
                                      "...............\n"
                                      "...............\n"
                                      "......X........\n"
                                      "......O........\n"
                                      "......O.X......\n"
                                      "......O..X.....\n"
                                      "......O........\n"
                                      "......*........\n"
                                      "...............\n"
                                      "....X..........\n"
                                      "...............\n"
                                      "...............\n"
                                      "...............\n"
                                      "...............\n";

/* Every player but the pure defender takes a win in one; every player
 * blocks a four it cannot answer with a five of its own. */
static void tactics(void **state)
{
	(void)state;
	int n;
	const PlayerType *const *all = registry_all(&n);
	for (int r = 0; r < RULE_COUNT; r++)
		for (int i = 0; i < n; i++) {
			if (!strcmp(all[i]->name, "random"))
				continue; /* plays at random by design */
			Board b;
			DiagramMarks m;
			char err[128];
			Player *p = make(all[i], 3);
			player_new_game(p, 15, (Rule)r);
			assert_int_equal(diagram_load(&b, 15, (Rule)r, BLACK, win_in_one,
			                              NULL, err, sizeof err),
			                 0);
			int mv = player_choose(p, &b, &quick, NULL);
			/* naive (default mode) only defends, as published. */
			bool wins = board_empty_at(&b, mv) &&
			            board_threat(&b, mv, BLACK) == THREAT_FIVE;
			if (!wins && strcmp(all[i]->name, "naive") != 0)
				fail_msg("%s (%s): no win in one", all[i]->name,
				         rule_name((Rule)r));
			assert_int_equal(diagram_load(&b, 15, (Rule)r, BLACK, block_four,
			                              &m, err, sizeof err),
			                 0);
			mv = player_choose(p, &b, &quick, NULL);
			if (mv != m.point[0])
				fail_msg("%s (%s): did not block the four", all[i]->name,
				         rule_name((Rule)r));
			player_destroy(p);
		}
}

static void registry_names_are_unique_and_found(void **state)
{
	(void)state;
	int n;
	const PlayerType *const *all = registry_all(&n);
	assert_true(n >= 1);
	for (int i = 0; i < n; i++) {
		assert_ptr_equal(registry_find(all[i]->name), all[i]);
		assert_non_null(all[i]->help);
		/* Every declared default lies in its range. */
		for (int k = 0; k < all[i]->nparams; k++) {
			const ParamDecl *d = &all[i]->params[k];
			assert_true(d->def >= d->min && d->def <= d->max);
		}
	}
	assert_null(registry_find("no-such-player"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(registry_names_are_unique_and_found),
	    cmocka_unit_test(same_seed_same_move),
	    cmocka_unit_test(tactics),
	    cmocka_unit_test(budgets_are_respected),
	    cmocka_unit_test(every_pair_plays_complete_games),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
