/* texel_config.c - reading a Texel INI file: read whole (inifile.h, which
 * keeps line numbers), then interpreted in a fixed order, [texel] first,
 * then each player (its type before its other keys), then what the keys
 * say together, so that every message names the line it is about. */
#define _POSIX_C_SOURCE 200809L
#include "texel_config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inifile.h"
#include "registry.h"

typedef struct {
	TexelConfig *c;
	const IniFile *ini;
	int line;
	char *err;
	size_t errlen;
	int games_line, csv_line, player_line, opponent_line;
	unsigned budget_set; /* budget keys of [texel] (config.h's rule) */
	char player[TEXEL_NAME_MAX], opponent[TEXEL_NAME_MAX];
	char params[INIFILE_TEXT_MAX]; /* read once the tuned type is known */
	int params_line;
} Ctx;

static void defaults(TexelConfig *c)
{
	memset(c, 0, sizeof *c);
	snprintf(c->out, sizeof c->out, "results");
	c->seed = 1;
	c->size = BOARD_DEFAULT;
	c->rule = RULE_FREESTYLE;
	c->budget.nodes = 2000;
	c->games = 2000;
	c->opening_plies = 4;
	c->opening_box = 5;
	c->skip = -1;
	c->vcf_nodes = 1000;
	c->validation = 0.1;
	c->iterations = 200;
	c->rounds = 3;
	c->verify_pairs = 100;
}

Budget texel_config_budget(const TexelConfig *c, int i)
{
	return config_player_budget(&c->players[i], c->budget);
}

static int get_num(const char *v, double lo, double hi, bool whole, double *out, char *err,
                   size_t errlen, const char *key)
{
	char *end;
	errno = 0;
	double x = strtod(v, &end);
	if (end == v || *end || errno || !isfinite(x) || x < lo || x > hi ||
	    (whole && x != floor(x))) {
		snprintf(err, errlen, "'%s' takes a %s from %.15g to %.15g, not '%s'", key,
		         whole ? "whole number" : "number", lo, hi, v);
		return -1;
	}
	*out = x;
	return 0;
}

#define GET_INT(field, lo, hi)                                                             \
	do {                                                                               \
		double x_;                                                                 \
		if (get_num(v, lo, hi, true, &x_, err, errlen, key) < 0)                   \
			return -1;                                                         \
		field = x_;                                                                \
		return 0;                                                                  \
	} while (0)

static int get_path(Ctx *x, const char *v, char *out, char *err, size_t errlen,
                    const char *key)
{
	if (!*v || inifile_resolve_path(x->c->path, v, out, TEXEL_PATH_MAX) < 0) {
		snprintf(err, errlen, "'%s' needs a file name (of a sensible length)", key);
		return -1;
	}
	return 0;
}

static int get_name(const char *v, char *out, char *err, size_t errlen, const char *key)
{
	if (!*v || strlen(v) >= TEXEL_NAME_MAX || strpbrk(v, ",\"/") || !strcmp(v, ".") ||
	    !strcmp(v, "..")) {
		snprintf(err, errlen,
		         "'%s' takes a name of 1 to %d characters without , \" or /", key,
		         TEXEL_NAME_MAX - 1);
		return -1;
	}
	snprintf(out, TEXEL_NAME_MAX, "%s", v);
	return 0;
}

/* The name of fitted coordinate j of t's eval, or "" if it cannot be
 * fitted (no such parameter, or one not declared tunable). */
static const char *fit_name(const PlayerType *t, int j)
{
	int i = eval_features_param(t->eval, j);
	return i >= 0 && t->params[i].tunable ? t->params[i].name : "";
}

/* 'params' of [texel], for the tuned type t (which has an eval). */
static int set_params(TexelConfig *c, const PlayerType *t, const char *v, char *err,
                      size_t errlen)
{
	int nfit = t->eval->nfeat + 1;
	char buf[INIFILE_TEXT_MAX];
	snprintf(buf, sizeof buf, "%s", v);
	bool fit[EVAL_FEATURES_MAX + 1] = {false};
	int n = 0;
	for (char *tok = strtok(buf, ", \t"); tok; tok = strtok(NULL, ", \t")) {
		int j = 0;
		while (j < nfit && strcmp(tok, fit_name(t, j)) != 0)
			j++;
		if (j == nfit) {
			char names[600] = "";
			for (int k = 0; k < nfit; k++) {
				size_t len = strlen(names);
				if (*fit_name(t, k))
					snprintf(names + len, sizeof names - len, "%s%s",
					         len ? ", " : "", fit_name(t, k));
			}
			snprintf(
			    err, errlen,
			    "'params': '%s' is not a tunable evaluation weight of %s (%s)",
			    tok, t->name, names);
			return -1;
		}
		if (fit[j]) {
			snprintf(err, errlen, "'params' names '%s' twice", tok);
			return -1;
		}
		fit[j] = true;
		n++;
	}
	if (!n) {
		snprintf(err, errlen, "'params' names no parameter");
		return -1;
	}
	memcpy(c->fit, fit, sizeof fit);
	return 0;
}

static int texel_key(Ctx *x, const char *key, const char *v, char *err, size_t errlen)
{
	TexelConfig *c = x->c;
	int rc;
	if (config_budget_key(&c->budget, &x->budget_set, key, v, err, errlen, &rc))
		return rc;
	if (!strcmp(key, "name"))
		return get_name(v, c->name, err, errlen, key);
	if (!strcmp(key, "out")) {
		if (!*v || strlen(v) >= sizeof c->out) {
			snprintf(err, errlen, "'out' needs a path");
			return -1;
		}
		snprintf(c->out, sizeof c->out, "%s", v);
		return 0;
	}
	if (!strcmp(key, "seed"))
		return inifile_seed(key, v, &c->seed, err, errlen);
	if (!strcmp(key, "threads"))
		GET_INT(c->threads, 0, 1024);
	if (!strcmp(key, "board"))
		GET_INT(c->size, BOARD_MIN, BOARD_MAX);
	if (!strcmp(key, "rule")) {
		if (rule_parse(v, &c->rule) < 0) {
			snprintf(err, errlen,
			         "'rule' is freestyle, standard or renju, not '%s'", v);
			return -1;
		}
		return 0;
	}
	if (!strcmp(key, "max_plies"))
		GET_INT(c->max_plies, 0, BOARD_MAX_MOVES);
	if (!strcmp(key, "games")) {
		x->games_line = x->line;
		GET_INT(c->games, 2, 10000000);
	}
	if (!strcmp(key, "games_csv")) {
		x->csv_line = x->line;
		return get_path(x, v, c->games_csv, err, errlen, key);
	}
	if (!strcmp(key, "openings")) {
		c->openings_line = x->line;
		return get_path(x, v, c->openings, err, errlen, key);
	}
	if (!strcmp(key, "opening_plies"))
		GET_INT(c->opening_plies, 0, 20);
	if (!strcmp(key, "opening_box"))
		GET_INT(c->opening_box, 1, BOARD_MAX);
	if (!strcmp(key, "skip"))
		GET_INT(c->skip, 0, BOARD_MAX_MOVES);
	if (!strcmp(key, "symmetries"))
		return inifile_bool(key, v, &c->symmetries, err, errlen);
	if (!strcmp(key, "vcf_nodes"))
		GET_INT(c->vcf_nodes, 0, 1e9);
	if (!strcmp(key, "validation")) {
		double f;
		if (get_num(v, 0, 0.9, false, &f, err, errlen, key) < 0)
			return -1;
		c->validation = f;
		return 0;
	}
	if (!strcmp(key, "params")) {
		x->params_line = x->line;
		snprintf(x->params, sizeof x->params, "%s", v);
		return 0;
	}
	if (!strcmp(key, "iterations"))
		GET_INT(c->iterations, 0, 100000);
	if (!strcmp(key, "rounds"))
		GET_INT(c->rounds, 1, 100);
	if (!strcmp(key, "l2")) {
		double f;
		if (get_num(v, 0, 1e6, false, &f, err, errlen, key) < 0)
			return -1;
		c->l2 = f;
		return 0;
	}
	if (!strcmp(key, "verify_pairs")) {
		c->verify_pairs_line = x->line;
		GET_INT(c->verify_pairs, 1, 1000000);
	}
	if (!strcmp(key, "verify_openings")) {
		c->verify_openings_line = x->line;
		return get_path(x, v, c->verify_openings, err, errlen, key);
	}
	if (!strcmp(key, "player")) {
		x->player_line = x->line;
		return get_name(v, x->player, err, errlen, key);
	}
	if (!strcmp(key, "opponent")) {
		x->opponent_line = x->line;
		return get_name(v, x->opponent, err, errlen, key);
	}
	snprintf(err, errlen, "unknown key '%s' in [texel]", key);
	return -1;
}

static int fail(Ctx *x, int line, const char *msg)
{
	return inifile_fail(x->ini, line, msg, x->err, x->errlen);
}

static int find_player(const TexelConfig *c, const char *name)
{
	for (int i = 0; i < c->nplayers; i++)
		if (!strcmp(c->players[i].name, name))
			return i;
	return -1;
}

/* Section s, a [player NAME]: its type, then its other keys. */
static int player_section(Ctx *x, int s)
{
	TexelConfig *c = x->c;
	const IniFile *ini = x->ini;
	const IniSection *sec = &ini->sections[s];
	const char *name = sec->name + 7;
	char msg[700];
	int other = find_player(c, name);
	if (other >= 0) {
		snprintf(msg, sizeof msg, "player '%s' is defined twice (first at line %d)",
		         name, c->players[other].line);
		return fail(x, sec->line, msg);
	}
	if (strlen(name) >= TEXEL_NAME_MAX - 8 || strpbrk(name, ",\"/"))
		return fail(x, sec->line,
		            "a player name has at most 55 characters and no , \" or /");
	if (c->nplayers == TEXEL_PLAYERS_MAX)
		return fail(
		    x, sec->line,
		    "at most two players: the tuned one and the opponent of the games");
	TexelPlayer *p = &c->players[c->nplayers++];
	memset(p, 0, sizeof *p);
	snprintf(p->name, sizeof p->name, "%s", name);
	p->line = sec->line;
	for (int k = 0; k < ini->nentries && !p->type; k++) {
		const IniEntry *e = &ini->entries[k];
		if (e->section != s || strcmp(e->key, "type") != 0)
			continue;
		p->type = registry_find(e->value);
		if (!p->type) {
			snprintf(msg, sizeof msg,
			         "unknown player type '%.64s' (see arena players)",
			         e->value);
			return fail(x, e->line, msg);
		}
		param_defaults(&p->params, p->type->params, p->type->nparams);
	}
	if (!p->type) {
		snprintf(msg, sizeof msg, "[player %s] has no 'type'", name);
		return fail(x, sec->line, msg);
	}
	for (int k = 0; k < ini->nentries; k++) {
		const IniEntry *e = &ini->entries[k];
		if (e->section == s &&
		    config_player_key(p, e->key, e->value, msg, sizeof msg) < 0)
			return fail(x, e->line, msg);
	}
	return 0;
}

/* What single keys cannot check. */
static int finish(Ctx *x)
{
	TexelConfig *c = x->c;
	char msg[700];
	if (c->nplayers == 0)
		return fail(x, 0, "no [player NAME] section (the player to tune)");
	if (x->games_line && x->csv_line)
		return fail(
		    x, x->games_line > x->csv_line ? x->games_line : x->csv_line,
		    "'games' and 'games_csv' exclude each other: play games or read them");
	c->player = 0;
	if (x->player_line && (c->player = find_player(c, x->player)) < 0) {
		snprintf(msg, sizeof msg, "'player': no [player %s] section", x->player);
		return fail(x, x->player_line, msg);
	}
	c->opponent = c->player;
	if (x->opponent_line && (c->opponent = find_player(c, x->opponent)) < 0) {
		snprintf(msg, sizeof msg, "'opponent': no [player %s] section",
		         x->opponent);
		return fail(x, x->opponent_line, msg);
	}
	for (int i = 0; i < c->nplayers; i++)
		if (i != c->player && i != c->opponent) {
			snprintf(msg, sizeof msg,
			         "[player %s] is not used: name it in 'player' or "
			         "'opponent' of [texel]",
			         c->players[i].name);
			return fail(x, c->players[i].line, msg);
		}
	const TexelPlayer *p = &c->players[c->player];
	if (!p->type->eval) {
		snprintf(msg, sizeof msg,
		         "player type %s has no evaluation features to fit", p->type->name);
		return fail(x, p->line, msg);
	}
	for (int j = 0; j <= p->type->eval->nfeat; j++)
		c->fit[j] = *fit_name(p->type, j) != '\0';
	if (x->params_line && set_params(c, p->type, x->params, msg, sizeof msg) < 0)
		return fail(x, x->params_line, msg);
	for (int i = 0; i < c->nplayers; i++) {
		Budget b = texel_config_budget(c, i);
		if (!b.nodes && !b.depth && !b.ms) {
			snprintf(msg, sizeof msg,
			         "[player %s] has no limit per move (nodes, depth or ms)",
			         c->players[i].name);
			return fail(x, c->players[i].line, msg);
		}
	}
	if (c->opening_box > c->size) {
		snprintf(msg, sizeof msg, "'opening_box' %d is larger than the board (%d)",
		         c->opening_box, c->size);
		return fail(x, 0, msg);
	}
	return 0;
}

int texel_config_load(const char *path, TexelConfig *c, char *err, size_t errlen)
{
	defaults(c);
	IniFile ini;
	if (inifile_read(path, &ini, err, errlen) < 0)
		return -1;
	snprintf(c->path, sizeof c->path, "%s", ini.path);
	inifile_stem(path, c->name, sizeof c->name);
	Ctx x = {.c = c, .ini = &ini, .err = err, .errlen = errlen};
	char msg[700];
	int rc = 0;
	for (int k = 0; k < ini.nentries && rc == 0; k++) {
		const IniEntry *e = &ini.entries[k];
		if (e->section < 0)
			rc = fail(&x, e->line, "a key before any [section]");
		else if (!strcmp(ini.sections[e->section].name, "texel")) {
			x.line = e->line;
			if (texel_key(&x, e->key, e->value, msg, sizeof msg) < 0)
				rc = fail(&x, e->line, msg);
		}
	}
	int ntexel = 0;
	for (int s = 0; s < ini.nsections && rc == 0; s++) {
		const char *name = ini.sections[s].name;
		if (!strcmp(name, "texel")) {
			if (ntexel++)
				rc =
				    fail(&x, ini.sections[s].line, "[texel] appears twice");
		} else if (!strncmp(name, "player ", 7) && name[7]) {
			rc = player_section(&x, s);
		} else {
			snprintf(msg, sizeof msg,
			         "unknown section [%s] (expected [texel] or [player NAME])",
			         name);
			rc = fail(&x, ini.sections[s].line, msg);
		}
	}
	if (rc == 0)
		rc = finish(&x);
	inifile_free(&ini);
	return rc;
}
