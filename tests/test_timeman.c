/* test_timeman.c - the time manager's arithmetic (timeman.h) with known
 * answers: the plan of a move under a limit per move, a game clock and an
 * increment; the soft limit, the prediction and the decision between
 * iterations; the urgency of positions; the budgets made for pbrain (less
 * an overhead) and for the searches that share one move (Swap2). Also the
 * Budget helpers of player.h. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "diagram.h"
#include "timeman.h"

/* The factors every user but a tuned alphabeta plans with. */
static const TimeFactors *defaults(void)
{
	static TimeFactors f;
	f = timeman_factors_default();
	return &f;
}

static void near(double got, double want)
{
	if (fabs(got - want) > 1e-9)
		fail_msg("got %.12g, want %.12g", got, want);
}

static void budget_helpers(void **state)
{
	(void)state;
	assert_false(budget_limited(&(Budget){0}));
	assert_true(budget_limited(&(Budget){.nodes = 1}));
	assert_true(budget_limited(&(Budget){.depth = 1}));
	assert_true(budget_limited(&(Budget){.ms = 1}));
	assert_true(budget_limited(&(Budget){.game_ms = 1}));
	assert_false(budget_limited(&(Budget){.inc_ms = 5, .time_left = 9}));
	near(budget_move_limit(&(Budget){.nodes = 100}), -1);
	near(budget_move_limit(&(Budget){.ms = 50}), 50);
	/* time_left means nothing without a clock */
	near(budget_move_limit(&(Budget){.ms = 50, .time_left = 10}), 50);
	near(budget_move_limit(&(Budget){.ms = 50, .game_ms = 3000, .time_left = 10}), 10);
	near(budget_move_limit(&(Budget){.ms = 50, .game_ms = 3000, .time_left = 90}), 50);
	near(budget_move_limit(&(Budget){.game_ms = 3000, .time_left = 700}), 700);
	near(budget_move_limit(&(Budget){.game_ms = 3000, .time_left = -5}), 0);
}

static void moves_to_go(void **state)
{
	(void)state;
	assert_int_equal(timeman_moves_to_go(defaults(), 225), 18);
	assert_int_equal(timeman_moves_to_go(defaults(), 400), 33);
	assert_int_equal(timeman_moves_to_go(defaults(), 132), 11);
	assert_int_equal(timeman_moves_to_go(defaults(), 131), 10);
	assert_int_equal(timeman_moves_to_go(defaults(), 0), 10);
}

/* Node and depth limits leave the manager off: nothing reads the clock. */
static void no_time_no_plan(void **state)
{
	(void)state;
	TimeMan tm;
	timeman_plan(&tm, &(Budget){.nodes = 20000, .depth = 4}, 225, defaults());
	assert_false(tm.on);
	near(tm.hard, 0);
	assert_false(timeman_hard_up(&tm));
	assert_false(timeman_next_iteration(&tm, 0, 0, 0));
	/* an increment without a clock is no limit */
	timeman_plan(&tm, &(Budget){.inc_ms = 100}, 225, defaults());
	assert_false(tm.on);
}

static void per_move_limit(void **state)
{
	(void)state;
	TimeMan tm;
	timeman_plan(&tm, &(Budget){.ms = 50}, 225, defaults());
	assert_true(tm.on);
	assert_true(tm.spare);
	near(tm.limit, 50);
	near(tm.hard, 50 - 3 - 2.5);
	near(tm.target, tm.hard);
	near(tm.extended, tm.hard);
	timeman_plan(&tm, &(Budget){.ms = 1000}, 10, defaults());
	near(tm.hard, 1000 - 3 - 50);
	/* a tiny limit keeps half of it */
	timeman_plan(&tm, &(Budget){.ms = 4}, 225, defaults());
	near(tm.hard, 2);
	timeman_plan(&tm, &(Budget){.ms = 1}, 225, defaults());
	near(tm.hard, 0.5);
}

static void game_clock(void **state)
{
	(void)state;
	TimeMan tm;
	/* 3 s for the game, 225 empty points: 18 moves to share it, each
	 * with its margin of 3 ms kept aside; no move goes on past six
	 * targets */
	timeman_plan(&tm, &(Budget){.game_ms = 3000, .time_left = 3000}, 225, defaults());
	assert_true(tm.on);
	assert_false(tm.spare);
	near(tm.limit, 3000);
	near(tm.target, (3000.0 - 54) / 18);
	near(tm.extended, 3 * (3000.0 - 54) / 18);
	near(tm.hard, 6 * (3000.0 - 54) / 18);
	/* 50 ms a move binds before the clock does: no time to save */
	timeman_plan(&tm, &(Budget){.ms = 50, .game_ms = 3000, .time_left = 3000}, 225,
	             defaults());
	assert_true(tm.spare);
	near(tm.hard, 44.5);
	near(tm.target, 44.5);
	near(tm.extended, 44.5);
	/* late in the game the clock binds: 200 ms among 10 moves; a critical
	 * move may take up to the move's limit */
	timeman_plan(&tm, &(Budget){.ms = 50, .game_ms = 3000, .time_left = 200}, 100,
	             defaults());
	assert_false(tm.spare);
	near(tm.hard, 44.5);
	near(tm.target, (200.0 - 30) / 10);
	near(tm.extended, 44.5);
	/* nearly out: the margins kept aside are half of what is left, and
	 * the hard stop is six targets */
	timeman_plan(&tm, &(Budget){.game_ms = 3000, .time_left = 20}, 100, defaults());
	near(tm.target, 10.0 / 10);
	near(tm.extended, 3);
	near(tm.hard, 6);
	/* a critical move never takes more than a quarter of the clock */
	timeman_plan(&tm, &(Budget){.game_ms = 3000, .time_left = 400}, 12, defaults());
	near(tm.target, 37);
	near(tm.extended, 100);
	near(tm.hard, 222);
	/* the increment comes back after every move */
	timeman_plan(&tm, &(Budget){.game_ms = 3000, .inc_ms = 100, .time_left = 1000}, 225,
	             defaults());
	near(tm.target, (1000.0 - 54) / 18 + 100);
	near(tm.extended, 250);
	near(tm.hard, 6 * ((1000.0 - 54) / 18 + 100));
	/* but only after the move: an empty clock means a move at once */
	timeman_plan(&tm, &(Budget){.game_ms = 3000, .inc_ms = 100, .time_left = 0}, 225,
	             defaults());
	assert_true(tm.on);
	near(tm.hard, 0);
	near(tm.target, 0);
	near(tm.extended, 0);
}

/* Each factor reaches the plan, the soft limit and the urgency. */
static void tuned_factors(void **state)
{
	(void)state;
	TimeFactors f = timeman_factors_default();
	near(f.empty_per_move, 12);
	near(f.extend, 3);
	near(f.clock_share, 0.25);
	near(f.hard_targets, 6);
	near(f.ease, 0.5);
	near(f.urgency_threat, 0.6);
	near(f.urgency_attack, 0.3);
	/* one move per 7.5 empty points: 30 moves on 225, 17 on 130 */
	f.empty_per_move = 7.5;
	assert_int_equal(timeman_moves_to_go(&f, 225), 30);
	assert_int_equal(timeman_moves_to_go(&f, 130), 17);
	assert_int_equal(timeman_moves_to_go(&f, 60), 10);
	TimeMan tm;
	const Budget clock = {.game_ms = 3000, .time_left = 3000};
	timeman_plan(&tm, &clock, 225, &f);
	near(tm.target, (3000.0 - 90) / 30);
	near(tm.extended, 3 * tm.target);
	/* a larger extension, still within the hard stop (6 targets) and a
	 * quarter of the clock */
	f = timeman_factors_default();
	f.extend = 4;
	timeman_plan(&tm, &clock, 225, &f);
	near(tm.extended, 4 * (3000.0 - 54) / 18);
	near(tm.hard, 6 * (3000.0 - 54) / 18);
	/* the hard stop in targets, which also caps the extension */
	f.hard_targets = 3.5;
	timeman_plan(&tm, &clock, 225, &f);
	near(tm.hard, 3.5 * (3000.0 - 54) / 18);
	near(tm.extended, tm.hard);
	/* the clock's share: 400 ms left, 12 empty, target 37 */
	f = timeman_factors_default();
	f.clock_share = 0.15;
	timeman_plan(&tm, &(Budget){.game_ms = 3000, .time_left = 400}, 12, &f);
	near(tm.extended, 60);
	/* an obvious move's share of the target */
	f.ease = 0.2;
	timeman_plan(&tm, &(Budget){.game_ms = 3000, .time_left = 400}, 12, &f);
	near(timeman_soft(&tm, -1), 37 * 0.2);
	near(timeman_soft(&tm, -0.5), 37 * 0.6);
	near(timeman_soft(&tm, 0), 37);
	/* a per-move limit that binds plans as before, whatever the factors */
	timeman_plan(&tm, &(Budget){.ms = 50}, 225, &f);
	assert_true(tm.spare);
	near(tm.extended, 44.5);
}

static void soft_limit_and_iterations(void **state)
{
	(void)state;
	TimeMan tm;
	timeman_plan(&tm, &(Budget){.game_ms = 3000, .time_left = 400}, 12,
	             defaults()); /* 37 .. 100 */
	near(timeman_soft(&tm, 0), 37);
	near(timeman_soft(&tm, 0.5), 68.5);
	near(timeman_soft(&tm, 1), 100);
	near(timeman_soft(&tm, 7), 100);
	/* an obvious move: down to half a target */
	near(timeman_soft(&tm, -0.5), 27.75);
	near(timeman_soft(&tm, -1), 18.5);
	near(timeman_soft(&tm, -7), 18.5);

	near(timeman_predict(10, 0), 40);
	near(timeman_predict(10, 5), 20);
	near(timeman_predict(10, 10), 15);
	near(timeman_predict(10, 1), 60);

	/* with time to save: only an iteration that should end in time */
	assert_true(timeman_next_iteration(&tm, 0, 10, 27));
	assert_false(timeman_next_iteration(&tm, 0, 10, 28));
	assert_true(timeman_next_iteration(&tm, 1, 10, 90));
	assert_false(timeman_next_iteration(&tm, 1, 10, 91));
	assert_true(timeman_next_iteration(&tm, -1, 10, 8.5));
	assert_false(timeman_next_iteration(&tm, -1, 10, 8.6));
	/* with none: any iteration before the hard stop, however long */
	timeman_plan(&tm, &(Budget){.ms = 50}, 225, defaults()); /* hard 44.5 */
	assert_true(timeman_next_iteration(&tm, 0, 20, 24.5));
	assert_true(timeman_next_iteration(&tm, -1, 20, 1e6));
	assert_true(timeman_next_iteration(&tm, 0, 44.4, 1e6));
	assert_false(timeman_next_iteration(&tm, 1, 44.6, 0));
	assert_false(timeman_next_iteration(&tm, 0, 45, 0));
}

/* time_start: an iteration predicted to end late still starts early in the
 * move, and the move's hard stop comes down to the extended time. */
static void early_iterations_start_anyway(void **state)
{
	(void)state;
	TimeMan tm;
	const Budget clock = {.game_ms = 3000, .time_left = 400};
	timeman_plan(&tm, &clock, 12, defaults()); /* soft 37, extended 100 */
	near(tm.hard, 222);
	assert_false(timeman_next_iteration(&tm, 0, 1, 1e6)); /* start 0: never */
	near(tm.hard, 222);

	TimeFactors f = timeman_factors_default();
	f.start = 0.5;
	timeman_plan(&tm, &clock, 12, &f);
	assert_true(timeman_next_iteration(&tm, 0, 10, 27)); /* in time: as before */
	near(tm.hard, 222);
	assert_false(timeman_next_iteration(&tm, 0, 18.6, 1e6));
	near(tm.hard, 222);
	assert_true(timeman_next_iteration(&tm, 0, 18.4, 1e6));
	near(tm.hard, 100);
	/* the share is of the soft limit of the move's urgency */
	timeman_plan(&tm, &clock, 12, &f);
	assert_true(timeman_next_iteration(&tm, 1, 49, 1e6));
	assert_false(timeman_next_iteration(&tm, 1, 51, 1e6));
	/* a per-move limit with no clock to save for plans as before */
	timeman_plan(&tm, &(Budget){.ms = 50}, 225, &f);
	assert_true(timeman_next_iteration(&tm, 0, 44.4, 1e6));
	near(tm.hard, 44.5);
}

static double urgency_with(const char *diagram, Color to_move, const TimeFactors *f)
{
	Board b;
	char err[128];
	if (diagram_load(&b, 9, RULE_FREESTYLE, to_move, diagram, NULL, err, sizeof err) <
	    0)
		fail_msg("%s", err);
	return timeman_urgency(&b, f);
}

static double urgency_of(const char *diagram, Color to_move)
{
	return urgency_with(diagram, to_move, defaults());
}

static void urgency(void **state)
{
	(void)state;
	static const char quiet[] = ".........\n"
	                            ".........\n"
	                            ".........\n"
	                            "...X.....\n"
	                            "....O....\n"
	                            ".........\n"
	                            ".........\n"
	                            ".........\n"
	                            ".........\n";
	near(urgency_of(quiet, BLACK), 0);
	/* an open three: its side threatens an open four */
	static const char three[] = ".........\n"
	                            ".........\n"
	                            ".........\n"
	                            "..XXX....\n"
	                            "....O....\n"
	                            "....O....\n"
	                            ".........\n"
	                            ".........\n"
	                            ".........\n";
	near(urgency_of(three, WHITE), 0.6);
	near(urgency_of(three, BLACK), 0.3);
	TimeFactors f = timeman_factors_default();
	f.urgency_threat = 0.9;
	f.urgency_attack = 0.1;
	near(urgency_with(three, WHITE, &f), 0.9);
	near(urgency_with(three, BLACK, &f), 0.1);
	near(urgency_with(quiet, BLACK, &f), 0);
	/* a four: the move is forced */
	static const char four[] = ".........\n"
	                           ".........\n"
	                           ".........\n"
	                           ".OXXXX...\n"
	                           "....O....\n"
	                           "....O....\n"
	                           ".........\n"
	                           ".........\n"
	                           ".........\n";
	near(urgency_of(four, WHITE), 0);
	near(urgency_of(four, BLACK), 0);
}

static void reserve_and_split(void **state)
{
	(void)state;
	Budget b = timeman_reserve(&(Budget){.nodes = 7, .ms = 1000}, 225, 30);
	assert_int_equal(b.ms, 970);
	assert_int_equal(b.nodes, 7);
	assert_int_equal(b.game_ms, 0);
	/* a short move keeps back a tenth of it at most */
	b = timeman_reserve(&(Budget){.ms = 100}, 225, 30);
	assert_int_equal(b.ms, 90);
	b = timeman_reserve(&(Budget){.ms = 20}, 225, 30);
	assert_int_equal(b.ms, 18);
	b = timeman_reserve(&(Budget){.ms = 1}, 225, 30);
	assert_int_equal(b.ms, 1);
	/* the clock keeps the overhead of every move to come ... */
	b = timeman_reserve(&(Budget){.ms = 1000, .game_ms = 9000, .time_left = 3000}, 225,
	                    30);
	assert_int_equal(b.time_left, 3000 - 30 * 18);
	assert_int_equal(b.game_ms, 9000);
	/* ... but never more than half of what is left */
	b = timeman_reserve(&(Budget){.game_ms = 9000, .time_left = 1000}, 225, 30);
	assert_int_equal(b.time_left, 500);
	b = timeman_reserve(&(Budget){.nodes = 5}, 225, 30);
	assert_int_equal(b.ms, 0);
	assert_int_equal(b.nodes, 5);

	/* six searches of a 50 ms move: 44.5 / 6 each, no clock */
	b = timeman_split(
	    &(Budget){.nodes = 60, .ms = 50, .game_ms = 3000, .time_left = 3000}, 225, 6);
	assert_int_equal(b.ms, 7);
	assert_int_equal(b.nodes, 60);
	assert_int_equal(b.game_ms, 0);
	assert_int_equal(b.time_left, 0);
	b = timeman_split(&(Budget){.game_ms = 3000, .time_left = 0}, 225, 6);
	assert_int_equal(b.ms, 1);
	b = timeman_split(&(Budget){.depth = 3}, 225, 6);
	assert_int_equal(b.ms, 0);
	assert_int_equal(b.depth, 3);
}

/* A started plan reads the clock. */
static void started(void **state)
{
	(void)state;
	Board b;
	board_init(&b, 15, RULE_FREESTYLE);
	TimeMan tm;
	timeman_start(&tm, &(Budget){.ms = 100000}, &b, defaults());
	assert_true(tm.start > 0);
	assert_true(timeman_elapsed(&tm) >= 0);
	assert_false(timeman_hard_up(&tm));
	timeman_start(&tm, &(Budget){.game_ms = 5, .time_left = 0}, &b, defaults());
	assert_true(timeman_hard_up(&tm));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(budget_helpers),
	    cmocka_unit_test(moves_to_go),
	    cmocka_unit_test(no_time_no_plan),
	    cmocka_unit_test(per_move_limit),
	    cmocka_unit_test(game_clock),
	    cmocka_unit_test(soft_limit_and_iterations),
	    cmocka_unit_test(urgency),
	    cmocka_unit_test(reserve_and_split),
	    cmocka_unit_test(started),
	    cmocka_unit_test(tuned_factors),
	    cmocka_unit_test(early_iterations_start_anyway),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
