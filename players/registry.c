/* registry.c - the table of player types. Add a new type here. */
#include "registry.h"

#include <string.h>

#include "types.h"

static const PlayerType *const all_types[] = {
	&player_random,
	&player_naive,
	&player_weighted,
	&player_mcts,
	&player_alphabeta,
};

const PlayerType *const *registry_all(int *count)
{
	*count = (int)(sizeof all_types / sizeof all_types[0]);
	return all_types;
}

const PlayerType *registry_find(const char *name)
{
	int n;
	const PlayerType *const *t = registry_all(&n);
	for (int i = 0; i < n; i++)
		if (strcmp(t[i]->name, name) == 0)
			return t[i];
	return NULL;
}
