/* texel_config.c - reading a Texel INI file: read whole (inifile.h, which
 * keeps line numbers), then interpreted in a fixed order, [texel] first,
 * then each player (its type before its other keys), then what the keys
 * say together, so that every message names the line it is about. */
#define _POSIX_C_SOURCE 200809L
#include "texel_config.h"
#include "err.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "inifile.h"
#include "registry.h"

typedef struct {
	TexelConfig *c;
	const IniFile *ini;
	char *err;
	size_t errlen;
} Ctx;

static void defaults(TexelConfig *c)
{
	memset(c, 0, sizeof *c);
	config_table_defaults(&texel_config_section, c);
	c->iterations = 200;
	c->rounds = 3;
	c->verify_pairs = 100;
}

Budget texel_config_budget(const TexelConfig *c, int i)
{
	return config_player_budget(&c->players[i], c->budget);
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
	char buf[TEXEL_PARAMS_TEXT_MAX];
	snprintf(buf, sizeof buf, "%s", v); /* no longer than params */
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
			snprintf(err, errlen,
			         "'params': '%.64s' is not a tunable evaluation weight of "
			         "%s (%s)",
			         tok, t->name, names);
			return -1;
		}
		if (fit[j]) {
			return err_set(err, errlen, "'params' names '%.64s' twice", tok);
		}
		fit[j] = true;
		n++;
	}
	if (!n) {
		return err_set(err, errlen, "'params' names no parameter");
	}
	memcpy(c->fit, fit, sizeof fit);
	return 0;
}

#define AT(f, T) CONFIG_AT(TexelConfig, f, T)
#define TEXT_AT(f) .at = AT(f, char *), .size = CONFIG_SIZE(TexelConfig, f)
/* Whole numbers also as decimals ("2e3", "40.0": num.h), as [texel] always took. */
#define WHOLE CONFIG_ANY_NOTATION

static const ConfigKey texel_keys[] = {
    {"name", CONFIG_NAME, 0, TEXT_AT(name), .shown_def = "the file's name without .ini",
     .help = "the run's folder under out"},
    {"out", CONFIG_TEXT, 0, TEXT_AT(out), .def_text = "results",
     .help = "where runs go, relative to the folder the tuner runs in"},
    {"games", CONFIG_INT, WHOLE, .at = AT(games, int), .min = 2, .max = 10000000,
     .def = 2000, .line_at = AT(games_line, int),
     .help = "games to play for data, a colour-swapped pair per opening"},
    {"games_csv", CONFIG_PATH, 0, TEXT_AT(games_csv), .line_at = AT(games_csv_line, int),
     .help = "or read the data games from an arena games.csv"},
    {"player", CONFIG_NAME, 0, TEXT_AT(player_name), .line_at = AT(player_line, int),
     .shown_def = "the first [player]",
     .help = "the [player] tuned (a type with evaluation features)"},
    {"opponent", CONFIG_NAME, 0, TEXT_AT(opponent_name), .line_at = AT(opponent_line, int),
     .shown_def = "the player", .help = "the [player] on the other side of the data games"},
    {"openings", CONFIG_PATH, 0, TEXT_AT(openings), .line_at = AT(openings_line, int),
     .shown_def = "random ones", .help = "the data games' openings"},
    {"opening_plies", CONFIG_INT, WHOLE, .at = AT(opening_plies, int), .max = 20, .def = 4,
     .line_at = AT(opening_plies_line, int),
     .help = "random openings: this many stones ..."},
    {"opening_box", CONFIG_INT, WHOLE, .at = AT(opening_box, int), .min = 1,
     .line_at = AT(opening_box_line, int), .max = BOARD_MAX, .def = 5,
     .help = "... in the central box x box square"},
    {"skip", CONFIG_INT, WHOLE, .at = AT(skip, int), .max = BOARD_MAX_MOVES, .def = -1,
     .shown_def = "the longest opening + 2", .help = "plies of each game not used"},
    {"vcf_nodes", CONFIG_U64, WHOLE, .at = AT(vcf_nodes, uint64_t), .max = 1e9, .def = 1000,
     .help = "drop positions where the mover wins by VCF in this many nodes"},
    {"symmetries", CONFIG_ONOFF, 0, .at = AT(symmetries, bool),
     .help = "extract every position from its 8 images"},
    {"validation", CONFIG_REAL, 0, .at = AT(validation, double), .max = 0.9, .def = 0.1,
     .help = "share of games held out"},
    {"params", CONFIG_TEXT, 0, TEXT_AT(params), .line_at = AT(params_line, int),
     .takes = "evaluation weights and ratio, separated by commas",
     .shown_def = "every tunable weight, and ratio", .help = "what to fit"},
    {"iterations", CONFIG_INT, WHOLE, .at = AT(iterations, int), .max = 100000, .def = 200,
     .help = "BFGS steps per round, at most"},
    {"rounds", CONFIG_INT, WHOLE, .at = AT(rounds, int), .min = 1, .max = 100, .def = 3,
     .help = "rounds of feature extraction with the new scores"},
    {"l2", CONFIG_REAL, 0, .at = AT(l2, double), .max = 1e6,
     .help = "penalty l2 * sum of (log(value / start))^2"},
    {"verify_pairs", CONFIG_INT, WHOLE, .at = AT(verify_pairs, int), .min = 1,
     .max = 1000000, .def = 100, .line_at = AT(verify_pairs_line, int),
     .help = "game pairs of the closing match, tuned against start"},
    {"verify_openings", CONFIG_PATH, 0, TEXT_AT(verify_openings),
     .line_at = AT(verify_openings_line, int), .shown_def = "random ones",
     .help = "the closing match's openings (at least verify_pairs)"},
    {"board", CONFIG_INT, WHOLE, .at = AT(size, int), .min = BOARD_MIN, .max = BOARD_MAX,
     .line_at = AT(board_line, int), .def = BOARD_DEFAULT, .help = "points a side"},
    {"rule", CONFIG_RULE, 0, .at = AT(rule, Rule), .def = RULE_FREESTYLE,
     .help = "as in a tournament; the evaluation follows it"},
    {"max_plies", CONFIG_INT, WHOLE, .at = AT(max_plies, int), .max = BOARD_MAX_MOVES,
     .help = "a game this long is a draw; 0 = play to a full board"},
    CONFIG_BUDGET_KEYS(TexelConfig, budget, budget_set, 2000, 0, NULL),
    {"threads", CONFIG_INT, WHOLE, .at = AT(threads, int), .max = 1024,
     .shown_def = "0 = every core",
     .help = "games at once; the results do not depend on it"},
    {"seed", CONFIG_SEED, 0, .at = AT(seed, uint64_t), .def = 1,
     .help = "every random choice derives from it"},
};

#undef AT
#undef TEXT_AT
#undef WHOLE

const ConfigSection texel_config_section = {
    "texel", NULL, texel_keys, sizeof texel_keys / sizeof *texel_keys, "the run's settings",
    NULL};

const ConfigSection *const texel_config_sections[] = {&texel_config_section, NULL};

void texel_config_keys_print(FILE *f)
{
	config_table_print(&texel_config_section, f);
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
	char msg[ERR_MAX];
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
	for (int k = sec->first; k < sec->first + sec->count && !p->type; k++) {
		const IniEntry *e = &ini->entries[k];
		if (strcmp(e->key, "type") != 0)
			continue;
		p->type = registry_find(e->value);
		if (!p->type) {
			snprintf(msg, sizeof msg,
			         "unknown player type '%.64s' (see arena players)",
			         e->value);
			return fail(x, e->line, msg);
		}
		param_defaults(&p->params, p->type->params, p->type->nparams);
		p->type_line = e->line;
	}
	if (!p->type) {
		snprintf(msg, sizeof msg, "[player %s] has no 'type'", name);
		return fail(x, sec->line, msg);
	}
	for (int k = sec->first; k < sec->first + sec->count; k++) {
		const IniEntry *e = &ini->entries[k];
		if (config_player_key(p, e->key, e->value, e->line, msg, sizeof msg) < 0)
			return fail(x, e->line, msg);
	}
	return 0;
}

/* The distinct positions of plies stones, half black (rounded up), in n
 * points: more than the random openings can ever be (no two the same up to
 * symmetry, none winning). */
static double positions_of(int n, int plies)
{
	int k1 = (plies + 1) / 2, k2 = plies / 2;
	if (k1 + k2 > n)
		return 0;
	double v = 1;
	for (int i = 0; i < k1; i++)
		v = v * (n - i) / (i + 1);
	for (int i = 0; i < k2; i++)
		v = v * (n - k1 - i) / (i + 1);
	return v;
}

/* Random openings (no openings file) must exist in the numbers asked for:
 * otherwise the search for them would try hundreds of times as many
 * before it gave up. */
static int random_openings_fit(Ctx *x)
{
	const TexelConfig *c = x->c;
	double most = positions_of(c->opening_box * c->opening_box, c->opening_plies);
	int line = c->opening_plies_line > c->opening_box_line ? c->opening_plies_line
	                                                       : c->opening_box_line;
	char msg[ERR_MAX];
	long need[2] = {c->openings[0] || c->games_csv[0] ? 0 : (c->games + 1L) / 2,
	                c->verify_openings[0] ? 0 : c->verify_pairs};
	long asked[2] = {c->games, c->verify_pairs};
	const char *key[2] = {"games", "verify_pairs"};
	int key_line[2] = {c->games_line, c->verify_pairs_line};
	for (int i = 0; i < 2; i++)
		if (need[i] > most) {
			snprintf(
			    msg, sizeof msg,
			    "'%s' = %ld needs %ld distinct openings of %d stones in the "
			    "central %dx%d square, which holds at most %.0f",
			    key[i], asked[i], need[i], c->opening_plies, c->opening_box,
			    c->opening_box, most);
			return fail(x, key_line[i] > line ? key_line[i] : line, msg);
		}
	return 0;
}

/* The files the keys name exist, each refused at its key's line. */
static int files_exist(Ctx *x)
{
	const TexelConfig *c = x->c;
	const struct {
		const char *key, *path;
		int line;
	} files[] = {{"games_csv", c->games_csv, c->games_csv_line},
	             {"openings", c->openings, c->openings_line},
	             {"verify_openings", c->verify_openings, c->verify_openings_line}};
	for (size_t i = 0; i < sizeof files / sizeof *files; i++)
		if (files[i].path[0] && access(files[i].path, R_OK) != 0) {
			char msg[TEXEL_PATH_MAX + 128];
			snprintf(msg, sizeof msg, "%s: %s: cannot open: %s", files[i].key,
			         files[i].path, strerror(errno));
			return fail(x, files[i].line, msg);
		}
	return 0;
}

/* What single keys cannot check. */
static int finish(Ctx *x)
{
	TexelConfig *c = x->c;
	char msg[ERR_MAX];
	if (c->nplayers == 0)
		return fail(x, 0, "no [player NAME] section (the player to tune)");
	if (c->games_line && c->games_csv_line)
		return fail(
		    x,
		    c->games_line > c->games_csv_line ? c->games_line : c->games_csv_line,
		    "'games' and 'games_csv' exclude each other: play games or read them");
	c->player = 0;
	if (c->player_line && (c->player = find_player(c, c->player_name)) < 0) {
		snprintf(msg, sizeof msg, "'player': no [player %s] section",
		         c->player_name);
		return fail(x, c->player_line, msg);
	}
	c->opponent = c->player;
	if (c->opponent_line && (c->opponent = find_player(c, c->opponent_name)) < 0) {
		snprintf(msg, sizeof msg, "'opponent': no [player %s] section",
		         c->opponent_name);
		return fail(x, c->opponent_line, msg);
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
	if (c->params_line && set_params(c, p->type, c->params, msg, sizeof msg) < 0)
		return fail(x, c->params_line, msg);
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
		return fail(x,
		            c->opening_box_line > c->board_line ? c->opening_box_line
		                                                : c->board_line,
		            msg);
	}
	if (c->stem_rc && !c->name[0]) {
		snprintf(msg, sizeof msg, "%s: give [texel] a 'name'",
		         inifile_stem_why(c->stem_rc));
		return fail(x, 0, msg);
	}
	if (random_openings_fit(x) < 0 || files_exist(x) < 0)
		return -1;
	for (int i = 0; i < c->nplayers; i++)
		if (config_player_check(&c->players[i], c->seed, c->path, x->err,
		                        x->errlen) < 0)
			return -1;
	return 0;
}

int texel_config_load(const char *path, TexelConfig *c, char *err, size_t errlen)
{
	defaults(c);
	IniFile ini;
	if (inifile_read(path, NULL, &ini, err, errlen) < 0)
		return -1;
	snprintf(c->path, sizeof c->path, "%s", ini.path);
	c->stem_rc = inifile_stem(path, c->name, sizeof c->name);
	Ctx x = {.c = c, .ini = &ini, .err = err, .errlen = errlen};
	char msg[ERR_MAX];
	int rc = 0;
	for (int k = 0; k < ini.nentries && rc == 0; k++) {
		const IniEntry *e = &ini.entries[k];
		if (!strcmp(ini.sections[e->section].name, "texel") &&
		    config_table_set(&texel_config_section, c, e->key, e->value, c->path,
		                     e->line, msg, sizeof msg) < 0)
			rc = fail(&x, e->line, msg);
	}
	for (int s = 0; s < ini.nsections && rc == 0; s++) {
		const char *name = ini.sections[s].name;
		if (!strcmp(name, "texel")) {
			/* read above */
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
