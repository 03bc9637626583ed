/* report.c - `arena report DIR` or `arena report FILE|DIR... --out DIR`:
 * a run folder's report written again, or the report of records
 * (report_dir.h). */
#include <stdio.h>

#include "commands.h"
#include "err.h"
#include "opt.h"
#include "printable.h"
#include "report_dir.h"

int report_command(int argc, char **argv)
{
	enum { INPUTS_MAX = 256 };
	const char *inputs[INPUTS_MAX], *to = NULL;
	OptList paths = {inputs, INPUTS_MAX, 0};
	const Opt args[] = {{.name = "DIR|FILE",
	                     .kind = OPT_LIST,
	                     .dest = &paths,
	                     .required = true,
	                     .what = "a file or folder name",
	                     .help = "a run folder, or records: games.csv, PGN, SGF, .psq "
	                             "files or folders of .psq; several are merged"},
	                    OPT_END};
	const Opt opts[] = {{.name = "out",
	                     .kind = OPT_TEXT,
	                     .dest = &to,
	                     .metavar = "DIR",
	                     .what = "a folder name",
	                     .help = "where the report goes (made if missing)",
	                     .deflt = "the run folder, or the first input's folder"},
	                    OPT_END};
	const OptSpec spec = {
	    "arena report",
	    "Writes the report of the run in DIR again from its files: elo.csv,\n"
	    "pairs.csv, los.csv, elo.png and report.html (a page that needs no\n"
	    "network: standings, head to head, SPRT, games with a board viewer,\n"
	    "faults and thinking times). Given records instead (any that arena elo\n"
	    "reads, several merged), writes the same files as arena elo does:\n"
	    "  arena report results/cup\n"
	    "  arena report a.pgn b.sgf games/ --out DIR\n",
	    args, opts};
	int status = opt_command(&spec, argc, argv);
	if (status != OPT_GO_ON)
		return status;
	char err[ERR_MAX];
	int rc = report_inputs(inputs, paths.count, to, stdout, err, sizeof err);
	if (rc < 0) {
		fputs("arena report: ", stderr);
		printable_line(stderr, err);
		return rc == -2 ? 2 : 1;
	}
	return 0;
}
