/* report_faults.h - faults.csv (faults.h) as the "faults" part of
 * report.html's health section (report_html.h):
 *   {"reasons": ["crash", "timeout", "protocol", "illegal", "memory"],
 *    "lines": [[job, player, color, reason, detail], ...] (the first
 *    max_lines, as text), "total": lines, "players": [names in order of
 *    first fault], "counts": [[a count per reason] per player]}.
 * A missing file is no fault; lines with fewer than five fields are
 * skipped. */
#ifndef ARENA_REPORT_FAULTS_H
#define ARENA_REPORT_FAULTS_H

#include <stdio.h>

void report_faults_json(FILE *f, const char *dir, int max_lines);

#endif
