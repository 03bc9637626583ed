/* inifile.c - an INI file read whole through Debian's inih, with line
 * numbers (inifile.h).
 *
 * inih parses the keys and values; what it cannot do is done around it:
 *   - Lines reach it through a reader (ini_parse_stream) fed by lines.h,
 *     so a NUL byte, a line over the limit or a control character is an
 *     error of its line before inih sees it, and a BOM is already gone.
 *   - inih's handler gets no line numbers (Debian builds it without
 *     INI_HANDLER_LINENO), and inih takes one line per reader call with
 *     multi-line values off: the line of a key is the reader's last line.
 *   - inih reports a section only through its keys, so the reader notes
 *     each "[NAME]" line itself (an empty section still counts, for the
 *     duplicate check).
 *   - Leading blanks are dropped before inih sees a line: with them, inih
 *     would take an indented line for the continuation of the last value.
 *   - Debian's libinih 55 reads its options at run time (ini_max_line and
 *     the rest are variables, not only macros); inifile_read sets them on
 *     every call, so the line limit is ours, not inih's 200 bytes. Files
 *     are read by one thread, before any game starts. */
#define _POSIX_C_SOURCE 200809L
#include "inifile.h"
#include "err.h"

#include <errno.h>
#include <ini.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lines.h"
#include "num.h"
#include "printable.h"

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
	Lines lines;
	LinesStatus status; /* of the last lines_next */
	int line;           /* the number of the line last handed to inih */
	bool failed;        /* msg holds the error of that line */
	char msg[ERR_MAX];
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

/* Sets msg for the current line and makes inih stop. */
static void stop(Reader *r, const char *msg)
{
	if (!r->failed)
		snprintf(r->msg, sizeof r->msg, "%s", msg);
	r->failed = true;
}

/* "key = value", as inih split it, on the reader's last line. */
static int handler(void *user, const char *section, const char *key, const char *value)
{
	Reader *r = user;
	IniFile *f = r->f;
	char msg[ERR_MAX];
	(void)section; /* the reader noted the header, with its line */
	if (r->failed)
		return 0;
	if (!*key) {
		stop(r, "a key is missing before '='");
		return 0;
	}
	if (f->nsections == 0) {
		snprintf(msg, sizeof msg, "'%.64s' is outside any section", key);
		stop(r, msg);
		return 0;
	}
	if (grow((void **)&f->entries, &r->cap_entries, f->nentries, sizeof *f->entries) <
	    0) {
		stop(r, "out of memory");
		return 0;
	}
	IniEntry *e = &f->entries[f->nentries];
	e->line = r->line;
	e->section = f->nsections - 1;
	if (!(e->key = keep(f, key, strlen(key))) ||
	    !(e->value = keep(f, value, strlen(value)))) {
		stop(r, "out of memory");
		return 0;
	}
	f->nentries++;
	f->sections[e->section].count++;
	return 1;
}

/* inih's reader: the next line of the file, checked, without its leading
 * blanks, a section header noted; NULL at the end or on an error (then
 * r->failed, or r->status says which). */
static char *reader(char *str, int num, void *stream)
{
	Reader *r = stream;
	char *s;
	size_t len;
	if (r->failed)
		return NULL;
	if ((r->status = lines_next(&r->lines, &s, &len)) != LINES_OK) {
		if (r->status != LINES_END) {
			r->line = (int)r->lines.line;
			lines_error(&r->lines, r->status, r->msg, sizeof r->msg);
			r->failed = true;
		}
		return NULL;
	}
	if (r->lines.line >= INT_MAX) { /* lines are numbered as ints */
		snprintf(r->msg, sizeof r->msg, "more than %d lines", INT_MAX - 1);
		r->failed = true;
		return NULL;
	}
	r->line = (int)r->lines.line;
	/* A control character (a CR alone, an escape, DEL) is no text of an
	 * INI file; in a value it would reach an engine's command line. */
	const char *ctl = printable_control(s);
	if (ctl) {
		snprintf(r->msg, sizeof r->msg, "a control character (byte %d) in the line",
		         (unsigned char)*ctl);
		r->failed = true;
		return NULL;
	}
	size_t lead = strspn(s, " \t");
	s += lead;
	len -= lead;
	if (*s == '[' && section_line(r, s, r->line) < 0) {
		r->failed = true;
		return NULL;
	}
	/* inih also splits "key: value"; the files' syntax is "key = value". */
	if (*s != '[' && *s != ';' && *s != '#' && s[strcspn(s, "=:")] == ':') {
		stop(r, "expected [section] or key = value");
		return NULL;
	}
	if (len + 2 > (size_t)num) { /* cannot happen: inih's buffer is bigger */
		stop(r, "line too long for the INI parser");
		return NULL;
	}
	memcpy(str, s, len);
	str[len] = '\n';
	str[len + 1] = '\0';
	return str;
}

/* inih's options, as inifile.c's syntax needs them (see the top). */
static void configure_inih(void)
{
	ini_use_stack = false;
	ini_allow_realloc = false;
	ini_max_line = ini_initial_alloc = INIFILE_LINE_MAX + 3; /* CR, LF, NUL */
	ini_allow_multiline = false;
	ini_allow_bom = false; /* lines.h skipped it; another is text */
	ini_start_comment_prefixes = ";#";
	ini_allow_inline_comments = true;
	ini_inline_comment_prefixes = ";";
	ini_allow_no_value = false;
	ini_stop_on_first_error = true;
}

int inifile_read(const char *path, const char *const *repeat, IniFile *f, char *err,
                 size_t errlen)
{
	memset(f, 0, sizeof *f);
	if (strlen(path) >= sizeof f->path) {
		return err_set(err, errlen, "%.64s...: path longer than %d bytes", path,
		               INIFILE_PATH_MAX - 1);
	}
	snprintf(f->path, sizeof f->path, "%s", path);
	/* Its folder is part of every relative path it names, and its name
	 * a run's: a line break there would reach config.ini. */
	const char *ctl = printable_control(path);
	if (ctl) {
		snprintf(err, errlen,
		         "%s: a control character (byte %d) in the file's name", path,
		         (unsigned char)*ctl);
		return -1;
	}
	FILE *in = fopen(path, "re");
	if (!in) {
		return err_set(err, errlen, "%s: cannot open: %s", path, strerror(errno));
	}
	Reader r = {.f = f, .repeat = repeat, .status = LINES_OK};
	lines_init(&r.lines, in, INIFILE_LINE_MAX);
	configure_inih();
	int bad = ini_parse_stream(reader, &r, handler, &r);
	lines_free(&r.lines);
	fclose(in);
	int line = r.line;
	if (bad == -2) {
		snprintf(r.msg, sizeof r.msg, "out of memory");
	} else if (!r.failed && bad > 0) {
		/* inih's own complaint: neither a section nor a key. */
		snprintf(r.msg, sizeof r.msg, "expected [section] or key = value");
	} else if (!r.failed) {
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
		return err_set(err, errlen,
		               "'%s' takes a number from %g to %g, not '%.64s'", key, lo,
		               hi, v);
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
	return err_set(err, errlen, "'%s' takes on or off, not '%.64s'", key, v);
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

bool inifile_folder_name(const char *v)
{
	if (!*v || strchr(v, '/') || strcmp(v, ".") == 0 || strcmp(v, "..") == 0)
		return false;
	for (const unsigned char *c = (const unsigned char *)v; *c; c++)
		if (*c < 0x20 || *c == 0x7f)
			return false;
	return true;
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
	/* "..ini" would run in the out folder itself, "...ini" in its parent,
	 * and a newline would reach config.ini and tuned.ini. */
	if (!inifile_folder_name(out)) {
		out[0] = '\0';
		return ERR_INPUT;
	}
	return 0;
}

const char *inifile_stem_why(int rc)
{
	return rc == -1 ? "the file's name is too long to name the run"
	                : "the file's name cannot name the run's folder (it would be "
	                  "empty, '.' or '..', or hold a control character)";
}
