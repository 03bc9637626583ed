/* registry.h - player types by name. */
#ifndef PLAYERS_REGISTRY_H
#define PLAYERS_REGISTRY_H

#include "player.h"

/* The type called name, or NULL. */
const PlayerType *registry_find(const char *name);

/* All types, in a fixed order; *count receives their number. */
const PlayerType *const *registry_all(int *count);

#endif
