/* test_ab_tables.c - alphabeta's shape tables (ab_eval.c) are the ones
 * the first construction made: a copy of it (the shape windows matched
 * cell by cell for every key) is the reference, and every key of both
 * tables has the same id, every id the same set of shape classes. Same
 * ids, same values: the searches and `arena bench` cannot change. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "ab_eval.h"

enum {
	KEYS = 1 << 16,
	WIDE_KEYS = 1 << 20,
	MASKS = 1 << AB_SHAPES,
	FIVE_MAKERS = 1 << AB_FOUR | 1 << AB_SPLIT_FOUR | 1 << AB_OPEN_FOUR | 1 << AB_FIVE,
	CENTRE = 5,
	SPAN = 2 * CENTRE + 1,
};

static const struct {
	const char *cells;
	AbShape shape;
} shape_list[] = {
    {"01100", AB_LIVE_TWO},
    {"00110", AB_LIVE_TWO},
    {"11010", AB_SPLIT_THREE},
    {"01011", AB_SPLIT_THREE},
    {"00111", AB_SLEEPING_THREE},
    {"11100", AB_SLEEPING_THREE},
    {"01110", AB_LIVE_THREE},
    {"010110", AB_SPLIT_LIVE_THREE},
    {"011010", AB_SPLIT_LIVE_THREE},
    {"11110", AB_FOUR},
    {"01111", AB_FOUR},
    {"11101", AB_SPLIT_FOUR},
    {"11011", AB_SPLIT_FOUR},
    {"10111", AB_SPLIT_FOUR},
    {"011110", AB_OPEN_FOUR},
    {"11111", AB_FIVE},
};

typedef struct {
	uint8_t narrow[KEYS], wide[WIDE_KEYS];
	uint16_t mask[AB_EVAL_IDS];
	int16_t of_mask[MASKS];
	int count;
} Ref;

static unsigned ref_shapes(const int cells[SPAN], bool exact)
{
	unsigned mask = 0;
	for (size_t i = 0; i < sizeof shape_list / sizeof shape_list[0]; i++) {
		const char *s = shape_list[i].cells;
		AbShape shape = shape_list[i].shape;
		int len = (int)strlen(s);
		for (int at = 0; at < len; at++) {
			int start = CENTRE - at;
			if (s[at] != '1' || (shape == AB_FIVE && (at < 1 || at > 3)))
				continue;
			bool match = true;
			for (int j = 0; j < len && match; j++)
				match = cells[start + j] ==
				        (s[j] == '1' ? CELL_BLACK : CELL_EMPTY);
			if (!match)
				continue;
			if (exact && (1u << shape & FIVE_MAKERS) &&
			    (cells[start - 1] == CELL_BLACK ||
			     cells[start + len] == CELL_BLACK))
				continue;
			mask |= 1u << shape;
		}
	}
	return mask;
}

static void ref_cells(uint32_t key, int cells[SPAN])
{
	for (int j = 0; j < 4; j++) {
		cells[1 + j] = (int)(key >> (2 * j)) & 3;
		cells[6 + j] = (int)(key >> (8 + 2 * j)) & 3;
	}
	cells[0] = cells[SPAN - 1] = CELL_EMPTY;
	cells[CENTRE] = CELL_BLACK;
}

static void ref_add(Ref *r, unsigned mask)
{
	if (r->of_mask[mask] < 0 && r->count < AB_EVAL_IDS) {
		r->mask[r->count] = (uint16_t)mask;
		r->of_mask[mask] = (int16_t)r->count++;
	}
}

static uint8_t ref_id(const Ref *r, unsigned mask)
{
	return (uint8_t)(r->of_mask[mask] < 0 ? r->of_mask[0] : r->of_mask[mask]);
}

static void ref_build(Ref *r)
{
	memset(r->of_mask, -1, sizeof r->of_mask);
	r->count = 0;
	ref_add(r, 0);
	for (uint32_t key = 0; key < KEYS; key++) {
		int cells[SPAN];
		ref_cells(key, cells);
		unsigned mask = ref_shapes(cells, false);
		ref_add(r, mask);
		r->narrow[key] = ref_id(r, mask);
		unsigned most = ref_shapes(cells, true), makers = most & FIVE_MAKERS;
		for (unsigned sub = makers;; sub = (sub - 1) & makers) {
			ref_add(r, (most & ~makers) | sub);
			if (!sub)
				break;
		}
	}
	for (uint32_t key = 0; key < KEYS; key++) {
		int cells[SPAN];
		ref_cells(key, cells);
		unsigned most = ref_shapes(cells, true), mask[2][2];
		for (int i = 0; i < 4; i++) {
			cells[0] = i & 1 ? CELL_BLACK : CELL_EMPTY;
			cells[SPAN - 1] = i & 2 ? CELL_BLACK : CELL_EMPTY;
			mask[i & 1][i >> 1] =
			    most & FIVE_MAKERS ? ref_shapes(cells, true) : most;
		}
		for (int before = 0; before < 4; before++)
			for (int after = 0; after < 4; after++) {
				uint32_t w = (uint32_t)before | (key & 0xFFu) << 2 |
				             (key >> 8) << 10 | (uint32_t)after << 18;
				r->wide[w] = ref_id(
				    r, mask[before == CELL_BLACK][after == CELL_BLACK]);
			}
	}
}

static void tables_as_first_built(void **state)
{
	(void)state;
	Ref *r = malloc(sizeof *r);
	assert_non_null(r);
	ref_build(r);
	/* Every id's classes: with one class scored, exactly the ids whose set
	 * holds it have a value. */
	AbEval e;
	for (int s = 0; s < AB_SHAPES; s++) {
		int64_t score[AB_SHAPES] = {0};
		score[s] = 1000;
		ab_eval_setup(&e, score, 0.1);
		for (int id = 0; id < AB_EVAL_IDS; id++) {
			bool has = id < r->count && (r->mask[id] >> s & 1);
			if ((e.value[id] > 0) != has)
				fail_msg("id %d: class %d %s", id, s,
				         has ? "missing" : "not expected");
		}
	}
	int64_t score[AB_SHAPES] = {60, 1500, 50, 6000, 13700, 5000, 5000, 50000, 1000000};
	ab_eval_setup(&e, score, 0.1);
	ab_eval_rule(&e, RULE_FREESTYLE);
	assert_false(e.wide[BLACK]);
	assert_memory_equal(e.ids[BLACK], r->narrow, sizeof r->narrow);
	ab_eval_rule(&e, RULE_STANDARD);
	assert_true(e.wide[BLACK]);
	assert_memory_equal(e.ids[BLACK], r->wide, sizeof r->wide);
	/* Built once: the same tables whatever the player asks again. */
	const uint8_t *wide = e.ids[BLACK];
	ab_eval_rule(&e, RULE_RENJU);
	assert_ptr_equal(e.ids[BLACK], wide);
	assert_memory_equal(e.ids[WHITE], r->narrow, sizeof r->narrow);
	free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(tables_as_first_built),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
