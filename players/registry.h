/* registry.h - player types by name. */
#ifndef PLAYERS_REGISTRY_H
#define PLAYERS_REGISTRY_H

#include "player.h"

/* The type called name, or NULL. */
const PlayerType *registry_find(const char *name);

/* Every type that can be made from its defaults, in a fixed order (the
 * contract test, bench and pbrain use them all); *count receives their
 * number. `external`, which needs a command, is found by name only. */
const PlayerType *const *registry_all(int *count);

#endif
