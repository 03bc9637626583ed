/* elo_impl.h - what elo.c, elo_graph.c and elo_newton.c share (not for
 * other callers: elo.h is the interface).
 *
 * The fit sees a pool as a list of edges, one per pairing (two players who
 * met), with the totals that are all the likelihood depends on. Every
 * function here is linear in players plus edges, but for the covariance (a
 * dense inverse, once per fit). */
#ifndef ARENA_ELO_IMPL_H
#define ARENA_ELO_IMPL_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
	int a, b;          /* players, a < b */
	double games, pts; /* games between them; a's points, 0..games */
} EloEdge;

typedef struct {
	int n;            /* players */
	size_t ne;        /* edges, sorted by (a, b), one per pairing */
	const EloEdge *e; /* borrowed */
	double w;         /* virtual draws per player against the pool average; 0: none */
} EloModel;

/* ELO_EDISCONNECTED with "players are not connected: {A, B} and {C}" in err
 * when some players never met, even through others; else 0, with *strong
 * telling whether the graph "i scored a point or half a point against j" is
 * strongly connected (then maximum likelihood has a finite answer) and, when
 * it is not, why naming the groups that make it infinite. ELO_ENOMEM. */
int elo_graph_check(const EloModel *m, const char *const *names, bool *strong, char *why,
                    size_t whylen, char *err, size_t errlen);

/* The strongly connected components of "i scored a point or half a point
 * against j": comp[i] for each player, numbered 0.. so that a group comes
 * after every group it scored against. Returns their count, or -1 out of
 * memory. */
int elo_graph_strong(const EloModel *m, int *comp);

/* Ordo's rule for perfect scores (elo.h, ELO_PRIOR_NONE), for a pool whose
 * maximum likelihood is not finite: the main group (the largest strongly
 * connected one) fitted by maximum likelihood, its average 0, and cov
 * (n*n) its covariance, NAN for anyone else; every other group above or
 * below it placed as a bound (bound[i] ELO_LOWER or ELO_UPPER, r[i] the
 * bound); a group neither above nor below gets r[i] = NAN, bound 0.
 * *iters: the main group's Newton steps. 0, or ELO_ENOMEM / ELO_EGSL. */
int elo_bounds_fit(const EloModel *m, double *r, int *bound, double *cov, int *iters,
                   char *err, size_t errlen);

/* Maximum likelihood by damped Newton, each step solved by conjugate
 * gradients on the sparse Hessian: r (n values) with r[ref] = 0; *iters
 * Newton steps. 0, or ELO_ENOMEM / ELO_EGSL with err. */
int elo_newton_fit(const EloModel *m, int ref, double *r, int *iters, char *err,
                   size_t errlen);

/* cov (n*n, row-major): the covariance of the ratings at r in the gauge
 * "the pool averages 0": the pseudo-inverse of the negated Hessian. One
 * dense Cholesky factorisation and inversion. 0, or ELO_ENOMEM / ELO_EGSL. */
int elo_newton_cov(const EloModel *m, const double *r, double *cov, char *err,
                   size_t errlen);

#endif
