/* balance.c - `arena balance > openings.ini`: balanced, informative
 * openings chosen by play (arena/balance.h). */
#include <stdio.h>

#include "balance.h"
#include "board.h"
#include "commands.h"
#include "err.h"
#include "opt.h"
#include "printable.h"

static const char balance_about[] =
    "Draws random openings of min..max plies inside the central box and drops\n"
    "those where the side to move has a forced win the solver finds (VCF, or\n"
    "VCT within 200000 nodes). The player (the stronger) plays each other one\n"
    "--games times against itself, game g at its budget times 1 + g x spread;\n"
    "those where black scores within the tolerance of 50% qualify. Each of them\n"
    "then plays --pairs colour-swapped pairs, the stronger against the weaker\n"
    "(pair k at both budgets times 1 + k x spread); a pair is decisive when\n"
    "it is not scored 1-1. The qualified openings, most decisive pairs first,\n"
    "then black's score closest to 50%, are written as an opening file.\n"
    "A player is a spec as arena match takes it (a budget key gives its own\n"
    "budget), or with --config FILE the name of a [player NAME] section:\n"
    "  arena balance > openings.ini\n"
    "  arena balance --player external:command=/path/pbrain-x,nodes=20000 \\\n"
    "      --weaker external:command=/path/pbrain-x,nodes=5000 --out work\n"
    "  arena balance --config engines.ini --player x --weaker x-slow --out work\n"
    "With --out DIR every game goes to DIR/games.csv as it is played and the\n"
    "openings to DIR/openings.ini; the same command again resumes.\n";

int balance_command(int argc, char **argv)
{
	BalanceOptions o = {.player = "alphabeta",
	                    .candidates = 200,
	                    .keep = 60,
	                    .games = 6,
	                    .pairs = 4,
	                    .spread = 0.5,
	                    .tolerance = 0.17,
	                    .min_plies = 2,
	                    .max_plies = 4,
	                    .box = 5,
	                    .size = 15,
	                    .seed = 1,
	                    .threads = 0};
	long nodes = -1, depth = 0, ms = 0, game_ms = 0, inc_ms = 0;
	int rule = RULE_FREESTYLE;
	const Opt opts[] = {
	    {.name = "player",
	     .kind = OPT_TEXT,
	     .dest = &o.player,
	     .metavar = "SPEC",
	     .what = "a player",
	     .help = "the stronger: TYPE, TYPE:KEY=VALUE,... or a section's NAME"},
	    {.name = "weaker",
	     .kind = OPT_TEXT,
	     .dest = &o.weaker,
	     .metavar = "SPEC",
	     .what = "a player",
	     .deflt = "the player at half its budget",
	     .help = "the weaker side of the pairs"},
	    {.name = "config",
	     .kind = OPT_TEXT,
	     .dest = &o.config,
	     .metavar = "FILE",
	     .what = "a file name",
	     .deflt = "none",
	     .help = "an INI file whose [player NAME] sections the players name"},
	    {.name = "nodes",
	     .kind = OPT_INT,
	     .dest = &nodes,
	     .min = 0,
	     .max = 1000000000,
	     .deflt = "4000, or the file's budget",
	     .help = "nodes a move of a player without a budget of its own"},
	    OPT_INTEGER("depth", &depth, 0, 100, "plies a move, 0 for no limit"),
	    OPT_INTEGER("ms", &ms, 0, 86400000, "ms a move, 0 for no limit"),
	    OPT_INTEGER("game-ms", &game_ms, 0, 864000000,
	                "ms on each game clock, 0 for none"),
	    OPT_INTEGER("inc-ms", &inc_ms, 0, 86400000, "ms a game clock gains a move"),
	    OPT_INTEGER("candidates", &o.candidates, 1, 100000, "random openings drawn"),
	    OPT_INTEGER("keep", &o.keep, 1, 100000, "at most this many kept"),
	    OPT_INTEGER("games", &o.games, 1, 1000, "self-play games of each opening"),
	    OPT_INTEGER("pairs", &o.pairs, 0, 100,
	                "stronger-weaker pairs of each qualified one"),
	    OPT_NUMBER("spread", &o.spread, 0, 10,
	               "game g (pair k) at the budgets times 1 + g (k) x this"),
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
	    OPT_INTEGER("seed", &o.seed, 0, 0x7fffffff,
	                "the seed of the draw and the games"),
	    OPT_INTEGER("threads", &o.threads, 0, 1024, "games at once, 0 for every core"),
	    {.name = "out",
	     .kind = OPT_TEXT,
	     .dest = &o.out,
	     .metavar = "DIR",
	     .what = "a folder name",
	     .deflt = "none: standard output, no resume",
	     .help = "the work folder: games.csv, openings.ini; resumes"},
	    {.name = "log",
	     .kind = OPT_FLAG,
	     .dest = &o.log,
	     .help = "keep external engines' conversations in DIR/logs/, a file a game"},
	    OPT_END};
	const OptSpec spec = {"arena balance", balance_about, NULL, opts};
	int status = opt_command(&spec, argc, argv);
	if (status != OPT_GO_ON)
		return status;
	o.rule = (Rule)rule;
	o.budget_given = nodes >= 0 || depth || ms || game_ms || inc_ms;
	o.budget = (Budget){.nodes = nodes > 0 ? (uint64_t)nodes : 0,
	                    .depth = (int)depth,
	                    .ms = ms,
	                    .game_ms = game_ms,
	                    .inc_ms = inc_ms};
	char err[ERR_MAX];
	long qualified = 0;
	status = balance_run(&o, stdout, &qualified, err, sizeof err);
	if (status) {
		printable_line(stderr, err);
		return status;
	}
	if (o.out) {
		fprintf(stderr, "arena balance: %ld openings in ",
		        qualified < o.keep ? qualified : o.keep);
		printable_put(stderr, o.out);
		fprintf(stderr, "/openings.ini\n");
	}
	if (qualified < o.keep)
		fprintf(stderr,
		        "arena balance: only %ld openings qualified (asked for %ld)\n",
		        qualified, o.keep);
	return 0;
}
