/* test_coord.c - "h8" and "x,y" points: round trips, known values, the
 * greedy but board-bounded row reader, and rejection of malformed text. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "coord.h"

enum { ERR_LEN = 160, SENTINEL = 12345 };

/* Parses text as one "h8" point; fails the test unless it is (x, y). */
static void expect_point(int size, const char *text, int x, int y)
{
	char err[ERR_LEN] = "";
	int p = SENTINEL;
	if (coord_parse(size, text, &p, err, sizeof err) != 0)
		fail_msg("'%s' on %dx%d: unexpected error: %s", text, size, size, err);
	if (p != board_point(x, y))
		fail_msg("'%s' on %dx%d: got %d,%d, want %d,%d", text, size, size,
		         point_x(p), point_y(p), x, y);
}

static void expect_xy(int size, const char *text, int x, int y)
{
	char err[ERR_LEN] = "";
	int p = SENTINEL;
	if (coord_parse_xy(size, text, &p, err, sizeof err) != 0)
		fail_msg("'%s' on %dx%d: unexpected error: %s", text, size, size, err);
	if (p != board_point(x, y))
		fail_msg("'%s' on %dx%d: got %d,%d, want %d,%d", text, size, size,
		         point_x(p), point_y(p), x, y);
}

/* The message must be non-empty, NUL-terminated inside the buffer and
 * contain needle. (The header does not promise that the point is left
 * alone on error, and coord_parse does write it when junk follows a valid
 * point, so that is not checked.) */
static void check_error(const char *what, const char *text, int rc, const char *err,
                        size_t errlen, const char *needle)
{
	if (rc != -1)
		fail_msg("%s('%.40s'): returned %d, want -1", what, text, rc);
	if (!memchr(err, '\0', errlen))
		fail_msg("%s('%.40s'): message not NUL-terminated", what, text);
	if (err[0] == '\0')
		fail_msg("%s('%.40s'): empty message", what, text);
	if (!strstr(err, needle))
		fail_msg("%s('%.40s'): message '%s' does not contain '%s'", what, text, err,
		         needle);
}

static void expect_parse_error(int size, const char *text, const char *needle)
{
	char err[ERR_LEN];
	memset(err, 'Z', sizeof err);
	int p = SENTINEL;
	int rc = coord_parse(size, text, &p, err, sizeof err);
	check_error("coord_parse", text, rc, err, sizeof err, needle);
}

static void expect_xy_error(int size, const char *text, const char *needle)
{
	char err[ERR_LEN];
	memset(err, 'Z', sizeof err);
	int p = SENTINEL;
	int rc = coord_parse_xy(size, text, &p, err, sizeof err);
	assert_int_equal(p, SENTINEL);
	check_error("coord_parse_xy", text, rc, err, sizeof err, needle);
}

static void round_trip_h8_every_point(void **state)
{
	(void)state;
	for (int size = BOARD_MIN; size <= BOARD_MAX; size++)
		for (int y = 0; y < size; y++)
			for (int x = 0; x < size; x++) {
				char buf[COORD_TEXT_MAX];
				int p = board_point(x, y);
				assert_ptr_equal(coord_format(size, p, buf), buf);
				char want[COORD_TEXT_MAX];
				snprintf(want, sizeof want, "%c%d", 'a' + x, size - y);
				assert_string_equal(buf, want);
				expect_point(size, buf, x, y);
				/* Letters are case-insensitive. */
				buf[0] = (char)(buf[0] - 'a' + 'A');
				expect_point(size, buf, x, y);
			}
}

static void round_trip_xy_every_point(void **state)
{
	(void)state;
	for (int size = BOARD_MIN; size <= BOARD_MAX; size++)
		for (int y = 0; y < size; y++)
			for (int x = 0; x < size; x++) {
				char buf[COORD_TEXT_MAX];
				int p = board_point(x, y);
				assert_ptr_equal(coord_format_xy(p, buf), buf);
				char want[COORD_TEXT_MAX];
				snprintf(want, sizeof want, "%d,%d", x, y);
				assert_string_equal(buf, want);
				expect_xy(size, buf, x, y);
			}
}

static void known_values(void **state)
{
	(void)state;
	expect_point(15, "a1", 0, 14);
	expect_point(15, "o15", 14, 0);
	expect_point(15, "a15", 0, 0);
	expect_point(15, "o1", 14, 14);
	expect_point(15, "h8", 7, 7);
	expect_point(20, "t20", 19, 0);
	expect_point(20, "a1", 0, 19);
	expect_point(5, "e5", 4, 0);
	expect_point(5, "c3", 2, 2);
	expect_xy(15, "7,7", 7, 7);
	expect_xy(15, "0,0", 0, 0);
	expect_xy(15, "14,0", 14, 0);
	expect_xy(20, "19,19", 19, 19);

	char buf[COORD_TEXT_MAX];
	assert_string_equal(coord_format(15, board_point(7, 7), buf), "h8");
	assert_string_equal(coord_format(15, board_point(0, 14), buf), "a1");
	assert_string_equal(coord_format(15, board_point(14, 0), buf), "o15");
	assert_string_equal(coord_format(20, board_point(19, 0), buf), "t20");
	assert_string_equal(coord_format_xy(board_point(7, 7), buf), "7,7");
	assert_string_equal(coord_format_xy(board_point(19, 19), buf), "19,19");
}

static void letters_are_case_insensitive(void **state)
{
	(void)state;
	expect_point(15, "H8", 7, 7);
	expect_point(15, "O15", 14, 0);
	expect_point(20, "T20", 19, 0);
	expect_parse_error(15, "P1", "off the 15x15 board");
}

static void xy_allows_blanks_around_numbers(void **state)
{
	(void)state;
	expect_xy(15, " 7,7", 7, 7);
	expect_xy(15, "7 ,7", 7, 7);
	expect_xy(15, "7, 7", 7, 7);
	expect_xy(15, "  3\t,\t12  ", 3, 12);
	expect_xy(15, "007,07", 7, 7);
}

/* Scans a run of points with coord_scan; returns how many were read and
 * leaves *end where scanning stopped. */
static int scan_all(int size, const char *text, int *points, int max, const char **end)
{
	const char *s = text;
	int n = 0;
	char err[ERR_LEN];
	while (*s && n < max && coord_scan(size, &s, &points[n], err, sizeof err) == 0)
		n++;
	*end = s;
	return n;
}

static void scan_runs_without_separators(void **state)
{
	(void)state;
	int pts[8];
	const char *end;

	assert_int_equal(scan_all(15, "h8i9j10", pts, 8, &end), 3);
	assert_int_equal(*end, '\0');
	assert_int_equal(pts[0], board_point(7, 7));
	assert_int_equal(pts[1], board_point(8, 6));
	assert_int_equal(pts[2], board_point(9, 5));

	assert_int_equal(scan_all(15, "a1b2", pts, 8, &end), 2);
	assert_int_equal(*end, '\0');
	assert_int_equal(pts[0], board_point(0, 14));
	assert_int_equal(pts[1], board_point(1, 13));

	/* Two-digit rows are read whole when the board has them. */
	assert_int_equal(scan_all(15, "a12", pts, 8, &end), 1);
	assert_int_equal(*end, '\0');
	assert_int_equal(pts[0], board_point(0, 3));
	assert_int_equal(scan_all(15, "a15o1a10", pts, 8, &end), 3);
	assert_int_equal(*end, '\0');
	assert_int_equal(pts[0], board_point(0, 0));
	assert_int_equal(pts[1], board_point(14, 14));
	assert_int_equal(pts[2], board_point(0, 5));
	assert_int_equal(scan_all(20, "t20a16", pts, 8, &end), 2);
	assert_int_equal(*end, '\0');
	assert_int_equal(pts[0], board_point(19, 0));
	assert_int_equal(pts[1], board_point(0, 4));
}

static void scan_stops_at_first_non_digit(void **state)
{
	(void)state;
	char err[ERR_LEN];
	const char *text = "h8 i9";
	const char *s = text;
	int p = SENTINEL;
	assert_int_equal(coord_scan(15, &s, &p, err, sizeof err), 0);
	assert_int_equal(p, board_point(7, 7));
	assert_ptr_equal(s, text + 2);

	/* No blanks are skipped: the next scan fails and leaves s alone. */
	p = SENTINEL;
	assert_int_equal(coord_scan(15, &s, &p, err, sizeof err), -1);
	assert_ptr_equal(s, text + 2);
	assert_int_equal(p, SENTINEL);
	assert_non_null(strstr(err, "expected a point"));
}

static void scan_row_past_board_is_an_error(void **state)
{
	(void)state;
	char err[ERR_LEN];
	const char *text = "a16";
	const char *s = text;
	int p = SENTINEL;
	/* "a1" followed by "6" is not a1: a point never ends just before a
	 * digit, so a16 on 15x15 is off the board, not a1 then junk. */
	assert_int_equal(coord_scan(15, &s, &p, err, sizeof err), -1);
	assert_ptr_equal(s, text);
	assert_int_equal(p, SENTINEL);
	assert_non_null(strstr(err, "'a16' is off the 15x15 board"));

	expect_parse_error(15, "a16", "off the 15x15 board");
	expect_parse_error(9, "a10", "off the 9x9 board");
	expect_parse_error(20, "a21", "off the 20x20 board");
	expect_point(20, "a16", 0, 4);
}

static void malformed_h8(void **state)
{
	(void)state;
	expect_parse_error(15, "", "expected a point");
	expect_parse_error(15, "8h", "expected a point");
	expect_parse_error(15, "h", "no row number");
	expect_parse_error(15, "h0", "'h0' is off the 15x15 board");
	expect_parse_error(15, "h00", "off the 15x15 board");
	expect_parse_error(15, "h08", "off the 15x15 board");
	expect_parse_error(15, "z1", "'z1' is off the 15x15 board");
	expect_parse_error(15, "p1", "'p1' is off the 15x15 board");
	expect_parse_error(5, "f1", "'f1' is off the 5x5 board");
	expect_parse_error(15, "h16", "'h16' is off the 15x15 board");
	expect_parse_error(15, "h99", "'h99' is off the 15x15 board");
	expect_parse_error(15, "h-1", "no row number");
	expect_parse_error(15, "h+1", "no row number");
	expect_parse_error(15, " h8", "expected a point");
	expect_parse_error(15, "h 8", "no row number");
	expect_parse_error(15, "h8 ", "unexpected ' ' after point");
	expect_parse_error(15, "h8x", "unexpected 'x' after point");
	expect_parse_error(15, "h8i9", "unexpected 'i9' after point");
	expect_parse_error(15, "h8,", "unexpected ',' after point");
	expect_parse_error(15, "h8\n", "after point");
	expect_parse_error(15, "7,7", "expected a point");
	expect_parse_error(15, "#8", "expected a point");
	static const char e_acute_8[] = {(char)0xc3, (char)0xa9, '8', '\0'}; /* "é8" */
	expect_parse_error(15, e_acute_8, "expected a point");
	expect_parse_error(15, "hh8", "no row number");
}

static void malformed_xy(void **state)
{
	(void)state;
	expect_xy_error(15, "", "expected x,y");
	expect_xy_error(15, "7", "expected x,y");
	expect_xy_error(15, "7,", "expected x,y");
	expect_xy_error(15, ",7", "expected x,y");
	expect_xy_error(15, ",", "expected x,y");
	expect_xy_error(15, "7,7,", "expected x,y, found '7,7,'");
	expect_xy_error(15, "7,7,7", "expected x,y");
	expect_xy_error(15, "7 7", "expected x,y");
	expect_xy_error(15, "7;7", "expected x,y");
	expect_xy_error(15, "7,7x", "expected x,y");
	expect_xy_error(15, "x7,7", "expected x,y");
	expect_xy_error(15, "-1,3", "expected x,y");
	expect_xy_error(15, "3,-1", "expected x,y");
	expect_xy_error(15, "+1,3", "expected x,y");
	expect_xy_error(15, "a,b", "expected x,y, found 'a,b'");
	expect_xy_error(15, "h8", "expected x,y");
	expect_xy_error(15, "1.5,2", "expected x,y");
	expect_xy_error(15, "15,0", "point 15,0 is off the 15x15 board");
	expect_xy_error(15, "0,15", "point 0,15 is off the 15x15 board");
	expect_xy_error(5, "5,5", "off the 5x5 board");
	expect_xy_error(20, "20,0", "off the 20x20 board");
	expect_xy_error(15, "99999,1", "off the 15x15 board");
}

/* A string of n copies of c after prefix and before suffix (caller frees). */
static char *repeat(const char *prefix, char c, size_t n, const char *suffix)
{
	size_t a = strlen(prefix), b = strlen(suffix);
	char *s = malloc(a + n + b + 1);
	assert_non_null(s);
	memcpy(s, prefix, a);
	memset(s + a, c, n);
	memcpy(s + a + n, suffix, b + 1);
	return s;
}

static void very_long_strings(void **state)
{
	(void)state;
	enum { N = 100000 };
	char *s;

	s = repeat("", 'a', N, "");
	expect_parse_error(15, s, "no row number");
	expect_xy_error(15, s, "expected x,y");
	free(s);

	/* The off-board message quotes the whole digit run, so with a long
	 * one only its start fits in the buffer. */
	s = repeat("h", '8', N, "");
	expect_parse_error(15, s, "point 'h888");
	free(s);

	s = repeat("h", '0', N, "1");
	expect_parse_error(15, s, "point 'h000");
	free(s);

	s = repeat("h8", ' ', N, "");
	expect_parse_error(15, s, "after point");
	free(s);

	s = repeat("", '9', N, ",1");
	expect_xy_error(15, s, "expected x,y");
	free(s);

	s = repeat("1,", '9', N, "");
	expect_xy_error(15, s, "expected x,y");
	free(s);

	s = repeat("7,7", ' ', N, "x");
	expect_xy_error(15, s, "expected x,y");
	free(s);

	/* Leading zeros are harmless, however many. */
	s = repeat("", '0', N, "7,7");
	expect_xy(15, s, 7, 7);
	free(s);

	/* A long run of points scans point by point. */
	size_t len = 0;
	char *run = malloc(4 * 1000 + 1);
	assert_non_null(run);
	for (int i = 0; i < 1000; i++)
		len += (size_t)sprintf(run + len, "%s", i % 2 ? "t20" : "a1");
	const char *end;
	int pts[1000];
	assert_int_equal(scan_all(20, run, pts, 1000, &end), 1000);
	assert_int_equal(*end, '\0');
	assert_int_equal(pts[998], board_point(0, 19));
	assert_int_equal(pts[999], board_point(19, 0));
	free(run);
}

static void small_error_buffer_is_terminated(void **state)
{
	(void)state;
	static const char *const bad_h8[] = {"", "h", "h0", "z1", "h99", "h8x", "8h"};
	static const char *const bad_xy[] = {"", "7", "7,7,", "15,0", "-1,3", "a,b"};
	for (size_t errlen = 1; errlen <= 8; errlen++) {
		for (size_t i = 0; i < sizeof bad_h8 / sizeof *bad_h8; i++) {
			char err[16];
			memset(err, 'Z', sizeof err);
			int p = SENTINEL;
			assert_int_equal(coord_parse(15, bad_h8[i], &p, err, errlen), -1);
			assert_true(strlen(err) == errlen - 1);
			for (size_t k = errlen; k < sizeof err; k++)
				assert_int_equal(err[k], 'Z');
		}
		for (size_t i = 0; i < sizeof bad_xy / sizeof *bad_xy; i++) {
			char err[16];
			memset(err, 'Z', sizeof err);
			int p = SENTINEL;
			assert_int_equal(coord_parse_xy(15, bad_xy[i], &p, err, errlen),
			                 -1);
			assert_int_equal(p, SENTINEL);
			assert_true(strlen(err) == errlen - 1);
			for (size_t k = errlen; k < sizeof err; k++)
				assert_int_equal(err[k], 'Z');
		}
	}
}

static void zero_error_buffer_is_untouched(void **state)
{
	(void)state;
	char err[8];
	memset(err, 'Z', sizeof err);
	int p = SENTINEL;
	assert_int_equal(coord_parse(15, "h99", &p, err, 0), -1);
	assert_int_equal(coord_parse(15, "", &p, err, 0), -1);
	assert_int_equal(coord_parse(15, "h8x", &p, err, 0), -1);
	p = SENTINEL;
	assert_int_equal(coord_parse_xy(15, "15,0", &p, err, 0), -1);
	assert_int_equal(coord_parse_xy(15, "a,b", &p, err, 0), -1);
	const char *s = "z1";
	assert_int_equal(coord_scan(15, &s, &p, err, 0), -1);
	assert_int_equal(p, SENTINEL);
	for (size_t k = 0; k < sizeof err; k++)
		assert_int_equal(err[k], 'Z');
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(round_trip_h8_every_point),
	    cmocka_unit_test(round_trip_xy_every_point),
	    cmocka_unit_test(known_values),
	    cmocka_unit_test(letters_are_case_insensitive),
	    cmocka_unit_test(xy_allows_blanks_around_numbers),
	    cmocka_unit_test(scan_runs_without_separators),
	    cmocka_unit_test(scan_stops_at_first_non_digit),
	    cmocka_unit_test(scan_row_past_board_is_an_error),
	    cmocka_unit_test(malformed_h8),
	    cmocka_unit_test(malformed_xy),
	    cmocka_unit_test(very_long_strings),
	    cmocka_unit_test(small_error_buffer_is_terminated),
	    cmocka_unit_test(zero_error_buffer_is_untouched),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
