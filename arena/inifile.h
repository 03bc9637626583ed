/* inifile.h - inih fed through a reader that counts lines.
 *
 * Debian's inih gives the handler no line numbers and splits lines longer
 * than its 200-byte buffer. Reading through inifile_parse fixes both: `line`
 * is the line the handler is looking at, an over-long line is an error, and
 * every [section] header is noted with its line (inih reports a section only
 * through its keys, so an empty or repeated section would go unseen). */
#ifndef ARENA_INIFILE_H
#define ARENA_INIFILE_H

#include <ini.h>
#include <stddef.h>
#include <stdio.h>

enum { INIFILE_LINE_MAX = 200 };

typedef struct {
	int line;
	char name[INIFILE_LINE_MAX];
} IniHeader;

typedef struct {
	const char *path;
	FILE *f;
	int line;          /* the line being handled */
	int header_line;   /* line of the latest [section] header; 0 before any */
	int nheaders;
	IniHeader *headers; /* every header in order; owned, freed by inifile_free */
	int failed;
	char *err;
	size_t errlen;
} IniFile;

/* Parses the open file f (named path in messages) with handler, which gets
 * user as its first argument and may call inifile_fail. Returns 0, or -1
 * with "path:line: what is wrong" in err. The IniFile stays readable (its
 * headers) until inifile_free. */
int inifile_parse(IniFile *in, FILE *f, const char *path, ini_handler handler, void *user,
                  char *err, size_t errlen);

/* Records "path:line: msg" as the error and returns 0 (inih's "stop"). */
int inifile_fail(IniFile *in, const char *msg);

/* Like inifile_fail, at the given line. */
int inifile_fail_at(IniFile *in, int line, const char *msg);

void inifile_free(IniFile *in);

#endif
