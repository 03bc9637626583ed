/* pbrain.h - a built-in player as a Gomocup ("pbrain") engine.
 *
 * pbrain_run speaks the engine side of the Gomocup protocol (the one
 * Piskvork and the Gomocup judge use) and of the Yixin-Board extensions
 * that matter to a manager (SWAP2BOARD, YXBOARD, INFO max_node and
 * max_depth) on two streams: commands one a line from in, replies to out,
 * flushed after every reply. It never exits the process and never crashes
 * on bad input: malformed commands get an "ERROR ..." or "UNKNOWN ..." reply
 * and the session goes on; a command followed by lines up to DONE gets one
 * reply, at DONE, never one per line. Lines are read into a fixed buffer;
 * the rest of an over-long line is discarded unread.
 *
 * Each game (START, RECTSTART, RESTART) gets a fresh player created from
 * opt->params and opt->seed as `INFO KEY VALUE` (a declared parameter) and
 * `INFO seed N` last changed them, so with a node or depth budget a game
 * depends only on them and the moves. Thread safety: one call per pair of
 * streams; calls on different streams may run in parallel. */
#ifndef PLAYERS_PBRAIN_H
#define PLAYERS_PBRAIN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "player.h"

enum {
	PBRAIN_LINE_MAX = 4096, /* longest command line kept, with its NUL */
	/* Of INFO max_memory, the MB left to the process itself (program,
	 * libraries, pattern tables, a search's fixed structures); the player's
	 * tables get the rest. */
	PBRAIN_RESERVE_MB = 6,
};

typedef struct {
	const PlayerType *type;
	ParamSet params; /* values for type->params; INFO max_memory may lower
	                    its memory parameters (pbrain_memory_params) */
	uint64_t seed;
	uint64_t nodes; /* > 0: every move gets this node budget and no time
	                   limit (deterministic); 0: time management. INFO
	                   max_node, if given and not 0, replaces the number. */
	int depth;      /* > 0: depth budget, like nodes (INFO max_depth) */
	bool verbose;   /* "MESSAGE ..." with depth, score, nodes before a move */
} PbrainOptions;

/* Gomocup time limits in ms, as INFO gives them; a negative value means
 * "not given". timeout_turn 0 means "as fast as possible", timeout_match 0
 * "no match limit", time_left PBRAIN_TIME_LEFT_NONE "no limit" (what a
 * manager sends without a match limit). time_increment (a Yixin-Board
 * extension: what the match clock gains after each move) 0 or not given:
 * none. */
typedef struct {
	int64_t timeout_turn;
	int64_t timeout_match;
	int64_t time_left;
	int64_t time_increment;
} PbrainTimes;

enum {
	PBRAIN_TIME_LEFT_NONE = 2147483647,
	PBRAIN_TURN_DEFAULT = 30000, /* timeout_turn when INFO gives none (Gomocup's) */
	PBRAIN_OVERHEAD_MS = 30,     /* a move's time beyond our thinking: the pipes, the
	                                manager, a process woken on a loaded machine */
};

/* The time part of a move's Budget, for the player's time manager
 * (timeman.h) to plan with; no node or depth limit:
 *   ms        timeout_turn (PBRAIN_TURN_DEFAULT if not given; 0 gives 1 ms)
 *   game_ms   a match clock when time_left is given (and not "no limit"), or
 *             else timeout_match is: timeout_match (or time_left without it)
 *   time_left time_left if given, else timeout_match - spent_ms (>= 0)
 *   inc_ms    time_increment
 * then PBRAIN_OVERHEAD_MS kept back from each move (timeman_reserve, with
 * empty points left on the board). */
Budget pbrain_clock_budget(const PbrainTimes *t, double spent_ms, int empty);

/* The parameters a player of type t gets under INFO max_memory (bytes; 0
 * or less: no limit): in, or t's defaults if in is not t's, with each
 * memory parameter (hash_mb, pool_mb, nodes_mb) lowered, if need be, so
 * that the tables it sizes fit in an equal share of max_memory less
 * PBRAIN_RESERVE_MB; never below the parameter's minimum. */
void pbrain_memory_params(const PlayerType *t, const ParamSet *in, int64_t max_memory,
                          ParamSet *out);

/* Runs a session until END (returns 0) or the end of in (returns 0).
 * Returns -1 with a message in err if writing to out fails. */
int pbrain_run(FILE *in, FILE *out, const PbrainOptions *opt, char *err, size_t errlen);

#endif
