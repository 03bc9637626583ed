/* opt.c - the commands' option parser (opt.h). */
#include "opt.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "num.h"
#include "printable.h"

/* The message "PROG: what" into err; returns -1. */
static int fail(const OptSpec *s, char *err, size_t errlen, const char *fmt, ...)
{
	int n = snprintf(err, errlen, "%s: ", s->prog);
	if (n < 0 || (size_t)n >= errlen)
		return -1;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

/* An optional '-' and decimal digits, nothing else, within long's range
 * (num.h, the rule of every file too). */
static bool parse_long(const char *v, long *out)
{
	long long n;
	if (*v == '+' || num_whole(v, LONG_MIN, LONG_MAX, &n) < 0)
		return false;
	*out = (long)n;
	return true;
}

/* A decimal number: [-]digits[.digits][e[+-]digits], at least one digit
 * before the exponent; strtod alone would also take "inf", "nan", "0x1p3"
 * and leading spaces. */
static bool parse_real(const char *v, double *out)
{
	return *v != '+' && num_real(v, -HUGE_VAL, HUGE_VAL, out) == 0;
}

/* "a, b or c" (sep ", ", last " or "), or "a|b|c" */
static void choice_list(const Opt *o, char *buf, size_t len, const char *sep,
                        const char *last)
{
	size_t n = 0;
	buf[0] = '\0';
	for (int i = 0; o->choices[i] && n < len; i++) {
		const char *before = i == 0 ? "" : o->choices[i + 1] ? sep : last;
		int w = snprintf(buf + n, len - n, "%s%s", before, o->choices[i]);
		if (w < 0)
			break;
		n += (size_t)w;
	}
}

static int set_value(const OptSpec *s, const Opt *o, const char *label, const char *v,
                     char *err, size_t errlen)
{
	switch (o->kind) {
	case OPT_INT: {
		long n;
		if (!v || !parse_long(v, &n) || n < o->min || n > o->max)
			return fail(s, err, errlen,
			            "%s takes a whole number from %ld to %ld", label,
			            o->min, o->max);
		*(long *)o->dest = n;
		return 0;
	}
	case OPT_REAL: {
		double x;
		if (!v || !parse_real(v, &x) || x < o->rmin || x > o->rmax)
			return fail(s, err, errlen, "%s takes a number from %g to %g",
			            label, o->rmin, o->rmax);
		*(double *)o->dest = x;
		return 0;
	}
	case OPT_CHOICE:
		for (int i = 0; v && o->choices[i]; i++)
			if (strcmp(v, o->choices[i]) == 0) {
				*(int *)o->dest = i;
				return 0;
			}
		char names[256];
		choice_list(o, names, sizeof names, ", ", " or ");
		return fail(s, err, errlen, "%s takes %s", label, names);
	case OPT_TEXT:
	case OPT_LIST:
		if (!v || !*v)
			return fail(s, err, errlen, "%s needs %s", label,
			            o->what ? o->what : "a value");
		/* A path with a line break would reach config.ini as a
		 * section of its own, an escape the terminal of whoever reads
		 * a message (README "Hostile text"). */
		const char *ctl = printable_control(v);
		if (ctl)
			return fail(s, err, errlen,
			            "%s: a control character (byte %d) in %s", label,
			            (unsigned char)*ctl, o->what ? o->what : "a value");
		if (o->kind == OPT_TEXT) {
			*(const char **)o->dest = v;
			return 0;
		}
		OptList *l = o->dest;
		if (l->count >= l->max)
			return fail(s, err, errlen, "%s: more than %d given", label,
			            l->max);
		l->items[l->count++] = v;
		return 0;
	case OPT_FLAG:
		if (v)
			return fail(s, err, errlen, "%s takes no value", label);
		*(bool *)o->dest = true;
		return 0;
	}
	return fail(s, err, errlen, "%s: no such kind of value", label);
}

/* The option arg names ("--name", "--name=value", "-x"); *value is what
 * follows '=', or NULL. */
static const Opt *find(const OptSpec *s, const char *arg, const char **value)
{
	*value = NULL;
	if (!s->opts)
		return NULL;
	if (arg[1] != '-') { /* -x */
		for (const Opt *o = s->opts; o->name; o++)
			if (o->short_name && arg[1] == o->short_name && !arg[2])
				return o;
		return NULL;
	}
	const char *name = arg + 2, *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	for (const Opt *o = s->opts; o->name; o++)
		if (strlen(o->name) == len && strncmp(o->name, name, len) == 0) {
			*value = eq ? eq + 1 : NULL;
			return o;
		}
	return NULL;
}

static int count(const Opt *table)
{
	int n = 0;
	while (table && table[n].name)
		n++;
	return n;
}

int opt_parse(const OptSpec *s, int argc, char **argv, char *err, size_t errlen)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
			return OPT_HELP;
	int nargs = count(s->args), next = 0; /* the next positional argument */
	bool options = true;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (options && strcmp(a, "--") == 0) {
			options = false;
			continue;
		}
		if (!options || a[0] != '-' || !a[1]) {
			if (next == nargs)
				return fail(s, err, errlen,
				            "unexpected argument '%s' (try --help)", a);
			const Opt *p = &s->args[next];
			if (set_value(s, p, p->name, a, err, errlen) < 0)
				return -1;
			next += p->kind != OPT_LIST;
			continue;
		}
		const char *value;
		const Opt *o = find(s, a, &value);
		if (!o)
			return fail(s, err, errlen, "unknown option '%.*s' (try --help)",
			            (int)strcspn(a, "="), a);
		char label[80];
		snprintf(label, sizeof label, "--%s", o->name);
		if (o->kind != OPT_FLAG && !value && i + 1 < argc)
			value = argv[++i];
		if (set_value(s, o, label, value, err, errlen) < 0)
			return -1;
	}
	for (int k = 0; k < nargs; k++) {
		const Opt *p = &s->args[k];
		bool given =
		    k < next || (p->kind == OPT_LIST && ((OptList *)p->dest)->count);
		if (p->required && !given)
			return fail(s, err, errlen, "no %s given (try --help)", p->name);
	}
	return 0;
}

/* The default as the help shows it, or "" for none. */
static void default_text(const Opt *o, char *buf, size_t len)
{
	buf[0] = '\0';
	if (o->deflt) {
		snprintf(buf, len, "%s", o->deflt);
		return;
	}
	switch (o->kind) {
	case OPT_INT: {
		long v = *(const long *)o->dest;
		if (v >= o->min && v <= o->max)
			snprintf(buf, len, "%ld", v);
		break;
	}
	case OPT_REAL: {
		double v = *(const double *)o->dest;
		if (v >= o->rmin && v <= o->rmax)
			snprintf(buf, len, "%g", v);
		break;
	}
	case OPT_CHOICE: {
		int v = *(const int *)o->dest; /* -1 and the like: no default */
		for (int i = 0; o->choices[i]; i++)
			if (i == v)
				snprintf(buf, len, "%s", o->choices[i]);
		break;
	}
	case OPT_TEXT: {
		const char *v = *(const char *const *)o->dest;
		if (v && *v)
			snprintf(buf, len, "%s", v);
		break;
	}
	case OPT_FLAG:
	case OPT_LIST: break;
	}
}

/* The left column of an entry: "FILE", "-x, --name N" or "    --name N". */
static void left_text(const Opt *o, bool positional, char *buf, size_t len)
{
	if (positional) {
		snprintf(buf, len, "%s%s", o->name, o->kind == OPT_LIST ? " ..." : "");
		return;
	}
	char meta[256] = "";
	if (o->metavar)
		snprintf(meta, sizeof meta, "%s", o->metavar);
	else if (o->kind == OPT_CHOICE)
		choice_list(o, meta, sizeof meta, "|", "|");
	else if (o->kind == OPT_INT)
		snprintf(meta, sizeof meta, "N");
	else if (o->kind == OPT_REAL)
		snprintf(meta, sizeof meta, "X");
	else if (o->kind != OPT_FLAG)
		snprintf(meta, sizeof meta, "TEXT");
	char sh[8] = "    ";
	if (o->short_name)
		snprintf(sh, sizeof sh, "-%c, ", o->short_name);
	snprintf(buf, len, "%s--%s%s%s", sh, o->name, *meta ? " " : "", meta);
}

enum { LEFT_MAX = 30, LINE_MAX = 79 };

/* "  LEFT  help (range; default D)", the part in brackets on a line of its
 * own when the whole would pass LINE_MAX. */
static void help_line(FILE *f, const Opt *o, bool positional, int width)
{
	char left[400], range[128] = "", def[256], extra[400] = "";
	left_text(o, positional, left, sizeof left);
	if (o->kind == OPT_INT)
		snprintf(range, sizeof range, "%ld to %ld", o->min, o->max);
	else if (o->kind == OPT_REAL)
		snprintf(range, sizeof range, "%g to %g", o->rmin, o->rmax);
	default_text(o, def, sizeof def);
	if (*range || *def)
		snprintf(extra, sizeof extra, "(%s%s%s%s)", range,
		         *range && *def ? "; " : "",
		         !*def      ? ""
		         : o->deflt ? "default: "
		                    : "default ",
		         def);
	const char *help = o->help ? o->help : "";
	if ((int)strlen(left) > width)
		fprintf(f, "  %s\n  %-*s  ", left, width, "");
	else
		fprintf(f, "  %-*s  ", width, left);
	if (*extra && 4 + width + strlen(help) + 1 + strlen(extra) > LINE_MAX)
		fprintf(f, "%s\n  %-*s    %s\n", help, width, "", extra);
	else
		fprintf(f, "%s%s%s\n", help, *extra ? " " : "", extra);
}

void opt_help(const OptSpec *s, FILE *f)
{
	static const Opt help = {.name = "help",
	                         .short_name = 'h',
	                         .kind = OPT_FLAG,
	                         .help = "print this help and exit"};
	int nargs = count(s->args), nopts = count(s->opts), width = 0;
	char left[400];
	for (int k = 0; k < nargs + nopts + 1; k++) {
		bool positional = k < nargs;
		const Opt *o = positional          ? &s->args[k]
		               : k < nargs + nopts ? &s->opts[k - nargs]
		                                   : &help;
		left_text(o, positional, left, sizeof left);
		int w = (int)strlen(left);
		if (w <= LEFT_MAX && w > width)
			width = w;
	}
	fprintf(f, "usage: %s", s->prog);
	for (int k = 0; k < nargs; k++) {
		const Opt *p = &s->args[k];
		const char *more = p->kind == OPT_LIST ? " ..." : "";
		if (p->required)
			fprintf(f, " %s%s", p->name, more);
		else
			fprintf(f, " [%s%s]", p->name, more);
	}
	fprintf(f, " [options]\n");
	if (s->about)
		fprintf(f, "\n%s", s->about);
	if (nargs) {
		fprintf(f, "\narguments:\n");
		for (int k = 0; k < nargs; k++)
			help_line(f, &s->args[k], true, width);
	}
	fprintf(f, "\noptions:\n");
	for (int k = 0; k < nopts; k++)
		help_line(f, &s->opts[k], false, width);
	help_line(f, &help, false, width);
}

int opt_command(const OptSpec *s, int argc, char **argv)
{
	char err[ERR_MAX];
	int rc = opt_parse(s, argc, argv, err, sizeof err);
	if (rc == OPT_HELP) {
		opt_help(s, stdout);
		return 0;
	}
	if (rc < 0) {
		printable_line(stderr, err); /* it may quote what was typed */
		return 2;
	}
	return OPT_GO_ON;
}

void opt_version(FILE *f, const char *prog)
{
	fprintf(f, "%s %s\n%s\n", prog, GA_VERSION, GA_BUILT);
}
