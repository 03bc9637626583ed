/* test_external_reuse.c - an external engine's process over several games:
 * kept and sent RESTART (player_reuse, as a worker thread's cache calls it,
 * or a plain second game), replaced when it cannot go on (restart = on, a
 * fault, a refused RESTART, a dead process), and started in parallel with
 * its opponent without its start-up charged to its clock. Our pbrain
 * engines play the same games on a kept process as on fresh ones. Nothing
 * may be left behind: no descriptor, no child. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "external_util.h"

#include "tmpdir.h"

/* How often needle occurs in text. */
static int count_of(const char *text, const char *needle)
{
	int n = 0;
	for (const char *s = strstr(text, needle); s; s = strstr(s + 1, needle))
		n++;
	return n;
}

/* game g of a sequence: the engine as black in even games, against naive,
 * max_plies plies from the empty board; the engine's node budget is nodes. */
static void play_game(Player *e, Player *o, int g, int max_plies, uint64_t nodes,
                      GameRecord *rec)
{
	GameSetup s = {.size = 15, .rule = RULE_FREESTYLE, .max_plies = max_plies};
	Color ec = g % 2 ? WHITE : BLACK;
	s.budget[ec].nodes = nodes;
	s.budget[ec ^ 1].nodes = 500;
	Player *pl[2] = {ec == BLACK ? e : o, ec == BLACK ? o : e};
	assert_int_equal(game_play(&s, pl, rec), 0);
}

/* A player made from ps must not take other parameters (but for the log and
 * the INFO lines: test_external_params.c), nor restart = on; a type without
 * reuse never reuses. */
static void reuse_refuses_other_parameters(void **state)
{
	(void)state;
	char command[PARAM_TEXT_MAX];
	snprintf(command, sizeof command, "%s good", FAULT_ENGINE);
	static const char *const others[][2] = {
	    {"timeout_turn=4000", NULL},
	    {"ponder=on", NULL},
	    {"dir=/tmp", NULL},
	    {"restart=on", NULL},
	    {"max_memory=100000000", NULL},
	    {"log=/no/such/folder/x", NULL},
	};
	ParamSet ps;
	external_params(&ps, command, NULL);
	for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
		ParamSet other;
		external_params(&other, command, others[i]);
		Player *e = external_of(&ps);
		if (player_reuse(e, &other, 2))
			fail_msg("reused with %s", others[i][0]);
		player_destroy(e);
	}
	ParamSet cmd2;
	external_params(&cmd2, FAULT_ENGINE, NULL);
	Player *e = external_of(&ps);
	assert_false(player_reuse(e, &cmd2, 2));
	player_destroy(e);
	/* restart = on refuses even its own parameters. */
	static const char *const on[] = {"restart=on", NULL};
	external_params(&ps, command, on);
	e = external_of(&ps);
	assert_false(player_reuse(e, &ps, 2));
	player_destroy(e);
	const PlayerType *naive = registry_find("naive");
	param_defaults(&ps, naive->params, naive->nparams);
	Player *n = builtin("naive", 3);
	assert_false(player_reuse(n, &ps, 3));
	player_destroy(n);
	assert_no_children();
}

/* With reuse (the default), one process plays every game: RESTART between
 * games, never END until the player is destroyed. The log may change from
 * game to game and follows; the seed may too. A limit the engine was told
 * in one game and that the next lacks is told again (it keeps what it was
 * told), and every game gets its INFO lines after OK. */
static void reuse_keeps_one_process(void **state)
{
	(void)state;
	char flog[128], conv[2][128], kv_log[2][160], command[PARAM_TEXT_MAX];
	snprintf(flog, sizeof flog, "%s/reuse.log", dir);
	snprintf(command, sizeof command, "%s good", FAULT_ENGINE);
	ParamSet ps[2];
	for (int k = 0; k < 2; k++) {
		snprintf(conv[k], sizeof conv[k], "%s/conv%d.log", dir, k);
		snprintf(kv_log[k], sizeof kv_log[k], "log=%s", conv[k]);
		const char *const kv[] = {kv_log[k], NULL};
		external_params(&ps[k], command, kv);
	}
	int fds = fd_count();
	setenv("FAULT_LOG", flog, 1);
	Player *e = external_of(&ps[0]), *o = builtin("naive", 3);
	for (int g = 0; g < 3; g++) {
		if (g > 0)
			assert_true(player_reuse(e, &ps[1], (uint64_t)g + 7));
		GameRecord rec;
		play_game(e, o, g, 6, g == 0 ? 1000 : 0, &rec);
		if (rec.reason != END_MAX_PLIES)
			fail_msg("game %d: %s (%s)", g, game_end_name(rec.reason),
			         rec.fault_detail);
	}
	player_destroy(e);
	player_destroy(o);
	unsetenv("FAULT_LOG");
	const char *text = slurp(flog);
	assert_int_equal(lines_with(text, "pid "), 1);
	assert_int_equal(lines_with(text, "START "), 1);
	assert_int_equal(lines_with(text, "RESTART"), 2);
	assert_int_equal(lines_with(text, "END"), 1);
	assert_non_null(strstr(text, "\nEND\ncpu "));
	const char *second = strstr(text, "\nRESTART\n");
	assert_non_null(second);
	assert_non_null(strstr(text, "INFO max_node 1000\n"));
	assert_non_null(strstr(second, "INFO max_node 0\n"));
	/* After each OK, the game's INFO lines. */
	assert_int_equal(lines_with(text, "INFO rule 0"), 3);
	assert_non_null(strstr(text, "\nRESTART\nINFO timeout_turn 5000\n"));
	/* The first game went to conv0, the others to conv1. */
	text = slurp(conv[0]);
	assert_int_equal(count_of(text, "* new game "), 1);
	assert_int_equal(count_of(text, "* start pid "), 1);
	assert_int_equal(count_of(text, "> RESTART"), 0);
	text = slurp(conv[1]);
	assert_int_equal(count_of(text, "* new game "), 2);
	assert_int_equal(count_of(text, "* start pid "), 0);
	assert_int_equal(count_of(text, "> RESTART"), 2);
	assert_int_equal(count_of(text, "< OK"), 2);
	assert_int_equal(count_of(text, "> END"), 1);
	assert_int_equal(fd_count(), fds);
	assert_no_children();
}

/* restart = on: every game a fresh process, ended with END as soon as the
 * game is over, as the Gomocup judge does; also on one instance that plays
 * several games. */
static void restart_on_starts_every_game_afresh(void **state)
{
	(void)state;
	char flog[128], conv[128], kv_log[160], command[PARAM_TEXT_MAX];
	snprintf(flog, sizeof flog, "%s/restart-on.log", dir);
	snprintf(conv, sizeof conv, "%s/restart-on-conv.log", dir);
	snprintf(kv_log, sizeof kv_log, "log=%s", conv);
	snprintf(command, sizeof command, "%s good", FAULT_ENGINE);
	const char *const kv[] = {"restart=on", kv_log, NULL};
	int fds = fd_count();
	setenv("FAULT_LOG", flog, 1);
	Player *e = external(command, kv), *o = builtin("naive", 3);
	for (int g = 0; g < 3; g++) {
		GameRecord rec;
		play_game(e, o, g, 6, 1000, &rec);
		assert_int_equal(rec.reason, END_MAX_PLIES);
		/* Ended with the game, not at the next one: its process is
		 * gone, its pipes and its log closed, while the player lives. */
		long pid = engine_pid(flog);
		assert_true(pid > 0);
		if (!process_gone(pid))
			fail_msg("game %d: engine %ld still runs after the game", g, pid);
		assert_int_equal(fd_count(), fds);
		const char *text = slurp(flog);
		assert_int_equal(lines_with(text, "END"), g + 1);
		assert_non_null(strstr(text, "\nEND\ncpu "));
	}
	player_destroy(e);
	player_destroy(o);
	unsetenv("FAULT_LOG");
	const char *text = slurp(flog);
	assert_int_equal(lines_with(text, "pid "), 3);
	assert_int_equal(lines_with(text, "START "), 3);
	assert_int_equal(lines_with(text, "END"), 3);
	/* Each game's END is in that game's entries of the log. */
	text = slurp(conv);
	assert_int_equal(count_of(text, "> END"), 3);
	assert_int_equal(count_of(text, "* new game"), 3);
	for (const char *g = strstr(text, "* new game"); g;
	     g = strstr(g + 1, "* new game")) {
		const char *next = strstr(g + 1, "* new game"), *end = strstr(g, "> END");
		if (!end || (next && end > next))
			fail_msg("a game without its END:\n%s", text);
	}
	assert_int_equal(lines_with(text, "RESTART"), 0);
	assert_int_equal(fd_count(), fds);
	assert_no_children();
}

/* An engine that refuses RESTART (ERROR, UNKNOWN), does not answer it in
 * timeout_start or dies of it is replaced by a fresh process for that game,
 * which it plays normally: no fault, nothing charged to its clock. The log
 * says so; RESTART is not tried again on that player. */
static void a_refused_restart_means_a_fresh_process(void **state)
{
	(void)state;
	static const struct {
		const char *mode, *says;
	} cases[] = {
	    {"restart-error", "RESTART failed: answered 'ERROR cannot restart'"},
	    {"restart-unknown", "RESTART failed: answered 'UNKNOWN RESTART'"},
	    {"restart-none", "RESTART failed: no OK in "},
	    {"restart-crash", "RESTART failed: output closed"},
	};
	int fds = fd_count();
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char flog[128], conv[128], kv_log[160], command[PARAM_TEXT_MAX];
		snprintf(flog, sizeof flog, "%s/%s.flog", dir, cases[i].mode);
		snprintf(conv, sizeof conv, "%s/%s.log", dir, cases[i].mode);
		snprintf(kv_log, sizeof kv_log, "log=%s", conv);
		snprintf(command, sizeof command, "%s %s", FAULT_ENGINE, cases[i].mode);
		const char *const kv[] = {kv_log, "timeout_start=300", "timeout_turn=300",
		                          "tolerance=100", NULL};
		setenv("FAULT_LOG", flog, 1);
		Player *e = external(command, kv), *o = builtin("naive", 3);
		for (int g = 0; g < 3; g++) {
			GameRecord rec;
			play_game(e, o, g, 6, 1000, &rec);
			if (rec.reason != END_MAX_PLIES || rec.fault_color != -1)
				fail_msg("%s, game %d: %s (%s)", cases[i].mode, g,
				         game_end_name(rec.reason), rec.fault_detail);
			for (int k = 0; k < rec.plies; k++)
				if (rec.ms[k] > 200)
					fail_msg("%s, game %d: ply %d took %d ms",
					         cases[i].mode, g, k, rec.ms[k]);
		}
		player_destroy(e);
		player_destroy(o);
		unsetenv("FAULT_LOG");
		const char *text = slurp(flog);
		assert_int_equal(lines_with(text, "pid "), 3);
		assert_int_equal(lines_with(text, "RESTART"), 1);
		text = slurp(conv);
		if (!strstr(text, cases[i].says))
			fail_msg("%s: the log lacks '%s':\n%s", cases[i].mode,
			         cases[i].says, text);
		assert_null(strstr(text, "* fault"));
		assert_non_null(strstr(text, "* a fresh process: RESTART failed before\n"));
		assert_int_equal(fd_count(), fds);
		assert_no_children();
	}
}

/* After a game the engine lost by its fault, when its process has died
 * between games, or for another board size (RESTART keeps the size), the
 * next game gets a fresh process and no RESTART. */
static void a_fault_or_a_dead_process_means_a_fresh_one(void **state)
{
	(void)state;
	char flog[128], conv[128], kv_log[160], command[PARAM_TEXT_MAX];
	snprintf(flog, sizeof flog, "%s/crash.log", dir);
	snprintf(conv, sizeof conv, "%s/crash-conv.log", dir);
	snprintf(kv_log, sizeof kv_log, "log=%s", conv);
	snprintf(command, sizeof command, "%s crash 2", FAULT_ENGINE);
	const char *const kv[] = {kv_log, NULL};
	int fds = fd_count();
	setenv("FAULT_LOG", flog, 1);
	Player *e = external(command, kv), *o = builtin("naive", 3);
	GameRecord rec;
	play_game(e, o, 0, 10, 1000, &rec);
	assert_int_equal(rec.reason, END_CRASH);
	play_game(e, o, 0, 2, 1000, &rec); /* over before its second move */
	assert_int_equal(rec.reason, END_MAX_PLIES);
	/* Its process dies between games. */
	long pid = engine_pid(flog);
	assert_true(pid > 0);
	assert_int_equal(kill((pid_t)pid, SIGKILL), 0);
	for (double t0 = clock_ms(); !process_gone(pid) && clock_ms() - t0 < 2000;)
		nanosleep(&(struct timespec){0, 5000000}, NULL);
	play_game(e, o, 0, 2, 1000, &rec);
	assert_int_equal(rec.reason, END_MAX_PLIES);
	GameSetup s13 = {.size = 13, .rule = RULE_FREESTYLE, .max_plies = 2};
	Player *pl[2] = {e, o};
	assert_int_equal(game_play(&s13, pl, &rec), 0);
	assert_int_equal(rec.reason, END_MAX_PLIES);
	player_destroy(e);
	player_destroy(o);
	unsetenv("FAULT_LOG");
	const char *text = slurp(flog);
	assert_int_equal(lines_with(text, "pid "), 4);
	assert_int_equal(lines_with(text, "RESTART"), 0);
	assert_int_equal(lines_with(text, "START 13"), 1);
	text = slurp(conv);
	assert_non_null(strstr(text, "* a fresh process: the process has died\n"));
	assert_non_null(strstr(text, "* a fresh process: another board size\n"));
	assert_int_equal(count_of(text, "* a fresh process: "),
	                 2); /* none after the fault */
	assert_int_equal(fd_count(), fds);
	assert_no_children();
}

/* A fault the referee finds in what the engine answered (a point already
 * taken; a move within the engine's tolerance but past the referee's) ends
 * the process as the engine's own faults do: killed, the fault in the log,
 * and the next game gets a fresh process, not RESTART. */
static void a_fault_the_referee_finds_ends_the_process(void **state)
{
	(void)state;
	static const struct {
		const char *mode, *reason, *detail;
		EndReason end;
	} cases[] = {
	    {"illegal 2", "illegal", " is taken", END_ILLEGAL},
	    {"slow 300", "timeout", "move in ", END_TIMEOUT},
	};
	int fds = fd_count();
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char flog[128], conv[128], kv_log[160], command[PARAM_TEXT_MAX];
		snprintf(flog, sizeof flog, "%s/referee-%zu.flog", dir, i);
		snprintf(conv, sizeof conv, "%s/referee-%zu.log", dir, i);
		snprintf(kv_log, sizeof kv_log, "log=%s", conv);
		snprintf(command, sizeof command, "%s %s", FAULT_ENGINE, cases[i].mode);
		/* The engine's own deadline is far: only the referee calls it. */
		const char *const kv[] = {kv_log, "tolerance=5000", NULL};
		setenv("FAULT_LOG", flog, 1);
		Player *e = external(command, kv), *o = builtin("naive", 3);
		GameSetup s = {
		    .size = 15, .rule = RULE_FREESTYLE, .max_plies = 10, .tolerance = 50};
		s.budget[BLACK].ms = 100;
		s.budget[WHITE].nodes = 500;
		Player *pl[2] = {e, o};
		GameRecord rec;
		assert_int_equal(game_play(&s, pl, &rec), 0);
		if (rec.reason != cases[i].end || rec.fault_color != BLACK ||
		    !strstr(rec.fault_detail, cases[i].detail))
			fail_msg("%s: %s (%s)", cases[i].mode, game_end_name(rec.reason),
			         rec.fault_detail);
		long pid = engine_pid(flog);
		assert_true(pid > 0);
		if (!process_gone(pid))
			fail_msg("%s: engine %ld still runs after its fault", cases[i].mode,
			         pid);
		s.max_plies = 1; /* one move, in time: no fault */
		s.budget[BLACK].ms = 0;
		assert_int_equal(game_play(&s, pl, &rec), 0);
		assert_int_equal(rec.reason, END_MAX_PLIES);
		player_destroy(e);
		player_destroy(o);
		unsetenv("FAULT_LOG");
		const char *text = slurp(flog);
		assert_int_equal(lines_with(text, "pid "), 2);
		assert_int_equal(lines_with(text, "RESTART"), 0);
		text = slurp(conv);
		char fault[64];
		snprintf(fault, sizeof fault, "* fault %s: ", cases[i].reason);
		if (count_of(text, fault) != 1 || count_of(text, "* kill") < 1)
			fail_msg("%s: no kill or fault in the log:\n%s", cases[i].mode,
			         text);
		assert_int_equal(count_of(text, "* start pid "), 2);
		assert_int_equal(fd_count(), fds);
		assert_no_children();
	}
}

/* Both engines of a game start at once: new_game does not wait for OK, the
 * first move does. Two engines that take 500 ms to answer OK (to START, then
 * to RESTART) begin a game after about 500 ms, not 1000; and start-up is
 * not the move's time: with 200 ms a move (+ 100 tolerance) they do not
 * lose on time, and every move's ms is small. */
static void engines_start_in_parallel(void **state)
{
	(void)state;
	char command[PARAM_TEXT_MAX];
	snprintf(command, sizeof command, "%s slowstart 500", FAULT_ENGINE);
	static const char *const kv[] = {"timeout_turn=200", "tolerance=100", NULL};
	int fds = fd_count();
	Player *pl[2] = {external(command, kv), external(command, kv)};
	GameSetup s = {.size = 15, .rule = RULE_FREESTYLE, .max_plies = 4};
	for (int g = 0; g < 2; g++) {
		GameRecord rec;
		double t0 = clock_ms();
		assert_int_equal(game_play(&s, pl, &rec), 0);
		double ms = clock_ms() - t0;
		if (rec.reason != END_MAX_PLIES)
			fail_msg("game %d: %s (%s)", g, game_end_name(rec.reason),
			         rec.fault_detail);
		if (ms < 500 || ms > 850)
			fail_msg("game %d took %.0f ms: not one start of 500 ms", g, ms);
		for (int k = 0; k < rec.plies; k++)
			if (rec.ms[k] > 100)
				fail_msg("game %d: ply %d took %d ms", g, k, rec.ms[k]);
		assert_true(rec.time_ms[BLACK] < 200 && rec.time_ms[WHITE] < 200);
	}
	player_destroy(pl[0]);
	player_destroy(pl[1]);
	assert_int_equal(fd_count(), fds);
	assert_no_children();
}

enum { PB_GAMES = 4 };

typedef struct {
	GameRecord rec[PB_GAMES];
	int starts[2], restarts[2]; /* per engine, from the conversation logs */
} PbrainRun;

/* PB_GAMES games of pbrain-alphabeta against pbrain-mcts, colours and
 * openings alternating, node budgets changing from game to game, the
 * players kept as a worker's cache keeps them: reused when they can be,
 * made anew when not. */
static void pbrain_run(const char *restart, PbrainRun *run)
{
	static const char *const types[2] = {"alphabeta", "mcts"};
	char logs[2][128];
	ParamSet ps[2];
	Player *pl[2];
	for (int k = 0; k < 2; k++) {
		char command[PARAM_TEXT_MAX], kv_log[160], kv_restart[32];
		snprintf(command, sizeof command, "\"%s/pbrain-%s\"", PBRAIN_DIR, types[k]);
		snprintf(logs[k], sizeof logs[k], "%s/%s-%s.log", dir, types[k], restart);
		snprintf(kv_log, sizeof kv_log, "log=%s", logs[k]);
		snprintf(kv_restart, sizeof kv_restart, "restart=%s", restart);
		const char *const kv[] = {kv_log, kv_restart, NULL};
		external_params(&ps[k], command, kv);
		pl[k] = external_of(&ps[k]);
	}
	for (int g = 0; g < PB_GAMES; g++) {
		for (int k = 0; g > 0 && k < 2; k++)
			if (!player_reuse(pl[k], &ps[k], (uint64_t)g)) {
				player_destroy(pl[k]);
				pl[k] = external_of(&ps[k]);
			}
		GameSetup s = {.size = 15,
		               .rule = RULE_FREESTYLE,
		               .max_plies = 30,
		               .opening = opening3(),
		               .opening_len = g / 2 ? 3 : 0};
		s.budget[BLACK].nodes = s.budget[WHITE].nodes = 1000 + 500 * (uint64_t)g;
		Player *order[2] = {pl[g % 2], pl[1 - g % 2]};
		assert_int_equal(game_play(&s, order, &run->rec[g]), 0);
		if (run->rec[g].fault_color != -1)
			fail_msg("restart %s, game %d: %s", restart, g,
			         run->rec[g].fault_detail);
	}
	player_destroy(pl[0]);
	player_destroy(pl[1]);
	for (int k = 0; k < 2; k++) {
		const char *text = slurp(logs[k]);
		run->starts[k] = count_of(text, "* start pid ");
		run->restarts[k] = count_of(text, "> RESTART");
	}
}

/* With node budgets (INFO max_node, which our pbrain engines obey), games
 * on kept processes are exactly the games of fresh processes. */
static void reuse_plays_the_games_of_fresh_processes(void **state)
{
	(void)state;
	int fds = fd_count();
	PbrainRun kept, fresh;
	pbrain_run("off", &kept);
	pbrain_run("on", &fresh);
	for (int k = 0; k < 2; k++) {
		assert_int_equal(kept.starts[k], 1);
		assert_int_equal(kept.restarts[k], PB_GAMES - 1);
		assert_int_equal(fresh.starts[k], PB_GAMES);
		assert_int_equal(fresh.restarts[k], 0);
	}
	for (int g = 0; g < PB_GAMES; g++) {
		const GameRecord *a = &kept.rec[g], *b = &fresh.rec[g];
		if (a->plies != b->plies || a->outcome != b->outcome ||
		    a->reason != b->reason ||
		    memcmp(a->moves, b->moves, sizeof a->moves[0] * (size_t)a->plies))
			fail_msg("game %d: %d plies (%s) kept, %d fresh (%s)", g, a->plies,
			         game_end_name(a->reason), b->plies,
			         game_end_name(b->reason));
	}
	assert_int_equal(fd_count(), fds);
	assert_no_children();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(reuse_refuses_other_parameters),
	    cmocka_unit_test(reuse_keeps_one_process),
	    cmocka_unit_test(restart_on_starts_every_game_afresh),
	    cmocka_unit_test(a_refused_restart_means_a_fresh_process),
	    cmocka_unit_test(a_fault_or_a_dead_process_means_a_fresh_one),
	    cmocka_unit_test(a_fault_the_referee_finds_ends_the_process),
	    cmocka_unit_test(engines_start_in_parallel),
	    cmocka_unit_test(reuse_plays_the_games_of_fresh_processes),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
