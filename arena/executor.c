/* executor.c - game pairs on OpenMP threads. */
#include "executor.h"

#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

static double black_score(const GameRecord *r)
{
	return r->outcome == RESULT_BLACK_WIN ? 1 : r->outcome == RESULT_DRAW ? 0.5 : 0;
}

int executor_play_pairs(const ExecSpec *spec, int npairs, PairScore *out,
                        GameRecord *records, char *err, size_t errlen)
{
	atomic_int failed = 0;
	int told = 0; /* err written, under the critical section */
	int threads = spec->threads > 0 ? spec->threads : omp_get_num_procs();
	omp_set_num_threads(threads);
	PlayerPool *pool = spec->pool ? spec->pool : pool_create(threads, 2);
	if (!pool) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
#pragma omp parallel for schedule(dynamic, 1)
	for (int g = 0; g < 2 * npairs; g++) {
		if (spec->stop && atomic_load(spec->stop)) {
			atomic_store(&failed, 1); /* the message: after the loop */
			continue;
		}
		int pair = g / 2, a_color = g % 2 == 0 ? BLACK : WHITE;
		const OpeningSet *os = spec->openings;
		const Opening *o =
		    os && os->count > 0
		        ? &os->items[(spec->first_opening + pair) % os->count]
		        : NULL;
		GameSetup setup = {.size = spec->size,
		                   .rule = spec->rule,
		                   .max_plies = spec->max_plies,
		                   .opening = o ? o->moves : NULL,
		                   .opening_len = o ? o->count : 0,
		                   .stop = spec->stop};
		setup.budget[a_color] = spec->a.budget;
		setup.budget[a_color ^ 1] = spec->b.budget;
		uint64_t s = spec->seed * 0x9E3779B97F4A7C15ull + (uint64_t)g;
		uint64_t seed_a = rng_splitmix(&s), seed_b = rng_splitmix(&s);
		char e[256] = "";
		Player *pl[2] = {NULL, NULL};
		int t = omp_get_thread_num();
		pl[a_color] =
		    pool_get(pool, t, 0, spec->a.type, spec->a.params, seed_a, e, sizeof e);
		if (pl[a_color])
			pl[a_color ^ 1] = pool_get(pool, t, 1, spec->b.type, spec->b.params,
			                           seed_b, e, sizeof e);
		GameRecord *rec = records ? &records[g] : malloc(sizeof *rec);
		if (pl[0] && pl[1] && rec && game_play(&setup, pl, rec) == 1) {
			atomic_store(&failed, 1); /* abandoned: interrupted */
		} else if (pl[0] && pl[1] && rec) {
			double sa =
			    a_color == BLACK ? black_score(rec) : 1 - black_score(rec);
			if (a_color == BLACK)
				out[pair].a_black = sa;
			else
				out[pair].a_white = sa;
		} else {
			atomic_store(&failed, 1);
#pragma omp critical(executor_error)
			if (!told) {
				told = 1;
				snprintf(err, errlen, "%s",
				         rec ? (*e ? e : "cannot create a player")
				             : "out of memory");
			}
		}
		if (!records)
			free(rec);
		pool_put(pool, t, 0, pl[a_color]);
		pool_put(pool, t, 1, pl[a_color ^ 1]);
	}
	if (!spec->pool)
		pool_destroy(pool);
	if (spec->stop && atomic_load(spec->stop))
		snprintf(err, errlen, "interrupted");
	return atomic_load(&failed) ? -1 : 0;
}
