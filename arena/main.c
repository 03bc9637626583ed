/* main.c - the `arena` command: dispatches to subcommands, git style. */
#include <gsl/gsl_errno.h>
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "balance.h"
#include "bench.h"
#include "match.h"
#include "registry.h"
#include "report.h"
#include "report_dir.h"
#include "runner.h"
#include "show.h"
#include "solve.h"

/* One type with its budgets and parameters. */
static void print_type(const PlayerType *t)
{
	printf("%s: %s\n", t->name, t->help);
	printf("  budgets: %s%s%s%s\n", t->budgets ? "" : "none (answers at once)",
	       t->budgets & BUDGET_NODES ? "nodes " : "",
	       t->budgets & BUDGET_DEPTH ? "depth " : "",
	       t->budgets & BUDGET_MS ? "ms" : "");
	for (int k = 0; k < t->nparams; k++) {
		char d[400];
		param_describe(&t->params[k], d, sizeof d);
		printf("  %-60s %s%s\n", d, t->params[k].tunable ? "[tunable] " : "",
		       t->params[k].help);
	}
	printf("\n");
}

/* `arena players [TYPE ...]`: every player type, or those named, with
 * their declared parameters. */
static int players_main(int argc, char **argv)
{
	enum { TYPES_MAX = 64 };
	const PlayerType *types[TYPES_MAX];
	int n = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			printf("usage: arena players [TYPE ...]\n\nLists the player types "
			       "(or the types named) and their parameters.\n");
			return 0;
		}
		/* Every name is checked before anything is listed. */
		const PlayerType *t = registry_find(argv[i]);
		if (!t) {
			fprintf(stderr, "arena players: no player type '%s'\n", argv[i]);
			return 2;
		}
		if (n == TYPES_MAX) {
			fprintf(stderr, "arena players: more than %d types\n", TYPES_MAX);
			return 2;
		}
		types[n++] = t;
	}
	if (n == 0) {
		int count;
		const PlayerType *const *all = registry_all(&count);
		for (int i = 0; i < count && n < TYPES_MAX - 1; i++)
			types[n++] = all[i];
		/* registry_all leaves out the types that cannot be made from their
		 * defaults (external needs a command); they are players all the
		 * same. */
		const PlayerType *external = registry_find("external");
		if (external)
			types[n++] = external;
	}
	for (int i = 0; i < n; i++)
		print_type(types[i]);
	return 0;
}

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *help;
} commands[] = {
    {"run", runner_main, "play a tournament described by an INI file"},
    {"elo", report_elo_main, "ratings from any games.csv"},
    {"report", report_dir_main, "write a run folder's report again, report.html included"},
    {"pgn", report_pgn_main, "a headers-only PGN of a games.csv, for Ordo or BayesElo"},
    {"players", players_main, "list the player types and their parameters"},
    {"balance", balance_main, "choose balanced openings by self-play"},
    {"bench", bench_main, "speed of the rules core and every player, with a signature"},
    {"match", match_main, "a quick head-to-head of two players"},
    {"solve", solve_main, "the threat solver: a forced win by VCF or VCT?"},
    {"show", show_main, "replay a .psq game record on the terminal"},
};

static void usage(FILE *f)
{
	fprintf(f,
	        "usage: arena <command> [options]   (arena <command> --help for more)\n\n");
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].help);
}

int main(int argc, char **argv)
{
	gsl_set_error_handler_off(); /* GSL reports through return codes */
	/* Every game makes and frees its players' tables (megabytes). glibc
	 * would give such blocks back to the kernel at every free (mmap above
	 * 128 KB, trimming) and fault them in again for the next game, which
	 * cost a fifth of the CPU of fast games; keep them in the process. */
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
	mallopt(M_TRIM_THRESHOLD, 512 << 20);
	signal(SIGPIPE, SIG_IGN); /* a dead external engine is an error, not our death */
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		usage(stdout);
		return 0;
	}
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(argv[1], commands[i].name) == 0)
			return commands[i].run(argc - 1, argv + 1);
	fprintf(stderr, "arena: unknown command '%s'\n\n", argv[1]);
	usage(stderr);
	return 2;
}
