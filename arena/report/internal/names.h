/* names.h - a list of distinct strings in order of first appearance, with
 * a hash to find them: the page's players, reasons and openings, each
 * stored once and referred to by index.
 *
 * Zero-initialised is empty. Adding is amortised O(1); memory is the
 * strings plus 12 bytes a name. Not thread-safe. */
#ifndef ARENA_NAMES_H
#define ARENA_NAMES_H

typedef struct {
	int n, cap;
	char **name; /* n, owned, in order of first appearance */
	int *slot;   /* 2 * cap slots: index + 1, 0 for an empty slot */
} Names;

/* The index of s, added if new; -1 when out of memory. */
int names_add(Names *t, const char *s);
/* The index of s, or -1. */
int names_find(const Names *t, const char *s);
void names_free(Names *t); /* t is then empty again */

#endif
