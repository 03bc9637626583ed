/* test_elo_bounds.c - Ordo's rule for perfect scores (elo.h,
 * ELO_PRIOR_NONE): the players who won or lost every game are set aside,
 * the others rated by pure maximum likelihood, and the perfect ones placed
 * as bounds where one game turned into a draw would place them. Checked on
 * a hand-made set with closed-form answers, and on a generated set shaped
 * like the Gomocup standard-rule record (86 players, 27,000 games, two
 * players who lost every game) against a maximum-likelihood fit of its own
 * (minorization-maximization, Hunter 2004). */
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
#include "rng.h"

#define assert_near(a, b, tol) near_((a), (b), (tol), #a, __FILE__, __LINE__)
static void near_(double a, double b, double tol, const char *what, const char *file,
                  int line)
{
	if (!(fabs(a - b) <= tol)) {
		print_error("%s = %.17g, expected %.17g +- %g\n", what, a, b, tol);
		_fail(file, line);
	}
}

static const char *const names[] = {"A", "B", "C", "W", "L", "X", "Y"};

/* n games of a against b, each won by a. */
static size_t wins(EloGame *g, size_t k, int a, int b, int n)
{
	for (int i = 0; i < n; i++)
		g[k++] = i % 2 ? (EloGame){b, a, 0} : (EloGame){a, b, 1};
	return k;
}

/* A, B, C: A scores 3/4 against B, B 3/4 against C, A 9/10 against C, so
 * the model fits every pairing exactly and maximum likelihood is A = +d,
 * B = 0, C = -d, d = 400 log10 3. W beat A twice; L lost to C three
 * times. */
static size_t hand_made(EloGame *g)
{
	size_t k = 0;
	k = wins(g, k, 0, 1, 3), k = wins(g, k, 1, 0, 1);
	k = wins(g, k, 1, 2, 3), k = wins(g, k, 2, 1, 1);
	k = wins(g, k, 0, 2, 9), k = wins(g, k, 2, 0, 1);
	k = wins(g, k, 3, 0, 2);
	k = wins(g, k, 2, 4, 3);
	return k;
}

static void perfect_players_are_bounds(void **state)
{
	(void)state;
	EloGame g[64];
	size_t ng = hand_made(g);
	EloRatings *r = NULL;
	char err[512];
	assert_int_equal(elo_fit(5, names, g, ng, NULL, &r, err, sizeof err), 0);
	double d = 400 * log10(3.0);
	assert_false(r->prior_used);
	assert_int_equal(r->bounds, 2);
	assert_int_equal(r->unrated, 0);
	assert_near(r->players[0].rating, d, 1e-6);
	assert_near(r->players[1].rating, 0, 1e-6);
	assert_near(r->players[2].rating, -d, 1e-6);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(r->players[i].bound, ELO_EXACT);
		assert_true(isfinite(r->players[i].error95) && r->players[i].error95 > 0);
	}
	/* 2/2 placed as 1.5/2 against A: A + 400 log10 3; 0/3 as 0.5/3 against
	 * C: C - 400 log10 5. */
	assert_int_equal(r->players[3].bound, ELO_LOWER);
	assert_near(r->players[3].rating, d + 400 * log10(3.0), 1e-6);
	assert_int_equal(r->players[4].bound, ELO_UPPER);
	assert_near(r->players[4].rating, -d - 400 * log10(5.0), 1e-6);
	for (int i = 3; i < 5; i++) {
		assert_true(isnan(r->players[i].error95));
		assert_true(isnan(elo_los(r, i, 0)) && isnan(elo_diff_error(r, i, 1)));
	}
	assert_int_equal(r->order[0], 3);
	assert_int_equal(r->order[4], 4);
	assert_string_equal(r->prior_reason,
	                    "no finite maximum-likelihood ratings: {L} scored no points "
	                    "against the other players; the other players scored no "
	                    "points against {W}");
	elo_destroy(r);

	/* Anchored on B: the same differences, B's error 0. */
	EloOptions o = {.anchor = "B", .anchor_rating = 100};
	assert_int_equal(elo_fit(5, names, g, ng, &o, &r, err, sizeof err), 0);
	assert_near(r->players[0].rating, 100 + d, 1e-6);
	assert_near(r->players[3].rating, 100 + 2 * d, 1e-6);
	assert_near(r->players[1].error95, 0, 1e-9);
	elo_destroy(r);
	/* Anchored on a bound: the bound sits at the anchor's rating. */
	o.anchor = "W";
	assert_int_equal(elo_fit(5, names, g, ng, &o, &r, err, sizeof err), 0);
	assert_near(r->players[3].rating, 100, 1e-6);
	assert_near(r->players[0].rating, 100 - 400 * log10(3.0), 1e-6);
	elo_destroy(r);

	/* The virtual draws, as before, when asked for. */
	o = (EloOptions){.prior = ELO_PRIOR_DRAWS};
	assert_int_equal(elo_fit(5, names, g, ng, &o, &r, err, sizeof err), 0);
	assert_true(r->prior_used);
	assert_int_equal(r->bounds, 0);
	for (int i = 0; i < 5; i++) {
		assert_int_equal(r->players[i].bound, ELO_EXACT);
		assert_true(isfinite(r->players[i].error95));
	}
	assert_true(r->players[0].rating < d); /* shrunk */
	elo_destroy(r);
}

/* The t where sum w[k] / (1 + 10^((d[k] - t) / 400)) = target: bisection,
 * written apart from the library's. */
static double offset(const double *d, const double *w, int k, double target)
{
	double lo = -1e4, hi = 1e4;
	for (int it = 0; it < 200; it++) {
		double mid = 0.5 * (lo + hi), s = 0;
		for (int i = 0; i < k; i++)
			s += w[i] / (1 + pow(10, (d[i] - mid) / 400));
		*(s < target ? &lo : &hi) = mid;
	}
	return 0.5 * (lo + hi);
}

/* A group above: X and Y won one game each from the other and each beat
 * one of A and B: placed together where 1.5 of their 2 points would place
 * them, X and Y equal. A group neither above nor below has no rating. */
static void groups_are_placed_together(void **state)
{
	(void)state;
	EloGame g[64];
	size_t ng = hand_made(g);
	ng = wins(g, ng, 5, 6, 1), ng = wins(g, ng, 6, 5, 1);
	ng = wins(g, ng, 5, 0, 1), ng = wins(g, ng, 6, 1, 1);
	EloRatings *r = NULL;
	char err[512];
	assert_int_equal(elo_fit(7, names, g, ng, NULL, &r, err, sizeof err), 0);
	double d = 400 * log10(3.0);
	const double opp[] = {d, 0}, w[] = {1, 1};
	double t = offset(opp, w, 2, 1.5);
	assert_int_equal(r->bounds, 4);
	for (int i = 5; i < 7; i++) {
		assert_int_equal(r->players[i].bound, ELO_LOWER);
		assert_near(r->players[i].rating, t, 1e-6);
	}
	assert_near(r->players[0].rating, d, 1e-6);
	elo_destroy(r);

	/* B and C both lost every game to A, and never met: A is the main
	 * group (the most games), B and C are below it. */
	const EloGame h[] = {{0, 1, 1}, {0, 2, 1}, {2, 0, 0}};
	assert_int_equal(elo_fit(3, names, h, 3, NULL, &r, err, sizeof err), 0);
	assert_near(r->players[0].rating, 0, 1e-9);
	assert_near(r->players[1].rating, -400 * log10(1.0), 1e-6); /* 0.5 of 1 */
	assert_near(r->players[2].rating, -400 * log10(3.0), 1e-6); /* 0.5 of 2 */
	assert_int_equal(r->players[2].bound, ELO_UPPER);
	elo_destroy(r);
	/* D lost only to W, a perfect winner over A: above A nothing relates
	 * D to the main group, so D has no rating. */
	ng = hand_made(g);
	ng = wins(g, ng, 3, 5, 2);
	assert_int_equal(elo_fit(6, names, g, ng, NULL, &r, err, sizeof err), 0);
	assert_int_equal(r->unrated, 1);
	assert_true(isnan(r->players[5].rating) && isnan(r->players[5].error95));
	assert_int_equal(r->order[5], 5);
	assert_int_equal(r->players[5].rank, 6);
	elo_destroy(r);
	/* Anchored on it: as no anchor, the main group averaging 0. */
	EloOptions o = {.anchor = "X"};
	assert_int_equal(elo_fit(6, names, g, ng, &o, &r, err, sizeof err), 0);
	assert_near(r->players[1].rating, 0, 1e-6);
	elo_destroy(r);
}

enum { N = 86, PERFECT = 2, GAMES = 27000 };

/* Bradley-Terry by minorization-maximization on the players 0..n-1 that
 * pts (points of i against j) and games (between i and j) describe, to a
 * relative change of 1e-13: 400 log10 of the strengths, averaging 0. */
static void mm_fit(int n, const double *pts, const double *games, double *out)
{
	double *g = malloc(sizeof *g * (size_t)n), *next = malloc(sizeof *next * (size_t)n);
	for (int i = 0; i < n; i++)
		g[i] = 1;
	for (int it = 0; it < 200000; it++) {
		double change = 0;
		for (int i = 0; i < n; i++) {
			double won = 0, den = 0;
			for (int j = 0; j < n; j++)
				if (j != i && games[i * N + j] > 0) {
					won += pts[i * N + j];
					den += games[i * N + j] / (g[i] + g[j]);
				}
			next[i] = won / den;
		}
		double lmean = 0;
		for (int i = 0; i < n; i++)
			lmean += log(next[i]) / n;
		for (int i = 0; i < n; i++) {
			next[i] /= exp(lmean);
			change = fmax(change, fabs(next[i] / g[i] - 1));
			g[i] = next[i];
		}
		if (change < 1e-13)
			break;
	}
	for (int i = 0; i < n; i++)
		out[i] = 400 * log10(g[i]);
	free(g), free(next);
}

static void gomocup_shape_matches_an_independent_fit(void **state)
{
	(void)state;
	static char name[N][8];
	const char *nm[N];
	for (int i = 0; i < N; i++)
		snprintf(name[i], sizeof name[i], "p%02d", i), nm[i] = name[i];
	/* 84 players spread over 2,000 Elo, 1% draws; the last two lose every
	 * game, 150 each against random players. */
	Rng rng;
	rng_seed(&rng, 29);
	double truth[N];
	for (int i = 0; i < N; i++)
		truth[i] = 2000.0 * rng_double(&rng);
	EloGame *g = malloc(sizeof *g * GAMES);
	static double pts[N * N], games[N * N];
	size_t ng = 0;
	const int core = N - PERFECT;
	while (ng < GAMES - PERFECT * 150) {
		int a = (int)rng_below(&rng, core), b = (int)rng_below(&rng, core);
		if (a == b || fabs(truth[a] - truth[b]) > 800)
			continue;
		double p = 1 / (1 + pow(10, (truth[b] - truth[a]) / 400)),
		       u = rng_double(&rng);
		double s = u < 0.01 ? 0.5 : rng_double(&rng) < p ? 1 : 0;
		g[ng++] = (EloGame){a, b, s};
		pts[a * N + b] += s, pts[b * N + a] += 1 - s;
		games[a * N + b] += 1, games[b * N + a] += 1;
	}
	for (int l = core; l < N; l++)
		for (int k = 0; k < 150; k++) {
			int o = (int)rng_below(&rng, core);
			g[ng++] = k % 2 ? (EloGame){l, o, 0} : (EloGame){o, l, 1};
			games[l * N + o] += 1, games[o * N + l] += 1;
			pts[o * N + l] += 1;
		}
	EloRatings *r = NULL;
	char err[1024];
	assert_int_equal(elo_fit(N, nm, g, ng, NULL, &r, err, sizeof err), 0);
	assert_int_equal(r->bounds, PERFECT);
	double want[N];
	mm_fit(core, pts, games, want);
	for (int i = 0; i < core; i++) {
		assert_int_equal(r->players[i].bound, ELO_EXACT);
		assert_near(r->players[i].rating, want[i], 1e-3);
	}
	for (int l = core; l < N; l++) {
		double d[N], w[N];
		int k = 0;
		for (int o = 0; o < core; o++)
			if (games[l * N + o] > 0)
				d[k] = want[o], w[k++] = games[l * N + o];
		assert_int_equal(r->players[l].bound, ELO_UPPER);
		assert_near(r->players[l].rating, offset(d, w, k, 0.5), 1e-3);
	}
	elo_destroy(r);
	free(g);
}

int main(void)
{
	gsl_set_error_handler_off();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(perfect_players_are_bounds),
	    cmocka_unit_test(groups_are_placed_together),
	    cmocka_unit_test(gomocup_shape_matches_an_independent_fit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
