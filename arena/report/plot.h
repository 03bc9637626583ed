/* plot.h - pictures through gnuplot, with nothing the user typed in the
 * script.
 *
 * gnuplot runs in the folder that gets the picture and reads its script on
 * standard input; the script names only fixed file names relative to that
 * folder (PLOT_DATA, PLOT_OUTPUT), so no path reaches gnuplot's command
 * language. Text such as player names goes into PLOT_DATA only, one record
 * a line with tab-separated fields (plot_data_text keeps a field free of
 * tabs and line breaks, and escapes it as gnuplot reads strings in data),
 * which gnuplot reads as data and never runs.
 * `set terminal ... noenhanced` keeps it from interpreting markup in them. */
#ifndef ARENA_PLOT_H
#define ARENA_PLOT_H

#include <stdio.h>

#define PLOT_DATA "plot.dat.tmp"
#define PLOT_OUTPUT "plot.png.tmp"

typedef enum {
	PLOT_DONE,       /* the picture is at png */
	PLOT_NO_GNUPLOT, /* gnuplot is not installed: a note, not an error */
	PLOT_FAILED,     /* with a message in err */
} PlotStatus;

/* Runs gnuplot on script in folder dir, after writing data (datalen bytes)
 * to dir/PLOT_DATA; then installs dir/PLOT_OUTPUT as dir/png (atomically,
 * outfile.h). dir/PLOT_DATA is removed in every case. */
PlotStatus plot_run(const char *dir, const char *png, const char *script, const char *data,
                    size_t datalen, char *err, size_t errlen);

/* Writes s to f as one data field that gnuplot shows as s: '"' as \042,
 * '\' as \\ (gnuplot's escapes in data strings), control characters as
 * \xNN (printable.h), so no tab or line break ends the field. */
void plot_data_text(FILE *f, const char *s);

#endif
