/* test_spsa_calib.c - SPSA's steps in Elo terms (spsa_calib.h): the
 * curvature recovered whatever the slope, c_end and r_end by their
 * formulas, the schedule they give pulling a parameter of a known Elo
 * curve to its best, and a real run whose probe is kept in probe.csv,
 * read back on resume, and left out of config.ini. */
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

#include "rng.h"
#include "spsa.h"
#include "spsa_calib.h"
#include "spsa_core.h"
#include "tmpdir.h"

static void test_curvature(void **state)
{
	(void)state;
	/* Elo(theta + d) - Elo(theta) = g d - q d^2, offsets unequal. */
	const double g[] = {0, 0.3, -2}, q = 0.01;
	for (int i = 0; i < 3; i++) {
		double dp = 40, dm = 25;
		double ep = g[i] * dp - q * dp * dp, em = -g[i] * dm - q * dm * dm;
		assert_true(fabs(spsa_calib_curvature(dp, ep, dm, em) - q) < 1e-12);
	}
	/* One side at a bound: the slope is taken as 0. */
	assert_true(fabs(spsa_calib_curvature(10, -3, 0, 0) - 0.03) < 1e-12);
	assert_true(fabs(spsa_calib_curvature(0, 0, 10, -3) - 0.03) < 1e-12);
	assert_true(isnan(spsa_calib_curvature(0, 5, 0, 5)));
	/* A parameter that gains both ways has no curvature to size c by. */
	assert_true(spsa_calib_curvature(10, 5, 10, 4) < 0);
}

static void test_c_end(void **state)
{
	(void)state;
	double c = spsa_calib_c_end(0.02, 2, 100);
	assert_true(fabs(0.02 * c * c - 2) < 1e-9); /* theta +- c costs c_elo */
	assert_true(spsa_calib_c_end(1e-9, 2, 100) == 100);
	assert_true(spsa_calib_c_end(-1, 2, 100) == 100);
	assert_true(spsa_calib_c_end(NAN, 2, 100) == 100);
}

static void test_r_end(void **state)
{
	(void)state;
	/* fishtest's r_end (0.002) is what a long run of 8-pair iterations at
	 * c_elo 2 comes to; shorter runs need more. */
	double r = spsa_calib_r_end(2000, 8, 2);
	assert_true(r > 0.0022 && r < 0.0026);
	assert_true(spsa_calib_r_end(150, 8, 2) > 10 * r);
	/* Twice the pairs or twice c_elo: half the rate. */
	assert_true(fabs(spsa_calib_r_end(150, 16, 2) * 2 - spsa_calib_r_end(150, 8, 2)) <
	            1e-12);
	assert_true(fabs(spsa_calib_r_end(150, 8, 4) * 2 - spsa_calib_r_end(150, 8, 2)) <
	            1e-12);
}

/* A player whose Elo is -Q (theta - BEST)^2, no draws. */
#define Q 0.0005
#define BEST 1000.0
enum { PAIRS = 8 };

static int curve(void *ctx, const SpsaProbe *pr, SpsaResult *out, char *err, size_t errlen)
{
	(void)ctx;
	(void)err;
	(void)errlen;
	double a = pr->plus[0] - BEST, b = pr->minus[0] - BEST;
	double diff = -Q * a * a + Q * b * b;
	double e = 1 / (1 + pow(10, -diff / 400));
	Rng rng;
	rng_seed(&rng, pr->seed);
	*out = (SpsaResult){0, 0, 0};
	for (int g = 0; g < 2 * PAIRS; g++) {
		if (rng_double(&rng) < e)
			out->wins++;
		else
			out->losses++;
	}
	return 0;
}

/* c_end and r_end from c_elo = 2 pull a parameter that starts 8 c_end
 * (128 c_elo of Elo) off its best to within a few Elo of it. */
static void test_schedule_pulls(void **state)
{
	(void)state;
	const double c_elo = 2;
	SpsaParam p = {.start = BEST + 8 * sqrt(c_elo / Q), .min = 0, .max = 3000};
	p.c_end = spsa_calib_c_end(Q, c_elo, 750);
	p.r_end = spsa_calib_r_end(300, PAIRS, c_elo);
	double loss = 0;
	char err[200];
	for (uint64_t seed = 1; seed <= 20; seed++) {
		Spsa s;
		assert_int_equal(spsa_init(&s, &p, 1, 300, seed, err, sizeof err), 0);
		double theta = p.start;
		assert_int_equal(
		    spsa_run(&s, &theta, 1, curve, NULL, NULL, err, sizeof err), 0);
		loss += Q * (theta - BEST) * (theta - BEST) / 20;
	}
	/* The formula's noise figure is about 0.7 Elo here. */
	assert_true(loss < 3 * c_elo);
}

static const char openings_text[] =
    "[opening a]\nmoves = h8 i9\n[opening b]\nmoves = h8 h9\n"
    "[opening c]\nmoves = h8 g9 i8\n[opening d]\nmoves = h8 j8\n";

static const char run_text[] = "[spsa]\n"
                               "iterations = 4\n"
                               "pairs = 2\n"
                               "verify_pairs = 2\n"
                               "openings = o.ini\n"
                               "threads = 2\n"
                               "c_elo = 2\n"
                               "probe_pairs = 3\n"
                               "\n"
                               "[player w]\n"
                               "type = weighted\n"
                               "\n"
                               "[param attack]\n"
                               "start = 900\n"
                               "min = 200\n"
                               "max = 3000\n"
                               "probe_delta = 600\n"
                               "\n"
                               "[param defence]\n"
                               "c_end = 100\n";

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	static char buf[1 << 16];
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return strdup(buf);
}

static void test_run(void **state)
{
	(void)state;
	tmpdir_write("o.ini", openings_text);
	const char *ini = tmpdir_write("run.ini", run_text);
	char out[128], path[192], err[2048];
	snprintf(out, sizeof out, "%s/out", dir);
	SpsaOptions o = {.file = ini, .out = out, .threads = -1};
	assert_int_equal(spsa_tune(&o, err, sizeof err), 0);
	snprintf(path, sizeof path, "%s/run/probe.csv", out);
	char *probe = slurp(path);
	/* attack is probed 600 either side of 900; defence has its c_end. */
	assert_true(strncmp(probe, "param,d_plus,elo_plus,", 22) == 0);
	assert_non_null(strstr(probe, "\nattack,600,"));
	assert_null(strstr(probe, "defence"));
	snprintf(path, sizeof path, "%s/run/config.ini", out);
	char *config = slurp(path);
	char *attack = strstr(config, "[param attack]");
	char *defence = strstr(config, "[param defence]");
	assert_non_null(attack);
	assert_non_null(defence);
	assert_null(strstr(attack, "c_end") < defence ? strstr(attack, "c_end") : NULL);
	assert_non_null(strstr(attack, "probe_delta = 600\n"));
	assert_non_null(strstr(defence, "c_end = 100\n"));
	assert_null(strstr(defence, "r_end"));
	snprintf(path, sizeof path, "%s/run/trajectory.csv", out);
	char *traj = slurp(path);

	/* Without its trajectory the run repeats itself from probe.csv. */
	remove(path);
	assert_int_equal(spsa_tune(&o, err, sizeof err), 0);
	char *again = slurp(path);
	assert_string_equal(again, traj);
	free(again);

	/* probe.csv is read, not played again: another c_end there makes
	 * another trajectory, and the file stays as it was. */
	static const char other[] = "param,d_plus,elo_plus,error_plus,d_minus,elo_minus,"
	                            "error_minus,curvature,c_end\n"
	                            "attack,600,-50,10,600,-50,10,0.000138,55.5\n";
	char probe_path[192];
	snprintf(probe_path, sizeof probe_path, "%s/run/probe.csv", out);
	FILE *f = fopen(probe_path, "w");
	assert_non_null(f);
	fputs(other, f);
	fclose(f);
	remove(path);
	assert_int_equal(spsa_tune(&o, err, sizeof err), 0);
	again = slurp(path);
	assert_string_not_equal(again, traj);
	free(again);
	again = slurp(probe_path);
	assert_string_equal(again, other);
	free(again);
	free(probe);
	free(config);
	free(traj);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_curvature), cmocka_unit_test(test_c_end),
	    cmocka_unit_test(test_r_end),     cmocka_unit_test(test_schedule_pulls),
	    cmocka_unit_test(test_run),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
