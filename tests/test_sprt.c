/* test_sprt.c - SPRT bounds, known LLR values, symmetries, and the error
 * rates of simulated tests. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "rng.h"
#include "sprt.h"

/* cmocka 1.1.5's assert_float_equal compares floats and casts only the first
 * token of its argument; compare doubles instead. */
#define assert_near(a, b, tol) near_((a), (b), (tol), #a, __FILE__, __LINE__)
static void near_(double a, double b, double tol, const char *what, const char *file,
                  int line)
{
	if (!(fabs(a - b) <= tol)) {
		print_error("%s = %.17g, expected %.17g +- %g\n", what, a, b, tol);
		_fail(file, line);
	}
}

static Sprt make(double elo0, double elo1, double alpha, double beta)
{
	Sprt s;
	char err[200];
	SprtConfig c = {elo0, elo1, alpha, beta};
	if (sprt_init(&s, &c, err, sizeof err))
		fail_msg("%s", err);
	return s;
}

static void test_bounds(void **state)
{
	(void)state;
	Sprt s = make(0, 5, 0.05, 0.05);
	assert_near(s.lower, -2.9444389791664403, 1e-12);
	assert_near(s.upper, 2.9444389791664403, 1e-12);
	s = make(0, 5, 0.05, 0.1);
	assert_near(s.lower, -2.251291798606495, 1e-12);
	assert_near(s.upper, 2.8903717578961645, 1e-12);
	assert_near(s.s0, 0.5, 1e-15);
	assert_near(s.s1, 1 / (1 + pow(10, -5.0 / 400)), 1e-15);

	assert_int_equal(sprt_status(&s, s.upper), SPRT_ACCEPT_H1);
	assert_int_equal(sprt_status(&s, s.lower), SPRT_ACCEPT_H0);
	assert_int_equal(sprt_status(&s, 0), SPRT_CONTINUE);
	assert_int_equal(sprt_status(&s, NAN), SPRT_CONTINUE);
}

/* Every pair in one category, the observed mean exactly elo0's score: the
 * likelihood maximiser's root sits at 0, which a purely relative tolerance
 * never accepts (it gave NAN for 3, 9 and 243 drawn pairs). */
static void test_one_category_is_finite(void **state)
{
	(void)state;
	Sprt s = make(0, 10, 0.05, 0.05);
	for (int k = 0; k < 5; k++)
		for (long n = 1; n <= 3000; n *= 3) {
			long p[5] = {0};
			p[k] = n;
			double l = sprt_llr(&s, p);
			if (!isfinite(l))
				fail_msg("LLR of %ld pairs all in category %d is %f", n, k,
				         l);
		}
	long draws[5] = {0, 0, 243, 0, 0};
	assert_true(sprt_llr(&s, draws) < 0); /* all draws: no sign of +10 Elo */
}

static void test_bad_config(void **state)
{
	(void)state;
	Sprt s;
	char err[200];
	const SprtConfig bad[] = {{5, 0, 0.05, 0.05}, {0, 0, 0.05, 0.05},
	                          {0, 5, 0, 0.05},    {0, 5, 0.05, 1},
	                          {0, 5, 0.6, 0.5},   {NAN, 5, 0.05, 0.05}};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		err[0] = 0;
		assert_int_equal(sprt_init(&s, &bad[i], err, sizeof err), -1);
		assert_non_null(strstr(err, "sprt: "));
	}
}

static void test_no_games(void **state)
{
	(void)state;
	Sprt s = make(0, 5, 0.05, 0.05);
	const long zero[5] = {0};
	assert_true(sprt_llr(&s, zero) == 0);
	assert_true(sprt_llr_trinomial(&s, 0, 0, 0) == 0);
	assert_true(sprt_llr_approx(&s, zero, 5) == 0);
	assert_true(sprt_llr_approx(&s, zero, 3) == 0);
}

/* Reference values from an independent Python transcription of fishtest's
 * LLRcalc.LLR_logistic (bisection to full precision). */
static void test_known_values(void **state)
{
	(void)state;
	Sprt s = make(0, 5, 0.05, 0.05);
	const long p1[5] = {10, 40, 120, 50, 15};
	assert_near(sprt_llr(&s, p1), 0.592747412316337, 1e-9);
	assert_near(sprt_llr_approx(&s, p1, 5), 0.5969047967443686, 1e-9);

	s = make(0, 10, 0.05, 0.05);
	assert_near(sprt_llr_trinomial(&s, 120, 200, 100), 0.7675304990716433, 1e-9);
	const long t[3] = {100, 200, 120};
	assert_near(sprt_llr_approx(&s, t, 3), 0.7700528581497481, 1e-9);

	s = make(-3, 7, 0.05, 0.05); /* empty cells are regularized */
	const long p2[5] = {0, 3, 10, 4, 0};
	assert_near(sprt_llr(&s, p2), 0.11240684352115377, 1e-9);
}

static void test_symmetry(void **state)
{
	(void)state;
	/* Symmetric results, symmetric hypotheses: no evidence either way. */
	Sprt s = make(-5, 5, 0.05, 0.05);
	const long sym[5] = {30, 100, 200, 100, 30};
	assert_near(sprt_llr(&s, sym), 0, 1e-9);
	assert_near(sprt_llr_trinomial(&s, 70, 50, 70), 0, 1e-9);

	/* Swapping the players mirrors scores and hypotheses and negates the LLR. */
	const long c[5] = {12, 55, 140, 70, 20}, r[5] = {20, 70, 140, 55, 12};
	Sprt a = make(-2, 6, 0.05, 0.05), b = make(-6, 2, 0.05, 0.05);
	assert_near(sprt_llr(&a, c), -sprt_llr(&b, r), 1e-9);
	assert_near(sprt_llr_trinomial(&a, 90, 60, 40), -sprt_llr_trinomial(&b, 40, 60, 90),
	            1e-9);

	/* More wins, more evidence for H1. */
	long more[5] = {12, 55, 140, 70, 20};
	double prev = sprt_llr(&a, more);
	for (int i = 0; i < 5; i++) {
		more[4] += 5;
		double l = sprt_llr(&a, more);
		assert_true(l > prev);
		prev = l;
	}
}

static void test_approx_close(void **state)
{
	(void)state;
	/* With many pairs the closed form approaches the exact GSPRT. */
	Sprt s = make(0, 5, 0.05, 0.05);
	const long c[5] = {400, 2600, 6200, 2800, 450};
	double e = sprt_llr(&s, c), a = sprt_llr_approx(&s, c, 5);
	assert_true(e > 1);
	assert_near(a, e, 0.01 * fabs(e));
}

static void test_verdict(void **state)
{
	(void)state;
	Sprt s = make(0, 5, 0.05, 0.05);
	char buf[200];
	sprt_verdict(&s, 3.1, buf, sizeof buf);
	assert_string_equal(buf, "H1 accepted: LLR 3.10 >= 2.94 (elo0 0, elo1 5 logistic, "
	                         "alpha 0.05, beta 0.05)");
	sprt_verdict(&s, -3, buf, sizeof buf);
	assert_non_null(strstr(buf, "H0 accepted: LLR -3.00 <= -2.94"));
	sprt_verdict(&s, 1.234, buf, sizeof buf);
	assert_non_null(strstr(buf, "continue: LLR 1.23 in (-2.94, 2.94)"));
	sprt_verdict(&s, 1.234, buf, 8);
	assert_int_equal(strlen(buf), 7);
}

/* One game's score for the player whose logistic Elo advantage is elo, with
 * 30% draws. */
static double game(Rng *r, double elo)
{
	double s = 1 / (1 + pow(10, -elo / 400)), d = 0.3, u = rng_double(r);
	return u < s - d / 2 ? 1 : u < s + d / 2 ? 0.5 : 0;
}

/* Runs n SPRTs on simulated pairs at a true Elo; returns how many accepted H1
 * and adds the pairs played to *pairs. */
static int simulate(const Sprt *s, double elo, int n, uint64_t seed, long *pairs)
{
	int h1 = 0;
	for (int t = 0; t < n; t++) {
		Rng r;
		rng_seed(&r, seed * 1000 + (uint64_t)t);
		long c[5] = {0};
		SprtStatus st = SPRT_CONTINUE;
		for (long p = 0; st == SPRT_CONTINUE; p++) {
			if (p == 1000000)
				fail_msg("SPRT %d did not stop", t);
			c[(int)(2 * (game(&r, elo) + game(&r, elo)))]++;
			st = sprt_status(s, sprt_llr(s, c));
			*pairs += 1;
		}
		h1 += st == SPRT_ACCEPT_H1;
	}
	return h1;
}

static void test_error_rates(void **state)
{
	(void)state;
	const int n = 200;
	Sprt s = make(0, 10, 0.05, 0.05);
	long pairs0 = 0, pairs1 = 0;
	int h1_at_elo0 = simulate(&s, 0, n, 1, &pairs0);
	int h1_at_elo1 = simulate(&s, 10, n, 2, &pairs1);
	print_message(
	    "SPRT [0, 10], alpha = beta = 0.05, %d runs each: at elo0 H1 accepted %d "
	    "times (%.1f pairs on average), at elo1 H0 accepted %d times (%.1f pairs)\n",
	    n, h1_at_elo0, (double)pairs0 / n, n - h1_at_elo1, (double)pairs1 / n);
	assert_true(h1_at_elo0 <= 0.10 * n);
	assert_true(n - h1_at_elo1 <= 0.10 * n);
	/* Halfway between the hypotheses either answer is as likely. */
	long pm = 0;
	int h1_mid = simulate(&s, 5, n, 3, &pm);
	print_message("at 5 Elo H1 accepted %d of %d\n", h1_mid, n);
	assert_true(h1_mid > 0.3 * n && h1_mid < 0.7 * n);
}

int main(void)
{
	gsl_set_error_handler_off();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_bounds),
	    cmocka_unit_test(test_bad_config),
	    cmocka_unit_test(test_one_category_is_finite),
	    cmocka_unit_test(test_no_games),
	    cmocka_unit_test(test_known_values),
	    cmocka_unit_test(test_symmetry),
	    cmocka_unit_test(test_approx_close),
	    cmocka_unit_test(test_verdict),
	    cmocka_unit_test(test_error_rates),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
