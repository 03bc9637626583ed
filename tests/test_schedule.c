/* test_schedule.c - the job list: shape, colour swaps, seeds. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "registry.h"
#include "schedule.h"

static void add_players(Tournament *t, int n)
{
	for (int i = 0; i < n; i++) {
		PlayerSpec *p = &t->players[t->nplayers++];
		snprintf(p->name, sizeof p->name, "p%d", i);
		p->type = registry_find("random");
		param_defaults(&p->params, p->type->params, p->type->nparams);
	}
}

static void round_robin_plays_everything_once(void **state)
{
	(void)state;
	Tournament t;
	config_defaults(&t);
	add_players(&t, 4);
	t.rounds = 2;
	Schedule s;
	char err[128];
	assert_int_equal(schedule_build(&t, 3, &s, err, sizeof err), 0);
	/* 6 pairings x 3 openings x 2 rounds x 2 colours */
	assert_int_equal(s.count, 72);
	int seen[4][4][3][2] = {0}; /* black, white, opening, round */
	for (int i = 0; i < s.count; i++) {
		const Job *j = &s.jobs[i];
		assert_int_equal(j->id, i);
		assert_true(j->black != j->white);
		seen[j->black][j->white][j->opening][j->round - 1]++;
		/* A pair is two neighbouring jobs: same opening, colours swapped. */
		if (i % 2 == 1) {
			const Job *a = &s.jobs[i - 1];
			assert_int_equal(a->pair, j->pair);
			assert_int_equal(a->opening, j->opening);
			assert_int_equal(a->black, j->white);
			assert_int_equal(a->white, j->black);
		}
		for (int k = 0; k < i; k++)
			assert_true(s.jobs[k].seed != j->seed);
	}
	for (int b = 0; b < 4; b++)
		for (int w = 0; w < 4; w++)
			for (int o = 0; o < 3; o++)
				for (int r = 0; r < 2; r++)
					assert_int_equal(seen[b][w][o][r], b != w);
	schedule_free(&s);
}

static void gauntlet_plays_only_challengers(void **state)
{
	(void)state;
	Tournament t;
	config_defaults(&t);
	add_players(&t, 5);
	snprintf(t.type, sizeof t.type, "gauntlet");
	t.players[3].challenger = true;
	t.pairs = 7; /* more pairs than openings: the openings come round again */
	Schedule s;
	char err[128];
	assert_int_equal(schedule_build(&t, 3, &s, err, sizeof err), 0);
	assert_int_equal(s.count, 4 * 7 * 2);
	int games[5] = {0};
	for (int i = 0; i < s.count; i++) {
		const Job *j = &s.jobs[i];
		assert_true(j->black == 3 || j->white == 3);
		games[j->black]++;
		games[j->white]++;
		assert_int_equal(j->round, (i / 8) / 3 + 1);
	}
	assert_int_equal(games[3], 56);
	for (int p = 0; p < 5; p++)
		if (p != 3)
			assert_int_equal(games[p], 14);
	schedule_free(&s);
}

/* The kind is the schedule's to check, by its name (the configuration
 * knows no kind): an unknown one, and what a gauntlet needs. */
static void kinds_are_checked_by_name(void **state)
{
	(void)state;
	Tournament t;
	config_defaults(&t);
	add_players(&t, 3);
	snprintf(t.path, sizeof t.path, "t.ini");
	char err[512];
	assert_int_equal(schedule_check(&t, err, sizeof err), 0);
	snprintf(t.type, sizeof t.type, "swiss");
	t.type_line = 2;
	assert_int_equal(schedule_check(&t, err, sizeof err), -1);
	assert_string_equal(err, "t.ini:2: 'type' is round-robin or gauntlet, not 'swiss'");
	snprintf(t.type, sizeof t.type, "gauntlet");
	assert_int_equal(schedule_check(&t, err, sizeof err), -1);
	assert_string_equal(err,
	                    "t.ini:2: a gauntlet needs 'challengers' naming some players "
	                    "but not all");
	t.players[1].challenger = true;
	assert_int_equal(schedule_check(&t, err, sizeof err), 0);
	/* Every kind's name finds its row. */
	for (const TourKind *k = schedule_kinds; k->name; k++)
		assert_ptr_equal(schedule_kind(k->name), k);
}

static void random_order_depends_only_on_seed(void **state)
{
	(void)state;
	Tournament t;
	config_defaults(&t);
	add_players(&t, 2);
	t.order = ORDER_RANDOM;
	t.rounds = 2;
	Schedule a, b, c;
	char err[128];
	assert_int_equal(schedule_build(&t, 50, &a, err, sizeof err), 0);
	assert_int_equal(schedule_build(&t, 50, &b, err, sizeof err), 0);
	t.seed = 2;
	assert_int_equal(schedule_build(&t, 50, &c, err, sizeof err), 0);
	assert_memory_equal(a.jobs, b.jobs, sizeof *a.jobs * (size_t)a.count);
	int differ = 0, used[2][50] = {{0}};
	for (int i = 0; i < a.count; i += 2) {
		differ += a.jobs[i].opening != c.jobs[i].opening;
		used[a.jobs[i].round - 1][a.jobs[i].opening]++;
	}
	assert_true(differ > 0);
	/* Each round is a permutation of the openings. */
	for (int r = 0; r < 2; r++)
		for (int o = 0; o < 50; o++)
			assert_int_equal(used[r][o], 1);
	schedule_free(&a);
	schedule_free(&b);
	schedule_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(round_robin_plays_everything_once),
	    cmocka_unit_test(gauntlet_plays_only_challengers),
	    cmocka_unit_test(kinds_are_checked_by_name),
	    cmocka_unit_test(random_order_depends_only_on_seed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
