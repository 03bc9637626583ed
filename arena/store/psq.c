/* psq.c - a run's .psq records: written lazily, repaired on resume. */
#define _POSIX_C_SOURCE 200809L
#include "psq.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "outfile.h"
#include "record.h"
#include "results.h"

int psq_write(const char *path, int size, const char *black, const char *white,
              const int16_t *moves, const int32_t *ms, int plies, const char *result,
              const char *reason, char *err, size_t errlen)
{
	static _Thread_local Record pr; /* 6 KB: not on a worker's stack */
	record_init(&pr, size);
	pr.count = plies;
	memcpy(pr.moves, moves, sizeof moves[0] * (size_t)plies);
	if (ms)
		memcpy(pr.ms, ms, sizeof ms[0] * (size_t)plies);
	snprintf(pr.trailer, sizeof pr.trailer, "%s\n%s\n%s %s\n", black, white, result,
	         reason);
	OutFile o;
	FILE *f = outfile_open(&o, path, err, errlen);
	if (!f)
		return -1;
	o.lazy = true;
	if (record_write_psq(f, &pr) < 0) {
		int e = errno ? errno : EIO;
		snprintf(err, errlen, "%s: cannot write: %s", path, strerror(e));
		outfile_abort(&o);
		errno = e;
		return -1;
	}
	return outfile_commit(&o, err, errlen);
}

typedef struct {
	const char *dir;
	int size, repaired;
} Repair;

static int repair_row(void *user, const ResultRow *row, const char *moves, char *msg,
                      size_t msglen)
{
	Repair *rp = user;
	char path[OUTFILE_PATH_MAX];
	snprintf(path, sizeof path, "%s/games/%06d.psq", rp->dir, row->job);
	struct stat st;
	if (stat(path, &st) == 0 && st.st_size > 0)
		return 0;
	int16_t pts[BOARD_MAX_MOVES];
	int n = record_parse_moves(rp->size, moves, pts, BOARD_MAX_MOVES, msg, msglen);
	if (n < 0)
		return -1;
	const char *result = row->score == 1 ? "1-0" : row->score == 0 ? "0-1" : "1/2-1/2";
	if (psq_write(path, rp->size, row->black, row->white, pts, NULL, n, result,
	              row->reason, msg, msglen) < 0)
		return -1;
	rp->repaired++;
	return 0;
}

int psq_repair(const char *dir, const char *csv, int size, int *repaired, char *err,
               size_t errlen)
{
	Repair rp = {dir, size, 0};
	long torn;
	int rc = results_scan(csv, repair_row, &rp, &torn, err, errlen);
	*repaired = rp.repaired;
	return rc;
}
