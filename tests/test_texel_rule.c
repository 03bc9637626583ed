/* test_texel_rule.c - the shapes the evaluation (and so Texel) sees under
 * each rule: a four is a four only if its stone makes a five that wins, so
 * where a colour needs exactly five (standard; renju black) a line that can
 * only become an overline is no four, and the quiet positions Texel keeps
 * hold no four at all, whatever the rule. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ab_eval.h"
#include "diagram.h"
#include "positions.h"
#include "registry.h"
#include "rules.h"
#include "rng.h"
#include "texel_fit.h"

static const int64_t published[AB_SHAPES] = {50,   200,  500,   5000,    5000,
                                             5000, 5000, 50000, 99999999};

/* Does colour c need exactly five under rule? */
static bool exact_five(Rule rule, Color c)
{
	return rule == RULE_STANDARD || (rule == RULE_RENJU && c == BLACK);
}

/* Loads a 15x15 board whose middle row is row (X black, O white), the
 * colours swapped if swap. */
static void load_row(Board *b, Rule rule, const char *row, bool swap)
{
	char line[64], text[16 * 32 * 15] = "";
	snprintf(line, sizeof line, "%s", row);
	for (char *s = line; swap && *s; s++)
		*s = *s == 'X' ? 'O' : *s == 'O' ? 'X' : *s;
	for (int y = 0; y < 15; y++) {
		strcat(text, y == 7 ? line : ". . . . . . . . . . . . . . .");
		strcat(text, "\n");
	}
	char err[200];
	if (diagram_load(b, 15, rule, BLACK, text, NULL, err, sizeof err) != 0)
		fail_msg("%s", err);
}

/* (stone, direction) pairs of X per best shape, in AbShape order: live_two,
 * split_three, sleeping_three, live_three, split_live_three, four,
 * split_four, open_four, five. Worked out by hand from the shape table
 * (ab_eval.c) with the published scores: a stone takes the shape with the
 * largest share (score / stones), the first class on a tie. */
static const struct {
	const char *row, *why;
	int free[AB_SHAPES];  /* five or more wins */
	int exact[AB_SHAPES]; /* exactly five wins */
} rows[] = {
    {". . . O X X X X . X . . . . .",
     "the four's five would be six long",
     {0, 0, 0, 0, 0, 4, 1, 0, 0},
     {0, 3, 0, 0, 0, 0, 0, 0, 0}},
    {". . . X . X X X X . X . . . .",
     "open four, split fours: all overlines",
     {0, 0, 0, 0, 0, 0, 2, 4, 0},
     {0, 6, 0, 0, 0, 0, 0, 0, 0}},
    {". . X . X X X X . . . . . . .",
     "an open four with one good end is a four",
     {0, 0, 0, 0, 0, 0, 1, 4, 0},
     {0, 1, 0, 0, 0, 4, 0, 0, 0}},
    {". . . . X X . X X . . . . . .",
     "a split four making exactly five",
     {0, 0, 0, 0, 0, 0, 4, 0, 0},
     {0, 0, 0, 0, 0, 0, 4, 0, 0}},
    {"X X X X . . . . . . . . . . .",
     "the edge does not make an overline",
     {0, 0, 0, 0, 0, 4, 0, 0, 0},
     {0, 0, 0, 0, 0, 4, 0, 0, 0}},
};

/* Every row under every rule, as black and (colours swapped) as white. */
static void test_fours_per_rule(void **state)
{
	(void)state;
	AbEval e;
	ab_eval_setup(&e, published, 0.1);
	for (Rule rule = RULE_FREESTYLE; rule < RULE_COUNT; rule++) {
		ab_eval_rule(&e, rule);
		for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
			for (Color c = BLACK; c <= WHITE; c++) {
				Board b;
				load_row(&b, rule, rows[i].row, c == WHITE);
				int count[2][AB_SHAPES];
				ab_eval_counts(&e, &b, count);
				const int *want =
				    exact_five(rule, c) ? rows[i].exact : rows[i].free;
				for (int s = 0; s < AB_SHAPES; s++)
					if (count[c][s] != want[s] || count[c ^ 1][s] != 0)
						fail_msg("%s, %s as %s: shape %d counted "
						         "%d (other colour %d), want %d",
						         rule_name(rule), rows[i].why,
						         c == BLACK ? "black" : "white", s,
						         count[c][s], count[c ^ 1][s],
						         want[s]);
			}
	}
}

/* A reference from the cells alone: the (stone, direction) pairs of colour
 * c where the stone makes a five with one more stone q of its line, at
 * most four away and with only its own stones between: the run through q
 * is then five long (exactly five, if the rule needs that) or longer. */
static int reference_fours(const Board *b, Color c, bool exact)
{
	int n = 0, own = c + 1;
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++) {
			int p = board_point(x, y);
			if (b->cell[p] != own)
				continue;
			for (int d = 0; d < 4; d++) {
				int step = board_step[d];
				bool four = false;
				for (int k = -4; k <= 4 && !four; k++) {
					int q = p + k * step, dir = k < 0 ? -1 : 1, run = 1;
					bool between = k != 0 && b->cell[q] == CELL_EMPTY;
					for (int j = dir; between && j != k; j += dir)
						between = b->cell[p + j * step] == own;
					if (!between)
						continue;
					for (int r = q + step; b->cell[r] == own; r += step)
						run++;
					for (int r = q - step; b->cell[r] == own; r -= step)
						run++;
					four = exact ? run == 5 : run >= 5;
				}
				n += four;
			}
		}
	return n;
}

/* With only the fours scored, the counts of the four classes are the
 * reference's, on random positions (fives and overlines on the board
 * included) of every rule and both colours, by a board's edge too; and
 * with the published scores the counts add up to ab_eval_full. */
static void test_fours_match_a_reference(void **state)
{
	(void)state;
	static const int64_t only_fours[AB_SHAPES] = {0, 0, 0, 0, 0, 1000, 1000, 1000, 0};
	AbEval e, pub;
	ab_eval_setup(&e, only_fours, 0.5);
	ab_eval_setup(&pub, published, 0.5);
	Rng rng;
	rng_seed(&rng, 3);
	int seen[2] = {0, 0}; /* positions with fours: [exact] */
	for (int trial = 0; trial < 3000; trial++) {
		Rule rule = (Rule)(trial % RULE_COUNT);
		int size = trial % 2 ? 15 : 7;
		ab_eval_rule(&e, rule);
		Board b;
		board_init(&b, size, rule);
		int stones = 4 + (int)rng_below(&rng, (uint32_t)(size * size / 2));
		while (b.count < stones) {
			int p = board_point((int)rng_below(&rng, (uint32_t)size),
			                    (int)rng_below(&rng, (uint32_t)size));
			if (board_empty_at(&b, p))
				board_play(&b, p);
		}
		int count[2][AB_SHAPES];
		ab_eval_counts(&e, &b, count);
		for (Color c = BLACK; c <= WHITE; c++) {
			int got = count[c][AB_FOUR] + count[c][AB_SPLIT_FOUR] +
			          count[c][AB_OPEN_FOUR];
			int want = reference_fours(&b, c, exact_five(rule, c));
			if (got != want)
				fail_msg("%s %dx%d, %s, %d stones: %d four pairs, "
				         "reference %d",
				         rule_name(rule), size, size,
				         c == BLACK ? "black" : "white", b.count, got,
				         want);
			seen[exact_five(rule, c)] += want > 0;
		}
		/* And the counts are the evaluation there (edges included). */
		ab_eval_rule(&pub, rule);
		int64_t total[2];
		ab_eval_full(&pub, &b, total);
		ab_eval_counts(&pub, &b, count);
		for (Color c = BLACK; c <= WHITE; c++) {
			int64_t sum = 0;
			for (int s = 0; s < AB_SHAPES; s++)
				sum += count[c][s] *
				       (published[s] * AB_EVAL_SCALE / ab_eval_stones[s]);
			assert_int_equal(sum, total[c]);
		}
	}
	assert_true(seen[0] > 100 && seen[1] > 100);
}

/* A random game under rule, to its first five or until no move is left:
 * uniformly random moves, but never a point forbidden to renju black. */
static int random_game(Rng *rng, int size, Rule rule, int16_t *moves)
{
	Board b;
	board_init(&b, size, rule);
	int n = 0;
	for (;;) {
		int free[BOARD_MAX_MOVES], nfree = 0;
		for (int y = 0; y < size; y++)
			for (int x = 0; x < size; x++) {
				int p = board_point(x, y);
				if (board_empty_at(&b, p) &&
				    !(rule == RULE_RENJU && b.to_move == BLACK &&
				      board_threat(&b, p, BLACK) == THREAT_FORBIDDEN))
					free[nfree++] = p;
			}
		if (nfree == 0)
			return n;
		int p = free[rng_below(rng, (uint32_t)nfree)];
		bool five = board_threat(&b, p, b.to_move) == THREAT_FIVE;
		moves[n++] = (int16_t)p;
		board_play(&b, p);
		if (five)
			return n;
	}
}

/* Sums the four-class columns (four, split four, open four, five) of both
 * sides over a feature set. */
static long four_class(const TexelSet *s)
{
	long n = 0;
	for (size_t r = 0; r < s->n; r++)
		for (int f = AB_FOUR; f < AB_SHAPES; f++)
			n += s->own[r * AB_FEATURES + f] + s->opp[r * AB_FEATURES + f];
	return n;
}

/* The positions Texel keeps (no five to make for either side) under each
 * rule's evaluation: no stone's best shape is a four or a five, so the
 * fours keep their start values. Read with the tables of five-or-more the
 * same positions do hold fours where a rule needs exactly five: lines that
 * can only become overlines, which the evaluation must not score as fours. */
static void test_quiet_positions_have_no_fours(void **state)
{
	(void)state;
	static int16_t moves[BOARD_MAX_MOVES];
	for (Rule rule = RULE_FREESTYLE; rule < RULE_COUNT; rule++)
		for (int size = 9; size <= 15; size += 6) {
			Rng rng;
			rng_seed(&rng, 100 + (uint64_t)rule * 7 + (uint64_t)size);
			PosGames g;
			positions_init(&g, size, rule);
			for (int i = 0; i < 300; i++) {
				int n = random_game(&rng, size, rule, moves);
				assert_int_equal(positions_add_game(&g, moves, n, 0.5), 0);
			}
			assert_int_equal(positions_select(&g, 0, 0, 1), 0);
			/* alphabeta's features with its defaults (the published
			 * scores, ratio 0.1), read with the rule's tables and with
			 * freestyle's. */
			const PlayerType *ab = registry_find("alphabeta");
			ParamSet ps;
			param_defaults(&ps, ab->params, ab->nparams);
			void *e = ab->eval->create(&ps, rule);
			void *loose = ab->eval->create(&ps, RULE_FREESTYLE);
			assert_true(e && loose);
			TexelSet train, val, ltrain, lval;
			texel_set_init(&train, AB_FEATURES);
			texel_set_init(&val, AB_FEATURES);
			texel_set_init(&ltrain, AB_FEATURES);
			texel_set_init(&lval, AB_FEATURES);
			assert_int_equal(positions_features(&g, ab->eval, e, false, NULL, 1,
			                                    &train, &val),
			                 0);
			assert_int_equal(positions_features(&g, ab->eval, loose, false,
			                                    NULL, 1, &ltrain, &lval),
			                 0);
			assert_true(train.n > 1000);
			if (four_class(&train) != 0)
				fail_msg("%s %dx%d: %ld fours in %zu quiet positions",
				         rule_name(rule), size, size, four_class(&train),
				         train.n);
			if (rule != RULE_FREESTYLE && four_class(&ltrain) == 0)
				fail_msg("%s %dx%d: no overline-only four to test",
				         rule_name(rule), size, size);
			texel_set_free(&train);
			texel_set_free(&val);
			texel_set_free(&ltrain);
			texel_set_free(&lval);
			ab->eval->destroy(e);
			ab->eval->destroy(loose);
			positions_free(&g);
		}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_fours_per_rule),
	    cmocka_unit_test(test_fours_match_a_reference),
	    cmocka_unit_test(test_quiet_positions_have_no_fours),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
