/* config.c - reading a tournament INI file (read whole through inifile.h,
 * then interpreted key by key in file order). */
#define _POSIX_C_SOURCE 200809L
#include "config.h"
#include "err.h"
#include "config_keys.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inifile.h"
#include "printable.h"
#include "registry.h"

typedef struct {
	Tournament *t;
	const IniFile *ini;
	int npending;
	int *pending; /* entries applied at the end, in file order */
} Ctx;

void config_defaults(Tournament *t)
{
	memset(t, 0, sizeof *t);
	config_table_defaults(&config_tournament, t);
}

int config_find_player(const Tournament *t, const char *name)
{
	for (int i = 0; i < t->nplayers; i++)
		if (strcmp(t->players[i].name, name) == 0)
			return i;
	return -1;
}

/* Whole budgets, not key by key: a section that says `ms = 100` means a
 * tenth of a second a move, which a node limit kept from elsewhere would cut
 * short without a word (see config.h). */
Budget config_player_budget(const PlayerSpec *p, Budget base)
{
	return p->budget_set ? p->budget : base;
}

Budget config_budget(const Tournament *t, int i)
{
	return config_player_budget(&t->players[i], t->budget);
}

/* The budget keys on a place of their own: how the readers of [player]
 * sections, here and in the tuner, take them. */
typedef struct {
	Budget b;
	unsigned set;
} BudgetPlace;

static const ConfigKey budget_keys[] = {
    CONFIG_BUDGET_KEYS(BudgetPlace, b, set, 0, 0, NULL)};
static const ConfigSection budget_section = {
    "budget",   NULL, budget_keys, sizeof budget_keys / sizeof *budget_keys,
    "a budget", NULL};

int config_budget_key(Budget *b, unsigned *set, const char *key, const char *v, char *err,
                      size_t errlen)
{
	const ConfigKey *k = config_table_find(&budget_section, key);
	if (!k)
		return CONFIG_OTHER_KEY;
	BudgetPlace place = {*b, *set};
	int rc = config_table_set_key(k, &place, v, NULL, 0, err, errlen);
	if (rc == 0) {
		*b = place.b;
		*set = place.set;
	}
	return rc;
}

/* A key of a player whose type is known. */
int config_player_key(PlayerSpec *p, const char *key, const char *v, int line, char *err,
                      size_t errlen)
{
	int rc = config_budget_key(&p->budget, &p->budget_set, key, v, err, errlen);
	if (rc != CONFIG_OTHER_KEY)
		return rc;
	if (strcmp(key, "restart") == 0)
		p->restart_set = true; /* the tournament's restart does not apply */
	if (strcmp(key, "type") == 0) {
		if (strcmp(v, p->type->name) != 0) {
			return err_set(err, errlen, "[player %s] already has type %s",
			               p->name, p->type->name);
		}
		return 0;
	}
	char msg[ERR_MAX];
	if (param_set(&p->params, key, v, msg, sizeof msg) < 0) {
		if (param_find(&p->params, key) < 0)
			snprintf(err, errlen,
			         "unknown key '%.64s' in [player %s] (type %s)", key,
			         p->name, p->type->name);
		else
			snprintf(err, errlen, "[player %s]: %s", p->name, msg);
		return -1;
	}
	p->param_line[param_find(&p->params, key)] = line;
	return 0;
}

static int set_type(PlayerSpec *p, const char *v, char *err, size_t errlen)
{
	const PlayerType *type = registry_find(v);
	if (!type) {
		char names[512] = "";
		int n;
		const PlayerType *const *all = registry_all(&n);
		for (int i = 0; i < n; i++) {
			size_t len = strlen(names);
			snprintf(names + len, sizeof names - len, "%s%s", i ? ", " : "",
			         all[i]->name);
		}
		size_t len = strlen(names); /* found by name only (registry.c) */
		snprintf(names + len, sizeof names - len, ", external");
		return err_set(err, errlen, "unknown player type '%s' (known: %s)", v,
		               names);
	}
	p->type = type;
	param_defaults(&p->params, type->params, type->nparams);
	return 0;
}

/* One key, in file order. Challengers, and a player's keys before its type,
 * are kept in c->pending for the end. */
static int read_entry(Ctx *c, int k, char *err, size_t errlen)
{
	const IniFile *ini = c->ini;
	const IniEntry *e = &ini->entries[k];
	Tournament *t = c->t;
	char msg[ERR_MAX];
	if (e->section < 0) {
		snprintf(msg, sizeof msg, "'%s' is outside any section", e->key);
		return inifile_fail(ini, e->line, msg, err, errlen);
	}
	const IniSection *sec = &ini->sections[e->section];
	if (strcmp(sec->name, "tournament") == 0) {
		int rc = config_table_set(&config_tournament, t, e->key, e->value, t->path,
		                          e->line, msg, sizeof msg);
		if (rc < 0)
			return inifile_fail(ini, e->line, msg, err, errlen);
		if (rc == CONFIG_OTHER_KEY) { /* challengers: once every player is known */
			c->pending[c->npending++] = k;
			t->challengers_line = e->line;
		}
		return 0;
	}
	if (strncmp(sec->name, "player ", 7) != 0 || !sec->name[7]) {
		snprintf(msg, sizeof msg,
		         "unknown section [%s] (expected [tournament] or [player NAME])",
		         sec->name);
		return inifile_fail(ini, sec->line, msg, err, errlen);
	}
	const char *name = sec->name + 7;
	int i = config_find_player(t, name);
	if (i < 0) {
		if (strlen(name) >= CONFIG_NAME_MAX || strpbrk(name, ",\"/") ||
		    !strcmp(name, ".") || !strcmp(name, "..")) {
			snprintf(msg, sizeof msg,
			         "player name '%.80s' is longer than %d characters, has , "
			         "\" or /, or is . or ..",
			         name, CONFIG_NAME_MAX - 1);
			return inifile_fail(ini, sec->line, msg, err, errlen);
		}
		if (t->nplayers == CONFIG_PLAYERS_MAX) {
			snprintf(msg, sizeof msg, "more than %d players",
			         CONFIG_PLAYERS_MAX);
			return inifile_fail(ini, sec->line, msg, err, errlen);
		}
		i = t->nplayers++;
		memset(&t->players[i], 0, sizeof t->players[i]);
		t->players[i].eval_scale = -1; /* not given */
		snprintf(t->players[i].name, sizeof t->players[i].name, "%s", name);
		t->players[i].line = sec->line;
	}
	PlayerSpec *p = &t->players[i];
	int rc = config_keys_record(p, e->key, e->value, e->line, msg, sizeof msg);
	if (rc != CONFIG_OTHER_KEY)
		return rc < 0 ? inifile_fail(ini, e->line, msg, err, errlen) : 0;
	if (strcmp(e->key, "type") == 0 && !p->type) {
		if (set_type(p, e->value, msg, sizeof msg) < 0)
			return inifile_fail(ini, e->line, msg, err, errlen);
		p->type_line = e->line;
		return 0;
	}
	if (!p->type) { /* parameters before the type: apply them later */
		c->pending[c->npending++] = k;
		return 0;
	}
	if (config_player_key(p, e->key, e->value, e->line, msg, sizeof msg) < 0)
		return inifile_fail(ini, e->line, msg, err, errlen);
	return 0;
}

static int set_challengers(Tournament *t, const char *list, char *err, size_t errlen)
{
	char buf[INIFILE_LINE_MAX];
	if (snprintf(buf, sizeof buf, "%s", list) >= (int)sizeof buf) {
		return err_set(err, errlen, "'challengers' is longer than %zu bytes",
		               sizeof buf - 1);
	}
	for (int i = 0; i < t->nplayers; i++)
		t->players[i].challenger = false;
	int n = 0;
	for (char *tok = strtok(buf, ", \t"); tok; tok = strtok(NULL, ", \t")) {
		int i = config_find_player(t, tok);
		if (i < 0) {
			snprintf(err, errlen,
			         "challenger '%.64s' has no [player %.64s] section", tok,
			         tok);
			return -1;
		}
		t->players[i].challenger = true;
		n++;
	}
	if (n == 0) {
		return err_set(err, errlen, "'challengers' names no player");
	}
	return 0;
}

/* What single keys cannot catch: sections without keys (unknown, empty or
 * repeated), players without a type, then the keys kept for the end. */
/* [tournament] restart = on|off: the `restart` of every player that has
 * one (external engines) and did not give its own. */
static void apply_restart(Tournament *t)
{
	for (int i = 0; t->restart >= 0 && i < t->nplayers; i++) {
		PlayerSpec *p = &t->players[i];
		char msg[ERR_MAX];
		if (p->type && !p->restart_set && param_find(&p->params, "restart") >= 0)
			param_set(&p->params, "restart", t->restart ? "on" : "off", msg,
			          sizeof msg);
	}
}

static int finish(Ctx *c, char *err, size_t errlen)
{
	const IniFile *ini = c->ini;
	Tournament *t = c->t;
	char msg[ERR_MAX];
	for (int h = 0; h < ini->nsections; h++) {
		const char *name = ini->sections[h].name;
		int line = ini->sections[h].line;
		if (strncmp(name, "player ", 7) == 0 && name[7]) {
			if (config_find_player(t, name + 7) >= 0)
				continue;
			snprintf(msg, sizeof msg, "[%.80s] has no 'type'", name);
			return inifile_fail(ini, line, msg, err, errlen);
		} else if (strcmp(name, "tournament") != 0) {
			snprintf(msg, sizeof msg,
			         "unknown section [%.80s] (expected [tournament] or "
			         "[player NAME])",
			         name);
			return inifile_fail(ini, line, msg, err, errlen);
		}
	}
	for (int i = 0; i < t->nplayers; i++)
		if (!t->players[i].type) {
			snprintf(msg, sizeof msg, "[player %s] has no 'type'",
			         t->players[i].name);
			return inifile_fail(ini, t->players[i].line, msg, err, errlen);
		}
	for (int k = 0; k < c->npending; k++) {
		const IniEntry *e = &ini->entries[c->pending[k]];
		const char *section = ini->sections[e->section].name;
		int r =
		    strcmp(section, "tournament") == 0
		        ? set_challengers(t, e->value, msg, sizeof msg)
		        : config_player_key(&t->players[config_find_player(t, section + 7)],
		                            e->key, e->value, e->line, msg, sizeof msg);
		if (r < 0)
			return inifile_fail(ini, e->line, msg, err, errlen);
	}
	apply_restart(t);
	if (t->stem_rc && !t->name[0]) {
		snprintf(msg, sizeof msg, "%s: give [tournament] a 'name'",
		         inifile_stem_why(t->stem_rc));
		return inifile_fail(ini, 0, msg, err, errlen);
	}
	return 0;
}

int config_load(const char *path, Tournament *t, char *err, size_t errlen)
{
	config_defaults(t);
	if (strlen(path) >= sizeof t->path) {
		return err_set(err, errlen, "%.64s...: path too long", path);
	}
	snprintf(t->path, sizeof t->path, "%s", path);
	/* The run is named after the file unless it says otherwise. */
	t->stem_rc = inifile_stem(path, t->name, sizeof t->name);

	IniFile ini;
	if (inifile_read(path, NULL, &ini, err, errlen) < 0)
		return -1;
	Ctx c = {.t = t, .ini = &ini};
	c.pending = malloc(sizeof *c.pending * ((size_t)ini.nentries + 1));
	int rc = -1;
	if (!c.pending) {
		snprintf(err, errlen, "%s: out of memory", path);
		goto out;
	}
	for (int k = 0; k < ini.nentries; k++)
		if (read_entry(&c, k, err, errlen) < 0)
			goto out;
	rc = finish(&c, err, errlen);
out:
	free(c.pending);
	inifile_free(&ini);
	return rc;
}

int config_override(Tournament *t, const char *assignment, char *err, size_t errlen)
{
	char buf[INIFILE_LINE_MAX];
	if (snprintf(buf, sizeof buf, "%s", assignment) >= (int)sizeof buf) {
		return err_set(err, errlen, "--set %.64s...: longer than %zu bytes",
		               assignment, sizeof buf - 1);
	}
	/* A value goes into config.ini, which a line break would cut. */
	const char *ctl = printable_control(assignment);
	if (ctl) {
		snprintf(err, errlen,
		         "--set %s: a control character (byte %d) in the value", assignment,
		         (unsigned char)*ctl);
		return -1;
	}
	char *eq = strchr(buf, '='), *dot = NULL;
	for (char *q = buf; eq && q < eq; q++)
		if (*q == '.')
			dot = q;
	if (!eq || !dot) {
		return err_set(err, errlen, "--set %s: expected section.key=value",
		               assignment);
	}
	*dot = *eq = '\0';
	const char *section = buf, *key = dot + 1, *value = eq + 1;
	char msg[ERR_MAX];
	int rc;
	if (strcmp(section, "tournament") == 0) {
		/* A path from the command line is taken as given; an empty
		 * one drops the openings. */
		if (strcmp(key, "openings") == 0 && !*value)
			rc = 0, t->openings[0] = '\0';
		else
			rc = config_table_set(&config_tournament, t, key, value, NULL, 0,
			                      msg, sizeof msg);
		if (rc == CONFIG_OTHER_KEY)
			rc = set_challengers(t, value, msg, sizeof msg);
		if (rc == 0 && strcmp(key, "rounds") == 0) /* see config_override_warning */
			t->rounds_by_set = true;
		if (rc == 0 && strcmp(key, "restart") == 0)
			apply_restart(t);
		if (rc == 0 &&
		    strcmp(key, "openings") == 0) /* the hash was of the others */
			t->openings_hash_given[0] = '\0';
	} else if (strncmp(section, "player ", 7) == 0 ||
	           strncmp(section, "player.", 7) == 0) {
		int i = config_find_player(t, section + 7);
		if (i < 0) {
			return err_set(err, errlen,
			               "--set %s: no [%s] in the configuration", assignment,
			               section);
		}
		PlayerSpec *p = &t->players[i];
		rc = config_keys_record(p, key, value, 0, msg, sizeof msg);
		if (rc == CONFIG_OTHER_KEY)
			rc = config_player_key(p, key, value, 0, msg, sizeof msg);
		if (rc == 0 && strcmp(key, "command") == 0) /* another program */
			p->program_hash_given[0] = '\0';
	} else {
		snprintf(msg, sizeof msg, "unknown section '%.64s'", section);
		rc = -1;
	}
	if (rc < 0) {
		return err_set(err, errlen, "--set %s: %s", assignment, msg);
	}
	return 0;
}

bool config_override_warning(const Tournament *t, char *note, size_t notelen)
{
	if (!t->rounds_by_set || t->pairs == 0)
		return false;
	snprintf(note, notelen,
	         "--set tournament.rounds=%d changes nothing: pairs = %d decides the games "
	         "(--set tournament.pairs=0 plays by rounds)",
	         t->rounds, t->pairs);
	return true;
}

/* "path:line: " or "path: " (line 0: not from the file) into buf. */
void config_place(const Tournament *t, int line, char *buf, size_t buflen)
{
	if (line > 0)
		snprintf(buf, buflen, "%s:%d: ", t->path, line);
	else
		snprintf(buf, buflen, "%s: ", t->path);
}

double config_eval_scale(const Tournament *t, int i)
{
	const PlayerSpec *p = &t->players[i];
	return p->eval_scale >= 0 ? p->eval_scale : p->type->budgets ? 1 : 0;
}

/* What the sample keys need: liblz4 for bin_lz4, a gauntlet for
 * sample_loseonly. */
static int config_sample_check(const Tournament *t, char *err, size_t errlen)
{
	char at[CONFIG_PATH_MAX + 32];
#ifndef GA_LZ4
	if (t->sample == SAMPLE_BIN_LZ4) {
		config_place(t, t->sample_line, at, sizeof at);
		return err_set(err, errlen,
		               "%s'sample = bin_lz4' needs liblz4, which this arena was "
		               "built without (install liblz4-dev and build again, or "
		               "take 'bin')",
		               at);
	}
#endif
	if (t->sample != SAMPLE_OFF && t->sample_loseonly &&
	    strcmp(t->type, "gauntlet") != 0) {
		config_place(t, t->sample_loseonly_line, at, sizeof at);
		return err_set(err, errlen,
		               "%s'sample_loseonly' keeps the games a challenger lost: it "
		               "needs type = gauntlet",
		               at);
	}
	return 0;
}

int config_validate(const Tournament *t, char *err, size_t errlen)
{
	char at[CONFIG_PATH_MAX + 32];
	if ((t->resign_moves > 0) != (t->resign_score > 0)) {
		config_place(
		    t, t->resign_moves > 0 ? t->resign_moves_line : t->resign_score_line,
		    at, sizeof at);
		return err_set(err, errlen,
		               "%sresign adjudication needs both resign_moves and "
		               "resign_score above 0",
		               at);
	}
	if (t->nplayers < 2) {
		snprintf(err, errlen,
		         "%s: a tournament needs at least two [player NAME] sections",
		         t->path);
		return -1;
	}
	if (t->anchor[0] && config_find_player(t, t->anchor) < 0) {
		config_place(t, t->anchor_line, at, sizeof at);
		return err_set(err, errlen, "%s'anchor' names no player: '%s'", at,
		               t->anchor);
	}
	if (t->sprt && t->nplayers != 2) {
		config_place(t, t->sprt_line, at, sizeof at);
		return err_set(err, errlen,
		               "%san SPRT test needs exactly two players (%d here)", at,
		               t->nplayers);
	}
	if (t->sprt && !(t->elo1 > t->elo0)) {
		config_place(t, t->elo1_line > t->elo0_line ? t->elo1_line : t->elo0_line,
		             at, sizeof at);
		return err_set(err, errlen, "%sSPRT needs elo1 > elo0", at);
	}
	if (config_sample_check(t, err, errlen) < 0)
		return -1;
	for (int i = 0; i < t->nplayers; i++) {
		Budget b = config_budget(t, i);
		if (!budget_limited(&b)) {
			snprintf(
			    err, errlen,
			    "%s:%d: [player %s] has no limit per move (nodes, depth, ms "
			    "or game_ms)",
			    t->path, t->players[i].line, t->players[i].name);
			return -1;
		}
	}
	for (int i = 0; i < t->nplayers; i++)
		if (config_player_check(&t->players[i], t->seed, t->path, err, errlen) < 0)
			return -1;
	return 0;
}

int config_player_check(const PlayerSpec *p, uint64_t seed, const char *path, char *err,
                        size_t errlen)
{
	char msg[ERR_MAX] = "cannot create the player";
	Player *pl = player_create(p->type, &p->params, seed, msg, sizeof msg);
	if (!pl) {
		int k = param_find(&p->params, "command");
		int line = k >= 0 && p->param_line[k] ? p->param_line[k]
		           : p->type_line             ? p->type_line
		                                      : p->line;
		return err_set(err, errlen, "%s:%d: [player %s]: %s", path, line, p->name,
		               msg);
	}
	player_destroy(pl);
	return 0;
}
