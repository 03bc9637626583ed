/* verify.h - the match every tuning run ends with: tuned against start.
 *
 * Colour-swapped pairs on openings not used while tuning (the caller picks
 * them), reported as an Elo difference with its 95% error (pentanomial),
 * LOS, and the verdict of an SPRT with elo0 = 0, elo1 = 10 (logistic),
 * alpha = beta = 0.05, evaluated after the fixed number of pairs. */
#ifndef TUNER_VERIFY_H
#define TUNER_VERIFY_H

#include <stddef.h>
#include <stdio.h>

#include "executor.h"
#include "pairs.h"
#include "sprt.h"

typedef struct {
	int pairs, wins, draws, losses; /* of the tuned player */
	long penta[5];
	double score, elo, error95, los; /* tuned over start */
	double llr;
	SprtStatus sprt;
} VerifyResult;

/* Plays spec->a (tuned) against spec->b (start) for npairs pairs and fills
 * out; writes a one-line header and a result line to csv_path if not NULL.
 * Returns 0, or -1 with a message. */
int verify_match(const ExecSpec *spec, int npairs, const char *csv_path, VerifyResult *out,
                 char *err, size_t errlen);

/* verify_match, and the games lost to faults into *faults (pairs.h). */
int verify_match_faults(const ExecSpec *spec, int npairs, const char *csv_path,
                        VerifyResult *out, PairFaults *faults, char *err, size_t errlen);

/* Prints the result in a few lines to f. */
void verify_print(FILE *f, const VerifyResult *r);

#endif
