/* test_diagram.c - ASCII boards: loading, errors, drawing, round trips. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "diagram.h"

enum { ERR_LEN = 160 };

/* The example from diagram.h. */
static const char example[] = "    . . . . .\n"
                              "    . X X X *    | black to complete an open four at *\n"
                              "    . . O . .\n"
                              "    . . O . .\n"
                              "    . . . . .\n";

static void load_ok(Board *b, int size, Rule rule, Color to_move, const char *text,
                    DiagramMarks *marks)
{
	char err[ERR_LEN] = "";
	if (diagram_load(b, size, rule, to_move, text, marks, err, sizeof err) != 0)
		fail_msg("rejected diagram (%s):\n%s", err, text);
}

/* The incremental state of b matches a recomputation from its stones. */
static void assert_consistent(const Board *b)
{
	Board c = *b;
	board_refresh(&c);
	assert_true(c.hash == b->hash);
	assert_memory_equal(c.pat, b->pat, sizeof b->pat);
	assert_memory_equal(c.threat, b->threat, sizeof b->threat);
}

static int stones(const Board *b)
{
	int n = 0;
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++)
			n += b->cell[board_point(x, y)] != CELL_EMPTY;
	return n;
}

static void assert_same_cells(const Board *a, const Board *b)
{
	assert_int_equal(a->size, b->size);
	assert_int_equal(a->count, b->count);
	for (int y = 0; y < a->size; y++)
		for (int x = 0; x < a->size; x++)
			if (a->cell[board_point(x, y)] != b->cell[board_point(x, y)])
				fail_msg("cell %d,%d differs: %d vs %d", x, y,
				         a->cell[board_point(x, y)],
				         b->cell[board_point(x, y)]);
}

static void loads_header_example(void **state)
{
	(void)state;
	Board b;
	DiagramMarks marks;
	load_ok(&b, 5, RULE_FREESTYLE, BLACK, example, &marks);
	assert_int_equal(b.size, 5);
	assert_int_equal(b.rule, RULE_FREESTYLE);
	assert_int_equal(b.count, 5);
	assert_int_equal(stones(&b), 5);
	assert_int_equal(b.to_move, BLACK);
	for (int y = 0; y < 5; y++)
		for (int x = 0; x < 5; x++) {
			int want = CELL_EMPTY;
			if (y == 1 && x >= 1 && x <= 3)
				want = CELL_BLACK;
			if (x == 2 && (y == 2 || y == 3))
				want = CELL_WHITE;
			assert_int_equal(b.cell[board_point(x, y)], want);
		}
	assert_int_equal(marks.count, 1);
	assert_int_equal(marks.point[0], board_point(4, 1));
	assert_consistent(&b);
}

static void to_move_and_rule_as_requested(void **state)
{
	(void)state;
	Board b;
	/* Three black stones, two white: white would normally be to move. */
	load_ok(&b, 5, RULE_RENJU, BLACK, example, NULL);
	assert_int_equal(b.to_move, BLACK);
	assert_int_equal(b.rule, RULE_RENJU);
	assert_consistent(&b);
	load_ok(&b, 5, RULE_STANDARD, WHITE, example, NULL);
	assert_int_equal(b.to_move, WHITE);
	assert_int_equal(b.rule, RULE_STANDARD);
	assert_consistent(&b);

	/* Hash differs only by side to move. */
	Board w;
	load_ok(&w, 5, RULE_STANDARD, BLACK, example, NULL);
	assert_true(w.hash != b.hash);

	/* An empty board. */
	load_ok(&b, 5, RULE_FREESTYLE, WHITE, ".....\n.....\n.....\n.....\n.....\n", NULL);
	assert_int_equal(b.count, 0);
	assert_int_equal(b.to_move, WHITE);
	assert_consistent(&b);
}

static void marks_in_reading_order(void **state)
{
	(void)state;
	Board b;
	DiagramMarks marks;
	load_ok(&b, 5, RULE_FREESTYLE, BLACK,
	        ". * . . *\n"
	        "* . . . .\n"
	        ". . X . .\n"
	        ". . . * .\n"
	        ". . . . .\n",
	        &marks);
	assert_int_equal(marks.count, 4);
	assert_int_equal(marks.point[0], board_point(1, 0));
	assert_int_equal(marks.point[1], board_point(4, 0));
	assert_int_equal(marks.point[2], board_point(0, 1));
	assert_int_equal(marks.point[3], board_point(3, 3));
	/* Marks are empty points. */
	for (int i = 0; i < marks.count; i++)
		assert_int_equal(b.cell[marks.point[i]], CELL_EMPTY);
	assert_int_equal(b.count, 1);

	/* No marks. */
	marks.count = 99;
	load_ok(&b, 5, RULE_FREESTYLE, BLACK, ".....\n.....\n.....\n.....\n.....\n",
	        &marks);
	assert_int_equal(marks.count, 0);

	/* More marks than the struct holds: the first DIAGRAM_MARKS are kept. */
	load_ok(&b, 5, RULE_FREESTYLE, BLACK, "*****\n*****\n*****\n*****\n*****\n",
	        &marks);
	assert_int_equal(marks.count, DIAGRAM_MARKS);
	for (int i = 0; i < DIAGRAM_MARKS; i++)
		assert_int_equal(marks.point[i], board_point(i % 5, i / 5));
	assert_int_equal(b.count, 0);
}

static void spacing_and_annotations_ignored(void **state)
{
	(void)state;
	Board ref, b;
	DiagramMarks rm, m;
	load_ok(&ref, 5, RULE_FREESTYLE, BLACK, example, &rm);
	static const char *const variants[] = {
	    /* compact */
	    ".....\n.XXX*\n..O..\n..O..\n.....\n",
	    /* no final newline */
	    ".....\n.XXX*\n..O..\n..O..\n.....",
	    /* tabs and irregular blanks */
	    "\t.  . .\t. .\n .X X X*\n..O ..\n. . O. .\n  .....  \n",
	    /* CR LF */
	    ". . . . .\r\n. X X X *\r\n. . O . .\r\n. . O . .\r\n. . . . .\r\n",
	    /* blank lines and annotation-only lines are skipped */
	    "\n| a 5x5 board: X O . * 1 2 #\n\n. . . . .\n\n. X X X *\n   \n. . O . .\n"
	    ". . O . .\n. . . . .\n\n\n",
	    /* annotations with anything after '|' */
	    ". . . . . | 5\n. X X X * | 4 X to move, # ! 0\n. . O . . |\n. . O . . ||\n"
	    ". . . . . | xo*.\n",
	    /* lower case stones */
	    ". . . . .\n. x X x *\n. . o . .\n. . O . .\n. . . . .\n",
	};
	for (size_t i = 0; i < sizeof variants / sizeof *variants; i++) {
		load_ok(&b, 5, RULE_FREESTYLE, BLACK, variants[i], &m);
		assert_same_cells(&ref, &b);
		assert_int_equal(m.count, rm.count);
		assert_int_equal(m.point[0], rm.point[0]);
		assert_true(b.hash == ref.hash);
	}
}

static void expect_load_error(int size, const char *text, const char *needle)
{
	Board b;
	char err[ERR_LEN];
	memset(err, 'Z', sizeof err);
	DiagramMarks marks;
	if (diagram_load(&b, size, RULE_FREESTYLE, BLACK, text, &marks, err, sizeof err) !=
	    -1)
		fail_msg("accepted bad %dx%d diagram:\n%s", size, size, text);
	if (!memchr(err, '\0', sizeof err) || !err[0])
		fail_msg("empty or unterminated message for:\n%s", text);
	if (!strstr(err, needle))
		fail_msg("message '%s' does not contain '%s'", err, needle);
}

static void load_errors(void **state)
{
	(void)state;
	/* wrong row length */
	expect_load_error(5, ".....\n....\n.....\n.....\n.....\n",
	                  "line 2: 4 points in a row of 5");
	expect_load_error(5, ".....\n.....\n......\n.....\n.....\n",
	                  "line 3: more than 5 points in a row");
	expect_load_error(5, ".....\n.....\n.....\n.....\nX",
	                  "line 5: 1 points in a row of 5");
	expect_load_error(5, "\n\n.....\n. . X .  | four\n",
	                  "line 4: 4 points in a row of 5");
	/* too many or too few rows */
	expect_load_error(5, ".....\n.....\n.....\n.....\n.....\n.....\n",
	                  "line 6: more than 5 rows");
	expect_load_error(5, ".....\n.....\n.....\n.....\n.....\n\n\nX\n",
	                  "line 8: more than 5 rows");
	expect_load_error(5, ".....\n.....\n.....\n.....\n", "4 rows in a diagram of 5");
	expect_load_error(5, "", "0 rows in a diagram of 5");
	expect_load_error(5, "\n\n| nothing\n", "0 rows in a diagram of 5");
	expect_load_error(15, example, "line 1: 5 points in a row of 15");
	/* bad characters */
	expect_load_error(5, ".....\n..#..\n.....\n.....\n.....\n",
	                  "line 2: unexpected '#'");
	expect_load_error(5, "..A..\n.....\n.....\n.....\n.....\n",
	                  "line 1: unexpected 'A'");
	expect_load_error(5, ".....\n.....\n.....\n.....\n..0..\n",
	                  "line 5: unexpected '0'");
	expect_load_error(5, "  5 . . . . .\n", "line 1: unexpected '5'");
	expect_load_error(5, ".....\n.....\n.....\n.....\n.....\n    a b c d e\n",
	                  "line 6: unexpected 'a'");
	/* bad size */
	expect_load_error(4, "....\n....\n....\n....\n", "board size 4 is not in 5..20");
	expect_load_error(21, "", "board size 21 is not in 5..20");
	expect_load_error(0, "", "board size 0");
	expect_load_error(-1, "", "board size -1");
}

static void load_error_small_buffer(void **state)
{
	(void)state;
	Board b;
	char err[16];
	for (size_t errlen = 1; errlen <= 8; errlen++) {
		memset(err, 'Z', sizeof err);
		assert_int_equal(diagram_load(&b, 5, RULE_FREESTYLE, BLACK, "..#..\n", NULL,
		                              err, errlen),
		                 -1);
		assert_int_equal(strlen(err), errlen - 1);
		for (size_t k = errlen; k < sizeof err; k++)
			assert_int_equal(err[k], 'Z');
	}
	memset(err, 'Z', sizeof err);
	assert_int_equal(diagram_load(&b, 3, RULE_FREESTYLE, BLACK, "", NULL, err, 0), -1);
	assert_int_equal(diagram_load(&b, 5, RULE_FREESTYLE, BLACK, "", NULL, err, 0), -1);
	for (size_t k = 0; k < sizeof err; k++)
		assert_int_equal(err[k], 'Z');
}

static void format_known_positions(void **state)
{
	(void)state;
	Board b;
	char buf[DIAGRAM_TEXT_MAX];

	assert_int_equal(board_init(&b, 5, RULE_FREESTYLE), 0);
	board_play(&b, board_point(2, 2)); /* c3 */
	board_play(&b, board_point(3, 1)); /* d4 */
	const char *want5 = "  5 . . . . .\n"
	                    "  4 . . . o .\n"
	                    "  3 . . X . .\n"
	                    "  2 . . . . .\n"
	                    "  1 . . . . .\n"
	                    "    a b c d e\n";
	size_t n = diagram_format(&b, board_last(&b), buf, sizeof buf);
	assert_string_equal(buf, want5);
	assert_int_equal(n, strlen(want5));

	/* No last move: all upper case. */
	diagram_format(&b, POINT_NONE, buf, sizeof buf);
	assert_string_equal(buf, "  5 . . . . .\n"
	                         "  4 . . . O .\n"
	                         "  3 . . X . .\n"
	                         "  2 . . . . .\n"
	                         "  1 . . . . .\n"
	                         "    a b c d e\n");
	/* Any stone may be marked, black ones too. */
	diagram_format(&b, board_point(2, 2), buf, sizeof buf);
	assert_non_null(strstr(buf, "  3 . . x . .\n"));
	assert_non_null(strstr(buf, "  4 . . . O .\n"));

	/* Two-digit rows line up. */
	assert_int_equal(board_init(&b, 10, RULE_FREESTYLE), 0);
	board_put(&b, board_point(0, 9), BLACK); /* a1 */
	board_put(&b, board_point(9, 0), WHITE); /* j10 */
	board_put(&b, board_point(4, 5), BLACK); /* e5 */
	n = diagram_format(&b, board_point(4, 5), buf, sizeof buf);
	const char *want10 = " 10 . . . . . . . . . O\n"
	                     "  9 . . . . . . . . . .\n"
	                     "  8 . . . . . . . . . .\n"
	                     "  7 . . . . . . . . . .\n"
	                     "  6 . . . . . . . . . .\n"
	                     "  5 . . . . x . . . . .\n"
	                     "  4 . . . . . . . . . .\n"
	                     "  3 . . . . . . . . . .\n"
	                     "  2 . . . . . . . . . .\n"
	                     "  1 X . . . . . . . . .\n"
	                     "    a b c d e f g h i j\n";
	assert_string_equal(buf, want10);
	assert_int_equal(n, strlen(want10));

	/* h8 is the centre of 15x15. */
	assert_int_equal(board_init(&b, 15, RULE_RENJU), 0);
	board_play(&b, board_point(7, 7));
	diagram_format(&b, board_last(&b), buf, sizeof buf);
	assert_non_null(strstr(buf, "  8 . . . . . . . x . . . . . . .\n"));
	assert_int_equal(strncmp(buf, " 15 . . ", 8), 0);
	assert_non_null(strstr(buf, "\n    a b c d e f g h i j k l m n o\n"));
}

static void format_fits_and_truncates(void **state)
{
	(void)state;
	Board b;
	assert_int_equal(board_init(&b, 20, RULE_FREESTYLE), 0);
	for (int y = 0; y < 20; y++)
		for (int x = 0; x < 20; x++)
			board_play(&b, board_point(x, y));
	char full[DIAGRAM_TEXT_MAX];
	size_t n = diagram_format(&b, board_last(&b), full, sizeof full);
	assert_int_equal(n, strlen(full));
	assert_true(n < DIAGRAM_TEXT_MAX);
	assert_int_equal(n, 21 * 44); /* 20 rows and the letters, 44 bytes each */
	assert_int_equal(strncmp(full, " 20 X O X O", 11), 0);
	assert_non_null(strstr(full, "  1 X O X O"));
	assert_non_null(strstr(full, " X o\n    a b c"));
	assert_non_null(strstr(full, "r s t\n"));

	for (size_t buflen = 1; buflen <= n + 1; buflen += 37) {
		char buf[DIAGRAM_TEXT_MAX + 8];
		memset(buf, 'Z', sizeof buf);
		size_t m = diagram_format(&b, board_last(&b), buf, buflen);
		assert_int_equal(m, buflen - 1);
		assert_int_equal(strlen(buf), buflen - 1);
		assert_memory_equal(buf, full, buflen - 1);
		for (size_t k = buflen; k < sizeof buf; k++)
			assert_int_equal(buf[k], 'Z');
	}
	char buf[4];
	memset(buf, 'Z', sizeof buf);
	assert_int_equal(diagram_format(&b, POINT_NONE, buf, 0), 0);
	for (size_t k = 0; k < sizeof buf; k++)
		assert_int_equal(buf[k], 'Z');
}

/* Turns diagram_format output back into a diagram: drops the row labels
 * (the first four characters of each row) and the column letters. */
static void strip_labels(const char *drawn, char *out)
{
	const char *s = drawn;
	char *o = out;
	for (;;) {
		const char *nl = strchr(s, '\n');
		assert_non_null(nl);
		if (!nl[1])
			break; /* the last line holds the column letters */
		assert_true(nl - s > 4);
		memcpy(o, s + 4, (size_t)(nl - s - 4) + 1);
		o += nl - s - 4 + 1;
		s = nl + 1;
	}
	*o = '\0';
}

static uint32_t lcg(uint32_t *s)
{
	*s = *s * 1664525u + 1013904223u;
	return *s >> 8;
}

static void load_format_load_round_trip(void **state)
{
	(void)state;
	char drawn[DIAGRAM_TEXT_MAX], text[DIAGRAM_TEXT_MAX];
	Board a, b;

	load_ok(&a, 5, RULE_FREESTYLE, BLACK, example, NULL);
	diagram_format(&a, POINT_NONE, drawn, sizeof drawn);
	strip_labels(drawn, text);
	assert_string_equal(text, ". . . . .\n"
	                          ". X X X .\n"
	                          ". . O . .\n"
	                          ". . O . .\n"
	                          ". . . . .\n");
	load_ok(&b, 5, RULE_FREESTYLE, BLACK, text, NULL);
	assert_same_cells(&a, &b);
	assert_true(a.hash == b.hash);

	uint32_t seed = 12345;
	for (int size = BOARD_MIN; size <= BOARD_MAX; size++)
		for (int round = 0; round < 4; round++) {
			/* A random diagram with random spacing. */
			size_t len = 0;
			for (int y = 0; y < size; y++) {
				for (int x = 0; x < size; x++) {
					uint32_t r = lcg(&seed) % 8;
					text[len++] = r < 2   ? 'X'
					              : r < 4 ? 'O'
					              : r < 5 ? '*'
					                      : '.';
					if (lcg(&seed) % 2)
						text[len++] = ' ';
				}
				text[len++] = '\n';
			}
			text[len] = '\0';
			Color to_move = (Color)(round % 2);
			load_ok(&a, size, RULE_FREESTYLE, to_move, text, NULL);
			assert_int_equal(a.count, stones(&a));
			assert_consistent(&a);

			/* Draw it with one stone in lower case, and read it back. */
			int last = POINT_NONE;
			if (a.count)
				last = a.moves[lcg(&seed) % (uint32_t)a.count];
			diagram_format(&a, last, drawn, sizeof drawn);
			strip_labels(drawn, text);
			load_ok(&b, size, RULE_FREESTYLE, to_move, text, NULL);
			assert_same_cells(&a, &b);
			assert_true(a.hash == b.hash);
			assert_int_equal(b.to_move, to_move);
		}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(loads_header_example),
	    cmocka_unit_test(to_move_and_rule_as_requested),
	    cmocka_unit_test(marks_in_reading_order),
	    cmocka_unit_test(spacing_and_annotations_ignored),
	    cmocka_unit_test(load_errors),
	    cmocka_unit_test(load_error_small_buffer),
	    cmocka_unit_test(format_known_positions),
	    cmocka_unit_test(format_fits_and_truncates),
	    cmocka_unit_test(load_format_load_round_trip),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
