/* affinity.c - a worker thread pinned to one CPU. */
#define _GNU_SOURCE
#include "affinity.h"

#include <omp.h>
#include <sched.h>
#include <string.h>

_Static_assert(sizeof(cpu_set_t) == sizeof(((AffinitySaved *)0)->bits),
               "AffinitySaved holds a cpu_set_t");

void affinity_init(Affinity *a, bool on)
{
	a->count = 0;
	cpu_set_t set;
	/* With OMP_PROC_BIND (or GOMP_CPU_AFFINITY) libgomp binds its threads
	 * itself, the caller to the first place: its mask is not the run's. */
	if (!on || omp_get_proc_bind() != omp_proc_bind_false ||
	    sched_getaffinity(0, sizeof set, &set) != 0)
		return;
	for (int cpu = 0; cpu < CPU_SETSIZE && cpu < AFFINITY_CPUS; cpu++)
		if (CPU_ISSET(cpu, &set))
			a->cpu[a->count++] = (short)cpu;
}

void affinity_pin(const Affinity *a, int row, AffinitySaved *old)
{
	old->pinned = false;
	cpu_set_t was, one;
	if (a->count <= 0 || row < 0 || sched_getaffinity(0, sizeof was, &was) != 0)
		return;
	CPU_ZERO(&one);
	CPU_SET(a->cpu[row % a->count], &one);
	if (sched_setaffinity(0, sizeof one, &one) != 0)
		return;
	memcpy(old->bits, &was, sizeof was);
	old->pinned = true;
}

void affinity_unpin(const AffinitySaved *old)
{
	cpu_set_t was;
	if (!old->pinned)
		return;
	memcpy(&was, old->bits, sizeof was);
	sched_setaffinity(0, sizeof was, &was);
}
