/* test_jobs.c - the job engine: the same games for any number of threads,
 * halting, stopping, failures, the sink's hooks, and the pair layout. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jobs.h"
#include "registry.h"

enum { NJOBS = 40 };

typedef struct {
	GameRecord *recs; /* per job id */
	int *seen;        /* per job id: times finished */
	int nfinished;
	int halt_after; /* halt when this many have finished (0: never) */
	int prepared;
	int fail_prepare_id; /* prepare fails for this job id (-1: none) */
	int params_calls;
	bool params_fail;
} Sink;

static bool sink_finished(void *ctx, const Job *j, const GameRecord *rec)
{
	Sink *s = ctx;
	s->recs[j->id] = *rec;
	s->seen[j->id]++;
	s->nfinished++;
	return s->halt_after > 0 && s->nfinished >= s->halt_after;
}

static int sink_prepare(void *ctx, const Job *j, const GameRecord *rec)
{
	(void)rec;
	Sink *s = ctx;
#pragma omp atomic
	s->prepared++;
	return j->id == s->fail_prepare_id ? -1 : 0;
}

static int sink_params(void *ctx, const Job *j, int color, ParamSet *out, char *err,
                       size_t errlen)
{
	(void)j;
	(void)color;
	Sink *s = ctx;
#pragma omp atomic
	s->params_calls++;
	if (s->params_fail) {
		snprintf(err, errlen, "no such log folder");
		return -1;
	}
	/* random's one parameter: a job's games change with it, so a test can
	 * tell that the hook's value was used. */
	return param_set(out, "distance", "1", err, errlen);
}

static Sink *sink_new(void)
{
	Sink *s = calloc(1, sizeof *s);
	s->recs = calloc(NJOBS, sizeof *s->recs);
	s->seen = calloc(NJOBS, sizeof *s->seen);
	s->fail_prepare_id = -1;
	return s;
}

static void sink_free(Sink *s)
{
	free(s->recs);
	free(s->seen);
	free(s);
}

typedef struct {
	ParamSet ps[2];
	JobPlayer players[2];
	Job jobs[NJOBS];
	JobSpec spec;
} Fixture;

static void fixture(Fixture *f, const PlayerType *type, int threads)
{
	const PlayerType *r = registry_find("random");
	param_defaults(&f->ps[0], r->params, r->nparams);
	f->ps[1] = f->ps[0];
	f->players[0] = (JobPlayer){"a", type ? type : r, &f->ps[0], {0}};
	f->players[1] = (JobPlayer){"b", r, &f->ps[1], {0}};
	jobs_pairs(f->jobs, NJOBS / 2, 0, 0, 12345);
	f->spec = (JobSpec){.size = 15,
	                    .rule = RULE_FREESTYLE,
	                    .players = f->players,
	                    .nplayers = 2,
	                    .threads = threads};
}

static void another_run_seed_plays_other_games(void **state)
{
	(void)state;
	Sink *a = sink_new(), *b = sink_new();
	Fixture f;
	char err[256];
	fixture(&f, NULL, 1);
	JobSink sa = {.ctx = a, .finished = sink_finished};
	assert_int_equal(jobs_run(&f.spec, f.jobs, NJOBS, &sa, err, sizeof err), JOBS_DONE);
	jobs_pairs(f.jobs, NJOBS / 2, 0, 0, 12346);
	JobSink sb = {.ctx = b, .finished = sink_finished};
	assert_int_equal(jobs_run(&f.spec, f.jobs, NJOBS, &sb, err, sizeof err), JOBS_DONE);
	int same = 0;
	for (int i = 0; i < NJOBS; i++)
		same += a->recs[i].plies == b->recs[i].plies &&
		        memcmp(a->recs[i].moves, b->recs[i].moves,
		               sizeof(int16_t) * (size_t)a->recs[i].plies) == 0;
	assert_true(same < NJOBS / 4);
	sink_free(a);
	sink_free(b);
}

static int run(Fixture *f, Sink *s, char *err, size_t errlen)
{
	JobSink sink = {.ctx = s, .finished = sink_finished, .prepare = sink_prepare};
	return jobs_run(&f->spec, f->jobs, NJOBS, &sink, err, errlen);
}

static void same_games_for_any_thread_count(void **state)
{
	(void)state;
	Sink *one = sink_new(), *many = sink_new();
	Fixture f;
	char err[256];
	fixture(&f, NULL, 1);
	assert_int_equal(run(&f, one, err, sizeof err), JOBS_DONE);
	fixture(&f, NULL, 3);
	assert_int_equal(run(&f, many, err, sizeof err), JOBS_DONE);
	assert_int_equal(one->nfinished, NJOBS);
	assert_int_equal(many->nfinished, NJOBS);
	assert_int_equal(many->prepared, NJOBS);
	for (int i = 0; i < NJOBS; i++) {
		assert_int_equal(many->seen[i], 1);
		assert_int_equal(one->recs[i].plies, many->recs[i].plies);
		assert_memory_equal(one->recs[i].moves, many->recs[i].moves,
		                    sizeof(int16_t) * (size_t)one->recs[i].plies);
	}
	/* The games differ from job to job: the seeds do. */
	assert_memory_not_equal(one->recs[0].moves, one->recs[2].moves,
	                        8 * sizeof(int16_t));
	sink_free(one);
	sink_free(many);
}

static void halting_starts_no_more_jobs(void **state)
{
	(void)state;
	Sink *s = sink_new();
	s->halt_after = 5;
	Fixture f;
	char err[256];
	fixture(&f, NULL, 2);
	assert_int_equal(run(&f, s, err, sizeof err), JOBS_HALTED);
	/* The game that halted, and at most one the other worker had begun. */
	assert_in_range(s->nfinished, 5, 6);
	for (int i = 0; i < 4; i++)
		assert_int_equal(s->seen[i], 1);
	sink_free(s);
}

static void the_stop_flag_abandons_the_run(void **state)
{
	(void)state;
	Sink *s = sink_new();
	atomic_int stop = 1;
	Fixture f;
	char err[256];
	fixture(&f, NULL, 2);
	f.spec.stop = &stop;
	assert_int_equal(run(&f, s, err, sizeof err), JOBS_STOPPED);
	assert_int_equal(s->nfinished, 0);
	sink_free(s);
}

static Player *refuse(const ParamSet *ps, uint64_t seed, char *err, size_t errlen)
{
	(void)ps;
	(void)seed;
	snprintf(err, errlen, "engine not found");
	return NULL;
}

static void a_player_that_cannot_be_made_fails_the_run(void **state)
{
	(void)state;
	PlayerType bad = *registry_find("random");
	bad.create = refuse;
	Sink *s = sink_new();
	Fixture f;
	char err[256] = "";
	fixture(&f, &bad, 1);
	assert_int_equal(run(&f, s, err, sizeof err), -1);
	assert_string_equal(err, "job 0: cannot create player a: engine not found");
	assert_int_equal(s->nfinished, 0);
	sink_free(s);
}

static void a_failed_prepare_drops_the_game_and_halts(void **state)
{
	(void)state;
	Sink *s = sink_new();
	s->fail_prepare_id = 3;
	Fixture f;
	char err[256];
	fixture(&f, NULL, 1);
	assert_int_equal(run(&f, s, err, sizeof err), JOBS_HALTED);
	assert_int_equal(s->nfinished, 3);
	assert_int_equal(s->seen[3], 0);
	sink_free(s);
}

static void the_params_hook_sets_each_games_parameters(void **state)
{
	(void)state;
	Sink *plain = sink_new(), *hooked = sink_new(), *failing = sink_new();
	Fixture f;
	char err[256];
	fixture(&f, NULL, 1);
	assert_int_equal(run(&f, plain, err, sizeof err), JOBS_DONE);
	JobSink sink = {.ctx = hooked, .finished = sink_finished, .params = sink_params};
	assert_int_equal(jobs_run(&f.spec, f.jobs, NJOBS, &sink, err, sizeof err),
	                 JOBS_DONE);
	assert_int_equal(hooked->params_calls, 2 * NJOBS);
	int differ = 0;
	for (int i = 0; i < NJOBS; i++)
		differ += plain->recs[i].plies != hooked->recs[i].plies ||
		          memcmp(plain->recs[i].moves, hooked->recs[i].moves,
		                 sizeof(int16_t) * (size_t)plain->recs[i].plies) != 0;
	assert_true(differ > 0);
	/* The caller's parameters are left as they were. */
	assert_int_equal((int)f.ps[0].v[0], 2);
	failing->params_fail = true;
	sink.ctx = failing;
	assert_int_equal(jobs_run(&f.spec, f.jobs, NJOBS, &sink, err, sizeof err), -1);
	assert_string_equal(err, "job 0: cannot create player a: no such log folder");
	sink_free(plain);
	sink_free(hooked);
	sink_free(failing);
}

static void pairs_swap_colours_on_one_opening(void **state)
{
	(void)state;
	Job j[8];
	jobs_pairs(j, 4, 5, 3, 7);
	for (int i = 0; i < 8; i++) {
		assert_int_equal(j[i].id, i);
		assert_int_equal(j[i].pair, i / 2);
		assert_int_equal(j[i].black, i % 2);
		assert_int_equal(j[i].white, 1 - i % 2);
		assert_int_equal(j[i].opening, (5 + i / 2) % 3);
		assert_int_equal(j[i].round, (5 + i / 2) / 3 + 1);
		assert_true(j[i].seed == jobs_seed(7, i));
	}
	assert_true(jobs_player_seed(&j[0], BLACK) != jobs_player_seed(&j[0], WHITE));
	assert_true(jobs_seed(7, 0) != jobs_seed(8, 0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(same_games_for_any_thread_count),
	    cmocka_unit_test(halting_starts_no_more_jobs),
	    cmocka_unit_test(another_run_seed_plays_other_games),
	    cmocka_unit_test(the_stop_flag_abandons_the_run),
	    cmocka_unit_test(a_player_that_cannot_be_made_fails_the_run),
	    cmocka_unit_test(a_failed_prepare_drops_the_game_and_halts),
	    cmocka_unit_test(the_params_hook_sets_each_games_parameters),
	    cmocka_unit_test(pairs_swap_colours_on_one_opening),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
