/* jobs.c - the job list on worker threads. */
#include "jobs.h"

#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

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

void jobs_play(JobsShared *s, int row, const Job *j, const Opening *o, GameRecord *rec)
{
	const JobSpec *spec = s->spec;
	GameSetup setup = {.size = spec->size,
	                   .rule = spec->rule,
	                   .max_plies = spec->max_plies,
	                   .opening = o ? o->moves : NULL,
	                   .opening_len = o ? o->count : 0,
	                   .stop = spec->stop};
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

/* One call's list, taken job by job in list order by every worker (the
 * calling thread is the first). */
typedef struct {
	JobsShared *s;
	const Job *jobs;
	int count;
	const OpeningSet *os;
	atomic_int next;
	atomic_bool started_all;
} JobsLoop;

typedef struct {
	JobsLoop *loop;
	int row; /* the worker's row of the pool */
	pthread_t thread;
} JobsWorker;

static void *jobs_worker(void *arg)
{
	const JobsWorker *w = arg;
	JobsLoop *l = w->loop;
	/* One record per worker: it is large (every move and its time). */
	GameRecord *rec = malloc(sizeof *rec);
	if (!rec)
		jobs_fail(l->s, "out of memory", NULL, NULL);
	for (int i; (i = atomic_fetch_add(&l->next, 1)) < l->count;) {
		if (!rec || atomic_load(&l->s->halt) || jobs_stopped(l->s->spec)) {
			atomic_store(&l->started_all, false);
			continue;
		}
		const Job *j = &l->jobs[i];
		jobs_play(l->s, w->row, j, l->os ? &l->os->items[j->opening] : NULL, rec);
	}
	free(rec);
	return NULL;
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
	JobsWorker *w = calloc((size_t)threads, sizeof *w);
	if (!s.pool || !w) {
		if (!spec->pool)
			pool_destroy(s.pool);
		free(w);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	JobsLoop loop = {.s = &s,
	                 .jobs = jobs,
	                 .count = count,
	                 .os = spec->openings && spec->openings->count > 0 ? spec->openings
	                                                                   : NULL};
	atomic_init(&loop.next, 0);
	atomic_init(&loop.started_all, true);
	/* Plain threads, not an OpenMP team: libgomp's threads spin some
	 * 300,000 rounds (about 10 ms of CPU each) before they sleep, at the
	 * barrier that ends a loop (while the last game goes on) and again
	 * docked after the region, and OMP_WAIT_POLICY, which would shorten
	 * that, is read only when the program starts. A joined thread costs
	 * nothing while it waits. A thread that cannot be started leaves its
	 * share to the others. */
	int started = 1;
	for (int t = 1; t < threads; t++) {
		w[t] = (JobsWorker){&loop, t, 0};
		if (pthread_create(&w[t].thread, NULL, jobs_worker, &w[t]) != 0)
			break;
		started++;
	}
	w[0] = (JobsWorker){&loop, 0, 0};
	jobs_worker(&w[0]);
	for (int t = 1; t < started; t++)
		pthread_join(w[t].thread, NULL);
	free(w);
	if (!spec->pool)
		pool_destroy(s.pool);
	if (atomic_load(&s.failed))
		return -1;
	if (jobs_stopped(spec))
		return JOBS_STOPPED;
	return atomic_load(&loop.started_all) && !atomic_load(&s.halt) ? JOBS_DONE
	                                                               : JOBS_HALTED;
}
