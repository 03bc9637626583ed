/* elo.c - maximum-likelihood Elo (see elo.h for the model and prior rule). */
#include "elo.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>

/* d/dR of the logistic argument: p = 1 / (1 + exp(-K * (Ri - Rj))). */
#define K (M_LN10 / 400.0)
#define MAX_ITER 200

/* Games and points between every two players, and what the fit needs. */
typedef struct {
	int n;
	double *games; /* n*n, symmetric: games between i and j */
	double *pts;   /* n*n: points of i against j */
	double w;      /* virtual draws per player against the pool average */
	double *v;     /* n scratch values */
} Fit;

static void msg(char *err, size_t len, const char *fmt, ...)
{
	if (!err || !len)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
}

/* Appends to buf at *pos, truncating silently. */
static void app(char *buf, size_t len, size_t *pos, const char *fmt, ...)
{
	if (!buf || *pos + 1 >= len)
		return;
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(buf + *pos, len - *pos, fmt, ap);
	va_end(ap);
	if (k > 0)
		*pos = *pos + (size_t)k < len ? *pos + (size_t)k : len - 1;
}

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

static double loglik(const Fit *f, const double *r)
{
	int n = f->n;
	double l = 0;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			double g = f->games[i * n + j], s = f->pts[i * n + j];
			if (g > 0) {
				double x = K * (r[i] - r[j]);
				l -= s * softplus(-x) + (g - s) * softplus(x);
			}
		}
	if (f->w > 0) {
		double m = mean(r, n);
		for (int i = 0; i < n; i++) {
			double x = K * (r[i] - m);
			l -= f->w * 0.5 * (softplus(-x) + softplus(x));
		}
	}
	return l;
}

/* Gradient g and negated Hessian a (n*n) of loglik at r. The prior term of
 * player i depends on d_i = Ri - mean(R), so its derivative by Rj carries the
 * factor (delta_ij - 1/n); its Hessian is v_i u_i u_i^T, u_i = e_i - 1/n. */
static void derivs(const Fit *f, const double *r, double *g, double *a)
{
	int n = f->n;
	memset(g, 0, sizeof *g * (size_t)n);
	memset(a, 0, sizeof *a * (size_t)n * (size_t)n);
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			double games = f->games[i * n + j];
			if (games <= 0)
				continue;
			double p = logistic(K * (r[i] - r[j]));
			double d = K * (f->pts[i * n + j] - games * p),
			       v = K * K * games * p * (1 - p);
			g[i] += d, g[j] -= d;
			a[i * n + i] += v, a[j * n + j] += v;
			a[i * n + j] -= v, a[j * n + i] -= v;
		}
	if (f->w <= 0)
		return;
	double m = mean(r, n), c = 0, vs = 0, *v = f->v;
	for (int i = 0; i < n; i++) {
		double p = logistic(K * (r[i] - m));
		double ci = f->w * K * (0.5 - p);
		g[i] += ci, c += ci;
		v[i] = f->w * K * K * p * (1 - p);
		vs += v[i];
	}
	for (int l = 0; l < n; l++) {
		g[l] -= c / n;
		for (int k = 0; k < n; k++)
			a[l * n + k] +=
			    vs / ((double)n * n) - (v[l] + v[k]) / n + (l == k ? v[l] : 0);
	}
}

/* Reduced negated Hessian without row and column ref, Cholesky-factored. */
static int reduced_chol(const double *a, int n, int ref, gsl_matrix *m)
{
	for (int i = 0, ri = 0; i < n; i++) {
		if (i == ref)
			continue;
		for (int j = 0, rj = 0; j < n; j++)
			if (j != ref)
				gsl_matrix_set(m, ri, rj++, a[i * n + j]);
		ri++;
	}
	return gsl_linalg_cholesky_decomp1(m);
}

/* Damped Newton from r = 0 with r[ref] held at 0; fills r and cov (n*n, in
 * the gauge r[ref] = 0). */
static int newton(const Fit *f, int ref, double *r, double *cov, int *iters, char *err,
                  size_t errlen)
{
	int n = f->n, m = n - 1, rc = ELO_ENOMEM;
	double *g = malloc(sizeof *g * (size_t)n),
	       *a = malloc(sizeof *a * (size_t)n * (size_t)n);
	double *t = malloc(sizeof *t * (size_t)n);
	gsl_matrix *h = gsl_matrix_alloc((size_t)m, (size_t)m);
	gsl_vector *b = gsl_vector_alloc((size_t)m), *x = gsl_vector_alloc((size_t)m);
	if (!g || !a || !t || !h || !b || !x) {
		msg(err, errlen, "out of memory");
		goto out;
	}
	rc = ELO_EGSL;
	memset(r, 0, sizeof *r * (size_t)n);
	int it = 0;
	for (bool done = false; !done; it++) {
		if (it == MAX_ITER) {
			msg(err, errlen, "the ratings did not converge in %d Newton steps",
			    MAX_ITER);
			goto out;
		}
		derivs(f, r, g, a);
		int st = reduced_chol(a, n, ref, h);
		for (int i = 0, ri = 0; i < n; i++)
			if (i != ref)
				gsl_vector_set(b, (size_t)ri++, g[i]);
		if (st == GSL_SUCCESS)
			st = gsl_linalg_cholesky_solve(h, b, x);
		if (st != GSL_SUCCESS) {
			msg(err, errlen, "a Newton step of the ratings failed: %s",
			    gsl_strerror(st));
			goto out;
		}
		double step = 0, l0 = loglik(f, r);
		for (int i = 0; i < m; i++)
			step = fmax(step, fabs(gsl_vector_get(x, (size_t)i)));
		/* Halve the step until the likelihood does not fall. Steps under
		 * 1e-3 Elo are taken as they are: Newton converges quadratically
		 * there, and the likelihood changes by less than its rounding. */
		for (double s = 1;; s /= 2) {
			for (int i = 0, ri = 0; i < n; i++)
				t[i] = i == ref
				           ? 0
				           : r[i] + s * gsl_vector_get(x, (size_t)ri++);
			if (s * step < 1e-3 || loglik(f, t) >= l0)
				break;
		}
		memcpy(r, t, sizeof *r * (size_t)n);
		done = step < 1e-9;
	}
	*iters = it;
	derivs(f, r, g, a);
	int st = reduced_chol(a, n, ref, h);
	if (st == GSL_SUCCESS)
		st = gsl_linalg_cholesky_invert(h);
	if (st != GSL_SUCCESS) {
		msg(err, errlen, "the ratings' covariance failed: %s", gsl_strerror(st));
		goto out;
	}
	memset(cov, 0, sizeof *cov * (size_t)n * (size_t)n);
	for (int i = 0, ri = 0; i < n; i++) {
		if (i == ref)
			continue;
		for (int j = 0, rj = 0; j < n; j++)
			if (j != ref)
				cov[i * n + j] =
				    gsl_matrix_get(h, (size_t)ri, (size_t)rj++);
		ri++;
	}
	rc = 0;
out:
	free(g), free(a), free(t);
	gsl_matrix_free(h);
	gsl_vector_free(b), gsl_vector_free(x);
	return rc;
}

/* Marks in seen[] every player reachable from `from`; edge i->j when
 * adj(i, j). dir 0: adj = games (undirected), 1: i scored against j, 2: j
 * scored against i. */
static void reach(const Fit *f, int from, int dir, int *seen, int mark, int *stack)
{
	int n = f->n, top = 0;
	seen[from] = mark;
	stack[top++] = from;
	while (top) {
		int i = stack[--top];
		for (int j = 0; j < n; j++) {
			double e = dir == 0   ? f->games[i * n + j]
			           : dir == 1 ? f->pts[i * n + j]
			                      : f->pts[j * n + i];
			if (e > 0 && !seen[j]) {
				seen[j] = mark;
				stack[top++] = j;
			}
		}
	}
}

/* Writes "{A, B}" for the players with set[i] == mark (or != mark). */
static void group(char *buf, size_t len, size_t *pos, const char *const *names, int n,
                  const int *set, int mark, bool in)
{
	bool first = true;
	app(buf, len, pos, "{");
	for (int i = 0; i < n; i++)
		if ((set[i] == mark) == in) {
			app(buf, len, pos, "%s%s", first ? "" : ", ", names[i]);
			first = false;
		}
	app(buf, len, pos, "}");
}

/* ELO_EDISCONNECTED when the game graph has several components; else sets
 * *strong to whether the "scored against" graph is strongly connected, with
 * a message naming the groups in err if it is not. */
static int check_graph(const Fit *f, const char *const *names, bool *strong, char *err,
                       size_t errlen)
{
	int n = f->n, rc = 0, ncomp = 0;
	int *seen = calloc((size_t)n, sizeof *seen),
	    *stack = malloc(sizeof *stack * (size_t)n);
	if (!seen || !stack) {
		free(seen), free(stack);
		msg(err, errlen, "out of memory");
		return ELO_ENOMEM;
	}
	for (int i = 0; i < n; i++)
		if (!seen[i])
			reach(f, i, 0, seen, ++ncomp, stack);
	size_t pos = 0;
	if (ncomp > 1) {
		app(err, errlen, &pos, "players are not connected: ");
		for (int c = 1; c <= ncomp; c++) {
			app(err, errlen, &pos, c == 1 ? "" : c == ncomp ? " and " : ", ");
			group(err, errlen, &pos, names, n, seen, c, true);
		}
		rc = ELO_EDISCONNECTED;
		goto out;
	}
	/* Those player 0 scored against, transitively, scored nothing against
	 * the rest; those reaching player 0 conceded nothing to the rest. */
	*strong = true;
	for (int dir = 1; dir <= 2 && *strong; dir++) {
		memset(seen, 0, sizeof *seen * (size_t)n);
		reach(f, 0, dir, seen, 1, stack);
		for (int i = 0; i < n; i++)
			*strong = *strong && seen[i];
		if (!*strong) {
			app(err, errlen, &pos, "no finite ratings: ");
			group(err, errlen, &pos, names, n, seen, 1, dir == 1);
			app(err, errlen, &pos, " scored no points against ");
			group(err, errlen, &pos, names, n, seen, 1, dir != 1);
		}
	}
out:
	free(seen), free(stack);
	return rc;
}

static int validate(int n, const char *const *names, const EloGame *games, size_t ngames,
                    char *err, size_t errlen)
{
	if (n < 1 || !names || (ngames && !games)) {
		msg(err, errlen, "need at least one player, names and games");
		return ELO_EINPUT;
	}
	for (int i = 0; i < n; i++) {
		if (!names[i]) {
			msg(err, errlen, "player %d has no name", i);
			return ELO_EINPUT;
		}
		for (int j = 0; j < i; j++)
			if (!strcmp(names[i], names[j])) {
				msg(err, errlen, "player name '%s' appears twice",
				    names[i]);
				return ELO_EINPUT;
			}
	}
	for (size_t k = 0; k < ngames; k++) {
		const EloGame *g = &games[k];
		if (g->black < 0 || g->black >= n || g->white < 0 || g->white >= n ||
		    g->black == g->white) {
			msg(err, errlen, "game %zu: bad players %d and %d", k, g->black,
			    g->white);
			return ELO_EINPUT;
		}
		if (g->score != 0 && g->score != 0.5 && g->score != 1) {
			msg(err, errlen, "game %zu: score %g is not 0, 0.5 or 1", k,
			    g->score);
			return ELO_EINPUT;
		}
	}
	return 0;
}

static int cmp_rank(const void *pa, const void *pb)
{
	const double *a = pa, *b = pb; /* {rating, index} */
	if (a[0] != b[0])
		return a[0] > b[0] ? -1 : 1;
	return (a[1] > b[1]) - (a[1] < b[1]);
}

/* Counts, ranks and CFS of every player once ratings and cov are in place. */
static int summarise(EloRatings *er, const EloGame *games, size_t ngames)
{
	int n = er->n;
	for (size_t k = 0; k < ngames; k++) {
		const EloGame *g = &games[k];
		EloPlayer *b = &er->players[g->black], *w = &er->players[g->white];
		b->played++, w->played++;
		b->points += g->score, w->points += 1 - g->score;
		if (g->score == 0.5)
			b->draws++, w->draws++;
		else if (g->score == 1)
			b->wins++, w->losses++;
		else
			b->losses++, w->wins++;
	}
	double *key = malloc(sizeof *key * 2 * (size_t)n);
	if (!key)
		return ELO_ENOMEM;
	for (int i = 0; i < n; i++) {
		EloPlayer *p = &er->players[i];
		p->percent = p->played ? 100.0 * p->points / p->played : NAN;
		p->draw_percent = p->played ? 100.0 * p->draws / p->played : NAN;
		p->error95 = ELO_Z95 * sqrt(fmax(0, er->cov[i * n + i]));
		key[2 * i] = p->rating, key[2 * i + 1] = i;
	}
	qsort(key, (size_t)n, 2 * sizeof *key, cmp_rank);
	for (int k = 0; k < n; k++) {
		er->order[k] = (int)key[2 * k + 1];
		er->players[er->order[k]].rank = k + 1;
	}
	for (int k = 0; k < n; k++)
		er->players[er->order[k]].cfs_next =
		    k + 1 < n ? elo_los(er, er->order[k], er->order[k + 1]) : NAN;
	free(key);
	return 0;
}

int elo_fit(int n, const char *const *names, const EloGame *games, size_t ngames,
            const EloOptions *opt, EloRatings **out, char *err, size_t errlen)
{
	static const EloOptions defaults = {0};
	if (!opt)
		opt = &defaults;
	if (out)
		*out = NULL;
	int rc = validate(n, names, games, ngames, err, errlen);
	if (rc)
		return rc;
	int anchor = -1;
	if (opt->anchor) {
		for (int i = 0; i < n && anchor < 0; i++)
			if (!strcmp(names[i], opt->anchor))
				anchor = i;
		if (anchor < 0) {
			/* Callers name themselves ("arena elo: "); say what it
			 * could have been. */
			size_t pos = 0;
			int *all = calloc((size_t)n, sizeof *all); /* all 0: everyone */
			app(err, errlen, &pos, "anchor '%s' is none of the players ",
			    opt->anchor);
			if (all)
				group(err, errlen, &pos, names, n, all, 0, true);
			free(all);
			return ELO_EINPUT;
		}
	}
	size_t nn = (size_t)n * (size_t)n;
	Fit f = {.n = n,
	         .games = calloc(nn, sizeof(double)),
	         .pts = calloc(nn, sizeof(double)),
	         .v = malloc(sizeof(double) * (size_t)n)};
	EloRatings *er = calloc(1, sizeof *er);
	double *r = malloc(sizeof *r * (size_t)n);
	if (er) {
		er->n = n;
		er->players = calloc((size_t)n, sizeof *er->players);
		er->order = malloc(sizeof *er->order * (size_t)n);
		er->cov = calloc(nn, sizeof *er->cov);
	}
	rc = ELO_ENOMEM;
	if (!f.games || !f.pts || !f.v || !r || !er || !er->players || !er->order ||
	    !er->cov) {
		msg(err, errlen, "out of memory");
		goto out;
	}
	/* Only the totals per pair enter the likelihood; they are sums of
	 * halves, exact in any order, so the fit ignores the order of games. */
	for (size_t k = 0; k < ngames; k++) {
		int b = games[k].black, w = games[k].white;
		f.games[b * n + w] += 1, f.games[w * n + b] += 1;
		f.pts[b * n + w] += games[k].score, f.pts[w * n + b] += 1 - games[k].score;
	}
	bool strong = true;
	char why[512] = "";
	rc = check_graph(&f, names, &strong, why, sizeof why);
	if (rc) {
		msg(err, errlen, "%s", why);
		goto out;
	}
	if (!strong && opt->prior == ELO_PRIOR_NEVER) {
		msg(err, errlen, "%s", why);
		rc = ELO_EDIVERGES;
		goto out;
	}
	if (opt->prior == ELO_PRIOR_ALWAYS || (!strong && opt->prior == ELO_PRIOR_AUTO))
		f.w = opt->prior_draws > 0 ? opt->prior_draws : 1;
	er->prior_used = f.w > 0;
	int ref = anchor >= 0 ? anchor : 0;
	if (n == 1)
		r[0] = 0;
	else if ((rc = newton(&f, ref, r, er->cov, &er->iterations, err, errlen)))
		goto out;
	/* Every rating is a difference from the reference player; move to the
	 * anchor. For the pool average R' = P R with P = I - 11^T/n, so the
	 * covariance becomes P C P^T. */
	double shift = opt->anchor_rating - (anchor >= 0 ? r[anchor] : mean(r, n));
	if (anchor < 0) {
		double tot = mean(er->cov, (int)nn);
		double *mu = malloc(sizeof *mu * (size_t)n);
		if (!mu) {
			rc = ELO_ENOMEM;
			msg(err, errlen, "out of memory");
			goto out;
		}
		/* C is symmetric: row means are column means. */
		for (int i = 0; i < n; i++)
			mu[i] = mean(er->cov + (size_t)i * (size_t)n, n);
		for (int i = 0; i < n; i++)
			for (int j = 0; j < n; j++)
				er->cov[i * n + j] += tot - mu[i] - mu[j];
		free(mu);
	}
	for (int i = 0; i < n; i++) {
		er->players[i].name = names[i];
		er->players[i].rating = r[i] + shift;
	}
	if ((rc = summarise(er, games, ngames))) {
		msg(err, errlen, "out of memory");
		goto out;
	}
	*out = er;
	er = NULL;
out:
	free(f.games), free(f.pts), free(f.v), free(r);
	elo_destroy(er);
	return rc;
}

void elo_destroy(EloRatings *r)
{
	if (!r)
		return;
	free(r->players), free(r->order), free(r->cov);
	free(r);
}

double elo_diff_error(const EloRatings *r, int i, int j)
{
	int n = r->n;
	double v = r->cov[i * n + i] + r->cov[j * n + j] - 2 * r->cov[i * n + j];
	return i == j ? 0 : ELO_Z95 * sqrt(fmax(0, v));
}

double elo_los(const EloRatings *r, int i, int j)
{
	double d = r->players[i].rating - r->players[j].rating;
	double sd = elo_diff_error(r, i, j) / ELO_Z95;
	if (i == j || d == 0)
		return 0.5;
	return sd > 0 ? gsl_cdf_ugaussian_P(d / sd) : d > 0 ? 1 : 0;
}

double elo_from_score(double s)
{
	/* s / (1 - s), not 1 / s - 1: log10(1) is +0, and -400 * +0 would be
	 * the -0 that printed as "-0" for an even score. */
	return 400.0 * log10(s / (1.0 - s));
}
