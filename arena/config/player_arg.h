/* player_arg.h - a player given on the command line, as `arena match` and
 * `arena balance` take it: "TYPE" or "TYPE:KEY=VALUE,KEY=VALUE,...", such
 * as `alphabeta:ratio=0.5,hash_mb=16` or
 * `external:command=/path/to/pbrain-engine,nodes=8000`. A key is a
 * parameter of the type (arena players TYPE) or a budget key (nodes,
 * depth, ms, game_ms, inc_ms), which gives the player a budget of its own
 * as in a [player] section (config.h: a budget replaces the one above it
 * as a whole). A value cannot hold a comma. */
#ifndef ARENA_PLAYER_ARG_H
#define ARENA_PLAYER_ARG_H

#include <stddef.h>

#include "config.h"

/* Fills p (zeroed first) from text, named name (cut to CONFIG_NAME_MAX - 1
 * bytes). Returns 0, or ERR_INPUT with what is wrong ("unknown player type
 * 'x'", "'ratio': expected key=value", "alphabeta: ..." for a bad value),
 * for the caller to prefix with where the text came from. */
int player_arg_parse(const char *text, const char *name, PlayerSpec *p, char *err,
                     size_t errlen);

#endif
