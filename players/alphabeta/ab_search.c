/* ab_search.c - negamax alpha-beta with principal variation search,
 * iterative deepening, a transposition table and the pruning that pays in
 * Gomoku: futility and move-count pruning of quiet moves near the leaves,
 * late-move reductions driven by the moves' threat scores, a drop into the
 * VCF where a chess engine would razor, and no null move. A forced answer
 * to a four costs no depth. */
#include <math.h>
#include <string.h>

#include "ab_search.h"
#include "clock.h"
#include "moves.h"

void ab_search_init(AbSearch *s)
{
	ab_order_setup(s);
	for (int d = 0; d <= AB_MAX_DEPTH; d++)
		for (int i = 0; i < 64; i++) {
			double r = d && i ? log(d) * log(i) / s->cfg.lmr_divisor : 0;
			s->lmr[d][i] = (uint8_t)(r + 0.5 > 0 ? r + 0.5 : 0);
		}
}

/* Mate scores count plies from the root; the table stores them counted
 * from the node, so they stay right wherever the node is met again. */
static int score_to_tt(int v, int ply)
{
	return v >= AB_WIN_MIN ? v + ply : v <= -AB_WIN_MIN ? v - ply : v;
}

static int score_from_tt(int v, int ply)
{
	return v >= AB_WIN_MIN ? v - ply : v <= -AB_WIN_MIN ? v + ply : v;
}

/* Moves the best-scored of mv[i..n-1] to i. */
static void pick(int16_t *mv, int32_t *sc, int i, int n)
{
	int b = i;
	for (int j = i + 1; j < n; j++)
		if (sc[j] > sc[b])
			b = j;
	int16_t m = mv[i];
	int32_t v = sc[i];
	mv[i] = mv[b];
	sc[i] = sc[b];
	mv[b] = m;
	sc[b] = v;
}

static void pv_update(AbSearch *s, int q)
{
	int ply = s->ply, n = s->pv_len[ply + 1];
	if (n > AB_MAX_PLY - 1)
		n = AB_MAX_PLY - 1;
	s->pv[ply][0] = (int16_t)q;
	memcpy(&s->pv[ply][1], s->pv[ply + 1], (size_t)n * sizeof s->pv[0][0]);
	s->pv_len[ply] = n + 1;
}

static void reward(AbSearch *s, int q, int depth)
{
	int ply = s->ply;
	if (s->killer[ply][0] != q) {
		s->killer[ply][1] = s->killer[ply][0];
		s->killer[ply][0] = (int16_t)q;
	}
	int32_t *h = &s->history[s->b.to_move][q];
	*h += depth * depth;
	if (*h > (1 << 14))
		for (int c = 0; c < 2; c++)
			for (int p = 0; p < BOARD_CELLS; p++)
				s->history[c][p] /= 2;
}

/* Quiet moves kept at this depth before move-count pruning starts. */
static int move_count_limit(const AbSearch *s, int depth)
{
	return s->cfg.prune_moves * (1 + depth * depth) / 2;
}

AbSettle ab_settle(AbSearch *s, AbTactics *t, bool want_fours, int *out)
{
	int ply = s->ply;
	s->pv_len[ply] = 0;
	*out = 0;
	if (ab_node(s))
		return AB_SETTLE_SCORE;
	ab_tactics(s, t, want_fours);
	if (t->own_five != POINT_NONE)
		*out = SCORE_WIN - (ply + 1);
	else if (t->opp_fives >= 2)
		*out = -(SCORE_WIN - (ply + 2));
	else if (t->opp_fives == 1) {
		if (ab_forbidden(s, t->opp_five))
			*out = -(SCORE_WIN - (ply + 2));
		else if (ply + 1 >= AB_SEARCH_PLY)
			*out = ab_static(s);
		else {
			*out = t->opp_five;
			return AB_SETTLE_FORCED;
		}
	} else if (t->own_win != POINT_NONE)
		*out = SCORE_WIN - (ply + 3);
	else
		return AB_SETTLE_NONE;
	return AB_SETTLE_SCORE;
}

/* The table's word on this node: its move into *tt_move, and true with
 * the score in *v when its bound settles the node outside a PV node. */
static bool tt_cutoff(AbSearch *s, int depth, int alpha, int beta, bool pv, int *tt_move,
                      int *v)
{
	const AbTTEntry *e = ab_tt_probe(s->tt, s->b.hash);
	if (!e)
		return false;
	*tt_move = e->move;
	*v = score_from_tt(e->score, s->ply);
	return !pv && e->depth >= depth &&
	       (e->bound == AB_BOUND_EXACT || (e->bound == AB_BOUND_LOWER && *v >= beta) ||
	        (e->bound == AB_BOUND_UPPER && *v <= alpha));
}

/* Whether the quiet moves from here on can be left out: enough of them
 * searched (move-count pruning), or too little to gain (futility). */
static bool prune_quiet(const AbSearch *s, int depth, int searched, int ev, int alpha)
{
	return (depth <= s->cfg.prune_depth && searched >= move_count_limit(s, depth)) ||
	       (depth <= s->cfg.futility_depth &&
	        ev + s->cfg.futility_margin * depth <= alpha);
}

/* The late-move reduction of a quiet move, the searched-th of its node,
 * of move score score. */
static int reduction(const AbSearch *s, int depth, int searched, int32_t score, bool pv)
{
	int r = s->lmr[depth < AB_MAX_DEPTH ? depth : AB_MAX_DEPTH]
	              [searched < 63 ? searched : 63];
	/* The move score says how much the point matters: shapes, blocks,
	 * killers and history reduce less. */
	if (score >= 100)
		r--;
	if (score < 16)
		r++;
	if (pv)
		r--;
	return r < 0 ? 0 : r > depth - 2 ? depth - 2 : r;
}

/* The score of the move just played, the searched-th of its node: the
 * first with the full window, the others with a null window (reduced by
 * r first), searched again when they beat alpha. */
static int search_child(AbSearch *s, int depth, int alpha, int beta, bool pv, int searched,
                        int r)
{
	if (searched == 0)
		return -ab_search(s, depth - 1, -beta, -alpha, pv);
	int v = -ab_search(s, depth - 1 - r, -alpha - 1, -alpha, false);
	if (v > alpha && r > 0 && !s->stop)
		v = -ab_search(s, depth - 1, -alpha - 1, -alpha, false);
	if (v > alpha && v < beta && pv && !s->stop)
		v = -ab_search(s, depth - 1, -beta, -alpha, true);
	return v;
}

/* The node's one forced move (the answer to a four): it costs no depth, a
 * four is a forcing move and its answer is searched as if it were free. */
static int search_forced(AbSearch *s, int q, int depth, int alpha, int beta, bool pv)
{
	ab_play(s, q);
	int v = -ab_search(s, depth, -beta, -alpha, pv);
	ab_undo(s);
	if (!s->stop)
		pv_update(s, q);
	return v;
}

int ab_search(AbSearch *s, int depth, int alpha, int beta, bool pv)
{
	if (depth <= 0)
		return ab_leaf(s, alpha, beta);
	int ply = s->ply, x;
	AbTactics t;
	AbSettle settled = ab_settle(s, &t, false, &x);
	if (settled == AB_SETTLE_SCORE)
		return x;
	if (settled == AB_SETTLE_FORCED)
		return search_forced(s, x, depth, alpha, beta, pv);
	if (ply + 1 >= AB_SEARCH_PLY)
		return ab_static(s);

	/* No line from here ends sooner than our five next move or the
	 * opponent's the move after. */
	if (alpha < -(SCORE_WIN - (ply + 2)))
		alpha = -(SCORE_WIN - (ply + 2));
	if (beta > SCORE_WIN - (ply + 1))
		beta = SCORE_WIN - (ply + 1);
	if (alpha >= beta)
		return alpha;

	int tt_move = POINT_NONE;
	if (tt_cutoff(s, depth, alpha, beta, pv, &tt_move, &x))
		return x;

	int ev = ab_static(s);
	bool restricted = t.opp_win != POINT_NONE;
	if (!pv && !restricted && depth <= s->cfg.razor_depth &&
	    ev + s->cfg.razor_margin * depth <= alpha) {
		/* Hopeless by the evaluation: unless a VCF turns it round,
		 * take the leaf value instead of searching. */
		int v = ab_leaf(s, alpha, beta);
		if (s->stop)
			return 0;
		if (v <= alpha || v >= AB_WIN_MIN)
			return v;
	}

	int n = ab_generate(s, restricted, tt_move);
	if (n == 0)
		return restricted ? -(SCORE_WIN - (ply + 4)) : 0;
	int16_t *mv = s->move[ply];
	int32_t *sc = s->score[ply];
	int best = -AB_INF, best_move = POINT_NONE, searched = 0, alpha0 = alpha;
	for (int i = 0; i < n; i++) {
		pick(mv, sc, i, n);
		int q = mv[i];
		bool tactical = sc[i] >= AB_TACTICAL;
		/* Moves come best first and every tactical move before the
		 * quiet ones: once one quiet move is pruned, all the rest are. */
		if (!pv && !tactical && searched > 0 && best > -AB_WIN_MIN &&
		    prune_quiet(s, depth, searched, ev, alpha))
			break;
		if (ab_forbidden(s, q))
			continue;
		int r = searched > 0 && depth >= 3 && !tactical
		            ? reduction(s, depth, searched, sc[i], pv)
		            : 0;
		ab_play(s, q);
		int v = search_child(s, depth, alpha, beta, pv, searched, r);
		ab_undo(s);
		if (s->stop)
			return 0;
		searched++;
		if (v > best) {
			best = v;
			best_move = q;
			if (v > alpha) {
				alpha = v;
				if (pv)
					pv_update(s, q);
				if (v >= beta) {
					if (!tactical)
						reward(s, q, depth);
					break;
				}
			}
		}
	}
	if (searched == 0) /* every move futile, or (renju) forbidden */
		return restricted ? -(SCORE_WIN - (ply + 4)) : ev;
	AbBound bound = best >= beta    ? AB_BOUND_LOWER
	                : best > alpha0 ? AB_BOUND_EXACT
	                                : AB_BOUND_UPPER;
	ab_tt_store(s->tt, s->b.hash, depth, score_to_tt(best, ply), bound, best_move);
	return best;
}
