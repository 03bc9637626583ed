/* diagram.h - boards as ASCII pictures, for tests, benchmarks and humans.
 *
 * A diagram has one text line per board row, top row first; in each line the
 * characters X (black), O (white), . (empty) and * (empty, marked) stand for
 * the points from left to right. Blanks and anything after '|' are ignored,
 * so rows may be spaced out and annotated. Lines with no board characters
 * (blank lines) are skipped. Example, 5x5:
 *
 *     . . . . .
 *     . X X X *    | black to complete an open four at *
 *     . . O . .
 *     . . O . .
 *     . . . . .
 */
#ifndef GAME_DIAGRAM_H
#define GAME_DIAGRAM_H

#include <stddef.h>

#include "board.h"

enum { DIAGRAM_MARKS = 16 };

typedef struct {
	int count;
	int point[DIAGRAM_MARKS]; /* the '*' points, in reading order */
} DiagramMarks;

/* Initialises b to size x size under rule and puts the diagram's stones on
 * it (the order of stones is not recorded); then to_move is to move. marks may
 * be NULL. Returns 0, or -1 with a message if the text does not describe a
 * size x size board. */
int diagram_load(Board *b, int size, Rule rule, Color to_move, const char *text,
                 DiagramMarks *marks, char *err, size_t errlen);

/* Draws b with coordinates ("h8" notation); last, if not POINT_NONE, is shown
 * in lower case. Returns the length written (cut to buflen, NUL-terminated). */
size_t diagram_format(const Board *b, int last, char *buf, size_t buflen);

enum { DIAGRAM_TEXT_MAX = (BOARD_MAX * 2 + 8) * (BOARD_MAX + 2) + 1 };

#endif
