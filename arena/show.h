/* show.h - `arena show`: replay a game record on the terminal. */
#ifndef ARENA_SHOW_H
#define ARENA_SHOW_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
	const char *path; /* any record records.h reads (the format from its content) */
	long job;         /* games.csv: the game's job number, else its number from 1
	                     (records_find);	 -1: none given, the file's only game */
	long size;        /* the board's size where the record does not say it; 0: from the
	                     run's config.ini beside the file, else 15 */
	int rule;         /* a Rule (rules.h); -1: the run's, or freestyle */
} ShowOptions;

/* Replays the game to out: the final board, the moves, how it ended under
 * the rule, the recorded players and result, and for a games.csv the
 * fault (from faults.csv beside it) and the moves' notes (moves.csv).
 * Returns the exit status: 0, or 2 with the message in err (a file that
 * cannot be read, "FILE: no game N (it holds K)", no N for a file of
 * several games). */
int show_game(const ShowOptions *o, FILE *out, char *err, size_t errlen);

#endif
