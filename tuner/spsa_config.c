/* spsa_config.c - reading and writing an SPSA run's INI file.
 *
 * The whole file is read first (inifile.h), then interpreted in a fixed
 * order, [spsa], the player, the parameters, so that sections may come in
 * any order and every message can still name the line it is about. */
#define _POSIX_C_SOURCE 200809L
#include "spsa_config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "inifile.h"
#include "registry.h"

typedef struct {
	const IniFile *ini;
	char *err;
	size_t errlen;
} Ctx;

static int fail_at(Ctx *x, int line, const char *msg)
{
	return inifile_fail(x->ini, line, msg, x->err, x->errlen);
}

static void defaults(SpsaConfig *c, const char *path)
{
	memset(c, 0, sizeof *c);
	snprintf(c->path, sizeof c->path, "%s", path);
	inifile_stem(path, c->name, sizeof c->name);
	snprintf(c->out, sizeof c->out, "results");
	c->iterations = 100;
	c->pairs = 8;
	c->verify_pairs = 200;
	c->size = BOARD_DEFAULT;
	c->rule = RULE_FREESTYLE;
	c->seed = 1;
	c->budget.nodes = 20000;
}

static int path_key(const SpsaConfig *c, const char *key, const char *v, char *out,
                    size_t outlen, char *msg, size_t len)
{
	if (!*v || inifile_resolve_path(c->path, v, out, outlen) < 0) {
		snprintf(msg, len, "'%s' needs a file name (of a sensible length)", key);
		return -1;
	}
	return 0;
}

/* Budget keys by the arena's rule (config.h): [spsa]'s replace the default
 * whole; budget_set says which [spsa] gave. */
static int spsa_key(SpsaConfig *c, unsigned *budget_set, const IniEntry *e, char *msg,
                    size_t len)
{
	const char *key = e->key, *v = e->value;
	int rc;
	if (config_budget_key(&c->budget, budget_set, key, v, msg, len, &rc))
		return rc;
	if (strcmp(key, "name") == 0) {
		if (!*v || strlen(v) >= sizeof c->name || strchr(v, '/') ||
		    !strcmp(v, ".") || !strcmp(v, "..")) {
			snprintf(msg, len,
			         "'name' is a folder name of 1 to %zu characters: no '/', "
			         "not '.' or '..'",
			         sizeof c->name - 1);
			return -1;
		}
		memcpy(c->name, v, strlen(v) + 1); /* length checked above */
		return 0;
	}
	if (strcmp(key, "out") == 0) {
		if (!*v || strlen(v) >= sizeof c->out) {
			snprintf(msg, len, "'out' needs a folder name");
			return -1;
		}
		snprintf(c->out, sizeof c->out, "%s", v);
		return 0;
	}
	if (strcmp(key, "iterations") == 0)
		return inifile_int(key, v, 1, 10000000, &c->iterations, msg, len);
	if (strcmp(key, "pairs") == 0)
		return inifile_int(key, v, 1, 100000, &c->pairs, msg, len);
	if (strcmp(key, "verify_pairs") == 0)
		return inifile_int(key, v, 1, 10000000, &c->verify_pairs, msg, len);
	if (strcmp(key, "tune_openings") == 0) {
		c->tune_openings_line = e->line;
		return inifile_int(key, v, 0, 10000000, &c->tune_openings, msg, len);
	}
	if (strcmp(key, "openings") == 0) {
		c->openings_line = e->line;
		return path_key(c, key, v, c->openings, sizeof c->openings, msg, len);
	}
	if (strcmp(key, "verify_openings") == 0) {
		c->verify_openings_line = e->line;
		return path_key(c, key, v, c->verify_openings, sizeof c->verify_openings,
		                msg, len);
	}
	if (strcmp(key, "symmetries") == 0)
		return inifile_bool(key, v, &c->symmetries, msg, len);
	if (strcmp(key, "board") == 0)
		return inifile_int(key, v, BOARD_MIN, BOARD_MAX, &c->size, msg, len);
	if (strcmp(key, "rule") == 0) {
		if (rule_parse(v, &c->rule) < 0) {
			snprintf(msg, len,
			         "'rule' is freestyle, standard or renju, not '%s'", v);
			return -1;
		}
		return 0;
	}
	if (strcmp(key, "threads") == 0)
		return inifile_int(key, v, 0, 1024, &c->threads, msg, len);
	if (strcmp(key, "seed") == 0)
		return inifile_seed(key, v, &c->seed, msg, len);
	if (strcmp(key, "max_plies") == 0)
		return inifile_int(key, v, 0, BOARD_MAX_MOVES, &c->max_plies, msg, len);
	snprintf(msg, len, "unknown key '%s' in [spsa]", key);
	return -1;
}

/* The section of each name: [spsa], [player NAME], [param KEY]; every
 * other one, and any repeated one, is an error. */
static int check_sections(Ctx *x, SpsaConfig *c, int *spsa, int *player)
{
	const IniFile *ini = x->ini;
	char msg[512];
	*spsa = *player = -1;
	for (int s = 0; s < ini->nsections; s++) {
		const IniSection *sec = &ini->sections[s];
		for (int t = 0; t < s; t++)
			if (strcmp(ini->sections[t].name, sec->name) == 0) {
				snprintf(msg, sizeof msg,
				         "[%s] appears twice (first at line %d)", sec->name,
				         ini->sections[t].line);
				return fail_at(x, sec->line, msg);
			}
		if (strcmp(sec->name, "spsa") == 0) {
			*spsa = s;
		} else if (strncmp(sec->name, "player ", 7) == 0 && sec->name[7]) {
			if (*player >= 0) {
				snprintf(msg, sizeof msg,
				         "a second player section: SPSA tunes one "
				         "player (the first at line %d)",
				         ini->sections[*player].line);
				return fail_at(x, sec->line, msg);
			}
			const char *name = sec->name + 7;
			if (strlen(name) >= sizeof c->player - 8 || strpbrk(name, ",\"/")) {
				snprintf(msg, sizeof msg,
				         "player name '%s' is longer than %zu characters "
				         "or has , \" or /",
				         name, sizeof c->player - 9);
				return fail_at(x, sec->line, msg);
			}
			*player = s;
		} else if (strncmp(sec->name, "param ", 6) != 0 || !sec->name[6]) {
			snprintf(msg, sizeof msg,
			         "unknown section [%s] (expected [spsa], [player NAME] "
			         "or [param KEY])",
			         sec->name);
			return fail_at(x, sec->line, msg);
		}
	}
	for (int i = 0; i < ini->nentries; i++) {
		const IniEntry *e = &ini->entries[i];
		if (e->section < 0) {
			snprintf(msg, sizeof msg, "'%s' is outside any section", e->key);
			return fail_at(x, e->line, msg);
		}
		for (int j = 0; j < i; j++)
			if (ini->entries[j].section == e->section &&
			    !strcmp(ini->entries[j].key, e->key)) {
				snprintf(msg, sizeof msg,
				         "'%s' is given twice in [%s] (first at line %d)",
				         e->key, ini->sections[e->section].name,
				         ini->entries[j].line);
				return fail_at(x, e->line, msg);
			}
	}
	return 0;
}

static int load_player(Ctx *x, SpsaConfig *c, int sec)
{
	const IniFile *ini = x->ini;
	char msg[768], m2[512];
	if (sec < 0)
		return fail_at(x, 0, "no [player NAME] section: the player to tune");
	snprintf(c->player, sizeof c->player, "%s", ini->sections[sec].name + 7);
	c->player_line = ini->sections[sec].line;
	for (int i = 0; i < ini->nentries; i++) {
		const IniEntry *e = &ini->entries[i];
		if (e->section != sec || strcmp(e->key, "type") != 0)
			continue;
		if (!(c->type = registry_find(e->value))) {
			int n;
			const PlayerType *const *all = registry_all(&n);
			m2[0] = '\0';
			for (int t = 0; t < n; t++) {
				size_t l = strlen(m2);
				snprintf(m2 + l, sizeof m2 - l, "%s%s", t ? ", " : "",
				         all[t]->name);
			}
			snprintf(msg, sizeof msg, "unknown player type '%s' (known: %s)",
			         e->value, m2);
			return fail_at(x, e->line, msg);
		}
	}
	if (!c->type) {
		snprintf(msg, sizeof msg, "[player %s] has no 'type'", c->player);
		return fail_at(x, c->player_line, msg);
	}
	param_defaults(&c->params, c->type->params, c->type->nparams);
	/* The player's budget keys replace [spsa]'s budget whole (config.h). */
	Budget own = {0};
	unsigned own_set = 0;
	for (int i = 0; i < ini->nentries; i++) {
		const IniEntry *e = &ini->entries[i];
		int rc;
		if (e->section != sec || strcmp(e->key, "type") == 0)
			continue;
		if (config_budget_key(&own, &own_set, e->key, e->value, msg, sizeof msg,
		                      &rc)) {
			if (rc < 0)
				return fail_at(x, e->line, msg);
		} else if (param_set(&c->params, e->key, e->value, m2, sizeof m2) < 0) {
			if (param_find(&c->params, e->key) < 0)
				snprintf(msg, sizeof msg,
				         "unknown key '%s' in [player %s] (type %s)",
				         e->key, c->player, c->type->name);
			else
				snprintf(msg, sizeof msg, "[player %s]: %s", c->player, m2);
			return fail_at(x, e->line, msg);
		}
	}
	if (own_set)
		c->budget = own;
	return 0;
}

static void tunable_names(const PlayerType *t, char *buf, size_t len)
{
	buf[0] = '\0';
	for (int i = 0; i < t->nparams; i++)
		if (t->params[i].tunable) {
			size_t l = strlen(buf);
			snprintf(buf + l, len - l, "%s%s", l ? ", " : "",
			         t->params[i].name);
		}
	if (!buf[0])
		snprintf(buf, len, "none");
}

static int load_param(Ctx *x, SpsaConfig *c, int sec)
{
	const IniFile *ini = x->ini;
	const char *key = ini->sections[sec].name + 6;
	int hline = ini->sections[sec].line;
	char msg[1024], names[700];
	int idx = param_find(&c->params, key);
	if (idx < 0 || !c->type->params[idx].tunable ||
	    (c->type->params[idx].type != PARAM_INT &&
	     c->type->params[idx].type != PARAM_REAL)) {
		tunable_names(c->type, names, sizeof names);
		snprintf(msg, sizeof msg,
		         "[param %s]: type %s has no%s parameter '%s' (tunable: %s)", key,
		         c->type->name, idx < 0 ? "" : " tunable", key, names);
		return fail_at(x, hline, msg);
	}
	if (c->n == SPSA_PARAMS_MAX) {
		snprintf(msg, sizeof msg, "more than %d [param] sections", SPSA_PARAMS_MAX);
		return fail_at(x, hline, msg);
	}
	const ParamDecl *d = &c->type->params[idx];
	SpsaTuned *t = &c->tuned[c->n++];
	*t = (SpsaTuned){.index = idx, .line = hline};
	SpsaParam *p = &t->p;
	*p = (SpsaParam){.start = c->params.v[idx],
	                 .min = d->min,
	                 .max = d->max,
	                 .r_end = 0.002,
	                 .integer = d->type == PARAM_INT};
	int start_line = hline, range_line = hline, c_set = 0;
	for (int i = 0; i < ini->nentries; i++) {
		const IniEntry *e = &ini->entries[i];
		if (e->section != sec)
			continue;
		const char *k = e->key;
		int rc;
		char m[400];
		if (strcmp(k, "start") == 0) {
			rc = inifile_real(k, e->value, d->min, d->max, &p->start, m,
			                  sizeof m);
			start_line = e->line;
		} else if (strcmp(k, "min") == 0 || strcmp(k, "max") == 0) {
			double *v = k[1] == 'i' ? &p->min : &p->max;
			rc = inifile_real(k, e->value, d->min, d->max, v, m, sizeof m);
			range_line = e->line > range_line ? e->line : range_line;
		} else if (strcmp(k, "c_end") == 0 || strcmp(k, "r_end") == 0) {
			double *v = k[0] == 'c' ? &p->c_end : &p->r_end;
			rc = inifile_real(k, e->value, 0, 1e300, v, m, sizeof m);
			if (rc == 0 && !(*v > 0))
				rc = -1, snprintf(m, sizeof m, "'%s' must be above 0", k);
			c_set |= k[0] == 'c';
		} else {
			rc = -1;
			snprintf(
			    m, sizeof m,
			    "unknown key '%s' (expected start, min, max, c_end, r_end)", k);
		}
		if (rc < 0) {
			snprintf(msg, sizeof msg, "[param %s]: %s", key, m);
			return fail_at(x, e->line, msg);
		}
	}
	if (!(p->min < p->max)) {
		snprintf(msg, sizeof msg, "[param %s]: min %g is not below max %g", key,
		         p->min, p->max);
		return fail_at(x, range_line, msg);
	}
	if (p->start < p->min || p->start > p->max) {
		snprintf(msg, sizeof msg,
		         "[param %s]: start %g is outside [min, max] = [%g, %g]", key,
		         p->start, p->min, p->max);
		return fail_at(x, start_line > hline ? start_line : range_line, msg);
	}
	if (!c_set)
		p->c_end = (p->max - p->min) / 20;
	return 0;
}

int spsa_config_load(const char *path, SpsaConfig *c, char *err, size_t errlen)
{
	defaults(c, path);
	if (strlen(path) >= sizeof c->path) {
		snprintf(err, errlen, "%.64s...: path too long", path);
		return -1;
	}
	IniFile ini;
	if (inifile_read(path, &ini, err, errlen) < 0)
		return -1;
	Ctx x = {&ini, err, errlen};
	char msg[768];
	int spsa, player, rc = -1;
	if (check_sections(&x, c, &spsa, &player) < 0)
		goto out;
	c->spsa_line = spsa >= 0 ? ini.sections[spsa].line : 0;
	unsigned budget_set = 0;
	for (int i = 0; i < ini.nentries; i++)
		if (ini.entries[i].section == spsa && spsa >= 0 &&
		    spsa_key(c, &budget_set, &ini.entries[i], msg, sizeof msg) < 0) {
			fail_at(&x, ini.entries[i].line, msg);
			goto out;
		}
	if (load_player(&x, c, player) < 0)
		goto out;
	for (int s = 0; s < ini.nsections; s++)
		if (strncmp(ini.sections[s].name, "param ", 6) == 0 &&
		    load_param(&x, c, s) < 0)
			goto out;
	if (c->n == 0) {
		fail_at(&x, 0, "no [param KEY] section: nothing to tune");
		goto out;
	}
	if (!c->openings[0]) {
		fail_at(&x, c->spsa_line,
		        "[spsa] needs 'openings', a file of openings to tune and "
		        "verify on");
		goto out;
	}
	if (c->verify_openings[0] && c->tune_openings_line) {
		fail_at(&x, c->tune_openings_line,
		        "'tune_openings' splits 'openings' between tuning "
		        "and verification; with 'verify_openings' it has "
		        "no use");
		goto out;
	}
	if (c->type->budgets && !c->budget.nodes && !c->budget.depth && !c->budget.ms) {
		snprintf(msg, sizeof msg,
		         "[player %s] has no limit per move (nodes, depth or ms)",
		         c->player);
		fail_at(&x, c->player_line, msg);
		goto out;
	}
	rc = 0;
out:
	inifile_free(&ini);
	return rc;
}

int spsa_config_openings(const SpsaConfig *c, OpeningSet *tune, OpeningSet *verify,
                         char *err, size_t errlen)
{
	*tune = *verify = (OpeningSet){0, NULL};
	char msg[1024];
	if (openings_load(c->openings, c->size, c->rule, tune, msg, sizeof msg) < 0) {
		snprintf(err, errlen, "%s:%d: %s", c->path, c->openings_line, msg);
		return -1;
	}
	if (c->verify_openings[0]) {
		if (openings_load(c->verify_openings, c->size, c->rule, verify, msg,
		                  sizeof msg) < 0) {
			snprintf(err, errlen, "%s:%d: %s", c->path, c->verify_openings_line,
			         msg);
			goto fail;
		}
	} else {
		int total = tune->count,
		    keep = c->tune_openings ? c->tune_openings : total / 2;
		if (keep < 1 || keep >= total) {
			int line =
			    c->tune_openings ? c->tune_openings_line : c->openings_line;
			snprintf(
			    err, errlen,
			    "%s:%d: %s has %d openings; tuning on %d of them leaves %s "
			    "(set tune_openings, or verify_openings to another file)",
			    c->path, line, c->openings, total, keep,
			    keep < 1 ? "none to tune on" : "none to verify on");
			goto fail;
		}
		verify->count = total - keep;
		verify->items = malloc(sizeof *verify->items * (size_t)verify->count);
		if (!verify->items) {
			snprintf(err, errlen, "out of memory");
			goto fail;
		}
		memcpy(verify->items, tune->items + keep,
		       sizeof *verify->items * (size_t)verify->count);
		tune->count = keep;
	}
	if (c->symmetries && (openings_add_symmetries(tune, c->size) < 0 ||
	                      openings_add_symmetries(verify, c->size) < 0)) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	return 0;
fail:
	openings_free(tune);
	openings_free(verify);
	return -1;
}

int spsa_config_write(const SpsaConfig *c, FILE *f)
{
	fprintf(f, "; the configuration as used, with every key explicit\n[spsa]\n");
	fprintf(f, "name = %s\niterations = %d\npairs = %d\nverify_pairs = %d\n", c->name,
	        c->iterations, c->pairs, c->verify_pairs);
	fprintf(f, "openings = %s\n", c->openings);
	if (c->verify_openings[0])
		fprintf(f, "verify_openings = %s\n", c->verify_openings);
	else
		fprintf(f, "tune_openings = %d\n", c->tune_openings);
	fprintf(f, "symmetries = %s\nboard = %d\nrule = %s\n", c->symmetries ? "on" : "off",
	        c->size, rule_name(c->rule));
	fprintf(f, "threads = %d\nseed = %llu\n", c->threads, (unsigned long long)c->seed);
	fprintf(f, "nodes = %llu\ndepth = %d\nms = %lld\n",
	        (unsigned long long)c->budget.nodes, c->budget.depth,
	        (long long)c->budget.ms);
	fprintf(f, "max_plies = %d\nout = %s\n", c->max_plies, c->out);
	fprintf(f, "\n[player %s]\ntype = %s\n", c->player, c->type->name);
	for (int k = 0; k < c->params.n; k++) {
		char v[PARAM_TEXT_MAX + 64];
		param_format(&c->params, k, v, sizeof v);
		fprintf(f, "%s = %s\n", c->type->params[k].name, v);
	}
	for (int i = 0; i < c->n; i++) {
		const SpsaParam *p = &c->tuned[i].p;
		fprintf(
		    f,
		    "\n[param %s]\nstart = %.17g\nmin = %.17g\nmax = %.17g\nc_end = %.17g\n"
		    "r_end = %.17g\n",
		    c->type->params[c->tuned[i].index].name, p->start, p->min, p->max,
		    p->c_end, p->r_end);
	}
	return ferror(f) ? -1 : 0;
}
