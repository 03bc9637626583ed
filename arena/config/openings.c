/* openings.c - reading, checking and multiplying openings. */
#define _POSIX_C_SOURCE 200809L
#include "openings.h"
#include "err.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "coord.h"
#include "inifile.h"
#include "lines.h"
#include "num.h"
#include "record.h"

typedef struct {
	const char *path;
	int size;
	char *err;
	size_t errlen;
	OpeningSet *set;
	int cap;
} Ctx;

/* The most of a line quoted in a message. */
enum { QUOTE = 24 };

static int grow(OpeningSet *set, int *cap)
{
	if (set->count < *cap)
		return 0;
	if (*cap >= (1 << 26))
		return -1;
	int n = *cap ? 2 * *cap : 64;
	Opening *items = realloc(set->items, sizeof *items * (size_t)n);
	if (!items)
		return -1;
	set->items = items;
	*cap = n;
	return 0;
}

void openings_free(OpeningSet *set)
{
	free(set->items);
	set->items = NULL;
	set->count = 0;
}

int openings_empty(OpeningSet *set)
{
	set->items = calloc(1, sizeof *set->items);
	if (!set->items)
		return -1;
	set->count = 1;
	snprintf(set->items[0].name, sizeof set->items[0].name, "empty");
	return 0;
}

/* Checks that the opening can be played: nothing wins, nothing forbidden.
 * b is an empty board of the run's, left empty again (undo costs what play
 * does; a fresh board_init per opening would cost a whole refresh). */
static int check(const Opening *o, Board *b, char *msg, size_t msglen)
{
	int rc = 0, played = 0;
	for (int i = 0; i < o->count && rc == 0; i++) {
		char t[COORD_TEXT_MAX];
		int p = o->moves[i];
		Outcome out;
		if (!board_empty_at(b, p)) {
			snprintf(msg, msglen, "opening '%s': %s is played twice", o->name,
			         coord_format(b->size, p, t));
			rc = -1;
		} else if ((out = rules_outcome(b, p)) != OUTCOME_NONE) {
			snprintf(msg, msglen, "opening '%s': move %d, %s, %s", o->name,
			         i + 1, coord_format(b->size, p, t),
			         out == OUTCOME_WIN ? "already wins"
			                            : "is forbidden for black");
			rc = -1;
		} else {
			board_play(b, p);
			played++;
		}
	}
	if (rc == 0 && board_full(b)) {
		snprintf(msg, msglen, "opening '%s' fills the board", o->name);
		rc = -1;
	}
	while (played--)
		board_undo(b);
	return rc;
}

/* The keys of one [opening NAME] section s: its moves (several `moves`
 * keys are joined in file order) and an optional note. */
static int ini_section(Ctx *c, const IniFile *ini, int s)
{
	const IniSection *sec = &ini->sections[s];
	char msg[512];
	if (strncmp(sec->name, "opening ", 8) != 0 || !sec->name[8]) {
		snprintf(msg, sizeof msg,
		         "unknown section [%.64s] (expected [opening NAME])", sec->name);
		return inifile_fail(ini, sec->line, msg, c->err, c->errlen);
	}
	const char *name = sec->name + 8;
	if (strlen(name) >= OPENING_NAME_MAX || strpbrk(name, ",\"")) {
		snprintf(msg, sizeof msg,
		         "opening name '%.80s' is longer than %d characters or has , or \"",
		         name, OPENING_NAME_MAX - 1);
		return inifile_fail(ini, sec->line, msg, c->err, c->errlen);
	}
	OpeningSet *set = c->set;
	if (grow(set, &c->cap) < 0)
		return inifile_fail(ini, sec->line, "out of memory", c->err, c->errlen);
	Opening *o = &set->items[set->count];
	memset(o, 0, sizeof *o);
	snprintf(o->name, sizeof o->name, "%s", name);
	bool moves = false;
	for (int k = sec->first; k < sec->first + sec->count; k++) {
		const IniEntry *e = &ini->entries[k];
		if (strcmp(e->key, "note") == 0)
			continue;
		if (strcmp(e->key, "moves") != 0) {
			snprintf(
			    msg, sizeof msg,
			    "unknown key '%.64s' in [opening %s] (expected moves or note)",
			    e->key, name);
			return inifile_fail(ini, e->line, msg, c->err, c->errlen);
		}
		int16_t pts[OPENING_MOVES_MAX];
		char err[256];
		int n = record_parse_moves(c->size, e->value, pts,
		                           OPENING_MOVES_MAX - o->count, err, sizeof err);
		if (n < 0) {
			snprintf(msg, sizeof msg, "opening '%s': %s", name, err);
			return inifile_fail(ini, e->line, msg, c->err, c->errlen);
		}
		memcpy(o->moves + o->count, pts, sizeof pts[0] * (size_t)n);
		o->count += n;
		o->line = e->line;
		moves = true;
	}
	if (!moves) {
		snprintf(msg, sizeof msg, "[opening %s] has no 'moves'", name);
		return inifile_fail(ini, sec->line, msg, c->err, c->errlen);
	}
	set->count++;
	return 0;
}

/* An INI file: one opening a section. */
static int load_ini(Ctx *c)
{
	static const char *const repeat[] = {"moves", NULL};
	IniFile ini;
	if (inifile_read(c->path, repeat, &ini, c->err, c->errlen) < 0)
		return -1;
	int rc = 0;
	for (int s = 0; s < ini.nsections && rc == 0; s++)
		rc = ini_section(c, &ini, s);
	inifile_free(&ini);
	return rc;
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
			snprintf(msg, msglen,
			         "expected %s offset (-%d to %d), found '%.*s'",
			         k ? "a y" : "an x", BOARD_MAX, BOARD_MAX, QUOTE, at);
			return -1;
		}
		s += strspn(s, " \t");
		if (k == 1) {
			int x = centre + (int)v[0], y = centre + (int)v[1];
			if (x < 0 || y < 0 || x >= size || y >= size) {
				snprintf(msg, msglen,
				         "offset %lld,%lld is off the %dx%d board", v[0],
				         v[1], size, size);
				return -1;
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
			               k ? "before the next x" : "between x and y", QUOTE,
			               *s ? s : "the end of the line");
		}
		s++;
		if (k == 1 && !s[strspn(s, " \t")])
			return 0; /* a comma at the end of the line */
	}
}

static bool comment_or_blank(const char *s)
{
	s += strspn(s, " \t");
	return !*s || *s == '#' || *s == ';';
}

/* A Gomocup offset file, from its first meaningful line (s, at line
 * r->line) on. */
static int load_offsets(Ctx *c, Lines *r, char *s)
{
	char msg[512];
	LinesStatus st = LINES_OK;
	for (; st == LINES_OK; st = lines_next(r, &s, &(size_t){0})) {
		s[strcspn(s, "#;")] = '\0';
		if (comment_or_blank(s))
			continue;
		if (grow(c->set, &c->cap) < 0) {
			snprintf(c->err, c->errlen, "%s:%ld: out of memory", c->path,
			         r->line);
			return -1;
		}
		Opening *o = &c->set->items[c->set->count];
		memset(o, 0, sizeof *o);
		o->line = (int)r->line;
		snprintf(o->name, sizeof o->name, "line %ld", r->line);
		if (parse_offsets(s, c->size, o, msg, sizeof msg) < 0) {
			snprintf(c->err, c->errlen, "%s:%ld: %s", c->path, r->line, msg);
			return -1;
		}
		c->set->count++;
	}
	if (st != LINES_END) {
		lines_error(r, st, msg, sizeof msg);
		snprintf(c->err, c->errlen, "%s:%ld: %s", c->path, r->line, msg);
		return -1;
	}
	return 0;
}

int openings_load(const char *path, int size, Rule rule, OpeningSet *set, char *err,
                  size_t errlen)
{
	*set = (OpeningSet){0, NULL};
	Ctx c = {.path = path, .size = size, .err = err, .errlen = errlen, .set = set};
	FILE *f = fopen(path, "re");
	if (!f) {
		return err_set(err, errlen, "%s: cannot open: %s", path, strerror(errno));
	}
	/* The first meaningful line decides the format. */
	Lines r;
	lines_init(&r, f, INIFILE_LINE_MAX);
	char *s = NULL;
	size_t len;
	LinesStatus st;
	while ((st = lines_next(&r, &s, &len)) == LINES_OK && comment_or_blank(s))
		;
	bool ini = st == LINES_OK && s[strspn(s, " \t")] == '[';
	int rc = 0;
	if (st == LINES_OK && !ini) {
		rc = load_offsets(&c, &r, s);
	} else if (st != LINES_OK && st != LINES_END) {
		char msg[256];
		lines_error(&r, st, msg, sizeof msg);
		snprintf(err, errlen, "%s:%ld: %s", path, r.line, msg);
		rc = -1;
	}
	lines_free(&r);
	fclose(f);
	if (ini)
		rc = load_ini(&c);
	if (rc == 0 && set->count == 0) {
		snprintf(err, errlen, "%s: no openings in the file", path);
		rc = -1;
	}
	Board *b = rc == 0 && set->count ? malloc(sizeof *b) : NULL;
	if (rc == 0 && set->count && (!b || board_init(b, size, rule) < 0)) {
		snprintf(err, errlen, "%s: out of memory", path);
		rc = -1;
	}
	for (int i = 0; i < set->count && rc == 0; i++) {
		char msg[512];
		if (check(&set->items[i], b, msg, sizeof msg) < 0) {
			snprintf(err, errlen, "%s:%d: %s", path, set->items[i].line, msg);
			rc = -1;
		}
	}
	free(b);
	if (rc < 0)
		openings_free(set);
	return rc;
}

int openings_transform(int p, int k, int size)
{
	int x = point_x(p), y = point_y(p), m = size - 1;
	if (k & 4) {
		int t = x;
		x = y;
		y = t;
	}
	if (k & 1)
		x = m - x;
	if (k & 2)
		y = m - y;
	return board_point(x, y);
}

/* Same stones of each colour, whatever the order they were played in. */
static bool same_position(const Opening *a, const Opening *b)
{
	if (a->count != b->count)
		return false;
	for (int i = 0; i < a->count; i++) {
		bool found = false;
		for (int j = i % 2; j < b->count && !found; j += 2)
			found = a->moves[i] == b->moves[j];
		if (!found)
			return false;
	}
	return true;
}

int openings_add_symmetries(OpeningSet *set, int size)
{
	Opening *out = malloc(sizeof *out * (size_t)set->count * 8);
	if (!out)
		return -1;
	int n = 0;
	for (int i = 0; i < set->count; i++) {
		const Opening *o = &set->items[i];
		int first = n;
		for (int k = 0; k < 8; k++) {
			Opening t = *o;
			for (int j = 0; j < o->count; j++)
				t.moves[j] =
				    (int16_t)openings_transform(o->moves[j], k, size);
			if (k)
				snprintf(t.name, sizeof t.name, "%.58s/s%d", o->name, k);
			/* Skip an image equal to one already kept for this opening. */
			bool dup = false;
			for (int j = first; j < n && !dup; j++)
				dup = same_position(&out[j], &t);
			if (!dup)
				out[n++] = t;
		}
	}
	free(set->items);
	set->items = out;
	set->count = n;
	return 0;
}
