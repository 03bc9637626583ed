/* test_wall.c - points blocked inside the board (BOARD field 3).
 *
 * A wall inside the board must read to every line through it exactly as
 * the edge does: whatever lies beyond it is out of reach. The reference
 * here reads each line from the cells, turns everything past the first
 * wall into wall (so the window is one that occurs at an edge, and the
 * table's answer for it is checked against an independent classifier by
 * test_pattern), and asks the table about that window. Boards are built
 * with wall_board_init and changed by board_put and board_undo, so the
 * incremental updates are checked too. Then the players: none ever
 * chooses a wall, and mcts's light position does not list one. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "mcts_pos.h"
#include "moves.h"
#include "registry.h"
#include "rng.h"
#include "wall.h"

static int exact_for(Rule rule, Color c)
{
	return c == BLACK ? rule != RULE_FREESTYLE : rule == RULE_STANDARD;
}

/* The 11-cell window of direction d around the empty point p, with every
 * cell past the first wall (seen from p) a wall. */
static void canonical_window(const Board *b, int p, int d, uint8_t cells[11])
{
	cells[5] = CELL_EMPTY;
	for (int sign = -1; sign <= 1; sign += 2) {
		bool wall = false;
		for (int k = 1; k <= 5; k++) {
			uint8_t c = b->cell[p + sign * k * board_step[d]];
			wall = wall || c == CELL_WALL;
			cells[5 + sign * k] = wall ? CELL_WALL : c;
		}
	}
}

static void expect_patterns(const Board *b, const char *where)
{
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++) {
			int p = board_point(x, y);
			if (b->cell[p] != CELL_EMPTY)
				continue;
			for (int c = 0; c < 2; c++) {
				LinePattern want[4];
				for (int d = 0; d < 4; d++) {
					uint8_t cells[11];
					canonical_window(b, p, d, cells);
					want[d] = pattern_classify(
					    cells, c, exact_for(b->rule, (Color)c));
					if (board_pattern(b, p, (Color)c, d) !=
					    (int)want[d])
						fail_msg(
						    "%s: %d,%d colour %d direction %d: "
						    "%s, expected %s",
						    where, x, y, c, d,
						    pattern_name((LinePattern)board_pattern(
						        b, p, (Color)c, d)),
						    pattern_name(want[d]));
				}
				int renju_black = c == BLACK && b->rule == RULE_RENJU;
				Threat t = pattern_combine(want, renju_black);
				if (board_threat(b, p, (Color)c) != (int)t)
					fail_msg(
					    "%s: %d,%d colour %d: threat %s, expected %s",
					    where, x, y, c,
					    threat_name(
					        (Threat)board_threat(b, p, (Color)c)),
					    threat_name(t));
			}
		}
}

/* A random board: walls strung along a line through random points (as a
 * finished five would be) plus scattered ones, then stones played. */
static int random_walls(Rng *r, int size, int16_t *wall)
{
	static uint8_t taken[BOARD_CELLS];
	memset(taken, 0, sizeof taken);
	int n = 0, lines = (int)rng_below(r, 3);
	static const int dx[4] = {1, 0, 1, -1}, dy[4] = {0, 1, 1, 1};
	for (int l = 0; l < lines; l++) {
		int x = (int)rng_below(r, (uint32_t)size),
		    y = (int)rng_below(r, (uint32_t)size);
		int d = (int)rng_below(r, 4);
		for (int k = 0; k < 5; k++, x += dx[d], y += dy[d]) {
			if (x < 0 || y < 0 || x >= size || y >= size)
				break;
			int p = board_point(x, y);
			if (!taken[p]++)
				wall[n++] = (int16_t)p;
		}
	}
	for (int k = (int)rng_below(r, 8); k > 0; k--) {
		int p = board_point((int)rng_below(r, (uint32_t)size),
		                    (int)rng_below(r, (uint32_t)size));
		if (!taken[p]++)
			wall[n++] = (int16_t)p;
	}
	return n;
}

static void walled_boards_read_like_edges(void **state)
{
	(void)state;
	Rng r;
	rng_seed(&r, 2024);
	for (int round = 0; round < 300; round++) {
		Rule rule = (Rule)(round % RULE_COUNT);
		int size = BOARD_MIN + (int)rng_below(&r, BOARD_MAX - BOARD_MIN + 1);
		int16_t wall[BOARD_MAX_MOVES];
		int n = random_walls(&r, size, wall);
		Board b;
		assert_int_equal(wall_board_init(&b, size, rule, wall, n), 0);
		assert_int_equal(wall_empty_points(&b), size * size - n);
		assert_int_equal(b.count, 0);
		expect_patterns(&b, "walls only");
		/* Stones clustered around the walls, where the lines meet them. */
		int stones = (int)rng_below(&r, (uint32_t)(size * size / 2));
		for (int i = 0; i < stones; i++) {
			int p = n && rng_below(&r, 2)
			            ? wall[rng_below(&r, (uint32_t)n)] +
			                  (int)rng_below(&r, 5) - 2 +
			                  ((int)rng_below(&r, 5) - 2) * BOARD_STRIDE
			            : board_point((int)rng_below(&r, (uint32_t)size),
			                          (int)rng_below(&r, (uint32_t)size));
			if (!board_empty_at(&b, p) || !board_on(&b, point_x(p), point_y(p)))
				continue;
			board_put(&b, p, (Color)rng_below(&r, 2));
		}
		expect_patterns(&b, "after stones");
		assert_int_equal(wall_empty_points(&b), size * size - n - b.count);
		while (b.count > stones / 2)
			board_undo(&b);
		expect_patterns(&b, "after undo");
	}
}

static void bad_walls_are_refused(void **state)
{
	(void)state;
	Board b;
	int16_t off[1] = {(int16_t)board_point(15, 3)};
	assert_int_equal(wall_board_init(&b, 15, RULE_FREESTYLE, off, 1), -1);
	int16_t twice[2] = {(int16_t)board_point(3, 3), (int16_t)board_point(3, 3)};
	assert_int_equal(wall_board_init(&b, 15, RULE_FREESTYLE, twice, 2), -1);
	int16_t none[1] = {POINT_NONE};
	assert_int_equal(wall_board_init(&b, 15, RULE_FREESTYLE, none, 1), -1);
	assert_int_equal(wall_board_init(&b, 4, RULE_FREESTYLE, NULL, 0), -1);
}

/* A wall ends a five: XXXX# has no five point for black on that side. */
static void a_wall_blocks_a_five(void **state)
{
	(void)state;
	Board b;
	int16_t wall[1] = {(int16_t)board_point(7, 7)};
	assert_int_equal(wall_board_init(&b, 15, RULE_FREESTYLE, wall, 1), 0);
	for (int x = 3; x < 7; x++)
		board_put(&b, board_point(x, 7), BLACK);
	assert_int_equal(board_threat(&b, board_point(2, 7), BLACK), THREAT_FIVE);
	assert_int_equal(board_pattern(&b, board_point(2, 7), BLACK, 0), PAT_FIVE);
	/* Beyond the wall a black stone does not join the four. */
	assert_int_not_equal(board_threat(&b, board_point(8, 7), BLACK), THREAT_FIVE);
	assert_int_equal(board_pattern(&b, board_point(8, 7), BLACK, 0), PAT_NONE);
	/* A stone next to the wall on the far side sees nothing through it. */
	board_undo(&b);
	assert_int_equal(board_pattern(&b, board_point(6, 7), BLACK, 0), PAT_FOUR);
}

/* Every player, on boards whose stones surround walls: never a wall. */
static void players_never_choose_a_wall(void **state)
{
	(void)state;
	int nt;
	const PlayerType *const *all = registry_all(&nt);
	Rng r;
	rng_seed(&r, 7);
	for (int t = 0; t < nt; t++)
		for (int round = 0; round < 6; round++) {
			Rule rule = (Rule)(round % RULE_COUNT);
			int size = round < 3 ? 15 : 7;
			/* A ring of walls around the centre, stones around it. */
			int16_t wall[8];
			int n = 0, c = size / 2;
			for (int dy = -1; dy <= 1; dy++)
				for (int dx = -1; dx <= 1; dx++)
					if (dx || dy)
						wall[n++] =
						    (int16_t)board_point(c + dx, c + dy);
			Board b;
			assert_int_equal(wall_board_init(&b, size, rule, wall, n), 0);
			for (int i = 0; i < 2 * round + 2; i++) {
				int p = board_point(c - 2 + (int)rng_below(&r, 5),
				                    c - 2 + (int)rng_below(&r, 5));
				if (moves_playable(&b, p))
					board_play(&b, p);
			}
			ParamSet ps;
			param_defaults(&ps, all[t]->params, all[t]->nparams);
			char err[200];
			Player *p = player_create(all[t], &ps, 3, err, sizeof err);
			assert_non_null(p);
			player_new_game(p, size, rule);
			Budget budget = {.nodes = 2000};
			for (int ply = 0; ply < 6 && wall_empty_points(&b) > 0; ply++) {
				int m = player_choose(p, &b, &budget, NULL);
				if (!board_empty_at(&b, m))
					fail_msg("%s on %dx%d: %d,%d is not empty",
					         all[t]->name, size, size, point_x(m),
					         point_y(m));
				board_play(&b, m);
			}
			player_destroy(p);
		}
}

/* No stones yet and a wall on the centre, where a first move would go:
 * every player, and the candidate list, take another point. */
static void first_move_beside_a_walled_centre(void **state)
{
	(void)state;
	int nt;
	const PlayerType *const *all = registry_all(&nt);
	for (int t = 0; t < nt; t++)
		for (int size = 7; size <= 15; size += 8) {
			int16_t wall[1] = {(int16_t)board_point(size / 2, size / 2)};
			Board b;
			assert_int_equal(wall_board_init(&b, size, RULE_FREESTYLE, wall, 1),
			                 0);
			int16_t list[BOARD_MAX_MOVES];
			int n = moves_near(&b, 2, list);
			assert_int_equal(n, 1);
			assert_true(board_empty_at(&b, list[0]));
			ParamSet ps;
			param_defaults(&ps, all[t]->params, all[t]->nparams);
			char err[200];
			Player *p = player_create(all[t], &ps, 3, err, sizeof err);
			assert_non_null(p);
			player_new_game(p, size, RULE_FREESTYLE);
			Budget budget = {.nodes = 500};
			int m = player_choose(p, &b, &budget, NULL);
			if (!board_empty_at(&b, m))
				fail_msg("%s on %dx%d: %d,%d is not empty", all[t]->name,
				         size, size, point_x(m), point_y(m));
			player_destroy(p);
		}
}

/* mcts's light position: a stone next to a wall does not make the wall a
 * candidate. */
static void mcts_position_does_not_list_walls(void **state)
{
	(void)state;
	int16_t wall[2] = {(int16_t)board_point(7, 7), (int16_t)board_point(8, 7)};
	Board b;
	assert_int_equal(wall_board_init(&b, 15, RULE_FREESTYLE, wall, 2), 0);
	board_put(&b, board_point(5, 5), BLACK);
	static MctsPos s;
	mcts_pos_init(&s, &b);
	mcts_pos_play(&s, board_point(7, 6));
	mcts_pos_play(&s, board_point(9, 8));
	int16_t list[BOARD_MAX_MOVES];
	int n = mcts_pos_candidates(&s, list);
	assert_true(n > 0);
	for (int i = 0; i < n; i++)
		if (list[i] == wall[0] || list[i] == wall[1])
			fail_msg("the wall %d,%d is a candidate", point_x(list[i]),
			         point_y(list[i]));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(walled_boards_read_like_edges),
	    cmocka_unit_test(bad_walls_are_refused),
	    cmocka_unit_test(a_wall_blocks_a_five),
	    cmocka_unit_test(players_never_choose_a_wall),
	    cmocka_unit_test(first_move_beside_a_walled_centre),
	    cmocka_unit_test(mcts_position_does_not_list_walls),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
