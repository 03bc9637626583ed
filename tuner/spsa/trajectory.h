/* trajectory.h - an SPSA run's trajectory.csv and its plot.
 *
 * A header `iteration,<each parameter>,W,L,D`, then one row per iteration:
 * row 0 is the start, row k holds theta after iteration k (%.17g, so it
 * reads back exactly) and that iteration's wins, losses and draws. Rows are
 * appended through arena's checked write path (results.h), so a killed run
 * loses at most the row it was writing, which trajectory_read cuts off, and
 * a full disk is an error that says so. */
#ifndef TUNER_TRAJECTORY_H
#define TUNER_TRAJECTORY_H

#include <stddef.h>
#include <stdio.h>

#include "results.h"
#include "spsa_core.h"

/* The header line for parameters names[0..n-1], without a newline. */
void trajectory_header(const char *const *names, int n, char *buf, size_t len);

/* Appends row k, written whole to the kernel (results.h: results_append).
 * Returns 0, or -1 with errno. */
int trajectory_write_row(ResultsFile *f, int k, int n, const double *theta,
                         const SpsaResult *r);

/* The longest line trajectory_read takes: far above any it writes (32
 * parameters of 63-byte names, or of %.17g values). */
enum { TRAJECTORY_LINE_MAX = 16384 };

/* Reads path back (lines.h: LF or CR LF; a NUL byte or a line over
 * TRAJECTORY_LINE_MAX bytes is an error of its line): the header must be
 * `header` and the rows must number the iterations 0, 1, ... up to at most
 * max_k (plain digits), each with n finite decimals (num.h: no "0x10",
 * "nan", "1e999") and W,L,D (plain digits). A torn last line (no newline: a
 * run killed while writing it) is cut off the file, and a file without a
 * row is emptied; any other damage is an error and the file is left as it
 * was. Gives the last iteration (-1 if no row) and its theta. Returns 0,
 * or -1 with "path:line: what is wrong". */
int trajectory_read(const char *path, const char *header, int n, int max_k, int *last,
                    double *theta, char *err, size_t errlen);

/* The span a chart of parameter p shows, report.html's and params.png's
 * (report_sections.js, trajectoryAxis): [lo, hi] of its trajectory and
 * start, padded by a tenth of its width (a flat one by 1% of [min, max]),
 * cut to [min, max], into span[0..1] (span[0] < span[1]). */
void trajectory_span(const SpsaParam *p, double lo, double hi, double span[2]);

/* Writes dir/png from the trajectory at csv through gnuplot (arena's
 * plot.h), every parameter scaled to its trajectory_span (the key gives
 * it and [min, max]). A missing gnuplot is a note on out. Returns 1 (the
 * picture is written), 0 (no gnuplot), or -1 with a message when the plot
 * failed. */
int trajectory_plot(const char *csv, const char *dir, const char *png,
                    const char *const *names, const SpsaParam *p, int n, FILE *out,
                    char *err, size_t errlen);

#endif
