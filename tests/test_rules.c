/* test_rules.c - wins, exact five and overlines, full-board draws and renju
 * forbidden points, checked on ASCII diagrams.
 *
 * Most positions are small pictures put in the middle of an empty 15x15
 * board (see grid_place), so that only the stones that matter are drawn. A
 * picture as wide as the board touches both side edges; that is how the
 * edge cases are written. The '*' is the point asked about. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "coord.h"
#include "diagram.h"
#include "record.h"
#include "rules.h"

static const Rule all_rules[] = {RULE_FREESTYLE, RULE_STANDARD, RULE_RENJU};
static const Color both_colors[] = {BLACK, WHITE};

static const char *outcome_name(Outcome o)
{
	return o == OUTCOME_WIN ? "win" : o == OUTCOME_FORBIDDEN ? "forbidden" : "none";
}

/* ---- diagrams built in memory ------------------------------------------ */

/* A board picture being put together: 'X', 'O', '.' or '*' per point. */
typedef struct {
	int size;
	char cell[BOARD_MAX][BOARD_MAX];
} Grid;

static void grid_clear(Grid *g, int size)
{
	g->size = size;
	memset(g->cell, '.', sizeof g->cell);
}

static bool picture_char(char ch)
{
	return ch == 'X' || ch == 'O' || ch == '.' || ch == '*';
}

/* Copies picture (rows separated by newlines; blanks ignored; '|' starts a
 * comment) into the middle of g, exchanging X and O if swap is set. */
static void grid_place(Grid *g, const char *picture, bool swap)
{
	char rows[BOARD_MAX][BOARD_MAX];
	int len[BOARD_MAX], h = 0, w = 0;
	for (const char *s = picture; *s;) {
		int n = 0;
		bool comment = false;
		for (; *s && *s != '\n'; s++) {
			comment |= *s == '|';
			if (comment || !picture_char(*s))
				continue;
			assert_true(h < g->size && n < g->size);
			rows[h][n++] = *s;
		}
		s += *s == '\n';
		if (n > 0) {
			len[h++] = n;
			w = n > w ? n : w;
		}
	}
	int x0 = (g->size - w) / 2, y0 = (g->size - h) / 2;
	for (int y = 0; y < h; y++)
		for (int x = 0; x < len[y]; x++) {
			char ch = rows[y][x];
			if (swap && (ch == 'X' || ch == 'O'))
				ch = ch == 'X' ? 'O' : 'X';
			g->cell[y0 + y][x0 + x] = ch;
		}
}

/* Writes g as diagram text and loads it through diagram_load, so every
 * position below goes through the same parser as a hand-written diagram. */
static void grid_load(const Grid *g, Board *b, Rule rule, Color to_move,
                      DiagramMarks *marks)
{
	char text[DIAGRAM_TEXT_MAX];
	size_t len = 0;
	for (int y = 0; y < g->size; y++) {
		for (int x = 0; x < g->size; x++)
			text[len++] = g->cell[y][x];
		text[len++] = '\n';
	}
	text[len] = '\0';
	char err[160];
	if (diagram_load(b, g->size, rule, to_move, text, marks, err, sizeof err) != 0)
		fail_msg("diagram_load: %s\n%s", err, text);
}

/* Loads a picture in the middle of an empty board and returns its only mark. */
static int load_picture(Board *b, int size, Rule rule, Color to_move, const char *picture,
                        bool swap)
{
	Grid g;
	grid_clear(&g, size);
	grid_place(&g, picture, swap);
	DiagramMarks marks;
	grid_load(&g, b, rule, to_move, &marks);
	assert_int_equal(marks.count, 1);
	return marks.point[0];
}

/* Loads a whole-board diagram, checking it parses. */
static void load_diagram(Board *b, int size, Rule rule, Color to_move, const char *text,
                         DiagramMarks *marks)
{
	char err[160];
	if (diagram_load(b, size, rule, to_move, text, marks, err, sizeof err) != 0)
		fail_msg("diagram_load: %s", err);
}

/* ---- the calls under test, each checked to leave the board as it was -- */

static void assert_board_unchanged(const Board *before, const Board *after)
{
	assert_true(before->hash == after->hash);
	assert_int_equal(before->count, after->count);
	assert_int_equal(before->to_move, after->to_move);
	assert_memory_equal(before->cell, after->cell, sizeof before->cell);
	assert_memory_equal(before->pat, after->pat, sizeof before->pat);
	assert_memory_equal(before->threat, after->threat, sizeof before->threat);
}

/* rules_outcome plays renju threes out on b; it must undo all of it. */
static Outcome outcome_at(Board *b, int p)
{
	Board before = *b;
	Outcome o = rules_outcome(b, p);
	assert_board_unchanged(&before, b);
	return o;
}

static bool forbidden_at(Board *b, int p)
{
	Board before = *b;
	bool f = rules_is_forbidden(b, p);
	assert_board_unchanged(&before, b);
	return f;
}

/* ---- 1. wins in every direction, at edges and corners ------------------ */

/* One 15x15 diagram, one black four in each corner region, each along a
 * different line and ending on the edge; every '*' completes a five.
 * Reading order of the marks: top-left horizontal, top-right vertical,
 * bottom-left anti-diagonal, bottom-right diagonal. */
/* clang-format off */
static const char corners_15[] =
	"X X X X * . . . . . . . . . *\n"
	". . . . . . . . . . . . . . X\n"
	". . . . . . . . . . . . . . X\n"
	". . . . . . . . . . . . . . X\n"
	". . . . . . . . . . . . . . X\n"
	". . . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . . .\n"
	". . . . * . . . . . X . . . .\n"
	". . . X . . . . . . . X . . .\n"
	". . X . . . . . . . . . X . .\n"
	". X . . . . . . . . . . . X .\n"
	"X . . . . . . . . . . . . . *\n";
/* clang-format on */

static void test_win_at_corners_15(void **state)
{
	(void)state;
	for (size_t r = 0; r < 3; r++) {
		Board b;
		DiagramMarks m;
		load_diagram(&b, 15, all_rules[r], BLACK, corners_15, &m);
		assert_int_equal(m.count, 4);
		for (int i = 0; i < m.count; i++)
			assert_int_equal(outcome_at(&b, m.point[i]), OUTCOME_WIN);
		/* The same points are nothing for white: the stones are black's. */
		board_set_to_move(&b, WHITE);
		for (int i = 0; i < m.count; i++)
			assert_int_equal(outcome_at(&b, m.point[i]), OUTCOME_NONE);
	}
}

/* The same on 20x20 with white: corners and edges of the bigger board. */
/* clang-format off */
static const char corners_20[] =
	"* O O O O . . . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . . . . . . . O\n"
	". . . . . . . . . . . . . . . . . . . O\n"
	". . . . . . . . . . . . . . . . . . . *\n"
	". . . . . . . . . . . . . . . . . . . O\n"
	". . . . . . . . . . . . . . . . . . . O\n"
	". . . . . . . . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . . . . . . . .\n"
	". . . . . . . . . . . . . . . * . . . .\n"
	". . . . O . . . . . . . . . . . O . . .\n"
	". . . O . . . . . . . . . . . . . O . .\n"
	". . * . . . . . . . . . . . . . . . O .\n"
	". O . . . . . . . . . . . . . . . . . O\n"
	"O . . . . . . . . . . . . . . . . . . .\n";
/* clang-format on */

static void test_win_at_corners_20(void **state)
{
	(void)state;
	for (size_t r = 0; r < 3; r++) {
		Board b;
		DiagramMarks m;
		load_diagram(&b, 20, all_rules[r], WHITE, corners_20, &m);
		assert_int_equal(m.count, 4);
		for (int i = 0; i < m.count; i++)
			assert_int_equal(outcome_at(&b, m.point[i]), OUTCOME_WIN);
		board_set_to_move(&b, BLACK);
		for (int i = 0; i < m.count; i++)
			assert_int_equal(outcome_at(&b, m.point[i]), OUTCOME_NONE);
	}
}

static const int line_dx[4] = {1, 0, 1, -1}, line_dy[4] = {0, 1, 1, 1};

/* The five on an n x n board from (x0, y0) along direction d, point miss of
 * it marked and the others stones of the side to move: under every rule
 * and for both colours, the mark wins for the side to move and is nothing
 * for the other; with a second stone taken away it is nothing at all. */
static void check_five(int n, int x0, int y0, int d, int miss)
{
	for (size_t r = 0; r < 3; r++)
		for (size_t c = 0; c < 2; c++) {
			Color me = both_colors[c];
			char stone = me == BLACK ? 'X' : 'O';
			Grid g;
			grid_clear(&g, n);
			for (int i = 0; i < 5; i++)
				g.cell[y0 + i * line_dy[d]][x0 + i * line_dx[d]] =
				    i == miss ? '*' : stone;
			Board b;
			DiagramMarks m;
			grid_load(&g, &b, all_rules[r], me, &m);
			int p = m.point[0];
			if (outcome_at(&b, p) != OUTCOME_WIN)
				fail_msg("%dx%d %s: five at (%d,%d) dir %d, gap %d: no win",
				         n, n, rule_name(all_rules[r]), x0, y0, d, miss);
			board_set_to_move(&b, (Color)(me ^ 1));
			assert_int_equal(outcome_at(&b, p), OUTCOME_NONE);

			int other = (miss + 2) % 5;
			g.cell[y0 + other * line_dy[d]][x0 + other * line_dx[d]] = '.';
			grid_load(&g, &b, all_rules[r], me, &m);
			assert_int_equal(outcome_at(&b, m.point[0]), OUTCOME_NONE);
		}
}

/* Every five of both board sizes, in all four directions, with each of its
 * points in turn as the missing one. The diagrams are built in memory:
 * there are thousands of them. */
static void test_win_everywhere(void **state)
{
	(void)state;
	static const int sizes[] = {15, 20};
	for (size_t si = 0; si < 2; si++) {
		int n = sizes[si];
		for (int d = 0; d < 4; d++)
			for (int y0 = 0; y0 + 4 * line_dy[d] < n; y0++)
				for (int x0 = 0; x0 < n; x0++) {
					int x4 = x0 + 4 * line_dx[d];
					if (x4 < 0 || x4 >= n)
						continue;
					for (int miss = 0; miss < 5; miss++)
						check_five(n, x0, y0, d, miss);
				}
	}
}

/* A game played move by move: the outcome of each move is decided on the
 * lines through it. Black builds a five on the anti-diagonal into the
 * bottom-left corner, in a scattered order; white plays far away on the
 * top edge with gaps, so it never has more than single stones. */
static void test_win_by_playing(void **state)
{
	(void)state;
	static const int sizes[] = {15, 20};
	static const int order[5] = {2, 0, 4, 1, 3}; /* the winning stone is 3 */
	for (size_t si = 0; si < 2; si++)
		for (size_t r = 0; r < 3; r++) {
			int n = sizes[si];
			Board b;
			assert_int_equal(board_init(&b, n, all_rules[r]), 0);
			for (int k = 0; k < 5; k++) {
				int i = order[k];
				int p = board_point(4 - i, n - 5 + i);
				assert_int_equal(b.to_move, BLACK);
				assert_int_equal(outcome_at(&b, p),
				                 k == 4 ? OUTCOME_WIN : OUTCOME_NONE);
				board_play(&b, p);
				if (k == 4)
					break;
				int q = board_point(n - 1 - 2 * k, 0);
				assert_int_equal(outcome_at(&b, q), OUTCOME_NONE);
				board_play(&b, q);
			}
			assert_int_equal(b.count, 9);
			assert_int_equal(board_last(&b), board_point(1, n - 2));
			/* rules_outcome judges a move, not the board: with black's
			 * five standing, a white move off its lines is nothing. */
			assert_int_equal(outcome_at(&b, board_point(n / 2, n / 2)),
			                 OUTCOME_NONE);
			/* Undoing the last stone gives the winning point back. */
			board_undo(&b);
			assert_int_equal(outcome_at(&b, board_point(1, n - 2)),
			                 OUTCOME_WIN);
		}
}

/* ---- 2. exact five and overlines under each rule ----------------------- */

static void test_exact_five_and_overline(void **state)
{
	(void)state;
	/* clang-format off */
	/* The mark completes a line of 5, 6 or 7 stones of the side to move. */
	static const char *const lines[3] = {
		". X X X * X . .",
		". X X X * X X .",
		"X X X * X X X",
	};
	/* expect[rule][colour][line] */
	static const Outcome expect[3][2][3] = {
		/* freestyle: five or more wins for both */
		{{OUTCOME_WIN, OUTCOME_WIN, OUTCOME_WIN}, {OUTCOME_WIN, OUTCOME_WIN, OUTCOME_WIN}},
		/* standard: exactly five; an overline is nothing, not a loss */
		{{OUTCOME_WIN, OUTCOME_NONE, OUTCOME_NONE}, {OUTCOME_WIN, OUTCOME_NONE, OUTCOME_NONE}},
		/* renju: black's overline is forbidden, white's wins */
		{{OUTCOME_WIN, OUTCOME_FORBIDDEN, OUTCOME_FORBIDDEN},
		 {OUTCOME_WIN, OUTCOME_WIN, OUTCOME_WIN}},
	};
	/* clang-format on */
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 2; c++)
			for (int i = 0; i < 3; i++) {
				Board b;
				Color me = both_colors[c];
				int p = load_picture(&b, 15, all_rules[r], me, lines[i],
				                     me == WHITE);
				Outcome got = outcome_at(&b, p);
				if (got != expect[r][c][i])
					fail_msg("%s, %s, line of %d: %s, expected %s",
					         rule_name(all_rules[r]),
					         me == BLACK ? "black" : "white", i + 5,
					         outcome_name(got),
					         outcome_name(expect[r][c][i]));
				/* Only renju black is ever forbidden (and the white
				 * board has no black stones to be forbidden with). */
				assert_int_equal(forbidden_at(&b, p),
				                 expect[r][c][i] == OUTCOME_FORBIDDEN);
			}
}

/* ---- 3. a full board without a five is a draw -------------------------- */

/* Pairs of stones in every line: no line has more than two in a row. Played
 * in reading order, black never even makes a four or an open three, so no
 * renju move is forbidden either. */
/* clang-format off */
static const char draw_6[] =
	"X X O O X X\n"
	"O O X X O O\n"
	"X X O O X X\n"
	"O O X X O O\n"
	"X X O O X X\n"
	"O O X X O O\n";
/* clang-format on */

static void test_full_board_draw(void **state)
{
	(void)state;
	Board final;
	load_diagram(&final, 6, RULE_FREESTYLE, BLACK, draw_6, NULL);
	/* Black's and white's points in reading order, played alternately. */
	int black[18], white[18], nb = 0, nw = 0;
	for (int y = 0; y < 6; y++)
		for (int x = 0; x < 6; x++) {
			int p = board_point(x, y);
			if (final.cell[p] == CELL_BLACK)
				black[nb++] = p;
			else
				white[nw++] = p;
		}
	assert_int_equal(nb, 18);
	assert_int_equal(nw, 18);
	for (size_t r = 0; r < 3; r++) {
		Board b;
		assert_int_equal(board_init(&b, 6, all_rules[r]), 0);
		for (int k = 0; k < 36; k++) {
			int p = k % 2 == 0 ? black[k / 2] : white[k / 2];
			assert_false(board_full(&b));
			if (outcome_at(&b, p) != OUTCOME_NONE)
				fail_msg("%s: move %d at (%d,%d) is not a plain move",
				         rule_name(all_rules[r]), k + 1, point_x(p),
				         point_y(p));
			board_play(&b, p);
		}
		assert_true(board_full(&b));
		assert_memory_equal(b.cell, final.cell, sizeof b.cell);
	}
}

/* ---- 4. renju forbidden points ------------------------------------------ */

/* A position with black to move at '*'. renju is the expected outcome for
 * black under renju (rules_is_forbidden is true exactly when it is
 * OUTCOME_FORBIDDEN); six says the mark makes six or more in a row, which
 * wins under freestyle and for white under renju. */
typedef struct {
	const char *name;
	Outcome renju;
	bool six;
	const char *picture;
} RenjuCase;

/* clang-format off */
static const RenjuCase renju_cases[] = {
	/* -- overlines: never a win for black, always forbidden -- */
	{"overline: six in a row: forbidden", OUTCOME_FORBIDDEN, true,
	 ". X X X * X X ."},
	{"overline: seven in a column: forbidden", OUTCOME_FORBIDDEN, true,
	 "X\n"
	 "X\n"
	 "X\n"
	 "*\n"
	 "X\n"
	 "X\n"
	 "X\n"},
	{"overline: six on a diagonal, filling a gap: forbidden", OUTCOME_FORBIDDEN, true,
	 "X . . . . .\n"
	 ". X . . . .\n"
	 ". . * . . .\n"
	 ". . . X . .\n"
	 ". . . . X .\n"
	 ". . . . . X\n"},

	/* -- double fours: two points would each complete a different five -- */
	{"double four: two closed fours on two lines: forbidden", OUTCOME_FORBIDDEN, false,
	 ". . . . O . .\n"
	 ". . . . X . .\n"
	 ". . . . X . .\n"
	 ". . . . X . .\n"
	 "O X X X * . .   | row: one five point, right of *\n"
	 ". . . . . . .   | column: one five point, below *\n"},
	{"double four: a straight four and a four: forbidden", OUTCOME_FORBIDDEN, false,
	 ". . . . O . .\n"
	 ". . . . X . .\n"
	 ". . . . X . .\n"
	 ". . . . X . .\n"
	 ". X X X * . .   | straight four\n"
	 ". . . . . . .\n"},
	/* X . X X X . X: the left gap completes the left five, the right gap
	 * the right one. */
	{"double four in one line, X.X*X.X: forbidden", OUTCOME_FORBIDDEN, false,
	 ". X . X * X . X ."},
	{"double four in one line, XX.X*.XX: forbidden", OUTCOME_FORBIDDEN, false,
	 ". X X . X * . X X ."},
	{"double four in one line, XXX.*.XXX: forbidden", OUTCOME_FORBIDDEN, false,
	 ". X X X . * . X X X ."},
	/* The column's only five point would make six, so it is no four. */
	{"not a double four: the second four's five point makes six: legal", OUTCOME_NONE, false,
	 ". . . . O . .\n"
	 ". . . . X . .\n"
	 ". . . . X . .\n"
	 ". . . . X . .\n"
	 "O X X X * . .   | a real four\n"
	 ". . . . . . .   | X here would be six in the column\n"
	 ". . . . X . .\n"},

	/* -- double threes: two lines that one more stone each turns into a
	 *    straight four -- */
	{"double three: two open threes: forbidden", OUTCOME_FORBIDDEN, false,
	 ". . . . . .\n"
	 ". . . X . .\n"
	 ". . . X . .\n"
	 ". X X * . .\n"
	 ". . . . . .\n"},
	{"double three with a split three X.XX: forbidden", OUTCOME_FORBIDDEN, false,
	 ". . . . . . .\n"
	 ". . . . X . .\n"
	 ". . . . X . .\n"
	 ". X . X * . .   | the gap makes .XXXX.\n"
	 ". . . . . . .\n"},
	{"double three on both diagonals, * in the middle: forbidden", OUTCOME_FORBIDDEN, false,
	 ". . . . .\n"
	 ". X . X .\n"
	 ". . * . .\n"
	 ". X . X .\n"
	 ". . . . .\n"},
	{"four-three: legal", OUTCOME_NONE, false,
	 ". . . . . .\n"
	 ". . . . X .\n"
	 ". . . . X .\n"
	 "O X X X * .   | a closed four\n"
	 ". . . . . .\n"},
	{"four-three with a straight four: legal, not yet a win", OUTCOME_NONE, false,
	 ". . . . . . .\n"
	 ". . . . . X .\n"
	 ". . . . . X .\n"
	 ". . X X X * .   | a straight four\n"
	 ". . . . . . .\n"},
	/* A four does not excuse the two threes that come with it. */
	{"four-three-three: forbidden", OUTCOME_FORBIDDEN, false,
	 ". . . . . .\n"
	 ". . . . X .\n"
	 ". . . . X .\n"
	 "O X X X * .\n"
	 ". . . X . .\n"
	 ". . X . . .\n"
	 ". . . . . .\n"},
	/* In the row, either outer point makes only a closed four: O X X X X . O
	 * or O . X X X X O. So the row is not a three. */
	{"not a double three: white closes the row at both far ends: legal", OUTCOME_NONE, false,
	 ". . . . . . .\n"
	 ". . . . X . .\n"
	 ". . . . X . .\n"
	 "O . X X * . O\n"
	 ". . . . . . .\n"},
	/* In the row, the four made on the left is closed by O. The one made on
	 * the right, . X X X X . with X just right of *, is no straight four:
	 * its right five point makes six with the far X. Not a three. */
	{"not a double three: the straight four would need an overline: legal",
	 OUTCOME_NONE, false,
	 ". . . . . . . .\n"
	 ". . . . X . . .\n"
	 ". . . . X . . .\n"
	 "O . X X * . . X\n"
	 ". . . . . . . .\n"},
	/* The row starts at the left edge. The wall closes the four made on
	 * the left, but X right of * makes . X X X X . against the wall, a
	 * straight four: the row is a three. */
	{"double three with the edge one point beyond a three: forbidden", OUTCOME_FORBIDDEN, false,
	 ". . . . . . . . . . . . . . .\n"
	 ". . . X . . . . . . . . . . .\n"
	 ". . . X . . . . . . . . . . .\n"
	 ". X X * . . . . . . . . . . .\n"
	 ". . . . . . . . . . . . . . .\n"},
	/* Against the edge, X X X . can only become a closed four. */
	{"not a double three: the edge closes the row: legal", OUTCOME_NONE, false,
	 ". . . . . . . . . . . . . . .\n"
	 ". . X . . . . . . . . . . . .\n"
	 ". . X . . . . . . . . . . . .\n"
	 "X X * . . . . . . . . . . . .\n"
	 ". . . . . . . . . . . . . . .\n"},

	/* -- threes whose straight-four point is itself forbidden (renju
	 *    decides them with * played and looks at that point in turn) -- */
	/* Row: O . X X * q . . with O closing the left, so q (right of *) is
	 * the only straight-four point. With * played, q also makes the closed
	 * four of the column above it: a double four, forbidden. The row is no
	 * three; only the column below * is. */
	{"recursive: the straight-four point is a double four: legal", OUTCOME_NONE, false,
	 ". . . . . O . .\n"
	 ". . . . . X . .\n"
	 ". . . . . X . .\n"
	 ". . . . . X . .\n"
	 "O . X X * . . .\n"
	 ". . . . X . . .\n"
	 ". . . . X . . .\n"
	 ". . . . . . . .\n"},
	/* The same with the left end open: . X X X X . on the left is a
	 * legal straight four, so the row is a real three after all. */
	{"recursive: one straight-four point forbidden, the other legal: forbidden",
	 OUTCOME_FORBIDDEN, false,
	 ". . . . . O . .\n"
	 ". . . . . X . .\n"
	 ". . . . . X . .\n"
	 ". . . . . X . .\n"
	 ". . X X * . . .\n"
	 ". . . . X . . .\n"
	 ". . . . X . . .\n"
	 ". . . . . . . .\n"},
	/* The first case with another black three further along the row.
	 * Three points right of *, X makes an open four of that group, which
	 * does not hold *: it must not make *'s row a three. */
	{"recursive: another group's open four in the row does not count: legal",
	 OUTCOME_NONE, false,
	 ". . . . . O . . . . . .\n"
	 ". . . . . X . . . . . .\n"
	 ". . . . . X . . . . . .\n"
	 ". . . . . X . . . . . .\n"
	 "O . X X * . . . X X X .\n"
	 ". . . . X . . . . . . .\n"
	 ". . . . X . . . . . . .\n"
	 ". . . . . . . . . . . .\n"},
	/* q, right of *, is again the row's only straight-four point, and it
	 * completes six in its column (two above, three below): an overline.
	 * * has one three, in its own column. */
	{"recursive: the straight-four point is an overline: legal", OUTCOME_NONE, false,
	 ". . . . . . . .\n"
	 ". . . . . . . .\n"
	 ". . . . X X . .\n"
	 ". . . . X X . .\n"
	 "O . X X * . . .\n"
	 ". . . . . X . .\n"
	 ". . . . . X . .\n"
	 ". . . . . X . .\n"
	 ". . . . . . . .\n"},
	/* q, right of *, is the row's only straight-four point. With * played,
	 * q makes that straight four plus two open threes, the column below it
	 * and the anti-diagonal up to the right: a four-three-three. Both threes
	 * are real (the column's upper straight-four point is a legal
	 * four-three; the anti-diagonal's upper one is a plain four), so q is
	 * forbidden and * has one three only, in its own column. */
	{"recursive: the straight-four point is a four-three-three: legal", OUTCOME_NONE, false,
	 ". . . . . . . . . .\n"
	 ". . . . . . . . . .\n"
	 ". . . . X . . X . .\n"
	 ". . . . X . X . . .\n"
	 "O . X X * . . . . .\n"
	 ". . . . . X . . . .\n"
	 ". . . . . X . . . .\n"
	 ". . . . . . . . . .\n"},
	/* As above with O at the top right, which closes the anti-diagonal's
	 * upper straight four. Its lower straight-four point (down-left of q)
	 * also completes a straight four in *'s column: a double four. So q's
	 * anti-diagonal is no three, q is a legal four-three, the row is a real
	 * three again, and * is a double three. Three levels deep. */
	{"recursive, two levels: the straight-four point's double three is false: forbidden",
	 OUTCOME_FORBIDDEN, false,
	 ". . . . . . . . . O\n"
	 ". . . . . . . . . .\n"
	 ". . . . X . . X . .\n"
	 ". . . . X . X . . .\n"
	 "O . X X * . . . . .\n"
	 ". . . . . X . . . .\n"
	 ". . . . . X . . . .\n"
	 ". . . . . . . . . .\n"},

	/* The row's only straight-four point, right of *, also completes a
	 * five on the anti-diagonal (closed by O at the top). A five is a win,
	 * not a straight four, so the row is no three (the convention of
	 * Gomocup's judge, see rules.c): * has one three, in its column. */
	{"five first: the straight-four point makes a five elsewhere: legal", OUTCOME_NONE,
	 false,
	 ". . . . . . . . . . O\n"
	 ". . . . . . . . . X .\n"
	 ". . . . . . . . X . .\n"
	 ". . . . X . . X . . .\n"
	 ". . . . X . X . . . .\n"
	 "O . X X * . . . . . .   | the row's straight four would be a five\n"
	 ". . . . . . . . . . .\n"
	 ". . . . . . . . . . .\n"},

	/* -- an exact five wins whatever else the move makes -- */
	{"five with a double four: wins", OUTCOME_WIN, false,
	 "O . . . O .\n"
	 ". X . . X .\n"
	 ". . X . X .\n"
	 ". . . X X .\n"
	 "X X X X * .   | five; fours in the column and on the diagonal\n"
	 ". . . . . .\n"},
	{"five with a double three: wins", OUTCOME_WIN, false,
	 ". . . . . . .\n"
	 ". . . . X . .\n"
	 ". . . . X . .\n"
	 ". X X X * X .   | five; threes in the column and anti-diagonal\n"
	 ". . . X . . .\n"
	 ". . X . . . .\n"
	 ". . . . . . .\n"},
	{"five with an overline in another line: wins", OUTCOME_WIN, true,
	 ". . . . X .\n"
	 ". . . . X .\n"
	 ". . . . X .\n"
	 "X X X X * .   | five; six in the column\n"
	 ". . . . X .\n"
	 ". . . . X .\n"
	 ". . . . . .\n"},
};
/* clang-format on */

enum { RENJU_CASES = sizeof renju_cases / sizeof renju_cases[0] };

/* The outcome of a renju case's mark for colour (its stones swapped in when
 * white) under rule. Only renju black is ever forbidden; otherwise the
 * mark wins exactly when it makes a five: exactly five (renju black wins
 * just then, so the renju field tells) under standard, five or more under
 * freestyle and for white under renju. */
static Outcome renju_case_expect(const RenjuCase *c, Rule rule, Color me)
{
	if (rule == RULE_RENJU && me == BLACK)
		return c->renju;
	bool exact_five = c->renju == OUTCOME_WIN;
	if (rule == RULE_STANDARD)
		return exact_five ? OUTCOME_WIN : OUTCOME_NONE;
	return exact_five || c->six ? OUTCOME_WIN : OUTCOME_NONE;
}

static void test_renju_case(void **state)
{
	const RenjuCase *c = *state;
	for (size_t r = 0; r < 3; r++)
		for (size_t k = 0; k < 2; k++) {
			Rule rule = all_rules[r];
			Color me = both_colors[k];
			Board b;
			/* White gets the same shape in white stones. */
			int p = load_picture(&b, 15, rule, me, c->picture, me == WHITE);
			Outcome want = renju_case_expect(c, rule, me);
			Outcome got = outcome_at(&b, p);
			bool forbidden = forbidden_at(&b, p);
			if (got != want || forbidden != (want == OUTCOME_FORBIDDEN))
				fail_msg(
				    "%s, %s to move: outcome %s, forbidden %d; expected %s",
				    rule_name(rule), me == BLACK ? "black" : "white",
				    outcome_name(got), forbidden, outcome_name(want));
		}
}

/* The referee issue's game (15x15, black first). Black's row-9 three
 * h9 . j9 k9, made by k9, can only become a straight four at i9, and i9
 * makes the five f6-g7-h8-i9-j10: so k9 is no double three, and black's
 * only forbidden point is k6, as Gomocup's judge has it. */
static void test_forbidden_points_of_a_game(void **state)
{
	(void)state;
	static const char game[] =
	    "f6 e8 h8 e10 g5 i7 j7 d9 i3 d7 h5 i10 h9 d10 l8 j12 j10 h4 e7 b9 "
	    "j9 j2 g7 c5 k5 e3 j5 a11 i6 f1 c9 k14 l6 n4 h3 d4";
	int16_t moves[BOARD_MAX_MOVES];
	char err[160];
	int n = record_parse_moves(15, game, moves, BOARD_MAX_MOVES, err, sizeof err);
	if (n < 0)
		fail_msg("record_parse_moves: %s", err);
	assert_int_equal(n, 36);
	Board b;
	assert_int_equal(board_init(&b, 15, RULE_RENJU), 0);
	for (int i = 0; i < n; i++) {
		if (outcome_at(&b, moves[i]) != OUTCOME_NONE)
			fail_msg("move %d is not a plain move", i + 1);
		board_play(&b, moves[i]);
	}
	assert_int_equal(b.to_move, BLACK);

	char found[512] = "";
	for (int y = 0; y < 15; y++)
		for (int x = 0; x < 15; x++) {
			int p = board_point(x, y);
			if (b.cell[p] == CELL_EMPTY && forbidden_at(&b, p)) {
				char text[COORD_TEXT_MAX];
				strcat(found, " ");
				strcat(found, coord_format(15, p, text));
			}
		}
	assert_string_equal(found, " k6");

	int k9, i9;
	assert_int_equal(coord_parse(15, "k9", &k9, err, sizeof err), 0);
	assert_int_equal(coord_parse(15, "i9", &i9, err, sizeof err), 0);
	assert_int_equal(outcome_at(&b, k9), OUTCOME_NONE);
	assert_int_equal(outcome_at(&b, i9), OUTCOME_WIN);
	/* With k9 played, i9 is still a win and not a straight four's point. */
	board_play(&b, k9);
	board_set_to_move(&b, BLACK);
	assert_int_equal(outcome_at(&b, i9), OUTCOME_WIN);
}

/* A renju forbidden point is legal to play: the move just loses. */
static void test_forbidden_point_is_legal(void **state)
{
	(void)state;
	Board b;
	int p = load_picture(&b, 15, RULE_RENJU, BLACK, renju_cases[0].picture, false);
	assert_true(forbidden_at(&b, p));
	assert_true(rules_legal(&b, p));
	board_play(&b, p);
	assert_false(rules_legal(&b, p));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_win_at_corners_15),
	    cmocka_unit_test(test_win_at_corners_20),
	    cmocka_unit_test(test_win_everywhere),
	    cmocka_unit_test(test_win_by_playing),
	    cmocka_unit_test(test_exact_five_and_overline),
	    cmocka_unit_test(test_full_board_draw),
	    cmocka_unit_test(test_forbidden_point_is_legal),
	    cmocka_unit_test(test_forbidden_points_of_a_game),
	};
	/* One test per renju case, named after it. */
	struct CMUnitTest renju[RENJU_CASES];
	for (size_t i = 0; i < RENJU_CASES; i++)
		renju[i] = (struct CMUnitTest){
		    .name = renju_cases[i].name,
		    .test_func = test_renju_case,
		    .initial_state = (void *)&renju_cases[i],
		};
	int failed = cmocka_run_group_tests_name("rules", tests, NULL, NULL);
	failed += cmocka_run_group_tests_name("renju forbidden points", renju, NULL, NULL);
	return failed != 0;
}
