/* pgn.c - `arena pgn FILE|DIR...`: a headers-only PGN for Ordo or BayesElo
 * (arena/store/pgn.h), from any record records.h reads. */
#include <stdio.h>

#include "commands.h"
#include "err.h"
#include "opt.h"
#include "pgn.h"
#include "printable.h"

int pgn_command(int argc, char **argv)
{
	enum { INPUTS_MAX = 256 };
	const char *inputs[INPUTS_MAX];
	bool moves = false;
	OptList paths = {inputs, INPUTS_MAX, 0};
	const Opt args[] = {{.name = "FILE|DIR",
	                     .kind = OPT_LIST,
	                     .dest = &paths,
	                     .required = true,
	                     .what = "a file or folder name",
	                     .help = "games: a games.csv, PGN, SGF, .psq or a folder of "
	                             ".psq; several are merged"},
	                    OPT_END};
	const Opt opts[] = {{.name = "moves",
	                     .kind = OPT_FLAG,
	                     .dest = &moves,
	                     .help = "each game's moves as movetext (\"1. h8 i9 ...\"), "
	                             "which arena show replays"},
	                    OPT_END};
	const OptSpec spec = {
	    "arena pgn",
	    "Writes a headers-only PGN to standard output, for Ordo and "
	    "BayesElo:\narena pgn games.csv > games.pgn\nEach game has the Seven "
	    "Tag Roster (Event: the run's name; Site \"?\"; Date:\nthe games "
	    "file's, UTC; Round: round.pair), PlyCount, Termination, and\n"
	    "TimeControl when config.ini beside the file gives one. PGN's White "
	    "is the\nfirst player: black here. Any record arena elo reads is taken, "
	    "several\nmerged. With --moves, each game's moves follow its tags.\n",
	    args, opts};
	int status = opt_command(&spec, argc, argv);
	if (status != OPT_GO_ON)
		return status;
	char err[ERR_MAX];
	if (pgn_write_moves(inputs, paths.count, moves, stdout, err, sizeof err) < 0) {
		fputs("arena pgn: ", stderr);
		printable_line(stderr, err);
		return 2;
	}
	return 0;
}
