/* texel.c - `tuner texel FILE.ini`: fit evaluation weights to game results
 * (tuner/texel/texel.h). */
#include <stdio.h>

#include "commands.h"
#include "err.h"
#include "opt.h"
#include "printable.h"
#include "texel.h"

int texel_command(int argc, char **argv)
{
	TexelOptions o = {.threads = -1};
	const Opt args[] = {{.name = "FILE.ini",
	                     .kind = OPT_TEXT,
	                     .dest = &o.file,
	                     .required = true,
	                     .help = "the fit"},
	                    OPT_END};
	const Opt opts[] = {{.name = "threads",
	                     .kind = OPT_INT,
	                     .dest = &o.threads,
	                     .min = 0,
	                     .max = 1024,
	                     .help = "threads, 0 for every core",
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
	    "tuner texel",
	    "Fits a player's evaluation weights and ratio to game results\n"
	    "(Texel's method: logistic loss of sigmoid(K * eval), GSL's BFGS), then\n"
	    "plays the tuned scores against the start in a verification match.\n"
	    "Writes DIR/NAME/: games.csv, texel.csv, loss.csv, rounds.csv, tuned.ini,\n"
	    "verify.csv, report.html; tuned.ini's first lines give the verification's\n"
	    "verdict. Exit status 3: finished, but the verification rejected the\n"
	    "tuned values (SPRT H0, or the Elo interval below zero).\n"
	    "configs/texel-alphabeta.ini documents every key.\n",
	    args, opts};
	int status = opt_command(&spec, argc, argv);
	if (status != OPT_GO_ON)
		return status;
	char err[ERR_MAX];
	status = texel_tune(&o, err, sizeof err);
	if (status)
		printable_line(stderr, err);
	return status;
}
