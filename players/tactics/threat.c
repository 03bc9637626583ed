/* threat.c - VCF and VCT search: attack and defence nodes.
 *
 * threat_attack() is a node with the attacker to move, threat_defend() one
 * with the defender to move. Both return the number of attacker moves still needed to
 * win (at least 1), or 0 when no win was found within the budget n (attacker
 * moves left). The attacker needs one move that wins; the defender refutes
 * the attack if any of its answers does, so threat_defend() looks at every answer
 * before it gives up: a win is never claimed from the first promising
 * defence.
 *
 * Invariants that make the scans short (the root is the only node that scans
 * the whole board for fives):
 *   - at an attack node below the root the attacker has no five point (it
 *     had none before its last move, or the defender has just blocked it, or
 *     two of them already ended the search), and the defender's five points
 *     can only be on the lines of the defender's last stone;
 *   - at a defence node the defender has no five point (the attacker blocked
 *     it), and the attacker's five points are on the lines of its last stone.
 *
 * Defences against a three (VCT). Let W be the attacker's points that make
 * two five points at once (open fours, double fours). A defender move that
 * makes no five point of its own and leaves some point of W intact loses:
 * the attacker plays that point and has two fives against none. So the only
 * answers worth trying are the defender's fours and the points that touch
 * every point of W along its four lines; all of them are searched. */
#include "threat.h"
#include "threat_impl.h"

#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "rules.h"

Solver *solver_create(size_t table_bytes)
{
	Solver *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	size_t n = 1;
	while (n * 2 * sizeof(TableEntry) <= table_bytes)
		n *= 2;
	s->table = calloc(n, sizeof *s->table);
	if (!s->table) {
		free(s);
		return NULL;
	}
	s->mask = n - 1;
	return s;
}

void solver_destroy(Solver *s)
{
	if (!s)
		return;
	free(s->table);
	free(s);
}

void solver_clear(Solver *s)
{
	memset(s->table, 0, (s->mask + 1) * sizeof *s->table);
}

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

void threat_play(Solver *s, int p)
{
	board_play(s->b, p);
	if (++s->nodes >= s->limit && s->limit)
		s->stop = true;
}

/* The attacker's threats at an attack node, best first: fours when n >= 2,
 * and in VCT open threes when n >= 3 (a three needs two more moves). */
static int attack_moves(Solver *s, int n, int16_t *out)
{
	Board *b = s->b;
	Color a = s->att;
	int lowest = s->kind == SOLVE_VCT && n >= 3 ? MOVE_THREE : MOVE_FOUR;
	int16_t found[BOARD_MAX_MOVES];
	uint8_t cls[BOARD_MAX_MOVES];
	int nf = 0, count[MOVE_CLASSES] = {0};
	for (int i = 0; i < s->npoints; i++) {
		int p = s->points[i];
		if (b->cell[p] != CELL_EMPTY || board_threat(b, p, a) < THREAT_OPEN_THREE)
			continue;
		int c = threat_class(b, p, a);
		if (c >= lowest) {
			found[nf] = (int16_t)p;
			cls[nf++] = (uint8_t)c;
			count[c]++;
		}
	}
	/* Stable, strongest class first. */
	int start[MOVE_CLASSES], m = 0;
	for (int c = MOVE_CLASSES - 1; c >= 0; c--) {
		start[c] = m;
		m += count[c];
	}
	for (int i = 0; i < nf; i++)
		out[start[cls[i]]++] = found[i];
	return nf;
}

/* Marks w and the empty points within four of it on the lines where c has a
 * four through w: a defender stone elsewhere leaves w's fours as they are. */
static void mark_kill(Solver *s, int w, Color c, uint32_t stamp)
{
	Board *b = s->b;
	s->mark[w] = stamp;
	for (int d = 0; d < 4; d++) {
		int pat = board_pattern(b, w, c, d);
		if (pat < PAT_FOUR || pat > PAT_OPEN_FOUR)
			continue;
		for (int k = -4; k <= 4; k++) {
			int q = w + k * board_step[d];
			if (b->cell[q] == CELL_EMPTY)
				s->mark[q] = stamp;
		}
	}
}

int threat_defences(Solver *s, int16_t *out)
{
	Board *b = s->b;
	Color a = s->att, d = a ^ 1;
	int16_t w[BOARD_MAX_MOVES];
	int nw = 0;
	for (int i = 0; i < s->npoints; i++) {
		int p = s->points[i];
		if (b->cell[p] == CELL_EMPTY &&
		    board_threat(b, p, a) >= THREAT_DOUBLE_THREE &&
		    threat_class(b, p, a) == MOVE_OPEN_FOUR)
			w[nw++] = (int16_t)p;
	}
	if (nw == 0)
		return -1;

	/* Points that touch every point of W. */
	uint32_t stamp = ++s->stamp;
	mark_kill(s, w[0], a, stamp);
	int n = 0;
	for (int i = 0; i < s->npoints; i++)
		if (s->mark[s->points[i]] == stamp)
			out[n++] = s->points[i];
	for (int j = 1; j < nw && n; j++) {
		stamp = ++s->stamp;
		mark_kill(s, w[j], a, stamp);
		int kept = 0;
		for (int i = 0; i < n; i++)
			if (s->mark[out[i]] == stamp)
				out[kept++] = out[i];
		n = kept;
	}

	/* Plus the defender's fours (counter-attacks the attacker must answer). */
	stamp = ++s->stamp;
	for (int i = 0; i < n; i++)
		s->mark[out[i]] = stamp;
	for (int i = 0; i < s->npoints; i++) {
		int p = s->points[i];
		if (b->cell[p] == CELL_EMPTY && s->mark[p] != stamp &&
		    board_threat(b, p, d) >= THREAT_DOUBLE_THREE &&
		    threat_class(b, p, d) >= MOVE_FOUR)
			out[n++] = (int16_t)p;
	}

	int kept = 0;
	for (int i = 0; i < n; i++)
		if (threat_legal(b, out[i], d))
			out[kept++] = out[i];
	return kept;
}

static uint64_t table_key(const Solver *s)
{
	return s->b->hash ^ s->salt;
}

/* Records what a search of the current position with budget n found. */
static void store(Solver *s, uint64_t key, int n, int win, int move)
{
	TableEntry *e = &s->table[key & s->mask];
	if (e->key != key) {
		e->key = key;
		e->win = e->fail = 0;
		e->move = POINT_NONE;
	}
	if (win && (!e->win || win < e->win)) {
		e->win = (uint8_t)win;
		e->move = (int16_t)move;
	} else if (!win && n > e->fail) {
		e->fail = (uint8_t)n;
	}
}

int threat_defend(Solver *s, int n, int last)
{
	Board *b = s->b;
	Color a = s->att, d = a ^ 1;
	if (s->stop)
		return 0;
	int16_t fives[36];
	int nf = threat_fives_near(b, last, a, fives);
	if (nf >= 2)
		return 1;
	if (nf == 1) {
		/* A renju black defender that may not block has lost. */
		if (!threat_legal(b, fives[0], d))
			return 1;
		int16_t unused;
		threat_play(s, fives[0]);
		int v = threat_attack(s, n, fives[0], &unused);
		board_undo(b);
		return v;
	}
	if (s->kind == SOLVE_VCF)
		return 0;
	if (n < 2) {
		s->cut = true;
		return 0;
	}
	int16_t def[BOARD_MAX_MOVES];
	int nd = threat_defences(s, def);
	if (nd < 0)
		return 0; /* the attacker's move threatened nothing */
	if (nd == 0)
		return 2; /* nothing stops every open-four point: play one, then five */
	int worst = 1;
	for (int i = 0; i < nd; i++) {
		int16_t unused;
		threat_play(s, def[i]);
		int v = threat_attack(s, n, def[i], &unused);
		board_undo(b);
		if (!v || s->stop)
			return 0;
		if (v > worst)
			worst = v;
	}
	return worst;
}

int threat_attack(Solver *s, int n, int last, int16_t *best)
{
	Board *b = s->b;
	Color a = s->att, d = a ^ 1;
	if (s->stop)
		return 0;
	int16_t fives[36];
	int nd = last == POINT_NONE ? threat_fives_all(s, d, fives, 2)
	                            : threat_fives_near(b, last, d, fives);
	if (nd >= 2)
		return 0;
	if (n < 2) {
		s->cut = true;
		return 0;
	}
	uint64_t key = table_key(s);
	const TableEntry *e = &s->table[key & s->mask];
	if (e->key == key) {
		if (e->win && e->win <= n) {
			*best = e->move;
			return e->win;
		}
		if (e->fail >= n) {
			s->cut |= e->fail != FAIL_ALWAYS;
			return 0;
		}
	}
	bool outer_cut = s->cut;
	s->cut = s->kind == SOLVE_VCT && n < 3; /* threes left out */

	int16_t moves[BOARD_MAX_MOVES];
	int nm;
	if (nd == 1) {
		/* The attacker must block; in VCF the block must be a four. */
		int f = fives[0];
		bool ok = s->kind == SOLVE_VCF ? threat_class(b, f, a) >= MOVE_FOUR
		                               : threat_legal(b, f, a);
		moves[0] = (int16_t)f;
		nm = ok;
	} else {
		nm = attack_moves(s, n, moves);
	}
	int result = 0, move = POINT_NONE;
	for (int i = 0; i < nm; i++) {
		threat_play(s, moves[i]);
		int v = threat_defend(s, n - 1, moves[i]);
		board_undo(b);
		if (s->stop)
			return 0;
		if (v) {
			result = v + 1;
			move = moves[i];
			break;
		}
	}
	bool cut = s->cut;
	s->cut = outer_cut || cut;
	store(s, key, cut ? n : FAIL_ALWAYS, result, move);
	if (result)
		*best = (int16_t)move;
	return result;
}

void solver_solve(Solver *s, Board *b, SolveKind kind, int max_depth, uint64_t node_limit,
                  SolveResult *out)
{
	memset(out, 0, sizeof *out);
	if (max_depth < 1)
		max_depth = 1;
	if (max_depth > SOLVE_LINE_MAX / 2)
		max_depth = SOLVE_LINE_MAX / 2;
	s->b = b;
	s->att = b->to_move;
	s->kind = kind;
	/* One table may serve searches of both kinds, rules and board sizes. */
	uint64_t seed = (uint64_t)kind << 16 | (uint64_t)b->rule << 8 | (uint64_t)b->size;
	s->salt = rng_splitmix(&seed);
	s->nodes = 0;
	s->limit = node_limit;
	s->stop = false;
	s->cut = false;
	s->npoints = 0;
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++)
			s->points[s->npoints++] = (int16_t)board_point(x, y);

	int16_t five;
	if (threat_fives_all(s, s->att, &five, 1)) {
		out->win = 1;
		out->len = 1;
		out->line[0] = five;
		out->depth = 1;
		return;
	}
	out->depth = 1;
	for (int n = 2; n <= max_depth; n++) {
		int16_t best;
		s->cut = false;
		int v = threat_attack(s, n, POINT_NONE, &best);
		if (s->stop)
			break;
		out->depth = n;
		if (v) {
			out->win = 1;
			threat_line(s, n, out);
			break;
		}
		if (!s->cut) {
			/* Nothing was cut off by the budget: more would not help. */
			out->depth = max_depth;
			break;
		}
	}
	out->nodes = s->nodes;
}
