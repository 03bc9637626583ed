/* test_renju_ref.c - renju forbidden points against a slow reference.
 *
 * The reference below reads the stones into a plain 2-D array and decides
 * every question by putting stones on it and counting stones in a row, cell
 * by cell in the four directions. It uses no line table, no threat table and
 * no incremental state, so it and game/rules.c can catch each other's
 * mistakes. It follows the convention of Gomocup's judge (see rules.c):
 *
 *   A black stone on p that makes exactly five wins and is never forbidden.
 *   Otherwise p is forbidden if it makes six or more in a row, or two or
 *   more fours, or two or more real threes. A four is a line with a point
 *   that makes exactly five; a line with two such points is one (straight)
 *   four when they hold the same four stones, else two fours. A three is
 *   real if one empty point e on its line turns it into a straight four
 *   holding p and e, and e, with p on the board, neither makes a five nor
 *   is forbidden (the same question, one stone deeper).
 *
 * Positions come from random games, most moves next to earlier stones so
 * that threes, fours and their recursions are common: 10000 of them (3000
 * under the sanitizers), or GA_RENJU_REF_POSITIONS. */
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
#include "coord.h"
#include "diagram.h"
#include "rng.h"
#include "rules.h"

/* ---- the reference ---------------------------------------------------- */

typedef struct {
	int size;
	uint8_t cell[BOARD_MAX][BOARD_MAX]; /* [y][x]: CELL_EMPTY, _BLACK, _WHITE */
} Grid;

/* What the reference met on its way, to show the positions were not all
 * trivial. */
typedef struct {
	long overline, double_four, double_three; /* forbidden points, by reason */
	long three_false_by_forbidden;            /* straight-four point forbidden */
	long three_false_by_five;                 /* straight-four point makes a five */
	long deepest;                             /* deepest recursion seen */
} RefStats;

static const int ref_dx[4] = {1, 0, 1, -1}, ref_dy[4] = {0, 1, 1, 1};

static int ref_at(const Grid *g, int x, int y)
{
	if (x < 0 || y < 0 || x >= g->size || y >= g->size)
		return CELL_WALL;
	return g->cell[y][x];
}

/* Black stones in the row through (x, y) along d, (x, y) counted as one. */
static int ref_run(const Grid *g, int x, int y, int d)
{
	int n = 1;
	for (int s = -1; s <= 1; s += 2)
		for (int k = 1;
		     ref_at(g, x + s * k * ref_dx[d], y + s * k * ref_dy[d]) == CELL_BLACK;
		     k++)
			n++;
	return n;
}

/* Does black on the empty (x, y) make exactly five in some direction? */
static bool ref_five(const Grid *g, int x, int y)
{
	for (int d = 0; d < 4; d++)
		if (ref_run(g, x, y, d) == 5)
			return true;
	return false;
}

static bool ref_overline(const Grid *g, int x, int y)
{
	for (int d = 0; d < 4; d++)
		if (ref_run(g, x, y, d) >= 6)
			return true;
	return false;
}

/* With black on (x, y): the offsets k along d of the empty points that make
 * exactly five with it. Returns how many (at most 8 are looked at). */
static int ref_five_points(Grid *g, int x, int y, int d, int k_out[8])
{
	int n = 0;
	for (int k = -4; k <= 4; k++) {
		int ex = x + k * ref_dx[d], ey = y + k * ref_dy[d];
		if (k == 0 || ref_at(g, ex, ey) != CELL_EMPTY)
			continue;
		g->cell[ey][ex] = CELL_BLACK;
		if (ref_run(g, x, y, d) == 5)
			k_out[n++] = k;
		g->cell[ey][ex] = CELL_EMPTY;
	}
	return n;
}

/* With black on (x, y): how many fours along d. */
static int ref_fours(Grid *g, int x, int y, int d)
{
	int k[8], n = ref_five_points(g, x, y, d, k);
	/* Two five points five apart hold the same four stones: one four. */
	for (int a = 0; a < n; a++)
		for (int b = a + 1; b < n; b++)
			if (k[b] - k[a] == 5)
				return n - 1;
	return n;
}

static bool ref_forbidden_at(Grid *g, int x, int y, int depth, RefStats *st);

/* With black on (x, y): is the line along d a real three? */
static bool ref_three(Grid *g, int x, int y, int d, int depth, RefStats *st)
{
	for (int k = -4; k <= 4; k++) {
		int ex = x + k * ref_dx[d], ey = y + k * ref_dy[d];
		if (k == 0 || ref_at(g, ex, ey) != CELL_EMPTY)
			continue;
		g->cell[ey][ex] = CELL_BLACK;
		int f[8], n = ref_five_points(g, x, y, d, f);
		g->cell[ey][ex] = CELL_EMPTY;
		/* A straight four holding (x, y) and e: two five points five
		 * apart, e between them. */
		bool straight = n == 2 && f[1] - f[0] == 5 && f[0] < k && k < f[1];
		if (!straight)
			continue;
		if (ref_five(g, ex, ey)) {
			st->three_false_by_five++;
			continue;
		}
		if (ref_forbidden_at(g, ex, ey, depth + 1, st)) {
			st->three_false_by_forbidden++;
			continue;
		}
		return true;
	}
	return false;
}

/* Is the empty (x, y) forbidden for black? */
static bool ref_forbidden_at(Grid *g, int x, int y, int depth, RefStats *st)
{
	if (depth > st->deepest)
		st->deepest = depth;
	if (ref_five(g, x, y))
		return false;
	if (ref_overline(g, x, y)) {
		st->overline += depth == 0;
		return true;
	}
	g->cell[y][x] = CELL_BLACK;
	int fours = 0, threes = 0;
	for (int d = 0; d < 4; d++)
		fours += ref_fours(g, x, y, d);
	if (fours < 2)
		for (int d = 0; d < 4 && threes < 2; d++)
			threes += ref_three(g, x, y, d, depth, st);
	g->cell[y][x] = CELL_EMPTY;
	if (fours >= 2)
		st->double_four += depth == 0;
	else if (threes >= 2)
		st->double_three += depth == 0;
	return fours >= 2 || threes >= 2;
}

static void ref_grid(const Board *b, Grid *g)
{
	g->size = b->size;
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++)
			g->cell[y][x] = b->cell[board_point(x, y)];
}

/* ---- random games ----------------------------------------------------- */

/* A point next to the stones: within distance 2 of a random stone most of
 * the time, anywhere now and then. POINT_NONE if the board is full. */
static int random_point(const Board *b, Rng *r)
{
	if (board_full(b))
		return POINT_NONE;
	for (;;) {
		int x, y;
		if (b->count > 0 && rng_below(r, 8) != 0) {
			int near = b->moves[rng_below(r, (uint32_t)b->count)];
			x = point_x(near) + (int)rng_below(r, 5) - 2;
			y = point_y(near) + (int)rng_below(r, 5) - 2;
		} else {
			x = (int)rng_below(r, (uint32_t)b->size);
			y = (int)rng_below(r, (uint32_t)b->size);
		}
		if (board_on(b, x, y) && b->cell[board_point(x, y)] == CELL_EMPTY)
			return board_point(x, y);
	}
}

/* Plays one more move of a random renju game: a move that neither wins nor
 * is forbidden, so games run long and dense. Returns false when no such
 * move was found in a while (the game is over). */
static bool random_move(Board *b, Rng *r)
{
	for (int tries = 0; tries < 200; tries++) {
		int p = random_point(b, r);
		if (p == POINT_NONE)
			return false;
		if (rules_outcome(b, p) == OUTCOME_NONE) {
			board_play(b, p);
			return true;
		}
	}
	return false;
}

/* ---- the comparison --------------------------------------------------- */

typedef struct {
	long positions, points, forbidden, disagreements;
	RefStats ref;
} Tally;

static void report(const Board *b, int p, bool want, bool got)
{
	char pic[DIAGRAM_TEXT_MAX], at[COORD_TEXT_MAX], m[COORD_TEXT_MAX];
	print_error("%dx%d, %s: reference says %s, rules_is_forbidden %s\nmoves:", b->size,
	            b->size, coord_format(b->size, p, at), want ? "forbidden" : "legal",
	            got ? "forbidden" : "legal");
	for (int i = 0; i < b->count; i++)
		print_error(" %s", coord_format(b->size, b->moves[i], m));
	diagram_format(b, POINT_NONE, pic, sizeof pic);
	/* A line at a time: cmocka cuts long messages. */
	print_error("\n");
	for (char *line = strtok(pic, "\n"); line; line = strtok(NULL, "\n"))
		print_error("%s\n", line);
}

/* Every empty point of b, reference against rules_is_forbidden (and, with
 * black to move, rules_outcome against the reference's five). */
static void compare_position(Board *b, Tally *t)
{
	Grid g;
	ref_grid(b, &g);
	t->positions++;
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++) {
			int p = board_point(x, y);
			if (b->cell[p] != CELL_EMPTY)
				continue;
			t->points++;
			bool want = ref_forbidden_at(&g, x, y, 0, &t->ref);
			bool got = rules_is_forbidden(b, p);
			t->forbidden += want;
			bool bad = want != got;
			if (b->to_move == BLACK) {
				Outcome o = rules_outcome(b, p);
				Outcome o_want = ref_five(&g, x, y) ? OUTCOME_WIN
				                 : want             ? OUTCOME_FORBIDDEN
				                                    : OUTCOME_NONE;
				bad |= o != o_want;
			}
			if (bad && t->disagreements++ < 5)
				report(b, p, want, got);
		}
}

/* The sanitizers slow the reference down about threefold. */
#if defined(__SANITIZE_ADDRESS__)
#define REF_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define REF_SANITIZED 1
#endif
#endif
#ifndef REF_SANITIZED
#define REF_SANITIZED 0
#endif

/* Positions to compare: GA_RENJU_REF_POSITIONS if set (more for a longer
 * hunt), else a default that keeps the test to a few seconds. */
static long planned_positions(void)
{
	const char *env = getenv("GA_RENJU_REF_POSITIONS");
	if (env && *env)
		return strtol(env, NULL, 10);
	return REF_SANITIZED ? 3000 : 10000;
}

static void random_games_match_reference(void **state)
{
	(void)state;
	long want_positions = planned_positions();
	/* Mostly 15x15; small boards bring the edges into every line. */
	static const int sizes[] = {15, 15, 15, 15, 15, 15, 20, 9, 7};
	Rng r;
	rng_seed(&r, 20240611);
	Tally t;
	memset(&t, 0, sizeof t);
	for (long game = 0; t.positions < want_positions; game++) {
		Board b;
		int size = sizes[game % (sizeof sizes / sizeof sizes[0])];
		assert_int_equal(board_init(&b, size, RULE_RENJU), 0);
		/* Every third position of the game, past the opening. */
		while (t.positions < want_positions && random_move(&b, &r))
			if (b.count >= 8 && rng_below(&r, 3) == 0)
				compare_position(&b, &t);
	}
	print_message("renju reference: %ld positions, %ld points, %ld forbidden "
	              "(%ld overline, %ld double four, %ld double three); threes "
	              "false by a forbidden point %ld, by a five %ld; depth %ld; "
	              "%ld disagreements\n",
	              t.positions, t.points, t.forbidden, t.ref.overline, t.ref.double_four,
	              t.ref.double_three, t.ref.three_false_by_forbidden,
	              t.ref.three_false_by_five, t.ref.deepest, t.disagreements);
	assert_int_equal(t.disagreements, 0);
	/* The comparison must have met every kind of forbidden point and both
	 * ways a three can be false, or it proves little. */
	if (want_positions >= 600) {
		assert_true(t.ref.overline > 0);
		assert_true(t.ref.double_four > 0);
		assert_true(t.ref.double_three > 0);
		assert_true(t.ref.three_false_by_forbidden > 0);
		assert_true(t.ref.three_false_by_five > 0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(random_games_match_reference),
	};
	return cmocka_run_group_tests_name("renju reference", tests, NULL, NULL);
}
