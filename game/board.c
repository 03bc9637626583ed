/* board.c - stones, Zobrist hash and incremental line patterns. */
#include "board.h"

#include <assert.h>
#include <string.h>
#include <threads.h>

#include "rng.h"

const int board_step[4] = {1, BOARD_STRIDE, BOARD_STRIDE + 1, BOARD_STRIDE - 1};

static uint64_t zobrist[2][BOARD_CELLS];
static uint64_t zobrist_side; /* xored in while white is to move */
static once_flag zobrist_once = ONCE_FLAG_INIT;

static void zobrist_build(void)
{
	uint64_t s = 0x476F6D6F6B75u; /* fixed: hashes are the same every run */
	for (int c = 0; c < 2; c++)
		for (int p = 0; p < BOARD_CELLS; p++)
			zobrist[c][p] = rng_splitmix(&s);
	zobrist_side = rng_splitmix(&s);
}

/* The line of direction d through p, and p's position along it. */
static inline int line_index(int d, int x, int y)
{
	switch (d) {
	case 0: return y;
	case 1: return x;
	case 2: return x - y + BOARD_MAX - 1;
	default: return x + y;
	}
}
static inline int line_pos(int d, int x, int y)
{
	return (d == 0 ? x : y) + BOARD_PAD;
}

static inline void update_point(Board *b, int q, int d, uint64_t word, int pos)
{
	uint32_t key = pattern_key(word >> (2 * (pos - BOARD_PAD)));
	unsigned shift = 4u * (unsigned)d;
	uint16_t mask = (uint16_t) ~(15u << shift);
	unsigned pb = b->table[BLACK][key] & 15u, pw = (unsigned)b->table[WHITE][key] >> 4;
	b->pat[BLACK][q] = (uint16_t)((b->pat[BLACK][q] & mask) | pb << shift);
	b->pat[WHITE][q] = (uint16_t)((b->pat[WHITE][q] & mask) | pw << shift);
	b->threat[BLACK][q] = b->combo[BLACK][b->pat[BLACK][q]];
	b->threat[WHITE][q] = b->combo[WHITE][b->pat[WHITE][q]];
}

/* The empty points within reach of p on its four lines get their patterns
 * renewed, each kept in d first unless d is NULL. Under freestyle the
 * reach is four, not BOARD_PAD: five or more stones win there, so no
 * shape looks past four cells from its centre, and a stone five away
 * changes nothing (tests/test_pattern checks the table for it). Inlined
 * with a constant reach, so the loops unroll. */
static inline __attribute__((always_inline)) int renew(Board *b, int p, BoardDelta *d,
                                                       const int reach)
{
	int x = point_x(p), y = point_y(p), n = 0;
	for (int dir = 0; dir < 4; dir++) {
		uint64_t word = b->line[dir][line_index(dir, x, y)];
		int pos = line_pos(dir, x, y), step = board_step[dir];
		for (int k = -reach; k <= reach; k++) {
			int q = p + k * step;
			if (k == 0 || b->cell[q] != CELL_EMPTY)
				continue;
			if (d) {
				d->at[n].point = (int16_t)q;
				d->at[n].threat[BLACK] = b->threat[BLACK][q];
				d->at[n].threat[WHITE] = b->threat[WHITE][q];
				d->at[n].pat[BLACK] = b->pat[BLACK][q];
				d->at[n].pat[WHITE] = b->pat[WHITE][q];
				n++;
			}
			update_point(b, q, dir, word, pos + k);
		}
	}
	return n;
}

/* GCC 12 at -O1 and -O2 (not -O3) drops every call of update_around: after
 * its loop optimiser rewrites the pattern stores as addresses off a null
 * base, the callers see a function without effects. Keeping the function out
 * of interprocedural analysis avoids it; tests/test_board fails without. */
#if defined(__GNUC__) && !defined(__clang__)
#define NO_IPA __attribute__((noipa))
#else
#define NO_IPA
#endif

/* After the stone at p changed, renew the patterns around it. */
NO_IPA static void update_around(Board *b, int p)
{
	if (b->rule == RULE_FREESTYLE)
		renew(b, p, NULL, 4);
	else
		renew(b, p, NULL, BOARD_PAD);
}

/* update_around, first keeping each point's patterns in d. */
NO_IPA static void update_around_keep(Board *b, int p, BoardDelta *d)
{
	d->point = (int16_t)p;
	d->n = (int16_t)(b->rule == RULE_FREESTYLE ? renew(b, p, d, 4)
	                                           : renew(b, p, d, BOARD_PAD));
}

static void set_lines(Board *b, int p, unsigned code)
{
	int x = point_x(p), y = point_y(p);
	for (int d = 0; d < 4; d++) {
		uint64_t *w = &b->line[d][line_index(d, x, y)];
		unsigned shift = 2u * (unsigned)line_pos(d, x, y);
		*w = (*w & ~(3ull << shift)) | (uint64_t)code << shift;
	}
}

int board_init(Board *b, int size, Rule rule)
{
	if (size < BOARD_MIN || size > BOARD_MAX || (unsigned)rule >= RULE_COUNT)
		return -1;
	pattern_init();
	call_once(&zobrist_once, zobrist_build);
	memset(b, 0, sizeof *b);
	b->size = size;
	b->rule = rule;
	b->to_move = BLACK;
	PatternTable black = rule == RULE_FREESTYLE ? TABLE_FREE : TABLE_EXACT;
	PatternTable white = rule == RULE_STANDARD ? TABLE_EXACT : TABLE_FREE;
	b->table[BLACK] = pattern_line_table(black);
	b->table[WHITE] = pattern_line_table(white);
	b->combo[BLACK] = pattern_threat_table(rule == RULE_RENJU);
	b->combo[WHITE] = pattern_threat_table(0);
	memset(b->cell, CELL_WALL, sizeof b->cell);
	for (int y = 0; y < size; y++)
		for (int x = 0; x < size; x++)
			b->cell[board_point(x, y)] = CELL_EMPTY;
	board_refresh(b);
	return 0;
}

/* board_put and board_undo without the pattern update: the cell, the
 * hash, the move list and the line words. */
static void put_stone(Board *b, int p, Color c)
{
	assert(board_empty_at(b, p));
	assert(b->count < BOARD_MAX_MOVES);
	b->cell[p] = (uint8_t)(c + 1);
	b->hash ^= zobrist[c][p];
	if (b->to_move == WHITE)
		b->hash ^= zobrist_side;
	b->prev_to_move[b->count] = (uint8_t)b->to_move;
	b->moves[b->count++] = (int16_t)p;
	b->to_move = (Color)(c ^ 1);
	if (b->to_move == WHITE)
		b->hash ^= zobrist_side;
	set_lines(b, p, (unsigned)c + 1);
}

static int take_stone(Board *b)
{
	assert(b->count > 0);
	int p = b->moves[--b->count];
	Color c = (Color)(b->cell[p] - 1);
	b->cell[p] = CELL_EMPTY;
	b->hash ^= zobrist[c][p];
	if (b->to_move == WHITE)
		b->hash ^= zobrist_side;
	b->to_move = (Color)b->prev_to_move[b->count];
	if (b->to_move == WHITE)
		b->hash ^= zobrist_side;
	set_lines(b, p, CELL_EMPTY);
	return p;
}

void board_put(Board *b, int p, Color c)
{
	put_stone(b, p, c);
	update_around(b, p);
}

void board_play(Board *b, int p)
{
	board_put(b, p, b->to_move);
}

void board_play_delta(Board *b, int p, BoardDelta *d)
{
	put_stone(b, p, b->to_move);
	update_around_keep(b, p, d);
}

void board_undo_delta(Board *b, const BoardDelta *d)
{
	int p = take_stone(b);
	assert(p == d->point);
	(void)p;
	for (int i = 0; i < d->n; i++) {
		int q = d->at[i].point;
		b->threat[BLACK][q] = d->at[i].threat[BLACK];
		b->threat[WHITE][q] = d->at[i].threat[WHITE];
		b->pat[BLACK][q] = d->at[i].pat[BLACK];
		b->pat[WHITE][q] = d->at[i].pat[WHITE];
	}
}

void board_set_to_move(Board *b, Color c)
{
	if (b->to_move != c)
		b->hash ^= zobrist_side;
	b->to_move = c;
}

void board_undo(Board *b)
{
	update_around(b, take_stone(b));
}

void board_refresh(Board *b)
{
	b->hash = b->to_move == WHITE ? zobrist_side : 0;
	for (int d = 0; d < 4; d++)
		for (int i = 0; i < BOARD_LINES; i++)
			b->line[d][i] = ~0ull;
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++) {
			int p = board_point(x, y);
			set_lines(b, p, b->cell[p]);
			if (b->cell[p] != CELL_EMPTY)
				b->hash ^= zobrist[b->cell[p] - 1][p];
		}
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++) {
			int p = board_point(x, y);
			if (b->cell[p] != CELL_EMPTY)
				continue;
			for (int d = 0; d < 4; d++)
				update_point(b, p, d, b->line[d][line_index(d, x, y)],
				             line_pos(d, x, y));
		}
}
