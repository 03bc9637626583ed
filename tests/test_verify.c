/* test_verify.c - what a tuning run's verification says of the tuned
 * values (verify_verdict) and how tuned.ini and the terminal say it
 * (verify_note): H0 or an Elo interval below zero rejects, H1 or an
 * interval above zero is a gain, the rest (a negative estimate within the
 * error too) is unproven; a match of real pairs decided as its figures
 * say; verify.csv read back only when whole. */
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
#include <unistd.h>

#include "elo.h"
#include "verify.h"

static VerifyResult result(double elo, double error95, SprtStatus st)
{
	return (VerifyResult){.pairs = 300,
	                      .elo = elo,
	                      .error95 = error95,
	                      .sprt = st,
	                      .llr = st == SPRT_ACCEPT_H0   ? -3.1
	                             : st == SPRT_ACCEPT_H1 ? 3
	                                                    : 0.2};
}

static void verdicts(void **state)
{
	(void)state;
	/* The case: alphabeta's ratio made worse. */
	VerifyResult r = result(-61, 22, SPRT_ACCEPT_H0);
	assert_int_equal(verify_verdict(&r), VERIFY_REJECTED);
	/* H0 alone rejects, even with the estimate above zero. */
	r = result(3, 5, SPRT_ACCEPT_H0);
	assert_int_equal(verify_verdict(&r), VERIFY_REJECTED);
	/* An interval wholly below zero, the SPRT undecided. */
	r = result(-30, 20, SPRT_CONTINUE);
	assert_int_equal(verify_verdict(&r), VERIFY_REJECTED);
	r = result(-20.5, 20, SPRT_CONTINUE);
	assert_int_equal(verify_verdict(&r), VERIFY_REJECTED);
	/* Below zero with no interval: every pair lost. */
	r = result(-INFINITY, NAN, SPRT_CONTINUE);
	assert_int_equal(verify_verdict(&r), VERIFY_REJECTED);
	/* Only the estimate below zero, the interval holding zero: the start
	 * scored more, but within the error. */
	r = result(-5, 40, SPRT_CONTINUE);
	assert_int_equal(verify_verdict(&r), VERIFY_UNPROVEN);
	/* Undecided with zero inside the interval: unproven. */
	r = result(5, 40, SPRT_CONTINUE);
	assert_int_equal(verify_verdict(&r), VERIFY_UNPROVEN);
	r = result(0, NAN, SPRT_CONTINUE); /* every game drawn: no spread */
	assert_int_equal(verify_verdict(&r), VERIFY_UNPROVEN);
	r = result(INFINITY, NAN, SPRT_CONTINUE); /* two pairs won: no proof */
	assert_int_equal(verify_verdict(&r), VERIFY_UNPROVEN);
	r = result(NAN, NAN, SPRT_CONTINUE);
	assert_int_equal(verify_verdict(&r), VERIFY_UNPROVEN);
	/* Gains: H1, or the interval above zero. */
	r = result(80, 26, SPRT_ACCEPT_H1);
	assert_int_equal(verify_verdict(&r), VERIFY_GAIN);
	r = result(30, 20, SPRT_CONTINUE);
	assert_int_equal(verify_verdict(&r), VERIFY_GAIN);
	r = result(20, 20, SPRT_CONTINUE); /* the interval touches zero */
	assert_int_equal(verify_verdict(&r), VERIFY_UNPROVEN);
	/* verify.csv's words */
	assert_string_equal(verify_verdict_name(VERIFY_GAIN), "gain");
	assert_string_equal(verify_verdict_name(VERIFY_UNPROVEN), "unproven");
	assert_string_equal(verify_verdict_name(VERIFY_REJECTED), "rejected");
}

static void notes(void **state)
{
	(void)state;
	char buf[1024];
	VerifyResult r = result(-61, 22, SPRT_ACCEPT_H0);
	assert_string_equal(
	    verify_note(&r, buf, sizeof buf),
	    "WARNING: the verification rejected these values: Elo -61.0 +/- "
	    "22.0 (95%), SPRT [0, 10] H0 accepted (LLR -3.10),\nover 300 "
	    "pairs of tuned against start: the SPRT accepted H0 and the Elo "
	    "interval lies below zero.\nDo not adopt them (the tuner exits "
	    "with status 3).");
	r = result(-30, 20, SPRT_CONTINUE);
	assert_non_null(strstr(verify_note(&r, buf, sizeof buf),
	                       "start: the Elo interval lies below zero.\nDo not adopt"));
	r = result(3, 5, SPRT_ACCEPT_H0);
	assert_non_null(strstr(verify_note(&r, buf, sizeof buf),
	                       "start: the SPRT accepted H0 (no gain of 10 Elo).\n"));
	r = result(-INFINITY, NAN, SPRT_CONTINUE);
	assert_non_null(
	    strstr(verify_note(&r, buf, sizeof buf),
	           "Elo -inf +/- n/a (95%), SPRT [0, 10] continue (LLR 0.20),\nover "
	           "300 pairs of tuned against start: the start won every pair."));
	r = result(-5, 40, SPRT_CONTINUE);
	assert_non_null(
	    strstr(verify_note(&r, buf, sizeof buf),
	           "start:\nno gain shown, the start scored more but within the "
	           "error (more"));
	r = result(5, 40, SPRT_CONTINUE);
	assert_string_equal(
	    verify_note(&r, buf, sizeof buf),
	    "UNPROVEN: the verification neither confirmed nor rejected these "
	    "values: Elo +5.0 +/- 40.0 (95%), SPRT [0, 10] continue (LLR "
	    "0.20),\nover 300 pairs of tuned against start:\nno gain shown "
	    "(more verify_pairs would tell).");
	r = result(80, 26, SPRT_ACCEPT_H1);
	assert_string_equal(
	    verify_note(&r, buf, sizeof buf),
	    "VERIFIED: the verification measured a gain: Elo +80.0 +/- 26.0 "
	    "(95%), SPRT [0, 10] H1 accepted (LLR 3.00),\nover 300 pairs of "
	    "tuned against start.");
	r = result(INFINITY, NAN, SPRT_CONTINUE);
	assert_non_null(strstr(verify_note(&r, buf, sizeof buf), "Elo +inf +/- n/a (95%)"));
	assert_int_equal(strncmp(verify_note(NULL, buf, sizeof buf), "NOT VERIFIED: ", 14),
	                 0);
	/* Cut to fit, terminated. */
	r = result(-61, 22, SPRT_ACCEPT_H0);
	char small[16];
	assert_string_equal(verify_note(&r, small, sizeof small), "WARNING: the ve");
}

/* The comment block: every line of the note behind "; ". */
static void comment_block(void **state)
{
	(void)state;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	VerifyResult r = result(-61, 22, SPRT_ACCEPT_H0);
	verify_note_comment(f, &r);
	fclose(f);
	assert_string_equal(text,
	                    "; WARNING: the verification rejected these values: Elo -61.0 "
	                    "+/- 22.0 (95%), SPRT [0, 10] H0 accepted (LLR -3.10),\n"
	                    "; over 300 pairs of tuned against start: the SPRT accepted H0 "
	                    "and the Elo interval lies below zero.\n"
	                    "; Do not adopt them (the tuner exits with status 3).\n");
	free(text);
}

/* From pair counts as verify_match makes them: a match the tuned side
 * loses clearly is rejected, one it wins clearly is a gain. */
static void from_pairs(void **state)
{
	(void)state;
	char err[256];
	for (int side = 0; side < 2; side++) {
		EloPairCounts c = {0};
		for (int i = 0; i < 200; i++) /* 3 pairs of 4: 1.5-0.5 to one side */
			elo_pair_add(&c, i % 4 ? (side ? 1 : 0) : 1, i % 4 ? 0.5 : 0);
		EloPairStats s;
		assert_int_equal(elo_pair_stats(&c, &s, err, sizeof err), 0);
		Sprt sprt;
		SprtConfig sc = {0, 10, 0.05, 0.05};
		assert_int_equal(sprt_init(&sprt, &sc, err, sizeof err), 0);
		VerifyResult r = {.pairs = 200, .elo = s.elo, .error95 = s.error95_penta};
		r.llr = sprt_llr(&sprt, c.penta);
		r.sprt = sprt_status(&sprt, r.llr);
		assert_int_equal(verify_verdict(&r), side ? VERIFY_GAIN : VERIFY_REJECTED);
		assert_int_equal(r.sprt, side ? SPRT_ACCEPT_H1 : SPRT_ACCEPT_H0);
	}
}

/* Writes text to a new temporary file; its path into path. */
static void temp_file(char path[64], const char *text)
{
	snprintf(path, 64, "/tmp/test_verify.XXXXXX");
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

#define HEADER                                                                             \
	"pairs,wins,draws,losses,penta0,penta1,penta2,penta3,penta4,score,elo,error,los,"  \
	"llr,sprt,verdict\n"

/* verify_read (a finished run run again): verify.csv as a match wrote it
 * reads back whole; anything else (cut, edited, another number of pairs,
 * no file) is no result, and the match is played again. */
static void read_back(void **state)
{
	(void)state;
	static const char row[] =
	    "30,1,4,55,25,4,1,0,0,0.0500,-511.5,151.0,0.0000,-0.876,continue,rejected\n";
	char path[64], text[512];
	VerifyResult r;
	snprintf(text, sizeof text, "%s%s", HEADER, row);
	temp_file(path, text);
	assert_int_equal(verify_read(path, 30, &r), 0);
	assert_int_equal(r.pairs, 30);
	assert_int_equal(r.wins, 1);
	assert_int_equal(r.draws, 4);
	assert_int_equal(r.losses, 55);
	assert_int_equal(r.penta[0], 25);
	assert_int_equal(r.penta[2], 1);
	assert_float_equal(r.elo, -511.5, 0.05);
	assert_float_equal(r.error95, 151.0, 0.05);
	assert_int_equal(r.sprt, SPRT_CONTINUE);
	assert_int_equal(verify_verdict(&r), VERIFY_REJECTED);
	assert_int_equal(verify_read(path, 29, &r), -1); /* another verify_pairs */
	unlink(path);
	assert_int_equal(verify_read(path, 30, &r), -1); /* no file */
	static const char *const bad[] = {
	    "30,1,4,55,25,4,1,0,0,0.0500,-511.5,151.0,0.0000,-0.876,continue,rejected",
	    "30,1,4,55,25,4,1,0,0,0.0500,-511.4,151.0,0.0000,-0.876,continue,rejected\n",
	    "30,1,4,55,25,4,1,0,0,0.0500,-511.5,151.0,0.0000,-0.876,continue,gain\n",
	    "30,2,4,55,25,4,1,0,0,0.0500,-511.5,151.0,0.0000,-0.876,continue,rejected\n",
	    "30,1,4,55,24,4,1,0,0,0.0500,-511.5,151.0,0.0000,-0.876,continue,rejected\n",
	    "30,1,4,55,25,4,1,0,0,0.0500,-511.5,151.0,0.0000,-0.876,continue,rejected\nx\n",
	    "30,1,4,55,25,4,1,0,0\n",
	    "",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(text, sizeof text, "%s%s", HEADER, bad[i]);
		temp_file(path, text);
		assert_int_equal(verify_read(path, 30, &r), -1);
		unlink(path);
	}
	temp_file(path, row); /* no header */
	assert_int_equal(verify_read(path, 30, &r), -1);
	unlink(path);
	/* The start won every pair: no Elo, no error, as the match writes it;
	 * read back as minus infinity, rejected. */
	temp_file(path, HEADER "3,0,0,6,3,0,0,0,0,0.0000,,,,-0.088,continue,rejected\n");
	assert_int_equal(verify_read(path, 3, &r), 0);
	assert_true(isinf(r.elo) && r.elo < 0);
	assert_int_equal(verify_verdict(&r), VERIFY_REJECTED);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(verdicts),      cmocka_unit_test(notes),
	    cmocka_unit_test(comment_block), cmocka_unit_test(from_pairs),
	    cmocka_unit_test(read_back),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
