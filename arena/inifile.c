/* inifile.c - an INI file read whole, with line numbers (inifile.h). */
#define _POSIX_C_SOURCE 200809L
#include "inifile.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lines.h"
#include "num.h"

/* The text of names, keys and values, in blocks that never move (a line
 * fits in one), so the pointers into it stay valid as it grows. */
enum { CHUNK_SIZE = 1 << 16 };
typedef struct IniChunk {
	struct IniChunk *next;
	size_t used;
	char text[CHUNK_SIZE];
} IniChunk;

_Static_assert((int)INIFILE_LINE_MAX < (int)CHUNK_SIZE, "a line fits in a chunk");

typedef struct {
	IniFile *f;
	int cap_sections, cap_entries;
	const char *const *repeat;
	char msg[512];
} Reader;

static int grow(void **items, int *cap, int n, size_t size)
{
	if (n < *cap)
		return 0;
	if (*cap >= (1 << 29))
		return -1;
	int nc = *cap ? 2 * *cap : 16;
	void *p = realloc(*items, (size_t)nc * size);
	if (!p)
		return -1;
	*items = p;
	*cap = nc;
	return 0;
}

/* A copy of s[0..n) in f's text, or NULL. */
static const char *keep(IniFile *f, const char *s, size_t n)
{
	IniChunk *c = f->text;
	if (!c || c->used + n + 1 > CHUNK_SIZE) {
		IniChunk *nc = malloc(sizeof *nc);
		if (!nc)
			return NULL;
		nc->next = c;
		nc->used = 0;
		f->text = c = nc;
	}
	char *t = c->text + c->used;
	memcpy(t, s, n);
	t[n] = '\0';
	c->used += n + 1;
	return t;
}

static bool blank(char c)
{
	return c == ' ' || c == '\t';
}

/* "[NAME]" and what may follow it. Returns 0, or -1 with r->msg. */
static int section_line(Reader *r, const char *s, int line)
{
	const char *close = strchr(s, ']');
	const char *after = close ? close + 1 + strspn(close + 1, " \t") : NULL;
	if (!close || (*after && *after != ';' && *after != '#')) {
		snprintf(r->msg, sizeof r->msg, "expected [section]%s",
		         close ? " and nothing after it but a comment"
		               : ": no closing ']'");
		return -1;
	}
	/* Runs of blanks read as one space: "[player  a]" is [player a]. */
	char name[INIFILE_LINE_MAX];
	size_t n = 0;
	for (const char *p = s + 1; p < close; p++) {
		if (!blank(*p))
			name[n++] = *p;
		else if (n && name[n - 1] != ' ')
			name[n++] = ' ';
	}
	if (n && name[n - 1] == ' ')
		n--;
	if (!n || memchr(name, '[', n)) {
		snprintf(r->msg, sizeof r->msg,
		         n ? "a section name holds '['" : "empty section name []");
		return -1;
	}
	IniFile *f = r->f;
	if (grow((void **)&f->sections, &r->cap_sections, f->nsections,
	         sizeof *f->sections) < 0) {
		snprintf(r->msg, sizeof r->msg, "out of memory");
		return -1;
	}
	IniSection *sec = &f->sections[f->nsections];
	if (!(sec->name = keep(f, name, n))) {
		snprintf(r->msg, sizeof r->msg, "out of memory");
		return -1;
	}
	sec->line = line;
	sec->first = f->nentries;
	sec->count = 0;
	f->nsections++;
	return 0;
}

/* "key = value". Returns 0, or -1 with r->msg. */
static int key_line(Reader *r, const char *s, size_t len, int line)
{
	const char *eq = strchr(s, '=');
	if (!eq) {
		snprintf(r->msg, sizeof r->msg, "expected [section] or key = value");
		return -1;
	}
	size_t klen = (size_t)(eq - s);
	while (klen && blank(s[klen - 1]))
		klen--;
	if (!klen) {
		snprintf(r->msg, sizeof r->msg, "a key is missing before '='");
		return -1;
	}
	IniFile *f = r->f;
	if (f->nsections == 0) {
		snprintf(r->msg, sizeof r->msg, "'%.*s' is outside any section",
		         (int)(klen < 64 ? klen : 64), s);
		return -1;
	}
	const char *v = eq + 1 + strspn(eq + 1, " \t"), *end = s + len;
	/* An inline comment: a ';' after a blank. */
	for (const char *p = v; p < end; p++)
		if (*p == ';' && p > eq + 1 && blank(p[-1])) {
			end = p;
			break;
		}
	while (end > v && blank(end[-1]))
		end--;
	if (grow((void **)&f->entries, &r->cap_entries, f->nentries, sizeof *f->entries) <
	    0) {
		snprintf(r->msg, sizeof r->msg, "out of memory");
		return -1;
	}
	IniEntry *e = &f->entries[f->nentries];
	e->line = line;
	e->section = f->nsections - 1;
	if (!(e->key = keep(f, s, klen)) || !(e->value = keep(f, v, (size_t)(end - v)))) {
		snprintf(r->msg, sizeof r->msg, "out of memory");
		return -1;
	}
	f->nentries++;
	f->sections[e->section].count++;
	return 0;
}

/* Duplicates are found by sorting: sections by name, keys by section and
 * key, ties by line, so the first of a pair comes first. */
typedef struct {
	int section, line;
	const char *name;
} Named;

static int by_name(const void *a, const void *b)
{
	const Named *x = a, *y = b;
	if (x->section != y->section)
		return (x->section > y->section) - (x->section < y->section);
	int c = strcmp(x->name, y->name);
	return c ? c : (x->line > y->line) - (x->line < y->line);
}

static bool repeatable(const Reader *r, const char *key)
{
	for (int i = 0; r->repeat && r->repeat[i]; i++)
		if (strcmp(r->repeat[i], key) == 0)
			return true;
	return false;
}

/* The earliest second occurrence of a section or key. Returns its line
 * (r->msg says what), 0 if none, or -1 out of memory. */
static int duplicates(Reader *r)
{
	const IniFile *f = r->f;
	int n = f->nsections > f->nentries ? f->nsections : f->nentries;
	Named *v = malloc(sizeof *v * ((size_t)n + 1));
	if (!v)
		return -1;
	int worst = 0;
	for (int i = 0; i < f->nsections; i++)
		v[i] = (Named){0, f->sections[i].line, f->sections[i].name};
	qsort(v, (size_t)f->nsections, sizeof *v, by_name);
	for (int i = 1; i < f->nsections; i++)
		if (strcmp(v[i - 1].name, v[i].name) == 0 &&
		    (!worst || v[i].line < worst)) {
			worst = v[i].line;
			snprintf(r->msg, sizeof r->msg,
			         "[%.200s] appears twice (first at line %d)", v[i].name,
			         v[i - 1].line);
		}
	for (int i = 0; i < f->nentries; i++)
		v[i] =
		    (Named){f->entries[i].section, f->entries[i].line, f->entries[i].key};
	qsort(v, (size_t)f->nentries, sizeof *v, by_name);
	for (int i = 1; i < f->nentries; i++)
		if (v[i - 1].section == v[i].section &&
		    strcmp(v[i - 1].name, v[i].name) == 0 && !repeatable(r, v[i].name) &&
		    (!worst || v[i].line < worst)) {
			worst = v[i].line;
			snprintf(r->msg, sizeof r->msg,
			         "'%.100s' is given twice in [%.200s] (first at line %d)",
			         v[i].name, f->sections[v[i].section].name, v[i - 1].line);
		}
	free(v);
	return worst;
}

int inifile_read(const char *path, const char *const *repeat, IniFile *f, char *err,
                 size_t errlen)
{
	memset(f, 0, sizeof *f);
	if (strlen(path) >= sizeof f->path) {
		snprintf(err, errlen, "%.64s...: path longer than %d bytes", path,
		         INIFILE_PATH_MAX - 1);
		return -1;
	}
	snprintf(f->path, sizeof f->path, "%s", path);
	FILE *in = fopen(path, "re");
	if (!in) {
		snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	Reader r = {.f = f, .repeat = repeat};
	Lines lr;
	lines_init(&lr, in, INIFILE_LINE_MAX);
	char *s;
	size_t len;
	LinesStatus st;
	int line = 0;
	while ((st = lines_next(&lr, &s, &len)) == LINES_OK) {
		if (lr.line >= INT_MAX) { /* lines are numbered as ints */
			snprintf(r.msg, sizeof r.msg, "more than %d lines", INT_MAX - 1);
			break;
		}
		line = (int)lr.line;
		/* A control character (a CR alone, an escape) is no text of an INI
		 * file; in a value it would reach an engine's command line. */
		const char *ctl = s;
		while (*ctl && ((unsigned char)*ctl >= 0x20 || *ctl == '\t'))
			ctl++;
		if (*ctl) {
			snprintf(r.msg, sizeof r.msg,
			         "a control character (byte %d) in the line",
			         (unsigned char)*ctl);
			break;
		}
		size_t lead = strspn(s, " \t");
		s += lead;
		len -= lead;
		if (!len || *s == ';' || *s == '#')
			continue;
		if ((*s == '[' ? section_line(&r, s, line) : key_line(&r, s, len, line)) <
		    0)
			break;
	}
	if (st != LINES_OK && st != LINES_END) {
		line = (int)lr.line;
		lines_error(&lr, st, r.msg, sizeof r.msg);
	}
	lines_free(&lr);
	fclose(in);
	if (st == LINES_END) {
		line = duplicates(&r);
		if (line < 0)
			snprintf(r.msg, sizeof r.msg, "out of memory");
		if (line == 0)
			return 0;
	}
	inifile_fail(f, line > 0 ? line : 0, r.msg, err, errlen);
	inifile_free(f);
	return -1;
}

void inifile_free(IniFile *f)
{
	free(f->sections);
	free(f->entries);
	while (f->text) {
		IniChunk *next = f->text->next;
		free(f->text);
		f->text = next;
	}
	f->sections = NULL;
	f->entries = NULL;
	f->nsections = f->nentries = 0;
}

int inifile_fail(const IniFile *f, int line, const char *msg, char *err, size_t errlen)
{
	if (line > 0)
		snprintf(err, errlen, "%s:%d: %s", f->path, line, msg);
	else
		snprintf(err, errlen, "%s: %s", f->path, msg);
	return -1;
}

int inifile_long(const char *key, const char *v, long lo, long hi, long *out, char *err,
                 size_t errlen)
{
	long long n;
	if (num_whole(v, lo, hi, &n) < 0) {
		snprintf(err, errlen,
		         "'%s' takes a whole number from %ld to %ld, not '%.64s'", key, lo,
		         hi, v);
		return -1;
	}
	*out = (long)n;
	return 0;
}

int inifile_int(const char *key, const char *v, int lo, int hi, int *out, char *err,
                size_t errlen)
{
	long n;
	if (inifile_long(key, v, lo, hi, &n, err, errlen) < 0)
		return -1;
	*out = (int)n;
	return 0;
}

int inifile_real(const char *key, const char *v, double lo, double hi, double *out,
                 char *err, size_t errlen)
{
	if (num_real(v, lo, hi, out) < 0) {
		snprintf(err, errlen, "'%s' takes a number from %g to %g, not '%.64s'", key,
		         lo, hi, v);
		return -1;
	}
	return 0;
}

int inifile_bool(const char *key, const char *v, bool *out, char *err, size_t errlen)
{
	static const char *const yes[] = {"on", "true", "yes", "1"}, *const no[] = {
	                                                                 "off", "false",
	                                                                 "no", "0"};
	for (int i = 0; i < 4; i++) {
		if (strcmp(v, yes[i]) == 0)
			return *out = true, 0;
		if (strcmp(v, no[i]) == 0)
			return *out = false, 0;
	}
	snprintf(err, errlen, "'%s' takes on or off, not '%.64s'", key, v);
	return -1;
}

int inifile_seed(const char *key, const char *v, uint64_t *out, char *err, size_t errlen)
{
	if (num_u64(v, UINT64_MAX, out) < 0) {
		snprintf(err, errlen,
		         "'%s' takes a whole number from 0 to 2^64-1, not '%.64s'", key, v);
		return -1;
	}
	return 0;
}

int inifile_resolve_path(const char *ini_path, const char *v, char *out, size_t outlen)
{
	const char *slash = strrchr(ini_path, '/');
	int w = v[0] == '/' || !slash ? snprintf(out, outlen, "%s", v)
	                              : snprintf(out, outlen, "%.*s/%s",
	                                         (int)(slash - ini_path), ini_path, v);
	return w < 0 || (size_t)w >= outlen ? -1 : 0;
}

int inifile_stem(const char *path, char *out, size_t outlen)
{
	const char *b = strrchr(path, '/');
	b = b ? b + 1 : path;
	const char *dot = strrchr(b, '.');
	size_t n = dot && dot != b ? (size_t)(dot - b) : strlen(b);
	out[0] = '\0';
	if (n >= outlen)
		return -1;
	memcpy(out, b, n);
	out[n] = '\0';
	return 0;
}
