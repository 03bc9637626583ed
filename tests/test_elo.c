/* test_elo.c - maximum-likelihood Elo: known answers, invariances, anchors,
 * errors, perfect scores, and recovery of known ratings from simulations;
 * head-to-head statistics and what the table and pairs.csv print of them. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "elo.h"
#include "report.h"
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
	/* The callers put their own name first ("arena elo: "); the message
	 * says what the anchor had to be. */
	assert_string_equal(err, "anchor 'Z' is none of the players {A, B, C, D, E, F}");
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
	assert_string_equal(err, "game 0: score 0.7 is not 0, 0.5 or 1");
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
	/* E has no game: it is no part of the fit (test_no_games), so only
	 * the two groups that played are named. */
	assert_int_equal(elo_fit(5, names, g, 4, NULL, &r, err, sizeof err),
	                 ELO_EDISCONNECTED);
	assert_string_equal(err, "players are not connected: {A, B} and {C, D}");
	assert_int_equal(elo_fit(4, names, g, 4, NULL, &r, err, sizeof err),
	                 ELO_EDISCONNECTED);
	assert_string_equal(err, "players are not connected: {A, B} and {C, D}");
	assert_null(r);
}

/* A player without games (a run folder's config.ini names one that has not
 * played yet) is listed after the others with 0 games and no figures; the
 * rest are fitted as if it were not there (issue 29). */
static void test_no_games(void **state)
{
	(void)state;
	const EloGame g[] = {{0, 2, 1}, {2, 0, 0.5}, {2, 0, 1}, {0, 2, 0}};
	EloRatings *r = NULL, *alone = NULL;
	char err[256];
	assert_int_equal(elo_fit(4, names, g, 4, NULL, &r, err, sizeof err), 0);
	const EloGame g2[] = {{0, 1, 1}, {1, 0, 0.5}, {1, 0, 1}, {0, 1, 0}};
	assert_int_equal(elo_fit(2, (const char *const[]){"A", "C"}, g2, 4, NULL, &alone,
	                         err, sizeof err),
	                 0);
	assert_true(fabs(rating(r, 0) - alone->players[0].rating) < 1e-9);
	assert_true(fabs(rating(r, 2) - alone->players[1].rating) < 1e-9);
	assert_true(fabs(r->players[0].error95 - alone->players[0].error95) < 1e-9);
	for (int i = 1; i < 4; i += 2) {
		assert_true(isnan(rating(r, i)) && isnan(r->players[i].error95));
		assert_int_equal(r->players[i].played, 0);
		assert_true(isnan(elo_los(r, i, 0)) && isnan(elo_diff_error(r, 0, i)));
	}
	assert_int_equal(r->order[2], 1);
	assert_int_equal(r->order[3], 3);
	assert_int_equal(r->players[1].rank, 3);
	assert_int_equal(r->players[3].rank, 4);
	assert_true(isnan(r->players[r->order[1]].cfs_next));
	/* Anchored to a player without games: no rating to anchor to. */
	EloRatings *none = NULL;
	assert_int_equal(
	    elo_fit(4, names, g, 4, &(EloOptions){.anchor = "B"}, &none, err, sizeof err),
	    ELO_EINPUT);
	assert_string_equal(err, "anchor 'B' has played no game");
	elo_destroy(r);
	elo_destroy(alone);
}

static void test_perfect_scores(void **state)
{
	(void)state;
	/* A wins every game, D loses every game, B and C split theirs; with
	 * the virtual draws (test_elo_bounds.c has the default, Ordo's rule). */
	const EloGame g[] = {{0, 1, 1}, {2, 0, 0}, {3, 0, 0}, {1, 2, 1},  {2, 1, 1},
	                     {1, 3, 1}, {3, 2, 0}, {0, 1, 1}, {1, 2, 0.5}};
	const EloOptions draws = {.prior = ELO_PRIOR_DRAWS};
	EloRatings *r = fit(4, g, 9, &draws);
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
	EloRatings *r3 = fit(2, h, 3, &draws), *r6 = fit(2, h, 6, &draws);
	double d3 = rating(r3, 0) - rating(r3, 1), d6 = rating(r6, 0) - rating(r6, 1);
	assert_true(r3->prior_used && isfinite(d3) && d3 > 0 && d6 > d3);
	elo_destroy(r3);
	elo_destroy(r6);

	/* Without the prior this is an error naming who scored against whom. */
	EloOptions o = {.prior = ELO_PRIOR_NEVER};
	char err[256];
	assert_int_equal(elo_fit(4, names, g, 9, &o, &r, err, sizeof err), ELO_EDIVERGES);
	assert_string_equal(err,
	                    "no finite maximum-likelihood ratings: {D} scored no points "
	                    "against the other players; the other players scored no "
	                    "points against {A}");
	const EloGame k[] = {{1, 0, 1}, {1, 2, 0.5}, {2, 0, 1}};
	assert_int_equal(elo_fit(3, names, k, 3, &o, &r, err, sizeof err), ELO_EDIVERGES);
	assert_string_equal(err,
	                    "no finite maximum-likelihood ratings: {A} scored no points "
	                    "against {B, C}");

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

/* The ends of Wilson's interval for a mean s with standard error sd, as the
 * roots of (p - s)^2 = z^2 sd^2 p (1 - p) / (s (1 - s)), in Elo. */
static void wilson_elo(double s, double sd, double *lo, double *hi)
{
	double k = ELO_Z95 * ELO_Z95 * sd * sd / (s * (1 - s));
	double b = 2 * s + k, root = sqrt(b * b - 4 * (1 + k) * s * s);
	*lo = 400 * log10(1 / (2 * (1 + k) / (b - root) - 1));
	*hi = 400 * log10(1 / (2 * (1 + k) / (b + root) - 1));
}

static void test_pair_stats(void **state)
{
	(void)state;
	EloPairStats s;
	char err[256];
	EloPairCounts c = {.wins = 30, .draws = 40, .losses = 30};
	assert_int_equal(elo_pair_stats(&c, &s, err, sizeof err), 0);
	/* score 0.5, per-game variance 0.15 */
	double sd = sqrt(0.15 / 100), lo, hi;
	wilson_elo(0.5, sd, &lo, &hi);
	assert_near(s.score, 0.5, 0);
	assert_near(s.elo, 0, 1e-12);
	assert_false(signbit(s.elo)); /* +0, never printed "-0" */
	assert_near(s.elo_lo, lo, 1e-9);
	assert_near(s.elo_hi, hi, 1e-9);
	assert_near(s.error95, hi, 1e-9);
	/* near the normal interval's 400 log10(h / (1 - h)), h = 0.5 + z sd */
	assert_near(s.error95, 400 * log10((0.5 + ELO_Z95 * sd) / (0.5 - ELO_Z95 * sd)), 1);
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
	wilson_elo(0.5, sdp, &lo, &hi);
	assert_near(s.error95_penta, (hi - lo) / 2, 1e-9);
	assert_near(s.elo_lo_penta, lo, 1e-9);
	assert_near(s.nelo_penta, 0, 1e-12);
	assert_near(s.nelo_error95_penta, ELO_Z95 * sdp / sqrt(0.15) * 800 / log(10), 1e-9);
	assert_near(s.los_penta, 0.5, 1e-12);

	c.penta[4] += 3; /* pairs that the W/D/L counts do not contain */
	assert_int_equal(elo_pair_stats(&c, &s, err, sizeof err), ELO_EINPUT);
	assert_non_null(strstr(err, "disagree"));
	/* A lopsided score: both ends finite, the point between them. */
	c = (EloPairCounts){.wins = 39, .draws = 1};
	assert_int_equal(elo_pair_stats(&c, &s, err, sizeof err), 0);
	wilson_elo(39.5 / 40, sqrt((39 * 0.0125 * 0.0125 + 0.4875 * 0.4875) / 40 / 40), &lo,
	           &hi);
	assert_near(s.elo_lo, lo, 1e-9);
	assert_near(s.elo_hi, hi, 1e-9);
	assert_true(lo < s.elo && s.elo < hi && isfinite(hi));
	/* No spread: no interval, nElo or LOS. */
	c = (EloPairCounts){.wins = 2};
	assert_int_equal(elo_pair_stats(&c, &s, err, sizeof err), 0);
	assert_true(isinf(s.elo) && s.elo > 0);
	assert_true(isnan(s.error95) && isnan(s.elo_lo) && isnan(s.nelo) && isnan(s.los));
	c = (EloPairCounts){.losses = 1, .draws = 1, .penta = {0, 1}};
	assert_int_equal(elo_pair_stats(&c, &s, err, sizeof err), 0);
	assert_true(isfinite(s.error95)); /* two games differ ... */
	assert_true(isnan(s.error95_penta) && isnan(s.los_penta)); /* ... one pair */
	c = (EloPairCounts){0};
	assert_int_equal(elo_pair_stats(&c, &s, err, sizeof err), ELO_EINPUT);
}

/* CSV numbers are printf's "%.Nf" without the sign of a zero, also where
 * they are formatted without printf: random magnitudes, halves and the
 * values next to them. */
static void test_csv_numbers_as_printf(void **state)
{
	(void)state;
	Rng rng;
	rng_seed(&rng, 3);
	for (int i = 0; i < 200000; i++) {
		int decimals = (int)rng_below(&rng, 10);
		double v = (rng_double(&rng) - 0.5) * pow(10, (int)rng_below(&rng, 14) - 6);
		if (i % 4 == 1) /* a tie in decimal, as near as binary gets */
			v = (floor(v * pow(10, decimals)) + 0.5) / pow(10, decimals);
		if (i % 4 == 2)
			v = nextafter(v, 0);
		char want[64], got[64];
		snprintf(want, sizeof want, "%.*f", decimals, v);
		if ((want[0] == '-') && strspn(want + 1, "0.") == strlen(want + 1))
			memmove(want, want + 1, strlen(want));
		elo_pair_csv_number(v, decimals, got, sizeof got);
		if (strcmp(got, want) != 0)
			fail_msg("%.17g with %d decimals: '%s', printf '%s'", v, decimals,
			         got, want);
	}
}

/* ---- head to head: the table and pairs.csv ---- */

static char dir[64]; /* a fresh folder per test, removed after it */

static int make_dir(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/test_elo.XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
	(void)state;
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* `times` game pairs in which A scores a1 as black and a2 as white. */
typedef struct {
	double a1, a2;
	int times;
} PairKind;

/* Writes the games of A against B to games.csv (paired: the two games of a
 * pair share its number; else every game has a number of its own, so no
 * pentanomial), runs the report, and returns A-B's pairs.csv line and the
 * Elo and LOS cells of its table row. */
static void head_to_head(const PairKind *kinds, int nkinds, bool paired, char *csv,
                         char *elo, char *los)
{
	char path[128], line[256];
	snprintf(path, sizeof path, "%s/games.csv", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "job,pair,round,opening,black,white,result,reason,plies,moves,"
	           "black_ms,white_ms,black_nodes,white_nodes\n");
	int job = 0;
	for (int k = 0; k < nkinds; k++)
		for (int t = 0; t < kinds[k].times; t++)
			for (int g = 0; g < 2; g++) {
				double black = g ? 1 - kinds[k].a2 : kinds[k].a1;
				fprintf(f, "%d,%d,0,o,%s,%s,%s,five,1,h8,0,0,0,0\n", job,
				        paired ? job / 2 : job, g ? "B" : "A",
				        g ? "A" : "B",
				        black == 1   ? "1-0"
				        : black == 0 ? "0-1"
				                     : "1/2-1/2");
				job++;
			}
	fclose(f);
	char *text = NULL, err[512];
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	if (report_run(dir, path, NULL, 0, NULL, TALLY_DUPS_REFUSE, out, err, sizeof err) <
	    0)
		fail_msg("%s", err);
	fclose(out);
	/* The row: "A", "B", games, "+ = -", score, the Elo cell, the LOS cell. */
	const char *row = strstr(text, "\nA ");
	assert_non_null(row);
	const char *cells = strchr(row + 1, '%'); /* after the score */
	assert_non_null(cells);
	snprintf(line, sizeof line, "%.*s", (int)strcspn(cells + 1, "\n"), cells + 1);
	char *cut = strrchr(line, ' '); /* the LOS cell is the last word */
	snprintf(los, 32, "%s", cut + 1);
	while (cut > line && cut[-1] == ' ') /* the cells are right-aligned */
		cut--;
	*cut = '\0';
	const char *e = line + strspn(line, " ");
	snprintf(elo, 32, "%s", e);
	free(text);
	snprintf(path, sizeof path, "%s/pairs.csv", dir);
	f = fopen(path, "r");
	assert_non_null(f);
	assert_non_null(fgets(line, sizeof line, f)); /* the header */
	assert_non_null(fgets(csv, 256, f));
	csv[strcspn(csv, "\n")] = '\0';
	fclose(f);
}

static void expect_row(const PairKind *kinds, int nkinds, bool paired, const char *csv,
                       const char *elo, const char *los)
{
	char got_csv[256], got_elo[32], got_los[32];
	head_to_head(kinds, nkinds, paired, got_csv, got_elo, got_los);
	if (strcmp(got_csv, csv) != 0)
		fail_msg("pairs.csv '%s', want '%s'", got_csv, csv);
	if (strcmp(got_elo, elo) != 0 || strcmp(got_los, los) != 0)
		fail_msg("table '%s' '%s', want '%s' '%s'", got_elo, got_los, elo, los);
}

/* Lopsided but not perfect scores: a finite interval, Wilson's, from the
 * pair variance when the games are paired and the game variance when not. */
static void test_lopsided_scores_have_finite_intervals(void **state)
{
	(void)state;
	/* 4-0-2 in 3 pairs: won both games twice, lost both once */
	const PairKind a[] = {{1, 1, 2}, {0, 0, 1}};
	expect_row(a, 2, true,
	           "A,B,6,4,0,2,1,0,0,0,2,0.6667,120.412,353.036,86.859,278.001,0.7299,"
	           "-232.624,473.448",
	           "+120.4 +/- 353.0", "73.0%");
	/* 1-0-39 in 20 pairs, then as 40 unpaired games */
	const PairKind b[] = {{0, 0, 19}, {1, 0, 1}};
	expect_row(b, 2, true,
	           "A,B,40,1,0,39,19,0,1,0,0,0.0250,-636.426,301.198,-1070.868,107.669,"
	           "0.0000,-937.624,-335.228",
	           "-636.4 +/- 301.2", "0.0%");
	expect_row(b, 2, false,
	           "A,B,40,1,0,39,0,0,0,0,0,0.0250,-636.426,304.366,-1057.050,107.669,"
	           "0.0000,-940.792,-332.060",
	           "-636.4 +/- 304.4", "0.0%");
	/* 39-1-0 in 20 pairs */
	const PairKind c[] = {{1, 1, 19}, {1, 0.5, 1}};
	expect_row(c, 2, true,
	           "A,B,40,39,1,0,0,0,0,1,19,0.9875,759.051,298.111,2198.098,107.669,"
	           "1.0000,460.940,1057.162",
	           "+759.1 +/- 298.1", "100.0%");
}

/* No spread, no interval: one pair, all draws, a perfect score. Empty CSV
 * fields, "n/a" in the table; never nan, inf in a CSV, or a "-0". */
static void test_no_interval_without_spread(void **state)
{
	(void)state;
	const PairKind one[] = {{0, 0.5, 1}};
	expect_row(one, 1, true, "A,B,2,0,1,1,0,1,0,0,0,0.2500,-190.849,,,,,,",
	           "-190.8 +/- n/a", "n/a");
	const PairKind draws[] = {{0.5, 0.5, 5}};
	expect_row(draws, 1, true, "A,B,10,0,10,0,0,0,5,0,0,0.5000,0.000,,,,,,",
	           "0.0 +/- n/a", "n/a");
	expect_row(draws, 1, false, "A,B,10,0,10,0,0,0,0,0,0,0.5000,0.000,,,,,,",
	           "0.0 +/- n/a", "n/a");
	const PairKind won[] = {{1, 1, 2}};
	expect_row(won, 1, true, "A,B,4,4,0,0,0,0,0,0,2,1.0000,,,,,,,", "+inf +/- n/a",
	           "n/a");
	/* Pairs that all score alike (a win and a loss each): zero variance. */
	const PairKind even[] = {{1, 0, 3}};
	expect_row(even, 1, true, "A,B,6,3,0,3,0,0,3,0,0,0.5000,0.000,,,,,,", "0.0 +/- n/a",
	           "n/a");
}

int main(void)
{
	gsl_set_error_handler_off();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_known_score),
	    cmocka_unit_test(test_draws),
	    cmocka_unit_test(test_cycle),
	    cmocka_unit_test(test_order_invariance),
	    cmocka_unit_test(test_anchor),
	    cmocka_unit_test(test_bad_input),
	    cmocka_unit_test(test_disconnected),
	    cmocka_unit_test(test_no_games),
	    cmocka_unit_test(test_perfect_scores),
	    cmocka_unit_test(test_recovery),
	    cmocka_unit_test(test_los_and_ranks),
	    cmocka_unit_test(test_pair_stats),
	    cmocka_unit_test(test_csv_numbers_as_printf),
	    cmocka_unit_test_setup_teardown(test_lopsided_scores_have_finite_intervals,
	                                    make_dir, remove_dir),
	    cmocka_unit_test_setup_teardown(test_no_interval_without_spread, make_dir,
	                                    remove_dir),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
