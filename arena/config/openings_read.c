/* openings_read.c - an openings file read in its format: the format told
 * from the content or named, the line formats (Gomocup offsets,
 * c-gomoku-cli's pos), and the candidates of game records kept once. */
#define _POSIX_C_SOURCE 200809L
#include "openings.h"
#include "err.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "coord.h"
#include "inifile.h"
#include "num.h"
#include "openings_impl.h"

const char *const openings_format_names[] = {"auto", "ini", "offset", "pos",
                                             "psq",  "sgf", NULL};

bool openings_blank(const char *s)
{
	s += strspn(s, " \t");
	return !*s || *s == '#' || *s == ';';
}

int openings_fail(OpeningsCtx *c, long line, const char *msg)
{
	snprintf(c->err, c->errlen, "%s:%ld: %s %s", c->path, line, msg, c->how);
	return -1;
}

/* One line of Gomocup offsets, "x,y, x,y, ...": whole numbers separated by
 * commas (blanks around them allowed), x to the right of the centre, y
 * below it. Returns 0, or -1 with a message. */
static int parse_offsets(const char *s, int size, Opening *o, char *msg, size_t msglen)
{
	int centre = size / 2;
	long long v[2];
	for (int k = 0;; k = !k) {
		s += strspn(s, " \t");
		const char *at = s;
		if (num_scan(&s, &v[k]) < 0 || v[k] < -BOARD_MAX || v[k] > BOARD_MAX) {
			return err_set(
			    msg, msglen, "expected %s offset (-%d to %d), found '%.*s'",
			    k ? "a y" : "an x", BOARD_MAX, BOARD_MAX, OPENINGS_QUOTE, at);
		}
		s += strspn(s, " \t");
		if (k == 1) {
			int x = centre + (int)v[0], y = centre + (int)v[1];
			if (x < 0 || y < 0 || x >= size || y >= size) {
				return err_set(msg, msglen,
				               "offset %lld,%lld is off the %dx%d board",
				               v[0], v[1], size, size);
			}
			if (o->count == OPENING_MOVES_MAX) {
				return err_set(msg, msglen, "more than %d moves",
				               OPENING_MOVES_MAX);
			}
			o->moves[o->count++] = (int16_t)board_point(x, y);
		}
		if (k == 1 && !*s)
			return 0;
		if (*s != ',') {
			return err_set(msg, msglen, "expected ',' %s, found '%.*s'",
			               k ? "before the next x" : "between x and y",
			               OPENINGS_QUOTE, *s ? s : "the end of the line");
		}
		s++;
		if (k == 1 && !s[strspn(s, " \t")])
			return 0; /* a comma at the end of the line */
	}
}

/* One line of c-gomoku-cli's pos notation, "d3e5f6": a letter for x from
 * the left, a number for y + 1 from the top, nothing between the points.
 * Returns 0, or -1 with a message. */
static int parse_pos(const char *s, int size, Opening *o, char *msg, size_t msglen)
{
	s += strspn(s, " \t");
	while (*s) {
		const char *at = s;
		int c = tolower((unsigned char)*s);
		if (c < 'a' || c > 'z') {
			const char *what = *s == ' ' || *s == '\t'
			                       ? "a blank (pos points are written together)"
			                       : "something else";
			return err_set(msg, msglen,
			               "expected a letter a to %c, found %s: '%.*s'",
			               'a' + size - 1, what, OPENINGS_QUOTE, at);
		}
		s++;
		if (!isdigit((unsigned char)*s)) {
			return err_set(msg, msglen, "point '%.*s' has no row number", 8,
			               at);
		}
		long row = 0;
		while (isdigit((unsigned char)*s) && row <= BOARD_MAX)
			row = row * 10 + (*s++ - '0');
		while (isdigit((unsigned char)*s))
			s++;
		int x = c - 'a';
		if (x >= size || row < 1 || row > size) {
			return err_set(msg, msglen, "point '%.*s' is off the %dx%d board",
			               (int)(s - at) > 8 ? 8 : (int)(s - at), at, size,
			               size);
		}
		if (o->count == OPENING_MOVES_MAX) {
			return err_set(msg, msglen, "more than %d moves",
			               OPENING_MOVES_MAX);
		}
		o->moves[o->count++] = (int16_t)board_point(x, (int)row - 1);
	}
	return 0;
}

/* An offset or pos file, from its first meaningful line (s, at line
 * r->line, status st) on. */
static int read_lines(OpeningsCtx *c, Lines *r, char *s, LinesStatus st, bool pos)
{
	char msg[ERR_MAX];
	for (; st == LINES_OK; st = lines_next(r, &s, &(size_t){0})) {
		s[strcspn(s, "#;")] = '\0';
		if (openings_blank(s))
			continue;
		size_t n = strlen(s);
		while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
			s[--n] = '\0';
		if (c->set->count >= OPENINGS_FILE_MAX)
			return openings_fail(c, r->line, "too many openings");
		Opening o = {.count = 0};
		if ((pos ? parse_pos : parse_offsets)(s, c->spec->size, &o, msg,
		                                      sizeof msg) < 0)
			return openings_fail(c, r->line, msg);
		/* Its name, "line N", is made when asked for (openings_name). */
		if (openings_push(c->set, -1, (int)r->line, 0, o.moves, o.count) < 0)
			return openings_fail(c, r->line, "out of memory");
	}
	if (st != LINES_END) {
		lines_error(r, st, msg, sizeof msg);
		return openings_fail(c, r->line, msg);
	}
	return 0;
}

/* The format a file's first meaningful line s shows, or OPENINGS_AUTO. */
static OpeningsFormat detect(const char *s)
{
	s += strspn(s, " \t");
	if (*s == '[')
		return OPENINGS_INI;
	if (*s == '(')
		return OPENINGS_SGF;
	if (strncmp(s, "Piskvorky", 9) == 0)
		return OPENINGS_PSQ;
	if (isdigit((unsigned char)*s) || *s == '-' || *s == '+')
		return OPENINGS_OFFSET;
	size_t n = strcspn(s, "#;");
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	size_t alnum = 0;
	while (alnum < n && isalnum((unsigned char)s[alnum]))
		alnum++;
	return isalpha((unsigned char)*s) && alnum == n ? OPENINGS_POS : OPENINGS_AUTO;
}

/* Order-free key of a position: the stones of each colour. */
static uint64_t position_key(const int16_t *moves, int count)
{
	uint64_t h = (uint64_t)count;
	for (int i = 0; i < count; i++) {
		uint64_t z = (uint64_t)(moves[i] * 2 + i % 2) + 0x9e3779b97f4a7c15ull;
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
		h += z ^ (z >> 31);
	}
	return h;
}

static bool same_stones(const int16_t *a, const int16_t *b, int n)
{
	for (int i = 0; i < n; i++) {
		bool found = false;
		for (int j = i % 2; j < n && !found; j += 2)
			found = a[i] == b[j];
		if (!found)
			return false;
	}
	return true;
}

/* The slot of the position (moves, count) in c->slot: its opening's, or
 * the free one where it goes. */
static int64_t slot_of(const OpeningsCtx *c, const int16_t *moves, int count)
{
	int64_t i = (int64_t)(position_key(moves, count) & (uint64_t)(c->nslot - 1));
	for (;; i = (i + 1) & (c->nslot - 1)) {
		uint32_t k = c->slot[i];
		if (!k || (openings_length(c->set, (int)k - 1) == count &&
		           same_stones(openings_moves(c->set, (int)k - 1), moves, count)))
			return i;
	}
}

static int grow_slots(OpeningsCtx *c)
{
	int64_t n = c->nslot ? 2 * c->nslot : 1024;
	uint32_t *old = c->slot;
	int64_t nold = c->nslot;
	c->slot = calloc((size_t)n, sizeof *c->slot);
	if (!c->slot) {
		c->slot = old;
		return -1;
	}
	c->nslot = n;
	for (int64_t i = 0; i < nold; i++)
		if (old[i]) {
			int k = (int)old[i] - 1;
			c->slot[slot_of(c, openings_moves(c->set, k),
			                openings_length(c->set, k))] = old[i];
		}
	free(old);
	return 0;
}

int openings_candidate(OpeningsCtx *c, const int16_t *moves, int count, long line, long k)
{
	char msg[ERR_MAX];
	if (openings_check_moves(c->board, "", moves, count, msg, sizeof msg) < 0) {
		c->counts->decided++;
		return 0;
	}
	if (2 * ((int64_t)c->set->count + 1) > c->nslot && grow_slots(c) < 0)
		return openings_fail(c, line, "out of memory");
	int64_t i = slot_of(c, moves, count);
	if (c->slot[i]) {
		c->counts->dups++;
		return 0;
	}
	if (c->set->count >= OPENINGS_FILE_MAX)
		return openings_fail(c, line, "too many openings");
	if (openings_push(c->set, -1 - (int64_t)k, (int)line, 0, moves, count) < 0)
		return openings_fail(c, line, "out of memory");
	c->slot[i] = (uint32_t)c->set->count;
	return 0;
}

/* c->how: the format read, and why. */
static void say_how(OpeningsCtx *c, OpeningsFormat f, long line)
{
	const char *name = openings_format_names[f];
	if (line > 0)
		snprintf(
		    c->how, sizeof c->how,
		    "(read as %s, the format line %ld shows; openings_format or --from "
		    "names another)",
		    name, line);
	else
		snprintf(c->how, sizeof c->how,
		         "(read as %s, as openings_format or --from says)", name);
}

/* The game records: a board to check candidates on, plies required. */
static int read_records(OpeningsCtx *c, FILE *f, OpeningsFormat fmt)
{
	if (c->spec->plies < 1 || c->spec->plies > OPENING_MOVES_MAX) {
		return err_set(c->err, c->errlen,
		               "%s: %s game records give openings of their first "
		               "openings_plies moves: set it (1 to %d; arena openings: "
		               "--plies)",
		               c->path, openings_format_names[fmt], OPENING_MOVES_MAX);
	}
	c->board = malloc(sizeof *c->board);
	if (!c->board || board_init(c->board, c->spec->size, c->spec->rule) < 0)
		return err_set(c->err, c->errlen, "%s: out of memory", c->path);
	rewind(f);
	return fmt == OPENINGS_PSQ ? openings_read_psq(c, f) : openings_read_sgf(c, f);
}

/* The INI reader, its messages saying how the file was read. */
static int ini_file(OpeningsCtx *c)
{
	int rc = openings_read_ini(c);
	size_t n = strlen(c->err);
	if (rc < 0 && n + 1 < c->errlen)
		snprintf(c->err + n, c->errlen - n, " %s", c->how);
	return rc;
}

/* Reads f in c->spec's format, or the one its first line shows. */
static int read_file(OpeningsCtx *c, FILE *f)
{
	OpeningsFormat fmt = c->spec->format;
	Lines r;
	lines_init(&r, f, INIFILE_LINE_MAX);
	char *s = NULL;
	LinesStatus st = LINES_END;
	if (fmt == OPENINGS_AUTO || fmt == OPENINGS_OFFSET || fmt == OPENINGS_POS)
		while ((st = lines_next(&r, &s, &(size_t){0})) == LINES_OK &&
		       openings_blank(s))
			;
	int rc = 0;
	if (fmt == OPENINGS_AUTO && st == LINES_OK) {
		fmt = detect(s);
		if (fmt == OPENINGS_AUTO)
			rc =
			    err_set(c->err, c->errlen,
			            "%s:%ld: cannot tell the openings' format from '%.*s': "
			            "expected ini ('[opening NAME]'), offset ('0,0, 1,0'), "
			            "pos ('h8i8g9'), psq ('Piskvorky 15x15, ...') or sgf "
			            "('(;GM[4]...)'); openings_format or --from names it",
			            c->path, r.line, OPENINGS_QUOTE, s);
		else
			say_how(c, fmt, r.line);
	} else if (fmt != OPENINGS_AUTO) {
		say_how(c, fmt, 0);
	}
	c->counts->format = fmt;
	if (rc == 0 && c->spec->plies && fmt != OPENINGS_AUTO && fmt != OPENINGS_PSQ &&
	    fmt != OPENINGS_SGF)
		rc = err_set(c->err, c->errlen,
		             "%s: openings_plies is for game records (psq, sgf); this file "
		             "is read as %s",
		             c->path, openings_format_names[fmt]);
	if (rc == 0 && st != LINES_OK && st != LINES_END) {
		char msg[ERR_MAX];
		lines_error(&r, st, msg, sizeof msg);
		rc = openings_fail(c, r.line, msg);
	} else if (rc == 0 && (fmt == OPENINGS_OFFSET || fmt == OPENINGS_POS)) {
		rc = read_lines(c, &r, s, st, fmt == OPENINGS_POS);
	}
	lines_free(&r);
	if (rc == 0 && fmt == OPENINGS_INI)
		rc = ini_file(c);
	else if (rc == 0 && (fmt == OPENINGS_PSQ || fmt == OPENINGS_SGF))
		rc = read_records(c, f, fmt);
	return rc;
}

int openings_read(const char *path, const OpeningsSpec *spec, OpeningSet *set,
                  OpeningsCounts *counts, char *err, size_t errlen)
{
	*set = (OpeningSet){0};
	OpeningsCounts none;
	OpeningsCtx c = {.path = path,
	                 .spec = spec,
	                 .err = err,
	                 .errlen = errlen,
	                 .set = set,
	                 .counts = counts ? counts : &none};
	*c.counts = (OpeningsCounts){0};
	FILE *f = fopen(path, "re");
	if (!f) {
		return err_set(err, errlen, "%s: cannot open: %s", path, strerror(errno));
	}
	int rc = read_file(&c, f);
	fclose(f);
	free(c.board);
	free(c.slot);
	if (rc == 0 && set->count == 0) {
		const OpeningsCounts *n = c.counts;
		if (n->games)
			snprintf(
			    err, errlen,
			    "%s: no openings in the file (of %ld games, %ld shorter than "
			    "%d moves, %ld decided within them)",
			    path, n->games, n->short_, spec->plies, n->decided);
		else
			snprintf(err, errlen, "%s: no openings in the file", path);
		rc = -1;
	}
	bool records = c.counts->format == OPENINGS_PSQ || c.counts->format == OPENINGS_SGF;
	return openings_finish(path, spec, set, rc, records, err, errlen);
}

int openings_load(const char *path, int size, Rule rule, OpeningSet *set, char *err,
                  size_t errlen)
{
	const OpeningsSpec spec = {.size = size, .rule = rule};
	return openings_read(path, &spec, set, NULL, err, errlen);
}
