/* threat.h - threat-space search: VCF and VCT.
 *
 * The attacker (the side to move) plays only threats: fours (VCF, "victory
 * by continuous fours") or fours and open threes (VCT, "victory by continuous
 * threats"). The defender plays only the answers: the points that stop the
 * threat, its own five, or (against a three) a counter-four. Attack and
 * defence are separate mutually recursive functions; the attacker needs one
 * move that wins against every answer. Iterative deepening over the number
 * of attacker moves finds the shortest win first. A solver owns its own
 * transposition table; it is not shared between threads.
 *
 * A win found is proven (under the rule of the board, renju forbidden points
 * included). "No win found" only means none within the depth and node limits,
 * or none of the kind searched. */
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
	uint64_t nodes; /* positions visited */
	int depth;      /* attacker moves of the deepest iteration completed */
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
 * positions (0 = no limit). b is used as scratch and restored. The win's
 * line is the principal one: against each defence the fastest win. */
void solver_solve(Solver *s, Board *b, SolveKind kind, int max_depth, uint64_t node_limit,
                  SolveResult *out);

#endif
