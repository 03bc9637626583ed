/* solve.c - `arena solve`: does the side to move win by continuous
 * threats? (arena/solve.h) */
#include <stdio.h>

#include "board.h"
#include "commands.h"
#include "err.h"
#include "opt.h"
#include "printable.h"
#include "solve.h"

int solve_command(int argc, char **argv)
{
	static const char *const colors[] = {"black", "white", NULL}; /* Color's order */
	SolveOptions o = {.attacker = -1, .nodes = 10000000, .depth = 20, .size = 15};
	int rule = RULE_FREESTYLE;
	const Opt opts[] = {
	    {.name = "moves",
	     .kind = OPT_TEXT,
	     .dest = &o.moves,
	     .metavar = "\"h8 i9 ...\"",
	     .what = "moves",
	     .help = "the position: the moves from an empty board"},
	    {.name = "psq",
	     .kind = OPT_TEXT,
	     .dest = &o.psq,
	     .metavar = "FILE",
	     .what = "a file name",
	     .help = "the position: a .psq record"},
	    {.name = "vct",
	     .kind = OPT_FLAG,
	     .dest = &o.vct,
	     .help = "win by fours and threes (VCT), not by fours only (VCF)"},
	    {.name = "attacker",
	     .kind = OPT_CHOICE,
	     .dest = &o.attacker,
	     .choices = colors,
	     .help = "who attacks, and so moves next",
	     .deflt = "the side to move"},
	    OPT_INTEGER("nodes", &o.nodes, 1, 1000000000000, "positions searched, at most"),
	    OPT_INTEGER("depth", &o.depth, 1, SOLVE_DEPTH_MAX, "attacker moves, at most"),
	    OPT_INTEGER("size", &o.size, BOARD_MIN, BOARD_MAX,
	                "the board's size (--moves)"),
	    {.name = "rule",
	     .kind = OPT_CHOICE,
	     .dest = &rule,
	     .choices = commands_rules,
	     .help = "the rule"},
	    OPT_END};
	const OptSpec spec = {
	    "arena solve",
	    "Searches the position (--moves or --psq) for a forced win of the attacker\n"
	    "by continuous fours (VCF) or fours and threes (--vct), and prints the\n"
	    "board, the answer, the winning line and the nodes searched. Exit status 0\n"
	    "when a win is found, 1 when none is, 2 for bad input.\n",
	    NULL, opts};
	int status = opt_command(&spec, argc, argv);
	if (status != OPT_GO_ON)
		return status;
	o.rule = (Rule)rule;
	char err[ERR_MAX];
	status = solve_position(&o, stdout, err, sizeof err);
	if (status && err[0])
		printable_line(stderr, err);
	return status;
}
