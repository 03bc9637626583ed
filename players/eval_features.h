/* eval_features.h - a player's static evaluation as counts of features, for
 * Texel tuning: the optional slot PlayerType.eval (NULL for a type that
 * offers none; `tuner texel` tunes any type that offers one).
 *
 * The model: in a position each colour c has counts count[c][j] of the
 * features j = 0 .. nfeat - 1, and the evaluation for the side to move me is
 *     sum over j of  w_j * scale[j] * (count[me][j] - r * count[me ^ 1][j])
 * where w_j is the value of parameter weight[j] and r that of parameter
 * ratio (indices into the type's params). Which feature a count goes to may
 * depend on the weights (alphabeta: a stone takes the share of its
 * best-scoring shape), so counts hold only for the parameters they were made
 * with: for fixed counts the evaluation is linear in the weights, and the
 * tuner extracts the counts again with the fitted weights until they no
 * longer change. */
#ifndef PLAYERS_EVAL_FEATURES_H
#define PLAYERS_EVAL_FEATURES_H

#include "board.h"
#include "param.h"
#include "player.h"

enum { EVAL_FEATURES_MAX = 16 };

struct EvalFeatures {
	int nfeat;           /* 1 .. EVAL_FEATURES_MAX */
	const int *weight;   /* nfeat distinct indices of numeric parameters */
	const double *scale; /* nfeat fixed factors, > 0 */
	int ratio;           /* index of the opponent's weight; -1: none (r = 1) */
	/* An evaluator for ps (a ParamSet of the type's params) under rule
	 * (given back to destroy), or NULL when out of memory. It is read-only
	 * once made: any number of threads may count with it at once. */
	void *(*create)(const ParamSet *ps, Rule rule);
	/* Fills count[c][0 .. nfeat) for both colours c of position b (a
	 * position under the evaluator's rule). */
	void (*count)(const void *evaluator, const Board *b,
	              int count[2][EVAL_FEATURES_MAX]);
	void (*destroy)(void *evaluator); /* accepts NULL */
	/* The index of a numeric parameter by which the player itself divides
	 * this evaluation before a logistic (mcts's eval_scale), which the
	 * tuner sets to 1 / K along with the fitted weights; -1: none. */
	int inverse_k;
};

/* The parameter index of fitted coordinate j of f: the weight of feature j
 * for j < nfeat, the ratio (maybe -1) for j = nfeat. */
static inline int eval_features_param(const EvalFeatures *f, int j)
{
	return j < f->nfeat ? f->weight[j] : f->ratio;
}

#endif
