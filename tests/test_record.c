/* test_record.c - Piskvork .psq files and "h8 i9 j10" move lists. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board.h"
#include "coord.h"
#include "record.h"

enum { ERR_LEN = 256 };

/* A temporary file holding len bytes of text, positioned at its start. */
static FILE *file_with(const char *text, size_t len)
{
	FILE *f = tmpfile();
	assert_non_null(f);
	if (len)
		assert_int_equal(fwrite(text, 1, len, f), len);
	rewind(f);
	return f;
}

/* Reads text as the file "game.psq". */
static int read_text(const char *text, Record *r, char *err, size_t errlen)
{
	FILE *f = file_with(text, strlen(text));
	int rc = record_read_psq(f, "game.psq", r, err, errlen);
	fclose(f);
	return rc;
}

/* Reading text must fail with a message starting "game.psq:LINE: " and
 * containing needle. */
static void expect_psq_error(const char *text, int line, const char *needle)
{
	Record r;
	char err[ERR_LEN];
	memset(err, 'Z', sizeof err);
	if (read_text(text, &r, err, sizeof err) != -1)
		fail_msg("accepted bad file:\n%.200s", text);
	if (!memchr(err, '\0', sizeof err))
		fail_msg("message not NUL-terminated for:\n%.200s", text);
	char prefix[64];
	snprintf(prefix, sizeof prefix, "game.psq:%d: ", line);
	if (strncmp(err, prefix, strlen(prefix)) != 0)
		fail_msg("message '%s' does not start with '%s'", err, prefix);
	if (!strstr(err, needle))
		fail_msg("message '%s' does not contain '%s'", err, needle);
}

static void expect_read_ok(const char *text, Record *r)
{
	char err[ERR_LEN] = "";
	if (read_text(text, r, err, sizeof err) != 0)
		fail_msg("rejected good file: %s", err);
}

static void assert_records_equal(const Record *a, const Record *b)
{
	assert_int_equal(a->size, b->size);
	assert_int_equal(a->count, b->count);
	for (int i = 0; i < a->count; i++) {
		assert_int_equal(a->moves[i], b->moves[i]);
		assert_int_equal(a->ms[i], b->ms[i]);
	}
	assert_int_equal(a->view_a, b->view_a);
	assert_int_equal(a->view_b, b->view_b);
	assert_int_equal(a->view_s, b->view_s);
	assert_string_equal(a->trailer, b->trailer);
}

/* Deterministic pseudo-random numbers for shuffles. */
static uint32_t lcg(uint32_t *s)
{
	*s = *s * 1664525u + 1013904223u;
	return *s >> 8;
}

/* Fills r with every point of a size x size board in a shuffled order. */
static void fill_shuffled(Record *r, int size, uint32_t seed)
{
	record_init(r, size);
	for (int y = 0; y < size; y++)
		for (int x = 0; x < size; x++) {
			r->moves[r->count] = (int16_t)board_point(x, y);
			r->ms[r->count] = (int32_t)(lcg(&seed) % 100000);
			r->count++;
		}
	for (int i = r->count - 1; i > 0; i--) {
		int j = (int)(lcg(&seed) % (uint32_t)(i + 1));
		int16_t t = r->moves[i];
		r->moves[i] = r->moves[j];
		r->moves[j] = t;
	}
}

static void write_then_read(const Record *in, Record *out)
{
	FILE *f = tmpfile();
	assert_non_null(f);
	assert_int_equal(record_write_psq(f, in), 0);
	rewind(f);
	char err[ERR_LEN] = "";
	if (record_read_psq(f, "tmp.psq", out, err, sizeof err) != 0)
		fail_msg("reading back: %s", err);
	fclose(f);
}

static void init_gives_empty_record(void **state)
{
	(void)state;
	Record r;
	memset(&r, 0x5a, sizeof r);
	record_init(&r, 15);
	assert_int_equal(r.size, 15);
	assert_int_equal(r.count, 0);
	assert_int_equal(r.view_a, 11);
	assert_int_equal(r.view_b, 11);
	assert_int_equal(r.view_s, 0);
	assert_string_equal(r.trailer, "");
}

static void write_format_is_piskvork(void **state)
{
	(void)state;
	Record r;
	record_init(&r, 15);
	r.moves[0] = (int16_t)board_point(7, 7);
	r.ms[0] = 120;
	r.moves[1] = (int16_t)board_point(8, 6);
	r.ms[1] = 0;
	r.moves[2] = (int16_t)board_point(0, 14);
	r.ms[2] = 95;
	r.count = 3;
	strcpy(r.trailer, "pbrain-a.exe\n-1\n");

	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	assert_int_equal(record_write_psq(f, &r), 0);
	fclose(f);
	assert_string_equal(text, "Piskvorky 15x15, 11:11, 0\n"
	                          "8,8,120\n"
	                          "9,7,0\n"
	                          "1,15,95\n"
	                          "pbrain-a.exe\n"
	                          "-1\n");
	free(text);
}

static void write_error_is_reported(void **state)
{
	(void)state;
	Record r;
	fill_shuffled(&r, 15, 3);
	FILE *f = fopen("/dev/null", "r"); /* a stream that cannot be written */
	assert_non_null(f);
	assert_int_equal(record_write_psq(f, &r), -1);
	fclose(f);
}

static void round_trip_small(void **state)
{
	(void)state;
	Record a, b;
	record_init(&a, 15);
	a.view_a = 7;
	a.view_b = 3;
	a.view_s = 2;
	a.moves[0] = (int16_t)board_point(7, 7);
	a.ms[0] = 0;
	a.moves[1] = (int16_t)board_point(14, 0);
	a.ms[1] = 2147483647;
	a.count = 2;
	strcpy(a.trailer, "engine one\nengine two\n-1\n");
	write_then_read(&a, &b);
	assert_records_equal(&a, &b);
}

static void round_trip_empty_game(void **state)
{
	(void)state;
	for (int size = BOARD_MIN; size <= BOARD_MAX; size++) {
		Record a, b;
		record_init(&a, size);
		write_then_read(&a, &b);
		assert_records_equal(&a, &b);
	}
}

static void round_trip_full_boards(void **state)
{
	(void)state;
	for (int size = BOARD_MIN; size <= BOARD_MAX; size++) {
		Record a, b;
		fill_shuffled(&a, size, (uint32_t)size * 7919u);
		snprintf(a.trailer, sizeof a.trailer, "black %d\nwhite\n\n-1\n", size);
		write_then_read(&a, &b);
		assert_int_equal(b.count, size * size);
		assert_records_equal(&a, &b);
	}
}

static void round_trip_trailer_near_limit(void **state)
{
	(void)state;
	Record a, b;
	fill_shuffled(&a, 9, 1);
	/* Lines of 99 characters plus '\n'; ten of them fill 1000 bytes. */
	size_t len = 0;
	for (int i = 0; i < 10; i++) {
		memset(a.trailer + len, 'a' + i, 99);
		a.trailer[len + 99] = '\n';
		len += 100;
	}
	a.trailer[len] = '\0';
	write_then_read(&a, &b);
	assert_records_equal(&a, &b);
}

static const char piskvork_game[] = "Piskvorky 20x20, 11:11, 0\n"
                                    "10,10,0\n"
                                    "11,11,375\n"
                                    "11,9,1203\n"
                                    "9,11,31\n"
                                    "1,1,4\n"
                                    "20,20,18000\n"
                                    "1,20,0\n"
                                    "pbrain-embryo21_e.exe\n"
                                    "pbrain-rapfi21.exe\n"
                                    "-1\n";

static void check_piskvork_game(const Record *r)
{
	assert_int_equal(r->size, 20);
	assert_int_equal(r->view_a, 11);
	assert_int_equal(r->view_b, 11);
	assert_int_equal(r->view_s, 0);
	assert_int_equal(r->count, 7);
	/* x,y are 1-based in the file and 0-based (Gomocup) in points. */
	static const int want[7][3] = {{9, 9, 0},   {10, 10, 375}, {10, 8, 1203},
	                               {8, 10, 31}, {0, 0, 4},     {19, 19, 18000},
	                               {0, 19, 0}};
	for (int i = 0; i < 7; i++) {
		assert_int_equal(r->moves[i], board_point(want[i][0], want[i][1]));
		assert_int_equal(r->ms[i], want[i][2]);
	}
	assert_string_equal(r->trailer, "pbrain-embryo21_e.exe\npbrain-rapfi21.exe\n-1\n");
}

static void reads_piskvork_file(void **state)
{
	(void)state;
	Record r;
	expect_read_ok(piskvork_game, &r);
	check_piskvork_game(&r);
}

/* text with every "\n" turned into "\r\n" (caller frees). */
static char *to_crlf(const char *text)
{
	char *out = malloc(2 * strlen(text) + 1);
	assert_non_null(out);
	char *o = out;
	for (const char *s = text; *s; s++) {
		if (*s == '\n')
			*o++ = '\r';
		*o++ = *s;
	}
	*o = '\0';
	return out;
}

static void reads_crlf_lines(void **state)
{
	(void)state;
	char *crlf = to_crlf(piskvork_game);
	Record r;
	expect_read_ok(crlf, &r);
	free(crlf);
	check_piskvork_game(&r);
}

static void reads_without_final_newline(void **state)
{
	(void)state;
	Record r;
	expect_read_ok("Piskvorky 15x15, 11:11, 0\n8,8,5\n9,9,6", &r);
	assert_int_equal(r.count, 2);
	assert_int_equal(r.moves[1], board_point(8, 8));
	assert_int_equal(r.ms[1], 6);
	assert_string_equal(r.trailer, "");

	expect_read_ok("Piskvorky 15x15, 11:11, 0", &r);
	assert_int_equal(r.size, 15);
	assert_int_equal(r.count, 0);

	expect_read_ok("Piskvorky 15x15, 11:11, 0\n8,8,5\n-1", &r);
	assert_int_equal(r.count, 1);
	assert_string_equal(r.trailer, "-1\n");
}

static void header_variants(void **state)
{
	(void)state;
	static const char *const headers[] = {
	    "Piskvorky 15x15, 11:11, 0\n",       "Piskvorky  15x15,  11:11,  0\n",
	    "Piskvorky 15 x 15 , 11 : 11 , 0\n", "  Piskvorky\t15x15,\t11:11,\t0\n",
	    "Piskvorky 15x15,11:11,0\n",         "Piskvorky 15x15, 11:11, 0\r\n",
	};
	for (size_t i = 0; i < sizeof headers / sizeof *headers; i++) {
		char text[128];
		snprintf(text, sizeof text, "%s8,8,1\n", headers[i]);
		Record r;
		expect_read_ok(text, &r);
		assert_int_equal(r.size, 15);
		assert_int_equal(r.view_a, 11);
		assert_int_equal(r.view_b, 11);
		assert_int_equal(r.view_s, 0);
		assert_int_equal(r.count, 1);
	}

	Record r;
	expect_read_ok("Piskvorky 5x5, 3:4, 1\n", &r);
	assert_int_equal(r.size, 5);
	assert_int_equal(r.view_a, 3);
	assert_int_equal(r.view_b, 4);
	assert_int_equal(r.view_s, 1);
	expect_read_ok("Piskvorky 20x20, 0:0, 0\n", &r);
	assert_int_equal(r.size, 20);
}

static void move_lines_allow_blanks_around_commas(void **state)
{
	(void)state;
	Record r;
	expect_read_ok("Piskvorky 15x15, 11:11, 0\n8, 8, 1\n 9 ,9 ,2\n\t10,\t10,\t3\n", &r);
	assert_int_equal(r.count, 3);
	assert_int_equal(r.moves[2], board_point(9, 9));
	assert_int_equal(r.ms[2], 3);
	assert_string_equal(r.trailer, "");
}

static void times_are_clamped(void **state)
{
	(void)state;
	Record r;
	expect_read_ok("Piskvorky 15x15, 11:11, 0\n8,8,-5\n9,9,99999999999\n", &r);
	assert_int_equal(r.count, 2);
	assert_int_equal(r.ms[0], 0);
	assert_int_equal(r.ms[1], INT32_MAX);
}

/* The first line that is not "x,y,ms" starts the trailer: later move lines
 * are kept as trailer text, not played and not checked. */
static void trailer_starts_at_first_non_move_line(void **state)
{
	(void)state;
	Record r;
	expect_read_ok("Piskvorky 15x15, 11:11, 0\n"
	               "8,8,0\n"
	               "engine\n"
	               "9,9,0\n"
	               "8,8,0\n"
	               "0,99,0\n",
	               &r);
	assert_int_equal(r.count, 1);
	assert_string_equal(r.trailer, "engine\n9,9,0\n8,8,0\n0,99,0\n");

	/* A blank line also ends the moves. */
	expect_read_ok("Piskvorky 15x15, 11:11, 0\n8,8,0\n\n9,9,0\n", &r);
	assert_int_equal(r.count, 1);
	assert_string_equal(r.trailer, "\n9,9,0\n");

	/* A file that ends in CR without LF: the last line is still a move
	 * (a CR kept made it a trailer line, which read back as a move). */
	expect_read_ok("Piskvorky 15x15, 11:11, 0\r\n8,8,0\r\n8,1,820\r", &r);
	assert_int_equal(r.count, 2);
	assert_string_equal(r.trailer, "");
	expect_read_ok("Piskvorky 15x15, 11:11, 0\r\n8,8,0\r\r\n8,1, 0\r\r", &r);
	assert_int_equal(r.count, 2);
	assert_string_equal(r.trailer, "");

	/* So do lines that are no moves: names, a lone number, other separators. */
	static const char *const other[] = {"9,9,1x", "9;9;1", "a,9,1", "-1", "engine 1,2"};
	for (size_t i = 0; i < sizeof other / sizeof *other; i++) {
		char text[128], want[64];
		snprintf(text, sizeof text,
		         "Piskvorky 15x15, 11:11, 0\n8,8,0\n%s\n10,10,0\n", other[i]);
		snprintf(want, sizeof want, "%s\n10,10,0\n", other[i]);
		expect_read_ok(text, &r);
		assert_int_equal(r.count, 1);
		assert_string_equal(r.trailer, want);
	}
	/* A line of numbers and commas is a move, and must be x,y,ms: a
	 * malformed one is an error of its line, not the trailer's start. */
	static const char *const malformed[] = {"9,9",  "9,9,",      "9,9,1,2", ",9,9",
	                                        "9,,9", "9, 9 9, 1", "0x9,9,1"};
	for (size_t i = 0; i < sizeof malformed / sizeof *malformed; i++) {
		char text[128];
		snprintf(text, sizeof text,
		         "Piskvorky 15x15, 11:11, 0\n8,8,0\n%s\n10,10,0\n", malformed[i]);
		if (strchr(malformed[i], 'x'))
			expect_read_ok(text, &r); /* not move-shaped: a trailer */
		else
			expect_psq_error(text, 3, "expected a move x,y,ms");
	}
}

static void trailer_is_cut_at_limit(void **state)
{
	(void)state;
	/* 40 lines of 49 characters: 2000 bytes of trailer for 1024 of room. */
	size_t cap = 64 + 40 * 50 + 1;
	char *text = malloc(cap);
	assert_non_null(text);
	size_t len = (size_t)sprintf(text, "Piskvorky 15x15, 11:11, 0\n8,8,0\n");
	char *trailer_start = text + len;
	for (int i = 0; i < 40; i++) {
		memset(text + len, 'A' + i % 26, 49);
		text[len + 49] = '\n';
		len += 50;
	}
	text[len] = '\0';
	Record r;
	expect_read_ok(text, &r);
	size_t n = strlen(r.trailer);
	assert_true(n < RECORD_TRAILER_MAX);
	assert_true(n >= RECORD_TRAILER_MAX - 50);
	assert_int_equal(n % 50, 0); /* whole lines only */
	assert_memory_equal(r.trailer, trailer_start, n);
	free(text);
}

static void very_long_lines_do_not_crash(void **state)
{
	(void)state;
	enum { LONG = 100 * 1024 };
	char *text = malloc(LONG + 256);
	assert_non_null(text);

	/* A long header. */
	memset(text, 'P', LONG);
	text[LONG] = '\0';
	expect_psq_error(text, 1, "line longer than 4096 bytes");

	/* A long line where the moves would be: an error of its line, never
	 * cut. */
	size_t len = (size_t)sprintf(text, "Piskvorky 15x15, 11:11, 0\n8,8,0\n");
	memset(text + len, 'x', LONG);
	len += LONG;
	strcpy(text + len, "\n");
	expect_psq_error(text, 3, "line longer than 4096 bytes");

	/* A long run of digits in a move line. */
	len = (size_t)sprintf(text, "Piskvorky 15x15, 11:11, 0\n8,8,");
	memset(text + len, '9', LONG);
	len += LONG;
	strcpy(text + len, "\n");
	expect_psq_error(text, 2, "line longer than 4096 bytes");

	/* 19 digits: more than a move needs. */
	expect_psq_error("Piskvorky 15x15, 11:11, 0\n8,8,9999999999999999999\n", 2,
	                 "expected a move x,y,ms");

	/* A long line of blanks. */
	len = (size_t)sprintf(text, "Piskvorky 15x15, 11:11, 0\n");
	memset(text + len, ' ', LONG);
	len += LONG;
	strcpy(text + len, "\n9,9,0\n");
	expect_psq_error(text, 2, "line longer than 4096 bytes");
	free(text);
}

static void empty_and_bad_headers(void **state)
{
	(void)state;
	expect_psq_error("", 1, "empty file");
	expect_psq_error("\n", 1, "expected 'Piskvorky WxH, A:B, S', found ''");
	expect_psq_error("8,8,0\n", 1, "found '8,8,0'");
	expect_psq_error("Piskvork 15x15, 11:11, 0\n", 1, "expected 'Piskvorky");
	expect_psq_error("piskvorky 15x15, 11:11, 0\n", 1, "expected 'Piskvorky");
	expect_psq_error("Piskvorky 15x15\n", 1, "expected 'Piskvorky");
	expect_psq_error("Piskvorky 15x15, 11:11\n", 1, "expected 'Piskvorky");
	expect_psq_error("Piskvorky 15x15, 11:11,\n", 1, "expected 'Piskvorky");
	expect_psq_error("Piskvorky 15x15, 11:11, 0 extra\n", 1, "expected 'Piskvorky");
	expect_psq_error("Piskvorky 15, 11:11, 0\n", 1, "expected 'Piskvorky");
	expect_psq_error("Piskvorky x15, 11:11, 0\n", 1, "expected 'Piskvorky");
	expect_psq_error("Piskvorky 15*15, 11:11, 0\n", 1, "expected 'Piskvorky");
	expect_psq_error("Piskvorky 15x15, 11-11, 0\n", 1, "expected 'Piskvorky");
	expect_psq_error("Piskvorky 99999999999999999999x15, 11:11, 0\n", 1,
	                 "expected 'Piskvorky");
}

static void bad_board_sizes(void **state)
{
	(void)state;
	expect_psq_error("Piskvorky 15x20, 11:11, 0\n", 1, "board must be square");
	expect_psq_error("Piskvorky 20x15, 11:11, 0\n8,8,0\n", 1, "board must be square");
	expect_psq_error("Piskvorky 4x4, 11:11, 0\n", 1, "5 to 20 points a side");
	expect_psq_error("Piskvorky 21x21, 11:11, 0\n", 1, "5 to 20 points a side");
	expect_psq_error("Piskvorky 0x0, 11:11, 0\n", 1, "board must be square");
	expect_psq_error("Piskvorky -15x-15, 11:11, 0\n", 1, "board must be square");
	expect_psq_error("Piskvorky 1000x1000, 11:11, 0\n", 1, "board must be square");
}

static void bad_moves_name_their_line(void **state)
{
	(void)state;
	expect_psq_error("Piskvorky 20x20, 11:11, 0\n0,5,0\n", 2,
	                 "stone 0,5 is off the 20x20 board");
	expect_psq_error("Piskvorky 20x20, 11:11, 0\n10,10,0\n21,1,0\n", 3,
	                 "stone 21,1 is off the 20x20 board");
	expect_psq_error("Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,0\n1,21,0\n", 4,
	                 "stone 1,21 is off");
	expect_psq_error("Piskvorky 20x20, 11:11, 0\n5,0,0\n", 2, "stone 5,0 is off");
	expect_psq_error("Piskvorky 20x20, 11:11, 0\n-3,4,0\n", 2, "stone -3,4 is off");
	expect_psq_error("Piskvorky 15x15, 11:11, 0\n16,16,0\n", 2, "off the 15x15 board");
	expect_psq_error("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n8,8,0\n", 4,
	                 "point 8,8 is already taken");
	expect_psq_error("Piskvorky 15x15, 11:11, 0\r\n8,8,0\r\n8,8,0\r\n", 3,
	                 "already taken");
	/* Only the first problem is reported. */
	expect_psq_error("Piskvorky 15x15, 11:11, 0\n1,1,0\n1,1,0\n99,1,0\n", 3,
	                 "already taken");
}

static void error_buffer_small_or_empty(void **state)
{
	(void)state;
	Record r;
	char err[16];
	for (size_t errlen = 1; errlen <= 8; errlen++) {
		memset(err, 'Z', sizeof err);
		assert_int_equal(read_text("Piskvorky 4x4, 11:11, 0\n", &r, err, errlen),
		                 -1);
		assert_int_equal(strlen(err), errlen - 1);
		for (size_t k = errlen; k < sizeof err; k++)
			assert_int_equal(err[k], 'Z');
	}
	memset(err, 'Z', sizeof err);
	assert_int_equal(read_text("Piskvorky 15x15, 11:11, 0\n0,0,0\n", &r, err, 0), -1);
	assert_int_equal(read_text("", &r, err, 0), -1);
	for (size_t k = 0; k < sizeof err; k++)
		assert_int_equal(err[k], 'Z');
}

static void load_missing_file(void **state)
{
	(void)state;
	const char *path = "/tmp/ga-test-record-no-such-dir/none.psq";
	Record r;
	char err[ERR_LEN] = "";
	assert_int_equal(record_load_psq(path, &r, err, sizeof err), -1);
	char want[ERR_LEN];
	snprintf(want, sizeof want, "%s: cannot open: ", path);
	assert_int_equal(strncmp(err, want, strlen(want)), 0);
	assert_true(strlen(err) > strlen(want));
}

/* Writes text to a new file under /tmp; returns its path in path. */
static void temp_file(char path[64], const char *text)
{
	strcpy(path, "/tmp/ga-test-record-XXXXXX");
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static void load_names_the_path(void **state)
{
	(void)state;
	char path[64];
	Record r;
	char err[ERR_LEN] = "";

	temp_file(path, piskvork_game);
	int rc = record_load_psq(path, &r, err, sizeof err);
	unlink(path);
	if (rc != 0)
		fail_msg("%s", err);
	check_piskvork_game(&r);

	temp_file(path, "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n");
	rc = record_load_psq(path, &r, err, sizeof err);
	unlink(path);
	assert_int_equal(rc, -1);
	char want[ERR_LEN];
	snprintf(want, sizeof want, "%s:3: point 8,8 is already taken", path);
	assert_string_equal(err, want);
}

/* Parses text; fails unless it gives exactly the n points of want (h8
 * notation on size x size). */
static void expect_moves(int size, const char *text, const char *const *want, int n)
{
	int16_t moves[BOARD_MAX_MOVES];
	char err[ERR_LEN] = "";
	int got = record_parse_moves(size, text, moves, BOARD_MAX_MOVES, err, sizeof err);
	if (got != n)
		fail_msg("'%s': %d moves, want %d (%s)", text, got, n, err);
	for (int i = 0; i < n; i++) {
		char buf[COORD_TEXT_MAX];
		coord_format(size, moves[i], buf);
		if (strcmp(buf, want[i]) != 0)
			fail_msg("'%s': move %d is %s, want %s", text, i, buf, want[i]);
	}
}

static void expect_moves_error(int size, const char *text, int max, const char *needle)
{
	int16_t moves[BOARD_MAX_MOVES];
	char err[ERR_LEN];
	memset(err, 'Z', sizeof err);
	int got = record_parse_moves(size, text, moves, max, err, sizeof err);
	if (got != -1)
		fail_msg("'%.60s': accepted (%d moves)", text, got);
	if (!memchr(err, '\0', sizeof err) || !err[0])
		fail_msg("'%.60s': empty or unterminated message", text);
	if (!strstr(err, needle))
		fail_msg("'%.60s': message '%s' does not contain '%s'", text, err, needle);
}

static void parse_moves_separators(void **state)
{
	(void)state;
	static const char *const three[] = {"h8", "i9", "j10"};
	expect_moves(15, "h8 i9 j10", three, 3);
	expect_moves(15, "h8i9j10", three, 3);
	expect_moves(15, "h8,i9, j10", three, 3);
	expect_moves(15, "  h8\ti9 ,, j10  ", three, 3);
	expect_moves(15, ",h8,i9,j10,", three, 3);
	expect_moves(15, "H8 I9 J10", three, 3);
	expect_moves(15, "h8 i9j10", three, 3);
	expect_moves(15, "", three, 0);
	expect_moves(15, "   ", three, 0);
	expect_moves(15, " ,\t, ", three, 0);
	static const char *const corners[] = {"a1", "o15", "a15", "o1", "a10"};
	expect_moves(15, "a1o15a15o1a10", corners, 5);
}

static void parse_moves_rejects(void **state)
{
	(void)state;
	expect_moves_error(15, "h8 i9 h8", 400, "point 'h8' is played twice");
	expect_moves_error(15, "h8 H8", 400, "played twice");
	expect_moves_error(15, "a10a10", 400, "point 'a10' is played twice");
	expect_moves_error(15, "h8 p1", 400, "'p1' is off the 15x15 board");
	expect_moves_error(15, "h8 a16", 400, "'a16' is off the 15x15 board");
	expect_moves_error(15, "h0", 400, "off the 15x15 board");
	expect_moves_error(9, "j1", 400, "off the 9x9 board");
	expect_moves_error(15, "h8 ??", 400, "expected a point");
	expect_moves_error(15, "h8;i9", 400, "expected a point");
	expect_moves_error(15, "h8 i", 400, "no row number");
	expect_moves_error(15, "h8\ni9", 400, "expected a point");
	expect_moves_error(15, "7,7", 400, "expected a point");
	expect_moves_error(15, "h8 i9 j10", 2, "more than 2 moves");
	expect_moves_error(15, "h8", 0, "more than 0 moves");

	int16_t moves[3];
	char err[ERR_LEN];
	assert_int_equal(record_parse_moves(15, "h8 i9 j10", moves, 3, err, sizeof err), 3);
	assert_int_equal(record_parse_moves(15, "", moves, 0, err, sizeof err), 0);
}

static void parse_moves_long_input(void **state)
{
	(void)state;
	/* Every point of 20x20, written without separators. */
	Record r;
	fill_shuffled(&r, 20, 99);
	char text[BOARD_MAX_MOVES * 4 + 1];
	size_t len = 0;
	for (int i = 0; i < r.count; i++) {
		char buf[COORD_TEXT_MAX];
		len += (size_t)sprintf(text + len, "%s", coord_format(20, r.moves[i], buf));
	}
	int16_t moves[BOARD_MAX_MOVES];
	char err[ERR_LEN] = "";
	assert_int_equal(
	    record_parse_moves(20, text, moves, BOARD_MAX_MOVES, err, sizeof err), 400);
	assert_memory_equal(moves, r.moves, sizeof moves);

	/* 100 KB of blanks and one point. */
	enum { LONG = 100 * 1024 };
	char *s = malloc(LONG + 8);
	assert_non_null(s);
	memset(s, ' ', LONG);
	strcpy(s + LONG, "h8");
	assert_int_equal(record_parse_moves(15, s, moves, 10, err, sizeof err), 1);
	/* 100 KB of junk. */
	memset(s, '#', LONG);
	expect_moves_error(15, s, 10, "expected a point");
	free(s);
}

static void format_moves_inverse_of_parse(void **state)
{
	(void)state;
	int16_t moves[BOARD_MAX_MOVES];
	char err[ERR_LEN] = "";
	char buf[BOARD_MAX_MOVES * 4 + 1];

	int n =
	    record_parse_moves(15, " H8,i9j10 ", moves, BOARD_MAX_MOVES, err, sizeof err);
	assert_int_equal(n, 3);
	record_format_moves(15, moves, n, buf, sizeof buf);
	assert_string_equal(buf, "h8 i9 j10");

	record_format_moves(15, moves, 0, buf, sizeof buf);
	assert_string_equal(buf, "");

	for (int size = BOARD_MIN; size <= BOARD_MAX; size++) {
		Record r;
		fill_shuffled(&r, size, (uint32_t)size);
		record_format_moves(size, r.moves, r.count, buf, sizeof buf);
		n = record_parse_moves(size, buf, moves, BOARD_MAX_MOVES, err, sizeof err);
		assert_int_equal(n, r.count);
		assert_memory_equal(moves, r.moves, (size_t)n * sizeof *moves);
		assert_null(strstr(buf, "  "));
		assert_int_not_equal(buf[strlen(buf) - 1], ' ');
	}
}

static void format_moves_tiny_buffer(void **state)
{
	(void)state;
	int16_t moves[3] = {(int16_t)board_point(7, 7), (int16_t)board_point(8, 6),
	                    (int16_t)board_point(9, 5)};
	const char *full = "h8 i9 j10";
	for (size_t buflen = 1; buflen <= strlen(full) + 1; buflen++) {
		char buf[16];
		memset(buf, 'Z', sizeof buf);
		record_format_moves(15, moves, 3, buf, buflen);
		assert_true(strlen(buf) < buflen);
		assert_int_equal(strncmp(buf, full, strlen(buf)), 0);
		for (size_t k = buflen; k < sizeof buf; k++)
			assert_int_equal(buf[k], 'Z');
	}
	char buf[4];
	memset(buf, 'Z', sizeof buf);
	record_format_moves(15, moves, 3, buf, 0);
	for (size_t k = 0; k < sizeof buf; k++)
		assert_int_equal(buf[k], 'Z');
	char exact[10];
	record_format_moves(15, moves, 3, exact, sizeof exact);
	assert_string_equal(exact, full);
}

static void replay_plays_moves(void **state)
{
	(void)state;
	Record r;
	record_init(&r, 15);
	char err[ERR_LEN] = "";
	r.count =
	    record_parse_moves(15, "h8 i9 j10", r.moves, BOARD_MAX_MOVES, err, sizeof err);
	assert_int_equal(r.count, 3);
	Board b;
	assert_int_equal(board_init(&b, 15, RULE_FREESTYLE), 0);
	assert_int_equal(record_replay(&r, &b), 0);
	assert_int_equal(b.count, 3);
	assert_int_equal(b.to_move, WHITE);
	assert_int_equal(b.cell[board_point(7, 7)], CELL_BLACK);
	assert_int_equal(b.cell[board_point(8, 6)], CELL_WHITE);
	assert_int_equal(b.cell[board_point(9, 5)], CELL_BLACK);
	assert_int_equal(board_last(&b), board_point(9, 5));
	for (int i = 0; i < 3; i++)
		assert_int_equal(b.moves[i], r.moves[i]);

	/* The incremental state matches a full recomputation. */
	Board c = b;
	board_refresh(&c);
	assert_true(c.hash == b.hash);
	assert_memory_equal(c.pat, b.pat, sizeof b.pat);

	/* A read file replays too. */
	Record g;
	expect_read_ok(piskvork_game, &g);
	assert_int_equal(board_init(&b, 20, RULE_RENJU), 0);
	assert_int_equal(record_replay(&g, &b), 0);
	assert_int_equal(b.count, 7);
	assert_int_equal(b.to_move, WHITE);
	assert_int_equal(b.cell[board_point(0, 19)], CELL_BLACK);
	assert_int_equal(b.cell[board_point(19, 19)], CELL_WHITE);

	/* An empty record leaves the board empty. */
	record_init(&r, 15);
	assert_int_equal(board_init(&b, 15, RULE_FREESTYLE), 0);
	assert_int_equal(record_replay(&r, &b), 0);
	assert_int_equal(b.count, 0);
	assert_int_equal(b.to_move, BLACK);
}

static void replay_fails_on_occupied_or_off_board(void **state)
{
	(void)state;
	Record r;
	char err[ERR_LEN] = "";
	record_init(&r, 15);
	r.count =
	    record_parse_moves(15, "h8 i9 j10", r.moves, BOARD_MAX_MOVES, err, sizeof err);
	assert_int_equal(r.count, 3);

	Board b;
	assert_int_equal(board_init(&b, 15, RULE_FREESTYLE), 0);
	board_put(&b, board_point(8, 6), BLACK); /* i9 taken */
	assert_int_equal(record_replay(&r, &b), -1);

	/* A record built by hand with a repeated point. */
	record_init(&r, 15);
	r.moves[0] = r.moves[2] = (int16_t)board_point(7, 7);
	r.moves[1] = (int16_t)board_point(0, 0);
	r.count = 3;
	assert_int_equal(board_init(&b, 15, RULE_FREESTYLE), 0);
	assert_int_equal(record_replay(&r, &b), -1);

	/* A 20x20 record replayed on a 15x15 board. */
	record_init(&r, 20);
	r.moves[0] = (int16_t)board_point(7, 7);
	r.moves[1] = (int16_t)board_point(19, 0);
	r.count = 2;
	assert_int_equal(board_init(&b, 15, RULE_FREESTYLE), 0);
	assert_int_equal(record_replay(&r, &b), -1);
	r.moves[1] = (int16_t)board_point(0, 17);
	assert_int_equal(board_init(&b, 15, RULE_FREESTYLE), 0);
	assert_int_equal(record_replay(&r, &b), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(init_gives_empty_record),
	    cmocka_unit_test(write_format_is_piskvork),
	    cmocka_unit_test(write_error_is_reported),
	    cmocka_unit_test(round_trip_small),
	    cmocka_unit_test(round_trip_empty_game),
	    cmocka_unit_test(round_trip_full_boards),
	    cmocka_unit_test(round_trip_trailer_near_limit),
	    cmocka_unit_test(reads_piskvork_file),
	    cmocka_unit_test(reads_crlf_lines),
	    cmocka_unit_test(reads_without_final_newline),
	    cmocka_unit_test(header_variants),
	    cmocka_unit_test(move_lines_allow_blanks_around_commas),
	    cmocka_unit_test(times_are_clamped),
	    cmocka_unit_test(trailer_starts_at_first_non_move_line),
	    cmocka_unit_test(trailer_is_cut_at_limit),
	    cmocka_unit_test(very_long_lines_do_not_crash),
	    cmocka_unit_test(empty_and_bad_headers),
	    cmocka_unit_test(bad_board_sizes),
	    cmocka_unit_test(bad_moves_name_their_line),
	    cmocka_unit_test(error_buffer_small_or_empty),
	    cmocka_unit_test(load_missing_file),
	    cmocka_unit_test(load_names_the_path),
	    cmocka_unit_test(parse_moves_separators),
	    cmocka_unit_test(parse_moves_rejects),
	    cmocka_unit_test(parse_moves_long_input),
	    cmocka_unit_test(format_moves_inverse_of_parse),
	    cmocka_unit_test(format_moves_tiny_buffer),
	    cmocka_unit_test(replay_plays_moves),
	    cmocka_unit_test(replay_fails_on_occupied_or_off_board),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
