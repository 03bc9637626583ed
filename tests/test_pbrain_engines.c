/* test_pbrain_engines.c - every pbrain-TYPE program as a Gomocup manager
 * drives it: one fresh process per case, through pipes, with every command
 * of the protocol and of the Yixin-Board extensions the engines take
 * (SWAP2BOARD, YXBOARD, INFO max_node, max_depth and the rest of INFO),
 * plus the blocks and commands they refuse. Commands that get no reply are
 * followed by ABOUT, whose answer must come next. The peak resident size
 * of a process is held to INFO max_memory: VmHWM of /proc/PID/status, read
 * before END, which counts only what the program touched since exec
 * (wait4's ru_maxrss would count the forking test's own pages too). And
 * START is timed: `ctest -R test_pbrain_engines -V` prints the medians.
 *
 * The programs are looked for in $PBRAIN_DIR, or in ../players from this
 * test's own folder (the build tree's layout). */
#define _GNU_SOURCE /* pipe2 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pbrain_test.h"

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

static const char *const types[] = {"random", "naive", "weighted", "alphabeta", "mcts"};
enum { TYPES = sizeof types / sizeof types[0], REPLY_MS = 30000 };

static char engine_dir[PATH_MAX];

typedef struct {
	pid_t pid;
	int to, from; /* our ends of its stdin and stdout */
	const char *type;
	char buf[8192];
	size_t len; /* bytes of buf read but not yet returned */
} Proc;

static void proc_start(Proc *p, const char *type)
{
	char path[PATH_MAX + 32];
	snprintf(path, sizeof path, "%s/pbrain-%s", engine_dir, type);
	int in[2], out[2];
	assert_int_equal(pipe2(in, O_CLOEXEC), 0);
	assert_int_equal(pipe2(out, O_CLOEXEC), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		execl(path, path, (char *)NULL);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	*p = (Proc){.pid = pid, .to = in[1], .from = out[0], .type = type};
}

static void proc_send(Proc *p, const char *text)
{
	size_t n = strlen(text);
	char *line = malloc(n + 2);
	assert_non_null(line);
	memcpy(line, text, n);
	memcpy(line + n, "\r\n", 2); /* as Piskvork ends lines */
	for (size_t done = 0; done < n + 2;) {
		ssize_t w = write(p->to, line + done, n + 2 - done);
		if (w <= 0)
			fail_msg("pbrain-%s: cannot write '%s'", p->type, text);
		done += (size_t)w;
	}
	free(line);
}

/* The next reply line (static buffer); fails after REPLY_MS without one. */
static const char *proc_reply(Proc *p, const char *after)
{
	static char line[sizeof p->buf];
	for (;;) {
		char *nl = memchr(p->buf, '\n', p->len);
		if (nl) {
			size_t n = (size_t)(nl - p->buf);
			memcpy(line, p->buf, n);
			line[n] = '\0';
			if (n && line[n - 1] == '\r')
				line[n - 1] = '\0';
			memmove(p->buf, nl + 1, p->len - n - 1);
			p->len -= n + 1;
			return line;
		}
		struct pollfd pfd = {.fd = p->from, .events = POLLIN};
		if (p->len == sizeof p->buf || poll(&pfd, 1, REPLY_MS) != 1)
			fail_msg("pbrain-%s: no reply to '%s'", p->type, after);
		ssize_t r = read(p->from, p->buf + p->len, sizeof p->buf - p->len);
		if (r <= 0)
			fail_msg("pbrain-%s: output closed after '%s'", p->type, after);
		p->len += (size_t)r;
	}
}

static const char *ask(Proc *p, const char *command)
{
	proc_send(p, command);
	return proc_reply(p, command);
}

/* Nothing was answered since the last reply: ABOUT's answer comes next. */
static void expect_silence(Proc *p, const char *what)
{
	const char *r = ask(p, "ABOUT");
	char want[64];
	snprintf(want, sizeof want, "name=\"pbrain-%s\"", p->type);
	if (strncmp(r, want, strlen(want)) != 0)
		fail_msg("pbrain-%s: after %s, '%s' instead of ABOUT's answer", p->type,
		         what, r);
}

/* The peak resident size of the running program so far, in KB. */
static long proc_peak_kb(const Proc *p)
{
	char path[64], line[256];
	snprintf(path, sizeof path, "/proc/%d/status", (int)p->pid);
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	long kb = -1;
	while (fgets(line, sizeof line, f))
		if (sscanf(line, "VmHWM: %ld kB", &kb) == 1)
			break;
	fclose(f);
	assert_true(kb > 0);
	return kb;
}

/* Closes its input (after END if say_end) and waits for a clean exit. */
static void proc_finish(Proc *p, bool say_end)
{
	if (say_end)
		proc_send(p, "END");
	close(p->to);
	int status;
	pid_t w;
	while ((w = waitpid(p->pid, &status, 0)) < 0 && errno == EINTR)
		;
	assert_int_equal(w, p->pid);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		fail_msg("pbrain-%s: exit status %d", p->type, status);
	char c;
	assert_int_equal(read(p->from, &c, 1), 0); /* nothing after the last reply */
	close(p->from);
}

static void expect_move(Proc *p, const char *reply, int size, int *x, int *y)
{
	char end;
	if (sscanf(reply, "%d,%d%c", x, y, &end) != 2 || *x < 0 || *y < 0 || *x >= size ||
	    *y >= size)
		fail_msg("pbrain-%s: '%s' is not a move on %dx%d", p->type, reply, size,
		         size);
}

static void expect_prefix(Proc *p, const char *reply, const char *prefix)
{
	if (strncmp(reply, prefix, strlen(prefix)) != 0)
		fail_msg("pbrain-%s: '%s', expected '%s...'", p->type, reply, prefix);
}

/* START, RECTSTART, RESTART, BEGIN, TURN, TAKEBACK, PLAY, every INFO key,
 * ABOUT, END. */
static void the_game_commands(void **state)
{
	(void)state;
	for (int t = 0; t < TYPES; t++) {
		Proc p;
		proc_start(&p, types[t]);
		int x, y;
		expect_prefix(&p, ask(&p, "BEGIN"), "ERROR ");
		assert_string_equal(ask(&p, "START 15"), "OK");
		const char *info[] = {"INFO timeout_turn 200", "INFO timeout_match 100000",
		                      "INFO time_left 90000",  "INFO max_memory 83886080",
		                      "INFO game_type 1",      "INFO rule 1",
		                      "INFO folder /tmp",      "INFO evaluate 7,7",
		                      "INFO max_node 3000",    "INFO max_depth 4",
		                      "INFO time_increment 0", "INFO caution_factor 1",
		                      "INFO thread_num 1",     "INFO thread_split_depth 5",
		                      "INFO hash_size 20",     "INFO pondering 0",
		                      "INFO checkmate 0",      "INFO show_detail 0",
		                      "INFO nbest_sym 0",      "INFO usedatabase 0",
		                      "INFO start_depth 2"};
		for (size_t i = 0; i < sizeof info / sizeof info[0]; i++)
			proc_send(&p, info[i]);
		expect_silence(&p, "INFO");
		char mine[32], cmd[48];
		snprintf(mine, sizeof mine, "%s", ask(&p, "BEGIN"));
		expect_move(&p, mine, 15, &x, &y);
		const char *r = ask(&p, "TURN 0,0");
		expect_move(&p, r, 15, &x, &y);
		snprintf(cmd, sizeof cmd, "TAKEBACK %s", r);
		assert_string_equal(ask(&p, cmd), "OK");
		assert_string_equal(ask(&p, "TAKEBACK 0,0"), "OK");
		snprintf(cmd, sizeof cmd, "TURN %s", mine);
		expect_prefix(&p, ask(&p, cmd), "ERROR "); /* our own stone */
		expect_move(&p, ask(&p, "TURN 14,14"), 15, &x, &y);
		assert_string_equal(ask(&p, "PLAY 0,14"), "0,14");
		assert_string_equal(ask(&p, "RESTART"), "OK");
		assert_string_equal(ask(&p, "RECTSTART 12,12"), "OK");
		expect_move(&p, ask(&p, "TURN 11,11"), 12, &x, &y);
		expect_prefix(&p, ask(&p, "RECTSTART 10,12"), "ERROR ");
		assert_string_equal(ask(&p, "START 20"), "OK");
		expect_move(&p, ask(&p, "BEGIN"), 20, &x, &y);
		proc_finish(&p, true);
	}
}

/* BOARD with fields 1, 2 and 3, YXBOARD, and the field-3 points after. */
static void the_position_blocks(void **state)
{
	(void)state;
	for (int t = 0; t < TYPES; t++) {
		Proc p;
		proc_start(&p, types[t]);
		int x, y;
		assert_string_equal(ask(&p, "START 15"), "OK");
		proc_send(&p, "INFO max_node 2000");
		/* Our four, closed by field 3 on one end and a stone on the
		 * other: no five to take. */
		const char *lines[] = {"BOARD", "7,7,1",  "7,8,1", "7,9,1",   "7,10,1",
		                       "7,6,3", "7,11,2", "0,0,2", "14,14,2", "0,14,2"};
		for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
			proc_send(&p, lines[i]);
		const char *r = ask(&p, "DONE");
		expect_move(&p, r, 15, &x, &y);
		if (x == 7 && y >= 6 && y <= 11)
			fail_msg("pbrain-%s played %s", p.type, r);
		expect_prefix(&p, ask(&p, "TURN 7,6"), "ERROR TURN: point 7,6 is occupied");
		/* YXBOARD: no reply; the position is there for TURN. */
		proc_send(&p, "YXBOARD");
		proc_send(&p, "3,3,3");
		proc_send(&p, "4,4,1");
		proc_send(&p, "DONE");
		expect_silence(&p, "YXBOARD");
		expect_prefix(&p, ask(&p, "TURN 3,3"), "ERROR TURN: point 3,3 is occupied");
		expect_move(&p, ask(&p, "TURN 5,5"), 15, &x, &y);
		assert_false((x == 3 && y == 3) || (x == 4 && y == 4) ||
		             (x == 5 && y == 5));
		proc_finish(&p, true);
	}
}

/* SWAP2BOARD with 0, 3 and 5 stones, each in a fresh process, and a bad
 * one: one reply per block. */
static void the_swap2_opening(void **state)
{
	(void)state;
	for (int t = 0; t < TYPES; t++)
		for (int n = 0; n <= 6; n++) {
			static const char *const stone[] = {"7,7", "8,8", "6,9",
			                                    "9,6", "5,5", "9,9"};
			Proc p;
			proc_start(&p, types[t]);
			assert_string_equal(ask(&p, "START 15"), "OK");
			proc_send(&p, "INFO max_node 1000");
			proc_send(&p, "SWAP2BOARD");
			for (int i = 0; i < n; i++)
				proc_send(&p, stone[i]);
			const char *r = ask(&p, "DONE");
			int x, y, q[6];
			if (n == 0) {
				if (sscanf(r, "%d,%d %d,%d %d,%d", &q[0], &q[1], &q[2],
				           &q[3], &q[4], &q[5]) != 6)
					fail_msg("pbrain-%s: '%s' is not three stones",
					         p.type, r);
			} else if (n == 3 || n == 5) {
				if (strcmp(r, "SWAP") != 0) {
					expect_move(&p, r, 15, &x, &y);
					for (int i = 0; i < n; i++)
						assert_string_not_equal(r, stone[i]);
				}
			} else {
				expect_prefix(&p, r, "ERROR SWAP2BOARD");
			}
			expect_silence(&p, "SWAP2BOARD");
			proc_finish(&p, true);
		}
}

/* Refused: unknown commands, a Yixin-Board block skipped to its DONE, bad
 * input; STOP needs no answer; the end of input ends the program. */
static void refusals_and_the_end_of_input(void **state)
{
	(void)state;
	for (int t = 0; t < TYPES; t++) {
		Proc p;
		proc_start(&p, types[t]);
		expect_prefix(&p, ask(&p, "SUGGEST 7,7"), "UNKNOWN ");
		assert_string_equal(ask(&p, "START 15"), "OK");
		proc_send(&p, "YXBLOCK");
		proc_send(&p, "7,7");
		assert_string_equal(ask(&p, "DONE"), "UNKNOWN command 'YXBLOCK'");
		proc_send(&p, "STOP");
		proc_send(&p, "YXSTOP");
		expect_silence(&p, "STOP");
		expect_prefix(&p, ask(&p, "YXSHOWINFO"), "UNKNOWN ");
		expect_prefix(&p, ask(&p, "TURN 15,15"), "ERROR ");
		expect_prefix(&p, ask(&p, "START 30"), "ERROR ");
		proc_finish(&p, false); /* no END: the end of input */
	}
}

/* The case on the real program: pbrain-alphabeta told INFO
 * max_node 20000 plays alphabeta's in-process moves with that budget. */
static void max_node_plays_the_in_process_moves(void **state)
{
	(void)state;
	const PlayerType *t = registry_find("alphabeta");
	ParamSet ps;
	param_defaults(&ps, t->params, t->nparams);
	char err[PT_ERR_LEN];
	Player *pl = player_create(t, &ps, 1, err, sizeof err);
	assert_non_null(pl);
	player_new_game(pl, 15, RULE_FREESTYLE);
	Board b;
	board_init(&b, 15, RULE_FREESTYLE);
	Budget budget = {.nodes = 20000};
	Proc p;
	proc_start(&p, "alphabeta");
	assert_string_equal(ask(&p, "START 15"), "OK");
	proc_send(&p, "INFO timeout_turn 20000");
	proc_send(&p, "INFO max_node 20000");
	const char *theirs[] = {"8,8", "6,9", "9,5"};
	for (int i = 0; i <= 3; i++) {
		char cmd[32] = "BEGIN";
		if (i) {
			int x, y;
			sscanf(theirs[i - 1], "%d,%d", &x, &y);
			board_play(&b, board_point(x, y));
			snprintf(cmd, sizeof cmd, "TURN %s", theirs[i - 1]);
		}
		int m = player_choose(pl, &b, &budget, NULL);
		char want[16];
		snprintf(want, sizeof want, "%d,%d", point_x(m), point_y(m));
		assert_string_equal(ask(&p, cmd), want);
		board_play(&b, m);
	}
	proc_finish(&p, true);
	player_destroy(pl);
}

/* INFO max_memory 10 MB: a few full-time moves of the engines with tables,
 * and the peak resident size of the whole process stays under it. Under
 * renju, which needs the most pattern tables (both line tables). */
static void max_memory_bounds_the_resident_size(void **state)
{
	(void)state;
	const char *big[] = {"alphabeta", "mcts"};
	for (int t = 0; t < 2; t++) {
		Proc p;
		proc_start(&p, big[t]);
		proc_send(&p, "INFO rule 4");
		assert_string_equal(ask(&p, "START 15"), "OK");
		proc_send(&p, "INFO max_memory 10485760");
		proc_send(&p, "INFO timeout_turn 1000");
		int x, y;
		expect_move(&p, ask(&p, "BEGIN"), 15, &x, &y);
		const char *theirs[] = {"TURN 8,8", "TURN 6,9", "TURN 9,5"};
		for (int i = 0; i < 3; i++)
			expect_move(&p, ask(&p, theirs[i]), 15, &x, &y);
		long kb = proc_peak_kb(&p);
		proc_finish(&p, true);
		print_message("pbrain-%s: peak resident size %ld KB\n", big[t], kb);
		if (!SANITIZED && kb >= 10240)
			fail_msg("pbrain-%s: peak resident size %ld KB, over 10240", big[t],
			         kb);
	}
}

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* START answers OK, every time. The first in a process builds the pattern
 * tables of the rule (about a millisecond each), later ones build nothing:
 * medians of seven processes, from writing START to reading OK, are
 * printed as a measurement (ctest -V), not checked against a bound: the
 * machines that run the tests are shared, and a timed test would fail on a
 * busy one. */
static void start_is_quick(void **state)
{
	(void)state;
	enum { RUNS = 7 };
	const char *before[] = {NULL, "INFO rule 4"};
	for (int t = 0; t < TYPES; t++)
		for (int r = 0; r < 2; r++) {
			double first[RUNS], second[RUNS];
			for (int i = 0; i < RUNS; i++) {
				Proc p;
				proc_start(&p, types[t]);
				if (before[r])
					proc_send(&p, before[r]);
				expect_silence(&p, "INFO"); /* the program is up */
				double t0 = now_ms();
				assert_string_equal(ask(&p, "START 15"), "OK");
				double t1 = now_ms();
				assert_string_equal(ask(&p, "START 15"), "OK");
				second[i] = now_ms() - t1;
				first[i] = t1 - t0;
				proc_finish(&p, true);
			}
			qsort(first, RUNS, sizeof first[0], by_value);
			qsort(second, RUNS, sizeof second[0], by_value);
			print_message(
			    "pbrain-%s%s%s: first START %.2f ms, second %.3f ms\n",
			    types[t], before[r] ? ", " : "", before[r] ? before[r] : "",
			    first[RUNS / 2], second[RUNS / 2]);
		}
}

static int find_engines(void **state)
{
	(void)state;
	const char *env = getenv("PBRAIN_DIR");
	if (env && *env) {
		snprintf(engine_dir, sizeof engine_dir, "%s", env);
	} else {
		char self[PATH_MAX];
		ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
		if (n <= 0)
			return -1;
		self[n] = '\0';
		snprintf(engine_dir, sizeof engine_dir, "%s/../players", dirname(self));
	}
	char path[PATH_MAX + 32];
	snprintf(path, sizeof path, "%s/pbrain-random", engine_dir);
	if (access(path, X_OK) != 0) {
		fprintf(stderr, "no engines in %s (set PBRAIN_DIR)\n", engine_dir);
		return -1;
	}
	signal(SIGPIPE, SIG_IGN);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(the_game_commands),
	    cmocka_unit_test(the_position_blocks),
	    cmocka_unit_test(the_swap2_opening),
	    cmocka_unit_test(refusals_and_the_end_of_input),
	    cmocka_unit_test(max_node_plays_the_in_process_moves),
	    cmocka_unit_test(max_memory_bounds_the_resident_size),
	    cmocka_unit_test(start_is_quick),
	};
	return cmocka_run_group_tests(tests, find_engines, NULL);
}
