/* records_impl.h - what the record readers share (records.c, pgn_read.c,
 * sgf_read.c, psq_read.c); the store's own. */
#ifndef ARENA_RECORDS_IMPL_H
#define ARENA_RECORDS_IMPL_H

#include <stdbool.h>
#include <stdio.h>

#include "records.h"

/* One input being read. */
typedef struct {
	const char *path;
	int input;
	RecordsFn fn;
	void *user;
	RecordsCounts *counts;
	int number; /* games of this file so far (finished or not) */
	/* records_find: the game wanted (its job number; -1 the first), and
	 * whether it was found; stop ends the reading (the readers look). */
	bool finding, found, stop;
	long want;
} RecordsFile;

/* Hashes g (id), counts it and hands it to the callback. Returns 0, or
 * ERR_INPUT with the callback's message in msg (the reader places it). */
int records_emit(RecordsFile *rf, RecordGame *g, char *msg, size_t msglen);

/* A game without a result: counted (records_scan), or handed over with
 * score -1 if it is the one records_find wants. As records_emit. */
int records_unfinished(RecordsFile *rf, RecordGame *g, char *msg, size_t msglen);

/* Copies text into a name field of 64 bytes: 0, or -1 if it is empty or
 * does not fit. */
int records_name(char dst[64], const char *text);

/* A word for how a game ended (RecordGame.reason) from another tool's
 * words: our reason names as they are, else one found in the text (PGN's
 * Termination, c-gomoku-cli's "Black win by time forfeit": timeout), else
 * "unknown". */
void records_reason(const char *text, char reason[24]);

/* The readers: f opened on rf->path, read to its end. 0 or ERR_INPUT. */
int pgn_read(RecordsFile *rf, FILE *f, char *err, size_t errlen);
int sgf_read(RecordsFile *rf, FILE *f, char *err, size_t errlen);
int psq_read(RecordsFile *rf, FILE *f, char *err, size_t errlen);

#endif
