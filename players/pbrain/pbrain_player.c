/* pbrain_player.c - the player behind a Gomocup session: made within the
 * memory limit, given the budget of a move, asked, timed and checked. */
#define _POSIX_C_SOURCE 200809L
#include "pbrain_impl.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "clock.h"
#include "moves.h"
#include "timeman.h"
#include "wall.h"

Budget pbrain_clock_budget(const PbrainTimes *t, double spent_ms, int empty)
{
	int64_t turn = t->timeout_turn < 0 ? PBRAIN_TURN_DEFAULT : t->timeout_turn;
	Budget b = {.ms = turn > 0 ? turn : 1};
	double left = -1;
	if (t->time_left >= 0 && t->time_left < PBRAIN_TIME_LEFT_NONE)
		left = (double)t->time_left;
	else if (t->time_left < 0 && t->timeout_match > 0)
		left = (double)t->timeout_match - spent_ms;
	if (left != -1) {
		b.time_left = left > 0 ? (int64_t)left : 0;
		b.game_ms = t->timeout_match > 0 ? t->timeout_match
		            : b.time_left > 0    ? b.time_left
		                                 : 1;
		b.inc_ms = t->time_increment > 0 ? t->time_increment : 0;
	}
	return timeman_reserve(&b, empty, PBRAIN_OVERHEAD_MS);
}

/* The memory parameters, and what the tables sized by a value v of one
 * take, in MB (each player's create function allocates them). */
static const char *const memory_params[] = {"hash_mb", "pool_mb", "nodes_mb"};

static double table_mb(const char *name, double v)
{
	/* alphabeta: the table, and an eighth of it (1 MB at least) for the
	 * threat solver at the root. */
	if (strcmp(name, "hash_mb") == 0)
		return v + (v / 8 > 1 ? v / 8 : 1);
	return v;
}

void pbrain_memory_params(const PlayerType *t, const ParamSet *in, int64_t max_memory,
                          ParamSet *out)
{
	if (in->decl == t->params)
		*out = *in;
	else
		param_defaults(out, t->params, t->nparams);
	if (max_memory <= 0)
		return;
	int idx[sizeof memory_params / sizeof memory_params[0]], n = 0;
	for (size_t k = 0; k < sizeof memory_params / sizeof memory_params[0]; k++)
		if ((idx[n] = param_find(out, memory_params[k])) >= 0)
			n++;
	if (n == 0)
		return;
	/* Each memory parameter gets an equal share of what the process's
	 * own footprint leaves. */
	double share = ((double)max_memory / 1048576.0 - PBRAIN_RESERVE_MB) / n;
	for (int k = 0; k < n; k++) {
		int i = idx[k];
		const ParamDecl *d = &out->decl[i];
		if (table_mb(d->name, out->v[i]) <= share)
			continue;
		/* The largest value whose tables fit: table_mb grows with v. */
		double lo = d->min, hi = out->v[i];
		for (int step = 0; step < 60; step++) {
			double mid =
			    d->type == PARAM_REAL ? (lo + hi) / 2 : floor((lo + hi) / 2);
			if (mid <= lo)
				break;
			if (table_mb(d->name, mid) <= share)
				lo = mid;
			else
				hi = mid;
		}
		param_set_value(out, i, lo);
	}
}

void pbrain_player_drop(Session *s)
{
	player_destroy(s->player);
	s->player = NULL;
}

Player *pbrain_player(Session *s, char *err, size_t errlen)
{
	if (s->player)
		return s->player;
	ParamSet ps;
	pbrain_memory_params(s->opt->type, &s->params, s->max_memory, &ps);
	snprintf(err, errlen, "cannot create the player");
	s->player = player_create(s->opt->type, &ps, s->seed, err, errlen);
	if (s->player)
		player_new_game(s->player, s->b.size, s->b.rule);
	return s->player;
}

Budget pbrain_move_budget(const Session *s)
{
	const PbrainOptions *o = s->opt;
	Budget budget = {
	    .nodes = s->max_node ? s->max_node : o->nodes,
	    .depth = s->max_depth ? s->max_depth : o->depth,
	};
	/* Nodes or depth from the command line promise the same moves as in
	 * process: no clock then. */
	if (!o->nodes && !o->depth && (o->type->budgets & BUDGET_MS)) {
		int empty = wall_empty_points(&s->b);
		Budget clock = pbrain_clock_budget(&s->times, s->spent_ms, empty);
		/* A type that does not plan with a clock gets the time manager's
		 * plan as its limit per move. */
		if (!(o->type->budgets & BUDGET_GAME))
			clock = timeman_split(&clock, empty, 1);
		budget.ms = clock.ms;
		budget.game_ms = clock.game_ms;
		budget.time_left = clock.time_left;
		budget.inc_ms = clock.inc_ms;
	}
	return budget;
}

/* Five in a row for the colour of its stones, under the board's rule. */
static bool has_five(const Board *b)
{
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++) {
			int p = board_point(x, y), c = b->cell[p];
			if (c != CELL_BLACK && c != CELL_WHITE)
				continue;
			bool exact = b->rule == RULE_STANDARD ||
			             (b->rule == RULE_RENJU && c == CELL_BLACK);
			for (int d = 0; d < 4; d++) {
				int step = board_step[d], n = 1;
				if (b->cell[p - step] == c)
					continue; /* counted from the start of its run */
				while (b->cell[p + n * step] == c)
					n++;
				if (exact ? n == 5 : n >= 5)
					return true;
			}
		}
	return false;
}

bool pbrain_game_over(const Session *s, char *err, size_t errlen)
{
	if (has_five(&s->b))
		snprintf(err, errlen, "the game is over: there is a five on the board");
	else if (wall_empty_points(&s->b) == 0)
		snprintf(err, errlen, "the game is over: the board is full");
	else
		return false;
	return true;
}

int pbrain_choose(Session *s, const Board *b, const Budget *budget, MoveInfo *info,
                  char *err, size_t errlen)
{
	Player *p = pbrain_player(s, err, errlen);
	if (!p)
		return POINT_NONE;
	double t0 = clock_ms();
	int m = player_choose(p, b, budget, info);
	double took = clock_ms() - t0;
	s->spent_ms += took;
	/* Our own account of the match clock, for a manager that does not
	 * send time_left before every move (the next one it sends wins). */
	PbrainTimes *t = &s->times;
	if (t->time_left >= 0 && t->time_left < PBRAIN_TIME_LEFT_NONE) {
		double left = (double)t->time_left - took +
		              (double)(t->time_increment > 0 ? t->time_increment : 0);
		t->time_left = left > 0 ? (int64_t)left : 0;
	}
	if (!board_empty_at(b, m) || !board_on(b, point_x(m), point_y(m))) {
		Board copy = *b;
		m = moves_fallback(&copy);
	}
	return m;
}

static void message_info(Session *s, const Budget *budget, const MoveInfo *info)
{
	/* The shape engine_message.h reads: an arena keeps what it says. */
	char pv[PV_MAX * 8] = "", known[96] = "";
	size_t len = 0;
	for (int i = 0; i < info->pv_len && len + 8 < sizeof pv; i++)
		len += (size_t)snprintf(pv + len, sizeof pv - len, " %d,%d",
		                        point_x(info->pv[i]), point_y(info->pv[i]));
	len = 0;
	if (info->depth != DEPTH_NONE)
		len += (size_t)snprintf(known + len, sizeof known - len, " depth %d",
		                        info->depth);
	if (info->seldepth != DEPTH_NONE)
		len += (size_t)snprintf(known + len, sizeof known - len, " seldepth %d",
		                        info->seldepth);
	if (info->score != SCORE_NONE)
		len += (size_t)snprintf(known + len, sizeof known - len, " score %d",
		                        info->score);
	if (info->nodes != NODES_NONE)
		snprintf(known + len, sizeof known - len, " nodes %" PRIu64, info->nodes);
	pbrain_reply(s, "MESSAGE%s ms %.0f budget %" PRId64 " ms pv%s", known, info->ms,
	             budget->ms, pv);
}

void pbrain_play_our_move(Session *s)
{
	char err[PBRAIN_ERR_MAX];
	if (pbrain_game_over(s, err, sizeof err)) {
		pbrain_reply(s, "ERROR %s", err);
		return;
	}
	if (s->me == PBRAIN_COLOR_NONE)
		s->me = s->b.to_move;
	if ((int)s->b.to_move != s->me)
		board_set_to_move(&s->b, (Color)s->me);
	Budget budget = pbrain_move_budget(s);
	MoveInfo info;
	int m = pbrain_choose(s, &s->b, &budget, &info, err, sizeof err);
	if (m == POINT_NONE) {
		pbrain_reply(s, "ERROR %s", err);
		return;
	}
	if (s->opt->verbose)
		message_info(s, &budget, &info);
	board_put(&s->b, m, (Color)s->me);
	pbrain_reply(s, "%d,%d", point_x(m), point_y(m));
}
