/* test_results.c - reading games.csv: every state a kill leaves and what
 * other tools write is read or refused with the line and the reason. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "tmpdir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "results.h"

#define ROW0 "0,0,1,o,a,b,1-0,five,9,h8 i9 h9 i10 h10 i11 h11 i12 h12,0,0,0,0"
#define ROW1 "1,0,1,o,b,a,1/2-1/2,max-plies,1,h8,0,0,0,0"

/* Reads text as games.csv: the row count, or -1 with the message in err. */
static int read_text(const char *text, char *err, size_t errlen)
{
	ResultSet set;
	long torn;
	if (results_read(tmpdir_write("games.csv", text), &set, &torn, err, errlen) < 0)
		return -1;
	int n = set.count;
	results_free(&set);
	return n;
}

static void blank_lines_at_the_end_are_accepted(void **state)
{
	(void)state;
	char err[512] = "";
	static const char *const ends[] = {"\n", "\n\n\n", "\r\n", "\n\r\n\n"};
	for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
		char text[512];
		snprintf(text, sizeof text, RESULTS_HEADER "\n" ROW0 "\n" ROW1 "\n%s",
		         ends[i]);
		if (read_text(text, err, sizeof err) != 2)
			fail_msg("end %zu: %s", i, err);
	}
	/* ... but a game after a blank line is refused. */
	assert_int_equal(
	    read_text(RESULTS_HEADER "\n" ROW0 "\n\n" ROW1 "\n", err, sizeof err), -1);
	assert_non_null(strstr(err, "games.csv:4: a game after the blank line 3"));
}

/* A games file has the 14 columns, no more: a run appends 14-field lines
 * to it and sorts it under its own header, so a file with more is refused,
 * naming the column, rather than read in part. */
static void extra_columns_are_refused_by_name(void **state)
{
	(void)state;
	char err[512] = "";
	assert_int_equal(
	    read_text(RESULTS_HEADER ",engine,site\n" ROW0 ",x,y\n", err, sizeof err), -1);
	if (!strstr(err, "games.csv:1: unexpected column 15 'engine' after the 14 of a "
	                 "games file"))
		fail_msg("%s", err);
	/* A column of ours renamed or moved is named too. */
	char text[512];
	snprintf(text, sizeof text, "%s\n" ROW0 "\n",
	         "job,pair,round,opening,player,white,result,reason,plies,moves,black_ms,"
	         "white_ms,black_nodes,white_nodes");
	assert_int_equal(read_text(text, err, sizeof err), -1);
	if (!strstr(err,
	            "games.csv:1: column 5 is 'player' where a games file has 'black'"))
		fail_msg("%s", err);
	/* Columns missing at the end. */
	assert_int_equal(read_text("job,pair,round\n0,0,1\n", err, sizeof err), -1);
	if (!strstr(err, "games.csv:1: the header has 3 columns of the 14"))
		fail_msg("%s", err);
	/* Not a games file at all. */
	assert_int_equal(read_text("name,score\nx,1\n", err, sizeof err), -1);
	if (!strstr(err, "games.csv:1: not a games file (expected the header job,pair,"))
		fail_msg("%s", err);
	/* A line with a field too many under the right header. */
	assert_int_equal(read_text(RESULTS_HEADER "\n" ROW0 ",x\n", err, sizeof err), -1);
	if (!strstr(err, "games.csv:2: expected 14 fields, found 15"))
		fail_msg("%s", err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(blank_lines_at_the_end_are_accepted),
	    cmocka_unit_test(extra_columns_are_refused_by_name),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
