/* game_play.h - one game between two player instances.
 *
 * The game is played from an opening (stones placed in order, black first),
 * then the players alternate until a five, a forbidden move (renju: black
 * loses), an illegal move, a fault (MoveInfo.fault: the mover loses), a
 * move over its time (the mover loses), a full board or the ply limit
 * (draws). Failures of a player are results, never crashes.
 *
 * The referee keeps each colour's clock, for every player alike (built-in
 * or external): a move's time is MoveInfo.ms (wall time, measured by
 * player_choose; an external engine's leaves out its start-up). With an
 * `ms` budget a move may take ms; with a game clock (`game_ms`) the colour
 * starts the game with game_ms, each move takes its time off and gives
 * inc_ms back, and a move may take what is left. A move later than that by
 * more than the tolerance loses on time (END_TIMEOUT, the evidence in
 * fault_detail); within it, an overrun stays on the clock, so the
 * tolerance is the most a game clock may ever run below zero. Before each
 * move the player's Budget is given the clock's time_left (never below 0).
 * Node and depth limits are the player's to keep: nothing times them.
 *
 * Adjudication (GameSetup.adjudicate, off with both counts 0) ends a game
 * on the evals the players gave with their moves (MoveInfo.score, from
 * the mover's side), each multiplied by its colour's eval_scale (0: units
 * unknown, no adjudication in this game). Only the moves the players
 * chose count (not the opening's); a move without an eval breaks every
 * run. Resign: the last resign_moves moves of each side (2 * resign_moves
 * plies in a row) all say the same side is losing, its own evals at most
 * -resign_score and its opponent's at least resign_score: that side loses.
 * Draw: the last draw_moves moves of each side, all played at ply
 * draw_after or later, have evals within [-draw_score, draw_score]: a
 * draw. Checked after each move, resign first; the ply it happened at is
 * rec->plies, the rule the result (a draw or not). A proven win or loss
 * (|eval| >= SCORE_WIN - BOARD_MAX_MOVES) is beyond any score, whatever
 * the scale. It all depends on the evals alone, so games under node
 * limits stay deterministic. */
#ifndef ARENA_GAME_PLAY_H
#define ARENA_GAME_PLAY_H

#include <stdatomic.h>
#include <stdint.h>

#include "board.h"
#include "player.h"

typedef enum { RESULT_BLACK_WIN, RESULT_WHITE_WIN, RESULT_DRAW } GameOutcome;

/* The referee's tolerance when the setup gives none, in ms: the external
 * engines' default `tolerance`, far above what a loaded machine's scheduler
 * adds to a move, far below any real overrun. */
enum { GAME_TOLERANCE_MS = 1000 };

typedef enum {
	END_FIVE,        /* the winner made five */
	END_FORBIDDEN,   /* renju: black played a forbidden point */
	END_ILLEGAL,     /* the loser returned an occupied or off-board point */
	END_FULL_BOARD,  /* draw */
	END_MAX_PLIES,   /* draw by the ply limit */
	END_CRASH,       /* the loser (an external engine) died or could not start */
	END_TIMEOUT,     /* the loser gave no move within its time limit + tolerance */
	END_PROTOCOL,    /* the loser broke the protocol: no OK, a malformed move */
	END_MEMORY,      /* the loser's engine went over its max_memory */
	END_ADJUDICATED, /* the referee's call on both engines' evals
	                    (GameSetup.adjudicate): a loss or a draw */
	END_COUNT
} EndReason;

/* The most of a move's principal variation a GameRecord keeps. */
enum { GAME_PV_KEEP = 4 };

typedef struct {
	GameOutcome outcome;
	EndReason reason;
	int plies;                      /* stones on the board at the end */
	int opening_plies;              /* of which came from the opening */
	int16_t moves[BOARD_MAX_MOVES]; /* every stone, opening included */
	int32_t ms[BOARD_MAX_MOVES];    /* thinking time per stone (0 in the opening) */
	double time_ms[2];              /* total thinking time per colour */
	uint64_t nodes[2];              /* total nodes per colour, of the
	                                   moves whose nodes are known */
	/* What the player said of each stone's move (MoveInfo; the opening's
	 * stones say nothing): eval (SCORE_NONE), depth and selective depth
	 * (DEPTH_NONE), nodes (NODES_NONE), the first GAME_PV_KEEP moves of
	 * the principal variation (POINT_NONE after its end). */
	int32_t eval[BOARD_MAX_MOVES];
	int16_t depth[BOARD_MAX_MOVES], seldepth[BOARD_MAX_MOVES];
	uint64_t move_nodes[BOARD_MAX_MOVES];
	int16_t pv[BOARD_MAX_MOVES][GAME_PV_KEEP];
	/* MoveInfo.message of the last move asked for ("" for none). */
	char message[MOVE_MESSAGE_MAX];
	/* The loser's fault (illegal, crash, timeout, protocol, memory): its
	 * colour (BLACK, WHITE; -1 for every other ending) and what happened,
	 * as MoveInfo.fault_detail says (printable ASCII, no commas, so it
	 * goes into a CSV field as it is; "" with no fault). */
	int fault_color;
	char fault_detail[FAULT_DETAIL_MAX];
	/* GameSetup.messages, filled by the game: every MESSAGE line of its
	 * external engines (player.h); NULL when not kept. Not the record's
	 * own: valid while the buffer is (the worker's, until its next game). */
	MessageLog *messages;
} GameRecord;

/* The adjudication rules of a game (game_play above); all 0: none. */
typedef struct {
	int resign_moves; /* each side's last moves that must agree; 0: no resign */
	int resign_score; /* > 0 with resign_moves */
	int draw_moves;   /* each side's last moves within the band; 0: no draw */
	int draw_score;   /* the band's half width */
	int draw_after;   /* the first ply a draw's moves may be played at */
} Adjudication;

typedef struct {
	int size;
	Rule rule;
	int max_plies; /* 0 = up to a full board */
	const int16_t *opening;
	int opening_len;
	Budget budget[2]; /* per colour; time_left is the referee's */
	double tolerance; /* ms past a time limit before a move is late; 0:
	                     GAME_TOLERANCE_MS */
	/* NULL, or a flag that abandons the game when it becomes nonzero
	 * (checked before every move: interrupt.h). */
	const atomic_int *stop;
	Adjudication adjudicate;
	/* Per colour: its evals times this give the units of adjudicate's
	 * scores; 0: units unknown (no adjudication). */
	double eval_scale[2];
	/* NULL, or where the engines' MESSAGE lines go (emptied first). */
	MessageLog *messages;
} GameSetup;

/* Plays one game: players[BLACK] against players[WHITE] (both already
 * created; new_game is called here, and each player's end_game once the
 * game is over or abandoned, with the fault found here in its answer). The opening must be
 * valid (checked by whoever built it). Fills rec and returns 0, or 1 if setup->stop
 * abandoned the game (rec is then incomplete: the game is not to be recorded). */
int game_play(const GameSetup *setup, Player *players[2], GameRecord *rec);

/* Black's score in a finished game: 1, 0.5 or 0 (white's is 1 minus it). */
double game_black_score(const GameRecord *rec);

const char *game_outcome_text(GameOutcome o); /* "1-0", "0-1", "1/2-1/2" */
const char *game_end_name(EndReason r);       /* "five", "forbidden", ... */

#endif
