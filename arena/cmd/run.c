/* run.c - `arena run FILE.ini`: a tournament (runner.h). */
#include <stdio.h>

#include "commands.h"
#include "err.h"
#include "opt.h"
#include "printable.h"
#include "runner.h"

int run_command(int argc, char **argv)
{
	enum { SETS_MAX = 64 };
	const char *sets[SETS_MAX];
	OptList set_list = {sets, SETS_MAX, 0};
	RunOptions o = {.threads = -1};
	const Opt args[] = {{.name = "FILE.ini",
	                     .kind = OPT_TEXT,
	                     .dest = &o.file,
	                     .required = true,
	                     .help = "the tournament"},
	                    OPT_END};
	const Opt opts[] = {
	    {.name = "threads",
	     .kind = OPT_INT,
	     .dest = &o.threads,
	     .min = 0,
	     .max = 1024,
	     .help = "games at once, 0 for every core",
	     .deflt = "the file's threads"},
	    {.name = "out",
	     .kind = OPT_TEXT,
	     .dest = &o.out,
	     .metavar = "DIR",
	     .what = "a folder name",
	     .help = "where the run folder goes",
	     .deflt = "the file's out, or results"},
	    {.name = "log",
	     .kind = OPT_FLAG,
	     .dest = &o.log,
	     .help = "keep external engines' conversations in DIR/NAME/logs/"},
	    {.name = "set",
	     .kind = OPT_LIST,
	     .dest = &set_list,
	     .metavar = "SECTION.KEY=VALUE",
	     .what = "section.key=value",
	     .help = "override a key of the file (repeatable)"},
	    OPT_END};
	const OptSpec spec = {
	    "arena run",
	    "Plays the tournament FILE.ini describes into DIR/NAME (NAME from the file).\n"
	    "A run whose folder already holds games.csv resumes: only the missing games\n"
	    "are played. --set overrides a key of the file, e.g.\n"
	    "  --set tournament.nodes=5000   --set \"player ab.ratio=0.5\"\n"
	    "configs/round-robin.ini documents every key.\n",
	    args, opts};
	int status = opt_command(&spec, argc, argv);
	if (status != OPT_GO_ON)
		return status;
	o.sets = sets;
	o.nsets = set_list.count;
	char err[ERR_MAX];
	status = runner_run(&o, err, sizeof err);
	if (status && err[0])
		printable_line(stderr, err);
	return status;
}
