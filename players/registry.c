/* registry.c - the table of player types (the list is REGISTRY_TYPES, in
 * registry.h). */
#include "registry.h"

#include <string.h>

#define REGISTRY_ENTRY(name) &player_##name,
static const PlayerType *const all_types[] = {REGISTRY_TYPES(REGISTRY_ENTRY)};

/* Types that exist only with a configuration (external needs a command):
 * found by name, but left out of registry_all, whose users (the player
 * contract test, bench, pbrain) make every type from its defaults. */
static const PlayerType *const configured_types[] = {
    &player_external,
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
	for (size_t i = 0; i < sizeof configured_types / sizeof configured_types[0]; i++)
		if (strcmp(configured_types[i]->name, name) == 0)
			return configured_types[i];
	return NULL;
}
