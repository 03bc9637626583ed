/* lines.c - lines of a file, read in blocks (lines.h). */
#include "lines.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum { LINES_BLOCK = 1 << 16 };

void lines_init(Lines *r, FILE *f, size_t max)
{
	*r = (Lines){.f = f, .max = max};
}

void lines_free(Lines *r)
{
	free(r->buf);
	r->buf = NULL;
	r->cap = r->pos = r->len = 0;
}

/* Moves what is left to the front and reads more after it. Returns the
 * bytes read (0 at the end of the file), or -1 on an error. */
static long fill(Lines *r)
{
	if (r->pos) {
		memmove(r->buf, r->buf + r->pos, r->len - r->pos);
		r->len -= r->pos;
		r->base += (long long)r->pos;
		r->pos = 0;
	}
	/* Room for a whole line of the limit, its LF and a NUL. */
	size_t want = r->max + 2 > LINES_BLOCK ? r->max + 2 : LINES_BLOCK;
	if (r->cap < want + 1) {
		char *b = realloc(r->buf, want + 1);
		if (!b)
			return -2;
		r->buf = b;
		r->cap = want + 1;
	}
	if (r->eof || r->len + 1 >= r->cap)
		return 0;
	size_t n = fread(r->buf + r->len, 1, r->cap - 1 - r->len, r->f);
	if (n == 0) {
		if (ferror(r->f))
			return -1;
		r->eof = true;
	}
	r->len += n;
	return (long)n;
}

/* Skips the rest of an over-long line, so that the reader stays on line
 * boundaries (the callers stop at the first error anyway). */
static void skip_line(Lines *r)
{
	for (;;) {
		char *nl = memchr(r->buf + r->pos, '\n', r->len - r->pos);
		if (nl) {
			r->pos = (size_t)(nl - r->buf) + 1;
			return;
		}
		r->pos = r->len;
		if (fill(r) <= 0)
			return;
	}
}

LinesStatus lines_next(Lines *r, char **line, size_t *len)
{
	if (!r->started) {
		r->started = true;
		if (fill(r) < 0)
			return ferror(r->f) ? LINES_ERROR : LINES_NOMEM;
		if (r->len >= 3 && memcmp(r->buf, "\xEF\xBB\xBF", 3) == 0)
			r->pos = 3;
	}
	char *nl;
	for (;;) {
		nl = memchr(r->buf + r->pos, '\n', r->len - r->pos);
		if (nl || r->eof)
			break;
		if (r->len - r->pos > r->max) {
			r->line++;
			skip_line(r);
			return LINES_LONG;
		}
		long n = fill(r);
		if (n < 0)
			return n == -1 ? LINES_ERROR : LINES_NOMEM;
	}
	if (!nl && r->pos == r->len)
		return LINES_END;
	char *s = r->buf + r->pos;
	size_t n = nl ? (size_t)(nl - s) : r->len - r->pos;
	r->line++;
	r->offset = r->base + (long long)r->pos;
	r->last_open = !nl;
	size_t next = nl ? (size_t)(nl - r->buf) + 1 : r->len;
	if (n > r->max) {
		r->pos = next;
		return LINES_LONG;
	}
	if (memchr(s, '\0', n)) {
		r->pos = next;
		return LINES_NUL;
	}
	if (n && s[n - 1] == '\r') /* CR LF, or a CR ending the file */
		n--;
	s[n] = '\0';
	*line = s;
	*len = n;
	r->pos = next;
	return LINES_OK;
}

void lines_error(const Lines *r, LinesStatus st, char *buf, size_t buflen)
{
	switch (st) {
	case LINES_NUL: snprintf(buf, buflen, "a NUL byte in the line"); break;
	case LINES_LONG: snprintf(buf, buflen, "line longer than %zu bytes", r->max); break;
	case LINES_ERROR: snprintf(buf, buflen, "read error: %s", strerror(errno)); break;
	case LINES_NOMEM: snprintf(buf, buflen, "out of memory"); break;
	default: snprintf(buf, buflen, "no error"); break;
	}
}
