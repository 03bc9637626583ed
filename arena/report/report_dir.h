/* report_dir.h - `arena report DIR`: a run folder's report written again
 * (the tables, the plot and report.html) from the files it holds; and
 * the report of records (`arena report a.pgn b.sgf --out DIR`, `arena
 * elo`). */
#ifndef ARENA_REPORT_DIR_H
#define ARENA_REPORT_DIR_H

#include <stddef.h>
#include <stdio.h>

#include "report.h"

/* Rebuilds the report of the run in dir from dir/games.csv (into the
 * folder to, made if missing; NULL: dir), with the
 * players' order and the anchor of dir/config.ini when that is a
 * tournament's (else the file's order and no anchor). A tuner's folder
 * (trajectory.csv or texel.csv) is refused: `tuner report` rebuilds those.
 * Returns 0, or with a message -2 (not a run folder, a bad games file) or
 * -1 (an output could not be written); report_run prints to out. */
int report_dir(const char *dir, const char *to, FILE *out, char *err, size_t errlen);

/* The report of records (files or folders in any format records.h reads,
 * merged: report_run_paths) into the folder to, made if missing (NULL:
 * the first input's folder). Returns as report_dir. */
int report_records(const char *const *paths, int npaths, const char *to,
                   const ReportOptions *o, FILE *out, char *err, size_t errlen);

/* `arena report`: one folder that holds a games.csv, or no .psq file, is
 * a run folder (report_dir); anything else is records (report_records,
 * a gauntlet found from the pairings). Returns as report_dir. */
int report_inputs(const char *const *paths, int npaths, const char *to, FILE *out,
                  char *err, size_t errlen);

#endif
