/* proc_log.h - the conversation log of an engine: every line between the
 * arena and a child process, for a person hunting a protocol problem.
 *
 * One entry per line of the file: the time in ms since t0 (the start of the
 * game, with one decimal), a tag, a blank and the text:
 *   >  a line sent to the engine
 *   <  a line read from its standard output
 *   !  a line read from its standard error
 *   *  an event of the arena: start, exit, kill, stop (SIGSTOP), cont
 *      (SIGCONT), a fault
 * Entries are appended (several games may share a file) and written out at
 * once (line-buffered), so the log survives a killed arena. With a cap
 * (max), the lines of one opening (a game) stop once they would take the
 * log past max bytes: one '*' entry says so, and only events ('*' entries,
 * a few per move at most) follow, so an engine that floods its output
 * cannot fill the disk. The file is
 * opened close-on-exec: no engine inherits it.
 *
 * A closed ProcLog (proc_log_init), or NULL, takes every call but open and
 * writes nothing, so callers need no test. One thread per ProcLog at a
 * time. */
#ifndef PLAYERS_PROC_LOG_H
#define PLAYERS_PROC_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct {
	FILE *f;   /* NULL: closed */
	double t0; /* clock_ms() of time 0 */
	/* The most bytes of lines since the last open (0: no cap): the
	 * owner's, set once like Proc.log (proc_log_init clears it, open
	 * keeps it); written counts the bytes since that open, cut says
	 * whether lines were dropped. */
	long long max, written;
	bool cut;
} ProcLog;

/* A closed log. */
void proc_log_init(ProcLog *l);

/* Opens path for appending (creating it) with time 0 at t0 (a clock_ms()
 * value), nothing written yet for the cap; an open log is closed first. Returns 0, or -1
 * with a message (the log is then closed). */
int proc_log_open(ProcLog *l, const char *path, double t0, char *err, size_t errlen);

/* Can a log go to path: is its folder there? Returns 0, or -1 with a
 * message. Creates nothing. */
int proc_log_check(const char *path, char *err, size_t errlen);

/* Closes the file; accepts a closed log or NULL. */
void proc_log_close(ProcLog *l);

/* One entry with tag for each line of text[0..len) (split at LF, CR
 * dropped; a last line without LF counts too; empty lines are skipped),
 * up to the cap. */
void proc_log_lines(ProcLog *l, char tag, const char *text, size_t len);

/* One '*' entry. */
void proc_log_event(ProcLog *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
