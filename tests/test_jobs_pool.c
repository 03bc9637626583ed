/* test_jobs_pool.c - the worker threads of jobs_run between calls: they
 * outlive the call, because an engine dies with the thread that started
 * it (PR_SET_PDEATHSIG) and a caller's pool keeps engines from one call to
 * the next (SPSA iterations, a run's end). (What idle workers cost in CPU
 * is a benchmark's business, not a unit test's: tests/bench_external.sh.) */
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

enum { THREADS = 2 };

static bool finished(void *ctx, const Job *j, const GameRecord *rec)
{
	(void)ctx;
	(void)j;
	(void)rec;
	return false;
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
	    cmocka_unit_test(kept_engines_outlive_the_call),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
