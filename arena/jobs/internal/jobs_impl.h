/* jobs_impl.h - what jobs.c shares with its second backend, the ranks of
 * an MPI world (jobs_mpi*.c); not for other callers: jobs.h is the
 * interface.
 *
 * A call of jobs_run is one JobsShared: the spec, the sink, the pool of
 * kept players, and the flags every worker reads. The backends differ only
 * in where a worker takes its next job from; playing it and handing the
 * record to the sink are these functions, whichever thread or rank played
 * it. */
#ifndef ARENA_JOBS_IMPL_H
#define ARENA_JOBS_IMPL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "jobs.h"

typedef struct {
	const JobSpec *spec;
	const JobSink *sink;
	PlayerPool *pool;
	atomic_bool halt;   /* the sink said so, or a job failed */
	atomic_bool failed; /* err holds the first failure */
	char *err;
	size_t errlen;
} JobsShared;

/* Sets up s for one call (flags clear); the pool is the caller's. */
void jobs_shared_init(JobsShared *s, const JobSpec *spec, const JobSink *sink,
                      PlayerPool *pool, char *err, size_t errlen);

/* Fails the call: the first failure's message goes into s->err ("job ID:
 * cannot create player WHO: text" for a job, text alone without one), and
 * halts it. Thread-safe. */
void jobs_fail(JobsShared *s, const char *text, const Job *j, const char *who);

/* A worker's scratch record, with room for its game's messages when
 * spec->messages (rec->messages set), or NULL; freed by jobs_record_free. */
GameRecord *jobs_record_new(const JobSpec *spec);
void jobs_record_free(GameRecord *rec); /* accepts NULL */

/* Plays j from opening o (NULL: the empty board) with the players of row
 * `row` of s->pool (one row per worker thread), and hands the finished
 * game to jobs_deliver; rec is the worker's scratch record. A player that
 * cannot be made fails the call. */
void jobs_play(JobsShared *s, int row, const Job *j, const Opening *o, GameRecord *rec);

/* A finished game to the sink: prepare (outside any lock), then finished
 * under the engine's one lock; a failed prepare drops the game, and either
 * halts the call as jobs.h says. Thread-safe. */
void jobs_deliver(JobsShared *s, const Job *j, const GameRecord *rec);

/* Has the stop flag of spec been raised? */
bool jobs_stopped(const JobSpec *spec);

#endif
