/* match.c - `arena match A B`: a quick head-to-head (arena/match.h). */
#include <stdio.h>

#include "board.h"
#include "commands.h"
#include "err.h"
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
	    OPT_INTEGER("pairs", &o.pairs, 1, 100000, "colour-swapped game pairs"),
	    {.name = "nodes",
	     .kind = OPT_INT,
	     .dest = &o.nodes,
	     .min = 0,
	     .max = 1000000000,
	     .deflt = "20000, 0 on the clock",
	     .help = "nodes (mcts: iterations) a move, 0 for none"},
	    OPT_INTEGER("ms", &o.ms, 0, 86400000, "ms a move, 0 for no limit"),
	    OPT_INTEGER("game-ms", &o.game_ms, 0, 864000000,
	                "ms on each game clock, 0 for none"),
	    OPT_INTEGER("inc-ms", &o.inc_ms, 0, 86400000, "ms a game clock gains a move"),
	    OPT_INTEGER("size", &o.size, BOARD_MIN, BOARD_MAX, "the board's size"),
	    {.name = "rule",
	     .kind = OPT_CHOICE,
	     .dest = &rule,
	     .choices = commands_rules,
	     .help = "the rule"},
	    OPT_INTEGER("opening-plies", &o.opening_plies, 0, 20,
	                "random stones near the centre to start from"),
	    OPT_INTEGER("max-plies", &o.max_plies, 0, BOARD_MAX_MOVES,
	                "a draw after this many moves, 0 for none"),
	    OPT_INTEGER("threads", &o.threads, 0, 1024, "games at once, 0 for every core"),
	    {.name = "affinity",
	     .kind = OPT_FLAG,
	     .dest = &o.affinity,
	     .help = "each game thread and its engines pinned to one CPU"},
	    OPT_INTEGER("seed", &o.seed, 0, 0x7fffffff, "the openings' and players' seed"),
	    OPT_END};
	const OptSpec spec = {
	    "arena match",
	    "Plays colour-swapped game pairs between players A and B from random\n"
	    "openings of a few stones near the centre, every move with a node (or\n"
	    "iteration) budget or on the clock, and prints the score. A player is a\n"
	    "type name, optionally with parameters, or an external engine:\n"
	    "  naive   alphabeta:ratio=0.5,hash_mb=16   weighted:attack=1400\n"
	    "  external:command=/path/to/pbrain-engine\n"
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
	char err[ERR_MAX];
	status = match_play(&o, stdout, err, sizeof err);
	if (status)
		printable_line(stderr, err);
	return status;
}
