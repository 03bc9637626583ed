/* mcts_impl.h - the mcts player's state, shared by its files (internal).
 *
 * mcts.c holds the player (parameters, the budget, the move), mcts_tree.c
 * the search (selection, expansion with priors, playouts, the solver's
 * proofs), mcts_reuse.c the tree kept from one move to the next, and
 * mcts_root.c the threat-space checks at the root. */
#ifndef PLAYERS_MCTS_IMPL_H
#define PLAYERS_MCTS_IMPL_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "mcts_pos.h"
#include "rng.h"
#include "threat.h"

enum { PROVEN_NONE = 0, PROVEN_WIN, PROVEN_LOSS }; /* for the side that moved here */
enum { PLIES_MAX = 1023 };

typedef struct {
	uint32_t child; /* pool index of the first child; 0 while a leaf */
	uint32_t visits;
	float
	    score; /* 1 a win, 0.5 a draw, or an evaluation, for the side that moved here */
	float prior; /* share of the parent's shape scores, 0..1 */
	unsigned move : 11, nchild : 9, proven : 2, plies : 10;
} Node;

/* What the candidates of a position make for each side: the best Threat
 * and the sum of the leaf scores (MctsTree.leaf_score), for the side to
 * move (own) and the opponent; the leaf evaluation reads it. */
typedef struct {
	int own_best, opp_best;
	double own_sum, opp_sum;
} ShapeSum;

typedef struct {
	uint64_t seed;
	Rng rng;
	double c;
	uint32_t expand_visits;
	int width;      /* most children a node gets (0: all) */
	bool leaf_eval; /* value a new leaf by its shapes, not by a playout */
	double eval_scale;
	/* leaf = eval: what a candidate point is worth to a side, by the
	 * Threat a stone of that side would make there (FORBIDDEN 0; from
	 * FOUR_THREE on the evaluation does not add, it decides), and the
	 * weight of the opponent's sum. */
	double leaf_score[THREAT_COUNT];
	double leaf_ratio;
	ShapeSum sum; /* of the last expansion */
	bool forced;  /* the last expansion's moves were a five or blocks */
	int tactics;  /* playout tactics: 0 none, 1 fives, 2 also threes */
	bool solver;
	Solver *vcf; /* the root's VCF checks (mcts_root.h); NULL: none */
	/* Two pools of cap nodes each: the tree grows in pool[cur]; reuse
	 * copies the subtree kept into the other one and swaps. */
	Node *pools[2];
	int cur;
	Node *pool;
	uint32_t cap, used;
	int depth_max;
	bool have_tree; /* pool[0] is the tree of the position in board */
	Board board;    /* the root position */
	Board sync;     /* the leaf position, rebuilt for exact renju checks */
	MctsPos root, work;
	uint32_t path[BOARD_MAX_MOVES + 2];
	int16_t list[BOARD_MAX_MOVES];
	int score[BOARD_MAX_MOVES];
} MctsTree;

/* The colour that moved into the node at depth i of the current path. */
static inline Color mcts_mover_at(const MctsTree *m, int i)
{
	return (Color)(m->board.to_move ^ ((i & 1) ^ 1));
}

/* Orders list[0..k) by the shape score of each point for the side to move
 * of s (its own threat there plus the opponent's, so attack and defence
 * both count), best first and ties kept in their order; keeps the first
 * width (all if width is 0) in list[0..) and writes their priors (scores
 * over their sum) to prior; the rest of list is then unspecified. Returns
 * the number kept. score is scratch of k ints. With sum, also fills it
 * (over all k points, with the scores leaf_score). */
int mcts_prior_rank(const MctsPos *s, int16_t *list, int *score, float *prior, int k,
                    int width, const double *leaf_score, ShapeSum *sum);

/* The value of a position for its side to move, 0..1, from the shapes its
 * candidates make (sum): own sum - ratio x the opponent's, with scale the
 * difference of odds e. */
float mcts_leaf_value(const ShapeSum *sum, double ratio, double scale);

/* Gives the leaf at depth (whose position is m->work) its children. */
void mcts_tree_expand(MctsTree *m, uint32_t leaf, int depth);

/* One iteration from m->root: select, expand, play out, back up. */
void mcts_tree_iterate(MctsTree *m);

/* The child to play or follow: a proven win (fastest), else the most
 * visited child not proven lost, else the loss that takes longest. 0 if the
 * node has no children. */
uint32_t mcts_tree_best_child(const MctsTree *m, uint32_t idx);

/* Starts the search of b: keeps the subtree of the tree searched last
 * (m->board) when b follows from it by the moves in b's history, else an
 * empty root; then sets m->board, m->root, m->work and expands the root if
 * it has no children. Returns whether a subtree was kept. */
bool mcts_reuse_begin(MctsTree *m, const Board *b);

/* Drops the tree (a new game). */
void mcts_reuse_reset(MctsTree *m);

#endif
