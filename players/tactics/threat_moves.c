/* threat_moves.c - what the attacker may threaten and how the defender may
 * answer: the move generators of the search, on the board's threat tables.
 *
 * Defences against a three (VCT). Let W be the attacker's points that make
 * two five points at once (open fours, double fours). A defender move that
 * makes no five point of its own and leaves some point of W intact loses:
 * the attacker plays that point and has two fives against none. So the only
 * answers worth trying are the defender's fours and the points that touch
 * every point of W along its four lines; all of them are searched. */
#include "threat_impl.h"

#include <stdlib.h>

#include "rules.h"

static inline bool renju_black(const Board *b, Color c)
{
	return c == BLACK && b->rule == RULE_RENJU;
}

bool threat_legal(Board *b, int p, Color c)
{
	if (!renju_black(b, c))
		return true;
	int t = board_threat(b, p, BLACK);
	if (t == THREAT_FORBIDDEN)
		return false;
	return t != THREAT_DOUBLE_THREE || !rules_is_forbidden(b, p);
}

/* Best line pattern of c at p over the four directions. */
static int best_pattern(const Board *b, int p, Color c)
{
	int best = 0;
	for (int d = 0; d < 4; d++) {
		int q = board_pattern(b, p, c, d);
		if (q > best)
			best = q;
	}
	return best;
}

int threat_class(Board *b, int p, Color c)
{
	switch (board_threat(b, p, c)) {
	case THREAT_OPEN_FOUR:
	case THREAT_DOUBLE_FOUR: return MOVE_OPEN_FOUR;
	case THREAT_FOUR_THREE: return MOVE_FOUR_THREE;
	case THREAT_FOUR: return MOVE_FOUR;
	case THREAT_OPEN_THREE: return MOVE_THREE;
	case THREAT_DOUBLE_THREE:
		if (!renju_black(b, c))
			return MOVE_THREE;
		/* Renju black: a four with two threes also lands here. */
		if (rules_is_forbidden(b, p))
			return MOVE_NONE;
		switch (best_pattern(b, p, c)) {
		case PAT_OPEN_FOUR: return MOVE_OPEN_FOUR;
		case PAT_FOUR: return MOVE_FOUR_THREE;
		default: return MOVE_THREE;
		}
	default: return MOVE_NONE;
	}
}

int threat_fives_near(const Board *b, int p, Color c, int16_t *out)
{
	int n = 0;
	for (int d = 0; d < 4; d++) {
		int step = board_step[d];
		for (int k = -4; k <= 4; k++) {
			int q = p + k * step;
			if (k && b->cell[q] == CELL_EMPTY &&
			    board_threat(b, q, c) == THREAT_FIVE)
				out[n++] = (int16_t)q;
		}
	}
	return n;
}

int threat_fives_all(const Solver *s, Color c, int16_t *out, int max)
{
	const Board *b = s->b;
	int n = 0;
	for (int i = 0; i < s->npoints && n < max; i++) {
		int p = s->points[i];
		if (b->cell[p] == CELL_EMPTY && board_threat(b, p, c) == THREAT_FIVE)
			out[n++] = (int16_t)p;
	}
	return n;
}

/* Chebyshev distance between two points. */
static int distance(int p, int q)
{
	int dx = point_x(p) - point_x(q), dy = point_y(p) - point_y(q);
	dx = dx < 0 ? -dx : dx;
	dy = dy < 0 ? -dy : dy;
	return dx > dy ? dx : dy;
}

int threat_attacks(Solver *s, bool threes, int16_t *out, uint8_t *cls_out)
{
	Board *b = s->b;
	Color a = s->att;
	int lowest = threes ? MOVE_THREE : MOVE_FOUR;
	/* Near the attacker's last stone first: a threat space grows from
	 * its own stones. */
	int near = b->count >= 2 ? b->moves[b->count - 2] : POINT_NONE;
	if (near != POINT_NONE && b->cell[near] != a + 1)
		near = POINT_NONE;
	int16_t rank[BOARD_MAX_MOVES];
	int n = 0;
	for (int i = 0; i < s->npoints; i++) {
		int p = s->points[i];
		if (b->cell[p] != CELL_EMPTY || board_threat(b, p, a) < THREAT_OPEN_THREE)
			continue;
		int c = threat_class(b, p, a);
		if (c < lowest)
			continue;
		int d = near == POINT_NONE ? 0 : distance(p, near);
		int16_t r = (int16_t)((MOVE_CLASSES - c) * 64 + (d < 63 ? d : 63));
		/* Stable insertion: strongest class first, then nearest. */
		int k = n++;
		for (; k > 0 && rank[k - 1] > r; k--) {
			rank[k] = rank[k - 1];
			out[k] = out[k - 1];
			cls_out[k] = cls_out[k - 1];
		}
		rank[k] = r;
		out[k] = (int16_t)p;
		cls_out[k] = (uint8_t)c;
	}
	return n;
}

/* Appends to out the empty points a defender stone on which spoils w:
 * w itself and the empty points within four of it on the lines where c
 * has a four through w (a stone elsewhere leaves w's fours as they are).
 * Returns the new count. */
static int kill_points(const Board *b, int w, Color c, int16_t *out, int n)
{
	out[n++] = (int16_t)w;
	for (int d = 0; d < 4; d++) {
		int pat = board_pattern(b, w, c, d);
		if (pat < PAT_FOUR || pat > PAT_OPEN_FOUR)
			continue;
		for (int k = -4; k <= 4; k++) {
			int q = w + k * board_step[d];
			if (k && b->cell[q] == CELL_EMPTY)
				out[n++] = (int16_t)q;
		}
	}
	return n;
}

static int cmp_point(const void *x, const void *y)
{
	return *(const int16_t *)x - *(const int16_t *)y;
}

int threat_defences(Solver *s, int16_t *out)
{
	Board *b = s->b;
	Color a = s->att, d = a ^ 1;
	int16_t w[BOARD_MAX_MOVES], fours[BOARD_MAX_MOVES];
	int nw = 0, nf = 0;
	/* One pass: the attacker's open-four points, the defender's fours. */
	for (int i = 0; i < s->npoints; i++) {
		int p = s->points[i];
		if (b->cell[p] != CELL_EMPTY)
			continue;
		if (board_threat(b, p, a) >= THREAT_DOUBLE_THREE &&
		    threat_class(b, p, a) == MOVE_OPEN_FOUR)
			w[nw++] = (int16_t)p;
		if (board_threat(b, p, d) >= THREAT_DOUBLE_THREE &&
		    threat_class(b, p, d) >= MOVE_FOUR)
			fours[nf++] = (int16_t)p;
	}
	if (nw == 0)
		return -1;

	/* Points that spoil every point of W, in board order (points grow
	 * row by row): those of w[0] that every other w marks too. */
	int n = kill_points(b, w[0], a, out, 0);
	qsort(out, (size_t)n, sizeof *out, cmp_point);
	for (int j = 1; j < nw && n; j++) {
		uint32_t stamp = ++s->stamp;
		int16_t marked[40];
		int nm = kill_points(b, w[j], a, marked, 0);
		for (int i = 0; i < nm; i++)
			s->mark[marked[i]] = stamp;
		int kept = 0;
		for (int i = 0; i < n; i++)
			if (s->mark[out[i]] == stamp)
				out[kept++] = out[i];
		n = kept;
	}

	/* Plus the defender's fours (counter-attacks the attacker must answer). */
	uint32_t stamp = ++s->stamp;
	for (int i = 0; i < n; i++)
		s->mark[out[i]] = stamp;
	for (int i = 0; i < nf; i++)
		if (s->mark[fours[i]] != stamp)
			out[n++] = fours[i];

	int kept = 0;
	for (int i = 0; i < n; i++)
		if (threat_legal(b, out[i], d))
			out[kept++] = out[i];
	return kept;
}
