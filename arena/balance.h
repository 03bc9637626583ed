/* balance.h - `arena balance`: choose balanced, informative openings by
 * play.
 *
 * Random short openings near the centre (candidates) are drawn; one that
 * repeats an earlier one up to symmetry, or where the solver finds a quick
 * forced win (VCF or VCT) for the side to move, is dropped. Each other one
 * is played `games` times by the player (the stronger) against itself,
 * game g at its budget times 1 + g * spread (a deterministic player plays
 * a different game at each budget); one where black's score lies within
 * the tolerance of 50% qualifies. Each qualifying candidate then plays
 * `pairs` colour-swapped pairs, the stronger against the weaker, pair k at
 * both budgets times 1 + k * spread. A pair is decisive when the two sides
 * do not score 1-1 in it (the same colour winning both games, or two
 * draws, is a split pair: it says nothing about who is stronger). The
 * qualified openings, most decisive pairs first, then black's score
 * closest to 50%, then in the order drawn, are written as an INI opening
 * file (its comments say how they were made).
 *
 * Every game is a job of the job engine (jobs.h) with a fixed id, so with
 * node budgets the openings are the same for any number of threads. With a
 * work folder (out), every game is appended to out/games.csv as it
 * finishes, and running the same command again plays only what is
 * missing: the same openings after a kill. */
#ifndef ARENA_BALANCE_H
#define ARENA_BALANCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "player.h"
#include "rules.h"

/* The ranges are the command's (cmd/balance.c), checked there. */
typedef struct {
	/* The stronger player: a spec as arena match takes it (player_arg.h),
	 * or with config the NAME of a [player NAME] section of that file. */
	const char *player;
	/* The weaker, given the same way; NULL: the player at half its
	 * budget (each limit it gives halved). */
	const char *weaker;
	const char *config; /* NULL, or a tournament INI file (config.h) */
	/* The budget of a player that gives none of its own: budget if
	 * budget_given, else config's [tournament] budget (its default
	 * without budget keys), else 4000 nodes. */
	Budget budget;
	bool budget_given;
	long candidates; /* random openings drawn, 1 to 100000 */
	long keep;       /* at most this many kept, 1 to 100000 */
	long games;      /* self-play games of each candidate, 1 to 1000 */
	long pairs;      /* stronger-weaker pairs of each qualifying one, 0 to 100 */
	double spread; /* game g, pair k at the budgets times 1 + g (k) * spread, 0 to 10 */
	double tolerance;          /* black's score within 0.5 +- this, 0 to 0.5 */
	long min_plies, max_plies; /* an opening's stones, 0 to 8 */
	long box;                  /* inside the central box x box, 3 to size */
	long size;                 /* BOARD_MIN to BOARD_MAX */
	Rule rule;
	long seed;       /* 0 to 2^31 - 1 */
	long threads;    /* 0: every core */
	const char *out; /* NULL: no work folder, the openings go to out */
	/* A file a game in out/logs/ for each external engine whose `log` is
	 * not "off" (without it: those whose log is "on"); needs out. */
	bool log;
} BalanceOptions;

/* Chooses the openings and writes them as an INI opening file: to out, or
 * with a work folder o->out to o->out/openings.ini (atomically; out is not
 * used). Progress with an ETA goes to stderr. *qualified: how many
 * openings qualified (more than o->keep are cut, fewer are all there is).
 * Returns the exit status: 0; 1 out of memory, a file that cannot be
 * written, a player that fails; 2 bad input (a player that cannot be
 * made, a configuration file that does not read, min_plies > max_plies,
 * box > size, a work folder that holds another balance); 128 + N after
 * signal N (with a work folder: the games played are kept), with the
 * message in err ("arena balance: ..." or "file:line: ..."). */
int balance_run(const BalanceOptions *o, FILE *out, long *qualified, char *err,
                size_t errlen);

#endif
