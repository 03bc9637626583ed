/* names.c - distinct strings by index, found by open addressing. */
#define _POSIX_C_SOURCE 200809L
#include "names.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* FNV-1a: names are short and few; the table is half empty. */
static size_t slot_of(const char *s, int slots)
{
	uint64_t h = 0xcbf29ce484222325u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3u;
	return (size_t)(h % (uint64_t)slots);
}

/* The slot that holds s, or the empty one where it would go. */
static int *find(const Names *t, const char *s)
{
	int slots = 2 * t->cap;
	for (size_t k = slot_of(s, slots);; k = (k + 1) % (size_t)slots) {
		int *at = &t->slot[k];
		if (!*at || !strcmp(t->name[*at - 1], s))
			return at;
	}
}

int names_find(const Names *t, const char *s)
{
	return t->cap ? *find(t, s) - 1 : -1;
}

int names_add(Names *t, const char *s)
{
	if (t->cap) {
		int *at = find(t, s);
		if (*at)
			return *at - 1;
	}
	if (t->n == t->cap) {
		int cap = t->cap ? 2 * t->cap : 16;
		char **name = realloc(t->name, sizeof *name * (size_t)cap);
		if (!name)
			return -1;
		t->name = name;
		int *slot = calloc(2 * (size_t)cap, sizeof *slot);
		if (!slot)
			return -1;
		free(t->slot);
		t->slot = slot, t->cap = cap;
		for (int i = 0; i < t->n; i++)
			*find(t, t->name[i]) = i + 1;
	}
	char *copy = strdup(s);
	if (!copy)
		return -1;
	t->name[t->n] = copy;
	*find(t, copy) = ++t->n;
	return t->n - 1;
}

void names_free(Names *t)
{
	for (int i = 0; i < t->n; i++)
		free(t->name[i]);
	free(t->name);
	free(t->slot);
	*t = (Names){0};
}
