/* threat.c - the solver object, its table, and a solve: the root, the first
 * proof, and the passes that look for a shorter one.
 *
 * The search (threat_pn.c) is a depth-first proof-number search: it goes
 * where the fewest defender answers are left to refute, so a long line of
 * fours with single answers costs about its length, where the depth-first
 * search with iterative deepening it replaces had to refute every shorter
 * line first. It stops at the first proof, which need not be the shortest;
 * while the node budget allows, a solve then searches again with one
 * attacker move less than the proof it has, until that fails or is cut
 * short, so short wins come out shortest (and `shortest` says when that is
 * proven).
 *
 * Depth. Every attacker stone costs a unit of the depth budget, so the
 * depth left at a position is a function of its stones: within one pass
 * the table needs no path information. Across passes and solves an entry
 * says for which depth it holds (threat_table_get). */
#include "threat.h"
#include "threat_impl.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

Solver *solver_create(size_t table_bytes)
{
	Solver *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	size_t n = TABLE_WAYS;
	while (n * 2 * sizeof(TableEntry) <= table_bytes)
		n *= 2;
	/* calloc, not aligned_alloc: pages untouched stay unmapped. */
	s->table_mem = calloc(n * sizeof *s->table + TABLE_ALIGN, 1);
	s->frames = malloc(PN_PLIES * sizeof *s->frames);
	s->delta = malloc(BOARD_MAX_MOVES * sizeof *s->delta);
	if (!s->table_mem || !s->frames || !s->delta) {
		solver_destroy(s);
		return NULL;
	}
	s->table = (TableEntry *)(((uintptr_t)s->table_mem + TABLE_ALIGN - 1) &
	                          ~(uintptr_t)(TABLE_ALIGN - 1));
	s->mask = n - 1;
	uint64_t seed = 0x5468726561747321u; /* fixed: the same keys every run */
	for (int c = 0; c < 2; c++)
		for (int p = 0; p < BOARD_CELLS; p++)
			s->zobrist[c][p] = rng_splitmix(&seed);
	s->zobrist_side = rng_splitmix(&seed);
	return s;
}

void solver_destroy(Solver *s)
{
	if (!s)
		return;
	free(s->table_mem);
	free(s->frames);
	free(s->delta);
	free(s);
}

void solver_clear(Solver *s)
{
	memset(s->table, 0, (s->mask + 1) * sizeof *s->table);
}

void threat_play(Solver *s, int p)
{
	s->key = threat_key_after(s, p);
	board_play_delta(s->b, p, &s->delta[s->b->count]);
	if (++s->nodes >= s->limit && s->limit)
		s->stop = true;
}

void threat_undo(Solver *s)
{
	Board *b = s->b;
	int p = board_last(b);
	s->key ^= s->zobrist[b->cell[p] - 1][p] ^ s->zobrist_side;
	board_undo_delta(b, &s->delta[b->count - 1]);
}

_Static_assert(sizeof(TableEntry) * TABLE_WAYS == TABLE_ALIGN, "a bucket is a cache line");

static TableEntry *bucket(const Solver *s, uint64_t key)
{
	return &s->table[key & s->mask & ~(size_t)(TABLE_WAYS - 1)];
}

void threat_table_prefetch(const Solver *s, uint64_t key)
{
	__builtin_prefetch(bucket(s, key ^ s->salt));
}

bool threat_table_get(const Solver *s, uint64_t key, int depth, PnValue *v)
{
	key ^= s->salt;
	const TableEntry *e = bucket(s, key);
	for (int i = 0; i < TABLE_WAYS; i++, e++) {
		if (e->key != key)
			continue;
		bool ok = e->pn == 0   ? e->len <= depth
		          : e->dn == 0 ? e->depth >= depth
		                       : e->depth == depth;
		if (!ok)
			return false;
		*v = (PnValue){e->pn, e->dn, e->len, e->depth, e->move};
		return true;
	}
	return false;
}

void threat_table_put(Solver *s, uint64_t key, int depth, const PnValue *v, uint64_t work)
{
	key ^= s->salt;
	TableEntry *e = bucket(s, key), *slot = e;
	for (int i = 0; i < TABLE_WAYS; i++) {
		if (e[i].key == key) {
			slot = &e[i];
			break;
		}
		if (e[i].work < slot->work)
			slot = &e[i];
	}
	slot->key = key;
	slot->pn = v->pn;
	slot->dn = v->dn;
	slot->work = work > UINT32_MAX ? UINT32_MAX : (uint32_t)work;
	slot->move = v->move;
	slot->len = v->len;
	slot->depth = (uint8_t)(v->dn == 0 ? v->depth : depth);
}

/* One pass at the root with `depth` attacker moves; true if proven, and
 * then out holds the line. *disproven: no win within depth exists. */
static bool pass(Solver *s, int depth, SolveResult *out, bool *disproven)
{
	PnValue v;
	threat_mid(s, 0, true, depth, POINT_NONE, PN_INF, PN_INF, &v);
	*disproven = !s->stop && v.dn == 0;
	if (s->stop || v.pn != 0)
		return false;
	SolveResult r = *out;
	threat_line(s, depth, &r);
	if (r.len < 1 || r.len % 2 == 0)
		return false; /* cannot happen: a proof has a line */
	*out = r;
	out->win = 1;
	out->depth = (r.len + 1) / 2;
	return true;
}

static void solve(Solver *s, Board *b, SolveKind kind, int max_depth, uint64_t node_limit,
                  bool shorten, SolveResult *out)
{
	memset(out, 0, sizeof *out);
	if (max_depth < 1)
		max_depth = 1;
	if (max_depth > SOLVE_LINE_MAX / 2)
		max_depth = SOLVE_LINE_MAX / 2;
	s->b = b;
	s->att = b->to_move;
	s->kind = kind;
	/* One table may serve searches of both kinds, both attackers, every
	 * rule and board size. */
	uint64_t seed = (uint64_t)kind << 24 | (uint64_t)s->att << 16 |
	                (uint64_t)b->rule << 8 | (uint64_t)b->size;
	s->salt = rng_splitmix(&seed);
	s->nodes = 0;
	s->limit = node_limit;
	s->stop = false;
	s->npoints = 0;
	s->key = b->to_move == WHITE ? s->zobrist_side : 0;
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++) {
			int p = board_point(x, y);
			s->points[s->npoints++] = (int16_t)p;
			if (b->cell[p] == CELL_BLACK || b->cell[p] == CELL_WHITE)
				s->key ^= s->zobrist[b->cell[p] - 1][p];
		}

	int16_t five;
	out->depth = 1;
	if (threat_fives_all(s, s->att, &five, 1)) {
		out->win = 1;
		out->len = 1;
		out->line[0] = five;
		out->shortest = 1;
		return;
	}
	bool disproven;
	if (!pass(s, max_depth, out, &disproven)) {
		if (disproven)
			out->depth = max_depth;
		out->nodes = s->nodes;
		return;
	}
	/* Shorter wins, while the budget lasts. */
	while (shorten && out->depth > 2 && !s->stop) {
		if (!pass(s, out->depth - 1, out, &disproven)) {
			out->shortest = disproven;
			break;
		}
	}
	if (out->depth == 2)
		out->shortest = 1; /* one attacker move is only a five */
	out->nodes = s->nodes;
}

void solver_solve(Solver *s, Board *b, SolveKind kind, int max_depth, uint64_t node_limit,
                  SolveResult *out)
{
	solve(s, b, kind, max_depth, node_limit, true, out);
}

void solver_prove(Solver *s, Board *b, SolveKind kind, int max_depth, uint64_t node_limit,
                  SolveResult *out)
{
	solve(s, b, kind, max_depth, node_limit, false, out);
}
