/* mcts_pos.h - the light position the mcts player searches and plays out on
 * (internal to mcts.c).
 *
 * A playout needs far less than a Board, and each part is kept as bits so
 * that a move costs a few dozen mostly branch-free instructions: the
 * occupied cells and the candidates (empty points within two of a stone) as
 * one 32-bit word per padded row, so a move adds its new candidates a row
 * at a time, and the stones of each colour as one word per line and
 * direction, from which the run a stone would make is two bit scans. A five
 * is therefore found at the move itself, in O(1).
 *
 * While `track` is set, mcts_pos_play also lists the points where each
 * colour would complete a five (mcts_pos_fives): the tree needs them to
 * prove wins, and playouts with tactics to take and block fives. Pure random
 * playouts turn it off.
 *
 * Fives follow the rule of the board (exactly five for black under standard
 * and renju, for white under standard). Renju forbidden points are only
 * estimated here (mcts_pos_banned); the tree settles doubtful ones on a real
 * Board. There is no undo: the search copies its root position
 * (mcts_pos_copy) once per iteration. */
#ifndef PLAYERS_MCTS_POS_H
#define PLAYERS_MCTS_POS_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "rng.h"

enum { POS_DRAW = 2 }; /* a playout result besides BLACK and WHITE */

typedef struct {
	int size, count;
	Color to_move;
	Rule rule;
	bool track;         /* keep the five lists up to date */
	bool exact[2];      /* per colour: only exactly five wins */
	int lo, hi;         /* the cells that can change are lo..hi-1 */
	int row_lo, row_hi; /* padded rows of the board */
	int ncand;
	int last[2]; /* each colour's latest stone, POINT_NONE before its first */
	int nfive[2];
	const uint8_t *table[2], *combo[2]; /* each colour's pattern tables */
	/* Bit x + BOARD_PAD of word y + BOARD_PAD: cell (x, y). occ holds stones
	 * and walls, cand the candidates (also listed in list[0..ncand-1], in no
	 * particular order, for drawing one at random). */
	uint32_t occ[BOARD_ROWS];
	uint32_t cand[BOARD_ROWS];
	int16_t list[BOARD_MAX_MOVES];
	/* Stones of colour c on line i of direction d (numbered as in board.h),
	 * bit = x for horizontal lines and y for the others. */
	uint32_t line[2][4][BOARD_LINES];
	uint8_t cell[BOARD_CELLS];
	uint8_t listed[BOARD_CELLS]; /* bit c: the point is in fives[c] */
	int16_t slot[BOARD_CELLS];   /* a candidate's index in list */
	/* Points that were five points of each colour when added; stale
	 * entries are dropped by mcts_pos_fives. */
	int16_t fives[2][BOARD_MAX_MOVES];
} MctsPos;

/* Sets s to the position b (which must have no five on it), tracking. */
void mcts_pos_init(MctsPos *s, const Board *b);

/* Makes dst equal to src. dst must already hold a position of the same
 * board (from mcts_pos_init or a plain copy): only what can change is
 * copied. */
void mcts_pos_copy(MctsPos *dst, const MctsPos *src);

/* Does a stone of colour c on the empty point p complete a five? */
bool mcts_pos_wins_at(const MctsPos *s, int p, Color c);

/* Plays the side to move on the candidate p, which must not complete a
 * five (the game would be over). */
void mcts_pos_play(MctsPos *s, int p);

/* The number of points where c would complete a five; they are then
 * s->fives[c][0..n-1], in no particular order. Needs tracking since
 * mcts_pos_init. */
int mcts_pos_fives(MctsPos *s, Color c);

/* Writes the candidates in board order to out; returns their number. */
int mcts_pos_candidates(const MctsPos *s, int16_t *out);

/* The combined Threat of a stone of colour c on the empty point p, as
 * Board.threat would hold it (for renju black with its forbidden marks). */
int mcts_pos_threat(const MctsPos *s, int p, Color c);
/* Both colours' threats at p: threat[BLACK], threat[WHITE]. */
void mcts_pos_threats(const MctsPos *s, int p, int threat[2]);

/* Renju: is p forbidden or possibly forbidden for black (an overline, a
 * double four, or two open threes by the line patterns)? A superset of the
 * forbidden points that are not fives. */
bool mcts_pos_banned(const MctsPos *s, int p);

/* The playouts' answer to threes, for the side to move c (which has no
 * five point, nor has the opponent): a point on a line through c's latest
 * stone where c makes a straight four or a double four (a win unless the
 * opponent has fours to play first), else a point on a line through the
 * opponent's latest stone where the opponent would (an open three, or a
 * split one, to stop). Only those lines are read, since a stone changes
 * the shapes of its own lines alone. POINT_NONE if neither; renju black
 * never gets a banned point. */
int mcts_pos_tactic(const MctsPos *s);

/* Plays random candidates until the game ends and returns the winner
 * (BLACK, WHITE) or POS_DRAW for a full board. Renju black never picks a
 * banned point and loses when it has no other candidate. With tactics (1) the
 * mover completes a five when it can and otherwise blocks the opponent's
 * five (this needs tracking; without tactics it is turned off); with 2 it
 * then plays mcts_pos_tactic's answer to threes if there is one. s is
 * consumed. */
int mcts_pos_playout(MctsPos *s, Rng *rng, int tactics);

#endif
