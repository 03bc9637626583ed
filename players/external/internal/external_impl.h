/* external_impl.h - what the files of the external player share: the
 * instance and the helpers that end an engine's game with a fault. For
 * external*.c only; the rest of the code knows the type by its table
 * (player_external, registry.h).
 *
 * external.c makes, reuses and destroys instances and begins each game;
 * external_start.c starts an engine's game (START or RESTART, the wait for
 * OK, the game's INFO lines); external_move.c asks it for moves. One thread
 * per instance at a time. */
#ifndef PLAYERS_EXTERNAL_IMPL_H
#define PLAYERS_EXTERNAL_IMPL_H

#include <stdbool.h>
#include <stdint.h>

#include "external_proc.h"
#include "external_text.h"
#include "param.h"
#include "player.h"
#include "proc_cmd.h"
#include "proc_log.h"

/* The parameters, in the order of external.c's table. */
enum {
	EXTERNAL_COMMAND,
	EXTERNAL_DIR,
	EXTERNAL_INFO,
	EXTERNAL_TIMEOUT_TURN,
	EXTERNAL_TIMEOUT_MATCH,
	EXTERNAL_TOLERANCE,
	EXTERNAL_TIMEOUT_START,
	EXTERNAL_MAX_MEMORY,
	EXTERNAL_LOG,
	EXTERNAL_PONDER,
	EXTERNAL_RESTART,
	EXTERNAL_LOG_MAX,
	EXTERNAL_NPARAMS
};

/* The INFO lines of a game's start, ready to send; `command` and `info`
 * once every {seed} in them is the game's seed (20 digits at most). */
enum { EXTERNAL_INFO_MAX = 1024, EXTERNAL_TEXT_MAX = 1024 };

/* What `command` and `info` may hold for the seed of the game. */
#define EXTERNAL_SEED_MARK "{seed}"

/* The values of ponder, in the order of its choices. */
typedef enum {
	PONDER_OFF,   /* stopped between its moves */
	PONDER_ON,    /* never stopped */
	PONDER_WATCH, /* its CPU time between moves watched; stopped once caught */
} ExternalPonder;

/* CPU time between two moves (from the engine's move to the next command)
 * that counts as pondering under ponder = watch: well above what an engine
 * takes to finish writing its move and to wait for the next command (some
 * microseconds), well below what a search gains anything from. */
#define EXTERNAL_PONDER_SLACK_MS 1.0

/* Where the start of an engine's game stands. */
typedef enum {
	EXTERNAL_STARTED,      /* OK read and the INFO lines sent (or a fault) */
	EXTERNAL_START_SENT,   /* a fresh process was sent START */
	EXTERNAL_RESTART_SENT, /* the last game's process was sent RESTART */
} ExternalStart;

typedef struct {
	Player base;
	ParamSet ps; /* as made or last reused: what reuse compares */
	char path[PROC_PATH_MAX];
	char command[EXTERNAL_TEXT_MAX]; /* with {seed} replaced: what runs */
	char *argv[PROC_ARGS_MAX + 1];
	char argstore[EXTERNAL_TEXT_MAX];
	char dir[PARAM_TEXT_MAX];
	char info[EXTERNAL_INFO_MAX]; /* the INFO lines of game start, ready to send */
	char log_path[PARAM_TEXT_MAX];
	ProcLog log; /* open from new_game while log_path is set */
	int64_t timeout_turn, timeout_match, tolerance, timeout_start, max_memory;
	ExternalPonder ponder;
	bool restart; /* restart = on: a fresh process for every game */
	/* Stop the engine after each of its moves: ponder = off, or watch and
	 * the engine was caught (then for the instance's life: every later
	 * game too). */
	bool stop_between;
	/* ponder = watch, not caught: the process's CPU time (proc_cpu_ms)
	 * when its last move was read, or -1 (no move read since a command);
	 * wall_at_move is clock_ms() then. */
	double cpu_at_move, wall_at_move;
	int cpus; /* the machine's CPUs: a bound on its CPU time a ms */
	/* RESTART failed once: fresh processes from then on, so that an
	 * engine that ignores it costs timeout_start once, not every game. */
	bool restart_failed;
	Proc proc;
	int proc_size; /* the board size the process was sent START with */
	ExternalStart start;
	double start_sent; /* clock_ms() when START or RESTART was sent */
	Rule rule;
	int size;
	int fault;                     /* FAULT_* of this game, sticky until new_game */
	char detail[FAULT_DETAIL_MAX]; /* and what happened, as MoveInfo says */
	int skipped;                   /* lines skipped in this wait */
	char last_skipped[EXTERNAL_QUOTE_MAX + 4];
	/* What the process was last told: a kept process remembers it. */
	int64_t told_turn;   /* timeout_turn */
	int64_t told_match;  /* timeout_match */
	int64_t told_inc;    /* time_increment (0: none told) */
	uint64_t told_nodes; /* max_node, max_depth (0: none told) */
	int told_depth;
	double time_left; /* ms of the match clock (timeout_match > 0) */
	bool asked;       /* the engine was asked for a move this game */
	int known;        /* the stones the engine knows, in order */
	int16_t known_moves[BOARD_MAX_MOVES];
} External;

/* Ends the engine's game with fault: kills the process (a dying one is
 * given a moment to die of its own cause), keeps the detail (what happened,
 * from fmt; how the process ended unless we killed it; the tail of its
 * stderr) and logs it. Returns fault. */
int external_fail(External *e, int fault, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A line that is not the awaited answer: counted, kept for the detail. */
void external_skip_line(External *e, const char *line);

/* "; N lines skipped (last '...')" for a wait that ended without its
 * answer, or "". */
const char *external_skipped_text(const External *e, char *buf, size_t buflen);

/* Ends the process: END and a grace period if its game ended without a
 * fault, else at once. */
void external_stop(External *e);

/* Sends RESTART to the kept process (with_restart) or starts a fresh one
 * and sends it START; does not wait for the answer. A process that cannot
 * be started is the game's crash fault. */
void external_start_begin(External *e, bool with_restart);

/* Waits for the OK to what external_start_begin sent, until timeout_start
 * after it was sent; a failed RESTART starts a fresh process instead (no
 * fault). Then sends the game's INFO lines, with the limits of budget (the
 * first move's; NULL when no move follows: the player's own). Returns the
 * game's fault (FAULT_NONE when the engine is ready for its first move). */
int external_start_finish(External *e, const Budget *budget);

/* The move time limit (INFO timeout_turn) and the match time
 * (timeout_match) the engine is to be told under budget (NULL: none): the
 * budget's ms and game clock replace the player's own. */
void external_limits(const External *e, const Budget *budget, int64_t *turn,
                     int64_t *match);

/* ponder = watch: the engine is about to get a command; was it still
 * thinking since its last move? If it took more than
 * EXTERNAL_PONDER_SLACK_MS of CPU (or its CPU time cannot be read), it is
 * stopped between moves from now on (logged). Its clock is not read when
 * too little wall time has passed for that much CPU on every CPU there is
 * (a system call saved a move against an opponent that answers at once). */
void external_watch_ponder(External *e);

/* The player type's choose. */
int external_move_choose(Player *p, const Board *pos, const Budget *budget, MoveInfo *info);

#endif
