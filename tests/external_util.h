/* external_util.h - what the tests of external players share: external
 * and built-in players made from key=value pairs, one game played, and
 * checks that nothing is left behind (descriptors, children, processes).
 * Static inline, so that each test program takes what it uses; include it
 * after cmocka.h. */
#ifndef TESTS_EXTERNAL_UTIL_H
#define TESTS_EXTERNAL_UTIL_H

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "game_play.h"
#include "registry.h"

#ifndef FAULT_ENGINE
#error "FAULT_ENGINE (the path of tests/engines/fault.c's program) must be defined"
#endif
#ifndef PBRAIN_DIR
#error "PBRAIN_DIR (the folder of the pbrain-TYPE links) must be defined"
#endif

static inline int fd_count(void)
{
	DIR *d = opendir("/proc/self/fd");
	assert_non_null(d);
	int n = 0;
	while (readdir(d))
		n++;
	closedir(d);
	return n;
}

/* No child left, running or zombie. */
static inline void assert_no_children(void)
{
	int st;
	pid_t r = waitpid(-1, &st, WNOHANG);
	if (r != -1 || errno != ECHILD)
		fail_msg("a child process is left (waitpid gave %ld)", (long)r);
}

/* The parameters of an external player; kv is "key=value" pairs ending in
 * NULL. */
static inline void external_params(ParamSet *ps, const char *command, const char *const *kv)
{
	const PlayerType *t = registry_find("external");
	assert_non_null(t);
	param_defaults(ps, t->params, t->nparams);
	char err[512];
	if (param_set(ps, "command", command, err, sizeof err) < 0)
		fail_msg("%s", err);
	for (int i = 0; kv && kv[i]; i++) {
		char key[64];
		const char *eq = strchr(kv[i], '=');
		snprintf(key, sizeof key, "%.*s", (int)(eq - kv[i]), kv[i]);
		if (param_set(ps, key, eq + 1, err, sizeof err) < 0)
			fail_msg("%s", err);
	}
}

static inline Player *external_of(const ParamSet *ps)
{
	char err[512];
	Player *p = player_create(registry_find("external"), ps, 1, err, sizeof err);
	if (!p)
		fail_msg("%s: %s", param_text(ps, param_find(ps, "command")), err);
	return p;
}

/* An external player; kv is "key=value" pairs ending in NULL. */
static inline Player *external(const char *command, const char *const *kv)
{
	ParamSet ps;
	external_params(&ps, command, kv);
	return external_of(&ps);
}

static inline Player *builtin(const char *type, uint64_t seed)
{
	const PlayerType *t = registry_find(type);
	assert_non_null(t);
	ParamSet ps;
	param_defaults(&ps, t->params, t->nparams);
	char err[256];
	Player *p = player_create(t, &ps, seed, err, sizeof err);
	assert_non_null(p);
	return p;
}

static inline const int16_t *opening3(void)
{
	static int16_t o[3];
	o[0] = (int16_t)board_point(7, 7);
	o[1] = (int16_t)board_point(8, 6);
	o[2] = (int16_t)board_point(5, 9);
	return o;
}

/* One game; the players are destroyed. */
static inline void play(Player *black, Player *white, int opening_len, int max_plies,
                        uint64_t nodes, GameRecord *rec)
{
	GameSetup s = {.size = 15,
	               .rule = RULE_FREESTYLE,
	               .max_plies = max_plies,
	               .opening = opening3(),
	               .opening_len = opening_len};
	s.budget[BLACK].nodes = s.budget[WHITE].nodes = nodes;
	Player *pl[2] = {black, white};
	assert_int_equal(game_play(&s, pl, rec), 0);
	player_destroy(black);
	player_destroy(white);
}

/* A detail goes into a CSV field as it is. */
static inline void assert_csv_safe(const char *detail)
{
	assert_true(strlen(detail) < FAULT_DETAIL_MAX);
	for (const char *c = detail; *c; c++)
		if (*c < 0x20 || *c >= 0x7f || *c == ',' || *c == '"')
			fail_msg("detail '%s' has byte %d", detail, *c);
}

static inline char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	static char buf[16384];
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* The number of lines of text that begin with prefix. */
static inline int lines_with(const char *text, const char *prefix)
{
	int n = 0;
	for (const char *s = text; *s;) {
		n += strncmp(s, prefix, strlen(prefix)) == 0;
		const char *nl = strchr(s, '\n');
		if (!nl)
			break;
		s = nl + 1;
	}
	return n;
}

/* The pid of the last fault engine to start with FAULT_LOG=log, once it has
 * written it (engines start while new_game returns), or 0 after 5 s. */
static inline long engine_pid(const char *log)
{
	for (int k = 0; k < 500; k++) {
		FILE *f = fopen(log, "r");
		char line[256];
		long pid = 0;
		while (f && fgets(line, sizeof line, f))
			if (strncmp(line, "pid ", 4) == 0)
				pid = atol(line + 4);
		if (f)
			fclose(f);
		if (pid > 0)
			return pid;
		nanosleep(&(struct timespec){0, 10000000}, NULL);
	}
	return 0;
}

static inline bool process_gone(long pid)
{
	char path[64], state = 0;
	snprintf(path, sizeof path, "/proc/%ld/stat", pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return true;
	/* pid (comm) state ...: a zombie nobody reaps is gone too. */
	int c, paren = 0;
	while ((c = fgetc(f)) != EOF && !(c == ')' && ++paren))
		;
	if (fscanf(f, " %c", &state) != 1)
		state = 'Z';
	fclose(f);
	return state == 'Z' || state == 'X';
}

#endif
