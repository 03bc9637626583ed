/* bench.h - `arena bench`: fixed work, timed, with a signature.
 *
 * The signature is a checksum of what the work computed (not of how long it
 * took); a test asserts it, so any change of behaviour shows up. */
#ifndef ARENA_BENCH_H
#define ARENA_BENCH_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "rng.h"

typedef struct {
	uint64_t signature; /* checksum of the results */
	uint64_t ops;       /* operations timed (play+undo pairs, nodes...) */
	double seconds;     /* median wall time of the runs */
} BenchResult;

/* The rules core: plays and takes back a fixed set of random games, with
 * pattern updates, runs times; the result holds the median time. delta:
 * with board_play_delta and board_undo_delta, as the searches play. */
BenchResult bench_board(int runs, bool delta);

/* A player type with default parameters (but for the "key=value,..."
 * settings, or NULL) and seed 1 chooses a move in each of the npos positions with the
 * node budget, runs times. The signature folds the node counts and moves. */
struct PlayerType;
struct Board;
BenchResult bench_player(const struct PlayerType *t, const char *setting,
                         const struct Board *pos, int npos, uint64_t nodes, int runs);

/* The positions `arena bench` gives the players (8; at most max) into
 * out; returns their number, or -1 when memory runs out. */
int bench_player_positions(struct Board *out, int max);

/* The reference playout loop (bench_ref.c): from each of the npos
 * positions, playouts random games as mcts's random playouts play them
 * (uniform among the empty points within two of a stone, to a five by the
 * board's rule or a full board; renju's forbidden points are not kept),
 * on a plain byte board with a candidate list and no tree, runs times.
 * ops are playouts; *plies gets the mean moves a playout. The signature
 * folds each position's wins of either colour. */
BenchResult bench_ref(const struct Board *pos, int npos, int playouts, int runs,
                      double *plies);

/* One reference playout from b (no five on it) with rng: returns the
 * winner (BLACK, WHITE) or 2 for a full board, and adds its moves to
 * *plies. The same game, draw for draw, as mcts's uniformly random
 * playout from b with the same generator. */
int bench_ref_playout(const struct Board *b, Rng *rng, uint64_t *plies);

/* `arena bench`: the rules core, every player type (and mcts with random
 * playouts), and the VCF solver, each timed runs times (1 to 100), as a
 * table on out with the signature (the total of player nodes) and the
 * memory high-water mark. Returns the exit status: 0, or 1 with the
 * message in err ("arena bench: ...") when the board check fails or
 * memory runs out. */
int bench_run(int runs, FILE *out, char *err, size_t errlen);

/* `arena bench --strength`: a fixed strength check. Every type of the
 * registry, with default parameters, plays every other: pairs
 * colour-swapped game pairs a pairing (1 to 10000) from random 3-stone
 * openings of a fixed seed, on 15x15 freestyle, at nodes nodes (mcts: iterations)
 * a move, on threads threads (0: every core). Prints the score table, the
 * ratings with 95% error bars, and a signature (a checksum of every game's
 * moves and result: the same for any thread count, so a change of
 * strength or behaviour shows). Returns 0, or 1 with "arena bench: ..." in
 * err when a player cannot be made or memory runs out. */
int bench_strength(int pairs, long nodes, int threads, FILE *out, char *err, size_t errlen);

#endif
