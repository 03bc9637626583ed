/* config_table.c - reading, defaulting, writing and describing the keys
 * of a section from its table (config_table.h). */
#include "config_table.h"
#include "err.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "inifile.h"
#include "num.h"
#include "printable.h"

_Static_assert(sizeof(Rule) == sizeof(int), "a rule is stored as an int");

const ConfigKey *config_table_find(const ConfigSection *s, const char *name)
{
	for (int i = 0; i < s->nkeys; i++)
		if (s->keys[i].kind != CONFIG_PARAMS && strcmp(s->keys[i].name, name) == 0)
			return &s->keys[i];
	return NULL;
}

void config_table_names(const ConfigSection *s, char *buf, size_t buflen)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < s->nkeys && len < buflen; i++) {
		if (s->keys[i].kind == CONFIG_PARAMS)
			continue;
		int w = snprintf(buf + len, buflen - len, "%s%s", len ? ", " : "",
		                 s->keys[i].name);
		if (w < 0)
			break;
		len += (size_t)w;
	}
}

/* "a, b or c" */
static void or_list(const char *const *items, int n, char *buf, size_t buflen)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < n && len < buflen; i++) {
		const char *sep = i == 0 ? "" : i == n - 1 ? " or " : ", ";
		int w = snprintf(buf + len, buflen - len, "%s%s", sep, items[i]);
		if (w < 0)
			break;
		len += (size_t)w;
	}
}

static void choice_list(const ConfigKey *k, char *buf, size_t buflen)
{
	const char *items[16];
	int n = 0;
	if (k->kind == CONFIG_RULE)
		for (; n < RULE_COUNT && n < 16; n++)
			items[n] = rule_name((Rule)n);
	else
		while (n < 16 && k->choices[n]) {
			items[n] = k->choices[n];
			n++;
		}
	or_list(items, n, buf, buflen);
}

/* The budget limit a key names. */
static unsigned budget_flag(const char *name)
{
	return strcmp(name, "nodes") == 0     ? BUDGET_NODES
	       : strcmp(name, "depth") == 0   ? BUDGET_DEPTH
	       : strcmp(name, "game_ms") == 0 ? BUDGET_GAME
	       : strcmp(name, "inc_ms") == 0  ? BUDGET_INC
	                                      : BUDGET_MS;
}

static void budget_put(Budget *b, unsigned flag, double v)
{
	if (flag == BUDGET_NODES)
		b->nodes = (uint64_t)v;
	else if (flag == BUDGET_DEPTH)
		b->depth = (int)v;
	else if (flag == BUDGET_GAME)
		b->game_ms = (int64_t)v;
	else if (flag == BUDGET_INC)
		b->inc_ms = (int64_t)v;
	else
		b->ms = (int64_t)v;
}

void config_table_defaults(const ConfigSection *s, void *obj)
{
	for (int i = 0; i < s->nkeys; i++) {
		const ConfigKey *k = &s->keys[i];
		void *p = (char *)obj + k->at;
		switch (k->kind) {
		case CONFIG_INT:
		case CONFIG_UNSET:
		case CONFIG_CHOICE:
		case CONFIG_RULE: *(int *)p = (int)k->def; break;
		case CONFIG_U64:
		case CONFIG_SEED: *(uint64_t *)p = (uint64_t)k->def; break;
		case CONFIG_REAL: *(double *)p = k->def; break;
		case CONFIG_ONOFF: *(bool *)p = k->def != 0; break;
		case CONFIG_TEXT:
		case CONFIG_FOLDER:
		case CONFIG_NAME:
		case CONFIG_PATH:
			snprintf(p, k->size, "%s", k->def_text ? k->def_text : "");
			break;
		case CONFIG_BUDGET: budget_put(p, budget_flag(k->name), k->def); break;
		case CONFIG_HOOK:
		case CONFIG_PARAMS: break;
		}
	}
}

/* A whole number of k into *out. */
static int whole(const ConfigKey *k, const char *v, double *out, char *err, size_t errlen)
{
	if (k->flags & CONFIG_ANY_NOTATION) {
		double x;
		if (num_real(v, k->min, k->max, &x) < 0 || x != floor(x)) {
			snprintf(
			    err, errlen,
			    "'%s' takes a whole number from %.15g to %.15g, not '%.64s'",
			    k->name, k->min, k->max, v);
			return -1;
		}
		*out = x;
		return 0;
	}
	long n;
	if (inifile_long(k->name, v, (long)k->min, (long)k->max, &n, err, errlen) < 0)
		return -1;
	*out = (double)n;
	return 0;
}

static int text(const ConfigKey *k, const char *v, char *out, char *err, size_t errlen)
{
	size_t n = strlen(v);
	bool dots = strcmp(v, ".") == 0 || strcmp(v, "..") == 0;
	if (k->kind == CONFIG_FOLDER && (n >= k->size || !inifile_folder_name(v))) {
		snprintf(err, errlen,
		         "'%s' is a folder name of 1 to %zu characters: no '/' or control "
		         "character, not '.' or '..'",
		         k->name, k->size - 1);
		return -1;
	}
	if (k->kind == CONFIG_NAME && (!n || n >= k->size || strpbrk(v, ",\"/") || dots)) {
		snprintf(err, errlen,
		         "'%s' takes a name of 1 to %zu characters without , \" or /",
		         k->name, k->size - 1);
		return -1;
	}
	if (!n || n >= k->size) {
		return err_set(err, errlen, "'%s' needs a value of 1 to %zu characters",
		               k->name, k->size - 1);
	}
	memcpy(out, v, n + 1);
	return 0;
}

/* The message of a value holding a control character; returns -1. */
static int control(const ConfigKey *k, const char *ctl, char *err, size_t errlen)
{
	return err_set(err, errlen, "'%s': a control character (byte %d) in the value",
	               k->name, (unsigned char)*ctl);
}

static int path(const ConfigKey *k, const char *v, const char *ini_path, char *out,
                char *err, size_t errlen)
{
	char buf[INIFILE_PATH_MAX + INIFILE_LINE_MAX];
	int rc = -1;
	if (*v && ini_path)
		rc = inifile_resolve_path(ini_path, v, buf, sizeof buf);
	else if (*v)
		rc = snprintf(buf, sizeof buf, "%s", v) < (int)sizeof buf ? 0 : -1;
	if (rc < 0 || !*v || strlen(buf) >= k->size) {
		if (*v)
			snprintf(err, errlen,
			         "'%s': the path is longer than %zu bytes (with the INI "
			         "file's folder)",
			         k->name, k->size - 1);
		else
			snprintf(err, errlen, "'%s' needs a file name", k->name);
		return -1;
	}
	if (printable_control(buf)) /* from the INI file's folder */
		return control(k, printable_control(buf), err, errlen);
	memcpy(out, buf, strlen(buf) + 1);
	return 0;
}

static int choice(const ConfigKey *k, const char *v, int *out, char *err, size_t errlen)
{
	if (k->kind == CONFIG_RULE) {
		Rule r;
		if (rule_parse(v, &r) == 0)
			return *out = (int)r, 0;
	} else {
		for (int i = 0; k->choices[i]; i++)
			if (strcmp(v, k->choices[i]) == 0)
				return *out = i, 0;
	}
	char list[256];
	choice_list(k, list, sizeof list);
	return err_set(err, errlen, "'%s' is %s, not '%s'", k->name, list, v);
}

int config_table_set_key(const ConfigKey *k, void *obj, const char *v, const char *ini_path,
                         int line, char *err, size_t errlen)
{
	void *p = (char *)obj + k->at;
	int rc = 0;
	double x;
	/* config.ini writes the value as it is: no line break may cut it
	 * (README "Hostile text"). */
	if (printable_control(v))
		return control(k, printable_control(v), err, errlen);
	switch (k->kind) {
	case CONFIG_INT:
	case CONFIG_U64:
		if ((rc = whole(k, v, &x, err, errlen)) == 0 && k->kind == CONFIG_INT)
			*(int *)p = (int)x;
		else if (rc == 0)
			*(uint64_t *)p = (uint64_t)x;
		break;
	case CONFIG_REAL:
		if ((rc = inifile_real(k->name, v, k->min, k->max, &x, err, errlen)) < 0)
			break;
		if ((k->flags & CONFIG_ABOVE_MIN) && !(x > k->min)) {
			snprintf(err, errlen, "'%s' must be above %g", k->name, k->min);
			rc = -1;
			break;
		}
		*(double *)p = x;
		break;
	case CONFIG_ONOFF: rc = inifile_bool(k->name, v, p, err, errlen); break;
	case CONFIG_UNSET: {
		bool on;
		if ((rc = inifile_bool(k->name, v, &on, err, errlen)) == 0)
			*(int *)p = on;
		break;
	}
	case CONFIG_SEED: rc = inifile_seed(k->name, v, p, err, errlen); break;
	case CONFIG_CHOICE:
	case CONFIG_RULE: rc = choice(k, v, p, err, errlen); break;
	case CONFIG_TEXT:
	case CONFIG_FOLDER:
	case CONFIG_NAME: rc = text(k, v, p, err, errlen); break;
	case CONFIG_PATH: rc = path(k, v, ini_path, p, err, errlen); break;
	case CONFIG_BUDGET: {
		long n;
		if ((rc = inifile_long(k->name, v, 0, (long)k->max, &n, err, errlen)) < 0)
			break;
		unsigned *set = (unsigned *)((char *)obj + k->set_at);
		if (!*set) /* this place's first key: its budget replaces the one above */
			*(Budget *)p = (Budget){0};
		budget_put(p, budget_flag(k->name), (double)n);
		*set |= budget_flag(k->name);
		break;
	}
	case CONFIG_HOOK:
		if (!k->parse)
			return CONFIG_OTHER_KEY;
		rc = k->parse(obj, v, err, errlen);
		break;
	case CONFIG_PARAMS: return CONFIG_OTHER_KEY;
	}
	if (rc == 0 && k->line_at)
		*(int *)((char *)obj + k->line_at) = line;
	return rc;
}

int config_table_set(const ConfigSection *s, void *obj, const char *key, const char *v,
                     const char *ini_path, int line, char *err, size_t errlen)
{
	const ConfigKey *k = config_table_find(s, key);
	if (!k) {
		return err_input(err, errlen, "unknown key '%s' in [%s]", key, s->name);
	}
	return config_table_set_key(k, obj, v, ini_path, line, err, errlen);
}

/* Whether a CONFIG_WRITE_SET key has been given. */
static bool given(const ConfigKey *k, const void *obj)
{
	const void *p = (const char *)obj + k->at;
	switch (k->kind) {
	case CONFIG_TEXT:
	case CONFIG_FOLDER:
	case CONFIG_NAME:
	case CONFIG_PATH: return *(const char *)p != '\0';
	case CONFIG_UNSET: return *(const int *)p >= 0;
	case CONFIG_REAL: return *(const double *)p >= k->min; /* def below: not given */
	case CONFIG_BUDGET: return *(const unsigned *)((const char *)obj + k->set_at) != 0;
	default: return true;
	}
}

/* Whether a number key holds 0 (other kinds never do). */
static bool zero(const ConfigKey *k, const void *obj)
{
	const void *p = (const char *)obj + k->at;
	switch (k->kind) {
	case CONFIG_INT:
	case CONFIG_CHOICE: return *(const int *)p == 0;
	case CONFIG_U64: return *(const uint64_t *)p == 0;
	case CONFIG_BUDGET: {
		const Budget *b = p;
		unsigned flag = budget_flag(k->name);
		return flag == BUDGET_NODES   ? b->nodes == 0
		       : flag == BUDGET_DEPTH ? b->depth == 0
		       : flag == BUDGET_GAME  ? b->game_ms == 0
		       : flag == BUDGET_INC   ? b->inc_ms == 0
		                              : b->ms == 0;
	}
	default: return false;
	}
}

static void write_value(const ConfigKey *k, const void *obj, FILE *f)
{
	const void *p = (const char *)obj + k->at;
	char real[40];
	switch (k->kind) {
	case CONFIG_INT: fprintf(f, "%d", *(const int *)p); break;
	case CONFIG_U64:
	case CONFIG_SEED:
		fprintf(f, "%llu", (unsigned long long)*(const uint64_t *)p);
		break;
	case CONFIG_REAL:
		if (k->flags & CONFIG_G17)
			fprintf(f, "%.17g", *(const double *)p);
		else {
			config_write_real(*(const double *)p, real, sizeof real);
			fputs(real, f);
		}
		break;
	case CONFIG_ONOFF: fputs(*(const bool *)p ? "on" : "off", f); break;
	case CONFIG_UNSET: fputs(*(const int *)p > 0 ? "on" : "off", f); break;
	case CONFIG_CHOICE: fputs(k->choices[*(const int *)p], f); break;
	case CONFIG_RULE: fputs(rule_name((Rule) * (const int *)p), f); break;
	case CONFIG_TEXT:
	case CONFIG_FOLDER:
	case CONFIG_NAME:
	case CONFIG_PATH: fputs(p, f); break;
	case CONFIG_BUDGET: {
		unsigned flag = budget_flag(k->name);
		const Budget *b = p;
		if (flag == BUDGET_NODES)
			fprintf(f, "%llu", (unsigned long long)b->nodes);
		else if (flag == BUDGET_DEPTH)
			fprintf(f, "%d", b->depth);
		else
			fprintf(f, "%lld",
			        (long long)(flag == BUDGET_GAME  ? b->game_ms
			                    : flag == BUDGET_INC ? b->inc_ms
			                                         : b->ms));
		break;
	}
	case CONFIG_HOOK:
	case CONFIG_PARAMS: break;
	}
}

int config_table_write(const ConfigSection *s, const void *obj, FILE *f)
{
	for (int i = 0; i < s->nkeys; i++) {
		const ConfigKey *k = &s->keys[i];
		if (!(k->flags & (CONFIG_WRITE | CONFIG_WRITE_SET)))
			continue;
		if (k->write) {
			k->write(obj, f);
			continue;
		}
		if ((k->flags & CONFIG_WRITE_SET) && !given(k, obj))
			continue;
		if ((k->flags & CONFIG_WRITE_NONZERO) && zero(k, obj))
			continue;
		fprintf(f, "%s = ", k->name);
		write_value(k, obj, f);
		fputc('\n', f);
	}
	return ferror(f) ? -1 : 0;
}

bool config_table_free(const ConfigSection *const *sections, const char *section,
                       const char *key)
{
	for (int i = 0; sections && sections[i]; i++) {
		const ConfigSection *s = sections[i];
		size_t n = strlen(s->name);
		bool here = s->named
		                ? strncmp(section, s->name, n) == 0 && section[n] == ' '
		                : strcmp(section, s->name) == 0;
		if (here) {
			const ConfigKey *k = config_table_find(s, key);
			if (k)
				return k->flags & CONFIG_FREE;
			return s->free_key && s->free_key(key);
		}
	}
	return false;
}

/* What key k takes, for the reference. */
static void describe(const ConfigKey *k, char *buf, size_t buflen)
{
	char list[256];
	if (k->takes) {
		snprintf(buf, buflen, "%s", k->takes);
		return;
	}
	switch (k->kind) {
	case CONFIG_INT:
	case CONFIG_U64:
	case CONFIG_BUDGET:
		snprintf(buf, buflen, "a whole number from %.15g to %.15g", k->min, k->max);
		break;
	case CONFIG_REAL:
		snprintf(buf, buflen, "a number from %g%s to %g", k->min,
		         k->flags & CONFIG_ABOVE_MIN ? " (excluded)" : "", k->max);
		break;
	case CONFIG_ONOFF:
	case CONFIG_UNSET: snprintf(buf, buflen, "on or off"); break;
	case CONFIG_SEED: snprintf(buf, buflen, "a whole number from 0 to 2^64-1"); break;
	case CONFIG_CHOICE:
	case CONFIG_RULE:
		choice_list(k, list, sizeof list);
		snprintf(buf, buflen, "%s", list);
		break;
	case CONFIG_TEXT:
		snprintf(buf, buflen, "text of up to %zu bytes", k->size - 1);
		break;
	case CONFIG_FOLDER:
		snprintf(buf, buflen, "a folder name: no '/', not '.' or '..'");
		break;
	case CONFIG_NAME:
		snprintf(buf, buflen, "a name: no ',', '\"' or '/', not '.' or '..'");
		break;
	case CONFIG_PATH:
		snprintf(buf, buflen, "a file, relative to the INI file's folder");
		break;
	case CONFIG_HOOK:
	case CONFIG_PARAMS: snprintf(buf, buflen, "see below"); break;
	}
}

void config_table_shown_default(const ConfigKey *k, char *buf, size_t buflen)
{
	buf[0] = '\0';
	if (k->shown_def) {
		snprintf(buf, buflen, "%s", k->shown_def);
		return;
	}
	switch (k->kind) {
	case CONFIG_INT:
	case CONFIG_U64:
	case CONFIG_SEED:
	case CONFIG_REAL:
	case CONFIG_BUDGET: snprintf(buf, buflen, "%.15g", k->def); break;
	case CONFIG_ONOFF: snprintf(buf, buflen, "%s", k->def ? "on" : "off"); break;
	case CONFIG_CHOICE: snprintf(buf, buflen, "%s", k->choices[(int)k->def]); break;
	case CONFIG_RULE: snprintf(buf, buflen, "%s", rule_name((Rule)k->def)); break;
	case CONFIG_TEXT:
	case CONFIG_FOLDER:
	case CONFIG_NAME:
	case CONFIG_PATH:
		snprintf(buf, buflen, "%s",
		         k->def_text && *k->def_text ? k->def_text : "none");
		break;
	case CONFIG_UNSET:
	case CONFIG_HOOK:
	case CONFIG_PARAMS: break;
	}
}

void config_table_print(const ConfigSection *s, FILE *f)
{
	fprintf(f, "[%s%s%s]  %s\n", s->name, s->named ? " " : "", s->named ? s->named : "",
	        s->help);
	for (int i = 0; i < s->nkeys; i++) {
		const ConfigKey *k = &s->keys[i];
		char what[300], def[200];
		describe(k, what, sizeof what);
		config_table_shown_default(k, def, sizeof def);
		fprintf(f, "  %-16s %s%s%s%s\n", k->name, what, def[0] ? "; default " : "",
		        def, k->flags & CONFIG_FREE ? "; may change on resume" : "");
		fprintf(f, "  %-16s %s\n", "", k->help);
	}
}
