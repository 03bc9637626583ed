/* openings.c - reading, checking and multiplying openings. */
#define _POSIX_C_SOURCE 200809L
#include "openings.h"

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "coord.h"
#include "inifile.h"
#include "record.h"

typedef struct {
	const char *path;
	FILE *f;
	int line, size, failed; /* line and failed: Gomocup offset files only */
	char *err;
	size_t errlen;
	OpeningSet *set;
	int cap;
} Ctx;

static int grow(OpeningSet *set, int *cap)
{
	if (set->count < *cap)
		return 0;
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

/* Checks that the opening can be played: nothing wins, nothing forbidden. */
static int check(const Opening *o, int size, Rule rule, char *msg, size_t msglen)
{
	Board b;
	board_init(&b, size, rule);
	for (int i = 0; i < o->count; i++) {
		char t[COORD_TEXT_MAX];
		int p = o->moves[i];
		if (!board_empty_at(&b, p)) {
			snprintf(msg, msglen, "opening '%s': %s is played twice", o->name,
			         coord_format(size, p, t));
			return -1;
		}
		Outcome out = rules_outcome(&b, p);
		if (out != OUTCOME_NONE) {
			snprintf(msg, msglen, "opening '%s': move %d, %s, %s", o->name,
			         i + 1, coord_format(size, p, t),
			         out == OUTCOME_WIN ? "already wins"
			                            : "is forbidden for black");
			return -1;
		}
		board_play(&b, p);
	}
	if (board_full(&b)) {
		snprintf(msg, msglen, "opening '%s' fills the board", o->name);
		return -1;
	}
	return 0;
}

static int fail(Ctx *c, const char *msg)
{
	snprintf(c->err, c->errlen, "%s:%d: %s", c->path, c->line, msg);
	c->failed = 1;
	return 0;
}

/* One key of an INI file, in file order; seen is the section of the
 * opening being filled. */
static int ini_entry(Ctx *c, const IniFile *ini, int k, int *seen)
{
	const IniEntry *e = &ini->entries[k];
	const char *section = e->section < 0 ? "" : ini->sections[e->section].name;
	char msg[512];
	if (strncmp(section, "opening ", 8) != 0 || !section[8]) {
		snprintf(msg, sizeof msg,
		         "unknown section [%.64s] (expected [opening NAME])", section);
		return inifile_fail(ini, e->line, msg, c->err, c->errlen);
	}
	const char *name = section + 8;
	OpeningSet *set = c->set;
	if (*seen != e->section) { /* a new section */
		for (int i = 0; i < set->count; i++)
			if (strcmp(set->items[i].name, name) == 0) {
				snprintf(msg, sizeof msg,
				         "opening '%.64s' is defined twice", name);
				return inifile_fail(ini, e->line, msg, c->err, c->errlen);
			}
		if (strlen(name) >= OPENING_NAME_MAX || strpbrk(name, ",\"")) {
			snprintf(msg, sizeof msg,
			         "opening name '%.80s' is too long or has , or \"", name);
			return inifile_fail(ini, e->line, msg, c->err, c->errlen);
		}
		if (grow(set, &c->cap) < 0)
			return inifile_fail(ini, e->line, "out of memory", c->err,
			                    c->errlen);
		Opening *o = &set->items[set->count++];
		memset(o, 0, sizeof *o);
		snprintf(o->name, sizeof o->name, "%s", name);
		*seen = e->section;
	}
	Opening *o = &set->items[set->count - 1];
	if (strcmp(e->key, "note") == 0)
		return 0;
	if (strcmp(e->key, "moves") != 0) {
		snprintf(msg, sizeof msg,
		         "unknown key '%.64s' in [opening %s] (expected moves or note)",
		         e->key, name);
		return inifile_fail(ini, e->line, msg, c->err, c->errlen);
	}
	/* Several `moves` keys are joined in file order. */
	int16_t moves[OPENING_MOVES_MAX];
	char err[256];
	int n = record_parse_moves(c->size, e->value, moves, OPENING_MOVES_MAX - o->count,
	                           err, sizeof err);
	if (n < 0) {
		snprintf(msg, sizeof msg, "opening '%s': %s", name, err);
		return inifile_fail(ini, e->line, msg, c->err, c->errlen);
	}
	memcpy(o->moves + o->count, moves, sizeof moves[0] * (size_t)n);
	o->count += n;
	return 0;
}

/* An INI file: only sections with keys make openings. */
static int load_ini(Ctx *c)
{
	IniFile ini;
	if (inifile_read(c->path, &ini, c->err, c->errlen) < 0)
		return -1;
	int rc = 0, seen = -1;
	for (int k = 0; k < ini.nentries && rc == 0; k++)
		rc = ini_entry(c, &ini, k, &seen);
	inifile_free(&ini);
	return rc;
}

/* One line of Gomocup offsets; returns the number of moves or -1. */
static int parse_offsets(const char *s, int size, Opening *o, char *msg, size_t msglen)
{
	int centre = size / 2, n = 0;
	for (;;) {
		long v[2];
		for (int k = 0; k < 2; k++) {
			while (*s == ' ' || *s == '\t' || (k == 1 && *s == ','))
				s++;
			if (k == 0 && (*s == '\0' || *s == '\n' || *s == '\r'))
				return n;
			char *end;
			errno = 0;
			v[k] = strtol(s, &end, 10);
			if (end == s || errno) {
				snprintf(msg, msglen, "expected x,y offsets, found '%.16s'",
				         s);
				return -1;
			}
			s = end;
		}
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == ',')
			s++;
		long x = centre + v[0], y = centre + v[1];
		if (x < 0 || y < 0 || x >= size || y >= size) {
			snprintf(msg, msglen, "offset %ld,%ld is off the %dx%d board", v[0],
			         v[1], size, size);
			return -1;
		}
		if (n == OPENING_MOVES_MAX) {
			snprintf(msg, msglen, "more than %d moves", OPENING_MOVES_MAX);
			return -1;
		}
		o->moves[n++] = (int16_t)board_point((int)x, (int)y);
	}
}

static int load_offsets(Ctx *c)
{
	char *line = NULL;
	size_t cap = 0;
	char msg[512];
	while (getline(&line, &cap, c->f) >= 0) {
		c->line++;
		char *s = line + strspn(line, " \t");
		s[strcspn(s, "#;\r\n")] = '\0';
		if (!*s)
			continue;
		if (grow(c->set, &c->cap) < 0) {
			fail(c, "out of memory");
			break;
		}
		Opening *o = &c->set->items[c->set->count];
		memset(o, 0, sizeof *o);
		snprintf(o->name, sizeof o->name, "line %d", c->line);
		int n = parse_offsets(s, c->size, o, msg, sizeof msg);
		if (n < 0) {
			fail(c, msg);
			break;
		}
		o->count = n;
		c->set->count++;
	}
	free(line);
	return c->failed ? -1 : 0;
}

int openings_load(const char *path, int size, Rule rule, OpeningSet *set, char *err,
                  size_t errlen)
{
	*set = (OpeningSet){0, NULL};
	Ctx c = {.path = path, .size = size, .err = err, .errlen = errlen, .set = set};
	c.f = fopen(path, "r");
	if (!c.f) {
		snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	/* The first meaningful character decides the format. */
	int ch;
	bool comment = false;
	while ((ch = fgetc(c.f)) != EOF) {
		if (ch == '\n')
			comment = false;
		else if (!comment && (ch == '#' || ch == ';'))
			comment = true;
		else if (!comment && !isspace(ch))
			break;
	}
	bool ini = ch == '[';
	rewind(c.f);
	if (!ini)
		load_offsets(&c);
	fclose(c.f);
	if (ini)
		c.failed = load_ini(&c) < 0;
	if (!c.failed && set->count == 0) {
		snprintf(err, errlen, "%s: no openings in the file", path);
		c.failed = 1;
	}
	for (int i = 0; i < set->count && !c.failed; i++) {
		char msg[512];
		if (check(&set->items[i], size, rule, msg, sizeof msg) < 0) {
			snprintf(err, errlen, "%s: %s", path, msg);
			c.failed = 1;
		}
	}
	if (c.failed) {
		openings_free(set);
		return -1;
	}
	return 0;
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
