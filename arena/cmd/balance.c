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
	const Opt opts[] = {
	    {.name = "player",
	     .kind = OPT_TEXT,
	     .dest = &o.player,
	     .metavar = "TYPE",
	     .what = "a player type",
	     .help = "the player that plays both sides"},
	    OPT_INTEGER("candidates", &o.candidates, 1, 100000, "random openings drawn"),
	    OPT_INTEGER("keep", &o.keep, 1, 100000,
	                "at most this many kept, closest to 50% first"),
	    OPT_INTEGER("games", &o.games, 1, 1000, "games of each opening"),
	    OPT_INTEGER("nodes", &o.nodes, 1, 100000000, "nodes a move in the first game"),
	    OPT_INTEGER("step", &o.step, 0, 100000000, "nodes more in each next game"),
	    OPT_NUMBER("tolerance", &o.tolerance, 0, 0.5,
	               "black's score kept within 0.5 +- this"),
	    OPT_INTEGER("min-plies", &o.min_plies, 0, 8, "the fewest stones of an opening"),
	    OPT_INTEGER("max-plies", &o.max_plies, 0, 8, "the most stones of an opening"),
	    OPT_INTEGER("box", &o.box, 3, BOARD_MAX,
	                "stones inside the central box x box points"),
	    OPT_INTEGER("size", &o.size, BOARD_MIN, BOARD_MAX, "the board's size"),
	    {.name = "rule",
	     .kind = OPT_CHOICE,
	     .dest = &rule,
	     .choices = commands_rules,
	     .help = "the rule"},
	    OPT_INTEGER("seed", &o.seed, 0, 0x7fffffff, "the seed of the draw"),
	    OPT_INTEGER("threads", &o.threads, 0, 1024,
	                "openings at once, 0 for every core"),
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
