/* ab_tt.h - the alphabeta player's transposition table.
 *
 * Buckets of two entries indexed by the Zobrist hash: one kept for depth,
 * one always replaced. Every search starts a new generation. It sees the
 * entries of the searches since the last one that started afresh (the
 * earlier moves of the same game, when the player keeps them: tt_keep),
 * or only its own; either way what it finds follows from the game's moves
 * and budgets alone. Entries of an earlier search give way to this one's
 * first. Mate scores are stored relative to the node (see ab_tt_store).
 * One table per player instance; not thread-safe. */
#ifndef PLAYERS_AB_TT_H
#define PLAYERS_AB_TT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { AB_BOUND_NONE = 0, AB_BOUND_UPPER, AB_BOUND_LOWER, AB_BOUND_EXACT } AbBound;

typedef struct {
	uint32_t key; /* high half of the hash */
	uint16_t gen;
	int16_t move;
	int32_t score;
	int8_t depth;
	uint8_t bound;
	uint16_t unused;
} AbTTEntry;

typedef struct AbTT AbTT;

/* A table of about bytes (at least one bucket); NULL if out of memory.
 * The caller owns it and frees it with ab_tt_destroy (accepts NULL). */
AbTT *ab_tt_create(size_t bytes);
void ab_tt_destroy(AbTT *t);

/* Starts a new search. keep: the entries of the searches since the last
 * fresh start stay visible; else every older entry becomes invisible. */
void ab_tt_new_search(AbTT *t, bool keep);

/* The visible entry of hash, or NULL. */
const AbTTEntry *ab_tt_probe(const AbTT *t, uint64_t hash);

/* Starts loading the bucket of hash into the cache (a hint, no effect on
 * results): called as soon as a child position is known. */
void ab_tt_prefetch(const AbTT *t, uint64_t hash);

/* Stores a result; score must already be made relative to the node. */
void ab_tt_store(AbTT *t, uint64_t hash, int depth, int score, AbBound bound, int move);

#endif
