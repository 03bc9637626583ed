/* faults.h - faults.csv: why an engine lost, with the evidence.
 *
 * One line per game an engine lost by its own fault (crash, timeout,
 * protocol, illegal, memory): job,player,color,reason,detail. The detail is
 * what the referee saw (the offending line, the exit status or signal, the
 * end of the engine's stderr, the clock), already free of commas and line
 * breaks (game_play.h), so no field is quoted.
 *
 * The file follows games.csv: a line is appended just before the game's
 * games.csv line, and faults_settle rewrites it (atomically, sorted by job)
 * keeping only the games games.csv holds, once at the start of a run (a
 * kill between the two lines leaves a fault of a game that is played again)
 * and once at its end. */
#ifndef ARENA_FAULTS_H
#define ARENA_FAULTS_H

#include <stdbool.h>
#include <stddef.h>

#include "game_play.h"

#define FAULTS_HEADER "job,player,color,reason,detail"

/* The line (with '\n') for the fault of rec in job, or "" if rec has none.
 * names: the black and the white player. */
void faults_format(char *buf, size_t len, int job, const char *const names[2],
                   const GameRecord *rec);

/* One line of faults.csv as read: job (plain digits, 0 to 2e9), the
 * player (1 to 63 bytes), its colour, a fault's reason (crash, timeout,
 * protocol, illegal, memory) and the detail, the rest of the line. */
typedef struct {
	int job, color; /* BLACK or WHITE */
	EndReason reason;
	const char *player, *detail; /* into the line */
	int player_len;
} FaultLine;

/* Reads line (no newline) into *out. Returns 0, or -1 with what is wrong
 * in msg. */
int faults_parse(const char *line, FaultLine *out, char *msg, size_t msglen);

/* What faults_scan calls for each line (valid during the call). Returns 0,
 * or -1 with a message in msg, which stops the scan. */
typedef int (*FaultsLineFn)(void *user, const FaultLine *line, char *msg, size_t msglen);

/* Reads path (lines.h, lines of up to RESULTS_LINE_MAX bytes): the header
 * FAULTS_HEADER, then faults_parse's lines, handed to fn (may be NULL) in
 * file order, and blank lines at the end only; an empty file has none. resume: a last line
 * without its newline (a run killed while appending it) is ignored, as a resume drops it;
 * otherwise it is read like the others. A missing file is an error
 * ("path: cannot open: ..."). Returns 0, or -1 with "path:line: what is
 * wrong". Linear in the file. */
int faults_scan(const char *path, bool resume, FaultsLineFn fn, void *user, char *err,
                size_t errlen);

/* Rewrites path (creating it with the header if missing) with its whole
 * lines of jobs below njobs for which done[job] holds, one per job and
 * colour, sorted by job; lazy as OutFile.lazy. A torn last line is
 * dropped; any other line that does not parse is an error "path:line:
 * ..." (faults_scan on resume finds those before anything is written).
 * Returns 0, or -1 with a message. */
int faults_settle(const char *path, const bool *done, int njobs, bool lazy, char *err,
                  size_t errlen);

/* The line recorded for job in path (the first, whole), into buf. Returns
 * 1 if found, 0 if not (a missing file has none), or -1 with "path:line:
 * what is wrong" in err when the file does not read (faults_scan). */
int faults_find(const char *path, int job, char *buf, size_t len, char *err, size_t errlen);

#endif
