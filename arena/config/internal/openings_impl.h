/* openings_impl.h - the parts of openings.c the format readers
 * (openings_read.c, openings_records.c) share. */
#ifndef ARENA_OPENINGS_IMPL_H
#define ARENA_OPENINGS_IMPL_H

#include <stdbool.h>

#include "board.h"
#include "lines.h"
#include "openings.h"

/* The most of a line quoted in a message. */
enum { OPENINGS_QUOTE = 24 };

/* The most openings a file may hold. */
enum { OPENINGS_FILE_MAX = 1 << 26 };

/* One file being read. */
typedef struct {
	const char *path;
	const OpeningsSpec *spec;
	char *err;
	size_t errlen;
	OpeningSet *set;
	OpeningsCounts *counts; /* never NULL */
	char how[160]; /* "(read as pos: ...)": which format and why, for messages */
	Board *board;  /* empty, of the spec's size and rule (game records) */
	/* The positions kept from game records, by their key (dedup). */
	uint32_t *slot; /* opening index + 1, 0: free */
	int64_t nslot;
} OpeningsCtx;

/* Appends an opening whose name is at offset name of set->names, or a
 * made name (-1: "line <line>", below: "game K"). Returns 0 or -1. */
int openings_push(OpeningSet *set, int64_t name, int line, int sym, const int16_t *moves,
                  int count);

/* Why the moves cannot open a game on b (nothing played twice, no win,
 * nothing forbidden, the board not full), into msg, named name; 0 if they
 * can. b is left as it was. */
int openings_check_moves(Board *b, const char *name, const int16_t *moves, int count,
                         char *msg, size_t msglen);

/* A line that holds nothing but blanks or a comment ('#' or ';'). */
bool openings_blank(const char *s);

/* "path:line: msg how": the error of a line. Returns -1. */
int openings_fail(OpeningsCtx *c, long line, const char *msg);

/* The INI reader (openings.c), and the game records' (openings_records.c):
 * the whole file read into c->set. */
int openings_read_ini(OpeningsCtx *c);
int openings_read_psq(OpeningsCtx *c, FILE *f);
int openings_read_sgf(OpeningsCtx *c, FILE *f);

/* Checks every opening of the set read (rc: the reading's status), unless
 * checked already, and gives back its spare capacity; frees the set on an
 * error. Returns 0 or -1 with "path:line: what is wrong". */
int openings_finish(const char *path, const OpeningsSpec *spec, OpeningSet *set, int rc,
                    bool checked, char *err, size_t errlen);

/* A candidate from a game record (plies moves from line line, game k):
 * kept unless decided or the position of one kept already. Returns 0, or
 * -1 with the error in c (out of memory). */
int openings_candidate(OpeningsCtx *c, const int16_t *moves, int count, long line, long k);

#endif
