/* pgn.c - `arena pgn FILE|DIR...`: a headers-only PGN for Ordo or BayesElo
 * (arena/store/pgn.h), from any record records.h reads. */
#include <stdio.h>

#include "commands.h"
#include "opt.h"
#include "pgn.h"
#include "printable.h"

int pgn_command(int argc, char **argv)
{
	enum { INPUTS_MAX = 256 };
	const char *inputs[INPUTS_MAX];
	OptList paths = {inputs, INPUTS_MAX, 0};
	const Opt args[] = {{.name = "FILE|DIR",
	                     .kind = OPT_LIST,
	                     .dest = &paths,
	                     .required = true,
	                     .what = "a file or folder name",
	                     .help = "games: a games.csv, PGN, SGF, .psq or a folder of "
	                             ".psq; several are merged"},
	                    OPT_END};
	const OptSpec spec = {
	    "arena pgn",
	    "Writes a headers-only PGN (Event, Round, White, Black, Result "
	    "per game) to\nstandard output, for Ordo and BayesElo: arena "
	    "pgn games.csv > games.pgn\nPGN's White is the first player: "
	    "black here. Any record arena elo reads is\ntaken, several merged.\n",
	    args, NULL};
	int status = opt_command(&spec, argc, argv);
	if (status != OPT_GO_ON)
		return status;
	char err[1024];
	if (pgn_write(inputs, paths.count, stdout, err, sizeof err) < 0) {
		fputs("arena pgn: ", stderr);
		printable_line(stderr, err);
		return 2;
	}
	return 0;
}
