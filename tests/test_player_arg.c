/* test_player_arg.c - a player from the command line (player_arg.h), as
 * arena match and arena balance take it, and the scaled budgets of
 * arena balance's games (balance_games.h). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "balance_games.h"
#include "err.h"
#include "player_arg.h"

static void a_type_alone(void **state)
{
	(void)state;
	PlayerSpec p;
	char err[512];
	assert_int_equal(player_arg_parse("alphabeta", "a", &p, err, sizeof err), 0);
	assert_string_equal(p.type->name, "alphabeta");
	assert_string_equal(p.name, "a");
	assert_int_equal(p.budget_set, 0); /* the budget above it applies */
	Budget base = {.nodes = 123};
	assert_true(config_player_budget(&p, base).nodes == 123);
}

static void parameters_and_budget_keys(void **state)
{
	(void)state;
	PlayerSpec p;
	char err[512];
	assert_int_equal(player_arg_parse("alphabeta:ratio=0.25,nodes=800,ms=50", "a", &p,
	                                  err, sizeof err),
	                 0);
	assert_true(p.params.v[param_find(&p.params, "ratio")] == 0.25);
	assert_int_equal(p.budget_set, BUDGET_NODES | BUDGET_MS);
	Budget b = config_player_budget(&p, (Budget){.nodes = 5, .depth = 3});
	assert_true(b.nodes == 800 && b.ms == 50 && b.depth == 0); /* a whole budget */
	assert_int_equal(player_arg_parse("external:command=/bin/true --x,nodes=9", "e", &p,
	                                  err, sizeof err),
	                 0);
	assert_string_equal(param_text(&p.params, param_find(&p.params, "command")),
	                    "/bin/true --x");
}

static void refused(void **state)
{
	(void)state;
	PlayerSpec p;
	char err[512];
	assert_int_equal(player_arg_parse("nosuch", "a", &p, err, sizeof err), ERR_INPUT);
	assert_non_null(strstr(err, "unknown player type 'nosuch'"));
	assert_int_equal(player_arg_parse("alphabeta:ratio", "a", &p, err, sizeof err),
	                 ERR_INPUT);
	assert_string_equal(err, "'ratio': expected key=value");
	assert_int_equal(player_arg_parse("alphabeta:nodes=-1", "a", &p, err, sizeof err),
	                 ERR_INPUT);
	assert_non_null(strstr(err, "'nodes'"));
	assert_int_equal(player_arg_parse("alphabeta:foo=1", "a", &p, err, sizeof err),
	                 ERR_INPUT);
	assert_non_null(strstr(err, "alphabeta: "));
	assert_int_equal(
	    player_arg_parse("alphabeta:ratio=0.5\n", "a", &p, err, sizeof err), ERR_INPUT);
	assert_non_null(strstr(err, "control character"));
}

static void budgets_scaled(void **state)
{
	(void)state;
	Budget b = {.nodes = 300, .depth = 3, .ms = 0, .game_ms = 1000, .inc_ms = 10};
	Budget s = balance_scale(b, 1 + 0.34);
	assert_true(s.nodes == 402 && s.depth == 4 && s.ms == 0 && s.game_ms == 1340 &&
	            s.inc_ms == 13);
	s = balance_scale((Budget){.nodes = 1, .depth = 1}, 0.5);
	assert_true(s.nodes == 1 && s.depth == 1); /* a limit stays a limit */
	s = balance_scale((Budget){.depth = 90}, 2);
	assert_int_equal(s.depth, 100);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(a_type_alone),
	    cmocka_unit_test(parameters_and_budget_keys),
	    cmocka_unit_test(refused),
	    cmocka_unit_test(budgets_scaled),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
