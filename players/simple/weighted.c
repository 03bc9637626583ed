/* weighted.c - single-ply weights kept up to date stone by stone.
 *
 * Each point carries, per direction, an attack weight and a defence weight.
 * They are kept for both colours' points of view, so one instance can play
 * either side: from c's view, a stone of c on a line raises the attack weight
 * of the points near it on that line and lowers their defence weight; an
 * opponent stone does the opposite. Weights start at a small centre bias,
 * are capped above and floored at zero. Because of the cap and floor they
 * depend on the order of the stones, not only on the stones.
 *
 * A point's value is the better of its attack and its defence, each the sum
 * of its two largest directions, plus the largest bonus that applies: our
 * five, blocking the opponent's five, blocking a point where the opponent
 * would make an open (or double) four. The highest value is played.
 *
 * choose() gets a whole position each time. The weights of the stones seen
 * so far are kept; if the new position extends them, only the new stones are
 * applied (a stone touches at most 8 * radius points per view), otherwise
 * the weights are rebuilt by replaying b->moves. Either way they are the same
 * numbers, and ties are broken by a generator seeded from the seed and the
 * position, so the move depends only on (seed, position). */
#include <limits.h>
#include <stdlib.h>

#include "moves.h"
#include "player.h"

enum { P_ATTACK, P_DEFENCE, P_RADIUS, P_CAP, P_WIN, P_FOUR, P_THREE, P_CENTRE, P_COUNT };

static const ParamDecl weighted_params[P_COUNT] = {
    [P_ATTACK] = {"attack", PARAM_INT, 1300, 0, 20000, NULL, true,
                  "attack weight an own stone adds (an opponent stone removes)"},
    [P_DEFENCE] = {"defence", PARAM_INT, 1000, 0, 20000, NULL, true,
                   "defence weight an opponent stone adds (an own stone removes)"},
    [P_RADIUS] = {"radius", PARAM_INT, 4, 1, BOARD_PAD, NULL, true,
                  "a stone changes the weights of points this far along its lines"},
    [P_CAP] = {"cap", PARAM_INT, 4100, 100, 100000, NULL, true,
               "largest weight of one point in one direction"},
    [P_WIN] = {"bonus_win", PARAM_INT, 1000000, 0, 10000000, NULL, true,
               "bonus for a point that makes our five"},
    [P_FOUR] = {"bonus_four", PARAM_INT, 100000, 0, 10000000, NULL, true,
                "bonus for a point that stops the opponent's five"},
    [P_THREE] = {"bonus_three", PARAM_INT, 10000, 0, 10000000, NULL, true,
                 "bonus for a point where the opponent would make an open or double four"},
    [P_CENTRE] = {"centre", PARAM_INT, 10, 0, 100, NULL, true,
                  "starting weight at the centre, falling to 1 at the edge (0: none)"},
};

typedef struct {
	Player base;
	uint64_t seed;
	int attack, defence, radius, cap, bonus_win, bonus_four, bonus_three, centre;
	int size; /* board size the weights belong to; 0 before the first build */
	int seen; /* stones of the position already applied to the weights */
	int16_t seen_point[BOARD_MAX_MOVES];
	uint8_t seen_cell[BOARD_MAX_MOVES];
	/* [colour whose view][direction][point] */
	int32_t att[2][4][BOARD_CELLS];
	int32_t def[2][4][BOARD_CELLS];
} WeightedPlayer;

static Player *weighted_create(const ParamSet *ps, uint64_t seed, char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	WeightedPlayer *w = calloc(1, sizeof *w);
	if (!w)
		return NULL;
	w->seed = seed;
	w->attack = (int)ps->v[P_ATTACK];
	w->defence = (int)ps->v[P_DEFENCE];
	w->radius = (int)ps->v[P_RADIUS];
	w->cap = (int)ps->v[P_CAP];
	w->bonus_win = (int)ps->v[P_WIN];
	w->bonus_four = (int)ps->v[P_FOUR];
	w->bonus_three = (int)ps->v[P_THREE];
	w->centre = (int)ps->v[P_CENTRE];
	return &w->base;
}

static void weighted_destroy(Player *p)
{
	free(p);
}

/* The starting weight of (x, y): `centre` in the middle, 1 on the edge,
 * linear in the Chebyshev distance between. */
static int centre_bias(const WeightedPlayer *w, int size, int x, int y)
{
	if (w->centre == 0)
		return 0;
	int half = (size - 1) / 2, dx = abs(x - size / 2), dy = abs(y - size / 2);
	int dist = dx > dy ? dx : dy;
	if (dist > half)
		dist = half; /* the extra column of an even board */
	return 1 + (w->centre - 1) * (half - dist) / half;
}

/* Forgets every stone and sets up empty weights for a size x size board. */
static void weighted_reset(WeightedPlayer *w, int size)
{
	w->size = size;
	w->seen = 0;
	for (int p = 0; p < BOARD_CELLS; p++) {
		int x = point_x(p), y = point_y(p);
		bool on = x >= 0 && y >= 0 && x < size && y < size;
		int v = on ? centre_bias(w, size, x, y) : 0;
		for (int c = 0; c < 2; c++)
			for (int d = 0; d < 4; d++)
				w->att[c][d][p] = w->def[c][d][p] = v;
	}
}

static int32_t weight_up(int32_t v, int by, int cap)
{
	return v + by > cap ? cap : v + by;
}

static int32_t weight_down(int32_t v, int by)
{
	return v - by < 0 ? 0 : v - by;
}

/* Applies a stone of colour c on p to the points of its four lines within
 * the radius, for both views. Occupied points are updated too: they are
 * never scored, and not looking at the board keeps the weights a function
 * of the move list alone, however it was split between calls. */
static void weighted_apply(WeightedPlayer *w, const Board *b, int p, Color c)
{
	for (int d = 0; d < 4; d++)
		for (int k = -w->radius; k <= w->radius; k++) {
			int q = p + k * board_step[d];
			if (k == 0 || b->cell[q] == CELL_WALL)
				continue;
			w->att[c][d][q] = weight_up(w->att[c][d][q], w->attack, w->cap);
			w->def[c][d][q] = weight_down(w->def[c][d][q], w->defence);
			w->def[c ^ 1][d][q] =
			    weight_up(w->def[c ^ 1][d][q], w->defence, w->cap);
			w->att[c ^ 1][d][q] = weight_down(w->att[c ^ 1][d][q], w->attack);
		}
}

/* Brings the weights up to pos: applies the stones after those already seen
 * if pos continues them, else rebuilds from the first stone. */
static void weighted_sync(WeightedPlayer *w, const Board *pos)
{
	bool continues = pos->size == w->size && pos->count >= w->seen;
	for (int i = 0; continues && i < w->seen; i++)
		continues = pos->moves[i] == w->seen_point[i] &&
		            pos->cell[pos->moves[i]] == w->seen_cell[i];
	if (!continues)
		weighted_reset(w, pos->size);
	for (int i = w->seen; i < pos->count; i++) {
		int p = pos->moves[i];
		w->seen_point[i] = (int16_t)p;
		w->seen_cell[i] = pos->cell[p];
		weighted_apply(w, pos, p, (Color)(pos->cell[p] - 1));
	}
	w->seen = pos->count;
}

static void weighted_new_game(Player *p, int size, Rule rule)
{
	(void)rule;
	weighted_reset((WeightedPlayer *)p, size);
}

/* Sum of the two largest of four weights. */
static int best_pair(int32_t a[4][BOARD_CELLS], int p)
{
	int hi = 0, lo = 0;
	for (int d = 0; d < 4; d++) {
		int v = a[d][p];
		if (v > hi) {
			lo = hi;
			hi = v;
		} else if (v > lo) {
			lo = v;
		}
	}
	return hi + lo;
}

static int weighted_bonus(const WeightedPlayer *w, const Board *b, int p, Color me)
{
	int opp = board_threat(b, p, me ^ 1);
	if (board_threat(b, p, me) == THREAT_FIVE)
		return w->bonus_win;
	if (opp == THREAT_FIVE)
		return w->bonus_four;
	if (opp == THREAT_OPEN_FOUR || opp == THREAT_DOUBLE_FOUR)
		return w->bonus_three;
	return 0;
}

static int weighted_choose(Player *p, const Board *pos, const Budget *budget,
                           MoveInfo *info)
{
	(void)budget;
	WeightedPlayer *w = (WeightedPlayer *)p;
	info->depth = 0; /* no search: every point is scored once */
	info->nodes = 0;
	weighted_sync(w, pos);
	if (pos->count == 0) {
		/* The centre, or beside it if a wall is there (moves_near). */
		int16_t first[1];
		info->score = 0;
		return moves_near(pos, 1, first) ? first[0] : POINT_NONE;
	}
	Color me = pos->to_move;
	int16_t pts[BOARD_MAX_MOVES];
	int score[BOARD_MAX_MOVES], np = 0;
	for (int y = 0; y < pos->size; y++)
		for (int x = 0; x < pos->size; x++) {
			int q = board_point(x, y);
			if (pos->cell[q] != CELL_EMPTY)
				continue;
			int a = best_pair(w->att[me], q), d = best_pair(w->def[me], q);
			pts[np] = (int16_t)q;
			score[np++] = (a > d ? a : d) + weighted_bonus(w, pos, q, me);
		}
	info->nodes = (uint64_t)np;
	return moves_choose_scored(pos, pts, score, np, w->seed, info);
}

const PlayerType player_weighted = {
    .name = "weighted",
    .help = "per-direction attack and defence weights updated stone by stone; no search",
    .params = weighted_params,
    .nparams = P_COUNT,
    .create = weighted_create,
    .destroy = weighted_destroy,
    .new_game = weighted_new_game,
    .choose = weighted_choose,
};
