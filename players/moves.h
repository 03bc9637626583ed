/* moves.h - candidate moves shared by the players. */
#ifndef PLAYERS_MOVES_H
#define PLAYERS_MOVES_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "player.h"
#include "rng.h"

/* Empty points within Chebyshev distance dist (1..BOARD_PAD) of a stone, in
 * board order; on a board without stones the centre alone (or, if a wall
 * is there, the nearest empty point). Returns the count. */
int moves_near(const Board *b, int dist, int16_t *out);

/* Can the side to move play p without losing on the spot: empty and, for
 * renju black, not forbidden? (b is restored before returning.) */
bool moves_playable(Board *b, int p);

/* The highest-scoring point of pts[0..np) that the side to move may play
 * (moves_playable), ties drawn with rng; a point found unplayable has its
 * score[] set to INT_MIN. Returns its index, or -1 if none is playable. */
int moves_pick_best(Board *b, const int16_t *pts, int *score, int np, Rng *rng);

/* A playable point of b, scanning from the centre outwards: for a player
 * whose own choice was not playable. POINT_NONE only on a full board. */
int moves_fallback(Board *b);

/* The choice of a one-ply player that scored the points pts[0..np) of
 * pos: moves_pick_best with ties drawn by an rng seeded with seed ^ the
 * position's hash, so a position gets the same answer every time; its
 * score in info->score. moves_fallback's point if none is playable. */
int moves_choose_scored(const Board *pos, const int16_t *pts, int *score, int np,
                        uint64_t seed, MoveInfo *info);

#endif
