/* report_moves.c - moves.csv's time, eval and depth of the page's games,
 * packed for the board viewer (report_moves.h). */
#define _POSIX_C_SOURCE 200809L
#include "report_moves.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "err.h"
#include "html.h"
#include "moves_csv.h"
#include "player.h"

typedef struct {
	int job;
	long game;
} JobAt;

typedef struct {
	long ng;      /* games that may carry values */
	long *first;  /* by game: its first move's slot; first[ng] all slots */
	JobAt *by;    /* the ng games by job */
	int *ms, *ev; /* by slot: -1, SCORE_NONE if not known */
	int16_t *dp;  /* -1 if not known */
	bool *has;    /* by game: a row read */
} Info;

static int by_job(const void *a, const void *b)
{
	int x = ((const JobAt *)a)->job, y = ((const JobAt *)b)->job;
	return (x > y) - (x < y);
}

static void info_free(Info *in)
{
	free(in->first), free(in->by), free(in->ms), free(in->ev), free(in->dp);
	free(in->has);
}

/* The slots of the first games whose moves fit REPORT_MOVES_MAX. */
static int info_init(Info *in, const int *job, const int *nmoves, long ng)
{
	long slots = 0, n = 0;
	while (n < ng && slots + nmoves[n] <= REPORT_MOVES_MAX)
		slots += nmoves[n++];
	in->ng = n;
	in->first = malloc(sizeof *in->first * (size_t)(n + 1));
	in->by = malloc(sizeof *in->by * (size_t)(n + 1));
	in->has = calloc((size_t)n + 1, sizeof *in->has);
	in->ms = malloc(sizeof *in->ms * (size_t)(slots + 1));
	in->ev = malloc(sizeof *in->ev * (size_t)(slots + 1));
	in->dp = malloc(sizeof *in->dp * (size_t)(slots + 1));
	if (!in->first || !in->by || !in->has || !in->ms || !in->ev || !in->dp)
		return -1;
	in->first[0] = 0;
	for (long i = 0; i < n; i++) {
		in->first[i + 1] = in->first[i] + nmoves[i];
		in->by[i] = (JobAt){job[i], i};
	}
	for (long s = 0; s < slots; s++)
		in->ms[s] = -1, in->ev[s] = SCORE_NONE, in->dp[s] = -1;
	qsort(in->by, (size_t)n, sizeof *in->by, by_job);
	return 0;
}

/* Reads path's rows into in; false (with why) when the file does not
 * read, which leaves every value out. */
static bool info_read(Info *in, const char *path, int size, char *why, size_t len)
{
	MovesCsvReader *m = moves_csv_open(path, size, why, len);
	if (!m)
		return false;
	MoveRow row;
	int rc;
	while ((rc = moves_csv_next(m, &row, why, len)) == 1) {
		JobAt key = {row.job, 0},
		      *at = bsearch(&key, in->by, (size_t)in->ng, sizeof *in->by, by_job);
		if (!at || row.ply > in->first[at->game + 1] - in->first[at->game])
			continue; /* a game the page does not show, or past its moves */
		long s = in->first[at->game] + row.ply - 1;
		in->ms[s] = row.ms;
		in->ev[s] = row.eval;
		in->dp[s] = (int16_t)row.depth;
		in->has[at->game] = true;
	}
	moves_csv_close(m);
	return rc == 0;
}

/* u as base64 VLQ. */
static void vlq(FILE *f, uint64_t u)
{
	static const char b64[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	for (; u >= 32; u >>= 5)
		fputc(b64[32 | (u & 31)], f);
	fputc(b64[u], f);
}

static void info_write(FILE *f, const Info *in, long ng)
{
	fputs(",\"info\":{\"games\":[", f);
	long last = 0, k = 0;
	for (long i = 0; i < in->ng; i++)
		if (in->has[i]) {
			fprintf(f, k++ ? ",%ld" : "%ld", i - last);
			last = i;
		}
	fputs("],\"v\":[", f);
	k = 0;
	for (long i = 0; i < in->ng; i++) {
		if (!in->has[i])
			continue;
		fputs(k++ ? ",\"" : "\"", f);
		for (long s = in->first[i]; s < in->first[i + 1]; s++) {
			int64_t e = in->ev[s];
			vlq(f, (uint64_t)in->ms[s] + 1);
			vlq(f,
			    e == SCORE_NONE
			        ? 0
			        : (e < 0 ? (uint64_t)(-e) * 2 - 1 : (uint64_t)e * 2) + 1);
			vlq(f, (uint64_t)(in->dp[s] + 1));
		}
		fputc('"', f);
	}
	fprintf(f, "],\"proven\":%d,\"win\":%d", SCORE_WIN - BOARD_MAX_MOVES, SCORE_WIN);
	if (in->ng < ng)
		fprintf(f, ",\"cut\":%ld", in->ng);
	fputc('}', f);
}

int report_moves_json(FILE *f, const char *path, int size, const int *job,
                      const int *nmoves, long ng, char *err, size_t errlen)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return 0; /* an old run, or another tool's games: no values */
	Info in = {0};
	if (info_init(&in, job, nmoves, ng) < 0) {
		info_free(&in);
		return err_set(err, errlen, "out of memory");
	}
	char why[ERR_MAX];
	if (!info_read(&in, path, size, why, sizeof why)) {
		/* By the file's name: no path is written into the page. */
		size_t n = strlen(path);
		bool named = strncmp(why, path, n) == 0;
		char note[ERR_MAX];
		snprintf(note, sizeof note, "moves.csv%s%.1000s", named ? "" : ": ",
		         named ? why + n : why);
		fputs(",\"info\":{\"games\":[],\"v\":[],\"note\":", f);
		html_json_string(f, note);
		fputc('}', f);
	} else {
		bool any = false;
		for (long i = 0; i < in.ng && !any; i++)
			any = in.has[i];
		if (any)
			info_write(f, &in, ng);
	}
	info_free(&in);
	return 0;
}
