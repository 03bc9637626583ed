/* pbrain_swap2.c - the Swap2 opening (SWAP2BOARD, a Yixin-Board extension
 * of the Gomocup protocol).
 *
 * Swap2: the first player puts three stones (black, white, black); the
 * second either takes black (answer "SWAP"), or stays white and plays the
 * fourth stone, or puts two more (white, black) and leaves the choice to
 * the first, who then takes black ("SWAP") or plays white's sixth stone.
 *
 * Our answers, all from the player's own search:
 *   0 stones: three stones near the centre, the one of a few fixed
 *     openings that the player finds the most even (its score for white,
 *     the side to move, closest to 0; each looked at with a sixth of a
 *     move's budget). A player without scores gets the first.
 *   3 or 5 stones: the player chooses white's move; if its score says white
 *     is behind (below 0) we take black, otherwise we play that move as
 *     white. We never put two stones: choosing well between two proposals
 *     asks more of a player than judging one position. */
#include "pbrain_impl.h"

#include <math.h>

#include "timeman.h"
#include "wall.h"

/* White's stone and the second black stone, as offsets from the first
 * black stone in the centre; every opening fits a 5x5 board. */
static const int8_t openings[][4] = {
    {1, 0, 0, 2}, {1, 1, -1, 2}, {0, 1, 2, 2}, {1, -1, 2, 1}, {-1, 0, 1, 2}, {1, 1, 2, -1},
};
enum { OPENINGS = sizeof openings / sizeof openings[0] };

static void opening_stones(int size, int k, int16_t pts[3])
{
	int c = size / 2;
	pts[0] = (int16_t)board_point(c, c);
	pts[1] = (int16_t)board_point(c + openings[k][0], c + openings[k][1]);
	pts[2] = (int16_t)board_point(c + openings[k][2], c + openings[k][3]);
}

static void propose(Session *s)
{
	static const uint8_t col[3] = {BLACK, WHITE, BLACK};
	Budget budget = pbrain_move_budget(s);
	budget = timeman_split(&budget, wall_empty_points(&s->b), OPENINGS);
	if (budget.nodes)
		budget.nodes = budget.nodes / OPENINGS ? budget.nodes / OPENINGS : 1;
	int best = 0;
	double best_gap = INFINITY;
	for (int k = 0; k < OPENINGS; k++) {
		int16_t pts[3];
		opening_stones(s->b.size, k, pts);
		Board b;
		board_init(&b, s->b.size, s->b.rule);
		for (int i = 0; i < 3; i++)
			board_put(&b, pts[i], (Color)col[i]);
		MoveInfo info;
		char err[PBRAIN_ERR_MAX];
		if (pbrain_choose(s, &b, &budget, &info, err, sizeof err) == POINT_NONE) {
			pbrain_reply(s, "ERROR %s", err);
			return;
		}
		double gap = info.score == SCORE_NONE ? 0 : fabs((double)info.score);
		if (gap < best_gap) {
			best_gap = gap;
			best = k;
		}
	}
	int16_t pts[3];
	opening_stones(s->b.size, best, pts);
	pbrain_set_position(s, s->b.size, s->b.rule, pts, col, 3, WHITE, true);
	s->me = PBRAIN_COLOR_NONE; /* the second player chooses */
	pbrain_reply(s, "%d,%d %d,%d %d,%d", point_x(pts[0]), point_y(pts[0]),
	             point_x(pts[1]), point_y(pts[1]), point_x(pts[2]), point_y(pts[2]));
}

/* White to move after 3 or 5 stones: take black, or play white's move. */
static void choose_colour(Session *s)
{
	Budget budget = pbrain_move_budget(s);
	MoveInfo info;
	char err[PBRAIN_ERR_MAX];
	int m = pbrain_choose(s, &s->b, &budget, &info, err, sizeof err);
	if (m == POINT_NONE) {
		pbrain_reply(s, "ERROR %s", err);
		return;
	}
	if (info.score != SCORE_NONE && info.score < 0) {
		s->me = BLACK;
		pbrain_reply(s, "SWAP");
		return;
	}
	s->me = WHITE;
	board_put(&s->b, m, WHITE);
	pbrain_reply(s, "%d,%d", point_x(m), point_y(m));
}

void pbrain_swap2_answer(Session *s, int n)
{
	if (n == 0)
		propose(s);
	else
		choose_colour(s);
}
