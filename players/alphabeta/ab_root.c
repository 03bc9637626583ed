/* ab_root.c - the root: immediate tactics, the threat search for a proven
 * win, then iterative deepening within the budget. */
#include <string.h>

#include "ab_search.h"
#include "moves.h"

/* The time manager's signs (root_urgency): a fall of the best score worth
 * half a live three (6000), and the iterations a best move must hold to be
 * obvious. */
enum { AB_TIME_FALL = 3000, AB_TIME_CALM = 4 };

static int finish(AbSearch *s, MoveInfo *info, int move, int score, int depth,
                  const int16_t *pv, int pv_len)
{
	info->nodes = s->nodes;
	info->depth = depth;
	info->score = score;
	info->pv_len = 0;
	for (int i = 0; i < pv_len && i < PV_MAX && pv[i] != POINT_NONE; i++)
		info->pv[info->pv_len++] = pv[i];
	if (info->pv_len == 0 || info->pv[0] != move) {
		info->pv[0] = (int16_t)move;
		info->pv_len = 1;
	}
	return move;
}

/* The root's moves, best-ordered first; renju black's forbidden points are
 * left out. Returns the count (0 only if no playable point is near). */
static int root_moves(AbSearch *s, const AbTactics *t, int16_t *list)
{
	int n = 0;
	if (t->opp_fives > 0 && !ab_forbidden(s, t->opp_five)) {
		list[0] = (int16_t)t->opp_five;
		return 1;
	}
	bool restricted = t->opp_fives == 0 && t->opp_win != POINT_NONE;
	int m = ab_generate(s, restricted, POINT_NONE);
	if (m == 0 && restricted)
		m = ab_generate(s, false, POINT_NONE); /* lost anyway: any move */
	int16_t *mv = s->move[0];
	int32_t *sc = s->score[0];
	int32_t score[BOARD_MAX_MOVES];
	for (int i = 0; i < m; i++) {
		if (ab_forbidden(s, mv[i]))
			continue;
		/* insertion sort, stable: the board order breaks ties */
		int j = n++;
		for (; j > 0 && score[j - 1] < sc[i]; j--) {
			list[j] = list[j - 1];
			score[j] = score[j - 1];
		}
		list[j] = mv[i];
		score[j] = sc[i];
	}
	return n;
}

/* The threat-space solver (threat.h), for a VCF and then a VCT, each
 * within its share of the budget (at most a quarter of what is left of a
 * node budget). A time limit caps its nodes too, as the solver does not
 * read the clock: at about a million nodes a second, a tenth of the hard
 * stop at most. Returns the plies to the five (the line in r), or 0. */
static int root_solver(AbSearch *s, SolveKind kind, uint64_t limit, SolveResult *r)
{
	if (s->node_limit) {
		uint64_t left = s->node_limit > s->nodes ? s->node_limit - s->nodes : 0;
		if (limit > left / 4)
			limit = left / 4;
	}
	if (s->tm.on && (double)limit > s->tm.hard * 100)
		limit = (uint64_t)(s->tm.hard * 100);
	if (!s->solver || limit == 0 || s->stop)
		return 0;
	solver_solve(s->solver, &s->b, kind, SOLVE_LINE_MAX / 2, limit, r);
	s->nodes += r->nodes;
	if (ab_time_up(s))
		s->stop = true;
	if (!r->win || r->len < 1 || !board_empty_at(&s->b, r->line[0]) ||
	    ab_forbidden(s, r->line[0]))
		return 0;
	return r->len;
}

/* What the time manager weighs between iterations. */
typedef struct {
	double board;       /* timeman_urgency of the root */
	double instability; /* recent changes of the best move, decaying */
	double fall;        /* recent falls of the best score, decaying */
	double it_start;    /* when the iteration began, ms into the move */
	double last, prev;  /* the last two iterations' times */
	int score[2];       /* the best scores of the last two iterations */
	int iterations;     /* completed so far */
	int stable;         /* of them, the last with the same best move */
} RootClock;

/* The urgency of a move (timeman_soft) from the board's threats and what
 * the iterations showed: the best move changing, the best score falling
 * by AB_TIME_FALL or more since the iteration before the last (the scores
 * of odd and even depths differ, the mover's last stone counting more),
 * or, on a quiet board, a best move that stayed the same for AB_TIME_CALM
 * iterations while its score did not fall: an obvious move, -1. */
static double root_urgency(RootClock *clk, bool changed, int score)
{
	bool fell = clk->iterations >= 2 && score <= clk->score[1] - AB_TIME_FALL;
	clk->instability = clk->instability / 2 + (changed ? 0.5 : 0);
	clk->fall = clk->fall / 2 + (fell ? 0.3 : 0);
	clk->stable = changed ? 1 : clk->stable + 1;
	clk->score[1] = clk->score[0];
	clk->score[0] = score;
	clk->iterations++;
	if (clk->board == 0 && clk->fall == 0 && clk->stable >= AB_TIME_CALM)
		return -1;
	return clk->board + clk->instability + clk->fall;
}

/* After an iteration: does the next one start? It is expected to take
 * what the last took times their growth, and to end within the time of a
 * move as critical as root_urgency makes this one (timeman.h). */
static bool next_iteration(AbSearch *s, RootClock *clk, bool changed, int score)
{
	double now = timeman_elapsed(&s->tm);
	clk->prev = clk->last;
	clk->last = now - clk->it_start;
	double urgency = root_urgency(clk, changed, score);
	return timeman_next_iteration(&s->tm, urgency, now,
	                              timeman_predict(clk->last, clk->prev));
}

int ab_root(AbSearch *s, const Budget *budget, MoveInfo *info)
{
	s->nodes = 0;
	s->stop = false;
	s->node_limit = budget->nodes;
	timeman_start(&s->tm, budget, &s->b, &s->cfg.time);
	memset(s->killer, 0xFF, sizeof s->killer); /* POINT_NONE */
	memset(s->history, 0, sizeof s->history);
	ab_tt_new_search(s->tt, s->tt_keep);
	int max_depth = budget->depth > 0           ? budget->depth
	                : budget->nodes || s->tm.on ? AB_MAX_DEPTH
	                                            : s->cfg.default_depth;
	if (max_depth > AB_MAX_DEPTH)
		max_depth = AB_MAX_DEPTH;

	s->nodes = 1; /* the root */
	AbTactics t;
	ab_tactics(s, &t, false);
	if (t.own_five != POINT_NONE)
		return finish(s, info, t.own_five, SCORE_WIN - 1, 1, NULL, 0);
	if (t.opp_fives == 0 && t.own_win != POINT_NONE)
		return finish(s, info, t.own_win, SCORE_WIN - 3, 1, NULL, 0);
	int16_t list[BOARD_MAX_MOVES];
	int n = root_moves(s, &t, list);
	if (n == 0) {
		Board tmp = s->b;
		return finish(s, info, moves_fallback(&tmp), SCORE_NONE, 0, NULL, 0);
	}
	if (t.opp_fives == 0 && s->solver) {
		SolveResult r;
		solver_clear(s->solver); /* a search must not depend on earlier ones */
		int k = root_solver(s, SOLVE_VCF, s->cfg.root_vcf_nodes, &r);
		if (!k)
			k = root_solver(s, SOLVE_VCT, s->cfg.root_vct_nodes, &r);
		if (k)
			return finish(s, info, r.line[0], SCORE_WIN - k, 1, r.line, r.len);
	}

	int best_move = list[0], best_score = SCORE_NONE, done = 0, pv_len = 0;
	int16_t pv[PV_MAX] = {0};
	RootClock clk = {.board = s->tm.on ? timeman_urgency(&s->b, &s->cfg.time) : 0};
	for (int depth = 1; depth <= max_depth && !s->stop; depth++) {
		clk.it_start = s->tm.on ? timeman_elapsed(&s->tm) : 0;
		int alpha = -AB_INF, beta = AB_INF, it_best = -AB_INF, it_move = POINT_NONE;
		int it_pv_len = 0;
		int16_t it_pv[PV_MAX];
		for (int i = 0; i < n; i++) {
			int q = list[i], v;
			ab_play(s, q);
			if (i == 0) {
				v = -ab_search(s, depth - 1, -beta, -alpha, true);
			} else {
				v = -ab_search(s, depth - 1, -alpha - 1, -alpha, false);
				if (v > alpha && !s->stop)
					v = -ab_search(s, depth - 1, -beta, -alpha, true);
			}
			ab_undo(s);
			if (s->stop)
				break;
			if (v > it_best) {
				it_best = v;
				it_move = q;
				alpha = v;
				it_pv[0] = (int16_t)q;
				it_pv_len = 1;
				for (int j = 0; j < s->pv_len[1] && it_pv_len < PV_MAX; j++)
					it_pv[it_pv_len++] = s->pv[1][j];
			}
		}
		/* An interrupted iteration counts once its first move (the best
		 * of the last one) is searched: its best is no worse. */
		if (it_move == POINT_NONE)
			break;
		bool changed = depth > 1 && it_move != best_move;
		best_move = it_move;
		best_score = it_best;
		pv_len = it_pv_len;
		memcpy(pv, it_pv, (size_t)pv_len * sizeof pv[0]);
		if (s->stop)
			break;
		done = depth;
		int i = 0; /* best first next time */
		while (list[i] != it_move)
			i++;
		memmove(&list[1], &list[0], (size_t)i * sizeof list[0]);
		list[0] = (int16_t)it_move;
		if (best_score >= AB_WIN_MIN || best_score <= -AB_WIN_MIN || n == 1)
			break;
		if (s->tm.on && !next_iteration(s, &clk, changed, best_score))
			break;
	}
	return finish(s, info, best_move, best_score, done, pv, pv_len);
}
