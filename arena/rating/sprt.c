/* sprt.c - generalized SPRT on game pairs (see sprt.h).
 *
 * Formula (Michel Van den Bergh, "A note on the maximum likelihood estimate
 * of a multinomial distribution with given expectation value",
 * https://www.cantate.be/Fishtest/support_MLE_multinomial.pdf, Prop. 1.1;
 * implemented as fishtest's LLRcalc.LLR_logistic and fastchess's
 * SPRT::getLLR_logistic). Outcomes take per-game scores a_i (0, 1/4, 1/2,
 * 3/4, 1 for pairs; 0, 1/2, 1 for games) with observed frequencies p_i over
 * N units. The multinomial of largest likelihood with expected score s is
 *     q_i(s) = p_i / (1 + x (a_i - s)),
 * x the unique root in (-1/(1-s), 1/s) of sum_i p_i (a_i - s) / (1 + x (a_i - s)).
 * Then LLR = N sum_i p_i (log q_i(s1) - log q_i(s0)). Empty cells get 1e-3
 * of a count, as in both programs, so the distribution has full support.
 *
 * Approximation (Van den Bergh, "GSPRT approximation",
 * https://www.cantate.be/Fishtest/GSPRT_approximation.pdf; fishtest's
 * LLR_alt2): LLR ~ N (s1 - s0) (2 mu - s0 - s1) / (2 var)
 *              = (N / 2) ((mu - s0)^2 - (mu - s1)^2) / var,
 * mu, var the observed mean and per-unit variance of the score. */
#include "sprt.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_roots.h>

#define REGULARIZE 1e-3

static double score_of(double elo)
{
	return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

int sprt_init(Sprt *s, const SprtConfig *c, char *err, size_t errlen)
{
	const char *why = NULL;
	if (!isfinite(c->elo0) || !isfinite(c->elo1) || !(c->elo0 < c->elo1))
		why = "elo0 must be below elo1";
	else if (!(c->alpha > 0 && c->alpha < 1) || !(c->beta > 0 && c->beta < 1))
		why = "alpha and beta must be between 0 and 1";
	else if (!(c->alpha + c->beta < 1))
		why = "alpha + beta must be below 1";
	if (why) {
		if (err && errlen)
			snprintf(err, errlen,
			         "sprt: %s (elo0 %g, elo1 %g, alpha %g, beta %g)", why,
			         c->elo0, c->elo1, c->alpha, c->beta);
		return -1;
	}
	*s = (Sprt){.cfg = *c,
	            .lower = log(c->beta / (1 - c->alpha)),
	            .upper = log((1 - c->beta) / c->alpha),
	            .s0 = score_of(c->elo0),
	            .s1 = score_of(c->elo1)};
	return 0;
}

typedef struct {
	const double *a, *p;
	int k;
	double s;
} Secular;

static double secular(double x, void *params)
{
	const Secular *q = params;
	double f = 0;
	for (int i = 0; i < q->k; i++) {
		double d = q->a[i] - q->s;
		f += q->p[i] * d / (1 + x * d);
	}
	return f;
}

/* log q_i(s) into lq; false if the root was not found. */
static bool mle_log(const double *a, const double *p, int k, double s, double *lq)
{
	Secular q = {a, p, k, s};
	gsl_function fn = {secular, &q};
	double lo = -1 / (1 - s), hi = 1 / s, w = hi - lo, xl = lo, xh = hi;
	/* f falls from +inf at lo to -inf at hi: step in from the poles until
	 * the signs bracket the root. */
	bool ok = false;
	for (double e = 1e-3; e >= 1e-15 && !ok; e *= 0.1) {
		xl = lo + e * w, xh = hi - e * w;
		ok = secular(xl, &q) > 0 && secular(xh, &q) < 0;
	}
	if (!ok)
		return false;
	gsl_root_fsolver *sv = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
	if (!sv)
		return false;
	bool done = false;
	int st = gsl_root_fsolver_set(sv, &fn, xl, xh);
	/* The absolute tolerance matters when the root is x = 0 (the observed
	 * mean equals s, as with all draws and elo0 = 0): a relative test alone
	 * never passes on an interval around 0. x lives on a scale of 1 to 1/s. */
	for (int it = 0; st == GSL_SUCCESS && !done && it < 200; it++) {
		st = gsl_root_fsolver_iterate(sv);
		if (st == GSL_SUCCESS) {
			st = gsl_root_test_interval(gsl_root_fsolver_x_lower(sv),
			                            gsl_root_fsolver_x_upper(sv), 1e-13,
			                            1e-14);
			done = st == GSL_SUCCESS;
			st = st == GSL_CONTINUE ? GSL_SUCCESS : st;
		}
	}
	double x = gsl_root_fsolver_root(sv);
	gsl_root_fsolver_free(sv);
	if (!done)
		return false;
	for (int i = 0; i < k; i++)
		lq[i] = log(p[i]) - log1p(x * (a[i] - s));
	return true;
}

/* Per-game scores and regularized frequencies of k kinds of outcome;
 * returns N (with the regularization), 0 if there are no results. */
static double to_pdf(const long *counts, int k, double *a, double *p)
{
	double n = 0, raw = 0;
	for (int i = 0; i < k; i++) {
		a[i] = (double)i / (k - 1);
		p[i] = counts[i] > 0 ? (double)counts[i] : REGULARIZE;
		n += p[i];
		raw += counts[i] > 0 ? (double)counts[i] : 0;
	}
	if (raw <= 0)
		return 0;
	for (int i = 0; i < k; i++)
		p[i] /= n;
	return n;
}

static double llr_exact(const Sprt *s, const long *counts, int k)
{
	double a[5], p[5], l0[5], l1[5];
	double n = to_pdf(counts, k, a, p);
	if (n <= 0)
		return 0;
	if (!mle_log(a, p, k, s->s0, l0) || !mle_log(a, p, k, s->s1, l1))
		return NAN;
	double l = 0;
	for (int i = 0; i < k; i++)
		l += p[i] * (l1[i] - l0[i]);
	return n * l;
}

double sprt_llr(const Sprt *s, const long penta[5])
{
	return llr_exact(s, penta, 5);
}

double sprt_llr_trinomial(const Sprt *s, long wins, long draws, long losses)
{
	const long c[3] = {losses, draws, wins};
	return llr_exact(s, c, 3);
}

double sprt_llr_approx(const Sprt *s, const long *counts, int k)
{
	double a[5], p[5];
	if (k != 3 && k != 5)
		return NAN;
	double n = to_pdf(counts, k, a, p), mu = 0, var = 0;
	if (n <= 0)
		return 0;
	for (int i = 0; i < k; i++)
		mu += p[i] * a[i];
	for (int i = 0; i < k; i++)
		var += p[i] * (a[i] - mu) * (a[i] - mu);
	return n * (s->s1 - s->s0) * (2 * mu - s->s0 - s->s1) / (2 * var);
}

SprtStatus sprt_status(const Sprt *s, double llr)
{
	if (llr >= s->upper)
		return SPRT_ACCEPT_H1;
	if (llr <= s->lower)
		return SPRT_ACCEPT_H0;
	return SPRT_CONTINUE;
}

const char *sprt_status_name(SprtStatus st)
{
	switch (st) {
	case SPRT_ACCEPT_H0: return "H0 accepted";
	case SPRT_ACCEPT_H1: return "H1 accepted";
	default: return "continue";
	}
}

void sprt_verdict(const Sprt *s, double llr, char *buf, size_t len)
{
	if (!buf || !len)
		return;
	SprtStatus st = sprt_status(s, llr);
	const SprtConfig *c = &s->cfg;
	char rel[64];
	if (st == SPRT_ACCEPT_H1)
		snprintf(rel, sizeof rel, ">= %.2f", s->upper);
	else if (st == SPRT_ACCEPT_H0)
		snprintf(rel, sizeof rel, "<= %.2f", s->lower);
	else
		snprintf(rel, sizeof rel, "in (%.2f, %.2f)", s->lower, s->upper);
	snprintf(buf, len, "%s: LLR %.2f %s (elo0 %g, elo1 %g logistic, alpha %g, beta %g)",
	         sprt_status_name(st), llr, rel, c->elo0, c->elo1, c->alpha, c->beta);
}
