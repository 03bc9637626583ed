/* test_spsa_external.c - `tuner spsa` on an external engine's own
 * parameters, the configuration side: a good file read (params_via,
 * integer, the program's hash), config.ini written and read back to the
 * same text, the players of a side (INFO items or {KEY} replaced, whole
 * numbers and exact reals, {seed} left for the player), and every bad file
 * refused with its file:line: missing start/min/max, `integer` on a
 * declared parameter, unknown or misplaced {placeholders}, a KEY that
 * appears nowhere in the command, info naming a tuned KEY, reserved and
 * malformed names, a program that is not there, texts too long for
 * tuned.ini. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "spsa_config.h"
#include "spsa_external.h"
#include "spsa_players.h"

#ifndef PBRAIN_DIR
#error "PBRAIN_DIR (the folder of the pbrain-TYPE links) must be defined"
#endif

enum { PROC_DIR_ROOM = 1024 };

#include "tmpdir.h"

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

/* Lines 9 and 10 are the command and info; "@" stands for PBRAIN_DIR. */
static const char good[] = "[spsa]\n"                               /* 1 */
                           "iterations = 6\n"                       /* 2 */
                           "pairs = 2\n"                            /* 3 */
                           "openings = o.ini\n"                     /* 4 */
                           "\n"                                     /* 5 */
                           "[player e]\n"                           /* 6 */
                           "type = external\n"                      /* 7 */
                           "params_via = info\n"                    /* 8 */
                           "command = @/pbrain-weighted --seed 3\n" /* 9 */
                           "info = seed {seed}; caution 2\n"        /* 10 */
                           "\n"                                     /* 11 */
                           "[param attack]\n"                       /* 12 */
                           "start = 1300\n"                         /* 13 */
                           "min = 200\n"                            /* 14 */
                           "max = 3000\n"                           /* 15 */
                           "\n"                                     /* 16 */
                           "[param ratio]\n"                        /* 17 */
                           "start = 0.5\n"                          /* 18 */
                           "min = 0\n"                              /* 19 */
                           "max = 2\n"                              /* 20 */
                           "integer = off\n"                        /* 21 */
                           "c_end = 0.1\n";                         /* 22 */

/* good[] with line a (1-based) replaced by with_a and line b by with_b
 * ("" drops a line; 0: none), "@" standing for PBRAIN_DIR, into dir/name;
 * returns the path. */
static const char *make2(const char *name, int a, const char *with_a, int b,
                         const char *with_b)
{
	static char path[128];
	char out[8192] = "";
	size_t len = 0;
	const char *s = good;
	for (int l = 1; *s; l++) {
		size_t n = strcspn(s, "\n") + 1;
		const char *from = l == a ? with_a : l == b ? with_b : s;
		size_t m = l == a || l == b ? strlen(from) : n;
		for (size_t i = 0; i < m && len + PROC_DIR_ROOM < sizeof out; i++) {
			if (from[i] == '@')
				len += (size_t)snprintf(out + len, sizeof out - len, "%s",
				                        PBRAIN_DIR);
			else
				out[len++] = from[i];
		}
		s += n;
	}
	out[len] = '\0';
	snprintf(path, sizeof path, "%s/%s", dir, name);
	write_file(path, out);
	return path;
}

static const char *make(const char *name, int line, const char *with)
{
	return make2(name, line, with, 0, "");
}

static void load(const char *path, SpsaConfig *c)
{
	char err[1024];
	if (spsa_config_load(path, c, err, sizeof err) < 0)
		fail_msg("%s", err);
}

static void good_file_read_and_written_back(void **state)
{
	(void)state;
	static SpsaConfig c, again;
	load(make("good.ini", 0, ""), &c);
	assert_true(c.external);
	assert_int_equal(c.params_via, SPSA_VIA_INFO);
	assert_int_equal(c.command_line, 9);
	assert_int_equal(c.info_line, 10);
	assert_int_equal(c.n, 2);
	assert_string_equal(c.tuned[0].name, "attack");
	assert_int_equal(c.tuned[0].index, -1);
	assert_true(c.tuned[0].p.integer);
	assert_false(c.tuned[1].p.integer);
	assert_true(c.tuned[1].p.c_end == 0.1);
	assert_true(c.tuned[0].p.c_end == 140); /* (3000 - 200) / 20 */
	assert_int_equal(strncmp(c.program_hash, "fnv1a64:", 8), 0);
	/* config.ini reads back to the same configuration and text. */
	char *a = NULL, *b = NULL, path[128];
	size_t alen, blen;
	FILE *f = open_memstream(&a, &alen);
	assert_int_equal(spsa_config_write(&c, f), 0);
	fclose(f);
	assert_non_null(strstr(a, "\nparams_via = info\nprogram_hash = fnv1a64:"));
	assert_non_null(strstr(a, "\n[param ratio]\nstart = 0.5\n"));
	assert_non_null(strstr(a, "\ninteger = off\n"));
	snprintf(path, sizeof path, "%s/config.ini", dir);
	write_file(path, a);
	load(path, &again);
	f = open_memstream(&b, &blen);
	assert_int_equal(spsa_config_write(&again, f), 0);
	fclose(f);
	assert_string_equal(a, b);
	free(a);
	free(b);
}

static void a_side_gets_its_values(void **state)
{
	(void)state;
	static SpsaConfig c;
	char err[512];
	ParamSet ps;
	const double v[2] = {1250, 1.0 / 3};
	load(make("good.ini", 0, ""), &c);
	assert_int_equal(spsa_players_side(&c, v, &ps, err, sizeof err), 0);
	assert_string_equal(
	    param_text(&ps, param_find(&ps, "info")),
	    "seed {seed}; caution 2; attack 1250; ratio 0.3333333333333333");
	assert_string_equal(param_text(&ps, param_find(&ps, "command")),
	                    param_text(&c.params, param_find(&c.params, "command")));
	/* The exact double: an engine reading it with strtod gets the number. */
	assert_true(strtod("0.3333333333333333", NULL) == 1.0 / 3);
	load(make2("cmd.ini", 8, "params_via = command\n", 9,
	           "command = @/pbrain-weighted --set attack={attack} x{ratio}y {attack} "
	           "{seed} {not one}\n"),
	     &c);
	assert_int_equal(c.params_via, SPSA_VIA_COMMAND);
	const double w[2] = {-7, 2};
	assert_int_equal(spsa_players_side(&c, w, &ps, err, sizeof err), 0);
	char want[512];
	snprintf(want, sizeof want,
	         "%s/pbrain-weighted --set attack=-7 x2y -7 {seed} {not one}", PBRAIN_DIR);
	assert_string_equal(param_text(&ps, param_find(&ps, "command")), want);
	assert_string_equal(param_text(&ps, param_find(&ps, "info")),
	                    "seed {seed}; caution 2");
}

/* The same file, line `line` replaced by `with`, refused with
 * "path:want_line: want...". */
static void refused(int line, const char *with, int want_line, const char *want)
{
	static SpsaConfig c;
	char err[1024], expected[512];
	const char *path = make("bad.ini", line, with);
	int rc = spsa_config_load(path, &c, err, sizeof err);
	snprintf(expected, sizeof expected, "%s:%d: %s", path, want_line, want);
	if (rc == 0)
		fail_msg("accepted, expected: %s", expected);
	if (strncmp(err, expected, strlen(expected)) != 0)
		fail_msg("got      %s\nexpected %s...", err, expected);
}

static void bad_files_name_their_line(void **state)
{
	(void)state;
	refused(13, "", 12,
	        "[param attack]: an engine's parameter needs start, min and max");
	refused(15, "", 12,
	        "[param attack]: an engine's parameter needs start, min and max");
	refused(8, "params_via = shell\n", 8,
	        "'params_via' is info or command, not 'shell'");
	refused(10, "info = seed {seed}; attack 5\n", 10,
	        "info sets 'attack', which [param attack] tunes");
	refused(10, "info = {attack}\n", 10,
	        "{attack} in info: a tuned value goes by INFO");
	refused(10, "info = {sed}\n", 10, "{sed} in info is neither {seed} nor a tuned");
	refused(9, "command = @/pbrain-weighted {attack}\n", 9,
	        "{attack} in command: with params_via = info the values go by INFO");
	refused(9, "command = @/pbrain-weighted {atack}\n", 9,
	        "{atack} in command is neither {seed} nor a tuned parameter");
	refused(8, "params_via = command\n", 12,
	        "[param attack]: params_via = command, but the command (line 9) has no "
	        "{attack}");
	refused(9, "command = @/no-such-engine\n", 9, "command: ");
	refused(9, "", 6, "[player e] needs 'command'");
	refused(12, "[param seed]\n", 12, "[param seed]: 'seed' is not tunable");
	refused(12, "[param max_node]\n", 12,
	        "[param max_node]: the arena sends INFO max_node");
	refused(12, "[param two words]\n", 12,
	        "[param two words]: an engine's parameter is named");
	refused(12, "[param -x]\n", 12, "[param -x]: an engine's parameter is named");
	refused(15, "max = 1e16\n", 15, "[param attack]: ");
	refused(21, "integer = maybe\n", 21, "[param ratio]: ");
	refused(11, "log = on\n", 6, "log = on (a file per game) is arena run's");
	/* Too long for tuned.ini's info line: 169 bytes of info (ending in
	 * ';', which the reader keeps), then each value at its widest,
	 * "; attack 3000" and "; ratio " with 24 for a real. */
	char info[256] = "info = ";
	while (strlen(info) < 7 + 169)
		strcat(info, "k 1; ");
	info[7 + 169] = '\0';
	strcat(info, "\n");
	refused(10, info, 10,
	        "with every tuned value at its widest, info would take 214 bytes");
}

/* A declared parameter has its type: `integer` is for engines' ones, and
 * params_via and command are keys of external players only. */
static void integer_and_params_via_are_for_engines_only(void **state)
{
	(void)state;
	static const char *const texts[] = {
	    "[spsa]\nopenings = o.ini\n[player w]\ntype = alphabeta\n"
	    "[param ratio]\ninteger = off\n",
	    "[spsa]\nopenings = o.ini\n[player w]\ntype = alphabeta\n"
	    "params_via = info\n[param ratio]\n"};
	static const char *const want[] = {
	    ":6: [param ratio]: 'integer' is for an external engine's parameters",
	    ":5: unknown key 'params_via' in [player w] (type alphabeta)"};
	for (int i = 0; i < 2; i++) {
		static SpsaConfig c;
		char path[128], err[1024];
		snprintf(path, sizeof path, "%s/builtin.ini", dir);
		write_file(path, texts[i]);
		assert_int_equal(spsa_config_load(path, &c, err, sizeof err), -1);
		if (!strstr(err, want[i]))
			fail_msg("got '%s', expected '...%s'", err, want[i]);
	}
	refused(7, "type = weighted\n", 8, "unknown key 'params_via' in [player e]");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(good_file_read_and_written_back),
	    cmocka_unit_test(a_side_gets_its_values),
	    cmocka_unit_test(bad_files_name_their_line),
	    cmocka_unit_test(integer_and_params_via_are_for_engines_only),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
