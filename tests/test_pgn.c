/* test_pgn.c - games.csv as PGN (arena/store/pgn.h) with the tags of its
 * run folder (arena/store/run_tags.h): the Seven Tag Roster in its order,
 * Round round.pair, PlyCount, Termination for every reason, the time
 * controls (one for both, or each side's when they differ, none without a
 * time limit), the event from config.ini or the file's name, escaping of
 * quotes, backslashes and control bytes, the date of the file, and bad
 * input that writes nothing. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <utime.h>

#include "pgn.h"
#include "results.h"
#include "run_tags.h"
#include "err.h"
#include "tmpdir.h"

/* The PGN of csv as one string (the caller frees it); rc receives
 * pgn_write's status. */
static char *pgn_of(const char *csv, int *rc)
{
	char *buf = NULL, err[512] = "";
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	*rc = pgn_write(&csv, 1, f, err, sizeof err);
	fclose(f);
	if (*rc < 0)
		assert_non_null(strstr(err, csv));
	return buf;
}

static const char *const GAMES = RESULTS_HEADER
    "\n"
    "0,0,1,a,alpha,beta,1-0,five,9,h8 i8 h9 i9 h10 i10 h11 i11 h12,10,20,0,0\n"
    "1,0,1,a,beta,alpha,0-1,timeout,2,h8 i8,10,20,0,0\n"
    "2,1,2,b,alpha,beta,1/2-1/2,max-plies,2,h8 i8,10,20,0,0\n"
    "3,1,2,b,beta,alpha,1-0,crash,2,h8 i8,10,20,0,0\n"
    "4,2,3,c,alpha,beta,0-1,illegal,2,h8 i8,10,20,0,0\n"
    "5,2,3,c,beta,alpha,0-1,adjudicated,2,h8 i8,10,20,0,0\n"
    "6,3,3,c,alpha,beta,0-1,odd,2,h8 i8,10,20,0,0\n";

/* The run folder: config.ini with a game clock for alpha and a limit per
 * move for beta, games.csv dated 2021-03-04 (UTC). */
static void run_tags_from_config(void **state)
{
	(void)state;
	char sub[128], path[256];
	snprintf(sub, sizeof sub, "%s/run", dir);
	assert_int_equal(mkdir(sub, 0755), 0);
	snprintf(path, sizeof path, "%s/config.ini", sub);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("[tournament]\nname = spring cup\ngame_ms = 60000\ninc_ms = 500\n\n"
	      "[player alpha]\ntype = alphabeta\n\n"
	      "[player beta]\ntype = alphabeta\nms = 250\n\n"
	      "[player gamma]\ntype = alphabeta\n",
	      f);
	fclose(f);
	snprintf(path, sizeof path, "%s/games.csv", sub);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(GAMES, f);
	fclose(f);
	struct utimbuf when = {1614859200, 1614859200}; /* 2021-03-04 12:00 UTC */
	assert_int_equal(utime(path, &when), 0);

	RunTags t;
	run_tags_find(path, &t);
	assert_true(t.known);
	assert_string_equal(t.event, "spring cup");
	assert_string_equal(t.date, "2021.03.04");
	assert_string_equal(run_tags_tc(&t, "alpha"), "60+0.5");
	assert_string_equal(run_tags_tc(&t, "beta"), "0.25/move");
	assert_string_equal(run_tags_tc(&t, "nobody"), "");
	assert_string_equal(t.moves, ""); /* no moves.csv beside it */

	int rc;
	char *pgn = pgn_of(path, &rc);
	assert_int_equal(rc, 0);
	/* The first game whole: the roster in its order, then the other
	 * tags in ASCII order, then the result as the movetext. */
	const char *first = "[Event \"spring cup\"]\n[Site \"?\"]\n[Date \"2021.03.04\"]\n"
	                    "[Round \"1.0\"]\n[White \"alpha\"]\n[Black \"beta\"]\n"
	                    "[Result \"1-0\"]\n[BlackTimeControl \"0.25/move\"]\n"
	                    "[PlyCount \"9\"]\n[Termination \"normal\"]\n"
	                    "[WhiteTimeControl \"60+0.5\"]\n\n1-0\n\n";
	assert_memory_equal(pgn, first, strlen(first));
	assert_non_null(strstr(pgn, "[Round \"2.1\"]\n"));
	assert_non_null(strstr(pgn, "[Result \"1/2-1/2\"]\n"));
	assert_non_null(strstr(pgn, "[Termination \"time forfeit\"]\n"));
	assert_non_null(strstr(pgn, "[Termination \"abandoned\"]\n"));
	assert_non_null(strstr(pgn, "[Termination \"rules infraction\"]\n"));
	assert_non_null(strstr(pgn, "[Termination \"adjudication\"]\n"));
	/* Seven games, six reasons known: "odd" gets no Termination. */
	int games = 0, terms = 0;
	for (const char *s = pgn; (s = strstr(s, "[Event ")); s++)
		games++;
	for (const char *s = pgn; (s = strstr(s, "[Termination ")); s++)
		terms++;
	assert_int_equal(games, 7);
	assert_int_equal(terms, 6);
	free(pgn);
}

static void termination_words(void **state)
{
	(void)state;
	assert_string_equal(pgn_termination("five"), "normal");
	assert_string_equal(pgn_termination("forbidden"), "normal");
	assert_string_equal(pgn_termination("full-board"), "normal");
	assert_string_equal(pgn_termination("max-plies"), "normal");
	assert_string_equal(pgn_termination("timeout"), "time forfeit");
	assert_string_equal(pgn_termination("protocol"), "rules infraction");
	assert_string_equal(pgn_termination("memory"), "abandoned");
	assert_null(pgn_termination(""));
}

static void time_controls(void **state)
{
	(void)state;
	char tc[RUN_TAGS_TC_MAX];
	Budget b = {0};
	run_tags_time_control(&b, tc, sizeof tc);
	assert_string_equal(tc, "");
	b.nodes = 1000; /* nodes alone: no time control */
	run_tags_time_control(&b, tc, sizeof tc);
	assert_string_equal(tc, "");
	b.ms = 1500;
	run_tags_time_control(&b, tc, sizeof tc);
	assert_string_equal(tc, "1.5/move");
	b.game_ms = 180000; /* a game clock wins */
	run_tags_time_control(&b, tc, sizeof tc);
	assert_string_equal(tc, "180");
	b.inc_ms = 30;
	run_tags_time_control(&b, tc, sizeof tc);
	assert_string_equal(tc, "180+0.03");
}

/* Outside a run folder: the event is the file's name, escaped; the same
 * time control for both (none here) is one tag or none; names with quotes,
 * backslashes and control bytes are escaped. */
static void event_from_name_escaped(void **state)
{
	(void)state;
	const char *csv = tmpdir_write("my \"best\\\x01.csv", RESULTS_HEADER
	                               "\n"
	                               "0,0,1,a,q\"x,a\\b,1-0,five,2,h8 i8,1,1,0,0\n");
	RunTags t;
	run_tags_find(csv, &t);
	assert_false(t.known);
	assert_string_equal(t.event, "my \"best\\\x01");
	assert_string_not_equal(t.date, "????.??.??");
	int rc;
	char *pgn = pgn_of(csv, &rc);
	assert_int_equal(rc, 0);
	assert_non_null(strstr(pgn, "[Event \"my \\\"best\\\\\\\\x01\"]\n"));
	assert_non_null(strstr(pgn, "[White \"q\\\"x\"]\n[Black \"a\\\\b\"]\n"));
	assert_null(strstr(pgn, "TimeControl"));
	free(pgn);
	/* No file: no date. */
	run_tags_find("/nonexistent/x.csv", &t);
	assert_string_equal(t.date, "????.??.??");
	assert_string_equal(t.event, "x");
}

/* A bad line anywhere: an error with its place, and nothing written. */
static void bad_input_writes_nothing(void **state)
{
	(void)state;
	const char *csv = tmpdir_write("bad.csv", RESULTS_HEADER
	                               "\n"
	                               "0,0,1,a,x,y,1-0,five,2,h8 i8,1,1,0,0\n"
	                               "1,0,1,a,x,y,2-0,five,2,h8 i8,1,1,0,0\n");
	int rc;
	char *pgn = pgn_of(csv, &rc);
	assert_int_equal(rc, ERR_INPUT);
	assert_string_equal(pgn, "");
	free(pgn);
	/* A header alone: no games, no error. */
	csv = tmpdir_write("none.csv", RESULTS_HEADER "\n");
	pgn = pgn_of(csv, &rc);
	assert_int_equal(rc, 0);
	assert_string_equal(pgn, "");
	free(pgn);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(run_tags_from_config),
	    cmocka_unit_test(termination_words),
	    cmocka_unit_test(time_controls),
	    cmocka_unit_test(event_from_name_escaped),
	    cmocka_unit_test(bad_input_writes_nothing),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
