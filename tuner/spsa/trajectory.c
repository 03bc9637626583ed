/* trajectory.c - trajectory.csv written, read back for a resume, plotted. */
#define _POSIX_C_SOURCE 200809L
#include "trajectory.h"
#include "err.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lines.h"
#include "num.h"
#include "plot.h"
#include "rundir.h"

void trajectory_header(const char *const *names, int n, char *buf, size_t len)
{
	snprintf(buf, len, "iteration");
	for (int i = 0; i < n; i++) {
		size_t l = strlen(buf);
		snprintf(buf + l, len - l, ",%s", names[i]);
	}
	size_t l = strlen(buf);
	snprintf(buf + l, len - l, ",W,L,D");
}

int trajectory_write_row(ResultsFile *f, int k, int n, const double *theta,
                         const SpsaResult *r)
{
	char row[SPSA_PARAMS_MAX * 32 + 64]; /* %.17g takes at most 24 bytes */
	size_t len = (size_t)snprintf(row, sizeof row, "%d", k);
	for (int i = 0; i < n && i < SPSA_PARAMS_MAX; i++)
		len += (size_t)snprintf(row + len, sizeof row - len, ",%.17g", theta[i]);
	snprintf(row + len, sizeof row - len, ",%d,%d,%d\n", r->wins, r->losses, r->draws);
	return results_append(f, row);
}

/* One row (no newline): iteration want, n values into theta, three counts.
 * Returns 0, or -1 with what is wrong in msg. */
static int parse_row(char *s, int n, int want, int max_k, double *theta, char *msg,
                     size_t msglen)
{
	char *field = s;
	long long v;
	for (int i = 0; i < n + 4; i++) {
		char *comma = strchr(field, ',');
		if ((comma == NULL) != (i == n + 3)) {
			snprintf(msg, msglen,
			         "expected iteration %d with %d values and W,L,D", want, n);
			return -1;
		}
		if (comma)
			*comma = '\0';
		bool plain = *field >= '0' && *field <= '9'; /* no sign */
		if (i == 0) {
			if (!plain || num_whole(field, 0, max_k, &v) < 0 || v != want) {
				snprintf(
				    msg, msglen,
				    "expected iteration %d (of at most %d), not '%.32s'",
				    want, max_k, field);
				return -1;
			}
		} else if (i <= n) {
			if (num_real(field, -DBL_MAX, DBL_MAX, &theta[i - 1]) < 0) {
				snprintf(msg, msglen,
				         "value %d '%.32s' is not a finite decimal number",
				         i, field);
				return -1;
			}
		} else if (!plain || num_whole(field, 0, INT_MAX, &v) < 0) {
			snprintf(msg, msglen,
			         "%c '%.32s' is not a whole number from 0 to %d",
			         "WLD"[i - n - 1], field, INT_MAX);
			return -1;
		}
		if (comma) /* (not past the last field: NULL + 1 is undefined) */
			field = comma + 1;
	}
	return 0;
}

int trajectory_read(const char *path, const char *header, int n, int max_k, int *last,
                    double *theta, char *err, size_t errlen)
{
	FILE *f = fopen(path, "re");
	if (!f) {
		return err_set(err, errlen, "%s: cannot read: %s", path, strerror(errno));
	}
	Lines lr;
	lines_init(&lr, f, TRAJECTORY_LINE_MAX);
	char *line, msg[256];
	size_t len;
	LinesStatus st;
	long long good = -1; /* where a torn last line starts: the file is cut there */
	int rc = -1;
	*last = -1;
	while ((st = lines_next(&lr, &line, &len)) == LINES_OK) {
		if (lr.last_open) { /* torn: a kill came in the middle of it */
			good = lr.offset;
			break;
		}
		if (lr.line == 1) {
			if (strcmp(line, header) != 0) {
				snprintf(err, errlen, "%s:1: expected the header '%s'",
				         path, header);
				goto out;
			}
			continue;
		}
		if (parse_row(line, n, *last + 1, max_k, theta, msg, sizeof msg) < 0) {
			snprintf(err, errlen, "%s:%ld: %s", path, lr.line, msg);
			goto out;
		}
		++*last;
	}
	if (st != LINES_OK && st != LINES_END) {
		lines_error(&lr, st, msg, sizeof msg);
		snprintf(err, errlen, "%s:%ld: %s", path, lr.line, msg);
		goto out;
	}
	if (*last < 0) /* not even the start row: begin afresh */
		good = 0;
	if (good >= 0 && truncate(path, (off_t)good) < 0) {
		snprintf(err, errlen, "%s: cannot cut its torn last line: %s", path,
		         strerror(errno));
		goto out;
	}
	rc = 0;
out:
	lines_free(&lr);
	fclose(f);
	return rc;
}

/* A parameter name in the script: declared names are plain words, but keep
 * anything else out of gnuplot's command language all the same. */
static void safe_word(char *dst, size_t len, const char *src)
{
	size_t k = 0;
	for (; *src && k + 1 < len; src++)
		dst[k++] = isalnum((unsigned char)*src) || strchr("_.-", *src) ? *src : '_';
	dst[k] = '\0';
}

void trajectory_span(const SpsaParam *p, double lo, double hi, double span[2])
{
	lo = fmin(lo, p->start);
	hi = fmax(hi, p->start);
	double full = p->max - p->min, width = hi - lo;
	double pad = width > full * 0.002 ? width * 0.1 : (full > 0 ? full : 1) * 0.01;
	span[0] = fmax(p->min, lo - pad);
	span[1] = fmin(p->max, hi + pad);
	if (!(span[1] > span[0])) {
		span[0] = lo - 1;
		span[1] = hi + 1;
	}
}

/* The least and greatest value of each of the n parameters in the rows of
 * trajectory.csv's text (lo[i] > hi[i] when no row reads). */
static void extremes(const char *data, int n, double *lo, double *hi)
{
	for (int i = 0; i < n; i++)
		lo[i] = INFINITY, hi[i] = -INFINITY;
	const char *line = strchr(data, '\n'); /* past the header */
	while (line && *++line) {
		const char *s = strchr(line, ',');
		for (int i = 0; s && i < n; i++) {
			char *end;
			double v = strtod(s + 1, &end);
			if (end == s + 1 || !isfinite(v))
				break;
			lo[i] = fmin(lo[i], v);
			hi[i] = fmax(hi[i], v);
			s = *end == ',' ? end : NULL;
		}
		line = strchr(line, '\n');
	}
}

int trajectory_plot(const char *csv, const char *dir, const char *png,
                    const char *const *names, const SpsaParam *p, int n, FILE *out,
                    char *err, size_t errlen)
{
	char *data = rundir_slurp(csv), *script = NULL;
	size_t len = 0;
	FILE *g = data ? open_memstream(&script, &len) : NULL;
	if (!g) {
		free(data);
		return err_set(err, errlen, "%s: cannot read", csv);
	}
	double lo[SPSA_PARAMS_MAX], hi[SPSA_PARAMS_MAX];
	extremes(data, n, lo, hi);
	fprintf(g, "set terminal pngcairo size 900,500 noenhanced\nset output '" PLOT_OUTPUT
	           "'\n"
	           "set datafile separator ','\n"
	           "set title 'each parameter over the span it covers, padded: lo to hi "
	           "(key)'\n"
	           "set xlabel 'iteration'\nset ylabel '(value - lo) / (hi - lo)'\n"
	           "set yrange [0:1]\nset grid\nset key below\nplot ");
	for (int i = 0; i < n; i++) {
		char name[64];
		double span[2];
		safe_word(name, sizeof name, names[i]);
		trajectory_span(&p[i], lo[i], hi[i], span);
		fprintf(g,
		        "%s'" PLOT_DATA
		        "' skip 1 using 1:(($%d - %.17g) / %.17g) with lines "
		        "lw 2 title '%s: %g to %g of [%g, %g]'",
		        i ? ", " : "", i + 2, span[0], span[1] - span[0], name, span[0],
		        span[1], p[i].min, p[i].max);
	}
	fprintf(g, "\n");
	int rc = 0;
	if (fclose(g) != 0) {
		snprintf(err, errlen, "out of memory");
		rc = -1;
	} else {
		PlotStatus st = plot_run(dir, png, script, data, strlen(data), err, errlen);
		if (st == PLOT_NO_GNUPLOT)
			fprintf(out, "(no plot: gnuplot is not installed; apt-get install "
			             "gnuplot-nox)\n");
		rc = st == PLOT_FAILED ? -1 : st == PLOT_DONE;
	}
	free(script);
	free(data);
	return rc;
}
