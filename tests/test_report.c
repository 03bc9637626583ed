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

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(names_in_utf8_keep_the_columns),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
