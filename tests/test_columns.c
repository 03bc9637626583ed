/* test_columns.c - one column table (columns.h) gives the CSV header, the
 * CSV rows and the terminal table: which column goes where, formats,
 * scales, empty undefined numbers, UTF-8 padding. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "columns.h"

typedef struct {
	const char *name;
	int games;
	long pairs;
	double share, elo;
} Row;

static const Column cols[] = {
    {COLUMN(Row, name, COL_TEXT, "player", "who", -6)},
    {COLUMN(Row, games, COL_INT, "games", "n", 3)},
    {COLUMN(Row, pairs, COL_LONG, "pairs", NULL, 0)},
    {COLUMN(Row, share, COL_REAL, "share", "share", 7), .fmt = "%.2f", .tfmt = "%.1f%%",
     .tscale = 100},
    {COLUMN(Row, elo, COL_NUMBER, "elo", "elo", 6), .tfmt = "%+.0f", .decimals = 1},
};
enum { N = sizeof cols / sizeof cols[0] };

/* What fn writes, as a string the caller frees. */
static char *capture(void (*fn)(FILE *, const Column *, int, const void *), const void *row)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	fn(f, cols, N, row);
	fclose(f);
	return text;
}

static void header(FILE *f, const Column *c, int n, const void *row)
{
	(void)row;
	columns_csv_header(f, c, n);
}

static void text_header(FILE *f, const Column *c, int n, const void *row)
{
	(void)row;
	columns_text_header(f, c, n);
}

static void csv_and_terminal_from_one_table(void **state)
{
	(void)state;
	Row r = {"Ωmega", 12, 6, 0.256, -0.04};
	char *s = capture(header, NULL);
	assert_string_equal(s, "player,games,pairs,share,elo\n");
	free(s);
	s = capture(columns_csv_row, &r);
	/* -0.04 to one decimal is "0.0": no sign on a zero */
	assert_string_equal(s, "Ωmega,12,6,0.26,0.0\n");
	free(s);
	s = capture(text_header, NULL);
	assert_string_equal(s, "who      n   share    elo\n");
	free(s);
	s = capture(columns_text_row, &r);
	/* Ω is two bytes but one character: padded to 6 characters */
	assert_string_equal(s, "Ωmega   12   25.6%     -0\n");
	free(s);
}

static void undefined_numbers_are_empty(void **state)
{
	(void)state;
	Row r = {"a", 0, 0, NAN, INFINITY};
	char *s = capture(columns_csv_row, &r);
	assert_string_equal(s, "a,0,0,,\n");
	free(s);
	s = capture(columns_text_row, &r);
	assert_string_equal(s, "a        0               \n");
	free(s);
	const char *text;
	assert_true(isnan(columns_value(&cols[3], &r, &text)));
	assert_null(text);
	columns_value(&cols[0], &r, &text);
	assert_string_equal(text, "a");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(csv_and_terminal_from_one_table),
	    cmocka_unit_test(undefined_numbers_are_empty),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
