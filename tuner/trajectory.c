/* trajectory.c - trajectory.csv written, read back for a resume, plotted. */
#define _POSIX_C_SOURCE 200809L
#include "trajectory.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

int trajectory_write_row(FILE *f, int k, int n, const double *theta, const SpsaResult *r)
{
	fprintf(f, "%d", k);
	for (int i = 0; i < n; i++)
		fprintf(f, ",%.17g", theta[i]);
	fprintf(f, ",%d,%d,%d\n", r->wins, r->losses, r->draws);
	return fflush(f) != 0 || ferror(f) ? -1 : 0;
}

/* One row: k, n values, three counts. */
static int parse_row(char *s, int n, long *k, double *theta)
{
	char *p = s, *q;
	*k = strtol(p, &q, 10);
	if (q == p || *q != ',')
		return -1;
	for (int i = 0; i < n; i++) {
		p = q + 1;
		theta[i] = strtod(p, &q);
		if (q == p || *q != ',' || !isfinite(theta[i]))
			return -1;
	}
	for (int i = 0; i < 3; i++) {
		p = q + 1;
		if (strtol(p, &q, 10) < 0 || q == p || *q != (i < 2 ? ',' : '\n'))
			return -1;
	}
	return 0;
}

int trajectory_read(const char *path, const char *header, int n, int max_k, int *last,
                    double *theta, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
		return -1;
	}
	char *line = NULL;
	size_t cap = 0;
	long good = 0; /* bytes up to the end of the last whole line */
	int lineno = 0, rc = -1;
	ssize_t len;
	*last = -1;
	while ((len = getline(&line, &cap, f)) > 0) {
		if (line[len - 1] != '\n')
			break; /* torn: cut below */
		lineno++;
		good += len;
		if (lineno == 1) {
			if ((size_t)len - 1 != strlen(header) ||
			    strncmp(line, header, strlen(header))) {
				snprintf(err, errlen, "%s:1: expected the header '%s'",
				         path, header);
				goto out;
			}
			continue;
		}
		long k;
		if (parse_row(line, n, &k, theta) < 0 || k != *last + 1 || k > max_k) {
			snprintf(err, errlen,
			         "%s:%d: expected iteration %d with %d values and W,L,D",
			         path, lineno, *last + 1, n);
			goto out;
		}
		*last = (int)k;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: read error", path);
		goto out;
	}
	if (*last < 0) /* not even the start row: begin afresh */
		good = 0;
	if ((len > 0 || *last < 0) && truncate(path, (off_t)good) < 0) {
		snprintf(err, errlen, "%s: cannot cut its torn last line: %s", path,
		         strerror(errno));
		goto out;
	}
	rc = 0;
out:
	free(line);
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

int trajectory_plot(const char *csv, const char *dir, const char *png,
                    const char *const *names, const SpsaParam *p, int n, FILE *out,
                    char *err, size_t errlen)
{
	char *data = rundir_slurp(csv), *script = NULL;
	size_t len = 0;
	FILE *g = data ? open_memstream(&script, &len) : NULL;
	if (!g) {
		free(data);
		snprintf(err, errlen, "%s: cannot read", csv);
		return -1;
	}
	fprintf(
	    g,
	    "set terminal pngcairo size 900,500 noenhanced\nset output '" PLOT_OUTPUT "'\n"
	    "set datafile separator ','\n"
	    "set title 'parameters over the iterations, each scaled to its [min, max]'\n"
	    "set xlabel 'iteration'\nset ylabel '(value - min) / (max - min)'\n"
	    "set yrange [-0.02:1.02]\nset grid\nset key outside right\nplot ");
	for (int i = 0; i < n; i++) {
		char name[64];
		safe_word(name, sizeof name, names[i]);
		fprintf(g,
		        "%s'" PLOT_DATA
		        "' skip 1 using 1:(($%d - %.17g) / %.17g) with lines "
		        "lw 2 title '%s [%g, %g]'",
		        i ? ", " : "", i + 2, p[i].min, p[i].max - p[i].min, name, p[i].min,
		        p[i].max);
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
		rc = st == PLOT_FAILED ? -1 : 0;
	}
	free(script);
	free(data);
	return rc;
}
