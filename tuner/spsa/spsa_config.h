/* spsa_config.h - an SPSA tuning run described by an INI file.
 *
 * [spsa] holds the run's settings, one [player NAME] section the player to
 * tune (its type and fixed parameters, as in the arena), and one [param KEY]
 * section per tuned parameter (start, min, max, c_end, r_end). Every key is
 * documented in configs/spsa-weighted.ini. An unknown section or key, a bad
 * value, a parameter that is not tunable or a range that is not inside the
 * declared one is an error "file:line: what is wrong". The keys of [spsa]
 * and of [param KEY] are declared once, as tables (arena/config/config_table.h),
 * in spsa_config.c; [player NAME] reads as in the arena.
 *
 * A player of type external (spsa_external.h) tunes the engine's own
 * parameters: KEY is any name, start, min and max are required, `integer`
 * (on by default) says whether the engine gets whole numbers, and
 * [player NAME] takes `params_via` (info or command), the way the values
 * reach the engine (configs/spsa-external.ini). */
#ifndef TUNER_SPSA_CONFIG_H
#define TUNER_SPSA_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "config.h"
#include "config_table.h"
#include "openings.h"
#include "player.h"
#include "spsa_core.h"

typedef struct {
	int index; /* in the player's ParamSet; -1: an external engine's own */
	int line;  /* of its [param KEY] header */
	char name[CONFIG_NAME_MAX]; /* KEY */
	SpsaParam p;
	bool c_end_given, r_end_given; /* else from c_elo (spsa_calib.h) */
	double probe_delta;            /* 0: (max - min) / 4 */
} SpsaTuned;

/* How an external engine gets the values of an iteration's side. */
typedef enum {
	SPSA_VIA_INFO,    /* INFO KEY VALUE after START and every RESTART */
	SPSA_VIA_COMMAND, /* {KEY} in the command, a fresh process per value */
} SpsaVia;

typedef struct {
	char path[CONFIG_PATH_MAX]; /* the INI file */
	char name[CONFIG_NAME_MAX]; /* run name: the output sub-folder */
	int stem_rc;                /* inifile_stem's: not 0, the file's name cannot */
	char out[CONFIG_PATH_MAX];  /* output root */
	int iterations, pairs;      /* pairs per iteration */
	int verify_pairs;
	char openings[CONFIG_PATH_MAX];        /* resolved against the INI file's folder */
	char verify_openings[CONFIG_PATH_MAX]; /* "" = the rest of `openings` */
	int tune_openings;                     /* openings kept for tuning; 0 = half */
	bool symmetries;
	int size;
	Rule rule;
	int threads;   /* 0 = every core */
	bool affinity; /* each game thread and its engines on one CPU */
	uint64_t seed;
	Budget budget;
	unsigned budget_set; /* the budget keys [spsa] gave (config.h's rule) */
	int max_plies;       /* 0 = play to a full board */
	double c_elo;        /* > 0: steps sized in Elo (spsa_calib.h) */
	int probe_pairs;     /* of each side of a parameter's probe */
	int spsa_line, tune_openings_line, openings_line, verify_openings_line;
	char player[CONFIG_NAME_MAX];
	const PlayerType *type;
	ParamSet params; /* the base player: defaults and its section's values */
	int player_line;
	/* type = external: the [param] sections are the engine's own. */
	bool external;
	SpsaVia params_via;
	int params_via_line, command_line, info_line; /* 0: not given */
	char program_hash[CONFIG_HASH_MAX];           /* of the command's program */
	int n;
	SpsaTuned tuned[SPSA_PARAMS_MAX]; /* in file order */
} SpsaConfig;

/* [spsa], on SpsaConfig; [param KEY], on the tuned parameter (its range
 * is the one the player's type declares). */
extern const ConfigSection spsa_config_section, spsa_config_param_section;

/* Both, NULL-terminated: the sections of the run's config.ini whose
 * CONFIG_FREE keys a resumed run may change (rundir.h). */
extern const ConfigSection *const spsa_config_sections[];

/* The reference of both sections (config_table_print). */
void spsa_config_keys_print(FILE *f);

/* Reads path into c. Returns 0, or -1 with "file:line: what is wrong". */
int spsa_config_load(const char *path, SpsaConfig *c, char *err, size_t errlen);

/* Loads the tuning and the verification openings, both checked on the
 * run's board and rule, symmetries added after the split so that no image
 * of a tuning opening is used to verify. Returns 0, or -1 with a message
 * (both sets are then empty). */
int spsa_config_openings(const SpsaConfig *c, OpeningSet *tune, OpeningSet *verify,
                         char *err, size_t errlen);

/* Writes the configuration as used, every key explicit. 0 or -1. */
int spsa_config_write(const SpsaConfig *c, FILE *f);

#endif
