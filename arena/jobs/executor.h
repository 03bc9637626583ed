/* executor.h - playing a batch of game pairs in parallel, for tools that
 * are not a tournament file: arena match, the tuner, verification matches.
 *
 * Pair i plays opening i % nopenings twice, A black in the first game and
 * white in the second. Every game's players are created afresh with seeds
 * that depend only on (seed, game index), so the results are the same for
 * any number of threads. The caller owns everything passed in. */
#ifndef ARENA_EXECUTOR_H
#define ARENA_EXECUTOR_H

#include <stdbool.h>
#include <stdint.h>

#include "game_play.h"
#include "openings.h"
#include "player.h"
#include "pool.h"

typedef struct {
	const PlayerType *type;
	const ParamSet *params;
	Budget budget;
} ExecPlayer;

typedef struct {
	ExecPlayer a, b;
	int size;
	Rule rule;
	int max_plies;              /* 0 = play to a full board */
	const OpeningSet *openings; /* NULL or empty: every game from an empty board */
	int first_opening;          /* pair i uses opening (first_opening + i) % count */
	uint64_t seed;
	int threads;   /* 0 = every core */
	bool affinity; /* jobs.h's */
	/* NULL, or a flag (interrupt.h) that abandons the batch when it
	 * becomes nonzero: executor_play_pairs then fails with "interrupted". */
	const atomic_int *stop;
	/* NULL, or a pool (pool.h) of at least `threads` workers (every core
	 * when threads is 0) and 2 slots (A, B) that keeps reusable players
	 * (external engines) from one call to the next; without one, they are
	 * kept for the games of this call only. */
	PlayerPool *pool;
	/* NULL, or called with ctx for every game as it finishes, one at a
	 * time (game 2i: A black; 2i + 1: A white); returning true halts the
	 * match, which then fails with "halted". */
	bool (*on_game)(void *ctx, int game, const GameRecord *rec);
	void *ctx;
} ExecSpec;

/* A's result in one game pair: scores in the game where A is black and in
 * the game where A is white (1, 0.5, 0). */
typedef struct {
	double a_black, a_white;
} PairScore;

/* Plays npairs pairs; out[i] receives pair i. If records is not NULL it
 * receives the 2 * npairs games (game 2i: A black; 2i + 1: A white).
 * Returns 0, or -1 with a message if a player cannot be created or memory
 * runs out (out is then incomplete). */
int executor_play_pairs(const ExecSpec *spec, int npairs, PairScore *out,
                        GameRecord *records, char *err, size_t errlen);

#endif
