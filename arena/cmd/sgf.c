/* sgf.c - `arena sgf FILE|DIR...`: the games as SGF records
 * (arena/store/sgf.h), from any record records.h reads. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "board.h"
#include "commands.h"
#include "config.h"
#include "err.h"
#include "opt.h"
#include "outfile.h"
#include "printable.h"
#include "sgf.h"

/* The board and rule of the run folder that holds csv, from its config.ini
 * when there is one that reads. Returns 0, or -1 (none: the caller keeps
 * its defaults). */
static int sgf_folder(const char *csv, int *size, Rule *rule)
{
	char ini[OUTFILE_PATH_MAX + 16], err[1024];
	const char *slash = strrchr(csv, '/');
	int dirlen = slash ? (int)(slash - csv) : 1;
	snprintf(ini, sizeof ini, "%.*s/config.ini", dirlen > 4000 ? 4000 : dirlen,
	         slash ? csv : ".");
	struct stat st;
	if (stat(ini, &st) < 0)
		return -1;
	Tournament *t = malloc(sizeof *t);
	if (!t || config_load(ini, t, err, sizeof err) < 0) {
		free(t);
		return -1;
	}
	*size = t->size, *rule = t->rule;
	free(t);
	return 0;
}

int sgf_command(int argc, char **argv)
{
	enum { INPUTS_MAX = 256 };
	const char *inputs[INPUTS_MAX], *out = NULL;
	OptList paths = {inputs, INPUTS_MAX, 0};
	long size = 0;
	int rule = -1;
	const Opt args[] = {{.name = "FILE|DIR",
	                     .kind = OPT_LIST,
	                     .dest = &paths,
	                     .required = true,
	                     .what = "a file or folder name",
	                     .help = "games: a games.csv, PGN, SGF, .psq or a folder of "
	                             ".psq; several are merged"},
	                    OPT_END};
	const Opt opts[] = {{.name = "size",
	                     .kind = OPT_INT,
	                     .dest = &size,
	                     .min = BOARD_MIN,
	                     .max = BOARD_MAX,
	                     .deflt = "config.ini's beside the file, else 15",
	                     .help = "the board's size (of games.csv and PGN games)"},
	                    {.name = "rule",
	                     .kind = OPT_CHOICE,
	                     .dest = &rule,
	                     .choices = commands_rules,
	                     .deflt = "config.ini's beside the file, else freestyle",
	                     .help = "the rule"},
	                    {.name = "out",
	                     .kind = OPT_TEXT,
	                     .dest = &out,
	                     .what = "a file name",
	                     .metavar = "FILE",
	                     .deflt = "standard output",
	                     .help = "the file to write, atomically"},
	                    OPT_END};
	const OptSpec spec = {
	    "arena sgf",
	    "Writes the games as SGF records (GM[4]), one game tree per game, "
	    "for Gomoku\nviewers: arena sgf games.csv > games.sgf. Every stone "
	    "is a move, the opening's\nincluded; the opening's name is in GN. Any "
	    "record arena elo reads is taken,\nseveral merged.\n",
	    args, opts};
	int status = opt_command(&spec, argc, argv);
	if (status != OPT_GO_ON)
		return status;
	int board = BOARD_DEFAULT;
	Rule r = RULE_FREESTYLE;
	sgf_folder(inputs[0], &board, &r);
	if (size)
		board = (int)size;
	if (rule >= 0)
		r = (Rule)rule;
	char err[ERR_MAX];
	/* -2 (or sgf_write's -1): bad input, exit 2; -1 from the file: 1. */
	int rc =
	    out ? sgf_write_paths_file(inputs, paths.count, board, r, out, err, sizeof err)
	    : sgf_write(inputs, paths.count, board, r, stdout, err, sizeof err) < 0 ? -2
	                                                                            : 0;
	if (rc < 0) {
		fputs("arena sgf: ", stderr);
		printable_line(stderr, err);
	}
	return rc == -2 ? 2 : rc == -1 ? 1 : 0;
}
