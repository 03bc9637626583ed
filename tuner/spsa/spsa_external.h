/* spsa_external.h - SPSA on an external engine's own parameters.
 *
 * With `type = external` the [param KEY] sections name the engine's
 * parameters, which the player type does not declare; the values of an
 * iteration's side reach the engine by `params_via`:
 *
 *   info     the player's `info` text gets "KEY VALUE" items after its own,
 *            so the engine reads `INFO KEY VALUE` after START and after every
 *            RESTART, before its first move (a kept process takes new
 *            values with RESTART: players/external);
 *   command  every {KEY} in `command` is the value, as one word of the
 *            command line (no shell); a new line is a new process.
 *
 * Either way a side is an ordinary external player's ParamSet (its `info`
 * or its `command` text), and so is tuned.ini's [player NAME-tuned]
 * section, which `arena run` plays as it is. Both texts must fit the
 * player's text parameter and an INI line: the tuner checks, before any
 * game, that they do with every value at its widest. `{seed}` stays for
 * the external player (the game's seed); every other {NAME} must be a
 * tuned KEY, in `command` and only with params_via = command.
 *
 * Values: a whole number as "%.0f" (integer = on, the default), a real
 * as the shortest text that reads back as the same double, so an engine
 * that reads it with strtod gets exactly the tuner's number. */
#ifndef TUNER_SPSA_EXTERNAL_H
#define TUNER_SPSA_EXTERNAL_H

#include <stddef.h>
#include <stdio.h>

#include "spsa_config.h"

/* The range an engine parameter's start, min and max must lie in. */
#define SPSA_EXTERNAL_LIMIT 1e15

/* A key of [player NAME] that only an external player to tune has:
 * `params_via`, and `program_hash` (config.ini's record of the engine's
 * program; its value is not checked, a resume compares it). Returns 0,
 * ERR_FAIL with a message, or CONFIG_OTHER_KEY for any other key (noting
 * the lines of `command` and `info`, which the caller reads). */
int spsa_external_player_key(SpsaConfig *c, const char *key, const char *value, int line,
                             char *err, size_t errlen);

/* Is name fit to be an engine parameter's KEY: a word of letters, digits,
 * '_', '.' and '-' (not first), not `seed`, and under params_via = info no
 * key the arena sends itself (timeout_turn, max_node, ...)? 0, or -1 with
 * a message. */
int spsa_external_name(const SpsaConfig *c, const char *name, char *err, size_t errlen);

/* Once the file is read: `log` (off is none; on, a file per game, is
 * refused: the arena's run folder keeps those), the command (its program
 * found, its hash taken),
 * the placeholders, `info` not naming a tuned KEY, every KEY in the
 * command under params_via = command, and the lengths. Returns 0, or -1
 * with a message about the line *line. */
int spsa_external_check(SpsaConfig *c, int *line, char *err, size_t errlen);

/* The value v of parameter p as the engine gets it. */
void spsa_external_value(const SpsaParam *p, double v, char *buf, size_t len);

/* The external player of c with values[i] for tuned parameter i (already
 * rounded for whole-number ones). Returns 0, or -1 with a message. */
int spsa_external_params(const SpsaConfig *c, const double *values, ParamSet *out,
                         char *err, size_t errlen);

/* config.ini's lines of the tuner's own [player NAME] keys. */
void spsa_external_write(const SpsaConfig *c, FILE *f);

#endif
