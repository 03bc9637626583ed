/* pbrain.c - `pbrain-TYPE`: a built-in player as a Gomocup engine on stdin
 * and stdout. The type comes from the program's name (pbrain-weighted, ...)
 * or --player; parameters from PBRAIN_SET and then --set. Options are read
 * by the programs' one parser (cmdline/opt.h). */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opt.h"
#include "pbrain.h"
#include "printable.h"
#include "registry.h"

enum { ERR_LEN = 512, KEY_MAX = 64 };

/* What --help adds to the options: the environment, the session's INFO
 * keys, the types and the parameters of the type. */
static void help_tail(FILE *f, const PlayerType *t)
{
	fprintf(f,
	        "\nEnvironment: PBRAIN_SET=\"key=value key=value\" sets parameters first;\n"
	        "PBRAIN_SEED, PBRAIN_NODES and PBRAIN_DEPTH give --seed, --nodes and\n"
	        "--depth. In a session, INFO key value sets a parameter and INFO seed N\n"
	        "the seed for the next move (a bad value or key: a DEBUG line, and\n"
	        "ignored).\n\n");
	int n;
	const PlayerType *const *all = registry_all(&n);
	fprintf(f, "types:");
	for (int i = 0; i < n; i++)
		fprintf(f, " %s", all[i]->name);
	fprintf(f, "\n");
	if (!t)
		return;
	fprintf(f, "\nparameters of %s:\n", t->name);
	for (int i = 0; i < t->nparams; i++) {
		char d[400];
		param_describe(&t->params[i], d, sizeof d);
		fprintf(f, "  %s\n", d);
	}
}

/* Sets one "key=value"; prints what is wrong and returns -1 if it fails. */
static int set_param(ParamSet *ps, const char *prog, const char *from, const char *kv)
{
	char key[KEY_MAX], err[ERR_LEN];
	const char *eq = strchr(kv, '=');
	size_t n = eq ? (size_t)(eq - kv) : 0;
	if (!eq || n == 0 || n >= sizeof key) {
		fprintf(stderr, "%s: %s '%s': expected key=value\n", prog, from, kv);
		return -1;
	}
	memcpy(key, kv, n);
	key[n] = '\0';
	if (param_set(ps, key, eq + 1, err, sizeof err) < 0) {
		fprintf(stderr, "%s: %s %s: %s\n", prog, from, kv, err);
		return -1;
	}
	return 0;
}

/* PBRAIN_SET: blank-separated key=value words. */
static int set_from_env(ParamSet *ps, const char *prog, const char *text)
{
	char word[ERR_LEN];
	while (*text) {
		size_t n = strcspn(text, " \t\n");
		if (n >= sizeof word) {
			fprintf(stderr, "%s: PBRAIN_SET: '%.32s...' is too long\n", prog,
			        text);
			return -1;
		}
		if (n) {
			memcpy(word, text, n);
			word[n] = '\0';
			if (set_param(ps, prog, "PBRAIN_SET", word) < 0)
				return -1;
		}
		text += n + strspn(text + n, " \t\n");
	}
	return 0;
}

static int parse_count(const char *prog, const char *what, const char *text, uint64_t *v)
{
	char *end;
	errno = 0;
	unsigned long long n = strtoull(text, &end, 10);
	if (!isdigit((unsigned char)*text) || *end || errno) {
		fprintf(stderr, "%s: %s: '%s' is not a whole number >= 0\n", prog, what,
		        text);
		return -1;
	}
	*v = n;
	return 0;
}

/* The type's parameters and the budgets: the environment's first
 * (PBRAIN_SET, PBRAIN_SEED, ...), then the options'. Returns 0, or -1 once
 * what is wrong is printed. */
static int settings(PbrainOptions *opt, const char *prog, const OptList *sets,
                    const char *seed, const char *nodes, long depth)
{
	const PlayerType *type = opt->type;
	param_defaults(&opt->params, type->params, type->nparams);
	const char *env = getenv("PBRAIN_SET");
	if (env && set_from_env(&opt->params, prog, env) < 0)
		return -1;
	uint64_t env_depth = 0;
	const char *e;
	if (((e = getenv("PBRAIN_SEED")) &&
	     parse_count(prog, "PBRAIN_SEED", e, &opt->seed) < 0) ||
	    ((e = getenv("PBRAIN_NODES")) &&
	     parse_count(prog, "PBRAIN_NODES", e, &opt->nodes) < 0) ||
	    ((e = getenv("PBRAIN_DEPTH")) &&
	     parse_count(prog, "PBRAIN_DEPTH", e, &env_depth) < 0))
		return -1;
	for (int i = 0; i < sets->count; i++)
		if (set_param(&opt->params, prog, "--set", sets->items[i]) < 0)
			return -1;
	if ((seed && parse_count(prog, "--seed", seed, &opt->seed) < 0) ||
	    (nodes && parse_count(prog, "--nodes", nodes, &opt->nodes) < 0))
		return -1;
	if (depth < 0 && env_depth > BOARD_MAX_MOVES) {
		fprintf(stderr, "%s: depth %llu is more than %d\n", prog,
		        (unsigned long long)env_depth, BOARD_MAX_MOVES);
		return -1;
	}
	opt->depth = depth >= 0 ? (int)depth : (int)env_depth;
	return 0;
}

/* The type the line names: --player's value (the last one), else the
 * program's name. Read before the rest, since --help lists its parameters
 * and --set takes them. */
static const char *type_named(int argc, char **argv, const char *prog)
{
	const char *name = strncmp(prog, "pbrain-", 7) == 0 ? prog + 7 : NULL;
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (!strcmp(argv[i], "--player") && i + 1 < argc)
			name = argv[++i];
		else if (!strncmp(argv[i], "--player=", 9))
			name = argv[i] + 9;
	}
	return name;
}

int main(int argc, char **argv)
{
	const char *prog = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	const char *type_name = type_named(argc, argv, prog);
	enum { SETS_MAX = 64 };
	const char *sets[SETS_MAX], *player = NULL, *seed = NULL, *nodes = NULL;
	OptList set_list = {sets, SETS_MAX, 0};
	long depth = -1;
	bool verbose = false, list_types = false, version = false;
	const Opt opts[] = {
	    {.name = "player",
	     .kind = OPT_TEXT,
	     .dest = &player,
	     .metavar = "TYPE",
	     .what = "a player type",
	     .help = "the player type (overrides the program name)"},
	    {.name = "set",
	     .kind = OPT_LIST,
	     .dest = &set_list,
	     .metavar = "KEY=VALUE",
	     .what = "key=value",
	     .help = "a parameter of the type, after PBRAIN_SET (repeatable)"},
	    {.name = "seed",
	     .kind = OPT_TEXT,
	     .dest = &seed,
	     .metavar = "N",
	     .deflt = "1, or PBRAIN_SEED",
	     .help = "seed of every game's player, 0 to 2^64-1"},
	    {.name = "nodes",
	     .kind = OPT_TEXT,
	     .dest = &nodes,
	     .metavar = "N",
	     .deflt = "PBRAIN_NODES, else the clock",
	     .help = "fixed node budget per move, no clock"},
	    {.name = "depth",
	     .kind = OPT_INT,
	     .dest = &depth,
	     .min = 0,
	     .max = BOARD_MAX_MOVES,
	     .deflt = "PBRAIN_DEPTH, else the clock",
	     .help = "fixed depth budget per move, no clock"},
	    {.name = "verbose",
	     .kind = OPT_FLAG,
	     .dest = &verbose,
	     .help = "MESSAGE lines with depth, score and nodes"},
	    {.name = "list-types",
	     .kind = OPT_FLAG,
	     .dest = &list_types,
	     .help = "the types, one a line (the build makes a link for each)"},
	    {.name = "version",
	     .kind = OPT_FLAG,
	     .dest = &version,
	     .help = "the version and the build's options"},
	    OPT_END};
	const OptSpec spec = {
	    prog,
	    "A built-in player as a Gomocup (pbrain) engine: protocol commands on stdin,\n"
	    "replies on stdout. Installed as pbrain-TYPE, the name selects the type.\n",
	    NULL, opts};
	const PlayerType *type = type_name ? registry_find(type_name) : NULL;
	char err[ERR_LEN];
	int rc = opt_parse(&spec, argc, argv, err, sizeof err);
	if (rc == OPT_HELP) {
		opt_help(&spec, stdout);
		help_tail(stdout, type);
		return 0;
	}
	if (rc < 0) {
		printable_line(stderr, err);
		return 2;
	}
	if (version) {
		opt_version(stdout, prog);
		return 0;
	}
	if (list_types) {
		int n;
		const PlayerType *const *all = registry_all(&n);
		for (int i = 0; i < n; i++)
			printf("%s\n", all[i]->name);
		return fflush(stdout) == 0 ? 0 : 1;
	}
	if (!type) {
		if (type_name)
			fprintf(stderr, "%s: no player type '%s'\n", prog, type_name);
		else
			fprintf(stderr,
			        "%s: no player type: run as pbrain-TYPE or give --player "
			        "TYPE\n",
			        prog);
		help_tail(stderr, NULL);
		return 2;
	}

	PbrainOptions opt = {.type = type, .seed = 1, .verbose = verbose};
	if (settings(&opt, prog, &set_list, seed, nodes, depth) < 0)
		return 2;

	if (pbrain_run(stdin, stdout, &opt, err, sizeof err) < 0) {
		fprintf(stderr, "%s: %s\n", prog, err);
		return 1;
	}
	return 0;
}
