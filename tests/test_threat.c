/* test_threat.c - the VCF/VCT solver on board diagrams: wins of known
 * length with lines that replay to a five, refutations, renju forbidden
 * points, node limits, and cross-checks of the solver against independent
 * searches (a naive VCF over every point, a full-width search over every
 * defence) on random positions. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "diagram.h"
#include "rng.h"
#include "rules.h"
#include "threat.h"

enum { TABLE_BYTES = 1 << 20, DEEP = 12 };

/* clang-format off */
/* Empty rows, to keep the 15x15 diagrams short. */
#define E1 ". . . . . . . . . . . . . . .\n"
#define E2 E1 E1
#define E3 E2 E1
#define E4 E3 E1
#define E5 E4 E1

/* Black has a four on the board: a five at once (one ply). */
static const char FIVE_ON_BOARD[] =
	E1
	". O . . . . . . . . . . . . .\n"
	E5
	". . . . X X X X . . . . . . .\n"
	E1
	". . . . O . O . O . . . . . .\n"
	E5;

/* An open three: the open four, then the five (two attacker moves). */
static const char OPEN_THREE[] =
	E1
	". O . . . . . . . . . . . . .\n"
	E5
	". . . . . X X X . . . . . . .\n"
	E5
	". . . . . . . . . . . . . O .\n"
	E1;

/* h8 makes two fours (i8 and h9 complete them): a win in two,
 * except under renju where h8 is a forbidden double four. */
static const char DOUBLE_FOUR[] =
	E1
	". O . . . . . . . . . . . . .\n"
	E5
	". . . O X X X . . . . . . . .\n"
	". . . . . . . X . . . . . . .\n"
	". . . . . . . X . . . . . . .\n"
	". . . . . . . X . . . . . . .\n"
	". . . . . . . O . . . . . . .\n"
	E1
	". O . . . . . . . . . . . O .\n"
	E1;

/* h8 is a four and an open three: four, blocked at i8, open four, five. */
static const char FOUR_THREE[] =
	E1
	". O . . . . . . . . . . . . .\n"
	E3
	". . . . . . . X . . . . . . .\n"
	". . . . . . . X . . . . . . .\n"
	". . . O X X X . . . . . . . .\n"
	E5
	". O . . . . . . . . . . . O .\n"
	E1;

/* Two closed threes far apart: two fours, and then nothing. */
static const char FOURS_RUN_OUT[] =
	E2
	". . O X X X . . . . . . . . .\n"
	E4
	". . . . . . . O . . . . . . .\n"
	". . . . . . . . . . . . X . .\n"
	". . . . . . . . . . . . X . .\n"
	". . . . . . . . . . . . X . .\n"
	". . . . . . . . . . . . O . .\n"
	E1
	". O . . . . . . . . . . . O .\n"
	E1;

/* Black's open three is no use: white threatens five at m8, and the
 * block there is no four. */
static const char MUST_BLOCK[] =
	E2
	". . . . . . . . . . . . X . .\n"
	". . . . . . . . . . . . O . .\n"
	". . . . . . . . . . . . O . .\n"
	". . . . . . . . . . . . O . .\n"
	". . . . . . . . . . . . O . .\n"
	". . . . . X X X . . . . . . .\n"
	E5
	". O . . . . . . . . . . . . .\n"
	E1;

/* White threatens five at m8, but the block is a four and an open
 * three for black: block, open four, five. */
static const char BLOCK_WITH_FOUR[] =
	E2
	". . . . . . . . . . . . X . .\n"
	". . . . . . . . . . . . O . .\n"
	". . . . . . . . . . . . O . .\n"
	". . . . . . . . . . . . O . .\n"
	". . . . . . . . . . . . O . .\n"
	". . . . . . . . O X X X . . .\n"
	". . . . . . . . . . . X . . .\n"
	". . . . . . . . . . X . . . .\n"
	E3
	". O . . . . . . . . . . . . .\n"
	E1;

/* White has an open four; black has only fours: no win. */
static const char DEFENDER_OPEN_FOUR[] =
	E2
	". . O X X X . . . . . . . . .\n"
	". . . . . . . . . . . . O . .\n"
	". . . . . . . . . . . . O . .\n"
	". . . . . . . . . . . . O . .\n"
	". . . . . . . . . . . . O . .\n"
	E1
	". . X . . . . . . . . . . . .\n"
	". . X . . . . . . . . . . . .\n"
	". . X . . . . . . . . . . . .\n"
	". . O . . . . . . . . . . . .\n"
	E3;

/* White has an open four, but black makes five first. */
static const char BOTH_FIVE[] =
	E2
	". . O X X X X . . . . . . . .\n"
	". . . . . . . . . . . . O . .\n"
	". . . . . . . . . . . . O . .\n"
	". . . . . . . . . . . . O . .\n"
	". . . . . . . . . . . . O . .\n"
	E1
	". . X . . . . . . . . . . . .\n"
	". . X . . . . . . . . . . . .\n"
	". . X . . . . . . . . . . . .\n"
	". . O . . . . . . . . . . . .\n"
	E1
	". . . . . . . . . . . . . O .\n"
	E1;

/* FOUR_THREE with white stones on column i: white's forced block at i8
 * makes a white four, and black's answer at i9 is no four. */
static const char BLOCK_MAKES_FOUR[] =
	E5
	". . . . . . . X . . . . . . .\n"
	". . . . . . . X . . . . . . .\n"
	". . . O X X X . . . . . . . .\n"
	". . . . . . . . O . . . . . .\n"
	". . . . . . . . O . . . . . .\n"
	". . . . . . . . O . . . . . .\n"
	". . . . . . . . X . . . . . .\n"
	E1
	". O . . . . . . . . . . . . .\n"
	E1;

/* h8 makes two open threes: no four anywhere, but a VCT in three. */
static const char DOUBLE_THREE[] =
	E1
	". O . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . O .\n"
	E2
	". . . . . . . X . . . . . . .\n"
	". . . . . . . X . . . . . . .\n"
	". . . . . X X . . . . . . . .\n"
	E4
	". O . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . O .\n"
	E1;

/* DOUBLE_THREE with a white closed three on row 7: after h8, white
 * plays h7, a four that also stops the vertical three; black must block at
 * g7, and white then stops the other three. */
static const char COUNTER_FOUR[] =
	E5
	". . . . . . . X . . . . . . .\n"
	". . . . . . O X . . . . . . .\n"
	". . . . . X X . . . . . . . .\n"
	". . . . . . . . O O O X . . .\n"
	E3
	". O . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . O .\n"
	E1;

/* DOUBLE_THREE with the colours swapped: white may play it in renju. */
static const char WHITE_DOUBLE_THREE[] =
	E1
	". X . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . X .\n"
	E2
	". . . . . . . O . . . . . . .\n"
	". . . . . . . O . . . . . . .\n"
	". . . . . O O . . . . . . . .\n"
	E4
	". X . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . X .\n"
	"X . . . . . . . . . . . . . .\n";

/* Renju, white to move: d12 is a four whose only block, h8, is a
 * double four and so forbidden to black. */
static const char FORCED_FORBIDDEN[] =
	E2
	". . X . . . . . . . . . . . .\n"
	E1
	". . . . O . . . . . . . . . .\n"
	". . . . . O . . . . . . . . .\n"
	". . . . . . O . . . . . . . .\n"
	". . . O X X X . . . . . . . .\n"
	". . . . . . . X X . . . . . .\n"
	". . . . . . . X . . . . . . .\n"
	". . . . . . . X . . . . . . .\n"
	". . . . . . . O . . . . . . .\n"
	E1
	". . . . . . . . . . . . . O .\n"
	E1;

/* COUNTER_FOUR without the white three: h8 wins again. */
static const char NO_COUNTER_FOUR[] =
	E1
	". O . . . . . . . . . . . . .\n"
	E3
	". . . . . . . X . . . . . . .\n"
	". . . . . . O X . . . . . . .\n"
	". . . . . X X . . . . . . . .\n"
	E4
	". O . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . O .\n"
	E1;

/* Found by random search; lengths confirmed by the naive VCF below. */
static const char VCF_3[] =
	E3
	". . . O . . . . . . . O . . .\n"
	E2
	". . . . X . O . . . . . . . .\n"
	". . . . . X . . . . . . . . .\n"
	". . . X . X . . . . . . . . .\n"
	E1
	". . . . . O . . X . O . . . .\n"
	E4;

static const char VCF_4[] =
	E3
	". . . . . . . . . O . . . . .\n"
	". . . O . O . . . . . . . . .\n"
	". . . . . . . X . . . . . . .\n"
	E1
	". . . . . . . X . O . . . . .\n"
	E1
	". . . . . . . X . O . . . . .\n"
	". . . . . . X . X . . . . . .\n"
	E4;

static const char VCF_5[] =
	E3
	". . . O . . O . . . . . . . .\n"
	". . . . X . . . . . . . . . .\n"
	". . . . . . O . . X . . . . .\n"
	". . . . . . X . . . . . . . .\n"
	". . . . . . . . X . . . . . .\n"
	". . . O . . . . X X O . . . .\n"
	E1
	". . . . . . . . O . . . . . .\n"
	E4;

static const char VCF_6[] =
	E4
	". . . X X O . . . . . . . . .\n"
	". . . . . . O . O . . . . . .\n"
	E1
	". . . . . . X . . . . . . . .\n"
	". . . X . . X X . . . . . . .\n"
	". . . . O . . . . . O . . . .\n"
	E1
	". . . . O . . . X O . . . . .\n"
	E3;

/* Renju, black to move: a five-move VCF. */
static const char RENJU_VCF_5[] =
	E3
	". . . . O . . . X . . . . . .\n"
	E1
	". . . . . . . . . X . . . . .\n"
	". . . . . . X . X . . . . . .\n"
	". . . . O . . . X . . . . . .\n"
	". . . O . . . . . . . . . . .\n"
	". . . . . X . O . . . . . . .\n"
	". . . . . . . O . . . . . . .\n"
	". . . . . O . . . . . . . . .\n"
	E3;

/* A VCT in four attacker moves with no VCF. */
static const char VCT_4[] =
	E3
	". . . . . . . . . . O . . . .\n"
	E3
	". . . O . . X . . . . . . . .\n"
	". . . . . . . . O . . . . . .\n"
	". . . . O X . . . . . . . . .\n"
	". . . X . . X . . . . . . . .\n"
	E4;

/* Renju, white to move: VCTs of three and four moves. */
static const char RENJU_VCT_3[] =
	E4
	". . . . . . . . O O . . . . .\n"
	". . . . . . . . . . . O . . .\n"
	". . . . . . . . . . . O . . .\n"
	". . . . . . . . . X . . . . .\n"
	". . . O X . X . . . . . . . .\n"
	". . . . X . . . . . X . . . .\n"
	". . . . . . . . X . . . . . .\n"
	E4;

static const char RENJU_VCT_4[] =
	E3
	". . . . . . . . X . X . . . .\n"
	E1
	". . . . . . . . . . X . . . .\n"
	". . . X . . . . . . . . . . .\n"
	". . . . . . . O . O . . . . .\n"
	". . . . . . O O . . . . . . .\n"
	". . . . . . . . X . . . . . .\n"
	E5;
/* clang-format on */

/* ---- helpers ---- */

static void load(Board *b, Rule rule, Color to_move, const char *text)
{
	char err[160];
	if (diagram_load(b, 15, rule, to_move, text, NULL, err, sizeof err) != 0)
		fail_msg("bad diagram: %s", err);
}

static void assert_same_board(const Board *a, const Board *b)
{
	assert_int_equal(a->to_move, b->to_move);
	assert_int_equal(a->count, b->count);
	assert_true(a->hash == b->hash);
	assert_memory_equal(a->cell, b->cell, sizeof a->cell);
	assert_memory_equal(a->pat, b->pat, sizeof a->pat);
	assert_memory_equal(a->threat, b->threat, sizeof a->threat);
	assert_memory_equal(a->line, b->line, sizeof a->line);
	assert_memory_equal(a->moves, b->moves, (size_t)a->count * sizeof a->moves[0]);
}

/* Solves with a fresh solver and checks that b comes back unchanged. */
static SolveResult solve(Board *b, SolveKind kind, int depth, uint64_t limit)
{
	Solver *s = solver_create(TABLE_BYTES);
	assert_non_null(s);
	Board before = *b;
	SolveResult r;
	solver_solve(s, b, kind, depth, limit, &r);
	assert_same_board(&before, b);
	solver_destroy(s);
	return r;
}

/* The line replays from start: free points, nothing decided before the
 * last ply, which is the attacker's five. */
static void check_line(const Board *start, const SolveResult *r)
{
	Board b = *start;
	Color attacker = b.to_move;
	assert_true(r->len >= 1 && r->len <= SOLVE_LINE_MAX && r->len % 2 == 1);
	for (int i = 0; i < r->len; i++) {
		int p = r->line[i];
		if (!rules_legal(&b, p))
			fail_msg("ply %d: %d,%d is not a free point", i, point_x(p),
			         point_y(p));
		Outcome o = rules_outcome(&b, p),
		        want = i == r->len - 1 ? OUTCOME_WIN : OUTCOME_NONE;
		if (o != want)
			fail_msg("ply %d at %d,%d: outcome %d, want %d", i, point_x(p),
			         point_y(p), (int)o, (int)want);
		board_play(&b, p);
	}
	assert_int_equal(b.to_move, attacker ^ 1);
}

static int five_points(const Board *b, Color c, int *out)
{
	int n = 0;
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++) {
			int p = board_point(x, y);
			if (b->cell[p] == CELL_EMPTY &&
			    board_threat(b, p, c) == THREAT_FIVE)
				out[n++] = p;
		}
	return n;
}

/* A VCF search that shares nothing with the solver: every point is tried as
 * the attacker's move, a four is whatever leaves a five point behind, and
 * the defender answers on the five point. True if the side to move wins
 * within `moves` attacker moves. */
static bool naive_vcf(Board *b, int moves)
{
	Color a = b->to_move, d = a ^ 1;
	int af[BOARD_MAX_MOVES], df[BOARD_MAX_MOVES];
	if (five_points(b, a, af))
		return true;
	int nd = five_points(b, d, df);
	if (moves < 2 || nd >= 2)
		return false;
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++) {
			int p = board_point(x, y);
			if (b->cell[p] != CELL_EMPTY || (nd == 1 && p != df[0]) ||
			    rules_outcome(b, p) == OUTCOME_FORBIDDEN)
				continue;
			board_play(b, p);
			int nf = five_points(b, a, af);
			bool win = nf >= 2;
			if (nf == 1) {
				if (rules_outcome(b, af[0]) == OUTCOME_FORBIDDEN) {
					win = true;
				} else {
					board_play(b, af[0]);
					win = naive_vcf(b, moves - 1);
					board_undo(b);
				}
			}
			board_undo(b);
			if (win)
				return true;
		}
	return false;
}

/* Shortest naive VCF up to max attacker moves, 0 if none. */
static int naive_vcf_length(Board *b, int max)
{
	for (int n = 1; n <= max; n++)
		if (naive_vcf(b, n))
			return n;
	return 0;
}

/* Full width for the defender: the attacker (side to move) plays the
 * solver's move, and every reply of the defender, anywhere, must still lose
 * within `moves` attacker moves. True if so. */
static bool proven_win(Board *b, Solver *s, int moves)
{
	int f[BOARD_MAX_MOVES];
	if (five_points(b, b->to_move, f))
		return true;
	if (moves < 2)
		return false;
	SolveResult r;
	solver_solve(s, b, SOLVE_VCT, moves, 0, &r);
	if (!r.win)
		return false;
	board_play(b, r.line[0]);
	bool win = true;
	for (int y = 0; y < b->size && win; y++)
		for (int x = 0; x < b->size && win; x++) {
			int p = board_point(x, y);
			if (b->cell[p] != CELL_EMPTY)
				continue;
			Outcome o = rules_outcome(b, p);
			if (o == OUTCOME_FORBIDDEN)
				continue; /* the defender would lose at once */
			if (o == OUTCOME_WIN) {
				win = false;
				break;
			}
			board_play(b, p);
			win = proven_win(b, s, moves - 1);
			board_undo(b);
		}
	board_undo(b);
	return win;
}

/* Every reply of the defender to the first attacker move of r (not only
 * the ones the solver tries) still loses to a VCT within the moves left. */
static void check_all_replies(Board *b, const SolveResult *r)
{
	Solver *s = solver_create(TABLE_BYTES);
	int left = (r->len + 1) / 2 - 1;
	board_play(b, r->line[0]);
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++) {
			int p = board_point(x, y);
			if (b->cell[p] != CELL_EMPTY ||
			    rules_outcome(b, p) == OUTCOME_FORBIDDEN)
				continue;
			if (rules_outcome(b, p) == OUTCOME_WIN)
				fail_msg("the defender wins at %d,%d", x, y);
			board_play(b, p);
			SolveResult after;
			solver_solve(s, b, SOLVE_VCT, left, 0, &after);
			if (!after.win)
				fail_msg("no win after the reply %d,%d", x, y);
			board_undo(b);
		}
	board_undo(b);
	solver_destroy(s);
}

/* A win of exactly `moves` attacker moves, with a line that replays. VCF
 * lengths are confirmed by the naive VCF; short VCTs by a full-width search
 * and longer ones by trying every reply to the first move. */
static void expect_win(const char *text, Rule rule, Color to_move, SolveKind kind,
                       int moves)
{
	Board b;
	load(&b, rule, to_move, text);
	SolveResult r = solve(&b, kind, DEEP, 0);
	assert_int_equal(r.win, 1);
	assert_int_equal((r.len + 1) / 2, moves);
	check_line(&b, &r);
	if (kind == SOLVE_VCF) {
		assert_int_equal(naive_vcf_length(&b, moves), moves);
	} else if (moves <= 3) {
		Solver *s = solver_create(TABLE_BYTES);
		assert_true(proven_win(&b, s, moves));
		solver_destroy(s);
	} else {
		check_all_replies(&b, &r);
	}
}

/* No win within depth attacker moves (and for VCF, none by the naive VCF). */
static void expect_no_win(const char *text, Rule rule, Color to_move, SolveKind kind,
                          int depth)
{
	Board b;
	load(&b, rule, to_move, text);
	SolveResult r = solve(&b, kind, depth, 0);
	assert_int_equal(r.win, 0);
	assert_int_equal(r.len, 0);
	assert_int_equal(r.depth, depth);
	if (kind == SOLVE_VCF)
		assert_int_equal(naive_vcf_length(&b, depth), 0);
}

/* ---- VCF ---- */

static void test_vcf_five_on_board(void **state)
{
	(void)state;
	expect_win(FIVE_ON_BOARD, RULE_FREESTYLE, BLACK, SOLVE_VCF, 1);
	expect_win(FIVE_ON_BOARD, RULE_FREESTYLE, BLACK, SOLVE_VCT, 1);
}

static void test_vcf_open_four(void **state)
{
	(void)state;
	expect_win(OPEN_THREE, RULE_FREESTYLE, BLACK, SOLVE_VCF, 2);
	expect_win(OPEN_THREE, RULE_STANDARD, BLACK, SOLVE_VCF, 2);
	expect_win(OPEN_THREE, RULE_RENJU, BLACK, SOLVE_VCF, 2);
}

static void test_vcf_double_four(void **state)
{
	(void)state;
	expect_win(DOUBLE_FOUR, RULE_FREESTYLE, BLACK, SOLVE_VCF, 2);
	expect_win(DOUBLE_FOUR, RULE_STANDARD, BLACK, SOLVE_VCF, 2);
}

static void test_vcf_four_three(void **state)
{
	(void)state;
	expect_win(FOUR_THREE, RULE_FREESTYLE, BLACK, SOLVE_VCF, 3);
	expect_win(FOUR_THREE, RULE_RENJU, BLACK, SOLVE_VCF, 3);
}

static void test_vcf_longer(void **state)
{
	(void)state;
	expect_win(VCF_3, RULE_FREESTYLE, BLACK, SOLVE_VCF, 3);
	expect_win(VCF_4, RULE_FREESTYLE, BLACK, SOLVE_VCF, 4);
	expect_win(VCF_5, RULE_FREESTYLE, BLACK, SOLVE_VCF, 5);
	expect_win(VCF_6, RULE_FREESTYLE, BLACK, SOLVE_VCF, 6);
	expect_win(RENJU_VCF_5, RULE_RENJU, BLACK, SOLVE_VCF, 5);
}

static void test_vcf_block_with_four(void **state)
{
	(void)state;
	expect_win(BLOCK_WITH_FOUR, RULE_FREESTYLE, BLACK, SOLVE_VCF, 3);
	expect_no_win(MUST_BLOCK, RULE_FREESTYLE, BLACK, SOLVE_VCF, DEEP);
	expect_no_win(MUST_BLOCK, RULE_FREESTYLE, BLACK, SOLVE_VCT, 6);
}

static void test_vcf_refuted(void **state)
{
	(void)state;
	expect_no_win(FOURS_RUN_OUT, RULE_FREESTYLE, BLACK, SOLVE_VCF, DEEP);
	expect_no_win(BLOCK_MAKES_FOUR, RULE_FREESTYLE, BLACK, SOLVE_VCF, DEEP);
	expect_no_win(DEFENDER_OPEN_FOUR, RULE_FREESTYLE, BLACK, SOLVE_VCF, DEEP);
	expect_no_win(DEFENDER_OPEN_FOUR, RULE_FREESTYLE, BLACK, SOLVE_VCT, DEEP);
	expect_win(BOTH_FIVE, RULE_FREESTYLE, BLACK, SOLVE_VCF, 1);
}

/* ---- VCT ---- */

static void test_vct_double_three(void **state)
{
	(void)state;
	expect_no_win(DOUBLE_THREE, RULE_FREESTYLE, BLACK, SOLVE_VCF, DEEP);
	expect_win(DOUBLE_THREE, RULE_FREESTYLE, BLACK, SOLVE_VCT, 3);
	expect_win(DOUBLE_THREE, RULE_STANDARD, BLACK, SOLVE_VCT, 3);
	expect_win(NO_COUNTER_FOUR, RULE_FREESTYLE, BLACK, SOLVE_VCT, 3);
}

static void test_vct_longer(void **state)
{
	(void)state;
	expect_no_win(VCT_4, RULE_FREESTYLE, BLACK, SOLVE_VCF, DEEP);
	expect_win(VCT_4, RULE_FREESTYLE, BLACK, SOLVE_VCT, 4);
	expect_win(BLOCK_MAKES_FOUR, RULE_FREESTYLE, BLACK, SOLVE_VCT, 5);
}

static void test_vct_counter_four(void **state)
{
	(void)state;
	/* The double three alone would win in three; the counter-four refutes
	 * it, and nothing else wins within five. */
	expect_no_win(COUNTER_FOUR, RULE_FREESTYLE, BLACK, SOLVE_VCT, 5);
	Board b;
	load(&b, RULE_FREESTYLE, BLACK, COUNTER_FOUR);
	board_play(&b, board_point(7, 7));
	board_play(&b, board_point(7, 8)); /* white's four, also a block */
	assert_int_equal(board_threat(&b, board_point(6, 8), WHITE), THREAT_FIVE);
	SolveResult r = solve(&b, SOLVE_VCT, 3, 0);
	assert_int_equal(r.win, 0);
}

/* ---- renju ---- */

static void test_renju_double_four_forbidden(void **state)
{
	(void)state;
	expect_no_win(DOUBLE_FOUR, RULE_RENJU, BLACK, SOLVE_VCF, DEEP);
	Board b;
	load(&b, RULE_RENJU, BLACK, DOUBLE_FOUR);
	assert_true(rules_is_forbidden(&b, board_point(7, 7)));
}

static void test_renju_double_three_forbidden(void **state)
{
	(void)state;
	/* Black may not play the double three, so no VCT in three... */
	expect_no_win(DOUBLE_THREE, RULE_RENJU, BLACK, SOLVE_VCT, 3);
	/* ...and a longer one, if found, does not start there. */
	Board b;
	load(&b, RULE_RENJU, BLACK, DOUBLE_THREE);
	SolveResult r = solve(&b, SOLVE_VCT, 6, 0);
	if (r.win) {
		assert_int_not_equal(r.line[0], board_point(7, 7));
		check_line(&b, &r);
	}
	/* White may. */
	expect_win(WHITE_DOUBLE_THREE, RULE_RENJU, WHITE, SOLVE_VCT, 3);
	expect_no_win(WHITE_DOUBLE_THREE, RULE_RENJU, WHITE, SOLVE_VCF, DEEP);
}

static void test_renju_forced_onto_forbidden(void **state)
{
	(void)state;
	expect_win(FORCED_FORBIDDEN, RULE_RENJU, WHITE, SOLVE_VCF, 2);
	expect_no_win(FORCED_FORBIDDEN, RULE_FREESTYLE, WHITE, SOLVE_VCF, DEEP);
}

static void test_renju_vct(void **state)
{
	(void)state;
	expect_win(RENJU_VCT_3, RULE_RENJU, WHITE, SOLVE_VCT, 3);
	expect_win(RENJU_VCT_4, RULE_RENJU, WHITE, SOLVE_VCT, 4);
}

/* ---- limits and the solver object ---- */

static void test_node_limit(void **state)
{
	(void)state;
	/* Fewer nodes than the plies of the wins' lines (11 and 7, the five
	 * not played) cannot prove them. */
	static const uint64_t limits[] = {1, 2, 5, 6};
	for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
		Board b;
		load(&b, RULE_FREESTYLE, BLACK, VCF_6);
		SolveResult r = solve(&b, SOLVE_VCF, DEEP, limits[i]);
		assert_int_equal(r.win, 0);
		assert_true(r.nodes <= limits[i]);
		assert_true(r.depth < 6);
		load(&b, RULE_FREESTYLE, BLACK, VCT_4);
		r = solve(&b, SOLVE_VCT, DEEP, limits[i]);
		assert_int_equal(r.win, 0);
		assert_true(r.nodes <= limits[i]);
	}
	/* With more, a win may be found; the search keeps to the limit, and
	 * reading the line out of the table plays its plies once more. */
	for (uint64_t limit = 10; limit <= 40; limit += 10) {
		Board b;
		load(&b, RULE_FREESTYLE, BLACK, VCF_6);
		SolveResult r = solve(&b, SOLVE_VCF, DEEP, limit);
		assert_true(r.nodes <= limit + (uint64_t)r.len);
		if (r.win)
			check_line(&b, &r);
	}
	/* A five on the board needs no node at all. */
	Board b;
	load(&b, RULE_FREESTYLE, BLACK, FIVE_ON_BOARD);
	assert_int_equal(solve(&b, SOLVE_VCF, DEEP, 1).win, 1);
}

static void test_depth_limit(void **state)
{
	(void)state;
	Board b;
	load(&b, RULE_FREESTYLE, BLACK, VCF_5);
	SolveResult r = solve(&b, SOLVE_VCF, 4, 0);
	assert_int_equal(r.win, 0);
	assert_int_equal(r.depth, 4);
	r = solve(&b, SOLVE_VCF, 5, 0);
	assert_int_equal(r.win, 1);
	assert_int_equal(r.len, 9);
}

/* One solver, many positions, a table of one entry or a large one, cleared
 * or not: the same answers. */
static void test_table_reuse(void **state)
{
	(void)state;
	static const struct {
		const char *text;
		Rule rule;
		Color to_move;
		SolveKind kind;
	} cases[] = {
	    {VCF_4, RULE_FREESTYLE, BLACK, SOLVE_VCF},
	    {VCF_6, RULE_FREESTYLE, BLACK, SOLVE_VCF},
	    {BLOCK_MAKES_FOUR, RULE_FREESTYLE, BLACK, SOLVE_VCF},
	    {VCT_4, RULE_FREESTYLE, BLACK, SOLVE_VCT},
	    {COUNTER_FOUR, RULE_FREESTYLE, BLACK, SOLVE_VCT},
	    {RENJU_VCT_4, RULE_RENJU, WHITE, SOLVE_VCT},
	};
	enum { CASES = sizeof cases / sizeof cases[0] };
	SolveResult first[CASES];
	Solver *tiny = solver_create(1), *big = solver_create(TABLE_BYTES);
	assert_non_null(tiny);
	assert_non_null(big);
	for (int round = 0; round < 2; round++)
		for (int i = 0; i < CASES; i++) {
			Board b;
			load(&b, cases[i].rule, cases[i].to_move, cases[i].text);
			SolveResult r, t;
			solver_solve(big, &b, cases[i].kind, 5, 0, &r);
			solver_solve(tiny, &b, cases[i].kind, 5, 0, &t);
			assert_int_equal(r.win, t.win);
			assert_int_equal(r.len, t.len);
			if (round == 0) {
				first[i] = r;
				continue;
			}
			assert_int_equal(r.win, first[i].win);
			assert_int_equal(r.len, first[i].len);
			if (r.win)
				check_line(&b, &t);
		}
	/* The same stones under another rule: not an answer from the table. */
	for (int i = 0; i < 2; i++) {
		Board b;
		load(&b, RULE_FREESTYLE, BLACK, DOUBLE_FOUR);
		SolveResult r;
		solver_solve(big, &b, SOLVE_VCF, 5, 0, &r);
		assert_int_equal(r.win, 1);
		load(&b, RULE_RENJU, BLACK, DOUBLE_FOUR);
		solver_solve(big, &b, SOLVE_VCF, 5, 0, &r);
		assert_int_equal(r.win, 0);
	}
	solver_clear(big);
	solver_destroy(tiny);
	solver_destroy(big);
	solver_destroy(NULL);
}

/* ---- random positions against the independent searches ---- */

/* Random stones on the size x size board (within margin of the edge
 * left empty), never a five or a forbidden point for the mover. */
static void random_position(Board *b, Rng *rng, int size, int margin, Rule rule)
{
	board_init(b, size, rule);
	int span = size - 2 * margin,
	    stones = 6 + (int)rng_below(rng, (uint32_t)(span * span / 2));
	for (int i = 0; i < stones; i++) {
		int p, tries = 0;
		do {
			p = board_point(margin + (int)rng_below(rng, (uint32_t)span),
			                margin + (int)rng_below(rng, (uint32_t)span));
		} while (++tries < 200 &&
		         (b->cell[p] != CELL_EMPTY ||
		          board_threat(b, p, b->to_move) == THREAT_FIVE ||
		          board_threat(b, p, b->to_move) == THREAT_FORBIDDEN));
		if (tries >= 200)
			return;
		board_play(b, p);
	}
}

static void test_random_vcf_matches_naive(void **state)
{
	(void)state;
	Rng rng;
	rng_seed(&rng, 2024);
	Solver *s = solver_create(TABLE_BYTES);
	int wins = 0;
	for (int rule = 0; rule < RULE_COUNT; rule++)
		for (int i = 0; i < 300; i++) {
			Board b;
			random_position(&b, &rng, 15, 3, (Rule)rule);
			Board before = b;
			SolveResult r;
			solver_solve(s, &b, SOLVE_VCF, 5, 0, &r);
			assert_same_board(&before, &b);
			int length = r.win ? (r.len + 1) / 2 : 0;
			if (length != naive_vcf_length(&b, 5))
				fail_msg("rule %d position %d: solver %d, naive %d", rule,
				         i, length, naive_vcf_length(&b, 5));
			if (r.win) {
				check_line(&b, &r);
				wins++;
			}
			/* Every VCF is a VCT. */
			SolveResult t;
			solver_solve(s, &b, SOLVE_VCT, 5, 0, &t);
			assert_true(!r.win || (t.win && t.len <= r.len));
		}
	assert_true(wins > 100);
	solver_destroy(s);
}

static void test_random_vct_sound(void **state)
{
	(void)state;
	Rng rng;
	rng_seed(&rng, 77);
	Solver *s = solver_create(TABLE_BYTES), *check = solver_create(TABLE_BYTES);
	int wins = 0;
	for (int rule = 0; rule < RULE_COUNT; rule++)
		for (int i = 0; i < 150; i++) {
			Board b;
			random_position(&b, &rng, 8, 0, (Rule)rule);
			SolveResult r;
			solver_solve(s, &b, SOLVE_VCT, 4, 0, &r);
			if (!r.win)
				continue;
			wins++;
			check_line(&b, &r);
			if (!proven_win(&b, check, (r.len + 1) / 2))
				fail_msg("rule %d position %d: a VCT of %d that a defence "
				         "refutes",
				         rule, i, (r.len + 1) / 2);
		}
	assert_true(wins > 50);
	solver_destroy(s);
	solver_destroy(check);
}

/* Not a check: VCF speed on random positions whose search takes some work
 * (a few hundred nodes or more), for the record. */
static void test_vcf_speed(void **state)
{
	(void)state;
	Rng rng;
	rng_seed(&rng, 5);
	Solver *s = solver_create(16 << 20);
	uint64_t nodes = 0;
	double seconds = 0;
	int positions = 0;
	for (int i = 0; i < 3000; i++) {
		Board b;
		random_position(&b, &rng, 15, 2, RULE_FREESTYLE);
		SolveResult r;
		solver_clear(s);
		solver_solve(s, &b, SOLVE_VCF, 20, 0, &r);
		if (r.nodes < 200)
			continue;
		solver_clear(s);
		clock_t t = clock();
		solver_solve(s, &b, SOLVE_VCF, 20, 0, &r);
		seconds += (double)(clock() - t) / CLOCKS_PER_SEC;
		nodes += r.nodes;
		positions++;
	}
	print_message("VCF: %d positions, %llu nodes in %.3f s, %.2f M nodes/s\n",
	              positions, (unsigned long long)nodes, seconds,
	              seconds > 0 ? (double)nodes / seconds / 1e6 : 0.0);
	solver_destroy(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_vcf_five_on_board),
	    cmocka_unit_test(test_vcf_open_four),
	    cmocka_unit_test(test_vcf_double_four),
	    cmocka_unit_test(test_vcf_four_three),
	    cmocka_unit_test(test_vcf_longer),
	    cmocka_unit_test(test_vcf_block_with_four),
	    cmocka_unit_test(test_vcf_refuted),
	    cmocka_unit_test(test_vct_double_three),
	    cmocka_unit_test(test_vct_longer),
	    cmocka_unit_test(test_vct_counter_four),
	    cmocka_unit_test(test_renju_double_four_forbidden),
	    cmocka_unit_test(test_renju_double_three_forbidden),
	    cmocka_unit_test(test_renju_forced_onto_forbidden),
	    cmocka_unit_test(test_renju_vct),
	    cmocka_unit_test(test_node_limit),
	    cmocka_unit_test(test_depth_limit),
	    cmocka_unit_test(test_table_reuse),
	    cmocka_unit_test(test_random_vcf_matches_naive),
	    cmocka_unit_test(test_random_vct_sound),
	    cmocka_unit_test(test_vcf_speed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
