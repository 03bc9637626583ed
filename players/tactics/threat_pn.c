/* threat_pn.c - depth-first proof-number search over threats.
 *
 * An attack node (the attacker to move) is an OR node: proven when one of
 * its threats is; its proof number is the least of its children's, its
 * disproof number their sum. A defence node is an AND node: proven when
 * every answer is refuted. threat_mid() is df-pn's multiple iterative
 * deepening: a node is searched until its numbers reach the thresholds it
 * was given, always in the child with the smallest proof (attack) or
 * disproof (defence) number, whose thresholds come from the second best
 * (with the 1 + epsilon of Pawlewicz and Lew, so that the search does not
 * switch back and forth between two close children); what a node learns is
 * kept in the table, so coming back to it is cheap.
 *
 * A node's children are generated again at each visit (threat_moves.c);
 * their numbers come from the table where it knows them (every child's
 * bucket is prefetched, then read), else from a guess by the class of the
 * threat: a four leaves one answer, a three a few.
 *
 * Invariants that keep the scans short (the root is the only node that
 * scans the whole board for fives):
 *   - at an attack node the attacker has no five point (it had none before
 *     its last move, or the defender has just blocked it), and the
 *     defender's five points can only be on the lines of the defender's
 *     last stone;
 *   - at a defence node the defender has no five point (the attacker blocked
 *     it), and the attacker's five points are on the lines of its last
 *     stone. */
#include "threat_impl.h"

/* Saturating sum of proof numbers. */
static uint32_t pn_add(uint32_t a, uint32_t b)
{
	uint64_t s = (uint64_t)a + b;
	return s >= PN_INF ? (a >= PN_INF || b >= PN_INF ? PN_INF : PN_INF - 1)
	                   : (uint32_t)s;
}

/* A disproof one attacker move up the tree. */
static uint8_t depth_up(int d)
{
	return (uint8_t)(d >= DEPTH_ALL      ? DEPTH_ALL
	                 : d + 1 < DEPTH_ALL ? d + 1
	                                     : DEPTH_ALL - 1);
}

static PnValue proven(int len, int move)
{
	return (PnValue){0, PN_INF, (uint8_t)len, 0, (int16_t)move};
}

static PnValue disproven(int depth)
{
	return (PnValue){PN_INF, 0, 0, (uint8_t)depth, POINT_NONE};
}

/* First guess of a child's numbers: an attacker's four leaves one answer,
 * a three a few. */
static PnValue guess(bool attack, int cls)
{
	if (!attack)
		return (PnValue){1, 1, 0, 0, POINT_NONE};
	return (PnValue){cls == MOVE_THREE ? 3 : 1, 1, 0, 0, POINT_NONE};
}

/* The children of an attack node in f, or its value if it is decided
 * without them (returns false then). */
static bool expand_attack(Solver *s, PnFrame *f, int depth, int last, int *n, PnValue *v)
{
	Board *b = s->b;
	Color a = s->att, d = a ^ 1;
	int16_t fives[36];
	int nd = last == POINT_NONE ? threat_fives_all(s, d, fives, 2)
	                            : threat_fives_near(b, last, d, fives);
	if (nd >= 2) {
		*v = disproven(DEPTH_ALL);
		return false;
	}
	if (depth < 2) {
		*v = disproven(depth);
		return false;
	}
	uint8_t cls[BOARD_MAX_MOVES];
	bool threes = s->kind == SOLVE_VCT && depth >= 3;
	f->cut = nd == 0 && s->kind == SOLVE_VCT && !threes;
	if (nd == 1) {
		/* The attacker must block; in VCF the block must be a four. */
		int p = fives[0];
		cls[0] = (uint8_t)threat_class(b, p, a);
		bool ok =
		    s->kind == SOLVE_VCF ? cls[0] >= MOVE_FOUR : threat_legal(b, p, a);
		f->move[0] = (int16_t)p;
		*n = ok;
	} else {
		*n = threat_attacks(s, threes, f->move, cls);
	}
	if (*n == 0) {
		*v = disproven(f->cut ? depth : DEPTH_ALL);
		return false;
	}
	if (cls[0] == MOVE_OPEN_FOUR) {
		*v = proven(2, f->move[0]); /* two fives against none */
		return false;
	}
	for (int i = 0; i < *n; i++)
		f->val[i] = guess(true, cls[i]);
	return true;
}

/* The children of a defence node after the attacker's stone last. */
static bool expand_defence(Solver *s, PnFrame *f, int depth, int last, int *n, PnValue *v)
{
	Board *b = s->b;
	Color a = s->att, d = a ^ 1;
	int16_t fives[36];
	int nf = threat_fives_near(b, last, a, fives);
	f->cut = false;
	if (nf >= 2) {
		*v = proven(1, POINT_NONE);
		return false;
	}
	if (nf == 1) {
		/* A renju black defender that may not block has lost. */
		if (!threat_legal(b, fives[0], d)) {
			*v = proven(1, POINT_NONE);
			return false;
		}
		f->move[0] = fives[0];
		*n = 1;
	} else if (s->kind == SOLVE_VCF) {
		*v = disproven(DEPTH_ALL); /* no four: not a VCF move */
		return false;
	} else if (depth < 2) {
		*v = disproven(depth);
		return false;
	} else {
		*n = threat_defences(s, f->move);
		if (*n < 0) {
			*v = disproven(DEPTH_ALL); /* the attacker threatened nothing */
			return false;
		}
		if (*n == 0) {
			/* Nothing stops every open-four point: one, then five. */
			*v = proven(2, POINT_NONE);
			return false;
		}
	}
	for (int i = 0; i < *n; i++)
		f->val[i] = guess(false, 0);
	return true;
}

/* The node's numbers from its children's; *best and *second index the
 * child to search and give the runner-up's number. */
static PnValue combine(const PnFrame *f, int n, bool attack, int depth, int *best,
                       uint32_t *second)
{
	PnValue v = {0, 0, 0, 0, POINT_NONE};
	*best = 0;
	*second = PN_INF;
	if (attack) {
		/* OR: pn = min, dn = sum; a disproof holds for one move more than
		 * the weakest of the children's. */
		uint32_t pn = PN_INF, dn = 0;
		int len = DEPTH_ALL, dis = DEPTH_ALL;
		for (int i = 0; i < n; i++) {
			const PnValue *c = &f->val[i];
			if (c->pn == 0 && c->len + 1 < len) {
				len = c->len + 1;
				v.move = f->move[i];
			}
			if (c->pn < pn) {
				*second = pn;
				pn = c->pn;
				*best = i;
			} else if (c->pn < *second) {
				*second = c->pn;
			}
			dn = pn_add(dn, c->dn);
			if (c->dn == 0 && depth_up(c->depth) < dis)
				dis = depth_up(c->depth);
		}
		v.pn = pn;
		v.dn = dn;
		if (pn == 0) {
			v.dn = PN_INF;
			v.len = (uint8_t)len;
		} else if (dn == 0) {
			/* Threes left out: no more is known than depth. */
			if (f->cut && dis > depth)
				dis = depth;
			v.depth = (uint8_t)(dis < depth ? depth : dis);
		}
		return v;
	}
	/* AND: pn = sum, dn = min; a proof needs the longest of the answers. */
	uint32_t pn = 0, dn = PN_INF;
	int len = 0, dis = -1;
	for (int i = 0; i < n; i++) {
		const PnValue *c = &f->val[i];
		if (c->dn < dn) {
			*second = dn;
			dn = c->dn;
			*best = i;
		} else if (c->dn < *second) {
			*second = c->dn;
		}
		pn = pn_add(pn, c->pn);
		if (c->pn == 0 && c->len > len)
			len = c->len;
		if (c->dn == 0 && c->depth > dis)
			dis = c->depth;
	}
	v.pn = pn;
	v.dn = dn;
	if (dn == 0) {
		v.pn = PN_INF;
		v.depth = (uint8_t)dis;
		v.move = f->move[*best];
	} else if (pn == 0) {
		v.len = (uint8_t)len;
	}
	return v;
}

/* Threshold for the best child: up to the runner-up's number, and a
 * quarter more, so the search stays a while in the child it chose. */
static uint32_t child_threshold(uint32_t th, uint32_t second)
{
	uint64_t t = (uint64_t)second + second / 4 + 1;
	return t < th ? (uint32_t)t : th;
}

void threat_mid(Solver *s, int ply, bool attack, int depth, int last, uint32_t thpn,
                uint32_t thdn, PnValue *v)
{
	uint64_t start = s->nodes, key = s->key;
	if (threat_table_get(s, key, depth, v) && (v->pn >= thpn || v->dn >= thdn))
		return;
	PnFrame *f = &s->frames[ply];
	int n;
	bool open = attack ? expand_attack(s, f, depth, last, &n, v)
	                   : expand_defence(s, f, depth, last, &n, v);
	if (!open) {
		threat_table_put(s, key, depth, v, 1);
		return;
	}
	/* What the table knows of the children replaces the guesses. */
	int child_depth = attack ? depth - 1 : depth;
	for (int i = 0; i < n; i++)
		threat_table_get(s, threat_key_after(s, f->move[i]), child_depth,
		                 &f->val[i]);
	for (;;) {
		int best;
		uint32_t second;
		*v = combine(f, n, attack, depth, &best, &second);
		if (v->pn >= thpn || v->dn >= thdn || s->stop)
			break;
		PnValue *c = &f->val[best];
		uint32_t cpn, cdn;
		if (attack) {
			cpn = child_threshold(thpn, second);
			cdn = thdn - v->dn + c->dn;
		} else {
			cdn = child_threshold(thdn, second);
			cpn = thpn - v->pn + c->pn;
		}
		int m = f->move[best];
		threat_play(s, m);
		threat_mid(s, ply + 1, !attack, child_depth, m, cpn, cdn, c);
		threat_undo(s);
	}
	threat_table_put(s, key, depth, v, s->nodes - start);
}
