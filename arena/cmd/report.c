/* report.c - `arena report DIR`: a run folder's report written again
 * (report_dir.h). */
#include <stdio.h>

#include "commands.h"
#include "err.h"
#include "opt.h"
#include "printable.h"
#include "report_dir.h"

int report_command(int argc, char **argv)
{
	const char *dir = NULL;
	const Opt args[] = {{.name = "DIR",
	                     .kind = OPT_TEXT,
	                     .dest = &dir,
	                     .required = true,
	                     .help = "a run folder"},
	                    OPT_END};
	const Opt opts[] = {OPT_END};
	const OptSpec spec = {
	    "arena report",
	    "Writes the report of the run in DIR again from its files: elo.csv,\n"
	    "pairs.csv, los.csv, elo.png and report.html (a page that needs no\n"
	    "network: standings, head to head, SPRT, games with a board viewer,\n"
	    "faults and thinking times).\n",
	    args, opts};
	int status = opt_command(&spec, argc, argv);
	if (status != OPT_GO_ON)
		return status;
	char err[ERR_MAX];
	int rc = report_dir(dir, stdout, err, sizeof err);
	if (rc < 0) {
		fputs("arena report: ", stderr);
		printable_line(stderr, err);
		return rc == -2 ? 2 : 1;
	}
	return 0;
}
