/* schedule.h - the whole tournament as a list of jobs, built before play.
 *
 * A job is one game: a pairing, an opening and who is black. Each opening
 * is played as a pair of jobs with colours swapped, next to each other in
 * the list. Pairings take turns (pair 1 of every pairing, then pair 2, ...)
 * so that a run stopped early is balanced. The list and each job's seed
 * depend only on the configuration. */
#ifndef ARENA_SCHEDULE_H
#define ARENA_SCHEDULE_H

#include <stdint.h>

#include "config.h"
#include "jobs.h"

typedef struct {
	int count;
	Job *jobs; /* owned */
} Schedule;

/* Whether t's `type` names a kind and its players are what the kind needs
 * (a gauntlet: some challengers, not all). Returns 0, or -1 with
 * "FILE:LINE: what is wrong". */
int schedule_check(const Tournament *t, char *err, size_t errlen);

/* Builds the list for t (schedule_check passed) with nopenings openings.
 * Returns 0 or -1 (out of memory, or more than SCHEDULE_MAX jobs) with a
 * message. */
int schedule_build(const Tournament *t, int nopenings, Schedule *s, char *err,
                   size_t errlen);
void schedule_free(Schedule *s);

enum { SCHEDULE_MAX = 50000000 };

/* A kind of tournament with fixed pairings ([tournament] type): which
 * pairs of players meet. A new kind is a row of schedule_kinds
 * (schedule.c) and a line of README's key reference: the configuration
 * takes its name, and the report shows it, from the row. */
typedef struct {
	const char *name;
	/* For players i < k: 0 if they do not meet, 1 if they do with i
	 * leading (black in the first game of each pair), 2 with k leading. */
	int (*meet)(const Tournament *t, int i, int k);
	/* NULL, or what the kind needs of the players: 0, or -1 with a
	 * message (without the file's name). */
	int (*check)(const Tournament *t, char *err, size_t errlen);
} TourKind;

/* Every kind; the row after the last has a NULL name. */
extern const TourKind schedule_kinds[];

/* The kind of that name, or NULL. */
const TourKind *schedule_kind(const char *name);

#endif
