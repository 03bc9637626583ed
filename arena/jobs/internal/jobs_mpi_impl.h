/* jobs_mpi_impl.h - what jobs_mpi.c (the world and its transport),
 * jobs_mpi_lead.c (rank 0) and jobs_mpi_serve.c (the other ranks) share.
 * Built only with MPI (GA_MPI).
 *
 * The protocol (HACKING.md, "The MPI backend"): every message is a byte
 * buffer (wire.h) on MPI_COMM_WORLD, told apart by its tag, and every one
 * but FINISH begins with its batch number (one batch per jobs_run on rank
 * 0). MPI keeps the order of the messages between two ranks, which the
 * protocol relies on: a worker's last REPORT comes before its DONE, and a
 * late STOP before the next HEADER. */
#ifndef ARENA_JOBS_MPI_IMPL_H
#define ARENA_JOBS_MPI_IMPL_H

#include <mpi.h>
#include <stdbool.h>
#include <sys/types.h>

#include "jobs_impl.h"
#include "wire.h"

enum {
	/* rank 0 to a worker */
	TAG_HEADER = 1, /* a batch begins: the JobSpec without its jobs */
	TAG_JOBS,       /* the reply to a REPORT that wants jobs: n >= 0 of them
	                   (0: no more this batch) */
	TAG_STOP,       /* start no more jobs; abandon those being played if set */
	TAG_FINISH,     /* the command is over: leave with this exit status */
	/* a worker to rank 0 */
	TAG_REPORT, /* finished games, and how many more jobs it wants */
	TAG_FAIL,   /* a failure: the message for jobs_run's caller */
	TAG_SIGNAL, /* SIGINT or SIGTERM reached this worker */
	TAG_DONE,   /* every game of the batch it was given is reported */
};

/* A player's name in a batch header (it names the player in messages). */
enum { JOBS_MPI_NAME_MAX = 256 };

typedef struct {
	int rank, size;
	pid_t launcher; /* the parent at the start: mpirun, its daemon, slurmstepd */
	int batch;      /* rank 0: batches begun so far */
	char host[MPI_MAX_PROCESSOR_NAME];
	/* rank 0's figures (jobs_mpi_stats) */
	long *games; /* played by each rank */
	long messages;
	double dispatch_cpu_s;
	int threads; /* of the last batch */
} JobsMpiWorld;

/* The world, once jobs_mpi_start has joined one (else NULL). */
JobsMpiWorld *jobs_mpi_world(void);

/* Sends w's buffer (which the send takes) without waiting: a rank never
 * blocks in a send, so two ranks sending to each other cannot deadlock.
 * Out of memory for a message aborts the world (there is no way to go on
 * and be sure of the results). */
void jobs_mpi_send(int dest, int tag, WireOut *w);

/* Finishes the sends that have completed; jobs_mpi_flush waits for all. */
void jobs_mpi_progress(void);
void jobs_mpi_flush(void);

/* A message from source (MPI_ANY_SOURCE for any) if one has come: its
 * sender, tag and bytes (*buf, to free), true; else false. */
bool jobs_mpi_poll(int source, int *from, int *tag, unsigned char **buf, int *len);

/* Sleeps between polls: *us grows from nothing to a millisecond while
 * nothing happens (the caller sets it to 0 when something does). Open
 * MPI's blocking calls spin a core; these naps let the threads play. */
void jobs_mpi_nap(int *us);

/* Leaves at once (status 129, as a hangup) when the launcher has died:
 * the run folder is safe against a kill at any instant, and a rank left
 * behind would hold its lock or wait forever. */
void jobs_mpi_check_launcher(void);

#endif
