/* pairs.c - game pairs as a job list, with the faults kept. */
#include "pairs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jobs.h"

typedef struct {
	PairScore *out;
	PairFaults *faults;
	bool no_memory;
} Match;

static bool keep_fault(PairFaults *f, const Job *j, const GameRecord *rec)
{
	if (f->count == f->cap) {
		int cap = f->cap ? 2 * f->cap : 16;
		PairFault *items = realloc(f->items, sizeof *items * (size_t)cap);
		if (!items)
			return false;
		f->items = items;
		f->cap = cap;
	}
	PairFault *p = &f->items[f->count++];
	p->game = j->id;
	p->color = rec->fault_color;
	p->side = rec->fault_color == BLACK ? j->black : j->white;
	p->reason = rec->reason;
	snprintf(p->detail, sizeof p->detail, "%s", rec->fault_detail);
	return true;
}

/* One game at a time, under the job engine's lock. */
static bool finished(void *ctx, const Job *j, const GameRecord *rec)
{
	Match *m = ctx;
	double black = game_black_score(rec);
	if (j->black == 0)
		m->out[j->pair].a_black = black;
	else
		m->out[j->pair].a_white = 1 - black;
	if (m->faults && rec->fault_color >= 0 && !keep_fault(m->faults, j, rec))
		m->no_memory = true;
	return m->no_memory; /* halts the match */
}

static int by_game(const void *a, const void *b)
{
	const PairFault *x = a, *y = b;
	return (x->game > y->game) - (x->game < y->game);
}

int pairs_play(const ExecSpec *spec, int npairs, PairScore *out, PairFaults *faults,
               char *err, size_t errlen)
{
	int before = faults ? faults->count : 0;
	const OpeningSet *os =
	    spec->openings && spec->openings->count > 0 ? spec->openings : NULL;
	Job *jobs = malloc(sizeof *jobs * (size_t)(2 * npairs + 1));
	if (!jobs) {
		snprintf(err, errlen, "out of memory");
		return -1;
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
	              .stop = spec->stop,
	              .pool = spec->pool};
	Match m = {out, faults, false};
	JobSink sink = {.ctx = &m, .finished = finished};
	int rc = jobs_run(&js, jobs, 2 * npairs, &sink, err, errlen);
	free(jobs);
	/* In game order, not in the order threads finished them. */
	if (faults && faults->count > before)
		qsort(faults->items + before, (size_t)(faults->count - before),
		      sizeof *faults->items, by_game);
	if (rc == JOBS_STOPPED)
		snprintf(err, errlen, "interrupted");
	else if (m.no_memory)
		snprintf(err, errlen, "out of memory");
	return rc == JOBS_DONE && !m.no_memory ? 0 : -1;
}

void pairs_faults_clear(PairFaults *f)
{
	if (f)
		f->count = 0;
}

void pairs_faults_free(PairFaults *f)
{
	if (!f)
		return;
	free(f->items);
	*f = (PairFaults){0};
}
