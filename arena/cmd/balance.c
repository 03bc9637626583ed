/* balance.c - `arena balance > openings.ini`: balanced openings chosen by
 * self-play (arena/balance.h). */
#include <stdio.h>

#include "balance.h"
#include "board.h"
#include "commands.h"
#include "opt.h"
#include "printable.h"

int balance_command(int argc, char **argv)
{
	BalanceOptions o = {.player = "alphabeta",
	                    .candidates = 200,
	                    .keep = 60,
	                    .games = 6,
	                    .nodes = 4000,
	                    .step = 2000,
	                    .tolerance = 0.17,
	                    .min_plies = 2,
	                    .max_plies = 4,
	                    .box = 5,
	                    .size = 15,
	                    .seed = 1,
	                    .threads = 0};
	int rule = RULE_FREESTYLE;
	const Opt opts[] = {{.name = "player",
	                     .kind = OPT_TEXT,
	                     .dest = &o.player,
	                     .metavar = "TYPE",
	                     .what = "a player type",
	                     .help = "the player that plays both sides"},
	                    {.name = "candidates",
	                     .kind = OPT_INT,
	                     .dest = &o.candidates,
	                     .min = 1,
	                     .max = 100000,
	                     .help = "random openings drawn"},
	                    {.name = "keep",
	                     .kind = OPT_INT,
	                     .dest = &o.keep,
	                     .min = 1,
	                     .max = 100000,
	                     .help = "at most this many kept, closest to 50% first"},
	                    {.name = "games",
	                     .kind = OPT_INT,
	                     .dest = &o.games,
	                     .min = 1,
	                     .max = 1000,
	                     .help = "games of each opening"},
	                    {.name = "nodes",
	                     .kind = OPT_INT,
	                     .dest = &o.nodes,
	                     .min = 1,
	                     .max = 100000000,
	                     .help = "nodes a move in the first game"},
	                    {.name = "step",
	                     .kind = OPT_INT,
	                     .dest = &o.step,
	                     .min = 0,
	                     .max = 100000000,
	                     .help = "nodes more in each next game"},
	                    {.name = "tolerance",
	                     .kind = OPT_REAL,
	                     .dest = &o.tolerance,
	                     .rmin = 0,
	                     .rmax = 0.5,
	                     .help = "black's score kept within 0.5 +- this"},
	                    {.name = "min-plies",
	                     .kind = OPT_INT,
	                     .dest = &o.min_plies,
	                     .min = 0,
	                     .max = 8,
	                     .help = "the fewest stones of an opening"},
	                    {.name = "max-plies",
	                     .kind = OPT_INT,
	                     .dest = &o.max_plies,
	                     .min = 0,
	                     .max = 8,
	                     .help = "the most stones of an opening"},
	                    {.name = "box",
	                     .kind = OPT_INT,
	                     .dest = &o.box,
	                     .min = 3,
	                     .max = BOARD_MAX,
	                     .help = "stones inside the central box x box points"},
	                    {.name = "size",
	                     .kind = OPT_INT,
	                     .dest = &o.size,
	                     .min = BOARD_MIN,
	                     .max = BOARD_MAX,
	                     .help = "the board's size"},
	                    {.name = "rule",
	                     .kind = OPT_CHOICE,
	                     .dest = &rule,
	                     .choices = commands_rules,
	                     .help = "the rule"},
	                    {.name = "seed",
	                     .kind = OPT_INT,
	                     .dest = &o.seed,
	                     .min = 0,
	                     .max = 0x7fffffff,
	                     .help = "the seed of the draw"},
	                    {.name = "threads",
	                     .kind = OPT_INT,
	                     .dest = &o.threads,
	                     .min = 0,
	                     .max = 1024,
	                     .help = "openings at once, 0 for every core"},
	                    OPT_END};
	const OptSpec spec = {
	    "arena balance",
	    "Draws random openings of min..max plies inside the central box, drops those\n"
	    "where the side to move has a forced win the solver finds (VCF, or VCT\n"
	    "within 200000 nodes), plays each as TYPE against itself --games times at\n"
	    "budgets nodes, nodes+step, ..., and writes those where black scores within\n"
	    "the tolerance of 50% to standard output as an opening file:\n"
	    "  arena balance > openings.ini\n",
	    NULL, opts};
	int status = opt_command(&spec, argc, argv);
	if (status != OPT_GO_ON)
		return status;
	o.rule = (Rule)rule;
	char err[1024];
	long qualified = 0;
	status = balance_run(&o, stdout, &qualified, err, sizeof err);
	if (status) {
		printable_line(stderr, err);
		return status;
	}
	if (qualified < o.keep)
		fprintf(stderr,
		        "arena balance: only %ld openings qualified (asked for %ld)\n",
		        qualified, o.keep);
	return 0;
}
