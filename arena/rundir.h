/* rundir.h - a run's output folder: making it, and telling whether the
 * configuration saved there describes the run about to resume in it. Used
 * by `arena run` and by the tuner's `spsa` and `texel`. */
#ifndef ARENA_RUNDIR_H
#define ARENA_RUNDIR_H

#include <stdbool.h>
#include <stddef.h>

#include "config_table.h"

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
 * dir/.lock, held until rundir_unlock or the process ends (a kill frees
 * it). Returns 0, or -1 (l->fd -1) with "dir: another process is writing
 * this run folder" when another process holds it, or another message
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

/* Where two configuration texts part. a is the one saved in the folder, b
 * the one about to run. */
typedef struct {
	int line;            /* of a, from 1 (past its last line if a ends first) */
	char section[128];   /* the [section] of a at that line, without brackets */
	char key[64];        /* the key both lines give, or "" if they differ in it */
	char a[320], b[320]; /* with key: the two values; else the two lines, ""
	                        for the text that ended */
	bool a_ended, b_ended;
	/* Lines of different keys: b's key is nowhere in the rest of a's
	 * section (a key added now), or a's in the rest of b's (one dropped). */
	bool b_new, a_gone;
} RundirDiff;

/* True if the configuration texts a and b (as config_write or
 * spsa_config_write write them) are equal line for line once blank lines,
 * comments (';' or '#') and every line "KEY = ..." of a key that does not
 * change the games (threads, say) are left out of both: a key its section's
 * table in sections (NULL-terminated, such as config_sections) declares
 * CONFIG_FREE. If not, and diff is not NULL, *diff says where they first
 * part. */
bool rundir_config_diff(const char *a, const char *b, const ConfigSection *const *sections,
                        RundirDiff *diff);

/* rundir_config_diff without the difference. */
bool rundir_same_config(const char *a, const char *b, const ConfigSection *const *sections);

/* The difference as text: "[tournament] seed differs (1 in the folder, 2
 * now)", for a key added or dropped "[S] now there is 'B', which the
 * folder's configuration does not have" or "[S] the folder has 'A', which
 * now is not there", and else "[S] the folder has 'A' where now there is
 * 'B'". */
void rundir_diff_text(const RundirDiff *d, char *buf, size_t buflen);

/* The value of key in [section] of a configuration text into out. Returns
 * true if found. */
bool rundir_config_value(const char *text, const char *section, const char *key, char *out,
                         size_t outlen);

#endif
