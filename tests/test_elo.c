/* test_elo.c - maximum-likelihood Elo: known answers, invariances, anchors,
 * errors, perfect scores, and recovery of known ratings from simulations. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "elo.h"
#include "rng.h"

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

#define KL (log(10.0) / 400.0)

static const char *const names[] = {"A", "B", "C", "D", "E", "F", "G", "H"};

static EloRatings *fit(int n, const EloGame *g, size_t ng, const EloOptions *opt)
{
	EloRatings *r = NULL;
	char err[256];
	if (elo_fit(n, names, g, ng, opt, &r, err, sizeof err))
		fail_msg("elo_fit: %s", err);
	return r;
}

static double rating(const EloRatings *r, int i)
{
	return r->players[i].rating;
}

static void test_known_score(void **state)
{
	(void)state;
	/* 3 wins and 1 loss, both colours: 75% = -400 log10(1/3) = 190.8485 Elo. */
	const EloGame g[] = {{0, 1, 1}, {1, 0, 0}, {0, 1, 0}, {1, 0, 0}};
	EloRatings *r = fit(2, g, 4, NULL);
	assert_false(r->prior_used);
	assert_near(rating(r, 0) - rating(r, 1), 190.8485, 0.01);
	assert_near(rating(r, 0) - rating(r, 1), 400 * log10(3.0), 1e-7);
	assert_near(rating(r, 0) + rating(r, 1), 0, 1e-9);
	/* Var(RA - RB) = 1 / (N K^2 p (1 - p)); each rating carries half of it
	 * under the average anchor. */
	double sd = 1 / sqrt(4 * KL * KL * 0.75 * 0.25);
	assert_near(elo_diff_error(r, 0, 1), ELO_Z95 * sd, 1e-6);
	assert_near(r->players[0].error95, ELO_Z95 * sd / 2, 1e-6);
	assert_near(elo_los(r, 0, 1), 0.5 * erfc(-400 * log10(3.0) / sd / sqrt(2)), 1e-9);
	const EloPlayer *a = &r->players[0];
	assert_int_equal(a->played, 4);
	assert_int_equal(a->wins, 3);
	assert_int_equal(a->losses, 1);
	assert_near(a->points, 3, 0);
	assert_near(a->percent, 75, 1e-12);
	assert_int_equal(a->rank, 1);
	assert_int_equal(r->order[0], 0);
	assert_string_equal(a->name, "A");
	elo_destroy(r);

	/* 100 games at 50%: the difference is 0 +- 1.96 * 34.74 Elo. */
	EloGame h[100];
	for (int i = 0; i < 100; i++)
		h[i] = (EloGame){i % 2, 1 - i % 2, i < 50 ? 1 : 0};
	r = fit(2, h, 100, NULL);
	assert_near(rating(r, 0), 0, 1e-9);
	assert_near(elo_diff_error(r, 0, 1), ELO_Z95 * 34.7436, 0.01);
	elo_destroy(r);
}

static void test_draws(void **state)
{
	(void)state;
	/* A win and a draw are 75% too. */
	const EloGame g[] = {{0, 1, 1}, {1, 0, 0.5}};
	EloRatings *r = fit(2, g, 2, NULL);
	assert_false(r->prior_used);
	assert_near(rating(r, 0) - rating(r, 1), 190.8485, 0.01);
	assert_int_equal(r->players[0].draws, 1);
	assert_near(r->players[0].draw_percent, 50, 1e-12);
	elo_destroy(r);

	/* Only draws: equal, and a draw alone makes the fit finite. */
	const EloGame d[] = {{0, 1, 0.5}, {1, 2, 0.5}, {2, 0, 0.5}};
	r = fit(3, d, 3, NULL);
	assert_false(r->prior_used);
	for (int i = 0; i < 3; i++)
		assert_near(rating(r, i), 0, 1e-9);
	elo_destroy(r);

	/* 2 wins, 4 draws, 2 losses: equal. */
	const EloGame e[] = {{0, 1, 1},   {1, 0, 1},   {0, 1, 0.5}, {1, 0, 0.5},
	                     {0, 1, 0.5}, {1, 0, 0.5}, {0, 1, 0},   {1, 0, 0}};
	r = fit(2, e, 8, NULL);
	assert_near(rating(r, 0), rating(r, 1), 1e-9);
	assert_near(r->players[1].points, 4, 0);
	elo_destroy(r);
}

static void test_cycle(void **state)
{
	(void)state;
	/* A beats B, B beats C, C beats A, twice each: all equal. */
	const EloGame g[] = {{0, 1, 1}, {1, 0, 0}, {1, 2, 1},
	                     {2, 1, 0}, {2, 0, 1}, {0, 2, 0}};
	EloRatings *r = fit(3, g, 6, NULL);
	assert_false(r->prior_used);
	for (int i = 0; i < 3; i++)
		assert_near(rating(r, i), 0, 1e-9);
	elo_destroy(r);
}

/* Round robin of n players with true ratings truth[], per games per pair,
 * alternating colours, 25% draws where possible. */
static size_t simulate(Rng *rng, int n, const double *truth, int per, EloGame *g)
{
	size_t k = 0;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			for (int t = 0; t < per; t++) {
				int b = t % 2 ? i : j, w = t % 2 ? j : i;
				double p = 1 / (1 + pow(10, (truth[w] - truth[b]) / 400));
				double d = fmin(0.25, 2 * fmin(p, 1 - p)),
				       u = rng_double(rng);
				double s = u < p - d / 2 ? 1 : u < p + d / 2 ? 0.5 : 0;
				g[k++] = (EloGame){b, w, s};
			}
	return k;
}

static const double truth8[8] = {-350, -200, -100, 0, 50, 150, 250, 300};

static void test_order_invariance(void **state)
{
	(void)state;
	static EloGame g[28 * 20];
	Rng rng;
	rng_seed(&rng, 7);
	size_t ng = simulate(&rng, 8, truth8, 20, g);
	EloRatings *a = fit(8, g, ng, NULL);
	for (size_t i = ng - 1; i > 0; i--) {
		size_t j = rng_below(&rng, (uint32_t)(i + 1));
		EloGame t = g[i];
		g[i] = g[j], g[j] = t;
	}
	EloRatings *b = fit(8, g, ng, NULL);
	for (int i = 0; i < 8; i++) {
		assert_true(rating(a, i) == rating(b, i));
		assert_true(a->players[i].error95 == b->players[i].error95);
		assert_int_equal(a->order[i], b->order[i]);
	}
	assert_memory_equal(a->cov, b->cov, sizeof *a->cov * 64);
	elo_destroy(a);
	elo_destroy(b);
}

static void test_anchor(void **state)
{
	(void)state;
	static EloGame g[15 * 10];
	Rng rng;
	rng_seed(&rng, 11);
	size_t ng = simulate(&rng, 6, truth8 + 1, 10, g);
	EloRatings *avg = fit(6, g, ng, NULL);
	double sum = 0;
	for (int i = 0; i < 6; i++)
		sum += rating(avg, i);
	assert_near(sum, 0, 1e-9);

	EloOptions o = {.anchor = "C"};
	EloRatings *c = fit(6, g, ng, &o);
	assert_true(rating(c, 2) == 0);
	assert_true(c->players[2].error95 == 0);
	o = (EloOptions){.anchor = "C", .anchor_rating = 1500};
	EloRatings *c15 = fit(6, g, ng, &o);
	assert_near(rating(c15, 2), 1500, 1e-9);
	o = (EloOptions){.anchor_rating = 2000};
	EloRatings *a20 = fit(6, g, ng, &o);
	for (int i = 0; i < 6; i++) {
		double d = rating(avg, i) - rating(avg, 2);
		assert_near(rating(c, i), d, 1e-7);
		assert_near(rating(c15, i) - 1500, d, 1e-7);
		assert_near(rating(a20, i) - 2000, rating(avg, i), 1e-7);
		/* Differences, their errors and LOS do not depend on the anchor. */
		for (int j = 0; j < 6; j++) {
			assert_near(elo_diff_error(c, i, j), elo_diff_error(avg, i, j),
			            1e-6);
			assert_near(elo_los(c, i, j), elo_los(avg, i, j), 1e-9);
		}
		/* With a named anchor a player's error is that of its difference. */
		assert_near(c->players[i].error95, elo_diff_error(avg, i, 2), 1e-6);
	}
	elo_destroy(avg);
	elo_destroy(c);
	elo_destroy(c15);
	elo_destroy(a20);

	EloRatings *r = NULL;
	char err[256];
	o = (EloOptions){.anchor = "Z"};
	assert_int_equal(elo_fit(6, names, g, ng, &o, &r, err, sizeof err), ELO_EINPUT);
	assert_string_equal(err, "elo: unknown anchor player 'Z'");
	assert_null(r);
}

static void test_bad_input(void **state)
{
	(void)state;
	EloRatings *r = NULL;
	char err[256];
	const EloGame bad_score[] = {{0, 1, 0.7}};
	assert_int_equal(elo_fit(2, names, bad_score, 1, NULL, &r, err, sizeof err),
	                 ELO_EINPUT);
	assert_non_null(strstr(err, "game 0: score 0.7"));
	const EloGame bad_player[] = {{0, 1, 1}, {1, 1, 0}};
	assert_int_equal(elo_fit(2, names, bad_player, 2, NULL, &r, err, sizeof err),
	                 ELO_EINPUT);
	const char *const dup[] = {"A", "A"};
	assert_int_equal(elo_fit(2, dup, bad_player, 1, NULL, &r, err, sizeof err),
	                 ELO_EINPUT);
	assert_null(r);
	elo_destroy(NULL);
}

static void test_disconnected(void **state)
{
	(void)state;
	const EloGame g[] = {{0, 1, 1}, {1, 0, 1}, {2, 3, 0.5}, {3, 2, 1}};
	EloRatings *r = NULL;
	char err[256];
	assert_int_equal(elo_fit(5, names, g, 4, NULL, &r, err, sizeof err),
	                 ELO_EDISCONNECTED);
	assert_string_equal(err, "players are not connected: {A, B}, {C, D} and {E}");
	assert_int_equal(elo_fit(4, names, g, 4, NULL, &r, err, sizeof err),
	                 ELO_EDISCONNECTED);
	assert_string_equal(err, "players are not connected: {A, B} and {C, D}");
	assert_null(r);
}

static void test_perfect_scores(void **state)
{
	(void)state;
	/* A wins every game, D loses every game, B and C split theirs. */
	const EloGame g[] = {{0, 1, 1}, {2, 0, 0}, {3, 0, 0}, {1, 2, 1},  {2, 1, 1},
	                     {1, 3, 1}, {3, 2, 0}, {0, 1, 1}, {1, 2, 0.5}};
	EloRatings *r = fit(4, g, 9, NULL);
	assert_true(r->prior_used);
	for (int i = 0; i < 4; i++)
		assert_true(isfinite(rating(r, i)) && isfinite(r->players[i].error95));
	assert_true(rating(r, 0) > rating(r, 1) && rating(r, 0) > rating(r, 2));
	assert_true(rating(r, 1) > rating(r, 3) && rating(r, 2) > rating(r, 3));
	assert_int_equal(r->order[0], 0);
	assert_int_equal(r->order[3], 3);
	elo_destroy(r);

	/* Two players, 3-0: finite, and stronger evidence, larger gap. */
	const EloGame h[] = {{0, 1, 1}, {1, 0, 0}, {0, 1, 1},
	                     {1, 0, 0}, {0, 1, 1}, {1, 0, 0}};
	EloRatings *r3 = fit(2, h, 3, NULL), *r6 = fit(2, h, 6, NULL);
	double d3 = rating(r3, 0) - rating(r3, 1), d6 = rating(r6, 0) - rating(r6, 1);
	assert_true(r3->prior_used && isfinite(d3) && d3 > 0 && d6 > d3);
	elo_destroy(r3);
	elo_destroy(r6);

	/* Without the prior this is an error naming who scored against whom. */
	EloOptions o = {.prior = ELO_PRIOR_NEVER};
	char err[256];
	assert_int_equal(elo_fit(4, names, g, 9, &o, &r, err, sizeof err), ELO_EDIVERGES);
	assert_string_equal(err,
	                    "no finite ratings: {B, C, D} scored no points against {A}");
	const EloGame k[] = {{1, 0, 1}, {1, 2, 0.5}, {2, 0, 1}};
	assert_int_equal(elo_fit(3, names, k, 3, &o, &r, err, sizeof err), ELO_EDIVERGES);
	assert_string_equal(err, "no finite ratings: {A} scored no points against {B, C}");

	/* ELO_PRIOR_ALWAYS pulls a fit that needs no prior towards the mean. */
	const EloGame e[] = {{0, 1, 1}, {1, 0, 0}, {0, 1, 0}, {1, 0, 0}};
	o = (EloOptions){.prior = ELO_PRIOR_ALWAYS};
	r = fit(2, e, 4, &o);
	assert_true(r->prior_used);
	assert_true(rating(r, 0) - rating(r, 1) < 190.8);
	assert_true(rating(r, 0) - rating(r, 1) > 100);
	elo_destroy(r);
}

/* Fits `runs` simulated round robins; counts players whose rating lies within
 * its 95% error of the truth, and sums the errors. */
static void recover(int per, int runs, uint64_t seed, int *inside, double *err_sum)
{
	static EloGame g[28 * 400];
	double mt = 0;
	for (int i = 0; i < 8; i++)
		mt += truth8[i] / 8;
	*inside = 0, *err_sum = 0;
	for (int run = 0; run < runs; run++) {
		Rng rng;
		rng_seed(&rng, seed * 100 + (uint64_t)run);
		size_t ng = simulate(&rng, 8, truth8, per, g);
		EloRatings *r = fit(8, g, ng, NULL);
		for (int i = 0; i < 8; i++) {
			*inside +=
			    fabs(rating(r, i) - (truth8[i] - mt)) <= r->players[i].error95;
			*err_sum += r->players[i].error95;
		}
		elo_destroy(r);
	}
}

static void test_recovery(void **state)
{
	(void)state;
	int in1, in4;
	double e1, e4;
	recover(50, 25, 1, &in1, &e1);
	recover(200, 25, 2, &in4, &e4);
	print_message(
	    "inside the 95%% error: %d/200 with 50 games a pair, %d/200 with 200; "
	    "mean error %.2f -> %.2f (ratio %.3f)\n",
	    in1, in4, e1 / 200, e4 / 200, e1 / e4);
	assert_true(in1 >= 180 && in4 >= 180);
	assert_true(e1 / e4 > 2 * 0.85 && e1 / e4 < 2 * 1.15);
}

static void test_los_and_ranks(void **state)
{
	(void)state;
	static EloGame g[28 * 6];
	Rng rng;
	rng_seed(&rng, 5);
	size_t ng = simulate(&rng, 8, truth8, 6, g);
	EloRatings *r = fit(8, g, ng, NULL);
	for (int i = 0; i < 8; i++) {
		assert_near(elo_los(r, i, i), 0.5, 0);
		for (int j = 0; j < 8; j++) {
			assert_near(elo_los(r, i, j) + elo_los(r, j, i), 1, 1e-12);
			assert_near(elo_diff_error(r, i, j), elo_diff_error(r, j, i), 1e-9);
			if (rating(r, i) > rating(r, j))
				assert_true(elo_los(r, i, j) > 0.5);
		}
	}
	for (int k = 0; k < 8; k++) {
		const EloPlayer *p = &r->players[r->order[k]];
		assert_int_equal(p->rank, k + 1);
		if (k + 1 < 8) {
			assert_true(p->rating >= r->players[r->order[k + 1]].rating);
			assert_near(p->cfs_next, elo_los(r, r->order[k], r->order[k + 1]),
			            0);
		} else {
			assert_true(isnan(p->cfs_next));
		}
	}
	elo_destroy(r);
}

static void test_pair_stats(void **state)
{
	(void)state;
	EloPairStats s;
	char err[256];
	EloPairCounts c = {.wins = 30, .draws = 40, .losses = 30};
	assert_int_equal(elo_pair_stats(&c, &s, err, sizeof err), 0);
	/* score 0.5, per-game variance 0.15 */
	double sd = sqrt(0.15 / 100), hi = 0.5 + ELO_Z95 * sd;
	assert_near(s.score, 0.5, 0);
	assert_near(s.elo, 0, 1e-12);
	assert_near(s.error95, -400 * log10(1 / hi - 1), 1e-9);
	assert_near(s.nelo, 0, 1e-12);
	assert_near(s.nelo_error95, ELO_Z95 / 10 * 800 / log(10), 1e-9);
	assert_near(s.los, 0.5, 1e-12);
	assert_near(s.draw_ratio, 0.4, 1e-12);
	assert_true(isnan(s.nelo_penta) && s.pairs == 0);

	c = (EloPairCounts){.wins = 3, .losses = 1};
	assert_int_equal(elo_pair_stats(&c, &s, err, sizeof err), 0);
	assert_near(s.elo, 190.8485, 0.01);
	assert_near(elo_from_score(0.75), 400 * log10(3.0), 1e-9);
	/* nElo = (s - 0.5) / sigma * 800 / ln 10, sigma^2 = 0.1875 */
	assert_near(s.nelo, 0.25 / sqrt(0.1875) * 800 / log(10), 1e-9);
	assert_near(s.los, 0.5 * erfc(-0.25 / sqrt(0.1875 / 4) / sqrt(2)), 1e-12);

	/* Pairs: penta {5, 10, 20, 10, 5} with 20 pairs of a win and a loss. */
	c = (EloPairCounts){0};
	const double pairs[5][2] = {{0, 0}, {0, 0.5}, {1, 0}, {0.5, 1}, {1, 1}};
	const int times[5] = {5, 10, 20, 10, 5};
	for (int k = 0; k < 5; k++)
		for (int t = 0; t < times[k]; t++)
			elo_pair_add(&c, pairs[k][0], pairs[k][1]);
	assert_int_equal(c.penta[2], 20);
	assert_int_equal(c.wins + c.draws + c.losses, 100);
	assert_int_equal(elo_pair_stats(&c, &s, err, sizeof err), 0);
	assert_int_equal(s.pairs, 50);
	/* pair variance 0.075 per game-mean: sigma_game = sqrt(2 * 0.075) */
	double sdp = sqrt(0.075 / 50);
	assert_near(s.error95_penta, -400 * log10(1 / (0.5 + ELO_Z95 * sdp) - 1), 1e-9);
	assert_near(s.nelo_penta, 0, 1e-12);
	assert_near(s.nelo_error95_penta, ELO_Z95 * sdp / sqrt(0.15) * 800 / log(10), 1e-9);
	assert_near(s.los_penta, 0.5, 1e-12);

	c.penta[4] += 3; /* pairs that the W/D/L counts do not contain */
	assert_int_equal(elo_pair_stats(&c, &s, err, sizeof err), ELO_EINPUT);
	assert_non_null(strstr(err, "disagree"));
	c = (EloPairCounts){.wins = 2};
	assert_int_equal(elo_pair_stats(&c, &s, err, sizeof err), 0);
	assert_true(isinf(s.elo) && s.elo > 0 && s.error95 == 0 && s.los == 1);
	c = (EloPairCounts){0};
	assert_int_equal(elo_pair_stats(&c, &s, err, sizeof err), ELO_EINPUT);
}

int main(void)
{
	gsl_set_error_handler_off();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_known_score),  cmocka_unit_test(test_draws),
	    cmocka_unit_test(test_cycle),        cmocka_unit_test(test_order_invariance),
	    cmocka_unit_test(test_anchor),       cmocka_unit_test(test_bad_input),
	    cmocka_unit_test(test_disconnected), cmocka_unit_test(test_perfect_scores),
	    cmocka_unit_test(test_recovery),     cmocka_unit_test(test_los_and_ranks),
	    cmocka_unit_test(test_pair_stats),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
