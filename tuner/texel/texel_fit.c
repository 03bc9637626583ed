/* texel_fit.c - the logistic loss, its gradient, and the fits of K and of
 * the weights.
 *
 * The sums over positions go in fixed chunks whose partial sums are added in
 * chunk order, so the loss and the fit are the same bit for bit whatever
 * the number of threads. */
#include "texel_fit.h"
#include "err.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_min.h>
#include <gsl/gsl_multimin.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CHUNK = 1 << 14, SUMS = 2 + 2 * TEXEL_FEAT_MAX };

void texel_set_init(TexelSet *s, int nfeat)
{
	memset(s, 0, sizeof *s);
	s->nfeat = nfeat;
}

static int reserve(TexelSet *s, size_t cap)
{
	if (cap <= s->cap)
		return 0;
	size_t nf = (size_t)s->nfeat;
	uint16_t *a = realloc(s->own, cap * nf * sizeof *a);
	if (a)
		s->own = a;
	uint16_t *b = realloc(s->opp, cap * nf * sizeof *b);
	if (b)
		s->opp = b;
	uint8_t *r = realloc(s->result, cap);
	if (r)
		s->result = r;
	if (!a || !b || !r)
		return -1;
	s->cap = cap;
	return 0;
}

int texel_set_resize(TexelSet *s, size_t n)
{
	if (reserve(s, n ? n : 1) < 0)
		return -1;
	s->n = n;
	return 0;
}

int texel_set_add(TexelSet *s, const uint16_t *own, const uint16_t *opp, int result2)
{
	if (s->n == s->cap && reserve(s, s->cap ? 2 * s->cap : 4096) < 0)
		return -1;
	size_t nf = (size_t)s->nfeat;
	memcpy(s->own + s->n * nf, own, nf * sizeof *own);
	memcpy(s->opp + s->n * nf, opp, nf * sizeof *opp);
	s->result[s->n++] = (uint8_t)result2;
	return 0;
}

void texel_set_free(TexelSet *s)
{
	free(s->own);
	free(s->opp);
	free(s->result);
	texel_set_init(s, s->nfeat);
}

int texel_model_dim(const TexelModel *m)
{
	int d = m->fit_ratio;
	for (int j = 0; j < m->nfeat; j++)
		d += m->fit_w[j];
	return d;
}

/* log(1 + e^z) without overflow. */
static inline double softplus(double z)
{
	return z > 0 ? z + log1p(exp(-z)) : log1p(exp(z));
}

/* Sums of one chunk: [0] loss, [1] d(loss)/d(opponent total),
 * [2 + j] d/d(own_j), [2 + nfeat + j] d/d(opp_j), each times the count. */
static void chunk_sums(const TexelSet *s, size_t lo, size_t hi, const double *u,
                       double ratio, double k, bool want_grad, double *sum)
{
	int nf = s->nfeat;
	double loss = 0, gb = 0, go[TEXEL_FEAT_MAX] = {0}, gp[TEXEL_FEAT_MAX] = {0};
	for (size_t i = lo; i < hi; i++) {
		const uint16_t *own = s->own + i * (size_t)nf,
		               *opp = s->opp + i * (size_t)nf;
		double a = 0, b = 0;
		for (int j = 0; j < nf; j++) {
			a += u[j] * own[j];
			b += u[j] * opp[j];
		}
		double z = k * (a - ratio * b), r = 0.5 * s->result[i];
		loss += softplus(z) - r * z;
		if (want_grad) {
			double d = k * (1 / (1 + exp(-z)) - r); /* d loss / d eval */
			gb += d * b;
			for (int j = 0; j < nf; j++) {
				go[j] += d * own[j];
				gp[j] += d * opp[j];
			}
		}
	}
	sum[0] = loss;
	sum[1] = gb;
	for (int j = 0; j < nf; j++) {
		sum[2 + j] = go[j];
		sum[2 + nf + j] = gp[j];
	}
}

static double log_floor(double v, bool is_ratio)
{
	double lo = is_ratio ? 1e-3 : 1;
	return log(v > lo ? v : lo);
}

double texel_loss(const TexelSet *s, const TexelModel *m, const TexelModel *prior,
                  double *grad, int threads)
{
	int nf = s->nfeat;
	double u[TEXEL_FEAT_MAX];
	for (int j = 0; j < nf; j++)
		u[j] = m->w[j] * m->scale[j];
	double total[SUMS] = {0};
	size_t nchunks = (s->n + CHUNK - 1) / CHUNK;
	int nt = threads > 0 ? threads : omp_get_max_threads();
	if (nchunks < (size_t)nt)
		nt = (int)nchunks; /* a thread without a chunk would only wait */
	double *sums = nchunks ? malloc(nchunks * SUMS * sizeof *sums) : NULL;
	if (nchunks && !sums) { /* out of memory: one chunk at a time, on one thread */
		double one[SUMS];
		for (size_t c = 0; c < nchunks; c++) {
			size_t hi = (c + 1) * CHUNK < s->n ? (c + 1) * CHUNK : s->n;
			chunk_sums(s, c * CHUNK, hi, u, m->ratio, m->k, grad != NULL, one);
			for (int t = 0; t < 2 + 2 * nf; t++)
				total[t] += one[t];
		}
	} else if (nchunks) {
#pragma omp parallel for schedule(dynamic, 1) num_threads(nt) if (nt > 1)
		for (size_t c = 0; c < nchunks; c++) {
			size_t hi = (c + 1) * CHUNK < s->n ? (c + 1) * CHUNK : s->n;
			chunk_sums(s, c * CHUNK, hi, u, m->ratio, m->k, grad != NULL,
			           sums + c * SUMS);
		}
		for (size_t c = 0; c < nchunks; c++)
			for (int t = 0; t < 2 + 2 * nf; t++)
				total[t] += sums[c * SUMS + t];
	}
	free(sums);
	double n = s->n ? (double)s->n : 1, loss = total[0] / n;
	int at = 0;
	for (int j = 0; j < nf; j++) {
		if (!m->fit_w[j])
			continue;
		double th = log(m->w[j]);
		if (grad) /* d/d theta = w d/dw = u (d/d own - ratio d/d opp) */
			grad[at] = u[j] * (total[2 + j] - m->ratio * total[2 + nf + j]) / n;
		if (prior && m->l2 > 0) {
			double d = th - log_floor(prior->w[j], false);
			loss += m->l2 * d * d;
			if (grad)
				grad[at] += 2 * m->l2 * d;
		}
		at++;
	}
	if (m->fit_ratio) {
		if (grad)
			grad[at] = -m->ratio * total[1] / n;
		if (prior && m->l2 > 0) {
			double d = log(m->ratio) - log_floor(prior->ratio, true);
			loss += m->l2 * d * d;
			if (grad)
				grad[at] += 2 * m->l2 * d;
		}
		at++;
	}
	return loss;
}

/* ---- K ---- */

typedef struct {
	const TexelSet *s;
	TexelModel m;
	int threads;
} KArgs;

static double loss_at_logk(double x, void *p)
{
	KArgs *a = p;
	a->m.k = exp(x);
	return texel_loss(a->s, &a->m, NULL, NULL, a->threads);
}

int texel_fit_k(const TexelSet *s, TexelModel *m, int threads, double *loss, char *err,
                size_t errlen)
{
	KArgs a = {s, *m, threads};
	enum { STEPS = 45 }; /* log10 K = -9 .. 2 in quarters */
	double f[STEPS + 1], x[STEPS + 1];
	int best = 0;
	for (int i = 0; i <= STEPS; i++) {
		x[i] = (-9 + 0.25 * i) * log(10.0);
		f[i] = loss_at_logk(x[i], &a);
		if (f[i] < f[best])
			best = i;
	}
	if (best == 0 || best == STEPS) {
		snprintf(err, errlen,
		         "no sigmoid scale K between 1e-9 and 1e2 fits the results (do the "
		         "positions "
		         "differ in evaluation?)");
		return -1;
	}
	double xm = x[best], fm = f[best];
	gsl_min_fminimizer *mz = gsl_min_fminimizer_alloc(gsl_min_fminimizer_brent);
	gsl_function F = {loss_at_logk, &a};
	if (mz &&
	    gsl_min_fminimizer_set_with_values(mz, &F, xm, fm, x[best - 1], f[best - 1],
	                                       x[best + 1], f[best + 1]) == GSL_SUCCESS) {
		for (int it = 0; it < 100; it++) {
			if (gsl_min_fminimizer_iterate(mz) != GSL_SUCCESS)
				break;
			double lo = gsl_min_fminimizer_x_lower(mz),
			       hi = gsl_min_fminimizer_x_upper(mz);
			if (gsl_min_test_interval(lo, hi, 1e-6, 0) == GSL_SUCCESS)
				break;
		}
		if (gsl_min_fminimizer_f_minimum(mz) < fm) {
			xm = gsl_min_fminimizer_x_minimum(mz);
			fm = gsl_min_fminimizer_f_minimum(mz);
		}
	}
	gsl_min_fminimizer_free(mz);
	m->k = exp(xm);
	*loss = fm;
	return 0;
}

/* ---- the weights ---- */

typedef struct {
	const TexelSet *s;
	TexelModel m;
	const TexelModel *prior;
	int threads;
	TexelFitStats *st;
} FitArgs;

static void set_theta(TexelModel *m, const gsl_vector *x)
{
	size_t at = 0;
	for (int j = 0; j < m->nfeat; j++)
		if (m->fit_w[j])
			m->w[j] = exp(gsl_vector_get(x, at++));
	if (m->fit_ratio)
		m->ratio = exp(gsl_vector_get(x, at));
}

static void fit_fdf(const gsl_vector *x, void *p, double *f, gsl_vector *g)
{
	FitArgs *a = p;
	set_theta(&a->m, x);
	double grad[TEXEL_FEAT_MAX + 1];
	double t0 = omp_get_wtime();
	double loss = texel_loss(a->s, &a->m, a->prior, g ? grad : NULL, a->threads);
	a->st->seconds += omp_get_wtime() - t0;
	a->st->evals++;
	a->st->positions += (double)a->s->n;
	if (f)
		*f = loss;
	if (g)
		for (size_t i = 0; i < g->size; i++)
			gsl_vector_set(g, i, grad[i]);
}

static double fit_f(const gsl_vector *x, void *p)
{
	double f;
	fit_fdf(x, p, &f, NULL);
	return f;
}

static void fit_df(const gsl_vector *x, void *p, gsl_vector *g)
{
	fit_fdf(x, p, NULL, g);
}

int texel_fit(const TexelSet *s, TexelModel *m, const TexelModel *prior, int iterations,
              int threads, TexelFitStats *st, char *err, size_t errlen)
{
	memset(st, 0, sizeof *st);
	TexelModel start = *m;
	if (!prior)
		prior = &start;
	int dim = texel_model_dim(m);
	FitArgs a = {s, *m, prior, threads, st};
	if (dim == 0) {
		st->loss = texel_loss(s, m, NULL, NULL, threads);
		st->stop = "converged";
		return 0;
	}
	gsl_vector *x = gsl_vector_alloc((size_t)dim);
	gsl_multimin_fdfminimizer *mz = gsl_multimin_fdfminimizer_alloc(
	    gsl_multimin_fdfminimizer_vector_bfgs2, (size_t)dim);
	if (!x || !mz) {
		gsl_vector_free(x);
		gsl_multimin_fdfminimizer_free(mz);
		return err_set(err, errlen, "out of memory");
	}
	size_t at = 0;
	for (int j = 0; j < m->nfeat; j++)
		if (m->fit_w[j])
			gsl_vector_set(x, at++, log_floor(m->w[j], false));
	if (m->fit_ratio)
		gsl_vector_set(x, at, log_floor(m->ratio, true));
	gsl_multimin_function_fdf fdf = {fit_f, fit_df, fit_fdf, (size_t)dim, &a};
	int rc = gsl_multimin_fdfminimizer_set(mz, &fdf, x, 0.1, 0.1);
	st->stop = "iterations";
	while (rc == GSL_SUCCESS && st->iterations < iterations) {
		int status = gsl_multimin_fdfminimizer_iterate(mz);
		if (status == GSL_ENOPROG) { /* the line search can go no further */
			st->stop = "no progress";
			break;
		}
		if (status != GSL_SUCCESS) {
			rc = status;
			break;
		}
		st->iterations++;
		if (gsl_multimin_test_gradient(gsl_multimin_fdfminimizer_gradient(mz),
		                               1e-7) == GSL_SUCCESS) {
			st->stop = "converged";
			break;
		}
	}
	if (rc != GSL_SUCCESS) {
		snprintf(err, errlen, "BFGS failed: %s", gsl_strerror(rc));
	} else {
		set_theta(m, gsl_multimin_fdfminimizer_x(mz));
		st->loss = gsl_multimin_fdfminimizer_minimum(mz);
	}
	gsl_multimin_fdfminimizer_free(mz);
	gsl_vector_free(x);
	return rc == GSL_SUCCESS ? 0 : -1;
}
