/* threat_impl.h - internals shared by the solver's files: threat.c (the
 * object, the table, the solve), threat_moves.c (threats and answers),
 * threat_pn.c (the proof-number search) and threat_line.c (the principal
 * line). Not part of the players interface. */
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

/* Proof and disproof numbers: PN_INF is a proof (dn) or disproof (pn);
 * sums saturate just below it. */
enum { PN_INF = 1u << 30 };

/* DEPTH_ALL: a disproof that holds at any depth (no move was left out
 * for want of depth anywhere below). */
enum { DEPTH_ALL = 255 };

/* What is known of a position: proof and disproof numbers; when proven
 * (pn 0), len is the number of attacker moves of the proof, the five
 * included, counted from the attacker's next move; when disproven (dn 0),
 * depth is the number of attacker moves within which there is no win
 * (DEPTH_ALL: none at all). move: the attacker's winning move (a proven
 * attack node) or the last move tried. */
typedef struct {
	uint32_t pn, dn;
	uint8_t len, depth;
	int16_t move;
} PnValue;

/* A table entry: the value of a position searched with `depth` attacker
 * moves left (for a disproof, the depth it holds for). The key holds the
 * Zobrist hash, the kind of search, the attacker's colour, the rule and
 * the board size. work: nodes spent below it, for replacement. Two
 * entries make a bucket of one cache line. */
typedef struct {
	uint64_t key;
	uint32_t pn, dn;
	uint32_t work;
	int16_t move;
	uint8_t depth;
	uint8_t len;
	uint64_t spare; /* to 32 bytes */
} TableEntry;

enum { TABLE_WAYS = 2, TABLE_ALIGN = 64 }; /* a bucket, its alignment */

/* One level of the search: a node's moves and what is known of each. */
typedef struct {
	int16_t move[BOARD_MAX_MOVES];
	PnValue val[BOARD_MAX_MOVES];
	uint64_t key[BOARD_MAX_MOVES];
	bool cut; /* threats were left out for want of depth */
} PnFrame;

/* Plies of a search path: each attacker move at most once per unit of
 * depth, each defender move after one of them, and the root. */
enum { PN_PLIES = SOLVE_LINE_MAX + 2 };

struct Solver {
	TableEntry *table; /* aligned to TABLE_ALIGN inside table_mem */
	void *table_mem;
	size_t mask;     /* entries - 1, a power of two minus one */
	PnFrame *frames; /* PN_PLIES of them */
	/* The delta of the play that made the board's count i + 1 (board.h):
	 * the path is the solver's own, so its undo puts the patterns back. */
	BoardDelta *delta; /* BOARD_MAX_MOVES of them */
	/* The current solve. */
	Board *b;
	Color att;
	SolveKind kind;
	uint64_t salt; /* table keys: key ^ salt */
	uint64_t key;  /* the solver's own Zobrist key of the board */
	uint64_t zobrist[2][BOARD_CELLS], zobrist_side;
	uint64_t nodes, limit;
	bool stop; /* the node limit was reached: results are not proofs */
	int npoints;
	int16_t points[BOARD_MAX_MOVES]; /* the board's points, row by row */
	uint32_t stamp;                  /* marks of threat_defences */
	uint32_t mark[BOARD_CELLS];
};

/* ---- threat_moves.c ---- */

/* Can c play p without losing on the spot (renju black: not forbidden)? */
bool threat_legal(Board *b, int p, Color c);

/* MOVE_* of a stone of c on the empty point p; forbidden points are
 * MOVE_NONE. Fives are MOVE_NONE too: they are looked for separately. */
int threat_class(Board *b, int p, Color c);

/* Five points of c on the four lines through p, within four of it. */
int threat_fives_near(const Board *b, int p, Color c, int16_t *out);

/* Five points of c on the whole board, at most max of them. */
int threat_fives_all(const Solver *s, Color c, int16_t *out, int max);

/* The attacker's threats, strongest class first (cls gets each class):
 * fours, and in VCT open threes too when threes is set. */
int threat_attacks(Solver *s, bool threes, int16_t *out, uint8_t *cls);

/* At a VCT defence node where the attacker has no five point: the answers
 * to search (legal for the defender), or -1 if the attacker threatens no
 * open four, i.e. its last move was no threat. */
int threat_defences(Solver *s, int16_t *out);

/* ---- threat.c ---- */

/* board_play (with a delta), counting the node and raising stop at the
 * node limit; threat_undo takes it back. Both keep s->key. */
void threat_play(Solver *s, int p);
void threat_undo(Solver *s);

/* The key of the position after the side to move plays p. */
static inline uint64_t threat_key_after(const Solver *s, int p)
{
	return s->key ^ s->zobrist[s->b->to_move][p] ^ s->zobrist_side;
}

/* The table's value of the position of the given key for `depth`
 * attacker moves left: true and *v filled if the entry applies (a proof no
 * longer than depth, a disproof for at least depth, or numbers of that
 * depth). */
bool threat_table_get(const Solver *s, uint64_t key, int depth, PnValue *v);
/* Asks the memory for the key's bucket ahead of threat_table_get. */
void threat_table_prefetch(const Solver *s, uint64_t key);
void threat_table_put(Solver *s, uint64_t key, int depth, const PnValue *v, uint64_t work);

/* ---- threat_pn.c ---- */

/* Depth-first proof-number search of the current position (the attacker
 * to move if attack, else the defender; depth: attacker moves left; last:
 * the last stone, POINT_NONE at the root) until its proof number reaches
 * thpn, its disproof number thdn, or the node limit. ply indexes the
 * solver's frames. */
void threat_mid(Solver *s, int ply, bool attack, int depth, int last, uint32_t thpn,
                uint32_t thdn, PnValue *v);

/* ---- threat_line.c ---- */

/* Fills out->line and out->len with the principal line of the proven win
 * from the root (the solver's board, attacker to move, depth attacker
 * moves at most): the attacker's
 * move of the proof, the defender's answer that needs the most attacker
 * moves. Searches again where the table lost a part of the proof. */
void threat_line(Solver *s, int depth, SolveResult *out);

#endif
