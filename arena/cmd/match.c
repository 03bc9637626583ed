/* match.c - `arena match A B`: a quick head-to-head (arena/match.h). */
#include <stdio.h>

#include "board.h"
#include "commands.h"
#include "match.h"
#include "opt.h"
#include "printable.h"

int match_command(int argc, char **argv)
{
	MatchOptions o = {.pairs = 10,
	                  .nodes = -1, /* not given: see below */
	                  .size = 15,
	                  .opening_plies = 3,
	                  .max_plies = 0,
	                  .threads = 0,
	                  .seed = 1};
	int rule = RULE_FREESTYLE;
	const Opt args[] = {{.name = "A",
	                     .kind = OPT_TEXT,
	                     .dest = &o.players[0],
	                     .required = true,
	                     .help = "the first player: TYPE or TYPE:KEY=VALUE,..."},
	                    {.name = "B",
	                     .kind = OPT_TEXT,
	                     .dest = &o.players[1],
	                     .required = true,
	                     .help = "the second player"},
	                    OPT_END};
	const Opt opts[] = {
	    {.name = "pairs",
	     .kind = OPT_INT,
	     .dest = &o.pairs,
	     .min = 1,
	     .max = 100000,
	     .help = "colour-swapped game pairs"},
	    {.name = "nodes",
	     .kind = OPT_INT,
	     .dest = &o.nodes,
	     .min = 0,
	     .max = 1000000000,
	     .deflt = "20000, 0 on the clock",
	     .help = "nodes (mcts: iterations) a move, 0 for none"},
	    {.name = "ms",
	     .kind = OPT_INT,
	     .dest = &o.ms,
	     .min = 0,
	     .max = 86400000,
	     .help = "ms a move, 0 for no limit"},
	    {.name = "game-ms",
	     .kind = OPT_INT,
	     .dest = &o.game_ms,
	     .min = 0,
	     .max = 864000000,
	     .help = "ms on each game clock, 0 for none"},
	    {.name = "inc-ms",
	     .kind = OPT_INT,
	     .dest = &o.inc_ms,
	     .min = 0,
	     .max = 86400000,
	     .help = "ms a game clock gains a move"},
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
	    {.name = "opening-plies",
	     .kind = OPT_INT,
	     .dest = &o.opening_plies,
	     .min = 0,
	     .max = 20,
	     .help = "random stones near the centre to start from"},
	    {.name = "max-plies",
	     .kind = OPT_INT,
	     .dest = &o.max_plies,
	     .min = 0,
	     .max = BOARD_MAX_MOVES,
	     .help = "a draw after this many moves, 0 for none"},
	    {.name = "threads",
	     .kind = OPT_INT,
	     .dest = &o.threads,
	     .min = 0,
	     .max = 1024,
	     .help = "games at once, 0 for every core"},
	    {.name = "affinity",
	     .kind = OPT_FLAG,
	     .dest = &o.affinity,
	     .help = "each game thread and its engines pinned to one CPU"},
	    {.name = "seed",
	     .kind = OPT_INT,
	     .dest = &o.seed,
	     .min = 0,
	     .max = 0x7fffffff,
	     .help = "the openings' and players' seed"},
	    OPT_END};
	const OptSpec spec = {
	    "arena match",
	    "Plays colour-swapped game pairs between players A and B from random\n"
	    "openings of a few stones near the centre, every move with a node (or\n"
	    "iteration) budget or on the clock, and prints the score. A player is a\n"
	    "type name, optionally with parameters:\n"
	    "  naive   alphabeta:ratio=0.5,hash_mb=16   weighted:attack=1400\n"
	    "On the clock (--ms, --game-ms) a move too late by more than 1000 ms\n"
	    "loses on time, as in a tournament.\n",
	    args, opts};
	int status = opt_command(&spec, argc, argv);
	if (status != OPT_GO_ON)
		return status;
	o.rule = (Rule)rule;
	if (o.nodes < 0) /* as a budget with no key given: 20000 nodes */
		o.nodes = o.ms || o.game_ms ? 0 : 20000;
	if (!o.nodes && !o.ms && !o.game_ms) {
		fprintf(stderr,
		        "arena match: no limit a move: give --nodes, --ms or --game-ms\n");
		return 2;
	}
	char err[1024];
	status = match_play(&o, stdout, err, sizeof err);
	if (status)
		printable_line(stderr, err);
	return status;
}
