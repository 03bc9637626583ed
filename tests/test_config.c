/* test_config.c - tournament INI files and opening files: good ones are
 * read as written, each malformed one is refused with its file:line. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "tmpdir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "config_keys.h"
#include "coord.h"
#include "openings.h"
#include "spsa_config.h"
#include "texel_config.h"

static void good_file_is_read_as_written(void **state)
{
	(void)state;
	const char *path = tmpdir_write(
	    "good.ini", "; a comment\n"
	                "[tournament]\n"
	                "type = gauntlet\n"
	                "rounds = 3\n"
	                "board = 20\n"
	                "rule = renju\n"
	                "openings = book.txt\n"
	                "opening_order = random\n"
	                "symmetries = on\n"
	                "threads = 2\n"
	                "seed = 18446744073709551615\n"
	                "nodes = 5000\n"
	                "max_plies = 200\n"
	                "challengers = b\n"
	                "\n"
	                "[player a]\n"
	                "attack = 1400   ; parameters may come before the type\n"
	                "type = weighted\n"
	                "ms = 100\n"
	                "[player b]\n"
	                "type = naive\n"
	                "mode = both\n");
	Tournament t;
	char err[512] = "";
	if (config_load(path, &t, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_string_equal(t.name, "good");
	assert_string_equal(t.type, "gauntlet");
	assert_int_equal(t.rounds, 3);
	assert_int_equal(t.size, 20);
	assert_int_equal(t.rule, RULE_RENJU);
	assert_int_equal(t.order, ORDER_RANDOM);
	assert_true(t.symmetries);
	assert_true(t.seed == UINT64_MAX);
	assert_int_equal(t.max_plies, 200);
	assert_int_equal(t.nplayers, 2);
	char expect[300];
	snprintf(expect, sizeof expect, "%s/book.txt", dir);
	assert_string_equal(t.openings, expect);
	assert_string_equal(t.players[0].name, "a");
	assert_string_equal(t.players[0].type->name, "weighted");
	int k = param_find(&t.players[0].params, "attack");
	assert_true(k >= 0 && t.players[0].params.v[k] == 1400);
	/* a's own ms limit alone, b the tournament's nodes */
	Budget ba = config_budget(&t, 0), bb = config_budget(&t, 1);
	assert_true(ba.ms == 100 && ba.nodes == 0 && ba.depth == 0);
	assert_true(bb.ms == 0 && bb.nodes == 5000 && bb.depth == 0);
	assert_false(t.players[0].challenger);
	assert_true(t.players[1].challenger);
	assert_int_equal(config_validate(&t, err, sizeof err), 0);

	/* Overrides from the command line. */
	assert_int_equal(config_override(&t, "tournament.nodes=77", err, sizeof err), 0);
	assert_true(config_budget(&t, 1).nodes == 77);
	assert_int_equal(config_override(&t, "player b.mode=attack", err, sizeof err), 0);
	assert_int_equal(config_override(&t, "player b.mode=sideways", err, sizeof err),
	                 -1);
	assert_non_null(strstr(err, "mode"));
	assert_int_equal(config_override(&t, "player zz.mode=attack", err, sizeof err), -1);
	assert_int_equal(config_override(&t, "nodes", err, sizeof err), -1);
	/* A path from the command line is taken as given; an empty one drops
	 * the openings. */
	assert_int_equal(config_override(&t, "tournament.openings=o.txt", err, sizeof err),
	                 0);
	assert_string_equal(t.openings, "o.txt");
	assert_int_equal(config_override(&t, "tournament.openings=", err, sizeof err), 0);
	assert_string_equal(t.openings, "");
	assert_int_equal(config_override(&t, "tournament.depht=3", err, sizeof err), -1);
	assert_string_equal(
	    err, "--set tournament.depht=3: unknown key 'depht' in [tournament]");
	assert_int_equal(
	    config_override(&t, "tournament.openings=book.txt", err, sizeof err), 0);
	snprintf(t.openings, sizeof t.openings, "%s/book.txt", dir);

	/* The saved copy reads back to the same configuration. */
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	config_write(&t, f);
	fclose(f);
	const char *again = tmpdir_write("again.ini", text);
	Tournament u;
	if (config_load(again, &u, err, sizeof err) < 0)
		fail_msg("%s\n%s", err, text);
	char *text2 = NULL;
	f = open_memstream(&text2, &len);
	config_write(&u, f);
	fclose(f);
	assert_string_equal(text, text2);
	free(text);
	free(text2);
}

static bool budget_is(Budget b, uint64_t nodes, int depth, int64_t ms)
{
	if (b.nodes == nodes && b.depth == depth && b.ms == ms)
		return true;
	print_error("budget nodes %llu depth %d ms %lld, want %llu %d %lld\n",
	            (unsigned long long)b.nodes, b.depth, (long long)b.ms,
	            (unsigned long long)nodes, depth, (long long)ms);
	return false;
}

/* The budget rule: the keys of one place (the defaults, [tournament], a
 * [player] section) form one budget; a place that gives any budget key
 * replaces the budget of the place above it whole, and all its keys apply
 * together. --set adds a key to its section as if written there. */
static void budget_keys_replace_whole_budgets(void **state)
{
	(void)state;
	Tournament t;
	char err[512] = "";
	const char *players = "[player a]\ntype = alphabeta\n[player b]\ntype = alphabeta\n"
	                      "depth = 3\n";
	char text[512];
	snprintf(text, sizeof text, "[tournament]\nms = 100\n%s", players);
	if (config_load(tmpdir_write("b.ini", text), &t, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_true(budget_is(config_budget(&t, 0), 0, 0, 100)); /* no default nodes */
	assert_true(budget_is(config_budget(&t, 1), 0, 3, 0));   /* not ms + depth */

	/* Several keys in one place all apply; the first reached stops. */
	snprintf(text, sizeof text, "[tournament]\nnodes = 5000\nms = 100\n%s", players);
	if (config_load(tmpdir_write("b.ini", text), &t, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_true(budget_is(config_budget(&t, 0), 5000, 0, 100));
	assert_true(budget_is(config_budget(&t, 1), 0, 3, 0));

	/* No budget key anywhere: the default, nodes = 20000. */
	if (config_load(tmpdir_write("b.ini", "[player a]\ntype = naive\n"), &t, err,
	                sizeof err) < 0)
		fail_msg("%s", err);
	assert_true(budget_is(config_budget(&t, 0), 20000, 0, 0));

	/* --set is a key written in that section. */
	assert_int_equal(config_override(&t, "tournament.ms=100", err, sizeof err), 0);
	assert_true(budget_is(config_budget(&t, 0), 0, 0, 100));
	assert_int_equal(config_override(&t, "tournament.depth=4", err, sizeof err), 0);
	assert_true(budget_is(config_budget(&t, 0), 0, 4, 100));
	assert_int_equal(config_override(&t, "player a.nodes=7", err, sizeof err), 0);
	assert_true(budget_is(config_budget(&t, 0), 7, 0, 0));

	/* config.ini shows the budgets used and reads back to them. */
	char *saved = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&saved, &len);
	assert_int_equal(config_write(&t, f), 0);
	fclose(f);
	assert_non_null(strstr(saved, "[tournament]\n"));
	assert_non_null(strstr(saved, "nodes = 0\ndepth = 4\nms = 100\n"));
	assert_non_null(strstr(saved, "[player a]\ntype = naive\nnodes = 7\ndepth = 0\n"
	                              "ms = 0\n"));
	Tournament u;
	if (config_load(tmpdir_write("again.ini", saved), &u, err, sizeof err) < 0)
		fail_msg("%s\n%s", err, saved);
	assert_true(budget_is(u.budget, 0, 4, 100));
	assert_true(budget_is(config_budget(&u, 0), 7, 0, 0));
	free(saved);
}

/* The game clock's keys are budget keys like the others: in a place's
 * budget, replaced whole with it, a limit by themselves; config.ini writes
 * them only when not 0 (older run folders keep their bytes). */
static void clock_keys_are_budget_keys(void **state)
{
	(void)state;
	Tournament t;
	char err[512] = "";
	const char *text = "[tournament]\nms = 50\ngame_ms = 3000\ninc_ms = 20\n"
	                   "[player a]\ntype = alphabeta\n[player b]\ntype = mcts\n"
	                   "game_ms = 9000\n[player c]\ntype = naive\nnodes = 10\n";
	if (config_load(tmpdir_write("c.ini", text), &t, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_int_equal(config_validate(&t, err, sizeof err), 0);
	Budget a = config_budget(&t, 0), b = config_budget(&t, 1), c = config_budget(&t, 2);
	assert_true(budget_is(a, 0, 0, 50) && a.game_ms == 3000 && a.inc_ms == 20);
	assert_true(budget_is(b, 0, 0, 0) && b.game_ms == 9000 && b.inc_ms == 0);
	assert_true(budget_is(c, 10, 0, 0) && c.game_ms == 0 && c.inc_ms == 0);
	assert_int_equal(config_override(&t, "player c.inc_ms=5", err, sizeof err), 0);
	assert_int_equal(config_budget(&t, 2).inc_ms, 5);

	char *saved = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&saved, &len);
	assert_int_equal(config_write(&t, f), 0);
	fclose(f);
	if (!strstr(saved,
	            "nodes = 0\ndepth = 0\nms = 50\ngame_ms = 3000\ninc_ms = 20\n") ||
	    !strstr(saved, "[player b]\ntype = mcts\nnodes = 0\ndepth = 0\nms = 0\n"
	                   "game_ms = 9000\n") ||
	    !strstr(saved, "[player c]\ntype = naive\nnodes = 10\ndepth = 0\nms = 0\n"
	                   "inc_ms = 5\n") ||
	    strstr(saved, "game_ms = 0") || strstr(saved, "inc_ms = 0"))
		fail_msg("config.ini:\n%s", saved);
	Tournament u;
	if (config_load(tmpdir_write("again.ini", saved), &u, err, sizeof err) < 0)
		fail_msg("%s\n%s", err, saved);
	assert_int_equal(u.budget.game_ms, 3000);
	assert_int_equal(config_budget(&u, 1).game_ms, 9000);
	assert_int_equal(config_budget(&u, 2).inc_ms, 5);
	free(saved);

	/* a clock alone limits the moves; an increment alone does not */
	text = "[tournament]\ngame_ms = 1000\n[player a]\ntype = naive\n"
	       "[player b]\ntype = naive\ninc_ms = 10\n";
	if (config_load(tmpdir_write("c.ini", text), &t, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_int_equal(config_validate(&t, err, sizeof err), -1);
	if (!strstr(err, "c.ini:5: [player b] has no limit per move"))
		fail_msg("%s", err);
	text = "[tournament]\ngame_ms = -1\n[player a]\ntype = naive\n";
	assert_int_equal(config_load(tmpdir_write("c.ini", text), &t, err, sizeof err), -1);
	if (!strstr(err, "c.ini:2: 'game_ms' takes"))
		fail_msg("%s", err);
}

/* The tuners read budgets by the same rule: [spsa] or [texel] replaces the
 * default, a [player] section replaces that. */
static void tuner_budgets_follow_the_same_rule(void **state)
{
	(void)state;
	char err[1024] = "";
	const char *spsa_tail = "[player p]\ntype = alphabeta\n%s[param ratio]\n";
	char text[512], player[64] = "";
	SpsaConfig s;
	snprintf(text, sizeof text, "[spsa]\nopenings = o.ini\nms = 100\n");
	snprintf(text + strlen(text), sizeof text - strlen(text), spsa_tail, player);
	if (spsa_config_load(tmpdir_write("s.ini", text), &s, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_true(budget_is(s.budget, 0, 0, 100));
	snprintf(text, sizeof text, "[spsa]\nopenings = o.ini\nms = 100\nnodes = 9\n");
	snprintf(player, sizeof player, "depth = 2\n");
	snprintf(text + strlen(text), sizeof text - strlen(text), spsa_tail, player);
	if (spsa_config_load(tmpdir_write("s.ini", text), &s, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_true(budget_is(s.budget, 0, 2, 0));
	snprintf(text, sizeof text, "[spsa]\nopenings = o.ini\n");
	snprintf(text + strlen(text), sizeof text - strlen(text), spsa_tail, "");
	if (spsa_config_load(tmpdir_write("s.ini", text), &s, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_true(budget_is(s.budget, 20000, 0, 0));

	TexelConfig x;
	if (texel_config_load(tmpdir_write("x.ini", "[texel]\nms = 100\ndepth = 5\n"
	                                            "opponent = q\n[player p]\n"
	                                            "type = alphabeta\n[player q]\n"
	                                            "type = alphabeta\nnodes = 300\n"),
	                      &x, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_true(budget_is(texel_config_budget(&x, x.player), 0, 5, 100));
	assert_true(budget_is(texel_config_budget(&x, x.opponent), 300, 0, 0));
	if (texel_config_load(
	        tmpdir_write("x.ini", "[texel]\n[player p]\ntype = alphabeta\n"), &x, err,
	        sizeof err) < 0)
		fail_msg("%s", err);
	assert_true(budget_is(texel_config_budget(&x, x.player), 2000, 0, 0));
}

/* A run named after its file: a name that is no folder name ("..ini" would
 * write into the out folder itself, "...ini" into its parent, a newline
 * reach config.ini) is refused unless the file gives `name` (issue 30). */
static void derived_run_names_are_checked(void **state)
{
	(void)state;
	static const char *const bad[] = {"..ini", "...ini", "tab\t.ini"};
	char err[1024];
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		Tournament t;
		const char *p = tmpdir_write(bad[i], "[player a]\ntype = random\n"
		                                     "[player b]\ntype = random\n");
		assert_int_equal(config_load(p, &t, err, sizeof err), -1);
		if (!strstr(err, "the file's name cannot name the run's folder") ||
		    !strstr(err, "give [tournament] a 'name'"))
			fail_msg("%s: %s", bad[i], err);
		p = tmpdir_write(bad[i], "[tournament]\nname = fine\n[player a]\n"
		                         "type = random\n[player b]\ntype = random\n");
		if (config_load(p, &t, err, sizeof err) < 0)
			fail_msg("%s: %s", bad[i], err);
		assert_string_equal(t.name, "fine");

		SpsaConfig s;
		p = tmpdir_write(bad[i], "[spsa]\nopenings = o.ini\n[player p]\n"
		                         "type = alphabeta\n[param ratio]\n");
		assert_int_equal(spsa_config_load(p, &s, err, sizeof err), -1);
		if (!strstr(err, "cannot name the run's folder") ||
		    !strstr(err, "give [spsa] a 'name'"))
			fail_msg("%s: %s", bad[i], err);
		TexelConfig x;
		p = tmpdir_write(bad[i], "[texel]\n[player p]\ntype = alphabeta\n");
		assert_int_equal(texel_config_load(p, &x, err, sizeof err), -1);
		if (!strstr(err, "cannot name the run's folder") ||
		    !strstr(err, "give [texel] a 'name'"))
			fail_msg("%s: %s", bad[i], err);
	}
	/* A file's name with a control character is refused before its
	 * stem is taken (control_characters_refused), name or not. */
	static const char *const controls[] = {"a\nb.ini", "a\x1b]0;x.ini"};
	for (size_t i = 0; i < sizeof controls / sizeof controls[0]; i++) {
		Tournament t;
		const char *p = tmpdir_write(controls[i], "[tournament]\nname = fine\n"
		                                          "[player a]\ntype = random\n"
		                                          "[player b]\ntype = random\n");
		assert_int_equal(config_load(p, &t, err, sizeof err), -1);
		if (!strstr(err, "a control character"))
			fail_msg("%s", err);
	}
	/* An explicit name with a control character is refused as well (an INI
	 * line cannot hold one: inifile.c refuses it first). */
	Tournament t;
	const char *p = tmpdir_write("c.ini", "[player a]\ntype = random\n"
	                                      "[player b]\ntype = random\n");
	if (config_load(p, &t, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_int_equal(config_override(&t,
	                                 "tournament.name=a\x1b"
	                                 "b",
	                                 err, sizeof err),
	                 -1);
	assert_non_null(strstr(err, "a control character (byte 27)"));
}

/* Each malformed file and the words its message must hold, line included. */
static void bad_files_name_file_and_line(void **state)
{
	(void)state;
	static const struct {
		const char *text, *must;
	} cases[] = {
	    {"[tournament]\nboard = 30\n",
	     "bad.ini:2: 'board' takes a whole number from 5 to 20"},
	    {"[tournament]\nrule = gomoku\n",
	     "bad.ini:2: 'rule' is freestyle, standard or renju"},
	    {"[tournament]\ndepht = 3\n", "bad.ini:2: unknown key 'depht' in [tournament]"},
	    {"[tournament]\n[turnament]\nx = 1\n",
	     "bad.ini:2: unknown section [turnament]"},
	    {"[tournament]\n[turnament]\n", "bad.ini:2: unknown section [turnament]"},
	    {"[player a]\ntype = nobody\n",
	     "bad.ini:2: unknown player type 'nobody' (known: random"},
	    {"[player a]\ntype = naive\nmode = sideways\n",
	     "bad.ini:3: [player a]: bad value 'sideways'"},
	    {"[player a]\ntype = naive\ndepht = 3\n",
	     "bad.ini:3: unknown key 'depht' in [player a] (type naive)"},
	    {"[player a]\nmode = both\n", "bad.ini:1: [player a] has no 'type'"},
	    {"[player a]\n", "bad.ini:1: [player a] has no 'type'"},
	    {"[player a]\ntype = naive\n[player a]\ntype = naive\n",
	     "bad.ini:3: [player a] appears twice (first at line 1)"},
	    {"[player a]\ntype = naive\nmode = attack\ntype = random\n",
	     "bad.ini:4: 'type' is given twice in [player a] (first at line 2)"},
	    {"[tournament]\nthis line has no equals sign\n",
	     "bad.ini:2: expected [section] or key = value"},
	    {"[tournament]\nseed = -4\n", "bad.ini:2: 'seed' takes a whole number"},
	    {"[tournament]\nsymmetries = maybe\n",
	     "bad.ini:2: 'symmetries' takes on or off"},
	    {"[tournament]\nchallengers = ghost\n[player a]\ntype = naive\n",
	     "bad.ini:2: challenger 'ghost' has no [player ghost] section"},
	    {"[tournament]\nname = a/b\n", "bad.ini:2: 'name' is a folder name"},
	    {"[player a,b]\ntype = naive\n", "bad.ini:1: player name 'a,b'"},
	    {"[tournament]\nalpha = 0.9\n", "bad.ini:2: 'alpha' takes a number from"},
	    {"[tournament]\nopenings =\n", "bad.ini:2: 'openings' needs a file name"},
	    {"[tournament]\nrestart = sometimes\n", "bad.ini:2: 'restart' takes on or off"},
	    {"[player a]\ntype = naive\nprogram_hash =\n",
	     "bad.ini:3: [player a]: 'program_hash' needs a value"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *path = tmpdir_write("bad.ini", cases[i].text);
		Tournament t;
		char err[512] = "";
		int rc = config_load(path, &t, err, sizeof err);
		if (rc == 0 || !strstr(err, cases[i].must))
			fail_msg("case %zu: got rc %d, '%s'; want '%s'", i, rc, err,
			         cases[i].must);
	}
}

static void long_line_and_missing_file(void **state)
{
	(void)state;
	char text[5000] = "[tournament]\nname = ";
	memset(text + strlen(text), 'x', 4100);
	strcat(text, "\n");
	const char *path = tmpdir_write("long.ini", text);
	Tournament t;
	char err[512];
	assert_int_equal(config_load(path, &t, err, sizeof err), -1);
	assert_non_null(strstr(err, "long.ini:2: line longer than 4096 bytes"));
	/* Under the limit, the value's own limit speaks, and nothing is cut. */
	text[strlen("[tournament]\nname = ") + 250] = '\0';
	path = tmpdir_write("long.ini", text);
	assert_int_equal(config_load(path, &t, err, sizeof err), -1);
	assert_non_null(strstr(err, "long.ini:2: 'name' is a folder name of 1 to 63"));
	assert_int_equal(config_load("/nonexistent/x.ini", &t, err, sizeof err), -1);
	assert_non_null(strstr(err, "/nonexistent/x.ini: cannot open"));
}

static void validation_of_the_whole(void **state)
{
	(void)state;
	static const struct {
		const char *text, *must;
	} cases[] = {
	    {"[player a]\ntype = naive\n", "at least two"},
	    {"[tournament]\nsprt = on\n[player a]\ntype = naive\n[player b]\ntype = naive\n"
	     "[player c]\ntype = naive\n",
	     "exactly two players"},
	    {"[tournament]\nnodes = 0\n[player a]\ntype = naive\n[player b]\ntype = "
	     "naive\n",
	     "bad.ini:3: [player a] has no limit per move"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *path = tmpdir_write("bad.ini", cases[i].text);
		Tournament t;
		char err[512] = "";
		if (config_load(path, &t, err, sizeof err) < 0)
			fail_msg("case %zu: %s", i, err);
		if (config_validate(&t, err, sizeof err) == 0 ||
		    !strstr(err, cases[i].must))
			fail_msg("case %zu: got '%s'; want '%s'", i, err, cases[i].must);
	}
}

/* pairs, when not 0, decides the games and rounds is not used: a --set of
 * rounds that changes nothing says so. */
static void set_rounds_under_pairs_warns(void **state)
{
	(void)state;
	static Tournament t;
	char err[512] = "", note[512] = "";
	const char *path =
	    tmpdir_write("r.ini", "[tournament]\npairs = 10\n[player a]\ntype = "
	                          "naive\n[player b]\ntype = naive\n");
	if (config_load(path, &t, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_false(config_override_warning(&t, note, sizeof note));
	assert_int_equal(config_override(&t, "tournament.rounds=2", err, sizeof err), 0);
	assert_true(config_override_warning(&t, note, sizeof note));
	assert_string_equal(note, "--set tournament.rounds=2 changes nothing: pairs = 10 "
	                          "decides the games (--set tournament.pairs=0 plays by "
	                          "rounds)");
	assert_int_equal(config_override(&t, "tournament.pairs=0", err, sizeof err), 0);
	assert_false(config_override_warning(&t, note, sizeof note));

	/* rounds in the file beside pairs is what config.ini writes: no word. */
	path = tmpdir_write("r.ini",
	                    "[tournament]\nrounds = 3\npairs = 10\n[player a]\ntype = "
	                    "naive\n[player b]\ntype = naive\n");
	if (config_load(path, &t, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_false(config_override_warning(&t, note, sizeof note));
}

static void openings_both_formats(void **state)
{
	(void)state;
	const char *ini = tmpdir_write(
	    "o.ini", "; openings\n[opening one]\nmoves = h8 i9 j10\n"
	             "[opening two]\nmoves = h8i9\nmoves = g7\nnote = split\n");
	OpeningSet set;
	char err[512];
	if (openings_load(ini, 15, RULE_FREESTYLE, &set, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_int_equal(set.count, 2);
	char name[OPENING_NAME_MAX];
	assert_string_equal(openings_name(&set, 1, name), "two");
	assert_int_equal(openings_length(&set, 1), 3);
	char t[COORD_TEXT_MAX];
	assert_string_equal(coord_format(15, openings_moves(&set, 1)[2], t), "g7");
	openings_free(&set);

	const char *txt =
	    tmpdir_write("o.txt", "# Gomocup offsets\n0,0, 1,1\n\n-1,0,  0,-1, 2,2 ; c\n");
	if (openings_load(txt, 15, RULE_FREESTYLE, &set, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_int_equal(set.count, 2);
	assert_int_equal(openings_moves(&set, 0)[0], board_point(7, 7));
	assert_int_equal(openings_moves(&set, 0)[1], board_point(8, 8));
	assert_int_equal(openings_moves(&set, 1)[1], board_point(7, 6));
	assert_string_equal(openings_name(&set, 1, name), "line 4");

	/* Symmetries: a lone centre stone has one image, a diagonal pair 4. */
	assert_int_equal(openings_add_symmetries(&set, 15), 0);
	int one = 0;
	for (int i = 0; i < set.count; i++)
		one += strncmp(openings_name(&set, i, name), "line 2", 6) == 0;
	assert_int_equal(one, 4);
	openings_free(&set);
}

static void bad_openings(void **state)
{
	(void)state;
	static const struct {
		const char *name, *text;
		Rule rule;
		const char *must;
	} cases[] = {
	    {"b.ini", "[opening x]\nmoves = h8 z9\n", RULE_FREESTYLE,
	     "b.ini:2: opening 'x': point 'z9' is off"},
	    {"b.ini", "[opening x]\nmoves = h8 h8\n", RULE_FREESTYLE,
	     "b.ini:2: opening 'x': point 'h8' is played twice"},
	    {"b.ini", "[opening x]\nmoves = h8\nmove = i9\n", RULE_FREESTYLE,
	     "b.ini:3: unknown key 'move'"},
	    {"b.ini", "[opening x]\nmoves = h8\n[opening x]\nmoves = h9\n", RULE_FREESTYLE,
	     "b.ini:3: [opening x] appears twice (first at line 1)"},
	    {"b.ini", "[book]\nmoves = h8\n", RULE_FREESTYLE,
	     "b.ini:1: unknown section [book]"},
	    {"b.ini", "[opening w]\nmoves = a1 o15 b1 n15 c1 m15 d1 l15 e1\n",
	     RULE_FREESTYLE, "b.ini:2: opening 'w': move 9, e1, already wins"},
	    {"b.ini", "[opening f]\nmoves = h8 a1 i8 a3 j9 a5 j10 a7 j8\n", RULE_RENJU,
	     "b.ini:2: opening 'f': move 9, j8, is forbidden for black"},
	    {"b.txt", "0,0\n9,9\n", RULE_FREESTYLE,
	     "b.txt:2: offset 9,9 is off the 15x15 board"},
	    {"b.txt", "0,0, 1\n", RULE_FREESTYLE, "b.txt:1: expected ',' between x and y"},
	    {"b.txt", "0,0\n1 1\n", RULE_FREESTYLE,
	     "b.txt:2: expected ',' between x and y"},
	    {"b.txt", "0,0\n0x1,0\n", RULE_FREESTYLE,
	     "b.txt:2: expected ',' between x and y"},
	    {"b.txt", "0,0\n99999999999999999999,0\n", RULE_FREESTYLE,
	     "b.txt:2: expected an x offset (-20 to 20)"},
	    {"b.txt", "0,0\n0,0, 0,0\n", RULE_FREESTYLE,
	     "b.txt:2: opening 'line 2': h8 is played twice"},
	    {"b.ini", "[opening x]\nnote = nothing\n", RULE_FREESTYLE,
	     "b.ini:1: [opening x] has no 'moves'"},
	    {"b.txt", "# nothing\n", RULE_FREESTYLE, "no openings in the file"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *path = tmpdir_write(cases[i].name, cases[i].text);
		OpeningSet set;
		char err[512] = "";
		int rc = openings_load(path, 15, cases[i].rule, &set, err, sizeof err);
		if (rc == 0 || !strstr(err, cases[i].must))
			fail_msg("case %zu: got rc %d, '%s'; want '%s'", i, rc, err,
			         cases[i].must);
	}
}

/* No control character reaches a configuration (README "Hostile text"):
 * the INI file's lines refuse them, and here the other ways in: the name
 * of the file (its folder is part of every relative path, its name the
 * run's), --set, and the tuners' files. A path with a line break would
 * otherwise add a section of its own to config.ini. */
static void control_characters_refused(void **state)
{
	(void)state;
	char evil[300], path[400], err[1024];
	snprintf(evil, sizeof evil, "%s/evil\n[player z]\ntype = naive", dir);
	assert_int_equal(mkdir(evil, 0700), 0);
	const char *ini = "[tournament]\nopenings = o.txt\n[player a]\ntype = naive\n"
	                  "[player b]\ntype = random\n";
	snprintf(path, sizeof path, "%s/t.ini", evil);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(ini, f);
	fclose(f);
	Tournament t;
	assert_int_equal(config_load(path, &t, err, sizeof err), -1);
	assert_non_null(strstr(err, ": a control character (byte 10) in the file's name"));
	SpsaConfig sc;
	assert_int_equal(spsa_config_load(path, &sc, err, sizeof err), -1);
	assert_non_null(strstr(err, "a control character (byte 10)"));
	TexelConfig tc;
	assert_int_equal(texel_config_load(path, &tc, err, sizeof err), -1);
	assert_non_null(strstr(err, "a control character (byte 10)"));

	/* --set: a path, a name, a player's text parameter. */
	assert_int_equal(config_load(tmpdir_write("t.ini", ini), &t, err, sizeof err), 0);
	const char *sets[] = {"tournament.openings=o\n[player z]",
	                      "tournament.name=a\x1b[2J", "tournament.out=x\ry",
	                      "player a.type=naive\n[player z]", "tournament.anchor=a\x7f"};
	for (int i = 0; i < 5; i++) {
		assert_int_equal(config_override(&t, sets[i], err, sizeof err), -1);
		assert_non_null(strstr(err, "a control character (byte"));
	}
	/* A tab is allowed in a text, but no folder name holds one. */
	assert_int_equal(config_override(&t, "tournament.name=tab\there", err, sizeof err),
	                 -1);
	assert_non_null(strstr(err, "'name' is a folder name"));

	/* A key's value, whoever passes it. */
	const ConfigKey *k = config_table_find(&config_tournament, "openings");
	assert_non_null(k);
	assert_int_equal(config_table_set_key(k, &t, "o\nx", NULL, 3, err, sizeof err), -1);
	assert_string_equal(err, "'openings': a control character (byte 10) in the value");
	assert_int_equal(config_table_set_key(k, &t, "o.txt", path, 3, err, sizeof err),
	                 -1);
	assert_string_equal(err, "'openings': a control character (byte 10) in the value");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(good_file_is_read_as_written),
	    cmocka_unit_test(budget_keys_replace_whole_budgets),
	    cmocka_unit_test(clock_keys_are_budget_keys),
	    cmocka_unit_test(tuner_budgets_follow_the_same_rule),
	    cmocka_unit_test(derived_run_names_are_checked),
	    cmocka_unit_test(bad_files_name_file_and_line),
	    cmocka_unit_test(long_line_and_missing_file),
	    cmocka_unit_test(validation_of_the_whole),
	    cmocka_unit_test(set_rounds_under_pairs_warns),
	    cmocka_unit_test(openings_both_formats),
	    cmocka_unit_test(bad_openings),
	    cmocka_unit_test(control_characters_refused),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
