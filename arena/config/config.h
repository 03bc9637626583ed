/* config.h - a tournament described by an INI file.
 *
 * [tournament] holds the run's settings, one [player NAME] section per
 * player; their keys are declared once, in the tables of config_keys.c
 * (printed by config_keys_print, documented in README.md). An unknown
 * section or key, a bad value, a missing file or a duplicate name is an
 * error "file:line: what is wrong"; config_load fills nothing useful then. */
#ifndef ARENA_CONFIG_H
#define ARENA_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "config_table.h"
#include "openings.h"
#include "player.h"
#include "rules.h"

enum {
	CONFIG_PLAYERS_MAX = 64,
	CONFIG_NAME_MAX = 64,
	CONFIG_PATH_MAX = 1024,
	CONFIG_HASH_MAX = 32 /* "fnv1a64:" and 16 hex digits (inputs.h) */
};

typedef enum { ORDER_SEQUENTIAL, ORDER_RANDOM } OpeningOrder;

/* Training samples in c-gomoku-cli's formats (arena/store/samples.h). */
typedef enum { SAMPLE_OFF, SAMPLE_CSV, SAMPLE_BIN, SAMPLE_BIN_LZ4 } SampleFormat;

typedef struct {
	char name[CONFIG_NAME_MAX];
	const PlayerType *type;
	ParamSet params;
	Budget budget;       /* its own budget, when the section gives one ... */
	unsigned budget_set; /* ... keys given: BUDGET_NODES | BUDGET_DEPTH | BUDGET_MS */
	bool challenger;     /* gauntlet: plays every non-challenger */
	/* Its evals times this are in the run's adjudication units; 0: units
	 * unknown; below 0: not given (config_eval_scale). */
	double eval_scale;
	bool restart_set; /* its section gave `restart` (external engines) */
	int line;         /* where its section starts */
	int type_line;    /* of its `type` key */
	int program_line, program_hash_line; /* of those keys; 0: not given */
	int param_line[PARAM_MAX]; /* of each parameter's key; 0: not in the file */
	/* A player with a `command` (external): the program it names, as an
	 * absolute path, and its content hash (inputs_resolve fills both); the
	 * hash a configuration gave as `program_hash`, "" if none, which
	 * inputs_resolve checks. `program` read from a file is a record only. */
	char program[CONFIG_PATH_MAX];
	char program_hash[CONFIG_HASH_MAX];
	char program_hash_given[CONFIG_HASH_MAX];
} PlayerSpec;

typedef struct {
	char path[CONFIG_PATH_MAX]; /* the INI file */
	char name[CONFIG_NAME_MAX]; /* run name: the output sub-folder */
	/* The kind of tournament, by name: a row of schedule_kinds, which
	 * schedule_check checks (schedule.h); the configuration knows no kind. */
	char type[32];
	int rounds;         /* each round: every opening once per pairing */
	int pairs;          /* or this many pairs per pairing; 0 = by rounds */
	bool rounds_by_set; /* rounds came from config_override */
	int size;
	Rule rule;
	char openings[CONFIG_PATH_MAX]; /* resolved against the INI file's folder; "" = none
	                                 */
	char openings_hash[CONFIG_HASH_MAX];       /* of the file (inputs_resolve) */
	char openings_hash_given[CONFIG_HASH_MAX]; /* as the file read gave it, or "" */
	OpeningsFormat openings_format; /* OPENINGS_AUTO: told from the content */
	int openings_plies;             /* game records: moves of each that open */
	OpeningOrder order;
	bool symmetries;
	int threads;   /* 0 = every core */
	bool affinity; /* each worker thread and its engines on one CPU */
	uint64_t seed;
	Budget budget;             /* per move, for players without their own */
	unsigned budget_set;       /* budget keys given in [tournament] or --set */
	int max_plies;             /* 0 = play to a full board */
	char out[CONFIG_PATH_MAX]; /* output root; the run goes to out/name */
	bool psq;                  /* write a .psq file per game */
	bool sgf;                  /* write games.sgf at the end of the run */
	int restart;      /* `restart` for external players that give none: -1 = unset */
	int status_every; /* games between status lines off a terminal */
	char anchor[CONFIG_NAME_MAX]; /* player rated 0; "" = the pool averages 0 */
	/* Adjudication (arena README): counts of each side's moves, scores in
	 * eval units, draw_after a ply; all 0 by default: none. */
	int resign_moves, resign_score, draw_moves, draw_score, draw_after;
	int sprt_adjudicate; /* with sprt: -1 (not given) or 0: no adjudication */
	bool sprt;
	double elo0, elo1, alpha, beta;
	SampleFormat sample;               /* off: no samples */
	double sample_freq;                /* the chance a move is sampled, 0 to 1 */
	char sample_file[CONFIG_PATH_MAX]; /* "": samples.EXT in the run folder */
	bool sample_loseonly;              /* gauntlet: only the games a challenger lost */
	bool msg; /* messages.txt: the engines' MESSAGE lines (messages.h) */
	/* Lines of the keys the checks after reading point at; 0: not given in
	 * the file (a default, or --set). */
	int type_line, openings_line, openings_hash_line, anchor_line, sprt_line, elo0_line,
	    elo1_line, challengers_line, resign_moves_line, resign_score_line, sample_line,
	    sample_loseonly_line;
	int stem_rc; /* inifile_stem's: not 0, the file's name cannot name the run */
	int nplayers;
	PlayerSpec players[CONFIG_PLAYERS_MAX];
} Tournament;

/* How t's openings file is read (openings_read). */
static inline OpeningsSpec config_openings_spec(const Tournament *t)
{
	return (OpeningsSpec){t->size, t->rule, t->openings_format, t->openings_plies};
}

/* The tables of [tournament] and [player NAME] (config_keys.h),
 * NULL-terminated: the sections of a run's config.ini, whose CONFIG_FREE
 * keys a resumed run may change (rundir.h). */
extern const ConfigSection *const config_sections[];

/* Sets the defaults (no players). */
void config_defaults(Tournament *t);

/* Reads path into t (defaults first). Returns 0, or -1 with "file:line: what
 * is wrong" in err. */
int config_load(const char *path, Tournament *t, char *err, size_t errlen);

/* Applies one "section.key=value" override from the command line, e.g.
 * "tournament.threads=2" or "player alphabeta.ratio=0.5" (the section name
 * as in the file). Returns 0 or -1 with a message. */
int config_override(Tournament *t, const char *assignment, char *err, size_t errlen);

/* 1 with a message in note when an override changes nothing (rounds given
 * by --set while pairs decides the games), else 0. For the caller to show
 * as a warning. */
bool config_override_warning(const Tournament *t, char *note, size_t notelen);

/* Checks what single keys cannot: at least two players, gauntlet
 * challengers, SPRT with two players. Returns 0 or -1 with a message. */
/* "FILE:LINE: " (or "FILE: " for line 0) of t's file into buf, to begin a
 * message with. */
void config_place(const Tournament *t, int line, char *buf, size_t buflen);

int config_validate(const Tournament *t, char *err, size_t errlen);

/* Budgets. The budget keys (nodes, depth, ms, game_ms, inc_ms) of one
 * place form one budget:
 * the defaults (nodes = 20000), the run's section ([tournament], or the
 * tuners' [spsa] and [texel]), a [player] section. A place that gives any
 * budget key replaces the budget of the place above it as a whole (a limit
 * it does not give is no limit); every key it gives applies, and the first
 * limit reached ends the move. --set adds a key to its section as if it
 * were written there. */

/* The rows of the budget keys in a section's table (config_table.h): S's
 * Budget field b and the unsigned set that notes the keys given. The game
 * clock's keys came later than the others: config.ini writes them only
 * when they are not 0, so that the bytes of every earlier run folder's
 * config.ini are still what a run writes (rundir.h). */
#define CONFIG_BUDGET_KEY(S, b, set, key, max_, def_, flags_, shown, help_)                \
	{                                                                                  \
		key, CONFIG_BUDGET, flags_, .at = CONFIG_AT(S, b, Budget), .max = max_,    \
		                            .def = def_, .shown_def = shown,               \
		                            .set_at = CONFIG_AT(S, set, unsigned),         \
		                            .help = help_                                  \
	}
#define CONFIG_BUDGET_KEYS(S, b, set, nodes_def, flags_, shown)                            \
	CONFIG_BUDGET_KEY(S, b, set, "nodes", 1e12, nodes_def, flags_, shown,              \
	                  "nodes a move (iterations for mcts); 0 = no limit"),             \
	    CONFIG_BUDGET_KEY(S, b, set, "depth", 100, 0, flags_, shown,                   \
	                      "plies a move; 0 = no limit"),                               \
	    CONFIG_BUDGET_KEY(S, b, set, "ms", 86400000, 0, flags_, shown,                 \
	                      "milliseconds of wall time a move; 0 = no limit"),           \
	    CONFIG_BUDGET_KEY(S, b, set, "game_ms", 864000000, 0,                          \
	                      (flags_) | CONFIG_WRITE_NONZERO, shown,                      \
	                      "milliseconds on the game clock for all of a player's "      \
	                      "moves of a game; 0 = no clock"),                            \
	    CONFIG_BUDGET_KEY(S, b, set, "inc_ms", 86400000, 0,                            \
	                      (flags_) | CONFIG_WRITE_NONZERO, shown,                      \
	                      "milliseconds the game clock gains after each move")

/* The budget player i plays with: its section's, or else the tournament's. */
Budget config_budget(const Tournament *t, int i);

/* Player i's eval_units key (eval_scale): as given, else 1 for a type that searches
 * (PlayerType.budgets not 0) and 0 (units unknown) for one that only
 * scores moves (naive, weighted, random): its scores rank moves, they do
 * not value the position. */
double config_eval_scale(const Tournament *t, int i);

/* A budget key (nodes, depth, ms, game_ms, inc_ms) into b, noting it in *set: the first one
 * of a place (*set still 0) clears b, so that the place's keys replace the
 * budget that was there. Returns 0, ERR_FAIL with a message for a bad
 * value (b unchanged), or CONFIG_OTHER_KEY if key is no budget key.
 * Every configuration reader takes budgets through it. */
int config_budget_key(Budget *b, unsigned *set, const char *key, const char *v, char *err,
                      size_t errlen);

/* The same for any [player] section: p's own budget if it gives one, else
 * base. */
Budget config_player_budget(const PlayerSpec *p, Budget base);

/* One key of a [player] section whose type is known, given at line (0:
 * not from the file): a budget key (nodes, depth, ms), `type` again (must
 * agree), or a declared parameter (its line noted in p->param_line).
 * Returns 0, or -1 with a message naming the player. Other configuration
 * readers (the tuner's) use it too, so a [player] section means the same
 * everywhere. */
int config_player_key(PlayerSpec *p, const char *key, const char *value, int line,
                      char *err, size_t errlen);

/* Makes and destroys a player of p's type and parameters, as a run will:
 * what only the type can judge (an external engine's command, say) is
 * found before anything is written. Making a player starts no process and
 * plays nothing. Returns 0, or -1 with "path:line: [player NAME]: why",
 * the line that of its `command` if it gives one, else of its `type`. */
int config_player_check(const PlayerSpec *p, uint64_t seed, const char *path, char *err,
                        size_t errlen);

/* Index of the player called name, or -1. */
int config_find_player(const Tournament *t, const char *name);

/* Writes the configuration as used (overrides applied, every key explicit)
 * as INI text that config_load reads back to the same configuration.
 * Returns 0 or -1 on a write error. (config_write.c) */
int config_write(const Tournament *t, FILE *f);

/* x as the shortest text that strtod reads back to the same double ("0.7",
 * not "0.69999999999999996"); buflen of 32 is always enough. */
void config_write_real(double x, char *buf, size_t buflen);

#endif
