/* pattern.h - what a stone on an empty point would make along a line.
 *
 * The line through a point is read as a key: the ten cells within distance 5
 * on both sides (two bits each, 20 bits). Tables indexed by that key give,
 * for each colour, the LinePattern of a stone placed at the centre; a second
 * table combines the patterns of the four directions into a Threat. Each
 * table is built once, on its first request (under call_once), and is
 * read-only afterwards, so they are shared by every thread.
 *
 * Definitions (a stone of colour c placed on the centre, "five" meaning
 * exactly five under exact-five rules and five or more otherwise; every
 * shape must include the centre stone):
 *   FIVE        the centre completes a five.
 *   OVERLINE    the centre completes six or more (exact-five rules only).
 *   OPEN_FOUR   two points each complete a five with the same four stones
 *               (a straight four, .XXXX.).
 *   DOUBLE_FOUR two points each complete a five, but not as a straight four
 *               (two fours on one line, X.XXX.X).
 *   FOUR        exactly one point completes a five.
 *   OPEN_THREE  one more stone can make an OPEN_FOUR.
 *   THREE       one more stone can make a FOUR.
 *   OPEN_TWO    one more stone can make an OPEN_THREE.
 *   TWO         one more stone can make a THREE.
 * Each is the highest that applies. Renju's extra condition on threes (the
 * straight-four point must itself be legal) needs the whole board and lives
 * in rules.c, not here. */
#ifndef GAME_PATTERN_H
#define GAME_PATTERN_H

#include <stdint.h>

typedef enum {
	PAT_NONE = 0,
	PAT_TWO,
	PAT_OPEN_TWO,
	PAT_THREE,
	PAT_OPEN_THREE,
	PAT_FOUR,
	PAT_DOUBLE_FOUR,
	PAT_OPEN_FOUR,
	PAT_FIVE,
	PAT_OVERLINE,
	PAT_COUNT
} LinePattern;

/* The combined value of a point for one colour, weakest first. THREAT_FORBIDDEN
 * is used for black under renju only: an overline or two fours without a five.
 * THREAT_DOUBLE_THREE for renju black may or may not be forbidden; ask
 * rules_is_forbidden(). */
typedef enum {
	THREAT_FORBIDDEN = 0,
	THREAT_NONE,
	THREAT_TWO,          /* at least one two or open two */
	THREAT_DOUBLE_TWO,   /* two or more open twos */
	THREAT_THREE,        /* a closed three, no open three */
	THREAT_OPEN_THREE,   /* one open three */
	THREAT_DOUBLE_THREE, /* two or more open threes, no four */
	THREAT_FOUR,         /* one four, no open three */
	THREAT_FOUR_THREE,   /* one four and an open three */
	THREAT_DOUBLE_FOUR,  /* two fours (also on one line): wins like OPEN_FOUR */
	THREAT_OPEN_FOUR,
	THREAT_FIVE,
	THREAT_COUNT
} Threat;

enum {
	PATTERN_KEY_BITS = 20,
	PATTERN_KEYS = 1 << PATTERN_KEY_BITS,
};

/* Which line table a colour uses. */
typedef enum { TABLE_FREE = 0, TABLE_EXACT = 1 } PatternTable;

/* Builds what every table is made from (the getters below call it); safe
 * to call any number of times from any thread. */
void pattern_init(void);

/* Line table of one kind, built on the first call (about a millisecond):
 * entry = black's LinePattern in the low nibble, white's in the high
 * nibble. Any thread may call it at any time. */
const uint8_t *pattern_line_table(PatternTable kind);

/* Threat table indexed by four LinePattern nibbles (direction d in bits
 * 4d..4d+3); renju_black selects the table with forbidden shapes. Built on
 * the first call, like the line tables. */
const uint8_t *pattern_threat_table(int renju_black);

/* The key of the centre of an 11-cell window taken from a line word: w holds
 * the window's cells in bits 0..21 (cell i in bits 2i, 2i+1; centre i = 5). */
static inline uint32_t pattern_key(uint64_t w)
{
	return (uint32_t)((w & 0x3FF) | ((w >> 12) & 0x3FF) << 10);
}

/* The pattern a stone of colour c (0 black, 1 white)
 * at index 5 of cells[0..10] (cell codes of board.h, centre empty) would
 * make, looked up in the line table. */
LinePattern pattern_classify(const uint8_t cells[11], int c, int exact);

/* Combined threat of four line patterns, computed directly. */
Threat pattern_combine(const LinePattern p[4], int renju_black);

const char *pattern_name(LinePattern p);
const char *threat_name(Threat t);

#endif
