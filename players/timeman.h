/* timeman.h - a player's time manager: how long to think about a move.
 *
 * From the time limits of a Budget (a limit per move, a game clock with
 * its increment) and the position, a plan of three times, in ms from the
 * start of the move:
 *
 *   hard     the move's limit (ms, or the time left on the clock if less)
 *            less a safety margin: a search stops at once when it is past
 *   target   what an ordinary move may take: the clock, less the margin
 *            of every move still to come, shared among them (plus the
 *            increment), at most hard; with no clock, or a clock too
 *            generous to bind, hard itself
 *   extended what a critical move may take (threats on the board, a best
 *            move that keeps changing): a few targets, never more than a
 *            share of the clock nor than hard
 *
 * With a clock that binds, hard is also at most a few targets: a search
 * that overshoots its prediction stops there, not at the end of the clock.
 *
 * A search asks timeman_soft(urgency) for its limit between target and
 * extended, urgency in [0, 1] saying how critical the move is (below 0, an
 * obvious move: less than target), and checks timeman_hard_up often
 * enough. Node and depth limits are none of its
 * business: a budget without ms or game_ms gives a plan that is off, so a
 * node-limited search never reads the clock. The arithmetic (timeman_plan
 * and below) reads no clock and is tested as it is. */
#ifndef PLAYERS_TIMEMAN_H
#define PLAYERS_TIMEMAN_H

#include <stdbool.h>

#include "board.h"
#include "player.h"

/* The clock is shared among at least TIMEMAN_MOVES_MIN moves, or one move
 * per TIMEMAN_EMPTY_PER_MOVE empty points: our moves of a game that goes
 * on. 12 gives 18 moves on an empty 15x15 board: games from the balanced
 * openings last 25 to 95 plies (median about 50), a third of a side's moves
 * are forced or proven and take no time, and a long game still finds time
 * left, as each share is of what is left (6, the first value, left half
 * of the clock unused: tests/bench/README.md). */
enum { TIMEMAN_MOVES_MIN = 10, TIMEMAN_EMPTY_PER_MOVE = 12 };

/* The margin kept back from the move's limit: a fixed part (the stop
 * reaching the search, its unwinding, the move's return to the referee)
 * and a share of the limit (the clock is read every so many nodes; a loaded
 * machine's scheduler). hard is never below half the limit. */
#define TIMEMAN_MARGIN_MS 3.0
#define TIMEMAN_MARGIN_SHARE 0.05
/* A critical move may take up to TIMEMAN_EXTEND ordinary ones, and never
 * more than TIMEMAN_CLOCK_SHARE of the clock; when the clock binds, no move
 * goes on past TIMEMAN_HARD_TARGETS ordinary ones (an iteration that takes
 * far longer than predicted is cut there). An obvious move (urgency -1)
 * takes TIMEMAN_EASE of an ordinary one. A board where the opponent
 * threatens to win is TIMEMAN_URGENCY_THREAT urgent, one where the mover
 * has a winning shape TIMEMAN_URGENCY_ATTACK (timeman_urgency). */
#define TIMEMAN_EXTEND 3.0
#define TIMEMAN_CLOCK_SHARE 0.25
#define TIMEMAN_HARD_TARGETS 6.0
#define TIMEMAN_EASE 0.5
#define TIMEMAN_URGENCY_THREAT 0.6
#define TIMEMAN_URGENCY_ATTACK 0.3
/* An iteration predicted to end past the soft limit still starts while
 * less than TIMEMAN_START of that limit is spent, and is then cut at the
 * extended time (timeman_next_iteration): a deepening search's iterations
 * grow by a factor of 2 to 6, so one that must be predicted to end in
 * time leaves most of the time unused (0: that rule alone). */
#define TIMEMAN_START 0.0
/* The most timeman_reserve keeps back of a move's limit for the overhead:
 * a fixed overhead (30 ms for pbrain) is over half of a 50 ms move, where
 * the pipes take well under a millisecond (tests/bench/README.md). */
#define TIMEMAN_RESERVE_SHARE 0.1

/* The factors a player may tune (alphabeta's time_* parameters); the
 * macros above are their defaults (timeman_factors_default), which every
 * other user of the time manager plans with. */
typedef struct {
	double empty_per_move; /* > 0: empty points per move to come */
	double moves_min;      /* >= 1: but at least this many moves to come */
	double extend;         /* >= 1: extended = this many targets at most */
	double clock_share;    /* > 0: extended is at most this share of the clock */
	double hard_targets;   /* >= 1: a binding clock's hard, in targets */
	double ease;           /* [0, 1]: an obvious move's share of target */
	double urgency_threat; /* the opponent threatens to win */
	double urgency_attack; /* the mover has a winning shape */
	double start;          /* [0, 1): an iteration starts while this share
	                          of the soft limit is not spent */
} TimeFactors;

TimeFactors timeman_factors_default(void);

typedef struct {
	bool on;         /* the budget limits time; every time below is 0 without */
	bool spare;      /* no time to save: the move's limit binds, not the clock */
	double start;    /* clock_ms() when the move began (0 from timeman_plan) */
	double limit;    /* the move's limit as the budget gives it */
	double hard;     /* ms after start: stop at once */
	double target;   /* ms: an ordinary move (target <= extended <= hard) */
	double extended; /* ms: a critical one */
	TimeFactors f;   /* as planned with (timeman_soft reads ease) */
} TimeMan;

/* Our moves still to come, as the clock is shared: max(f->moves_min, the
 * whole part of empty / f->empty_per_move). */
int timeman_moves_to_go(const TimeFactors *f, int empty);

/* The plan of a move under b with empty points left on the board
 * (start = 0), with the factors f (copied into tm). */
void timeman_plan(TimeMan *tm, const Budget *b, int empty, const TimeFactors *f);

/* The plan of a move in pos under b, started now (clock_ms). */
void timeman_start(TimeMan *tm, const Budget *b, const Board *pos, const TimeFactors *f);

/* ms since the start. */
double timeman_elapsed(const TimeMan *tm);

/* Past the hard stop? (false when off) */
bool timeman_hard_up(const TimeMan *tm);

/* The soft limit of a move as critical as urgency (0 ordinary, 1 the most,
 * -1 obvious; clamped to [-1, 1]): target + urgency * (extended - target),
 * and below 0 target * (1 + urgency * (1 - tm->f.ease)). */
double timeman_soft(const TimeMan *tm, double urgency);

/* The time of the next iteration of a deepening search from the last two:
 * last times their ratio, the ratio kept within [1.5, 6] (4 without a
 * previous iteration: prev_ms <= 0). */
double timeman_predict(double last_ms, double prev_ms);

/* Iterative deepening at elapsed ms: does the next iteration, expected to
 * take next_ms, start? Yes if it should end within the soft limit, or,
 * with no time to save (spare), whenever hard is not reached: an iteration
 * cut short at hard keeps what it proved (ab_root.c), and time left over
 * buys nothing. Else yes while elapsed is under tm->f.start of the soft
 * limit, and then hard is lowered to the extended time, where the
 * iteration is cut. Always false when off (nothing to decide then). */
bool timeman_next_iteration(TimeMan *tm, double urgency, double elapsed, double next_ms);

/* How critical pos is for its side to move, from the threats on the
 * board: f->urgency_threat if the opponent has a point that makes a double
 * three, a four-three, a double four or an open four (it threatens to
 * win), else f->urgency_attack if the mover has one (an attack to weigh),
 * else 0. 0 too when either side can make five: the move is forced, no
 * time helps. */
double timeman_urgency(const Board *pos, const TimeFactors *f);

/* b less a fixed overhead per move (the time a move takes beyond the
 * player's thinking: pipes, a manager): ms less the overhead, but at most
 * TIMEMAN_RESERVE_SHARE of ms (at least 1 ms left), and with a clock
 * time_left less overhead for each move still to come (at most half of
 * it; the moves counted with the default factors, as in timeman_split).
 * b without time limits is returned as it is. */
Budget timeman_reserve(const Budget *b, int empty, double overhead);

/* The budget of one of parts searches that make one move under b: a limit
 * per search of the move's target / parts (at least 1 ms) and no clock.
 * Node and depth limits are kept (they are the caller's to split). */
Budget timeman_split(const Budget *b, int empty, int parts);

#endif
