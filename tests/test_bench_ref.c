/* test_bench_ref.c - `arena bench`'s reference playout loop plays the
 * games mcts's uniformly random playouts play: from the same position with
 * the same generator, the same winner after the same number of moves and
 * the same draws (the generators end in the same state), on boards where
 * games end in fives of either rule and on small ones that fill up. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "bench.h"
#include "board.h"
#include "mcts_pos.h"
#include "moves.h"
#include "rng.h"
#include "rules.h"

/* A random position of plies moves (fewer if one would make a five). */
static void random_position(Board *b, int size, Rule rule, int plies, Rng *rng)
{
	board_init(b, size, rule);
	for (int i = 0; i < plies; i++) {
		int16_t list[BOARD_MAX_MOVES];
		int n = moves_near(b, 2, list);
		if (n == 0)
			return;
		int p = list[rng_below(rng, (uint32_t)n)];
		if (rules_outcome(b, p) != OUTCOME_NONE)
			return;
		board_play(b, p);
	}
}

static void same_games(int size, Rule rule, int positions, int *draws)
{
	Rng gen;
	rng_seed(&gen, 7);
	for (int k = 0; k < positions; k++) {
		Board b;
		random_position(&b, size, rule, k % (size + 3), &gen);
		for (int seed = 0; seed < 20; seed++) {
			Rng a, m;
			rng_seed(&a, (uint64_t)seed);
			m = a;
			uint64_t plies = 0;
			int ref = bench_ref_playout(&b, &a, &plies);
			MctsPos s;
			mcts_pos_init(&s, &b);
			int got = mcts_pos_playout(&s, &m, 0);
			assert_int_equal(ref, got);
			assert_int_equal(plies, s.count - b.count);
			assert_memory_equal(&a, &m, sizeof a);
			*draws += ref == POS_DRAW;
		}
	}
}

static void reference_plays_the_playouts_games(void **state)
{
	(void)state;
	int draws = 0;
	same_games(15, RULE_FREESTYLE, 40, &draws);
	same_games(15, RULE_STANDARD, 40, &draws);
	same_games(20, RULE_FREESTYLE, 10, &draws);
	assert_int_equal(draws, 0);
	same_games(5, RULE_FREESTYLE, 40, &draws);
	assert_true(draws > 0); /* the full board was reached */
}

static void timed_reference_counts_its_playouts(void **state)
{
	(void)state;
	Board pos[3];
	Rng gen;
	rng_seed(&gen, 11);
	for (int i = 0; i < 3; i++)
		random_position(&pos[i], 15, RULE_FREESTYLE, 6 + 4 * i, &gen);
	double plies = 0, again = 0;
	BenchResult r = bench_ref(pos, 3, 50, 2, &plies);
	BenchResult r2 = bench_ref(pos, 3, 50, 1, &again);
	assert_int_equal(r.ops, 150);
	assert_true(r.seconds > 0);
	assert_true(plies > 5 && plies < 225);
	assert_true(plies == again);
	assert_true(r.signature != 0);
	assert_true(r.signature == r2.signature); /* the same games every run */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(reference_plays_the_playouts_games),
	    cmocka_unit_test(timed_reference_counts_its_playouts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
