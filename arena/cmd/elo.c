/* elo.c - `arena elo games.csv`: ratings from any games file (report.h). */
#define _POSIX_C_SOURCE 200809L
#include <libgen.h>
#include <stdio.h>

#include "commands.h"
#include "opt.h"
#include "printable.h"
#include "report.h"
#include "rundir.h"

int elo_command(int argc, char **argv)
{
	const char *csv = NULL, *anchor = NULL, *dir = NULL;
	static const char *const dup_choices[] = {"refuse", "drop", "keep", NULL};
	static const char *const prior_choices[] = {"none", "draws", NULL};
	int dups = TALLY_DUPS_REFUSE, prior = 0;
	const char *challengers[64];
	OptList gauntlet = {challengers, 64, 0};
	const Opt args[] = {{.name = "games.csv",
	                     .kind = OPT_TEXT,
	                     .dest = &csv,
	                     .required = true,
	                     .help = "a games file (a run's, or any with its columns)"},
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
	                     .deflt = "the games file's folder"},
	                    {.name = "duplicates",
	                     .kind = OPT_CHOICE,
	                     .dest = &dups,
	                     .choices = dup_choices,
	                     .help = "a game whose job number an earlier line has: an "
	                             "error, the first counts, or all"},
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
	    "Ratings from any games file: writes elo.csv, pairs.csv, los.csv, "
	    "elo.png and\nreport.html into DIR and prints the standings.\n",
	    args, opts};
	int status = opt_command(&spec, argc, argv);
	if (status != OPT_GO_ON)
		return status;
	char buf[4096];
	snprintf(buf, sizeof buf, "%s", csv);
	char err[1024];
	/* Like `arena run`, make the folder asked for rather than fail on it. */
	if (dir && rundir_create(dir, err, sizeof err) < 0) {
		fputs("arena elo: ", stderr);
		printable_line(stderr, err);
		return 2;
	}
	const ReportOptions o = {.anchor = anchor,
	                         .dups = (TallyDups)dups,
	                         .prior = prior ? ELO_PRIOR_DRAWS : ELO_PRIOR_NONE,
	                         .challengers = challengers,
	                         .nchallengers = gauntlet.count,
	                         .find_gauntlet = true};
	int rc = report_run_opts(dir ? dir : dirname(buf), csv, NULL, 0, &o, stdout, err,
	                         sizeof err);
	if (rc < 0) {
		fputs("arena elo: ", stderr);
		printable_line(stderr, err);
		return rc == -2 ? 2 : 1; /* bad input, or a file not written */
	}
	return 0;
}
