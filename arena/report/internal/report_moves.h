/* report_moves.h - each move's time, eval and depth (moves.csv) for the
 * board viewer of report.html.
 *
 * The member "info" of "games" (report_html.h), present only when
 * moves.csv beside the games holds a row of a game the page shows:
 *   "games"  the page's indices of the games that carry values, as
 *            differences from the index before (the first from 0);
 *   "v"      one string a game of "games", in that order: for each ply of
 *            the game (the opening's stones included, which have no row),
 *            ms + 1, eval and depth + 1 as base64 VLQ numbers (5 bits a
 *            character, low bits first, 32 set on every character but a
 *            number's last), 0 where the value is not known; eval as
 *            1 + zigzag (0, -1, 1, -2 ... as 0, 1, 2, 3 ...), the mover's
 *            view in its units as moves.csv has it;
 *   "proven" SCORE_WIN - BOARD_MAX_MOVES: an |eval| at least this is a
 *            proven win (or loss) in SCORE_WIN - |eval| plies, "win" the
 *            SCORE_WIN;
 *   "cut"    when the page's games have more than REPORT_MOVES_MAX moves:
 *            only games below this index carry values.
 * A moves.csv that does not read carries nothing: "note" says why. */
#ifndef ARENA_REPORT_MOVES_H
#define ARENA_REPORT_MOVES_H

#include <stdio.h>

/* The most moves whose values one page carries (about 5 bytes each). */
enum { REPORT_MOVES_MAX = 250000 };

/* Writes ,"info":{...} to f for the ng games of the page (job and nmoves,
 * the moves of each, by page index) from path (moves.csv) on a size x
 * size board, or nothing when path is missing or holds no row of these
 * games. Returns 0, or -1 with "out of memory" in err. */
int report_moves_json(FILE *f, const char *path, int size, const int *job,
                      const int *nmoves, long ng, char *err, size_t errlen);

#endif
