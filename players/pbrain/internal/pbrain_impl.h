/* pbrain_impl.h - the Gomocup engine's session, shared by its files
 * (internal to pbrain*.c): pbrain.c reads commands and answers the
 * one-line ones, pbrain_block.c the blocks that end in DONE (BOARD,
 * YXBOARD, SWAP2BOARD and those skipped), pbrain_swap2.c the Swap2
 * opening, pbrain_player.c the player behind it all, pbrain_info.c the
 * INFO lines that set its parameters and seed. */
#ifndef PLAYERS_PBRAIN_IMPL_H
#define PLAYERS_PBRAIN_IMPL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "pbrain.h"

enum { PBRAIN_ERR_MAX = 256, PBRAIN_COLOR_NONE = -1 };

typedef enum {
	BLOCK_NONE,    /* not inside a block */
	BLOCK_BOARD,   /* BOARD: set the position, then play */
	BLOCK_YXBOARD, /* YXBOARD: set the position only */
	BLOCK_SWAP2,   /* SWAP2BOARD: the Swap2 opening */
	BLOCK_SKIP,    /* a block command we do not implement */
} BlockKind;

typedef struct {
	const PbrainOptions *opt;
	FILE *out;
	bool failed;    /* a write to out failed */
	Player *player; /* NULL until needed: made by the first move of a game */
	/* What the player is made from: opt's, as INFO KEY VALUE and INFO
	 * seed changed them (pbrain_info.c), kept from game to game. */
	ParamSet params;
	uint64_t seed;
	bool started;
	Board b;   /* the game, field-3 points as walls (wall.h) */
	int me;    /* our colour, or PBRAIN_COLOR_NONE until known */
	Rule rule; /* from INFO rule; kept for later games */
	PbrainTimes times;
	double spent_ms;    /* our thinking time this game */
	int64_t max_memory; /* bytes; 0: no limit */
	uint64_t max_node;  /* INFO max_node; 0: none */
	int max_depth;      /* INFO max_depth; 0: none */
	int nwall;          /* the walls of b, kept through a rule change */
	int16_t wall[BOARD_MAX_MOVES];
	/* Between a block command and DONE: the lines read, and the first
	 * error (reported at DONE). */
	BlockKind block;
	char block_name[24];
	int setup_count, setup_line;
	int16_t setup_point[BOARD_MAX_MOVES];
	uint8_t setup_field[BOARD_MAX_MOVES];
	uint8_t setup_taken[BOARD_CELLS];
	char setup_err[PBRAIN_ERR_MAX];
} Session;

/* Writes one reply line and flushes it; a failure sets s->failed. */
void pbrain_reply(Session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Reads n comma-separated whole numbers (blanks allowed around them)
 * making up all of text. Returns 0 or -1. */
int pbrain_parse_ints(const char *text, long *v, int n);

/* Is the game over (a five on the board, or no empty point)? Then err says
 * why. */
bool pbrain_game_over(const Session *s, char *err, size_t errlen);

/* Sets the game to size, rule, s's walls and then the n stones pts[] of
 * colours col[], in order; side to move: to_move. The player is kept if
 * keep_player (the same game goes on). */
void pbrain_set_position(Session *s, int size, Rule rule, const int16_t *pts,
                         const uint8_t *col, int n, Color to_move, bool keep_player);

/* Case-insensitive: is the n-byte word w the keyword kw? */
bool pbrain_word_is(const char *w, size_t n, const char *kw);

/* pbrain_block.c: the start of a block, and a line inside it (trimmed, its
 * first word `word` bytes long; bad: why it cannot be read, or NULL); false
 * on END. */
void pbrain_block_begin(Session *s, BlockKind kind, const char *name);
bool pbrain_block_line(Session *s, const char *line, size_t word, const char *bad);

/* pbrain_info.c: INFO key value (key n bytes long) for a key the protocol
 * does not define: a parameter of the type or the seed, set for the next
 * move, or ignored with a DEBUG line (a bad value, an unknown key).
 * Returns false for the protocol's own keys, which are the caller's. */
bool pbrain_info_setting(Session *s, const char *key, size_t n, const char *value);

/* pbrain_swap2.c: answers SWAP2BOARD with the n stones on s->b. */
void pbrain_swap2_answer(Session *s, int n);

/* pbrain_player.c: the session's player, made on first use within the
 * memory limit (NULL with a message in err if it cannot be made). */
Player *pbrain_player(Session *s, char *err, size_t errlen);
void pbrain_player_drop(Session *s);

/* The budget of one move: INFO max_node and max_depth, the options, and
 * the clock (unless the options fix nodes or depth). */
Budget pbrain_move_budget(const Session *s);

/* Asks the player for a move of b->to_move on b with budget (the time it
 * takes is counted against the game); never an occupied point. Returns
 * POINT_NONE, with err set, only if there is no player. */
int pbrain_choose(Session *s, const Board *b, const Budget *budget, MoveInfo *info,
                  char *err, size_t errlen);

/* Chooses, plays and sends our move. */
void pbrain_play_our_move(Session *s);

#endif
