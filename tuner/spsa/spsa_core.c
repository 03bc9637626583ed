/* spsa_core.c - the SPSA schedule, probes and steps. */
#include "spsa_core.h"
#include "err.h"

#include <math.h>
#include <stdio.h>

#include "rng.h"

int spsa_init(Spsa *s, const SpsaParam *param, int n, int iterations, uint64_t seed,
              char *err, size_t errlen)
{
	if (n < 1 || n > SPSA_PARAMS_MAX) {
		return err_set(err, errlen, "%d parameters to tune: 1 to %d can be", n,
		               SPSA_PARAMS_MAX);
	}
	if (iterations < 1) {
		return err_set(err, errlen, "at least one iteration is needed");
	}
	*s = (Spsa){.n = n, .iterations = iterations, .seed = seed};
	s->A = 0.1 * iterations;
	s->alpha = 0.602;
	s->gamma = 0.101;
	for (int i = 0; i < n; i++) {
		const SpsaParam *p = &param[i];
		if (!(p->min < p->max) || !isfinite(p->min) || !isfinite(p->max)) {
			return err_set(err, errlen,
			               "parameter %d: min %g is not below max %g", i + 1,
			               p->min, p->max);
		}
		if (!(p->start >= p->min && p->start <= p->max)) {
			return err_set(err, errlen,
			               "parameter %d: start %g is outside [%g, %g]", i + 1,
			               p->start, p->min, p->max);
		}
		if (!(p->c_end > 0 && isfinite(p->c_end)) ||
		    !(p->r_end > 0 && isfinite(p->r_end))) {
			snprintf(err, errlen,
			         "parameter %d: c_end and r_end must be above 0", i + 1);
			return -1;
		}
		s->param[i] = *p;
		s->c[i] = p->c_end * pow(iterations, s->gamma);
		s->a[i] = p->r_end * p->c_end * p->c_end * pow(s->A + iterations, s->alpha);
	}
	return 0;
}

double spsa_c_k(const Spsa *s, int i, int k)
{
	return s->c[i] / pow(k, s->gamma);
}

double spsa_r_k(const Spsa *s, int i, int k)
{
	double c = spsa_c_k(s, i, k);
	return s->a[i] / pow(s->A + k, s->alpha) / (c * c);
}

double spsa_round(double x, double u)
{
	double f = floor(x);
	return u < x - f ? f + 1 : f;
}

static double clip(double x, double lo, double hi)
{
	return x < lo ? lo : x > hi ? hi : x;
}

/* x clipped to p's range and, for whole numbers, rounded by u. */
static double side_value(const SpsaParam *p, double x, double u)
{
	x = clip(x, p->min, p->max);
	if (!p->integer)
		return x;
	x = spsa_round(x, u);
	/* A fractional bound could let rounding step outside it. */
	if (x < p->min)
		x = ceil(p->min);
	if (x > p->max)
		x = floor(p->max);
	return x;
}

void spsa_probe(const Spsa *s, const double *theta, int k, SpsaProbe *out)
{
	uint64_t x = s->seed ^ 0x5BD1E9955BD1E995ull * (uint64_t)k;
	Rng rng;
	rng_seed(&rng, rng_splitmix(&x) + (uint64_t)k);
	*out = (SpsaProbe){.k = k};
	for (int i = 0; i < s->n; i++)
		out->flip[i] = rng_next(&rng) >> 63 ? 1 : -1;
	for (int i = 0; i < s->n; i++) {
		const SpsaParam *p = &s->param[i];
		double d = spsa_c_k(s, i, k) * out->flip[i];
		out->plus[i] = side_value(p, theta[i] + d, rng_double(&rng));
		out->minus[i] = side_value(p, theta[i] - d, rng_double(&rng));
	}
	out->seed = rng_next(&rng);
}

void spsa_step(const Spsa *s, const SpsaProbe *probe, const SpsaResult *r, double *theta)
{
	int k = probe->k;
	double result = r->wins - r->losses;
	for (int i = 0; i < s->n; i++) {
		const SpsaParam *p = &s->param[i];
		double step =
		    spsa_r_k(s, i, k) * spsa_c_k(s, i, k) * result * probe->flip[i];
		theta[i] = clip(theta[i] + step, p->min, p->max);
	}
}

int spsa_run(const Spsa *s, double *theta, int first_k, SpsaPlayFn play, SpsaDoneFn done,
             void *ctx, char *err, size_t errlen)
{
	for (int k = first_k < 1 ? 1 : first_k; k <= s->iterations; k++) {
		SpsaProbe probe;
		SpsaResult r = {0, 0, 0};
		spsa_probe(s, theta, k, &probe);
		if (play(ctx, &probe, &r, err, errlen) < 0)
			return -1;
		spsa_step(s, &probe, &r, theta);
		if (done && done(ctx, k, theta, &r, err, errlen) < 0)
			return -1;
	}
	return 0;
}
