/* proc_stat.h - what Linux's /proc says about a process: its state, group,
 * CPU time and resident memory. For watching engines (their memory limit)
 * and for tests (is it stopped, does it take CPU).
 *
 * A process that is gone (or unreadable) reads as -1. No state; any thread. */
#ifndef PLAYERS_PROC_STAT_H
#define PLAYERS_PROC_STAT_H

#include <stdint.h>
#include <sys/types.h>

typedef struct {
	char state;    /* R running, S sleeping, T stopped, Z zombie, ... */
	pid_t pgrp;    /* its process group */
	double cpu_ms; /* user + system CPU time so far, in ms (clock ticks) */
	int64_t rss;   /* resident bytes */
} ProcStat;

/* Reads /proc/PID/stat into st. Returns 0, or -1 if there is no such
 * process. */
int proc_stat_read(pid_t pid, ProcStat *st);

/* The resident bytes of process pid (one small read), or -1. */
int64_t proc_stat_rss(pid_t pid);

/* The resident bytes of every process in group pgrp together (a walk of
 * /proc: about a millisecond with a few hundred processes), or -1 if the
 * group has none. */
int64_t proc_stat_group_rss(pid_t pgrp);

#endif
