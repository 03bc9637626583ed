/* board.h - the Gomoku board: stones, side to move, hash and line patterns.
 *
 * A Board is a plain value: copy it with '=' to give a search its own
 * position. Points are indices into a padded 1-D array (see board_point), so
 * stepping along a line never needs a bounds check: every cell off the board
 * reads CELL_WALL, and there are at least BOARD_PAD wall cells beyond each
 * edge in every direction.
 *
 * board_play and board_undo are O(1) in the board size: they update the
 * Zobrist hash and the line patterns of the empty points within BOARD_PAD of
 * the stone on its four lines (within four under freestyle, where a stone
 * five away changes no pattern). The pattern of an occupied point is not kept
 * up to date; it becomes valid again when the stone is undone (moves are
 * undone in reverse order, so its neighbourhood is then what it was).
 *
 * Thread safety: pattern_init() (called by board_init) builds shared
 * read-only tables once; after that any number of threads may use their own
 * boards concurrently. */
#ifndef GAME_BOARD_H
#define GAME_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "pattern.h"
#include "rules.h"

enum {
	BOARD_MIN = 5,
	BOARD_MAX = 20,
	BOARD_DEFAULT = 15,
	BOARD_PAD = 5,                           /* wall cells beyond each edge */
	BOARD_STRIDE = 32,                       /* cells per padded row */
	BOARD_ROWS = BOARD_MAX + 2 * BOARD_PAD,  /* padded rows */
	BOARD_CELLS = BOARD_STRIDE * BOARD_ROWS, /* size of every per-point array */
	BOARD_MAX_MOVES = BOARD_MAX * BOARD_MAX,
	BOARD_LINES = 2 * BOARD_MAX - 1, /* most lines in one direction */
};

/* Colours of players; the opponent of c is c ^ 1. Black moves first. */
typedef enum { BLACK = 0, WHITE = 1 } Color;

/* Contents of a cell; a stone of colour c is stored as c + 1. */
enum { CELL_EMPTY = 0, CELL_BLACK = 1, CELL_WHITE = 2, CELL_WALL = 3 };

/* A point is a cell index, or POINT_NONE. */
enum { POINT_NONE = -1 };

/* Steps between neighbouring cells along the four lines:
 * 0 horizontal (x+1), 1 vertical (y+1), 2 diagonal (x+1, y+1),
 * 3 anti-diagonal (x-1, y+1). */
extern const int board_step[4];

typedef struct Board {
	int size; /* BOARD_MIN..BOARD_MAX */
	Rule rule;
	Color to_move;
	int count;     /* stones on the board */
	uint64_t hash; /* Zobrist key of stones and side to move */
	uint8_t cell[BOARD_CELLS];
	/* Per colour and empty point: the line pattern of each direction, one
	 * nibble per direction (direction d in bits 4d..4d+3), and the combined
	 * threat of the four lines (a Threat value). See pattern.h. */
	uint16_t pat[2][BOARD_CELLS];
	uint8_t threat[2][BOARD_CELLS];
	/* Line words: two bits a cell (cell codes above), cell at position i of
	 * a line in bits 2i, 2i+1; positions 0..4 and past the edge are walls. */
	uint64_t line[4][BOARD_LINES];
	const uint8_t *table[2];               /* line pattern table per colour (rule) */
	const uint8_t *combo[2];               /* threat table per colour (rule) */
	int16_t moves[BOARD_MAX_MOVES];        /* points in the order played */
	uint8_t prev_to_move[BOARD_MAX_MOVES]; /* restored by board_undo */
} Board;

/* Empties b and sets its size (BOARD_MIN..BOARD_MAX) and rule. Returns 0, or
 * -1 if the size is out of range (b is then untouched). */
int board_init(Board *b, int size, Rule rule);

/* Index of the point at column x, row y (0-based, origin top-left, as in the
 * Gomocup protocol). No range check: use board_on(). */
static inline int board_point(int x, int y)
{
	return (y + BOARD_PAD) * BOARD_STRIDE + x + BOARD_PAD;
}
static inline int point_x(int p)
{
	return p % BOARD_STRIDE - BOARD_PAD;
}
static inline int point_y(int p)
{
	return p / BOARD_STRIDE - BOARD_PAD;
}

/* True if (x, y) is a point of this board. */
static inline bool board_on(const Board *b, int x, int y)
{
	return x >= 0 && y >= 0 && x < b->size && y < b->size;
}

/* True if p is a point of this board that holds no stone. */
static inline bool board_empty_at(const Board *b, int p)
{
	return p >= 0 && p < BOARD_CELLS && b->cell[p] == CELL_EMPTY;
}

static inline bool board_full(const Board *b)
{
	return b->count == b->size * b->size;
}

/* Puts a stone of the side to move on the empty point p and passes the move.
 * p must be empty (checked by assert only): validate input first. */
void board_play(Board *b, int p);

/* Puts a stone of colour c on the empty point p; the side to move becomes the
 * opponent of c. For setting up positions whose colours do not alternate. */
void board_put(Board *b, int p, Color c);

/* Makes c the side to move (updates the hash). For setting up positions. */
void board_set_to_move(Board *b, Color c);

/* Takes back the last stone and restores the side to move and hash exactly
 * as they were before it. Requires b->count > 0. */
void board_undo(Board *b);

/* What a play changed, for an undo that puts it back instead of computing
 * the patterns again: the empty points whose patterns the play renewed
 * (those on the stone's four lines within BOARD_PAD, or four under
 * freestyle), each with its patterns and threats from before. A search
 * that plays and undoes every move keeps one per ply; the undo then costs
 * no table look-up. */
enum { BOARD_DELTA_MAX = 4 * 2 * BOARD_PAD };
typedef struct {
	int16_t point; /* the stone played */
	int16_t n;     /* entries in at[] */
	struct {
		int16_t point;
		uint8_t threat[2];
		uint16_t pat[2];
	} at[BOARD_DELTA_MAX];
} BoardDelta;

/* board_play, keeping in *d what board_undo_delta needs. */
void board_play_delta(Board *b, int p, BoardDelta *d);

/* board_undo of the last play, which board_play_delta made with d (checked
 * by assert only): the same board as board_undo leaves, faster. */
void board_undo_delta(Board *b, const BoardDelta *d);

/* The last stone played, or POINT_NONE on an empty board. */
static inline int board_last(const Board *b)
{
	return b->count ? b->moves[b->count - 1] : POINT_NONE;
}

/* Line pattern (a LinePattern) that a stone of colour c on the empty point p
 * would make along direction d. */
static inline int board_pattern(const Board *b, int p, Color c, int d)
{
	return (b->pat[c][p] >> (4 * d)) & 15;
}

/* Combined threat (a Threat) of a stone of colour c on the empty point p. */
static inline int board_threat(const Board *b, int p, Color c)
{
	return b->threat[c][p];
}

/* Recomputes the hash and every pattern from the stones alone. For tests and
 * assertions: the incremental state must always equal this. */
void board_refresh(Board *b);

#endif
