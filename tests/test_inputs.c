/* test_inputs.c - what a run's games depend on besides its keys (the
 * openings file, external engines' programs), known by content hashes that
 * config.ini records: written, read back from the run folder, checked. */
#define _DEFAULT_SOURCE /* realpath */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "tmpdir.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "inputs.h"
#include "config_diff.h"
#include "rundir.h"

static char real_dir[256]; /* dir (tmpdir.h) without links */

static int setup(void **state)
{
	char abs[PATH_MAX];
	if (tmpdir_setup(state) < 0 || !realpath(dir, abs) ||
	    strlen(abs) >= sizeof real_dir)
		return -1;
	memcpy(real_dir, abs, strlen(abs) + 1);
	char run[128];
	snprintf(run, sizeof run, "%s/run", dir);
	return mkdir(run, 0777);
}

/* (not inlined: GCC takes the stream's pointer to text for a dangling one) */
__attribute__((noinline)) static char *text_of(const Tournament *t)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	assert_int_equal(config_write(t, f), 0);
	fclose(f);
	return text;
}

/* Loads path and resolves its inputs: 0, or -1 with the message in err. */
static int load(const char *path, Tournament *t, char *err, size_t errlen)
{
	if (config_load(path, t, err, errlen) < 0)
		fail_msg("%s", err);
	return inputs_resolve(t, err, errlen);
}

/* FNV-1a 64, known answers of the published test suite (Fowler, Noll, Vo). */
static void fnv1a64_known_answers(void **state)
{
	(void)state;
	assert_true(inputs_fnv1a64("", 0, INPUTS_FNV_BASIS) == 0xcbf29ce484222325ull);
	assert_true(inputs_fnv1a64("a", 1, INPUTS_FNV_BASIS) == 0xaf63dc4c8601ec8cull);
	assert_true(inputs_fnv1a64("foobar", 6, INPUTS_FNV_BASIS) == 0x85944171f73967e8ull);
	/* In pieces, as a file is read. */
	uint64_t h = inputs_fnv1a64("foo", 3, INPUTS_FNV_BASIS);
	assert_true(inputs_fnv1a64("bar", 3, h) == 0x85944171f73967e8ull);
	char hash[INPUTS_HASH_MAX], err[512];
	assert_int_equal(inputs_hash_file(tmpdir_write("f.txt", "foobar"), hash,
	                                  sizeof hash, err, sizeof err),
	                 0);
	assert_string_equal(hash, "fnv1a64:85944171f73967e8");
	assert_int_equal(
	    inputs_hash_file("/nonexistent/f", hash, sizeof hash, err, sizeof err), -1);
	assert_non_null(strstr(err, "/nonexistent/f: cannot open"));
}

#define PLAYERS "[player a]\ntype = naive\n[player b]\ntype = weighted\n"

/* config.ini names the openings by an absolute path with their hash, and
 * runs as it is from the run folder, to the same configuration. */
static void openings_recorded_and_read_back_from_the_run_folder(void **state)
{
	(void)state;
	tmpdir_write("book.txt", "0,0\n0,0, 1,1\n");
	static Tournament t, u;
	char err[1024];
	if (load(tmpdir_write("t.ini", "[tournament]\nopenings = book.txt\n" PLAYERS), &t,
	         err, sizeof err) < 0)
		fail_msg("%s", err);
	char want[2048], hash[INPUTS_HASH_MAX];
	snprintf(want, sizeof want, "%s/book.txt", real_dir);
	assert_string_equal(t.openings, want);
	assert_int_equal(inputs_hash_file(want, hash, sizeof hash, err, sizeof err), 0);
	assert_string_equal(t.openings_hash, hash);
	char *text = text_of(&t);
	snprintf(want, sizeof want, "\nopenings = %s/book.txt\nopenings_hash = %s\n",
	         real_dir, hash);
	if (!strstr(text, want))
		fail_msg("no '%s' in\n%s", want, text);

	/* Read back from the run folder: the same openings, the same text. */
	const char *saved = tmpdir_write("run/config.ini", text);
	if (load(saved, &u, err, sizeof err) < 0)
		fail_msg("%s", err);
	char *again = text_of(&u);
	assert_string_equal(again, text);
	free(again);

	/* The file changed: config.ini no longer describes its games. */
	tmpdir_write("book.txt", "0,0\n0,0, 1,0\n");
	assert_int_equal(load(saved, &u, err, sizeof err), -1);
	snprintf(want, sizeof want, "%s:10: openings_hash is %s but %s/book.txt now has ",
	         saved, hash, real_dir);
	if (!strstr(err, want) || !strstr(err, "the file changed"))
		fail_msg("'%s' lacks '%s'", err, want);
	/* ... unless the openings are given anew. */
	char set[512];
	snprintf(set, sizeof set, "tournament.openings=%s/book.txt", dir);
	if (config_load(saved, &u, err, sizeof err) < 0 ||
	    config_override(&u, set, err, sizeof err) < 0 ||
	    inputs_resolve(&u, err, sizeof err) < 0)
		fail_msg("%s", err);
	free(text);
}

/* An external player's program, as its command resolves, and its hash. */
static void external_program_recorded_and_checked(void **state)
{
	(void)state;
	char engine[PATH_MAX];
	snprintf(engine, sizeof engine, "%s",
	         tmpdir_write("engine.sh", "#!/bin/sh\necho v1\n"));
	chmod(engine, 0755);
	char ini[PATH_MAX + 200];
	snprintf(ini, sizeof ini,
	         "[tournament]\n[player e]\ntype = external\ncommand = %s --x 1\n"
	         "[player b]\ntype = naive\n",
	         engine);
	static Tournament t, u;
	char err[1024];
	if (load(tmpdir_write("e.ini", ini), &t, err, sizeof err) < 0)
		fail_msg("%s", err);
	char abs[PATH_MAX], hash[INPUTS_HASH_MAX];
	assert_non_null(realpath(engine, abs));
	assert_int_equal(inputs_hash_file(abs, hash, sizeof hash, err, sizeof err), 0);
	assert_string_equal(t.players[0].program, abs);
	assert_string_equal(t.players[0].program_hash, hash);
	assert_string_equal(t.players[1].program, ""); /* no command, no program */
	char *text = text_of(&t);
	char want[3 * PATH_MAX];
	snprintf(want, sizeof want, "\nprogram = %s\nprogram_hash = %s\n\n[player b]", abs,
	         hash);
	if (!strstr(text, want))
		fail_msg("no '%s' in\n%s", want, text);
	const char *saved = tmpdir_write("run/config.ini", text);
	if (load(saved, &u, err, sizeof err) < 0)
		fail_msg("%s", err);

	/* The engine rebuilt: refused, naming the player and the program. */
	tmpdir_write("engine.sh", "#!/bin/sh\necho v2\n");
	assert_int_equal(load(saved, &u, err, sizeof err), -1);
	snprintf(want, sizeof want, "[player e] program_hash is %s but %s now has ", hash,
	         abs);
	if (!strstr(err, want) || !strstr(err, "the program changed"))
		fail_msg("'%s' lacks '%s'", err, want);
	/* Run from elsewhere, the config.ini names the program it had. */
	char moved[8192];
	snprintf(moved, sizeof moved, "%s", text);
	char *at = strstr(moved, "\nprogram = ") + 11;
	memmove(at + 2, at, strlen(at) + 1);
	memcpy(at, "/x", 2);
	assert_int_equal(load(tmpdir_write("run/config.ini", moved), &u, err, sizeof err),
	                 -1);
	snprintf(want, sizeof want, "%s (the configuration names /x/%s) now has ", abs,
	         abs + 1);
	if (!strstr(err, want))
		fail_msg("'%s' lacks '%s'", err, want);
	saved = tmpdir_write("run/config.ini", text);
	/* A new command is a new program. */
	if (config_load(saved, &u, err, sizeof err) < 0)
		fail_msg("%s", err);
	snprintf(want, sizeof want, "player e.command=%s", engine);
	if (config_override(&u, want, err, sizeof err) < 0 ||
	    inputs_resolve(&u, err, sizeof err) < 0)
		fail_msg("%s", err);

	/* A program_hash for a player without a command is an error. */
	assert_int_equal(
	    load(tmpdir_write("n.ini", "[tournament]\n[player a]\ntype = naive\n"
	                               "program_hash = fnv1a64:0000000000000000\n"
	                               "[player b]\ntype = naive\n"),
	         &u, err, sizeof err),
	    -1);
	assert_non_null(strstr(err, "[player a] has no command"));
	free(text);
}

/* The resume message: the key, both values, and what changed. */
static void differences_explained(void **state)
{
	(void)state;
	tmpdir_write("book.txt", "0,0\n");
	static Tournament t;
	char err[1024];
	if (load(tmpdir_write("t.ini", "[tournament]\nopenings = book.txt\n" PLAYERS), &t,
	         err, sizeof err) < 0)
		fail_msg("%s", err);
	char *now = text_of(&t);
	char saved[8192], was[INPUTS_HASH_MAX + 20];
	snprintf(was, sizeof was, "openings_hash = %s", t.openings_hash);
	/* The same file, other contents. */
	snprintf(saved, sizeof saved, "%.*sopenings_hash = fnv1a64:00000000000000aa%s",
	         (int)(strstr(now, was) - now), now, strstr(now, was) + strlen(was));
	ConfigDiff d;
	assert_false(config_diff_find(saved, now, config_sections, &d));
	char msg[4096], want[4096];
	inputs_explain(&t, saved, &d, msg, sizeof msg);
	snprintf(want, sizeof want,
	         "[tournament] openings_hash differs (fnv1a64:00000000000000aa in the "
	         "folder, %s now): the file %s/book.txt changed",
	         t.openings_hash, real_dir);
	assert_string_equal(msg, want);
	/* Another file. */
	char moved[8192];
	char *at = strstr(saved, real_dir);
	snprintf(moved, sizeof moved, "%.*s/elsewhere%s", (int)(at - saved), saved, at);
	assert_false(config_diff_find(moved, now, config_sections, &d));
	inputs_explain(&t, moved, &d, msg, sizeof msg);
	snprintf(want, sizeof want,
	         ": the openings are now %s/book.txt, were /elsewhere%s/book.txt", real_dir,
	         real_dir);
	if (!strstr(msg, want))
		fail_msg("'%s' lacks '%s'", msg, want);
	free(now);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(fnv1a64_known_answers),
	    cmocka_unit_test(openings_recorded_and_read_back_from_the_run_folder),
	    cmocka_unit_test(external_program_recorded_and_checked),
	    cmocka_unit_test(differences_explained),
	};
	return cmocka_run_group_tests(tests, setup, tmpdir_teardown);
}
