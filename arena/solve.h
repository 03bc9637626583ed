/* solve.h - `arena solve`: the threat solver on one position. */
#ifndef ARENA_SOLVE_H
#define ARENA_SOLVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "rules.h"

enum { SOLVE_DEPTH_MAX = 32 }; /* attacker moves the solver looks ahead, at most */

typedef struct {
	const char *moves; /* the position as moves, "h8 i9 ..." */
	const char *psq;   /* ... or as a .psq record: exactly one of the two */
	bool vct;          /* fours and threes; false: fours only (VCF) */
	int attacker;      /* BLACK or WHITE, who then moves next; -1: the side to move */
	long nodes;        /* positions searched, at most; at least 1 */
	long depth;        /* attacker moves, 1 to SOLVE_DEPTH_MAX */
	long size;         /* the board of --moves: BOARD_MIN to BOARD_MAX */
	Rule rule;
} SolveOptions;

/* Prints the board, the answer, the winning line and the nodes searched
 * to out. Returns the exit status: 0 a win found; 1 none found (err ""),
 * or out of memory; 2 bad input (no position or two, moves that do not
 * parse, a game already over). err holds the message of 2 and of out of
 * memory. */
int solve_position(const SolveOptions *o, FILE *out, char *err, size_t errlen);

#endif
