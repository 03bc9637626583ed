/* moves_csv.h - moves.csv: one row per move a player made, beside games.csv.
 *
 * Columns: job,ply,player,move,ms,eval,depth,seldepth,nodes,pv. ply counts
 * every stone from 1, the opening's included, so it is the stone's place in
 * games.csv's moves column; the opening's stones are no player's moves and
 * have no row. player is the mover's name, move the point in h8 notation,
 * ms its thinking time (whole ms), eval (the mover's view, in its units),
 * depth, seldepth and nodes what the player said (MoveInfo; empty where
 * it said nothing), pv the first GAME_PV_KEEP moves of its principal
 * variation in h8 notation separated by blanks (empty if none).
 *
 * The file follows games.csv as faults.csv does (faults.h): a game's rows
 * are appended, in one write, just before its games.csv line, and
 * moves_csv_settle rewrites the file keeping only the rows of the games
 * games.csv holds, once as a run starts (a kill between the two writes
 * leaves rows of a game that is played again, or a torn last row) and once
 * at the end of a complete run, sorted by job (rows of a job in ply order),
 * so a resumed run's file is an uninterrupted one's but for the ms column. */
#ifndef ARENA_MOVES_CSV_H
#define ARENA_MOVES_CSV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game_play.h"

#define MOVES_CSV_HEADER "job,ply,player,move,ms,eval,depth,seldepth,nodes,pv"

/* The most bytes one row takes (names are under 64 bytes). */
enum { MOVES_CSV_ROW_MAX = 256 };

/* The rows (each with '\n') of rec's moves in job into buf, which holds
 * at least MOVES_CSV_ROW_MAX bytes a move; "" for a game of opening stones
 * only. names: the black and the white player. Returns the length, or -1
 * when buf is too small. */
long moves_csv_format(char *buf, size_t buflen, int size, int job,
                      const char *const names[2], const GameRecord *rec);

/* One row as read: the fields not known are -1 (ms, depth, seldepth),
 * SCORE_NONE (eval), NODES_NONE (nodes). player and pv point into the
 * line. */
typedef struct {
	int job, ply, move, ms, eval, depth, seldepth;
	uint64_t nodes;
	const char *player, *pv;
	int player_len;
} MoveRow;

/* Reads line (no newline) on a size x size board into *out. Returns 0, or
 * -1 with what is wrong in msg. */
int moves_csv_parse(char *line, int size, MoveRow *out, char *msg, size_t msglen);

/* What moves_csv_scan calls for each row (valid during the call). Returns 0,
 * or -1 with a message in msg, which stops the scan. */
typedef int (*MovesCsvRowFn)(void *user, const MoveRow *row, char *msg, size_t msglen);

/* Reads path (lines.h): the header MOVES_CSV_HEADER, then rows, handed to fn
 * in file order; a torn last line (no newline) is ignored. A missing file
 * is an error ("path: cannot open: ..."). Returns 0, or -1 with
 * "path:line: what is wrong". */
int moves_csv_scan(const char *path, int size, MovesCsvRowFn fn, void *user, char *err,
                   size_t errlen);

/* moves.csv read a row at a time (moves_csv_scan's rows, pulled). */
typedef struct MovesCsvReader MovesCsvReader;

/* Opens path and reads its header. Returns the reader, or NULL with
 * "path: cannot open: ...", "path:1: not a moves file ..." or "out of
 * memory" in err. */
MovesCsvReader *moves_csv_open(const char *path, int size, char *err, size_t errlen);

/* The next row into *row (valid until the next call): 1, or 0 at the end
 * (a torn last line is the end), or -1 with "path:line: what is wrong". */
int moves_csv_next(MovesCsvReader *m, MoveRow *row, char *err, size_t errlen);

void moves_csv_close(MovesCsvReader *m);

/* Rewrites path (creating it with the header if missing; lazy as
 * OutFile.lazy) with its whole rows of jobs below njobs for which
 * done[job] holds, sorted by job, each job's rows in file order. A torn
 * last row is dropped; a row whose job does not read is an error "path:line:
 * ...". Returns 0, or -1 with a message. */
int moves_csv_settle(const char *path, const bool *done, int njobs, bool lazy, char *err,
                     size_t errlen);

#endif
