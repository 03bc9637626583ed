/* spsa_faults.h - faults.csv of an SPSA run of an external engine: one
 * line per game an engine lost by its own fault, with the evidence.
 *
 *   iteration,game,player,color,reason,detail
 *
 * `iteration` is k, or `verify` for the verification match; `game` counts
 * from 0 within it; `player` is the side that faulted (plus or minus, or
 * tuned or start); `reason` and `detail` as in the arena's faults.csv.
 * An iteration's lines are appended just before its trajectory.csv row, so
 * a killed run leaves at most the lines of the iteration it was playing:
 * spsa_faults_settle, when a run starts, keeps the lines of the
 * iterations trajectory.csv holds and drops the rest (a torn last line,
 * the verification's, which is played again). A finished run run again
 * (verify.csv whole) does not settle: its faults.csv stays as it is. */
#ifndef TUNER_SPSA_FAULTS_H
#define TUNER_SPSA_FAULTS_H

#include <stddef.h>
#include <stdio.h>

#include "pairs.h"

#define SPSA_FAULTS_HEADER "iteration,game,player,color,reason,detail"

/* Games lost to faults by EndReason (game_play.h). */
typedef struct {
	long by[END_COUNT];
} SpsaFaultCount;

/* Rewrites path (atomically; made with the header if missing) keeping the
 * lines of iterations 1..last, and counts them into *kept. The file is
 * read through lines.h and num.h: a torn last line (no newline: a run
 * killed while appending it) and blank lines are dropped, as are the
 * verification's lines and those of later iterations; anything else that
 * does not read (a NUL byte, a line over 16384 bytes, another header, an
 * iteration like "0x1", a reason that is none, fewer than six fields) is an
 * error and the file is left as it was. Returns 0; -2 with "path:line:
 * what is wrong" (a damaged file: the caller refuses it, exit 2); or -1
 * with a message (out of memory, a write error). */
int spsa_faults_settle(const char *path, int last, SpsaFaultCount *kept, char *err,
                       size_t errlen);

/* Appends the lines of f (when: "12" or "verify"; names: what A and B are
 * called) and flushes. Returns 0, or -1 on a write error. */
int spsa_faults_append(FILE *out, const char *when, const char *const names[2],
                       const PairFaults *f);

/* Adds f's faults to *n. */
void spsa_faults_add(SpsaFaultCount *n, const PairFaults *f);

/* The total of n, and "crash 3, timeout 1" into buf ("" when none). */
long spsa_faults_text(const SpsaFaultCount *n, char *buf, size_t len);

#endif
