/* test_rundir.c - comparing a run folder's saved configuration with the
 * one about to resume in it: the first difference, named by section, key
 * and both values; and the folder's lock, which dies with its process. */
#define _DEFAULT_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "config.h"
#include "config_diff.h"
#include "rundir.h"
#include "spsa_config.h"

/* The keys free to differ are those the tables declare free (threads and
 * out of [tournament], program of a [player], ...). */
static const ConfigSection *const *const free_keys = config_sections;

#define SAVED                                                                              \
	"; the configuration as used\n[tournament]\nname = t\nthreads = 2\nseed = 1\n"     \
	"openings_hash = fnv1a64:00000000000000aa\n\n[player a]\ntype = naive\n"

static void same_but_for_free_keys(void **state)
{
	(void)state;
	ConfigDiff d;
	const char *now = "; the configuration as used\n[tournament]\nname = t\nthreads = "
	                  "8\nout = elsewhere\nseed = 1\nopenings_hash = "
	                  "fnv1a64:00000000000000aa\n\n[player a]\ntype = naive\n";
	assert_true(config_diff_find(SAVED, now, free_keys, &d));
	assert_true(config_diff_same(SAVED, now, free_keys));
}

static void a_value_that_differs(void **state)
{
	(void)state;
	ConfigDiff d;
	const char *now = "; the configuration as used\n[tournament]\nname = t\nseed = 1\n"
	                  "openings_hash = fnv1a64:00000000000000bb\n\n[player a]\ntype = "
	                  "naive\n";
	assert_false(config_diff_find(SAVED, now, free_keys, &d));
	assert_false(config_diff_same(SAVED, now, free_keys));
	assert_int_equal(d.line, 6); /* the saved text's line */
	assert_string_equal(d.section, "tournament");
	assert_string_equal(d.key, "openings_hash");
	assert_string_equal(d.a, "fnv1a64:00000000000000aa");
	assert_string_equal(d.b, "fnv1a64:00000000000000bb");
	char text[512];
	config_diff_text(&d, text, sizeof text);
	assert_string_equal(text, "[tournament] openings_hash differs "
	                          "(fnv1a64:00000000000000aa in the folder, "
	                          "fnv1a64:00000000000000bb now)");

	/* In a player's section. */
	const char *other =
	    "; the configuration as used\n[tournament]\nname = t\nseed = 1\n"
	    "openings_hash = fnv1a64:00000000000000aa\n\n[player a]\ntype = "
	    "weighted\n";
	assert_false(config_diff_find(SAVED, other, free_keys, &d));
	config_diff_text(&d, text, sizeof text);
	assert_string_equal(text,
	                    "[player a] type differs (naive in the folder, weighted now)");
}

/* A key is free in its own section only: a parameter of a [player] that
 * shares the name of a free [tournament] key changes the games. */
static void free_keys_by_section(void **state)
{
	(void)state;
	const char *saved = "[tournament]\nthreads = 2\n[player a]\ntype = x\nthreads = 1\n"
	                    "program = /a\n";
	const char *now = "[tournament]\nthreads = 8\n[player a]\ntype = x\nthreads = 1\n"
	                  "program = /b\n";
	assert_true(config_diff_same(saved, now, free_keys));
	const char *other = "[tournament]\nthreads = 2\n[player a]\ntype = x\nthreads = 4\n"
	                    "program = /a\n";
	ConfigDiff d;
	assert_false(config_diff_find(saved, other, free_keys, &d));
	assert_int_equal(d.line, 5);
	assert_string_equal(d.section, "player a");
	assert_string_equal(d.key, "threads");
	/* [spsa]'s free keys are not [tournament]'s: status_every is not one. */
	assert_true(config_diff_same("[spsa]\nverify_pairs = 1\nthreads = 1\n",
	                             "[spsa]\nverify_pairs = 2\nthreads = 3\n",
	                             spsa_config_sections));
	assert_false(config_diff_same("[spsa]\nstatus_every = 1\n",
	                              "[spsa]\nstatus_every = 2\n", spsa_config_sections));
	assert_false(config_diff_same("[tournament]\nverify_pairs = 1\n",
	                              "[tournament]\nverify_pairs = 2\n", free_keys));
	/* A parameter its type declares free (an external engine's log and
	 * log_max): a folder an arena without log_max began still resumes,
	 * and the cap may change. A parameter that is not free may not. */
	const char *old_engine = "[player e]\ntype = external\ncommand = ./e\nlog = \n";
	const char *new_engine = "[player e]\ntype = external\ncommand = ./e\nlog = x.log\n"
	                         "log_max = 16777216\n";
	assert_true(config_diff_same(old_engine, new_engine, free_keys));
	assert_false(config_diff_same(old_engine,
	                              "[player e]\ntype = external\ncommand = ./e\nlog = \n"
	                              "timeout_turn = 5\n",
	                              free_keys));
}

static void lines_of_different_keys(void **state)
{
	(void)state;
	ConfigDiff d;
	char text[512];
	/* A key missing now. Blank lines and comments are no part of it. */
	const char *now = "; another comment\n[tournament]\nname = t\n\nseed = 1\n"
	                  "[player a]\ntype = naive\n";
	assert_false(config_diff_find(SAVED, now, free_keys, &d));
	assert_int_equal(d.line, 6);
	assert_string_equal(d.key, "");
	config_diff_text(&d, text, sizeof text);
	assert_string_equal(text, "[tournament] the folder has 'openings_hash = "
	                          "fnv1a64:00000000000000aa', which now is not there");
	/* A key added now, before one both have: named as the new one. */
	const char *added = "[tournament]\nname = t\nrestart = on\nseed = 1\n";
	assert_false(
	    config_diff_find("[tournament]\nname = t\nseed = 1\n", added, free_keys, &d));
	config_diff_text(&d, text, sizeof text);
	assert_string_equal(text, "[tournament] now there is 'restart = on', which the "
	                          "folder's configuration does not have");
	/* Keys in another order: neither is new, the lines are shown. */
	assert_false(config_diff_find("[tournament]\nname = t\nseed = 1\n",
	                              "[tournament]\nseed = 1\nname = t\n", free_keys, &d));
	config_diff_text(&d, text, sizeof text);
	assert_string_equal(text, "[tournament] the folder has 'name = t' where now there "
	                          "is 'seed = 1'");
	/* A player more now: the saved text ends first. */
	const char *more = SAVED "\n[player b]\ntype = naive\n";
	assert_false(config_diff_find(SAVED, more, free_keys, &d));
	assert_int_equal(d.line, 10);
	config_diff_text(&d, text, sizeof text);
	assert_string_equal(text, "[player a] the folder's configuration ends where now "
	                          "there is '[player b]'");
	assert_false(config_diff_find(more, SAVED, free_keys, &d));
	config_diff_text(&d, text, sizeof text);
	assert_string_equal(text, "[player a] the folder has '[player b]' where now the "
	                          "configuration ends");
}

static void values_looked_up(void **state)
{
	(void)state;
	char v[64];
	assert_true(config_diff_value(SAVED, "tournament", "seed", v, sizeof v));
	assert_string_equal(v, "1");
	assert_true(config_diff_value(SAVED, "player a", "type", v, sizeof v));
	assert_string_equal(v, "naive");
	assert_false(config_diff_value(SAVED, "player a", "seed", v, sizeof v));
	assert_false(config_diff_value(SAVED, "player b", "type", v, sizeof v));
}

/* A run killed while one of its engines was between fork and exec: the
 * child still holds the descriptors it inherited, but the lock was the
 * dead process's, and the resume that follows at once must get it. */
static void lock_dies_with_its_process(void **state)
{
	(void)state;
	char dir[] = "/tmp/ga_rundir.XXXXXX";
	assert_non_null(mkdtemp(dir));
	int ready[2];
	assert_int_equal(pipe(ready), 0);
	pid_t run = fork();
	assert_true(run >= 0);
	if (run == 0) {
		RundirLock l;
		char err[256];
		if (rundir_lock(&l, dir, err, sizeof err) < 0)
			_exit(1);
		if (fork() == 0) { /* the engine, not yet exec'd */
			close(ready[0]);
			if (write(ready[1], "x", 1) != 1)
				_exit(1);
			sleep(1);
			_exit(0);
		}
		pause(); /* killed */
		_exit(0);
	}
	close(ready[1]);
	char c;
	assert_int_equal(read(ready[0], &c, 1), 1);
	close(ready[0]);
	kill(run, SIGKILL);
	assert_int_equal(waitpid(run, NULL, 0), run);
	RundirLock l;
	char err[256];
	int rc = rundir_lock(&l, dir, err, sizeof err);
	if (rc < 0)
		print_error("%s\n", err);
	assert_int_equal(rc, 0);
	rundir_unlock(&l, false);
	char cmd[64];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(same_but_for_free_keys),
	    cmocka_unit_test(a_value_that_differs),
	    cmocka_unit_test(free_keys_by_section),
	    cmocka_unit_test(lines_of_different_keys),
	    cmocka_unit_test(values_looked_up),
	    cmocka_unit_test(lock_dies_with_its_process),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
