/* sgf.h - a games file as SGF game records (FF[4]), one game tree per game,
 * which Gomoku viewers (Piskvork-era tools, RenLib, c-gomoku-cli's users)
 * open.
 *
 * Each tree: a root node with GM[4] (Gomoku and Renju), FF[4], CA[UTF-8],
 * AP, SZ, RU (freestyle, standard or renju), PB and PW (black moves
 * first), RE (B+ or W+ for a win, 0 for a draw; with a T after the + when
 * the loser ran out of time, an F when it forfeited by a fault: crash,
 * illegal move, protocol, memory, an R when adjudication resigned for
 * it), EV (the event) and DT (the date,
 * YYYY-MM-DD; none when unknown), both as run_tags.h finds them, RO
 * (round.pair), GN (the opening's name) and a C comment that says the
 * rule, the opening, the result and how the game ended; then one node per
 * stone, ;B[xy] or ;W[xy], opening stones included (games.csv does not say
 * how many stones the opening had, so they are moves like the others).
 * With moves.csv beside the games file (moves_csv.h), read alongside it,
 * each node of a game it describes has a comment as c-gomoku-cli writes
 * them: C[opening move] on the stones before the first a player chose,
 * then C[35/12 250ms] (the mover's eval, its depth, the time), C[35
 * 250ms] without a depth, C[250ms] without an eval. Both files are sorted
 * by job once a run is complete; rows of games the games file does not
 * hold are passed over, a game whose rows are not its stones gets no
 * comment, and a file out of job order (a run in progress), a missing or
 * torn moves.csv, give no comments from there on; a row that does not read
 * is an error. Points are two letters from
 * 'a', column then row from the top-left, as Gomocup's x,y (coord.h).
 * Text values escape ']' and '\' with a '\'; names are data, their control
 * characters shown as \xNN (printable.h). */
#ifndef ARENA_SGF_H
#define ARENA_SGF_H

#include <stddef.h>
#include <stdio.h>

#include "rules.h"

/* Writes the games of paths (files or folders in any format records.h
 * reads, merged), under rule, to out; a game whose record does not say
 * its board (games.csv, PGN) is on a size x size one. Every game is
 * checked before anything is written. Returns 0, or negative with
 * "file:line: what is wrong" when an input cannot be read or a move does
 * not fit the board. */
int sgf_write(const char *const *paths, int npaths, int size, Rule rule, FILE *out,
              char *err, size_t errlen);

/* sgf_write into path, atomically (outfile.h): a kill leaves the old file
 * or none. Returns 0, or with a message -2 (csv cannot be read, a move off
 * the board: nothing written) or -1 (path cannot be written). */
int sgf_write_file(const char *csv, int size, Rule rule, const char *path, char *err,
                   size_t errlen);

/* sgf_write_file of several inputs (sgf_write). */
int sgf_write_paths_file(const char *const *paths, int npaths, int size, Rule rule,
                         const char *path, char *err, size_t errlen);

#endif
