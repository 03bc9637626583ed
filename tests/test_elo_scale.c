/* test_elo_scale.c - the fit held to independent references on pools of the
 * shape of an engine community's history (ratings spread over 2,500 Elo,
 * pairings of very different sizes, few draws): the ratings against a plain
 * minorisation-maximisation loop (Hunter 2004) to 1e-6 Elo, the error
 * column against the inverse of a dense Hessian built here and inverted by
 * LU; the analytic two-player case; the fit from pairings' totals, in any
 * order; and the words for pools that have no finite maximum-likelihood
 * answer or cannot be rated together. */
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
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_permutation.h>

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

#define KL (log(10.0) / 400.0)
enum { MAXP = 64 };

typedef struct {
	int n;
	char name[MAXP][16];
	const char *names[MAXP];
	double truth[MAXP];
	EloGame *games;
	size_t ngames;
	double g[MAXP][MAXP], pts[MAXP][MAXP]; /* games, i's points against j */
} Pool;

static void add_game(Pool *p, int b, int w, double s)
{
	p->games[p->ngames++] = (EloGame){b, w, s};
	p->g[b][w] += 1, p->g[w][b] += 1;
	p->pts[b][w] += s, p->pts[w][b] += 1 - s;
}

/* n players over 2,500 Elo; neighbours in strength always meet (and both
 * score: the weaker wins a game if the dice gave it none), other pairs
 * meet the likelier the closer; sizes from 2 to hundreds of games; 1% draws. */
static void make_pool(Pool *p, int n, uint64_t seed)
{
	Rng rng;
	rng_seed(&rng, seed);
	memset(p, 0, sizeof *p);
	p->n = n;
	p->games = malloc(sizeof *p->games * 200000);
	assert_non_null(p->games);
	for (int i = 0; i < n; i++) {
		snprintf(p->name[i], sizeof p->name[i], "p%02d", i);
		p->names[i] = p->name[i];
		p->truth[i] = 2500.0 * ((i * 17) % n) / (n - 1); /* not in index order */
	}
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			double d = p->truth[i] - p->truth[j];
			bool neighbours = fabs(d) < 2500.0 / (n - 1) + 1e-9;
			if (!neighbours && rng_double(&rng) > exp(-fabs(d) / 300))
				continue;
			int games =
			    2 + (int)(exp(2.0 * rng_double(&rng) * rng_double(&rng) * 3));
			double win = 1 / (1 + pow(10, -d / 400)), got = 0;
			size_t first = p->ngames;
			for (int k = 0; k < games; k++) {
				double u = rng_double(&rng);
				double s = u < 0.01 ? 0.5 : u < 0.01 + 0.99 * win ? 1 : 0;
				got += s;
				if (k % 2)
					add_game(p, j, i, 1 - s);
				else
					add_game(p, i, j, s);
			}
			if (neighbours && (got == 0 || got == games)) {
				EloGame *f = &p->games[first]; /* i was black in it */
				p->pts[i][j] += 1 - 2 * f->score,
				    p->pts[j][i] -= 1 - 2 * f->score;
				f->score = 1 - f->score;
			}
		}
}

/* Maximum likelihood by Hunter's MM, one player at a time:
 * gamma_i <- W_i / sum_j n_ij / (gamma_i + gamma_j), a draw half a win;
 * until no rating moves by 1e-12 Elo. Ratings averaged to 0. */
static void mm_reference(const Pool *p, double *r)
{
	int n = p->n;
	double gam[MAXP], w[MAXP];
	for (int i = 0; i < n; i++) {
		gam[i] = 1, w[i] = 0;
		for (int j = 0; j < n; j++)
			w[i] += p->pts[i][j];
	}
	double moved = INFINITY;
	long sweeps = 0;
	while (moved > 1e-12 && sweeps++ < 5000000) {
		moved = 0;
		for (int i = 0; i < n; i++) {
			double den = 0;
			for (int j = 0; j < n; j++)
				if (p->g[i][j] > 0)
					den += p->g[i][j] / (gam[i] + gam[j]);
			double next = w[i] / den;
			moved = fmax(moved, fabs(400 * log10(next / gam[i])));
			gam[i] = next;
		}
		double lg = 0; /* keep the scale: geometric mean 1 */
		for (int i = 0; i < n; i++)
			lg += log(gam[i]) / n;
		for (int i = 0; i < n; i++)
			gam[i] /= exp(lg);
	}
	print_message("MM: %ld sweeps\n", sweeps);
	for (int i = 0; i < n; i++)
		r[i] = 400 * log10(gam[i]);
}

/* The pool-average covariance the plain way: the negated Hessian at r
 * without player 0's row and column, inverted by LU, then P C P^T with
 * P = I - 11^T / n. */
static void dense_cov(const Pool *p, const double *r, double *cov)
{
	int n = p->n, m = n - 1, sign;
	gsl_matrix *a = gsl_matrix_calloc((size_t)m, (size_t)m),
	           *inv = gsl_matrix_alloc((size_t)m, (size_t)m);
	gsl_permutation *perm = gsl_permutation_alloc((size_t)m);
	double c[MAXP][MAXP] = {{0}};
	for (int i = 1; i < n; i++)
		for (int j = 0; j < n; j++) {
			if (j == i || p->g[i][j] == 0)
				continue;
			double q = 1 / (1 + pow(10, (r[j] - r[i]) / 400));
			double h = KL * KL * p->g[i][j] * q * (1 - q);
			*gsl_matrix_ptr(a, (size_t)i - 1, (size_t)i - 1) += h;
			if (j > 0)
				*gsl_matrix_ptr(a, (size_t)i - 1, (size_t)j - 1) -= h;
		}
	assert_int_equal(gsl_linalg_LU_decomp(a, perm, &sign), 0);
	assert_int_equal(gsl_linalg_LU_invert(a, perm, inv), 0);
	for (int i = 1; i < n; i++)
		for (int j = 1; j < n; j++)
			c[i][j] = gsl_matrix_get(inv, (size_t)i - 1, (size_t)j - 1);
	double row[MAXP] = {0}, all = 0;
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < n; j++)
			row[i] += c[i][j] / n;
		all += row[i] / n;
	}
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			cov[i * n + j] = c[i][j] - row[i] - row[j] + all;
	gsl_matrix_free(a), gsl_matrix_free(inv);
	gsl_permutation_free(perm);
}

static EloRatings *fit(const Pool *p, const EloOptions *opt)
{
	EloRatings *r = NULL;
	char err[512];
	if (elo_fit(p->n, p->names, p->games, p->ngames, opt, &r, err, sizeof err))
		fail_msg("elo_fit: %s", err);
	return r;
}

static void test_matches_references(void **state)
{
	(void)state;
	static Pool p;
	for (uint64_t seed = 1; seed <= 3; seed++) {
		make_pool(&p, 48, seed);
		EloRatings *r = fit(&p, NULL);
		assert_false(r->prior_used);
		double ref[MAXP], spread = 0;
		mm_reference(&p, ref);
		double mean = 0;
		for (int i = 0; i < p.n; i++)
			mean += ref[i] / p.n;
		for (int i = 0; i < p.n; i++) {
			assert_near(r->players[i].rating, ref[i] - mean, 1e-6);
			spread = fmax(spread, fabs(ref[i] - mean));
		}
		assert_true(spread > 1000); /* the shape asked for */
		static double cov[MAXP * MAXP];
		dense_cov(&p, ref, cov);
		for (int i = 0; i < p.n; i++) {
			double e = ELO_Z95 * sqrt(cov[i * p.n + i]);
			assert_near(r->players[i].error95, e, 1e-6 * e);
			for (int j = 0; j < p.n; j += 7) {
				double d = cov[i * p.n + i] + cov[j * p.n + j] -
				           2 * cov[i * p.n + j];
				assert_near(elo_diff_error(r, i, j),
				            ELO_Z95 * sqrt(fmax(0, d)),
				            1e-6 * (1 + elo_diff_error(r, i, j)));
			}
		}
		print_message("seed %d: %zu games, %d Newton steps, spread +-%.0f Elo\n",
		              (int)seed, p.ngames, r->iterations, spread);
		elo_destroy(r);
		free(p.games);
	}
}

/* 100 games at 50% between two players: each is 0 +- 1.96 * 17.37 Elo
 * (Var(RA - RB) = 1 / (N K^2 p (1 - p)), half of it each). */
static void test_two_players_analytic(void **state)
{
	(void)state;
	static Pool p;
	memset(&p, 0, sizeof p);
	p.n = 2;
	p.names[0] = "A", p.names[1] = "B";
	p.games = malloc(sizeof *p.games * 100);
	for (int i = 0; i < 100; i++)
		add_game(&p, i % 2, 1 - i % 2, i < 50 ? 1 : 0);
	EloRatings *r = fit(&p, NULL);
	double sd = 1 / sqrt(100 * KL * KL * 0.25) / 2;
	assert_near(sd, 17.3718, 1e-4);
	assert_near(r->players[0].error95, ELO_Z95 * sd, 1e-9);
	assert_near(r->players[1].error95, ELO_Z95 * sd, 1e-9);
	assert_near(r->players[0].rating, 0, 1e-9);
	elo_destroy(r);
	free(p.games);
}

/* Pairings in another order, split in pieces, seen from either side: the
 * same totals, so the same ratings and covariance to the last bit. */
static void test_pairings_any_order(void **state)
{
	(void)state;
	static Pool p;
	make_pool(&p, 40, 9);
	EloRatings *g = fit(&p, NULL);
	static EloPairing a[MAXP * MAXP], b[2 * MAXP * MAXP];
	size_t na = 0, nb = 0;
	for (int i = 0; i < p.n; i++)
		for (int j = i + 1; j < p.n; j++) {
			if (p.g[i][j] == 0)
				continue;
			EloPairing q = {i, j, 0, 0, 0};
			for (size_t k = 0; k < p.ngames; k++) {
				const EloGame *x = &p.games[k];
				double s = x->black == i && x->white == j   ? x->score
				           : x->black == j && x->white == i ? 1 - x->score
				                                            : -1;
				q.wins += s == 1, q.draws += s == 0.5, q.losses += s == 0;
			}
			a[na++] = q;
		}
	/* reversed, every other one from b's side, the larger ones in two */
	for (size_t k = na; k-- > 0;) {
		EloPairing q = a[k];
		if (k % 2)
			q = (EloPairing){q.b, q.a, q.losses, q.draws, q.wins};
		if (q.wins + q.draws + q.losses > 6) {
			EloPairing half = {q.a, q.b, q.wins / 2, q.draws / 2, q.losses / 2};
			q.wins -= half.wins, q.draws -= half.draws, q.losses -= half.losses;
			b[nb++] = half;
		}
		b[nb++] = q;
	}
	EloRatings *ra = NULL, *rb = NULL;
	char err[256];
	assert_int_equal(elo_fit_pairings(p.n, p.names, a, na, NULL, &ra, err, sizeof err),
	                 0);
	assert_int_equal(elo_fit_pairings(p.n, p.names, b, nb, NULL, &rb, err, sizeof err),
	                 0);
	for (int i = 0; i < p.n; i++) {
		const EloPlayer *x = &ra->players[i], *y = &rb->players[i],
		                *z = &g->players[i];
		assert_true(x->rating == y->rating && x->rating == z->rating);
		assert_true(x->error95 == y->error95 && x->error95 == z->error95);
		assert_int_equal(x->played, y->played);
		assert_int_equal(x->wins, z->wins);
		assert_int_equal(x->draws, y->draws);
		assert_int_equal(x->losses, z->losses);
		assert_int_equal(ra->order[i], rb->order[i]);
	}
	size_t nn = (size_t)p.n * (size_t)p.n;
	assert_memory_equal(ra->cov, rb->cov, sizeof *ra->cov * nn);
	assert_memory_equal(ra->cov, g->cov, sizeof *ra->cov * nn);
	elo_destroy(rb);
	const EloPairing bad[] = {{0, 0, 1, 0, 0}};
	assert_int_equal(elo_fit_pairings(2, p.names, bad, 1, NULL, &rb, err, sizeof err),
	                 ELO_EINPUT);
	assert_null(rb);
	elo_destroy(ra), elo_destroy(g);
	free(p.games);
}

static const char *const letters[] = {"A", "B", "C", "D", "E", "F", "G"};

/* {A, B, C, D} beat each other round a cycle; {E, F} beat each other but
 * lost every game to the first four; G (when there are 7) won every game. */
static size_t only_lost(EloGame *g, bool with_g)
{
	const EloGame base[] = {{0, 1, 1}, {1, 2, 1}, {2, 3, 1}, {3, 0, 1}, {0, 2, 0.5},
	                        {4, 5, 1}, {5, 4, 1}, {0, 4, 1}, {5, 1, 0}, {2, 4, 1},
	                        {5, 3, 0}, {6, 0, 1}, {4, 6, 0}};
	size_t n = with_g ? 13 : 11;
	memcpy(g, base, sizeof *g * n);
	return n;
}

static void test_group_that_only_lost(void **state)
{
	(void)state;
	EloGame g[16];
	size_t ng = only_lost(g, false);
	EloRatings *r = NULL;
	char err[512];
	const EloOptions draws = {.prior = ELO_PRIOR_DRAWS};
	assert_int_equal(elo_fit(6, letters, g, ng, &draws, &r, err, sizeof err), 0);
	assert_true(r->prior_used);
	assert_string_equal(r->prior_reason, "no finite maximum-likelihood ratings: {E, F} "
	                                     "scored no points against {A, B, C, D}");
	for (int i = 0; i < 4; i++)
		for (int j = 4; j < 6; j++)
			assert_true(isfinite(r->players[j].rating) &&
			            r->players[i].rating > r->players[j].rating);
	elo_destroy(r);

	/* By default {E, F} are rated apart, together, below the others. */
	assert_int_equal(elo_fit(6, letters, g, ng, NULL, &r, err, sizeof err), 0);
	assert_false(r->prior_used);
	assert_int_equal(r->bounds, 2);
	for (int i = 0; i < 6; i++)
		assert_int_equal(r->players[i].bound, i < 4 ? ELO_EXACT : ELO_UPPER);
	elo_destroy(r);

	ng = only_lost(g, true); /* and G on top */
	assert_int_equal(elo_fit(7, letters, g, ng, NULL, &r, err, sizeof err), 0);
	const char *why = "no finite maximum-likelihood ratings: {E, F} scored no points "
	                  "against the other players; the other players scored no points "
	                  "against {G}";
	assert_string_equal(r->prior_reason, why);
	/* G's one game, a win over A, placed as half a point: A's rating. */
	assert_int_equal(r->players[6].bound, ELO_LOWER);
	assert_true(fabs(r->players[6].rating - r->players[0].rating) < 1e-6);
	elo_destroy(r);
	assert_int_equal(elo_fit(7, letters, g, ng, &draws, &r, err, sizeof err), 0);
	assert_int_equal(r->order[0], 6);
	elo_destroy(r);
	EloOptions never = {.prior = ELO_PRIOR_NEVER};
	assert_int_equal(elo_fit(7, letters, g, ng, &never, &r, err, sizeof err),
	                 ELO_EDIVERGES);
	assert_string_equal(err, why);
	assert_null(r);

	/* A finite fit has no reason, with the prior forced or not. */
	const EloGame even[] = {{0, 1, 1}, {1, 0, 1}};
	EloOptions always = {.prior = ELO_PRIOR_ALWAYS};
	assert_int_equal(elo_fit(2, letters, even, 2, &always, &r, err, sizeof err), 0);
	assert_true(r->prior_used);
	assert_string_equal(r->prior_reason, "");
	elo_destroy(r);
}

/* Large groups are named by their first players and a count. */
static void test_many_players_named_briefly(void **state)
{
	(void)state;
	static char name[40][8];
	const char *names[40];
	for (int i = 0; i < 40; i++) {
		snprintf(name[i], sizeof name[i], "p%02d", i);
		names[i] = name[i];
	}
	/* p00..p19 and p20..p29 are cycles; the first group lost every game to
	 * the second. */
	EloGame g[64];
	size_t ng = 0;
	for (int i = 0; i < 20; i++)
		g[ng++] = (EloGame){i, (i + 1) % 20, 1};
	for (int i = 0; i < 10; i++)
		g[ng++] = (EloGame){20 + i, 20 + (i + 1) % 10, 1};
	g[ng++] = (EloGame){3, 25, 0};
	EloRatings *r = NULL;
	char err[1024];
	assert_int_equal(elo_fit(30, names, g, ng, NULL, &r, err, sizeof err), 0);
	assert_string_equal(
	    r->prior_reason,
	    "no finite maximum-likelihood ratings: {p00, p01, p02, p03, p04, "
	    "p05, p06, p07 and 12 more} scored no points against {p20, p21, "
	    "p22, p23, p24, p25, p26, p27 and 2 more}");
	elo_destroy(r);
	/* 8 pairs that never met each other: six groups and a count. */
	for (int i = 0; i < 8; i++)
		g[i] = (EloGame){2 * i, 2 * i + 1, 0.5};
	assert_int_equal(elo_fit(16, names, g, 8, NULL, &r, err, sizeof err),
	                 ELO_EDISCONNECTED);
	assert_string_equal(err,
	                    "players are not connected: {p00, p01}, {p02, p03}, {p04, "
	                    "p05}, {p06, p07}, {p08, p09}, {p10, p11} and 2 more groups");
}

int main(void)
{
	gsl_set_error_handler_off();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_matches_references),
	    cmocka_unit_test(test_two_players_analytic),
	    cmocka_unit_test(test_pairings_any_order),
	    cmocka_unit_test(test_group_that_only_lost),
	    cmocka_unit_test(test_many_players_named_briefly),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
