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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "external_util.h"

static char dir[64];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/test_external_proc.XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

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
 * stderr, its start and exit and the fault, timed from the start of the
 * game; a second game appends. Without it, no file is written. */
static void conversation_is_logged(void **state)
{
	(void)state;
	char log[128], log_kv[160], command[PARAM_TEXT_MAX];
	snprintf(log, sizeof log, "%s/engine.log", dir);
	snprintf(log_kv, sizeof log_kv, "log=%s", log);
	snprintf(command, sizeof command, "%s crash 3", FAULT_ENGINE);
	const char *const kv[] = {log_kv, "timeout_turn=1000", NULL};
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
	static const char *const expect[] = {"* new game 15x15 freestyle\n",
	                                     "* start pid ",
	                                     " crash 3\n",
	                                     "> START 15\n",
	                                     "< OK\n",
	                                     "> INFO timeout_turn 1000\n",
	                                     "> INFO rule 0\n",
	                                     "> INFO time_left 2147483647\n",
	                                     "> BEGIN\n",
	                                     "< 7,7\n",
	                                     "> INFO time_left ",
	                                     "> TURN ",
	                                     "> TURN ",
	                                     "! fault: crash at move 3\n",
	                                     "! fault: exiting with 3\n",
	                                     "* exit: exit status 3\n",
	                                     "* fault crash: output closed at ",
	                                     "* new game 15x15 freestyle\n",
	                                     "> START 15\n",
	                                     "* fault crash: ",
	                                     NULL};
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

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(conversation_is_logged),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
