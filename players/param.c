/* param.c - setting declared parameters from text. */
#include "param.h"
#include "err.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num.h"

void param_defaults(ParamSet *ps, const ParamDecl *decl, int n)
{
	memset(ps, 0, sizeof *ps);
	ps->decl = decl;
	ps->n = n < PARAM_MAX ? n : PARAM_MAX;
	int slot = 0;
	for (int i = 0; i < ps->n; i++) {
		ps->v[i] = decl[i].def;
		if (decl[i].type != PARAM_TEXT)
			continue;
		if (slot == PARAM_TEXT_SLOTS) {
			ps->v[i] = -1;
			continue;
		}
		const char *def =
		    decl[i].choices && decl[i].choices[0] ? decl[i].choices[0] : "";
		snprintf(ps->text[slot], PARAM_TEXT_MAX, "%s", def);
		ps->v[i] = slot++;
	}
}

const char *param_text(const ParamSet *ps, int i)
{
	if (i < 0 || i >= ps->n || ps->decl[i].type != PARAM_TEXT || ps->v[i] < 0)
		return "";
	return ps->text[(int)ps->v[i]];
}

int param_find(const ParamSet *ps, const char *name)
{
	for (int i = 0; i < ps->n; i++)
		if (strcmp(ps->decl[i].name, name) == 0)
			return i;
	return -1;
}

static int choice_count(const ParamDecl *d)
{
	int n = 0;
	while (d->choices && d->choices[n])
		n++;
	return n;
}

static void choice_list(const ParamDecl *d, char *buf, size_t buflen)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; d->choices && d->choices[i] && len < buflen; i++) {
		int w =
		    snprintf(buf + len, buflen - len, "%s%s", i ? ", " : "", d->choices[i]);
		if (w < 0)
			break;
		len += (size_t)w;
	}
}

void param_describe(const ParamDecl *d, char *buf, size_t buflen)
{
	if (d->type == PARAM_CHOICE) {
		char list[256];
		choice_list(d, list, sizeof list);
		snprintf(buf, buflen, "%s: one of %s (default %s)", d->name, list,
		         d->choices[(int)d->def]);
	} else if (d->type == PARAM_TEXT) {
		const char *def = d->choices && d->choices[0] ? d->choices[0] : "";
		snprintf(buf, buflen, "%s: text of up to %d bytes (default \"%s\")",
		         d->name, PARAM_TEXT_MAX - 1, def);
	} else if (d->type == PARAM_INT) {
		snprintf(buf, buflen, "%s: whole number in [%.0f, %.0f] (default %.0f)",
		         d->name, d->min, d->max, d->def);
	} else {
		snprintf(buf, buflen, "%s: number in [%g, %g] (default %g)", d->name,
		         d->min, d->max, d->def);
	}
}

int param_set(ParamSet *ps, const char *key, const char *value, char *err, size_t errlen)
{
	int i = param_find(ps, key);
	if (i < 0) {
		return err_set(err, errlen, "unknown parameter '%s'", key);
	}
	const ParamDecl *d = &ps->decl[i];
	char what[320];
	param_describe(d, what, sizeof what);
	if (d->type == PARAM_CHOICE) {
		for (int c = 0; c < choice_count(d); c++)
			if (strcmp(value, d->choices[c]) == 0) {
				ps->v[i] = c;
				return 0;
			}
		return err_set(err, errlen, "bad value '%s' for %s", value, what);
	}
	if (d->type == PARAM_TEXT) {
		size_t len = strlen(value);
		if (ps->v[i] < 0) {
			snprintf(err, errlen,
			         "%s: no room for more than %d text parameters", d->name,
			         PARAM_TEXT_SLOTS);
			return -1;
		}
		if (len >= PARAM_TEXT_MAX) {
			snprintf(err, errlen,
			         "value of %s is too long (%zu bytes; at most %d)", d->name,
			         len, PARAM_TEXT_MAX - 1);
			return -1;
		}
		memcpy(ps->text[(int)ps->v[i]], value, len + 1);
		return 0;
	}
	double v; /* num.h's decimals: no 0x1, inf, nan, 1e999 or junk */
	if (num_real(value, -DBL_MAX, DBL_MAX, &v) < 0) {
		return err_set(err, errlen, "'%s' is not a number; %s", value, what);
	}
	if (d->type == PARAM_INT && v != floor(v)) {
		return err_set(err, errlen, "'%s' is not a whole number; %s", value, what);
	}
	if (v < d->min || v > d->max) {
		return err_set(err, errlen, "%s is out of range; %s", value, what);
	}
	ps->v[i] = v;
	return 0;
}

void param_set_value(ParamSet *ps, int i, double v)
{
	const ParamDecl *d = &ps->decl[i];
	if (d->type == PARAM_TEXT)
		return;
	if (d->type != PARAM_REAL)
		v = floor(v + 0.5);
	ps->v[i] = v < d->min ? d->min : v > d->max ? d->max : v;
}

void param_format(const ParamSet *ps, int i, char *buf, size_t buflen)
{
	const ParamDecl *d = &ps->decl[i];
	if (d->type == PARAM_CHOICE)
		snprintf(buf, buflen, "%s", d->choices[(int)ps->v[i]]);
	else if (d->type == PARAM_TEXT)
		snprintf(buf, buflen, "%s", param_text(ps, i));
	else if (d->type == PARAM_INT)
		snprintf(buf, buflen, "%.0f", ps->v[i]);
	else
		snprintf(buf, buflen, "%.17g", ps->v[i]);
}

bool param_written(const ParamSet *ps, int i)
{
	const ParamDecl *d = &ps->decl[i];
	return !d->omit_default || d->type == PARAM_TEXT || ps->v[i] != d->def;
}
