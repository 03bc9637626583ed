/* pairs.c - game pairs through the executor, with the faults kept. */
#include "pairs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	PairFaults *faults;
	bool no_memory;
} Kept;

/* A game's fault, if it has one (executor's on_game, under its lock). */
static bool keep_fault(void *ctx, int game, const GameRecord *rec)
{
	Kept *k = ctx;
	PairFaults *f = k->faults;
	if (rec->fault_color < 0)
		return false;
	if (f->count == f->cap) {
		int cap = f->cap ? 2 * f->cap : 16;
		PairFault *items = realloc(f->items, sizeof *items * (size_t)cap);
		if (!items) {
			k->no_memory = true;
			return true; /* halts the match */
		}
		f->items = items;
		f->cap = cap;
	}
	PairFault *p = &f->items[f->count++];
	p->game = game;
	p->color = rec->fault_color;
	/* A is black in the even games. */
	p->side = (rec->fault_color == BLACK) == (game % 2 == 0) ? 0 : 1;
	p->reason = rec->reason;
	snprintf(p->detail, sizeof p->detail, "%s", rec->fault_detail);
	return false;
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
	ExecSpec s = *spec;
	Kept k = {faults, false};
	if (faults) {
		s.on_game = keep_fault;
		s.ctx = &k;
	}
	int rc = executor_play_pairs(&s, npairs, out, NULL, err, errlen);
	/* In game order, not in the order threads finished them. */
	if (faults && faults->count > before)
		qsort(faults->items + before, (size_t)(faults->count - before),
		      sizeof *faults->items, by_game);
	if (k.no_memory)
		snprintf(err, errlen, "out of memory");
	return rc;
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
