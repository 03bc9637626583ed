/* proc_cmd.h - an engine's command line, split into words without a shell,
 * and the program it names, found as execve needs it. No state; any thread. */
#ifndef PLAYERS_PROC_CMD_H
#define PLAYERS_PROC_CMD_H

#include <stddef.h>

enum { PROC_ARGS_MAX = 64, PROC_PATH_MAX = 4096 };

/* Splits command into words at blanks; "double quotes" group blanks into a
 * word, and inside them \" and \\ stand for " and \. The words are copied
 * into store and argv[0..n-1] point into it, argv[n] = NULL. Returns n >= 1,
 * or -1 with a message (empty command, an open quote, too many words, too
 * long). */
int proc_cmd_split(const char *command, char *store, size_t storelen, char **argv, int max,
                   char *err, size_t errlen);

/* The absolute path of the program prog: a name with a slash is taken
 * relative to the current folder, one without is looked up in PATH. It must
 * be an executable regular file. Returns 0, or -1 with a message. */
int proc_cmd_resolve(const char *prog, char *path, size_t pathlen, char *err,
                     size_t errlen);

#endif
