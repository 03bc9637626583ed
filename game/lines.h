/* lines.h - the one line reader of every file parser (INI files, opening
 * lists, .psq records, games.csv).
 *
 * A line ends at LF; a CR right before the LF, or at the very end of the
 * file, is dropped (files written on Windows), and a UTF-8 byte-order mark at the very
 * start of the file is skipped (Windows editors write one). A NUL byte is an error of its
 * line, and so is a line longer than the reader's limit: neither is ever cut or passed on.
 * Lines are numbered from 1, and the number stays right past any of these. The last line
 * may lack its LF (Lines.last_open says so: games.csv takes such a line for one cut by a
 * kill). Reading is in large blocks, so a line costs a memchr, whatever the file's size,
 * and memory stays within the limit however long a line a file holds. Not thread-safe: one
 * reader per file. */
#ifndef GAME_LINES_H
#define GAME_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef enum {
	LINES_OK,    /* a line: *line, *len (no LF, no CR before it, no NUL) */
	LINES_END,   /* no more lines */
	LINES_NUL,   /* the line holds a NUL byte (Lines.line: its number) */
	LINES_LONG,  /* the line is longer than the limit */
	LINES_ERROR, /* a read error (errno set) */
	LINES_NOMEM  /* out of memory */
} LinesStatus;

typedef struct {
	FILE *f;
	size_t max; /* longest line taken, in bytes */
	char *buf;  /* owned */
	size_t cap, pos, len;
	long long base; /* the file offset of buf[0] */
	bool eof, started;
	long line;        /* the number of the line last returned (from 1) */
	long long offset; /* of the start of that line in the file */
	bool last_open;   /* that line was the last and had no LF */
} Lines;

/* A reader of f (not closed by it) taking lines of up to max bytes. */
void lines_init(Lines *r, FILE *f, size_t max);

/* The next line. LINES_OK with *line (NUL-terminated, valid until the
 * next call) and its length; or LINES_END; or an error of line r->line. */
LinesStatus lines_next(Lines *r, char **line, size_t *len);

/* "line holds a NUL byte", "line longer than N bytes", ...: the error of a
 * status other than LINES_OK and LINES_END, for "file:line: ..." messages,
 * into buf. */
void lines_error(const Lines *r, LinesStatus st, char *buf, size_t buflen);

/* Frees the buffer (not the FILE). */
void lines_free(Lines *r);

#endif
