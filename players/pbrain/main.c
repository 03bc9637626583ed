/* pbrain.c - `pbrain-TYPE`: a built-in player as a Gomocup engine on stdin
 * and stdout. The type comes from the program's name (pbrain-weighted, ...)
 * or --player; parameters from PBRAIN_SET and then --set. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pbrain.h"
#include "registry.h"

enum { ERR_LEN = 512, KEY_MAX = 64 };

static void usage(FILE *f, const char *prog, const PlayerType *t)
{
	fprintf(
	    f,
	    "usage: %s [--player TYPE] [--set key=value ...] [--seed N] [--nodes N]\n"
	    "       [--depth N] [--verbose]\n"
	    "       %s --list-types\n\n"
	    "A built-in player as a Gomocup (pbrain) engine: protocol commands on stdin,\n"
	    "replies on stdout. Installed as pbrain-TYPE, the name selects the type.\n\n"
	    "  --player TYPE    the player type (overrides the program name)\n"
	    "  --set key=value  a parameter of the type (after those in PBRAIN_SET)\n"
	    "  --seed N         seed of every game's player (default 1; PBRAIN_SEED)\n"
	    "  --nodes N        fixed node budget per move, no clock (PBRAIN_NODES)\n"
	    "  --depth N        fixed depth budget per move, no clock (PBRAIN_DEPTH)\n"
	    "  --verbose        MESSAGE lines with depth, score and nodes\n"
	    "  --list-types     the types, one a line (the build makes a link for each)\n\n"
	    "Environment: PBRAIN_SET=\"key=value key=value\" sets parameters.\n"
	    "In a session, INFO key value sets a parameter and INFO seed N the seed\n"
	    "for the next move (a bad value or key: a DEBUG line, and ignored).\n\n",
	    prog, prog);
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

int main(int argc, char **argv)
{
	const char *prog = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	const char *type_name = strncmp(prog, "pbrain-", 7) == 0 ? prog + 7 : NULL;
	bool help = false;
	if (argc == 2 && !strcmp(argv[1], "--list-types")) {
		int n;
		const PlayerType *const *all = registry_all(&n);
		for (int i = 0; i < n; i++)
			printf("%s\n", all[i]->name);
		return fflush(stdout) == 0 ? 0 : 1;
	}
	/* First pass: the type, which the parameters belong to. */
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			help = true;
		else if (!strcmp(argv[i], "--player") && i + 1 < argc)
			type_name = argv[++i];
	}
	const PlayerType *type = type_name ? registry_find(type_name) : NULL;
	if (help) {
		usage(stdout, prog, type);
		return 0;
	}
	if (!type) {
		if (type_name)
			fprintf(stderr, "%s: no player type '%s'\n", prog, type_name);
		else
			fprintf(stderr,
			        "%s: no player type: run as pbrain-TYPE or give --player "
			        "TYPE\n",
			        prog);
		usage(stderr, prog, NULL);
		return 2;
	}

	PbrainOptions opt = {.type = type, .seed = 1};
	param_defaults(&opt.params, type->params, type->nparams);
	const char *env = getenv("PBRAIN_SET");
	if (env && set_from_env(&opt.params, prog, env) < 0)
		return 2;
	uint64_t depth = 0;
	const char *e;
	if ((e = getenv("PBRAIN_SEED")) &&
	    parse_count(prog, "PBRAIN_SEED", e, &opt.seed) < 0)
		return 2;
	if ((e = getenv("PBRAIN_NODES")) &&
	    parse_count(prog, "PBRAIN_NODES", e, &opt.nodes) < 0)
		return 2;
	if ((e = getenv("PBRAIN_DEPTH")) &&
	    parse_count(prog, "PBRAIN_DEPTH", e, &depth) < 0)
		return 2;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		bool has_value = i + 1 < argc;
		int rc = 0;
		if (!strcmp(a, "--verbose")) {
			opt.verbose = true;
		} else if (!has_value && (!strcmp(a, "--player") || !strcmp(a, "--set") ||
		                          !strcmp(a, "--seed") || !strcmp(a, "--nodes") ||
		                          !strcmp(a, "--depth"))) {
			fprintf(stderr, "%s: %s needs a value\n", prog, a);
			return 2;
		} else if (!strcmp(a, "--player")) {
			i++;
		} else if (!strcmp(a, "--set")) {
			rc = set_param(&opt.params, prog, "--set", argv[++i]);
		} else if (!strcmp(a, "--seed")) {
			rc = parse_count(prog, a, argv[++i], &opt.seed);
		} else if (!strcmp(a, "--nodes")) {
			rc = parse_count(prog, a, argv[++i], &opt.nodes);
		} else if (!strcmp(a, "--depth")) {
			rc = parse_count(prog, a, argv[++i], &depth);
		} else {
			fprintf(stderr, "%s: unknown option '%s' (see --help)\n", prog, a);
			return 2;
		}
		if (rc < 0)
			return 2;
	}
	if (depth > BOARD_MAX_MOVES) {
		fprintf(stderr, "%s: depth %llu is more than %d\n", prog,
		        (unsigned long long)depth, BOARD_MAX_MOVES);
		return 2;
	}
	opt.depth = (int)depth;

	char err[ERR_LEN];
	if (pbrain_run(stdin, stdout, &opt, err, sizeof err) < 0) {
		fprintf(stderr, "%s: %s\n", prog, err);
		return 1;
	}
	return 0;
}
