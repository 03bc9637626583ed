/* test_trajectory.c - what an SPSA resume reads back, trajectory.csv and
 * faults.csv, through lines.h and num.h: a torn last line cut off, any
 * other damage refused with file:line and the file left as it was. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "tmpdir.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rundir.h"
#include "spsa_faults.h"
#include "trajectory.h"

#define HEAD "iteration,a,b,W,L,D\n"

/* Writes len bytes (NUL bytes included) to dir/name; returns the path. */
static const char *write_bytes(const char *name, const char *bytes, size_t len)
{
	static char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(bytes, 1, len, f), len);
	fclose(f);
	return path;
}

/* trajectory_read of len bytes: its result, *last, theta, and whether the
 * file is as written (*same). */
static int read_traj(const char *bytes, size_t len, int *last, double theta[2], char *err,
                     size_t errlen, int *same)
{
	const char *path = write_bytes("trajectory.csv", bytes, len);
	int rc =
	    trajectory_read(path, "iteration,a,b,W,L,D", 2, 10, last, theta, err, errlen);
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	char *got = malloc(len + 2);
	size_t n = fread(got, 1, len + 1, f);
	fclose(f);
	*same = n == len && memcmp(got, bytes, len) == 0;
	free(got);
	return rc;
}

static void rows_read_back_and_a_torn_one_is_cut(void **state)
{
	(void)state;
	int last, same;
	double theta[2];
	char err[512] = "";
	static const char good[] = HEAD "0,1,2,0,0,0\r\n1,1.5,-2e3,3,1,0\n2,1.25,-1,2,2,";
	assert_int_equal(
	    read_traj(good, sizeof good - 1, &last, theta, err, sizeof err, &same), 0);
	assert_int_equal(last, 1);
	assert_true(theta[0] == 1.5 && theta[1] == -2000);
	assert_false(same);
	char *got =
	    rundir_slurp(strcat(strcpy((char[PATH_MAX]){0}, dir), "/trajectory.csv"));
	assert_string_equal(got, HEAD "0,1,2,0,0,0\r\n1,1.5,-2e3,3,1,0\n");
	free(got);
	/* A header alone, or torn: begin afresh, from an empty file. */
	assert_int_equal(read_traj("iterat", 6, &last, theta, err, sizeof err, &same), 0);
	assert_int_equal(last, -1);
}

/* strtod took "0x10" and "1e999" (infinite, refused only after), strtol a
 * count " 5" or "+5", getline a NUL byte and a line of any length. */
static void damage_is_refused_with_its_line(void **state)
{
	(void)state;
	static const struct {
		const char *rows, *msg;
	} cases[] = {
	    {"0,0x10,2,0,0,0\n",
	     "trajectory.csv:2: value 1 '0x10' is not a finite decimal"},
	    {"0,1,1e999,0,0,0\n", "trajectory.csv:2: value 2 '1e999' is not a finite"},
	    {"0,nan,1,0,0,0\n", "trajectory.csv:2: value 1 'nan' is not"},
	    {"0,1,2,0,0,0\n1,1,2, 5,0,0\n",
	     "trajectory.csv:3: W ' 5' is not a whole number"},
	    {"0,1,2,0,+1,0\n", "trajectory.csv:2: L '+1' is not a whole number"},
	    {"0,1,2,0,0,99999999999\n", "trajectory.csv:2: D '99999999999' is not"},
	    {"0,1,2,0,0,0\n2,1,2,0,0,0\n",
	     "trajectory.csv:3: expected iteration 1 (of at most "
	     "10), not '2'"},
	    {"0,1,2,0,0\n",
	     "trajectory.csv:2: expected iteration 0 with 2 values and W,L,D"},
	    {"0,1,2,0,0,0,0\n", "trajectory.csv:2: expected iteration 0 with 2 values"},
	    {"0,1,2,0,0,0\n1,1,2\0,0,0,0\n", "trajectory.csv:3: a NUL byte in the line"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char text[256], err[512] = "";
		size_t rl = strlen(cases[i].rows);
		if (strstr(cases[i].msg, "NUL"))
			rl = 23; /* the NUL row's length */
		memcpy(text, HEAD, strlen(HEAD));
		memcpy(text + strlen(HEAD), cases[i].rows, rl);
		int last, same;
		double theta[2];
		assert_int_equal(read_traj(text, strlen(HEAD) + rl, &last, theta, err,
		                           sizeof err, &same),
		                 -1);
		if (!strstr(err, cases[i].msg))
			fail_msg("case %zu: %s", i, err);
		assert_true(same);
	}
	size_t big = TRAJECTORY_LINE_MAX + 10, h = strlen(HEAD);
	char *text = malloc(h + big + 1);
	memcpy(text, HEAD, h);
	memset(text + h, '1', big);
	text[h + big] = '\n';
	int last, same;
	double theta[2];
	char err[512] = "";
	assert_int_equal(read_traj(text, h + big + 1, &last, theta, err, sizeof err, &same),
	                 -1);
	free(text);
	assert_non_null(strstr(err, "trajectory.csv:2: line longer than 16384 bytes"));
	assert_true(same);
}

#define FHEAD SPSA_FAULTS_HEADER "\n"

static void faults_keep_the_iterations_done(void **state)
{
	(void)state;
	static const char text[] = FHEAD "1,0,plus,black,crash,exit 1\r\n"
	                                 "verify,3,tuned,white,timeout,x\n"
	                                 "2,1,minus,white,timeout,no move\n"
	                                 "3,0,plus,black,crash,exit 1\n"
	                                 "\n"
	                                 "2,5,plus,black,crash,ex";
	const char *path = write_bytes("faults.csv", text, sizeof text - 1);
	SpsaFaultCount kept;
	char err[512] = "";
	assert_int_equal(spsa_faults_settle(path, 2, &kept, err, sizeof err), 0);
	char *got = rundir_slurp(path);
	assert_string_equal(got, FHEAD "1,0,plus,black,crash,exit 1\n"
	                               "2,1,minus,white,timeout,no move\n");
	free(got);
	assert_int_equal(kept.by[END_CRASH], 1);
	assert_int_equal(kept.by[END_TIMEOUT], 1);
}

static void faults_damage_is_refused(void **state)
{
	(void)state;
	static const struct {
		const char *text, *msg;
		size_t len;
	} cases[] = {
	    {FHEAD "1,0,plus,black,crash,ex\0it\n", "faults.csv:2: a NUL byte in the line",
	     sizeof FHEAD "1,0,plus,black,crash,ex\0it\n" - 1},
	    {FHEAD "0x1,0,plus,black,crash,x\n",
	     "faults.csv:2: the iteration '0x1' is neither", 0},
	    {FHEAD "1,0,plus,black,crash,x\n-1,0,plus,black,crash,x\n",
	     "faults.csv:3: the iteration '-1'", 0},
	    {FHEAD "1,0,plus,black,boom,x\n",
	     "faults.csv:2: the reason 'boom' is no reason", 0},
	    {FHEAD "1,0,plus\n",
	     "faults.csv:2: expected iteration,game,player,color,reason,"
	     "detail, found 3 fields",
	     0},
	    {"job,player,color,reason,detail\n", "faults.csv:1: not an SPSA faults file",
	     0},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		size_t len = cases[i].len ? cases[i].len : strlen(cases[i].text);
		const char *path = write_bytes("faults.csv", cases[i].text, len);
		SpsaFaultCount kept;
		char err[512] = "";
		assert_int_equal(spsa_faults_settle(path, 5, &kept, err, sizeof err), -2);
		if (!strstr(err, cases[i].msg))
			fail_msg("case %zu: %s", i, err);
		FILE *f = fopen(path, "r");
		char buf[256];
		size_t n = fread(buf, 1, sizeof buf, f);
		fclose(f);
		assert_int_equal(n, len);
		assert_memory_equal(buf, cases[i].text, len);
	}
}

/* The span a parameter's chart shows (report.html's axis, params.png's
 * scale): the trajectory and start padded by a tenth, a flat one by 1% of
 * [min, max], never past min or max. e2e_tuner_report.sh finds the same
 * (1085.5 to 1319.5, shown as 1086 to 1320) on the page. */
static void spans_padded_within_the_range(void **state)
{
	(void)state;
	SpsaParam p = {.start = 1300, .min = 200, .max = 3000};
	double span[2];
	trajectory_span(&p, 1105, 1300, span);
	assert_true(fabs(span[0] - 1085.5) < 1e-9 && fabs(span[1] - 1319.5) < 1e-9);
	trajectory_span(&p, 1300, 1300, span); /* flat: 1% of 2800 each side */
	assert_true(fabs(span[0] - 1272) < 1e-9 && fabs(span[1] - 1328) < 1e-9);
	trajectory_span(&p, 1350, 1400, span); /* the start widens it */
	assert_true(fabs(span[0] - 1290) < 1e-9 && fabs(span[1] - 1410) < 1e-9);
	p = (SpsaParam){.start = 200, .min = 200, .max = 3000};
	trajectory_span(&p, 200, 250, span); /* at a bound: cut there */
	assert_true(span[0] == 200 && fabs(span[1] - 255) < 1e-9);
	p = (SpsaParam){.start = 0.5, .min = 0, .max = 1};
	trajectory_span(&p, 0, 1, span); /* the whole range */
	assert_true(span[0] == 0 && span[1] == 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(rows_read_back_and_a_torn_one_is_cut),
	    cmocka_unit_test(damage_is_refused_with_its_line),
	    cmocka_unit_test(faults_keep_the_iterations_done),
	    cmocka_unit_test(faults_damage_is_refused),
	    cmocka_unit_test(spans_padded_within_the_range),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
