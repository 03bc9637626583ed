/* ab_eval.c - shape shares per stone, kept incrementally.
 *
 * A stone's shapes along one direction depend only on the eight cells within
 * four of it (every shape of the table is at most six cells long and has
 * empty ends when it is six long), so a 16-bit key of those cells, two bits
 * a cell as in the board's line words, names everything the stone sees. A
 * table built once maps the key to the set of shape classes the stone is
 * part of; the few distinct sets get small ids, and each player turns an id
 * into a value with its own scores. Keys are written from black's side;
 * a white stone's key has its colours swapped first. */
#include "ab_eval.h"

#include <string.h>
#include <threads.h>

enum { KEYS = 1 << 16, MASKS = 1 << AB_SHAPES };

/* The published table, plus the mirror of 11010 (01011): the article lists
 * the shape one way only, which would make the score depend on which way a
 * line is read. */
static const struct {
	const char *cells;
	AbShape shape;
} shape_list[] = {
    {"01100", AB_LIVE_TWO},
    {"00110", AB_LIVE_TWO},
    {"11010", AB_SPLIT_THREE},
    {"01011", AB_SPLIT_THREE},
    {"00111", AB_SLEEPING_THREE},
    {"11100", AB_SLEEPING_THREE},
    {"01110", AB_LIVE_THREE},
    {"010110", AB_SPLIT_LIVE_THREE},
    {"011010", AB_SPLIT_LIVE_THREE},
    {"11110", AB_FOUR},
    {"01111", AB_FOUR},
    {"11101", AB_SPLIT_FOUR},
    {"11011", AB_SPLIT_FOUR},
    {"10111", AB_SPLIT_FOUR},
    {"011110", AB_OPEN_FOUR},
    {"11111", AB_FIVE},
};

/* Stones that share a shape's score. A five is credited to its three middle
 * stones only: they are the ones that can see both cells beyond it, which
 * is what tells a five from part of an overline. */
const int ab_eval_stones[AB_SHAPES] = {2, 3, 3, 3, 3, 4, 4, 4, 3};

static uint8_t id_table[2][KEYS]; /* [exact five][key] */
static uint16_t id_mask[AB_EVAL_IDS];
static int id_count;
static once_flag tables_once = ONCE_FLAG_INIT;

/* The shape classes of a black stone in the middle of cells[0..8]. */
static unsigned shapes_of(const int cells[9], int exact)
{
	unsigned mask = 0;
	for (size_t i = 0; i < sizeof shape_list / sizeof shape_list[0]; i++) {
		const char *s = shape_list[i].cells;
		int len = (int)strlen(s);
		for (int start = 0; start + len <= 9; start++) {
			int at = 4 - start; /* the stone's place in the window */
			if (at < 0 || at >= len)
				continue;
			bool match = true;
			for (int j = 0; j < len && match; j++)
				match = cells[start + j] ==
				        (s[j] == '1' ? CELL_BLACK : CELL_EMPTY);
			if (!match)
				continue;
			if (shape_list[i].shape == AB_FIVE) {
				if (at < 1 || at > 3)
					continue;
				if (exact && (cells[start - 1] == CELL_BLACK ||
				              cells[start + len] == CELL_BLACK))
					continue;
			}
			mask |= 1u << shape_list[i].shape;
		}
	}
	return mask;
}

static void build_tables(void)
{
	static int16_t id_of_mask[MASKS];
	memset(id_of_mask, -1, sizeof id_of_mask);
	id_count = 0;
	for (int exact = 0; exact < 2; exact++)
		for (int key = 0; key < KEYS; key++) {
			int cells[9];
			for (int j = 0; j < 4; j++) {
				cells[j] = (key >> (2 * j)) & 3;
				cells[5 + j] = (key >> (8 + 2 * j)) & 3;
			}
			cells[4] = CELL_BLACK;
			unsigned mask = shapes_of(cells, exact);
			if (id_of_mask[mask] < 0) {
				/* 9 classes cannot all combine; the count is checked
				 * by the tests through ab_eval_full. */
				if (id_count >= AB_EVAL_IDS)
					mask = 0;
				else {
					id_mask[id_count] = (uint16_t)mask;
					id_of_mask[mask] = (int16_t)id_count++;
				}
			}
			id_table[exact][key] = (uint8_t)id_of_mask[mask];
		}
}

void ab_eval_init(void)
{
	call_once(&tables_once, build_tables);
}

void ab_eval_setup(AbEval *e, const int64_t score[AB_SHAPES], double ratio)
{
	ab_eval_init();
	memset(e, 0, sizeof *e);
	for (int id = 0; id < AB_EVAL_IDS; id++)
		e->best[id] = -1;
	for (int id = 0; id < id_count; id++) {
		int64_t best = 0;
		for (int s = 0; s < AB_SHAPES; s++)
			if (id_mask[id] >> s & 1) {
				int64_t share =
				    score[s] * AB_EVAL_SCALE / ab_eval_stones[s];
				if (share > best) {
					best = share;
					e->best[id] = (int8_t)s;
				}
			}
		e->value[id] = best;
	}
	e->ratio_q16 = (int64_t)(ratio * 65536.0 + 0.5);
	ab_eval_rule(e, RULE_FREESTYLE);
}

void ab_eval_rule(AbEval *e, Rule rule)
{
	bool black_exact = rule != RULE_FREESTYLE, white_exact = rule == RULE_STANDARD;
	e->ids[BLACK] = id_table[black_exact];
	e->ids[WHITE] = id_table[white_exact];
}

/* Swaps black and white in a key of 2-bit cells. */
static inline uint32_t swap_colours(uint32_t key)
{
	return ((key & 0x5555u) << 1) | ((key >> 1) & 0x5555u);
}

static inline int64_t key_value(const AbEval *e, uint32_t key, int colour)
{
	if (colour == WHITE)
		key = swap_colours(key);
	return e->value[e->ids[colour][key]];
}

/* Share of the stone of colour at position at of line word w. */
static inline int64_t word_value(const AbEval *e, uint64_t w, int at, int colour)
{
	uint32_t x = (uint32_t)(w >> (2 * (at - 4))) & 0x3FFFFu;
	return key_value(e, (x & 0xFFu) | (x >> 10) << 8, colour);
}

/* The key of the stone on p along direction d, read from the cells. */
static inline uint32_t cell_key(const Board *b, int p, int d)
{
	uint32_t key = 0;
	for (int k = 1; k <= 4; k++) {
		key |= (uint32_t)b->cell[p - k * board_step[d]] << (2 * (4 - k));
		key |= (uint32_t)b->cell[p + k * board_step[d]] << (6 + 2 * k);
	}
	return key;
}

void ab_eval_full(const AbEval *e, const Board *b, int64_t total[2])
{
	total[0] = total[1] = 0;
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++) {
			int p = board_point(x, y), c = b->cell[p] - 1;
			if (c != BLACK && c != WHITE)
				continue;
			for (int d = 0; d < 4; d++)
				total[c] += key_value(e, cell_key(b, p, d), c);
		}
}

void ab_eval_counts(const AbEval *e, const Board *b, int count[2][AB_SHAPES])
{
	memset(count, 0, 2 * sizeof count[0]);
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++) {
			int p = board_point(x, y), c = b->cell[p] - 1;
			if (c != BLACK && c != WHITE)
				continue;
			for (int d = 0; d < 4; d++) {
				uint32_t key = cell_key(b, p, d);
				if (c == WHITE)
					key = swap_colours(key);
				int s = e->best[e->ids[c][key]];
				if (s >= 0)
					count[c][s]++;
			}
		}
}

/* The board's line words: which line of direction d holds (x, y), and the
 * cell's position in it (five wall cells come first). */
static inline int line_of(int d, int x, int y)
{
	switch (d) {
	case 0: return y;
	case 1: return x;
	case 2: return x - y + BOARD_MAX - 1;
	default: return x + y;
	}
}

void ab_eval_delta(const AbEval *e, const Board *b, int p, int64_t total[2])
{
	int x = point_x(p), y = point_y(p), c = b->cell[p] - 1;
	for (int d = 0; d < 4; d++) {
		int pos = (d == 0 ? x : y) + BOARD_PAD;
		uint64_t w = b->line[d][line_of(d, x, y)];
		uint64_t before = w & ~(3ull << (2 * pos));
		uint32_t near =
		    (uint32_t)(w >> (2 * (pos - 4))) & 0x3FCFFu; /* centre out */
		uint32_t stones = (near ^ near >> 1) & 0x15555u; /* codes 1 and 2 */
		while (stones) {
			int i = __builtin_ctz(stones) >> 1, at = pos - 4 + i;
			int colour = (int)((near >> (2 * i)) & 3) - 1;
			stones &= stones - 1;
			total[colour] += word_value(e, w, at, colour) -
			                 word_value(e, before, at, colour);
		}
		total[c] += word_value(e, w, pos, c);
	}
}

int ab_eval_score(const AbEval *e, const int64_t total[2], Color me)
{
	int64_t v = total[me] - ((total[me ^ 1] * e->ratio_q16) >> 16);
	v /= AB_EVAL_SCALE;
	if (v > AB_EVAL_MAX)
		v = AB_EVAL_MAX;
	if (v < -AB_EVAL_MAX)
		v = -AB_EVAL_MAX;
	return (int)v;
}
