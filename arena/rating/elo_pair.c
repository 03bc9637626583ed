/* elo_pair.c - one pairing's Elo, interval, nElo and LOS, and their text
 * (see elo_pair.h for the interval rule). */
#include "elo.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_math.h> /* M_LN10 */

/* One variance model's numbers, as picked from EloPairStats. */
typedef struct {
	double elo, error95, lo, hi, nelo, nelo_error95, los;
} Estimate;

/* Interval, nElo and LOS of a mean score s whose sample has variance var
 * per unit (a game, or a pair averaged per game) over `units` units.
 * nElo (normalized Elo, Van den Bergh, "Comments on normalized Elo",
 * www.cantate.be/Fishtest/normalized_elo_practical.pdf; fishtest's
 * LLRcalc.py, nelo_divided_by_nt = 800 / ln 10) is (s - 0.5) / sigma_game *
 * 800 / ln 10, where sigma_game is the standard deviation of one game's
 * score: sqrt(var) for single games, sqrt(2 var) for pairs (a pair's
 * per-game mean has half the variance of one game). */
static void score_stats(double s, double var, double units, double per_game, Estimate *e)
{
	double sd = sqrt(var / units), sg = sqrt(per_game * var);
	const double nt = 800.0 / M_LN10, z = ELO_Z95;
	e->error95 = e->lo = e->hi = e->nelo = e->nelo_error95 = e->los = NAN;
	/* One unit, or units that all scored alike, say nothing of the spread:
	 * an interval from them would be a point, and a LOS a certainty. */
	if (units < 2 || !(sd > 0))
		return;
	/* Wilson: |p - s| = z sd(p) with sd(p)^2 = p(1 - p) / n solved for p.
	 * The normal interval s +- z sd runs past 0 or 1 when s is near either
	 * (4-0-2 in 3 pairs, 39-1-0), which is an infinite Elo bound; Wilson's
	 * stays inside (0, 1) and agrees with it on large samples. sd > 0 means
	 * the units differ, so 0 < s < 1 and n is finite. */
	double n = s * (1 - s) / (sd * sd), k = z * z / n;
	double mid = (s + k / 2) / (1 + k),
	       half = z * sqrt(sd * sd + k * k / (4 * z * z)) / (1 + k);
	e->lo = elo_from_score(mid - half);
	e->hi = elo_from_score(mid + half);
	e->error95 = (e->hi - e->lo) / 2;
	e->nelo = (s - 0.5) / sg * nt;
	e->nelo_error95 = z * sd / sg * nt;
	e->los = gsl_cdf_ugaussian_P((s - 0.5) / sd);
}

int elo_pair_stats(const EloPairCounts *c, EloPairStats *o, char *err, size_t errlen)
{
	int games = c->wins + c->draws + c->losses;
	long pairs = 0;
	double ppts = 0;
	for (int k = 0; k < 5; k++) {
		pairs += c->penta[k];
		ppts += c->penta[k] * k * 0.5;
	}
	double pts = c->wins + 0.5 * c->draws;
	if (games <= 0 || c->wins < 0 || c->draws < 0 || c->losses < 0) {
		if (err && errlen)
			snprintf(err, errlen, "no games in the pairing");
		return ELO_EINPUT;
	}
	if (2 * pairs > games || (2 * pairs == games && ppts != pts)) {
		if (err && errlen)
			snprintf(err, errlen,
			         "pentanomial counts (%ld pairs, %g points) disagree "
			         "with W/D/L (%d games, %g points)",
			         pairs, ppts, games, pts);
		return ELO_EINPUT;
	}
	*o = (EloPairStats){.games = games, .pairs = (int)pairs};
	double s = pts / games;
	double var = (c->wins * (1 - s) * (1 - s) + c->draws * (0.5 - s) * (0.5 - s) +
	              c->losses * s * s) /
	             games;
	o->score = s;
	o->draw_ratio = (double)c->draws / games;
	o->elo = elo_from_score(s);
	Estimate e;
	score_stats(s, var, games, 1, &e);
	o->error95 = e.error95, o->elo_lo = e.lo, o->elo_hi = e.hi;
	o->nelo = e.nelo, o->nelo_error95 = e.nelo_error95, o->los = e.los;
	o->error95_penta = o->elo_lo_penta = o->elo_hi_penta = NAN;
	o->nelo_penta = o->nelo_error95_penta = o->los_penta = NAN;
	if (pairs > 0) {
		double ps = ppts / (2.0 * pairs), pv = 0; /* pair score per game: k / 4 */
		for (int k = 0; k < 5; k++)
			pv += c->penta[k] * (k / 4.0 - ps) * (k / 4.0 - ps);
		pv /= pairs;
		score_stats(ps, pv, pairs, 2, &e);
		o->error95_penta = e.error95, o->elo_lo_penta = e.lo,
		o->elo_hi_penta = e.hi;
		o->nelo_penta = e.nelo, o->nelo_error95_penta = e.nelo_error95;
		o->los_penta = e.los;
	}
	return 0;
}

void elo_pair_add(EloPairCounts *c, double a1, double a2)
{
	double a[2] = {a1, a2};
	for (int i = 0; i < 2; i++) {
		if (a[i] == 1)
			c->wins++;
		else if (a[i] == 0.5)
			c->draws++;
		else
			c->losses++;
	}
	c->penta[(int)lround(2 * (a1 + a2))]++;
}

static Estimate pick(const EloPairStats *s, bool penta)
{
	if (penta)
		return (Estimate){s->elo,          s->error95_penta, s->elo_lo_penta,
		                  s->elo_hi_penta, s->nelo_penta,    s->nelo_error95_penta,
		                  s->los_penta};
	return (Estimate){s->elo,  s->error95,      s->elo_lo, s->elo_hi,
	                  s->nelo, s->nelo_error95, s->los};
}

/* v with fmt (one %f conversion, optionally with '+'), without the sign of
 * a value that prints as zero: -0.04 is "0.0", as 0 is. */
static char *number(double v, const char *fmt, char *buf, size_t len)
{
	snprintf(buf, len, fmt, v);
	if ((buf[0] == '-' || buf[0] == '+') && strspn(buf + 1, "0.") == strlen(buf + 1))
		memmove(buf, buf + 1, strlen(buf));
	return buf;
}

/* number(v, "%.<decimals>f") for |v| below 1e6 away from rounding ties,
 * without printf: pairs.csv has eight numbers a pairing, and printf's
 * exact decimal conversion was most of its time. Returns false where the
 * result could differ from printf's (then the caller uses it). */
static bool fixed(double v, int decimals, char *buf, size_t len)
{
	static const double scale[] = {1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9};
	double x = fabs(v) * scale[decimals];
	/* Below 1e9 the product is within 1e-7 of the exact one, so only a
	 * value that near a half could round the other way. */
	if (!(x < 1e9) || fabs(x - floor(x) - 0.5) < 1e-6 || len < 24)
		return false;
	long k = lround(x);
	char digits[24];
	int n = 0;
	for (long d = k; n <= decimals || d; d /= 10)
		digits[n++] = (char)('0' + d % 10);
	size_t at = 0;
	if (k && v < 0) /* no sign on a value that prints as zero */
		buf[at++] = '-';
	while (n > 0) {
		buf[at++] = digits[--n];
		if (n == decimals && n)
			buf[at++] = '.';
	}
	buf[at] = '\0';
	return true;
}

char *elo_pair_csv_number(double v, int decimals, char *buf, size_t len)
{
	char fmt[16];
	if (!isfinite(v)) {
		if (len)
			buf[0] = '\0';
		return buf;
	}
	decimals = decimals < 0 ? 0 : decimals > 9 ? 9 : decimals;
	if (fixed(v, decimals, buf, len))
		return buf;
	snprintf(fmt, sizeof fmt, "%%.%df", decimals);
	return number(v, fmt, buf, len);
}

char *elo_pair_text(const EloPairStats *s, bool penta, char *buf, size_t len)
{
	Estimate e = pick(s, penta);
	char point[24], err[24];
	if (isinf(e.elo))
		snprintf(point, sizeof point, "%s", e.elo > 0 ? "+inf" : "-inf");
	else
		number(e.elo, "%+.1f", point, sizeof point);
	if (isfinite(e.error95))
		snprintf(err, sizeof err, "%.1f", e.error95);
	else
		snprintf(err, sizeof err, "n/a");
	snprintf(buf, len, "%s +/- %s", point, err);
	return buf;
}

char *elo_pair_los_text(const EloPairStats *s, bool penta, char *buf, size_t len)
{
	Estimate e = pick(s, penta);
	if (isfinite(e.los))
		snprintf(buf, len, "%.1f%%", 100 * e.los);
	else
		snprintf(buf, len, "n/a");
	return buf;
}

char *elo_pair_csv(const EloPairStats *s, bool penta, char *buf, size_t len)
{
	Estimate e = pick(s, penta);
	const double v[] = {s->score,       e.elo, e.error95, e.nelo,
	                    e.nelo_error95, e.los, e.lo,      e.hi};
	const int decimals[] = {4, 3, 3, 3, 3, 4, 3, 3};
	size_t at = 0;
	if (len)
		buf[0] = '\0';
	for (size_t i = 0; i < sizeof v / sizeof v[0] && at < len; i++) {
		char f[40];
		elo_pair_csv_number(v[i], decimals[i], f, sizeof f);
		int w = snprintf(buf + at, len - at, "%s%s", i ? "," : "", f);
		at += w > 0 ? (size_t)w : 0;
	}
	return buf;
}
