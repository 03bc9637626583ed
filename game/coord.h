/* coord.h - points as text.
 *
 * Two notations:
 *   "h8"  column letter from 'a' (left), row number from 1 (bottom), as in
 *         renju notation; letters are case-insensitive. For humans and INI
 *         files. On 15x15, h8 is the centre.
 *   "7,7" Gomocup x,y: 0-based, origin top-left.
 * Parsers never trust their input: bad or off-board text returns -1 and a
 * message in err (always NUL-terminated, at most errlen bytes). */
#ifndef GAME_COORD_H
#define GAME_COORD_H

#include <stddef.h>

enum { COORD_TEXT_MAX = 24 }; /* longest formatted point, with its NUL */

/* Reads one "h8" point at *s on a size x size board, skipping no blanks;
 * on success stores the point, advances *s past it and returns 0. A row
 * number is read greedily but never past the board: on 15x15, "a11" is a11,
 * while "a1b2" is a1 then b2. */
int coord_scan(int size, const char **s, int *point, char *err, size_t errlen);

/* Parses a whole string holding exactly one "h8" point. */
int coord_parse(int size, const char *text, int *point, char *err, size_t errlen);

/* Parses "x,y" (Gomocup; blanks around the numbers are allowed). */
int coord_parse_xy(int size, const char *text, int *point, char *err, size_t errlen);

/* Writes "h8" or "x,y" for point into buf (COORD_TEXT_MAX bytes); returns buf. */
char *coord_format(int size, int point, char buf[COORD_TEXT_MAX]);
char *coord_format_xy(int point, char buf[COORD_TEXT_MAX]);

#endif
