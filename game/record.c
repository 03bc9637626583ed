/* record.c - .psq files and move lists. */
#define _POSIX_C_SOURCE 200809L
#include "record.h"
#include "err.h"

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "coord.h"
#include "lines.h"
#include "num.h"

void record_init(Record *r, int size)
{
	memset(r, 0, sizeof *r);
	r->size = size;
	r->view_a = r->view_b = 11;
}

/* A whole number of at most 18 digits, with an optional sign. */
static bool scan_int(const char **s, long *v)
{
	long long n;
	if (**s == '+')
		(*s)++;
	if (num_scan(s, &n) < 0)
		return false;
	*v = (long)n;
	return true;
}

static bool skip(const char **s, const char *lit)
{
	while (**s == ' ' || **s == '\t')
		(*s)++;
	size_t n = strlen(lit);
	if (strncmp(*s, lit, n) != 0)
		return false;
	*s += n;
	while (**s == ' ' || **s == '\t')
		(*s)++;
	return true;
}

/* Cuts trailing blanks and CRs (a CR more than the one of a CR LF would
 * otherwise turn a move into a trailer line that, written back, reads as
 * a move: the fuzzer's find). */
static void chomp(char *line)
{
	size_t n = strlen(line);
	while (n && (line[n - 1] == ' ' || line[n - 1] == '\t' || line[n - 1] == '\r'))
		line[--n] = '\0';
}

/* A line of digits, signs, commas and blanks with a comma in it: a move,
 * well formed or not. Anything else (a name, a lone "-1") ends the moves. */
static bool move_shaped(const char *s)
{
	return strchr(s, ',') && !s[strspn(s, "0123456789+-, \t")];
}

/* "x,y,ms" with nothing after it; false if the line is not one. */
static bool parse_move_line(const char *s, long *x, long *y, long *ms)
{
	return skip(&s, "") && scan_int(&s, x) && skip(&s, ",") && scan_int(&s, y) &&
	       skip(&s, ",") && scan_int(&s, ms) && *s == '\0';
}

static int parse_header(const char *s, Record *r)
{
	long w, h, a, b, st;
	if (!skip(&s, "Piskvorky") || !scan_int(&s, &w) || !skip(&s, "x") ||
	    !scan_int(&s, &h) || !skip(&s, ",") || !scan_int(&s, &a) || !skip(&s, ":") ||
	    !scan_int(&s, &b) || !skip(&s, ",") || !scan_int(&s, &st) || *s)
		return -1;
	if (w != h || w < BOARD_MIN || w > BOARD_MAX)
		return -2;
	if (labs(a) > 1000000 || labs(b) > 1000000 || labs(st) > 1000000)
		return -1;
	record_init(r, (int)w);
	r->view_a = (int)a;
	r->view_b = (int)b;
	r->view_s = (int)st;
	return 0;
}

int record_read_psq(FILE *f, const char *name, Record *r, char *err, size_t errlen)
{
	Lines lr;
	lines_init(&lr, f, RECORD_LINE_MAX);
	char *line;
	size_t len;
	int rc = -1;
	bool in_trailer = false, trailer_full = false;
	bool used[BOARD_CELLS] = {false};
	size_t tlen = 0;

	LinesStatus st = lines_next(&lr, &line, &len);
	if (st == LINES_END) {
		snprintf(err, errlen, "%s:1: empty file, expected 'Piskvorky WxH, A:B, S'",
		         name);
		goto out;
	}
	if (st != LINES_OK)
		goto bad_line;
	chomp(line);
	int h = parse_header(line, r);
	if (h == -1) {
		snprintf(err, errlen,
		         "%s:1: expected 'Piskvorky WxH, A:B, S', found '%.40s'", name,
		         line);
		goto out;
	}
	if (h == -2) {
		snprintf(err, errlen, "%s:1: board must be square, %d to %d points a side",
		         name, BOARD_MIN, BOARD_MAX);
		goto out;
	}
	while ((st = lines_next(&lr, &line, &len)) == LINES_OK) {
		chomp(line);
		long lineno = lr.line;
		if (!in_trailer && move_shaped(line)) {
			long x, y, ms;
			if (!parse_move_line(line, &x, &y, &ms)) {
				snprintf(err, errlen,
				         "%s:%ld: expected a move x,y,ms, found '%.40s'",
				         name, lineno, line);
				goto out;
			}
			if (x < 1 || y < 1 || x > r->size || y > r->size) {
				snprintf(err, errlen,
				         "%s:%ld: stone %ld,%ld is off the %dx%d board",
				         name, lineno, x, y, r->size, r->size);
				goto out;
			}
			int p = board_point((int)x - 1, (int)y - 1);
			if (used[p]) {
				snprintf(err, errlen,
				         "%s:%ld: point %ld,%ld is already taken", name,
				         lineno, x, y);
				goto out;
			}
			used[p] = true;
			r->ms[r->count] = ms < 0           ? 0
			                  : ms > INT32_MAX ? INT32_MAX
			                                   : (int32_t)ms;
			r->moves[r->count++] = (int16_t)p;
			continue;
		}
		in_trailer = true;
		size_t n = strlen(line);
		if (tlen + n + 2 > sizeof r->trailer)
			trailer_full = true; /* keep whole lines only, and no gaps */
		if (!trailer_full) {
			memcpy(r->trailer + tlen, line, n);
			tlen += n;
			r->trailer[tlen++] = '\n';
			r->trailer[tlen] = '\0';
		}
	}
	if (st != LINES_END)
		goto bad_line;
	rc = 0;
	goto out;
bad_line : {
	char msg[ERR_MAX];
	lines_error(&lr, st, msg, sizeof msg);
	snprintf(err, errlen, "%s:%ld: %s", name, lr.line, msg);
}
out:
	lines_free(&lr);
	return rc;
}

int record_load_psq(const char *path, Record *r, char *err, size_t errlen)
{
	FILE *f = fopen(path, "re");
	if (!f) {
		return err_set(err, errlen, "%s: cannot open: %s", path, strerror(errno));
	}
	int rc = record_read_psq(f, path, r, err, errlen);
	fclose(f);
	return rc;
}

int record_write_psq(FILE *f, const Record *r)
{
	fprintf(f, "Piskvorky %dx%d, %d:%d, %d\n", r->size, r->size, r->view_a, r->view_b,
	        r->view_s);
	for (int i = 0; i < r->count; i++)
		fprintf(f, "%d,%d,%d\n", point_x(r->moves[i]) + 1, point_y(r->moves[i]) + 1,
		        (int)r->ms[i]);
	fputs(r->trailer, f);
	return ferror(f) ? -1 : 0;
}

int record_parse_moves(int size, const char *text, int16_t *moves, int max, char *err,
                       size_t errlen)
{
	bool used[BOARD_CELLS] = {false};
	int n = 0;
	const char *s = text;
	for (;;) {
		while (*s == ' ' || *s == '\t' || *s == ',')
			s++;
		if (!*s)
			return n;
		const char *start = s;
		int p;
		if (coord_scan(size, &s, &p, err, errlen) < 0)
			return -1;
		if (used[p]) {
			return err_set(err, errlen, "point '%.*s' is played twice",
			               (int)(s - start), start);
		}
		if (n == max) {
			return err_set(err, errlen, "more than %d moves", max);
		}
		used[p] = true;
		moves[n++] = (int16_t)p;
	}
}

void record_format_moves(int size, const int16_t *moves, int count, char *buf,
                         size_t buflen)
{
	size_t len = 0;
	if (buflen)
		buf[0] = '\0';
	for (int i = 0; i < count; i++) {
		char t[COORD_TEXT_MAX];
		int w = snprintf(buf + len, buflen - len, "%s%s", i ? " " : "",
		                 coord_format(size, moves[i], t));
		if (w < 0 || (size_t)w >= buflen - len)
			return;
		len += (size_t)w;
	}
}

int record_replay(const Record *r, Board *b)
{
	for (int i = 0; i < r->count; i++) {
		if (!board_empty_at(b, r->moves[i]) || point_x(r->moves[i]) >= b->size ||
		    point_y(r->moves[i]) >= b->size)
			return -1;
		board_play(b, r->moves[i]);
	}
	return 0;
}
