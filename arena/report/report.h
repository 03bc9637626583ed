/* report.h - ratings and head-to-head tables from a games file.
 *
 * Writes into dir: elo.csv (Ordo's columns: rank, player, rating, error,
 * points, played, percent, cfs_next, w, d, l, draw_percent), pairs.csv (one
 * line per pairing with W/D/L, pentanomial counts, score, Elo, nElo, LOS
 * and the Elo interval's ends; undefined values empty, see elo_pair.h),
 * los.csv (the likelihood-of-superiority matrix), and elo.png through
 * gnuplot when it is installed; prints the standings and the head-to-head
 * table to out. */
#ifndef ARENA_REPORT_H
#define ARENA_REPORT_H

#include <stdio.h>

#include "tally.h"

/* names (n of them) fixes the players and their order; NULL takes them from
 * the file in order of appearance. anchor: NULL for a pool average of 0,
 * else that player is rated 0. dups: a game of a job number an earlier line
 * has (tally.h); dropped or kept ones are said on out. Returns 0, or with a message -2 (the
 * games file cannot be read or rated) or -1 (an output could not be written). */
int report_run(const char *dir, const char *csv, const char *const *names, int n,
               const char *anchor, TallyDups dups, FILE *out, char *err, size_t errlen);

/* report_run, whose "written:" line names first the files of dir that
 * run_files lists (", "-separated, as "games.csv, moves.csv"), the ones the
 * caller wrote; NULL for none. */
int report_run_files(const char *dir, const char *csv, const char *const *names, int n,
                     const char *anchor, TallyDups dups, const char *run_files, FILE *out,
                     char *err, size_t errlen);

/* report_run_files of several files or folders merged, in any format
 * records.h reads (tally_read_paths); the page shows the games only when
 * the input is one games.csv. */
int report_run_paths(const char *dir, const char *const *paths, int npaths,
                     const char *const *given, int n, const char *anchor, TallyDups dups,
                     const char *run_files, FILE *out, char *err, size_t errlen);

#endif
