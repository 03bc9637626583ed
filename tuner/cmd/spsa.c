/* spsa.c - `tuner spsa FILE.ini`: tune parameters by SPSA (tuner/spsa/spsa.h). */
#include <stdio.h>

#include "commands.h"
#include "err.h"
#include "opt.h"
#include "printable.h"
#include "spsa.h"

int spsa_command(int argc, char **argv)
{
	SpsaOptions o = {.threads = -1};
	const Opt args[] = {{.name = "FILE.ini",
	                     .kind = OPT_TEXT,
	                     .dest = &o.file,
	                     .required = true,
	                     .help = "the tuning run"},
	                    OPT_END};
	const Opt opts[] = {{.name = "threads",
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
	                    OPT_END};
	const OptSpec spec = {
	    "tuner spsa",
	    "Tunes the [param KEY] parameters of the [player NAME] in FILE.ini by SPSA\n"
	    "(fishtest's schedule): each iteration plays game pairs between theta + c_k\n"
	    "flip and theta - c_k flip and steps theta by the result. Writes DIR/NAME/:\n"
	    "config.ini, trajectory.csv, tuned.ini, params.png, verify.csv, report.html\n"
	    "(and faults.csv when the player is an external engine).\n"
	    "Ends with a verification match, tuned against start, on openings not used\n"
	    "while tuning; tuned.ini's first lines give its verdict. Exit status 3:\n"
	    "finished, but the verification rejected the tuned values (SPRT H0, or\n"
	    "the Elo interval below zero): do not adopt them.\n"
	    "Running it again resumes an interrupted run.\n"
	    "configs/spsa-weighted.ini documents every key.\n",
	    args, opts};
	int status = opt_command(&spec, argc, argv);
	if (status != OPT_GO_ON)
		return status;
	char err[ERR_MAX];
	status = spsa_tune(&o, err, sizeof err);
	if (status)
		printable_line(stderr, err);
	return status;
}
