/* texel.h - `tuner texel FILE.ini`: fit evaluation weights to game
 * results, then verify by a match. */
#ifndef TUNER_TEXEL_H
#define TUNER_TEXEL_H

#include <stddef.h>

typedef struct {
	const char *file; /* the INI file (configs/texel-alphabeta.ini documents it) */
	const char *out;  /* the folder the run folder goes into; NULL: the file's */
	long threads;     /* 0: every core; -1: the file's */
} TexelOptions;

/* Plays (or reads) the data games, fits, and plays the verification match,
 * into OUT/NAME: games.csv, texel.csv, loss.csv, tuned.ini, verify.csv.
 * Progress and the results go to stdout. Returns the exit status: 0; 1 a
 * failure; 2 bad input (the file); VERIFY_STATUS_REJECTED (3: every file
 * written, verify.h); 128 + N after signal N. With a nonzero status err
 * holds the message ("tuner texel: ..."). */
int texel_tune(const TexelOptions *o, char *err, size_t errlen);

#endif
