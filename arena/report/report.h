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

#include <stdbool.h>
#include <stdio.h>

#include "tally.h"

/* names (n of them) fixes the players and their order; NULL takes them from
 * the file in order of appearance. anchor: NULL for a pool average of 0,
 * else that player is rated 0. dups: a game of a job number an earlier line
 * has (tally.h); dropped or kept ones are said on out. Returns 0, or with a message -2 (the
 * games file cannot be read or rated) or -1 (an output could not be written). */
int report_run(const char *dir, const char *csv, const char *const *names, int n,
               const char *anchor, TallyDups dups, FILE *out, char *err, size_t errlen);

/* What report_run_opts takes; zero-initialised are report_run's defaults
 * (no anchor, TALLY_DUPS_REFUSE, Ordo's rule for perfect scores, no
 * gauntlet). */
typedef struct {
	const char *anchor; /* NULL: the pool averages 0; else this player is 0 */
	TallyDups dups;
	EloPriorMode prior; /* elo.h: ELO_PRIOR_NONE (bounds) or ELO_PRIOR_DRAWS */
	/* A gauntlet's challengers (report_gauntlet.h): its standings lead with
	 * each challenger against each opponent. None given and find_gauntlet
	 * set: found from the pairings. */
	const char *const *challengers;
	int nchallengers;
	bool find_gauntlet;
	/* The files of dir the caller wrote, which the "written:" line names
	 * first (", "-separated, as "games.csv, moves.csv"); NULL for none. */
	const char *run_files;
} ReportOptions;

/* report_run with the options above; o may be NULL. A challenger that is
 * none of the players is bad input (-2). */
int report_run_opts(const char *dir, const char *csv, const char *const *names, int n,
                    const ReportOptions *o, FILE *out, char *err, size_t errlen);

/* report_run_opts of several files or folders merged, in any format
 * records.h reads (tally_read_paths); the page shows the games only when
 * the input is one games.csv. */
int report_run_paths(const char *dir, const char *const *paths, int npaths,
                     const char *const *given, int n, const ReportOptions *o, FILE *out,
                     char *err, size_t errlen);

#endif
