/* test_pbrain_info.c - INFO KEY VALUE for a type's parameters and INFO
 * seed: a session told them after START (or RESTART) plays exactly the
 * moves of an engine started with them (--set, --seed) and of the player
 * made in process from them; values outlive RESTART; out-of-range values,
 * bad ones and unknown keys are ignored with a DEBUG line; the protocol's
 * own keys still get no answer. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pbrain_test.h"
#include "rng.h"

enum { POSITIONS = 24, SCRIPT_MAX = 1 << 16 };

/* "BOARD ... DONE" of a random position of 2 to 11 stones, our stones
 * (field 1) the side to move's, and that position in b. */
static void random_board(Rng *r, Board *b, char *out, size_t len)
{
	board_init(b, 15, RULE_FREESTYLE);
	int stones = 2 + (int)rng_below(r, 10);
	while (b->count < stones) {
		int p = board_point((int)rng_below(r, 9) + 3, (int)rng_below(r, 9) + 3);
		if (board_empty_at(b, p))
			board_play(b, p);
	}
	size_t n = (size_t)snprintf(out, len, "BOARD\n");
	for (int i = 0; i < b->count; i++) {
		int m = b->moves[i];
		n +=
		    (size_t)snprintf(out + n, len - n, "%d,%d,%d\n", point_x(m), point_y(m),
		                     b->cell[m] - 1 == (int)b->to_move ? 1 : 2);
	}
	snprintf(out + n, len - n, "DONE\n");
}

/* The move a session's last reply names. */
static int last_move(char *out)
{
	char *line[PT_MAX_LINES];
	int n = pt_lines(out, line), x, y;
	assert_true(n >= 1);
	pt_move(line[n - 1], 15, &x, &y);
	return board_point(x, y);
}

/* The same position asked of: an engine told `info` after START, one
 * started with the parameters (pt_options kv, seed), and the player made
 * in process; all three moves agree. Returns the move. */
static int agree(const char *type, const char *info, const char *const *kv, uint64_t seed,
                 const char *board, const Board *b)
{
	char *script = malloc(SCRIPT_MAX);
	assert_non_null(script);
	PbrainOptions told = pt_options(type, NULL), started = pt_options(type, kv);
	told.nodes = started.nodes = 300;
	started.seed = seed;
	snprintf(script, SCRIPT_MAX, "START 15\n%s%sEND\n", info, board);
	char *a = pt_run(&told, script);
	snprintf(script, SCRIPT_MAX, "START 15\n%sEND\n", board);
	char *c = pt_run(&started, script);
	int ma = last_move(a), mc = last_move(c);
	assert_int_equal(ma, mc);
	char err[PT_ERR_LEN];
	Player *p = player_create(started.type, &started.params, seed, err, sizeof err);
	assert_non_null(p);
	player_new_game(p, 15, RULE_FREESTYLE);
	Budget budget = {.nodes = 300};
	assert_int_equal(player_choose(p, b, &budget, NULL), ma);
	player_destroy(p);
	free(a);
	free(c);
	free(script);
	return ma;
}

static void info_parameters_and_seed_make_the_same_player(void **state)
{
	(void)state;
	static const char *const weighted[] = {"attack", "500", "defence", "2500", NULL};
	static const char *const ab[] = {"ratio", "1.75", "futility_margin", "0", NULL};
	static const char *const naive[] = {"mode", "attack", NULL};
	static const struct {
		const char *type, *info;
		const char *const *kv;
		uint64_t seed;
	} cases[] = {
	    {"weighted", "INFO attack 500\nINFO defence 2500\nINFO seed 77\n", weighted,
	     77},
	    {"alphabeta", "INFO ratio 1.75\nINFO futility_margin 0\n", ab, 1},
	    {"naive", "INFO seed 12345678901234\nINFO mode attack\n", naive,
	     12345678901234ull},
	};
	char *board = malloc(SCRIPT_MAX);
	assert_non_null(board);
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		Rng r;
		rng_seed(&r, 99 + c);
		int differ = 0;
		for (int i = 0; i < POSITIONS; i++) {
			Board b;
			random_board(&r, &b, board, SCRIPT_MAX);
			int m = agree(cases[c].type, cases[c].info, cases[c].kv,
			              cases[c].seed, board, &b);
			/* The defaults: to show the settings changed the player. */
			differ += m != agree(cases[c].type, "", NULL, 1, board, &b);
		}
		if (differ == 0)
			fail_msg("%s: the INFO settings changed no move of %d",
			         cases[c].type, POSITIONS);
	}
	free(board);
}

/* Values stay for the next game, and a new value replaces the old one. */
static void settings_outlive_restart(void **state)
{
	(void)state;
	static const char *const kv[] = {"attack", "500", "defence", "2500", NULL};
	PbrainOptions told = pt_options("weighted", NULL),
	              started = pt_options("weighted", kv);
	started.seed = 5;
	char *a = pt_run(&told, "START 15\nINFO attack 3000\nINFO seed 5\nBEGIN\n"
	                        "RESTART\nINFO attack 500\nINFO defence 2500\nTURN 7,7\n"
	                        "RESTART\nTURN 7,7\nTURN 9,8\nEND\n");
	char *b =
	    pt_run(&started, "START 15\nTURN 7,7\nRESTART\nTURN 7,7\nTURN 9,8\nEND\n");
	char *la[PT_MAX_LINES], *lb[PT_MAX_LINES];
	assert_int_equal(pt_lines(a, la), 7);
	assert_int_equal(pt_lines(b, lb), 5);
	for (int i = 0; i < 3; i++)
		assert_string_equal(la[i + 4], lb[i + 2]);
	assert_string_equal(la[3], lb[1]);
	free(a);
	free(b);
}

static void bad_settings_are_ignored_with_a_debug_line(void **state)
{
	(void)state;
	PbrainOptions o = pt_options("weighted", NULL);
	char *out =
	    pt_run(&o, "START 15\nINFO attack 99999\nINFO attack 12.5\n"
	               "INFO defence\nINFO no_such_key 5\nINFO seed -3\n"
	               "INFO seed x\nINFO Attack 900\nINFO timeout_turn 1000\n"
	               "INFO folder /tmp\nINFO thread_num 4\nINFO nbest 2\nBEGIN\nEND\n");
	char *line[PT_MAX_LINES];
	int n = pt_lines(out, line);
	assert_int_equal(n, 10);
	assert_string_equal(line[0], "OK");
	static const char *const starts[] = {
	    "DEBUG INFO attack '99999' ignored: 99999 is out of range",
	    "DEBUG INFO attack '12.5' ignored: '12.5' is not a whole number",
	    "DEBUG INFO defence '' ignored: '' is not a number",
	    "DEBUG INFO no_such_key ignored: neither a protocol key nor a parameter "
	    "of weighted",
	    "DEBUG INFO seed '-3' ignored: not a whole number >= 0",
	    "DEBUG INFO seed 'x' ignored",
	    "DEBUG INFO Attack ignored",
	    "DEBUG INFO nbest ignored",
	};
	for (int i = 0; i < 8; i++)
		if (strncmp(line[i + 1], starts[i], strlen(starts[i])) != 0)
			fail_msg("line %d: '%s', expected '%s...'", i + 1, line[i + 1],
			         starts[i]);
	/* Nothing changed: the default player's first move. */
	PbrainOptions d = pt_options("weighted", NULL);
	char *ref = pt_run(&d, "START 15\nBEGIN\nEND\n"), *rl[PT_MAX_LINES];
	assert_int_equal(pt_lines(ref, rl), 2);
	assert_string_equal(line[9], rl[1]);
	free(ref);
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(info_parameters_and_seed_make_the_same_player),
	    cmocka_unit_test(settings_outlive_restart),
	    cmocka_unit_test(bad_settings_are_ignored_with_a_debug_line),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
