/* threat_check.h - an independent check of a claimed forced win, and the
 * solver's position sets (tests/data/solver/) for the tests and the
 * benchmark.
 *
 * The check shares nothing with the solver's search: fives are found by
 * counting stones along the lines (exactly five for standard and renju
 * black, five or more otherwise), forbidden points come from the referee
 * (rules_is_forbidden), and the defender may answer anywhere the rules
 * allow, not only where the solver looks. Only the attacker's moves come
 * from outside, from an oracle (in practice the solver, asked again at
 * every attack node of the tree). A defender's answer is settled without
 * the oracle when the attacker then has a five, or a point that makes two
 * fives while the defender has none; every other answer is followed. */
#ifndef TESTS_THREAT_CHECK_H
#define TESTS_THREAT_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "threat.h"

/* The attacker's move at b (attacker to move, `moves` attacker moves
 * left), or POINT_NONE if it has none. */
typedef int (*CheckOracle)(void *ctx, Board *b, int moves);

typedef struct {
	uint64_t attack_nodes;  /* positions where the oracle was asked */
	uint64_t defence_nodes; /* positions where every answer was tried */
	uint64_t max_nodes;     /* give up (a failure) beyond this many, 0: none */
} CheckStats;

/* Does the side to move of b win within `moves` attacker moves (its five
 * included) against every defence, playing the oracle's moves? b is
 * restored. On false, err says where the strategy fails. */
bool check_win(Board *b, int moves, CheckOracle oracle, void *ctx, CheckStats *st,
               char *err, size_t errlen);

/* Would a stone of c on the empty point p make a five under b's rule? */
bool check_five(const Board *b, int p, Color c);

/* The oracle that asks a solver (ctx: a CheckSolver). */
typedef struct {
	Solver *solver;
	SolveKind kind;
	uint64_t nodes; /* node limit of each question */
} CheckSolver;
int check_solver_oracle(void *ctx, Board *b, int moves);

/* ---- position sets ---- */

enum { CHECK_NAME_MAX = 32 };

/* One line of a set file: NAME RULE KIND PLIES MOVES... (PLIES "-" for no
 * win), the side to move attacks. */
typedef struct {
	char name[CHECK_NAME_MAX];
	Rule rule;
	SolveKind kind;
	int plies; /* the reference win's line, 0 for the no-win set */
	Board board;
} CheckPosition;

/* Reads the set file at path into a new array (*out, to free()); returns
 * the count, or -1 with a message in err. */
int check_load_set(const char *path, CheckPosition **out, char *err, size_t errlen);

#endif
