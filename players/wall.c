/* wall.c - blocked points on a Board.
 *
 * The board keeps, per direction, one word per line with two bits a cell
 * (board.h); a wall is cell code 3 there, as in the padding. Putting walls
 * in is rare (once per BOARD command), so after writing the codes every
 * empty point's patterns are recomputed from the words, exactly as
 * board_put renews the points around a stone. */
#include "wall.h"

/* Which line of direction d holds (x, y), and the cell's position in it:
 * the numbering of board.c (five wall cells come first). */
static int wall_line(int d, int x, int y)
{
	switch (d) {
	case 0: return y;
	case 1: return x;
	case 2: return x - y + BOARD_MAX - 1;
	default: return x + y;
	}
}

static int wall_pos(int d, int x, int y)
{
	return (d == 0 ? x : y) + BOARD_PAD;
}

static void wall_patterns(Board *b, int p)
{
	int x = point_x(p), y = point_y(p);
	unsigned pat[2] = {0, 0};
	for (int d = 0; d < 4; d++) {
		uint64_t word = b->line[d][wall_line(d, x, y)];
		uint32_t key = pattern_key(word >> (2 * (wall_pos(d, x, y) - BOARD_PAD)));
		pat[BLACK] |= (b->table[BLACK][key] & 15u) << (4 * d);
		pat[WHITE] |= ((unsigned)b->table[WHITE][key] >> 4) << (4 * d);
	}
	for (int c = 0; c < 2; c++) {
		b->pat[c][p] = (uint16_t)pat[c];
		b->threat[c][p] = b->combo[c][pat[c]];
	}
}

int wall_board_init(Board *b, int size, Rule rule, const int16_t *wall, int n)
{
	if (board_init(b, size, rule) < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		int p = wall[i], x = point_x(p), y = point_y(p);
		if (p < 0 || p >= BOARD_CELLS || !board_on(b, x, y) ||
		    b->cell[p] != CELL_EMPTY)
			return -1;
		b->cell[p] = CELL_WALL;
		for (int d = 0; d < 4; d++)
			b->line[d][wall_line(d, x, y)] |= 3ull << (2 * wall_pos(d, x, y));
	}
	if (n == 0)
		return 0;
	for (int y = 0; y < size; y++)
		for (int x = 0; x < size; x++)
			if (b->cell[board_point(x, y)] == CELL_EMPTY)
				wall_patterns(b, board_point(x, y));
	return 0;
}

int wall_empty_points(const Board *b)
{
	int n = 0;
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++)
			n += b->cell[board_point(x, y)] == CELL_EMPTY;
	return n;
}
