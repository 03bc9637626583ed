/* openings.c - `arena openings`: an openings file in another format, or a
 * run folder's opening health (arena/openings_tool.h). */
#include <stdio.h>

#include "board.h"
#include "commands.h"
#include "err.h"
#include "openings_tool.h"
#include "opt.h"
#include "printable.h"

int openings_command(int argc, char **argv)
{
	static const char *const to_names[] = {"ini", "offset", "pos", NULL};
	OpeningsToolOptions o = {.rule = -1};
	int from = OPENINGS_AUTO, to = -1;
	const Opt args[] = {{.name = "PATH",
	                     .kind = OPT_TEXT,
	                     .dest = &o.path,
	                     .required = true,
	                     .help = "an openings file, or a run folder"},
	                    OPT_END};
	const Opt opts[] = {
	    {.name = "to",
	     .kind = OPT_CHOICE,
	     .dest = &to,
	     .choices = to_names,
	     .deflt = "ini",
	     .help = "the format written"},
	    {.name = "out",
	     .kind = OPT_TEXT,
	     .dest = &o.out,
	     .what = "a file name",
	     .metavar = "FILE",
	     .deflt = "standard output",
	     .help = "the file to write, atomically"},
	    {.name = "from",
	     .kind = OPT_CHOICE,
	     .dest = &from,
	     .choices = openings_format_names,
	     .help = "the file's format (auto: told from its first line)"},
	    {.name = "plies",
	     .kind = OPT_INT,
	     .dest = &o.plies,
	     .max = OPENING_MOVES_MAX,
	     .help = "psq and sgf game records: the moves of each game that open"},
	    {.name = "size",
	     .kind = OPT_INT,
	     .dest = &o.size,
	     .min = BOARD_MIN,
	     .max = BOARD_MAX,
	     .deflt = "15",
	     .help = "the board's size (offsets count from its centre)"},
	    {.name = "rule",
	     .kind = OPT_CHOICE,
	     .dest = &o.rule,
	     .choices = commands_rules,
	     .deflt = "freestyle",
	     .help = "the rule the openings are checked under"},
	    {.name = "live",
	     .kind = OPT_FLAG,
	     .dest = &o.live,
	     .help = "a run folder: write its openings that are not dead"},
	    OPT_END};
	const OptSpec spec = {
	    "arena openings",
	    "Converts an openings file (ini, Gomocup offset, c-gomoku-cli pos, or the\n"
	    "first --plies moves of .psq / SGF game records) to ini, offset or pos;\n"
	    "or, given a run folder, prints each opening's health from its games.csv\n"
	    "(games, black's score, colour-swapped pairs split 1-1 or decisive, dead:\n"
	    "every game the same result); with --live, writes the run's openings that\n"
	    "are not dead.\n"
	    "  arena openings FILE [--to ini|offset|pos] [--out FILE]\n"
	    "  arena openings RUNDIR\n"
	    "  arena openings RUNDIR --live [--to FORMAT] [--out FILE]\n",
	    args, opts};
	int status = opt_command(&spec, argc, argv);
	if (status != OPT_GO_ON)
		return status;
	o.from = (OpeningsFormat)from;
	o.to = to < 0 ? OPENINGS_AUTO : (OpeningsFormat)(to + 1);
	char err[ERR_MAX];
	status = openings_tool_run(&o, stdout, stderr, err, sizeof err);
	if (status) {
		fputs("arena openings: ", stderr);
		printable_line(stderr, err);
	}
	return status;
}
