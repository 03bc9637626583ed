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
#include "openings_impl.h"
#include "record.h"

/* Makes room in *p (of *cap elements of size elem) for need; doubles. */
static int reserve(void **p, int64_t *cap, int64_t need, size_t elem)
{
	if (need <= *cap)
		return 0;
	int64_t n = *cap ? *cap : 64;
	while (n < need)
		n *= 2;
	if ((uint64_t)n > SIZE_MAX / elem)
		return -1;
	void *q = realloc(*p, elem * (size_t)n);
	if (!q)
		return -1;
	*p = q;
	*cap = n;
	return 0;
}

/* Gives back the spare capacity (a failed shrink keeps the block). */
static void shrink(void **p, int64_t *cap, int64_t n, size_t elem)
{
	void *q = n ? realloc(*p, elem * (size_t)n) : NULL;
	if (q || !n) {
		if (!n)
			free(*p);
		*p = q;
		*cap = n;
	}
}

int openings_push(OpeningSet *set, int64_t name, int line, int sym, const int16_t *moves,
                  int count)
{
	if (set->count == INT32_MAX ||
	    reserve((void **)&set->entries, &set->cap, set->count + 1,
	            sizeof *set->entries) < 0 ||
	    reserve((void **)&set->moves, &set->cap_moves, set->nmoves + count,
	            sizeof *set->moves) < 0)
		return -1;
	if (count)
		memcpy(set->moves + set->nmoves, moves, sizeof *moves * (size_t)count);
	set->entries[set->count++] = (OpeningEntry){.first = set->nmoves,
	                                            .name = name,
	                                            .line = line,
	                                            .count = (uint8_t)count,
	                                            .sym = (uint8_t)sym};
	set->nmoves += count;
	return 0;
}

/* Copies name into set->names; returns its offset, or -1. */
static int64_t intern(OpeningSet *set, const char *name)
{
	size_t len = strlen(name) + 1;
	if (reserve((void **)&set->names, &set->cap_names, set->nnames + (int64_t)len, 1) <
	    0)
		return -1;
	int64_t at = set->nnames;
	memcpy(set->names + at, name, len);
	set->nnames += (int64_t)len;
	return at;
}

/* Appends an opening named name (NULL: the made name code). */
static int add(OpeningSet *set, const char *name, int64_t code, int line, int sym,
               const int16_t *moves, int count)
{
	int64_t at = name ? intern(set, name) : code;
	if (name && at < 0)
		return -1;
	if (openings_push(set, at, line, sym, moves, count) < 0) {
		if (name)
			set->nnames = at; /* the set unchanged */
		return -1;
	}
	return 0;
}

const char *openings_name(const OpeningSet *set, int i, char *buf)
{
	const OpeningEntry *e = &set->entries[i];
	char base[OPENING_NAME_MAX], *to = e->sym ? base : buf;
	if (e->name >= 0)
		snprintf(to, OPENING_NAME_MAX, "%s", set->names + e->name);
	else if (e->name == -1)
		snprintf(to, OPENING_NAME_MAX, "line %d", e->line);
	else
		snprintf(to, OPENING_NAME_MAX, "game %lld", (long long)(-1 - e->name));
	if (e->sym)
		snprintf(buf, OPENING_NAME_MAX, "%.58s/s%d", base, e->sym);
	return buf;
}

void openings_get(const OpeningSet *set, int i, Opening *o)
{
	const OpeningEntry *e = &set->entries[i];
	openings_name(set, i, o->name);
	o->count = e->count;
	o->line = e->line;
	if (e->count) /* a set of empty openings may hold no moves at all */
		memcpy(o->moves, set->moves + e->first, sizeof o->moves[0] * e->count);
}

int openings_add(OpeningSet *set, const Opening *o)
{
	return add(set, o->name, -1, o->line, 0, o->moves, o->count);
}

int openings_append(OpeningSet *set, const OpeningSet *src, int i)
{
	const OpeningEntry *e = &src->entries[i];
	return add(set, e->name >= 0 ? src->names + e->name : NULL, e->name, e->line,
	           e->sym, openings_moves(src, i), e->count);
}

void openings_truncate(OpeningSet *set, int n)
{
	if (n >= set->count)
		return;
	set->count = n;
	set->nmoves = n ? set->entries[n - 1].first + set->entries[n - 1].count : 0;
	/* Names are in the openings' order; those past the kept ones go. */
	int64_t names = 0;
	for (int i = n - 1; i >= 0 && names == 0; i--)
		if (set->entries[i].name >= 0)
			names = set->entries[i].name +
			        (int64_t)strlen(set->names + set->entries[i].name) + 1;
	set->nnames = names;
}

size_t openings_bytes(const OpeningSet *set)
{
	return (size_t)set->cap * sizeof *set->entries +
	       (size_t)set->cap_moves * sizeof *set->moves + (size_t)set->cap_names;
}

void openings_free(OpeningSet *set)
{
	free(set->entries);
	free(set->moves);
	free(set->names);
	*set = (OpeningSet){0};
}

int openings_empty(OpeningSet *set)
{
	*set = (OpeningSet){0};
	if (add(set, "empty", -1, 0, 0, NULL, 0) < 0) {
		openings_free(set);
		return -1;
	}
	return 0;
}

/* The spare capacity of a set read whole given back. */
static void fit(OpeningSet *set)
{
	shrink((void **)&set->entries, &set->cap, set->count, sizeof *set->entries);
	shrink((void **)&set->moves, &set->cap_moves, set->nmoves, sizeof *set->moves);
	shrink((void **)&set->names, &set->cap_names, set->nnames, 1);
}

/* Checks that the opening can be played: nothing wins, nothing forbidden.
 * b is an empty board of the run's, left empty again (undo costs what play
 * does; a fresh board_init per opening would cost a whole refresh). */
int openings_check_moves(Board *b, const char *name, const int16_t *moves, int count,
                         char *msg, size_t msglen)
{
	int rc = 0, played = 0;
	for (int i = 0; i < count && rc == 0; i++) {
		char t[COORD_TEXT_MAX];
		int p = moves[i];
		Outcome out;
		if (!board_empty_at(b, p)) {
			snprintf(msg, msglen, "opening '%s': %s is played twice", name,
			         coord_format(b->size, p, t));
			rc = -1;
		} else if ((out = rules_outcome(b, p)) != OUTCOME_NONE) {
			snprintf(msg, msglen, "opening '%s': move %d, %s, %s", name, i + 1,
			         coord_format(b->size, p, t),
			         out == OUTCOME_WIN ? "already wins"
			                            : "is forbidden for black");
			rc = -1;
		} else {
			board_play(b, p);
			played++;
		}
	}
	if (rc == 0 && board_full(b)) {
		snprintf(msg, msglen, "opening '%s' fills the board", name);
		rc = -1;
	}
	while (played--)
		board_undo(b);
	return rc;
}

static int check(const OpeningSet *set, int k, Board *b, char *msg, size_t msglen)
{
	char name[OPENING_NAME_MAX];
	openings_name(set, k, name);
	return openings_check_moves(b, name, openings_moves(set, k),
	                            openings_length(set, k), msg, msglen);
}

/* The keys of one [opening NAME] section s: its moves (several `moves`
 * keys are joined in file order) and an optional note. */
static int ini_section(OpeningsCtx *c, const IniFile *ini, int s)
{
	const IniSection *sec = &ini->sections[s];
	char msg[ERR_MAX];
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
	if (set->count >= OPENINGS_FILE_MAX)
		return inifile_fail(ini, sec->line, "out of memory", c->err, c->errlen);
	Opening op = {.count = 0}, *o = &op;
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
		char err[ERR_MAX];
		int n = record_parse_moves(c->spec->size, e->value, pts,
		                           OPENING_MOVES_MAX - o->count, err, sizeof err);
		if (n < 0) {
			err_set(msg, sizeof msg, "opening '%s': %s", name, err);
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
	if (openings_add(set, o) < 0)
		return inifile_fail(ini, sec->line, "out of memory", c->err, c->errlen);
	return 0;
}

/* An INI file: one opening a section. */
int openings_read_ini(OpeningsCtx *c)
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

/* Checks every opening of the set read from path, and gives back its
 * spare capacity; frees it on an error. Returns 0 or -1 with the message. */
int openings_finish(const char *path, const OpeningsSpec *spec, OpeningSet *set, int rc,
                    bool checked, char *err, size_t errlen)
{
	int size = spec->size;
	Rule rule = spec->rule;
	/* game records' candidates were each checked as they came */
	Board *b = rc == 0 && set->count && !checked ? malloc(sizeof *b) : NULL;
	if (rc == 0 && set->count && !checked && (!b || board_init(b, size, rule) < 0)) {
		snprintf(err, errlen, "%s: out of memory", path);
		rc = -1;
	}
	for (int i = 0; i < set->count && rc == 0 && !checked; i++) {
		char msg[ERR_MAX];
		if (check(set, i, b, msg, sizeof msg) < 0) {
			snprintf(err, errlen, "%s:%d: %s", path, set->entries[i].line, msg);
			rc = -1;
		}
	}
	free(b);
	if (rc < 0)
		openings_free(set);
	else
		fit(set);
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
static bool same_position(const int16_t *a, int na, const int16_t *b, int nb)
{
	if (na != nb)
		return false;
	for (int i = 0; i < na; i++) {
		bool found = false;
		for (int j = i % 2; j < nb && !found; j += 2)
			found = a[i] == b[j];
		if (!found)
			return false;
	}
	return true;
}

int openings_add_symmetries(OpeningSet *set, int size)
{
	OpeningSet out = {0};
	for (int i = 0; i < set->count; i++) {
		const OpeningEntry *o = &set->entries[i];
		const int16_t *moves = openings_moves(set, i);
		/* The images share their original's name, kept once. */
		char name[OPENING_NAME_MAX];
		bool made = o->name < 0 && !o->sym; /* "line N", "game K" */
		int64_t at = made ? o->name : intern(&out, openings_name(set, i, name));
		if (!made && at < 0)
			goto oom;
		int first = out.count;
		for (int k = 0; k < 8; k++) {
			int16_t t[OPENING_MOVES_MAX];
			for (int j = 0; j < o->count; j++)
				t[j] = (int16_t)openings_transform(moves[j], k, size);
			/* Skip an image equal to one already kept for this opening. */
			bool dup = false;
			for (int j = first; j < out.count && !dup; j++)
				dup = same_position(openings_moves(&out, j),
				                    openings_length(&out, j), t, o->count);
			if (!dup && openings_push(&out, at, o->line, k, t, o->count) < 0)
				goto oom;
		}
	}
	openings_free(set);
	fit(&out);
	*set = out;
	return 0;
oom:
	openings_free(&out);
	return -1;
}
