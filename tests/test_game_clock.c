/* test_game_clock.c - the referee's clock (game_play.h): a move over its limit
 * (ms, or what is left of the game clock) by more than the tolerance loses
 * on time with the evidence; the game clock counts down by each move's time
 * and up by the increment, an overrun within the tolerance stays on it, and
 * each move's Budget gets the time left. Scripted players report their own
 * times (as the external type does), so every case but the last is exact;
 * the last checks that a built-in player's time is measured for it. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game_play.h"

enum { SCRIPT_MAX = 16 };

/* A player that takes the first empty point in reading order (no five
 * within the first row: X O X O ...), reports the scripted time of each
 * move (the last entry repeats) and keeps the budgets it was given. A
 * negative entry: it sleeps that many ms and leaves the time to the
 * wrapper. */
typedef struct {
	Player base;
	int n, moves;
	double script[SCRIPT_MAX];
	Budget seen[SCRIPT_MAX];
} Scripted;

static Player *scripted_create(const ParamSet *ps, uint64_t seed, char *err, size_t errlen)
{
	(void)ps;
	(void)seed;
	(void)err;
	(void)errlen;
	Scripted *s = calloc(1, sizeof *s);
	return s ? &s->base : NULL;
}

static void scripted_destroy(Player *p)
{
	free(p);
}

static void scripted_new_game(Player *p, int size, Rule rule)
{
	(void)size;
	(void)rule;
	((Scripted *)p)->moves = 0;
}

static int scripted_choose(Player *p, const Board *pos, const Budget *budget,
                           MoveInfo *info)
{
	Scripted *s = (Scripted *)p;
	int k = s->moves < s->n ? s->moves : s->n - 1;
	if (s->moves < SCRIPT_MAX)
		s->seen[s->moves] = *budget;
	s->moves++;
	double ms = s->n > 0 ? s->script[k] : 0;
	if (ms >= 0) {
		info->ms = ms;
	} else {
		struct timespec t = {0, (long)(-ms * 1e6)};
		nanosleep(&t, NULL);
	}
	for (int y = 0; y < pos->size; y++)
		for (int x = 0; x < pos->size; x++)
			if (board_empty_at(pos, board_point(x, y)))
				return board_point(x, y);
	return POINT_NONE;
}

static const PlayerType scripted_type = {
    .name = "scripted",
    .help = "a test double with scripted move times",
    .budgets = BUDGET_MS | BUDGET_GAME | BUDGET_INC,
    .create = scripted_create,
    .destroy = scripted_destroy,
    .new_game = scripted_new_game,
    .choose = scripted_choose,
};

typedef struct {
	Player *pl[2];
	GameSetup setup;
	GameRecord rec;
} Game;

/* Plays a game of two scripted players (scripts of nb and nw entries)
 * under budget b for both and tolerance tol. */
static Game *play(const double *black, int nb, const double *white, int nw, Budget b,
                  double tol)
{
	Game *g = calloc(1, sizeof *g);
	char err[64];
	ParamSet ps = {0};
	const double *scripts[2] = {black, white};
	int n[2] = {nb, nw};
	for (int c = 0; c < 2; c++) {
		g->pl[c] = player_create(&scripted_type, &ps, 1, err, sizeof err);
		assert_non_null(g->pl[c]);
		Scripted *s = (Scripted *)g->pl[c];
		s->n = n[c];
		memcpy(s->script, scripts[c], sizeof(double) * (size_t)n[c]);
	}
	g->setup = (GameSetup){.size = 15,
	                       .rule = RULE_FREESTYLE,
	                       .max_plies = 14,
	                       .budget = {b, b},
	                       .tolerance = tol};
	assert_int_equal(game_play(&g->setup, g->pl, &g->rec), 0);
	return g;
}

static void done(Game *g)
{
	player_destroy(g->pl[0]);
	player_destroy(g->pl[1]);
	free(g);
}

static const Budget *seen(const Game *g, Color c, int move)
{
	return &((const Scripted *)g->pl[c])->seen[move];
}

static void expect_detail(const Game *g, const char *want)
{
	if (!strstr(g->rec.fault_detail, want))
		fail_msg("detail '%s' lacks '%s'", g->rec.fault_detail, want);
}

/* Nothing times node or depth budgets, however long a move takes. */
static void no_time_limit_no_timeout(void **state)
{
	(void)state;
	static const double slow[] = {5000};
	Game *g = play(slow, 1, slow, 1, (Budget){.nodes = 100, .depth = 2}, 100);
	assert_int_equal(g->rec.reason, END_MAX_PLIES);
	assert_int_equal(g->rec.fault_color, -1);
	done(g);
}

static void per_move_limit(void **state)
{
	(void)state;
	static const double ok[] = {150}, late[] = {150, 150, 151};
	Game *g = play(ok, 1, late, 3, (Budget){.ms = 50}, 100);
	assert_int_equal(g->rec.reason, END_TIMEOUT);
	assert_int_equal(g->rec.outcome, RESULT_BLACK_WIN);
	assert_int_equal(g->rec.fault_color, WHITE);
	assert_int_equal(g->rec.plies, 5); /* white's third move never came */
	expect_detail(g, "move in 151 ms (limit 50 + tolerance 100)");
	assert_string_equal(game_end_name(g->rec.reason), "timeout");
	done(g);
}

/* 1000 ms and 100 a move: black spends 300 a move, so its clock goes
 * 1000, 800, ..., 0, and its sixth move is late; white spends nothing and
 * gains the increment. */
static void game_clock_and_increment(void **state)
{
	(void)state;
	static const double spend[] = {300}, none[] = {0};
	Game *g = play(spend, 1, none, 1, (Budget){.game_ms = 1000, .inc_ms = 100}, 100);
	assert_int_equal(g->rec.reason, END_TIMEOUT);
	assert_int_equal(g->rec.fault_color, BLACK);
	assert_int_equal(g->rec.plies, 10);
	for (int k = 0; k < 6; k++) {
		assert_int_equal(seen(g, BLACK, k)->time_left, 1000 - 200 * k);
		assert_int_equal(seen(g, BLACK, k)->game_ms, 1000);
		assert_int_equal(seen(g, BLACK, k)->inc_ms, 100);
	}
	for (int k = 0; k < 5; k++)
		assert_int_equal(seen(g, WHITE, k)->time_left, 1000 + 100 * k);
	expect_detail(g, "move in 300 ms with 0 ms left on the game clock (1000 + 100 a "
	                 "move; tolerance 100)");
	done(g);
}

/* An overrun within the tolerance is no loss, but stays on the clock: the
 * next move sees no time left and has only what the overrun left of the
 * tolerance. */
static void overrun_stays_on_the_clock(void **state)
{
	(void)state;
	static const double black[] = {560, 0, 50}, white[] = {0};
	Game *g = play(black, 3, white, 1, (Budget){.game_ms = 500}, 100);
	assert_int_equal(g->rec.reason, END_TIMEOUT);
	assert_int_equal(g->rec.fault_color, BLACK);
	assert_int_equal(g->rec.plies, 4);
	assert_int_equal(seen(g, BLACK, 1)->time_left, 0);
	assert_int_equal(seen(g, BLACK, 2)->time_left, 0);
	expect_detail(g, "move in 50 ms with -60 ms left");
	done(g);
	static const double within[] = {560, 0, 40, 0};
	g = play(within, 4, white, 1, (Budget){.game_ms = 500}, 100);
	assert_int_equal(g->rec.reason, END_MAX_PLIES);
	done(g);
}

/* Both limits: the move's own and the clock's, whichever is less. */
static void both_limits(void **state)
{
	(void)state;
	static const double black[] = {90, 90, 90, 90}, white[] = {0};
	/* 50 a move + 100 of tolerance: 90 is in time, but the clock of 200
	 * runs out: 200, 110, 20, -70 (late: 90 > -70 + 100) */
	Game *g = play(black, 4, white, 1, (Budget){.ms = 50, .game_ms = 200}, 100);
	assert_int_equal(g->rec.reason, END_TIMEOUT);
	assert_int_equal(g->rec.plies, 6);
	expect_detail(g, "with -70 ms left");
	done(g);
}

/* Without a tolerance in the setup, the default one. */
static void default_tolerance(void **state)
{
	(void)state;
	static const double in_time[] = {1050}, late[] = {1051};
	Game *g = play(in_time, 1, in_time, 1, (Budget){.ms = 50}, 0);
	assert_int_equal(g->rec.reason, END_MAX_PLIES);
	done(g);
	g = play(in_time, 1, late, 1, (Budget){.ms = 50}, 0);
	assert_int_equal(g->rec.reason, END_TIMEOUT);
	expect_detail(g, "(limit 50 + tolerance 1000)");
	done(g);
}

/* A built-in player's time is measured around its choose: 300 ms of sleep
 * against 20 + 100 is late however the machine is loaded. */
static void measured_time(void **state)
{
	(void)state;
	static const double sleepy[] = {-300}, none[] = {0};
	Game *g = play(sleepy, 1, none, 1, (Budget){.ms = 20}, 100);
	assert_int_equal(g->rec.reason, END_TIMEOUT);
	assert_int_equal(g->rec.fault_color, BLACK);
	assert_int_equal(g->rec.plies, 0);
	assert_true(g->rec.time_ms[BLACK] >= 300);
	expect_detail(g, "(limit 20 + tolerance 100)");
	done(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(no_time_limit_no_timeout),
	    cmocka_unit_test(per_move_limit),
	    cmocka_unit_test(game_clock_and_increment),
	    cmocka_unit_test(overrun_stays_on_the_clock),
	    cmocka_unit_test(both_limits),
	    cmocka_unit_test(default_tolerance),
	    cmocka_unit_test(measured_time),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
