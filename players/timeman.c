/* timeman.c - the time manager's arithmetic (timeman.h). */
#include "timeman.h"

#include "clock.h"
#include "pattern.h"

static double min2(double a, double b)
{
	return a < b ? a : b;
}

static double max2(double a, double b)
{
	return a > b ? a : b;
}

TimeFactors timeman_factors_default(void)
{
	return (TimeFactors){
	    .empty_per_move = TIMEMAN_EMPTY_PER_MOVE,
	    .moves_min = TIMEMAN_MOVES_MIN,
	    .extend = TIMEMAN_EXTEND,
	    .clock_share = TIMEMAN_CLOCK_SHARE,
	    .hard_targets = TIMEMAN_HARD_TARGETS,
	    .ease = TIMEMAN_EASE,
	    .urgency_threat = TIMEMAN_URGENCY_THREAT,
	    .urgency_attack = TIMEMAN_URGENCY_ATTACK,
	    .start = TIMEMAN_START,
	};
}

int timeman_moves_to_go(const TimeFactors *f, int empty)
{
	/* For whole numbers the quotient's whole part is the integer
	 * division's (the default, 12, plans as it always did). */
	int n = (int)(empty / f->empty_per_move), least = (int)f->moves_min;
	return n > least ? n : least;
}

void timeman_plan(TimeMan *tm, const Budget *b, int empty, const TimeFactors *f)
{
	*tm = (TimeMan){.f = *f};
	double limit = budget_move_limit(b);
	if (limit < 0)
		return;
	tm->on = true;
	tm->limit = limit;
	tm->hard =
	    max2(limit - TIMEMAN_MARGIN_MS - TIMEMAN_MARGIN_SHARE * limit, limit / 2);
	tm->target = tm->extended = tm->hard;
	tm->spare = true;
	if (b->game_ms <= 0)
		return;
	/* The clock: what an even share of it gives each move to come, plus
	 * the increment each of them brings back, once the margin of each of
	 * those moves is kept aside: a clock that runs low still has room for
	 * the moves that cannot be made in no time. */
	double left = b->time_left > 0 ? (double)b->time_left : 0;
	double inc = b->inc_ms > 0 ? (double)b->inc_ms : 0;
	int moves = timeman_moves_to_go(f, empty);
	double share = (left - min2(TIMEMAN_MARGIN_MS * moves, left / 2)) / moves + inc;
	if (share >= tm->hard)
		return; /* the move's limit binds: time saved now buys nothing */
	tm->spare = false;
	tm->target = share;
	tm->hard = min2(tm->hard, share * f->hard_targets);
	tm->extended =
	    max2(share, min2(tm->hard, min2(share * f->extend, left * f->clock_share)));
}

void timeman_start(TimeMan *tm, const Budget *b, const Board *pos, const TimeFactors *f)
{
	int empty = 0;
	for (int y = 0; y < pos->size; y++)
		for (int x = 0; x < pos->size; x++)
			empty += pos->cell[board_point(x, y)] == CELL_EMPTY;
	timeman_plan(tm, b, empty, f);
	tm->start = clock_ms();
}

double timeman_elapsed(const TimeMan *tm)
{
	return clock_ms() - tm->start;
}

bool timeman_hard_up(const TimeMan *tm)
{
	return tm->on && timeman_elapsed(tm) >= tm->hard;
}

double timeman_soft(const TimeMan *tm, double urgency)
{
	double u = urgency < -1 ? -1 : urgency > 1 ? 1 : urgency;
	if (u < 0)
		return tm->target * (1 + u * (1 - tm->f.ease));
	return tm->target + u * (tm->extended - tm->target);
}

double timeman_predict(double last_ms, double prev_ms)
{
	double ratio = prev_ms > 0 ? last_ms / prev_ms : 4;
	return last_ms * (ratio < 1.5 ? 1.5 : ratio > 6 ? 6 : ratio);
}

bool timeman_next_iteration(TimeMan *tm, double urgency, double elapsed, double next_ms)
{
	if (!tm->on)
		return false;
	double soft = timeman_soft(tm, urgency);
	if (elapsed + next_ms <= soft)
		return true;
	if (tm->spare)
		return elapsed < tm->hard;
	if (elapsed >= tm->f.start * soft)
		return false;
	tm->hard = min2(tm->hard, tm->extended);
	return true;
}

/* A point where colour c threatens to win: a double three, a four-three, a
 * double four or an open four. */
static bool winning_shape(int t)
{
	return t == THREAT_DOUBLE_THREE ||
	       (t >= THREAT_FOUR_THREE && t <= THREAT_OPEN_FOUR);
}

double timeman_urgency(const Board *pos, const TimeFactors *f)
{
	Color me = pos->to_move, op = (Color)(me ^ 1);
	bool mine = false, theirs = false;
	for (int y = 0; y < pos->size; y++)
		for (int x = 0; x < pos->size; x++) {
			int p = board_point(x, y);
			if (pos->cell[p] != CELL_EMPTY)
				continue;
			if (pos->threat[me][p] == THREAT_FIVE ||
			    pos->threat[op][p] == THREAT_FIVE)
				return 0;
			mine = mine || winning_shape(pos->threat[me][p]);
			theirs = theirs || winning_shape(pos->threat[op][p]);
		}
	return theirs ? f->urgency_threat : mine ? f->urgency_attack : 0;
}

Budget timeman_reserve(const Budget *b, int empty, double overhead)
{
	Budget r = *b;
	if (r.ms > 0) {
		double keep = min2(overhead, (double)r.ms * TIMEMAN_RESERVE_SHARE);
		r.ms = r.ms - (int64_t)keep > 1 ? r.ms - (int64_t)keep : 1;
	}
	if (r.game_ms > 0) {
		int64_t left = r.time_left > 0 ? r.time_left : 0;
		TimeFactors f = timeman_factors_default();
		int64_t keep = (int64_t)(overhead * timeman_moves_to_go(&f, empty));
		r.time_left = left - (keep < left / 2 ? keep : left / 2);
	}
	return r;
}

Budget timeman_split(const Budget *b, int empty, int parts)
{
	TimeMan tm;
	TimeFactors f = timeman_factors_default();
	timeman_plan(&tm, b, empty, &f);
	Budget r = *b;
	if (!tm.on || parts < 1)
		return r;
	double ms = tm.target / parts;
	r.ms = ms > 1 ? (int64_t)ms : 1;
	r.game_ms = r.inc_ms = r.time_left = 0;
	return r;
}
