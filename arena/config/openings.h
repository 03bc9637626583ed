/* openings.h - the positions games start from.
 *
 * Five file formats (OpeningsFormat), named by the caller or told apart by
 * the first line that is not blank or a comment ('#' or ';' first):
 *   ini    (that line starts with '['): one [opening NAME] section per
 *     opening, `moves = h8 i9 j10` (black first, alternating; several
 *     `moves` keys are joined, the one key an opening may repeat), and an
 *     optional `note = ...`; read by inifile.h.
 *   offset (a digit or a sign): Gomocup's, one opening a line, "x,y, x,y,
 *     ..." relative to the centre (size / 2) of the board, x to the right,
 *     y downwards, whole numbers separated by commas.
 *   pos    (letters and digits only, a letter first): c-gomoku-cli's, one
 *     opening a line, "d3e5f6" with no blanks: a letter for x (a = 0, the
 *     left column) and a number for y + 1, y counted from the TOP row as
 *     Gomocup's y is: pos "a1" is the top-left point, where the INI
 *     notation's "a1" is the bottom-left one.
 *   psq    ("Piskvorky WxH, ..."): one or more Piskvork records one after
 *     the other (record.h), each game a candidate opening.
 *   sgf    ('('): SGF game trees (GM[4]), each game's main line (the first
 *     variation at every branch) a candidate opening; points two letters
 *     from 'a', column then row from the top-left.
 * In offset and pos files '#' or ';' starts a comment, and blank lines are
 * skipped. From game records (psq, sgf) an opening is the first `plies`
 * moves of a game; a game shorter than that, or decided within them (a
 * five, a forbidden move), is no candidate, and a game whose position
 * (the stones of each colour) an earlier one reached is dropped.
 * Every opening is checked on the tournament's board and rule: on the
 * board, no point twice, no stone that wins or is forbidden. */
#ifndef ARENA_OPENINGS_H
#define ARENA_OPENINGS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "rules.h"

enum { OPENING_MOVES_MAX = 64, OPENING_NAME_MAX = 64 };

/* One opening whole: what a game is given (jobs_play, the wire) and what a
 * caller fills to add one to a set. */
typedef struct {
	char name[OPENING_NAME_MAX];
	int count;
	int line; /* in its file (of its last `moves` key); 0: not from a file */
	int16_t moves[OPENING_MOVES_MAX];
} Opening;

/* One opening as a set holds it, in 24 bytes: its moves in the set's
 * shared array, its name in the set's shared text or made when asked for
 * (an offset or pos file's "line N", a game record's "game K"; a
 * symmetric image's "/sK" after its original's name). Read it through the
 * functions below. */
typedef struct {
	int64_t first; /* its moves: moves[first .. first + count) */
	int64_t name;  /* its name's offset in names; -1: "line <line>";
	                  -1 - K (K >= 1): "game K" */
	int32_t line;  /* as Opening.line */
	uint8_t count;
	uint8_t sym; /* 0, or the symmetry 1..7 that made it from its original */
} OpeningEntry;

/* A set of openings: 24 bytes an opening, 2 a move, and the length + 1 of
 * each name an INI file gave (openings_bytes). Zero-initialised, it is
 * empty. */
typedef struct {
	int count;
	OpeningEntry *entries; /* owned, as the rest; free with openings_free */
	int16_t *moves;
	char *names;
	int64_t cap, nmoves, cap_moves, nnames, cap_names;
} OpeningSet;

/* The moves of opening i (0 <= i < count), openings_length of them;
 * valid until the set changes. */
static inline const int16_t *openings_moves(const OpeningSet *set, int i)
{
	static const int16_t none[1]; /* a set of empty openings holds no array */

	return set->moves ? set->moves + set->entries[i].first : none;
}

static inline int openings_length(const OpeningSet *set, int i)
{
	return set->entries[i].count;
}

/* Writes the name of opening i into buf (OPENING_NAME_MAX bytes) and
 * returns buf. */
const char *openings_name(const OpeningSet *set, int i, char *buf);

/* Copies opening i whole into o. */
void openings_get(const OpeningSet *set, int i, Opening *o);

/* Appends o (name, line, moves; 0 <= o->count <= OPENING_MOVES_MAX), or
 * opening i of src. Returns 0, or -1 (out of memory; the set unchanged). */
int openings_add(OpeningSet *set, const Opening *o);
int openings_append(OpeningSet *set, const OpeningSet *src, int i);

/* Keeps the first n openings (0 <= n <= count). */
void openings_truncate(OpeningSet *set, int n);

/* The bytes the set holds allocated (its arrays' capacities). */
size_t openings_bytes(const OpeningSet *set);

typedef enum {
	OPENINGS_AUTO, /* told from the content */
	OPENINGS_INI,
	OPENINGS_OFFSET,
	OPENINGS_POS,
	OPENINGS_PSQ,
	OPENINGS_SGF,
	OPENINGS_FORMATS
} OpeningsFormat;

/* "auto", "ini", "offset", "pos", "psq", "sgf", NULL: by OpeningsFormat. */
extern const char *const openings_format_names[];

/* How to read a file: the board, the rule, the format and, for game
 * records, the moves of each game that make its opening (1 to
 * OPENING_MOVES_MAX; 0 refuses game records). */
typedef struct {
	int size;
	Rule rule;
	OpeningsFormat format;
	int plies;
} OpeningsSpec;

/* What reading game records left out (openings_read). */
typedef struct {
	long games;            /* game records read */
	long short_;           /* fewer moves than plies */
	long decided;          /* a five or a forbidden move within plies */
	long dups;             /* the position of an earlier game's opening */
	OpeningsFormat format; /* the format read */
} OpeningsCounts;

/* Loads and checks path as spec says, in time linear in the file.
 * counts may be NULL. Returns 0, or -1 with "file:line: what is wrong"
 * (which format it read the line as, and why) in err (set is then empty;
 * an empty file names no line). */
int openings_read(const char *path, const OpeningsSpec *spec, OpeningSet *set,
                  OpeningsCounts *counts, char *err, size_t errlen);

/* openings_read of any format but game records, on a size x size board
 * under rule. */
int openings_load(const char *path, int size, Rule rule, OpeningSet *set, char *err,
                  size_t errlen);

/* Writes the set to f as ini, offset or pos (format), for a size x size
 * board: what openings_read reads back with the same moves (ini keeps the
 * names; offset and pos, one opening a line, have none). Returns 0, or
 * with a message ERR_INPUT (an empty opening, which offset and pos cannot
 * hold; another format: nothing written) or ERR_FAIL (a write error). */
int openings_write(FILE *f, const OpeningSet *set, int size, OpeningsFormat format,
                   char *err, size_t errlen);

/* A set holding one opening named "empty": the empty board. Returns 0
 * or -1 (out of memory). */
int openings_empty(OpeningSet *set);

/* Replaces each opening by its distinct images under the 8 symmetries of
 * the square (names get "/s1".."/s7"). Returns 0 or -1 (out of memory). */
int openings_add_symmetries(OpeningSet *set, int size);

void openings_free(OpeningSet *set);

/* Point p mirrored/rotated by symmetry k (0..7) on a size x size board. */
int openings_transform(int p, int k, int size);

#endif
