/* test_spsa.c - the SPSA tuner: the schedule against its formulas,
 * unbiased stochastic rounding, probes that depend on (seed, k) alone, a
 * synthetic problem whose optimum is known, bad configuration files with
 * their file:line, and a small real run through `tuner spsa` that is killed
 * and resumed to the same trajectory. */
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
#include <sys/stat.h>
#include <unistd.h>

#include "rng.h"
#include "spsa.h"
#include "spsa_config.h"
#include "spsa_core.h"

#define assert_near(a, b, tol) near_((a), (b), (tol), #a, __FILE__, __LINE__)
static void near_(double a, double b, double tol, const char *what, const char *file,
                  int line)
{
	if (!(fabs(a - b) <= tol)) {
		print_error("%s = %.17g, expected %.17g +- %g\n", what, a, b, tol);
		_fail(file, line);
	}
}

#include "tmpdir.h"

static const SpsaParam two[2] = {
    {.start = 200, .min = 0, .max = 1000, .c_end = 50, .r_end = 0.002, .integer = true},
    {.start = 0.9, .min = 0, .max = 1, .c_end = 0.05, .r_end = 0.002},
};

static void test_schedule(void **state)
{
	(void)state;
	Spsa s;
	char err[200];
	assert_int_equal(spsa_init(&s, two, 2, 200, 1, err, sizeof err), 0);
	assert_near(s.A, 20, 1e-12);
	assert_near(s.alpha, 0.602, 1e-12);
	assert_near(s.gamma, 0.101, 1e-12);
	assert_near(s.c[0], 50 * pow(200, 0.101), 1e-9);
	assert_near(s.a[0], 0.002 * 50 * 50 * pow(220, 0.602), 1e-9);
	for (int k = 1; k <= 200; k += 37) {
		double ck = 0.05 * pow(200, 0.101) / pow(k, 0.101);
		double a = 0.002 * 0.05 * 0.05 * pow(220, 0.602);
		assert_near(spsa_c_k(&s, 1, k), ck, 1e-12);
		assert_near(spsa_r_k(&s, 1, k), a / pow(20 + k, 0.602) / (ck * ck), 1e-9);
	}
	/* By construction the last step has c_end and r_end. */
	assert_near(spsa_c_k(&s, 0, 200), 50, 1e-9);
	assert_near(spsa_r_k(&s, 0, 200), 0.002, 1e-12);
	assert_near(spsa_c_k(&s, 1, 200), 0.05, 1e-12);
	assert_near(spsa_r_k(&s, 1, 200), 0.002, 1e-12);

	SpsaParam bad = two[0];
	bad.min = 2000;
	assert_int_equal(spsa_init(&s, &bad, 1, 10, 1, err, sizeof err), -1);
	bad = two[0];
	bad.c_end = 0;
	assert_int_equal(spsa_init(&s, &bad, 1, 10, 1, err, sizeof err), -1);
	assert_int_equal(spsa_init(&s, two, 2, 0, 1, err, sizeof err), -1);
}

static void test_round(void **state)
{
	(void)state;
	const double xs[] = {2.3, -1.7, 5.0, 0.999, 1234.5};
	Rng rng;
	rng_seed(&rng, 7);
	for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
		double sum = 0;
		int n = 200000;
		for (int t = 0; t < n; t++) {
			double r = spsa_round(xs[i], rng_double(&rng));
			assert_true(r == floor(xs[i]) || r == floor(xs[i]) + 1);
			sum += r;
		}
		assert_near(sum / n, xs[i], 0.005);
	}
	assert_near(spsa_round(3.0, 0.0), 3.0, 0);
	assert_near(spsa_round(3.0, 0.999999), 3.0, 0);
}

static void test_probe(void **state)
{
	(void)state;
	Spsa s;
	char err[200];
	assert_int_equal(spsa_init(&s, two, 2, 50, 42, err, sizeof err), 0);
	double theta[2] = {200, 0.9};
	int flips[2][2] = {{0, 0}, {0, 0}};
	for (int k = 1; k <= 50; k++) {
		SpsaProbe a, b;
		spsa_probe(&s, theta, k, &a);
		spsa_probe(&s, theta, k, &b);
		assert_memory_equal(&a, &b, sizeof a);
		assert_int_equal(a.k, k);
		for (int i = 0; i < 2; i++) {
			assert_true(a.flip[i] == 1 || a.flip[i] == -1);
			flips[i][a.flip[i] > 0]++;
		}
		/* the integer side is whole, near theta +- c_k */
		double c0 = spsa_c_k(&s, 0, k);
		assert_near(a.plus[0], floor(a.plus[0]), 0);
		assert_near(a.plus[0], 200 + c0 * a.flip[0], 1);
		assert_near(a.minus[0], 200 - c0 * a.flip[0], 1);
		/* the real side is exact, clipped at max = 1 */
		double c1 = spsa_c_k(&s, 1, k), up = 0.9 + c1 * a.flip[1],
		       dn = 0.9 - c1 * a.flip[1];
		assert_near(a.plus[1], up > 1 ? 1 : up, 1e-12);
		assert_near(a.minus[1], dn > 1 ? 1 : dn, 1e-12);
	}
	for (int i = 0; i < 2; i++)
		assert_true(flips[i][0] > 10 && flips[i][1] > 10);
	/* another seed, other probes */
	Spsa t = s;
	t.seed = 43;
	int same = 0;
	for (int k = 1; k <= 50; k++) {
		SpsaProbe a, b;
		spsa_probe(&s, theta, k, &a);
		spsa_probe(&t, theta, k, &b);
		same += a.seed == b.seed;
	}
	assert_int_equal(same, 0);
}

/* The synthetic problem: a player's Elo is -K times the squared distance
 * of its parameters from the optimum, each in units of its range; a game
 * is a draw with probability DRAW, otherwise won with the logistic
 * expectation of the Elo difference. */
enum { PAIRS = 8 };
static const double opt[2] = {700, 0.3}, K = 2000, DRAW = 0.2;

static double elo_of(const Spsa *s, const double *v)
{
	double e = 0;
	for (int i = 0; i < s->n; i++) {
		double d = (v[i] - opt[i]) / (s->param[i].max - s->param[i].min);
		e -= K * d * d;
	}
	return e;
}

static int synthetic(void *ctx, const SpsaProbe *pr, SpsaResult *out, char *err,
                     size_t errlen)
{
	const Spsa *s = ctx;
	(void)err;
	(void)errlen;
	double diff = elo_of(s, pr->plus) - elo_of(s, pr->minus);
	double e = 1 / (1 + pow(10, -diff / 400));
	Rng rng;
	rng_seed(&rng, pr->seed);
	*out = (SpsaResult){0, 0, 0};
	for (int g = 0; g < 2 * PAIRS; g++) {
		double u = rng_double(&rng);
		if (u < DRAW)
			out->draws++;
		else if (u < DRAW + (1 - DRAW) * e)
			out->wins++;
		else
			out->losses++;
	}
	return 0;
}

static void test_synthetic(void **state)
{
	(void)state;
	SpsaParam p[2] = {two[0], two[1]};
	p[0].r_end = p[1].r_end = 0.04;
	char err[200];
	for (uint64_t seed = 1; seed <= 5; seed++) {
		Spsa s;
		assert_int_equal(spsa_init(&s, p, 2, 500, seed, err, sizeof err), 0);
		double theta[2] = {p[0].start, p[1].start};
		assert_int_equal(
		    spsa_run(&s, theta, 1, synthetic, NULL, &s, err, sizeof err), 0);
		assert_near(theta[0], opt[0], 100);
		assert_near(theta[1], opt[1], 0.1);
	}
}

/* Stops after iteration *ctx. */
static int stop_at(void *ctx, int k, const double *theta, const SpsaResult *r, char *err,
                   size_t errlen)
{
	(void)theta;
	(void)r;
	if (k < *(int *)ctx)
		return 0;
	snprintf(err, errlen, "stopped");
	return -1;
}

typedef struct {
	Spsa *s;
	int stop;
} StopCtx;

static int play_stop(void *ctx, const SpsaProbe *pr, SpsaResult *out, char *err,
                     size_t errlen)
{
	return synthetic(((StopCtx *)ctx)->s, pr, out, err, errlen);
}

static int done_stop(void *ctx, int k, const double *theta, const SpsaResult *r, char *err,
                     size_t errlen)
{
	return stop_at(&((StopCtx *)ctx)->stop, k, theta, r, err, errlen);
}

static void test_resume_core(void **state)
{
	(void)state;
	char err[200];
	Spsa s;
	SpsaParam p[2] = {two[0], two[1]};
	p[0].r_end = p[1].r_end = 0.04;
	assert_int_equal(spsa_init(&s, p, 2, 120, 9, err, sizeof err), 0);
	double whole[2] = {200, 0.9}, part[2] = {200, 0.9};
	assert_int_equal(spsa_run(&s, whole, 1, synthetic, NULL, &s, err, sizeof err), 0);
	StopCtx sc = {&s, 47};
	assert_int_equal(spsa_run(&s, part, 1, play_stop, done_stop, &sc, err, sizeof err),
	                 -1);
	assert_string_equal(err, "stopped");
	assert_int_equal(spsa_run(&s, part, 48, synthetic, NULL, &s, err, sizeof err), 0);
	assert_memory_equal(whole, part, sizeof whole);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static const char openings_text[] =
    "[opening a]\nmoves = h8 i9\n[opening b]\nmoves = h8 h9\n"
    "[opening c]\nmoves = h8 g9 i8\n[opening d]\nmoves = h8 j8\n";

static const char good[] = "[spsa]\n"
                           "iterations = 6\n"
                           "pairs = 2\n"
                           "verify_pairs = 3\n"
                           "openings = o.ini\n"
                           "threads = 2\n"
                           "\n"
                           "[player w]\n"
                           "type = weighted\n"
                           "radius = 3\n"
                           "\n"
                           "[param attack]\n"
                           "start = 900\n"
                           "min = 200\n"
                           "max = 3000\n"
                           "r_end = 0.05\n"
                           "\n"
                           "[param defence]\n"
                           "c_end = 100\n";

static void test_config_good(void **state)
{
	(void)state;
	char path[128], err[1024];
	snprintf(path, sizeof path, "%s/o.ini", dir);
	write_file(path, openings_text);
	snprintf(path, sizeof path, "%s/good.ini", dir);
	write_file(path, good);
	static SpsaConfig c;
	if (spsa_config_load(path, &c, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_string_equal(c.name, "good");
	assert_int_equal(c.iterations, 6);
	assert_int_equal(c.pairs, 2);
	assert_string_equal(c.player, "w");
	assert_string_equal(c.type->name, "weighted");
	assert_int_equal(c.n, 2);
	assert_near(c.params.v[param_find(&c.params, "radius")], 3, 0);
	assert_near(c.tuned[0].p.start, 900, 0);
	assert_near(c.tuned[0].p.c_end, 140, 1e-12); /* (3000 - 200) / 20 */
	assert_near(c.tuned[0].p.r_end, 0.05, 0);
	assert_near(c.tuned[1].p.start, 1000, 0); /* the player's value */
	assert_near(c.tuned[1].p.min, 0, 0);      /* the declared range */
	assert_near(c.tuned[1].p.max, 20000, 0);
	assert_near(c.tuned[1].p.c_end, 100, 0);
	assert_near(c.tuned[1].p.r_end, 0.002, 0);
	assert_true(c.tuned[0].p.integer);
	OpeningSet t, v;
	if (spsa_config_openings(&c, &t, &v, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_int_equal(t.count, 2);
	assert_int_equal(v.count, 2);
	char name[OPENING_NAME_MAX];
	assert_string_equal(openings_name(&t, 1, name), "b");
	assert_string_equal(openings_name(&v, 0, name), "c");
	openings_free(&t);
	openings_free(&v);
}

/* good[] with line `line` (1-based) replaced by `with` ("" drops it, a text
 * ending in '\n' adds lines) must fail with "path:want". */
static void expect_error(const char *with, int line, const char *want)
{
	char text[4096] = "", path[128], err[1024], expected[512];
	const char *s = good;
	for (int l = 1; *s; l++) {
		size_t n = strcspn(s, "\n") + 1;
		if (l == line)
			strcat(text, with);
		else
			strncat(text, s, n);
		s += n;
	}
	snprintf(path, sizeof path, "%s/bad.ini", dir);
	write_file(path, text);
	static SpsaConfig c;
	int rc = spsa_config_load(path, &c, err, sizeof err);
	if (rc == 0) {
		OpeningSet t, v;
		rc = spsa_config_openings(&c, &t, &v, err, sizeof err);
		if (rc == 0) {
			openings_free(&t);
			openings_free(&v);
		}
	}
	snprintf(expected, sizeof expected, "%s:%s", path, want);
	if (rc == 0)
		fail_msg("accepted, expected: %s", expected);
	if (strncmp(err, expected, strlen(expected)) != 0)
		fail_msg("got      %s\nexpected %s...", err, expected);
}

static void test_config_bad(void **state)
{
	(void)state;
	char path[128];
	snprintf(path, sizeof path, "%s/o.ini", dir);
	write_file(path, openings_text);
	expect_error("iteration = 6\n", 2, "2: unknown key 'iteration' in [spsa]");
	expect_error("pairs = 0\n", 3, "3: 'pairs' takes a whole number from 1");
	expect_error("[spsa]\n[tune]\n", 1, "2: unknown section [tune]");
	expect_error(
	    "type = weighted\n[player x]\ntype = naive\n", 9,
	    "10: a second player section: SPSA tunes one player (the first at line 8)");
	expect_error("type = weightd\n", 9, "9: unknown player type 'weightd'");
	expect_error("", 9, "8: [player w] has no 'type'");
	expect_error("radius = 9\n", 10, "10: [player w]: ");
	expect_error("depht = 3\n", 10,
	             "10: unknown key 'depht' in [player w] (type weighted)");
	expect_error("[param atack]\n", 12,
	             "12: [param atack]: type weighted has no parameter "
	             "'atack' (tunable: attack, defence,");
	expect_error("[param attack]\nstep = 3\n", 12,
	             "13: [param attack]: unknown key 'step'");
	expect_error("min = 3500\n", 14,
	             "15: [param attack]: min 3500 is not below max 3000");
	expect_error("max = 30000\n", 15,
	             "15: [param attack]: 'max' takes a number from 0 to 20000");
	expect_error("start = 100\n", 13,
	             "13: [param attack]: start 100 is outside [min, max]");
	expect_error("r_end = 0\n", 16, "16: [param attack]: 'r_end' must be above 0");
	expect_error("c_end = -1\n", 19,
	             "19: [param defence]: 'c_end' takes a number from 0");
	expect_error("[param defence]\n\n[param attack]\nmin = 1\n", 18,
	             "20: [param attack] appears twice (first at line 12)");
	expect_error("pairs = 2\npairs = 3\n", 3,
	             "4: 'pairs' is given twice in [spsa] (first at "
	             "line 3)");
	expect_error("", 5, "1: [spsa] needs 'openings'");
	expect_error("openings = missing.ini\n", 5,
	             "5: "); /* then the openings file's error */
	expect_error("openings = o.ini\ntune_openings = 4\n", 5, "6: ");
	expect_error("openings = o.ini\ntune_openings = 2\nverify_openings = o.ini\n", 5,
	             "6: 'tune_openings' splits 'openings'");
	expect_error("name = a/b\n", 6, "6: 'name' is a folder name");
	expect_error("key = 1\n[spsa]\n", 1, "1: 'key' is outside any section");
	expect_error("this is not ini\n", 7, "7: expected [section] or key = value");
	char inner[256];
	snprintf(inner, sizeof inner, "%s/bad.ini: no [param KEY] section: nothing to tune",
	         dir);
	/* drop both [param] sections: lines 11 to 19 */
	char text[4096] = "";
	const char *s = good;
	for (int l = 1; *s; l++) {
		size_t n = strcspn(s, "\n") + 1;
		if (l < 11)
			strncat(text, s, n);
		s += n;
	}
	snprintf(path, sizeof path, "%s/bad.ini", dir);
	write_file(path, text);
	static SpsaConfig c;
	char err[1024];
	assert_int_equal(spsa_config_load(path, &c, err, sizeof err), -1);
	assert_string_equal(err, inner);
}

/* `tuner spsa` on bad input: status 2, nothing written. */
static void test_main_bad(void **state)
{
	(void)state;
	char path[128], out[128];
	snprintf(path, sizeof path, "%s/o.ini", dir);
	write_file(path, openings_text);
	snprintf(path, sizeof path, "%s/bad2.ini", dir);
	write_file(path,
	           "[spsa]\nopenings = o.ini\n[player w]\ntype = weighted\n[param cap]\n"
	           "min = 50\n");
	snprintf(out, sizeof out, "%s/out-bad", dir);
	char err[2048];
	SpsaOptions o = {.file = path, .out = out, .threads = -1};
	assert_int_equal(spsa_tune(&o, err, sizeof err), 2);
	assert_non_null(strstr(err, "bad2.ini:"));
	assert_int_not_equal(access(out, F_OK), 0);
	o.out = "";
	assert_int_equal(spsa_tune(&o, err, sizeof err), 2);
	assert_string_equal(err, "tuner spsa: --out needs a folder name");
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	static char buf[1 << 16];
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return strdup(buf);
}

/* A real run on the weighted player (fast), then the same run killed in
 * the middle of a line and resumed: the same trajectory and results. */
static void test_main_run(void **state)
{
	(void)state;
	char path[128], out[128], traj[192], file[192];
	snprintf(path, sizeof path, "%s/o.ini", dir);
	write_file(path, openings_text);
	snprintf(path, sizeof path, "%s/run.ini", dir);
	write_file(path, good);
	snprintf(out, sizeof out, "%s/out", dir);
	char err[2048];
	SpsaOptions o = {.file = path, .out = out, .threads = -1};
	assert_int_equal(spsa_tune(&o, err, sizeof err), 0);
	snprintf(traj, sizeof traj, "%s/run/trajectory.csv", out);
	char *full = slurp(traj);
	assert_true(
	    strncmp(full, "iteration,attack,defence,W,L,D\n0,900,1000,0,0,0\n", 48) == 0);
	int lines = 0;
	for (const char *s = full; *s; s++)
		lines += *s == '\n';
	assert_int_equal(lines, 8); /* header, start, 6 iterations */
	snprintf(file, sizeof file, "%s/run/tuned.ini", out);
	char *tuned = slurp(file);
	/* the verdict first: status 0 is no rejection */
	assert_true(strncmp(tuned, "; VERIFIED: ", 12) == 0 ||
	            strncmp(tuned, "; UNPROVEN: ", 12) == 0);
	assert_non_null(strstr(tuned, "[player w-tuned]\ntype = weighted\nattack = "));
	assert_non_null(strstr(tuned, "radius = 3\n"));
	free(tuned);
	snprintf(file, sizeof file, "%s/run/verify.csv", out);
	char *verify = slurp(file);
	assert_true(strncmp(verify, "pairs,wins,draws,losses,", 24) == 0);
	free(verify);

	/* Kill it after iteration 3, in the middle of writing iteration 4. */
	const char *s = full;
	for (int l = 0; l < 5; l++)
		s = strchr(s, '\n') + 1;
	FILE *f = fopen(traj, "w");
	fwrite(full, 1, (size_t)(s - full) + 7, f);
	fclose(f);
	SpsaOptions one = {.file = path, .out = out, .threads = 1};
	assert_int_equal(spsa_tune(&one, err, sizeof err), 0);
	char *again = slurp(traj);
	assert_string_equal(again, full);
	free(again);

	/* Another configuration in the same folder is refused. */
	char changed[sizeof good + 32];
	snprintf(changed, sizeof changed, "%s", good);
	*strstr(changed, "pairs = 2") = '\0';
	strcat(changed, "pairs = 3\n");
	strcat(changed, strstr(good, "pairs = 2") + 10);
	write_file(path, changed);
	assert_int_equal(spsa_tune(&o, err, sizeof err), 2);
	assert_non_null(strstr(err, "holds a run with another configuration"));
	free(full);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_schedule),    cmocka_unit_test(test_round),
	    cmocka_unit_test(test_probe),       cmocka_unit_test(test_synthetic),
	    cmocka_unit_test(test_resume_core), cmocka_unit_test(test_config_good),
	    cmocka_unit_test(test_config_bad),  cmocka_unit_test(test_main_bad),
	    cmocka_unit_test(test_main_run),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
