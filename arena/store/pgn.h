/* pgn.h - a games file as a headers-only PGN (Event, Round, White, Black,
 * Result per game), which Ordo and BayesElo read. PGN's White is the side
 * that moves first: Gomoku's black. */
#ifndef ARENA_PGN_H
#define ARENA_PGN_H

#include <stddef.h>
#include <stdio.h>

/* Writes the games of csv (results.h) to out. Returns 0, or -1 with a
 * message when csv cannot be read. */
int pgn_write(const char *csv, FILE *out, char *err, size_t errlen);

#endif
