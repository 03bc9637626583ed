/* spsa_calib.h - SPSA's step sizes in Elo terms ([spsa] c_elo).
 *
 * Near its best value a parameter costs Elo about quadratically: theta + d
 * against theta scores g d - q d^2 Elo (g the slope, q the curvature). A
 * perturbation c_end with q c_end^2 = c_elo costs c_elo Elo, the way
 * fishtest sizes c. The probe measures q per parameter with two short
 * matches, theta + d+ against theta and theta - d- against theta (the other
 * parameters at theta): with E+ and E- their Elo,
 *
 *   q = -(E+ d- + E- d+) / (d+ d- (d+ + d-))
 *
 * which the slope does not enter. c_end = sqrt(c_elo / q), at most the
 * larger of d+ and d-; a curvature the matches cannot see (q <= 0) gives
 * that largest d.
 *
 * The learning rate follows from c_elo alone. For a parameter x off its
 * best, iteration k's W - L has the mean -(ln 10 / 100) pairs q c_k^2 x, so
 * its step pulls x back by the factor 1 - r_end pairs c_elo (ln 10 / 100)
 * ((A + N) / (A + k))^alpha (R_k c_k^2 = r_end c_end^2 ((A + N) / (A +
 * k))^alpha in the schedule). r_end = auto makes the pulls of the whole run
 * multiply to about e^-3:
 *
 *   r_end = 3 / (pairs c_elo (ln 10 / 100) S),  S = sum_k ((A + N) / (A + k))^alpha
 *
 * The games' noise then leaves the tuned theta costing about
 * 3 / (pairs S c_elo (ln 10 / 100)^2) Elo: 1.4 at 150 iterations of 8
 * pairs and c_elo 2, 0.1 at 2000 (where r_end is 0.0024, fishtest's). */
#ifndef TUNER_SPSA_CALIB_H
#define TUNER_SPSA_CALIB_H

#include <stddef.h>

#include "executor.h"
#include "spsa_config.h"
#include "spsa_core.h"

/* One parameter's probe. */
typedef struct {
	double d_plus, d_minus;    /* the offsets played (0: at a bound) */
	double elo_plus, err_plus; /* theta + d+ against theta, 95% */
	double elo_minus, err_minus;
	double q;     /* Elo lost ~ q d^2; <= 0: not seen */
	double c_end; /* what the run uses */
} SpsaCalibRow;

/* q from the two matches; with one side at a bound (d 0), the slope is
 * taken as 0. NAN if both offsets are 0. */
double spsa_calib_curvature(double d_plus, double elo_plus, double d_minus,
                            double elo_minus);

/* c_end for c_elo from q, at most d_max. */
double spsa_calib_c_end(double q, double c_elo, double d_max);

/* r_end = auto for N iterations of pairs pairs at c_elo (spsa_core.h's
 * schedule: A = N / 10, alpha = 0.602). */
double spsa_calib_r_end(int iterations, int pairs, double c_elo);

/* Probes every parameter of c that needs it ([spsa] c_elo set, no c_end of
 * its own) at theta = start, on the tuning openings, and sets c_end and
 * (r_end = auto) r_end in params[]. Each probe is kept in DIR/probe.csv as
 * soon as it is played, and a resumed run reads them back instead of
 * playing them again. Returns 0, or -1 with a message. */
int spsa_calib_run(const SpsaConfig *c, const OpeningSet *tune, PlayerPool *pool,
                   const char *dir, SpsaParam *params, char *err, size_t errlen);

#endif
