/* main.c - the `tuner` program: spsa and texel, git style (commands.h;
 * one file per command in this folder). */
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

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *help;
} commands[] = {
    {"spsa", spsa_command, "tune parameters by SPSA on game pairs, then verify by a match"},
    {"texel", texel_command,
     "fit evaluation weights to game results, then verify by a match"},
    {"report", report_command, "write a tuning run's report.html again (tuner report DIR)"},
};

static void usage(FILE *f)
{
	fprintf(f, "usage: tuner <command> FILE.ini [options]   (tuner <command> --help "
	           "for more;\n       tuner --version)\n\n");
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(f, "  %-6s %s\n", commands[i].name, commands[i].help);
}

static int run(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		opt_version(stdout, "tuner");
		return 0;
	}
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].run(argc - 1, argv + 1);
	fputs("tuner: unknown command '", stderr);
	printable_put(stderr, argv[1]);
	fputs("'\n\n", stderr);
	usage(stderr);
	return 2;
}

int main(int argc, char **argv)
{
	gsl_set_error_handler_off(); /* GSL reports through return codes */
	/* As in arena/main.c: the players' tables of every game stay in the
	 * process instead of going back to the kernel at each free. */
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
	mallopt(M_TRIM_THRESHOLD, 512 << 20);
	/* Under an MPI launcher every rank but 0 only plays the games rank 0
	 * hands out (jobs_mpi.h); rank 0 runs the command, then tells them.
	 * (Joining comes before the signals: MPI may set its own.) */
	int rank = jobs_mpi_start(&argc, &argv);
	signal(SIGPIPE, SIG_IGN); /* a dead engine or gnuplot is an error, not our death */
	if (rank > 0)
		return jobs_mpi_serve();
	int status = run(argc, argv);
	if (getenv("GA_MPI_STATS") && jobs_mpi_ranks() > 1) {
		char line[1024];
		fprintf(stderr, "%s\n", jobs_mpi_stats(line, sizeof line));
	}
	return jobs_mpi_finish(status);
}
