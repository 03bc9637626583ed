/* balance.h - `arena balance`: choose balanced openings by self-play.
 *
 * Random short openings near the centre are each played by one player
 * against itself at several node budgets (a deterministic player plays a
 * different game at each budget); an opening is kept when black's score
 * over those games lies within the tolerance of 50%, and when the solver
 * finds no quick forced win (VCF or VCT) for the side to move. The kept
 * openings, closest to 50% first, are printed as an INI opening file. */
#ifndef ARENA_BALANCE_H
#define ARENA_BALANCE_H

#include <stddef.h>
#include <stdio.h>

#include "rules.h"

/* The ranges are the command's (cmd/balance.c), checked there. */
typedef struct {
	const char *player;        /* a player type, made with its defaults */
	long candidates;           /* random openings drawn, 1 to 100000 */
	long keep;                 /* at most this many kept, 1 to 100000 */
	long games;                /* games of each, 1 to 1000 */
	long nodes, step;          /* game g's budget: nodes + g * step nodes a move */
	double tolerance;          /* black's score within 0.5 +- this, 0 to 0.5 */
	long min_plies, max_plies; /* an opening's stones, 0 to 8 */
	long box;                  /* inside the central box x box, 3 to size */
	long size;                 /* BOARD_MIN to BOARD_MAX */
	Rule rule;
	long seed;    /* 0 to 2^31 - 1 */
	long threads; /* 0: every core */
} BalanceOptions;

/* Chooses the openings and writes them to out as an INI opening file (its
 * comments say how they were made); the count of candidates progress goes
 * to stderr. *qualified: how many openings qualified (more than o->keep
 * are cut, fewer are all there is). Returns the exit status: 0; 1 out of
 * memory; 2 bad options (an unknown type, min_plies > max_plies, box >
 * size), with the message in err ("arena balance: ..."). */
int balance_run(const BalanceOptions *o, FILE *out, long *qualified, char *err,
                size_t errlen);

#endif
