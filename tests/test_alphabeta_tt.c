/* test_alphabeta_tt.c - alphabeta's transposition table kept from move to
 * move of a game (tt_keep): which entries a search sees, that a kept table
 * saves nodes down its principal variation, and that games stay a function
 * of their moves and budgets (a reused instance plays what a fresh one
 * plays). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ab_tt.h"
#include "registry.h"
#include "rules.h"

enum { PLIES = 24, NODES = 6000, DEPTH = 5 };

static Player *make(int tt_keep)
{
	ParamSet ps;
	char err[256];
	param_defaults(&ps, player_alphabeta.params, player_alphabeta.nparams);
	if (param_set(&ps, "tt_keep", tt_keep ? "1" : "0", err, sizeof err) != 0)
		fail_msg("%s", err);
	Player *p = player_create(&player_alphabeta, &ps, 1, err, sizeof err);
	if (!p)
		fail_msg("%s", err);
	return p;
}

/* Plays PLIES plies from the stones of opening (x, y pairs, -1 ends) with
 * pl[BLACK] and pl[WHITE] (new_game first unless skip_new_game) at NODES a
 * move: the moves into moves, each mover's info into info. */
static void play(Player *pl[2], const int *opening, bool skip_new_game, int moves[PLIES],
                 MoveInfo info[PLIES])
{
	Board b;
	board_init(&b, 15, RULE_FREESTYLE);
	for (int i = 0; opening[i] >= 0; i += 2)
		board_play(&b, board_point(opening[i], opening[i + 1]));
	if (!skip_new_game) {
		player_new_game(pl[BLACK], 15, RULE_FREESTYLE);
		player_new_game(pl[WHITE], 15, RULE_FREESTYLE);
	}
	const Budget budget = {.nodes = NODES};
	for (int i = 0; i < PLIES; i++) {
		int m = player_choose(pl[b.to_move], &b, &budget, &info[i]);
		assert_true(board_empty_at(&b, m));
		moves[i] = m;
		Outcome o = rules_outcome(&b, m);
		board_play(&b, m);
		if (o != OUTCOME_NONE) {
			for (i++; i < PLIES; i++)
				moves[i] = POINT_NONE;
			return;
		}
	}
}

static const int opening_a[] = {7, 7, 8, 6, 8, 8, -1};
static const int opening_b[] = {7, 7, 6, 8, 9, 9, 6, 6, -1};

/* Entries stay visible through searches that keep the table and vanish
 * at a fresh start; the generation's wrap-around clears everything. */
static void table_keeps_what_a_fresh_start_drops(void **state)
{
	(void)state;
	AbTT *t = ab_tt_create(1 << 16);
	assert_non_null(t);
	ab_tt_new_search(t, false);
	ab_tt_store(t, 0x1234567800000001ull, 5, 42, AB_BOUND_EXACT, 17);
	ab_tt_new_search(t, true);
	const AbTTEntry *e = ab_tt_probe(t, 0x1234567800000001ull);
	assert_non_null(e);
	assert_int_equal(e->score, 42);
	assert_int_equal(e->move, 17);
	ab_tt_new_search(t, true);
	assert_non_null(ab_tt_probe(t, 0x1234567800000001ull));
	ab_tt_new_search(t, false);
	assert_null(ab_tt_probe(t, 0x1234567800000001ull));
	/* Through 65536 generations, kept all along: the wrap clears. */
	ab_tt_store(t, 0x1234567800000002ull, 3, 7, AB_BOUND_LOWER, 5);
	for (int i = 0; i < 70000; i++) {
		ab_tt_new_search(t, true);
		if (i < 65000)
			assert_non_null(ab_tt_probe(t, 0x1234567800000002ull));
	}
	assert_null(ab_tt_probe(t, 0x1234567800000002ull));
	ab_tt_destroy(t);
}

/* A search two plies down the principal variation of a deeper one: the
 * kept table holds the new root's subtree to the depth asked, so the same
 * depth costs far fewer nodes than afresh. (How deep a node budget goes
 * over a whole game is too coarse a measure of this: games can tie.) */
static void a_kept_table_answers_down_its_pv(void **state)
{
	(void)state;
	const int *openings[] = {opening_a, opening_b};
	for (int k = 0; k < 2; k++) {
		Board b;
		board_init(&b, 15, RULE_FREESTYLE);
		for (int i = 0; openings[k][i] >= 0; i += 2)
			board_play(&b, board_point(openings[k][i], openings[k][i + 1]));
		Player *kept = make(1), *fresh = make(0);
		player_new_game(kept, 15, RULE_FREESTYLE);
		player_new_game(fresh, 15, RULE_FREESTYLE);
		MoveInfo deep, again, anew;
		player_choose(kept, &b, &(Budget){.depth = DEPTH + 2}, &deep);
		assert_true(deep.pv_len >= 2);
		board_play(&b, deep.pv[0]);
		board_play(&b, deep.pv[1]);
		player_choose(kept, &b, &(Budget){.depth = DEPTH}, &again);
		player_choose(fresh, &b, &(Budget){.depth = DEPTH}, &anew);
		if (again.nodes * 10 > anew.nodes * 9)
			fail_msg("opening %d: %" PRIu64 " nodes kept, %" PRIu64 " afresh",
			         k, again.nodes, anew.nodes);
		player_destroy(kept);
		player_destroy(fresh);
	}
}

/* Instances that played another game (new_game between) or were asked
 * about an unrelated position (no continuation) play what new ones play. */
static void games_depend_on_their_own_moves_only(void **state)
{
	(void)state;
	int want[PLIES], got[PLIES];
	MoveInfo wi[PLIES], gi[PLIES];
	Player *pl[2] = {make(1), make(1)};
	play(pl, opening_b, false, want, wi);
	player_destroy(pl[0]);
	player_destroy(pl[1]);

	pl[0] = make(1), pl[1] = make(1);
	play(pl, opening_a, false, got, gi);
	play(pl, opening_b, false, got, gi);
	assert_memory_equal(got, want, sizeof want);
	for (int i = 0; i < PLIES && want[i] != POINT_NONE; i++)
		assert_int_equal(gi[i].nodes, wi[i].nodes);

	/* No new_game: opening_b's position is no continuation of the last
	 * game's, so the table starts afresh all the same. */
	play(pl, opening_a, false, got, gi);
	play(pl, opening_b, true, got, gi);
	assert_memory_equal(got, want, sizeof want);
	player_destroy(pl[0]);
	player_destroy(pl[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(table_keeps_what_a_fresh_start_drops),
	    cmocka_unit_test(a_kept_table_answers_down_its_pv),
	    cmocka_unit_test(games_depend_on_their_own_moves_only),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
