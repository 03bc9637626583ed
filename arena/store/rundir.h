/* rundir.h - a run's output folder: making it, taking it for this process,
 * reading a file of it whole. Used by `arena run` and by the tuner's `spsa`
 * and `texel`; whether the configuration saved there describes the run
 * about to resume in it is config_diff.h's. */
#ifndef ARENA_RUNDIR_H
#define ARENA_RUNDIR_H

#include <stdbool.h>
#include <stddef.h>

/* Creates the folder path and any missing parents (an existing one is
 * fine). Returns 0, or -1 with "folder: cannot create: why" in err. */
int rundir_create(const char *path, char *err, size_t errlen);

/* A run folder taken by this process. */
typedef struct {
	int fd;          /* -1: not taken */
	bool created;    /* rundir_lock made dir/.lock */
	char path[4200]; /* dir/.lock */
} RundirLock;

/* Takes the run folder dir for this process: an exclusive lock on
 * dir/.lock (fcntl's, this process's alone: not its children's), held
 * until rundir_unlock or the process ends (a kill frees it). A process
 * takes a folder once: a second rundir_lock of it in the same process
 * succeeds and its rundir_unlock frees both. Returns 0, or -1 (l->fd -1) with "dir: another
 * process is writing this run folder" when another process holds it, or another message
 * (the folder is read-only, say). Neither is bad input: exit status 1. */
int rundir_lock(RundirLock *l, const char *dir, char *err, size_t errlen);

/* Lets the folder go (accepts one not taken). With bad_input, a .lock that
 * rundir_lock made is removed first: a command that refuses its input
 * writes nothing. Removing it while locked is safe: a process that opened
 * the old file fails to lock it, one that comes later makes a new one. */
void rundir_unlock(RundirLock *l, bool bad_input);

/* The whole file path, NUL-terminated, or NULL if it cannot be read or
 * memory runs out. The caller frees it. */
char *rundir_slurp(const char *path);

#endif
