/* spsa_core.h - simultaneous perturbation stochastic approximation, with
 * the schedule fishtest uses, apart from how games are played.
 *
 * For N iterations, A = N / 10, alpha = 0.602, gamma = 0.101, and per
 * parameter i:
 *   c_i = c_end_i * N^gamma         a_i = r_end_i * c_end_i^2 * (A + N)^alpha
 *   c_k = c_i / k^gamma             R_k = a_i / (A + k)^alpha / c_k^2
 * so that c_N = c_end and R_N = r_end. Iteration k (1..N) draws a flip of
 * +-1 per parameter, plays theta + c_k flip against theta - c_k flip, and
 * steps theta <- clip(theta + R_k c_k (W - L) flip) with W and L the first
 * side's wins and losses. theta stays real; integer parameters reach the
 * players stochastically rounded (floor(x) + 1 with probability frac(x)),
 * so that on average they see the real value.
 *
 * Everything random in iteration k (flips, rounding, the seed of its games)
 * follows from (seed, k) alone, so a run resumed at any iteration repeats
 * the uninterrupted one. All functions are pure and thread-safe. */
#ifndef TUNER_SPSA_CORE_H
#define TUNER_SPSA_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { SPSA_PARAMS_MAX = 32 };

typedef struct {
	double start, min, max; /* min < max, start in [min, max] */
	double c_end, r_end;    /* > 0 */
	bool integer;           /* players get whole numbers */
} SpsaParam;

typedef struct {
	int n, iterations;
	SpsaParam param[SPSA_PARAMS_MAX];
	uint64_t seed;
	double A, alpha, gamma;
	double c[SPSA_PARAMS_MAX], a[SPSA_PARAMS_MAX];
} Spsa;

/* What iteration k plays: the two sides' values (clipped to [min, max],
 * rounded for integer parameters) and the seed of its games. */
typedef struct {
	int k;
	int flip[SPSA_PARAMS_MAX];
	double plus[SPSA_PARAMS_MAX], minus[SPSA_PARAMS_MAX];
	uint64_t seed;
} SpsaProbe;

/* Games of one iteration from the plus side's view. */
typedef struct {
	int wins, losses, draws;
} SpsaResult;

/* Fills s (the schedule included). Returns 0, or -1 with a message if a
 * parameter's range, step or start is unusable or n or iterations are out
 * of range. */
int spsa_init(Spsa *s, const SpsaParam *param, int n, int iterations, uint64_t seed,
              char *err, size_t errlen);

/* c_k and R_k of parameter i at iteration k >= 1. */
double spsa_c_k(const Spsa *s, int i, int k);
double spsa_r_k(const Spsa *s, int i, int k);

/* x rounded down, or up with probability x - floor(x), by u in [0, 1). */
double spsa_round(double x, double u);

/* The probe of iteration k around theta. */
void spsa_probe(const Spsa *s, const double *theta, int k, SpsaProbe *out);

/* Moves theta by the result of probe. */
void spsa_step(const Spsa *s, const SpsaProbe *probe, const SpsaResult *r, double *theta);

/* Plays an iteration's games (plus side against minus side): 0, or -1
 * with a message, which stops the run. */
typedef int (*SpsaPlayFn)(void *ctx, const SpsaProbe *probe, SpsaResult *out, char *err,
                          size_t errlen);
/* Told theta after iteration k: 0, or -1 with a message, which stops it. */
typedef int (*SpsaDoneFn)(void *ctx, int k, const double *theta, const SpsaResult *r,
                          char *err, size_t errlen);

/* Runs iterations first_k..N from theta (theta after first_k - 1
 * iterations), calling play and then done (which may be NULL) for each.
 * Returns 0, or -1 with the message of the callback that failed. */
int spsa_run(const Spsa *s, double *theta, int first_k, SpsaPlayFn play, SpsaDoneFn done,
             void *ctx, char *err, size_t errlen);

#endif
