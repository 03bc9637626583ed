/* texel_data.h - the openings and games of a Texel run.
 *
 * The verification openings are chosen first (a file, or random openings);
 * the data then never starts from one of them: a data opening, or the
 * start of a game read from a games.csv, that holds a verification opening
 * (or is held by one) under some symmetry of the board is redrawn or
 * dropped. So the closing match is played on openings not used while
 * tuning. */
#ifndef TUNER_TEXEL_DATA_H
#define TUNER_TEXEL_DATA_H

#include <stddef.h>
#include <stdio.h>

#include "openings.h"
#include "positions.h"
#include "texel_config.h"

/* count random openings of plies stones inside the central box x box square,
 * none winning or forbidden, no two the same under the 8 symmetries, none in
 * conflict with an opening of avoid (NULL: none). Names are prefix + index.
 * Returns 0, or -1 with a message if there are not enough of them. */
int texel_random_openings(int size, Rule rule, int plies, int box, uint64_t seed, int count,
                          const OpeningSet *avoid, const char *prefix, OpeningSet *out,
                          char *err, size_t errlen);

/* True if a and b conflict: the stones of one hold the other's under some
 * symmetry, colours kept. */
bool texel_openings_conflict(const int16_t *a, int na, const int16_t *b, int nb, int size);

/* The verification openings: c->verify_openings, or random ones. Returns 0,
 * -1 with a message, or -2 with "file:line: what is wrong" for bad input
 * (exit status 2). */
int texel_verify_openings(const TexelConfig *c, OpeningSet *out, char *err, size_t errlen);

typedef struct {
	int played;      /* games played here (0 when read from a file) */
	int read;        /* games read from games_csv */
	int conflicts;   /* data openings or games dropped for a verification opening */
	int duplicates;  /* games that repeated another move for move */
	int opening_max; /* longest data opening, for the default skip */
	double seconds;  /* spent playing */
} TexelDataStats;

/* The openings of the data games (none when they are read from games_csv):
 * c->openings without those in conflict with a verification opening, or
 * random ones. Sets st->conflicts and st->opening_max. Returns 0, -1 with a
 * message, or -2 for bad input. */
int texel_data_openings(const TexelConfig *c, const OpeningSet *verify, OpeningSet *data,
                        TexelDataStats *st, char *err, size_t errlen);

/* Fills g with the data games: played through the executor from the data
 * openings (and written to games_out as an arena games.csv), or read from
 * c->games_csv (games starting with a verification opening dropped);
 * duplicates removed. Progress lines go to log. Returns 0, -1 with a
 * message, or -2 for bad input. */
int texel_data_games(const TexelConfig *c, const OpeningSet *data, const OpeningSet *verify,
                     const char *games_out, FILE *log, PosGames *g, TexelDataStats *st,
                     char *err, size_t errlen);

#endif
