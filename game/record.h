/* record.h - game records: Piskvork .psq files and move lists.
 *
 * A .psq file (as Piskvork saves it):
 *   Piskvorky 15x15, 11:11, 0      header: width x height, two view fields
 *   8,8,120                        one stone a line: x,y (1-based), time in ms
 *   9,9,95                         black first, colours alternating
 *   ...
 *   anything else                  trailer (engine names, ...), kept as text
 * Only square boards of BOARD_MIN..BOARD_MAX are accepted. Lines are read
 * by lines.h (LF or CR LF, a NUL byte an error, at most RECORD_LINE_MAX
 * bytes). Before the trailer, a line of digits, signs and commas with a
 * comma in it is a move and must be "x,y,ms"; the first other line (a
 * name, a lone "-1") starts the trailer, of which the first
 * RECORD_TRAILER_MAX bytes of whole lines are kept.
 *
 * Parsers report the first problem as "NAME:LINE: what is wrong" in err
 * (always NUL-terminated) and return -1; they never crash on bad input. */
#ifndef GAME_RECORD_H
#define GAME_RECORD_H

#include <stdint.h>
#include <stdio.h>

#include "board.h"

enum { RECORD_TRAILER_MAX = 1024, RECORD_LINE_MAX = 4096 };

typedef struct {
	int size;
	int count;
	int16_t moves[BOARD_MAX_MOVES]; /* board points, black first */
	int32_t ms[BOARD_MAX_MOVES];    /* thinking time of each move, ms */
	int view_a, view_b, view_s;     /* the header's "A:B, S" fields */
	/* Lines after the moves, each ending in '\n'; cut at the limit. */
	char trailer[RECORD_TRAILER_MAX];
} Record;

/* An empty record for a board of the given size (view fields 11:11, 0). */
void record_init(Record *r, int size);

/* Reads a .psq from f; name is used in messages. Checks that every stone
 * is on the board and on an empty point. */
int record_read_psq(FILE *f, const char *name, Record *r, char *err, size_t errlen);

/* Opens and reads the file at path. */
int record_load_psq(const char *path, Record *r, char *err, size_t errlen);

/* Writes r as .psq; returns 0, or -1 on a write error. */
int record_write_psq(FILE *f, const Record *r);

/* Parses a move list such as "h8 i9 j10" or "h8i9j10" (blanks and commas
 * between points are allowed) into at most max points. Rejects off-board
 * and repeated points. Returns the number of points or -1. */
int record_parse_moves(int size, const char *text, int16_t *moves, int max, char *err,
                       size_t errlen);

/* Writes the points as "h8 i9 j10" into buf (cut to buflen). */
void record_format_moves(int size, const int16_t *moves, int count, char *buf,
                         size_t buflen);

/* Sets up b (already initialised to the record's size) by playing the
 * record's moves in order. Returns 0, or -1 if a point is not empty. */
int record_replay(const Record *r, Board *b);

#endif
