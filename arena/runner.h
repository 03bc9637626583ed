/* runner.h - `arena run`: play a tournament into its run folder. */
#ifndef ARENA_RUNNER_H
#define ARENA_RUNNER_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
	const char *file; /* the tournament's INI file */
	const char *out;  /* the folder the run folder goes into; NULL: the file's */
	long threads;     /* 0: every core; -1: the file's */
	bool log;         /* every external engine's conversation, a file per game */
	/* "section.key=value" overrides of the file's keys, applied in order. */
	const char *const *sets;
	int nsets;
} RunOptions;

/* Plays the tournament o->file describes into OUT/NAME, resuming the games
 * a folder of the same tournament already holds; then the SPRT verdict and
 * the report (report.h). Progress, the opening line and notes (a --set
 * that changes nothing) go to stderr as the run goes, the standings to
 * stdout. Returns the exit status: 0; 1 a failure (a file not written, a
 * player that could not be created, out of memory); 2 bad input (the file,
 * an override, a folder holding another run); 128 + N after signal N,
 * every finished game kept. With a nonzero status err holds the message to
 * print, one or more lines naming their place (a file, or "arena run"),
 * or "" when it was printed as it happened (a player not created). */
int runner_run(const RunOptions *o, char *err, size_t errlen);

#endif
