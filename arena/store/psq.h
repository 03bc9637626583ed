/* psq.h - the .psq record of every game of a run (psq = on).
 *
 * games/JOB.psq holds the moves with their thinking times and a trailer of
 * the two names and the result. A record is written whole (outfile.h: a
 * temporary file renamed, so a kill leaves it whole or absent) just before
 * the game's games.csv line, but lazily: never synced, which would cost two
 * syncs a game (games.csv itself is synced once a second). A power loss may
 * then leave a game in games.csv whose record is missing or empty;
 * psq_repair, run when a run starts, writes such records again from
 * games.csv (moves, names and result; the per-move times, which games.csv
 * lacks, are then 0). */
#ifndef ARENA_PSQ_H
#define ARENA_PSQ_H

#include <stddef.h>
#include <stdint.h>

/* Writes path (lazily). result: "1-0", ...; reason: "five", ... ms may be
 * NULL (times of 0). Returns 0, or -1 with a message and errno set. */
int psq_write(const char *path, int size, const char *black, const char *white,
              const int16_t *moves, const int32_t *ms, int plies, const char *result,
              const char *reason, char *err, size_t errlen);

/* Writes again the record in dir/games/ of every game of games.csv (csv)
 * whose record is missing or empty; *repaired counts them. Returns 0, or
 * -1 with a message. */
int psq_repair(const char *dir, const char *csv, int size, int *repaired, char *err,
               size_t errlen);

#endif
