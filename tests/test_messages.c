/* test_messages.c - messages.txt ([tournament] msg, arena/store/messages.h):
 * a game's MessageLog (its lines, bytes outside printable ASCII, the cap
 * of MESSAGE_LOG_MAX bytes), its block in c-gomoku-cli's -msg layout, and
 * the file settled against the games games.csv holds (blocks of jobs not
 * done, a torn block and stray lines dropped, the rest in job order). */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "tmpdir.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "messages.h"
#include "rundir.h"

static void add(MessageLog *log, int ply, const char *s)
{
	message_log_add(log, ply, s, strlen(s));
}

static void a_log_keeps_lines_and_is_capped(void **state)
{
	(void)state;
	MessageLog *log = malloc(sizeof *log);
	message_log_clear(log);
	add(log, 3, "depth 5-12 best:[9;7] val=42");
	message_log_add(log, 4, "a\tb\x01\xff", 6); /* its NUL too */
	assert_false(log->cut);
	const char want[] = "3 depth 5-12 best:[9;7] val=42\n4 a?b???\n";
	assert_int_equal(log->len, strlen(want));
	assert_memory_equal(log->text, want, strlen(want));

	/* Lines up to the cap; the one that does not fit, and every later one
	 * (even a short one), is left out. */
	char line[1000];
	memset(line, 'x', sizeof line - 1);
	line[sizeof line - 1] = '\0';
	while (!log->cut)
		add(log, 99, line);
	size_t full = log->len;
	assert_true(full <= MESSAGE_LOG_MAX && full > MESSAGE_LOG_MAX - 1010);
	add(log, 100, "x");
	assert_int_equal(log->len, full);
	assert_int_equal(log->text[full - 1], '\n');
	message_log_clear(log);
	assert_int_equal(log->len, 0);
	assert_false(log->cut);
	free(log);
}

static void a_block_is_c_gomoku_clis_layout(void **state)
{
	(void)state;
	MessageLog *log = malloc(sizeof *log);
	message_log_clear(log);
	add(log, 3, "Depth 15-25 | Eval 113 | Node 59K");
	add(log, 4, "depth: 5-12 best:[9;7] val=42 time:56ms");
	add(log, 4, "");
	const char *names[2] = {"alpha", "beta"};
	char *b = messages_format(6, names, log);
	assert_string_equal(b, "Game ID: 7\n"
	                       "Engines: alpha x beta\n"
	                       "3) alpha: Depth 15-25 | Eval 113 | Node 59K\n"
	                       "4) beta: depth: 5-12 best:[9;7] val=42 time:56ms\n"
	                       "4) beta: \n" MESSAGES_SEPARATOR "\n");
	free(b);
	/* None kept: the header alone; cut: said so. */
	b = messages_format(0, names, NULL);
	assert_string_equal(b,
	                    "Game ID: 1\nEngines: alpha x beta\n" MESSAGES_SEPARATOR "\n");
	free(b);
	log->cut = true;
	b = messages_format(1, names, log);
	assert_non_null(strstr(
	    b, "4) beta: \n[messages cut at 65536 bytes]\n" MESSAGES_SEPARATOR "\n"));
	free(b);
	free(log);
}

#define SEP MESSAGES_SEPARATOR "\n"

static void settle_keeps_the_done_games_in_job_order(void **state)
{
	(void)state;
	/* Jobs 2, 0, 3 (not done), 1, then a torn block of job 3 again. */
	const char *path =
	    tmpdir_write("messages.txt",
	                 SEP "Game ID: 3\nEngines: a x b\n"
	                     "3) a: two\n" SEP "Game ID: 1\nEngines: a x b\n"
	                     "3) a: zero\n4) b: zero b\n" SEP "Game ID: 4\nEngines: a x b\n"
	                     "3) a: gone\n" SEP "Game ID: 2\nEngines: b x a\n" SEP
	                     "Game ID: 4\nEngines: a x b\n"
	                     "3) a: torn");
	bool done[4] = {true, true, true, false};
	char err[256];
	assert_int_equal(messages_settle(path, done, 4, false, err, sizeof err), 0);
	char *text = rundir_slurp(path);
	assert_string_equal(text,
	                    SEP "Game ID: 1\nEngines: a x b\n3) a: zero\n4) b: zero b\n" SEP
	                        "Game ID: 2\nEngines: b x a\n" SEP
	                        "Game ID: 3\nEngines: a x b\n3) a: two\n" SEP);
	free(text);

	/* Settled again: the same bytes; none done: the separator alone. */
	assert_int_equal(messages_settle(path, done, 4, false, err, sizeof err), 0);
	text = rundir_slurp(path);
	assert_non_null(strstr(text, "3) a: two\n" SEP));
	free(text);
	bool none[4] = {false};
	assert_int_equal(messages_settle(path, none, 4, true, err, sizeof err), 0);
	text = rundir_slurp(path);
	assert_string_equal(text, SEP);
	free(text);

	/* A game number that is no number: an error naming the line. */
	path = tmpdir_write("bad.txt", SEP "Game ID: x\n");
	assert_int_equal(messages_settle(path, done, 4, false, err, sizeof err), -1);
	assert_non_null(strstr(err, "bad.txt:2"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(a_log_keeps_lines_and_is_capped),
	    cmocka_unit_test(a_block_is_c_gomoku_clis_layout),
	    cmocka_unit_test(settle_keeps_the_done_games_in_job_order),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
