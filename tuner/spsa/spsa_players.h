/* spsa_players.h - the players of an SPSA run: each side of an iteration,
 * the start and the tuned player, tuned.ini written and read back.
 *
 * A side is the base player (c->params) with a value for each tuned
 * parameter: set in its ParamSet for a declared parameter, put into the
 * external player's `info` or `command` text for an engine's own
 * (spsa_external.h). tuned.ini is the tuned player as a [player
 * NAME-tuned] section that `arena run` plays as it is, and the
 * verification match plays what it reads back from the file. */
#ifndef TUNER_SPSA_PLAYERS_H
#define TUNER_SPSA_PLAYERS_H

#include <stdbool.h>
#include <stddef.h>

#include "spsa_config.h"
#include "verify.h"

/* The player with values[i] for tuned parameter i (whole-number ones
 * already whole). Returns 0, or -1 with a message. */
int spsa_players_side(const SpsaConfig *c, const double *values, ParamSet *out, char *err,
                      size_t errlen);

/* The values a player of theta gets: whole numbers to the nearest, reals
 * as they are or (six_digits) to 6 significant digits, as tuned.ini
 * gives them; clipped to [min, max]. */
void spsa_players_values(const SpsaConfig *c, const double *theta, bool six_digits,
                         double *out);

/* Value v of tuned parameter t as tuned.ini and the terminal show it. */
void spsa_players_text(const SpsaTuned *t, double v, char *buf, size_t len);

/* Writes tuned.ini at path: comments (first what the verification verdict said,
 * verify_note_comment, with verdict NULL before it has finished; the run, its
 * budget, each tuned parameter's start -> tuned), then [player NAME-tuned]
 * with `type` and every parameter of the player of the values tuned[].
 * start[]: the values of the start. Returns 0, or -1 with a message. */
int spsa_players_write_tuned(const char *path, const SpsaConfig *c, const double *start,
                             const double *tuned, const VerifyResult *verdict, char *err,
                             size_t errlen);

/* The [player NAME-tuned] section of the file at path, as the arena reads
 * a player of c's type, into out. Returns 0, or -1 with a message. */
int spsa_players_read_tuned(const char *path, const SpsaConfig *c, ParamSet *out, char *err,
                            size_t errlen);

#endif
