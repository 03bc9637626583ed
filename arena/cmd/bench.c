/* bench.c - `arena bench`: fixed work, timed, with a signature
 * (arena/bench.h). */
#include <stdio.h>

#include "bench.h"
#include "commands.h"
#include "opt.h"

int bench_command(int argc, char **argv)
{
	long runs = 5;
	const Opt opts[] = {{.name = "runs",
	                     .kind = OPT_INT,
	                     .dest = &runs,
	                     .min = 1,
	                     .max = 100,
	                     .help = "times each piece of work is timed"},
	                    OPT_END};
	const OptSpec spec = {
	    "arena bench",
	    "Times fixed work (board play+undo, every player on 8 positions, the VCF\n"
	    "solver on 64) N times and prints the median. signature: a checksum of the\n"
	    "results, the same on every machine (tests/bench_signature.sh checks it).\n",
	    NULL, opts};
	int status = opt_command(&spec, argc, argv);
	if (status != OPT_GO_ON)
		return status;
	char err[256];
	status = bench_run((int)runs, stdout, err, sizeof err);
	if (status)
		fprintf(stderr, "%s\n", err);
	return status;
}
