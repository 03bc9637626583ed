/* spsa_calib.c - the probe that sizes SPSA's steps in Elo (spsa_calib.h). */
#define _POSIX_C_SOURCE 200809L
#include "spsa_calib.h"
#include "err.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elo_pair.h"
#include "interrupt.h"
#include "lines.h"
#include "num.h"
#include "outfile.h"
#include "rng.h"
#include "pairs.h"
#include "spsa_players.h"

/* A perfect score has no finite Elo; a side that loses every game of its
 * probe costs at least this much, which is all the curvature needs. */
#define ELO_CAP 800.0

double spsa_calib_curvature(double d_plus, double elo_plus, double d_minus,
                            double elo_minus)
{
	if (d_plus > 0 && d_minus > 0)
		return -(elo_plus * d_minus + elo_minus * d_plus) /
		       (d_plus * d_minus * (d_plus + d_minus));
	if (d_plus > 0)
		return -elo_plus / (d_plus * d_plus);
	if (d_minus > 0)
		return -elo_minus / (d_minus * d_minus);
	return NAN;
}

double spsa_calib_c_end(double q, double c_elo, double d_max)
{
	if (!(q > 0))
		return d_max;
	double c = sqrt(c_elo / q);
	return c < d_max ? c : d_max;
}

double spsa_calib_r_end(int iterations, int pairs, double c_elo)
{
	double n = iterations, a = n / 10, s = 0;
	for (int k = 1; k <= iterations; k++)
		s += pow((a + n) / (a + k), 0.602);
	return 3 / (pairs * c_elo * (log(10) / 100) * s);
}

static double capped(double elo)
{
	if (isnan(elo))
		return 0;
	return elo > ELO_CAP ? ELO_CAP : elo < -ELO_CAP ? -ELO_CAP : elo;
}

/* theta with parameter i moved by d against theta: the Elo of the moved
 * side and its 95% error. Returns 0, or -1 with a message. */
static int match(const SpsaConfig *c, const OpeningSet *tune, PlayerPool *pool,
                 const double *theta, int i, double d, int side, double *elo, double *err95,
                 char *err, size_t errlen)
{
	double moved[SPSA_PARAMS_MAX], base[SPSA_PARAMS_MAX];
	memcpy(moved, theta, sizeof moved);
	moved[i] += d;
	spsa_players_values(c, moved, false, moved);
	spsa_players_values(c, theta, false, base);
	ParamSet a, b;
	if (spsa_players_side(c, moved, &a, err, errlen) < 0 ||
	    spsa_players_side(c, base, &b, err, errlen) < 0)
		return -1;
	PairScore *ps = calloc((size_t)c->probe_pairs, sizeof *ps);
	if (!ps)
		return err_set(err, errlen, "out of memory");
	uint64_t x = c->seed ^ 0x70726f6265000000ull ^ (uint64_t)(2 * i + side);
	ExecSpec spec = {.a = {c->type, &a, c->budget},
	                 .b = {c->type, &b, c->budget},
	                 .size = c->size,
	                 .rule = c->rule,
	                 .max_plies = c->max_plies,
	                 .openings = tune,
	                 .first_opening = (int)((long long)(2 * i + side) * c->probe_pairs %
	                                        tune->count),
	                 .seed = rng_splitmix(&x),
	                 .threads = c->threads,
	                 .affinity = c->affinity,
	                 .stop = interrupt_flag(),
	                 .pool = pool};
	int rc = pairs_play(&spec, c->probe_pairs, ps, NULL, err, errlen);
	EloPairCounts counts = {0};
	for (int g = 0; rc == 0 && g < c->probe_pairs; g++)
		elo_pair_add(&counts, ps[g].a_black, ps[g].a_white);
	free(ps);
	EloPairStats s;
	if (rc < 0 || elo_pair_stats(&counts, &s, err, errlen) < 0)
		return -1;
	*elo = capped(s.elo);
	*err95 = isfinite(s.error95_penta) ? s.error95_penta : NAN;
	return 0;
}

/* The offsets parameter i is probed at from its start, within its range:
 * whole numbers for a whole-number parameter. */
static void offsets(const SpsaTuned *t, double *dp, double *dm)
{
	const SpsaParam *p = &t->p;
	double d = t->probe_delta > 0 ? t->probe_delta : (p->max - p->min) / 4;
	*dp = fmin(d, p->max - p->start);
	*dm = fmin(d, p->start - p->min);
	if (p->integer) {
		*dp = floor(*dp);
		*dm = floor(*dm);
	}
}

static const char header[] = "param,d_plus,elo_plus,error_plus,d_minus,elo_minus,"
                             "error_minus,curvature,c_end\n";

/* probe.csv's rows so far, by parameter; a row that does not parse (the
 * file is written whole each time, so only a hand's edit makes one) ends
 * the reading. */
static void read_rows(const char *path, const SpsaConfig *c, SpsaCalibRow *rows, bool *have)
{
	FILE *f = fopen(path, "re");
	if (!f)
		return;
	Lines r;
	lines_init(&r, f, 4096);
	char *line;
	size_t len;
	bool first = true;
	while (lines_next(&r, &line, &len) == LINES_OK) {
		if (first) {
			first = false;
			continue;
		}
		char *comma = strchr(line, ',');
		if (!comma)
			break;
		*comma = '\0';
		int i = 0;
		while (i < c->n && strcmp(c->tuned[i].name, line) != 0)
			i++;
		SpsaCalibRow w;
		double *v[] = {&w.d_plus,    &w.d_minus,   &w.elo_plus, &w.err_plus,
		               &w.elo_minus, &w.err_minus, &w.q,        &w.c_end};
		/* In the file's column order. */
		double *col[] = {v[0], v[2], v[3], v[1], v[4], v[5], v[6], v[7]};
		char *s = comma + 1;
		int got = 0;
		for (; got < 8 && s; got++) {
			char *next = strchr(s, ',');
			if (next)
				*next = '\0';
			if (*s == '\0')
				*col[got] = NAN;
			else if (num_real(s, -1e300, 1e300, col[got]) < 0)
				break;
			s = next ? next + 1 : NULL;
		}
		if (i == c->n || got != 8)
			break;
		rows[i] = w;
		have[i] = true;
	}
	lines_free(&r);
	fclose(f);
}

static int write_rows(const char *path, const SpsaConfig *c, const SpsaCalibRow *rows,
                      const bool *have, char *err, size_t errlen)
{
	OutFile of;
	FILE *f = outfile_open(&of, path, err, errlen);
	if (!f)
		return -1;
	fputs(header, f);
	for (int i = 0; i < c->n; i++) {
		const SpsaCalibRow *w = &rows[i];
		if (have[i])
			fprintf(f, "%s,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n",
			        c->tuned[i].name, w->d_plus, w->elo_plus, w->err_plus,
			        w->d_minus, w->elo_minus, w->err_minus, w->q, w->c_end);
	}
	return outfile_commit(&of, err, errlen);
}

/* Plays parameter i's two matches into *w. Returns 0, or -1 with a message. */
static int probe_one(const SpsaConfig *c, const OpeningSet *tune, PlayerPool *pool,
                     const double *theta, int i, SpsaCalibRow *w, char *err, size_t errlen)
{
	*w = (SpsaCalibRow){.err_plus = NAN, .err_minus = NAN};
	offsets(&c->tuned[i], &w->d_plus, &w->d_minus);
	if (w->d_plus > 0 && match(c, tune, pool, theta, i, w->d_plus, 0, &w->elo_plus,
	                           &w->err_plus, err, errlen) < 0)
		return -1;
	if (w->d_minus > 0 && match(c, tune, pool, theta, i, -w->d_minus, 1, &w->elo_minus,
	                            &w->err_minus, err, errlen) < 0)
		return -1;
	w->q = spsa_calib_curvature(w->d_plus, w->elo_plus, w->d_minus, w->elo_minus);
	w->c_end = spsa_calib_c_end(w->q, c->c_elo, fmax(w->d_plus, w->d_minus));
	return 0;
}

static void tell(const SpsaTuned *t, const SpsaCalibRow *w, bool resumed)
{
	fprintf(
	    stderr,
	    "probe %s%s: +%g: %+.0f +/- %.0f Elo, -%g: %+.0f +/- %.0f Elo; c_end %.4g%s\n",
	    t->name, resumed ? " (probe.csv)" : "", w->d_plus, w->elo_plus, w->err_plus,
	    w->d_minus, w->elo_minus, w->err_minus, w->c_end,
	    w->q > 0 ? "" : " (no cost seen: the probe's offset)");
}

int spsa_calib_run(const SpsaConfig *c, const OpeningSet *tune, PlayerPool *pool,
                   const char *dir, SpsaParam *params, char *err, size_t errlen)
{
	if (!(c->c_elo > 0))
		return 0;
	char path[CONFIG_PATH_MAX + CONFIG_NAME_MAX + 16];
	snprintf(path, sizeof path, "%s/probe.csv", dir);
	SpsaCalibRow rows[SPSA_PARAMS_MAX];
	bool have[SPSA_PARAMS_MAX] = {false};
	read_rows(path, c, rows, have);
	double theta[SPSA_PARAMS_MAX];
	for (int i = 0; i < c->n; i++)
		theta[i] = c->tuned[i].p.start;
	for (int i = 0; i < c->n; i++) {
		const SpsaTuned *t = &c->tuned[i];
		if (!t->r_end_given)
			params[i].r_end =
			    spsa_calib_r_end(c->iterations, c->pairs, c->c_elo);
		if (t->c_end_given)
			continue;
		bool resumed = have[i];
		if (!resumed) {
			if (probe_one(c, tune, pool, theta, i, &rows[i], err, errlen) < 0)
				return -1;
			have[i] = true;
			if (write_rows(path, c, rows, have, err, errlen) < 0)
				return -1;
		}
		tell(t, &rows[i], resumed);
		params[i].c_end = rows[i].c_end;
	}
	return 0;
}
