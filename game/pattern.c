/* pattern.c - line pattern and threat tables.
 *
 * What a stone on the centre makes along a line depends, for its own
 * colour, only on the cells up to the first cell on each side that is not
 * its own or empty: an opponent's stone and a wall block alike, and nothing
 * beyond a blocker can join the centre's line. So each half of a key (five
 * cells) reduces to a "form": how many cells lie before the blocker, and
 * which of them are own stones; there are 63 forms. The pattern of every
 * pair of forms is classified once by a memoised recursion (a line with the
 * centre stone placed either has five points - FIVE, OVERLINE, fours - or is
 * classified from the lines one more own stone away), and a line table
 * entry is then two look-ups: the forms of its halves for black and for
 * white. This also gives keys with a wall nearer the centre than another
 * cell (a point blocked inside the board, see players/wall.h) the meaning
 * of the same line with every cell beyond the wall a wall.
 *
 * Each table is built on its first use, so a rule that needs only some of
 * them never spends time or memory on the others. A line table is 1 MB,
 * and filling it page by page, a fault a page, cost 3.4 ms on a
 * paravirtualised machine, where the first START of every pbrain engine
 * and the arena's first game wait for it: its pages are asked for in one
 * call first (1.5 ms less there), where the kernel has that call. */
#define _DEFAULT_SOURCE /* madvise */
#include "pattern.h"

#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>
#include <threads.h>

enum { EMPTY = 0, OWN = 1, OPP = 2, WALL = 3, UNKNOWN = 0xFF };
enum { FORMS = 63, HALF_KEYS = 1 << 10 };

static _Alignas(4096) uint8_t line_table[2][PATTERN_KEYS]; /* whole pages */
static uint8_t threat_table[2][1 << 16];
/* The centre's pattern per [exact][right form][left form]. */
static uint8_t form_pattern[2][FORMS][FORMS];
/* The form of a half key per [side: 0 left, 1 right][own: 0 black, 1 white]. */
static uint8_t half_form[2][2][HALF_KEYS];
static once_flag base_once = ONCE_FLAG_INIT;
static once_flag line_once[2] = {ONCE_FLAG_INIT, ONCE_FLAG_INIT};
static once_flag threat_once[2] = {ONCE_FLAG_INIT, ONCE_FLAG_INIT};

/* Window cell j (0..10, j != 5) is key slot j or j - 1. */
static int slot_of(int j)
{
	return j < 5 ? j : j - 1;
}

/* The window cell i steps out from the centre on a side (0 left, 1 right). */
static int cell_at(int side, int i)
{
	return side ? 6 + i : 4 - i;
}

/* A form: k free cells before the blocker (5: none within the window), and
 * bit i of mask set when the i-th of them, going out, is an own stone. */
static int form_id(int k, unsigned mask)
{
	return (1 << k) - 1 + (int)mask;
}

/* The form of one side of window c (own stones OWN, blockers anything but
 * OWN and EMPTY). */
static int form_of(const uint8_t c[11], int side)
{
	int k = 0;
	unsigned mask = 0;
	for (; k < 5; k++) {
		uint8_t v = c[cell_at(side, k)];
		if (v == OWN)
			mask |= 1u << k;
		else if (v != EMPTY)
			break;
	}
	return form_id(k, mask);
}

/* Writes the cells of form f on one side of c, the blocker as a wall. */
static void form_cells(int f, int side, uint8_t c[11])
{
	int k = 0;
	while (form_id(k + 1, 0) <= f)
		k++;
	unsigned mask = (unsigned)(f - form_id(k, 0));
	for (int i = 0; i < 5; i++)
		c[cell_at(side, i)] = i >= k ? WALL : (mask >> i & 1) ? OWN : EMPTY;
}

/* Length of the run of OWN through cell i of c[0..10] (c[i] must be OWN). */
static int run_through(const uint8_t c[11], int i)
{
	int n = 1;
	for (int j = i - 1; j >= 0 && c[j] == OWN; j--)
		n++;
	for (int j = i + 1; j < 11 && c[j] == OWN; j++)
		n++;
	return n;
}

static bool is_five(int run, int exact)
{
	return exact ? run == 5 : run >= 5;
}

/* Is the empty cell j a five point of the centre: does a stone there join
 * the centre's run into a five? */
static bool five_point(const uint8_t c[11], int j, int exact)
{
	int lo = j < 5 ? j + 1 : 6, hi = j < 5 ? 4 : j - 1;
	for (int k = lo; k <= hi; k++)
		if (c[k] != OWN)
			return false;
	uint8_t t[11];
	memcpy(t, c, sizeof t);
	t[j] = OWN;
	return is_five(run_through(t, j), exact);
}

/* The centre's pattern for forms l and r: memo per [r][l] (UNKNOWN until
 * known). */
static uint8_t classify_forms(int l, int r, int exact, uint8_t memo[FORMS][FORMS])
{
	if (memo[r][l] != UNKNOWN)
		return memo[r][l];

	uint8_t c[11];
	form_cells(l, 0, c);
	form_cells(r, 1, c);
	c[5] = OWN;
	uint8_t result = PAT_NONE;
	int run = run_through(c, 5);
	int fives[10], nf = 0;
	if (run >= 5) {
		result = (exact && run > 5) ? PAT_OVERLINE : PAT_FIVE;
		goto done;
	}
	for (int j = 0; j < 11; j++)
		if (c[j] == EMPTY && five_point(c, j, exact))
			fives[nf++] = j;
	if (nf >= 2) {
		/* Sorted, so a straight four is two neighbours five apart. */
		result = PAT_DOUBLE_FOUR;
		for (int a = 0; a + 1 < nf; a++)
			if (fives[a + 1] - fives[a] == 5)
				result = PAT_OPEN_FOUR;
		goto done;
	}
	if (nf == 1) {
		result = PAT_FOUR;
		goto done;
	}
	for (int j = 0; j < 11; j++) {
		if (c[j] != EMPTY)
			continue;
		c[j] = OWN;
		uint8_t p = classify_forms(form_of(c, 0), form_of(c, 1), exact, memo);
		c[j] = EMPTY;
		uint8_t v = p == PAT_OPEN_FOUR                      ? PAT_OPEN_THREE
		            : p == PAT_FOUR || p == PAT_DOUBLE_FOUR ? PAT_THREE
		            : p == PAT_OPEN_THREE                   ? PAT_OPEN_TWO
		            : p == PAT_THREE                        ? PAT_TWO
		                                                    : PAT_NONE;
		if (v > result)
			result = v;
	}
done:
	memo[r][l] = result;
	return result;
}

/* The forms of every half key, for either colour as the own one. */
static void build_half_forms(void)
{
	for (uint32_t v = 0; v < HALF_KEYS; v++)
		for (int own = 0; own < 2; own++) {
			/* Cells of both sides from v, in the own colour's view. */
			uint8_t c[11];
			for (int i = 0; i < 5; i++) {
				uint8_t x = (v >> (2 * i)) & 3;
				if (own && (x == 1 || x == 2))
					x ^= 3; /* white is OWN, black blocks */
				c[i] = x;       /* left half: slots 0..4 are cells 0..4 */
				c[6 + i] = x;   /* right half: slot 5 + i is cell 6 + i */
			}
			half_form[0][own][v] = (uint8_t)form_of(c, 0);
			half_form[1][own][v] = (uint8_t)form_of(c, 1);
		}
}

/* Every line key: black's pattern in the low nibble, white's in the high.
 * A row of keys (one right half, all left halves) depends only on the right
 * half's forms for black and for white, and the 1024 right halves have
 * only 120 pairs of them: each pair's row is worked out once and copied. */
static void build_line_table(int exact)
{
	/* Scratch on the stack: the two kinds may be built at once by two
	 * threads. */
	uint8_t memo[FORMS][FORMS];
	int16_t first[FORMS][FORMS]; /* the row built for a pair, or -1 */
	memset(memo, UNKNOWN, sizeof memo);
	for (int r = 0; r < FORMS; r++)
		for (int l = 0; l < FORMS; l++)
			form_pattern[exact][r][l] = classify_forms(l, r, exact, memo);
	memset(first, 0xFF, sizeof first);
	uint8_t *t = line_table[exact];
#ifdef MADV_POPULATE_WRITE /* Linux 5.14; an older kernel says EINVAL */
	madvise(t, PATTERN_KEYS, MADV_POPULATE_WRITE);
#endif
	for (uint32_t hi = 0; hi < HALF_KEYS; hi++) {
		int rb = half_form[1][0][hi], rw = half_form[1][1][hi];
		uint8_t *row = t + (hi << 10);
		if (first[rb][rw] >= 0) {
			memcpy(row, t + ((uint32_t)first[rb][rw] << 10), HALF_KEYS);
			continue;
		}
		first[rb][rw] = (int16_t)hi;
		const uint8_t *black = form_pattern[exact][rb],
		              *white = form_pattern[exact][rw];
		for (uint32_t lo = 0; lo < HALF_KEYS; lo++)
			row[lo] = (uint8_t)(black[half_form[0][0][lo]] |
			                    white[half_form[0][1][lo]] << 4);
	}
}

static void build_line_free(void)
{
	build_line_table(0);
}

static void build_line_exact(void)
{
	build_line_table(1);
}

Threat pattern_combine(const LinePattern p[4], int renju_black)
{
	int five = 0, over = 0, open4 = 0, fours = 0, open3 = 0, three = 0, open2 = 0,
	    two = 0;
	for (int d = 0; d < 4; d++) {
		switch (p[d]) {
		case PAT_FIVE: five++; break;
		case PAT_OVERLINE: over++; break;
		case PAT_OPEN_FOUR:
			open4++;
			fours++;
			break;
		case PAT_DOUBLE_FOUR: fours += 2; break;
		case PAT_FOUR: fours++; break;
		case PAT_OPEN_THREE: open3++; break;
		case PAT_THREE: three++; break;
		case PAT_OPEN_TWO: open2++; break;
		case PAT_TWO: two++; break;
		default: break;
		}
	}
	if (five)
		return THREAT_FIVE;
	if (renju_black) {
		if (over || fours >= 2)
			return THREAT_FORBIDDEN;
		if (open3 >= 2)
			return THREAT_DOUBLE_THREE;
	}
	if (open4)
		return THREAT_OPEN_FOUR;
	if (fours >= 2)
		return THREAT_DOUBLE_FOUR;
	if (fours)
		return open3 ? THREAT_FOUR_THREE : THREAT_FOUR;
	if (open3)
		return open3 >= 2 ? THREAT_DOUBLE_THREE : THREAT_OPEN_THREE;
	if (three)
		return THREAT_THREE;
	if (open2 >= 2)
		return THREAT_DOUBLE_TWO;
	if (open2 || two)
		return THREAT_TWO;
	return THREAT_NONE;
}

static void build_threat_table(int rb)
{
	/* Nibbles of PAT_COUNT and more never occur: THREAT_NONE. */
	memset(threat_table[rb], THREAT_NONE, sizeof threat_table[rb]);
	for (int a = 0; a < PAT_COUNT; a++)
		for (int b = 0; b < PAT_COUNT; b++)
			for (int c = 0; c < PAT_COUNT; c++)
				for (int d = 0; d < PAT_COUNT; d++) {
					LinePattern p[4] = {(LinePattern)a, (LinePattern)b,
					                    (LinePattern)c, (LinePattern)d};
					threat_table[rb][a | b << 4 | c << 8 | d << 12] =
					    (uint8_t)pattern_combine(p, rb);
				}
}

static void build_threat_general(void)
{
	build_threat_table(0);
}

static void build_threat_renju(void)
{
	build_threat_table(1);
}

void pattern_init(void)
{
	call_once(&base_once, build_half_forms);
}

const uint8_t *pattern_line_table(PatternTable kind)
{
	int exact = kind == TABLE_EXACT;
	pattern_init();
	call_once(&line_once[exact], exact ? build_line_exact : build_line_free);
	return line_table[exact];
}

const uint8_t *pattern_threat_table(int renju_black)
{
	int rb = renju_black != 0;
	call_once(&threat_once[rb], rb ? build_threat_renju : build_threat_general);
	return threat_table[rb];
}

LinePattern pattern_classify(const uint8_t cells[11], int c, int exact)
{
	uint32_t key = 0;
	for (int j = 0; j < 11; j++)
		if (j != 5)
			key |= (uint32_t)(cells[j] & 3) << (2 * slot_of(j));
	return (LinePattern)((pattern_line_table(exact ? TABLE_EXACT : TABLE_FREE)[key] >>
	                      (4 * c)) &
	                     15);
}

const char *pattern_name(LinePattern p)
{
	static const char *const names[PAT_COUNT] = {
	    "none", "two",         "open-two",  "three", "open-three",
	    "four", "double-four", "open-four", "five",  "overline",
	};
	return (unsigned)p < PAT_COUNT ? names[p] : "?";
}

const char *threat_name(Threat t)
{
	static const char *const names[THREAT_COUNT] = {
	    "forbidden",    "none", "two",        "double-two",  "three",     "open-three",
	    "double-three", "four", "four-three", "double-four", "open-four", "five",
	};
	return (unsigned)t < THREAT_COUNT ? names[t] : "?";
}
