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

/* Builds the list for t with nopenings openings. Returns 0 or -1 (out of
 * memory, or more than SCHEDULE_MAX jobs) with a message. */
int schedule_build(const Tournament *t, int nopenings, Schedule *s, char *err,
                   size_t errlen);
void schedule_free(Schedule *s);

enum { SCHEDULE_MAX = 50000000 };

#endif
