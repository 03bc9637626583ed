/* elo.c - maximum-likelihood Elo (see elo.h for the model and prior rule):
 * the input checked and summed per pairing, the ratings moved to the
 * anchor, counts, ranks and CFS. The fit is in elo_newton.c, the graph
 * conditions in elo_graph.c. */
#include "elo.h"
#include "err.h"
#include "elo_impl.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

static double mean(const double *x, size_t n)
{
	double s = 0;
	for (size_t i = 0; i < n; i++)
		s += x[i];
	return s / (double)n;
}

static int cmp_name(const void *pa, const void *pb)
{
	return strcmp(*(const char *const *)pa, *(const char *const *)pb);
}

/* Names present and distinct: sorted once, O(n log n). */
static int validate_names(int n, const char *const *names, char *err, size_t errlen)
{
	if (n < 1 || !names) {
		(void)err_set(err, errlen, "need at least one player, names and games");
		return ELO_EINPUT;
	}
	for (int i = 0; i < n; i++)
		if (!names[i]) {
			(void)err_set(err, errlen, "player %d has no name", i);
			return ELO_EINPUT;
		}
	const char **sorted = malloc(sizeof *sorted * (size_t)n);
	if (!sorted) {
		(void)err_set(err, errlen, "out of memory");
		return ELO_ENOMEM;
	}
	memcpy(sorted, names, sizeof *sorted * (size_t)n);
	qsort(sorted, (size_t)n, sizeof *sorted, cmp_name);
	int rc = 0;
	for (int i = 1; i < n && !rc; i++)
		if (!strcmp(sorted[i - 1], sorted[i])) {
			(void)err_set(err, errlen, "player name '%s' appears twice",
			              sorted[i]);
			rc = ELO_EINPUT;
		}
	free(sorted);
	return rc;
}

static int cmp_edge(const void *pa, const void *pb)
{
	const EloEdge *x = pa, *y = pb;
	if (x->a != y->a)
		return (x->a > y->a) - (x->a < y->a);
	return (x->b > y->b) - (x->b < y->b);
}

/* One edge per pairing, a < b, sorted: the fit then does the same sums in
 * the same order however the pairings came, and its result depends on the
 * totals alone. Returns the count, or -1 out of memory. */
static long edges(const EloPairing *p, size_t np, EloEdge **out)
{
	EloEdge *e = malloc(sizeof *e * (np + 1));
	if (!e)
		return -1;
	size_t ne = 0;
	for (size_t k = 0; k < np; k++) {
		double games = (double)p[k].wins + p[k].draws + p[k].losses;
		if (games <= 0)
			continue;
		if (p[k].a < p[k].b)
			e[ne++] =
			    (EloEdge){p[k].a, p[k].b, games, p[k].wins + 0.5 * p[k].draws};
		else
			e[ne++] = (EloEdge){p[k].b, p[k].a, games,
			                    p[k].losses + 0.5 * p[k].draws};
	}
	if (ne > 1)
		qsort(e, ne, sizeof *e, cmp_edge);
	size_t m = 0;
	for (size_t k = 0; k < ne; k++) {
		if (m && e[m - 1].a == e[k].a && e[m - 1].b == e[k].b) {
			e[m - 1].games += e[k].games; /* whole and half points: exact */
			e[m - 1].pts += e[k].pts;
		} else {
			e[m++] = e[k];
		}
	}
	*out = e;
	return (long)m;
}

static int cmp_rank(const void *pa, const void *pb)
{
	const double *a = pa, *b = pb; /* {rating, index}; no rating last */
	if (isnan(a[0]) != isnan(b[0]))
		return isnan(a[0]) ? 1 : -1;
	if (a[0] != b[0] && !isnan(a[0]))
		return a[0] > b[0] ? -1 : 1;
	return (a[1] > b[1]) - (a[1] < b[1]);
}

/* Counts, ranks and CFS of every player once ratings and cov are in place. */
static int summarise(EloRatings *er, const EloPairing *pairings, size_t np)
{
	int n = er->n;
	for (size_t k = 0; k < np; k++) {
		const EloPairing *q = &pairings[k];
		EloPlayer *a = &er->players[q->a], *b = &er->players[q->b];
		int games = q->wins + q->draws + q->losses;
		a->played += games, b->played += games;
		a->wins += q->wins, a->draws += q->draws, a->losses += q->losses;
		b->wins += q->losses, b->draws += q->draws, b->losses += q->wins;
	}
	double *key = malloc(sizeof *key * 2 * (size_t)n);
	if (!key)
		return ELO_ENOMEM;
	for (int i = 0; i < n; i++) {
		EloPlayer *p = &er->players[i];
		p->points = p->wins + 0.5 * p->draws;
		p->percent = p->played ? 100.0 * p->points / p->played : NAN;
		p->draw_percent = p->played ? 100.0 * p->draws / p->played : NAN;
		double v = er->cov[(size_t)i * n + i];
		p->error95 = isnan(v) ? NAN : ELO_Z95 * sqrt(fmax(0, v));
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

/* The covariance in the pool-average gauge moved to player `anchor`'s:
 * Ca = C - C e_a 1^T - 1 e_a^T C + C_aa 11^T, so row and column a are 0. */
static int to_anchor(double *cov, int n, int anchor)
{
	double *ca = malloc(sizeof *ca * (size_t)n);
	if (!ca)
		return ELO_ENOMEM;
	memcpy(ca, cov + (size_t)anchor * n, sizeof *ca * (size_t)n); /* = column a */
	double caa = ca[anchor];
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			cov[(size_t)i * n + j] += caa - ca[i] - ca[j];
	free(ca);
	return 0;
}

/* The ratings r of model m by maximum likelihood, with the covariance and
 * the Newton steps into er; with bounds (Ordo's rule, elo_bounds.c) also
 * *bound, n flags the caller frees. */
static int fit_model(const EloModel *m, bool bounds, int anchor, double *r, int **bound,
                     EloRatings *er, char *err, size_t errlen)
{
	int rc = 0;
	if (bounds) {
		*bound = malloc(sizeof **bound * (size_t)m->n);
		rc = *bound ? elo_bounds_fit(m, r, *bound, er->cov, &er->iterations, err,
		                             errlen)
		            : ELO_ENOMEM;
	} else if (m->n == 1) {
		r[0] = 0;
	} else if (!(rc = elo_newton_fit(m, anchor >= 0 ? anchor : 0, r, &er->iterations,
	                                 err, errlen))) {
		rc = elo_newton_cov(m, r, er->cov, err, errlen);
	}
	if (rc == ELO_ENOMEM)
		(void)err_set(err, errlen, "out of memory");
	if (rc) {
		free(*bound);
		*bound = NULL;
	}
	return rc;
}

/* elo_fit_pairings for players who all have games (or none has). */
static int fit_all(int n, const char *const *names, const EloPairing *pairings, size_t np,
                   const EloOptions *opt, EloRatings **out, char *err, size_t errlen)
{
	static const EloOptions defaults = {0};
	if (!opt)
		opt = &defaults;
	if (out)
		*out = NULL;
	int rc = validate_names(n, names, err, errlen);
	if (rc)
		return rc;
	if (np && !pairings) {
		(void)err_set(err, errlen, "need at least one player, names and games");
		return ELO_EINPUT;
	}
	for (size_t k = 0; k < np; k++) {
		const EloPairing *q = &pairings[k];
		if (q->a < 0 || q->a >= n || q->b < 0 || q->b >= n || q->a == q->b ||
		    q->wins < 0 || q->draws < 0 || q->losses < 0) {
			(void)err_set(err, errlen,
			              "pairing %zu: bad players %d and %d or counts", k,
			              q->a, q->b);
			return ELO_EINPUT;
		}
	}
	int anchor = -1;
	if (opt->anchor) {
		for (int i = 0; i < n && anchor < 0; i++)
			if (!strcmp(names[i], opt->anchor))
				anchor = i;
		if (anchor < 0) { /* say what it could have been */
			int k =
			    snprintf(err, errlen, "anchor '%s' is none of the players {",
			             opt->anchor);
			for (int i = 0; i < n && k >= 0 && (size_t)k < errlen; i++)
				k += i < 8 ? snprintf(err + k, errlen - (size_t)k, "%s%s",
				                      i ? ", " : "", names[i])
				           : snprintf(err + k, errlen - (size_t)k,
				                      " and %d more", n - 8);
			if (k >= 0 && (size_t)k < errlen)
				snprintf(err + k, errlen - (size_t)k, "}");
			return ELO_EINPUT;
		}
	}
	size_t nn = (size_t)n * (size_t)n;
	EloEdge *e = NULL;
	long ne = edges(pairings, np, &e);
	EloRatings *er = calloc(1, sizeof *er);
	double *r = malloc(sizeof *r * (size_t)n);
	if (er) {
		er->n = n;
		er->players = calloc((size_t)n, sizeof *er->players);
		er->order = malloc(sizeof *er->order * (size_t)n);
		er->cov = calloc(nn, sizeof *er->cov);
	}
	rc = ELO_ENOMEM;
	if (ne < 0 || !r || !er || !er->players || !er->order || !er->cov) {
		(void)err_set(err, errlen, "out of memory");
		goto out;
	}
	EloModel m = {.n = n, .ne = (size_t)ne, .e = e};
	bool strong = true;
	rc = elo_graph_check(&m, names, &strong, er->prior_reason, sizeof er->prior_reason,
	                     err, errlen);
	if (rc)
		goto out;
	if (!strong && opt->prior == ELO_PRIOR_NEVER) {
		(void)err_set(err, errlen, "%s", er->prior_reason);
		rc = ELO_EDIVERGES;
		goto out;
	}
	if (opt->prior == ELO_PRIOR_ALWAYS || (!strong && opt->prior == ELO_PRIOR_DRAWS))
		m.w = opt->prior_draws > 0 ? opt->prior_draws : 1;
	er->prior_used = m.w > 0;
	int *bound = NULL;
	if ((rc = fit_model(&m, !strong && opt->prior == ELO_PRIOR_NONE, anchor, r, &bound,
	                    er, err, errlen)))
		goto out;
	/* Ratings are differences; move them, and the covariance, from the
	 * pool average (with bounds, the main group's: 0) to the anchor. */
	if (anchor >= 0 && isnan(r[anchor])) /* unrated (elo_bounds.c): no anchor */
		anchor = -1;
	double shift = opt->anchor_rating - (anchor >= 0 ? r[anchor]
	                                     : bound     ? 0
	                                                 : mean(r, (size_t)n));
	if (anchor >= 0 && !(bound && bound[anchor]) &&
	    (rc = to_anchor(er->cov, n, anchor))) {
		free(bound);
		(void)err_set(err, errlen, "out of memory");
		goto out;
	}
	for (int i = 0; i < n; i++) {
		er->players[i].name = names[i];
		er->players[i].rating = r[i] + shift;
		er->players[i].bound = bound ? bound[i] : ELO_EXACT;
		er->bounds += bound && bound[i];
		er->unrated += isnan(r[i]);
	}
	free(bound);
	if ((rc = summarise(er, pairings, np))) {
		(void)err_set(err, errlen, "out of memory");
		goto out;
	}
	*out = er;
	er = NULL;
out:
	free(e), free(r);
	elo_destroy(er);
	return rc;
}

/* Open addressing from a pair of players to its pairing. */
typedef struct {
	size_t cap, count;
	uint64_t *key; /* lo * n + hi + 1; 0 is empty */
	size_t *at;
} PairIndex;

static size_t slot(const PairIndex *h, uint64_t key)
{
	size_t i = (size_t)((key * 0x9E3779B97F4A7C15u) >> 20) & (h->cap - 1);
	while (h->key[i] && h->key[i] != key)
		i = (i + 1) & (h->cap - 1);
	return i;
}

static int grow(PairIndex *h)
{
	PairIndex g = {.cap = h->cap ? 2 * h->cap : 1024, .count = h->count};
	g.key = calloc(g.cap, sizeof *g.key);
	g.at = malloc(sizeof *g.at * g.cap);
	if (!g.key || !g.at) {
		free(g.key), free(g.at);
		return -1;
	}
	for (size_t i = 0; i < h->cap; i++)
		if (h->key[i]) {
			size_t j = slot(&g, h->key[i]);
			g.key[j] = h->key[i], g.at[j] = h->at[i];
		}
	free(h->key), free(h->at);
	*h = g;
	return 0;
}

int elo_fit(int n, const char *const *names, const EloGame *games, size_t ngames,
            const EloOptions *opt, EloRatings **out, char *err, size_t errlen)
{
	if (out)
		*out = NULL;
	if (n < 1 || !names || (ngames && !games)) {
		(void)err_set(err, errlen, "need at least one player, names and games");
		return ELO_EINPUT;
	}
	for (size_t k = 0; k < ngames; k++) {
		const EloGame *g = &games[k];
		if (g->black < 0 || g->black >= n || g->white < 0 || g->white >= n ||
		    g->black == g->white) {
			(void)err_set(err, errlen, "game %zu: bad players %d and %d", k,
			              g->black, g->white);
			return ELO_EINPUT;
		}
		if (g->score != 0 && g->score != 0.5 && g->score != 1) {
			(void)err_set(err, errlen, "game %zu: score %g is not 0, 0.5 or 1",
			              k, g->score);
			return ELO_EINPUT;
		}
	}
	/* Summed per pairing (a hash: linear in the games), lower index first. */
	PairIndex h = {0};
	EloPairing *p = NULL;
	size_t np = 0, pcap = 0;
	int rc = ELO_ENOMEM;
	for (size_t k = 0; k < ngames; k++) {
		int b = games[k].black, w = games[k].white;
		int lo = b < w ? b : w, hi = b < w ? w : b;
		uint64_t key = (uint64_t)lo * (uint64_t)n + (uint64_t)hi + 1;
		if (2 * (h.count + 1) > h.cap && grow(&h) < 0)
			goto out;
		size_t i = slot(&h, key);
		if (!h.key[i]) {
			if (np == pcap) {
				pcap = pcap ? 2 * pcap : 256;
				EloPairing *q = realloc(p, sizeof *q * pcap);
				if (!q)
					goto out;
				p = q;
			}
			h.key[i] = key, h.at[i] = np, h.count++;
			p[np++] = (EloPairing){lo, hi, 0, 0, 0};
		}
		double s = lo == b ? games[k].score : 1 - games[k].score;
		EloPairing *q = &p[h.at[i]];
		q->wins += s == 1, q->draws += s == 0.5, q->losses += s == 0;
	}
	rc = elo_fit_pairings(n, names, p, np, opt, out, err, errlen);
out:
	if (rc == ELO_ENOMEM)
		(void)err_set(err, errlen, "out of memory");
	free(h.key), free(h.at), free(p);
	return rc;
}

/* The fit of the players with games (sub, of the k players keep names),
 * spread over all n: a player without games keeps its name, 0 games and
 * NAN for every figure, ranked after the others in input order. */
static EloRatings *expand(const EloRatings *sub, int n, const int *keep, int k,
                          const char *const *names)
{
	EloRatings *er = calloc(1, sizeof *er);
	if (!er)
		return NULL;
	er->n = n;
	er->players = calloc((size_t)n, sizeof *er->players);
	er->order = malloc(sizeof *er->order * (size_t)n);
	er->cov = malloc(sizeof *er->cov * (size_t)n * (size_t)n);
	if (!er->players || !er->order || !er->cov) {
		elo_destroy(er);
		return NULL;
	}
	er->prior_used = sub->prior_used;
	er->bounds = sub->bounds, er->unrated = sub->unrated;
	er->iterations = sub->iterations;
	memcpy(er->prior_reason, sub->prior_reason, sizeof er->prior_reason);
	for (size_t c = 0; c < (size_t)n * (size_t)n; c++)
		er->cov[c] = NAN;
	for (int i = 0; i < n; i++)
		er->players[i].played = -1; /* not yet placed */
	for (int a = 0; a < k; a++) {
		er->players[keep[a]] = sub->players[a];
		er->order[a] = keep[sub->order[a]];
		for (int b = 0; b < k; b++)
			er->cov[(size_t)keep[a] * (size_t)n + (size_t)keep[b]] =
			    sub->cov[(size_t)a * (size_t)k + (size_t)b];
	}
	for (int i = 0, at = k; i < n; i++)
		if (er->players[i].played < 0) {
			er->players[i] = (EloPlayer){.name = names[i],
			                             .rating = NAN,
			                             .error95 = NAN,
			                             .percent = NAN,
			                             .draw_percent = NAN,
			                             .rank = at + 1,
			                             .cfs_next = NAN};
			er->order[at++] = i;
		}
	return er;
}

int elo_fit_pairings(int n, const char *const *names, const EloPairing *pairings, size_t np,
                     const EloOptions *opt, EloRatings **out, char *err, size_t errlen)
{
	/* A player without games has no rating to fit (it would leave the
	 * players unconnected): it is fitted without, and listed after. */
	if (out)
		*out = NULL;
	bool valid = n >= 2 && names && (pairings || !np);
	for (size_t q = 0; valid && q < np; q++) { /* else fit_all says what is wrong */
		const EloPairing *p = &pairings[q];
		valid = p->a >= 0 && p->a < n && p->b >= 0 && p->b < n && p->a != p->b &&
		        p->wins >= 0 && p->draws >= 0 && p->losses >= 0;
	}
	if (!valid)
		return fit_all(n, names, pairings, np, opt, out, err, errlen);
	int *keep = malloc(sizeof *keep * (size_t)n * 2), *to = keep ? keep + n : NULL;
	const char **sub_names = malloc(sizeof *sub_names * (size_t)n);
	EloPairing *sub_pairings = malloc(sizeof *sub_pairings * (np + 1));
	EloRatings *sub = NULL;
	int rc = ELO_ENOMEM, k = 0;
	if (!keep || !sub_names || !sub_pairings) {
		(void)err_set(err, errlen, "out of memory");
		goto out;
	}
	for (int i = 0; i < n; i++)
		to[i] = -1;
	for (size_t q = 0; q < np; q++) {
		const EloPairing *p = &pairings[q];
		if (p->wins + p->draws + p->losses > 0)
			to[p->a] = to[p->b] = 0;
	}
	for (int i = 0; i < n; i++)
		if (to[i] == 0) {
			to[i] = k;
			sub_names[k] = names[i];
			keep[k++] = i;
		}
	if (k == n || k == 0) { /* everyone plays, or no one: as it is */
		rc = fit_all(n, names, pairings, np, opt, out, err, errlen);
		goto out;
	}
	rc = ELO_EINPUT;
	if (opt && opt->anchor)
		for (int i = 0; i < n; i++)
			if (to[i] < 0 && !strcmp(names[i], opt->anchor)) {
				(void)err_set(err, errlen, "anchor '%s' has played no game",
				              opt->anchor);
				goto out;
			}
	size_t sp = 0;
	for (size_t q = 0; q < np; q++)
		if (to[pairings[q].a] >= 0 && to[pairings[q].b] >= 0) {
			sub_pairings[sp] = pairings[q];
			sub_pairings[sp].a = to[pairings[q].a];
			sub_pairings[sp].b = to[pairings[q].b];
			sp++;
		}
	if ((rc = fit_all(k, sub_names, sub_pairings, sp, opt, &sub, err, errlen)))
		goto out;
	EloRatings *er = expand(sub, n, keep, k, names);
	rc = er ? 0 : ELO_ENOMEM;
	if (!er)
		(void)err_set(err, errlen, "out of memory");
	else if (out)
		*out = er;
	else
		elo_destroy(er);
out:
	elo_destroy(sub);
	free(keep), free(sub_names), free(sub_pairings);
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
	if (i != j && isnan(v)) /* a player without games: no error either */
		return NAN;
	return i == j ? 0 : ELO_Z95 * sqrt(fmax(0, v));
}

double elo_los(const EloRatings *r, int i, int j)
{
	double d = r->players[i].rating - r->players[j].rating;
	double sd = elo_diff_error(r, i, j) / ELO_Z95;
	if (isnan(d)) /* a player without games (elo_fit_pairings) */
		return NAN;
	if (i != j && isnan(sd)) /* a bound: no spread */
		return NAN;
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
