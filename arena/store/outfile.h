/* outfile.h - files of a run folder written whole, atomically.
 *
 * Every file that is (re)written whole (config.ini, a tuner's state, the
 * final games.csv, the report tables, .psq records, plots) goes through
 * here: the text goes to PATH.tmp in the same folder, which is flushed,
 * synced and renamed over PATH, and then the folder is synced. A kill or a
 * power loss at any instant leaves the old file or the new one, never a
 * mix; a failure (disk full, folder gone) leaves the old file and no
 * PATH.tmp, and is reported. A stale PATH.tmp left by a kill is simply
 * overwritten by the next write.
 *
 * Crash points (crashpoint.h) "kill/BASENAME/mid-write" and
 * "kill/BASENAME/after-rename" let the tests kill the process inside a
 * write of a chosen file. */
#ifndef ARENA_OUTFILE_H
#define ARENA_OUTFILE_H

#include <stdbool.h>
#include <stdio.h>

enum { OUTFILE_PATH_MAX = 4096 };

typedef struct {
	FILE *f; /* the temporary file: write to it, then commit or abort */
	/* Set after outfile_open to leave out both syncs at commit: for the
	 * many small files (.psq records) whose caller syncs them in batches
	 * (results.h); still a whole file or none after a kill. */
	bool lazy;
	char path[OUTFILE_PATH_MAX], tmp[OUTFILE_PATH_MAX + 8];
} OutFile;

/* Opens PATH.tmp for writing. Returns o->f, or NULL with "path: cannot
 * write: why" in err. */
FILE *outfile_open(OutFile *o, const char *path, char *err, size_t errlen);

/* Flushes, syncs and closes the temporary file, renames it over the target
 * and syncs the folder. Returns 0, or -1 with "path: cannot write: why" and
 * errno set (the temporary file is then removed and the target left as it
 * was). */
int outfile_commit(OutFile *o, char *err, size_t errlen);

/* Closes and removes the temporary file (accepts an aborted or committed
 * OutFile). */
void outfile_abort(OutFile *o);

/* The whole of text (len bytes) as the new content of path; lazy as
 * OutFile.lazy. */
int outfile_write(const char *path, const char *text, size_t len, bool lazy, char *err,
                  size_t errlen);

/* Makes tmp, a finished file written by someone else (a plot), the new
 * content of path: sync, rename, sync the folder. On failure tmp is
 * removed. Returns 0 or -1 with a message. */
int outfile_install(const char *tmp, const char *path, char *err, size_t errlen);

/* Syncs the folder that holds path (so a rename or a new file in it
 * survives a power loss). Returns 0 or -1 with errno set. */
int outfile_sync_dir(const char *path);

#endif
