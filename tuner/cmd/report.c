/* report.c - `tuner report DIR`: a tuning run's report.html written again
 * (tuner_html.h). */
#include <stdio.h>

#include "commands.h"
#include "err.h"
#include "opt.h"
#include "printable.h"
#include "tuner_html.h"

int report_command(int argc, char **argv)
{
	const char *dir = NULL;
	const Opt args[] = {{.name = "DIR",
	                     .kind = OPT_TEXT,
	                     .dest = &dir,
	                     .required = true,
	                     .help = "an SPSA or Texel run folder"},
	                    OPT_END};
	const Opt opts[] = {OPT_END};
	const OptSpec spec = {
	    "tuner report",
	    "Writes DIR/report.html of the SPSA or Texel run in DIR again from\n"
	    "its files (config.ini and trajectory.csv; texel.csv, loss.csv,\n"
	    "rounds.csv; verify.csv and games.csv when there).\n",
	    args, opts};
	int status = opt_command(&spec, argc, argv);
	if (status != OPT_GO_ON)
		return status;
	char err[ERR_MAX];
	int rc = tuner_html_rebuild(dir, err, sizeof err);
	if (rc < 0) {
		fputs("tuner report: ", stderr);
		printable_line(stderr, err);
		return rc == -2 ? 2 : 1;
	}
	printf("written: %s/report.html\n", dir);
	return 0;
}
