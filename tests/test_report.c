/* test_report.c - the tables report_run prints: columns that line up
 * whatever the players' names are written in. */
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

#include "report.h"
#include "results.h"

#include "tmpdir.h"

/* Characters (UTF-8 code points) of the line at s, up to its newline. */
static int width(const char *s)
{
	int n = 0;
	for (; *s && *s != '\n'; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

/* Every line of the table that starts with header, up to the first blank
 * line or "(" or "ends:", is as wide as the header. Returns the rows. */
static int rows_as_wide_as(const char *text, const char *header)
{
	const char *h = strstr(text, header);
	if (!h)
		fail_msg("no table '%s' in:\n%s", header, text);
	int w = width(h), rows = 0;
	for (const char *l = strchr(h, '\n') + 1;
	     *l && *l != '\n' && *l != '(' && strncmp(l, "ends:", 5) != 0;
	     l = strchr(l, '\n') + 1) {
		if (width(l) != w)
			fail_msg("%d characters, the header %d:\n%.*s\n%.*s", width(l), w,
			         (int)strcspn(h, "\n"), h, (int)strcspn(l, "\n"), l);
		rows++;
	}
	return rows;
}

static void names_in_utf8_keep_the_columns(void **state)
{
	(void)state;
	char csv[128];
	snprintf(csv, sizeof csv, "%s/games.csv", dir);
	FILE *f = fopen(csv, "w");
	assert_non_null(f);
	/* Ü, ü and Ω are two bytes each; 名人 three bytes a character. */
	const char *names[] = {"Jürgen", "ab", "Ωmega", "名人Üx"};
	fprintf(f, "%s\n", RESULTS_HEADER);
	int job = 0;
	for (int a = 0; a < 4; a++)
		for (int b = 0; b < 4; b++)
			if (a != b)
				for (int k = 0; k < 2; k++, job++)
					fprintf(f, "%d,%d,1,o,%s,%s,%s,five,9,h8,0,0,0,0\n",
					        job, job / 2, names[a], names[b],
					        (job % 3) == 0   ? "1-0"
					        : (job % 3) == 1 ? "0-1"
					                         : "1/2-1/2");
	fclose(f);
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	char err[512];
	if (report_run(dir, csv, NULL, 0, NULL, TALLY_DUPS_REFUSE, out, err, sizeof err) <
	    0)
		fail_msg("%s", err);
	fclose(out);
	assert_int_equal(rows_as_wide_as(text, "rank player"), 4);
	assert_int_equal(rows_as_wide_as(text, "player A"), 6);
	free(text);
}

/* games.csv of the pairings given as "a b wins losses" (a's), one game a
 * line; then report_run_opts' text. */
static char *report_of(const char *const *pairings, int np, const ReportOptions *o, int *rc)
{
	char csv[128], err[512];
	snprintf(csv, sizeof csv, "%s/games.csv", dir);
	FILE *f = fopen(csv, "w");
	assert_non_null(f);
	fprintf(f, "%s\n", RESULTS_HEADER);
	int job = 0;
	for (int p = 0; p < np; p++) {
		char a[16], b[16];
		int w, l;
		assert_int_equal(sscanf(pairings[p], "%15s %15s %d %d", a, b, &w, &l), 4);
		for (int k = 0; k < w + l; k++, job++)
			fprintf(f, "%d,%d,1,o,%s,%s,%s,five,9,h8,0,0,0,0\n", job, job,
			        k % 2 ? b : a, k % 2 ? a : b,
			        (k < w) == (k % 2 == 0) ? "1-0" : "0-1");
	}
	fclose(f);
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	*rc = report_run_opts(dir, csv, NULL, 0, o, out, err, sizeof err);
	if (*rc < 0)
		fprintf(out, "error: %s", err);
	fclose(out);
	return text;
}

/* One player met everyone, nobody else met: the standings lead with its
 * pairings, from its side, and their total; the head-to-head table would
 * repeat them and is left out. */
static void a_gauntlet_leads_with_its_pairings(void **state)
{
	(void)state;
	const char *star[] = {"x c 1 3", "c y 3 1", "c z 2 2"};
	const ReportOptions find = {.find_gauntlet = true};
	int rc;
	char *text = report_of(star, 3, &find, &rc);
	assert_int_equal(rc, 0);
	const char *g = strstr(text, "gauntlet: 1 challenger");
	assert_non_null(g);
	assert_true(g < strstr(text, "rank player"));
	assert_int_equal(rows_as_wide_as(text, "challenger           opponent"), 4);
	assert_non_null(strstr(text, "\nc                    x                  "
	                             "       4         3 0 1    75.0%"));
	assert_non_null(strstr(text, "\nc                    (all)              "
	                             "      12         8 0 4    66.7%"));
	assert_null(strstr(text, "player A"));
	free(text);
	/* Not asked to find it: the usual tables. */
	text = report_of(star, 3, NULL, &rc);
	assert_null(strstr(text, "gauntlet:"));
	assert_non_null(strstr(text, "player A"));
	free(text);
	/* Two against two is not told apart from a match of teams... */
	const char *square[] = {"a x 1 1", "a y 1 1", "b x 1 1", "b y 1 1"};
	text = report_of(square, 4, &find, &rc);
	assert_null(strstr(text, "gauntlet:"));
	free(text);
	/* ... unless named; and a round robin is no gauntlet. */
	const char *const ab[] = {"a", "b"};
	const ReportOptions named = {.challengers = ab, .nchallengers = 2};
	text = report_of(square, 4, &named, &rc);
	assert_non_null(strstr(text, "gauntlet: 2 challengers"));
	assert_int_equal(rows_as_wide_as(text, "challenger           opponent"), 6);
	free(text);
	const char *round[] = {"a b 1 1", "b c 1 1", "a c 1 1"};
	text = report_of(round, 3, &find, &rc);
	assert_null(strstr(text, "gauntlet:"));
	free(text);
	const char *const zed[] = {"zed"};
	const ReportOptions bad = {.challengers = zed, .nchallengers = 1};
	text = report_of(round, 3, &bad, &rc);
	assert_int_equal(rc, -2);
	assert_string_equal(text,
	                    "error: gauntlet challenger 'zed' is none of the players");
	free(text);
}

/* Perfect scores: bounds by default, the virtual draws when asked. */
static void perfect_scores_as_bounds_or_draws(void **state)
{
	(void)state;
	const char *p[] = {"a b 2 1", "b c 2 1", "a c 1 1", "d a 0 2"};
	int rc;
	char *text = report_of(p, 4, NULL, &rc);
	assert_int_equal(rc, 0);
	const char *d = strstr(text, "\n   4 d ");
	assert_non_null(d);
	assert_true(d[strspn(d + 1, " 4d") + 1] == '<'); /* "< -123.4" */
	assert_non_null(strstr(text, "as Ordo does"));
	free(text);
	const ReportOptions draws = {.prior = ELO_PRIOR_DRAWS};
	text = report_of(p, 4, &draws, &rc);
	assert_null(strstr(text, " < "));
	assert_non_null(strstr(text, "one virtual draw"));
	free(text);
	char path[160], line[256];
	snprintf(path, sizeof path, "%s/elo.csv", dir);
	FILE *f = fopen(path, "r");
	assert_non_null(fgets(line, sizeof line, f));
	assert_string_equal(line, "rank,player,rating,error,points,played,percent,"
	                          "cfs_next,w,d,l,draw_percent,bound\n");
	fclose(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(names_in_utf8_keep_the_columns),
	    cmocka_unit_test(a_gauntlet_leads_with_its_pairings),
	    cmocka_unit_test(perfect_scores_as_bounds_or_draws),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
