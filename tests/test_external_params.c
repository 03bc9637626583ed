/* test_external_params.c - an external engine given new settings game by
 * game, as the tuner gives them: a kept process takes other INFO lines
 * after RESTART (player_reuse accepts another `info`), `{seed}` in `info`
 * or `command` is the game's seed (in `info` on the kept process, in
 * `command` a fresh process per seed), and a pbrain engine told
 * `INFO seed {seed}` and a parameter plays exactly the games of the
 * in-process player with that seed and parameter, on one process. Nothing
 * is left behind. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "external_util.h"

#include "tmpdir.h"

/* Six plies from the empty board, the engine black, against naive. */
static void six_plies(Player *e)
{
	Player *o = builtin("naive", 3);
	GameSetup s = {.size = 15, .rule = RULE_FREESTYLE, .max_plies = 6};
	Player *pl[2] = {e, o};
	GameRecord rec;
	assert_int_equal(game_play(&s, pl, &rec), 0);
	if (rec.reason != END_MAX_PLIES)
		fail_msg("%s (%s)", game_end_name(rec.reason), rec.fault_detail);
	player_destroy(o);
}

/* The text of the game of the engine's log that begins at its n-th START
 * or RESTART (0-based), up to the next one. */
static const char *game_text(const char *log, int n, char *buf, size_t len)
{
	const char *s = log;
	for (int k = 0; k <= n; k++) {
		const char *a = strstr(s, "START "), *b = strstr(s, "RESTART\n");
		s = a && (!b || a < b) ? a : b;
		if (!s)
			fail_msg("no game %d in\n%s", n, log);
		s += 6;
	}
	const char *a = strstr(s, "START "), *b = strstr(s, "RESTART\n");
	const char *end = a && (!b || a < b) ? a : b ? b : s + strlen(s);
	snprintf(buf, len, "%.*s", (int)(end - s), s);
	return buf;
}

/* After OK, the INFO lines come before the game's first move command. */
static void info_before_move(const char *game, const char *info)
{
	const char *i = strstr(game, info), *m = strstr(game, "BEGIN");
	if (!i || !m || i > m)
		fail_msg("'%s' not before BEGIN in\n%s", info, game);
}

static void reuse_sends_the_new_info_lines_after_restart(void **state)
{
	(void)state;
	char flog[128], command[PARAM_TEXT_MAX], game[4096];
	snprintf(flog, sizeof flog, "%s/info.log", dir);
	snprintf(command, sizeof command, "%s good", FAULT_ENGINE);
	static const char *const kv[3][2] = {
	    {"info=alpha 1", NULL}, {"info=alpha 2; beta 3", NULL}, {"info=", NULL}};
	ParamSet ps[3];
	for (int k = 0; k < 3; k++)
		external_params(&ps[k], command, kv[k]);
	int fds = fd_count();
	setenv("FAULT_LOG", flog, 1);
	Player *e = external_of(&ps[0]);
	for (int g = 0; g < 3; g++) {
		if (g > 0)
			assert_true(player_reuse(e, &ps[g], 1));
		six_plies(e);
	}
	player_destroy(e);
	unsetenv("FAULT_LOG");
	const char *text = slurp(flog);
	assert_int_equal(lines_with(text, "pid "), 1);
	assert_int_equal(lines_with(text, "RESTART"), 2);
	info_before_move(game_text(text, 0, game, sizeof game), "INFO alpha 1\n");
	game_text(text, 1, game, sizeof game);
	info_before_move(game, "INFO alpha 2\nINFO beta 3\n");
	assert_null(strstr(game, "alpha 1"));
	game_text(text, 2, game, sizeof game);
	assert_null(strstr(game, "alpha"));
	assert_null(strstr(game, "beta"));
	assert_int_equal(fd_count(), fds);
	assert_no_children();
}

static void seed_in_info_is_the_games_seed(void **state)
{
	(void)state;
	char flog[128], command[PARAM_TEXT_MAX], game[4096];
	snprintf(flog, sizeof flog, "%s/seed.log", dir);
	snprintf(command, sizeof command, "%s good", FAULT_ENGINE);
	static const char *const kv[] = {"info=seed {seed}; x{seed}y {seed}{seed}", NULL};
	ParamSet ps;
	external_params(&ps, command, kv);
	setenv("FAULT_LOG", flog, 1);
	char err[256];
	Player *e = player_create(registry_find("external"), &ps, 11, err, sizeof err);
	assert_non_null(e);
	six_plies(e);
	assert_true(player_reuse(e, &ps, 18446744073709551615ull));
	six_plies(e);
	player_destroy(e);
	unsetenv("FAULT_LOG");
	const char *text = slurp(flog);
	assert_int_equal(lines_with(text, "pid "), 1);
	info_before_move(game_text(text, 0, game, sizeof game),
	                 "INFO seed 11\nINFO x11y 1111\n");
	info_before_move(game_text(text, 1, game, sizeof game),
	                 "INFO seed 18446744073709551615\nINFO x18446744073709551615y "
	                 "1844674407370955161518446744073709551615\n");
	assert_no_children();
}

/* {seed} in the command: another seed is another command line, so another
 * process; the same seed keeps it. */
static void seed_in_command_needs_a_fresh_process(void **state)
{
	(void)state;
	char flog[128], command[PARAM_TEXT_MAX], err[256];
	snprintf(flog, sizeof flog, "%s/cmd.log", dir);
	snprintf(command, sizeof command, "%s good {seed}", FAULT_ENGINE);
	ParamSet ps;
	external_params(&ps, command, NULL);
	setenv("FAULT_LOG", flog, 1);
	Player *e = player_create(registry_find("external"), &ps, 5, err, sizeof err);
	assert_non_null(e);
	six_plies(e);
	assert_true(player_reuse(e, &ps, 5));
	six_plies(e);
	assert_false(player_reuse(e, &ps, 6));
	player_destroy(e);
	e = player_create(registry_find("external"), &ps, 6, err, sizeof err);
	assert_non_null(e);
	six_plies(e);
	player_destroy(e);
	unsetenv("FAULT_LOG");
	const char *text = slurp(flog);
	assert_int_equal(lines_with(text, "pid "), 2);
	assert_int_equal(lines_with(text, "RESTART"), 1);
	assert_no_children();
}

/* pbrain-weighted told its parameters and the game's seed by INFO, on one
 * process sent RESTART between games, against the in-process weighted
 * made with them: the same moves, game after game. (An engine keeps what
 * INFO set until told otherwise, so every game names every parameter it
 * changes, as the tuner does.) */
static void pbrain_told_by_info_plays_as_in_process(void **state)
{
	(void)state;
	char command[PARAM_TEXT_MAX], err[256];
	snprintf(command, sizeof command, "%s/pbrain-weighted", PBRAIN_DIR);
	static const char *const kv[2][2] = {
	    {"info=seed {seed}; attack 700; defence 1000", NULL},
	    {"info=defence 2200; attack 1300; seed {seed}", NULL}};
	const PlayerType *w = registry_find("weighted");
	Player *e = NULL;
	for (int g = 0; g < 6; g++) {
		uint64_t seed = 1000003ull * (uint64_t)(g + 1);
		ParamSet ps, own;
		external_params(&ps, command, kv[g % 2]);
		param_defaults(&own, w->params, w->nparams);
		if (g % 2 == 0)
			assert_int_equal(param_set(&own, "attack", "700", err, sizeof err),
			                 0);
		else
			assert_int_equal(
			    param_set(&own, "defence", "2200", err, sizeof err), 0);
		if (!e)
			e = player_create(registry_find("external"), &ps, seed, err,
			                  sizeof err);
		else
			assert_true(player_reuse(e, &ps, seed));
		assert_non_null(e);
		Player *in = player_create(w, &own, seed, err, sizeof err);
		GameRecord a, b;
		GameSetup s = {.size = 15,
		               .rule = RULE_FREESTYLE,
		               .opening = opening3(),
		               .opening_len = 1 + g % 3};
		Player *pa[2] = {e, builtin("naive", (uint64_t)g)},
		       *pb[2] = {in, builtin("naive", (uint64_t)g)};
		if (g % 2) { /* the engine white */
			Player *t = pa[0];
			pa[0] = pa[1], pa[1] = t;
			t = pb[0];
			pb[0] = pb[1], pb[1] = t;
		}
		assert_int_equal(game_play(&s, pa, &a), 0);
		assert_int_equal(game_play(&s, pb, &b), 0);
		assert_int_equal(a.fault_color, -1);
		assert_int_equal(a.plies, b.plies);
		assert_memory_equal(a.moves, b.moves, sizeof a.moves[0] * (size_t)a.plies);
		player_destroy(pa[g % 2 ? 0 : 1]);
		player_destroy(pb[0]);
		player_destroy(pb[1]);
	}
	player_destroy(e);
	assert_no_children();
}

/* An engine that floods its output (768 KB of MESSAGE lines a game here)
 * writes at most log_max bytes of lines into a game's log, then one line
 * saying the log was cut; the game goes on unharmed, and the next game's
 * log (the same file, appended) has a cap of its own. */
static void a_games_log_is_capped(void **state)
{
	(void)state;
	enum { CAP = 100000, EVENTS = 8192 };
	char log[128], kv_log[160], kv_max[64], command[PARAM_TEXT_MAX];
	snprintf(log, sizeof log, "%s/flood.log", dir);
	snprintf(kv_log, sizeof kv_log, "log=%s", log);
	snprintf(kv_max, sizeof kv_max, "log_max=%d", CAP);
	snprintf(command, sizeof command, "%s flood 256", FAULT_ENGINE);
	const char *const kv[] = {kv_log, kv_max, NULL};
	int fds = fd_count();
	Player *e = external(command, kv);
	for (int g = 0; g < 2; g++) {
		six_plies(e);
		FILE *f = fopen(log, "r");
		assert_non_null(f);
		fseek(f, 0, SEEK_END);
		long size = ftell(f);
		fclose(f);
		if (size > (long)(g + 1) * (CAP + EVENTS))
			fail_msg("game %d: the log holds %ld bytes (log_max %d)", g, size,
			         CAP);
	}
	player_destroy(e);
	/* The file is larger than slurp reads: count the cut lines by hand. */
	FILE *f = fopen(log, "r");
	assert_non_null(f);
	char line[512];
	int cut = 0, games = 0, floods = 0;
	while (fgets(line, sizeof line, f)) {
		cut += strstr(line, " * log cut: ") != NULL;
		games += strstr(line, " * new game ") != NULL;
		floods += strstr(line, " < MESSAGE flood ") != NULL;
	}
	fclose(f);
	assert_int_equal(games, 2);
	assert_int_equal(cut, 2);
	assert_true(floods > 2 * (CAP / 100)); /* lines up to the cap are kept */
	/* The default caps a game at 16 MB. */
	ParamSet ps;
	external_params(&ps, command, NULL);
	int k = param_find(&ps, "log_max");
	assert_true(k >= 0);
	assert_true(ps.v[k] == 16777216.0);
	assert_int_equal(fd_count(), fds);
	assert_no_children();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(reuse_sends_the_new_info_lines_after_restart),
	    cmocka_unit_test(seed_in_info_is_the_games_seed),
	    cmocka_unit_test(seed_in_command_needs_a_fresh_process),
	    cmocka_unit_test(pbrain_told_by_info_plays_as_in_process),
	    cmocka_unit_test(a_games_log_is_capped),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
