/* bench.c - `arena bench`: fixed work, timed, with a signature
 * (arena/bench.h). */
#include <stdbool.h>
#include <stdio.h>

#include "bench.h"
#include "commands.h"
#include "err.h"
#include "opt.h"
#include "printable.h"

int bench_command(int argc, char **argv)
{
	/* -1: not given (they belong to --strength, which sets the defaults). */
	long runs = -1, pairs = -1, nodes = -1, threads = -1;
	bool strength = false;
	const Opt opts[] = {{.name = "runs",
	                     .kind = OPT_INT,
	                     .dest = &runs,
	                     .min = 1,
	                     .max = 100,
	                     .deflt = "5",
	                     .help = "times each piece of work is timed"},
	                    {.name = "strength",
	                     .kind = OPT_FLAG,
	                     .dest = &strength,
	                     .help = "the strength check instead: every type against every "
	                             "other"},
	                    {.name = "pairs",
	                     .kind = OPT_INT,
	                     .dest = &pairs,
	                     .min = 1,
	                     .max = 10000,
	                     .deflt = "4",
	                     .help = "--strength: colour-swapped pairs a pairing"},
	                    {.name = "nodes",
	                     .kind = OPT_INT,
	                     .dest = &nodes,
	                     .min = 1,
	                     .max = 100000000,
	                     .deflt = "2000",
	                     .help = "--strength: nodes (mcts: iterations) a move"},
	                    {.name = "threads",
	                     .kind = OPT_INT,
	                     .dest = &threads,
	                     .min = 0,
	                     .max = 1024,
	                     .deflt = "0",
	                     .help = "--strength: games at once, 0 for every core"},
	                    OPT_END};
	const OptSpec spec = {
	    "arena bench",
	    "Times fixed work (board play+undo, every player on 8 positions, a reference\n"
	    "playout loop on the same 8, the VCF solver on 64) N times and prints the\n"
	    "median, and mcts-rand's speed over the reference's. signature: a checksum\n"
	    "of the results, the same on every machine (tests/bench_signature.sh checks\n"
	    "it).\n"
	    "--strength plays every type against every other at a fixed node budget\n"
	    "instead, and prints the scores, the ratings and a signature of the games.\n",
	    NULL, opts};
	int status = opt_command(&spec, argc, argv);
	if (status != OPT_GO_ON)
		return status;
	if (!strength && (pairs >= 0 || nodes >= 0 || threads >= 0)) {
		fprintf(stderr,
		        "arena bench: --pairs, --nodes and --threads need --strength\n");
		return 2;
	}
	if (strength && runs >= 0) {
		fprintf(stderr,
		        "arena bench: --runs times the benchmark, not --strength\n");
		return 2;
	}
	runs = runs < 0 ? 5 : runs;
	pairs = pairs < 0 ? 4 : pairs;
	nodes = nodes < 0 ? 2000 : nodes;
	threads = threads < 0 ? 0 : threads;
	char err[ERR_MAX];
	status = strength ? bench_strength((int)pairs, nodes, (int)threads, stdout, err,
	                                   sizeof err)
	                  : bench_run((int)runs, stdout, err, sizeof err);
	if (status)
		printable_line(stderr, err);
	return status;
}
