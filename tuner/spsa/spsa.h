/* spsa.h - `tuner spsa FILE.ini`: the SPSA core (spsa_core.h) with real
 * games, the run folder, and the verification match. */
#ifndef TUNER_SPSA_H
#define TUNER_SPSA_H

#include <stddef.h>

typedef struct {
	const char *file; /* the INI file (configs/spsa-weighted.ini documents it) */
	const char *out;  /* the folder the run folder goes into; NULL: the file's */
	long threads;     /* 0: every core; -1: the file's */
} SpsaOptions;

/* Tunes the [param KEY] parameters of the file's player into OUT/NAME:
 * config.ini, trajectory.csv, tuned.ini, params.png, verify.csv; an
 * interrupted run resumes. Progress goes to stderr, the tuned values and
 * the verification to stdout. Returns the exit status: 0; 1 a failure (a
 * file not written, a player not made, out of memory); 2 bad input (the
 * file, a folder holding another run); VERIFY_STATUS_REJECTED (3, every
 * file written, verify.h); 128 + N after signal N. With a
 * nonzero status err holds the message, naming its place (a file, or
 * "tuner spsa"). Reentrant: no state outside the call. */
int spsa_tune(const SpsaOptions *o, char *err, size_t errlen);

#endif
