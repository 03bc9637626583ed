/* random.c - a uniformly random player: the smallest complete player, the
 * template for new ones, and a test double. It plays a random playable point
 * within `distance` of a stone. */
#include <stdlib.h>

#include "moves.h"
#include "player.h"
#include "rng.h"

enum { P_DISTANCE, P_COUNT };

static const ParamDecl random_params[P_COUNT] = {
    [P_DISTANCE] = {"distance", PARAM_INT, 2, 1, 4, NULL, false,
                    "play within this many points of a stone"},
};

typedef struct {
	Player base;
	Rng rng;
	int distance;
} RandomPlayer;

static Player *random_create(const ParamSet *ps, uint64_t seed, char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	RandomPlayer *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	rng_seed(&r->rng, seed);
	r->distance = (int)ps->v[P_DISTANCE];
	return &r->base;
}

static void random_destroy(Player *p)
{
	free(p);
}

static void random_new_game(Player *p, int size, Rule rule)
{
	(void)p;
	(void)size;
	(void)rule;
}

static int random_choose(Player *p, const Board *pos, const Budget *budget, MoveInfo *info)
{
	(void)budget;
	RandomPlayer *r = (RandomPlayer *)p;
	info->depth = 0;
	info->nodes = 0;
	Board b = *pos;
	int16_t cand[BOARD_MAX_MOVES];
	int n = moves_near(&b, r->distance, cand);
	/* Draw without replacement until a playable point turns up. */
	while (n > 0) {
		int i = (int)rng_below(&r->rng, (uint32_t)n);
		int m = cand[i];
		if (moves_playable(&b, m)) {
			info->nodes = 1;
			return m;
		}
		cand[i] = cand[--n];
	}
	return moves_fallback(&b);
}

const PlayerType player_random = {
    .name = "random",
    .help = "uniformly random moves near the stones (a baseline and test double)",
    .params = random_params,
    .nparams = P_COUNT,
    .create = random_create,
    .destroy = random_destroy,
    .new_game = random_new_game,
    .choose = random_choose,
};
