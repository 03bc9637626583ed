/* elo_bounds.c - Ordo's rule for perfect scores (elo.h, ELO_PRIOR_NONE):
 * when some players or groups won, or lost, every game against the rest,
 * they are set aside, the others are fitted by pure maximum likelihood, and
 * each group set aside is placed as a bound.
 *
 * The groups are the strongly connected components of "i scored against
 * j". The main group is the largest (then the one with the most games,
 * then the one of the earliest player). A group that reaches the main one
 * through "scored against" is above it: nobody at or below it ever scored
 * against it; one the main group reaches is below. Above groups are placed
 * bottom up, below groups top down, each against the players placed
 * before it (the main group and the groups between), against whom it won
 * (lost) every game: at the offset where its expected score against them
 * is one game short of perfect, its score with one game turned into a
 * draw (Ordo's manual, "Perfect winners and losers": 10/10 is placed
 * where 9.5/10 would be). Inside a group of several players the ratings
 * are those of maximum likelihood on its own games. A group neither above
 * nor below (it met the main group only through others set aside) has no
 * rating. Linear in players and pairings, but for the main group's fit. */
#include "elo.h"
#include "elo_impl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_math.h>

#define K (M_LN10 / 400.0)

static double logistic(double x)
{
	return x >= 0 ? 1.0 / (1.0 + exp(-x)) : exp(x) / (1.0 + exp(x));
}

/* sum w[k] / (1 + 10^((d[k] - t) / 400)), increasing in t. */
static double expected(const double *d, const double *w, int k, double t)
{
	double s = 0;
	for (int i = 0; i < k; i++)
		s += w[i] * logistic(K * (t - d[i]));
	return s;
}

/* The t where expected(t) = target (0 < target < sum of w): bracketed,
 * then bisection, to 1e-9 Elo. */
static double solve_offset(const double *d, const double *w, int k, double target)
{
	double lo = d[0], hi = d[0];
	for (int i = 1; i < k; i++)
		lo = fmin(lo, d[i]), hi = fmax(hi, d[i]);
	for (double step = 100; expected(d, w, k, lo) > target; step *= 2)
		lo -= step;
	for (double step = 100; expected(d, w, k, hi) < target; step *= 2)
		hi += step;
	while (hi - lo > 1e-9) {
		double mid = 0.5 * (lo + hi);
		if (mid <= lo || mid >= hi)
			break;
		if (expected(d, w, k, mid) < target)
			lo = mid;
		else
			hi = mid;
	}
	return 0.5 * (lo + hi);
}

typedef struct {
	int n, count;
	const int *comp;
	int *first, *member; /* the players of group c: member[first[c]..first[c+1]) */
	int *adj_at, *adj;   /* player i's edges: adj[adj_at[i]..adj_at[i+1]) */
	int *side;           /* per group: 2 main, 1 above, -1 below, 0 neither */
	int *loc;            /* a player's index within its group */
} Groups;

/* Players by group (a counting sort) and edges by player. */
static int groups_build(const EloModel *m, const int *comp, int count, Groups *g)
{
	int n = m->n;
	g->n = n, g->count = count, g->comp = comp;
	g->first = calloc((size_t)count + 1, sizeof *g->first);
	g->member = malloc(sizeof *g->member * (size_t)n);
	g->adj_at = calloc((size_t)n + 1, sizeof *g->adj_at);
	g->adj = malloc(sizeof *g->adj * (2 * m->ne + 1));
	g->side = calloc((size_t)count, sizeof *g->side);
	g->loc = malloc(sizeof *g->loc * (size_t)n);
	if (!g->first || !g->member || !g->adj_at || !g->adj || !g->side || !g->loc)
		return ELO_ENOMEM;
	for (int i = 0; i < n; i++)
		g->first[comp[i] + 1]++;
	for (int c = 0; c < count; c++)
		g->first[c + 1] += g->first[c];
	int *cur = malloc(sizeof *cur * ((size_t)count + 1));
	if (!cur)
		return ELO_ENOMEM;
	memcpy(cur, g->first, sizeof *cur * (size_t)count);
	for (int i = 0; i < n; i++) {
		g->loc[i] = cur[comp[i]] - g->first[comp[i]];
		g->member[cur[comp[i]]++] = i;
	}
	free(cur);
	for (size_t k = 0; k < m->ne; k++)
		g->adj_at[m->e[k].a + 1]++, g->adj_at[m->e[k].b + 1]++;
	for (int i = 0; i < n; i++)
		g->adj_at[i + 1] += g->adj_at[i];
	int *next = malloc(sizeof *next * ((size_t)n + 1));
	if (!next)
		return ELO_ENOMEM;
	memcpy(next, g->adj_at, sizeof *next * (size_t)n);
	for (size_t k = 0; k < m->ne; k++)
		g->adj[next[m->e[k].a]++] = (int)k, g->adj[next[m->e[k].b]++] = (int)k;
	free(next);
	return 0;
}

static void groups_free(Groups *g)
{
	free(g->first), free(g->member), free(g->adj_at), free(g->adj), free(g->side);
	free(g->loc);
}

/* The main group: the most players, then the most games, then the earliest
 * player's. */
static int main_group(const EloModel *m, const Groups *g, double *games)
{
	for (int c = 0; c < g->count; c++)
		games[c] = 0;
	for (size_t k = 0; k < m->ne; k++)
		games[g->comp[m->e[k].a]] += m->e[k].games,
		    games[g->comp[m->e[k].b]] += m->e[k].games;
	int best = g->comp[0];
	for (int i = 1; i < g->n; i++) {
		int c = g->comp[i];
		int size = g->first[c + 1] - g->first[c];
		int bs = g->first[best + 1] - g->first[best];
		if (size > bs || (size == bs && games[c] > games[best]))
			best = c;
	}
	return best;
}

/* side[c] = dir for every group reached from the main one along "scored
 * against" (dir -1: the main group scored against them, directly or not)
 * or against it (dir 1). A breadth-first search over players. */
static int mark(const EloModel *m, Groups *g, int main, int dir)
{
	int *queue = malloc(sizeof *queue * (size_t)g->n);
	if (!queue)
		return ELO_ENOMEM;
	int head = 0, tail = 0;
	for (int k = g->first[main]; k < g->first[main + 1]; k++)
		queue[tail++] = g->member[k];
	while (head < tail) {
		int i = queue[head++];
		for (int q = g->adj_at[i]; q < g->adj_at[i + 1]; q++) {
			const EloEdge *e = &m->e[g->adj[q]];
			int j = e->a == i ? e->b : e->a;
			double mine = e->a == i ? e->pts : e->games - e->pts;
			double theirs = e->games - mine;
			int c = g->comp[j];
			/* dir -1: i scored against j; dir 1: j scored against i */
			if (g->side[c] != 0 || (dir < 0 ? mine : theirs) <= 0)
				continue;
			g->side[c] = dir;
			for (int k = g->first[c]; k < g->first[c + 1]; k++)
				queue[tail++] = g->member[k];
		}
	}
	free(queue);
	return 0;
}

/* Maximum likelihood inside group c (mean 0) into x (its size), with its
 * covariance into cov (size^2) when cov is given. */
static int fit_group(const EloModel *m, const Groups *g, int c, double *x, double *cov,
                     int *iters, char *err, size_t errlen)
{
	int size = g->first[c + 1] - g->first[c];
	if (size == 1) {
		x[0] = 0;
		if (cov)
			cov[0] = 0;
		return 0;
	}
	size_t ne = 0;
	for (int k = g->first[c]; k < g->first[c + 1]; k++) {
		int i = g->member[k];
		for (int q = g->adj_at[i]; q < g->adj_at[i + 1]; q++) {
			const EloEdge *e = &m->e[g->adj[q]];
			ne += e->a == i && g->comp[e->b] == c;
		}
	}
	EloEdge *e = malloc(sizeof *e * (ne + 1));
	if (!e)
		return ELO_ENOMEM;
	ne = 0;
	for (int k = g->first[c]; k < g->first[c + 1]; k++) {
		int i = g->member[k];
		for (int q = g->adj_at[i]; q < g->adj_at[i + 1]; q++) {
			const EloEdge *f = &m->e[g->adj[q]];
			if (f->a == i && g->comp[f->b] == c)
				e[ne++] =
				    (EloEdge){g->loc[f->a], g->loc[f->b], f->games, f->pts};
		}
	}
	EloModel sub = {.n = size, .ne = ne, .e = e};
	int it = 0;
	int rc = elo_newton_fit(&sub, 0, x, &it, err, errlen);
	if (!rc && cov)
		rc = elo_newton_cov(&sub, x, cov, err, errlen);
	free(e);
	if (rc)
		return rc;
	*iters += it;
	double mean = 0;
	for (int k = 0; k < size; k++)
		mean += x[k] / size;
	for (int k = 0; k < size; k++)
		x[k] -= mean;
	return 0;
}

/* Places group c (side 1 above, -1 below) against the players placed so
 * far on its side and the main group: r of its members, bound, and placed. x: scratch of
 * its size; d, w: scratch for its games against the placed players. */
static int place(const EloModel *m, const Groups *g, int c, double *r, int *bound,
                 bool *placed, double *x, double *d, double *w, int *iters, char *err,
                 size_t errlen)
{
	int rc = fit_group(m, g, c, x, NULL, iters, err, errlen);
	if (rc)
		return rc;
	int k = 0;
	double total = 0;
	for (int a = g->first[c]; a < g->first[c + 1]; a++) {
		int i = g->member[a];
		for (int q = g->adj_at[i]; q < g->adj_at[i + 1]; q++) {
			const EloEdge *e = &m->e[g->adj[q]];
			int j = e->a == i ? e->b : e->a, sj = g->side[g->comp[j]];
			if (!placed[j] || (sj != 2 && sj != g->side[c]))
				continue; /* only the main group and those on this side */
			d[k] = r[j] - x[g->loc[i]], w[k] = e->games;
			total += e->games, k++;
		}
	}
	int side = g->side[c];
	double t = k ? solve_offset(d, w, k, side > 0 ? total - 0.5 : 0.5) : NAN;
	for (int a = g->first[c]; a < g->first[c + 1]; a++) {
		int i = g->member[a];
		r[i] = x[g->loc[i]] + t, bound[i] = side > 0 ? ELO_LOWER : ELO_UPPER;
		placed[i] = true;
	}
	return 0;
}

int elo_bounds_fit(const EloModel *m, double *r, int *bound, double *cov, int *iters,
                   char *err, size_t errlen)
{
	int n = m->n, rc = ELO_ENOMEM;
	*iters = 0;
	Groups g = {0};
	int *comp = malloc(sizeof *comp * (size_t)n);
	double *x = malloc(sizeof *x * (size_t)n);
	double *d = malloc(sizeof *d * (2 * m->ne + 1)),
	       *w = malloc(sizeof *w * (2 * m->ne + 1));
	bool *placed = calloc((size_t)n, sizeof *placed);
	double *games = malloc(sizeof *games * (size_t)n), *sub = NULL;
	int count = comp ? elo_graph_strong(m, comp) : -1;
	if (count < 0 || !x || !d || !w || !placed || !games ||
	    groups_build(m, comp, count, &g) < 0)
		goto out;
	int main = main_group(m, &g, games);
	int size = g.first[main + 1] - g.first[main];
	if (!(sub = malloc(sizeof *sub * (size_t)size * (size_t)size)))
		goto out;
	if ((rc = fit_group(m, &g, main, x, sub, iters, err, errlen)))
		goto out;
	for (int i = 0; i < n; i++)
		r[i] = NAN, bound[i] = ELO_EXACT;
	for (size_t k = 0; k < (size_t)n * (size_t)n; k++)
		cov[k] = NAN;
	for (int a = 0; a < size; a++) {
		int i = g.member[g.first[main] + a];
		r[i] = x[a], placed[i] = true;
		for (int b = 0; b < size; b++)
			cov[(size_t)i * n + (size_t)g.member[g.first[main] + b]] =
			    sub[(size_t)a * size + (size_t)b];
	}
	g.side[main] = 2;
	if ((rc = mark(m, &g, main, -1)) || (rc = mark(m, &g, main, 1)))
		goto out;
	/* A group comes after every group it scored against: above groups in
	 * that order, below ones in reverse (see the top of the file). */
	for (int c = 0; c < count && !rc; c++)
		if (g.side[c] == 1)
			rc = place(m, &g, c, r, bound, placed, x, d, w, iters, err, errlen);
	for (int c = count - 1; c >= 0 && !rc; c--)
		if (g.side[c] == -1)
			rc = place(m, &g, c, r, bound, placed, x, d, w, iters, err, errlen);
out:
	if (rc == ELO_ENOMEM)
		snprintf(err, errlen, "out of memory");
	groups_free(&g);
	free(comp), free(x), free(d), free(w), free(placed), free(games), free(sub);
	return rc;
}
