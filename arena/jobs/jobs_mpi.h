/* jobs_mpi.h - the job engine's second backend: the ranks of an MPI world
 * (several machines, each with its OpenMP threads).
 *
 * A program started by an MPI launcher (mpirun, mpiexec, srun) calls
 * jobs_mpi_start first. Rank 0 runs the command as in a plain start: it
 * reads the configuration, owns the run folder and every decision; every
 * other rank only serves (jobs_mpi_serve): it never reads a configuration
 * or writes a file, it plays the games rank 0 hands it and sends back
 * their records. While rank 0's command runs, each jobs_run (jobs.h) is
 * played by every rank: rank 0 hands jobs out in small batches on request
 * and plays with its own threads too, and every record goes to the
 * caller's sink on rank 0 exactly as a local game's would. Games depend
 * only on their jobs, so the results are those of one process.
 *
 * A plain start (no launcher in the environment, or a build without MPI)
 * is a world of one rank: nothing of MPI is touched and jobs_run plays
 * locally. The world is process-wide state, like MPI's own: these
 * functions are for the program's main thread. */
#ifndef ARENA_JOBS_MPI_H
#define ARENA_JOBS_MPI_H

#include <stdbool.h>
#include <stddef.h>

#include "jobs.h"

/* Joins the MPI world when a launcher started the process (its variables
 * are in the environment; GA_MPI=on forces joining, GA_MPI=off forbids
 * it) and returns this process's rank: 0 runs the command, any other
 * returns jobs_mpi_serve(). Without MPI, or outside a launcher, returns 0
 * and does nothing. */
int jobs_mpi_start(int *argc, char ***argv);

/* On a rank other than 0: plays what rank 0 hands out until it says the
 * command has finished, leaves the world, and returns rank 0's exit
 * status. */
int jobs_mpi_serve(void);

/* On rank 0, once the command has returned status: tells every other
 * rank, leaves the world, and returns status. Without a world, returns
 * status. */
int jobs_mpi_finish(int status);

/* The ranks of the world (1 in a plain start). */
int jobs_mpi_ranks(void);

/* Should jobs_run hand its jobs to the world? True on rank 0 of a world of
 * several ranks, on the main thread outside any parallel region. */
bool jobs_mpi_leads(void);

/* jobs_run for rank 0 of a world of several ranks (the same contract; a
 * failure on another rank names the rank and its host). Rank 0 plays with
 * spec->threads threads besides the main thread, which dispatches
 * (GA_MPI_LEAD_THREADS=N in the environment: N of them, 0 to
 * spec->threads; 0, none; anything else is an error). */
int jobs_mpi_run(const JobSpec *spec, const Job *jobs, int count, const JobSink *sink,
                 char *err, size_t errlen);

/* One line of figures of the world so far (games played by each rank, rank
 * 0's CPU time spent dispatching), for GA_MPI_STATS; "" without a world.
 * Returns buf. */
char *jobs_mpi_stats(char *buf, size_t len);

#endif
