/* psq_read.c - a game from a Piskvork .psq record (records.h).
 *
 * The moves are read by record.h. The players and the result, in order:
 *   - our trailer (psq.c): black's name, white's name, "RESULT REASON";
 *   - Piskvork's own trailer: the first two lines that are not numbers
 *     (the engines, often as file names: a folder and an extension such as
 *     .exe or .zip are dropped), the result from the board: the last
 *     stone made five (five or more in a row), the mover won; the board
 *     is full, a draw; else the game is unfinished, counted and skipped;
 *   - no names in the trailer: the file's name, "BLACK_vs_WHITE.psq" (or
 *     " vs "), with the result from the board as above;
 *   - none of these: an error, but for records_find (arena show), which
 *     hands the game over with "?" for both players. */
#define _POSIX_C_SOURCE 200809L
#include "err.h"
#include "records_impl.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "pattern.h"
#include "record.h"
#include "rules.h"

typedef struct {
	Record rec;
	Board board;
} Psq;

/* name without a folder and a short extension. */
static void engine_name(char *name)
{
	char *slash = strrchr(name, '/'), *back = strrchr(name, '\\');
	char *base = back > slash ? back + 1 : slash ? slash + 1 : name;
	memmove(name, base, strlen(base) + 1);
	char *dot = strrchr(name, '.');
	if (dot && dot > name && strlen(dot) <= 4)
		*dot = '\0';
}

static bool numeric(const char *s)
{
	if (*s == '-' || *s == '+')
		s++;
	if (!*s)
		return false;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s) && *s != ',')
			return false;
	return true;
}

/* Names and result from our trailer, else names from Piskvork's: 1 if a
 * result was read, 0 if names only, -1 if neither. */
static int from_trailer(const Record *r, RecordGame *g)
{
	char lines[4][128];
	int n = 0;
	for (const char *s = r->trailer; *s && n < 4;) {
		size_t len = strcspn(s, "\n");
		snprintf(lines[n], sizeof lines[n], "%.*s", (int)(len < 127 ? len : 127),
		         s);
		if (lines[n][0] && !numeric(lines[n]))
			n++;
		s += len + (s[len] == '\n');
	}
	if (n >= 3) {
		char res[16], reason[24];
		if (sscanf(lines[2], "%15s %23s", res, reason) == 2 &&
		    (!strcmp(res, "1-0") || !strcmp(res, "0-1") ||
		     !strcmp(res, "1/2-1/2")) &&
		    records_name(g->black, lines[0]) == 0 &&
		    records_name(g->white, lines[1]) == 0) {
			g->score = res[0] == '1' && res[1] == '-' ? 1
			           : res[0] == '0'                ? 0
			                                          : 0.5;
			snprintf(g->reason, sizeof g->reason, "%s", reason);
			return 1;
		}
	}
	if (n < 2)
		return -1;
	engine_name(lines[0]), engine_name(lines[1]);
	return records_name(g->black, lines[0]) == 0 &&
	               records_name(g->white, lines[1]) == 0
	           ? 0
	           : -1;
}

/* "A_vs_B.psq" or "A vs B.psq": 0, else -1. */
static int from_file_name(const char *path, RecordGame *g)
{
	const char *slash = strrchr(path, '/');
	char base[256];
	snprintf(base, sizeof base, "%s", slash ? slash + 1 : path);
	size_t len = strlen(base);
	if (len > 4 && strcmp(base + len - 4, ".psq") == 0)
		base[len - 4] = '\0';
	char *vs = strstr(base, "_vs_");
	if (!vs)
		vs = strstr(base, " vs ");
	if (!vs)
		return -1;
	*vs = '\0';
	return records_name(g->black, base) == 0 && records_name(g->white, vs + 4) == 0
	           ? 0
	           : -1;
}

/* The result from the board: 1 decided (score and reason set), 0 not. */
static int from_board(Psq *q, RecordGame *g)
{
	const Record *r = &q->rec;
	if (r->count == 0 || board_init(&q->board, r->size, RULE_FREESTYLE) < 0)
		return 0;
	for (int i = 0; i + 1 < r->count; i++)
		board_play(&q->board, r->moves[i]);
	int last = r->moves[r->count - 1], mover = (r->count - 1) % 2;
	if (board_threat(&q->board, last, (Color)mover) == THREAT_FIVE) {
		g->score = mover == 0 ? 1 : 0;
		snprintf(g->reason, sizeof g->reason, "%s", "five");
		return 1;
	}
	if (r->count == r->size * r->size) {
		g->score = 0.5;
		snprintf(g->reason, sizeof g->reason, "%s", "full_board");
		return 1;
	}
	return 0;
}

int psq_read(RecordsFile *rf, FILE *f, char *err, size_t errlen)
{
	Psq *q = malloc(sizeof *q);
	if (!q)
		return err_set(err, errlen, "out of memory");
	int rc = 0;
	if (record_read_psq(f, rf->path, &q->rec, err, errlen) < 0) {
		free(q);
		return ERR_INPUT;
	}
	const Record *r = &q->rec;
	RecordGame g = {.line = 1,
	                .format = RECORDS_PSQ,
	                .pair = -1,
	                .ms = {0, 0},
	                .size = r->size,
	                .nmoves = r->count,
	                .plies = r->count,
	                .points = r->moves};
	for (int i = 0; i < r->count; i++)
		g.ms[i % 2] += r->ms[i] < INT32_MAX - g.ms[i % 2] ? r->ms[i] : 0;
	rf->number++;
	g.job = rf->number;
	int t = from_trailer(r, &g);
	if (t < 0 && rf->finding && from_file_name(rf->path, &g) < 0) {
		/* records_find (arena show) replays a record of unknown players */
		records_name(g.black, "?"), records_name(g.white, "?");
		t = 0;
	}
	if (t < 0 && from_file_name(rf->path, &g) < 0) {
		rc = err_input(err, errlen,
		               "%s:1: no players: neither names after the moves nor a file "
		               "name BLACK_vs_WHITE.psq",
		               rf->path);
	} else {
		char msg[ERR_MAX];
		bool unfinished = t < 1 && !from_board(q, &g);
		if ((unfinished ? records_unfinished(rf, &g, msg, sizeof msg)
		                : records_emit(rf, &g, msg, sizeof msg)) < 0)
			rc = err_input(err, errlen, "%s:1: %s", rf->path, msg);
	}
	free(q);
	return rc;
}
