/* report_gauntlet.h - a gauntlet's standings: each challenger against
 * each opponent (score, Elo with its 95% error, LOS, from the pairing's own
 * games as pairs.csv has them), then against all of them, ahead of the
 * ratings of the pool.
 *
 * Which players are the challengers: the names given (a run's `[tournament]
 * type = gauntlet`, `arena elo --gauntlet NAME`), or, when asked to find
 * them, the smaller side of a pool whose pairings are exactly "everyone on
 * one side met everyone on the other, and nobody met their own side": at
 * least three players with games, sides of different sizes (two against
 * two is a match of teams, not told apart: name them). Players without
 * games are on no side. Linear in players and pairings. */
#ifndef ARENA_REPORT_GAUNTLET_H
#define ARENA_REPORT_GAUNTLET_H

#include <stdbool.h>
#include <stdio.h>

#include "tally.h"

typedef struct {
	int count;        /* challengers; 0: not a gauntlet */
	bool *challenger; /* t->n flags, owned; NULL when count is 0 */
} Gauntlet;

/* Fills g from the nnames names given (each must be a player of t: else
 * -2 and "gauntlet challenger 'X' is none of the players"), or when there
 * are none and find is set, from the pairings. 0, or -1 out of memory. */
int gauntlet_find(const Tally *t, const char *const *names, int nnames, bool find,
                  Gauntlet *g, char *err, size_t errlen);
void gauntlet_free(Gauntlet *g); /* accepts an empty one */

/* Every pairing is a challenger's against a non-challenger (the
 * head-to-head table would repeat the gauntlet's). */
bool gauntlet_only(const Tally *t, const Gauntlet *g);

/* The terminal table. */
void gauntlet_print(FILE *out, const Tally *t, const Gauntlet *g);
/* The page's copy, a JSON object: {"columns": pairs.csv's, "rows": [...]},
 * each row from the challenger's side, its total's opponent "(all)". */
void gauntlet_json(FILE *f, const Tally *t, const Gauntlet *g);

#endif
