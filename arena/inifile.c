/* inifile.c - an INI file read whole through inih, with line numbers. */
#define _POSIX_C_SOURCE 200809L
#include "inifile.h"

#include <errno.h>
#include <ini.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	IniFile *f;
	FILE *in;
	int line;
	int failed;
	int cap_sections, cap_entries;
	char *err;
	size_t errlen;
} Reader;

static int grow(void **items, int *cap, int n, size_t size)
{
	if (n < *cap)
		return 0;
	int nc = *cap ? 2 * *cap : 16;
	void *p = realloc(*items, (size_t)nc * size);
	if (!p)
		return -1;
	*items = p;
	*cap = nc;
	return 0;
}

static void fail(Reader *r, const char *msg)
{
	if (!r->failed)
		inifile_fail(r->f, r->line, msg, r->err, r->errlen);
	r->failed = 1;
}

static char *counting_reader(char *str, int num, void *stream)
{
	Reader *r = stream;
	if (r->failed || !fgets(str, num, r->in))
		return NULL;
	r->line++;
	size_t n = strlen(str);
	if (n == (size_t)num - 1 && str[n - 1] != '\n' && !feof(r->in)) {
		char msg[64];
		snprintf(msg, sizeof msg, "line longer than %d characters", num - 2);
		fail(r, msg);
		return NULL;
	}
	const char *s = str + strspn(str, " \t");
	const char *close = *s == '[' ? strchr(s, ']') : NULL;
	if (close) {
		IniFile *f = r->f;
		if (grow((void **)&f->sections, &r->cap_sections, f->nsections,
		         sizeof *f->sections)) {
			fail(r, "out of memory");
			return NULL;
		}
		IniSection *sec = &f->sections[f->nsections++];
		sec->line = r->line;
		snprintf(sec->name, sizeof sec->name, "%.*s", (int)(close - s - 1), s + 1);
	}
	return str;
}

static int handler(void *user, const char *section, const char *key, const char *value)
{
	Reader *r = user;
	IniFile *f = r->f;
	(void)section; /* the reader noted the header, with its line */
	if (r->failed)
		return 0;
	if (!key) /* a new section, with INI_CALL_HANDLER_ON_NEW_SECTION */
		return 1;
	if (grow((void **)&f->entries, &r->cap_entries, f->nentries, sizeof *f->entries)) {
		fail(r, "out of memory");
		return 0;
	}
	IniEntry *e = &f->entries[f->nentries++];
	e->line = r->line;
	e->section = f->nsections - 1;
	snprintf(e->key, sizeof e->key, "%s", key);
	snprintf(e->value, sizeof e->value, "%s", value ? value : "");
	return 1;
}

int inifile_read(const char *path, IniFile *f, char *err, size_t errlen)
{
	memset(f, 0, sizeof *f);
	if (strlen(path) >= sizeof f->path) {
		snprintf(err, errlen, "%.64s...: path too long", path);
		return -1;
	}
	snprintf(f->path, sizeof f->path, "%s", path);
	Reader r = {.f = f, .err = err, .errlen = errlen};
	r.in = fopen(path, "r");
	if (!r.in) {
		snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	int rc = ini_parse_stream(counting_reader, &r, handler, &r);
	fclose(r.in);
	if (rc != 0 && !r.failed) {
		/* inih's own complaint: a line that is neither section nor key. */
		r.line = rc > 0 ? rc : r.line;
		fail(&r, "expected [section] or key = value");
	}
	if (r.failed) {
		inifile_free(f);
		return -1;
	}
	return 0;
}

void inifile_free(IniFile *f)
{
	free(f->sections);
	free(f->entries);
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
	char *end;
	errno = 0;
	long n = strtol(v, &end, 10);
	if (end == v || *end || errno || n < lo || n > hi) {
		snprintf(err, errlen, "'%s' takes a whole number from %ld to %ld, not '%s'",
		         key, lo, hi, v);
		return -1;
	}
	*out = n;
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
	char *end;
	errno = 0;
	double x = strtod(v, &end);
	if (end == v || *end || errno || !isfinite(x) || x < lo || x > hi) {
		snprintf(err, errlen, "'%s' takes a number from %g to %g, not '%s'", key,
		         lo, hi, v);
		return -1;
	}
	*out = x;
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
	snprintf(err, errlen, "'%s' takes on or off, not '%s'", key, v);
	return -1;
}

int inifile_seed(const char *key, const char *v, uint64_t *out, char *err, size_t errlen)
{
	char *end;
	errno = 0;
	unsigned long long s = strtoull(v, &end, 10);
	if (end == v || *end || errno || v[0] == '-') {
		snprintf(err, errlen,
		         "'%s' takes a whole number from 0 to 2^64-1, not '%s'", key, v);
		return -1;
	}
	*out = s;
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

void inifile_stem(const char *path, char *out, size_t outlen)
{
	char buf[INIFILE_PATH_MAX];
	snprintf(buf, sizeof buf, "%s", path);
	char *b = basename(buf), *dot = strrchr(b, '.');
	if (dot && dot != b)
		*dot = '\0';
	snprintf(out, outlen, "%s", b);
}
