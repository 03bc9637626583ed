/* test_config_write.c - the configuration as a run folder keeps it
 * (config.ini): numbers written as the shortest text that reads back to the
 * same double, and the text read back to the same configuration. */
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
#include <unistd.h>

#include "config.h"
#include "config_diff.h"
#include "spsa_config.h"

/* spsa's config.ini as text (the caller frees it). */
static char *spsa_text_of(const SpsaConfig *c)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	assert_int_equal(spsa_config_write(c, f), 0);
	fclose(f);
	return text;
}

/* config.ini as text (the caller frees it). */
static char *text_of(const Tournament *t)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	assert_int_equal(config_write(t, f), 0);
	fclose(f);
	return text;
}

static void reals_are_the_shortest_text_that_reads_back(void **state)
{
	(void)state;
	static const struct {
		double x;
		const char *text;
	} cases[] = {
	    {0.7, "0.7"},
	    {0.05, "0.05"},
	    {0.1 + 0.2, "0.30000000000000004"}, /* 17 digits needed */
	    {1.0 / 3, "0.3333333333333333"},    /* 16 */
	    {5, "5"},
	    {-1e-300, "-1e-300"},
	    {123456789012345.0, "123456789012345"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char buf[64];
		config_write_real(cases[i].x, buf, sizeof buf);
		if (strcmp(buf, cases[i].text) != 0)
			fail_msg("%.17g written '%s', want '%s'", cases[i].x, buf,
			         cases[i].text);
		assert_true(strtod(buf, NULL) == cases[i].x);
	}

	/* In config.ini: a player's real parameter and the SPRT's reals, which
	 * read back to the same doubles. */
	const char *path = tmpdir_write(
	    "reals.ini", "[tournament]\nsprt = on\nelo1 = 2.5\nalpha = 0.0123456789012\n"
	                 "[player a]\ntype = alphabeta\nratio = 0.7\n"
	                 "[player b]\ntype = naive\n");
	static Tournament t, u;
	char err[512];
	if (config_load(path, &t, err, sizeof err) < 0)
		fail_msg("%s", err);
	t.elo0 = 0.1 + 0.2;
	char *text = text_of(&t);
	if (!strstr(text, "\nratio = 0.7\n") ||
	    !strstr(text, "\nelo0 = 0.30000000000000004\n") ||
	    !strstr(text, "\nelo1 = 2.5\n") || !strstr(text, "\nalpha = 0.0123456789012\n"))
		fail_msg("config.ini:\n%s", text);
	if (config_load(tmpdir_write("again.ini", text), &u, err, sizeof err) < 0)
		fail_msg("%s\n%s", err, text);
	assert_true(u.elo0 == t.elo0 && u.elo1 == t.elo1 && u.alpha == t.alpha);
	int k = param_find(&u.players[0].params, "ratio");
	assert_true(k >= 0 && u.players[0].params.v[k] == 0.7);
	free(text);
}

/* The bytes of config.ini, key for key, as every earlier version wrote
 * them: a run folder is resumed only if the text written now is the text
 * it holds (rundir.h), so a reordered key or a reformatted number would
 * orphan every run folder there is. %s stands for the test's folder. */
static const struct {
	bool spsa;
	const char *ini, *written;
} ini_bytes[] = {
    {false,
     "[tournament]\nname = gold\ntype = gauntlet\nrounds = 2\npairs = 3\nboard = 13\n"
     "rule = renju\nopenings = book.txt\nopenings_hash = fnv1a64:00000000000000aa\n"
     "opening_order = random\nsymmetries = on\nthreads = 3\n"
     "seed = 18446744073709551615\nms = 250\nanchor = b\nmax_plies = 99\n"
     "out = elsewhere\npsq = on\nstatus_every = 7\nrestart = on\nsprt = on\n"
     "elo0 = -1.5\nelo1 = 0.7\nalpha = 0.01\nbeta = 0.1\nchallengers = a, e\n"
     "[player a]\ntype = random\ndepth = 4\nprogram = /bin/true\n"
     "[player b]\ntype = naive\n"
     "[player e]\ntype = random\ndistance = 3\nprogram = /bin/true\n"
     "program_hash = fnv1a64:0123456789abcdef\n",
     "; the configuration as used, with every key explicit\n[tournament]\n"
     "name = gold\ntype = gauntlet\nrounds = 2\npairs = 3\nboard = 13\n"
     "rule = renju\nopenings = %s/book.txt\n"
     "openings_hash = fnv1a64:00000000000000aa\nopening_order = random\n"
     "symmetries = on\nthreads = 3\naffinity = off\nseed = 18446744073709551615\nnodes = "
     "0\n"
     "depth = 0\nms = 250\nanchor = b\nmax_plies = 99\nout = elsewhere\n"
     "psq = on\nsgf = off\nstatus_every = 7\nrestart = on\nsprt = on\nelo0 = -1.5\n"
     "elo1 = 0.7\nalpha = 0.01\nbeta = 0.1\nchallengers = a, e\n\n"
     "[player a]\ntype = random\nnodes = 0\ndepth = 4\nms = 0\n"
     "distance = 2\nprogram = /bin/true\n\n[player b]\ntype = naive\n"
     "mode = defence\nscore1 = 10\nscore2 = 100\nscore3 = 1000\n"
     "score4 = 10000\n\n[player e]\ntype = random\ndistance = 3\n"
     "program = /bin/true\nprogram_hash = fnv1a64:0123456789abcdef\n"},
    {false, "[player a]\ntype = random\n[player b]\ntype = random\n",
     "; the configuration as used, with every key explicit\n[tournament]\n"
     "name = bytes\ntype = round-robin\nrounds = 1\npairs = 0\nboard = 15\n"
     "rule = freestyle\nopening_order = sequential\nsymmetries = off\n"
     "threads = 0\naffinity = off\nseed = 1\nnodes = 20000\ndepth = 0\nms = 0\n"
     "max_plies = 0\nout = results\npsq = off\nsgf = off\nstatus_every = 10\n"
     "sprt = off\nelo0 = 0\nelo1 = 5\nalpha = 0.05\nbeta = 0.05\n\n"
     "[player a]\ntype = random\ndistance = 2\n\n[player b]\ntype = random\n"
     "distance = 2\n"},
    {true,
     "[spsa]\nopenings = o.ini\nverify_openings = v.ini\nms = 100\n[player w]\n"
     "type = weighted\n[param attack]\nmin = 200\nmax = 3000\n[param defence]\n"
     "start = 0.1\nc_end = 0.7\nr_end = 0.02\n",
     "; the configuration as used, with every key explicit\n[spsa]\n"
     "name = bytes\niterations = 100\npairs = 8\nverify_pairs = 200\n"
     "openings = %s/o.ini\nverify_openings = %s/v.ini\nsymmetries = off\n"
     "board = 15\nrule = freestyle\nthreads = 0\naffinity = off\nseed = 1\nnodes = 0\n"
     "depth = 0\nms = 100\nmax_plies = 0\nout = results\n\n[player w]\n"
     "type = weighted\nattack = 1300\ndefence = 1000\nradius = 4\n"
     "cap = 4100\nbonus_win = 1000000\nbonus_four = 100000\n"
     "bonus_three = 10000\ncentre = 10\n\n[param attack]\nstart = 1300\n"
     "min = 200\nmax = 3000\nc_end = 140\nr_end = 0.002\n\n[param defence]\n"
     "start = 0.10000000000000001\nmin = 0\nmax = 20000\n"
     "c_end = 0.69999999999999996\nr_end = 0.02\n"},
    {true,
     "[spsa]\nname = two\nopenings = /abs/o.ini\ntune_openings = 5\niterations = 7\n"
     "pairs = 2\nverify_pairs = 9\nsymmetries = on\nboard = 19\nrule = standard\n"
     "threads = 2\nseed = 5\nmax_plies = 50\nout = o\n[player ab]\n"
     "type = weighted\ncentre = 12\nnodes = 300\n[param defence]\nmax = 1500\n"
     "c_end = 0.1\n",
     "; the configuration as used, with every key explicit\n[spsa]\n"
     "name = two\niterations = 7\npairs = 2\nverify_pairs = 9\n"
     "openings = /abs/o.ini\ntune_openings = 5\nsymmetries = on\n"
     "board = 19\nrule = standard\nthreads = 2\naffinity = off\nseed = 5\nnodes = 300\n"
     "depth = 0\nms = 0\nmax_plies = 50\nout = o\n\n[player ab]\n"
     "type = weighted\nattack = 1300\ndefence = 1000\nradius = 4\n"
     "cap = 4100\nbonus_win = 1000000\nbonus_four = 100000\n"
     "bonus_three = 10000\ncentre = 12\n\n[param defence]\nstart = 1000\n"
     "min = 0\nmax = 1500\nc_end = 0.10000000000000001\nr_end = 0.002\n"},
    /* alphabeta as the version before its time_* parameters wrote it:
     * at their defaults they are left out (ParamDecl.omit_default). */
    {false,
     "[tournament]\nboard = 7\npairs = 1\nnodes = 200\n[player a]\n"
     "type = alphabeta\nratio = 0.7\n[player b]\ntype = random\n",
     "; the configuration as used, with every key explicit\n[tournament]\n"
     "name = bytes\ntype = round-robin\nrounds = 1\npairs = 1\nboard = 7\n"
     "rule = freestyle\nopening_order = sequential\nsymmetries = off\n"
     "threads = 0\naffinity = off\nseed = 1\nnodes = 200\ndepth = 0\n"
     "ms = 0\nmax_plies = 0\nout = results\npsq = off\nsgf = off\n"
     "status_every = 10\nsprt = off\nelo0 = 0\nelo1 = 5\nalpha = 0.05\n"
     "beta = 0.05\n\n[player a]\ntype = alphabeta\nlive_two = 313\n"
     "split_three = 151\nsleeping_three = 927\nlive_three = 10909\n"
     "split_live_three = 12786\nfour = 5000\nsplit_four = 5000\n"
     "open_four = 50000\nfive = 99999999\nratio = 0.7\ndistance = 2\n"
     "default_depth = 6\nhash_mb = 16\nleaf_vcf = 1\n"
     "root_vcf_nodes = 20000\nroot_vct_nodes = 20000\n"
     "futility_margin = 1500\nfutility_depth = 2\nrazor_margin = 4000\n"
     "razor_depth = 2\nprune_moves = 8\nprune_depth = 3\nlmr_divisor = 2\n"
     "cell_double_two = 546\ncell_open_three = 2406\ncell_four = 2954\n"
     "cell_double_three = 4396\ncell_four_three = 24323\ncell_win = 13703\n"
     "\n[player b]\ntype = random\ndistance = 2\n"},
    {true,
     "[spsa]\niterations = 1\npairs = 1\nverify_pairs = 1\nboard = 7\n"
     "openings = o.txt\nnodes = 200\n[player ab]\ntype = alphabeta\n"
     "hash_mb = 1\n[param ratio]\nmax = 2\n",
     "; the configuration as used, with every key explicit\n[spsa]\n"
     "name = bytes\niterations = 1\npairs = 1\nverify_pairs = 1\n"
     "openings = %s/o.txt\ntune_openings = 0\nsymmetries = off\nboard = 7\n"
     "rule = freestyle\nthreads = 0\naffinity = off\nseed = 1\nnodes = 200\n"
     "depth = 0\nms = 0\nmax_plies = 0\nout = results\n\n[player ab]\n"
     "type = alphabeta\nlive_two = 313\nsplit_three = 151\n"
     "sleeping_three = 927\nlive_three = 10909\nsplit_live_three = 12786\n"
     "four = 5000\nsplit_four = 5000\nopen_four = 50000\nfive = 99999999\n"
     "ratio = 0.55663499999999999\ndistance = 2\ndefault_depth = 6\n"
     "hash_mb = 1\nleaf_vcf = 1\nroot_vcf_nodes = 20000\n"
     "root_vct_nodes = 20000\nfutility_margin = 1500\nfutility_depth = 2\n"
     "razor_margin = 4000\nrazor_depth = 2\nprune_moves = 8\n"
     "prune_depth = 3\nlmr_divisor = 2\ncell_double_two = 546\n"
     "cell_open_three = 2406\ncell_four = 2954\ncell_double_three = 4396\n"
     "cell_four_three = 24323\ncell_win = 13703\n\n[param ratio]\n"
     "start = 0.55663499999999999\nmin = 0\nmax = 2\n"
     "c_end = 0.10000000000000001\nr_end = 0.002\n"},
};

static void config_ini_bytes_do_not_change(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof ini_bytes / sizeof ini_bytes[0]; i++) {
		const char *path = tmpdir_write("bytes.ini", ini_bytes[i].ini);
		static Tournament t;
		static SpsaConfig s;
		char err[1024], want[4096];
		char *text;
		if (ini_bytes[i].spsa) {
			if (spsa_config_load(path, &s, err, sizeof err) < 0)
				fail_msg("case %zu: %s", i, err);
			text = spsa_text_of(&s);
		} else {
			if (config_load(path, &t, err, sizeof err) < 0)
				fail_msg("case %zu: %s", i, err);
			text = text_of(&t);
		}
		snprintf(want, sizeof want, ini_bytes[i].written, dir, dir);
		if (strcmp(text, want) != 0)
			fail_msg("case %zu wrote:\n%s\nwant:\n%s", i, text, want);
		free(text);
	}
}

/* A time_* parameter off its default is written (after the parameters
 * before it) and read back; against a folder whose config.ini lacks it,
 * it is a key added now, so the run does not resume there. */
static void time_factor_off_default(void **state)
{
	(void)state;
	static Tournament t, u;
	char err[1024], want[4096];
	const char *path = tmpdir_write(
	    "bytes.ini", "[tournament]\nboard = 7\npairs = 1\nnodes = 200\n[player a]\n"
	                 "type = alphabeta\nratio = 0.7\ntime_extend = 4\ntime_ease = 0.5\n"
	                 "[player b]\ntype = random\n");
	if (config_load(path, &t, err, sizeof err) < 0)
		fail_msg("%s", err);
	char *text = text_of(&t);
	if (!strstr(text, "\ncell_win = 13703\ntime_extend = 4\n\n[player b]\n"))
		fail_msg("config.ini:\n%s", text);
	if (config_load(tmpdir_write("again.ini", text), &u, err, sizeof err) < 0)
		fail_msg("%s\n%s", err, text);
	int k = param_find(&u.players[0].params, "time_extend");
	assert_true(k >= 0 && u.players[0].params.v[k] == 4);
	size_t old = sizeof ini_bytes / sizeof ini_bytes[0] - 2; /* alphabeta's */
	snprintf(want, sizeof want, ini_bytes[old].written, dir, dir);
	ConfigDiff d;
	assert_false(config_diff_find(want, text, config_sections, &d));
	char what[512];
	config_diff_text(&d, what, sizeof what);
	assert_string_equal(what, "[player a] now there is 'time_extend = 4', which the "
	                          "folder's configuration does not have");
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(reals_are_the_shortest_text_that_reads_back),
	    cmocka_unit_test(config_ini_bytes_do_not_change),
	    cmocka_unit_test(time_factor_off_default),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
