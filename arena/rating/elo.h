/* elo.h - maximum-likelihood Elo ratings of a pool of players, error bars,
 * likelihood of superiority; and (elo_pair.h) head-to-head statistics of one
 * pairing.
 *
 * Model: Bradley-Terry on the logistic Elo scale, P(i beats j) =
 * 1 / (1 + 10^((Rj - Ri) / 400)), no colour advantage; a game with score s
 * for black adds s log p + (1 - s) log(1 - p) to the log-likelihood, so a
 * draw counts as half a win and half a loss; only each pairing's totals
 * enter it. Damped Newton on the exact gradient and Hessian, each step
 * solved by conjugate gradients; the covariance is the pseudo-inverse of
 * the negated Hessian (pool-average gauge), moved to the chosen anchor.
 *
 * Cost, n players, P pairings, G games: summing games per pairing O(G)
 * (elo_fit), sorting the pairings O(P log P), O(n + P) per CG iteration
 * (some 30 per Newton step, about ten steps), and once a dense inverse for
 * the covariance: O(n^3), 8 n^2 bytes, in one thread. elo_los is O(1).
 *
 * Perfect scores. The maximum-likelihood estimate is finite exactly when
 * the graph "i scored a point or half a point against j" is strongly
 * connected (Zermelo/Ford); otherwise a player or a group with a perfect
 * score against the rest (all won, or all lost) drifts to infinity. By
 * default (ELO_PRIOR_NONE) such a pool is rated as Ordo rates it: the
 * groups with perfect scores are set aside, the main group is fitted by
 * pure maximum likelihood (no prior), and each group set aside is placed as
 * a bound, a lower one (ELO_LOWER) for a group that won every game against
 * the players placed before it, an upper one (ELO_UPPER) for one that lost
 * them all: where its expected score against them is one game short of
 * perfect, i.e. its score with one game turned into a draw (elo_bounds.c
 * says which groups, in which order). A bound has no error, covariance or
 * LOS (NAN). ELO_PRIOR_DRAWS instead gives every player, only when maximum
 * likelihood is not finite, `prior_draws` (default 1) virtual draws against
 * a player rated at the pool average (a prior of our own: finite ratings
 * in their order, all shrunk slightly together); ELO_PRIOR_ALWAYS applies
 * it in every fit; ELO_PRIOR_NEVER makes a non-finite fit an error naming
 * the groups. EloRatings.prior_reason names the groups in every mode.
 *
 * Callers must have called gsl_set_error_handler_off() once at start-up.
 * Functions are reentrant; an EloRatings is read-only after elo_fit. */
#ifndef ARENA_ELO_H
#define ARENA_ELO_H

#include <stdbool.h>
#include <stddef.h>

#define ELO_Z95 1.959963984540054 /* two-sided 95% normal quantile, "1.96" */

/* Negative return codes. */
enum {
	ELO_EINPUT = -1,
	ELO_EDISCONNECTED = -2,
	ELO_EDIVERGES = -3,
	ELO_ENOMEM = -4,
	ELO_EGSL = -5
};

typedef struct {
	int black, white; /* player indices, 0 <= i < n, black != white */
	double score;     /* black's score: 1, 0.5 or 0 */
} EloGame;

/* One pairing's results, from player a's side. */
typedef struct {
	int a, b;                /* player indices, 0 <= i < n, a != b */
	int wins, draws, losses; /* a's, each >= 0 */
} EloPairing;

typedef enum {
	ELO_PRIOR_NONE = 0, /* pure maximum likelihood; perfect scores as bounds */
	ELO_PRIOR_DRAWS,    /* virtual draws when maximum likelihood is not finite */
	ELO_PRIOR_ALWAYS,   /* virtual draws in every fit */
	ELO_PRIOR_NEVER     /* pure maximum likelihood, or ELO_EDIVERGES */
} EloPriorMode;

/* What a rating is (EloPlayer.bound). */
enum { ELO_UPPER = -1, ELO_EXACT = 0, ELO_LOWER = 1 };

/* Zero-initialised options are the defaults. */
typedef struct {
	const char *anchor;   /* NULL: pool average = anchor_rating; else this
	                         player's rating = anchor_rating. With bounds the
	                         pool is the main group; an anchor set aside has
	                         its bound at anchor_rating, and the errors stay
	                         those of the main group's average; an unrated
	                         anchor is as none */
	double anchor_rating; /* Elo, default 0 */
	EloPriorMode prior;
	double prior_draws; /* virtual draws per player when the prior applies; 0 -> 1 */
} EloOptions;

typedef struct {
	const char *name; /* borrowed from the caller's names array */
	double rating;    /* Elo */
	double error95;   /* ELO_Z95 * standard deviation; 0 for a named anchor */
	double points;
	int played, wins, draws, losses;
	double percent, draw_percent; /* 0..100 of played games */
	int rank;                     /* 1 = highest rating; ties keep input order */
	double cfs_next; /* LOS over the next ranked player, 0..1; NAN for the last */
	int bound;       /* ELO_EXACT, or rating is a bound: ELO_LOWER, ELO_UPPER */
} EloPlayer;

enum { ELO_REASON_MAX = 512 };

typedef struct {
	int n;
	EloPlayer *players; /* n, in input order */
	int *order;         /* n player indices, best first */
	double *cov;        /* n*n row-major covariance of the ratings, Elo^2 */
	bool prior_used;    /* the virtual draws entered this fit */
	int bounds;         /* players rated as bounds (ELO_PRIOR_NONE) */
	int unrated;        /* players with games but no rating: a group that
	                       met the main one only through groups set aside */
	/* When maximum likelihood has no finite answer, why: "no finite
	 * maximum-likelihood ratings: {D} scored no points against the other
	 * players; ..." (each group's first names); else "". */
	char prior_reason[ELO_REASON_MAX];
	int iterations; /* Newton steps taken */
} EloRatings;

/* Fits ratings of players 0..n-1 from ngames games. On success returns 0 and
 * stores in *out a new EloRatings that the caller frees with elo_destroy;
 * names must outlive it. Otherwise returns ELO_EINPUT (bad input, unknown
 * anchor), ELO_EDISCONNECTED ("players are not connected: {A, B} and {C}"),
 * ELO_EDIVERGES (no finite fit under ELO_PRIOR_NEVER), ELO_ENOMEM or
 * ELO_EGSL, fills err and leaves *out NULL. opt may be NULL. A player
 * without games is no part of the fit: it is listed after the others (in
 * input order) with played 0 and NAN for its rating, error, percentages,
 * cfs_next, covariance, elo_los and elo_diff_error; naming it as the
 * anchor is ELO_EINPUT. */
int elo_fit(int n, const char *const *names, const EloGame *games, size_t ngames,
            const EloOptions *opt, EloRatings **out, char *err, size_t errlen);
/* The same from each pairing's totals (several entries of one pairing add
 * up): the ratings, errors and counts depend only on the totals, not on the
 * order of the entries. */
int elo_fit_pairings(int n, const char *const *names, const EloPairing *pairings,
                     size_t npairings, const EloOptions *opt, EloRatings **out, char *err,
                     size_t errlen);
void elo_destroy(EloRatings *r); /* accepts NULL */

/* 95% error of Ri - Rj from the covariance (0 when i == j). */
double elo_diff_error(const EloRatings *r, int i, int j);
/* Likelihood of superiority Phi((Ri - Rj) / sd(Ri - Rj)), 0..1;
 * elo_los(i, j) + elo_los(j, i) = 1, and 0.5 when i == j. */
double elo_los(const EloRatings *r, int i, int j);

/* 400 log10(s / (1 - s)): the logistic Elo difference that scores s; +0
 * (not -0) at 0.5, +-INFINITY at 1 and 0. */
double elo_from_score(double s);

/* The head-to-head statistics of one pairing. */
#include "elo_pair.h"

#endif
