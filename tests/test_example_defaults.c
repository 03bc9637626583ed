/* test_example_defaults.c - the example configurations (configs/NAME.ini)
 * against the code's tables: every statement of a default their comments
 * make in a shape this test recognises is compared with the default the
 * code declares, so a changed default cannot leave a comment behind
 * (issue 31: spsa-alphabeta.ini gave ratio's default as 0.1 long after it
 * was 0.55).
 *
 * The defaults come from the key tables ([tournament], [player NAME],
 * [spsa], [param KEY], [texel]), shown as the reference shows them
 * (config_table_shown_default), and from the player types' ParamDecl
 * tables (the types the file's [player] sections name), shown as
 * param_format writes a value. The shapes recognised:
 *   "; key: ... (default X)", "; key: ... Default X.", "default: X",
 *   "X (default)", "The default, X,", "Default: key = X",
 *   "; key, key2: ... (default X, Y)", "key = v  ; ... (default X)",
 *   "Lines are at most N bytes" (the INI reader's limit), and under a
 *   file header "the value(s) given is (are) the default(s) unless the
 *   comment says otherwise", every value of the file's main section,
 *   which must then be the default unless its comment states a default
 *   or says otherwise ("Here ...", "Without one ...", "(required)"),
 *   and every key of that section's table must be named in the file.
 * The key of a statement is the key line's own (an inline comment), a key
 * with a '_' named in its sentence, the block's lead ("; key:"), or else
 * the last key the block names before it. A number is compared as a
 * number; words ("the file name without .ini") are compared with the
 * table's words, and skipped where they cannot be: the test prints what
 * it checked and what it skipped, so its reach is plain. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "tmpdir.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "config_keys.h"
#include "config_table.h"
#include "inifile.h"
#include "param.h"
#include "registry.h"
#include "spsa_config.h"
#include "texel_config.h"

#ifndef CONFIGS_DIR
#error "CONFIGS_DIR: the configs folder (tests/CMakeLists.txt)"
#endif

/* The example files that document keys in comments (openings-15.ini is
 * data). */
static const char *const examples[] = {"round-robin.ini",
                                       "gauntlet.ini",
                                       "sprt.ini",
                                       "external.ini",
                                       "spsa-weighted.ini",
                                       "spsa-alphabeta.ini",
                                       "spsa-external.ini",
                                       "spsa-alphabeta-clock.ini",
                                       "texel-alphabeta.ini",
                                       "texel-mcts.ini",
                                       NULL};

enum {
	LINES_MAX = 400,
	LINE_MAX_ = 4200,
	TEXT_MAX = 8192,
	SOURCES_MAX = 24,
	KEYS_MAX = 200
};

/* Where defaults are declared for one section of the file. */
typedef struct {
	char section[96];           /* "tournament", "player ab", "param ratio" */
	const ConfigSection *table; /* or NULL */
	const PlayerType *type;     /* a [player]'s type, or NULL */
} Source;

/* A key line of the file. */
typedef struct {
	int line;
	char section[96];
	char key[64];
	char value[256];
	bool otherwise; /* its own comment states a default or says otherwise */
} KeyLine;

typedef struct {
	const char *path;
	char lines[LINES_MAX][LINE_MAX_];
	int nlines;
	Source src[SOURCES_MAX];
	int nsrc;
	KeyLine keys[KEYS_MAX];
	int nkeys;
	char stated[KEYS_MAX][64]; /* keys a statement gave a default for */
	int nstated;
	bool values_are_defaults; /* the header's rule */
	int first_section;        /* the line of the first section header */
	int checked, skipped, failed;
	char report[8192]; /* the disagreements, a line each */
} File;

/* A comment: a block of ';' lines, or a key line's inline comment (and
 * the indented comment lines under it). */
typedef struct {
	char text[TEXT_MAX]; /* the comment text of its lines, joined by '\n' */
	int line0;           /* the line of its first line */
	char lead[4][64];    /* "; key:" or "; key, key2:", or the key line's key */
	int nlead;
	bool inline_; /* a key line's own comment: the key is its lead */
	char section[96];
	int keyline; /* inline: the index of its key line in File.keys, or -1 */
} Unit;

/* The default of a key as the code declares it. */
typedef struct {
	char text[256];
	bool plain; /* a value, not words ("the file's name without .ini") */
	char where[160];
} Default;

/* ---- text helpers ---- */

static bool word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	return s;
}

/* A number at the start of s (after blanks), not followed by a letter. */
static bool lead_number(const char *s, double *x)
{
	while (isspace((unsigned char)*s))
		s++;
	if (!isdigit((unsigned char)*s) && !(*s == '-' && isdigit((unsigned char)s[1])))
		return false;
	char *end;
	*x = strtod(s, &end);
	return end != s && !word_char(*end);
}

/* Words only, lower case, without "'s", articles and punctuation. */
static void normalise(const char *in, char *out, size_t outlen)
{
	char buf[512];
	size_t n = 0;
	for (const char *p = in; *p && n + 1 < sizeof buf; p++) {
		if (*p == '\'' && p[1] == 's' && !word_char(p[2])) {
			p++;
			continue;
		}
		buf[n++] = word_char(*p) || (*p == '.' && isdigit((unsigned char)p[1]))
		               ? (char)tolower((unsigned char)*p)
		               : ' ';
	}
	buf[n] = '\0';
	size_t len = 0;
	out[0] = '\0';
	for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
		if (strcmp(w, "the") == 0 || strcmp(w, "a") == 0 || strcmp(w, "an") == 0)
			continue;
		int k = snprintf(out + len, outlen - len, "%s%s", len ? " " : "", w);
		if (k < 0 || (size_t)k >= outlen - len)
			break;
		len += (size_t)k;
	}
}

/* Whether words a and b say the same: equal, or one the other's start. */
static bool words_agree(const char *a, const char *b, bool prefix)
{
	char na[512], nb[512];
	normalise(a, na, sizeof na);
	normalise(b, nb, sizeof nb);
	if (!na[0] || !nb[0])
		return false;
	if (strcmp(na, nb) == 0)
		return true;
	size_t la = strlen(na), lb = strlen(nb);
	return prefix && (la < lb ? strncmp(na, nb, la) == 0 && nb[la] == ' '
	                          : strncmp(na, nb, lb) == 0 && na[lb] == ' ');
}

typedef enum { SAME, DIFFERENT, UNCOMPARED } Verdict;

/* Comment text x against the code's default d (prefix: words may stop
 * short, as "none, the pool averages 0" against "none: the pool ..."). */
static Verdict verdict(const char *x, const Default *d, bool prefix)
{
	double a, b;
	if (lead_number(x, &a)) {
		if (lead_number(d->text, &b))
			return fabs(a - b) <= 1e-12 * fmax(1, fabs(a)) ? SAME : DIFFERENT;
		return d->plain ? DIFFERENT : UNCOMPARED;
	}
	if (words_agree(x, d->text, prefix))
		return SAME;
	return d->plain ? DIFFERENT : UNCOMPARED;
}

/* ---- the code's defaults ---- */

static bool from_table(const ConfigSection *s, const char *key, Default *d)
{
	const ConfigKey *k = config_table_find(s, key);
	if (!k || k->kind == CONFIG_HOOK)
		return k && k->shown_def &&
		       snprintf(d->text, sizeof d->text, "%s", k->shown_def) >= 0 &&
		       snprintf(d->where, sizeof d->where, "[%s] %s", s->name, key) >= 0;
	config_table_shown_default(k, d->text, sizeof d->text);
	d->plain = !k->shown_def && d->text[0];
	snprintf(d->where, sizeof d->where, "[%s] %s", s->name, key);
	return true;
}

static bool from_type(const PlayerType *t, const char *key, Default *d)
{
	ParamSet ps;
	param_defaults(&ps, t->params, t->nparams);
	int i = param_find(&ps, key);
	if (i < 0)
		return false;
	if (t->params[i].type == PARAM_REAL) /* as config.ini writes it */
		config_write_real(ps.v[i], d->text, sizeof d->text);
	else
		param_format(&ps, i, d->text, sizeof d->text);
	d->plain = d->text[0] != '\0';
	snprintf(d->where, sizeof d->where, "%s's parameter %s", t->name, key);
	return true;
}

static bool from_source(const Source *s, const char *key, Default *d)
{
	memset(d, 0, sizeof *d);
	return (s->table && from_table(s->table, key, d)) ||
	       (s->type && from_type(s->type, key, d));
}

/* The default of key for a comment in section: that section's tables
 * first, then any of the file's. */
static bool lookup(const File *f, const char *section, const char *key, Default *d)
{
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < f->nsrc; i++)
			if ((pass == 1 || strcmp(f->src[i].section, section) == 0) &&
			    from_source(&f->src[i], key, d))
				return true;
	return false;
}

static bool is_key(const File *f, const char *section, const char *key)
{
	Default d;
	return lookup(f, section, key, &d);
}

/* ---- the file ---- */

static void add_source(File *f, const char *section, const ConfigSection *table,
                       const PlayerType *type)
{
	assert_true(f->nsrc < SOURCES_MAX);
	Source *s = &f->src[f->nsrc++];
	snprintf(s->section, sizeof s->section, "%s", section);
	s->table = table;
	s->type = type;
}

/* The section a header line opens, or NULL. */
static const char *header(const char *line, char *name, size_t namelen)
{
	while (isspace((unsigned char)*line))
		line++;
	const char *end = strchr(line, ']');
	if (*line != '[' || !end)
		return NULL;
	snprintf(name, namelen, "%.*s", (int)(end - line - 1), line + 1);
	return name;
}

static bool is_comment(const char *line, int *indent)
{
	int i = 0;
	while (line[i] == ' ' || line[i] == '\t')
		i++;
	*indent = i;
	return line[i] == ';' || line[i] == '#';
}

/* "key = value [ ;comment]" into key, value and *comment (NULL if none). */
static bool key_line(const char *line, char *key, size_t keylen, char *value, size_t vlen,
                     const char **comment)
{
	const char *eq = strchr(line, '=');
	int indent;
	if (!eq || is_comment(line, &indent) || strchr(line, '[') == line + indent)
		return false;
	char k[256];
	snprintf(k, sizeof k, "%.*s", (int)(eq - line), line);
	snprintf(key, keylen, "%s", trim(k));
	for (const char *p = key; *p; p++)
		if (!word_char(*p))
			return false;
	*comment = NULL;
	const char *v = eq + 1;
	for (const char *p = v; *p; p++)
		if ((*p == ';' || *p == '#') && p > v && isspace((unsigned char)p[-1])) {
			*comment = p + 1;
			break;
		}
	char buf[LINE_MAX_];
	snprintf(buf, sizeof buf, "%.*s",
	         (int)(*comment ? *comment - 1 - v : (int)strlen(v)), v);
	snprintf(value, vlen, "%s", trim(buf));
	return *key != '\0';
}

/* [player NAME] sections' types, and every section's tables. */
static void find_sources(File *f)
{
	char name[96], sec[96] = "", key[64], value[256];
	const char *comment;
	for (int i = 0; i < f->nlines; i++) {
		if (header(f->lines[i], name, sizeof name)) {
			snprintf(sec, sizeof sec, "%s", name);
			if (strcmp(name, "tournament") == 0)
				add_source(f, name, &config_tournament, NULL);
			else if (strcmp(name, "spsa") == 0)
				add_source(f, name, &spsa_config_section, NULL);
			else if (strcmp(name, "texel") == 0)
				add_source(f, name, &texel_config_section, NULL);
			else if (strncmp(name, "param ", 6) == 0)
				add_source(f, name, &spsa_config_param_section, NULL);
			else if (strncmp(name, "player ", 7) == 0)
				add_source(f, name, &config_player, NULL);
		} else if (strncmp(sec, "player ", 7) == 0 &&
		           key_line(f->lines[i], key, sizeof key, value, sizeof value,
		                    &comment) &&
		           strcmp(key, "type") == 0) {
			const PlayerType *t = registry_find(value);
			assert_non_null(t);
			add_source(f, sec, NULL, t);
		}
	}
}

static void load(File *f, const char *path)
{
	memset(f, 0, sizeof *f);
	f->path = path;
	FILE *in = fopen(path, "r");
	if (!in)
		fail_msg("%s: cannot open", path);
	while (f->nlines < LINES_MAX && fgets(f->lines[f->nlines], LINE_MAX_, in)) {
		char *l = f->lines[f->nlines++];
		l[strcspn(l, "\r\n")] = '\0';
	}
	fclose(in);
	find_sources(f);
}

/* ---- statements ---- */

static void fail_at(File *f, int line, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	size_t n = strlen(f->report);
	snprintf(f->report + n, sizeof f->report - n, "%s:%d: %s\n", f->path, line, msg);
	f->failed++;
}

static void pass_over(File *f, int line, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	printf("  skipped %s:%d: %s\n", f->path, line, msg);
	f->skipped++;
}

static int line_of(const Unit *u, size_t at)
{
	int line = u->line0;
	for (size_t i = 0; i < at && u->text[i]; i++)
		line += u->text[i] == '\n';
	return line;
}

/* Whether text[i] ends a sentence: ';', ':', or '.' before a blank. */
static bool boundary(const char *text, size_t i)
{
	return text[i] == ';' || text[i] == ':' ||
	       (text[i] == '.' && (!text[i + 1] || isspace((unsigned char)text[i + 1])));
}

/* The start of the sentence holding text[at]. */
static size_t sentence_start(const char *text, size_t at)
{
	while (at > 0 && !boundary(text, at - 1))
		at--;
	return at;
}

/* The last key named in text[from, to) into key; with distinct, only one
 * that cannot be a word of prose (it holds a '_'). */
static bool last_key(const File *f, const Unit *u, size_t from, size_t to, bool distinct,
                     char *key, size_t keylen)
{
	bool found = false;
	for (size_t i = from; i < to;) {
		if (!word_char(u->text[i])) {
			i++;
			continue;
		}
		size_t j = i;
		while (j < to && word_char(u->text[j]))
			j++;
		char w[64];
		snprintf(w, sizeof w, "%.*s", (int)(j - i), u->text + i);
		if ((!distinct || strchr(w, '_')) && is_key(f, u->section, w)) {
			snprintf(key, keylen, "%s", w);
			found = true;
		}
		i = j;
	}
	return found;
}

static void note_stated(File *f, const char *key)
{
	if (f->nstated < KEYS_MAX)
		snprintf(f->stated[f->nstated++], sizeof f->stated[0], "%s", key);
}

/* Checks "the default of key is x", stated at line. */
static void check(File *f, const Unit *u, int line, const char *key, const char *x)
{
	Default d;
	double n;
	char num[64];
	if (lead_number(x, &n)) { /* "0.1, all but": the number */
		snprintf(num, sizeof num, "%.*s", (int)strcspn(x, " ,=)"), x);
		x = num;
	}
	note_stated(f, key);
	if (!lookup(f, u->section, key, &d)) {
		pass_over(f, line, "%s: '%s' (no table declares %s)", key, x, key);
		return;
	}
	switch (verdict(x, &d, true)) {
	case SAME:
		f->checked++;
		if (getenv("VERBOSE"))
			printf("  checked %s:%d: %s: '%s'\n", f->path, line, d.where, x);
		break;
	case UNCOMPARED:
		pass_over(f, line, "%s: '%s' (in words; the code: '%s')", d.where, x,
		          d.text);
		break;
	case DIFFERENT:
		fail_at(f, line,
		        "%s: the comment gives the default as '%s', the code as '%s'",
		        d.where, x, d.text);
		break;
	}
}

/* Where the "default" at text[p] starts a statement: after a sentence's
 * start, '(' or a sentence-opening "The". *paren tells '('; *open is
 * where the statement opens. */
static bool opens_statement(const char *text, size_t p, bool *paren, size_t *open)
{
	size_t q = p;
	*paren = false;
	while (q > 0 && isspace((unsigned char)text[q - 1]))
		q--;
	if (q >= 3 && strncasecmp(text + q - 3, "the", 3) == 0 &&
	    (q == 3 || !word_char(text[q - 4]))) {
		q -= 3;
		while (q > 0 && isspace((unsigned char)text[q - 1]))
			q--;
		*open = q;
		return q == 0 || boundary(text, q - 1);
	}
	*open = q ? q - 1 : 0;
	*paren = q > 0 && text[q - 1] == '(';
	return q == 0 || *paren || boundary(text, q - 1);
}

/* The value after "default" (": X", ", X", " X"), up to the statement's
 * end, into x; returns its start. */
static size_t value_after(const char *text, size_t p, bool paren, char *x, size_t xlen)
{
	size_t a = p + 7;
	while (text[a] == ' ' || text[a] == '\n')
		a++;
	if (text[a] == ':' || text[a] == ',')
		a++;
	while (isspace((unsigned char)text[a]))
		a++;
	size_t b = a;
	int depth = 0;
	for (; text[b]; b++) {
		if (text[b] == '(')
			depth++;
		else if (text[b] == ')' && depth-- == 0)
			break;
		else if (text[b] == ';' || (text[b] == '.' && boundary(text, b)) ||
		         (text[b] == '\n' && !paren))
			break;
	}
	char buf[512];
	snprintf(buf, sizeof buf, "%.*s", (int)(b - a), text + a);
	for (char *nl = strchr(buf, '\n'); nl; nl = strchr(nl, '\n'))
		*nl = ' ';
	snprintf(x, xlen, "%s", trim(buf));
	return a;
}

/* "X (default)": X is the words before the '(' at open, back to the
 * line's or the sentence's start; a key leading them is the key. */
static size_t value_before(const File *f, const Unit *u, size_t open, char *key,
                           size_t keylen, char *x, size_t xlen)
{
	size_t a = open;
	while (a > 0 && u->text[a - 1] != '\n' && !boundary(u->text, a - 1))
		a--;
	char buf[512];
	snprintf(buf, sizeof buf, "%.*s", (int)(open - a), u->text + a);
	char *v = trim(buf), *rest = v;
	while (word_char(*rest))
		rest++;
	key[0] = '\0';
	if (*rest && rest != v) {
		*rest++ = '\0';
		if (*trim(rest) && is_key(f, u->section, v)) {
			snprintf(key, keylen, "%s", v);
			v = trim(rest);
		} else
			rest[-1] = ' ';
	}
	snprintf(x, xlen, "%s", v);
	return a;
}

/* x of a lead list "key, key2:" split at its commas, a value per key. */
static void check_leads(File *f, const Unit *u, int line, const char *x)
{
	char buf[512];
	snprintf(buf, sizeof buf, "%s", x);
	char *part = buf;
	for (int i = 0; i < u->nlead; i++) {
		char *comma = i + 1 < u->nlead ? strchr(part, ',') : NULL;
		if (comma)
			*comma = '\0';
		else if (i + 1 < u->nlead) {
			pass_over(f, line, "%s: '%s' (fewer values than keys)", u->lead[i],
			          x);
			return;
		}
		check(f, u, line, u->lead[i], trim(part));
		if (!comma)
			return;
		part = comma + 1;
	}
}

/* The statement at text[p] ("default"): its value and key, checked. */
static void statement(File *f, const Unit *u, size_t p)
{
	bool paren;
	size_t open;
	if (!opens_statement(u->text, p, &paren, &open))
		return;
	int line = line_of(u, p);
	char x[512], key[64] = "";
	size_t a = p + 7;
	while (u->text[a] == ' ')
		a++;
	if (paren && u->text[a] == ')') /* the key is named before the value */
		open = value_before(f, u, open, key, sizeof key, x, sizeof x);
	else
		value_after(u->text, p, paren, x, sizeof x);
	if (!x[0]) {
		pass_over(f, line, "a default stated without a value");
		return;
	}
	/* "Default: nodes = 20000" */
	char *eq = strchr(x, '=');
	if (!key[0] && eq) {
		char k[64];
		snprintf(k, sizeof k, "%.*s", (int)(eq - x), x);
		if (is_key(f, u->section, trim(k))) {
			snprintf(key, sizeof key, "%s", trim(k));
			memmove(x, eq + 1, strlen(eq + 1) + 1);
		}
	}
	if (!key[0] && u->inline_)
		snprintf(key, sizeof key, "%s", u->lead[0]);
	if (!key[0] &&
	    !last_key(f, u, sentence_start(u->text, open), open, true, key, sizeof key) &&
	    u->nlead) {
		check_leads(f, u, line, x);
		return;
	}
	if (!key[0] && !last_key(f, u, 0, open, false, key, sizeof key)) {
		pass_over(f, line, "'%s' (a default, but of which key?)", x);
		return;
	}
	check(f, u, line, key, trim(x));
}

/* "Lines are at most N bytes": the INI reader's limit. */
static void line_limit(File *f, const Unit *u)
{
	static const char said[] = "lines are at most ";
	for (size_t p = 0; u->text[p]; p++) {
		if (strncasecmp(u->text + p, said, sizeof said - 1) != 0)
			continue;
		char x[64];
		snprintf(x, sizeof x, "%.*s",
		         (int)strcspn(u->text + p + sizeof said - 1, "."),
		         u->text + p + sizeof said - 1);
		for (char *nl = strchr(x, '\n'); nl; nl = strchr(nl, '\n'))
			*nl = ' ';
		double n;
		char want[64];
		snprintf(want, sizeof want, "%d bytes", (int)INIFILE_LINE_MAX);
		if (lead_number(x, &n) && n == INIFILE_LINE_MAX && strstr(x, "bytes"))
			f->checked++;
		else
			fail_at(f, line_of(u, p),
			        "the comment gives the line limit as '%s', the INI reader "
			        "as '%s'",
			        x, want);
	}
}

static bool says_otherwise(const char *text)
{
	static const char *const words[] = {"here", "without", "required", NULL};
	char n[TEXT_MAX];
	normalise(text, n, sizeof n);
	char *w = n;
	for (; (w = strtok(w, " ")); w = NULL)
		for (int i = 0; words[i]; i++)
			if (strcmp(w, words[i]) == 0)
				return true;
	return false;
}

/* Every statement of a unit; then whether its key lines' values are
 * defaults. */
static void scan(File *f, Unit *u)
{
	if (u->line0 < f->first_section) {
		char n[TEXT_MAX];
		snprintf(n, sizeof n, "%s", u->text);
		for (char *w = n; *w; w++)
			if (isspace((unsigned char)*w))
				*w = ' ';
		f->values_are_defaults |= strstr(n, "given is the default") ||
		                          strstr(n, "given are the defaults");
	}
	int stated = f->nstated;
	for (size_t p = 0; u->text[p]; p++)
		if (strncasecmp(u->text + p, "default", 7) == 0 &&
		    (p == 0 || !word_char(u->text[p - 1])) && !word_char(u->text[p + 7]))
			statement(f, u, p);
	line_limit(f, u);
	bool otherwise = says_otherwise(u->text);
	if (u->keyline >= 0)
		f->keys[u->keyline].otherwise |= otherwise || f->nstated > stated;
	/* a block that leads with keys speaks for their lines below it */
	for (int i = 0; i < u->nlead && !u->inline_; i++)
		for (int k = 0; k < f->nkeys; k++)
			if (f->keys[k].line > u->line0 &&
			    strcmp(f->keys[k].section, u->section) == 0 &&
			    strcmp(f->keys[k].key, u->lead[i]) == 0) {
				f->keys[k].otherwise |= otherwise;
				break;
			}
}

/* ---- units ---- */

/* "key:" or "key, key2:" at the start of text: the block's lead. */
static void find_leads(const File *f, Unit *u)
{
	const char *p = u->text;
	u->nlead = 0;
	while (u->nlead < 4) {
		while (*p == ' ')
			p++;
		size_t n = 0;
		while (word_char(p[n]))
			n++;
		if (!n || n >= sizeof u->lead[0])
			break;
		snprintf(u->lead[u->nlead], sizeof u->lead[0], "%.*s", (int)n, p);
		if (!is_key(f, u->section, u->lead[u->nlead]))
			break;
		u->nlead++;
		p += n;
		if (*p == ':')
			return;
		if (*p != ',')
			break;
		p++;
	}
	u->nlead = 0;
}

/* The section of the first key line or header at or after line i. */
static void section_after(const File *f, int i, const char *current, char *out,
                          size_t outlen)
{
	char name[96];
	for (; i < f->nlines; i++) {
		if (header(f->lines[i], name, sizeof name)) {
			snprintf(out, outlen, "%s", name);
			return;
		}
		for (int k = 0; k < f->nkeys; k++)
			if (f->keys[k].line == i + 1) {
				snprintf(out, outlen, "%s", f->keys[k].section);
				return;
			}
	}
	snprintf(out, outlen, "%s", current);
}

static void append(Unit *u, const char *text, int line)
{
	text += *text == ' '; /* "; text" */
	size_t n = strlen(u->text);
	if (!n && u->line0 == 0)
		u->line0 = line;
	snprintf(u->text + n, sizeof u->text - n, "%s%s", u->line0 == line ? "" : "\n",
	         text);
}

static int keyline_at(const File *f, int line)
{
	for (int k = 0; k < f->nkeys; k++)
		if (f->keys[k].line == line)
			return k;
	return -1;
}

/* Scans a unit that has lines, and empties it. */
static void flush(File *f, Unit *u, int next, const char *current)
{
	if (u->line0) {
		if (!u->inline_) {
			section_after(f, next, current, u->section, sizeof u->section);
			find_leads(f, u);
		}
		scan(f, u);
	}
	memset(u, 0, sizeof *u);
	u->keyline = -1;
}

/* "; key = value ; comment", a key line commented out: its comment is a
 * unit whose key is the key. */
static bool commented_key(File *f, const char *line, int no, const char *section, Unit *u)
{
	int indent;
	char key[64], value[256];
	const char *comment;
	if (!is_comment(line, &indent) || indent || line[1 + (line[1] == ' ')] == ' ' ||
	    !key_line(line + 1, key, sizeof key, value, sizeof value, &comment) ||
	    !is_key(f, section, key))
		return false;
	u->inline_ = true;
	u->nlead = 1;
	snprintf(u->lead[0], sizeof u->lead[0], "%s", key);
	snprintf(u->section, sizeof u->section, "%s", section);
	u->line0 = no;
	snprintf(u->text, sizeof u->text, "%s", comment ? comment : "");
	return true;
}

/* The file's comments, unit by unit: blocks of comment lines, and each key
 * line's own comment with the indented comment lines under it. */
static void scan_units(File *f)
{
	static Unit block, own;
	char sec[96] = "", name[96], key[64], value[256];
	const char *comment;
	flush(f, &block, 0, sec);
	flush(f, &own, 0, sec);
	for (int i = 0; i < f->nlines; i++) {
		const char *l = f->lines[i];
		int no = i + 1, indent;
		if (is_comment(l, &indent) && indent && own.line0) {
			append(&own, l + indent + 1, no);
			continue;
		}
		flush(f, &own, i, sec);
		if (header(l, name, sizeof name)) {
			flush(f, &block, i, sec);
			snprintf(sec, sizeof sec, "%s", name);
		} else if (commented_key(f, l, no, sec, &own)) {
			flush(f, &block, i, sec);
			flush(f, &own, i + 1, sec);
		} else if (is_comment(l, &indent)) {
			append(&block, l + indent + 1, no);
		} else if (key_line(l, key, sizeof key, value, sizeof value, &comment)) {
			flush(f, &block, i, sec);
			own.inline_ = true;
			own.nlead = 1;
			own.keyline = keyline_at(f, no);
			snprintf(own.lead[0], sizeof own.lead[0], "%s", key);
			snprintf(own.section, sizeof own.section, "%s", sec);
			append(&own, comment ? comment : "", no);
		} else {
			flush(f, &block, i, sec);
		}
	}
	flush(f, &own, f->nlines, sec);
	flush(f, &block, f->nlines, sec);
}

/* Every key line, with its section. */
static void record_keys(File *f)
{
	char sec[96] = "", name[96];
	const char *comment;
	f->first_section = f->nlines + 1;
	for (int i = 0; i < f->nlines; i++) {
		KeyLine *k = &f->keys[f->nkeys];
		if (header(f->lines[i], name, sizeof name)) {
			snprintf(sec, sizeof sec, "%s", name);
			if (f->first_section > i + 1)
				f->first_section = i + 1;
		} else if (f->nkeys < KEYS_MAX &&
		           key_line(f->lines[i], k->key, sizeof k->key, k->value,
		                    sizeof k->value, &comment)) {
			k->line = i + 1;
			snprintf(k->section, sizeof k->section, "%s", sec);
			f->nkeys++;
		}
	}
}

/* Under the header's rule, the main section's values are its defaults
 * unless a comment says otherwise. */
static void check_values(File *f)
{
	if (!f->values_are_defaults)
		return;
	for (int i = 0; i < f->nkeys; i++) {
		const KeyLine *k = &f->keys[i];
		bool main = strcmp(k->section, "tournament") == 0 ||
		            strcmp(k->section, "spsa") == 0 ||
		            strcmp(k->section, "texel") == 0;
		bool stated = false;
		for (int s = 0; s < f->nstated; s++)
			stated |= strcmp(f->stated[s], k->key) == 0;
		if (!main || stated)
			continue;
		Default d;
		if (k->otherwise)
			pass_over(f, k->line, "%s = %s (its comment says otherwise)",
			          k->key, k->value);
		else if (!lookup(f, k->section, k->key, &d))
			pass_over(f, k->line, "%s = %s (no table declares %s)", k->key,
			          k->value, k->key);
		else if (verdict(k->value, &d, false) == SAME)
			f->checked++;
		else if (verdict(k->value, &d, false) == UNCOMPARED)
			pass_over(f, k->line, "%s = %s (the code's default in words: '%s')",
			          k->key, k->value, d.text);
		else
			fail_at(f, k->line,
			        "%s = %s, given as the default (the file's header says "
			        "so), but "
			        "the code's default is '%s'",
			        d.where, k->value, d.text);
	}
}

/* Whether word w appears in the file as a word. */
static bool names(const File *f, const char *w)
{
	size_t n = strlen(w);
	for (int i = 0; i < f->nlines; i++)
		for (const char *p = strstr(f->lines[i], w); p; p = strstr(p + 1, w))
			if ((p == f->lines[i] || !word_char(p[-1])) && !word_char(p[n]))
				return true;
	return false;
}

/* A header that says every key is shown: every key of the main section's
 * table is named (a key line, or in a comment). */
static void check_every_key(File *f)
{
	if (!f->values_are_defaults)
		return;
	for (int i = 0; i < f->nsrc; i++) {
		const ConfigSection *s = f->src[i].table;
		if (!s || s->named)
			continue;
		for (int k = 0; k < s->nkeys; k++)
			if (!names(f, s->keys[k].name))
				fail_at(
				    f, 1,
				    "the header says every key is shown, but [%s] %s is "
				    "not",
				    s->name, s->keys[k].name);
			else
				f->checked++;
	}
}

/* Checks one file; prints what it checked and skipped. */
static void check_file(File *f, const char *path)
{
	load(f, path);
	record_keys(f);
	scan_units(f);
	check_values(f);
	check_every_key(f);
	printf("%s: %d checked, %d skipped, %d disagree\n", path, f->checked, f->skipped,
	       f->failed);
	if (f->failed)
		printf("%s", f->report);
}

/* ---- the tests ---- */

static File file;

static void examples_agree_with_the_code(void **state)
{
	(void)state;
	int checked = 0, skipped = 0, failed = 0;
	for (int i = 0; examples[i]; i++) {
		char path[1024];
		snprintf(path, sizeof path, "%s/%s", CONFIGS_DIR, examples[i]);
		check_file(&file, path);
		checked += file.checked;
		skipped += file.skipped;
		failed += file.failed;
	}
	printf("all examples: %d checked (stated defaults, values under a header's rule, "
	       "keys it promises), %d skipped, %d disagree\n",
	       checked, skipped, failed);
	assert_int_equal(failed, 0);
	/* the test's reach: it must keep recognising what the files say */
	assert_true(checked >= 60);
}

/* The text spsa-alphabeta.ini had before issue 31: caught, with the
 * file:line and both values. */
static void the_old_ratio_comment_fails(void **state)
{
	(void)state;
	const char *path = tmpdir_write(
	    "old-alphabeta.ini",
	    "; spsa-alphabeta.ini - SPSA on the alphabeta player's ratio: evaluation =\n"
	    "; own shape score - ratio x the opponent's. The default, 0.1, all but\n"
	    "; ignores the opponent's shapes.\n"
	    "\n"
	    "[spsa]\n"
	    "iterations = 150\n"
	    "openings = openings-15.ini\n"
	    "\n"
	    "[player alphabeta]\n"
	    "type = alphabeta\n"
	    "\n"
	    "[param ratio]\n"
	    "min = 0\n"
	    "max = 2\n");
	check_file(&file, path);
	assert_int_equal(file.failed, 1);
	char want[1200];
	snprintf(want, sizeof want,
	         "%s:2: alphabeta's parameter ratio: the comment gives the "
	         "default as '0.1', the code as '0.556635'",
	         path);
	assert_non_null(strstr(file.report, want));
}

/* The other shapes, each wrong once, and the header's rule. */
static void every_shape_catches_drift(void **state)
{
	(void)state;
	const char *path = tmpdir_write(
	    "drift.ini",
	    "; drift.ini - every key is shown; the value given is the default unless\n"
	    "; the comment says otherwise. Lines are at most 200 characters.\n"
	    "\n"
	    "[tournament]\n"
	    "; rounds: how many times. Default 2.\n" /* line 5: 1 */
	    "rounds = 2\n"
	    "; board: points a side (default 19)\n" /* line 7: 15 */
	    "board = 15\n"
	    "; threads: games at once; 1 (default) = one\n" /* line 9: 0 */
	    "threads = 0\n"
	    "; symmetries: images. Default on.\n" /* line 11: off */
	    "symmetries = off\n"
	    "; out: where runs go (default: runs)\n" /* line 13: results */
	    "out = results\n"
	    "status_every = 20\n" /* line 15: 10 */
	    "; pairs: here 10 pairs keep it short\n"
	    "pairs = 10\n"
	    "seed = 1\n"
	    "\n"
	    "[player p]\n"
	    "type = external\n"
	    "; tolerance: ms past the limit (default 500)\n" /* line 22: 1000 */
	    "command = x\n");
	check_file(&file, path);
	static const char *const lines[] = {
	    ":2: ", ":5: ", ":7: ", ":9: ", ":11: ", ":13: ", ":15: ", ":22: ", NULL};
	for (int i = 0; lines[i]; i++)
		if (!strstr(file.report, lines[i]))
			fail_msg("no disagreement at line %s", lines[i]);
	/* and the keys the header promises but the file does not show */
	assert_non_null(
	    strstr(file.report, "every key is shown, but [tournament] sgf is not"));
	int values = 0;
	for (const char *l = file.report; *l; l = strchr(l, '\n') + 1)
		values +=
		    strncmp(strchr(l + strlen(path), ' ') + 1, "the header says", 15) != 0;
	assert_int_equal(values, 8); /* pairs says otherwise, seed agrees */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(examples_agree_with_the_code),
	    cmocka_unit_test(the_old_ratio_comment_fails),
	    cmocka_unit_test(every_shape_catches_drift),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
