/* report_faults.h - faults.csv (faults.h) as the "faults" part of
 * report.html's health section (report_html.h):
 *   {"reasons": ["crash", "timeout", "protocol", "illegal", "memory"],
 *    "lines": [[job, player, color, reason, detail], ...] (the first
 *    max_lines, as text), "total": lines, "players": [names in order of
 *    first fault], "counts": [[a count per reason] per player]}.
 * A missing file is no fault. The file is read by faults_scan (faults.h):
 * a line that does not read is an error. Returns 0, or -1 with "path:line:
 * what is wrong" in err (the JSON is then whole but incomplete: the caller
 * drops the page). */
#ifndef ARENA_REPORT_FAULTS_H
#define ARENA_REPORT_FAULTS_H

#include <stddef.h>
#include <stdio.h>

/* dir NULL: no faults (records of other tools keep none). */
int report_faults_json(FILE *f, const char *dir, int max_lines, char *err, size_t errlen);

#endif
