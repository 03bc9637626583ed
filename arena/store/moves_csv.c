/* moves_csv.c - moves.csv, kept in step with games.csv. */
#define _POSIX_C_SOURCE 200809L
#include "moves_csv.h"
#include "err.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coord.h"
#include "lines.h"
#include "num.h"
#include "results.h"

long moves_csv_format(char *buf, size_t buflen, int size, int job,
                      const char *const names[2], const GameRecord *rec)
{
	size_t len = 0;
	if (buflen)
		buf[0] = '\0';
	for (int i = rec->opening_plies; i < rec->plies; i++) {
		char at[COORD_TEXT_MAX], eval[16] = "", depth[8] = "", sel[8] = "",
		                         nodes[24] = "",
		                         pv[GAME_PV_KEEP * COORD_TEXT_MAX] = "";
		if (rec->eval[i] != SCORE_NONE)
			snprintf(eval, sizeof eval, "%d", (int)rec->eval[i]);
		if (rec->depth[i] != DEPTH_NONE)
			snprintf(depth, sizeof depth, "%d", rec->depth[i]);
		if (rec->seldepth[i] != DEPTH_NONE)
			snprintf(sel, sizeof sel, "%d", rec->seldepth[i]);
		if (rec->move_nodes[i] != NODES_NONE)
			snprintf(nodes, sizeof nodes, "%" PRIu64, rec->move_nodes[i]);
		size_t pl = 0;
		for (int k = 0; k < GAME_PV_KEEP && rec->pv[i][k] != POINT_NONE; k++)
			pl +=
			    (size_t)snprintf(pv + pl, sizeof pv - pl, "%s%s", k ? " " : "",
			                     coord_format(size, rec->pv[i][k], at));
		int w = snprintf(buf + len, buflen - len, "%d,%d,%s,%s,%d,%s,%s,%s,%s,%s\n",
		                 job, i + 1, names[i % 2],
		                 coord_format(size, rec->moves[i], at), (int)rec->ms[i],
		                 eval, depth, sel, nodes, pv);
		if (w < 0 || (size_t)w >= buflen - len)
			return -1;
		len += (size_t)w;
	}
	return (long)len;
}

/* A field of at most 31 bytes into a NUL-terminated copy. */
static bool field_copy(const char *s, size_t n, char out[32])
{
	if (n >= 32)
		return false;
	memcpy(out, s, n);
	out[n] = '\0';
	return true;
}

/* An optional whole number: "" gives none. */
static bool opt_int(const char *s, size_t n, long long lo, long long hi, long long none,
                    long long *v)
{
	char t[32];
	if (!field_copy(s, n, t))
		return false;
	if (!*t) {
		*v = none;
		return true;
	}
	return num_whole(t, lo, hi, v) == 0;
}

int moves_csv_parse(char *line, int size, MoveRow *out, char *msg, size_t msglen)
{
	enum { NF = 10 };
	const char *f[NF];
	size_t n[NF];
	const char *s = line;
	for (int i = 0; i < NF; i++) {
		f[i] = s;
		n[i] = strcspn(s, ",");
		if (i < NF - 1 && !s[n[i]])
			return err_set(msg, msglen,
			               "expected the 10 fields of %s, found %d",
			               MOVES_CSV_HEADER, i + 1);
		s += n[i] + (i < NF - 1);
	}
	if (*s)
		return err_set(msg, msglen, "more than the 10 fields of %s",
		               MOVES_CSV_HEADER);
	long long v[6];
	char t[32];
	if (!opt_int(f[0], n[0], 0, 2000000000, -1, &v[0]) || v[0] < 0 ||
	    !opt_int(f[1], n[1], 1, BOARD_MAX_MOVES, -1, &v[1]) || v[1] < 0)
		return err_set(msg, msglen,
		               "job and ply must be whole numbers (ply 1 to %d)",
		               BOARD_MAX_MOVES);
	if (n[2] == 0 || n[2] >= 64)
		return err_set(msg, msglen, "the player must be 1 to 63 bytes");
	char why[ERR_MAX];
	if (!field_copy(f[3], n[3], t) ||
	    coord_parse(size, t, &out->move, why, sizeof why) < 0)
		return err_set(msg, msglen, "move '%.*s' is no point of the %dx%d board",
		               (int)(n[3] < 24 ? n[3] : 24), f[3], size, size);
	if (!opt_int(f[4], n[4], 0, INT32_MAX, -1, &v[2]) ||
	    !opt_int(f[5], n[5], -SCORE_WIN, SCORE_WIN, SCORE_NONE, &v[3]) ||
	    !opt_int(f[6], n[6], 0, INT16_MAX, -1, &v[4]) ||
	    !opt_int(f[7], n[7], 0, INT16_MAX, -1, &v[5]))
		return err_set(msg, msglen,
		               "ms, eval, depth and seldepth must be whole numbers "
		               "or empty");
	uint64_t nodes = NODES_NONE;
	if (n[8]) {
		if (!field_copy(f[8], n[8], t) || num_u64(t, UINT64_MAX - 1, &nodes) < 0)
			return err_set(msg, msglen, "nodes '%.*s' is not a count",
			               (int)(n[8] < 24 ? n[8] : 24), f[8]);
	}
	out->job = (int)v[0];
	out->ply = (int)v[1];
	out->ms = (int)v[2];
	out->eval = (int)v[3];
	out->depth = (int)v[4];
	out->seldepth = (int)v[5];
	out->nodes = nodes;
	out->player = f[2];
	out->player_len = (int)n[2];
	out->pv = f[9];
	return 0;
}

struct MovesCsvReader {
	FILE *f;
	Lines lr;
	int size;
	bool done; /* a torn header: no rows */
	char path[4200];
};

MovesCsvReader *moves_csv_open(const char *path, int size, char *err, size_t errlen)
{
	MovesCsvReader *m = calloc(1, sizeof *m);
	if (!m) {
		err_set(err, errlen, "out of memory");
		return NULL;
	}
	if (!(m->f = fopen(path, "re"))) {
		err_set(err, errlen, "%s: cannot open: %s", path, strerror(errno));
		free(m);
		return NULL;
	}
	lines_init(&m->lr, m->f, RESULTS_LINE_MAX);
	m->size = size;
	snprintf(m->path, sizeof m->path, "%s", path);
	char *line;
	size_t len;
	LinesStatus st = lines_next(&m->lr, &line, &len);
	if (st == LINES_OK && m->lr.last_open)
		m->done = true; /* killed while writing it: no rows yet */
	else if (st == LINES_OK && strcmp(line, MOVES_CSV_HEADER) != 0) {
		err_set(err, errlen, "%s:1: not a moves file (expected the header %s)",
		        path, MOVES_CSV_HEADER);
		moves_csv_close(m);
		return NULL;
	}
	if (st != LINES_OK && st != LINES_END) {
		char msg[ERR_MAX];
		lines_error(&m->lr, st, msg, sizeof msg);
		err_set(err, errlen, "%s:%ld: %s", path, m->lr.line, msg);
		moves_csv_close(m);
		return NULL;
	}
	return m;
}

int moves_csv_next(MovesCsvReader *m, MoveRow *row, char *err, size_t errlen)
{
	char *line, msg[512];
	size_t len;
	LinesStatus st;
	if (m->done)
		return 0;
	while ((st = lines_next(&m->lr, &line, &len)) == LINES_OK) {
		if (m->lr.last_open)
			return 0; /* killed while appending it: that game is played again */
		if (len == 0)
			continue;
		if (moves_csv_parse(line, m->size, row, msg, sizeof msg) < 0)
			return err_set(err, errlen, "%s:%ld: %s", m->path, m->lr.line, msg);
		return 1;
	}
	if (st != LINES_END) {
		lines_error(&m->lr, st, msg, sizeof msg);
		return err_set(err, errlen, "%s:%ld: %s", m->path, m->lr.line, msg);
	}
	return 0;
}

void moves_csv_close(MovesCsvReader *m)
{
	if (!m)
		return;
	lines_free(&m->lr);
	fclose(m->f);
	free(m);
}

int moves_csv_scan(const char *path, int size, MovesCsvRowFn fn, void *user, char *err,
                   size_t errlen)
{
	MovesCsvReader *m = moves_csv_open(path, size, err, errlen);
	if (!m)
		return -1;
	MoveRow row;
	char msg[ERR_MAX];
	int rc;
	while ((rc = moves_csv_next(m, &row, err, errlen)) > 0) {
		if (fn && fn(user, &row, msg, sizeof msg) < 0) {
			err_set(err, errlen, "%s:%ld: %s", path, m->lr.line, msg);
			rc = -1;
			break;
		}
	}
	moves_csv_close(m);
	return rc < 0 ? -1 : 0;
}

typedef struct {
	const bool *done;
	int njobs;
} Played;

/* A row of a played game sorts by (job, ply); a row of a game not (or no
 * longer) in games.csv goes. Only job and ply are read: the board's size
 * is no business of the rewrite. */
static long played_key(void *user, const char *line, char *msg, size_t msglen)
{
	const Played *p = user;
	long long job, ply;
	const char *s = line;
	if (num_scan(&s, &job) < 0 || *s++ != ',' || num_scan(&s, &ply) < 0 || *s != ',' ||
	    job < 0 || job > 2000000000 || ply < 1 || ply > BOARD_MAX_MOVES) {
		snprintf(msg, msglen, "not a row of %s", MOVES_CSV_HEADER);
		return -2;
	}
	if (job >= p->njobs || !p->done[job])
		return -1;
	return (long)(job * (BOARD_MAX_MOVES + 1) + ply);
}

int moves_csv_settle(const char *path, const bool *done, int njobs, bool lazy, char *err,
                     size_t errlen)
{
	Played p = {done, njobs};
	return results_rewrite(path, MOVES_CSV_HEADER, played_key, &p, true, lazy, err,
	                       errlen);
}
