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
	     .help = "a .psq record, or a run's games.csv"},
	    OPT_INTEGER("JOB", &o.job, 0, 2000000000,
	                "the game of a games.csv: its job number (first column)"),
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
	                     .help = "the board's size (games.csv)",
	                     .deflt = "the run's"},
	                    OPT_END};
	const OptSpec spec = {
	    "arena show",
	    "Replays a game: the final board, the moves, and how the game ended under\n"
	    "the rule. From a games.csv the board size and rule come from the run's\n"
	    "config.ini beside it unless given, and the recorded result is shown too.\n"
	    "  arena show FILE.psq [--rule R]\n"
	    "  arena show games.csv JOB [--rule R] [--size N]\n",
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
