/* results.h - games.csv: one line per finished game.
 *
 * Columns: job,pair,round,opening,black,white,result,reason,plies,moves,
 * black_ms,white_ms,black_nodes,white_nodes. result is 1-0, 0-1 or 1/2-1/2
 * (black's view); moves are every stone, opening included, in h8 notation
 * separated by spaces. Names never hold commas or quotes (the configuration
 * refuses them), so no field is quoted.
 *
 * During a run lines are appended in the order games finish, each written
 * to the kernel whole before the game counts as done (so killing the
 * process loses nothing) and synced to the disk at most once a second; a
 * line that cannot be written whole is cut off again, so the file always
 * ends with a whole line. A run that completes rewrites the file sorted by
 * job (outfile.h: temporary file and rename), so the finished file is the
 * same whatever the number of threads.
 *
 * Reading accepts every state a kill can leave: an empty file or a torn
 * header (no games yet), a torn last line (that game is not done), and
 * blank lines at the end. A header with other columns than these 14, extra
 * ones after them included, is refused with the first column that differs
 * (a run appends 14-field lines and re-sorts the file under this header,
 * which would leave extra columns behind). */
#ifndef ARENA_RESULTS_H
#define ARENA_RESULTS_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>
#include <time.h>

#include "game_play.h"

#define RESULTS_HEADER                                                                     \
	"job,pair,round,opening,black,white,result,reason,plies,moves,black_ms,white_ms,"  \
	"black_nodes,white_nodes"

/* One game as read back. */
typedef struct {
	int job, pair, round;
	char opening[64], black[64], white[64];
	double score; /* black's: 1, 0.5, 0 */
	char reason[24];
	int plies;
	int ms[2]; /* black's and white's thinking time, ms; -1 if not a whole number */
	long line; /* of the file, from 1 (results_scan) */
} ResultRow;

typedef struct {
	int count, cap;
	ResultRow *rows; /* owned */
} ResultSet;

/* Formats one line (with '\n') into buf. */
int results_format(char *buf, size_t buflen, int size, int job, int pair, int round,
                   const char *opening, const char *black, const char *white,
                   const GameRecord *rec);

/* The longest line read (lines.h), far above any line a run writes. */
enum { RESULTS_LINE_MAX = 16384 };

/* Reads every complete line of path (lines.h: a NUL byte, an over-long
 * line, a row that is not 14 well-formed fields are errors of their line).
 * A last line without its newline (a run killed while writing) is ignored,
 * and *torn_at receives its offset, else -1; an empty file or a torn header
 * gives no rows and *torn_at 0. With torn_at NULL (a file that no run
 * resumes: arena elo, the tuner's data) such a line is read like the others,
 * one that does not parse is an error saying it lacks its newline, and an
 * empty file is an error ("file:1: empty file"); a header alone is a
 * file of no games.
 * Returns 0, or -1 with "file:line: what is wrong". */
int results_read(const char *path, ResultSet *set, long *torn_at, char *err, size_t errlen);
void results_free(ResultSet *set);

/* What results_scan calls for each game: the row, and its moves column as
 * written (valid during the call). Returns 0, or -1 with a message in msg,
 * which stops the scan. */
typedef int (*ResultsRowFn)(void *user, const ResultRow *row, const char *moves, char *msg,
                            size_t msglen);

/* Like results_read, but hands each row to fn, in file order, instead of
 * keeping it; fn's message comes back as "file:line: msg". */
int results_scan(const char *path, ResultsRowFn fn, void *user, long *torn_at, char *err,
                 size_t errlen);

/* games.csv open for appending. */
typedef struct {
	int fd;        /* -1: closed */
	off_t size;    /* bytes up to the end of the last whole line */
	time_t synced; /* when it was last synced to the disk */
	char name[64]; /* the file's base name, for its crash point */
} ResultsFile;

/* Opens path for appending after a resume: writes the header (atomically)
 * if the file is missing or torn_at is 0, cuts a torn last line (torn_at
 * from results_read, or -1). Returns 0, or -1 with a message. */
int results_open(ResultsFile *rf, const char *path, long torn_at, char *err, size_t errlen);

/* Opens path, an existing file that ends with a whole line, for
 * results_append (faults.csv uses it too). Returns 0, or -1 with a message. */
int results_open_append(ResultsFile *rf, const char *path, char *err, size_t errlen);

/* Writes the line whole; syncs the file to the disk if the last sync was in
 * an earlier second. If the write or the sync fails, the file is cut back
 * to its last whole line and -1 returned with errno set (the game is not
 * on disk). Not thread-safe: one writer at a time. Returns 0 or -1. */
int results_append(ResultsFile *rf, const char *line);

/* The same for len bytes of any kind (a binary file's record). */
int results_append_bytes(ResultsFile *rf, const void *bytes, size_t len);

/* What a failed write's errno e means to a user: "disk full" for ENOSPC and
 * EDQUOT, else strerror(e). */
const char *results_why(int e);
/* Syncs and closes (accepts a closed file). Returns 0 or -1. */
int results_close(ResultsFile *rf);

/* A line's sort key for results_rewrite (line: no newline), -1 to drop
 * the line, or -2 with what is wrong with it in msg. */
typedef long (*ResultsKeyFn)(void *user, const char *line, char *msg, size_t msglen);

/* Rewrites path (atomically, outfile.h; lazy as OutFile.lazy) as header,
 * then the whole lines after its first line that key keeps, sorted by key
 * (lines with equal keys in file order; only the first of them if unique).
 * Lines come from lines.h (LF or CR LF; written back with LF): a NUL byte,
 * a line over RESULTS_LINE_MAX bytes or key's -2 is an error "path:line:
 * what is wrong" and the file is left as it was. A torn last line (no
 * newline: a run killed while writing it) and blank lines are dropped; a
 * missing path gives the header alone. games.csv and faults.csv share it.
 * Returns 0 or -1 with a message. */
int results_rewrite(const char *path, const char *header, ResultsKeyFn key, void *user,
                    bool unique, bool lazy, char *err, size_t errlen);

/* Rewrites path (atomically) with its lines of jobs below below_job sorted
 * by job id; lines of later jobs are dropped. Returns 0 or -1 with a
 * message. */
int results_sort(const char *path, int below_job, char *err, size_t errlen);

#endif
