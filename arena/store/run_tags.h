/* run_tags.h - what a games file and the run folder around it tell of its
 * games, for the records written from it (pgn.h, sgf.h).
 *
 * games.csv holds no date, no event and no time control, so they come
 * from beside it:
 * - the event: the run's name (config.ini's [tournament] name) when the
 *   file is in a run folder whose config.ini loads, else the file's name
 *   without its extension ("merged" for merged.csv);
 * - the date: the day (UTC) the games file was last written, from its
 *   modification time: a finished run rewrites it at its end, so it is the
 *   day the run ended (games of a run over midnight get the last day);
 *   unknown ("????.??.??") when the file cannot be stat'ed;
 * - the site: unknown. Neither file says where the games were played, and
 *   the machine that exports a record is often not the one that played
 *   them (a cluster's results copied home), so no host name is guessed;
 * - each player's time control, from config.ini (run_tags_tc);
 * - the board and rule of config.ini, and moves.csv beside the file when
 *   there is one (sgf.h's comments). */
#ifndef ARENA_RUN_TAGS_H
#define ARENA_RUN_TAGS_H

#include <stdbool.h>
#include <stddef.h>

#include "config.h"
#include "outfile.h"

enum { RUN_TAGS_EVENT_MAX = 256, RUN_TAGS_TC_MAX = 48 };

typedef struct {
	char event[RUN_TAGS_EVENT_MAX]; /* never empty: the run's or the file's name */
	char date[11];                  /* "YYYY.MM.DD", or "????.??.??" */
	bool known;                     /* config.ini beside the file loaded */
	int size;                       /* config.ini's board, else 0 */
	Rule rule;                      /* config.ini's rule, if known */
	int nplayers;                   /* config.ini's players ... */
	char names[CONFIG_PLAYERS_MAX][CONFIG_NAME_MAX];
	char tc[CONFIG_PLAYERS_MAX][RUN_TAGS_TC_MAX]; /* ... and their time controls */
	char moves[OUTFILE_PATH_MAX + 16];            /* moves.csv beside the file, or "" */
} RunTags;

/* What is known of the games of the games file csv. Never fails: what
 * cannot be found is unknown. */
void run_tags_find(const char *csv, RunTags *tags);

/* A budget's time control as PGN's TimeControl tag writes it, in seconds,
 * as cutechess-cli writes it: "60" (a game clock), "60+0.5" (with its
 * increment), "0.1/move" (a limit per move); "" when b has no time limit
 * (nodes or depth alone). A game clock wins over a limit per move. */
void run_tags_time_control(const Budget *b, char *buf, size_t len);

/* The time control of the player called name ("" when not known). */
const char *run_tags_tc(const RunTags *tags, const char *name);

#endif
