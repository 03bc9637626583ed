/* test_pattern.c - line patterns and threats against an independent
 * reference.
 *
 * The reference classifier below works on windows of cells along a line
 * (the shapes as a player would describe them), not on the run-based
 * memoised recursion of game/pattern.c, so the two can catch each other's
 * mistakes. It is checked three ways: on every 11-cell line key that can
 * occur on a board, on thousands of random boards through the incremental
 * board_pattern()/board_threat(), and on hand-made lines. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "diagram.h"
#include "pattern.h"
#include "rng.h"
#include "rules.h"

/* ---- the reference ---------------------------------------------------- */

/* A line as the reference sees it: cells -REF_R..REF_R around the point,
 * index REF_R being the point itself. Distance 6 is the farthest any window
 * reaches (a cell just outside a 6-cell window); 7 is a margin. */
enum { REF_R = 7, REF_LEN = 2 * REF_R + 1 };

/* Is line[s..s+len-1] a window through the centre whose cells are `own`
 * own stones and the rest empty? With `open`, the two end cells must be
 * empty and the count is over the interior. Under exact rules the cells
 * just outside the window must not be own stones (the shape would be part
 * of an overline). */
static bool ref_window(const uint8_t *l, int s, int len, int own, int stones, bool open,
                       int exact)
{
	if (s > REF_R || s + len - 1 < REF_R || s < 1 || s + len >= REF_LEN)
		return false;
	int lo = s, hi = s + len - 1;
	if (open) {
		if (l[lo] != CELL_EMPTY || l[hi] != CELL_EMPTY)
			return false;
		lo++;
		hi--;
	}
	int n = 0;
	for (int i = lo; i <= hi; i++) {
		if (l[i] == own)
			n++;
		else if (l[i] != CELL_EMPTY)
			return false;
	}
	if (n != stones)
		return false;
	return !exact || (l[s - 1] != own && l[s + len] != own);
}

static bool ref_any_window(const uint8_t *l, int len, int own, int stones, bool open,
                           int exact)
{
	for (int s = REF_R - len + 1; s <= REF_R; s++)
		if (ref_window(l, s, len, own, stones, open, exact))
			return true;
	return false;
}

/* Is the empty cell q a five point: is there a 5-cell window holding the
 * centre and q whose other three cells are own stones (and, if exact, no
 * own stone just outside)? */
static bool ref_five_point(const uint8_t *l, int q, int own, int exact)
{
	int lo = (q > REF_R ? q : REF_R) - 4, hi = q < REF_R ? q : REF_R;
	for (int s = lo; s <= hi; s++) {
		bool ok = true;
		for (int i = s; i < s + 5 && ok; i++)
			ok = i == q || l[i] == own;
		if (ok && (!exact || (l[s - 1] != own && l[s + 5] != own)))
			return true;
	}
	return false;
}

/* The pattern of an own stone placed on the empty centre of l. */
static LinePattern ref_line(const uint8_t l_in[REF_LEN], int own, int exact)
{
	uint8_t l[REF_LEN];
	memcpy(l, l_in, sizeof l);
	l[REF_R] = (uint8_t)own;

	int run = 1;
	for (int i = REF_R - 1; i >= 0 && l[i] == own; i--)
		run++;
	for (int i = REF_R + 1; i < REF_LEN && l[i] == own; i++)
		run++;
	if (run >= 5)
		return exact && run > 5 ? PAT_OVERLINE : PAT_FIVE;

	int five[8], nf = 0;
	for (int q = REF_R - 4; q <= REF_R + 4; q++)
		if (q != REF_R && l[q] == CELL_EMPTY && ref_five_point(l, q, own, exact))
			five[nf++] = q;
	if (nf >= 2) {
		for (int a = 0; a < nf; a++)
			for (int b = a + 1; b < nf; b++)
				if (five[b] - five[a] == 5)
					return PAT_OPEN_FOUR;
		return PAT_DOUBLE_FOUR;
	}
	if (nf == 1)
		return PAT_FOUR;
	if (ref_any_window(l, 6, own, 3, true, exact))
		return PAT_OPEN_THREE;
	if (ref_any_window(l, 5, own, 3, false, exact))
		return PAT_THREE;
	if (ref_any_window(l, 6, own, 2, true, exact))
		return PAT_OPEN_TWO;
	if (ref_any_window(l, 5, own, 2, false, exact))
		return PAT_TWO;
	return PAT_NONE;
}

/* The line of direction d through p, read from the board's cells. Every
 * cell past the first wall is a wall, so the walk never leaves the padding. */
static void ref_read(const Board *b, int p, int d, uint8_t l[REF_LEN])
{
	l[REF_R] = CELL_EMPTY;
	for (int sign = -1; sign <= 1; sign += 2) {
		int q = p;
		bool wall = false;
		for (int k = 1; k <= REF_R; k++) {
			if (!wall) {
				q += sign * board_step[d];
				assert_in_range(q, 0, BOARD_CELLS - 1);
				wall = b->cell[q] == CELL_WALL;
			}
			l[REF_R + sign * k] = wall ? CELL_WALL : b->cell[q];
		}
	}
}

static int exact_for(Rule rule, Color c)
{
	return c == BLACK ? rule != RULE_FREESTYLE : rule == RULE_STANDARD;
}

static void line_text(const uint8_t *l, int n, char *out)
{
	for (int i = 0; i < n; i++)
		out[i] = ".XO#"[l[i] & 3];
	out[n] = '\0';
}

/* The reference's view of an 11-cell key window (centre index 5). Beyond
 * distance 5 a wall continues and anything else reads empty: the tables see
 * only distance 5, and so must the reference. */
static void ref_from_cells(const uint8_t cells[11], uint8_t l[REF_LEN])
{
	memset(l, CELL_EMPTY, REF_LEN);
	memcpy(l + REF_R - 5, cells, 11);
	for (int k = 6; k <= REF_R; k++) {
		if (cells[0] == CELL_WALL)
			l[REF_R - k] = CELL_WALL;
		if (cells[10] == CELL_WALL)
			l[REF_R + k] = CELL_WALL;
	}
}

/* Compares the table with the reference on one window, both colours. */
static void expect_key(const uint8_t cells[11], int exact, long seen[PAT_COUNT])
{
	uint8_t l[REF_LEN];
	ref_from_cells(cells, l);
	for (int c = 0; c < 2; c++) {
		LinePattern want = ref_line(l, c + 1, exact);
		LinePattern got = pattern_classify(cells, c, exact);
		seen[want]++;
		if (want != got) {
			char text[12];
			line_text(cells, 11, text);
			print_error("line %s colour %d exact %d: reference %s, table %s\n",
			            text, c, exact, pattern_name(want), pattern_name(got));
			fail();
		}
	}
}

/* ---- every line key --------------------------------------------------- */

/* The 364 ways to fill five cells when walls may only run in from the far
 * end: half[i][0] is the cell next to the centre. */
enum { HALVES = 364 };

static int make_halves(uint8_t half[HALVES][5])
{
	int n = 0;
	for (int walls = 0; walls <= 5; walls++) {
		int free_cells = 5 - walls, combos = 1;
		for (int i = 0; i < free_cells; i++)
			combos *= 3;
		for (int v = 0; v < combos; v++) {
			int x = v;
			for (int i = 0; i < 5; i++) {
				if (i < free_cells) {
					half[n][i] = (uint8_t)(x % 3);
					x /= 3;
				} else {
					half[n][i] = CELL_WALL;
				}
			}
			n++;
		}
	}
	return n;
}

static void every_key_matches_reference(void **state)
{
	(void)state;
	static uint8_t half[HALVES][5];
	assert_int_equal(make_halves(half), HALVES);
	long seen[2][PAT_COUNT] = {{0}};
	for (int a = 0; a < HALVES; a++)
		for (int b = 0; b < HALVES; b++) {
			uint8_t cells[11];
			for (int i = 0; i < 5; i++) {
				cells[4 - i] = half[a][i];
				cells[6 + i] = half[b][i];
			}
			cells[5] = CELL_EMPTY;
			expect_key(cells, 0, seen[0]);
			expect_key(cells, 1, seen[1]);
		}
	for (int exact = 0; exact < 2; exact++)
		for (int p = 0; p < PAT_COUNT; p++)
			if (p != PAT_OVERLINE || exact)
				assert_true(seen[exact][p] > 0);
	assert_int_equal(seen[0][PAT_OVERLINE], 0);
}

/* ---- random boards ---------------------------------------------------- */

static const int dir_dx[4] = {1, 0, 1, -1}, dir_dy[4] = {0, 1, 1, 1};

/* Puts up to a random number of stones on a fresh board: sparse and
 * uniform, in dense clusters, or strung along lines (which makes fours,
 * fives and overlines common). Colours are mixed in random proportions,
 * sometimes alternating through board_play. */
static void random_position(Board *b, Rng *r, int size, Rule rule)
{
	assert_int_equal(board_init(b, size, rule), 0);
	int area = size * size, cap = area * 3 / 5 < 120 ? area * 3 / 5 : 120;
	int n = (int)rng_below(r, (uint32_t)cap + 1);
	int mode = (int)rng_below(r, 3);
	static const uint32_t black_pct[] = {50, 50, 70, 30, 90, 10, 100, 0};
	uint32_t pct = black_pct[rng_below(r, 8)];
	bool alternate = rng_below(r, 4) == 0;
	int cx = 0, cy = 0, rad = 0, dir = 0;
	for (int placed = 0, tries = 0; placed < n && tries < 40 * n; tries++) {
		if (tries == 0 || rng_below(r, 12) == 0) {
			cx = (int)rng_below(r, (uint32_t)size);
			cy = (int)rng_below(r, (uint32_t)size);
			rad = 1 + (int)rng_below(r, 3);
			dir = (int)rng_below(r, 4);
		}
		int x, y;
		if (mode == 0) {
			x = (int)rng_below(r, (uint32_t)size);
			y = (int)rng_below(r, (uint32_t)size);
		} else if (mode == 1) {
			x = cx - rad + (int)rng_below(r, (uint32_t)(2 * rad + 1));
			y = cy - rad + (int)rng_below(r, (uint32_t)(2 * rad + 1));
		} else {
			int t = (int)rng_below(r, 13) - 6;
			x = cx + t * dir_dx[dir];
			y = cy + t * dir_dy[dir];
		}
		if (!board_on(b, x, y) || b->cell[board_point(x, y)] != CELL_EMPTY)
			continue;
		int p = board_point(x, y);
		if (alternate)
			board_play(b, p);
		else
			board_put(b, p, rng_below(r, 100) < pct ? BLACK : WHITE);
		placed++;
	}
}

typedef struct {
	long pat[2][PAT_COUNT]; /* by exact */
	long threat[THREAT_COUNT];
} Coverage;

static void report_board(const Board *b, int p, int d, Color c, const char *what,
                         const char *want, const char *got, const uint8_t *l)
{
	char pic[DIAGRAM_TEXT_MAX], text[REF_LEN + 1];
	diagram_format(b, POINT_NONE, pic, sizeof pic);
	line_text(l, REF_LEN, text);
	print_error("%s: %s of %s at x=%d y=%d direction %d: reference %s, board %s\n"
	            "line (centre = index %d) %s\n%s",
	            rule_name(b->rule), what, c == BLACK ? "black" : "white", point_x(p),
	            point_y(p), d, want, got, REF_R, text, pic);
	fail();
}

static void check_position(const Board *b, Coverage *cov)
{
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++) {
			int p = board_point(x, y);
			if (b->cell[p] != CELL_EMPTY)
				continue;
			LinePattern ref[2][4];
			uint8_t l[4][REF_LEN];
			for (int d = 0; d < 4; d++) {
				ref_read(b, p, d, l[d]);
				for (int c = 0; c < 2; c++) {
					int exact = exact_for(b->rule, (Color)c);
					ref[c][d] = ref_line(l[d], c + 1, exact);
					cov->pat[exact][ref[c][d]]++;
					int got = board_pattern(b, p, (Color)c, d);
					if (got != (int)ref[c][d])
						report_board(b, p, d, (Color)c, "pattern",
						             pattern_name(ref[c][d]),
						             pattern_name((LinePattern)got),
						             l[d]);
				}
			}
			for (int c = 0; c < 2; c++) {
				int rb = b->rule == RULE_RENJU && c == BLACK;
				Threat want = pattern_combine(ref[c], rb);
				int got = board_threat(b, p, (Color)c);
				cov->threat[want]++;
				if (got != (int)want)
					report_board(b, p, 0, (Color)c, "threat",
					             threat_name(want),
					             threat_name((Threat)got), l[0]);
			}
		}
}

static void random_boards_match_reference(Rule rule, uint64_t seed)
{
	/* size, positions: mostly 15x15, some 20x20, small boards for walls. */
	static const int plan[][2] = {{15, 1600}, {20, 300}, {7, 1000},
	                              {5, 600},   {10, 400}, {11, 200}};
	Rng r;
	rng_seed(&r, seed);
	Coverage cov;
	memset(&cov, 0, sizeof cov);
	Board b;
	for (size_t i = 0; i < sizeof plan / sizeof plan[0]; i++)
		for (int k = 0; k < plan[i][1]; k++) {
			random_position(&b, &r, plan[i][0], rule);
			check_position(&b, &cov);
		}
	/* The generator must reach every shape, or the comparison proves little. */
	for (Color c = BLACK; c <= WHITE; c++) {
		int exact = exact_for(rule, c);
		for (int p = 0; p < PAT_COUNT; p++)
			if (p != PAT_OVERLINE || exact) {
				if (cov.pat[exact][p] == 0)
					print_error("%s: %s never seen\n", rule_name(rule),
					            pattern_name((LinePattern)p));
				assert_true(cov.pat[exact][p] > 0);
			}
	}
	for (int t = 0; t < THREAT_COUNT; t++)
		if (t != THREAT_FORBIDDEN || rule == RULE_RENJU) {
			if (cov.threat[t] == 0)
				print_error("%s: threat %s never seen\n", rule_name(rule),
				            threat_name((Threat)t));
			assert_true(cov.threat[t] > 0);
		}
	if (rule != RULE_RENJU)
		assert_int_equal(cov.threat[THREAT_FORBIDDEN], 0);
}

static void random_boards_freestyle(void **state)
{
	(void)state;
	random_boards_match_reference(RULE_FREESTYLE, 1);
}

static void random_boards_standard(void **state)
{
	(void)state;
	random_boards_match_reference(RULE_STANDARD, 2);
}

static void random_boards_renju(void **state)
{
	(void)state;
	random_boards_match_reference(RULE_RENJU, 3);
}

/* ---- hand-made lines -------------------------------------------------- */

/* 11 cells, centre (index 5) '*': X black, O white, . empty, # wall (walls
 * only at the ends, as on a board). */
typedef struct {
	const char *line;
	LinePattern free_pat, exact_pat;
} LineCase;

/* clang-format off */
static const LineCase line_cases[] = {
	{"...XX*XX...", PAT_FIVE, PAT_FIVE},
	{"###XX*XX.##", PAT_FIVE, PAT_FIVE},
	{"..XXX*XX...", PAT_FIVE, PAT_OVERLINE},
	{"XXXXX*XXXXX", PAT_FIVE, PAT_OVERLINE},
	{".OXXX*XXO..", PAT_FIVE, PAT_OVERLINE},
	{"...XX*X....", PAT_OPEN_FOUR, PAT_OPEN_FOUR},     /* .XXXX. */
	{".X.XX*X....", PAT_OPEN_FOUR, PAT_FOUR},          /* X.XXXX.: left is a six */
	{".X.XX*X.X..", PAT_OPEN_FOUR, PAT_NONE},          /* X.XXXX.X: every shape is a six */
	{"..X.X*X.X..", PAT_DOUBLE_FOUR, PAT_DOUBLE_FOUR}, /* X.X*X.X */
	{".XX.X*.XX..", PAT_DOUBLE_FOUR, PAT_DOUBLE_FOUR}, /* XX.X*.XX */
	{".XX.X*X.X..", PAT_DOUBLE_FOUR, PAT_FOUR},        /* left five point makes six */
	{"..OXX*X....", PAT_FOUR, PAT_FOUR},
	{"###XX*X....", PAT_FOUR, PAT_FOUR},               /* wall closes the left */
	{"...XX*.X...", PAT_FOUR, PAT_FOUR},               /* XX*.X */
	{"XX.XX*.....", PAT_FOUR, PAT_THREE},              /* the five point makes six */
	{"....X*X....", PAT_OPEN_THREE, PAT_OPEN_THREE},
	{"...X.*X....", PAT_OPEN_THREE, PAT_OPEN_THREE},   /* X.*X */
	{".X..X*X..X.", PAT_OPEN_THREE, PAT_THREE},        /* each .XXXX. has a six at one end */
	{"####X*X....", PAT_THREE, PAT_THREE},             /* wall makes it closed */
	{"###.X*X.###", PAT_THREE, PAT_THREE},             /* no room for .XXXX. */
	{"...OX*X....", PAT_THREE, PAT_THREE},
	{"..OX.*X.O..", PAT_THREE, PAT_THREE},
	{"....X*.....", PAT_OPEN_TWO, PAT_OPEN_TWO},
	{"..X..*.....", PAT_OPEN_TWO, PAT_OPEN_TWO},       /* .X..X. */
	{"...OX*.....", PAT_TWO, PAT_TWO},
	{"####X*.....", PAT_TWO, PAT_TWO},
	{"...O.*X..O.", PAT_TWO, PAT_TWO},
	{"X.X..*.....", PAT_OPEN_TWO, PAT_TWO},            /* X.X..*: left end is a six */
	{"XX...*.....", PAT_TWO, PAT_NONE},
	{"XXX..*.....", PAT_THREE, PAT_NONE},
	{".....*.....", PAT_NONE, PAT_NONE},
	{"....O*O....", PAT_NONE, PAT_NONE},
	{"###O.*.O###", PAT_NONE, PAT_NONE},
	{"...O.*O....", PAT_NONE, PAT_NONE},
	{"###.X*.O###", PAT_NONE, PAT_NONE},               /* four cells: no five fits */
};
/* clang-format on */

static void parse_line(const char *s, int swap, uint8_t cells[11])
{
	assert_int_equal(strlen(s), 11);
	for (int j = 0; j < 11; j++) {
		switch (s[j]) {
		case '.':
		case '*': cells[j] = CELL_EMPTY; break;
		case 'X': cells[j] = swap ? CELL_WHITE : CELL_BLACK; break;
		case 'O': cells[j] = swap ? CELL_BLACK : CELL_WHITE; break;
		case '#': cells[j] = CELL_WALL; break;
		default: fail_msg("bad cell '%c' in %s", s[j], s);
		}
	}
	assert_int_equal(s[5], '*');
}

static void hand_lines(void **state)
{
	(void)state;
	bool covered[2][PAT_COUNT] = {{false}};
	for (size_t i = 0; i < sizeof line_cases / sizeof line_cases[0]; i++) {
		const LineCase *t = &line_cases[i];
		for (int exact = 0; exact < 2; exact++) {
			LinePattern want = exact ? t->exact_pat : t->free_pat;
			covered[exact][want] = true;
			for (int c = 0; c < 2; c++) {
				uint8_t cells[11], l[REF_LEN];
				parse_line(t->line, c, cells);
				LinePattern got = pattern_classify(cells, c, exact);
				/* The reference must agree with the hand answer too. */
				ref_from_cells(cells, l);
				LinePattern ref = ref_line(l, c + 1, exact);
				if (got != want || ref != want) {
					print_error(
					    "%s colour %d exact %d: want %s, table %s, "
					    "reference %s\n",
					    t->line, c, exact, pattern_name(want),
					    pattern_name(got), pattern_name(ref));
					fail();
				}
			}
		}
	}
	for (int exact = 0; exact < 2; exact++)
		for (int p = 0; p < PAT_COUNT; p++)
			if (p != PAT_OVERLINE || exact)
				assert_true(covered[exact][p]);
}

/* ---- combining four lines --------------------------------------------- */

typedef struct {
	LinePattern p[4];
	int renju_black;
	Threat want;
} ComboCase;

/* clang-format off */
#define N PAT_NONE
static const ComboCase combo_cases[] = {
	{{N, N, N, N}, 0, THREAT_NONE},
	{{N, N, N, N}, 1, THREAT_NONE},
	{{PAT_TWO, N, N, N}, 0, THREAT_TWO},
	{{PAT_TWO, PAT_TWO, N, N}, 1, THREAT_TWO},
	{{N, PAT_OPEN_TWO, N, N}, 0, THREAT_TWO},
	{{PAT_OPEN_TWO, PAT_TWO, N, N}, 0, THREAT_TWO},
	{{PAT_OPEN_TWO, N, PAT_OPEN_TWO, N}, 0, THREAT_DOUBLE_TWO},
	{{PAT_OPEN_TWO, N, PAT_OPEN_TWO, N}, 1, THREAT_DOUBLE_TWO},
	{{N, N, N, PAT_THREE}, 0, THREAT_THREE},
	{{PAT_THREE, PAT_THREE, PAT_OPEN_TWO, PAT_OPEN_TWO}, 1, THREAT_THREE},
	{{PAT_OPEN_THREE, PAT_THREE, PAT_OPEN_TWO, N}, 0, THREAT_OPEN_THREE},
	{{PAT_OPEN_THREE, N, N, N}, 1, THREAT_OPEN_THREE},
	{{PAT_OPEN_THREE, PAT_OPEN_THREE, N, N}, 0, THREAT_DOUBLE_THREE},
	{{PAT_OPEN_THREE, N, PAT_OPEN_THREE, PAT_OPEN_THREE}, 1, THREAT_DOUBLE_THREE},
	{{PAT_FOUR, N, N, N}, 0, THREAT_FOUR},
	{{PAT_FOUR, PAT_THREE, PAT_OPEN_TWO, N}, 1, THREAT_FOUR},
	{{PAT_FOUR, PAT_OPEN_THREE, N, N}, 0, THREAT_FOUR_THREE},
	{{N, PAT_OPEN_THREE, N, PAT_FOUR}, 1, THREAT_FOUR_THREE},
	/* A four does not hide a renju double three: rules.c must judge it. */
	{{PAT_FOUR, PAT_OPEN_THREE, PAT_OPEN_THREE, N}, 0, THREAT_FOUR_THREE},
	{{PAT_FOUR, PAT_OPEN_THREE, PAT_OPEN_THREE, N}, 1, THREAT_DOUBLE_THREE},
	{{PAT_FOUR, PAT_FOUR, N, N}, 0, THREAT_DOUBLE_FOUR},
	{{PAT_DOUBLE_FOUR, N, N, N}, 0, THREAT_DOUBLE_FOUR},
	{{PAT_FOUR, PAT_FOUR, PAT_OPEN_THREE, N}, 0, THREAT_DOUBLE_FOUR},
	{{PAT_FOUR, PAT_FOUR, N, N}, 1, THREAT_FORBIDDEN},
	{{N, N, PAT_DOUBLE_FOUR, N}, 1, THREAT_FORBIDDEN},
	{{PAT_OPEN_FOUR, PAT_FOUR, N, N}, 1, THREAT_FORBIDDEN},
	{{PAT_OVERLINE, N, N, N}, 1, THREAT_FORBIDDEN},
	{{PAT_OVERLINE, PAT_OPEN_FOUR, N, N}, 1, THREAT_FORBIDDEN},
	/* An overline is no win for an exact-five colour outside renju. */
	{{PAT_OVERLINE, N, N, N}, 0, THREAT_NONE},
	{{PAT_OVERLINE, PAT_THREE, N, N}, 0, THREAT_THREE},
	{{PAT_OPEN_FOUR, N, N, N}, 0, THREAT_OPEN_FOUR},
	{{PAT_OPEN_FOUR, N, N, N}, 1, THREAT_OPEN_FOUR},
	{{PAT_OPEN_FOUR, PAT_OPEN_THREE, N, N}, 1, THREAT_OPEN_FOUR},
	{{PAT_OPEN_FOUR, PAT_FOUR, N, N}, 0, THREAT_OPEN_FOUR},
	{{PAT_OPEN_FOUR, PAT_DOUBLE_FOUR, N, N}, 0, THREAT_OPEN_FOUR},
	{{PAT_FIVE, N, N, N}, 0, THREAT_FIVE},
	{{PAT_FIVE, PAT_DOUBLE_FOUR, PAT_OVERLINE, N}, 1, THREAT_FIVE},
	{{PAT_OPEN_THREE, PAT_OPEN_THREE, PAT_FOUR, PAT_FIVE}, 1, THREAT_FIVE},
	{{PAT_OVERLINE, PAT_FIVE, N, N}, 0, THREAT_FIVE},
};
#undef N
/* clang-format on */

static void combine_cases(void **state)
{
	(void)state;
	bool covered[THREAT_COUNT] = {false};
	for (size_t i = 0; i < sizeof combo_cases / sizeof combo_cases[0]; i++) {
		const ComboCase *t = &combo_cases[i];
		covered[t->want] = true;
		/* Direction must not matter: try every rotation of the four. */
		for (int rot = 0; rot < 4; rot++) {
			LinePattern p[4];
			for (int d = 0; d < 4; d++)
				p[d] = t->p[(d + rot) % 4];
			Threat got = pattern_combine(p, t->renju_black);
			if (got != t->want) {
				print_error("case %zu rotation %d: want %s, got %s\n", i,
				            rot, threat_name(t->want), threat_name(got));
				fail();
			}
		}
	}
	for (int t = 0; t < THREAT_COUNT; t++)
		assert_true(covered[t]);
}

/* The threat tables are pattern_combine, and forbidden only for renju black. */
static void threat_tables_match_combine(void **state)
{
	(void)state;
	for (int rb = 0; rb < 2; rb++) {
		const uint8_t *table = pattern_threat_table(rb);
		for (uint32_t i = 0; i < 10000; i++) {
			LinePattern p[4];
			uint32_t key = 0;
			for (int d = 0, v = (int)i; d < 4; d++, v /= 10) {
				p[d] = (LinePattern)(v % 10);
				key |= (uint32_t)p[d] << (4 * d);
			}
			Threat t = pattern_combine(p, rb);
			assert_int_equal(table[key], t);
			if (!rb)
				assert_int_not_equal(t, THREAT_FORBIDDEN);
		}
	}
}

/* Five or more wins in the free table, so a shape there never looks past
 * four cells from its centre: the cells five away (the key's outermost
 * two) change nothing. board.c relies on it to leave the points five away
 * from a stone alone under freestyle; the exact table does depend on them
 * (an overline). */
static void free_table_ignores_cells_five_away(void **state)
{
	(void)state;
	const uint32_t outer = 3u | 3u << 18;
	const uint8_t *free_table = pattern_line_table(TABLE_FREE);
	const uint8_t *exact = pattern_line_table(TABLE_EXACT);
	uint32_t differ = 0;
	for (uint32_t key = 0; key < PATTERN_KEYS; key++) {
		assert_int_equal(free_table[key], free_table[key & ~outer]);
		differ += exact[key] != exact[key & ~outer];
	}
	assert_true(differ > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(hand_lines),
	    cmocka_unit_test(every_key_matches_reference),
	    cmocka_unit_test(combine_cases),
	    cmocka_unit_test(threat_tables_match_combine),
	    cmocka_unit_test(free_table_ignores_cells_five_away),
	    cmocka_unit_test(random_boards_freestyle),
	    cmocka_unit_test(random_boards_standard),
	    cmocka_unit_test(random_boards_renju),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
