/* messages.h - messages.txt: every MESSAGE line the engines sent, grouped
 * by game, in the layout of c-gomoku-cli's -msg file ([tournament] msg).
 *
 * The file opens with a separator line (MESSAGES_SEPARATOR); then a block
 * a game, each closed by a separator:
 *
 *   Game ID: N               games.csv's job + 1 (c-gomoku-cli counts from 1)
 *   Engines: BLACK x WHITE   the players' names
 *   PLY) NAME: TEXT          a line a MESSAGE, in the order sent: PLY the
 *                            move thought about (stones on the board + 1,
 *                            the opening's counted), NAME its player, TEXT
 *                            what followed "MESSAGE " ('?' for bytes outside
 *                            printable ASCII)
 *   [messages cut at 65536 bytes]   when the game's lines went over
 *                            MESSAGE_LOG_MAX (player.h): the rest is left out
 *   ------------------------------
 *
 * which is c-gomoku-cli's layout (a separator before each game) with one
 * more separator at the end. A game without messages has its first two
 * lines alone. Built-in players send none.
 *
 * The file follows games.csv as moves.csv does (moves_csv.h): a game's
 * block is appended, in one write, before its games.csv line, and
 * messages_settle rewrites the file keeping only the blocks of the games
 * games.csv holds, once as a run starts (dropping what a kill left of a
 * game not in games.csv, and a torn last line) and once at the end of a
 * complete run, in job order: a resumed run's file is an uninterrupted
 * one's (but for what the engines themselves say differently, times). */
#ifndef ARENA_MESSAGES_H
#define ARENA_MESSAGES_H

#include <stdbool.h>
#include <stddef.h>

#include "player.h"

#define MESSAGES_FILE "messages.txt"
#define MESSAGES_SEPARATOR "------------------------------"

/* The block of job's game (see above) in a new string (free it), its
 * players names[BLACK], names[WHITE], log its messages; NULL when out of
 * memory. */
char *messages_format(int job, const char *const names[2], const MessageLog *log);

/* Rewrites path (results_rewrite; lazy as there) keeping the blocks of the
 * jobs done[0..njobs) marks, in job order. A line outside any block is
 * dropped; a "Game ID" that is not a number from 1 is an error. Returns 0,
 * or -1 with a message. */
int messages_settle(const char *path, const bool *done, int njobs, bool lazy, char *err,
                    size_t errlen);

#endif
