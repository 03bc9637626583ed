/* test_external_proc.c - the process side of external players: the
 * conversation log, the engine's stderr, suspension between moves and the
 * memory limit. The fault engine (tests/engines/fault.c) plays the engine;
 * nothing may be left behind: no descriptor, child or stopped process. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "external_proc.h"
#include "external_util.h"
#include "proc_stat.h"

#include "tmpdir.h"

static int files_in(const char *folder)
{
	DIR *d = opendir(folder);
	assert_non_null(d);
	int n = 0;
	struct dirent *ent;
	while ((ent = readdir(d)))
		n += ent->d_name[0] != '.';
	closedir(d);
	return n;
}

/* Every entry is "ms tag text", ms from the game's start, in order within a
 * game (a game starts with "* new game"); returns the number of games. */
static int check_log_entries(const char *text)
{
	int games = 0;
	double last = 0;
	for (const char *s = text; *s; s = strchr(s, '\n') + 1) {
		double ms;
		char tag, blank;
		if (sscanf(s, "%lf %c%c", &ms, &tag, &blank) != 3 || !strchr("<>!*", tag) ||
		    blank != ' ' || ms < 0)
			fail_msg("log entry '%.*s'", (int)strcspn(s, "\n"), s);
		if (strncmp(strchr(s, tag), "* new game ", 11) == 0) {
			games++;
			last = 0;
		}
		if (ms < last)
			fail_msg("log goes back in time at '%.*s'", (int)strcspn(s, "\n"),
			         s);
		last = ms;
	}
	return games;
}

/* Each of the lines (NULL-terminated) is in text, in this order. */
static void assert_in_order(const char *text, const char *const *lines)
{
	const char *at = text;
	for (int i = 0; lines[i]; i++) {
		const char *hit = strstr(at, lines[i]);
		if (!hit)
			fail_msg("log lacks '%s' after:\n%s", lines[i], at);
		at = hit + strlen(lines[i]);
	}
}

/* With log set, the file gets every line sent and read, the engine's
 * stderr, its start, stops, continues and exit and the fault, timed from
 * the start of the game; a second game appends. Without it, no file is
 * written. */
static void conversation_is_logged(void **state)
{
	(void)state;
	char log[128], log_kv[160], command[PARAM_TEXT_MAX];
	snprintf(log, sizeof log, "%s/engine.log", dir);
	snprintf(log_kv, sizeof log_kv, "log=%s", log);
	snprintf(command, sizeof command, "%s crash 3", FAULT_ENGINE);
	const char *const kv[] = {log_kv, "timeout_turn=1000", "ponder=off", NULL};
	Player *pl[2] = {external(command, kv), builtin("naive", 3)};
	GameSetup s = {.size = 15, .rule = RULE_FREESTYLE};
	s.budget[WHITE].nodes = 1000;
	for (int g = 0; g < 2; g++) {
		GameRecord rec;
		assert_int_equal(game_play(&s, pl, &rec), 0);
		assert_int_equal(rec.reason, END_CRASH);
	}
	player_destroy(pl[0]);
	player_destroy(pl[1]);
	const char *text = slurp(log);
	assert_int_equal(check_log_entries(text), 2);
	static const char *const expect[] = {
	    "* new game 15x15 freestyle\n",
	    "* start pid ",
	    " crash 3\n",
	    "> START 15\n",
	    "< OK\n",
	    "> INFO timeout_turn 1000\n",
	    "> INFO rule 0\n",
	    "> INFO time_left 2147483647\n",
	    "> BEGIN\n",
	    "< 7,7\n",
	    "* stop\n",
	    /* The command is written to the stopped engine, then it is
	     * continued: it wakes once, to its command. */
	    "> INFO time_left ",
	    "> TURN ",
	    "* cont\n",
	    "< ",
	    "* stop\n",
	    "> TURN ",
	    "* cont\n",
	    "! fault: crash at move 3\n",
	    "! fault: exiting with 3\n",
	    "* exit: exit status 3\n",
	    "* fault crash: output closed at ",
	    "* new game 15x15 freestyle\n",
	    "> START 15\n",
	    "* fault crash: ",
	    NULL,
	};
	assert_in_order(text, expect);
	/* No log: nothing written. */
	int files = files_in(dir);
	snprintf(command, sizeof command, "%s good", FAULT_ENGINE);
	GameRecord rec;
	play(external(command, NULL), builtin("naive", 3), 0, 6, 1000, &rec);
	assert_int_equal(rec.reason, END_MAX_PLIES);
	assert_int_equal(files_in(dir), files);
	assert_no_children();
}

static void sleep_ms(long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
	while (nanosleep(&ts, &ts) < 0)
		;
}

/* The state of process pid once it has settled on want (a signal takes a
 * moment to arrive), or whatever it is after a second. */
static char state_of(pid_t pid, char want)
{
	ProcStat st = {.state = '?'};
	for (double t0 = clock_ms(); clock_ms() - t0 < 1000; sleep_ms(2))
		if (proc_stat_read(pid, &st) == 0 && st.state == want)
			break;
	return st.state;
}

/* The number after "key " in the fault engine's log, or -1. */
static double engine_said(const char *log, const char *key)
{
	const char *text = slurp(log);
	char pat[32];
	snprintf(pat, sizeof pat, "%s ", key);
	for (const char *s = text; *s; s = strchr(s, '\n') + 1) {
		if (strncmp(s, pat, strlen(pat)) == 0)
			return atof(s + strlen(pat));
		if (!strchr(s, '\n'))
			break;
	}
	return -1;
}

typedef struct {
	int16_t moves[16];
	double cpu_ms;            /* the engine's CPU time, all game long */
	double between_ms;        /* of which while the opponent was to move */
	double first_ms;          /* of which in the first such wait */
	char state_between;       /* its state in the last such wait */
	char conversation[16384]; /* the arena's log of the game */
} PonderRun;

/* The engine plays 6 moves against naive, which takes opp_ms of wall time
 * (asleep, no CPU) per move, as a slow opponent would. */
static void ponder_run(const char *mode, const char *ponder, long opp_ms, PonderRun *run)
{
	char log[128], conv[160], command[PARAM_TEXT_MAX], kv_ponder[32];
	snprintf(log, sizeof log, "%s/%s-%s.log", dir, mode, ponder);
	snprintf(conv, sizeof conv, "log=%s/%s-%s.conversation", dir, mode, ponder);
	snprintf(command, sizeof command, "%s %s", FAULT_ENGINE, mode);
	snprintf(kv_ponder, sizeof kv_ponder, "ponder=%s", ponder);
	const char *const kv[] = {kv_ponder, conv, NULL};
	setenv("FAULT_LOG", log, 1);
	Player *e = external(command, kv), *o = builtin("naive", 3);
	player_new_game(e, 15, RULE_FREESTYLE); /* the engine starts here */
	unsetenv("FAULT_LOG");
	player_new_game(o, 15, RULE_FREESTYLE);
	pid_t pid = (pid_t)engine_pid(log);
	assert_true(pid > 0);
	Board b;
	board_init(&b, 15, RULE_FREESTYLE);
	run->between_ms = 0;
	for (int k = 0; k < 6; k++) {
		MoveInfo info;
		int m = player_choose(e, &b, &(Budget){0}, &info);
		if (info.fault)
			fail_msg("%s, ponder %s: %s", mode, ponder, info.fault_detail);
		run->moves[2 * k] = (int16_t)m;
		board_play(&b, m);
		ProcStat before, after;
		assert_int_equal(proc_stat_read(pid, &before), 0);
		sleep_ms(opp_ms);
		assert_int_equal(proc_stat_read(pid, &after), 0);
		run->between_ms += after.cpu_ms - before.cpu_ms;
		if (k == 0)
			run->first_ms = after.cpu_ms - before.cpu_ms;
		run->state_between = after.state;
		m = player_choose(o, &b, &(Budget){.nodes = 100}, &info);
		run->moves[2 * k + 1] = (int16_t)m;
		board_play(&b, m);
	}
	player_destroy(e);
	player_destroy(o);
	run->cpu_ms = engine_said(log, "cpu");
	assert_true(run->cpu_ms >= 0);
	snprintf(run->conversation, sizeof run->conversation, "%s", slurp(conv + 4));
	assert_true(process_gone(pid));
	assert_no_children();
}

/* With ponder = off an engine that thinks on the opponent's time is
 * stopped (SIGSTOP) from its move to the next command: it takes no CPU
 * meanwhile and plays the same moves; with ponder = on it spins all along.
 * With ponder = watch (the default) an engine that keeps still is never
 * stopped; one that spins is caught at the next command (its first wait
 * is all it gets) and stopped from then on, as with off. */
static void engines_are_stopped_between_moves(void **state)
{
	(void)state;
	PonderRun good, off, on, watched, caught;
	ponder_run("good", "off", 100, &good);
	ponder_run("ponder", "off", 100, &off);
	ponder_run("ponder", "on", 100, &on);
	ponder_run("good", "watch", 100, &watched);
	ponder_run("ponder", "watch", 100, &caught);
	assert_memory_equal(off.moves, good.moves, 12 * sizeof good.moves[0]);
	assert_memory_equal(on.moves, good.moves, 12 * sizeof good.moves[0]);
	assert_memory_equal(watched.moves, good.moves, 12 * sizeof good.moves[0]);
	assert_memory_equal(caught.moves, good.moves, 12 * sizeof good.moves[0]);
	assert_int_equal(off.state_between, 'T');
	assert_true(on.state_between != 'T');
	assert_non_null(strstr(good.conversation, "* stop\n"));
	/* Watched: the good engine waits for its commands, never stopped. */
	assert_int_equal(watched.state_between, 'S');
	assert_null(strstr(watched.conversation, "* stop\n"));
	assert_null(strstr(watched.conversation, "pondering"));
	if (watched.between_ms > 20)
		fail_msg("the still engine took %.0f ms of CPU between moves",
		         watched.between_ms);
	/* Caught after its first wait (100 ms of spinning), then stopped. */
	static const char *const caught_log[] = {"< 7,7\n",
	                                         "* pondering: ",
	                                         " ms of CPU since its last move; "
	                                         "stopped between moves from now on\n",
	                                         "> TURN ",
	                                         "* cont\n",
	                                         "* stop\n",
	                                         NULL};
	assert_in_order(caught.conversation, caught_log);
	assert_int_equal(caught.state_between, 'T');
	/* CPU time comes in 10 ms ticks, and a loaded machine gives a spinning
	 * process only part of its wall time: the bounds below say "some" and
	 * "none", not how much. */
	if (caught.first_ms < 10 || caught.between_ms - caught.first_ms > 20)
		fail_msg("watched, the pondering engine took %.0f ms of CPU in its first "
		         "wait and %.0f in the five others",
		         caught.first_ms, caught.between_ms - caught.first_ms);
	/* 600 ms of the opponent's time; a clock tick is 10 ms. */
	if (off.between_ms > 20 || off.cpu_ms > 150)
		fail_msg("stopped, the pondering engine took %.0f ms of CPU between "
		         "moves, %.0f in all",
		         off.between_ms, off.cpu_ms);
	if (on.between_ms < 30 || on.cpu_ms < on.between_ms)
		fail_msg("pondering freely, the engine took only %.0f ms of CPU "
		         "between moves, %.0f in all",
		         on.between_ms, on.cpu_ms);
}

/* Destroying a player whose engine is stopped (after its move) ends it
 * politely: it is continued, reads END and writes its last line (its log
 * says so; how long that takes is not asserted: under a sanitizer on a
 * loaded machine the engine's own exit, leak check included, took over
 * 400 ms once). A stopped process group, helper included, is killed and
 * reaped without waiting for the helper's 30 s. */
static void stopped_engines_end_cleanly(void **state)
{
	(void)state;
	char log[128], command[PARAM_TEXT_MAX];
	snprintf(log, sizeof log, "%s/stopped.log", dir);
	snprintf(command, sizeof command, "%s good", FAULT_ENGINE);
	setenv("FAULT_LOG", log, 1);
	static const char *const kv[] = {"ponder=off", NULL};
	Player *e = external(command, kv);
	player_new_game(e, 15, RULE_FREESTYLE);
	unsetenv("FAULT_LOG");
	Board b;
	board_init(&b, 15, RULE_FREESTYLE);
	assert_int_equal(player_choose(e, &b, &(Budget){0}, NULL), board_point(7, 7));
	pid_t pid = (pid_t)engine_pid(log);
	assert_int_equal(state_of(pid, 'T'), 'T');
	player_destroy(e);
	assert_non_null(strstr(slurp(log), "\nEND\ncpu "));
	assert_true(process_gone(pid));

	/* A shell and a helper it started, stopped together, then killed. */
	Proc p;
	proc_init(&p);
	char *const argv[] = {"sh", "-c", "sleep 30 & echo $!; wait", NULL};
	char err[256], line[PROC_LINE_MAX];
	if (proc_start(&p, "/bin/sh", argv, NULL, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_int_equal(proc_read_line(&p, line, clock_ms() + 2000), PROC_OK);
	pid_t helper = (pid_t)atol(line);
	assert_true(helper > 0);
	proc_suspend(&p);
	assert_int_equal(state_of(p.pid, 'T'), 'T');
	assert_int_equal(state_of(helper, 'T'), 'T');
	double t0 = clock_ms();
	proc_kill(&p);
	assert_true(clock_ms() - t0 < 10000);
	assert_true(p.killed);
	char how[64];
	proc_exit_text(&p, how, sizeof how);
	assert_string_equal(how, "killed by signal 9 (SIGKILL)");
	for (t0 = clock_ms(); !process_gone(helper) && clock_ms() - t0 < 2000;)
		sleep_ms(5);
	assert_true(process_gone(helper));
	assert_no_children();
}

/* A write to a child that is gone is PROC_EOF, never the SIGPIPE that
 * would end the arena: the thread's signal mask is as it was, and no
 * SIGPIPE of the write is left pending, whether the caller blocks the
 * signal or not; a SIGPIPE the caller had pending stays so. Both ways:
 * with RWF_NOSIGNAL (where the kernel has it) and with SIGPIPE blocked
 * around the write. */
static void writes_to_a_dead_child_raise_no_sigpipe(void **state)
{
	(void)state;
	sigset_t pipe_set, mask, pending;
	sigemptyset(&pipe_set);
	sigaddset(&pipe_set, SIGPIPE);
	for (int k = 0; k < 6; k++) {
		/* 0: not blocked; 1: blocked; 2: blocked with one pending */
		int caller_blocks = k % 3;
		Proc p;
		proc_init(&p);
		p.nosignal = k < 3;
		char *const argv[] = {"true", NULL};
		char err[256];
		if (proc_start(&p, "/bin/true", argv, NULL, err, sizeof err) < 0)
			fail_msg("%s", err);
		assert_true(proc_wait_exit(&p, clock_ms() + 2000));
		if (caller_blocks)
			pthread_sigmask(SIG_BLOCK, &pipe_set, NULL);
		if (caller_blocks == 2)
			raise(SIGPIPE);
		assert_int_equal(proc_write(&p, "END\n", clock_ms() + 1000), PROC_EOF);
		pthread_sigmask(SIG_BLOCK, NULL, &mask);
		assert_int_equal(sigismember(&mask, SIGPIPE), caller_blocks > 0);
		sigpending(&pending);
		assert_int_equal(sigismember(&pending, SIGPIPE), caller_blocks == 2);
		if (caller_blocks == 2) {
			struct timespec zero = {0, 0};
			assert_int_equal(sigtimedwait(&pipe_set, NULL, &zero), SIGPIPE);
		}
		pthread_sigmask(SIG_UNBLOCK, &pipe_set, NULL);
		proc_kill(&p);
		assert_false(p.killed);
	}
	assert_no_children();
}

/* Commands are written to a stopped engine before it is continued; one
 * longer than the pipe holds continues it, so the write ends in time. */
static void a_stopped_child_gets_a_long_command(void **state)
{
	(void)state;
	Proc p;
	proc_init(&p);
	char *const argv[] = {"sh", "-c", "echo ready; exec cat >/dev/null", NULL};
	char err[256], line[PROC_LINE_MAX];
	if (proc_start(&p, "/bin/sh", argv, NULL, err, sizeof err) < 0)
		fail_msg("%s", err);
	/* Running (not loading, in state D, which a stop waits out). */
	assert_int_equal(proc_read_line(&p, line, clock_ms() + 5000), PROC_OK);
	proc_suspend(&p);
	assert_int_equal(state_of(p.pid, 'T'), 'T');
	enum { LONG = 1 << 20 }; /* 16 times a Linux pipe */
	char *text = malloc(LONG + 1);
	assert_non_null(text);
	memset(text, 'x', LONG);
	text[LONG] = '\0';
	assert_int_equal(proc_write(&p, text, clock_ms() + 5000), PROC_OK);
	free(text);
	assert_false(p.stopped);
	proc_stop(&p, 1000);
	assert_false(p.killed);
	assert_no_children();
}

/* A child that closed its output is waited for until it exits (its
 * stderr still read, so that it can finish) or the deadline passes. */
static void a_child_without_output_is_waited_for(void **state)
{
	(void)state;
	static const struct {
		const char *script;
		double deadline_ms;
		bool exits;
		const char *status;
	} cases[] = {
	    {"exec >&-; sleep 0.2; exit 4", 5000, true, "exit status 4"},
	    {"exec >&-; head -c 300000 /dev/zero | tr '\\0' x >&2; exit 5", 5000, true,
	     "exit status 5"},
	    {"exec >&-; exec sleep 30", 200, false, "killed by signal 9 (SIGKILL)"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		Proc p;
		proc_init(&p);
		char *const argv[] = {"sh", "-c", (char *)cases[i].script, NULL};
		char err[256];
		if (proc_start(&p, "/bin/sh", argv, NULL, err, sizeof err) < 0)
			fail_msg("%s", err);
		double t0 = clock_ms();
		bool exited = proc_wait_exit(&p, t0 + cases[i].deadline_ms);
		double ms = clock_ms() - t0;
		if (exited != cases[i].exits || ms < (i == 1 ? 0 : 150) || ms > 4000)
			fail_msg("'%s': %s after %.0f ms", cases[i].script,
			         exited ? "exited" : "still running", ms);
		proc_kill(&p);
		proc_exit_text(&p, err, sizeof err);
		assert_string_equal(err, cases[i].status);
	}
	assert_no_children();
}

/* An engine whose resident size goes over max_memory loses by memory:
 * caught while it thinks (sampled every few ms) or, for a helper process,
 * once its move is in. Under the limit nothing happens. */
static void memory_over_the_limit_loses(void **state)
{
	(void)state;
	static const struct {
		const char *mode;
		EndReason reason;
		const char *says;
	} cases[] = {
	    {"hog 2", END_MEMORY, " bytes over max_memory 50331648 at "},
	    {"hog-child 2", END_MEMORY,
	     " bytes (process group) over max_memory 50331648 at "},
	    {"good", END_MAX_PLIES, ""},
	};
	static const char *const kv[] = {"max_memory=50331648", "timeout_turn=3000", NULL};
	int fds = fd_count();
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char command[PARAM_TEXT_MAX];
		snprintf(command, sizeof command, "%s %s", FAULT_ENGINE, cases[i].mode);
		GameRecord rec;
		double t0 = clock_ms();
		play(external(command, kv), builtin("naive", 3), 0, 8, 1000, &rec);
		double ms = clock_ms() - t0;
		if (rec.reason != cases[i].reason ||
		    !strstr(rec.fault_detail, cases[i].says))
			fail_msg("%s: %s (%s)", cases[i].mode, game_end_name(rec.reason),
			         rec.fault_detail);
		if (cases[i].reason == END_MEMORY) {
			assert_int_equal(rec.plies, 2);
			assert_int_equal(rec.outcome, RESULT_WHITE_WIN);
			assert_int_equal(rec.fault_color, BLACK);
			assert_true(strncmp(rec.fault_detail, "resident ", 9) == 0);
			assert_true(atol(rec.fault_detail + 9) > 50331648);
		}
		if (ms > 2000) /* well before the time limit */
			fail_msg("%s took %.0f ms", cases[i].mode, ms);
		assert_int_equal(fd_count(), fds);
		assert_no_children();
	}
}

/* An engine that writes more to stderr than a pipe holds is never blocked
 * by it; the tail keeps its last lines; a shell's status is kept. */
static void stderr_is_drained_and_kept(void **state)
{
	(void)state;
	char command[PARAM_TEXT_MAX];
	snprintf(command, sizeof command, "%s spew", FAULT_ENGINE);
	static const char *const kv[] = {"timeout_turn=2000", NULL};
	GameRecord rec;
	play(external(command, kv), builtin("naive", 3), 0, 8, 1000, &rec);
	if (rec.reason != END_MAX_PLIES)
		fail_msg("spew: %s (%s)", game_end_name(rec.reason), rec.fault_detail);

	Proc p;
	proc_init(&p);
	char *const argv[] = {"sh", "-c",
	                      "i=0; while [ $i -lt 20000 ]; do echo \"line $i\" >&2; "
	                      "i=$((i+1)); done; exit 5",
	                      NULL};
	char err[256], tail[40];
	if (proc_start(&p, "/bin/sh", argv, NULL, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_true(proc_wait_exit(&p, clock_ms() + 10000));
	proc_kill(&p);
	assert_false(p.killed);
	proc_exit_text(&p, err, sizeof err);
	assert_string_equal(err, "exit status 5");
	proc_stderr_tail(&p, tail, sizeof tail);
	assert_string_equal(tail, "...line 19997 | line 19998 | line 19999");
	assert_no_children();
}

/* An engine that cannot be started any more (its program is gone) loses
 * by crash, and the detail says why, not how its last process ended.
 * (restart = on: a kept process would play on.) */
static void an_engine_gone_is_a_crash_with_its_cause(void **state)
{
	(void)state;
	char copy[128], cmd[PARAM_TEXT_MAX + 160];
	snprintf(copy, sizeof copy, "%s/engine-copy", dir);
	snprintf(cmd, sizeof cmd, "cp '%s' '%s'", FAULT_ENGINE, copy);
	assert_int_equal(system(cmd), 0);
	snprintf(cmd, sizeof cmd, "%s good", copy);
	static const char *const kv[] = {"restart=on", NULL};
	Player *pl[2] = {external(cmd, kv), builtin("naive", 3)};
	GameSetup s = {.size = 15, .rule = RULE_FREESTYLE, .max_plies = 6};
	s.budget[WHITE].nodes = 1000;
	GameRecord rec;
	assert_int_equal(game_play(&s, pl, &rec), 0);
	assert_int_equal(rec.reason, END_MAX_PLIES);
	assert_int_equal(unlink(copy), 0);
	assert_int_equal(game_play(&s, pl, &rec), 0);
	player_destroy(pl[0]);
	player_destroy(pl[1]);
	assert_int_equal(rec.reason, END_CRASH);
	assert_int_equal(rec.plies, 0);
	if (!strstr(rec.fault_detail, "cannot run '") ||
	    !strstr(rec.fault_detail, "No such file") || strstr(rec.fault_detail, "exit"))
		fail_msg("detail '%s'", rec.fault_detail);
	assert_no_children();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(conversation_is_logged),
	    cmocka_unit_test(engines_are_stopped_between_moves),
	    cmocka_unit_test(stopped_engines_end_cleanly),
	    cmocka_unit_test(writes_to_a_dead_child_raise_no_sigpipe),
	    cmocka_unit_test(a_stopped_child_gets_a_long_command),
	    cmocka_unit_test(a_child_without_output_is_waited_for),
	    cmocka_unit_test(memory_over_the_limit_loses),
	    cmocka_unit_test(stderr_is_drained_and_kept),
	    cmocka_unit_test(an_engine_gone_is_a_crash_with_its_cause),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
