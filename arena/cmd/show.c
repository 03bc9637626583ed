/* show.c - `arena show`: replay a game record (arena/show.h). */
#include <stdio.h>

#include "board.h"
#include "commands.h"
#include "err.h"
#include "opt.h"
#include "printable.h"
#include "show.h"

int show_command(int argc, char **argv)
{
	ShowOptions o = {.job = -1, .size = 0, .rule = -1};
	const Opt args[] = {
	    {.name = "FILE",
	     .kind = OPT_TEXT,
	     .dest = &o.path,
	     .required = true,
	     .help = "a record: a games.csv, a PGN, an SGF collection, a .psq or a "
	             "folder of .psq files"},
	    OPT_INTEGER("N", &o.job, 0, 2000000000,
	                "the game: in a games.csv its job number (first column), else "
	                "its number in the file from 1; needed when the file holds "
	                "several"),
	    OPT_END};
	const Opt opts[] = {{.name = "rule",
	                     .kind = OPT_CHOICE,
	                     .dest = &o.rule,
	                     .choices = commands_rules,
	                     .help = "the rule",
	                     .deflt = "the run's, or freestyle"},
	                    {.name = "size",
	                     .kind = OPT_INT,
	                     .dest = &o.size,
	                     .min = BOARD_MIN,
	                     .max = BOARD_MAX,
	                     .help = "the board's size, where the record does not say it "
	                             "(games.csv, PGN)",
	                     .deflt = "the run's, or 15"},
	                    OPT_END};
	const OptSpec spec = {
	    "arena show",
	    "Replays a game of any record: the final board, the moves, how the game\n"
	    "ended under the rule, and what the record says (players, result). The\n"
	    "board's size and the rule come from the record, else from --size and\n"
	    "--rule, else from the run's config.ini beside the file. From a games.csv\n"
	    "also the fault (faults.csv) and each move's notes (moves.csv).\n"
	    "  arena show FILE [N] [--rule R] [--size S]\n"
	    "  arena show games.csv JOB\n"
	    "  arena show games.sgf 3\n",
	    args, opts};
	int status = opt_command(&spec, argc, argv);
	if (status != OPT_GO_ON)
		return status;
	char err[ERR_MAX];
	status = show_game(&o, stdout, err, sizeof err);
	if (status)
		printable_line(stderr, err);
	return status;
}
