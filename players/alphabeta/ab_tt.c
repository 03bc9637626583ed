/* ab_tt.c - two-entry buckets with a depth-preferred and an always slot. */
#include "ab_tt.h"

#include <stdlib.h>
#include <string.h>

struct AbTT {
	AbTTEntry *entry; /* 2 * (mask + 1) entries */
	uint64_t mask;    /* buckets - 1, a power of two minus one */
	uint16_t gen;     /* this search's generation; 0 marks an empty entry */
	uint16_t base;    /* the oldest visible generation (a fresh start's) */
};

AbTT *ab_tt_create(size_t bytes)
{
	AbTT *t = calloc(1, sizeof *t);
	if (!t)
		return NULL;
	uint64_t buckets = 1;
	while (buckets * 2 * 2 * sizeof(AbTTEntry) <= bytes)
		buckets *= 2;
	t->entry = calloc(buckets * 2, sizeof *t->entry);
	if (!t->entry) {
		free(t);
		return NULL;
	}
	t->mask = buckets - 1;
	return t;
}

void ab_tt_destroy(AbTT *t)
{
	if (t) {
		free(t->entry);
		free(t);
	}
}

void ab_tt_new_search(AbTT *t, bool keep)
{
	/* Generation 0 marks empty entries; on wrap-around really clear, so
	 * that no entry of an earlier search can look visible. */
	if (++t->gen == 0) {
		memset(t->entry, 0, (t->mask + 1) * 2 * sizeof *t->entry);
		t->gen = 1;
		t->base = 1;
	}
	if (!keep || t->base == 0)
		t->base = t->gen;
}

static bool visible(const AbTT *t, const AbTTEntry *e)
{
	return e->gen >= t->base; /* never above t->gen; 0 (empty) below base */
}

const AbTTEntry *ab_tt_probe(const AbTT *t, uint64_t hash)
{
	const AbTTEntry *b = &t->entry[(hash & t->mask) * 2];
	uint32_t key = (uint32_t)(hash >> 32);
	for (int i = 0; i < 2; i++)
		if (visible(t, &b[i]) && b[i].key == key)
			return &b[i];
	return NULL;
}

void ab_tt_prefetch(const AbTT *t, uint64_t hash)
{
	__builtin_prefetch(&t->entry[(hash & t->mask) * 2]);
}

void ab_tt_store(AbTT *t, uint64_t hash, int depth, int score, AbBound bound, int move)
{
	AbTTEntry *b = &t->entry[(hash & t->mask) * 2];
	uint32_t key = (uint32_t)(hash >> 32);
	AbTTEntry *e;
	if (b[0].gen != t->gen || b[0].key == key || depth >= b[0].depth)
		e = &b[0];
	else
		e = &b[1];
	/* Keep the move of an earlier visit if this one found none. */
	if (move < 0 && visible(t, e) && e->key == key)
		move = e->move;
	*e = (AbTTEntry){.key = key,
	                 .gen = t->gen,
	                 .move = (int16_t)move,
	                 .score = score,
	                 .depth = (int8_t)depth,
	                 .bound = (uint8_t)bound};
}
