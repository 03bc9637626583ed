/* rundir.h - a run's output folder: making it, and telling whether the
 * configuration saved there describes the run about to resume in it. Used
 * by `arena run` and by the tuner's `spsa` and `texel`. */
#ifndef ARENA_RUNDIR_H
#define ARENA_RUNDIR_H

#include <stdbool.h>
#include <stddef.h>

/* Creates the folder path and any missing parents (an existing one is
 * fine). Returns 0, or -1 with "folder: cannot create: why" in err. */
int rundir_create(const char *path, char *err, size_t errlen);

/* Takes the run folder dir for this process: an exclusive lock on
 * dir/.lock, held until rundir_unlock or the process ends (a kill frees
 * it). Returns the descriptor, or -1 with "dir: ... is writing it" when
 * another process holds it, or another message. */
int rundir_lock(const char *dir, char *err, size_t errlen);
void rundir_unlock(int fd); /* accepts -1 */

/* The whole file path, NUL-terminated, or NULL if it cannot be read or
 * memory runs out. The caller frees it. */
char *rundir_slurp(const char *path);

/* True if the configuration texts a and b (as config_write or
 * spsa_config_write write them) are equal line for line once every line
 * "KEY = ..." of a key in free_keys (NULL-terminated: the keys that do not
 * change the games, such as threads) is left out of both. */
bool rundir_same_config(const char *a, const char *b, const char *const *free_keys);

#endif
