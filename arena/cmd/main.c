/* main.c - the `arena` program: dispatches to its commands, git style
 * (commands.h; one file per command in this folder). */
#include <gsl/gsl_errno.h>
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "jobs_mpi.h"
#include "opt.h"
#include "printable.h"
#include "rules.h"

_Static_assert(RULE_COUNT == 3, "commands_rules names every rule");
const char *const commands_rules[] = {"freestyle", "standard", "renju", NULL};

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *help;
} commands[] = {
    {"run", run_command, "play a tournament described by an INI file"},
    {"elo", elo_command, "ratings from any games.csv"},
    {"report", report_command, "write a run folder's report again, report.html included"},
    {"pgn", pgn_command, "a headers-only PGN of a games.csv, for Ordo or BayesElo"},
    {"sgf", sgf_command, "SGF game records of a games.csv, for Gomoku viewers"},
    {"players", players_command, "list the player types and their parameters"},
    {"openings", openings_command, "convert an openings file; a run's opening health"},
    {"balance", balance_command, "choose balanced openings by self-play"},
    {"bench", bench_command, "speed of the rules core and every player, with a signature"},
    {"match", match_command, "a quick head-to-head of two players"},
    {"solve", solve_command, "the threat solver: a forced win by VCF or VCT?"},
    {"show", show_command, "replay a .psq game record on the terminal"},
};

static void usage(FILE *f)
{
	fprintf(f, "usage: arena <command> [options]   (arena <command> --help for more;\n"
	           "       arena --version)\n\n");
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].help);
}

static int run(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		usage(stdout);
		return 0;
	}
	if (strcmp(argv[1], "--version") == 0) {
		opt_version(stdout, "arena");
		return 0;
	}
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(argv[1], commands[i].name) == 0)
			return commands[i].run(argc - 1, argv + 1);
	fputs("arena: unknown command '", stderr);
	printable_put(stderr, argv[1]);
	fputs("'\n\n", stderr);
	usage(stderr);
	return 2;
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
	/* Under an MPI launcher every rank but 0 only plays the games rank 0
	 * hands out (jobs_mpi.h); rank 0 runs the command, then tells them.
	 * (Joining comes before the signals: MPI may set its own.) */
	int rank = jobs_mpi_start(&argc, &argv);
	signal(SIGPIPE, SIG_IGN); /* a dead external engine is an error, not our death */
	if (rank > 0)
		return jobs_mpi_serve();
	int status = run(argc, argv);
	if (getenv("GA_MPI_STATS") && jobs_mpi_ranks() > 1) {
		char line[1024];
		fprintf(stderr, "%s\n", jobs_mpi_stats(line, sizeof line));
	}
	return jobs_mpi_finish(status);
}
