/* texel_fit.h - fitting evaluation weights to game results (Texel's method).
 *
 * A position is a row of feature counts of the side to move (own) and of
 * the opponent (opp), and the result of its game from the mover's side
 * (0, 0.5 or 1). The model is a player's evaluation as a function of its
 * parameters (PlayerType.eval, eval_features.h):
 *     eval = sum_j w_j * scale_j * (own_j - ratio * opp_j)
 * (alphabeta: w_j the shape scores, scale_j = 1 / stones in the shape),
 * and the prediction sigmoid(K * eval). The loss is the mean cross-entropy
 *     L = mean of  -r log p - (1 - r) log(1 - p),  p = sigmoid(K * eval)
 * (the logistic loss; a draw counts as half a win and half a loss), plus an
 * optional l2 * sum of (theta - theta_prior)^2 over the fitted parameters,
 * theta = log(value), theta_prior that of given prior values (the start).
 *
 * K is fitted first, alone, with the start weights (Brent's method on log K
 * after a scan that brackets the minimum). Then K stays fixed and the chosen
 * weights (and ratio) are fitted by GSL's vector BFGS2 with the analytic
 * gradient. The fitted coordinates are theta = log(value): weights and ratio
 * stay positive, and every coordinate moves on the same relative scale,
 * whatever the size of the score (50 for a two, 50000 for an open four).
 *
 * Data sets hold compact counts (uint16), not boards: 4 * nfeat + 1 bytes
 * a position. The loss and gradient run on OpenMP threads. */
#ifndef TUNER_TEXEL_FIT_H
#define TUNER_TEXEL_FIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { TEXEL_FEAT_MAX = 16 };

typedef struct {
	size_t n, cap;
	int nfeat;
	uint16_t *own, *opp; /* n * nfeat each, row-major; owned */
	uint8_t *result;     /* n: 0 loss, 1 draw, 2 win (halves of a point) */
} TexelSet;

/* Sets up an empty set of nfeat (1..TEXEL_FEAT_MAX) features. */
void texel_set_init(TexelSet *s, int nfeat);
/* Appends a position; result2 is 0, 1 or 2. Returns 0 or -1 (out of memory). */
int texel_set_add(TexelSet *s, const uint16_t *own, const uint16_t *opp, int result2);
/* Makes the set hold n positions, the new ones uninitialised, for filling
 * rows in place. Returns 0 or -1 (out of memory; the set is unchanged). */
int texel_set_resize(TexelSet *s, size_t n);
void texel_set_free(TexelSet *s); /* the set is empty and usable again */

typedef struct {
	int nfeat;
	double w[TEXEL_FEAT_MAX];     /* weights (shape scores) */
	double scale[TEXEL_FEAT_MAX]; /* fixed factor of each feature */
	double ratio;                 /* opponent weight */
	double k;                     /* sigmoid scale */
	bool fit_w[TEXEL_FEAT_MAX];   /* which weights the fit may change */
	bool fit_ratio;
	double l2; /* penalty on (log value - log prior)^2 of fitted parameters */
} TexelModel;

/* The number of fitted coordinates of m. */
int texel_model_dim(const TexelModel *m);

/* Mean loss over s for the model; if grad is not NULL it receives the
 * derivative of the mean loss with respect to each fitted coordinate
 * theta = log(value), weights first in feature order, then ratio. prior
 * holds the l2 penalty's centre (its w and ratio; NULL: no penalty, the
 * plain mean cross-entropy). threads 0: every
 * core. An empty set has loss 0. */
double texel_loss(const TexelSet *s, const TexelModel *m, const TexelModel *prior,
                  double *grad, int threads);

/* Fits m->k alone (the weights unchanged) and returns the loss there.
 * Returns -1 with a message if no minimum is bracketed in K = 1e-9..1e2. */
int texel_fit_k(const TexelSet *s, TexelModel *m, int threads, double *loss, char *err,
                size_t errlen);

typedef struct {
	int iterations;   /* BFGS steps done */
	double loss;      /* at the end, l2 penalty included */
	double evals;     /* loss-and-gradient evaluations */
	double positions; /* positions evaluated in them */
	double seconds;   /* time spent in them */
	const char
	    *stop; /* why the fit stopped: "converged", "no progress", "iterations" */
} TexelFitStats;

/* Fits the chosen weights and ratio of m by BFGS2 for at most iterations
 * steps, K fixed, minimising texel_loss with the given prior (NULL: m as
 * given). A value below 1 (a weight) or 0.001 (the ratio) starts there,
 * and the prior too is read with these floors, since theta = log(value).
 * Returns 0, or -1 with a message if GSL fails. */
int texel_fit(const TexelSet *s, TexelModel *m, const TexelModel *prior, int iterations,
              int threads, TexelFitStats *st, char *err, size_t errlen);

#endif
