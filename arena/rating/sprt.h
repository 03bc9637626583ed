/* sprt.h - sequential probability ratio test for an A/B match played in
 * game pairs (same opening, colours swapped), as fishtest and fastchess run
 * it.
 *
 * Hypotheses are on the LOGISTIC Elo scale (fastchess's default
 * `--sprt model=logistic`, fishtest's "logistic"): H0: elo = elo0 against
 * H1: elo = elo1, where elo is the Elo difference of A over B and its
 * expected score per game is 1 / (1 + 10^(-elo / 400)). It is not
 * fishtest's "normalized" Elo, which divides by the spread of results.
 *
 * The test is the generalized SPRT: the log-likelihood ratio of the two
 * multinomial distributions of outcomes that are closest to the observed one
 * (maximum likelihood) under the constraints "expected score = score(elo0)"
 * and "= score(elo1)" (see sprt.c for the formula and its sources). Stop
 * when LLR <= log(beta / (1 - alpha)) (accept H0) or LLR >= log((1 - beta) /
 * alpha) (accept H1).
 *
 * Callers must have called gsl_set_error_handler_off() once at start-up.
 * A Sprt is a plain value; every function is reentrant. */
#ifndef ARENA_SPRT_H
#define ARENA_SPRT_H

#include <stddef.h>

typedef struct {
	double elo0, elo1;  /* logistic Elo of A over B, elo0 < elo1 */
	double alpha, beta; /* false H1 / false H0 rates, in (0, 1), alpha + beta < 1 */
} SprtConfig;

typedef struct {
	SprtConfig cfg;
	double lower, upper; /* log(beta / (1 - alpha)), log((1 - beta) / alpha) */
	double s0, s1;       /* expected score per game under H0 and H1 */
} Sprt;

typedef enum { SPRT_CONTINUE = 0, SPRT_ACCEPT_H0, SPRT_ACCEPT_H1 } SprtStatus;

/* Checks cfg and fills s. Returns 0, or -1 with err filled
 * ("sprt: elo0 (5) must be below elo1 (0)"). */
int sprt_init(Sprt *s, const SprtConfig *cfg, char *err, size_t errlen);

/* LLR of pentanomial results: penta[k] = number of pairs in which A scored
 * k / 2 points (k = 0..4: LL, LD, LW+DD, WD, WW). 0 with no pairs; NAN only
 * if the root finder fails, which valid counts do not cause. */
double sprt_llr(const Sprt *s, const long penta[5]);
/* LLR of single games (trinomial), for runs without pairs. */
double sprt_llr_trinomial(const Sprt *s, long wins, long draws, long losses);
/* Van den Bergh's closed-form approximation of the same LLR, for counts of
 * k = 3 (L, D, W) or k = 5 (pentanomial) kinds of outcome; 0 with no games. */
double sprt_llr_approx(const Sprt *s, const long *counts, int k);

/* Accept H1 at llr >= upper, H0 at llr <= lower, else continue (also NAN). */
SprtStatus sprt_status(const Sprt *s, double llr);
const char *sprt_status_name(SprtStatus st); /* "continue", "H0 accepted", ... */
/* One line: "H1 accepted: LLR 2.97 >= 2.94 (elo0 0, elo1 5 logistic, alpha
 * 0.05, beta 0.05)". Always NUL-terminates a non-empty buf. */
void sprt_verdict(const Sprt *s, double llr, char *buf, size_t len);

#endif
