/* report_dir.h - `arena report DIR`: a run folder's report written again
 * (the tables, the plot and report.html) from the files it holds. */
#ifndef ARENA_REPORT_DIR_H
#define ARENA_REPORT_DIR_H

#include <stddef.h>
#include <stdio.h>

/* Rebuilds the report of the run in dir from dir/games.csv, with the
 * players' order and the anchor of dir/config.ini when that is a
 * tournament's (else the file's order and no anchor). A tuner's folder
 * (trajectory.csv or texel.csv) is refused: `tuner report` rebuilds those.
 * Returns 0, or with a message -2 (not a run folder, a bad games file) or
 * -1 (an output could not be written); report_run prints to out. */
int report_dir(const char *dir, FILE *out, char *err, size_t errlen);

#endif
