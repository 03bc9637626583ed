/* pgn.h - a games file as a headers-only PGN (Event, Round, White, Black,
 * Result per game), which Ordo and BayesElo read. PGN's White is the side
 * that moves first: Gomoku's black. */
#ifndef ARENA_PGN_H
#define ARENA_PGN_H

#include <stddef.h>
#include <stdio.h>

/* Writes the games of paths (files or folders in any format records.h
 * reads, merged) to out, streaming; every game is read before the first
 * is written, so bad input writes nothing. Returns 0, or negative with
 * "file:line: what is wrong". */
int pgn_write(const char *const *paths, int npaths, FILE *out, char *err, size_t errlen);

#endif
