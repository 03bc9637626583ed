/* ab_eval.c - shape shares per stone, kept incrementally.
 *
 * A stone's shapes along one direction depend only on the eight cells within
 * four of it (every shape of the table is at most six cells long and has
 * empty ends when it is six long), so a 16-bit key of those cells, two bits
 * a cell as in the board's line words, names everything the stone sees. A
 * table built once maps the key to the set of shape classes the stone is
 * part of; the few distinct sets get small ids, and each player turns an id
 * into a value with its own scores. Keys are written from black's side;
 * a white stone's key has its colours swapped first.
 *
 * A colour that needs exactly five also needs the cells five away: a four
 * whose five would have an own stone just beyond it can only become an
 * overline, so it is no four (the search never sees it as a threat either),
 * and for an end stone of "11110" the cell beyond the other end is five
 * away. That colour's table is keyed by the ten cells within five (20
 * bits), and built when such a rule is first asked for. */
#include "ab_eval.h"

#include <string.h>
#include <threads.h>

enum {
	KEYS = 1 << 16,
	WIDE_KEYS = 1 << 20,
	MASKS = 1 << AB_SHAPES,
	/* the classes that are, or make with one stone, a five */
	FIVE_MAKERS = 1 << AB_FOUR | 1 << AB_SPLIT_FOUR | 1 << AB_OPEN_FOUR | 1 << AB_FIVE,
};

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

/* The cells around a stone: offsets -5..5, the stone on cells[CENTRE]. */
enum { CENTRE = 5, SPAN = 2 * CENTRE + 1 };

static uint8_t id_narrow[KEYS];    /* five or more: the cells within four */
static uint8_t id_wide[WIDE_KEYS]; /* exactly five: the cells within five */
static uint16_t id_mask[AB_EVAL_IDS];
static int16_t id_of_mask[MASKS];
static int id_count;
static once_flag tables_once = ONCE_FLAG_INIT, wide_once = ONCE_FLAG_INIT;

/* The tables are filled shape by shape rather than key by key: a shape's
 * window placed with the stone on one of its own cells fixes the cells of
 * the window, and only the keys that agree with it are visited (a few
 * hundred per placement, under a millisecond in all, where matching every
 * window against every key took 15 ms on the first move of a fresh
 * process). The keys are those of `mark` below: the 16-bit key of the
 * cells within four, plus whether each cell five away is black. */
enum { FAR_KEYS = KEYS << 2 };

/* Sets bit in out[] for every key whose cells (0..9: offsets -5..-1, then
 * 1..5) take values in allowed[] (a bit per cell value), from cell i on. */
static void mark(const uint8_t allowed[SPAN - 1], int i, uint32_t key, unsigned bit,
                 uint16_t *out)
{
	if (i == SPAN - 1) {
		out[key] |= (uint16_t)bit;
		return;
	}
	for (uint32_t v = 0; v < 4; v++) {
		if (!(allowed[i] >> v & 1))
			continue;
		uint32_t add = i == 0          ? (uint32_t)(v == CELL_BLACK) << 16
		               : i == SPAN - 2 ? (uint32_t)(v == CELL_BLACK) << 17
		                               : v << (2 * (i - 1));
		mark(allowed, i + 1, key | add, bit, out);
	}
}

/* For each key, the shape classes of a black stone with those cells
 * around it. With exact, a shape that is or makes a five counts only if
 * neither cell just beyond its window is black: then every five it makes
 * is exact (for "011110" both, its ends being empty). A five is credited
 * to its middle stones only. With far, a cell five away may be black or
 * empty (out has FAR_KEYS entries); without it, it is empty (KEYS). */
static void shape_masks(bool exact, bool far, uint16_t *out)
{
	memset(out, 0, sizeof out[0] * (far ? FAR_KEYS : KEYS));
	uint8_t any = 1 << CELL_EMPTY | 1 << CELL_BLACK | 1 << CELL_WHITE | 1 << CELL_WALL;
	uint8_t edge = far ? 1 << CELL_EMPTY | 1 << CELL_BLACK : 1 << CELL_EMPTY;
	for (size_t i = 0; i < sizeof shape_list / sizeof shape_list[0]; i++) {
		const char *s = shape_list[i].cells;
		AbShape shape = shape_list[i].shape;
		int len = s[5] ? 6 : 5;
		for (int at = 0; at < len; at++) { /* the stone's place in the window */
			if (s[at] != '1' || (shape == AB_FIVE && (at < 1 || at > 3)))
				continue;
			/* allowed[] by place in the span (the stone's own unused). */
			uint8_t allowed[SPAN];
			for (int k = 0; k < SPAN; k++)
				allowed[k] = k == 0 || k == SPAN - 1 ? edge : any;
			int start = CENTRE - at;
			for (int j = 0; j < len; j++)
				allowed[start + j] &=
				    (uint8_t)(1 << (s[j] == '1' ? CELL_BLACK : CELL_EMPTY));
			if (exact && (1u << shape & FIVE_MAKERS)) {
				allowed[start - 1] &= (uint8_t) ~(1 << CELL_BLACK);
				allowed[start + len] &= (uint8_t) ~(1 << CELL_BLACK);
			}
			memmove(allowed + CENTRE, allowed + CENTRE + 1, SPAN - 1 - CENTRE);
			mark(allowed, 0, 0, 1u << shape, out);
		}
	}
}

/* A 20-bit key holds offsets -5..-1, then 1..5; its 16-bit key drops the
 * first and the last cell. */
static inline uint32_t narrow_of(uint32_t wide)
{
	return ((wide >> 2) & 0xFFu) | ((wide >> 10) & 0xFFu) << 8;
}

static inline uint32_t wide_of(uint32_t narrow, int before, int after)
{
	return (uint32_t)before | (narrow & 0xFFu) << 2 | (narrow >> 8) << 10 |
	       (uint32_t)after << 18;
}

static void add_id(unsigned mask)
{
	/* 9 classes cannot all combine; the count is checked by the tests
	 * through ab_eval_full. */
	if (id_of_mask[mask] < 0 && id_count < AB_EVAL_IDS) {
		id_mask[id_count] = (uint16_t)mask;
		id_of_mask[mask] = (int16_t)id_count++;
	}
}

static uint8_t id_of(unsigned mask)
{
	return (uint8_t)(id_of_mask[mask] < 0 ? id_of_mask[0] : id_of_mask[mask]);
}

/* The ids are given in the order of the keys (tests/test_ab_tables.c
 * holds the tables to the first construction's). The scratch masks are
 * written only here, under call_once. */
static void build_tables(void)
{
	static uint16_t loose[KEYS], exact[KEYS];
	shape_masks(false, false, loose);
	shape_masks(true, false, exact);
	memset(id_of_mask, -1, sizeof id_of_mask);
	id_count = 0;
	add_id(0);
	for (uint32_t key = 0; key < KEYS; key++) {
		add_id(loose[key]);
		id_narrow[key] = id_of(loose[key]);
		/* The exact table comes later, after players may have taken
		 * their values for the ids, so its sets get ids now: the cells
		 * five away can only take five makers out of this one. */
		unsigned most = exact[key], makers = most & FIVE_MAKERS;
		for (unsigned sub = makers;; sub = (sub - 1) & makers) {
			add_id((most & ~makers) | sub);
			if (!sub)
				break;
		}
	}
}

static void build_wide(void)
{
	static uint16_t far[FAR_KEYS]; /* written only here, under call_once */
	shape_masks(true, true, far);
	for (uint32_t key = 0; key < KEYS; key++) {
		/* Only whether a cell five away is black matters: [before][after]. */
		unsigned most = far[key], mask[2][2];
		for (int i = 0; i < 4; i++)
			mask[i & 1][i >> 1] =
			    most & FIVE_MAKERS ? far[key | (uint32_t)i << 16] : most;
		for (int before = 0; before < 4; before++)
			for (int after = 0; after < 4; after++)
				id_wide[wide_of(key, before, after)] =
				    id_of(mask[before == CELL_BLACK][after == CELL_BLACK]);
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
	ab_eval_init();
	e->rule = rule;
	ab_eval_cells_rule(e, rule);
	for (int c = BLACK; c <= WHITE; c++) {
		bool exact = rule == RULE_STANDARD || (rule == RULE_RENJU && c == BLACK);
		if (exact)
			call_once(&wide_once, build_wide);
		e->wide[c] = exact;
		e->ids[c] = exact ? id_wide : id_narrow;
	}
}

/* Swaps black and white in a key of 2-bit cells. */
static inline uint32_t swap_colours(uint32_t key)
{
	return ((key & 0x55555u) << 1) | ((key >> 1) & 0x55555u);
}

/* The id of a stone of colour with the 20-bit key (black's side). */
static inline int stone_id(const AbEval *e, uint32_t key, int colour)
{
	if (colour == WHITE)
		key = swap_colours(key);
	return e->ids[colour][e->wide[colour] ? key : narrow_of(key)];
}

/* Share of the stone of colour at position at of line word w. */
static inline int64_t word_value(const AbEval *e, uint64_t w, int at, int colour)
{
	uint32_t key;
	if (e->wide[colour]) {
		uint32_t x = (uint32_t)(w >> (2 * (at - 5))) & 0x3FFFFFu;
		key = (x & 0x3FFu) | (x >> 12) << 10;
	} else {
		uint32_t x = (uint32_t)(w >> (2 * (at - 4))) & 0x3FFFFu;
		key = (x & 0xFFu) | (x >> 10) << 8;
	}
	if (colour == WHITE)
		key = swap_colours(key);
	return e->value[e->ids[colour][key]];
}

/* The 20-bit key of the stone on p along direction d, read from the cells
 * (the board's padding keeps five steps inside the array). */
static inline uint32_t cell_key(const Board *b, int p, int d)
{
	uint32_t key = 0;
	for (int k = 1; k <= 5; k++) {
		key |= (uint32_t)b->cell[p - k * board_step[d]] << (2 * (5 - k));
		key |= (uint32_t)b->cell[p + k * board_step[d]] << (8 + 2 * k);
	}
	return key;
}

void ab_eval_full(const AbEval *e, const Board *b, int64_t total[2])
{
	ab_eval_cells_full(e, b, total);
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++) {
			int p = board_point(x, y), c = b->cell[p] - 1;
			if (c != BLACK && c != WHITE)
				continue;
			for (int d = 0; d < 4; d++)
				total[c] += e->value[stone_id(e, cell_key(b, p, d), c)];
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
				int s = e->best[stone_id(e, cell_key(b, p, d), c)];
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

/* Adds the change of the shares of the stones within reach of pos on line
 * word w (the position after the stone on pos). */
static inline void delta_line(const AbEval *e, uint64_t w, int pos, int reach,
                              int64_t total[2])
{
	uint64_t before = w & ~(3ull << (2 * pos));
	uint32_t span = (1u << (2 * (2 * reach + 1))) - 1;
	uint32_t near = (uint32_t)(w >> (2 * (pos - reach))) & span &
	                ~(3u << (2 * reach));             /* centre out */
	uint32_t stones = (near ^ near >> 1) & 0x155555u; /* codes 1 and 2 */
	while (stones) {
		int i = __builtin_ctz(stones) >> 1, at = pos - reach + i;
		int colour = (int)((near >> (2 * i)) & 3) - 1;
		stones &= stones - 1;
		total[colour] +=
		    word_value(e, w, at, colour) - word_value(e, before, at, colour);
	}
}

void ab_eval_delta(const AbEval *e, const Board *b, int p, int64_t total[2])
{
	int x = point_x(p), y = point_y(p), c = b->cell[p] - 1;
	bool wide = e->wide[BLACK] || e->wide[WHITE];
	for (int d = 0; d < 4; d++) {
		int pos = (d == 0 ? x : y) + BOARD_PAD;
		uint64_t w = b->line[d][line_of(d, x, y)];
		/* A constant reach, so each call unrolls its masks. */
		if (wide)
			delta_line(e, w, pos, 5, total);
		else
			delta_line(e, w, pos, 4, total);
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
