/* threat_line.c - the principal line of a proven win.
 *
 * The proof is in the table: at an attack node the move that proved it
 * (the one with the shortest proof among those proven), at a defence node
 * every answer proven, of which the line takes the one whose proof needs
 * the most attacker moves. Where the table has lost a part of the proof
 * (entries are replaced), that part is searched again without a node
 * limit: it is a proven position, so the search ends. */
#include "threat_impl.h"

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

/* The proven value of the attack node at the end of the line so far,
 * searched again if the table lost it (it was proven: the search ends). */
static PnValue attack_value(Solver *s, int ply, int depth, int last)
{
	PnValue v;
	if (threat_table_get(s, s->key, depth, &v) && v.pn == 0)
		return v;
	threat_mid(s, ply, true, depth, last, PN_INF, PN_INF, &v);
	return v;
}

void threat_line(Solver *s, int depth, SolveResult *out)
{
	Board *b = s->b;
	Color a = s->att, d = a ^ 1;
	uint64_t limit = s->limit;
	s->limit = 0; /* the win is proven: rebuilding it must not stop halfway */
	int start = b->count, last = POINT_NONE;
	out->len = 0;
	for (;;) {
		PnValue v = attack_value(s, out->len, depth, last);
		int m = v.move;
		if (v.pn != 0 || !append(s, out, m))
			break;
		depth--;
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
			threat_play(s, def[i]);
			PnValue w = attack_value(s, out->len + 1, depth, def[i]);
			threat_undo(s);
			if (w.pn == 0 && w.len > most) {
				most = w.len;
				pick = def[i];
			}
		}
		if (pick == POINT_NONE)
			pick = block_one(s); /* nothing stops every open four */
		if (!append(s, out, pick))
			break;
		last = pick;
	}
	while (b->count > start)
		threat_undo(s);
	s->limit = limit;
}
