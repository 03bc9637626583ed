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
 * out; writes a one-line header and a result line to csv_path if not NULL
 * (verify.csv: the figures, the SPRT's status and verify_verdict's name).
 * Returns 0, or -1 with a message. */
int verify_match(const ExecSpec *spec, int npairs, const char *csv_path, VerifyResult *out,
                 char *err, size_t errlen);

/* verify_match, and the games lost to faults into *faults (pairs.h). */
int verify_match_faults(const ExecSpec *spec, int npairs, const char *csv_path,
                        VerifyResult *out, PairFaults *faults, char *err, size_t errlen);

/* The longest result line of verify.csv. */
enum { VERIFY_ROW_MAX = 512 };

/* The result of a verification already on disk: 0 with out filled when
 * csv_path holds exactly what verify_match writes after npairs pairs (the
 * header, and a line whose every figure follows from its counts); -1 (no
 * message) when the file is missing, damaged, short, or of another number
 * of pairs: then the match is to be played. */
int verify_read(const char *csv_path, int npairs, VerifyResult *out);

/* Prints the result in a few lines to f. */
void verify_print(FILE *f, const VerifyResult *r);

/* What the verification says of the tuned values:
 *   VERIFY_REJECTED: the SPRT accepted H0, or the Elo's 95% interval lies
 *     wholly below zero, or the Elo is below zero with no interval (no
 *     spread: the start won every pair);
 *   VERIFY_GAIN: not rejected, and the SPRT accepted H1 or the 95%
 *     interval lies wholly above zero;
 *   VERIFY_UNPROVEN: neither: the SPRT undecided and zero inside the
 *     interval, whichever side of zero the estimate is (a short match's
 *     noise would otherwise reject half of all changes that change
 *     nothing). */
typedef enum { VERIFY_GAIN, VERIFY_UNPROVEN, VERIFY_REJECTED } VerifyVerdict;

/* The exit status of a tuning run that finished with VERIFY_REJECTED:
 * every file written, tuned.ini marked (verify_note), nothing to adopt. */
enum { VERIFY_STATUS_REJECTED = 3 };

VerifyVerdict verify_verdict(const VerifyResult *r);

/* "gain", "unproven" or "rejected" (verify.csv's verdict column). */
const char *verify_verdict_name(VerifyVerdict v);

/* The verdict of r in words, for the first lines of tuned.ini and for a
 * terminal: lines without a final line break ("WARNING: the verification
 * rejected these values: ..." for VERIFY_REJECTED); with r NULL, the note
 * of a tuned.ini whose verification has not finished yet. Into buf (cut
 * to fit); returns buf. */
char *verify_note(const VerifyResult *r, char *buf, size_t len);

/* verify_note as a comment block: each line of it after "; ", then a
 * line break. */
void verify_note_comment(FILE *f, const VerifyResult *r);

/* The exit status of a tuning run (the command cmd, "tuner spsa") whose
 * files are in dir, tuned.ini marked: 0 with the note on stdout, or, when
 * r is rejected, VERIFY_STATUS_REJECTED with the note in err. */
int verify_outcome(const VerifyResult *r, const char *cmd, const char *dir, char *err,
                   size_t errlen);

#endif
