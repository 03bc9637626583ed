/* texel_config.h - a Texel tuning run described by an INI file.
 *
 * [texel] holds the run's settings, [player NAME] the player whose
 * evaluation is tuned, of any type with evaluation features (PlayerType.eval,
 * eval_features.h), and optionally a second section, the opponent of the
 * games that make the data. Every key is documented in
 * configs/texel-alphabeta.ini. An unknown section or key, a bad value or a
 * key that contradicts another is an error "file:line: what is wrong". The
 * keys of [texel] are declared once, as a table (arena/config/config_table.h), in
 * texel_config.c; [player NAME] reads as in the arena. */
#ifndef TUNER_TEXEL_CONFIG_H
#define TUNER_TEXEL_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "config.h"
#include "config_table.h"
#include "eval_features.h"
#include "inifile.h"
#include "player.h"
#include "rules.h"

enum {
	TEXEL_PATH_MAX = 1024,
	TEXEL_NAME_MAX = 64,
	TEXEL_PLAYERS_MAX = 2,
	TEXEL_PARAMS_TEXT_MAX = 512 /* 'params' as written, with its NUL */
};

/* A [player] section, read as the arena reads one (config.h). */
typedef PlayerSpec TexelPlayer;

typedef struct {
	char path[TEXEL_PATH_MAX];
	char name[TEXEL_NAME_MAX]; /* output sub-folder */
	char out[TEXEL_PATH_MAX];  /* output root */
	uint64_t seed;
	int threads; /* 0 = every core */
	int size;
	Rule rule;
	int max_plies;
	Budget budget;       /* per move, unless a player sets its own */
	unsigned budget_set; /* the budget keys [texel] gave (config.h's rule) */
	/* data: games played here, or read from a games.csv */
	int games;
	char games_csv[TEXEL_PATH_MAX]; /* resolved against the INI's folder */
	char openings[TEXEL_PATH_MAX];  /* "" = random openings */
	int opening_plies, opening_box;
	int skip; /* -1: the opening length + 2 */
	bool symmetries;
	uint64_t vcf_nodes;
	double validation;
	/* fit */
	/* fit[j]: the weight of feature j of the tuned type's eval; fit[nfeat]:
	 * its ratio. Default: the weights and ratio whose ParamDecl is tunable. */
	bool fit[EVAL_FEATURES_MAX + 1];
	char params[TEXEL_PARAMS_TEXT_MAX]; /* as written: read once the type is known */
	int params_line;
	int opening_box_line, opening_plies_line, board_line;
	int stem_rc; /* inifile_stem's: not 0, the file's name cannot name the run */
	int iterations, rounds;
	double l2;
	/* verification */
	int verify_pairs;
	char verify_openings[TEXEL_PATH_MAX]; /* "" = random openings */
	int verify_pairs_line, verify_openings_line, openings_line;
	int games_line, games_csv_line; /* lines of [texel]'s keys; 0 = not given */
	/* [texel]'s `player` and `opponent`, "" if not given, and their lines */
	char player_name[TEXEL_NAME_MAX], opponent_name[TEXEL_NAME_MAX];
	int player_line, opponent_line;
	int nplayers;
	TexelPlayer players[TEXEL_PLAYERS_MAX];
	int player, opponent; /* indices into players */
} TexelConfig;

/* [texel], on TexelConfig. */
extern const ConfigSection texel_config_section;

/* It, NULL-terminated, as spsa_config_sections. */
extern const ConfigSection *const texel_config_sections[];

/* The reference of [texel] (config_table_print). */
void texel_config_keys_print(FILE *f);

/* Reads path into c (defaults first). Returns 0, or -1 with "file:line: what
 * is wrong" in err. */
int texel_config_load(const char *path, TexelConfig *c, char *err, size_t errlen);

/* The budget of player i: its own limits where it sets them, else [texel]'s. */
Budget texel_config_budget(const TexelConfig *c, int i);

#endif
