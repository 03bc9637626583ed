/* registry.h - player types by name, and the list of built-in types. */
#ifndef PLAYERS_REGISTRY_H
#define PLAYERS_REGISTRY_H

#include "player.h"

/* Every built-in type that can be made from its defaults, one line each,
 * in registry_all's order: X(name) stands for `const PlayerType
 * player_name`, defined in the type's own file. A new type is its file
 * (or room) and its line here; nothing else lists it. */
#define REGISTRY_TYPES(X)                                                                  \
	X(random)                                                                          \
	X(naive)                                                                           \
	X(weighted)                                                                        \
	X(mcts)                                                                            \
	X(alphabeta)                                                                       \
	/* a new type: its line above this one */

#define REGISTRY_DECLARE(name) extern const PlayerType player_##name;
REGISTRY_TYPES(REGISTRY_DECLARE)
#undef REGISTRY_DECLARE

/* Found by name, not in registry_all: it needs a command to be made. */
extern const PlayerType player_external;

/* The type called name, or NULL. */
const PlayerType *registry_find(const char *name);

/* Every type of REGISTRY_TYPES, in its order (the contract test, bench and
 * pbrain use them all); *count receives their number. `external`, which
 * needs a command, is found by name only. */
const PlayerType *const *registry_all(int *count);

#endif
