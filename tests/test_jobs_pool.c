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

#include <dirent.h>
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

static int fd_count(void)
{
	DIR *d = opendir("/proc/self/fd");
	assert_non_null(d);
	int n = 0;
	while (readdir(d))
		n++;
	closedir(d);
	return n;
}

/* The most descriptors seen open as a game was handed in (finished is
 * called one game at a time). */
typedef struct {
	int most;
} FdWatch;

static bool count_fds(void *ctx, const Job *j, const GameRecord *rec)
{
	(void)j;
	(void)rec;
	FdWatch *w = ctx;
	int n = fd_count();
	if (n > w->most)
		w->most = n;
	return false;
}

/* restart = on: each engine is ended with its game (END, then the grace
 * period), not when its worker next plays that player, so however many
 * external players there are, a worker holds the engines of its one game
 * at most, and none once its game is in: with 1 thread no engine's pipe
 * is open when a game is handed in, and no engine is left after the call
 * while the caller's pool lives on. */
static void restart_on_ends_each_engine_with_its_game(void **state)
{
	(void)state;
	char self[PATH_MAX], engine[PATH_MAX + 64], err[256];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	assert_true(n > 0);
	self[n] = '\0';
	snprintf(engine, sizeof engine, "%s/../players/pbrain-naive", dirname(self));
	const PlayerType *ext = registry_find("external");
	ParamSet ps;
	param_defaults(&ps, ext->params, ext->nparams);
	assert_int_equal(param_set(&ps, "command", engine, err, sizeof err), 0);
	assert_int_equal(param_set(&ps, "restart", "on", err, sizeof err), 0);
	JobPlayer players[3] = {
	    {"a", ext, &ps, {0}}, {"b", ext, &ps, {0}}, {"c", ext, &ps, {0}}};
	enum { JOBS = 12 };
	Job jobs[JOBS];
	jobs_pairs(jobs, JOBS / 2, 0, 0, 1);
	for (int i = 0; i < JOBS; i++) { /* a round robin of a, b and c */
		int pairing = i / 2 % 3;
		int p = pairing, q = (pairing + 1) % 3;
		jobs[i].black = i % 2 ? q : p;
		jobs[i].white = i % 2 ? p : q;
	}
	for (int threads = 1; threads <= THREADS; threads++) {
		PlayerPool *pool = pool_create(threads, 3);
		assert_non_null(pool);
		JobSpec spec = {.size = 15,
		                .rule = RULE_FREESTYLE,
		                .players = players,
		                .nplayers = 3,
		                .threads = threads,
		                .max_plies = 10,
		                .pool = pool};
		FdWatch w = {0};
		JobSink sink = {.finished = count_fds, .ctx = &w};
		int base = fd_count();
		assert_int_equal(jobs_run(&spec, jobs, JOBS, &sink, err, sizeof err),
		                 JOBS_DONE);
		/* Another worker's game: its two engines, three pipes each,
		 * both ends of them while one starts and the pipe proc_start
		 * learns of the exec by: 16 at most. */
		int allowed = base + (threads - 1) * 16;
		if (w.most > allowed)
			fail_msg("%d threads: %d descriptors open as a game was handed in "
			         "(%d before the run)",
			         threads, w.most, base);
		assert_int_equal(fd_count(), base);
		/* No engine left, though the pool lives on. */
		assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);
		pool_destroy(pool);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(kept_engines_outlive_the_call),
	    cmocka_unit_test(restart_on_ends_each_engine_with_its_game),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
