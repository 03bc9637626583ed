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

/* Rewrites path (creating it with the header if missing) with its whole
 * lines of jobs below njobs for which done[job] holds, one per job and
 * colour, sorted by job; lazy as OutFile.lazy. Returns 0, or -1 with a
 * message. */
int faults_settle(const char *path, const bool *done, int njobs, bool lazy, char *err,
                  size_t errlen);

/* The detail recorded for job in path, into buf ("" if none); 0 if found. */
int faults_find(const char *path, int job, char *buf, size_t len);

#endif
