/* records_impl.h - what the record readers share (records.c, pgn_read.c,
 * sgf_read.c, psq_read.c); the store's own. */
#ifndef ARENA_RECORDS_IMPL_H
#define ARENA_RECORDS_IMPL_H

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
} RecordsFile;

/* Hashes g (id), counts it and hands it to the callback. Returns 0, or
 * ERR_INPUT with the callback's message in msg (the reader places it). */
int records_emit(RecordsFile *rf, RecordGame *g, char *msg, size_t msglen);

/* Counts a game without a result. */
void records_unfinished(RecordsFile *rf);

/* Copies text into a name field of 64 bytes: 0, or -1 if it is empty or
 * does not fit. */
int records_name(char dst[64], const char *text);

/* The readers: f opened on rf->path, read to its end. 0 or ERR_INPUT. */
int pgn_read(RecordsFile *rf, FILE *f, char *err, size_t errlen);
int sgf_read(RecordsFile *rf, FILE *f, char *err, size_t errlen);
int psq_read(RecordsFile *rf, FILE *f, char *err, size_t errlen);

#endif
