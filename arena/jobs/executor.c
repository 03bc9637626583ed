/* executor.c - a match of game pairs between two players, as a job list
 * for the job engine (jobs.h). */
#include "executor.h"
#include "err.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jobs.h"

typedef struct {
	const ExecSpec *spec;
	PairScore *out;
	GameRecord *records; /* NULL: not kept */
	bool halted;         /* by spec->on_game */
} Pairs;

static bool pairs_finished(void *ctx, const Job *j, const GameRecord *rec)
{
	Pairs *p = ctx;
	double black = game_black_score(rec);
	if (j->black == 0)
		p->out[j->pair].a_black = black;
	else
		p->out[j->pair].a_white = 1 - black;
	if (p->records)
		memcpy(&p->records[j->id], rec, sizeof *rec);
	if (p->spec->on_game && p->spec->on_game(p->spec->ctx, j->id, rec))
		p->halted = true;
	return p->halted;
}

int executor_play_pairs(const ExecSpec *spec, int npairs, PairScore *out,
                        GameRecord *records, char *err, size_t errlen)
{
	const OpeningSet *os =
	    spec->openings && spec->openings->count > 0 ? spec->openings : NULL;
	Job *jobs = malloc(sizeof *jobs * (size_t)(2 * npairs + 1));
	if (!jobs) {
		return err_set(err, errlen, "out of memory");
	}
	jobs_pairs(jobs, npairs, spec->first_opening, os ? os->count : 0, spec->seed);
	JobPlayer players[2] = {
	    {"A", spec->a.type, spec->a.params, spec->a.budget},
	    {"B", spec->b.type, spec->b.params, spec->b.budget},
	};
	JobSpec js = {.size = spec->size,
	              .rule = spec->rule,
	              .max_plies = spec->max_plies,
	              .players = players,
	              .nplayers = 2,
	              .openings = os,
	              .threads = spec->threads,
	              .affinity = spec->affinity,
	              .stop = spec->stop,
	              .pool = spec->pool};
	Pairs p = {spec, out, records, false};
	JobSink sink = {.ctx = &p, .finished = pairs_finished};
	int rc = jobs_run(&js, jobs, 2 * npairs, &sink, err, errlen);
	free(jobs);
	if (rc == JOBS_STOPPED)
		snprintf(err, errlen, "interrupted");
	else if (rc == JOBS_HALTED)
		snprintf(err, errlen, "halted");
	return rc == JOBS_DONE && !p.halted ? 0 : -1;
}
