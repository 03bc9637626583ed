/* match.h - `arena match`: a quick head-to-head of two players over
 * colour-swapped game pairs from random short openings, for checking a
 * change before a full tournament. */
#ifndef ARENA_MATCH_H
#define ARENA_MATCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "rules.h"

/* The ranges are the command's (cmd/match.c), checked there. */
typedef struct {
	/* "type" or "type:key=value,key=value" (player_arg.h): a key may
	 * also be a budget key, the player's own budget. */
	const char *players[2];
	long pairs;         /* 1 to 100000 */
	long nodes;         /* a move's node (playout) budget, 0 (none) to 1e9 */
	long ms;            /* a move's time, 0 for none */
	long game_ms;       /* each player's game clock, 0 for none */
	long inc_ms;        /* what the game clock gains after each move */
	long size;          /* BOARD_MIN to BOARD_MAX */
	long opening_plies; /* random stones near the centre, 0 to 20 */
	long max_plies;     /* 0: to a full board */
	long threads;       /* 0: every core */
	bool affinity;      /* each game thread and its engines on one CPU */
	long seed;          /* 0 to 2^31 - 1 */
	Rule rule;
} MatchOptions;

/* Plays the pairs (executor.h) and prints the score, the endings, the
 * speeds and the time a move to out. Returns the exit status: 0; 1 a player could not be
 * made or memory ran out; 2 a player that does not parse. With a nonzero status err holds
 * the message ("arena match: ..."). */
int match_play(const MatchOptions *o, FILE *out, char *err, size_t errlen);

/* A short random opening of seed into out (plies entries at most): stones
 * alternating within two of the centre, none of them winning or forbidden
 * (on tiny boards it may come out short). Returns its length. */
int match_random_opening(int size, Rule rule, int plies, uint64_t seed, int16_t *out);

#endif
