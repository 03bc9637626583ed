/* coord.c - "h8" and "x,y" points. */
#include "coord.h"
#include "err.h"

#include <ctype.h>
#include <stdio.h>

#include "board.h"

int coord_scan(int size, const char **s, int *point, char *err, size_t errlen)
{
	const char *t = *s;
	int c = tolower((unsigned char)*t);
	if (c < 'a' || c > 'z') {
		return err_set(err, errlen, "expected a point like h8, found '%.8s'", t);
	}
	int x = c - 'a';
	t++;
	if (!isdigit((unsigned char)*t)) {
		return err_set(err, errlen, "point '%.8s' has no row number", *s);
	}
	/* Greedy but bounded by the board: "a1" + "2" is a12 only if the board
	 * has twelve rows, which lets "h8i9j10" be read without separators. */
	int row = *t++ - '0';
	while (isdigit((unsigned char)*t) && row * 10 + (*t - '0') <= size && row != 0)
		row = row * 10 + (*t++ - '0');
	if (x >= size || row < 1 || row > size || isdigit((unsigned char)*t)) {
		while (isdigit((unsigned char)*t))
			t++;
		int len = (int)(t - *s);
		return err_set(err, errlen, "point '%.*s%s' is off the %dx%d board",
		               len > 8 ? 8 : len, *s, len > 8 ? "..." : "", size, size);
	}
	*point = board_point(x, size - row);
	*s = t;
	return 0;
}

int coord_parse(int size, const char *text, int *point, char *err, size_t errlen)
{
	const char *s = text;
	int p;
	if (coord_scan(size, &s, &p, err, errlen) < 0)
		return -1;
	if (*s) {
		return err_set(err, errlen, "unexpected '%.8s' after point", s);
	}
	*point = p;
	return 0;
}

static int read_int(const char **s, int *v)
{
	const char *t = *s;
	while (*t == ' ' || *t == '\t')
		t++;
	if (!isdigit((unsigned char)*t))
		return -1;
	long n = 0;
	while (isdigit((unsigned char)*t) && n < 100000)
		n = n * 10 + (*t++ - '0');
	while (*t == ' ' || *t == '\t')
		t++;
	*v = (int)n;
	*s = t;
	return 0;
}

int coord_parse_xy(int size, const char *text, int *point, char *err, size_t errlen)
{
	const char *s = text;
	int x, y;
	if (read_int(&s, &x) < 0 || *s++ != ',' || read_int(&s, &y) < 0 || *s) {
		return err_set(err, errlen, "expected x,y, found '%.16s'", text);
	}
	if (x >= size || y >= size) {
		return err_set(err, errlen, "point %d,%d is off the %dx%d board", x, y,
		               size, size);
	}
	*point = board_point(x, y);
	return 0;
}

char *coord_format(int size, int point, char buf[COORD_TEXT_MAX])
{
	snprintf(buf, COORD_TEXT_MAX, "%c%d", 'a' + point_x(point), size - point_y(point));
	return buf;
}

char *coord_format_xy(int point, char buf[COORD_TEXT_MAX])
{
	snprintf(buf, COORD_TEXT_MAX, "%d,%d", point_x(point), point_y(point));
	return buf;
}
