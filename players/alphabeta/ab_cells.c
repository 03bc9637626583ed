/* ab_cells.c - the evaluation's second half: empty points scored by what a
 * stone there would make, as the classical Gomocup engines score their
 * candidate points.
 *
 * The stone shapes of ab_eval.c look along one line at a time, so a point
 * where two of a colour's lines meet (a double two, a four-three) adds
 * nothing to them until it is played, although such points are what wins
 * games. The board already keeps, for every empty point and colour, the
 * pattern a stone would make on each line and their combination, a
 * Threat (pattern.h): a table look-up per line on an 11-cell window,
 * renewed on the four lines of every stone. A point's class is a function
 * of its Threat, a class has a score per colour, and a colour's cell total
 * is the sum over the empty points: no table of our own is needed, and
 * the update reads the points the board has just renewed. */
#include <string.h>

#include "ab_eval.h"

/* The class of a point of Threat th, for a colour that is renju black or
 * not: renju black may not play most double threes, so they count as
 * nothing for it. */
static int class_of(int th, bool renju_black)
{
	switch (th) {
	case THREAT_DOUBLE_TWO: return AB_CELL_DOUBLE_TWO;
	case THREAT_OPEN_THREE: return AB_CELL_OPEN_THREE;
	case THREAT_FOUR: return AB_CELL_FOUR;
	case THREAT_DOUBLE_THREE: return renju_black ? -1 : AB_CELL_DOUBLE_THREE;
	case THREAT_FOUR_THREE: return AB_CELL_FOUR_THREE;
	case THREAT_DOUBLE_FOUR:
	case THREAT_OPEN_FOUR: return AB_CELL_WIN;
	default: return -1;
	}
}

void ab_eval_cells_rule(AbEval *e, Rule rule)
{
	e->cells_on = false;
	for (int c = BLACK; c <= WHITE; c++)
		for (int th = 0; th < THREAT_COUNT; th++) {
			int k = class_of(th, rule == RULE_RENJU && c == BLACK);
			e->cell_class[c][th] = (int8_t)k;
			e->cell_value[c][th] = k < 0 ? 0 : e->cell_score[k] * AB_EVAL_SCALE;
			e->cells_on |= e->cell_value[c][th] != 0;
		}
}

void ab_eval_cells(AbEval *e, const int64_t score[AB_CELLS])
{
	memcpy(e->cell_score, score, sizeof e->cell_score);
	ab_eval_cells_rule(e, e->rule);
}

void ab_eval_cells_delta(const AbEval *e, const Board *b, const BoardDelta *d,
                         int64_t total[2])
{
	if (!e->cells_on)
		return;
	/* The stone's point keeps its threat from before (board.h): it
	 * leaves the sum. */
	int64_t sum[2] = {-e->cell_value[0][b->threat[0][d->point]],
	                  -e->cell_value[1][b->threat[1][d->point]]};
	for (int i = 0; i < d->n; i++) {
		int q = d->at[i].point;
		sum[0] += e->cell_value[0][b->threat[0][q]] -
		          e->cell_value[0][d->at[i].threat[0]];
		sum[1] += e->cell_value[1][b->threat[1][q]] -
		          e->cell_value[1][d->at[i].threat[1]];
	}
	total[0] += sum[0];
	total[1] += sum[1];
}

void ab_eval_cells_full(const AbEval *e, const Board *b, int64_t total[2])
{
	total[0] = total[1] = 0;
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++) {
			int p = board_point(x, y);
			if (b->cell[p] != CELL_EMPTY)
				continue;
			total[0] += e->cell_value[0][b->threat[0][p]];
			total[1] += e->cell_value[1][b->threat[1][p]];
		}
}

void ab_eval_cell_counts(const AbEval *e, const Board *b, int count[2][AB_CELLS])
{
	memset(count, 0, 2 * sizeof count[0]);
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++) {
			int p = board_point(x, y);
			if (b->cell[p] != CELL_EMPTY)
				continue;
			for (int c = 0; c < 2; c++) {
				int k = e->cell_class[c][b->threat[c][p]];
				if (k >= 0)
					count[c][k]++;
			}
		}
}
