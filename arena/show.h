/* show.h - `arena show`: replay a game record on the terminal. */
#ifndef ARENA_SHOW_H
#define ARENA_SHOW_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
	const char *path; /* a .psq record, or a games.csv (by its ".csv") */
	long job;         /* games.csv: the game's job number; -1: none given */
	long size;        /* games.csv: the board's size; 0: from the run's config.ini */
	int rule;         /* a Rule (rules.h); -1: the run's, or freestyle */
} ShowOptions;

/* Replays the game to out: the final board, the moves, how it ended under
 * the rule, and for a games.csv the recorded result and the fault (from
 * faults.csv beside it). Returns the exit status: 0, or 2 with the message
 * in err (a file that cannot be read, no such job, a job number missing
 * for a games.csv or given for a .psq). */
int show_game(const ShowOptions *o, FILE *out, char *err, size_t errlen);

#endif
