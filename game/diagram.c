/* diagram.c - ASCII boards. */
#include "diagram.h"
#include "err.h"

#include <stdio.h>
#include <string.h>

static int cell_of(char ch)
{
	switch (ch) {
	case '.':
	case '*': return CELL_EMPTY;
	case 'X':
	case 'x': return CELL_BLACK;
	case 'O':
	case 'o': return CELL_WHITE;
	default: return -1;
	}
}

int diagram_load(Board *b, int size, Rule rule, Color to_move, const char *text,
                 DiagramMarks *marks, char *err, size_t errlen)
{
	if (board_init(b, size, rule) < 0) {
		return err_set(err, errlen, "board size %d is not in %d..%d", size,
		               BOARD_MIN, BOARD_MAX);
	}
	if (marks)
		marks->count = 0;
	int y = 0, line = 1;
	for (const char *s = text; *s;) {
		int x = 0;
		for (; *s && *s != '\n' && *s != '|'; s++) {
			if (*s == ' ' || *s == '\t' || *s == '\r')
				continue;
			int c = cell_of(*s);
			if (c < 0) {
				return err_set(err, errlen,
				               "line %d: unexpected '%c' in diagram", line,
				               *s);
			}
			if (y >= size || x >= size) {
				return err_set(err, errlen, "line %d: more than %d %s",
				               line, size,
				               y >= size ? "rows" : "points in a row");
			}
			int p = board_point(x, y);
			if (c != CELL_EMPTY)
				board_put(b, p, (Color)(c - 1));
			else if (*s == '*' && marks && marks->count < DIAGRAM_MARKS)
				marks->point[marks->count++] = p;
			x++;
		}
		while (*s && *s != '\n')
			s++;
		if (*s == '\n')
			s++;
		if (x > 0 && x < size) {
			return err_set(err, errlen, "line %d: %d points in a row of %d",
			               line, x, size);
		}
		y += x > 0;
		line++;
	}
	if (y != size) {
		return err_set(err, errlen, "%d rows in a diagram of %d", y, size);
	}
	board_set_to_move(b, to_move);
	return 0;
}

size_t diagram_format(const Board *b, int last, char *buf, size_t buflen)
{
	size_t len = 0;
#define PUT(...)                                                                           \
	do {                                                                               \
		int w_ = snprintf(len < buflen ? buf + len : NULL,                         \
		                  len < buflen ? buflen - len : 0, __VA_ARGS__);           \
		if (w_ > 0)                                                                \
			len += (size_t)w_;                                                 \
	} while (0)
	for (int y = 0; y < b->size; y++) {
		PUT("%3d ", b->size - y);
		for (int x = 0; x < b->size; x++) {
			int p = board_point(x, y);
			char ch = b->cell[p] == CELL_BLACK   ? 'X'
			          : b->cell[p] == CELL_WHITE ? 'O'
			                                     : '.';
			if (p == last && ch != '.')
				ch = (char)(ch == 'X' ? 'x' : 'o');
			PUT(x ? " %c" : "%c", ch);
		}
		PUT("\n");
	}
	PUT("    ");
	for (int x = 0; x < b->size; x++)
		PUT(x ? " %c" : "%c", 'a' + x);
	PUT("\n");
#undef PUT
	return len < buflen ? len : buflen ? buflen - 1 : 0;
}
