/* config_keys.c - the keys of [tournament] and [player NAME], declared
 * once (config_keys.h), in the order config.ini writes them, with the few
 * hooks a table cannot say: the keys written by a rule of their own. */
#include "config_keys.h"

#include <string.h>

#include "err.h"
#include "registry.h"

static const char *const orders[] = {"sequential", "random", NULL};
_Static_assert(sizeof(OpeningOrder) == sizeof(int), "a choice is stored as an int");
_Static_assert(sizeof(OpeningsFormat) == sizeof(int), "a choice is stored as an int");

/* The hash found (inputs_resolve), else the one the file gave; only with
 * openings. */
static void write_openings_hash(const void *obj, FILE *f)
{
	const Tournament *t = obj;
	const char *hash = t->openings_hash[0] ? t->openings_hash : t->openings_hash_given;
	if (t->openings[0] && hash[0])
		fprintf(f, "openings_hash = %s\n", hash);
}

static void write_challengers(const void *obj, FILE *f)
{
	const Tournament *t = obj;
	bool any = false;
	for (int i = 0; i < t->nplayers; i++)
		if (t->players[i].challenger) {
			fprintf(f, "%s%s",
			        any ? ", " : "challengers = ", t->players[i].name);
			any = true;
		}
	if (any)
		fputc('\n', f);
}

static const char *const sample_formats[] = {"off", "csv", "bin", "bin_lz4", NULL};
_Static_assert(sizeof(SampleFormat) == sizeof(int), "a choice is stored as an int");

/* The sample keys are written only with samples on, so that the config.ini
 * of every run without them keeps its bytes (and its folder resumes). */
static void write_sample(const void *obj, FILE *f)
{
	const Tournament *t = obj;
	if (t->sample == SAMPLE_OFF)
		return;
	char freq[32];
	config_write_real(t->sample_freq, freq, sizeof freq);
	fprintf(f, "sample = %s\nsample_freq = %s\n", sample_formats[t->sample], freq);
	if (t->sample_file[0])
		fprintf(f, "sample_file = %s\n", t->sample_file);
	fprintf(f, "sample_loseonly = %s\n", t->sample_loseonly ? "on" : "off");
}

/* Written only when on, as the sample keys. */
static void write_msg(const void *obj, FILE *f)
{
	if (((const Tournament *)obj)->msg)
		fputs("msg = on\n", f);
}

/* Written by write_sample, with `sample`. */
static void write_nothing(const void *obj, FILE *f)
{
	(void)obj;
	(void)f;
}

#define AT(f, T) CONFIG_AT(Tournament, f, T)
#define TEXT_AT(f) .at = AT(f, char *), .size = CONFIG_SIZE(Tournament, f)
#define W CONFIG_WRITE

static const ConfigKey tournament_keys[] = {
    {"name", CONFIG_FOLDER, W, TEXT_AT(name), .def_text = "tournament",
     .shown_def = "the file's name without .ini", .help = "the run's folder under out"},
    {"type", CONFIG_NAME, W, TEXT_AT(type), .def_text = "round-robin",
     .line_at = AT(type_line, int),
     .help = "everyone plays everyone, or the challengers play the rest"},
    /* rounds and pairs are free: the job list of a larger number begins
     * with the whole list of a smaller one (schedule.c), so a test goes on
     * (runner.c refuses a folder holding games past the new end). */
    {"rounds", CONFIG_INT, W | CONFIG_FREE, .at = AT(rounds, int), .min = 1, .max = 100000,
     .def = 1, .help = "times each pairing plays every opening, as a colour-swapped pair"},
    {"pairs", CONFIG_INT, W | CONFIG_FREE, .at = AT(pairs, int), .max = 10000000,
     .help = "or this many game pairs per pairing, the openings in turn; 0 = by rounds"},
    {"board", CONFIG_INT, W, .at = AT(size, int), .min = BOARD_MIN, .max = BOARD_MAX,
     .def = BOARD_DEFAULT, .help = "points a side"},
    {"rule", CONFIG_RULE, W, .at = AT(rule, Rule), .def = RULE_FREESTYLE,
     .help = "five or more wins, exactly five, or renju (forbidden points for black)"},
    {"openings", CONFIG_PATH, CONFIG_WRITE_SET | CONFIG_FREE, TEXT_AT(openings),
     .line_at = AT(openings_line, int),
     .help = "an openings file (ini, offset, pos, psq or sgf); none: an empty board"},
    {"openings_format", CONFIG_CHOICE, W | CONFIG_WRITE_NONZERO,
     .at = AT(openings_format, OpeningsFormat), .choices = openings_format_names,
     .help = "the openings file's format; auto: told from its first line"},
    {"openings_plies", CONFIG_INT, W | CONFIG_WRITE_NONZERO, .at = AT(openings_plies, int),
     .max = OPENING_MOVES_MAX, .shown_def = "0 (required for psq and sgf)",
     .help = "game records (psq, sgf): the moves of each game that make its opening"},
    {"openings_hash", CONFIG_TEXT, W, TEXT_AT(openings_hash_given),
     .line_at = AT(openings_hash_line, int), .write = write_openings_hash,
     .takes = "fnv1a64: and 16 hex digits",
     .help = "config.ini's record of the openings' content; checked if given"},
    {"opening_order", CONFIG_CHOICE, W, .at = AT(order, OpeningOrder), .choices = orders,
     .help = "the file's order, or shuffled each round by the seed"},
    {"symmetries", CONFIG_ONOFF, W, .at = AT(symmetries, bool),
     .help = "each opening in its 8 board symmetries (distinct images once)"},
    {"threads", CONFIG_INT, W | CONFIG_FREE, .at = AT(threads, int), .max = 1024,
     .shown_def = "0 = every core", .help = "games played at once"},
    {"affinity", CONFIG_ONOFF, W | CONFIG_FREE, .at = AT(affinity, bool),
     .help = "each game thread and the engines it starts pinned to one CPU"},
    {"seed", CONFIG_SEED, W, .at = AT(seed, uint64_t), .def = 1,
     .help = "every game's seeds derive from it and the game's number"},
    CONFIG_BUDGET_KEYS(Tournament, budget, budget_set, 20000, W, NULL),
    {"anchor", CONFIG_TEXT, CONFIG_WRITE_SET, TEXT_AT(anchor),
     .line_at = AT(anchor_line, int), .shown_def = "none: the pool averages 0",
     .help = "the player rated 0"},
    {"max_plies", CONFIG_INT, W, .at = AT(max_plies, int), .max = BOARD_MAX_MOVES,
     .help = "a game this long is a draw; 0 = play to a full board"},
    {"out", CONFIG_TEXT, W | CONFIG_FREE, TEXT_AT(out), .def_text = "results",
     .help = "where runs go, relative to the folder arena runs in"},
    {"psq", CONFIG_ONOFF, W, .at = AT(psq, bool),
     .help = "a Piskvork .psq record of every game under NAME/games/"},
    {"sgf", CONFIG_ONOFF, W | CONFIG_FREE, .at = AT(sgf, bool),
     .help = "games.sgf, every game as an SGF record, at the end of the run"},
    {"status_every", CONFIG_INT, W | CONFIG_FREE, .at = AT(status_every, int), .min = 1,
     .max = 1000000, .def = 10, .help = "games between status lines off a terminal"},
    {"restart", CONFIG_UNSET, CONFIG_WRITE_SET, .at = AT(restart, int), .def = -1,
     .shown_def = "each player's own",
     .help = "restart of every external player that does not give its own"},
    {"sprt", CONFIG_ONOFF, W, .at = AT(sprt, bool), .line_at = AT(sprt_line, int),
     .help = "an SPRT of two players, stopped when it decides"},
    {"elo0", CONFIG_REAL, W, .at = AT(elo0, double), .min = -1000, .max = 1000,
     .line_at = AT(elo0_line, int), .help = "SPRT: the Elo difference of H0"},
    {"elo1", CONFIG_REAL, W, .at = AT(elo1, double), .min = -1000, .max = 1000, .def = 5,
     .line_at = AT(elo1_line, int), .help = "SPRT: the Elo difference of H1 (above elo0)"},
    {"alpha", CONFIG_REAL, W, .at = AT(alpha, double), .min = 1e-6, .max = 0.5, .def = 0.05,
     .help = "SPRT: the chance of accepting H1 when H0 holds"},
    {"beta", CONFIG_REAL, W, .at = AT(beta, double), .min = 1e-6, .max = 0.5, .def = 0.05,
     .help = "SPRT: the chance of accepting H0 when H1 holds"},
    /* Adjudication: newer than run folders whose config.ini lacks its keys,
     * so written only when not 0 (sprt_adjudicate once given). */
    {"resign_moves", CONFIG_INT, W | CONFIG_WRITE_NONZERO, .at = AT(resign_moves, int),
     .max = BOARD_MAX_MOVES, .line_at = AT(resign_moves_line, int),
     .help = "resign adjudication: each side's last moves that must agree; 0 = off"},
    {"resign_score", CONFIG_INT, W | CONFIG_WRITE_NONZERO, .at = AT(resign_score, int),
     .max = SCORE_WIN, .line_at = AT(resign_score_line, int),
     .help = "resign: the eval each side's moves pass, as losing and as winning"},
    {"draw_moves", CONFIG_INT, W | CONFIG_WRITE_NONZERO, .at = AT(draw_moves, int),
     .max = BOARD_MAX_MOVES,
     .help = "draw adjudication: each side's last moves within the band; 0 = off"},
    {"draw_score", CONFIG_INT, W | CONFIG_WRITE_NONZERO, .at = AT(draw_score, int),
     .max = SCORE_WIN, .help = "draw: the band's half width around 0, in eval units"},
    {"draw_after", CONFIG_INT, W | CONFIG_WRITE_NONZERO, .at = AT(draw_after, int),
     .max = BOARD_MAX_MOVES, .help = "draw: the first ply a counted move may be at"},
    {"sprt_adjudicate", CONFIG_UNSET, CONFIG_WRITE_SET, .at = AT(sprt_adjudicate, int),
     .def = -1, .shown_def = "off", .help = "with sprt: adjudicate its games too"},
    {"challengers", CONFIG_HOOK, W, .write = write_challengers,
     .takes = "player names, separated by commas", .shown_def = "none",
     .help = "gauntlet: the players who play every other player"},
    {"sample", CONFIG_CHOICE, W, .at = AT(sample, SampleFormat), .choices = sample_formats,
     .line_at = AT(sample_line, int), .write = write_sample,
     .help = "training samples in c-gomoku-cli's formats: csv, bin or bin_lz4"},
    {"sample_freq", CONFIG_REAL, W, .at = AT(sample_freq, double), .max = 1, .def = 1,
     .write = write_nothing, .help = "the chance each move of a game is sampled"},
    {"sample_file", CONFIG_TEXT, W, TEXT_AT(sample_file), .write = write_nothing,
     .shown_def = "samples.csv, samples.bin or samples.bin.lz4",
     .help = "where samples go, relative to the run folder"},
    {"sample_loseonly", CONFIG_ONOFF, W, .at = AT(sample_loseonly, bool),
     .line_at = AT(sample_loseonly_line, int), .write = write_nothing,
     .help = "gauntlet: samples only of the games a challenger lost"},
    {"msg", CONFIG_ONOFF, W, .at = AT(msg, bool), .write = write_msg,
     .help = "messages.txt: every engine's MESSAGE lines, grouped by game"},
};

#undef AT
#undef TEXT_AT

const ConfigSection config_tournament = {
    "tournament",         NULL,
    tournament_keys,      sizeof tournament_keys / sizeof *tournament_keys,
    "the run's settings", NULL};

static void write_type(const void *obj, FILE *f)
{
	fprintf(f, "type = %s\n", ((const PlayerSpec *)obj)->type->name);
}

/* Reals by config_write_real, the rest as declared; a parameter newer
 * than some run folders only off its default (param_written). */
static void write_params(const void *obj, FILE *f)
{
	const ParamSet *ps = &((const PlayerSpec *)obj)->params;
	for (int k = 0; k < ps->n; k++) {
		if (!param_written(ps, k))
			continue;
		char v[PARAM_TEXT_MAX + 64];
		if (ps->decl[k].type == PARAM_REAL)
			config_write_real(ps->v[k], v, sizeof v);
		else
			param_format(ps, k, v, sizeof v);
		fprintf(f, "%s = %s\n", ps->decl[k].name, v);
	}
}

/* The hash found (inputs_resolve), else the one the file gave. */
static void write_program_hash(const void *obj, FILE *f)
{
	const PlayerSpec *p = obj;
	const char *hash = p->program_hash[0] ? p->program_hash : p->program_hash_given;
	if (hash[0])
		fprintf(f, "program_hash = %s\n", hash);
}

#define AT(f, T) CONFIG_AT(PlayerSpec, f, T)
#define TEXT_AT(f) .at = AT(f, char *), .size = CONFIG_SIZE(PlayerSpec, f)

static const ConfigKey player_keys[] = {
    {"type", CONFIG_HOOK, W, .write = write_type, .takes = "a player type (arena players)",
     .shown_def = "none: required", .help = "what plays"},
    CONFIG_BUDGET_KEYS(PlayerSpec, budget, budget_set, 0, CONFIG_WRITE_SET,
                       "[tournament]'s budget"),
    {"PARAMETER", CONFIG_PARAMS, W, .write = write_params,
     .takes = "any parameter its type declares (arena players TYPE)",
     .shown_def = "the type's", .help = "how it plays"},
    {"eval_units", CONFIG_REAL, CONFIG_WRITE_SET, .at = AT(eval_scale, double), .max = 1e6,
     .def = -1, .shown_def = "1; 0 for naive, weighted, random",
     .help = "its evals times this are in the adjudication scores' units; 0 = "
             "unknown: no adjudication in its games"},
    {"program", CONFIG_TEXT, CONFIG_WRITE_SET | CONFIG_FREE, TEXT_AT(program),
     .line_at = AT(program_line, int), .takes = "an absolute path", .shown_def = "none",
     .help = "config.ini's record of the program an external player's command runs"},
    {"program_hash", CONFIG_TEXT, W, TEXT_AT(program_hash_given),
     .line_at = AT(program_hash_line, int), .write = write_program_hash,
     .takes = "fnv1a64: and 16 hex digits",
     .help = "config.ini's record of that program's content; checked if given"},
};

#undef AT
#undef TEXT_AT
#undef W

/* A parameter some type declares free (ParamDecl.free: log, log_max). The
 * saved text names the type, but a name is enough: no type gives one name
 * two meanings. */
static bool free_param(const char *key)
{
	int n;
	const PlayerType *const *all = registry_all(&n);
	for (int t = 0; t <= n; t++) {
		const PlayerType *type = t < n ? all[t] : &player_external;
		for (int i = 0; i < type->nparams; i++)
			if (strcmp(type->params[i].name, key) == 0)
				return type->params[i].free;
	}
	return false;
}

const ConfigSection config_player = {"player",
                                     "NAME",
                                     player_keys,
                                     sizeof player_keys / sizeof *player_keys,
                                     "one player of the run",
                                     free_param};

const ConfigSection *const config_sections[] = {&config_tournament, &config_player, NULL};

void config_keys_print(FILE *f)
{
	config_table_print(&config_tournament, f);
	fputc('\n', f);
	config_table_print(&config_player, f);
}

int config_keys_record(PlayerSpec *p, const char *key, const char *v, int line, char *err,
                       size_t errlen)
{
	const ConfigKey *k = config_table_find(&config_player, key);
	if (!k || k->kind == CONFIG_HOOK || k->kind == CONFIG_BUDGET)
		return CONFIG_OTHER_KEY;
	char msg[ERR_MAX];
	if (config_table_set_key(k, p, v, NULL, line, msg, sizeof msg) < 0)
		return err_set(err, errlen, "[player %s]: %s", p->name, msg);
	return 0;
}
