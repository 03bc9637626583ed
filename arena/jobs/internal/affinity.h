/* affinity.h - a worker thread pinned to one CPU ([tournament] affinity).
 *
 * A game is a conversation: the arena writes a command and sleeps until
 * the engine answers, the engine sleeps until the next command. Each
 * wake-up that lands on an idle CPU costs far more than one on the CPU
 * the waker runs on (an interrupt to the other CPU; on a virtual machine
 * a trip through the hypervisor), so a worker thread and the engines it
 * starts are put on one CPU together: they take turns, never run at once
 * (unless an engine ponders or searches with several threads: then it
 * wants affinity off). Engines inherit the mask of the thread that starts
 * them. With more threads than CPUs, CPUs are shared round robin. */
#ifndef ARENA_AFFINITY_H
#define ARENA_AFFINITY_H

#include <stdbool.h>

enum { AFFINITY_CPUS = 1024 }; /* CPUs 0 to 1023, as glibc's cpu_set_t */

typedef struct {
	int count;                /* 0: off (or the CPUs could not be read) */
	short cpu[AFFINITY_CPUS]; /* the CPUs the caller could run on */
} Affinity;

/* A thread's mask before affinity_pin, for affinity_unpin. */
typedef struct {
	bool pinned;
	unsigned long bits[AFFINITY_CPUS / (8 * sizeof(unsigned long))];
} AffinitySaved;

/* Off, or the CPUs the calling thread may run on now. Off as well when
 * OpenMP binds its threads itself (OMP_PROC_BIND, OMP_PLACES,
 * GOMP_CPU_AFFINITY): its binding is kept. Several arenas on one machine,
 * or several ranks of an MPI world, each count from their own first CPU:
 * they share CPUs unless their masks differ (a launcher's binding). */
void affinity_init(Affinity *a, bool on);

/* Worker `row` (0, 1, ...) on the row-th CPU of a->cpu, round robin; the
 * calling thread's mask is saved in *old (pinned is false when nothing
 * changed: affinity off, or the kernel refused). */
void affinity_pin(const Affinity *a, int row, AffinitySaved *old);

/* The mask affinity_pin saved, back on the calling thread, if it had
 * changed it. */
void affinity_unpin(const AffinitySaved *old);

#endif
