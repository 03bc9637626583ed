/* test_affinity.c - a worker thread pinned to one CPU: the module's
 * round robin and restore, that a process started on a pinned thread
 * keeps its CPU (which is how engines get theirs), and jobs_run's use of
 * it: every game on a thread of one CPU, the caller's mask back after. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <omp.h>
#include <sched.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "affinity.h"
#include "jobs.h"
#include "registry.h"

static cpu_set_t mask_now(void)
{
	cpu_set_t set;
	assert_int_equal(sched_getaffinity(0, sizeof set, &set), 0);
	return set;
}

static void off_changes_nothing(void **state)
{
	(void)state;
	cpu_set_t before = mask_now();
	Affinity a;
	affinity_init(&a, false);
	assert_int_equal(a.count, 0);
	AffinitySaved saved;
	affinity_pin(&a, 0, &saved);
	assert_false(saved.pinned);
	cpu_set_t after = mask_now();
	assert_true(CPU_EQUAL(&before, &after));
	affinity_unpin(&saved);
}

/* The tests below need two CPUs and leave to pin a thread (a container
 * may refuse it), and no binding of OpenMP's own (OMP_PROC_BIND), under
 * which affinity keeps out of the way: else they are skipped. */
static bool can_pin(void)
{
	cpu_set_t before = mask_now();
	if (CPU_COUNT(&before) < 2 || omp_get_proc_bind() != omp_proc_bind_false)
		return false;
	Affinity a;
	affinity_init(&a, true);
	AffinitySaved saved;
	affinity_pin(&a, 0, &saved);
	affinity_unpin(&saved);
	return saved.pinned;
}

static void rows_go_round_the_cpus_and_come_back(void **state)
{
	(void)state;
	if (!can_pin())
		skip();
	cpu_set_t before = mask_now();
	Affinity a;
	affinity_init(&a, true);
	assert_int_equal(a.count, CPU_COUNT(&before));
	for (int row = 0; row < 2 * a.count + 1; row++) {
		AffinitySaved saved;
		affinity_pin(&a, row, &saved);
		assert_true(saved.pinned);
		cpu_set_t pinned = mask_now();
		assert_int_equal(CPU_COUNT(&pinned), 1);
		assert_true(CPU_ISSET(a.cpu[row % a.count], &pinned));
		affinity_unpin(&saved);
		cpu_set_t back = mask_now();
		assert_true(CPU_EQUAL(&before, &back));
	}
}

/* An engine is a process started by the worker: it has the worker's CPU. */
static void a_child_of_a_pinned_thread_keeps_its_cpu(void **state)
{
	(void)state;
	if (!can_pin())
		skip();
	Affinity a;
	affinity_init(&a, true);
	AffinitySaved saved;
	affinity_pin(&a, a.count - 1, &saved);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		cpu_set_t set;
		_exit(sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) == 1 &&
		              CPU_ISSET(a.cpu[a.count - 1], &set)
		          ? 0
		          : 1);
	}
	int status;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	affinity_unpin(&saved);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

enum { NJOBS = 12 };

typedef struct {
	int games, cpus_max, cpus_min;
	Affinity aff;     /* what the rows' CPUs should be */
	int wrong_cpu;    /* games played on a thread on another CPU */
	bool rows[NJOBS]; /* the rows (worker threads) that played */
} Seen;

/* Called on the thread that played the game: its mask, and with affinity
 * its CPU, that of its row. */
static bool seen_finished(void *ctx, const Job *j, const GameRecord *rec)
{
	(void)j;
	(void)rec;
	Seen *s = ctx;
	cpu_set_t set = mask_now();
	int n = CPU_COUNT(&set), row = omp_get_thread_num();
	s->games++;
	s->cpus_max = n > s->cpus_max ? n : s->cpus_max;
	s->cpus_min = s->games == 1 || n < s->cpus_min ? n : s->cpus_min;
	s->rows[row % NJOBS] = true;
	if (s->aff.count > 0 &&
	    !(n == 1 && CPU_ISSET(s->aff.cpu[row % s->aff.count], &set)))
		s->wrong_cpu++;
	return false;
}

/* A game takes a while, so that every thread gets some. */
static int slow_prepare(void *ctx, const Job *j, const GameRecord *rec)
{
	(void)ctx;
	(void)j;
	(void)rec;
	nanosleep(&(struct timespec){0, 20 * 1000 * 1000}, NULL);
	return 0;
}

static Seen run_jobs(bool affinity)
{
	const PlayerType *r = registry_find("random");
	ParamSet ps;
	param_defaults(&ps, r->params, r->nparams);
	JobPlayer players[2] = {{"a", r, &ps, {0}}, {"b", r, &ps, {0}}};
	Job jobs[NJOBS];
	jobs_pairs(jobs, NJOBS / 2, 0, 0, 7);
	JobSpec spec = {.size = 15,
	                .rule = RULE_FREESTYLE,
	                .players = players,
	                .nplayers = 2,
	                .threads = 3,
	                .affinity = affinity};
	Seen s = {0};
	affinity_init(&s.aff, affinity);
	JobSink sink = {.ctx = &s, .finished = seen_finished, .prepare = slow_prepare};
	char err[256];
	assert_int_equal(jobs_run(&spec, jobs, NJOBS, &sink, err, sizeof err), JOBS_DONE);
	return s;
}

static void jobs_run_plays_on_one_cpu_a_thread_with_affinity(void **state)
{
	(void)state;
	if (!can_pin())
		skip();
	cpu_set_t before = mask_now();
	Seen on = run_jobs(true);
	assert_int_equal(on.games, NJOBS);
	assert_int_equal(on.cpus_max, 1);
	assert_int_equal(on.wrong_cpu, 0);
	int rows = 0;
	for (int r = 0; r < NJOBS; r++)
		rows += on.rows[r];
	assert_true(rows >= 2); /* so that row 1's CPU was checked */
	cpu_set_t after = mask_now();
	assert_true(CPU_EQUAL(&before, &after));
	Seen off = run_jobs(false);
	assert_int_equal(off.games, NJOBS);
	assert_int_equal(off.cpus_min, CPU_COUNT(&before));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(off_changes_nothing),
	    cmocka_unit_test(rows_go_round_the_cpus_and_come_back),
	    cmocka_unit_test(a_child_of_a_pinned_thread_keeps_its_cpu),
	    cmocka_unit_test(jobs_run_plays_on_one_cpu_a_thread_with_affinity),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
