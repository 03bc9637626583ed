/* test_external.c - Gomocup engines as players: our pbrain engines play the
 * same games as in process; every misbehaviour of an engine (tests/engines/
 * fault.c) is a loss with the right reason and detail, without a hang, a
 * leaked descriptor or a zombie; lines that are not moves are skipped; and
 * the commands sent are those of a manager. */
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
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "config.h"
#include "game_play.h"
#include "external_text.h"
#include "external_util.h"
#include "registry.h"

#include "tmpdir.h"

/* With fixed node budgets, pbrain-TYPE as an external engine plays exactly
 * the moves TYPE plays in process (pbrain makes each game's player from
 * --seed, 1 by default, as the in-process one is made here), from an empty
 * board (BEGIN, TURN) and after openings (BOARD), in either colour. */
static void pbrain_engines_play_as_in_process(void **state)
{
	(void)state;
	static const struct {
		const char *type, *opponent;
	} pairs[] = {{"alphabeta", "weighted"}, {"weighted", "alphabeta"}};
	int fds = fd_count();
	for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++)
		for (int colour = 0; colour < 2; colour++)
			for (int olen = 0; olen <= 3; olen += 3) {
				char command[PARAM_TEXT_MAX];
				snprintf(command, sizeof command,
				         "\"%s/pbrain-%s\" --nodes 2000", PBRAIN_DIR,
				         pairs[k].type);
				GameRecord ext, own;
				Player *e = external(command, NULL),
				       *o = builtin(pairs[k].opponent, 9);
				play(colour == BLACK ? e : o, colour == BLACK ? o : e, olen,
				     0, 2000, &ext);
				Player *in = builtin(pairs[k].type, 1);
				o = builtin(pairs[k].opponent, 9);
				play(colour == BLACK ? in : o, colour == BLACK ? o : in,
				     olen, 0, 2000, &own);
				if (ext.plies != own.plies ||
				    memcmp(ext.moves, own.moves,
				           sizeof ext.moves[0] * (size_t)own.plies) ||
				    ext.outcome != own.outcome || ext.reason != own.reason)
					fail_msg("pbrain-%s as %s, opening %d: %d plies "
					         "(%s) vs %d in process (%s)",
					         pairs[k].type,
					         colour == BLACK ? "black" : "white", olen,
					         ext.plies, game_end_name(ext.reason),
					         own.plies, game_end_name(own.reason));
				assert_true(ext.reason == END_FIVE ||
				            ext.reason == END_FULL_BOARD);
				assert_int_equal(fd_count(), fds);
				assert_no_children();
			}
}

typedef struct {
	const char *mode; /* fault engine arguments */
	EndReason reason;
	int move;            /* the engine's move that goes wrong (0: START) */
	const char *says[2]; /* in the fault's detail (or NULL) */
} FaultCase;

/* Each misbehaviour loses the game for the engine, in either colour, with
 * the reason recorded, at the move it happened, within the time limits;
 * the detail says what happened: the line, the exit status or signal, the
 * clock, the end of its stderr. */
static void faults_lose_with_their_reason(void **state)
{
	(void)state;
	static const FaultCase cases[] = {
	    {"crash 3",
	     END_CRASH,
	     3,
	     {"output closed at ", "exit status 3; stderr: fault: crash at "
	                           "move 3 | fault: exiting with 3"}},
	    {"segv 2",
	     END_CRASH,
	     2,
	     {"killed by signal 11 (SIGSEGV)", "fault: segv at move 2"}},
	    {"hang 2",
	     END_TIMEOUT,
	     2,
	     {"no move in ", "(limit 300 + tolerance 200); stderr: fault: hang at move 2"}},
	    {"slow 700", END_TIMEOUT, 1, {"no move in ", NULL}},
	    {"illegal 3", END_ILLEGAL, 3, {" is taken", NULL}},
	    {"offboard 2", END_ILLEGAL, 2, {"move '15;0' off the 15x15 board at ", NULL}},
	    {"garbage 2", END_TIMEOUT, 2, {"1 line skipped (last 'hello world')", NULL}},
	    {"error 1", END_TIMEOUT, 1, {"(last 'ERROR out of ideas')", NULL}},
	    {"malformed 2", END_PROTOCOL, 2, {"malformed move '7;7;1' at ", NULL}},
	    {"huge 2", END_PROTOCOL, 2, {"line over 4095 bytes at ", "'777777"}},
	    {"exit-after-start",
	     END_CRASH,
	     0,
	     {"output closed before OK to START",
	      "exit status 0; stderr: fault: exit-after-start"}},
	    {"no-ok", END_PROTOCOL, 0, {"no OK to START in ", "stderr: fault: no-ok"}},
	    {"error-start",
	     END_PROTOCOL,
	     0,
	     {"START answered 'ERROR size not supported' at ", NULL}},
	};
	static const char *const limits[] = {"timeout_turn=300", "tolerance=200",
	                                     "timeout_start=400", NULL};
	int fds = fd_count();
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		for (int colour = 0; colour < 2; colour++) {
			char command[PARAM_TEXT_MAX];
			snprintf(command, sizeof command, "%s %s", FAULT_ENGINE,
			         cases[i].mode);
			GameRecord rec;
			Player *e = external(command, limits), *o = builtin("naive", 3);
			double t0 = clock_ms();
			play(colour == BLACK ? e : o, colour == BLACK ? o : e, 0, 0, 1000,
			     &rec);
			double ms = clock_ms() - t0;
			GameOutcome lost =
			    colour == BLACK ? RESULT_WHITE_WIN : RESULT_BLACK_WIN;
			/* Stones before the fault: the engine's good moves and the
			 * opponent's, who moves first when the engine is white. */
			int good = cases[i].move > 0 ? cases[i].move - 1 : 0;
			int plies = 2 * good + (colour == WHITE);
			if (rec.outcome != lost || rec.reason != cases[i].reason ||
			    rec.plies != plies)
				fail_msg("fault %s as %s: %s by %s after %d plies; "
				         "expected a loss by %s "
				         "after %d",
				         cases[i].mode, colour == BLACK ? "black" : "white",
				         game_outcome_text(rec.outcome),
				         game_end_name(rec.reason), rec.plies,
				         game_end_name(cases[i].reason), plies);
			assert_int_equal(rec.fault_color, colour);
			assert_csv_safe(rec.fault_detail);
			for (int k = 0; k < 2; k++)
				if (cases[i].says[k] &&
				    !strstr(rec.fault_detail, cases[i].says[k]))
					fail_msg("fault %s: detail '%s' lacks '%s'",
					         cases[i].mode, rec.fault_detail,
					         cases[i].says[k]);
			if (ms > 2000)
				fail_msg("fault %s took %.0f ms", cases[i].mode, ms);
			assert_int_equal(fd_count(), fds);
			assert_no_children();
		}
}

/* Quirks that are no fault: chatter, CR LF, lines that are not moves
 * (ERROR, UNKNOWN, junk) before the move, a slow answer within the
 * tolerance, the first word lost after a move (and the ERROR it draws), an
 * engine that ignores END. */
static void harmless_quirks_are_no_faults(void **state)
{
	(void)state;
	static const char *const modes[] = {"good",     "chatty",   "noisy",
	                                    "dropword", "slow 150", "linger"};
	static const char *const limits[] = {"timeout_turn=100", "tolerance=600", NULL};
	int fds = fd_count();
	for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
		for (int colour = 0; colour < 2; colour++)
			for (int olen = 0; olen <= 3; olen += 3) {
				char command[PARAM_TEXT_MAX];
				snprintf(command, sizeof command, "%s %s", FAULT_ENGINE,
				         modes[i]);
				GameRecord rec;
				Player *e = external(command, limits),
				       *o = builtin("naive", 3);
				play(colour == BLACK ? e : o, colour == BLACK ? o : e, olen,
				     olen + 6, 1000, &rec);
				if (rec.reason != END_MAX_PLIES)
					fail_msg("%s as %s, opening %d: %s after %d plies",
					         modes[i],
					         colour == BLACK ? "black" : "white", olen,
					         game_end_name(rec.reason), rec.plies);
				assert_int_equal(fd_count(), fds);
				assert_no_children();
			}
}

/* timeout_match: the engine's moves of a game share it; time_left shrinks. */
static void match_limit_runs_out(void **state)
{
	(void)state;
	static const char *const limits[] = {"timeout_turn=2000", "timeout_match=1000",
	                                     "tolerance=100", NULL};
	char command[PARAM_TEXT_MAX];
	snprintf(command, sizeof command, "%s slow 300", FAULT_ENGINE);
	GameRecord rec;
	play(external(command, limits), builtin("naive", 3), 0, 0, 1000, &rec);
	/* Moves of 300 ms: the third may take 400 + 100, the fourth at most
	 * 100 + 100, which is too little. */
	assert_int_equal(rec.reason, END_TIMEOUT);
	assert_int_equal(rec.outcome, RESULT_WHITE_WIN);
	assert_int_equal(rec.plies, 6);
	assert_no_children();
}

/* What the engine hears: START, the INFO lines (ours and the configured
 * ones), then per move the limits that changed, INFO time_left and BOARD
 * after an opening (its
 * stones in order, the engine's as 1), TURN after that; a ms budget becomes
 * timeout_turn (in the INFO lines after OK already: told once), node and
 * depth budgets max_node and max_depth (the Yixin-Board extension); END at
 * the end. */
static void commands_are_those_of_a_manager(void **state)
{
	(void)state;
	char log[128], command[PARAM_TEXT_MAX];
	snprintf(log, sizeof log, "%s/commands.log", dir);
	snprintf(command, sizeof command, "%s good", FAULT_ENGINE);
	static const char *const kv[] = {"timeout_turn=4000", "timeout_match=90000",
	                                 "max_memory=1000000000",
	                                 "info=folder /tmp; evaluate 1,2", NULL};
	/* Another engine runs meanwhile: its pipes must not reach this one. */
	Player *other = external(command, NULL);
	player_new_game(other, 15, RULE_FREESTYLE);
	setenv("FAULT_LOG", log, 1);
	Player *e = external(command, kv), *o = builtin("naive", 3);
	GameSetup s = {.size = 15,
	               .rule = RULE_RENJU,
	               .max_plies = 7,
	               .opening = opening3(),
	               .opening_len = 3};
	s.budget[WHITE] = (Budget){.ms = 2500, .nodes = 5000, .depth = 7};
	s.budget[BLACK].nodes = 1000;
	Player *pl[2] = {o, e};
	GameRecord rec;
	assert_int_equal(game_play(&s, pl, &rec), 0);
	player_destroy(e);
	player_destroy(o);
	player_destroy(other);
	unsetenv("FAULT_LOG");
	const char *text = slurp(log);
	/* stdin, stdout, stderr and nothing else. */
	const char *fds = strstr(text, "\nfds ");
	assert_non_null(fds);
	assert_int_equal(atoi(fds + 5), 3);
	/* The engine's two moves: rec.moves[3] and rec.moves[5]. */
	static const char expect[] =
	    "START 15\n"
	    "INFO timeout_turn 2500\nINFO timeout_match 90000\n"
	    "INFO rule 4\nINFO game_type 1\nINFO max_memory 1000000000\n"
	    "INFO folder /tmp\nINFO evaluate 1,2\n"
	    "INFO max_node 5000\nINFO max_depth 7\n"
	    "INFO time_left 90000\n"
	    "BOARD\n7,7,2\n8,6,1\n5,9,2\nDONE\n"
	    "INFO time_left ";
	const char *body = strchr(fds + 1, '\n');
	assert_non_null(body);
	if (strncmp(body + 1, expect, strlen(expect)) != 0)
		fail_msg("the engine heard:\n%s\nexpected it to begin:\n%s", body + 1,
		         expect);
	const char *turn = strstr(body + 1 + strlen(expect), "\nTURN ");
	assert_non_null(turn);
	int x, y;
	assert_int_equal(sscanf(turn + 6, "%d,%d", &x, &y), 2);
	assert_int_equal(board_point(x, y), rec.moves[4]);
	assert_non_null(strstr(turn, "\nEND\n"));
	/* Limits are told again only when they change. */
	assert_null(strstr(body + 1 + strlen(expect), "max_node"));
	assert_null(strstr(body + 1 + strlen(expect), "timeout_turn"));
	assert_no_children();
}

/* After a fault every game on the same instance runs a fresh process (the
 * faulted one is dead); destroy without a game, or after a fault, or with
 * a start never waited for, leaves nothing behind. */
static void lifecycle_leaves_nothing(void **state)
{
	(void)state;
	int fds = fd_count();
	char command[PARAM_TEXT_MAX];
	snprintf(command, sizeof command, "%s crash 1", FAULT_ENGINE);
	player_destroy(external(command, NULL));
	Player *e = external(command, NULL);
	Board b;
	board_init(&b, 15, RULE_FREESTYLE);
	for (int g = 0; g < 3; g++) {
		MoveInfo info;
		player_new_game(e, 15, RULE_FREESTYLE);
		assert_int_equal(player_choose(e, &b, &(Budget){0}, &info), POINT_NONE);
		assert_int_equal(info.fault, FAULT_CRASH);
		/* Sticky until the next game. */
		assert_int_equal(player_choose(e, &b, &(Budget){0}, &info), POINT_NONE);
		assert_int_equal(info.fault, FAULT_CRASH);
	}
	player_new_game(e, 15, RULE_FREESTYLE); /* started, never asked */
	player_destroy(e);
	assert_int_equal(fd_count(), fds);
	assert_no_children();
}

/* An engine dies with the arena (PR_SET_PDEATHSIG), even a hanging one. */
static void engine_dies_with_the_arena(void **state)
{
	(void)state;
	char log[128], command[PARAM_TEXT_MAX];
	snprintf(log, sizeof log, "%s/orphan.log", dir);
	snprintf(command, sizeof command, "%s linger", FAULT_ENGINE);
	pid_t arena = fork();
	assert_true(arena >= 0);
	if (arena == 0) {
		setenv("FAULT_LOG", log, 1);
		Player *e = external(command, NULL);
		player_new_game(e, 15, RULE_FREESTYLE);
		for (;;)
			pause();
	}
	long pid = 0;
	for (double t0 = clock_ms(); !pid && clock_ms() - t0 < 5000;) {
		FILE *f = fopen(log, "r");
		if (!f || fscanf(f, "pid %ld", &pid) != 1)
			pid = 0;
		if (f)
			fclose(f);
		nanosleep(&(struct timespec){0, 10000000}, NULL);
	}
	assert_true(pid > 0);
	assert_false(process_gone(pid));
	kill(arena, SIGKILL);
	waitpid(arena, NULL, 0);
	double t0 = clock_ms();
	while (!process_gone(pid) && clock_ms() - t0 < 3000)
		nanosleep(&(struct timespec){0, 10000000}, NULL);
	assert_true(process_gone(pid));
}

/* Which lines are moves, which are chatter to skip while waiting for one,
 * and which are judged at once. */
static void replies_are_classified(void **state)
{
	(void)state;
	static const struct {
		const char *line;
		ExternalReply kind;
		long x, y;
	} cases[] = {
	    {"7,7", REPLY_MOVE, 7, 7},
	    {" 14 , 0 ", REPLY_MOVE, 14, 0},
	    {"+3,4", REPLY_MOVE, 3, 4},
	    {"15,0", REPLY_OFF_BOARD, 15, 0},
	    {"-1,5", REPLY_OFF_BOARD, -1, 5},
	    {"99999999999999999999,1", REPLY_OFF_BOARD, -1, 1},
	    {"7 7", REPLY_MALFORMED, 0, 0},
	    {"7,7,1", REPLY_MALFORMED, 0, 0},
	    {"7,", REPLY_MALFORMED, 0, 0},
	    {",7", REPLY_MALFORMED, 0, 0},
	    {"7", REPLY_MALFORMED, 0, 0},
	    {"7,7 8,8", REPLY_MALFORMED, 0, 0},
	    {"--7,7", REPLY_MALFORMED, 0, 0},
	    {"", REPLY_OTHER, 0, 0},
	    {" \t ", REPLY_OTHER, 0, 0},
	    {",", REPLY_OTHER, 0, 0},
	    {"OK", REPLY_OTHER, 0, 0},
	    {"ERROR Unknown command: TIME_LEFT", REPLY_OTHER, 0, 0},
	    {"UNKNOWN 7,7", REPLY_OTHER, 0, 0},
	    {"MESSAGE 7,7", REPLY_OTHER, 0, 0},
	    {"2 threads started", REPLY_OTHER, 0, 0},
	    {"10,000 nodes", REPLY_OTHER, 0, 0},
	    {"7,seven", REPLY_OTHER, 0, 0},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		long x = 0, y = 0;
		ExternalReply kind = external_text_reply(cases[i].line, 15, &x, &y);
		if (kind != cases[i].kind || x != cases[i].x || y != cases[i].y)
			fail_msg("'%s': kind %d (%ld,%ld), expected %d (%ld,%ld)",
			         cases[i].line, kind, x, y, cases[i].kind, cases[i].x,
			         cases[i].y);
	}
}

static void bad_configurations_are_refused(void **state)
{
	(void)state;
	const PlayerType *t = registry_find("external");
	static const struct {
		const char *key, *value, *must_say;
	} cases[] = {
	    {"command", "", "'command' is required"},
	    {"command", "   ", "empty"},
	    {"command", "\"unclosed", "unclosed quote"},
	    {"command", "no-such-engine-anywhere", "not found in PATH"},
	    {"command", "./no/such/engine", "not an executable file"},
	    {"dir", "/no/such/folder", "dir '/no/such/folder'"},
	    {"info", "lonelykey", "needs a key and a value"},
	    {"log", "/no/such/folder/engine.log", "no folder '/no/such/folder'"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		ParamSet ps;
		param_defaults(&ps, t->params, t->nparams);
		char err[512] = "";
		assert_int_equal(param_set(&ps, "command", FAULT_ENGINE, err, sizeof err),
		                 0);
		assert_int_equal(
		    param_set(&ps, cases[i].key, cases[i].value, err, sizeof err), 0);
		assert_null(player_create(t, &ps, 1, err, sizeof err));
		if (!strstr(err, cases[i].must_say))
			fail_msg("%s=%s: '%s' lacks '%s'", cases[i].key, cases[i].value,
			         err, cases[i].must_say);
	}
}

/* An external player in an INI file: text values read, written back whole,
 * and an over-long one refused naming the parameter. */
static void ini_file_with_external_players(void **state)
{
	(void)state;
	char path[128];
	snprintf(path, sizeof path, "%s/ext.ini", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f,
	        "[tournament]\nnodes = 2000\n\n[player ab]\ntype = external\n"
	        "command = \"%s/pbrain-alphabeta\" --nodes 2000\ntimeout_turn = 2000\n"
	        "info = folder /tmp; evaluate 1,2\n\n[player w]\ntype = weighted\n",
	        PBRAIN_DIR);
	fclose(f);
	static Tournament t;
	char err[512];
	if (config_load(path, &t, err, sizeof err) < 0)
		fail_msg("%s", err);
	const PlayerSpec *p = &t.players[config_find_player(&t, "ab")];
	assert_string_equal(p->type->name, "external");
	char want[PARAM_TEXT_MAX];
	snprintf(want, sizeof want, "\"%s/pbrain-alphabeta\" --nodes 2000", PBRAIN_DIR);
	assert_string_equal(param_text(&p->params, param_find(&p->params, "command")),
	                    want);
	assert_string_equal(param_text(&p->params, param_find(&p->params, "info")),
	                    "folder /tmp; evaluate 1,2");
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	assert_int_equal(config_write(&t, m), 0);
	fclose(m);
	char line[PARAM_TEXT_MAX + 16];
	snprintf(line, sizeof line, "\ncommand = %s\n", want);
	assert_non_null(strstr(buf, line));
	assert_non_null(strstr(buf, "\ndir = \n"));
	free(buf);
	char big[400];
	memset(big, 'x', 250);
	big[250] = '\0';
	char set[512];
	snprintf(set, sizeof set, "player ab.command=%s", big);
	assert_int_equal(config_override(&t, set, err, sizeof err), -1);
	if (!strstr(err, "command") || !strstr(err, "at most 191"))
		fail_msg("over-long command: '%s'", err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(replies_are_classified),
	    cmocka_unit_test(bad_configurations_are_refused),
	    cmocka_unit_test(ini_file_with_external_players),
	    cmocka_unit_test(lifecycle_leaves_nothing),
	    cmocka_unit_test(commands_are_those_of_a_manager),
	    cmocka_unit_test(faults_lose_with_their_reason),
	    cmocka_unit_test(harmless_quirks_are_no_faults),
	    cmocka_unit_test(match_limit_runs_out),
	    cmocka_unit_test(engine_dies_with_the_arena),
	    cmocka_unit_test(pbrain_engines_play_as_in_process),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
