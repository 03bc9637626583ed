/* jobs.c - the job list on OpenMP threads. */
#include "jobs.h"
#include "err.h"

#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "affinity.h"
#include "jobs_impl.h"
#include "jobs_mpi.h"
#include "rng.h"

uint64_t jobs_seed(uint64_t run_seed, int id)
{
	uint64_t x = run_seed * 0x9E3779B97F4A7C15ull + (uint64_t)id;
	return rng_splitmix(&x);
}

uint64_t jobs_player_seed(const Job *j, int c)
{
	uint64_t x = j->seed + (uint64_t)c;
	return rng_splitmix(&x);
}

void jobs_pairs(Job *out, int npairs, int first_opening, int nopenings, uint64_t seed)
{
	for (int i = 0; i < 2 * npairs; i++) {
		int pair = i / 2;
		long k = (long)first_opening + pair;
		Job *j = &out[i];
		j->id = i;
		j->pair = pair;
		j->opening = nopenings > 0 ? (int)(k % nopenings) : 0;
		j->round = nopenings > 0 ? (int)(k / nopenings) + 1 : 1;
		j->black = i % 2;
		j->white = 1 - i % 2;
		j->seed = jobs_seed(seed, i);
	}
}

void jobs_shared_init(JobsShared *s, const JobSpec *spec, const JobSink *sink,
                      PlayerPool *pool, char *err, size_t errlen)
{
	s->spec = spec;
	s->sink = sink;
	s->pool = pool;
	s->err = err;
	s->errlen = errlen;
	atomic_init(&s->halt, false);
	atomic_init(&s->failed, false);
}

void jobs_fail(JobsShared *s, const char *text, const Job *j, const char *who)
{
#pragma omp critical(jobs_error)
	if (!atomic_load(&s->failed)) {
		if (j)
			snprintf(s->err, s->errlen, "job %d: cannot create player %s: %s",
			         j->id, who, text);
		else
			snprintf(s->err, s->errlen, "%s", text);
		atomic_store(&s->failed, true);
	}
	atomic_store(&s->halt, true);
}

/* The player of colour c in job j, from the worker's row of the pool. */
static Player *take(JobsShared *s, int row, const Job *j, int c)
{
	const JobSpec *spec = s->spec;
	int who = c == BLACK ? j->black : j->white;
	const JobPlayer *jp = &spec->players[who];
	ParamSet ps = *jp->params;
	char e[256] = "";
	Player *p = NULL;
	if (!s->sink->params || s->sink->params(s->sink->ctx, j, c, &ps, e, sizeof e) == 0)
		p = pool_get(s->pool, row, who, jp->type, &ps, jobs_player_seed(j, c), e,
		             sizeof e);
	if (!p)
		jobs_fail(s, *e ? e : "out of memory", j,
		          jp->name ? jp->name : jp->type->name);
	return p;
}

void jobs_deliver(JobsShared *s, const Job *j, const GameRecord *rec)
{
	const JobSink *k = s->sink;
	if (k->prepare && k->prepare(k->ctx, j, rec) != 0)
		atomic_store(&s->halt, true);
	else
#pragma omp critical(jobs_finished)
	    if (k->finished(k->ctx, j, rec))
		atomic_store(&s->halt, true);
}

/* jobs_record_new's block: the record first. */
typedef struct {
	GameRecord rec;
	MessageLog log;
} RecordWithLog;

GameRecord *jobs_record_new(const JobSpec *spec)
{
	if (!spec->messages) {
		GameRecord *rec = malloc(sizeof *rec);
		if (rec)
			rec->messages = NULL;
		return rec;
	}
	RecordWithLog *b = malloc(sizeof *b);
	if (!b)
		return NULL;
	b->rec.messages = &b->log;
	message_log_clear(&b->log);
	return &b->rec;
}

void jobs_record_free(GameRecord *rec)
{
	free(rec);
}

void jobs_play(JobsShared *s, int row, const Job *j, const Opening *o, GameRecord *rec)
{
	const JobSpec *spec = s->spec;
	GameSetup setup = {.size = spec->size,
	                   .rule = spec->rule,
	                   .max_plies = spec->max_plies,
	                   .opening = o ? o->moves : NULL,
	                   .opening_len = o ? o->count : 0,
	                   .stop = spec->stop,
	                   .adjudicate = spec->adjudicate,
	                   .messages = spec->messages ? rec->messages : NULL};
	if (spec->eval_scale) {
		setup.eval_scale[BLACK] = spec->eval_scale[j->black];
		setup.eval_scale[WHITE] = spec->eval_scale[j->white];
	}
	setup.budget[BLACK] = spec->players[j->black].budget;
	setup.budget[WHITE] = spec->players[j->white].budget;
	Player *pl[2] = {take(s, row, j, BLACK), NULL};
	if (pl[BLACK])
		pl[WHITE] = take(s, row, j, WHITE);
	if (pl[BLACK] && pl[WHITE] && game_play(&setup, pl, rec) == 0)
		jobs_deliver(s, j, rec);
	pool_put(s->pool, row, j->black, pl[BLACK]);
	pool_put(s->pool, row, j->white, pl[WHITE]);
}

bool jobs_stopped(const JobSpec *spec)
{
	return spec->stop && atomic_load(spec->stop);
}

/* The end of the worker threads' loop, where each waits for the others
 * asleep. libgomp's own barrier at the end of a region spins first (some
 * 300,000 rounds by default, about 10 ms of CPU, before it sleeps), and
 * OMP_WAIT_POLICY, which would shorten that, is read only when the
 * program starts; so a worker done with the list waits here, on a
 * condition variable, and the threads reach libgomp's barrier together. */
typedef struct {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int arrived;
} JobsRest;

static void jobs_rest(JobsRest *r)
{
	int team = omp_get_num_threads();
	pthread_mutex_lock(&r->mu);
	if (++r->arrived == team)
		pthread_cond_broadcast(&r->cv);
	while (r->arrived < team)
		pthread_cond_wait(&r->cv, &r->mu);
	pthread_mutex_unlock(&r->mu);
}

int jobs_run(const JobSpec *spec, const Job *jobs, int count, const JobSink *sink,
             char *err, size_t errlen)
{
	/* In an MPI world of several ranks, rank 0 hands the jobs out to every
	 * rank (jobs_mpi.h); otherwise, and on any other thread, they are
	 * played here. */
	if (jobs_mpi_leads())
		return jobs_mpi_run(spec, jobs, count, sink, err, errlen);
	int threads = spec->threads > 0 ? spec->threads : omp_get_num_procs();
	JobsShared s;
	jobs_shared_init(&s, spec, sink, spec->pool, err, errlen);
	if (!s.pool)
		s.pool = pool_create(threads, spec->nplayers);
	if (!s.pool) {
		return err_set(err, errlen, "out of memory");
	}
	const OpeningSet *os =
	    spec->openings && spec->openings->count > 0 ? spec->openings : NULL;
	bool started_all = true;
	JobsRest rest = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0};
	Affinity aff;
	affinity_init(&aff, spec->affinity);
#pragma omp parallel num_threads(threads)
	{
		/* One record per worker: it is large (every move and its time). */
		GameRecord *rec = jobs_record_new(spec);
		if (!rec)
			jobs_fail(&s, "out of memory", NULL, NULL);
		int row = omp_get_thread_num();
		AffinitySaved mask;
		affinity_pin(&aff, row, &mask);
#pragma omp for schedule(dynamic, 1) nowait
		for (int i = 0; i < count; i++) {
			if (!rec || atomic_load(&s.halt) || jobs_stopped(spec)) {
#pragma omp atomic write
				started_all = false;
				continue;
			}
			const Job *j = &jobs[i];
			Opening o;
			if (os)
				openings_get(os, j->opening, &o);
			jobs_play(&s, row, j, os ? &o : NULL, rec);
		}
		jobs_record_free(rec);
		affinity_unpin(&mask);
		jobs_rest(&rest);
	}
	/* libgomp's docked threads spin a while (some 10 ms) before they
	 * sleep. They are not let go (omp_pause_resource_all): an engine dies
	 * with the thread that started it (PR_SET_PDEATHSIG), and a caller's
	 * pool, or another one still alive, keeps engines started on them
	 * (test_jobs_pool). */
	pthread_mutex_destroy(&rest.mu);
	pthread_cond_destroy(&rest.cv);
	if (!spec->pool)
		pool_destroy(s.pool);
	if (atomic_load(&s.failed))
		return -1;
	if (jobs_stopped(spec))
		return JOBS_STOPPED;
	return started_all && !atomic_load(&s.halt) ? JOBS_DONE : JOBS_HALTED;
}
