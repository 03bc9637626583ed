/* err.h - how library code says that something failed: the one convention
 * of the project (HACKING.md, "Errors").
 *
 * A function that can fail takes the caller's buffer last (char *err,
 * size_t errlen), returns 0 when it succeeds, and otherwise writes one
 * message there and returns a negative code:
 *   ERR_FAIL  (-1)  it could not be done: a file not written, memory, a
 *                   process that died; or bad input where the caller has
 *                   no other failure to tell it from;
 *   ERR_INPUT (-2)  bad input, where the caller must tell it from a
 *                   failure (the command then exits 2, not 1).
 * The message names its place ("t.ini:14: unknown key 'depht'", "games.csv:
 * cannot write: disk full"); the caller adds its own prefix if any. It
 * never prints and never exits. A second way to succeed is a named
 * positive value of the function's header (OPT_HELP, CONFIG_OTHER_KEY),
 * never a bare 1. A command and the parts of it that play games
 * (runner_run, spsa_tune, ...) return the exit status instead: 0, 1, 2,
 * 128 + signal. ERR_MAX bytes hold any message, nested ones included:
 * error buffers are char err[ERR_MAX]. */
#ifndef GAME_ERR_H
#define GAME_ERR_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

enum { ERR_FAIL = -1, ERR_INPUT = -2, ERR_MAX = 2048 };

/* Formats the message into err (cut to errlen) and returns ERR_FAIL.
 * Inline, so that the compiler sees the value a caller returns. */
__attribute__((format(printf, 3, 4))) static inline int err_set(char *err, size_t errlen,
                                                                const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return ERR_FAIL;
}

/* The same, returning ERR_INPUT. */
__attribute__((format(printf, 3, 4))) static inline int err_input(char *err, size_t errlen,
                                                                  const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return ERR_INPUT;
}

/* The exit status of a command whose library call returned rc: 0 for 0,
 * 2 for ERR_INPUT, else 1. */
static inline int err_status(int rc)
{
	return rc == 0 ? 0 : rc == ERR_INPUT ? 2 : 1;
}

#endif
