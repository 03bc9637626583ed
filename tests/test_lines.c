/* test_lines.c - the line reader every file parser uses (lines.h): line
 * ends, the byte-order mark, NUL bytes and over-long lines as errors of
 * their line, numbers and offsets right across block boundaries. */
#define _GNU_SOURCE /* fmemopen */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lines.h"

/* Reads the n bytes of data with limit max into a text of "status:line"
 * items (status o for a line, with its text, N, L), one per call. */
static void read_all(const char *data, size_t n, size_t max, char *out, size_t outlen)
{
	FILE *f = fmemopen((void *)data, n, "r");
	assert_non_null(f);
	Lines r;
	lines_init(&r, f, max);
	char *line;
	size_t len;
	LinesStatus st;
	size_t used = 0;
	out[0] = '\0';
	while ((st = lines_next(&r, &line, &len)) != LINES_END) {
		char item[256];
		if (st == LINES_OK) {
			assert_int_equal(strlen(line), len);
			snprintf(item, sizeof item, "%ld:%.40s%s|", r.line, line,
			         r.last_open ? "(open)" : "");
		} else {
			snprintf(item, sizeof item, "%ld:%s|", r.line,
			         st == LINES_NUL    ? "NUL"
			         : st == LINES_LONG ? "LONG"
			                            : "ERR");
		}
		used += (size_t)snprintf(out + used, outlen - used, "%s", item);
		if (st == LINES_ERROR || st == LINES_NOMEM)
			break;
	}
	lines_free(&r);
	fclose(f);
}

/* A literal, its NUL excluded. */
#define READ(lit, max) read_all(lit, sizeof lit - 1, max, out, sizeof out)

static void ends_and_marks(void **state)
{
	(void)state;
	char out[1024];
	READ("a\nb\r\nc", 100);
	assert_string_equal(out, "1:a|2:b|3:c(open)|");
	/* A file cut after the CR of its CR LF (the fuzzer's first find: the
	 * CR kept made a move line a trailer line, which read back as a move). */
	READ("a\r\nb\r", 100);
	assert_string_equal(out, "1:a|2:b(open)|");
	READ("\xEF\xBB\xBF[x]\n", 100);
	assert_string_equal(out, "1:[x]|");
	/* A mark elsewhere is text. */
	READ("a\n\xEF\xBB\xBF"
	     "b\n",
	     100);
	assert_string_equal(out, "1:a|2:\xEF\xBB\xBF"
	                         "b|");
	/* A CR inside a line stays; only the one before the LF goes. */
	READ("a\rb\r\r\n", 100);
	assert_string_equal(out, "1:a\rb\r|");
	READ("", 100);
	assert_string_equal(out, "");
	READ("\n\n", 100);
	assert_string_equal(out, "1:|2:|");
}

static void nul_and_long_lines_keep_their_numbers(void **state)
{
	(void)state;
	char out[1024];
	READ("a\nb\0c\nd\n", 100);
	assert_string_equal(out, "1:a|2:NUL|3:d|");
	READ("abcdef\nabc\nabcd\n", 3);
	assert_string_equal(out, "1:LONG|2:abc|3:LONG|");
	READ("abcdef", 3);
	assert_string_equal(out, "1:LONG|");
}

static void blocks_lines_and_offsets(void **state)
{
	(void)state;
	/* 200,000 lines of varying length, over many 64 KB blocks, and one
	 * line longer than a block. */
	enum { N = 200000, BIG = 100000 };
	size_t cap = (size_t)N * 16 + BIG + 16;
	char *data = malloc(cap);
	assert_non_null(data);
	size_t len = 0;
	long long *start = malloc(sizeof *start * (N + 2));
	assert_non_null(start);
	for (int i = 0; i < N; i++) {
		start[i] = (long long)len;
		len += (size_t)sprintf(data + len, "%d%s\n", i, i % 7 ? "" : "\r");
	}
	start[N] = (long long)len;
	memset(data + len, 'x', BIG);
	len += BIG;
	data[len++] = '\n';
	FILE *f = fmemopen(data, len, "r");
	assert_non_null(f);
	Lines r;
	lines_init(&r, f, BIG);
	char *line;
	size_t n;
	for (int i = 0; i < N; i++) {
		assert_int_equal(lines_next(&r, &line, &n), LINES_OK);
		assert_int_equal(r.line, i + 1);
		assert_true(r.offset == start[i]);
		assert_int_equal(atoi(line), i);
		assert_null(strchr(line, '\r'));
	}
	assert_int_equal(lines_next(&r, &line, &n), LINES_OK);
	assert_int_equal(n, BIG);
	assert_true(r.offset == start[N]);
	assert_int_equal(lines_next(&r, &line, &n), LINES_END);
	char msg[64];
	lines_error(&r, LINES_LONG, msg, sizeof msg);
	assert_string_equal(msg, "line longer than 100000 bytes");
	lines_free(&r);
	fclose(f);
	free(start);
	free(data);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(ends_and_marks),
	    cmocka_unit_test(nul_and_long_lines_keep_their_numbers),
	    cmocka_unit_test(blocks_lines_and_offsets),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
