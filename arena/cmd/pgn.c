/* pgn.c - `arena pgn games.csv`: a headers-only PGN for Ordo or BayesElo
 * (arena/store/pgn.h). */
#include <stdio.h>

#include "commands.h"
#include "opt.h"
#include "pgn.h"
#include "printable.h"

int pgn_command(int argc, char **argv)
{
	const char *csv = NULL;
	const Opt args[] = {{.name = "games.csv",
	                     .kind = OPT_TEXT,
	                     .dest = &csv,
	                     .required = true,
	                     .help = "a games file"},
	                    OPT_END};
	const OptSpec spec = {
	    "arena pgn",
	    "Writes a headers-only PGN to standard output, for Ordo and "
	    "BayesElo:\narena pgn games.csv > games.pgn\nEach game has the Seven "
	    "Tag Roster (Event: the run's name; Site \"?\"; Date:\nthe games "
	    "file's, UTC; Round: round.pair), PlyCount, Termination, and\n"
	    "TimeControl when config.ini beside the file gives one. PGN's White "
	    "is the\nfirst player: black here.\n",
	    args, NULL};
	int status = opt_command(&spec, argc, argv);
	if (status != OPT_GO_ON)
		return status;
	char err[1024];
	if (pgn_write(csv, stdout, err, sizeof err) < 0) {
		fputs("arena pgn: ", stderr);
		printable_line(stderr, err);
		return 2;
	}
	return 0;
}
