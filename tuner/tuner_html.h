/* tuner_html.h - report.html of a tuner's folder (arena/report/html.h is the
 * page): the "spsa" or "texel" section, from the files the run wrote.
 *
 *   "spsa":  the tuned parameters with their ranges and start values (from
 *            the configuration), trajectory.csv (at most
 *            TUNER_HTML_ROWS_MAX rows, spread over the run, the first and
 *            the last kept) and verify.csv;
 *   "texel": texel.csv (start and tuned values), loss.csv, rounds.csv (the
 *            training loss at each round's start and end) and verify.csv;
 *            and games.csv's sections (arena/report/report_html.h) when the run
 *            played its data games into the folder.
 * A file not there yet (verify.csv before the verification) is null. */
#ifndef TUNER_TUNER_HTML_H
#define TUNER_TUNER_HTML_H

#include <stddef.h>

#include "spsa_config.h"

enum { TUNER_HTML_ROWS_MAX = 2000 };

/* dir/report.html of the SPSA run of c in dir. Returns 0 or -1 with a
 * message. */
int tuner_html_spsa(const char *dir, const SpsaConfig *c, char *err, size_t errlen);

/* dir/report.html of the Texel run titled name in dir. Returns 0 or -1
 * with a message. */
int tuner_html_texel(const char *dir, const char *name, char *err, size_t errlen);

/* `tuner report DIR`: DIR/report.html of the SPSA or Texel run in DIR
 * written again from its files. 0, or with a message -2 (not a tuning
 * folder, a bad config.ini) or -1 (not written). */
int tuner_html_rebuild(const char *dir, char *err, size_t errlen);

#endif
