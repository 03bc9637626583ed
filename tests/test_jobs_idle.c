/* test_jobs_idle.c - the worker threads of jobs_run between games and
 * between calls: idle, they take no CPU while the last game goes on, nor
 * after the run (libgomp's threads spin some 10 ms each before they sleep,
 * at the end of a loop and docked after a region; jobs.c keeps them
 * asleep instead); and they outlive the call, because an engine dies with
 * the thread that started it (PR_SET_PDEATHSIG) and a caller's pool keeps
 * engines from one call to the next (SPSA iterations, a run's end). */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

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

/* Has a child exited (a zombie not yet reaped)? */
static bool a_child_exited(void)
{
	siginfo_t si;
	memset(&si, 0, sizeof si);
	return waitid(P_ALL, 0, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid != 0;
}

/* Kept engines (restart = off) live on after jobs_run, on every worker's
 * row, until the pool is destroyed, and then end by END, not by a kill. */
static void kept_engines_outlive_the_call(void **state)
{
	(void)state;
	/* The build puts the tests in build/tests and pbrain in build/players. */
	char self[PATH_MAX], engine[PATH_MAX + 64], err[256];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	assert_true(n > 0);
	self[n] = '\0';
	snprintf(engine, sizeof engine, "%s/../players/pbrain-naive", dirname(self));
	if (access(engine, X_OK) != 0)
		fail_msg("no engine at %s", engine);
	const PlayerType *ext = registry_find("external");
	ParamSet ps;
	param_defaults(&ps, ext->params, ext->nparams);
	assert_int_equal(param_set(&ps, "command", engine, err, sizeof err), 0);
	assert_int_equal(param_set(&ps, "restart", "off", err, sizeof err), 0);
	JobPlayer players[2] = {{"a", ext, &ps, {0}}, {"b", ext, &ps, {0}}};
	enum { JOBS = 8 };
	Job jobs[JOBS];
	jobs_pairs(jobs, JOBS / 2, 0, 0, 1);
	PlayerPool *pool = pool_create(THREADS, 2);
	assert_non_null(pool);
	JobSpec spec = {.size = 15,
	                .rule = RULE_FREESTYLE,
	                .players = players,
	                .nplayers = 2,
	                .threads = THREADS,
	                .max_plies = 20,
	                .pool = pool};
	JobSink sink = {.finished = finished};
	for (int call = 0; call < 2; call++) {
		assert_int_equal(jobs_run(&spec, jobs, JOBS, &sink, err, sizeof err),
		                 JOBS_DONE);
		nanosleep(&(struct timespec){0, 100 * 1000000L}, NULL);
		if (a_child_exited())
			fail_msg("an engine of the pool died after call %d", call + 1);
	}
	pool_destroy(pool);
	/* Every engine reaped, each having exited by itself on END. */
	assert_false(a_child_exited());
	assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(idle_workers_sleep),
	    cmocka_unit_test(kept_engines_outlive_the_call),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
