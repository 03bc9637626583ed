/* jobs_mpi.c - joining and leaving the MPI world, and its transport: sends
 * that never block, polls that nap (jobs_mpi.h, jobs_mpi_impl.h). Without
 * MPI (no GA_MPI) only the plain start's answers are here. */
#define _POSIX_C_SOURCE 200809L
#include "jobs_mpi.h"
#include "err.h"

#include <stdio.h>
#include <string.h>

#ifndef GA_MPI

int jobs_mpi_start(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int jobs_mpi_serve(void)
{
	return 0;
}

int jobs_mpi_finish(int status)
{
	return status;
}

int jobs_mpi_ranks(void)
{
	return 1;
}

bool jobs_mpi_leads(void)
{
	return false;
}

int jobs_mpi_run(const JobSpec *spec, const Job *jobs, int count, const JobSink *sink,
                 char *err, size_t errlen)
{
	(void)spec;
	(void)jobs;
	(void)count;
	(void)sink;
	return err_set(err, errlen, "built without MPI");
}

char *jobs_mpi_stats(char *buf, size_t len)
{
	if (len)
		buf[0] = '\0';
	return buf;
}

#else

#include <omp.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "jobs_mpi_impl.h"

/* The world is MPI's own process-wide state, so ours is too: one process
 * joins at most one world, at the start, on its main thread. */
static JobsMpiWorld world;
static bool joined;

/* Sends not yet completed, with the buffers they own. */
typedef struct {
	MPI_Request req;
	unsigned char *buf;
} Pending;
static Pending *pending;
static int npending, cappending;

JobsMpiWorld *jobs_mpi_world(void)
{
	return joined ? &world : NULL;
}

/* Did a launcher start this process? Open MPI's mpirun, PMIx launchers
 * (Open MPI 5, srun --mpi=pmix) and PMI ones (MPICH's hydra, Intel MPI,
 * srun --mpi=pmi2) each leave their variables. Joining without one would
 * cost a plain start Open MPI's singleton start-up (0.4 s here). */
static bool launched(void)
{
	const char *force = getenv("GA_MPI");
	if (force && (!strcmp(force, "on") || !strcmp(force, "1")))
		return true;
	if (force && (!strcmp(force, "off") || !strcmp(force, "0")))
		return false;
	static const char *const vars[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK",
	                                   "PMI_SIZE"};
	for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
		if (getenv(vars[i]))
			return true;
	return false;
}

int jobs_mpi_start(int *argc, char ***argv)
{
	if (joined || !launched())
		return 0;
	/* Every MPI call of a rank is made by its main thread (the dispatcher
	 * on rank 0, the communicator on the others), the other threads only
	 * play: FUNNELED is all it takes, and spares the locks MULTIPLE puts
	 * around every call. */
	int provided;
	MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
	MPI_Comm_rank(MPI_COMM_WORLD, &world.rank);
	MPI_Comm_size(MPI_COMM_WORLD, &world.size);
	int n = 0;
	MPI_Get_processor_name(world.host, &n);
	world.launcher = getppid();
	world.games = calloc((size_t)world.size, sizeof *world.games);
	if (!world.games) {
		fprintf(stderr, "rank %d: out of memory\n", world.rank);
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	joined = true;
	return world.rank;
}

int jobs_mpi_ranks(void)
{
	return joined ? world.size : 1;
}

bool jobs_mpi_leads(void)
{
	if (!joined || world.size < 2 || world.rank != 0 || omp_in_parallel())
		return false;
	int main_thread = 0;
	MPI_Is_thread_main(&main_thread);
	return main_thread;
}

int jobs_mpi_finish(int status)
{
	if (!joined)
		return status;
	if (world.rank == 0)
		for (int r = 1; r < world.size; r++) {
			WireOut w = {0};
			wire_i32(&w, status);
			jobs_mpi_send(r, TAG_FINISH, &w);
		}
	jobs_mpi_flush();
	free(pending);
	free(world.games);
	pending = NULL;
	npending = cappending = 0;
	joined = false;
	MPI_Finalize();
	return status;
}

void jobs_mpi_send(int dest, int tag, WireOut *w)
{
	if (!w->oom && npending == cappending) {
		int cap = cappending ? 2 * cappending : 16;
		Pending *p = realloc(pending, sizeof *p * (size_t)cap);
		if (p) {
			pending = p;
			cappending = cap;
		}
	}
	if (w->oom || npending == cappending || w->len > (size_t)INT32_MAX) {
		fprintf(stderr, "rank %d: out of memory for a message\n", world.rank);
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	Pending *p = &pending[npending++];
	int n = (int)w->len;
	p->buf = w->buf;
	*w = (WireOut){0};
	MPI_Isend(p->buf, n, MPI_BYTE, dest, tag, MPI_COMM_WORLD, &p->req);
	jobs_mpi_progress();
}

void jobs_mpi_progress(void)
{
	for (int i = 0; i < npending;) {
		int done = 0;
		MPI_Test(&pending[i].req, &done, MPI_STATUS_IGNORE);
		if (done) {
			free(pending[i].buf);
			pending[i] = pending[--npending];
		} else {
			i++;
		}
	}
}

void jobs_mpi_flush(void)
{
	int us = 0;
	for (jobs_mpi_progress(); npending > 0; jobs_mpi_progress()) {
		jobs_mpi_check_launcher();
		jobs_mpi_nap(&us);
	}
}

bool jobs_mpi_poll(int source, int *from, int *tag, unsigned char **buf, int *len)
{
	int flag = 0;
	MPI_Status st;
	MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
	if (!flag)
		return false;
	int n = 0;
	MPI_Get_count(&st, MPI_BYTE, &n);
	unsigned char *b = malloc(n > 0 ? (size_t)n : 1);
	if (!b) {
		fprintf(stderr, "rank %d: out of memory for a message\n", world.rank);
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	MPI_Recv(b, n, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD,
	         MPI_STATUS_IGNORE);
	*from = st.MPI_SOURCE;
	*tag = st.MPI_TAG;
	*buf = b;
	*len = n;
	return true;
}

void jobs_mpi_nap(int *us)
{
	if (*us > 0) {
		struct timespec ts = {0, (long)*us * 1000};
		nanosleep(&ts, NULL);
	}
	*us = *us == 0 ? 5 : *us >= 1000 ? 1000 : 2 * *us;
}

void jobs_mpi_check_launcher(void)
{
	if (getppid() != world.launcher)
		_exit(129);
}

char *jobs_mpi_stats(char *buf, size_t len)
{
	if (!len)
		return buf;
	buf[0] = '\0';
	if (!joined || world.rank != 0)
		return buf;
	size_t at = (size_t)snprintf(buf, len, "mpi: %d ranks x %d threads; games by rank:",
	                             world.size, world.threads);
	long remote = 0;
	for (int r = 0; r < world.size && at < len; r++) {
		at += (size_t)snprintf(buf + at, len - at, " %ld", world.games[r]);
		remote += r > 0 ? world.games[r] : 0;
	}
	if (at < len)
		snprintf(
		    buf + at, len - at,
		    "; rank 0 dispatching: %ld messages, %.1f ms CPU, %.1f us per game "
		    "from other ranks",
		    world.messages, world.dispatch_cpu_s * 1e3,
		    remote ? world.dispatch_cpu_s * 1e6 / (double)remote : 0.0);
	return buf;
}

#endif
