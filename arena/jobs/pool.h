/* pool.h - player instances kept from one game to the next, per worker.
 *
 * A tournament's worker thread plays game after game; an external engine
 * costs a process start and its START for every fresh instance, so the
 * pool keeps each worker's instance of each player (a slot: the player's
 * index in the tournament) between its games. pool_get hands back the
 * kept instance when its type can reuse it for the new game's parameters
 * and seed (PlayerType.reuse: an external engine gets RESTART), else a new
 * one; types without reuse (every built-in player) are made anew for every
 * game, so a game depends only on its seeds whatever the thread order.
 *
 * Thread safety: a worker uses only its own row (thread index from 0 to
 * threads - 1); different workers may call in parallel. */
#ifndef ARENA_POOL_H
#define ARENA_POOL_H

#include <stddef.h>
#include <stdint.h>

#include "player.h"

typedef struct PlayerPool PlayerPool;

/* A pool for threads workers and slots players; NULL if out of memory. */
PlayerPool *pool_create(int threads, int slots);

/* Destroys every kept instance (external engines get END), then the pool.
 * Accepts NULL. */
void pool_destroy(PlayerPool *pool);

/* The player of slot for worker thread: the kept instance if its type
 * reuses it for (ps, seed), else a new one (the kept one is destroyed).
 * Returns NULL with a message in err if it cannot be made. The worker
 * gives it back with pool_put after the game. */
Player *pool_get(PlayerPool *pool, int thread, int slot, const PlayerType *type,
                 const ParamSet *ps, uint64_t seed, char *err, size_t errlen);

/* Takes p back for the worker's next game (or destroys it, if its type
 * cannot reuse instances). Accepts NULL. */
void pool_put(PlayerPool *pool, int thread, int slot, Player *p);

#endif
