/* openings_tool.h - `arena openings`: an openings file converted to
 * another format, or a run folder's opening health and its live
 * openings. */
#ifndef ARENA_OPENINGS_TOOL_H
#define ARENA_OPENINGS_TOOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "openings.h"

typedef struct {
	const char *path;    /* an openings file, or a run folder (games.csv) */
	OpeningsFormat from; /* the file's format; OPENINGS_AUTO: told from it */
	OpeningsFormat to;   /* written as ini, offset or pos; AUTO: ini */
	long plies;          /* game records: the moves that open (0..64) */
	long size;           /* the file's board; 0: 15 (a folder: its config.ini's) */
	int rule;            /* a Rule; -1: freestyle (a folder: its config.ini's) */
	bool live;           /* a folder: write its openings that are not dead */
	const char *out;     /* written there (atomically); NULL: to the stream */
} OpeningsToolOptions;

/* A file: read and checked as o says, written in o->to, with a note of
 * what was read on note (stderr). A folder: the health table of its
 * games.csv (opening_health.h), or with live its config.ini's openings
 * that are not dead, written in o->to. Returns the exit status: 0, 1 (the
 * output not written), or 2 (bad input) with the message in err. */
int openings_tool_run(const OpeningsToolOptions *o, FILE *out, FILE *note, char *err,
                      size_t errlen);

#endif
