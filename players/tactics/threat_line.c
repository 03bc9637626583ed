/* threat_line.c - the principal line of a proven win.
 *
 * The search stops at the first winning move, so the move it remembers is a
 * win, not necessarily the fastest. The line is rebuilt by walking down the
 * win: at an attack node the smallest budget that still wins gives the
 * fastest move (the table answers the smaller budgets at once); at a defence
 * node the answer that needs the most attacker moves is the defender's best. */
#include "threat_impl.h"

/* The smallest budget in 2..n with which the attack from here wins, and its
 * first move; 0 if there is none (cannot happen on a proven win). */
static int shortest(Solver *s, int n, int last, int16_t *best)
{
	for (int k = 2; k <= n; k++) {
		int v = threat_attack(s, k, last, best);
		if (v)
			return v;
	}
	return 0;
}

/* Some legal move of the defender other than the points in skip[0..n), for
 * when every move loses anyway. */
static int any_move(Solver *s, const int16_t *skip, int n)
{
	Board *b = s->b;
	Color d = s->att ^ 1;
	for (int i = 0; i < s->npoints; i++) {
		int p = s->points[i];
		bool skipped = false;
		for (int j = 0; j < n; j++)
			skipped |= skip[j] == p;
		if (b->cell[p] == CELL_EMPTY && !skipped && threat_legal(b, p, d))
			return p;
	}
	return POINT_NONE;
}

/* The first open-four point of the attacker that the defender may take,
 * else any legal move. */
static int block_one(Solver *s)
{
	Board *b = s->b;
	for (int i = 0; i < s->npoints; i++) {
		int p = s->points[i];
		if (b->cell[p] == CELL_EMPTY &&
		    threat_class(b, p, s->att) == MOVE_OPEN_FOUR &&
		    threat_legal(b, p, s->att ^ 1))
			return p;
	}
	return any_move(s, NULL, 0);
}

static bool append(Solver *s, SolveResult *out, int p)
{
	if (p == POINT_NONE || out->len >= SOLVE_LINE_MAX)
		return false;
	out->line[out->len++] = (int16_t)p;
	threat_play(s, p);
	return true;
}

void threat_line(Solver *s, int n, SolveResult *out)
{
	Board *b = s->b;
	Color a = s->att, d = a ^ 1;
	uint64_t limit = s->limit;
	s->limit = 0; /* the win is proven: rebuilding it must not stop halfway */
	int start = b->count, last = POINT_NONE;
	out->len = 0;
	for (;;) {
		int16_t m;
		int k = shortest(s, n, last, &m);
		if (!k || !append(s, out, m))
			break;
		int16_t fives[36];
		int nf = threat_fives_near(b, m, a, fives);
		if (nf > 0) {
			int block = POINT_NONE;
			for (int i = 0; i < nf && block == POINT_NONE; i++)
				if (threat_legal(b, fives[i], d))
					block = fives[i];
			if (nf == 1 && block != POINT_NONE) {
				append(s, out, block);
				last = block;
				n = k - 1;
				continue;
			}
			/* Two fives, or one the defender may not block. */
			if (block == POINT_NONE)
				block = any_move(s, fives, nf);
			if (append(s, out, block))
				for (int i = 0; i < nf; i++)
					if (b->cell[fives[i]] == CELL_EMPTY) {
						append(s, out, fives[i]);
						break;
					}
			break;
		}

		/* A three (VCT): the answer that holds out longest. */
		int16_t def[BOARD_MAX_MOVES];
		int nd = threat_defences(s, def), pick = POINT_NONE, most = 0;
		for (int i = 0; i < nd; i++) {
			int16_t unused;
			threat_play(s, def[i]);
			int j = shortest(s, k - 1, def[i], &unused);
			board_undo(b);
			if (j > most) {
				most = j;
				pick = def[i];
			}
		}
		if (pick == POINT_NONE) {
			/* No answer stops every open four: block one, lose to another. */
			pick = block_one(s);
			most = 2;
		}
		if (!append(s, out, pick))
			break;
		last = pick;
		n = most;
	}
	while (b->count > start)
		board_undo(b);
	s->limit = limit;
}
