/* test_tally.c - games.csv summed per pairing (tally.c) and the report made
 * from it: pentanomial pairs found by pairing and pair id in file order,
 * players in the given or first-seen order, more than 256 players and the
 * limit, endings; and in the report, the players with no finite rating
 * named, los.csv as printf writes it, elo.csv to 0.001 Elo. */
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

#include <gsl/gsl_errno.h>

#include "err.h"

#include "report.h"
#include "results.h"
#include "tally.h"

static char dir[64], csv[128];

static int make_dir(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/test_tally.XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	snprintf(csv, sizeof csv, "%s/games.csv", dir);
	return 0;
}

static int remove_dir(void **state)
{
	(void)state;
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* One game a line: "pair black white result [reason]". */
static void write_games(const char *const *games, int n)
{
	FILE *f = fopen(csv, "w");
	assert_non_null(f);
	fprintf(f, "%s\n", RESULTS_HEADER);
	for (int i = 0; i < n; i++) {
		int pair;
		char b[64], w[64], res[16], why[32] = "five";
		assert_true(
		    sscanf(games[i], "%d %63s %63s %15s %31s", &pair, b, w, res, why) >= 4);
		fprintf(f, "%d,%d,0,o,%s,%s,%s,%s,1,h8,0,0,0,0\n", i, pair, b, w, res, why);
	}
	fclose(f);
}

static void read_ok(const char *const *given, int n, Tally *t)
{
	char err[256];
	if (tally_read(csv, given, n, TALLY_DUPS_REFUSE, t, err, sizeof err) < 0)
		fail_msg("tally_read: %s", err);
}

static const TallyPairing *find(const Tally *t, int a, int b)
{
	for (int p = 0; p < t->npairings; p++)
		if (t->pairings[p].a == a && t->pairings[p].b == b)
			return &t->pairings[p];
	fail_msg("no pairing %d-%d", a, b);
	return NULL;
}

static void test_pairs_by_pairing_and_id(void **state)
{
	(void)state;
	/* Pair ids repeat across pairings, as in arena run; games interleave. */
	const char *g[] = {
	    "0 B A 1-0", "0 C A 0-1", "0 A B 1/2-1/2", "0 A C 1-0",
	    "1 B A 0-1", "1 A C 0-1", "1 A B 0-1",     "1 C A 1-0",
	    "5 B C 1-0", "5 C B 1-0", "5 B C 1-0", /* a third game: no partner */
	};
	write_games(g, 11);
	Tally t;
	read_ok(NULL, 0, &t);
	assert_int_equal(t.n, 3);
	assert_string_equal(t.names[0], "B"); /* in order of first appearance */
	assert_string_equal(t.names[1], "A");
	assert_string_equal(t.names[2], "C");
	assert_int_equal(t.games, 11);
	assert_int_equal(t.npairings, 3);
	for (int p = 1; p < t.npairings; p++) /* sorted by players */
		assert_true(t.pairings[p - 1].a < t.pairings[p].a ||
		            (t.pairings[p - 1].a == t.pairings[p].a &&
		             t.pairings[p - 1].b < t.pairings[p].b));
	/* B-A from B's side: pair 0 = win + draw (1.5), pair 1 = loss + win (1) */
	const TallyPairing *ba = find(&t, 0, 1);
	assert_true(ba->paired);
	assert_int_equal(ba->c.wins, 2);
	assert_int_equal(ba->c.draws, 1);
	assert_int_equal(ba->c.losses, 1);
	const long penta_ba[5] = {0, 0, 1, 1, 0};
	assert_memory_equal(ba->c.penta, penta_ba, sizeof penta_ba);
	/* A-C from A's side: pair 0 = 1 + 1, pair 1 = 0 + 0 */
	const TallyPairing *ac = find(&t, 1, 2);
	assert_true(ac->paired);
	const long penta_ac[5] = {1, 0, 0, 0, 1};
	assert_memory_equal(ac->c.penta, penta_ac, sizeof penta_ac);
	/* B-C: three games with one id: a pair and a game alone, so no penta */
	const TallyPairing *bc = find(&t, 0, 2);
	assert_false(bc->paired);
	assert_int_equal(bc->c.wins, 2);
	assert_int_equal(bc->c.losses, 1);
	const long none[5] = {0};
	assert_memory_equal(bc->c.penta, none, sizeof none);
	tally_free(&t);
	tally_free(&t); /* twice is harmless */
}

static void test_given_players_and_endings(void **state)
{
	(void)state;
	const char *g[] = {"0 A B 1-0 five", "0 B A 1-0 crash", "1 A B 0-1 warp-drive",
	                   "1 B A 1/2-1/2 full-board"};
	write_games(g, 4);
	const char *const given[] = {"B", "Z", "A"};
	Tally t;
	read_ok(given, 3, &t);
	assert_int_equal(t.n, 3);
	assert_string_equal(t.names[2], "A");
	assert_int_equal(t.npairings, 1);
	assert_int_equal(t.pairings[0].a, 0); /* B */
	assert_int_equal(t.pairings[0].b, 2);
	assert_int_equal(t.ends[END_FIVE], 1);
	assert_int_equal(t.ends[END_CRASH], 1);
	assert_int_equal(t.ends[END_FULL_BOARD], 1);
	assert_int_equal(t.ends[END_COUNT], 1); /* a reason this version does not know */
	tally_free(&t);
	char err[256];
	const char *const two[] = {"A", "C"};
	assert_int_equal(tally_read(csv, two, 2, TALLY_DUPS_REFUSE, &t, err, sizeof err),
	                 ERR_INPUT);
	assert_string_equal(strstr(err, "games.csv:2:"), "games.csv:2: unknown player 'B'");
	assert_null(t.names);
}

/* More players than the old table held (256), and the limit. */
/* A job number twice (two runs' files joined): refused with its line, or
 * the first counted, or both, and counted either way (issue 29). */
static void test_duplicates(void **state)
{
	(void)state;
	FILE *f = fopen(csv, "w");
	assert_non_null(f);
	fprintf(f, "%s\n", RESULTS_HEADER);
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < 3; i++)
			fprintf(f, "%d,%d,1,o,a,b,1-0,five,1,h8,0,0,0,0\n", i, i / 2);
	fclose(f);
	Tally t;
	char err[256];
	assert_int_equal(tally_read(csv, NULL, 0, TALLY_DUPS_REFUSE, &t, err, sizeof err),
	                 ERR_INPUT);
	assert_non_null(strstr(err, ":5: game 0 again"));
	assert_int_equal(tally_read(csv, NULL, 0, TALLY_DUPS_DROP, &t, err, sizeof err), 0);
	assert_int_equal(t.games, 3);
	assert_int_equal(t.dups, 3);
	assert_int_equal(t.dup_line, 5);
	tally_free(&t);
	assert_int_equal(tally_read(csv, NULL, 0, TALLY_DUPS_KEEP, &t, err, sizeof err), 0);
	assert_int_equal(t.games, 6);
	assert_int_equal(t.dups, 3);
	tally_free(&t);
}

static void test_many_players(void **state)
{
	(void)state;
	FILE *f = fopen(csv, "w");
	assert_non_null(f);
	fprintf(f, "%s\n", RESULTS_HEADER);
	for (int i = 0; i < TALLY_PLAYERS_MAX; i++) /* a chain: each beats the next */
		fprintf(f, "%d,%d,0,o,p%05d,p%05d,1-0,five,1,h8,0,0,0,0\n", i, i, i, i + 1);
	fclose(f);
	Tally t;
	char err[256];
	assert_int_equal(tally_read(csv, NULL, 0, TALLY_DUPS_REFUSE, &t, err, sizeof err),
	                 ERR_INPUT);
	assert_non_null(strstr(err, ":10001: more than 10000 players"));
	f = fopen(csv, "w");
	fprintf(f, "%s\n", RESULTS_HEADER);
	for (int i = 0; i < 299; i++)
		fprintf(f, "%d,%d,0,o,p%05d,p%05d,%s,five,1,h8,0,0,0,0\n", i, i, i, i + 1,
		        i % 3 ? "1-0" : "0-1");
	fprintf(f, "299,299,0,o,p00299,p00000,1-0,five,1,h8,0,0,0,0\n");
	fprintf(f, "300,300,0,o,p00002,p00000,1-0,five,1,h8,0,0,0,0\n");
	fclose(f);
	read_ok(NULL, 0, &t);
	assert_int_equal(t.n, 300);
	assert_int_equal(t.npairings, 301);
	tally_free(&t);
	FILE *out = fopen("/dev/null", "w");
	int rc =
	    report_run(dir, csv, NULL, 0, NULL, TALLY_DUPS_REFUSE, out, err, sizeof err);
	fclose(out);
	if (rc < 0)
		fail_msg("report_run: %s", err);
}

/* The report's text and files for a pool where some have no finite rating. */
static void test_report_names_and_digits(void **state)
{
	(void)state;
	/* A, B, C beat each other round a cycle; D lost every game. */
	const char *g[] = {"0 A B 1-0", "1 B C 1-0", "2 C A 1-0", "3 A C 1/2-1/2",
	                   "4 D A 0-1", "5 B D 1-0", "6 D C 0-1"};
	write_games(g, 7);
	char *text = NULL, err[256];
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	if (report_run(dir, csv, NULL, 0, NULL, TALLY_DUPS_REFUSE, out, err, sizeof err) <
	    0)
		fail_msg("report_run: %s", err);
	fclose(out);
	assert_non_null(strstr(text, "\n(no finite maximum-likelihood ratings: {D} scored "
	                             "no points against {A, B, C}; so, as Ordo does, they "
	                             "are rated apart"));
	assert_non_null(strstr(text, " < -279.6 ")); /* 0.5 of 3 against 0 */
	free(text);
	/* elo.csv to 0.001; los.csv as "%.4f" of elo_los in the order of elo.csv */
	const char *names[] = {"A", "B", "C", "D"};
	const EloGame games[] = {{0, 1, 1}, {1, 2, 1}, {2, 0, 1}, {0, 2, 0.5},
	                         {3, 0, 0}, {1, 3, 1}, {3, 2, 0}};
	EloRatings *r = NULL;
	assert_int_equal(elo_fit(4, names, games, 7, NULL, &r, err, sizeof err), 0);
	char path[160], line[512], want[512];
	snprintf(path, sizeof path, "%s/elo.csv", dir);
	FILE *f = fopen(path, "r");
	assert_non_null(fgets(line, sizeof line, f));
	const EloPlayer *top = &r->players[r->order[0]];
	assert_non_null(fgets(line, sizeof line, f));
	snprintf(want, sizeof want, "1,%s,%.3f,%.3f,", top->name, top->rating,
	         top->error95);
	assert_memory_equal(line, want, strlen(want));
	fclose(f);
	snprintf(path, sizeof path, "%s/los.csv", dir);
	f = fopen(path, "r");
	assert_non_null(fgets(line, sizeof line, f));
	for (int a = 0; a < 4; a++) {
		size_t at =
		    (size_t)snprintf(want, sizeof want, "%s", r->players[r->order[a]].name);
		for (int b = 0; b < 4; b++)
			at +=
			    (size_t)(a == b || isnan(elo_los(r, r->order[a], r->order[b]))
			                 ? snprintf(want + at, sizeof want - at, ",")
			                 : snprintf(want + at, sizeof want - at, ",%.4f",
			                            elo_los(r, r->order[a], r->order[b])));
		assert_non_null(fgets(line, sizeof line, f));
		line[strcspn(line, "\n")] = '\0';
		assert_string_equal(line, want);
	}
	fclose(f);
	elo_destroy(r);
}

int main(void)
{
	gsl_set_error_handler_off();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test_setup_teardown(test_pairs_by_pairing_and_id, make_dir,
	                                    remove_dir),
	    cmocka_unit_test_setup_teardown(test_given_players_and_endings, make_dir,
	                                    remove_dir),
	    cmocka_unit_test_setup_teardown(test_duplicates, make_dir, remove_dir),
	    cmocka_unit_test_setup_teardown(test_many_players, make_dir, remove_dir),
	    cmocka_unit_test_setup_teardown(test_report_names_and_digits, make_dir,
	                                    remove_dir),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
