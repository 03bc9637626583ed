/* test_pbrain.c - the Gomocup engine: scripted sessions through in-memory
 * streams (fmemopen in, open_memstream out), interactive ones through pipes
 * to an engine thread (which also shows every reply is flushed), and the
 * clock's known answers. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "pbrain_test.h"

/* Every type: START, BEGIN, TURN... gives legal moves on distinct points. */
static void begin_and_turns_give_legal_distinct_moves(void **state)
{
	(void)state;
	int n;
	const PlayerType *const *all = registry_all(&n);
	for (int t = 0; t < n; t++) {
		PbrainOptions o = pt_options(all[t]->name, NULL);
		o.nodes = 300;
		/* Four stones each: nobody can have a five yet. */
		char *out =
		    pt_run(&o, "START 15\nBEGIN\nTURN 0,0\nTURN 14,0\nTURN 0,14\nEND\n");
		char *line[PT_MAX_LINES];
		assert_int_equal(pt_lines(out, line), 5);
		assert_string_equal(line[0], "OK");
		int seen[15][15] = {{0}};
		seen[0][0] = seen[14][0] = seen[0][14] = 1;
		for (int i = 1; i < 5; i++) {
			int x, y;
			pt_move(line[i], 15, &x, &y);
			if (seen[x][y]++)
				fail_msg("%s: %s played twice or on the opponent's stone",
				         all[t]->name, line[i]);
		}
		free(out);
	}
}

/* Four in a column, one end blocked: the only win is 7,6. As black (equal
 * counts) and as white (one stone fewer, the opponent with an open four). */
static void board_position_takes_the_win(void **state)
{
	(void)state;
	static const char *const attack[] = {"mode", "attack", NULL};
	static const char *const script[] = {
	    "START 15\nBOARD\n7,7,1\n7,8,1\n7,9,1\n7,10,1\n"
	    "7,11,2\n0,0,2\n14,14,2\n0,14,2\nDONE\nEND\n",
	    "START 15\nBOARD\n12,3,2\n7,7,1\n12,4,2\n7,8,1\n7,11,2\n"
	    "7,9,1\n12,5,2\n7,10,1\n12,6,2\nDONE\nEND\n",
	};
	for (int k = 0; k < 2; k++) {
		PbrainOptions o[2] = {pt_options("weighted", NULL),
		                      pt_options("naive", attack)};
		for (int i = 0; i < 2; i++) {
			char *out = pt_run(&o[i], script[k]), *line[PT_MAX_LINES];
			assert_int_equal(pt_lines(out, line), 2);
			assert_string_equal(line[1], "7,6");
			free(out);
		}
	}
}

static void info_has_no_reply_but_debug_and_about_is_exact(void **state)
{
	(void)state;
	PbrainOptions o = pt_options("weighted", NULL);
	char *out =
	    pt_run(&o, "INFO timeout_turn 1000\nSTART 15\nINFO timeout_match 100000\n"
	               "INFO time_left 50000\nINFO max_memory 83886080\nINFO rule 1\n"
	               "INFO game_type 1\nINFO folder /tmp/x\nINFO evaluate 7,7\n"
	               "INFO no_such_key 5\nINFO\ninfo rule 5\nABOUT\nEND\n");
	/* Only the key no one defines is answered, and only with DEBUG. */
	assert_string_equal(out, "OK\nDEBUG INFO no_such_key ignored: neither a protocol "
	                         "key nor a parameter of weighted\n"
	                         "name=\"pbrain-weighted\", version=\"0.1\", "
	                         "author=\"Gomoku Arena\", country=\"-\"\n");
	free(out);
}

static void bad_input_gets_error_and_the_session_goes_on(void **state)
{
	(void)state;
	PbrainOptions o = pt_options("weighted", NULL);
	char *out =
	    pt_run(&o, "TURN 7,7\nBEGIN\nBOARD\n1,1,1\nDONE\nRESTART\n"
	               "RECTSTART 15,20\nSTART 30\nSTART 4\nSTART x\nRECTSTART 15\n"
	               "START 15\nTURN 99,99\nTURN 7,x\nTURN -1,3\nTURN 7,7\nTURN 7,7\n"
	               "FOO bar\nBOARD\n7,7,1\n7,7,2\nDONE\nBOARD\n20,1,1\nDONE\n"
	               "BOARD\nxyz\nDONE\nBOARD\n1,1,5\nDONE\nTAKEBACK 3,3\nrectstart 9,9\n"
	               "ABOUT\nEND\n");
	char *line[PT_MAX_LINES];
	int n = pt_lines(out, line);
	assert_int_equal(n, 23);
	for (int i = 0; i < 4; i++)
		pt_expect_error(line[i]);
	assert_string_equal(line[4], "ERROR rectangular boards are not supported");
	for (int i = 5; i < 9; i++)
		pt_expect_error(line[i]);
	assert_string_equal(line[9], "OK");
	for (int i = 10; i < 13; i++)
		pt_expect_error(line[i]);
	int x, y;
	pt_move(line[13], 15, &x, &y);
	assert_string_equal(line[14], "ERROR TURN: point 7,7 is occupied");
	assert_string_equal(line[15], "UNKNOWN command 'FOO'");
	for (int i = 16; i < 21; i++)
		pt_expect_error(line[i]);
	assert_non_null(strstr(line[16], "line 2"));
	assert_string_equal(line[21], "OK");
	assert_string_equal(line[22], "name=\"pbrain-weighted\", version=\"0.1\", "
	                              "author=\"Gomoku Arena\", country=\"-\"");
	free(out);
}

/* The same script with LF, CR LF and CR line ends gives the same replies. */
static void line_ends_do_not_matter(void **state)
{
	(void)state;
	const char *ends[] = {"\n", "\r\n", "\r"};
	const char *cmds[] = {"START 15", "BEGIN", "TURN 8,8", "TURN 6,6", "ABOUT", "END"};
	char *first = NULL;
	for (int e = 0; e < 3; e++) {
		char script[256] = "";
		for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
			strcat(script, cmds[i]);
			strcat(script, ends[e]);
		}
		PbrainOptions o = pt_options("random", NULL);
		char *out = pt_run(&o, script);
		char copy[512], *line[PT_MAX_LINES];
		snprintf(copy, sizeof copy, "%s", out);
		assert_int_equal(pt_lines(copy, line), 5);
		if (!first)
			first = out;
		else {
			assert_string_equal(out, first);
			free(out);
		}
	}
	free(first);
}

/* A 10 MB line is refused with one ERROR, outside and inside BOARD. */
static void a_huge_line_is_an_error_not_a_crash(void **state)
{
	(void)state;
	const size_t huge = 10u << 20;
	const char *head = "START 15\nTURN ", *mid = "\nBOARD\n7,7,2\n",
	           *tail = "\nDONE\nTURN 1,1\nABOUT\nEND\n";
	size_t hl = strlen(head), ml = strlen(mid), tl = strlen(tail);
	char *script = malloc(hl + 2 * huge + ml + tl);
	assert_non_null(script);
	memcpy(script, head, hl);
	memset(script + hl, '7', huge);
	memcpy(script + hl + huge, mid, ml);
	memset(script + hl + huge + ml, 'A', huge);
	memcpy(script + hl + 2 * huge + ml, tail, tl);
	PbrainOptions o = pt_options("weighted", NULL);
	char *out = pt_run_len(&o, script, hl + 2 * huge + ml + tl), *line[PT_MAX_LINES];
	assert_int_equal(pt_lines(out, line), 5);
	assert_string_equal(line[0], "OK");
	assert_string_equal(line[1], "ERROR line too long (more than 4095 bytes)");
	assert_string_equal(line[2],
	                    "ERROR BOARD line 2: line too long (more than 4095 bytes)");
	int x, y;
	pt_move(line[3], 15, &x, &y);
	assert_int_equal(strncmp(line[4], "name=", 5), 0);
	free(out);
	free(script);
}

/* A NUL byte would cut the line short for every string function ("TURN
 * 7,7\0garbage" read as a move): the line is refused whole, outside and
 * inside BOARD, and the session goes on. */
static void a_nul_byte_is_an_error_of_its_line(void **state)
{
	(void)state;
	static const char script[] = "START 15\nTURN 7,7\0junk\nBOARD\n7,7,2\0\nDONE\n"
	                             "TURN 1,1\nEND\n";
	PbrainOptions o = pt_options("weighted", NULL);
	char *out = pt_run_len(&o, script, sizeof script - 1), *line[PT_MAX_LINES];
	assert_int_equal(pt_lines(out, line), 4);
	assert_string_equal(line[0], "OK");
	assert_string_equal(line[1], "ERROR a NUL byte in the line");
	assert_string_equal(line[2], "ERROR BOARD line 1: a NUL byte in the line");
	int x, y;
	pt_move(line[3], 15, &x, &y);
	free(out);
}

static void end_stops_and_eof_ends(void **state)
{
	(void)state;
	PbrainOptions o = pt_options("weighted", NULL);
	char *out = pt_run(&o, "START 15\nEND\nBEGIN\nABOUT\n");
	assert_string_equal(out, "OK\n");
	free(out);
	out = pt_run(&o, "start 15\nabout"); /* no line end before EOF */
	assert_int_equal(strncmp(out, "OK\nname=", 8), 0);
	free(out);
}

/* A live engine in a thread, spoken to through pipes. */
typedef struct {
	pthread_t thread;
	PbrainOptions opt;
	FILE *in, *out; /* the engine's ends */
	FILE *cmd;      /* our end of its input */
	int reply_fd;   /* our end of its output */
	int rc;
} Engine;

static void *engine_thread(void *arg)
{
	Engine *e = arg;
	char err[PT_ERR_LEN];
	e->rc = pbrain_run(e->in, e->out, &e->opt, err, sizeof err);
	fclose(e->in);
	fclose(e->out);
	return NULL;
}

static void engine_start(Engine *e, const char *type)
{
	int to[2], from[2];
	e->opt = pt_options(type, NULL);
	e->opt.nodes = 200;
	assert_int_equal(pipe(to), 0);
	assert_int_equal(pipe(from), 0);
	e->in = fdopen(to[0], "r");
	e->cmd = fdopen(to[1], "w");
	e->out = fdopen(from[1], "w");
	e->reply_fd = from[0];
	assert_int_equal(pthread_create(&e->thread, NULL, engine_thread, e), 0);
}

/* Sends one command and returns its one reply line (static buffer); fails
 * if no complete line comes within 20 s, e.g. because it was not flushed. */
static const char *ask(Engine *e, const char *command)
{
	static char line[256];
	fprintf(e->cmd, "%s\r\n", command);
	fflush(e->cmd);
	size_t n = 0;
	for (;;) {
		struct pollfd pfd = {.fd = e->reply_fd, .events = POLLIN};
		if (poll(&pfd, 1, 20000) != 1)
			fail_msg("no reply to '%s'", command);
		char c;
		if (read(e->reply_fd, &c, 1) != 1)
			fail_msg("engine output closed after '%s'", command);
		if (c == '\n')
			break;
		if (n + 1 < sizeof line)
			line[n++] = c;
	}
	line[n] = '\0';
	return line;
}

static int engine_stop(Engine *e)
{
	fprintf(e->cmd, "END\n");
	fclose(e->cmd);
	pthread_join(e->thread, NULL);
	char c;
	assert_int_equal(read(e->reply_fd, &c, 1), 0); /* nothing after END */
	close(e->reply_fd);
	return e->rc;
}

static void takeback_restart_and_play(void **state)
{
	(void)state;
	Engine e;
	engine_start(&e, "weighted");
	char move[32], turn[40];
	int x, y;
	assert_string_equal(ask(&e, "START 15"), "OK");
	snprintf(move, sizeof move, "%s", ask(&e, "BEGIN"));
	pt_move(move, 15, &x, &y);
	snprintf(turn, sizeof turn, "TURN %s", move);
	pt_expect_error(ask(&e, turn)); /* occupied by our own stone */
	const char *r = ask(&e, "TURN 0,0");
	pt_move(r, 15, &x, &y);
	snprintf(turn, sizeof turn, "TAKEBACK %s", r);
	pt_expect_error(ask(&e, "TAKEBACK 0,0")); /* not the last stone */
	assert_string_equal(ask(&e, turn), "OK");
	assert_string_equal(ask(&e, "TAKEBACK 0,0"), "OK");
	pt_move(ask(&e, "TURN 0,0"), 15, &x, &y); /* the point is free again */
	assert_string_equal(ask(&e, "PLAY 3,3"), "3,3");
	pt_expect_error(ask(&e, "PLAY 3,3"));
	assert_string_equal(ask(&e, "RESTART"), "OK");
	snprintf(turn, sizeof turn, "TURN %s", move);
	pt_move(ask(&e, turn), 15, &x, &y); /* RESTART cleared our first stone */
	assert_string_equal(ask(&e, "RESTART"), "OK");
	pt_move(ask(&e, "BEGIN"), 15, &x, &y);
	assert_int_equal(engine_stop(&e), 0);
}

/* A five on the board, or made by TURN, leaves no move to play. */
static void game_over_is_an_error(void **state)
{
	(void)state;
	Engine e;
	engine_start(&e, "weighted");
	assert_string_equal(ask(&e, "START 9"), "OK");
	const char *r =
	    ask(&e, "BOARD\n0,0,2\n1,0,2\n2,0,2\n3,0,2\n4,0,2\n5,5,1\n6,6,1\n7,7,1\n"
	            "8,8,1\nDONE");
	pt_expect_error(r);
	assert_non_null(strstr(r, "five"));
	/* As white (one stone fewer), the engine must block the four. */
	r = ask(&e, "BOARD\n0,0,2\n1,0,2\n2,0,2\n3,0,2\n5,5,1\n6,6,1\n7,7,1\nDONE");
	assert_string_equal(r, "4,0");
	assert_string_equal(ask(&e, "TAKEBACK 4,0"), "OK");
	r = ask(&e, "TURN 4,0");
	pt_expect_error(r);
	assert_non_null(strstr(r, "five"));
	pt_expect_error(ask(&e, "TURN 8,8")); /* still over */
	assert_string_equal(ask(&e, "TAKEBACK 4,0"), "OK");
	assert_string_equal(ask(&e, "TURN 8,8"), "4,0");
	assert_int_equal(engine_stop(&e), 0);
}

static void same_moves_as_in_process_with_a_node_budget(void **state)
{
	(void)state;
	int n;
	const PlayerType *const *all = registry_all(&n);
	for (int t = 0; t < n; t++) {
		PbrainOptions o = pt_options(all[t]->name, NULL);
		o.nodes = 500;
		o.seed = 42;
		char *out = pt_run(&o, "START 15\nBEGIN\nTURN 9,9\nTURN 5,10\nEND\n"),
		     *line[PT_MAX_LINES];
		assert_int_equal(pt_lines(out, line), 4);
		char err[PT_ERR_LEN];
		Player *p = player_create(all[t], &o.params, 42, err, sizeof err);
		assert_non_null(p);
		player_new_game(p, 15, RULE_FREESTYLE);
		Board b;
		board_init(&b, 15, RULE_FREESTYLE);
		const int theirs[2] = {board_point(9, 9), board_point(5, 10)};
		Budget budget = {.nodes = 500};
		for (int i = 0; i < 3; i++) {
			int m = player_choose(p, &b, &budget, NULL), x, y;
			pt_move(line[i + 1], 15, &x, &y);
			if (board_point(x, y) != m)
				fail_msg("%s: move %d is %s, in process %d,%d",
				         all[t]->name, i, line[i + 1], point_x(m),
				         point_y(m));
			board_play(&b, m);
			if (i < 2)
				board_play(&b, theirs[i]);
		}
		player_destroy(p);
		free(out);
	}
}

static bool budget_is(Budget b, int64_t ms, int64_t game_ms, int64_t time_left,
                      int64_t inc_ms)
{
	if (b.ms == ms && b.game_ms == game_ms && b.time_left == time_left &&
	    b.inc_ms == inc_ms && b.nodes == 0 && b.depth == 0)
		return true;
	print_error("budget ms %lld game_ms %lld time_left %lld inc_ms %lld\n",
	            (long long)b.ms, (long long)b.game_ms, (long long)b.time_left,
	            (long long)b.inc_ms);
	return false;
}

/* The clock of a move as INFO gives it, less the overhead of a move
 * (PBRAIN_OVERHEAD_MS, and that for each of the moves to come on the match
 * clock: 18 of them on an empty 15x15 board, 10 at least), but never more
 * than a tenth of timeout_turn. */
static void clock_budget_known_answers(void **state)
{
	(void)state;
	PbrainTimes none = {-1, -1, -1, 0};
	assert_true(budget_is(pbrain_clock_budget(&none, 0, 225), 29970, 0, 0, 0));
	PbrainTimes left = {5000, 180000, 60000, 0};
	assert_true(
	    budget_is(pbrain_clock_budget(&left, 0, 225), 4970, 180000, 60000 - 540, 0));
	/* no time_left: the match less our own thinking */
	PbrainTimes match = {30000, 100000, -1, 0};
	assert_true(
	    budget_is(pbrain_clock_budget(&match, 40000, 24), 29970, 100000, 59700, 0));
	PbrainTimes unlimited = {2000, 0, -1, 0}, endless = {2000, 180000, 2147483647, 0};
	assert_true(budget_is(pbrain_clock_budget(&unlimited, 1e12, 100), 1970, 0, 0, 0));
	assert_true(budget_is(pbrain_clock_budget(&endless, 0, 100), 1970, 0, 0, 0));
	PbrainTimes fast = {0, 0, -1, 0}, out = {1000, 100000, 0, 0};
	assert_true(budget_is(pbrain_clock_budget(&fast, 0, 225), 1, 0, 0, 0));
	assert_true(budget_is(pbrain_clock_budget(&out, 0, 225), 970, 100000, 0, 0));
	/* a short move: a tenth of it kept back, not 30 ms */
	PbrainTimes brief = {50, 0, -1, 0};
	assert_true(budget_is(pbrain_clock_budget(&brief, 0, 225), 45, 0, 0, 0));
	/* time_left without timeout_match is a clock too; the increment */
	PbrainTimes bare = {1000, 0, 4000, 0}, inc = {1000, 60000, 5000, 200};
	assert_true(budget_is(pbrain_clock_budget(&bare, 0, 225), 970, 4000, 3460, 0));
	assert_true(budget_is(pbrain_clock_budget(&inc, 0, 225), 970, 60000, 4460, 200));
	/* little time left: never more than half of it kept back */
	PbrainTimes low = {1000, 60000, 100, 0};
	assert_true(budget_is(pbrain_clock_budget(&low, 0, 225), 970, 60000, 50, 0));
}

/* The match clock decides over a generous timeout_turn: with 100 ms left
 * the engine answers at once, and again on the next move, for which the
 * manager sent no new time_left (the engine keeps its own account). */
static void match_clock_is_honoured(void **state)
{
	(void)state;
	const char *types[] = {"alphabeta", "mcts"};
	for (int t = 0; t < 2; t++) {
		PbrainOptions o = pt_options(types[t], NULL);
		double t0 = clock_ms();
		char *out = pt_run(&o, "START 15\nINFO timeout_turn 30000\n"
		                       "INFO timeout_match 600000\nINFO time_left 100\n"
		                       "BEGIN\nTURN 0,0\nTURN 14,14\nEND\n");
		double spent = clock_ms() - t0;
		char *line[PT_MAX_LINES];
		assert_int_equal(pt_lines(out, line), 4);
		int x, y;
		for (int i = 1; i < 4; i++)
			pt_move(line[i], 15, &x, &y);
		if (spent > 2000)
			fail_msg("%s: %.0f ms for three moves with 100 ms on the clock",
			         types[t], spent);
		free(out);
	}
}

/* Tiny max_memory and a rule change mid-game still give legal moves. */
static void memory_limit_and_rule_change(void **state)
{
	(void)state;
	const char *types[] = {"mcts", "alphabeta"};
	for (int t = 0; t < 2; t++) {
		PbrainOptions o = pt_options(types[t], NULL);
		o.nodes = 300;
		o.verbose = true;
		const char *script =
		    "START 15\nINFO max_memory 1000\nBEGIN\nINFO rule 4\n"
		    "TURN 3,3\nINFO max_memory 0\nINFO rule 0\nTURN 11,11\nEND\n";
		char *out = pt_run(&o, script), *line[PT_MAX_LINES];
		assert_int_equal(pt_lines(out, line), 7);
		for (int i = 1; i < 7; i += 2) {
			assert_int_equal(strncmp(line[i], "MESSAGE depth ", 14), 0);
			int x, y;
			pt_move(line[i + 1], 15, &x, &y);
		}
		free(out);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(begin_and_turns_give_legal_distinct_moves),
	    cmocka_unit_test(board_position_takes_the_win),
	    cmocka_unit_test(info_has_no_reply_but_debug_and_about_is_exact),
	    cmocka_unit_test(bad_input_gets_error_and_the_session_goes_on),
	    cmocka_unit_test(line_ends_do_not_matter),
	    cmocka_unit_test(a_huge_line_is_an_error_not_a_crash),
	    cmocka_unit_test(a_nul_byte_is_an_error_of_its_line),
	    cmocka_unit_test(end_stops_and_eof_ends),
	    cmocka_unit_test(takeback_restart_and_play),
	    cmocka_unit_test(game_over_is_an_error),
	    cmocka_unit_test(same_moves_as_in_process_with_a_node_budget),
	    cmocka_unit_test(clock_budget_known_answers),
	    cmocka_unit_test(match_clock_is_honoured),
	    cmocka_unit_test(memory_limit_and_rule_change),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
