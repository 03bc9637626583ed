/* schedule.c - building the job list. */
#include "schedule.h"
#include "err.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

static int round_robin_meet(const Tournament *t, int i, int k)
{
	(void)t;
	(void)i;
	(void)k;
	return 1;
}

/* A challenger plays every other player; the challenger leads, so its
 * name leads its pairings. */
static int gauntlet_meet(const Tournament *t, int i, int k)
{
	bool ci = t->players[i].challenger, ck = t->players[k].challenger;
	return ci == ck ? 0 : ci ? 1 : 2;
}

static int gauntlet_check(const Tournament *t, char *err, size_t errlen)
{
	int challengers = 0;
	for (int i = 0; i < t->nplayers; i++)
		challengers += t->players[i].challenger;
	if (challengers == 0 || challengers == t->nplayers) {
		snprintf(err, errlen,
		         "a gauntlet needs 'challengers' naming some players but not all");
		return -1;
	}
	return 0;
}

const TourKind schedule_kinds[] = {
    {"round-robin", round_robin_meet, NULL},
    {"gauntlet", gauntlet_meet, gauntlet_check},
    {NULL, NULL, NULL},
};

const TourKind *schedule_kind(const char *name)
{
	for (const TourKind *k = schedule_kinds; k->name; k++)
		if (strcmp(k->name, name) == 0)
			return k;
	return NULL;
}

int schedule_check(const Tournament *t, char *err, size_t errlen)
{
	char at[CONFIG_PATH_MAX + 32], why[512];
	const TourKind *kind = schedule_kind(t->type);
	if (!kind) {
		/* "'type' is round-robin or gauntlet, not 'swiss'" */
		int n = snprintf(why, sizeof why, "'type' is ");
		for (const TourKind *k = schedule_kinds; k->name; k++)
			n += snprintf(why + n, sizeof why - (size_t)n, "%s%s",
			              k == schedule_kinds ? ""
			              : k[1].name         ? ", "
			                                  : " or ",
			              k->name);
		config_place(t, t->type_line, at, sizeof at);
		return err_set(err, errlen, "%s%s, not '%.64s'", at, why, t->type);
	}
	if (kind->check && kind->check(t, why, sizeof why) < 0) {
		/* What a kind needs comes from its type and challengers lines. */
		config_place(t, t->challengers_line ? t->challengers_line : t->type_line,
		             at, sizeof at);
		return err_set(err, errlen, "%s%s", at, why);
	}
	return 0;
}

void schedule_free(Schedule *s)
{
	free(s->jobs);
	s->jobs = NULL;
	s->count = 0;
}

/* Fisher-Yates with a generator seeded by (run seed, round). */
static void shuffle(int *a, int n, uint64_t seed, int round)
{
	Rng r;
	rng_seed(&r, seed ^ (0x5EEDull << 32) ^ (uint64_t)round);
	for (int i = n - 1; i > 0; i--) {
		int k = (int)rng_below(&r, (uint32_t)i + 1);
		int t = a[i];
		a[i] = a[k];
		a[k] = t;
	}
}

int schedule_build(const Tournament *t, int nopenings, Schedule *s, char *err,
                   size_t errlen)
{
	*s = (Schedule){0, NULL};
	int(*pairing)[2] = malloc(sizeof *pairing * (size_t)(t->nplayers * t->nplayers));
	int *order = malloc(sizeof *order * (size_t)nopenings);
	if (!pairing || !order) {
		free(pairing);
		free(order);
		return err_set(err, errlen, "out of memory");
	}
	const TourKind *kind = schedule_kind(t->type);
	if (!kind) {
		snprintf(err, errlen, "no tournament kind '%.64s'", t->type);
		free(pairing);
		free(order);
		return -1;
	}
	int np = 0;
	for (int i = 0; i < t->nplayers; i++)
		for (int k = i + 1; k < t->nplayers; k++) {
			int m = kind->meet(t, i, k);
			if (!m)
				continue;
			pairing[np][0] = m == 1 ? i : k;
			pairing[np][1] = m == 1 ? k : i;
			np++;
		}
	long pairs = t->pairs > 0 ? t->pairs : (long)t->rounds * nopenings;
	long total = 2 * pairs * np;
	if (total > SCHEDULE_MAX) {
		snprintf(err, errlen, "%ld games is more than the %d a run may have", total,
		         SCHEDULE_MAX);
		free(pairing);
		free(order);
		return -1;
	}
	s->jobs = malloc(sizeof *s->jobs * (size_t)(total ? total : 1));
	if (!s->jobs) {
		snprintf(err, errlen, "out of memory for %ld games", total);
		free(pairing);
		free(order);
		return -1;
	}
	int round = -1;
	for (long k = 0; k < pairs; k++) {
		if (k / nopenings != round) {
			round = (int)(k / nopenings);
			for (int i = 0; i < nopenings; i++)
				order[i] = i;
			if (t->order == ORDER_RANDOM)
				shuffle(order, nopenings, t->seed, round);
		}
		for (int p = 0; p < np; p++)
			for (int swap = 0; swap < 2; swap++) {
				Job *j = &s->jobs[s->count];
				j->id = s->count;
				j->pair = (int)(k * np + p);
				j->round = round + 1;
				j->opening = order[k % nopenings];
				j->black = pairing[p][swap];
				j->white = pairing[p][!swap];
				j->seed = jobs_seed(t->seed, j->id);
				s->count++;
			}
	}
	free(pairing);
	free(order);
	return 0;
}
