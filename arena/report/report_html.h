/* report_html.h - the sections of report.html that come from a run
 * folder's files. html.h writes the page; report.c adds the standings and
 * the head to head, the tuners their own sections, and each calls
 * report_html_games for the rest.
 *
 * From the folder that holds the games file csv:
 *   "run"    config.ini, when it is a tournament's (config_load): kind,
 *            board, rule, each player's type and budget; openings by base
 *            name only (no path is written into the page);
 *   "sprt"   when config.ini says sprt = on: the LLR after each complete
 *            game pair (jobs 2p and 2p+1; player A the first player, as
 *            the runner folds them), both bounds, the verdict;
 *   "games"  the first REPORT_HTML_GAMES_MAX games of csv ("shown"; "total"
 *            the games in the file, -1 if more were left and their number
 *            is not known), compact: one
 *            array per column (job, pair and round as differences from
 *            the value before; "moves", the moves read, only when a move
 *            list did not read), names as indices into name lists, and the
 *            moves of every game packed into one base64 string
 *            (bits = ceil(log2(size^2)) a move, index y * size + x with
 *            y from the top, games one after the other, no padding
 *            between them); the opening stones of each opening when the
 *            openings file can be read; the board size from config.ini,
 *            else the smallest that holds every move (at least 15);
 *            with moves.csv beside csv, "info": each move's time, eval
 *            and depth of the games that have rows (report_moves.h);
 *   "openings" each opening's health (opening_health.h: games, black's
 *            score, pairs split and decisive, dead), the first
 *            REPORT_HTML_OPENINGS_MAX in order of first appearance;
 *   "health" faults.csv beside csv: faults per player and reason, with
 *            the first REPORT_HTML_FAULTS_MAX lines; and each player's
 *            thinking time per move (median, max, against its ms budget):
 *            per move from games/JOB.psq when config.ini says psq = on,
 *            else each game's time over its moves.
 * A config.ini that cannot be read (another tool's folder, a moved
 * openings file) leaves out what it would give, with a note in "run".
 *
 * Cost: one pass over csv (and another for the openings' health),
 * stopped after REPORT_HTML_GAMES_MAX games
 * unless an SPRT needs them all, and one over moves.csv when it is there;
 * memory about 40 bytes a game kept plus 2 a move (and 10 a move of the
 * first REPORT_MOVES_MAX with moves.csv). */
#ifndef ARENA_REPORT_HTML_H
#define ARENA_REPORT_HTML_H

#include <stddef.h>

#include "html.h"

enum {
	REPORT_HTML_GAMES_MAX = 100000,
	REPORT_HTML_FAULTS_MAX = 1000,
	REPORT_HTML_OPENINGS_MAX = 2000
};

/* Adds "run", "sprt", "games", "openings" and "health" (each when it
 * applies) to p.
 * games: the number of games in csv when the caller knows it (the page
 * says how many it leaves out), else -1. Returns 0, or -1 with a message
 * (csv cannot be read, out of memory). */
int report_html_games(HtmlPage *p, const char *csv, long games, char *err, size_t errlen);

#endif
