/* elo.c - `arena elo FILE|DIR...`: ratings from any record of games, merged
 * (report.h, records.h). */
#include <stdio.h>

#include "commands.h"
#include "err.h"
#include "opt.h"
#include "printable.h"
#include "report_dir.h"

int elo_command(int argc, char **argv)
{
	enum { INPUTS_MAX = 256 };
	const char *inputs[INPUTS_MAX], *anchor = NULL, *dir = NULL;
	OptList paths = {inputs, INPUTS_MAX, 0};
	static const char *const dup_choices[] = {"refuse", "drop", "keep", NULL};
	static const char *const prior_choices[] = {"none", "draws", NULL};
	int dups = TALLY_DUPS_REFUSE, prior = 0;
	const char *challengers[64];
	OptList gauntlet = {challengers, 64, 0};
	const Opt args[] = {{.name = "FILE|DIR",
	                     .kind = OPT_LIST,
	                     .dest = &paths,
	                     .required = true,
	                     .what = "a file or folder name",
	                     .help = "games: a games.csv, a PGN, an SGF collection, a .psq "
	                             "record or a folder of them; several are merged"},
	                    OPT_END};
	const Opt opts[] = {{.name = "anchor",
	                     .kind = OPT_TEXT,
	                     .dest = &anchor,
	                     .metavar = "NAME",
	                     .what = "a player's name",
	                     .help = "rate this player 0",
	                     .deflt = "the pool averages 0"},
	                    {.name = "out",
	                     .kind = OPT_TEXT,
	                     .dest = &dir,
	                     .metavar = "DIR",
	                     .what = "a folder name",
	                     .help = "where the tables go (made if missing)",
	                     .deflt = "the first input's folder"},
	                    {.name = "duplicates",
	                     .kind = OPT_CHOICE,
	                     .dest = &dups,
	                     .choices = dup_choices,
	                     .help = "a game whose job number an earlier line has, or "
	                             "met in an earlier input: an error, the first "
	                             "counts, or all"},
	                    {.name = "prior",
	                     .kind = OPT_CHOICE,
	                     .dest = &prior,
	                     .choices = prior_choices,
	                     .help = "none: pure maximum likelihood, perfect scores as "
	                             "bounds (Ordo); draws: one virtual draw each"},
	                    {.name = "gauntlet",
	                     .kind = OPT_LIST,
	                     .dest = &gauntlet,
	                     .metavar = "NAME",
	                     .what = "a player's name",
	                     .help = "a challenger: its pairings lead the standings "
	                             "(repeatable)",
	                     .deflt = "found from the pairings"},
	                    OPT_END};
	const OptSpec spec = {
	    "arena elo",
	    "Ratings from any record of games: writes elo.csv, pairs.csv, los.csv, "
	    "elo.png\nand report.html into DIR and prints the standings. Reads our "
	    "games.csv,\nPGN (headers-only or full: c-gomoku-cli, cutechess-cli, "
	    "fastchess, Ordo), SGF\ncollections (GM[4]) and Piskvork .psq files "
	    "or folders of them, the format\ntold from the content; several "
	    "inputs are merged:\n  arena elo a.csv b.pgn games/\n",
	    args, opts};
	int status = opt_command(&spec, argc, argv);
	if (status != OPT_GO_ON)
		return status;
	char err[ERR_MAX];
	const ReportOptions o = {.anchor = anchor,
	                         .dups = (TallyDups)dups,
	                         .prior = prior ? ELO_PRIOR_DRAWS : ELO_PRIOR_NONE,
	                         .challengers = challengers,
	                         .nchallengers = gauntlet.count,
	                         .find_gauntlet = true};
	int rc = report_records(inputs, paths.count, dir, &o, stdout, err, sizeof err);
	if (rc < 0) {
		fputs("arena elo: ", stderr);
		printable_line(stderr, err);
		return rc == -2 ? 2 : 1; /* bad input, or a file not written */
	}
	return 0;
}
