/* pattern.c - line pattern and threat tables.
 *
 * The line table is filled by a memoised recursion over keys: a line with
 * the centre stone placed either has five points (FIVE, OVERLINE, fours) or
 * is classified from the lines one more own stone away. Only keys whose walls
 * run in from the window's ends occur on a board; the others stay PAT_NONE.
 * White's entries are black's with the colours swapped. */
#include "pattern.h"

#include <stdbool.h>
#include <string.h>
#include <threads.h>

enum { EMPTY = 0, OWN = 1, OPP = 2, WALL = 3, UNKNOWN = 0xFF };

static uint8_t line_table[2][PATTERN_KEYS];
static uint8_t threat_table[2][1 << 16];
static once_flag tables_once = ONCE_FLAG_INIT;

/* Scratch for the recursion; only touched inside call_once. */
static uint8_t memo[PATTERN_KEYS];

/* Window cell j (0..10, j != 5) is key slot j or j - 1. */
static int slot_of(int j)
{
	return j < 5 ? j : j - 1;
}

static void key_cells(uint32_t key, uint8_t c[11])
{
	for (int j = 0; j < 11; j++)
		c[j] = j == 5 ? OWN : (key >> (2 * slot_of(j))) & 3;
}

static bool key_valid(uint32_t key)
{
	uint8_t c[11];
	key_cells(key, c);
	/* Walls must be a prefix of cells 0..4 and a suffix of cells 6..10. */
	for (int j = 1; j < 5; j++)
		if (c[j - 1] != WALL && c[j] == WALL)
			return false;
	for (int j = 9; j > 5; j--)
		if (c[j + 1] != WALL && c[j] == WALL)
			return false;
	return true;
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

static uint8_t classify_key(uint32_t key, int exact)
{
	if (memo[key] != UNKNOWN)
		return memo[key];

	uint8_t c[11];
	key_cells(key, c);
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
		uint8_t r = classify_key(key | (uint32_t)OWN << (2 * slot_of(j)), exact);
		uint8_t v = r == PAT_OPEN_FOUR                      ? PAT_OPEN_THREE
		            : r == PAT_FOUR || r == PAT_DOUBLE_FOUR ? PAT_THREE
		            : r == PAT_OPEN_THREE                   ? PAT_OPEN_TWO
		            : r == PAT_THREE                        ? PAT_TWO
		                                                    : PAT_NONE;
		if (v > result)
			result = v;
	}
done:
	memo[key] = result;
	return result;
}

/* The key with black and white exchanged. */
static uint32_t key_swap(uint32_t key)
{
	uint32_t lo = key & 0x55555, hi = (key >> 1) & 0x55555;
	uint32_t stone = lo ^ hi; /* exactly one bit set: a stone */
	return key ^ (stone * 3);
}

/* The key with every cell beyond a wall, seen from the centre, a wall. */
static uint32_t key_walled(uint32_t key)
{
	uint8_t c[11];
	key_cells(key, c);
	for (int j = 3; j >= 0; j--)
		if (c[j + 1] == WALL)
			c[j] = WALL;
	for (int j = 7; j <= 10; j++)
		if (c[j - 1] == WALL)
			c[j] = WALL;
	uint32_t out = 0;
	for (int j = 0; j < 11; j++)
		if (j != 5)
			out |= (uint32_t)c[j] << (2 * slot_of(j));
	return out;
}

static void build_line_table(int exact)
{
	memset(memo, UNKNOWN, sizeof memo);
	uint8_t *t = line_table[exact];
	for (uint32_t key = 0; key < PATTERN_KEYS; key++)
		if (key_valid(key))
			t[key] = classify_key(key, exact);
	for (uint32_t key = 0; key < PATTERN_KEYS; key++)
		if (!key_valid(key))
			t[key] = t[key_walled(key)];
	/* Now t holds black's patterns; add white's from the swapped keys. */
	for (uint32_t key = 0; key < PATTERN_KEYS; key++)
		t[key] |= (uint8_t)((t[key_swap(key)] & 15) << 4);
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

static void build_threat_tables(void)
{
	for (int rb = 0; rb < 2; rb++)
		for (uint32_t i = 0; i < (1u << 16); i++) {
			LinePattern p[4];
			bool ok = true;
			for (int d = 0; d < 4; d++) {
				p[d] = (LinePattern)((i >> (4 * d)) & 15);
				ok &= p[d] < PAT_COUNT;
			}
			threat_table[rb][i] =
			    ok ? (uint8_t)pattern_combine(p, rb) : THREAT_NONE;
		}
}

static void build_tables(void)
{
	build_line_table(0);
	build_line_table(1);
	build_threat_tables();
}

void pattern_init(void)
{
	call_once(&tables_once, build_tables);
}

const uint8_t *pattern_line_table(PatternTable kind)
{
	pattern_init();
	return line_table[kind == TABLE_EXACT];
}

const uint8_t *pattern_threat_table(int renju_black)
{
	pattern_init();
	return threat_table[renju_black != 0];
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
