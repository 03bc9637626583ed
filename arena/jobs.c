/* jobs.c - the job list on OpenMP threads. */
#include "jobs.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

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

/* What one run shares between its workers. */
typedef struct {
	const JobSpec *spec;
	const JobSink *sink;
	PlayerPool *pool;
	atomic_bool halt;   /* the sink said so, or a job failed */
	atomic_bool failed; /* err holds the first failure */
	char *err;
	size_t errlen;
} Shared;

static void fail(Shared *s, const char *text, const Job *j, const char *who)
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
static Player *take(Shared *s, int thread, const Job *j, int c)
{
	const JobSpec *spec = s->spec;
	int who = c == BLACK ? j->black : j->white;
	const JobPlayer *jp = &spec->players[who];
	ParamSet ps = *jp->params;
	char e[256] = "";
	Player *p = NULL;
	if (!s->sink->params || s->sink->params(s->sink->ctx, j, c, &ps, e, sizeof e) == 0)
		p = pool_get(s->pool, thread, who, jp->type, &ps, jobs_player_seed(j, c), e,
		             sizeof e);
	if (!p)
		fail(s, *e ? e : "out of memory", j, jp->name ? jp->name : jp->type->name);
	return p;
}

static void play(Shared *s, const Job *j, GameRecord *rec)
{
	const JobSpec *spec = s->spec;
	const OpeningSet *os = spec->openings;
	const Opening *o = os && os->count > 0 ? &os->items[j->opening] : NULL;
	GameSetup setup = {.size = spec->size,
	                   .rule = spec->rule,
	                   .max_plies = spec->max_plies,
	                   .opening = o ? o->moves : NULL,
	                   .opening_len = o ? o->count : 0,
	                   .stop = spec->stop};
	setup.budget[BLACK] = spec->players[j->black].budget;
	setup.budget[WHITE] = spec->players[j->white].budget;
	int thread = omp_get_thread_num();
	Player *pl[2] = {take(s, thread, j, BLACK), NULL};
	if (pl[BLACK])
		pl[WHITE] = take(s, thread, j, WHITE);
	if (pl[BLACK] && pl[WHITE] && game_play(&setup, pl, rec) == 0) {
		const JobSink *k = s->sink;
		if (k->prepare && k->prepare(k->ctx, j, rec) != 0)
			atomic_store(&s->halt, true);
		else
#pragma omp critical(jobs_finished)
		    if (k->finished(k->ctx, j, rec))
			atomic_store(&s->halt, true);
	}
	pool_put(s->pool, thread, j->black, pl[BLACK]);
	pool_put(s->pool, thread, j->white, pl[WHITE]);
}

static bool stopped(const JobSpec *spec)
{
	return spec->stop && atomic_load(spec->stop);
}

int jobs_run(const JobSpec *spec, const Job *jobs, int count, const JobSink *sink,
             char *err, size_t errlen)
{
	int threads = spec->threads > 0 ? spec->threads : omp_get_num_procs();
	Shared s = {.spec = spec, .sink = sink, .err = err, .errlen = errlen};
	atomic_init(&s.halt, false);
	atomic_init(&s.failed, false);
	s.pool = spec->pool ? spec->pool : pool_create(threads, spec->nplayers);
	if (!s.pool) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	bool started_all = true;
#pragma omp parallel num_threads(threads)
	{
		/* One record per worker: it is large (every move and its time). */
		GameRecord *rec = malloc(sizeof *rec);
		if (!rec)
			fail(&s, "out of memory", NULL, NULL);
#pragma omp for schedule(dynamic, 1)
		for (int i = 0; i < count; i++) {
			if (!rec || atomic_load(&s.halt) || stopped(spec)) {
#pragma omp atomic write
				started_all = false;
				continue;
			}
			play(&s, &jobs[i], rec);
		}
		free(rec);
	}
	if (!spec->pool)
		pool_destroy(s.pool);
	if (atomic_load(&s.failed))
		return -1;
	if (stopped(spec))
		return JOBS_STOPPED;
	return started_all && !atomic_load(&s.halt) ? JOBS_DONE : JOBS_HALTED;
}
