/* threat.h - threat-space search: VCF and VCT.
 *
 * The attacker (the side to move) plays only threats: fours (VCF, "victory
 * by continuous fours") or fours and open threes (VCT, "victory by continuous
 * threats"). The defender plays only the answers: the points that stop the
 * threat, its own five, or (against a three) a counter-four. The attacker
 * needs one move that wins against every answer. The search is a
 * depth-first proof-number search (df-pn) with a transposition table: it
 * follows the lines with the fewest answers left to refute, so long wins
 * are within reach; after the first proof it looks for shorter ones while
 * the node budget lasts. A solver owns its table; it is not shared between
 * threads.
 *
 * A win found is proven (under the rule of the board, renju forbidden points
 * included): the attacker wins within `depth` moves against every answer
 * the rules allow. "No win found" only means none within the depth and node
 * limits, or none of the kind searched. */
#ifndef PLAYERS_THREAT_H
#define PLAYERS_THREAT_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"

typedef enum { SOLVE_VCF, SOLVE_VCT } SolveKind;

enum { SOLVE_LINE_MAX = 64 };

typedef struct {
	int win; /* 1: the side to move wins by force; 0: no win found */
	int len; /* plies in line: attacker, defender, ..., attacker's five */
	int16_t line[SOLVE_LINE_MAX];
	uint64_t nodes; /* positions visited (stones played, again and again) */
	/* A win: its attacker moves, (len + 1) / 2. No win: max_depth when
	 * there is none of the kind within max_depth attacker moves (the
	 * search ended), 1 when the node limit cut it short. */
	int depth;
	int shortest; /* a win, and none of the kind with fewer attacker moves */
} SolveResult;

typedef struct Solver Solver;

/* A solver with a transposition table of about table_bytes (at least one
 * entry). NULL if out of memory. */
Solver *solver_create(size_t table_bytes);
void solver_destroy(Solver *s); /* accepts NULL */

/* Forgets what the table holds (call between unrelated games). */
void solver_clear(Solver *s);

/* Searches b for a forced win of b->to_move of the given kind, with at most
 * max_depth attacker moves (1..SOLVE_LINE_MAX/2) and about node_limit
 * positions (0 = no limit; the line of a win is read out of the table after
 * the search, beyond the limit: its plies once more, and a search again of
 * any part of the proof the table lost). b is used as scratch and restored. The win's
 * line is the principal one of the proof: the attacker's move of the proof,
 * and the defence its proof needs the most moves against. It is the
 * shortest win when `shortest` is set (always so if node_limit is 0). */
void solver_solve(Solver *s, Board *b, SolveKind kind, int max_depth, uint64_t node_limit,
                  SolveResult *out);

/* As solver_solve, but stops at the first proof: a win, not necessarily
 * the shortest (`shortest` is set only when it is plainly so). For when any
 * win will do: asking again at every node of a proof, say. */
void solver_prove(Solver *s, Board *b, SolveKind kind, int max_depth, uint64_t node_limit,
                  SolveResult *out);

#endif
