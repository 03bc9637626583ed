/* opening_health.h - how much each opening of a games file tells: its
 * games, black's score, its colour-swapped pairs split or decisive, and
 * whether it is dead.
 *
 * A pair is the two games of one opening that share a pair id and the
 * same two players (a run's colour-swapped games, results.h). It is split
 * when each player scored 1 of its 2 points (a win each, or two draws),
 * decisive when one scored more: only decisive pairs tell two players
 * apart. An opening is dead when it has 2 games or more and every one
 * ended the same way for black (all won, all lost, or all drawn), as
 * openings that always win for the first player do once engines are
 * strong.
 *
 * Cost: one pass over the file (results_scan), a hash on opening names
 * and one on the pairs waiting for their partner: time linear in the
 * games, memory about 90 bytes an opening and 24 a pair. */
#ifndef ARENA_OPENING_HEALTH_H
#define ARENA_OPENING_HEALTH_H

#include <stdbool.h>
#include <stdio.h>

#include "openings.h"

typedef struct {
	char name[OPENING_NAME_MAX];
	long games;
	long black[3]; /* games black lost, drew, won */
	long pairs;    /* complete pairs */
	long split;    /* of them: 1-1 */
} OpeningHealthRow;

typedef struct {
	int n;
	OpeningHealthRow *rows; /* n, owned, in order of first appearance */
	long games;
} OpeningHealth;

/* Reads csv (a torn last line is no game). Returns 0, or -1 with
 * "file:line: what is wrong" or "out of memory"; *h is then empty. */
int opening_health_read(const char *csv, OpeningHealth *h, char *err, size_t errlen);
void opening_health_free(OpeningHealth *h); /* accepts an empty one */

/* Every game the same result for black, over 2 games or more. */
bool opening_health_dead(const OpeningHealthRow *r);

/* Black's points over the games, 0 to 1 (NAN with no games). */
double opening_health_black(const OpeningHealthRow *r);

/* Appends to live (empty or not) the openings of set that are not dead
 * in h: never played, or not dead. With symmetries (the run played each
 * opening's images, named "NAME/sK"), an opening is dead when each of
 * its images played is. *dead counts the ones left out. Returns 0, or -1
 * (out of memory). */
int opening_health_live(const OpeningHealth *h, const OpeningSet *set, bool symmetries,
                        OpeningSet *live, long *dead);

/* The table for a terminal: one line an opening, then a summary line.
 * Names are data (printable.h). */
void opening_health_print(FILE *f, const OpeningHealth *h);

/* As JSON for report.html: {"total": openings, "games", "dead", "pairs",
 * "split", "rows": [[name, games, black points, pairs, split, dead], ...]}
 * with at most max rows (the first ones). */
void opening_health_json(FILE *f, const OpeningHealth *h, int max);

#endif
