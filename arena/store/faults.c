/* faults.c - faults.csv, kept in step with games.csv. */
#define _POSIX_C_SOURCE 200809L
#include "faults.h"
#include "err.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lines.h"
#include "num.h"
#include "results.h"

void faults_format(char *buf, size_t len, int job, const char *const names[2],
                   const GameRecord *rec)
{
	buf[0] = '\0';
	int c = rec->fault_color;
	if (c != BLACK && c != WHITE)
		return;
	snprintf(buf, len, "%d,%s,%s,%s,%s\n", job, names[c],
	         c == BLACK ? "black" : "white", game_end_name(rec->reason),
	         rec->fault_detail);
}

/* The reasons a game is lost by its loser's own fault. */
static bool is_fault(EndReason r)
{
	return r == END_CRASH || r == END_TIMEOUT || r == END_PROTOCOL ||
	       r == END_ILLEGAL || r == END_MEMORY;
}

int faults_parse(const char *line, FaultLine *out, char *msg, size_t msglen)
{
	const char *f[4];
	size_t n[4];
	const char *s = line;
	for (int i = 0; i < 4; i++) {
		f[i] = s;
		n[i] = strcspn(s, ",");
		if (!s[n[i]]) {
			snprintf(msg, msglen,
			         "expected job,player,color,reason,detail, found %d fields",
			         i + 1);
			return -1;
		}
		s += n[i] + 1;
	}
	char job[16] = "";
	long long j;
	if (n[0] < sizeof job) {
		memcpy(job, f[0], n[0]);
		job[n[0]] = '\0';
	}
	if (*job < '0' || *job > '9' || num_whole(job, 0, 2000000000, &j) < 0) {
		snprintf(msg, msglen,
		         "the job '%.*s' is not a whole number from 0 to 2000000000",
		         (int)(n[0] < 32 ? n[0] : 32), f[0]);
		return -1;
	}
	if (n[1] < 1 || n[1] > 63) {
		return err_set(msg, msglen, "the player's name is not 1 to 63 characters");
	}
	int color = n[2] == 5 && !strncmp(f[2], "black", 5)   ? BLACK
	            : n[2] == 5 && !strncmp(f[2], "white", 5) ? WHITE
	                                                      : -1;
	if (color < 0) {
		return err_set(msg, msglen, "the colour '%.*s' is not black or white",
		               (int)(n[2] < 32 ? n[2] : 32), f[2]);
	}
	int reason = END_COUNT;
	for (int r = 0; r < END_COUNT; r++)
		if (is_fault((EndReason)r) && strlen(game_end_name((EndReason)r)) == n[3] &&
		    !strncmp(f[3], game_end_name((EndReason)r), n[3]))
			reason = r;
	if (reason == END_COUNT) {
		snprintf(msg, msglen,
		         "the reason '%.*s' is not crash, timeout, protocol, illegal or "
		         "memory",
		         (int)(n[3] < 32 ? n[3] : 32), f[3]);
		return -1;
	}
	*out = (FaultLine){.job = (int)j,
	                   .color = color,
	                   .reason = (EndReason)reason,
	                   .player = f[1],
	                   .player_len = (int)n[1],
	                   .detail = s};
	return 0;
}

int faults_scan(const char *path, bool resume, FaultsLineFn fn, void *user, char *err,
                size_t errlen)
{
	FILE *f = fopen(path, "re");
	if (!f) {
		return err_set(err, errlen, "%s: cannot open: %s", path, strerror(errno));
	}
	Lines lr;
	lines_init(&lr, f, RESULTS_LINE_MAX);
	char *line, msg[512];
	size_t len;
	LinesStatus st;
	int rc = 0;
	long blank = 0;
	while ((st = lines_next(&lr, &line, &len)) == LINES_OK) {
		if (lr.last_open && resume)
			break; /* killed while appending it: that game is played again */
		FaultLine fl;
		if (lr.line == 1) {
			if (strcmp(line, FAULTS_HEADER) != 0) {
				snprintf(msg, sizeof msg,
				         "not a faults file (expected the header %s)",
				         FAULTS_HEADER);
				rc = -1;
			}
		} else if (len == 0) { /* blank lines are allowed at the end only */
			if (!blank)
				blank = lr.line;
			continue;
		} else if (blank) {
			snprintf(msg, sizeof msg, "a fault after the blank line %ld",
			         blank);
			rc = -1;
		} else if (faults_parse(line, &fl, msg, sizeof msg) < 0) {
			if (lr.last_open)
				snprintf(msg + strlen(msg), sizeof msg - strlen(msg),
				         " (the last line, without its newline: a run "
				         "killed while writing it? arena run resumes it)");
			rc = -1;
		} else if (fn && fn(user, &fl, msg, sizeof msg) < 0) {
			rc = -1;
		}
		if (rc < 0) {
			snprintf(err, errlen, "%s:%ld: %s", path, lr.line, msg);
			break;
		}
	}
	if (rc == 0 && st != LINES_OK && st != LINES_END) {
		lines_error(&lr, st, msg, sizeof msg);
		snprintf(err, errlen, "%s:%ld: %s", path, lr.line, msg);
		rc = -1;
	}
	lines_free(&lr);
	fclose(f);
	return rc;
}

typedef struct {
	const bool *done;
	int njobs;
} Played;

/* A fault of a played game sorts by (job, colour); a fault of a game not
 * (or no longer) in games.csv goes; a line that does not parse is an
 * error. */
static long played_key(void *user, const char *line, char *msg, size_t msglen)
{
	const Played *p = user;
	FaultLine fl;
	if (faults_parse(line, &fl, msg, msglen) < 0)
		return -2;
	if (fl.job >= p->njobs || !p->done[fl.job])
		return -1;
	return 2L * fl.job + fl.color;
}

int faults_settle(const char *path, const bool *done, int njobs, bool lazy, char *err,
                  size_t errlen)
{
	Played p = {done, njobs};
	return results_rewrite(path, FAULTS_HEADER, played_key, &p, true, lazy, err,
	                       errlen);
}

typedef struct {
	int job;
	char *buf;
	size_t len;
	int found;
} Find;

static int find_job(void *user, const FaultLine *fl, char *msg, size_t msglen)
{
	Find *w = user;
	(void)msg, (void)msglen;
	if (w->found || fl->job != w->job)
		return 0;
	snprintf(w->buf, w->len, "%d,%.*s,%s,%s,%s", fl->job, fl->player_len, fl->player,
	         fl->color == BLACK ? "black" : "white", game_end_name(fl->reason),
	         fl->detail);
	w->found = 1;
	return 0;
}

int faults_find(const char *path, int job, char *buf, size_t len, char *err, size_t errlen)
{
	buf[0] = '\0';
	if (access(path, F_OK) != 0 && errno == ENOENT)
		return 0; /* no faults.csv (a games.csv of another tool): no fault */
	Find w = {job, buf, len, 0};
	if (faults_scan(path, false, find_job, &w, err, errlen) < 0) {
		buf[0] = '\0';
		return -1;
	}
	return w.found;
}
