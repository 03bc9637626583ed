/* test_texel_data.c - a Texel run's data games: the games.csv it writes
 * reads like an arena run's, and its messages count right. */
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

#include "results.h"
#include "texel_config.h"
#include "texel_data.h"

/* Rounds count as in `arena run` (schedule.h): from 1, one more each time
 * the opening set comes round. */
static void rounds_start_at_one(void **state)
{
	(void)state;
	tmpdir_write("data.ini",
	             "[opening a]\nmoves = h8 i9 h9\n[opening b]\nmoves = h8 i9 j9\n");
	tmpdir_write("verify.ini", "[opening v]\nmoves = a1 b1 c1\n");
	const char *path =
	    tmpdir_write("t.ini", "[texel]\ngames = 8\nopenings = data.ini\n"
	                          "verify_openings = verify.ini\nverify_pairs = 1\n"
	                          "threads = 1\n[player ab]\ntype = alphabeta\n"
	                          "nodes = 60\nhash_mb = 1\n");
	static TexelConfig c;
	char err[1024];
	if (texel_config_load(path, &c, err, sizeof err) < 0)
		fail_msg("%s", err);
	OpeningSet verify, data;
	TexelDataStats st;
	if (texel_verify_openings(&c, &verify, err, sizeof err) < 0 ||
	    texel_data_openings(&c, &verify, &data, &st, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_int_equal(data.count, 2);
	char csv[128];
	snprintf(csv, sizeof csv, "%s/games.csv", dir);
	PosGames g;
	if (texel_data_games(&c, &data, &verify, csv, NULL, &g, &st, err, sizeof err) < 0)
		fail_msg("%s", err);
	ResultSet set;
	long torn;
	if (results_read(csv, &set, &torn, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_int_equal(set.count, 8);
	for (int i = 0; i < set.count; i++) {
		const ResultRow *r = &set.rows[i];
		if (r->round != r->pair / 2 + 1 ||
		    strcmp(r->opening, r->pair % 2 ? "b" : "a"))
			fail_msg("job %d, pair %d: round %d, opening %s", r->job, r->pair,
			         r->round, r->opening);
	}
	results_free(&set);
	positions_free(&g);
	openings_free(&data);
	openings_free(&verify);
}

static void too_few_random_openings_counts_right(void **state)
{
	(void)state;
	OpeningSet out;
	char err[512];
	/* One stone in a 1x1 square: one opening. */
	assert_int_equal(texel_random_openings(15, RULE_FREESTYLE, 1, 1, 1, 2, NULL, "d",
	                                       &out, err, sizeof err),
	                 -1);
	assert_string_equal(err,
	                    "only 1 distinct random opening of 1 stone in the central "
	                    "1x1 square (2 needed): raise opening_plies or opening_box");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(rounds_start_at_one),
	    cmocka_unit_test(too_few_random_openings_counts_right),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
