/* player.h - the one interface behind which every player sits.
 *
 * A player type is a table of functions plus a declaration of its
 * parameters; the registry (registry.h) maps type names to these tables. An
 * instance (Player) is created from a ParamSet and a seed, told the board
 * size and rule with player_new_game, asked for moves with player_choose,
 * and destroyed. Instances share nothing writable, so any number of them
 * may run in parallel threads (one thread per instance at a time).
 *
 * Budgets: a node (or playout) limit and a depth limit are deterministic:
 * with the same seed, budgets and positions asked since new_game a player
 * returns the same moves (what a type keeps from move to move, mcts's
 * tree, alphabeta's table, comes from the game's own earlier positions
 * only). A time limit is not. The first limit reached stops the search. Time
 * comes in two kinds: a limit per move (ms) and a game clock (game_ms, its
 * increment inc_ms and the time_left of the move), which the referee keeps
 * (arena/jobs/game_play.c) and a player plans with (timeman.h). */
#ifndef PLAYERS_PLAYER_H
#define PLAYERS_PLAYER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "param.h"

enum { PV_MAX = 32 };

/* Budget kinds, as flags: which limits a player type honours (a type that
 * honours BUDGET_GAME plans with the game clock and its increment). */
enum {
	BUDGET_NODES = 1,
	BUDGET_DEPTH = 2,
	BUDGET_MS = 4,
	BUDGET_GAME = 8,
	BUDGET_INC = 16
};

typedef struct {
	uint64_t nodes; /* nodes (iterations, for mcts); 0 = no limit */
	int depth;      /* plies; 0 = no limit */
	int64_t ms;     /* wall time for this move; 0 = no limit */
	/* The game clock: wall time for all of the player's moves in one game
	 * (0 = no clock), and what each move gives back once made. */
	int64_t game_ms;
	int64_t inc_ms;
	/* With a game clock, the time on it as this move starts (>= 0), set
	 * for every move by whoever keeps the clock (game_play.c; pbrain from INFO
	 * time_left). Not read without game_ms. */
	int64_t time_left;
} Budget;

/* Whether b limits a move at all (nodes, depth, ms or a game clock). */
bool budget_limited(const Budget *b);

/* The most wall time this move may take under b's time limits: ms, and
 * with a game clock at most time_left; < 0 when b has no time limit. */
double budget_move_limit(const Budget *b);

/* Scores are from the mover's side; |score| >= SCORE_WIN - BOARD_MAX_MOVES
 * means a proven win (or loss) in SCORE_WIN - |score| plies. */
enum { SCORE_WIN = 1000000000, SCORE_NONE = -2000000000 };

/* The other fields of MoveInfo that a player may not know: a depth or
 * selective depth of DEPTH_NONE, nodes of NODES_NONE (player_choose sets
 * both before asking; 0 is a count, not "unknown"). */
enum { DEPTH_NONE = -1 };
#define NODES_NONE UINT64_MAX

/* MoveInfo.message: the most of an engine's MESSAGE text kept, with its NUL. */
enum { MOVE_MESSAGE_MAX = 200 };

/* Every raw MESSAGE line an external engine sent during one game, for
 * [tournament] msg (arena/store/messages.h): a line "PLY TEXT\n" each,
 * PLY the move the engine was thinking about (stones on the board + 1),
 * TEXT what followed "MESSAGE " (bytes outside printable ASCII as '?').
 * At most MESSAGE_LOG_MAX bytes a game: a line that does not fit, and
 * every later one, is left out and cut is set. */
enum { MESSAGE_LOG_MAX = 65536 };
typedef struct {
	size_t len;
	bool cut;
	char text[MESSAGE_LOG_MAX];
} MessageLog;

/* Empties log for a new game. */
void message_log_clear(MessageLog *log);

/* Adds the text of the n bytes at s as a line of move ply (see above). */
void message_log_add(MessageLog *log, int ply, const char *s, size_t n);

/* Why a player could not give a move (MoveInfo.fault). Only players that
 * run outside the process (external) report faults; the arena scores a fault
 * as a loss of the mover. */
enum {
	FAULT_NONE = 0,
	FAULT_CRASH,    /* the engine died, or could not be started */
	FAULT_TIMEOUT,  /* no move within the time limit plus the tolerance */
	FAULT_ILLEGAL,  /* a move off the board (or, from the referee, onto a
	                   taken point) */
	FAULT_PROTOCOL, /* no OK to START, a malformed "x,y" or an over-long line */
	FAULT_MEMORY,   /* the engine's resident size went over its max_memory */
};

/* MoveInfo.fault_detail: what went wrong, for a person reading faults.csv. */
enum { FAULT_DETAIL_MAX = 256 };

typedef struct {
	int move;       /* the chosen point */
	uint64_t nodes; /* nodes (mcts: iterations) searched for this move;
	                   NODES_NONE if not known */
	int depth;      /* depth completed (0 for players that do not search);
	                   DEPTH_NONE if not known */
	int seldepth;   /* selective (deepest) depth; DEPTH_NONE if not known */
	int score;      /* SCORE_NONE if the player has none; an external
	                   engine's eval is from its side, in its units */
	int pv_len;
	int16_t pv[PV_MAX]; /* principal variation, starting with move */
	double ms;          /* wall time spent */
	int fault;          /* FAULT_NONE, or why move is POINT_NONE */
	/* With a fault: the offending line, exit status or signal, the clock,
	 * the tail of the engine's stderr. Printable ASCII without commas
	 * (they become ';'), so it goes into a CSV field as it is; "" when
	 * there is no fault. */
	char fault_detail[FAULT_DETAIL_MAX];
	/* External engines: the text of the last MESSAGE line before the move
	 * (printable ASCII, commas as ';', at most MOVE_MESSAGE_MAX - 1
	 * bytes) when no MESSAGE of the move said anything engine_message.h
	 * reads; "" otherwise. */
	char message[MOVE_MESSAGE_MAX];
	/* NULL, or where an external engine adds each MESSAGE line it sends
	 * before this move (player_choose_log). */
	MessageLog *messages;
} MoveInfo;

typedef struct Player Player;
typedef struct PlayerType PlayerType;
typedef struct EvalFeatures EvalFeatures; /* eval_features.h */

struct PlayerType {
	const char *name; /* as in INI files: "naive", "mcts", ... */
	const char *help; /* one line */
	const ParamDecl *params;
	int nparams;
	/* The limits of Budget it honours (BUDGET_* flags); a type that does
	 * not search (0) answers at once whatever the budget. */
	unsigned budgets;
	/* Returns a new instance or NULL with a message in err. */
	Player *(*create)(const ParamSet *ps, uint64_t seed, char *err, size_t errlen);
	void (*destroy)(Player *p);
	/* Prepares for a game on a size x size board under rule. */
	void (*new_game)(Player *p, int size, Rule rule);
	/* Chooses a legal move for pos->to_move (pos is not full and has no
	 * five). Never returns a point that is not empty; under renju black
	 * avoids forbidden points whenever it has any other move. The external
	 * type alone may break this: it returns what the engine said (maybe an
	 * occupied point), or POINT_NONE with info->fault set. */
	int (*choose)(Player *p, const Board *pos, const Budget *budget, MoveInfo *info);
	/* Optional; NULL: instances are made anew for every game. Makes p, which
	 * may have played games, ready for the next game as if create(ps, seed)
	 * had made it: returns true, or false when it cannot (the caller then
	 * destroys p and creates a new instance). */
	bool (*reuse)(Player *p, const ParamSet *ps, uint64_t seed);
	/* Optional; NULL: nothing to do. The game is over (the referee's
	 * call, or abandoned): fault is FAULT_NONE, or the fault the referee
	 * found in p's last answer (an occupied point, a move past the
	 * referee's time limit), detail its text. The external type ends its
	 * engine's process there (a fault, restart = on); no move is asked
	 * of p before its next new_game. */
	void (*end_game)(Player *p, int fault, const char *detail);
	/* Optional; NULL: none. The static evaluation as counts of features
	 * linear in some of params, for Texel tuning (eval_features.h). */
	const EvalFeatures *eval;
};

/* Every instance begins with this header; implementations embed it first. */
struct Player {
	const PlayerType *type;
};

/* Thin wrappers that also fill MoveInfo's time and defaults. */
Player *player_create(const PlayerType *t, const ParamSet *ps, uint64_t seed, char *err,
                      size_t errlen);
void player_destroy(Player *p); /* accepts NULL */
void player_new_game(Player *p, int size, Rule rule);
/* p->type->reuse(p, ps, seed), or false when the type has no reuse. */
bool player_reuse(Player *p, const ParamSet *ps, uint64_t seed);
int player_choose(Player *p, const Board *pos, const Budget *budget, MoveInfo *info);
/* player_choose with info->messages = log (NULL: none kept). */
int player_choose_log(Player *p, const Board *pos, const Budget *budget, MoveInfo *info,
                      MessageLog *log);
/* p->type->end_game(p, fault, detail), if the type has one. */
void player_end_game(Player *p, int fault, const char *detail);

#endif
