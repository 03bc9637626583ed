/* config_diff.c - where a saved configuration and the one about to run
 * part (config_diff.h). */
#include "config_diff.h"

#include <stdio.h>
#include <string.h>

/* A walk over the lines of a configuration text that count: not blank, not
 * a comment, not a free key. */
typedef struct {
	const char *next; /* where the next line starts */
	int next_line;    /* its number */
	const char *s;    /* the current line ("" at the end), len bytes */
	size_t len;
	int line;
	char section[128]; /* of the lines walked so far */
} Cursor;

static bool section_of(const char *s, size_t len, char *out, size_t outlen);
static const char *value_of(const char *s, size_t len, size_t *klen);

/* Whether the line "KEY = ..." of len bytes is a key of the current section
 * that its table declares free. */
static bool is_free(const Cursor *c, const char *s, size_t len,
                    const ConfigSection *const *sections)
{
	size_t klen;
	char key[64];
	if (!sections || !value_of(s, len, &klen) || klen >= sizeof key)
		return false;
	snprintf(key, sizeof key, "%.*s", (int)klen, s);
	return config_table_free(sections, c->section, key);
}

static bool advance(Cursor *c, const ConfigSection *const *sections)
{
	while (*c->next) {
		const char *s = c->next;
		size_t len = strcspn(s, "\n"), lead = strspn(s, " \t");
		c->next = s + len + (s[len] == '\n');
		int line = c->next_line++;
		if (lead >= len || s[lead] == ';' || s[lead] == '#')
			continue;
		section_of(s, len, c->section, sizeof c->section);
		if (is_free(c, s, len, sections))
			continue;
		c->s = s, c->len = len, c->line = line;
		return true;
	}
	c->s = "", c->len = 0, c->line = c->next_line;
	return false;
}

/* The name of a "[section]" line into out, or false if it is none. */
static bool section_of(const char *s, size_t len, char *out, size_t outlen)
{
	if (len < 2 || s[0] != '[' || s[len - 1] != ']')
		return false;
	snprintf(out, outlen, "%.*s", (int)(len - 2), s + 1);
	return true;
}

/* The key of a "key = value" line (length in *klen) and where its value
 * starts, or NULL. */
static const char *value_of(const char *s, size_t len, size_t *klen)
{
	const char *eq = memchr(s, '=', len);
	if (!eq || s[0] == '[')
		return NULL;
	size_t k = (size_t)(eq - s);
	while (k > 0 && (s[k - 1] == ' ' || s[k - 1] == '\t'))
		k--;
	*klen = k;
	eq++;
	while (eq < s + len && (*eq == ' ' || *eq == '\t'))
		eq++;
	return eq;
}

/* Whether the key of length klen at s is on c's line or a later one of
 * its section (c is a copy, walked on). */
static bool key_ahead(Cursor c, const char *s, size_t klen,
                      const ConfigSection *const *sections)
{
	char ignored[128];
	while (c.len && !section_of(c.s, c.len, ignored, sizeof ignored)) {
		size_t k;
		if (value_of(c.s, c.len, &k) && k == klen && strncmp(c.s, s, k) == 0)
			return true;
		advance(&c, sections);
	}
	return false;
}

static void note_diff(const Cursor *a, const Cursor *b, const char *section,
                      const ConfigSection *const *sections, ConfigDiff *d)
{
	memset(d, 0, sizeof *d);
	d->line = a->line;
	snprintf(d->section, sizeof d->section, "%s", section);
	d->a_ended = !a->len;
	d->b_ended = !b->len;
	size_t ka = 0, kb = 0;
	const char *va = a->len ? value_of(a->s, a->len, &ka) : NULL;
	const char *vb = b->len ? value_of(b->s, b->len, &kb) : NULL;
	if (va && vb && ka == kb && strncmp(a->s, b->s, ka) == 0 && ka < sizeof d->key) {
		snprintf(d->key, sizeof d->key, "%.*s", (int)ka, a->s);
		snprintf(d->a, sizeof d->a, "%.*s", (int)(a->s + a->len - va), va);
		snprintf(d->b, sizeof d->b, "%.*s", (int)(b->s + b->len - vb), vb);
	} else {
		snprintf(d->a, sizeof d->a, "%.*s", (int)a->len, a->s);
		snprintf(d->b, sizeof d->b, "%.*s", (int)b->len, b->s);
		d->b_new = vb && !key_ahead(*a, b->s, kb, sections);
		d->a_gone = !d->b_new && va && !key_ahead(*b, a->s, ka, sections);
	}
}

bool config_diff_find(const char *a, const char *b, const ConfigSection *const *sections,
                      ConfigDiff *diff)
{
	Cursor ca = {.next = a, .next_line = 1}, cb = {.next = b, .next_line = 1};
	char section[128] = ""; /* of the lines compared so far */
	for (;;) {
		bool ha = advance(&ca, sections), hb = advance(&cb, sections);
		if (!ha && !hb)
			return true;
		if (ha && hb && ca.len == cb.len && strncmp(ca.s, cb.s, ca.len) == 0) {
			section_of(ca.s, ca.len, section, sizeof section);
			continue;
		}
		if (diff)
			note_diff(&ca, &cb, section, sections, diff);
		return false;
	}
}

bool config_diff_same(const char *a, const char *b, const ConfigSection *const *sections)
{
	return config_diff_find(a, b, sections, NULL);
}

void config_diff_text(const ConfigDiff *d, char *buf, size_t buflen)
{
	char where[140] = "";
	if (d->section[0])
		snprintf(where, sizeof where, "[%s] ", d->section);
	if (d->key[0])
		snprintf(buf, buflen, "%s%s differs (%s in the folder, %s now)", where,
		         d->key, d->a, d->b);
	else if (d->b_new)
		snprintf(
		    buf, buflen,
		    "%snow there is '%s', which the folder's configuration does not have",
		    where, d->b);
	else if (d->a_gone)
		snprintf(buf, buflen, "%sthe folder has '%s', which now is not there",
		         where, d->a);
	else if (d->a_ended)
		snprintf(buf, buflen,
		         "%sthe folder's configuration ends where now there is '%s'", where,
		         d->b);
	else if (d->b_ended)
		snprintf(buf, buflen,
		         "%sthe folder has '%s' where now the configuration ends", where,
		         d->a);
	else
		snprintf(buf, buflen, "%sthe folder has '%s' where now there is '%s'",
		         where, d->a, d->b);
}

bool config_diff_value(const char *text, const char *section, const char *key, char *out,
                       size_t outlen)
{
	Cursor c = {.next = text, .next_line = 1};
	char here[128] = "";
	size_t klen;
	while (advance(&c, NULL)) {
		if (section_of(c.s, c.len, here, sizeof here))
			continue;
		const char *v = value_of(c.s, c.len, &klen);
		if (v && strcmp(here, section) == 0 && klen == strlen(key) &&
		    strncmp(c.s, key, klen) == 0) {
			snprintf(out, outlen, "%.*s", (int)(c.s + c.len - v), v);
			return true;
		}
	}
	return false;
}
