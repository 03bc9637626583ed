/* naive.c - the line counter: no search and no pattern knowledge.
 *
 * Every empty point is scored by the runs of stones that touch it: along each
 * of the four lines, add the stones of one colour that sit next to the point
 * without a gap on either side, and turn that count into points (score1 for
 * one stone up to score4 for four or more). The published player plays where
 * the opponent's total is largest, that is it only ever blocks; `mode` can
 * also make it count its own runs (attack) or both (the sum).
 *
 * The move is a function of the seed and the position alone: ties are broken
 * by a generator seeded from both, so replaying a game gives the same moves
 * whatever the player saw before. */
#include <limits.h>
#include <stdlib.h>

#include "moves.h"
#include "player.h"

enum { P_MODE, P_SCORE1, P_SCORE2, P_SCORE3, P_SCORE4, P_COUNT };

enum { MODE_DEFENCE, MODE_ATTACK, MODE_BOTH };

static const char *const naive_modes[] = {"defence", "attack", "both", NULL};

static const ParamDecl naive_params[P_COUNT] = {
    [P_MODE] = {"mode", PARAM_CHOICE, MODE_DEFENCE, 0, 2, naive_modes, false,
                "whose runs to count: the opponent's, our own, or both added"},
    [P_SCORE1] = {"score1", PARAM_INT, 10, 0, 10000000, NULL, true,
                  "points for a line where one stone touches the point"},
    [P_SCORE2] = {"score2", PARAM_INT, 100, 0, 10000000, NULL, true,
                  "points for a line where two stones touch the point"},
    [P_SCORE3] = {"score3", PARAM_INT, 1000, 0, 10000000, NULL, true,
                  "points for a line where three stones touch the point"},
    [P_SCORE4] = {"score4", PARAM_INT, 10000, 0, 10000000, NULL, true,
                  "points for a line where four or more stones touch the point"},
};

typedef struct {
	Player base;
	uint64_t seed;
	int mode;
	int line_score[5]; /* by stones touching the point on one line, 4 = 4+ */
} NaivePlayer;

static Player *naive_create(const ParamSet *ps, uint64_t seed, char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	NaivePlayer *n = calloc(1, sizeof *n);
	if (!n)
		return NULL;
	n->seed = seed;
	n->mode = (int)ps->v[P_MODE];
	for (int k = 1; k <= 4; k++)
		n->line_score[k] = (int)ps->v[P_SCORE1 + k - 1];
	return &n->base;
}

static void naive_destroy(Player *p)
{
	free(p);
}

static void naive_new_game(Player *p, int size, Rule rule)
{
	(void)p;
	(void)size;
	(void)rule;
}

/* Stones of cell code `cell` in an unbroken run starting next to p, at most
 * four (more score the same). The wall cells stop the walk at the edge. */
static int run_length(const Board *b, int p, int step, int cell)
{
	int n = 0;
	for (int q = p + step; n < 4 && b->cell[q] == cell; q += step)
		n++;
	return n;
}

/* Points of one colour's runs touching the empty point p, over four lines. */
static int naive_total(const NaivePlayer *n, const Board *b, int p, Color c)
{
	int total = 0, cell = (int)c + 1;
	for (int d = 0; d < 4; d++) {
		int k = run_length(b, p, board_step[d], cell) +
		        run_length(b, p, -board_step[d], cell);
		total += n->line_score[k < 4 ? k : 4];
	}
	return total;
}

static int naive_choose(Player *p, const Board *pos, const Budget *budget, MoveInfo *info)
{
	(void)budget;
	NaivePlayer *n = (NaivePlayer *)p;
	info->depth = 0; /* no search: every point is scored once */
	info->nodes = 0;
	if (pos->count == 0) {
		/* The centre, or beside it if a wall is there (moves_near). */
		int16_t first[1];
		info->score = 0;
		return moves_near(pos, 1, first) ? first[0] : POINT_NONE;
	}
	Color me = pos->to_move, opp = me ^ 1;
	int16_t pts[BOARD_MAX_MOVES];
	int score[BOARD_MAX_MOVES], np = 0;
	for (int y = 0; y < pos->size; y++)
		for (int x = 0; x < pos->size; x++) {
			int q = board_point(x, y);
			if (pos->cell[q] != CELL_EMPTY)
				continue;
			int s = 0;
			if (n->mode != MODE_ATTACK)
				s += naive_total(n, pos, q, opp);
			if (n->mode != MODE_DEFENCE)
				s += naive_total(n, pos, q, me);
			pts[np] = (int16_t)q;
			score[np++] = s;
		}
	info->nodes = (uint64_t)np;
	return moves_choose_scored(pos, pts, score, np, n->seed, info);
}

const PlayerType player_naive = {
    .name = "naive",
    .help = "scores each point by the runs of stones touching it; blocks by default",
    .params = naive_params,
    .nparams = P_COUNT,
    .create = naive_create,
    .destroy = naive_destroy,
    .new_game = naive_new_game,
    .choose = naive_choose,
};
