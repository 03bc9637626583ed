/* test_results_scan.c - what reading games.csv accepts: whole numbers as
 * plain decimal digits (num.h), names up to 63 bytes, reasons up to 23;
 * anything else is refused with its line, never cut. */
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

#include "results.h"

static char dir[64], path[128];

static int make_dir(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/test_results_scan.XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof path, "%s/games.csv", dir);
	return 0;
}

static int remove_dir(void **state)
{
	(void)state;
	remove(path);
	return rmdir(dir);
}

/* games.csv with the header and one game whose first fields are `head`
 * (job,pair,round) and whose names, reason and plies are given. */
static void write_game(const char *head, const char *black, const char *reason,
                       const char *plies)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "%s\n%s,o,%s,w,1-0,%s,%s,h8,0,0,0,0\n", RESULTS_HEADER, head, black,
	        reason, plies);
	fclose(f);
}

static int read_one(ResultRow *row, char *err, size_t errlen)
{
	ResultSet set;
	long torn;
	int rc = results_read(path, &set, &torn, err, errlen);
	if (rc == 0) {
		assert_int_equal(set.count, 1);
		*row = set.rows[0];
	}
	results_free(&set);
	return rc;
}

static void test_numbers(void **state)
{
	(void)state;
	ResultRow r;
	char err[256];
	write_game("7,2000000000,0", "b", "five", "12");
	assert_int_equal(read_one(&r, err, sizeof err), 0);
	assert_int_equal(r.job, 7);
	assert_int_equal(r.pair, 2000000000);
	assert_int_equal(r.plies, 12);
	/* Leading zeros are decimal digits too. */
	write_game("7,3,000000000000000042", "b", "five", "9");
	assert_int_equal(read_one(&r, err, sizeof err), 0);
	assert_int_equal(r.job, 7);
	assert_int_equal(r.pair, 3);
	assert_int_equal(r.round, 42);
	/* Digits only (num.h): no sign, no blank, no hexadecimal. */
	const char *bad[] = {
	    "-1,0,0", "0,2000000001,0", "0,9999999999,0", "0,99999999999999999999,0",
	    "0,,0",   "0,1x,0",         "0,1 ,0",         "+7,3,0",
	    "7, 3,0", "0x1,0,0",        "0,1e3,0"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		write_game(bad[i], "b", "five", "9");
		assert_int_equal(read_one(&r, err, sizeof err), -1);
		assert_non_null(
		    strstr(err, ":2: job, pair, round and plies must be whole"));
	}
}

static void test_names_and_reasons(void **state)
{
	(void)state;
	ResultRow r;
	char err[256], name[80];
	memset(name, 'n', 63);
	name[63] = '\0';
	write_game("0,0,0", name, "a-reason-of-23-bytes-ok", "9");
	assert_int_equal(read_one(&r, err, sizeof err), 0);
	assert_string_equal(r.black, name);
	assert_string_equal(r.white, "w");
	assert_string_equal(r.reason, "a-reason-of-23-bytes-ok");
	assert_string_equal(r.opening, "o");
	/* A longer one is refused, never cut. */
	write_game("0,0,0", name, "a-reason-longer-than-23-bytes", "9");
	assert_int_equal(read_one(&r, err, sizeof err), -1);
	assert_non_null(
	    strstr(err, ":2: reason 'a-reason-longer-than-23-bytes' is not 1 to 23"));
	strcat(name, "n"); /* 64 bytes */
	write_game("0,0,0", name, "five", "9");
	assert_int_equal(read_one(&r, err, sizeof err), -1);
	assert_non_null(strstr(err, ":2: bad player or opening names"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_numbers, make_dir, remove_dir),
	    cmocka_unit_test_setup_teardown(test_names_and_reasons, make_dir, remove_dir),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
