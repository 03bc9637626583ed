/* ab_eval.h - the alphabeta player's evaluation: stone shapes along lines,
 * plus scores of the empty points by class (AbCell, ab_cells.c).
 *
 * The shape table of the published negamax player (seed 002): windows of
 * five or six cells along a line, 1 = own stone, 0 = empty point, each with
 * a score. A stone takes, per direction, an equal share of the best-scoring
 * shape it is part of (share = score / stones in the shape), so a shape is
 * counted once however many of its stones see it. A colour's total is the
 * sum over its stones and the four directions, plus its points' scores.
 * The evaluation for the side to move is own total - ratio * opponent
 * total.
 *
 * The totals are kept incrementally: after a stone is played, only the
 * stones within four cells on its four lines change their shares (five
 * where a colour needs exactly five, see ab_eval_rule), and ab_eval_delta
 * reads them from the board's line words. The shared shape
 * tables are built once (ab_eval_init, thread-safe); an AbEval holds one
 * player's scores and is read-only during a search. */
#ifndef PLAYERS_AB_EVAL_H
#define PLAYERS_AB_EVAL_H

#include <stdint.h>

#include "board.h"

/* Shape classes, one tunable score each. */
typedef enum {
	AB_LIVE_TWO,         /* 01100 00110 */
	AB_SPLIT_THREE,      /* 11010 (and its mirror 01011) */
	AB_SLEEPING_THREE,   /* 00111 11100 */
	AB_LIVE_THREE,       /* 01110 */
	AB_SPLIT_LIVE_THREE, /* 010110 011010 */
	AB_FOUR,             /* 11110 01111 */
	AB_SPLIT_FOUR,       /* 11101 11011 10111 */
	AB_OPEN_FOUR,        /* 011110 */
	AB_FIVE,             /* 11111 */
	AB_SHAPES
} AbShape;

/* Classes of empty points by what a stone there would make for a colour
 * (the board's Threat of the point, pattern.h): the combination points
 * that the stone shapes above cannot see, since they look along one line
 * at a time. One tunable score each; a point counts for each colour
 * separately (ab_cells.c). */
typedef enum {
	AB_CELL_DOUBLE_TWO,   /* THREAT_DOUBLE_TWO: two open twos */
	AB_CELL_OPEN_THREE,   /* THREAT_OPEN_THREE: makes an open three */
	AB_CELL_FOUR,         /* THREAT_FOUR: makes a four */
	AB_CELL_DOUBLE_THREE, /* THREAT_DOUBLE_THREE (not for renju black) */
	AB_CELL_FOUR_THREE,   /* THREAT_FOUR_THREE */
	AB_CELL_WIN,          /* THREAT_DOUBLE_FOUR, THREAT_OPEN_FOUR */
	AB_CELLS
} AbCell;

/* Totals are in units of 1/AB_EVAL_SCALE of a shape score. */
enum { AB_EVAL_SCALE = 12, AB_EVAL_IDS = 256, AB_FEATURES = AB_SHAPES + AB_CELLS };

typedef struct {
	int64_t value[AB_EVAL_IDS];   /* share of a stone, per shape-set id */
	int8_t best[AB_EVAL_IDS];     /* the shape class whose share that is, or -1 */
	const uint8_t *ids[2];        /* shape-set id table per colour (rule) */
	bool wide[2];                 /* that table is keyed by the cells within five */
	int64_t ratio_q16;            /* opponent weight, 16.16 fixed point */
	int64_t cell_score[AB_CELLS]; /* per point of the class */
	int8_t cell_class[2][THREAT_COUNT];  /* per colour (rule), or -1 */
	int64_t cell_value[2][THREAT_COUNT]; /* its score, scaled */
	bool cells_on;                       /* some cell score is not 0 */
	Rule rule;                           /* the last ab_eval_rule's */
} AbEval;

/* Builds the shared tables; safe to call from any thread, any number of
 * times. */
void ab_eval_init(void);

/* Sets e from shape scores (indexed by AbShape, each >= 0) and the opponent
 * weight ratio (>= 0). Calls ab_eval_init. */
void ab_eval_setup(AbEval *e, const int64_t score[AB_SHAPES], double ratio);

/* Sets the point-class scores (indexed by AbCell, each >= 0);
 * ab_eval_setup sets them all to 0. Keeps the rule's tables. */
void ab_eval_cells(AbEval *e, const int64_t score[AB_CELLS]);

/* Fills the cell tables from e's cell scores for a rule (ab_eval_rule and
 * ab_eval_cells call it). */
void ab_eval_cells_rule(AbEval *e, Rule rule);

/* Selects the tables for a rule (ab_eval_setup selects freestyle's). A
 * colour that wins only with exactly five (standard; renju black) counts no
 * five that is part of a longer line, and no four, split four or open four
 * whose five would be one: a line that can only become an overline is not
 * a four (its stones take their other shapes). An open four with one such
 * end is a four. The first call for such a rule builds a table of 1 MB
 * (thread-safe). */
void ab_eval_rule(AbEval *e, Rule rule);

/* Totals of both colours computed from the stones alone (reads cells, not
 * line words) plus the point classes' part from the board's threats: for
 * the root and for tests. */
void ab_eval_full(const AbEval *e, const Board *b, int64_t total[2]);

/* Adds to total[] the change made by the stone just played on p (b is the
 * position after board_play). */
void ab_eval_delta(const AbEval *e, const Board *b, int p, int64_t total[2]);

/* The point classes' part of the totals (ab_cells.c). A stone changes the
 * Threat of the empty points that board_play_delta lists in its delta
 * only (board.h), so ab_eval_cells_delta, after the play, adds to total[]
 * their values now less their values before, and takes out the stone's
 * point. ab_eval_cells_full: both colours' from the board's threats
 * alone; ab_eval_cell_counts: how many empty points of each colour fall
 * in each class. */
void ab_eval_cells_delta(const AbEval *e, const Board *b, const BoardDelta *d,
                         int64_t total[2]);
void ab_eval_cells_full(const AbEval *e, const Board *b, int64_t total[2]);
void ab_eval_cell_counts(const AbEval *e, const Board *b, int count[2][AB_CELLS]);

/* Stones that share a shape's score (a five: its three middle stones). */
extern const int ab_eval_stones[AB_SHAPES];

/* The evaluation as a function of the scores, for the tuner: count[c][s]
 * receives how many (stone, direction) pairs of colour c take their share
 * from shape class s under e's scores (the best-scoring shape; ties go to
 * the first class in AbShape order; a stone whose shapes all score 0 counts
 * nowhere). Then total[c] of ab_eval_full is exactly
 *   sum over s of count[c][s] * score[s] * AB_EVAL_SCALE / ab_eval_stones[s],
 * so for fixed counts the evaluation is linear in the scores. Which class
 * is best depends on the scores: the counts hold for e's scores only. */
void ab_eval_counts(const AbEval *e, const Board *b, int count[2][AB_SHAPES]);

/* The score for colour me: own total - ratio * opponent total, in shape
 * score units, clamped to +-AB_EVAL_MAX. */
enum { AB_EVAL_MAX = 400000000 };
int ab_eval_score(const AbEval *e, const int64_t total[2], Color me);

#endif
