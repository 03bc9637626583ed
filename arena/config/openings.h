/* openings.h - the positions games start from.
 *
 * Two file formats, told apart by their first line that is not blank or a
 * comment:
 *   INI (first such line starts with '['): one [opening NAME] section per
 *     opening, `moves = h8 i9 j10` (black first, alternating; several
 *     `moves` keys are joined, the one key an opening may repeat), and an
 *     optional `note = ...`; read by inifile.h.
 *   Gomocup offsets: one opening a line, "x,y, x,y, ..." relative to the
 *     centre of the board (x to the right, y downwards), whole numbers
 *     separated by commas, as the Gomocup tournament's opening files are
 *     written; '#' or ';' starts a comment. Lines as lines.h reads them.
 * Every opening is checked on the tournament's board and rule: on the
 * board, no point twice, no stone that wins or is forbidden. */
#ifndef ARENA_OPENINGS_H
#define ARENA_OPENINGS_H

#include <stddef.h>
#include <stdint.h>

#include "rules.h"

enum { OPENING_MOVES_MAX = 64, OPENING_NAME_MAX = 64 };

typedef struct {
	char name[OPENING_NAME_MAX];
	int count;
	int line; /* in its file (of its last `moves` key); 0: not from a file */
	int16_t moves[OPENING_MOVES_MAX];
} Opening;

typedef struct {
	int count;
	Opening *items; /* owned; free with openings_free */
} OpeningSet;

/* Loads and checks path for a size x size board under rule, in time
 * linear in the file. Returns 0, or -1 with "file:line: what is wrong" in
 * err (set is then empty; an empty file names no line). */
int openings_load(const char *path, int size, Rule rule, OpeningSet *set, char *err,
                  size_t errlen);

/* A set holding one opening: the empty board. */
int openings_empty(OpeningSet *set);

/* Replaces each opening by its distinct images under the 8 symmetries of
 * the square (names get "/s1".."/s7"). Returns 0 or -1 (out of memory). */
int openings_add_symmetries(OpeningSet *set, int size);

void openings_free(OpeningSet *set);

/* Point p mirrored/rotated by symmetry k (0..7) on a size x size board. */
int openings_transform(int p, int k, int size);

#endif
