/* spsa_players.c - the sides of an iteration, and tuned.ini. */
#define _POSIX_C_SOURCE 200809L
#include "spsa_players.h"
#include "err.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "inifile.h"
#include "outfile.h"
#include "rundir.h"
#include "spsa_external.h"

int spsa_players_side(const SpsaConfig *c, const double *values, ParamSet *out, char *err,
                      size_t errlen)
{
	if (c->external)
		return spsa_external_params(c, values, out, err, errlen);
	*out = c->params;
	for (int i = 0; i < c->n; i++)
		param_set_value(out, c->tuned[i].index, values[i]);
	return 0;
}

void spsa_players_values(const SpsaConfig *c, const double *theta, bool six_digits,
                         double *out)
{
	for (int i = 0; i < c->n; i++) {
		const SpsaParam *p = &c->tuned[i].p;
		char buf[64];
		snprintf(buf, sizeof buf, "%.6g", theta[i]);
		double v = p->integer   ? floor(theta[i] + 0.5)
		           : six_digits ? strtod(buf, NULL)
		                        : theta[i];
		out[i] = v < p->min ? p->min : v > p->max ? p->max : v;
	}
}

void spsa_players_text(const SpsaTuned *t, double v, char *buf, size_t len)
{
	spsa_external_value(&t->p, v, buf, len);
}

/* A parameter of a tuned.ini section: a real as the shortest text that
 * reads back the same, the rest as declared. */
static void format_value(const ParamSet *ps, int k, char *buf, size_t len)
{
	if (ps->decl[k].type == PARAM_REAL)
		config_write_real(ps->v[k], buf, len);
	else
		param_format(ps, k, buf, len);
}

int spsa_players_write_tuned(const char *path, const SpsaConfig *c, const double *start,
                             const double *tuned, const VerifyResult *verdict, char *err,
                             size_t errlen)
{
	ParamSet ps;
	if (spsa_players_side(c, tuned, &ps, err, errlen) < 0)
		return -1;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		return err_set(err, errlen, "out of memory");
	verify_note_comment(f, verdict);
	fprintf(f, "; tuned by `tuner spsa %s`: %d iterations of %d pairs, seed %llu,\n",
	        c->path, c->iterations, c->pairs, (unsigned long long)c->seed);
	fprintf(f, "; a move at most nodes = %llu, depth = %d, ms = %lld (0: no limit)",
	        (unsigned long long)c->budget.nodes, c->budget.depth,
	        (long long)c->budget.ms);
	if (c->budget.game_ms > 0)
		fprintf(f, "; a game clock of game_ms = %lld, inc_ms = %lld",
		        (long long)c->budget.game_ms, (long long)c->budget.inc_ms);
	fputc('\n', f);
	for (int i = 0; i < c->n; i++) {
		char a[64], b[64];
		spsa_players_text(&c->tuned[i], start[i], a, sizeof a);
		spsa_players_text(&c->tuned[i], tuned[i], b, sizeof b);
		fprintf(f, "; %s: %s -> %s\n", c->tuned[i].name, a, b);
	}
	if (c->external)
		fprintf(f, "; the engine gets them %s\n",
		        c->params_via == SPSA_VIA_INFO ? "by INFO lines (info below)"
		                                       : "on its command line");
	fprintf(f, "[player %s-tuned]\ntype = %s\n", c->player, c->type->name);
	for (int k = 0; k < ps.n; k++) {
		char v[PARAM_TEXT_MAX + 64];
		format_value(&ps, k, v, sizeof v);
		fprintf(f, "%s = %s\n", ps.decl[k].name, v);
	}
	if (fclose(f) != 0) {
		free(text);
		return err_set(err, errlen, "out of memory");
	}
	/* A file that already says this stays as it is: a finished run run
	 * again changes nothing. */
	char *old = rundir_slurp(path);
	int rc = old && strcmp(old, text) == 0
	             ? 0
	             : outfile_write(path, text, len, false, err, errlen);
	free(old);
	free(text);
	return rc;
}

int spsa_players_read_tuned(const char *path, const SpsaConfig *c, ParamSet *out, char *err,
                            size_t errlen)
{
	IniFile ini;
	if (inifile_read(path, NULL, &ini, err, errlen) < 0)
		return -1;
	char name[CONFIG_NAME_MAX + 16], msg[512];
	snprintf(name, sizeof name, "player %s-tuned", c->player);
	int sec = -1, rc = -1;
	for (int s = 0; s < ini.nsections; s++)
		if (strcmp(ini.sections[s].name, name) == 0)
			sec = s;
	if (sec < 0) {
		snprintf(err, errlen, "%s: no [%s]", path, name);
		goto out;
	}
	param_defaults(out, c->type->params, c->type->nparams);
	for (int i = 0; i < ini.nentries; i++) {
		const IniEntry *e = &ini.entries[i];
		if (e->section != sec)
			continue;
		if (strcmp(e->key, "type") == 0
		        ? strcmp(e->value, c->type->name) != 0
		        : param_set(out, e->key, e->value, msg, sizeof msg) < 0) {
			inifile_fail(&ini, e->line,
			             strcmp(e->key, "type") ? msg : "another type", err,
			             errlen);
			goto out;
		}
	}
	rc = 0;
out:
	inifile_free(&ini);
	return rc;
}
