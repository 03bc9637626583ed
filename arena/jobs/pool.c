/* pool.c - a worker's players, kept between its games. */
#include "pool.h"

#include <stdlib.h>

struct PlayerPool {
	int threads, slots;
	Player **kept; /* [thread * slots + slot] */
};

PlayerPool *pool_create(int threads, int slots)
{
	PlayerPool *pool = malloc(sizeof *pool);
	if (!pool)
		return NULL;
	pool->threads = threads;
	pool->slots = slots;
	pool->kept = calloc((size_t)threads * (size_t)slots, sizeof *pool->kept);
	if (!pool->kept) {
		free(pool);
		return NULL;
	}
	return pool;
}

void pool_destroy(PlayerPool *pool)
{
	if (!pool)
		return;
	for (int i = 0; i < pool->threads * pool->slots; i++)
		player_destroy(pool->kept[i]);
	free(pool->kept);
	free(pool);
}

Player *pool_get(PlayerPool *pool, int thread, int slot, const PlayerType *type,
                 const ParamSet *ps, uint64_t seed, char *err, size_t errlen)
{
	Player **k = &pool->kept[thread * pool->slots + slot];
	Player *p = *k;
	*k = NULL;
	if (p && p->type == type && player_reuse(p, ps, seed))
		return p;
	player_destroy(p);
	return player_create(type, ps, seed, err, errlen);
}

void pool_put(PlayerPool *pool, int thread, int slot, Player *p)
{
	if (!p)
		return;
	Player **k = &pool->kept[thread * pool->slots + slot];
	if (p->type->reuse && !*k) {
		*k = p;
		return;
	}
	player_destroy(p);
}
