/* records.h - games from any common record, one at a time: our games.csv,
 * PGN, SGF collections and Piskvork .psq files or folders of them.
 *
 * The format of a file is told from its first bytes (a UTF-8 byte-order
 * mark and blank space skipped): "job," is a games.csv (results.h); '['
 * a PGN (tag pairs, headers-only or with movetext); '(' an SGF collection
 * (GM[4]); "Piskvorky" a .psq record. A folder is read as its *.psq files
 * in name order (strcmp), so the games come in the same order on every
 * machine. Anything else is refused with "file:1: ...".
 *
 * Every reader streams: a game is read, handed over and forgotten, so time
 * is linear in the file and memory a constant per game (a line, a game's
 * moves). A file that cannot be read, a game that is malformed, are errors
 * "file:line: what is wrong" (ERR_INPUT), and the scan stops there: the
 * caller writes nothing. Which layouts each reader takes, in detail: the
 * comments of pgn_read.c, sgf_read.c and psq_read.c, and arena/README.md
 * ("Records read"). */
#ifndef ARENA_RECORDS_H
#define ARENA_RECORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"

typedef enum { RECORDS_CSV, RECORDS_PGN, RECORDS_SGF, RECORDS_PSQ } RecordsFormat;

/* One game as read. Strings are cut to their buffers (names longer than
 * 63 bytes are an error of their line). Valid during the callback only. */
typedef struct {
	const char *file; /* the path it came from */
	long line;        /* where the game starts in it, from 1 */
	int input;        /* the path's place in the list given, from 0 */
	RecordsFormat format;
	int job; /* games.csv: its job number; else the game's number in its file, from 1 */
	int pair;  /* games.csv: its pair; PGN Round "R.P": P; else -1 (unknown) */
	int round; /* games.csv and SGF RO, PGN Round's R: the round; else 0 */
	char opening[64];
	char black[64], white[64]; /* black moves first (PGN: see pgn_read.c) */
	double score;          /* black's: 1, 0.5 or 0; -1 unfinished (records_find only) */
	char reason[24];       /* games.csv's reason, else a word for how it ended */
	int plies;             /* moves played (PGN PlyCount when no moves are given) */
	int ms[2];             /* black's and white's thinking time; -1 unknown */
	int size;              /* the board's size if the record says it, else 0 */
	int nmoves;            /* the moves below; -1: the record has none */
	const int16_t *points; /* nmoves board points (size > 0), else NULL */
	const char *moves_text; /* else the moves as "h8 i9 ..." (games.csv, PGN) */
} RecordGame;

/* The same game, whatever the file it came from: a hash of the players,
 * the result and the moves; 0 for a game without moves (two headers-only
 * games of the same players and result are as likely two games as one).
 * Computed on demand: only a merge of several inputs needs it. */
uint64_t records_game_id(const RecordGame *g);

/* What records_scan calls for each finished game. Returns 0, or negative
 * with a message in msg (no place: the scan adds "file:line: "), which
 * stops the scan. */
typedef int (*RecordsFn)(void *user, const RecordGame *g, char *msg, size_t msglen);

/* What a scan saw besides the games it handed over. */
typedef struct {
	long games;      /* handed over */
	long unfinished; /* games without a result (PGN "*", SGF RE[?] or RE[Void],
	                    a .psq that ends before a five): skipped */
} RecordsCounts;

/* Reads the paths (files or folders, in the order given) and hands every
 * finished game to fn. counts may be NULL. Returns 0, or ERR_INPUT (-2)
 * with "file:line: what is wrong" (fn's message is placed the same way),
 * or ERR_FAIL (-1) out of memory. */
int records_scan(const char *const *paths, int npaths, RecordsFn fn, void *user,
                 RecordsCounts *counts, char *err, size_t errlen);

/* One game of path (a file or folder, read as records_scan reads it):
 * number is its job number in a games.csv, else its place in the file
 * (or folder) from 1, games without a result counted, and handed over
 * too (score -1); -1 takes the first game. fn is called for that game
 * alone, and the reading stops there (-1: it goes on, to count). *held
 * is the number of games read: all of the file's when the game is not
 * found or number is -1. Returns 1 found, 0 not found, or as
 * records_scan. */
int records_find(const char *path, long number, RecordsFn fn, void *user, long *held,
                 char *err, size_t errlen);

/* The format of path, as records_scan tells it; a folder is RECORDS_PSQ.
 * Returns the format, or ERR_INPUT with "file:1: ..." in err. */
int records_format(const char *path, char *err, size_t errlen);

/* The game's moves as board points on a size x size board: its points
 * (the game's own size must then be size), or its moves_text read on that
 * board. Returns the number of points (0 when the record has none), or -1
 * with what is wrong in msg. */
int records_points(const RecordGame *g, int size, int16_t *pts, int max, char *msg,
                   size_t msglen);

#endif
