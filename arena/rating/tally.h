/* tally.h - a games file summed per pairing, for the report (report.c):
 * the players, each pairing's W/D/L and pentanomial counts, and how the
 * games ended.
 *
 * Cost: one pass over the file (records_scan) with hashes on names and
 * pairings, then a counting sort of the games by pairing and a hash on pair
 * ids within each pairing: time linear in the games, plus O(P log P) to
 * sort the P pairings once. Memory: 13 bytes a game while it runs, then
 * O(players + pairings).
 *
 * Pentanomial counts. The games of a pairing that share a pair id (in a
 * run, its two colour-swapped games; pair ids repeat across pairings) are
 * taken in file order two by two; a pairing has pentanomial counts only
 * when every one of its games found its partner. */
#ifndef ARENA_TALLY_H
#define ARENA_TALLY_H

#include <stdbool.h>

#include "elo.h"
#include "game_play.h"

/* The most players a file may hold: the ratings' covariance takes 8 n^2
 * bytes and n^3 / 3 multiply-adds twice (10,000 players: 800 MB and some
 * minutes; 2,000: 32 MB and seconds). */
enum { TALLY_PLAYERS_MAX = 10000 };

typedef struct {
	int a, b;        /* players, a < b */
	EloPairCounts c; /* a's W/D/L; penta all 0 unless paired */
	bool paired;     /* every game has its colour-swapped partner */
} TallyPairing;

typedef struct {
	int n;
	char **names; /* n, owned; in the given order, else in order of first appearance */
	long games;
	int npairings;
	TallyPairing *pairings; /* owned, sorted by (a, b) */
	long ends[END_COUNT +
	          1];       /* games by game_play.h's reason; END_COUNT: unknown reasons */
	long dups;          /* games whose job number an earlier line has, or met in
	                       an earlier input (tally_read_paths) */
	long dup_line;      /* the first of them, 0: none */
	char dup_file[256]; /* its file */
	int dup_job;        /* its job number */
	long unfinished;    /* games without a result, skipped (records.h) */
} Tally;

/* What to do with a game whose job number an earlier line of the file has
 * too (two runs' files joined by hand: counted twice, it would halve the
 * error bars). */
typedef enum {
	TALLY_DUPS_REFUSE, /* an error naming the line */
	TALLY_DUPS_DROP,   /* the first of each job number counts */
	TALLY_DUPS_KEEP,   /* every line counts */
} TallyDups;

/* Reads csv (results.h: a torn last line is no game). given (n names)
 * fixes the players and their order, and a game of anyone else is an
 * error; NULL takes them from the file. Returns 0, or -1 with "file:line:
 * what" (unknown player, more than TALLY_PLAYERS_MAX players, a bad line,
 * a repeated job number under TALLY_DUPS_REFUSE) or "out of memory" in
 * err; *t is then empty. t->dups counts the repeated games, the first at
 * t->dup_line. */
int tally_read(const char *csv, const char *const *given, int n, TallyDups dups, Tally *t,
               char *err, size_t errlen);
/* tally_read of several files or folders merged, in any format records.h
 * reads. Duplicates are a job number again in one games.csv, or a game
 * with moves met in an earlier input (tally.c: game_again). Returns 0, or
 * ERR_INPUT (-2) with "file:line: what" for bad input, -1 out of memory. */
int tally_read_paths(const char *const *paths, int npaths, const char *const *given, int n,
                     TallyDups dups, Tally *t, char *err, size_t errlen);
void tally_free(Tally *t); /* accepts an empty or freed Tally */

#endif
