/* test_board.c - board set-up, play/undo, the incremental hash and
 * patterns, and coordinates. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "diagram.h"
#include "rng.h"
#include "rules.h"

static const int dir_dx[4] = {1, 0, 1, -1}, dir_dy[4] = {0, 1, 1, 1};

static void fail_with_board(const Board *b, const char *what, const char *where)
{
	char pic[DIAGRAM_TEXT_MAX];
	diagram_format(b, board_last(b), pic, sizeof pic);
	print_error("%s: %s (size %d, %s, %d stones, %s to move)\n%s", where, what, b->size,
	            rule_name(b->rule), b->count, b->to_move == BLACK ? "black" : "white",
	            pic);
	fail();
}

/* Fails unless a and b hold the same position and derived state: sides,
 * hash, cells, line words, the move stack, and the patterns and threats of
 * every point (all_points) or of the empty points of the board only. */
static void expect_same(const Board *a, const Board *b, bool all_points, const char *where)
{
	char what[160];
	if (a->size != b->size || a->rule != b->rule || a->to_move != b->to_move ||
	    a->count != b->count) {
		snprintf(what, sizeof what,
		         "size/rule/to_move/count %d/%d/%d/%d vs %d/%d/%d/%d", a->size,
		         (int)a->rule, (int)a->to_move, a->count, b->size, (int)b->rule,
		         (int)b->to_move, b->count);
		fail_with_board(a, what, where);
	}
	if (a->hash != b->hash)
		fail_with_board(a, "hash differs", where);
	if (memcmp(a->cell, b->cell, sizeof a->cell) != 0)
		fail_with_board(a, "cells differ", where);
	if (memcmp(a->line, b->line, sizeof a->line) != 0)
		fail_with_board(a, "line words differ", where);
	if (a->table[0] != b->table[0] || a->table[1] != b->table[1] ||
	    a->combo[0] != b->combo[0] || a->combo[1] != b->combo[1])
		fail_with_board(a, "tables differ", where);
	for (int i = 0; i < a->count; i++)
		if (a->moves[i] != b->moves[i] ||
		    a->prev_to_move[i] != b->prev_to_move[i]) {
			snprintf(what, sizeof what, "move stack differs at ply %d", i);
			fail_with_board(a, what, where);
		}
	for (int p = 0; p < BOARD_CELLS; p++) {
		if (!all_points && a->cell[p] != CELL_EMPTY)
			continue;
		for (int c = 0; c < 2; c++)
			if (a->pat[c][p] != b->pat[c][p] ||
			    a->threat[c][p] != b->threat[c][p]) {
				snprintf(what, sizeof what,
				         "colour %d at x=%d y=%d: pat %04x threat %d vs "
				         "pat %04x threat %d",
				         c, point_x(p), point_y(p), a->pat[c][p],
				         a->threat[c][p], b->pat[c][p], b->threat[c][p]);
				fail_with_board(a, what, where);
			}
	}
}

/* The incremental state must equal a recomputation from the stones. */
static void expect_fresh(const Board *b, const char *where)
{
	Board r = *b;
	board_refresh(&r);
	expect_same(b, &r, false, where);
}

/* ---- set-up ----------------------------------------------------------- */

static void init_rejects_bad_arguments(void **state)
{
	(void)state;
	static const int bad_sizes[] = {4, 21, 0, -1, 100};
	Board b, before;
	memset(&b, 0xA5, sizeof b);
	before = b;
	for (size_t i = 0; i < sizeof bad_sizes / sizeof bad_sizes[0]; i++)
		for (Rule r = RULE_FREESTYLE; r < RULE_COUNT; r++) {
			assert_int_equal(board_init(&b, bad_sizes[i], r), -1);
			assert_memory_equal(&b, &before, sizeof b);
		}
	assert_int_equal(board_init(&b, 15, RULE_COUNT), -1);
	assert_int_equal(board_init(&b, 15, (Rule)-1), -1);
	assert_memory_equal(&b, &before, sizeof b);
}

/* Walks from (x, y) along direction d, forwards (sign 1) or backwards
 * (sign -1): empty points up to the edge, then at least BOARD_PAD walls, all
 * inside the array. */
static void expect_walls_beyond(const Board *b, int x, int y, int d, int sign)
{
	int p = board_point(x, y), dx = sign * dir_dx[d], dy = sign * dir_dy[d], k = 1;
	for (; board_on(b, x + k * dx, y + k * dy); k++) {
		int q = p + sign * k * board_step[d];
		assert_int_equal(q, board_point(x + k * dx, y + k * dy));
		assert_int_equal(b->cell[q], CELL_EMPTY);
	}
	for (int j = 0; j < BOARD_PAD; j++, k++) {
		int q = p + sign * k * board_step[d];
		assert_in_range(q, 0, BOARD_CELLS - 1);
		assert_int_equal(b->cell[q], CELL_WALL);
	}
}

/* Every cell of the padded array: empty on the board (with no shapes, as
 * there are no stones), wall off it. */
static void expect_empty_board(const Board *b)
{
	for (int p = 0; p < BOARD_CELLS; p++) {
		int x = point_x(p), y = point_y(p);
		assert_int_equal(board_point(x, y), p);
		if (!board_on(b, x, y)) {
			assert_int_equal(b->cell[p], CELL_WALL);
			assert_false(board_empty_at(b, p));
			continue;
		}
		assert_int_equal(b->cell[p], CELL_EMPTY);
		assert_true(board_empty_at(b, p));
		for (int c = 0; c < 2; c++) {
			assert_int_equal(b->pat[c][p], 0); /* PAT_NONE in all four */
			assert_int_equal(b->threat[c][p], THREAT_NONE);
		}
		for (int d = 0; d < 4; d++) {
			expect_walls_beyond(b, x, y, d, 1);
			expect_walls_beyond(b, x, y, d, -1);
		}
	}
	assert_false(board_empty_at(b, -1));
	assert_false(board_empty_at(b, BOARD_CELLS));
}

static void init_accepts_every_size(void **state)
{
	(void)state;
	for (int size = BOARD_MIN; size <= BOARD_MAX; size++)
		for (Rule rule = RULE_FREESTYLE; rule < RULE_COUNT; rule++) {
			Board b;
			memset(&b, 0x5A, sizeof b);
			assert_int_equal(board_init(&b, size, rule), 0);
			assert_int_equal(b.size, size);
			assert_int_equal(b.rule, rule);
			assert_int_equal(b.count, 0);
			assert_int_equal(b.to_move, BLACK);
			assert_int_equal(board_last(&b), POINT_NONE);
			assert_false(board_full(&b));
			expect_empty_board(&b);
			expect_fresh(&b, "fresh board");
		}
}

/* ---- play and undo ---------------------------------------------------- */

/* A random empty point, usually next to a stone already on the board so
 * that shapes form; POINT_NONE if the board is full. */
static int random_move(const Board *b, Rng *r)
{
	if (board_full(b))
		return POINT_NONE;
	for (int tries = 0; b->count > 0 && tries < 20 && rng_below(r, 5) != 0; tries++) {
		int from = b->moves[rng_below(r, (uint32_t)b->count)];
		int d = (int)rng_below(r, 4), k = 1 + (int)rng_below(r, 2);
		int x = point_x(from) + (rng_below(r, 2) ? k : -k) * dir_dx[d];
		int y = point_y(from) + (rng_below(r, 2) ? k : -k) * dir_dy[d];
		if (board_on(b, x, y) && b->cell[board_point(x, y)] == CELL_EMPTY)
			return board_point(x, y);
	}
	for (;;) {
		int x = (int)rng_below(r, (uint32_t)b->size);
		int y = (int)rng_below(r, (uint32_t)b->size);
		if (b->cell[board_point(x, y)] == CELL_EMPTY)
			return board_point(x, y);
	}
}

/* board_undo, or board_undo_delta with the delta of the last play. */
static void undo(Board *b, const BoardDelta *delta)
{
	if (delta)
		board_undo_delta(b, &delta[b->count - 1]);
	else
		board_undo(b);
}

/* One game that wanders forward and back: plays (sometimes out of turn,
 * sometimes after changing the side to move), undoes a few plies or all of
 * them, and checks after every step against a refresh and against the copy
 * saved when the board last had that many stones. */
static void wander(Board *saved, BoardDelta *delta, int size, Rule rule, Rng *r)
{
	Board b, fresh;
	assert_int_equal(board_init(&b, size, rule), 0);
	fresh = b;
	saved[0] = b;
	int steps = 2 * size * size + 20;
	for (int step = 0; step < steps; step++) {
		if (b.count == 0 || (!board_full(&b) && rng_below(r, 10) < 7)) {
			/* Not on the empty board, which must end as it began. */
			if (b.count > 0 && rng_below(r, 12) == 0) {
				board_set_to_move(&b, (Color)rng_below(r, 2));
				expect_fresh(&b, "after board_set_to_move");
				saved[b.count] = b;
			}
			int p = random_move(&b, r);
			Color c = b.to_move;
			if (delta) {
				board_play_delta(&b, p, &delta[b.count]);
			} else if (rng_below(r, 4) == 0) {
				c = (Color)rng_below(r, 2);
				board_put(&b, p, c);
			} else {
				board_play(&b, p);
			}
			assert_int_equal(b.cell[p], c + 1);
			assert_int_equal(board_last(&b), p);
			assert_int_equal(b.to_move, c ^ 1);
			expect_fresh(&b, "after play");
			saved[b.count] = b;
		} else {
			int most = b.count < 6 ? b.count : 6;
			int back = rng_below(r, 20) == 0
			               ? b.count
			               : 1 + (int)rng_below(r, (uint32_t)most);
			for (int i = 0; i < back; i++) {
				undo(&b, delta);
				expect_same(&b, &saved[b.count], true, "after undo");
			}
			expect_fresh(&b, "after undo");
		}
	}
	while (b.count > 0) {
		undo(&b, delta);
		expect_same(&b, &saved[b.count], true, "unwinding");
	}
	/* Back to the start, exactly: every pattern of the empty board too. */
	expect_same(&b, &fresh, true, "after undoing everything");
	assert_memory_equal(b.pat, fresh.pat, sizeof b.pat);
	assert_memory_equal(b.threat, fresh.threat, sizeof b.threat);
}

/* Ten wandering games per rule and size, with board_undo (delta NULL) or
 * with the deltas. */
static void wander_all(BoardDelta *delta, uint64_t seed)
{
	static const int sizes[] = {5, 6, 9, 15, 20};
	Board *saved = malloc((BOARD_MAX_MOVES + 1) * sizeof *saved);
	assert_non_null(saved);
	Rng r;
	rng_seed(&r, seed);
	for (Rule rule = RULE_FREESTYLE; rule < RULE_COUNT; rule++)
		for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
			for (int game = 0; game < 10; game++)
				wander(saved, delta, sizes[i], rule, &r);
	free(saved);
}

static void play_undo_random_games(void **state)
{
	(void)state;
	wander_all(NULL, 42);
}

/* The same walks with the deltas: every play keeps one, every undo puts
 * it back, and the board must be what board_undo would have left. */
static void play_undo_with_deltas(void **state)
{
	(void)state;
	BoardDelta *delta = malloc(BOARD_MAX_MOVES * sizeof *delta);
	assert_non_null(delta);
	wander_all(delta, 43);
	free(delta);
}

/* A delta holds the empty points on the stone's four lines within
 * BOARD_PAD (four under freestyle), each once, with what they were before
 * the play. */
static void delta_lists_the_renewed_points(void **state)
{
	(void)state;
	for (Rule rule = RULE_FREESTYLE; rule < RULE_COUNT; rule++) {
		Board b, before;
		BoardDelta d;
		assert_int_equal(board_init(&b, 15, rule), 0);
		board_play(&b, board_point(7, 7));
		board_play(&b, board_point(8, 7));
		before = b;
		int p = board_point(7, 8);
		board_play_delta(&b, p, &d);
		assert_int_equal(d.point, p);
		/* 8 or 10 points a line, less the two stones on them and the
		 * points off the board (none: (7, 8) is 5 or more from each
		 * edge). */
		int reach = rule == RULE_FREESTYLE ? 4 : 5;
		assert_int_equal(d.n, 4 * 2 * reach - 2);
		for (int i = 0; i < d.n; i++) {
			int q = d.at[i].point, dx = abs(point_x(q) - 7),
			    dy = abs(point_y(q) - 8);
			assert_int_equal(before.cell[q], CELL_EMPTY);
			assert_true(dx <= reach && dy <= reach);
			for (int j = 0; j < i; j++)
				assert_int_not_equal(d.at[j].point, q);
			for (Color c = BLACK; c <= WHITE; c++) {
				assert_int_equal(d.at[i].threat[c], before.threat[c][q]);
				assert_int_equal(d.at[i].pat[c], before.pat[c][q]);
			}
		}
	}
}

/* Straight games to a full board (fives do not stop board_play), checked
 * after every move, then undone in one go. */
static void fill_and_empty(void **state)
{
	(void)state;
	Rng r;
	rng_seed(&r, 7);
	for (Rule rule = RULE_FREESTYLE; rule < RULE_COUNT; rule++)
		for (int size = BOARD_MIN; size <= BOARD_MAX; size += 5) {
			Board b, fresh;
			assert_int_equal(board_init(&b, size, rule), 0);
			fresh = b;
			while (!board_full(&b)) {
				board_play(&b, random_move(&b, &r));
				expect_fresh(&b, "filling");
			}
			assert_int_equal(b.count, size * size);
			while (b.count > 0)
				board_undo(&b);
			expect_same(&b, &fresh, true, "emptied");
			assert_memory_equal(b.pat, fresh.pat, sizeof b.pat);
			assert_memory_equal(b.threat, fresh.threat, sizeof b.threat);
		}
}

/* ---- the hash --------------------------------------------------------- */

static void shuffle(int *a, int n, Rng *r)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)rng_below(r, (uint32_t)i + 1), t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}

/* Plays black[i] and white[i] alternately, black first. */
static void play_alternately(Board *b, const int *black, const int *white, int n)
{
	for (int i = 0; i < n; i++) {
		board_play(b, black[i]);
		board_play(b, white[i]);
	}
}

static void hash_ignores_move_order(void **state)
{
	(void)state;
	Rng r;
	rng_seed(&r, 99);
	for (int trial = 0; trial < 200; trial++) {
		Rule rule = (Rule)rng_below(&r, RULE_COUNT);
		int size = BOARD_MIN + (int)rng_below(&r, BOARD_MAX - BOARD_MIN + 1);
		Board a, b, c;
		assert_int_equal(board_init(&a, size, rule), 0);
		int black[40], white[40],
		    most = size * size / 2 < 40 ? size * size / 2 : 40;
		int n = (int)rng_below(&r, (uint32_t)most + 1);
		for (int i = 0; i < n; i++) {
			black[i] = random_move(&a, &r);
			board_play(&a, black[i]);
			white[i] = random_move(&a, &r);
			board_play(&a, white[i]);
		}
		/* Same stones, each colour's moves in another order. */
		shuffle(black, n, &r);
		shuffle(white, n, &r);
		assert_int_equal(board_init(&b, size, rule), 0);
		play_alternately(&b, black, white, n);
		assert_true(a.hash == b.hash);
		/* Everything else matches too; the move stacks differ by design,
		 * so compare with them hidden. */
		Board a0 = a;
		a0.count = b.count = 0;
		expect_same(&a0, &b, false, "transposed game");

		/* Same stones put without alternation, then the side set. */
		assert_int_equal(board_init(&c, size, rule), 0);
		for (int i = 0; i < n; i++)
			board_put(&c, white[i], WHITE);
		for (int i = 0; i < n; i++)
			board_put(&c, black[i], BLACK);
		if (n > 0)
			assert_int_equal(c.to_move, WHITE);
		board_set_to_move(&c, a.to_move);
		assert_true(a.hash == c.hash);
		expect_fresh(&c, "put position");
	}
}

static void hash_tracks_side_to_move(void **state)
{
	(void)state;
	Board b;
	assert_int_equal(board_init(&b, 15, RULE_RENJU), 0);
	uint64_t h0 = b.hash;
	board_set_to_move(&b, BLACK);
	assert_true(b.hash == h0);
	board_set_to_move(&b, WHITE);
	assert_true(b.hash != h0);
	assert_int_equal(b.to_move, WHITE);
	expect_fresh(&b, "white to move");
	board_set_to_move(&b, WHITE);
	expect_fresh(&b, "white to move twice");
	board_set_to_move(&b, BLACK);
	assert_true(b.hash == h0);

	/* Stones and side both count: the same stone of either colour, with
	 * either side to move, gives four different keys. */
	int p = board_point(7, 7);
	uint64_t keys[4];
	for (int c = 0; c < 2; c++)
		for (int side = 0; side < 2; side++) {
			board_put(&b, p, (Color)c);
			board_set_to_move(&b, (Color)side);
			keys[2 * c + side] = b.hash;
			board_undo(&b);
			assert_true(b.hash == h0);
			assert_int_equal(b.to_move, BLACK);
		}
	for (int i = 0; i < 4; i++) {
		assert_true(keys[i] != h0);
		for (int j = i + 1; j < 4; j++)
			assert_true(keys[i] != keys[j]);
	}
}

/* board_put out of turn, with board_set_to_move between stones; each undo
 * must give back the side to move and hash of the moment before its stone. */
static void put_out_of_turn_and_undo(void **state)
{
	(void)state;
	static const struct {
		int x, y;
		Color c;
		int set_before;
	} seq[] = {
	    {7, 7, BLACK, -1},    {8, 7, BLACK, -1},    {9, 7, WHITE, -1},
	    {6, 6, WHITE, WHITE}, {5, 5, BLACK, BLACK}, {4, 4, BLACK, WHITE},
	    {3, 3, WHITE, -1},    {0, 0, WHITE, BLACK},
	};
	enum { N = sizeof seq / sizeof seq[0] };
	Board b, before[N];
	assert_int_equal(board_init(&b, 15, RULE_STANDARD), 0);
	for (int i = 0; i < N; i++) {
		if (seq[i].set_before >= 0)
			board_set_to_move(&b, (Color)seq[i].set_before);
		before[i] = b;
		board_put(&b, board_point(seq[i].x, seq[i].y), seq[i].c);
		assert_int_equal(b.to_move, seq[i].c ^ 1);
		expect_fresh(&b, "put out of turn");
	}
	for (int i = N - 1; i >= 0; i--) {
		board_undo(&b);
		assert_int_equal(b.to_move, before[i].to_move);
		assert_true(b.hash == before[i].hash);
		expect_same(&b, &before[i], true, "undo of put");
	}
}

/* Every position of a long game has its own key (a collision here would
 * mean a broken key table, not bad luck: 2^-64 per pair). */
static void hash_distinct_along_game(void **state)
{
	(void)state;
	Rng r;
	rng_seed(&r, 5);
	Board b;
	assert_int_equal(board_init(&b, 20, RULE_FREESTYLE), 0);
	static uint64_t keys[BOARD_MAX_MOVES + 1];
	keys[0] = b.hash;
	while (!board_full(&b)) {
		board_play(&b, random_move(&b, &r));
		keys[b.count] = b.hash;
	}
	for (int i = 0; i <= BOARD_MAX_MOVES; i++)
		for (int j = i + 1; j <= BOARD_MAX_MOVES; j++)
			assert_true(keys[i] != keys[j]);
}

/* ---- coordinates ------------------------------------------------------ */

static void coordinates_round_trip(void **state)
{
	(void)state;
	Board b;
	assert_int_equal(board_init(&b, BOARD_MAX, RULE_FREESTYLE), 0);
	static bool used[BOARD_CELLS];
	memset(used, 0, sizeof used);
	for (int y = 0; y < BOARD_MAX; y++)
		for (int x = 0; x < BOARD_MAX; x++) {
			int p = board_point(x, y);
			assert_in_range(p, 0, BOARD_CELLS - 1);
			assert_false(used[p]);
			used[p] = true;
			assert_int_equal(point_x(p), x);
			assert_int_equal(point_y(p), y);
			assert_true(board_on(&b, x, y));
			assert_int_equal(b.cell[p], CELL_EMPTY);
			for (int d = 0; d < 4; d++) {
				int q = board_point(x + dir_dx[d], y + dir_dy[d]);
				assert_int_equal(q - p, board_step[d]);
			}
		}
	for (int i = 0; i < BOARD_MAX; i++) {
		assert_false(board_on(&b, -1, i));
		assert_false(board_on(&b, i, -1));
		assert_false(board_on(&b, BOARD_MAX, i));
		assert_false(board_on(&b, i, BOARD_MAX));
	}
	Board s;
	assert_int_equal(board_init(&s, BOARD_MIN, RULE_FREESTYLE), 0);
	assert_true(board_on(&s, 4, 4));
	assert_false(board_on(&s, 5, 0));
	assert_false(board_on(&s, 0, 5));
	assert_int_equal(s.cell[board_point(5, 0)], CELL_WALL);
}

static void last_and_full(void **state)
{
	(void)state;
	Board b;
	assert_int_equal(board_init(&b, BOARD_MIN, RULE_RENJU), 0);
	assert_int_equal(board_last(&b), POINT_NONE);
	int order[BOARD_MIN * BOARD_MIN], n = 0;
	for (int y = 0; y < BOARD_MIN; y++)
		for (int x = 0; x < BOARD_MIN; x++)
			order[n++] = board_point((x * 2 + y) % BOARD_MIN, y);
	for (int i = 0; i < n; i++) {
		assert_false(board_full(&b));
		assert_true(board_empty_at(&b, order[i]));
		board_play(&b, order[i]);
		assert_false(board_empty_at(&b, order[i]));
		assert_int_equal(board_last(&b), order[i]);
		assert_int_equal(b.count, i + 1);
	}
	assert_true(board_full(&b));
	for (int i = n - 1; i >= 0; i--) {
		assert_int_equal(board_last(&b), order[i]);
		board_undo(&b);
		assert_false(board_full(&b));
		assert_true(board_empty_at(&b, order[i]));
	}
	assert_int_equal(board_last(&b), POINT_NONE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(init_rejects_bad_arguments),
	    cmocka_unit_test(init_accepts_every_size),
	    cmocka_unit_test(coordinates_round_trip),
	    cmocka_unit_test(last_and_full),
	    cmocka_unit_test(hash_tracks_side_to_move),
	    cmocka_unit_test(put_out_of_turn_and_undo),
	    cmocka_unit_test(hash_ignores_move_order),
	    cmocka_unit_test(hash_distinct_along_game),
	    cmocka_unit_test(play_undo_random_games),
	    cmocka_unit_test(play_undo_with_deltas),
	    cmocka_unit_test(delta_lists_the_renewed_points),
	    cmocka_unit_test(fill_and_empty),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
