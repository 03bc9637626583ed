/* threat_impl.h - internals shared by threat.c (search) and threat_line.c
 * (principal line). Not part of the players interface. */
#ifndef PLAYERS_THREAT_IMPL_H
#define PLAYERS_THREAT_IMPL_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "threat.h"

/* What a stone of one colour on an empty point threatens, weakest first. */
enum {
	MOVE_NONE = 0,
	MOVE_THREE,      /* an open three: an open four next */
	MOVE_FOUR,       /* one five point */
	MOVE_FOUR_THREE, /* a four and an open three */
	MOVE_OPEN_FOUR,  /* two five points at once (open or double four) */
	MOVE_CLASSES
};

/* A position searched with budget n (attacker moves): win is the length of
 * a win found (attacker moves, 0 if none), fail the largest budget that
 * found none, FAIL_ALWAYS if that search was not cut short by its budget.
 * The key holds the Zobrist hash, the kind of search, the rule and the
 * board size. */
typedef struct {
	uint64_t key;
	int16_t move; /* the attacker's move of the win */
	uint8_t win;
	uint8_t fail;
} TableEntry;

enum { FAIL_ALWAYS = UINT8_MAX };

struct Solver {
	TableEntry *table;
	size_t mask; /* entries - 1, a power of two minus one */
	/* The current solve. */
	Board *b;
	Color att;
	SolveKind kind;
	uint64_t salt; /* table keys: hash ^ salt, from kind, rule and size */
	uint64_t nodes, limit;
	bool stop; /* the node limit was reached: results are not proofs */
	bool cut;  /* some node of the current subtree ran out of budget */
	int npoints;
	int16_t points[BOARD_MAX_MOVES]; /* the board's points, row by row */
	uint32_t stamp;                  /* marks of threat_defences */
	uint32_t mark[BOARD_CELLS];
};

/* Can c play p without losing on the spot (renju black: not forbidden)? */
bool threat_legal(Board *b, int p, Color c);

/* MOVE_* of a stone of c on the empty point p; forbidden points are
 * MOVE_NONE. Fives are MOVE_NONE too: they are looked for separately. */
int threat_class(Board *b, int p, Color c);

/* Five points of c on the four lines through p, within four of it. */
int threat_fives_near(const Board *b, int p, Color c, int16_t *out);

/* Five points of c on the whole board, at most max of them. */
int threat_fives_all(const Solver *s, Color c, int16_t *out, int max);

/* board_play, counting the node and raising stop at the node limit. */
void threat_play(Solver *s, int p);

/* At a VCT defence node where the attacker has no five point: the answers
 * to search (legal for the defender), or -1 if the attacker threatens no
 * open four, i.e. its last move was no threat. */
int threat_defences(Solver *s, int16_t *out);

/* The attacker to move with budget n; last is the defender's last stone, or
 * POINT_NONE at the root (the attacker must have no five point). Returns the
 * attacker moves of a win found, or 0; *best gets the first move of a win. */
int threat_attack(Solver *s, int n, int last, int16_t *best);

/* The defender to move after the attacker's stone last, n attacker moves
 * left. Returns the attacker moves still needed against every answer, or 0. */
int threat_defend(Solver *s, int n, int last);

/* Fills out->line and out->len with the principal line of a win within n
 * attacker moves from the root (the solver's board, attacker to move). */
void threat_line(Solver *s, int n, SolveResult *out);

#endif
