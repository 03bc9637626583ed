/* spsa_config.c - reading and writing an SPSA run's INI file.
 *
 * The whole file is read first (inifile.h), then interpreted in a fixed
 * order, [spsa], the player, the parameters, so that sections may come in
 * any order and every message can still name the line it is about. */
#define _POSIX_C_SOURCE 200809L
#include "spsa_config.h"
#include "err.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "inifile.h"
#include "registry.h"
#include "spsa_external.h"

typedef struct {
	const IniFile *ini;
	char *err;
	size_t errlen;
} Ctx;

static int fail_at(Ctx *x, int line, const char *msg)
{
	return inifile_fail(x->ini, line, msg, x->err, x->errlen);
}

/* tune_openings splits `openings`; with verify_openings it has no use. */
static void write_tune_openings(const void *obj, FILE *f)
{
	const SpsaConfig *c = obj;
	if (!c->verify_openings[0])
		fprintf(f, "tune_openings = %d\n", c->tune_openings);
}

/* c_elo and probe_pairs only when c_elo is on: the config.ini of a run
 * without them keeps the bytes it had before they existed (a run folder
 * of an older tuner resumes). */
static void write_c_elo(const void *obj, FILE *f)
{
	const SpsaConfig *c = obj;
	if (c->c_elo > 0)
		fprintf(f, "c_elo = %.17g\n", c->c_elo);
}

static void write_probe_pairs(const void *obj, FILE *f)
{
	const SpsaConfig *c = obj;
	if (c->c_elo > 0)
		fprintf(f, "probe_pairs = %d\n", c->probe_pairs);
}

#define AT(f, T) CONFIG_AT(SpsaConfig, f, T)
#define TEXT_AT(f) .at = AT(f, char *), .size = CONFIG_SIZE(SpsaConfig, f)
#define W CONFIG_WRITE

/* In the order config.ini writes them. */
static const ConfigKey spsa_keys[] = {
    {"name", CONFIG_FOLDER, W, TEXT_AT(name), .shown_def = "the file's name without .ini",
     .help = "the run's folder under out"},
    {"iterations", CONFIG_INT, W, .at = AT(iterations, int), .min = 1, .max = 10000000,
     .def = 100, .help = "SPSA steps (N in the schedule)"},
    {"pairs", CONFIG_INT, W, .at = AT(pairs, int), .min = 1, .max = 100000, .def = 8,
     .help = "colour-swapped game pairs per iteration"},
    {"verify_pairs", CONFIG_INT, W | CONFIG_FREE, .at = AT(verify_pairs, int), .min = 1,
     .max = 10000000, .def = 200,
     .help = "game pairs of the final match, tuned against start"},
    {"openings", CONFIG_PATH, W, TEXT_AT(openings), .line_at = AT(openings_line, int),
     .shown_def = "none: required", .help = "the opening file to tune and verify on"},
    {"verify_openings", CONFIG_PATH, CONFIG_WRITE_SET, TEXT_AT(verify_openings),
     .line_at = AT(verify_openings_line, int),
     .help = "a second file to verify on; tuning then uses all of openings"},
    {"tune_openings", CONFIG_INT, W, .at = AT(tune_openings, int), .max = 10000000,
     .line_at = AT(tune_openings_line, int), .write = write_tune_openings,
     .shown_def = "0 = half", .help = "the first this many openings tune, the rest verify"},
    {"symmetries", CONFIG_ONOFF, W, .at = AT(symmetries, bool),
     .help = "each opening in its 8 symmetries, added after the split"},
    {"board", CONFIG_INT, W, .at = AT(size, int), .min = BOARD_MIN, .max = BOARD_MAX,
     .def = BOARD_DEFAULT, .help = "points a side"},
    {"rule", CONFIG_RULE, W, .at = AT(rule, Rule), .def = RULE_FREESTYLE,
     .help = "as in a tournament"},
    {"threads", CONFIG_INT, W | CONFIG_FREE, .at = AT(threads, int), .max = 1024,
     .shown_def = "0 = every core",
     .help = "games at once; the results do not depend on it"},
    {"affinity", CONFIG_ONOFF, W | CONFIG_FREE, .at = AT(affinity, bool),
     .help = "each game thread and the engines it starts pinned to one CPU"},
    {"seed", CONFIG_SEED, W, .at = AT(seed, uint64_t), .def = 1,
     .help = "each iteration's flips, roundings and seeds derive from (seed, k)"},
    CONFIG_BUDGET_KEYS(SpsaConfig, budget, budget_set, 20000, W, NULL),
    {"max_plies", CONFIG_INT, W, .at = AT(max_plies, int), .max = BOARD_MAX_MOVES,
     .help = "a game this long is a draw; 0 = play to a full board"},
    {"c_elo", CONFIG_REAL, W | CONFIG_G17, .at = AT(c_elo, double), .max = 1000,
     .write = write_c_elo, .shown_def = "0 = off",
     .help = "the Elo theta +- c_end costs: a probe sets c_end, and r_end follows"},
    {"probe_pairs", CONFIG_INT, W, .at = AT(probe_pairs, int), .min = 1, .max = 100000,
     .def = 50, .write = write_probe_pairs,
     .help = "pairs of each of a parameter's two probe matches (c_elo)"},
    {"out", CONFIG_TEXT, W | CONFIG_FREE, TEXT_AT(out), .def_text = "results",
     .help = "where runs go, relative to the folder the tuner runs in"},
};

#undef AT
#undef TEXT_AT

const ConfigSection spsa_config_section = {
    "spsa", NULL, spsa_keys, sizeof spsa_keys / sizeof *spsa_keys, "the run's settings",
    NULL};

/* A [param KEY] section as read: the parameter, and where its keys were. */
typedef struct {
	SpsaParam p;
	int start_line, min_line, max_line, c_end_line, r_end_line, probe_delta_line;
	double probe_delta;
	bool c_auto, r_auto; /* from c_elo: config.ini leaves them out */
	int integer;         /* -1: not given (a declared parameter's type decides) */
	int integer_line;
} ParamKeys;

/* c_end, r_end and probe_delta as config.ini gives them: left out when c_elo
 * sizes them (probe.csv has what the run used) or, probe_delta, not set. */
static void write_c_end(const void *obj, FILE *f)
{
	const ParamKeys *pk = obj;
	if (!pk->c_auto)
		fprintf(f, "c_end = %.17g\n", pk->p.c_end);
}

static void write_r_end(const void *obj, FILE *f)
{
	const ParamKeys *pk = obj;
	if (!pk->r_auto)
		fprintf(f, "r_end = %.17g\n", pk->p.r_end);
}

static void write_probe_delta(const void *obj, FILE *f)
{
	const ParamKeys *pk = obj;
	if (pk->probe_delta > 0)
		fprintf(f, "probe_delta = %.17g\n", pk->probe_delta);
}

#define AT(f, T) CONFIG_AT(ParamKeys, f, T)
#define RANGED (W | CONFIG_RANGE_GIVEN | CONFIG_G17)
#define ABOVE_0 (W | CONFIG_ABOVE_MIN | CONFIG_G17)

static const ConfigKey param_keys[] = {
    {"start", CONFIG_REAL, RANGED, .at = AT(p.start, double),
     .line_at = AT(start_line, int), .takes = "a number in the declared range",
     .shown_def = "the player's value", .help = "where theta starts"},
    {"min", CONFIG_REAL, RANGED, .at = AT(p.min, double), .line_at = AT(min_line, int),
     .takes = "a number in the declared range", .shown_def = "the declared minimum",
     .help = "the lowest value theta may take"},
    {"max", CONFIG_REAL, RANGED, .at = AT(p.max, double), .line_at = AT(max_line, int),
     .takes = "a number in the declared range", .shown_def = "the declared maximum",
     .help = "the highest value theta may take"},
    {"c_end", CONFIG_REAL, ABOVE_0, .at = AT(p.c_end, double), .max = 1e300,
     .line_at = AT(c_end_line, int), .write = write_c_end,
     .shown_def = "(max - min) / 20, or from c_elo",
     .help = "the perturbation c_k at the last iteration"},
    {"r_end", CONFIG_REAL, ABOVE_0, .at = AT(p.r_end, double), .max = 1e6, .def = 0.002,
     .line_at = AT(r_end_line, int), .write = write_r_end,
     .shown_def = "0.002, or from c_elo",
     .help = "the learning rate R_k at the last iteration"},
    {"probe_delta", CONFIG_REAL, ABOVE_0, .at = AT(probe_delta, double), .max = 1e300,
     .line_at = AT(probe_delta_line, int), .write = write_probe_delta,
     .shown_def = "(max - min) / 4",
     .help = "with c_elo: the offset the probe plays on each side of start"},
    {"integer", CONFIG_UNSET, CONFIG_WRITE_SET, .at = AT(integer, int), .def = -1,
     .line_at = AT(integer_line, int), .shown_def = "on",
     .help = "an external engine's parameter: whole numbers only"},
};

#undef AT
#undef RANGED
#undef ABOVE_0
#undef W

const ConfigSection spsa_config_param_section = {
    "param",
    "KEY",
    param_keys,
    sizeof param_keys / sizeof *param_keys,
    "one tuned parameter: KEY is a tunable parameter of the player's type",
    NULL};

const ConfigSection *const spsa_config_sections[] = {&spsa_config_section,
                                                     &spsa_config_param_section, NULL};

void spsa_config_keys_print(FILE *f)
{
	config_table_print(&spsa_config_section, f);
	fputc('\n', f);
	config_table_print(&spsa_config_param_section, f);
}

static void defaults(SpsaConfig *c, const char *path)
{
	memset(c, 0, sizeof *c);
	config_table_defaults(&spsa_config_section, c);
	snprintf(c->path, sizeof c->path, "%s", path);
	/* If the file's name cannot name the run, the file must give one. */
	c->stem_rc = inifile_stem(path, c->name, sizeof c->name);
}

/* The section of each name: [spsa], [player NAME], [param KEY]; every
 * other one, and any repeated one, is an error. */
static int check_sections(Ctx *x, SpsaConfig *c, int *spsa, int *player)
{
	const IniFile *ini = x->ini;
	char msg[ERR_MAX];
	*spsa = *player = -1;
	for (int s = 0; s < ini->nsections; s++) {
		const IniSection *sec = &ini->sections[s];
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
				snprintf(
				    msg, sizeof msg,
				    "player name '%.80s' is longer than %zu characters "
				    "or has , \" or /",
				    name, sizeof c->player - 9);
				return fail_at(x, sec->line, msg);
			}
			*player = s;
		} else if (strncmp(sec->name, "param ", 6) != 0 || !sec->name[6]) {
			snprintf(msg, sizeof msg,
			         "unknown section [%.80s] (expected [spsa], [player NAME] "
			         "or [param KEY])",
			         sec->name);
			return fail_at(x, sec->line, msg);
		}
	}
	return 0;
}

static int load_player(Ctx *x, SpsaConfig *c, int sec)
{
	const IniFile *ini = x->ini;
	char msg[ERR_MAX], m2[512];
	if (sec < 0)
		return fail_at(x, 0, "no [player NAME] section: the player to tune");
	snprintf(c->player, sizeof c->player, "%s", ini->sections[sec].name + 7);
	c->player_line = ini->sections[sec].line;
	int first = ini->sections[sec].first, end = first + ini->sections[sec].count;
	for (int i = first; i < end; i++) {
		const IniEntry *e = &ini->entries[i];
		if (strcmp(e->key, "type") != 0)
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
			snprintf(msg, sizeof msg, "unknown player type '%.64s' (known: %s)",
			         e->value, m2);
			return fail_at(x, e->line, msg);
		}
	}
	if (!c->type) {
		snprintf(msg, sizeof msg, "[player %s] has no 'type'", c->player);
		return fail_at(x, c->player_line, msg);
	}
	param_defaults(&c->params, c->type->params, c->type->nparams);
	c->external = c->type == &player_external;
	/* The player's budget keys replace [spsa]'s budget whole (config.h). */
	Budget own = {0};
	unsigned own_set = 0;
	PlayerSpec spec = {.type = c->type, .line = c->player_line};
	snprintf(spec.name, sizeof spec.name, "%s", c->player);
	for (int i = first; i < end; i++) {
		const IniEntry *e = &ini->entries[i];
		if (strcmp(e->key, "type") == 0) {
			spec.type_line = e->line;
			continue;
		}
		int rc =
		    config_budget_key(&own, &own_set, e->key, e->value, msg, sizeof msg);
		if (rc == CONFIG_OTHER_KEY && c->external)
			rc = spsa_external_player_key(c, e->key, e->value, e->line, msg,
			                              sizeof msg);
		if (rc < 0)
			return fail_at(x, e->line, msg);
		if (rc != CONFIG_OTHER_KEY) /* a budget or an external engine's key */
			continue;
		if (param_set(&c->params, e->key, e->value, m2, sizeof m2) < 0) {
			if (param_find(&c->params, e->key) < 0)
				snprintf(msg, sizeof msg,
				         "unknown key '%.64s' in [player %s] (type %s)",
				         e->key, c->player, c->type->name);
			else
				snprintf(msg, sizeof msg, "[player %s]: %s", c->player, m2);
			return fail_at(x, e->line, msg);
		}
		spec.param_line[param_find(&c->params, e->key)] = e->line;
	}
	if (own_set)
		c->budget = own;
	/* Made once here, so that what only the type can judge is found before
	 * anything is written; an external engine's command and info hold the
	 * tuned values' {placeholders}, which spsa_external_check reads. */
	spec.params = c->params;
	return c->external
	           ? 0
	           : config_player_check(&spec, c->seed, c->path, x->err, x->errlen);
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
	char msg[ERR_MAX], names[700];
	int idx = c->external ? -1 : param_find(&c->params, key);
	if (c->external && spsa_external_name(c, key, names, sizeof names) < 0) {
		snprintf(msg, sizeof msg, "[param %s]: %s", key, names);
		return fail_at(x, hline, msg);
	}
	if (!c->external && (idx < 0 || !c->type->params[idx].tunable ||
	                     (c->type->params[idx].type != PARAM_INT &&
	                      c->type->params[idx].type != PARAM_REAL))) {
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
	/* An engine's parameter has no declared range: start, min and max
	 * are required, within SPSA_EXTERNAL_LIMIT. */
	const ParamDecl *d = idx >= 0 ? &c->type->params[idx] : NULL;
	double lo = d ? d->min : -SPSA_EXTERNAL_LIMIT,
	       hi = d ? d->max : SPSA_EXTERNAL_LIMIT;
	SpsaTuned *t = &c->tuned[c->n++];
	*t = (SpsaTuned){.index = idx, .line = hline};
	snprintf(t->name, sizeof t->name, "%s", key);
	ParamKeys pk = {.integer = -1};
	config_table_defaults(&spsa_config_param_section, &pk);
	pk.p.start = d ? c->params.v[idx] : 0;
	pk.p.min = lo;
	pk.p.max = hi;
	pk.p.integer = d ? d->type == PARAM_INT : true;
	for (int i = ini->sections[sec].first;
	     i < ini->sections[sec].first + ini->sections[sec].count; i++) {
		const IniEntry *e = &ini->entries[i];
		const ConfigKey *k = config_table_find(&spsa_config_param_section, e->key);
		int rc = -1;
		char m[400], expected[120];
		if (k) {
			ConfigKey ranged = *k; /* start, min, max: the declared range */
			if (ranged.flags & CONFIG_RANGE_GIVEN)
				ranged.min = lo, ranged.max = hi;
			rc = config_table_set_key(&ranged, &pk, e->value, NULL, e->line, m,
			                          sizeof m);
		} else {
			config_table_names(&spsa_config_param_section, expected,
			                   sizeof expected);
			snprintf(m, sizeof m, "unknown key '%.64s' (expected %s)", e->key,
			         expected);
		}
		if (rc < 0) {
			snprintf(msg, sizeof msg, "[param %s]: %s", key, m);
			return fail_at(x, e->line, msg);
		}
	}
	if (d ? pk.integer >= 0 : !pk.start_line || !pk.min_line || !pk.max_line) {
		snprintf(msg, sizeof msg,
		         d ? "[param %s]: 'integer' is for an external engine's parameters "
		             "(the type declares which are whole numbers)"
		           : "[param %s]: an engine's parameter needs start, min and max "
		             "(it has no declared range to take them from)",
		         key);
		return fail_at(x, d ? pk.integer_line : hline, msg);
	}
	pk.p.integer = d ? pk.p.integer : pk.integer != 0;
	SpsaParam *p = &t->p;
	*p = pk.p;
	int range_line = pk.min_line > pk.max_line ? pk.min_line : pk.max_line;
	range_line = range_line > hline ? range_line : hline;
	if (!(p->min < p->max)) {
		snprintf(msg, sizeof msg, "[param %s]: min %g is not below max %g", key,
		         p->min, p->max);
		return fail_at(x, range_line, msg);
	}
	if (p->start < p->min || p->start > p->max) {
		snprintf(msg, sizeof msg,
		         "[param %s]: start %g is outside [min, max] = [%g, %g]", key,
		         p->start, p->min, p->max);
		return fail_at(x, pk.start_line ? pk.start_line : range_line, msg);
	}
	t->c_end_given = pk.c_end_line != 0;
	t->r_end_given = pk.r_end_line != 0;
	t->probe_delta = pk.probe_delta;
	if (pk.probe_delta > p->max - p->min) {
		snprintf(msg, sizeof msg,
		         "[param %s]: probe_delta %g is wider than max - min = %g", key,
		         pk.probe_delta, p->max - p->min);
		return fail_at(x, pk.probe_delta_line, msg);
	}
	if (!pk.c_end_line)
		p->c_end = (p->max - p->min) / 20;
	/* A perturbation wider than the range only probes its ends, and one
	 * far wider overflows the schedule (c_end^2 in the gain). */
	if (p->c_end > p->max - p->min) {
		snprintf(msg, sizeof msg,
		         "[param %s]: c_end %g is wider than max - min = %g", key, p->c_end,
		         p->max - p->min);
		return fail_at(x, pk.c_end_line, msg);
	}
	return 0;
}

int spsa_config_load(const char *path, SpsaConfig *c, char *err, size_t errlen)
{
	defaults(c, path);
	if (strlen(path) >= sizeof c->path) {
		return err_set(err, errlen, "%.64s...: path too long", path);
	}
	IniFile ini;
	if (inifile_read(path, NULL, &ini, err, errlen) < 0)
		return -1;
	Ctx x = {&ini, err, errlen};
	char msg[ERR_MAX];
	int spsa, player, rc = -1;
	if (check_sections(&x, c, &spsa, &player) < 0)
		goto out;
	c->spsa_line = spsa >= 0 ? ini.sections[spsa].line : 0;
	for (int i = 0; i < ini.nentries; i++) {
		const IniEntry *e = &ini.entries[i];
		if (spsa >= 0 && e->section == spsa &&
		    config_table_set(&spsa_config_section, c, e->key, e->value, c->path,
		                     e->line, msg, sizeof msg) < 0) {
			fail_at(&x, e->line, msg);
			goto out;
		}
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
	if (!c->name[0]) {
		snprintf(msg, sizeof msg, "%s: give [spsa] a 'name'",
		         inifile_stem_why(c->stem_rc));
		fail_at(&x, 0, msg);
		goto out;
	}
	int line;
	if (c->external && spsa_external_check(c, &line, msg, sizeof msg) < 0) {
		fail_at(&x, line, msg);
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
	if (c->type->budgets && !budget_limited(&c->budget)) {
		snprintf(msg, sizeof msg,
		         "[player %s] has no limit per move (nodes, depth, ms or game_ms)",
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
	*tune = *verify = (OpeningSet){0};
	char msg[ERR_MAX];
	if (openings_load(c->openings, c->size, c->rule, tune, msg, sizeof msg) < 0) {
		return err_set(err, errlen, "%s:%d: %s", c->path, c->openings_line, msg);
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
		for (int i = keep; i < total; i++)
			if (openings_append(verify, tune, i) < 0) {
				snprintf(err, errlen, "out of memory");
				goto fail;
			}
		openings_truncate(tune, keep);
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
	config_table_write(&spsa_config_section, c, f);
	fprintf(f, "\n[player %s]\ntype = %s\n", c->player, c->type->name);
	for (int k = 0; k < c->params.n; k++) {
		if (!param_written(&c->params, k)) /* newer than some run folders */
			continue;
		char v[PARAM_TEXT_MAX + 64];
		param_format(&c->params, k, v, sizeof v);
		fprintf(f, "%s = %s\n", c->type->params[k].name, v);
	}
	if (c->external)
		spsa_external_write(c, f);
	for (int i = 0; i < c->n; i++) {
		const SpsaTuned *t = &c->tuned[i];
		ParamKeys pk = {.p = t->p,
		                .probe_delta = t->probe_delta,
		                .c_auto = c->c_elo > 0 && !t->c_end_given,
		                .r_auto = c->c_elo > 0 && !t->r_end_given,
		                .integer = c->external ? t->p.integer : -1};
		fprintf(f, "\n[param %s]\n", c->tuned[i].name);
		config_table_write(&spsa_config_param_section, &pk, f);
	}
	return ferror(f) ? -1 : 0;
}
