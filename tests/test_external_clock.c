/* test_external_clock.c - the referee's game clock with external engines:
 * what the engine is told (INFO timeout_match, time_increment and the
 * referee's time_left before every move), the referee's verdict on an
 * engine that runs its clock out, and our pbrain engines keeping a match
 * clock under the Gomocup protocol. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "tmpdir.h"

#include "external_util.h"

/* The time_left values of the log's "INFO time_left N" lines, in order. */
static int times_told(const char *text, long *out, int max)
{
	int n = 0;
	for (const char *s = strstr(text, "INFO time_left "); s && n < max;
	     s = strstr(s + 1, "INFO time_left "))
		out[n++] = atol(s + strlen("INFO time_left "));
	return n;
}

/* A budget's game clock replaces timeout_match and its ms timeout_turn,
 * each told once, in the INFO lines after OK (not the player's own
 * timeout_turn first and the budget's at once after), its increment goes
 * as time_increment, and every move carries the referee's time left. */
static void engine_is_told_the_clock(void **state)
{
	(void)state;
	char log[128], command[PARAM_TEXT_MAX];
	snprintf(log, sizeof log, "%s/clock.log", dir);
	snprintf(command, sizeof command, "%s good", FAULT_ENGINE);
	setenv("FAULT_LOG", log, 1);
	Player *e = external(command, NULL), *o = builtin("naive", 3);
	GameSetup s = {.size = 15, .rule = RULE_FREESTYLE, .max_plies = 9};
	s.budget[BLACK] = (Budget){.ms = 2500, .game_ms = 60000, .inc_ms = 100};
	s.budget[WHITE].nodes = 100;
	Player *pl[2] = {e, o};
	GameRecord rec;
	assert_int_equal(game_play(&s, pl, &rec), 0);
	player_destroy(e);
	player_destroy(o);
	unsetenv("FAULT_LOG"); /* the engine started in game_play */
	assert_int_equal(rec.reason, END_MAX_PLIES);
	const char *text = slurp(log);
	static const char first[] = "INFO timeout_turn 2500\nINFO timeout_match 60000\n"
	                            "INFO rule 0\nINFO game_type 1\n"
	                            "INFO time_increment 100\nINFO time_left 60000\n"
	                            "BEGIN\n";
	if (!strstr(text, first))
		fail_msg("no '%s' in\n%s", first, text);
	assert_int_equal(lines_with(text, "INFO timeout_turn"), 1);
	assert_int_equal(lines_with(text, "INFO timeout_match"), 1);
	assert_int_equal(lines_with(text, "INFO time_increment"), 1);
	long told[8];
	assert_int_equal(times_told(text, told, 8), 5);
	/* each move gives back 100 and takes what the engine took, little */
	for (int i = 1; i < 5; i++)
		if (told[i] <= told[i - 1] || told[i] > told[i - 1] + 100)
			fail_msg("time_left %ld after %ld", told[i], told[i - 1]);
	assert_no_children();
}

/* 150 ms a move against 400 for the game: 400, 250, 100, then the clock
 * runs out and the referee (not the engine's own deadline, 5 s of
 * tolerance away) calls the game, with the evidence. */
static void engine_runs_its_clock_out(void **state)
{
	(void)state;
	char command[PARAM_TEXT_MAX];
	snprintf(command, sizeof command, "%s slow 150", FAULT_ENGINE);
	static const char *const kv[] = {"tolerance=5000", NULL};
	Player *e = external(command, kv), *o = builtin("naive", 3);
	GameSetup s = {.size = 15, .rule = RULE_FREESTYLE, .tolerance = 100};
	s.budget[WHITE] = (Budget){.game_ms = 400};
	s.budget[BLACK].nodes = 100;
	Player *pl[2] = {o, e};
	GameRecord rec;
	assert_int_equal(game_play(&s, pl, &rec), 0);
	player_destroy(e);
	player_destroy(o);
	assert_int_equal(rec.reason, END_TIMEOUT);
	assert_int_equal(rec.fault_color, WHITE);
	assert_int_equal(rec.outcome, RESULT_BLACK_WIN);
	if (!strstr(rec.fault_detail,
	            "left on the game clock (400 + 0 a move; tolerance 100)"))
		fail_msg("detail '%s'", rec.fault_detail);
	assert_true(rec.plies >= 5 && rec.plies <= 7); /* its 3rd or 4th move */
	assert_no_children();
}

/* Our engines under a match clock: a game each of pbrain-alphabeta and
 * pbrain-mcts against naive at 200 ms a move and 1.5 s a game, no loss on
 * time, and each within its clock. */
static void pbrain_engines_keep_the_match_clock(void **state)
{
	(void)state;
	const char *types[] = {"alphabeta", "mcts"};
	for (int t = 0; t < 2; t++) {
		char command[PARAM_TEXT_MAX];
		snprintf(command, sizeof command, "%s/pbrain-%s", PBRAIN_DIR, types[t]);
		Player *e = external(command, NULL), *o = builtin("naive", 3);
		GameSetup s = {.size = 15,
		               .rule = RULE_FREESTYLE,
		               .opening = opening3(),
		               .opening_len = 3};
		s.budget[WHITE] = (Budget){.ms = 200, .game_ms = 1500};
		s.budget[BLACK].nodes = 100;
		Player *pl[2] = {o, e};
		GameRecord rec;
		assert_int_equal(game_play(&s, pl, &rec), 0);
		player_destroy(e);
		player_destroy(o);
		if (rec.fault_color >= 0)
			fail_msg("pbrain-%s: %s: %s", types[t], game_end_name(rec.reason),
			         rec.fault_detail);
		if (rec.time_ms[WHITE] > 1500)
			print_message("pbrain-%s: %.0f ms, within the tolerance\n",
			              types[t], rec.time_ms[WHITE]);
	}
	assert_no_children();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(engine_is_told_the_clock),
	    cmocka_unit_test(engine_runs_its_clock_out),
	    cmocka_unit_test(pbrain_engines_keep_the_match_clock),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
