/* test_threat_sets.c - the threat solver on the fixed position sets of
 * tests/data/solver/ (README there says how they were made): no win ever
 * claimed where there is none, every win claimed anywhere verified by the
 * independent check (threat_check.c: every defence the rules allow), and
 * floors on the wins found at a fixed node budget. The searches are
 * deterministic, so the counts are exact; the floors sit a little under
 * them so that a change of move order that loses a position or two shows
 * in tests/bench_solver.sh before it fails here. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>

#include "rng.h"
#include "rules.h"
#include "threat.h"
#include "threat_check.h"

enum { TABLE_BYTES = 16u << 20, BUDGET = 100000 };

/* Wins found at BUDGET nodes when the sets were made (60/60, 58/60 and
 * 26/66; bench_solver.sh prints the counts at any budget), less about 5%.
 * A budget below the benchmark's million keeps the test short (CI runs it
 * under the sanitizers too). */
enum { SHORT_FLOOR = 57, MEDIUM_FLOOR = 55, LONG_FLOOR = 24 };

typedef struct {
	int found, verified, positions;
} SetResult;

/* Solves every position of the set at BUDGET nodes and checks every win
 * claimed; the no-win set (plies 0) must have none. */
static SetResult run_set(const char *set)
{
	char path[1024], err[300];
	snprintf(path, sizeof path, "%s/%s.txt", SOLVER_DATA, set);
	CheckPosition *pos;
	int n = check_load_set(path, &pos, err, sizeof err);
	if (n <= 0)
		fail_msg("%s", n < 0 ? err : "an empty set");
	Solver *s = solver_create(TABLE_BYTES);
	assert_non_null(s);
	SetResult res = {0, 0, n};
	for (int i = 0; i < n; i++) {
		solver_clear(s);
		SolveResult r;
		Board before = pos[i].board;
		solver_solve(s, &pos[i].board, pos[i].kind, SOLVE_LINE_MAX / 2, BUDGET, &r);
		assert_true(pos[i].board.hash == before.hash);
		if (!r.win)
			continue;
		if (pos[i].plies == 0)
			fail_msg("%s %s: a win claimed on the no-win set", set,
			         pos[i].name);
		res.found++;
		CheckSolver cs = {s, pos[i].kind, 4000000};
		CheckStats st = {0, 0, 2000000};
		if (!check_win(&pos[i].board, (r.len + 1) / 2, check_solver_oracle, &cs,
		               &st, err, sizeof err))
			fail_msg("%s %s: the win claimed in %d plies fails the check: %s",
			         set, pos[i].name, r.len, err);
		res.verified++;
		/* The sets' reference lines are the shortest known: no shorter
		 * one can be proven. */
		assert_true(r.len >= pos[i].plies || !r.shortest);
	}
	print_message("%s: %d/%d found at %d nodes, all verified\n", set, res.found, n,
	              BUDGET);
	solver_destroy(s);
	free(pos);
	return res;
}

/* An oracle that answers with the first empty point: no strategy. */
static int first_empty(void *ctx, Board *b, int moves)
{
	(void)ctx;
	(void)moves;
	for (int p = 0; p < BOARD_CELLS; p++)
		if (b->cell[p] == CELL_EMPTY)
			return p;
	return POINT_NONE;
}

/* The check is no formality: it refuses a win claimed in fewer moves than
 * the position needs, and a strategy that does not win. */
static void test_check_refuses(void **state)
{
	(void)state;
	char path[1024], err[300];
	snprintf(path, sizeof path, "%s/medium.txt", SOLVER_DATA);
	CheckPosition *pos;
	int n = check_load_set(path, &pos, err, sizeof err);
	assert_true(n > 0);
	Solver *s = solver_create(TABLE_BYTES);
	for (int i = 0; i < n && i < 10; i++) {
		SolveResult r;
		solver_clear(s);
		solver_solve(s, &pos[i].board, pos[i].kind, SOLVE_LINE_MAX / 2, 0, &r);
		assert_int_equal(r.win, 1);
		assert_int_equal(r.shortest, 1);
		int moves = (r.len + 1) / 2;
		CheckSolver cs = {s, pos[i].kind, 4000000};
		CheckStats st = {0, 0, 2000000};
		Board b = pos[i].board;
		assert_true(
		    check_win(&b, moves, check_solver_oracle, &cs, &st, err, sizeof err));
		assert_true(st.defence_nodes >= (uint64_t)moves - 1);
		st = (CheckStats){0, 0, 2000000};
		assert_false(check_win(&b, moves - 1, check_solver_oracle, &cs, &st, err,
		                       sizeof err));
		st = (CheckStats){0, 0, 2000000};
		assert_false(check_win(&b, moves, first_empty, NULL, &st, err, sizeof err));
		assert_true(b.hash == pos[i].board.hash);
	}
	solver_destroy(s);
	free(pos);
}

/* Random stones in the middle of a 15x15 board, alternating colours, no
 * five on offer to the side to move and never a five made. */
static void random_position(Board *b, Rng *rng, Rule rule)
{
	board_init(b, 15, rule);
	int stones = 10 + (int)rng_below(rng, 40);
	for (int i = 0; i < stones; i++) {
		int p, tries = 0;
		do {
			p = board_point(3 + (int)rng_below(rng, 9),
			                3 + (int)rng_below(rng, 9));
		} while (++tries < 200 &&
		         (b->cell[p] != CELL_EMPTY || rules_outcome(b, p) != OUTCOME_NONE));
		if (tries >= 200)
			return;
		board_play(b, p);
	}
}

/* Beyond the sets: every VCF and VCT the solver claims on random positions
 * of every rule passes the check. */
static void test_random_wins_verified(void **state)
{
	(void)state;
	Rng rng;
	rng_seed(&rng, 4242);
	Solver *s = solver_create(TABLE_BYTES);
	char err[300];
	int wins[2] = {0, 0};
	for (int rule = 0; rule < RULE_COUNT; rule++)
		for (int i = 0; i < 120; i++) {
			Board b;
			random_position(&b, &rng, (Rule)rule);
			for (int kind = SOLVE_VCF; kind <= SOLVE_VCT; kind++) {
				SolveResult r;
				solver_clear(s);
				solver_solve(s, &b, (SolveKind)kind, SOLVE_LINE_MAX / 2,
				             20000, &r);
				if (!r.win)
					continue;
				wins[kind]++;
				CheckSolver cs = {s, (SolveKind)kind, 4000000};
				CheckStats st = {0, 0, 2000000};
				if (!check_win(&b, (r.len + 1) / 2, check_solver_oracle,
				               &cs, &st, err, sizeof err))
					fail_msg("rule %d position %d kind %d: a win in %d "
					         "plies "
					         "fails the check: %s",
					         rule, i, kind, r.len, err);
			}
		}
	print_message("random positions: %d VCF and %d VCT wins, all verified\n", wins[0],
	              wins[1]);
	assert_true(wins[0] > 30 && wins[1] > wins[0]);
	solver_destroy(s);
}

static void test_no_false_win(void **state)
{
	(void)state;
	SetResult r = run_set("nowin");
	assert_int_equal(r.found, 0);
	assert_true(r.positions >= 40);
}

static void test_short(void **state)
{
	(void)state;
	SetResult r = run_set("short");
	assert_true(r.found >= SHORT_FLOOR);
}

static void test_medium(void **state)
{
	(void)state;
	SetResult r = run_set("medium");
	assert_true(r.found >= MEDIUM_FLOOR);
}

static void test_long(void **state)
{
	(void)state;
	SetResult r = run_set("long");
	assert_true(r.found >= LONG_FLOOR);
}

/* hard.txt is for the benchmark (its long searches would make this test
 * slow): here only that it holds what its README says, 50 VCT wins of 19
 * to 49 plies, the attacker to move without a five on offer (a win in
 * one ply would not be one of 19). */
static void test_hard_set(void **state)
{
	(void)state;
	char path[1024], err[300];
	snprintf(path, sizeof path, "%s/hard.txt", SOLVER_DATA);
	CheckPosition *pos;
	int n = check_load_set(path, &pos, err, sizeof err);
	if (n < 0)
		fail_msg("%s", err);
	assert_int_equal(n, 50);
	for (int i = 0; i < n; i++) {
		assert_int_equal(pos[i].kind, SOLVE_VCT);
		assert_true(pos[i].plies >= 19 && pos[i].plies <= 49);
		assert_int_equal(pos[i].plies % 2, 1);
		for (int p = 0; p < BOARD_CELLS; p++)
			if (pos[i].board.cell[p] == CELL_EMPTY)
				assert_false(
				    check_five(&pos[i].board, p, pos[i].board.to_move));
	}
	free(pos);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_check_refuses),
	    cmocka_unit_test(test_random_wins_verified),
	    cmocka_unit_test(test_no_false_win),
	    cmocka_unit_test(test_short),
	    cmocka_unit_test(test_medium),
	    cmocka_unit_test(test_long),
	    cmocka_unit_test(test_hard_set),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
