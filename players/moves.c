/* moves.c - candidate moves. */
#include "moves.h"

#include <limits.h>
#include <stddef.h>

#include "rules.h"

/* The empty point nearest the centre, ring by ring outwards: the first
 * that is playable on `playable` (b itself, writable for the renju check)
 * if that is given, else the first empty one; POINT_NONE on a full board. */
static int centre_out(const Board *b, Board *playable)
{
	int c = b->size / 2, any = POINT_NONE;
	for (int r = 0; r <= c + 1; r++)
		for (int y = c - r; y <= c + r; y++)
			for (int x = c - r; x <= c + r; x++) {
				if (!board_on(b, x, y) ||
				    (x != c - r && x != c + r && y != c - r && y != c + r))
					continue;
				int p = board_point(x, y);
				if (!board_empty_at(b, p))
					continue;
				if (!playable || moves_playable(playable, p))
					return p;
				if (any == POINT_NONE)
					any = p;
			}
	return any;
}

int moves_near(const Board *b, int dist, int16_t *out)
{
	int n = 0;
	if (b->count == 0) {
		/* The centre, or with a wall there (wall.h) the empty point
		 * nearest to it; none on a board that is all walls. */
		int p = centre_out(b, NULL);
		if (p == POINT_NONE)
			return 0;
		out[0] = (int16_t)p;
		return 1;
	}
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++) {
			int p = board_point(x, y);
			if (b->cell[p] != CELL_EMPTY)
				continue;
			bool near = false;
			for (int dy = -dist; dy <= dist && !near; dy++)
				for (int dx = -dist; dx <= dist && !near; dx++) {
					int c = b->cell[p + dy * BOARD_STRIDE + dx];
					near = c == CELL_BLACK || c == CELL_WHITE;
				}
			if (near)
				out[n++] = (int16_t)p;
		}
	return n;
}

bool moves_playable(Board *b, int p)
{
	return board_empty_at(b, p) &&
	       !(b->to_move == BLACK && b->rule == RULE_RENJU && rules_is_forbidden(b, p));
}

int moves_fallback(Board *b)
{
	return centre_out(b, b);
}

int moves_pick_best(Board *b, const int16_t *pts, int *score, int np, Rng *rng)
{
	bool check = b->rule == RULE_RENJU && b->to_move == BLACK;
	for (;;) {
		int best = -1, best_score = INT_MIN, ties = 0;
		for (int i = 0; i < np; i++) {
			if (score[i] == INT_MIN || score[i] < best_score)
				continue;
			if (score[i] > best_score) {
				best_score = score[i];
				ties = 0;
			}
			if (rng_below(rng, (uint32_t)++ties) == 0)
				best = i;
		}
		if (best < 0)
			return -1;
		if (!check || moves_playable(b, pts[best]))
			return best;
		score[best] = INT_MIN;
	}
}

int moves_choose_scored(const Board *pos, const int16_t *pts, int *score, int np,
                        uint64_t seed, MoveInfo *info)
{
	Rng rng;
	rng_seed(&rng, seed ^ pos->hash);
	Board b = *pos;
	int i = moves_pick_best(&b, pts, score, np, &rng);
	if (i < 0)
		return moves_fallback(&b);
	info->score = score[i];
	return pts[i];
}
