/* test_jobs_idle.c - worker threads that have run out of jobs take no CPU
 * while the last game goes on, nor after the run (libgomp's threads spin
 * some 10 ms each before they sleep, at the end of a loop and docked after
 * a region; jobs.c keeps them asleep instead). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <time.h>

#include "jobs.h"
#include "registry.h"

/* Two threads: with more threads than cores libgomp spins far less (a
 * throttled count), and the test machine may have two. */
enum { THREADS = 2, SLOW_MS = 300 };

static double cpu_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static bool finished(void *ctx, const Job *j, const GameRecord *rec)
{
	(void)ctx;
	(void)j;
	(void)rec;
	return false;
}

/* Job 0 is a game that takes SLOW_MS after its moves (asleep: no CPU). */
static int prepare(void *ctx, const Job *j, const GameRecord *rec)
{
	(void)ctx;
	(void)rec;
	if (j->id == 0)
		nanosleep(&(struct timespec){0, SLOW_MS * 1000000L}, NULL);
	return 0;
}

static void idle_workers_sleep(void **state)
{
	(void)state;
	const PlayerType *r = registry_find("random");
	ParamSet ps;
	param_defaults(&ps, r->params, r->nparams);
	JobPlayer players[2] = {{"a", r, &ps, {0}}, {"b", r, &ps, {0}}};
	Job jobs[THREADS];
	jobs_pairs(jobs, THREADS / 2, 0, 0, 1);
	JobSpec spec = {.size = 15,
	                .rule = RULE_FREESTYLE,
	                .players = players,
	                .nplayers = 2,
	                .threads = THREADS};
	JobSink sink = {.finished = finished, .prepare = prepare};
	char err[256];
	/* The same games on one thread first, which cannot spin: what the
	 * games cost (and the first run's page faults and symbol lookups). */
	spec.threads = 1;
	double t0 = cpu_ms();
	assert_int_equal(jobs_run(&spec, jobs, THREADS, &sink, err, sizeof err), JOBS_DONE);
	double games = cpu_ms() - t0;
	spec.threads = THREADS;
	t0 = cpu_ms();
	assert_int_equal(jobs_run(&spec, jobs, THREADS, &sink, err, sizeof err), JOBS_DONE);
	/* After the run, too: the pool's threads must not spin on. */
	nanosleep(&(struct timespec){0, 50 * 1000000L}, NULL);
	double used = cpu_ms() - t0;
	/* Starting a thread and waking it take well under a millisecond;
	 * the spinning worker took about 20 ms, 10 at the end of the loop
	 * and 10 after it. */
	if (used > games + 5.0)
		fail_msg("%.1f ms of CPU for games of %.1f ms while a thread waited %d ms",
		         used, games, SLOW_MS);
	print_message("%.1f ms of CPU for games of %.1f ms\n", used, games);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(idle_workers_sleep),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
