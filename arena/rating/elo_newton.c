/* elo_newton.c - the maximum-likelihood ratings and their covariance (see
 * elo.h for the model, elo_impl.h for the contract).
 *
 * The negated Hessian of the log-likelihood is a weighted graph Laplacian
 * (one weight per pairing) plus, with the prior, a rank-structured term of
 * O(n) cost to apply; so a Newton step solved by preconditioned conjugate
 * gradients costs O(players + pairings) per CG iteration, where a dense
 * Cholesky factorisation would cost players^3 per Newton step. Only the
 * covariance, once, needs the dense matrix. */
#include "elo.h"
#include "err.h"
#include "elo_impl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_matrix.h>

/* d/dR of the logistic argument: p = 1 / (1 + exp(-K * (Ri - Rj))). */
#define K (M_LN10 / 400.0)
#define MAX_ITER 200
/* A Newton step is solved until the residual is this fraction of the
 * gradient: each step then gains about six digits, and the last ones are
 * as good as exact ones. */
#define CG_TOL 1e-7

/* The Hessian at some ratings: h per edge, v per player (the prior's),
 * their sum vs, and the diagonal d (the preconditioner). */
typedef struct {
	double *h, *v, vs, *d;
} Curv;

/* log(1 + e^x) without overflow. */
static double softplus(double x)
{
	return x > 0 ? x + log1p(exp(-x)) : log1p(exp(x));
}

static double logistic(double x)
{
	return x >= 0 ? 1.0 / (1.0 + exp(-x)) : exp(x) / (1.0 + exp(x));
}

static double mean(const double *x, int n)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		s += x[i];
	return s / n;
}

static double loglik(const EloModel *m, const double *r)
{
	double l = 0;
	for (size_t k = 0; k < m->ne; k++) {
		const EloEdge *e = &m->e[k];
		double x = K * (r[e->a] - r[e->b]);
		l -= e->pts * softplus(-x) + (e->games - e->pts) * softplus(x);
	}
	if (m->w > 0) {
		double mu = mean(r, m->n);
		for (int i = 0; i < m->n; i++) {
			double x = K * (r[i] - mu);
			l -= m->w * 0.5 * (softplus(-x) + softplus(x));
		}
	}
	return l;
}

/* Gradient g and the Hessian's parts at r. The prior term of player i
 * depends on d_i = Ri - mean(R), so its derivative by Rj carries the factor
 * (delta_ij - 1/n), and its Hessian is v_i u_i u_i^T, u_i = e_i - 1/n. */
static void derivs(const EloModel *m, const double *r, double *g, Curv *c)
{
	int n = m->n;
	memset(g, 0, sizeof *g * (size_t)n);
	memset(c->d, 0, sizeof *c->d * (size_t)n);
	for (size_t k = 0; k < m->ne; k++) {
		const EloEdge *e = &m->e[k];
		double p = logistic(K * (r[e->a] - r[e->b]));
		double d = K * (e->pts - e->games * p);
		c->h[k] = K * K * e->games * p * (1 - p);
		g[e->a] += d, g[e->b] -= d;
		c->d[e->a] += c->h[k], c->d[e->b] += c->h[k];
	}
	c->vs = 0;
	if (m->w <= 0)
		return;
	double mu = mean(r, n), sum = 0;
	for (int i = 0; i < n; i++) {
		double p = logistic(K * (r[i] - mu));
		double ci = m->w * K * (0.5 - p);
		g[i] += ci, sum += ci;
		c->v[i] = m->w * K * K * p * (1 - p);
		c->vs += c->v[i];
	}
	for (int i = 0; i < n; i++) {
		g[i] -= sum / n;
		c->d[i] += c->v[i] * (1 - 2.0 / n) + c->vs / ((double)n * n);
	}
}

/* y = A x for the negated Hessian A, x[ref] = 0; y[ref] is set to 0, so
 * this is the Hessian with player ref's row and column taken out. */
static void hess_mul(const EloModel *m, const Curv *c, int ref, const double *x, double *y)
{
	int n = m->n;
	memset(y, 0, sizeof *y * (size_t)n);
	for (size_t k = 0; k < m->ne; k++) {
		const EloEdge *e = &m->e[k];
		double t = c->h[k] * (x[e->a] - x[e->b]);
		y[e->a] += t, y[e->b] -= t;
	}
	if (m->w > 0) {
		double sx = 0, vx = 0;
		for (int i = 0; i < n; i++)
			sx += x[i], vx += c->v[i] * x[i];
		for (int i = 0; i < n; i++)
			y[i] += c->v[i] * (x[i] - sx / n) - vx / n +
			        c->vs * sx / ((double)n * n);
	}
	y[ref] = 0;
}

static double dot(const double *a, const double *b, int n)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		s += a[i] * b[i];
	return s;
}

/* Solves A x = g without row and column ref by conjugate gradients with
 * the diagonal as preconditioner; w holds 4n scratch values. Any iterate is
 * an ascent direction (A is positive definite there), so hitting the cap
 * still gives a usable step. */
static void solve(const EloModel *m, const Curv *c, int ref, const double *g, double *x,
                  double *w)
{
	int n = m->n;
	double *res = w, *z = w + n, *p = w + 2 * n, *ap = w + 3 * n;
	memcpy(res, g, sizeof *res * (size_t)n);
	res[ref] = 0;
	memset(x, 0, sizeof *x * (size_t)n);
	for (int i = 0; i < n; i++)
		p[i] = z[i] = c->d[i] > 0 ? res[i] / c->d[i] : res[i];
	double rz = dot(res, z, n), stop = CG_TOL * CG_TOL * dot(res, res, n);
	for (int it = 0; it < 10 * n + 100 && dot(res, res, n) > stop; it++) {
		hess_mul(m, c, ref, p, ap);
		double pap = dot(p, ap, n);
		if (!(pap > 0))
			break;
		double alpha = rz / pap;
		for (int i = 0; i < n; i++)
			x[i] += alpha * p[i], res[i] -= alpha * ap[i];
		for (int i = 0; i < n; i++)
			z[i] = c->d[i] > 0 ? res[i] / c->d[i] : res[i];
		double rz1 = dot(res, z, n);
		for (int i = 0; i < n; i++)
			p[i] = z[i] + rz1 / rz * p[i];
		rz = rz1;
	}
	x[ref] = 0;
}

int elo_newton_fit(const EloModel *m, int ref, double *r, int *iters, char *err,
                   size_t errlen)
{
	int n = m->n, rc = ELO_ENOMEM;
	double *g = malloc(sizeof *g * (size_t)n), *x = malloc(sizeof *x * (size_t)n);
	double *t = malloc(sizeof *t * (size_t)n), *w = malloc(sizeof *w * 4 * (size_t)n);
	Curv c = {.h = malloc(sizeof *c.h * (m->ne + 1)),
	          .v = malloc(sizeof *c.v * (size_t)n),
	          .d = malloc(sizeof *c.d * (size_t)n)};
	if (!g || !x || !t || !w || !c.h || !c.v || !c.d) {
		(void)err_set(err, errlen, "out of memory");
		goto out;
	}
	memset(r, 0, sizeof *r * (size_t)n);
	double last = INFINITY;
	int it = 0;
	for (bool done = false; !done; it++) {
		if (it == MAX_ITER) {
			(void)err_set(err, errlen, "Newton did not converge in %d steps",
			              MAX_ITER);
			rc = ELO_EGSL;
			goto out;
		}
		derivs(m, r, g, &c);
		solve(m, &c, ref, g, x, w);
		double step = 0, l0 = loglik(m, r);
		for (int i = 0; i < n; i++)
			step = fmax(step, fabs(x[i]));
		/* Halve the step until the likelihood does not fall. Steps under
		 * 1e-3 Elo are taken as they are: Newton converges quadratically
		 * there, and the likelihood changes by less than its rounding. */
		for (double s = 1;; s /= 2) {
			for (int i = 0; i < n; i++)
				t[i] = r[i] + s * x[i];
			if (s * step < 1e-3 || loglik(m, t) >= l0)
				break;
		}
		memcpy(r, t, sizeof *r * (size_t)n);
		/* Done at 1e-9 Elo, or where steps under 1e-6 Elo stop shrinking:
		 * the gradient of millions of games is then its rounding. */
		done = step < 1e-9 || (step < 1e-6 && step > 0.5 * last);
		last = step;
	}
	*iters = it;
	rc = 0;
out:
	free(g), free(x), free(t), free(w), free(c.h), free(c.v), free(c.d);
	return rc;
}

int elo_newton_cov(const EloModel *m, const double *r, double *cov, char *err,
                   size_t errlen)
{
	int n = m->n;
	double *g = malloc(sizeof *g * (size_t)n);
	Curv c = {.h = malloc(sizeof *c.h * (m->ne + 1)),
	          .v = malloc(sizeof *c.v * (size_t)n),
	          .d = malloc(sizeof *c.d * (size_t)n)};
	if (!g || !c.h || !c.v || !c.d) {
		free(g), free(c.h), free(c.v), free(c.d);
		(void)err_set(err, errlen, "out of memory");
		return ELO_ENOMEM;
	}
	derivs(m, r, g, &c);
	/* A annihilates the constant vector 1 (ratings are differences), and
	 * nothing else when the players are connected; so A + s 11^T/n is
	 * positive definite and its inverse is pinv(A) + 11^T/(s n). s is the
	 * mean diagonal, to keep the matrix as well conditioned as A allows. */
	double s = mean(c.d, n), add = s / n;
	for (size_t i = 0; i < (size_t)n * (size_t)n; i++)
		cov[i] = add;
	for (size_t k = 0; k < m->ne; k++) {
		const EloEdge *e = &m->e[k];
		size_t a = (size_t)e->a, b = (size_t)e->b;
		cov[a * n + a] += c.h[k], cov[b * n + b] += c.h[k];
		cov[a * n + b] -= c.h[k], cov[b * n + a] -= c.h[k];
	}
	if (m->w > 0)
		for (int l = 0; l < n; l++)
			for (int k = 0; k < n; k++)
				cov[(size_t)l * n + k] += c.vs / ((double)n * n) -
				                          (c.v[l] + c.v[k]) / n +
				                          (l == k ? c.v[l] : 0);
	free(g), free(c.h), free(c.v), free(c.d);
	gsl_matrix_view a = gsl_matrix_view_array(cov, (size_t)n, (size_t)n);
	int st = gsl_linalg_cholesky_decomp1(&a.matrix);
	if (st == GSL_SUCCESS)
		st = gsl_linalg_cholesky_invert(&a.matrix);
	if (st != GSL_SUCCESS) {
		(void)err_set(err, errlen, "covariance failed: %s", gsl_strerror(st));
		return ELO_EGSL;
	}
	double sub = 1 / (s * n);
	for (size_t i = 0; i < (size_t)n * (size_t)n; i++)
		cov[i] -= sub;
	return 0;
}
