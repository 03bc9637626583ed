/* pgn.h - a games file as a headers-only PGN, which Ordo and BayesElo
 * read. PGN's White is the side that moves first: Gomoku's black.
 *
 * Each game: the Seven Tag Roster in its order (Event: the run's name;
 * Site "?"; Date: the games file's; run_tags.h tells where each comes
 * from), Round "round.pair", White, Black, Result; then PlyCount (the
 * stones on the board at the end, the opening's included, as every stone
 * is a move in games.csv and SGF), Termination and the time control, in
 * ASCII order as PGN's export format asks; then the result alone as the
 * movetext. Termination says how the game ended in PGN's words (as
 * cutechess-cli writes them): "normal" (a five, black's forbidden point
 * under renju, a full board, the ply limit), "time forfeit" (timeout),
 * "rules infraction" (an illegal move, a protocol error), "abandoned" (a
 * crash, over max_memory), "adjudication"; none for a reason it does not
 * know. TimeControl (run_tags_time_control) when both players had the
 * same one, WhiteTimeControl and BlackTimeControl when they differ, none
 * without a time limit or a config.ini. */
#ifndef ARENA_PGN_H
#define ARENA_PGN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Writes the games of paths (files or folders in any format records.h
 * reads, merged) to out, each with the tags run_tags_find finds for its
 * input. Reads the inputs twice, a game at a time (constant memory):
 * every game is read before the first is written, so bad input writes
 * nothing. Returns 0, or negative with "file:line: what is wrong". */
int pgn_write(const char *const *paths, int npaths, FILE *out, char *err, size_t errlen);

/* pgn_write, and with moves set each game's moves as movetext ("1. h8 i9
 * 2. ...", as games.csv writes them, on the board of the record: the
 * run's size for a games.csv, which the PGN does not say) before its
 * result. A game whose record has no moves has none. */
int pgn_write_moves(const char *const *paths, int npaths, bool moves, FILE *out, char *err,
                    size_t errlen);

/* PGN's Termination for a games.csv reason, or NULL for one it does not
 * know. */
const char *pgn_termination(const char *reason);

#endif
