/* test_alphabeta_cells.c - alphabeta's point classes (ab_cells.c): known
 * shapes give the empty points the classes they should, the totals are
 * the counts times the scores, and the search's incremental totals equal a
 * recount after random plays and undos under every rule. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "ab_search.h"
#include "diagram.h"
#include "rng.h"

static const int64_t shapes[AB_SHAPES] = {50,   200,  500,   5000,    5000,
                                          5000, 5000, 50000, 99999999};
/* distinct powers of ten, so a total tells which classes it holds */
static const int64_t cells[AB_CELLS] = {1, 10, 100, 1000, 10000, 100000};

static void load(Board *b, Rule rule, const char *text)
{
	char err[256];
	if (diagram_load(b, 15, rule, BLACK, text, NULL, err, sizeof err) != 0)
		fail_msg("%s", err);
}

/* A 15x15 board with row 7 as given and the rest of the rows empty (or
 * row 6 too when given). */
static void rows(Board *b, Rule rule, const char *row6, const char *row7)
{
	static const char empty[] = ". . . . . . . . . . . . . . .";
	char text[16 * 32 * 15] = "";
	for (int y = 0; y < 15; y++) {
		strcat(text, y == 7 ? row7 : y == 6 && row6 ? row6 : empty);
		strcat(text, "\n");
	}
	load(b, rule, text);
}

/* Known shapes: the classes of black's empty points, counted. */
static void test_known_shapes(void **state)
{
	(void)state;
	static const struct {
		const char *row6, *row7;
		Rule rule;
		/* black's points per class; -1: not counted here (double-two
		 * points: every point next to two lone stones on two lines) */
		int want[AB_CELLS];
	} cases[] = {
	    /* an open three: two points make an open four, and the two
	     * beyond them (.XXX. with a gap) make a closed four */
	    {NULL, ". . . . . X X X . . . . . . .", RULE_FREESTYLE, {-1, 0, 2, 0, 0, 2}},
	    /* a closed three: two points make a four, nothing open */
	    {NULL, ". . . . O X X X . . . . . . .", RULE_FREESTYLE, {-1, 0, 2, 0, 0, 0}},
	    /* a lone open two .XX.: open-three points on its line */
	    {NULL, ". . . . . . X X . . . . . . .", RULE_FREESTYLE, {-1, 4, 0, 0, 0, 0}},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		Board b;
		rows(&b, cases[i].rule, cases[i].row6, cases[i].row7);
		AbEval e;
		ab_eval_setup(&e, shapes, 0.1);
		ab_eval_rule(&e, cases[i].rule);
		ab_eval_cells(&e, cells);
		int count[2][AB_CELLS];
		ab_eval_cell_counts(&e, &b, count);
		for (int k = 0; k < AB_CELLS; k++)
			if (cases[i].want[k] >= 0 && count[BLACK][k] != cases[i].want[k])
				fail_msg("case %zu: class %d has %d points, want %d", i, k,
				         count[BLACK][k], cases[i].want[k]);
		/* white has no stones, so no point of any class */
		for (int k = 0; k < AB_CELLS; k++)
			assert_int_equal(count[WHITE][k], 0);
	}
}

/* Two open twos of black, one across and one down, that meet at one empty
 * point: a double-three point for black, of no class for renju black. */
static void test_double_three_point(void **state)
{
	(void)state;
	static const char text[] = ". . . . . . . . . . . . . . .\n"
	                           ". . . . . . . . . . . . . . .\n"
	                           ". . . . . . . . . . . . . . .\n"
	                           ". . . . . . . . . . . . . . .\n"
	                           ". . . . . . . . . . . . . . .\n"
	                           ". . . . . . . . X . . . . . .\n"
	                           ". . . . . . . . X . . . . . .\n"
	                           ". . . . . X X . . . . . . . .\n"
	                           ". . . . . . . . . . . . . . .\n"
	                           ". . . . . . . . . . . . . . .\n"
	                           ". . . . . . . . . . . . . . .\n"
	                           ". . . . . . . . . . . . . . .\n"
	                           ". . . . . . . . . . . . . . .\n"
	                           ". . . . . . . . . . . . . . .\n"
	                           ". . . . . . . . . . . . . . .\n";
	for (Rule rule = RULE_FREESTYLE; rule < RULE_COUNT; rule++) {
		Board b;
		load(&b, rule, text);
		int p = board_point(8, 7); /* where the two lines meet */
		assert_true(board_empty_at(&b, p));
		AbEval e;
		ab_eval_setup(&e, shapes, 0.1);
		ab_eval_rule(&e, rule);
		ab_eval_cells(&e, cells);
		int count[2][AB_CELLS];
		ab_eval_cell_counts(&e, &b, count);
		if (rule == RULE_RENJU) {
			assert_int_equal(count[BLACK][AB_CELL_DOUBLE_THREE], 0);
		} else {
			assert_int_equal(board_threat(&b, p, BLACK), THREAT_DOUBLE_THREE);
			assert_int_equal(count[BLACK][AB_CELL_DOUBLE_THREE], 1);
		}
	}
}

/* The cell part of the totals is the counts times the scores (and zero
 * scores leave the totals those of the stone shapes alone). */
static void test_totals_are_counts(void **state)
{
	(void)state;
	Rng rng;
	rng_seed(&rng, 3);
	for (int trial = 0; trial < 200; trial++) {
		Rule rule = (Rule)(trial % RULE_COUNT);
		Board b;
		board_init(&b, 15, rule);
		int n = 2 + (int)rng_below(&rng, 40);
		for (int t = 0; b.count < n && t < 1000; t++) {
			int p = board_point(2 + (int)rng_below(&rng, 11),
			                    2 + (int)rng_below(&rng, 11));
			if (board_empty_at(&b, p) &&
			    board_threat(&b, p, b.to_move) != THREAT_FIVE)
				board_play(&b, p);
		}
		AbEval off, on;
		ab_eval_setup(&off, shapes, 0.1);
		ab_eval_rule(&off, rule);
		on = off;
		ab_eval_cells(&on, cells);
		int64_t t_off[2], t_on[2];
		int count[2][AB_CELLS];
		ab_eval_full(&off, &b, t_off);
		ab_eval_full(&on, &b, t_on);
		ab_eval_cell_counts(&on, &b, count);
		for (int c = 0; c < 2; c++) {
			int64_t sum = 0;
			for (int k = 0; k < AB_CELLS; k++)
				sum += count[c][k] * cells[k] * AB_EVAL_SCALE;
			assert_int_equal(t_on[c] - t_off[c], sum);
		}
	}
}

/* After every ab_play and every ab_undo of random games, the board's
 * patterns equal a refresh's, and the frame's totals those ab_pos_setup
 * computes from scratch, with the cell scores on. */
static void test_incremental(void **state)
{
	(void)state;
	AbSearch *s = calloc(1, sizeof *s), *fresh = calloc(1, sizeof *fresh);
	assert_non_null(s);
	assert_non_null(fresh);
	AbEval e;
	ab_eval_setup(&e, shapes, 0.1);
	s->eval = fresh->eval = &e;
	s->cfg.distance = fresh->cfg.distance = 2;
	s->tt = fresh->tt = ab_tt_create(1 << 20);
	assert_non_null(s->tt);
	Rng r;
	rng_seed(&r, 9);
	for (Rule rule = RULE_FREESTYLE; rule < RULE_COUNT; rule++) {
		ab_eval_rule(&e, rule);
		ab_eval_cells(&e, cells);
		for (int game = 0; game < 20; game++) {
			Board b;
			board_init(&b, game % 3 ? 15 : 9, rule);
			ab_pos_setup(s, &b);
			while (s->ply < 50 && !board_full(&s->b)) {
				int p = board_point((int)rng_below(&r, (uint32_t)b.size),
				                    (int)rng_below(&r, (uint32_t)b.size));
				if (!board_empty_at(&s->b, p))
					continue;
				ab_play(s, p);
				/* now and then take a few back */
				if (rng_below(&r, 5) == 0)
					for (int k = (int)rng_below(&r, 4);
					     k > 0 && s->ply > 0; k--)
						ab_undo(s);
				/* the board too: ab_undo puts the patterns back from
				 * the play's delta */
				Board again = s->b;
				board_refresh(&again);
				for (int q = 0; q < BOARD_CELLS; q++)
					if (again.cell[q] == CELL_EMPTY)
						for (int c = 0; c < 2; c++) {
							assert_int_equal(s->b.pat[c][q],
							                 again.pat[c][q]);
							assert_int_equal(
							    s->b.threat[c][q],
							    again.threat[c][q]);
						}
				ab_pos_setup(fresh, &s->b);
				assert_memory_equal(s->frame[s->ply].total,
				                    fresh->frame[0].total,
				                    sizeof fresh->frame[0].total);
			}
		}
	}
	ab_tt_destroy(s->tt);
	free(s);
	free(fresh);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_known_shapes),
	    cmocka_unit_test(test_double_three_point),
	    cmocka_unit_test(test_totals_are_counts),
	    cmocka_unit_test(test_incremental),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
