/* results.c - writing and reading games.csv. */
#define _POSIX_C_SOURCE 200809L
#include "results.h"
#include "err.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "crashpoint.h"
#include "lines.h"
#include "num.h"
#include "outfile.h"
#include "record.h"

int results_format(char *buf, size_t buflen, int size, int job, int pair, int round,
                   const char *opening, const char *black, const char *white,
                   const GameRecord *rec)
{
	char moves[BOARD_MAX_MOVES * 5];
	record_format_moves(size, rec->moves, rec->plies, moves, sizeof moves);
	int w = snprintf(
	    buf, buflen, "%d,%d,%d,%s,%s,%s,%s,%s,%d,%s,%.0f,%.0f,%llu,%llu\n", job, pair,
	    round, opening, black, white, game_outcome_text(rec->outcome),
	    game_end_name(rec->reason), rec->plies, moves, rec->time_ms[0], rec->time_ms[1],
	    (unsigned long long)rec->nodes[0], (unsigned long long)rec->nodes[1]);
	return w < 0 || (size_t)w >= buflen ? -1 : 0;
}

void results_free(ResultSet *set)
{
	free(set->rows);
	*set = (ResultSet){0, 0, NULL};
}

/* Splits line at commas into at most max fields; returns the count. */
static int split(char *line, char **field, int max)
{
	int n = 0;
	for (char *s = line;; s++) {
		if (n < max)
			field[n] = s;
		n++;
		s = strchr(s, ',');
		if (!s)
			break;
		*s = '\0';
	}
	return n;
}

/* A count or an id: plain digits, 0 to 2e9. */
static int to_int(const char *s, int *out)
{
	long long v;
	if (num_whole(s, 0, 2000000000, &v) < 0 || *s == '+' || *s == '-')
		return -1;
	*out = (int)v;
	return 0;
}

/* dst = src, which fits (checked): snprintf's result, without parsing a
 * format for every field of every game. */
static void copy(char *dst, const char *src)
{
	size_t n = strlen(src);
	memcpy(dst, src, n + 1);
}

/* One line; *moves points at its moves column, inside line. */
static int parse_row(char *line, ResultRow *r, const char **moves, char *msg, size_t msglen)
{
	char *f[14];
	int n = split(line, f, 14);
	if (n != 14) {
		return err_set(msg, msglen, "expected 14 fields, found %d", n);
	}
	if (to_int(f[0], &r->job) < 0 || to_int(f[1], &r->pair) < 0 ||
	    to_int(f[2], &r->round) < 0 || to_int(f[8], &r->plies) < 0) {
		snprintf(msg, msglen,
		         "job, pair, round and plies must be whole numbers from 0 to "
		         "2000000000");
		return -1;
	}
	if (strcmp(f[6], "1-0") == 0)
		r->score = 1;
	else if (strcmp(f[6], "0-1") == 0)
		r->score = 0;
	else if (strcmp(f[6], "1/2-1/2") == 0)
		r->score = 0.5;
	else {
		return err_set(msg, msglen, "result '%.16s' is not 1-0, 0-1 or 1/2-1/2",
		               f[6]);
	}
	if (!*f[4] || !*f[5] || strlen(f[4]) >= sizeof r->black ||
	    strlen(f[5]) >= sizeof r->white || strlen(f[3]) >= sizeof r->opening ||
	    strcmp(f[4], f[5]) == 0) {
		snprintf(msg, msglen,
		         "bad player or opening names (1 to %zu characters, the players "
		         "different)",
		         sizeof r->black - 1);
		return -1;
	}
	if (!*f[7] || strlen(f[7]) >= sizeof r->reason) {
		return err_set(msg, msglen, "reason '%.32s' is not 1 to %zu characters",
		               f[7], sizeof r->reason - 1);
	}
	copy(r->opening, f[3]);
	copy(r->black, f[4]);
	copy(r->white, f[5]);
	copy(r->reason, f[7]);
	/* Times are a record, not an input of the ratings: a file from
	 * another tool may leave them out. */
	for (int c = 0; c < 2; c++)
		if (to_int(f[10 + c], &r->ms[c]) < 0)
			r->ms[c] = -1;
	*moves = f[9];
	return 0;
}

/* The header names our 14 columns, in order, and no more. Extra columns
 * are refused rather than skipped: a resumed run appends lines of 14 fields
 * and sorts the file under its own header, which would leave them without
 * their column. Returns 0, or -1 with the column that is wrong. */
static int check_header(const char *line, char *msg, size_t msglen)
{
	if (strcmp(line, RESULTS_HEADER) == 0)
		return 0;
	const char *want = RESULTS_HEADER, *got = line;
	for (int col = 1;; col++) {
		size_t nw = strcspn(want, ","), ng = strcspn(got, ",");
		if (!*want) {
			snprintf(msg, msglen,
			         "unexpected column %d '%.*s' after the 14 of a games file "
			         "(cut -d, -f1-14 keeps those)",
			         col, (int)(ng < 64 ? ng : 64), got);
			return -1;
		}
		if (nw != ng || strncmp(want, got, nw) != 0) {
			if (col == 1)
				break; /* another kind of file */
			if (!*got) {
				snprintf(
				    msg, msglen,
				    "the header has %d columns of the 14 (expected %s)",
				    col - 1, RESULTS_HEADER);
				return -1;
			}
			snprintf(
			    msg, msglen,
			    "column %d is '%.*s' where a games file has '%.*s' (expected "
			    "the header %s)",
			    col, (int)(ng < 64 ? ng : 64), got, (int)nw, want,
			    RESULTS_HEADER);
			return -1;
		}
		want += nw + (want[nw] == ',');
		got += ng + (got[ng] == ',');
	}
	return err_set(msg, msglen, "not a games file (expected the header %s)",
	               RESULTS_HEADER);
}

int results_scan(const char *path, ResultsRowFn fn, void *user, long *torn_at, char *err,
                 size_t errlen)
{
	if (torn_at)
		*torn_at = -1;
	FILE *f = fopen(path, "re");
	if (!f) {
		return err_set(err, errlen, "%s: cannot open: %s", path, strerror(errno));
	}
	Lines lr;
	lines_init(&lr, f, RESULTS_LINE_MAX);
	char *line;
	size_t len;
	LinesStatus st;
	int rc = 0;
	long blank = 0;
	char msg[ERR_MAX];
	while ((st = lines_next(&lr, &line, &len)) == LINES_OK) {
		long lineno = lr.line;
		if (lr.last_open && torn_at) {
			/* Killed mid-write: the game is not done. A torn header is
			 * a folder killed as it was made: no games yet. */
			if (lineno > 1 || strncmp(line, RESULTS_HEADER, len) == 0) {
				*torn_at = (long)lr.offset;
				break;
			}
		}
		if (lineno == 1) {
			if (check_header(line, msg, sizeof msg) < 0) {
				snprintf(err, errlen, "%s:1: %s", path, msg);
				rc = -1;
				break;
			}
			continue;
		}
		if (len == 0) { /* blank lines are allowed at the end only */
			if (!blank)
				blank = lineno;
			continue;
		}
		ResultRow row;
		const char *moves = NULL;
		if (blank) {
			snprintf(msg, sizeof msg, "a game after the blank line %ld", blank);
			rc = -1;
		} else if (parse_row(line, &row, &moves, msg, sizeof msg) < 0) {
			if (lr.last_open) /* say why a line may be cut short */
				snprintf(msg + strlen(msg), sizeof msg - strlen(msg),
				         " (the last line, without its newline: a run "
				         "killed while writing it? arena run resumes it)");
			rc = -1;
		} else if ((row.line = lineno,
		            fn(user, &row, moves, msg, sizeof msg) < 0)) {
			rc = -1;
		}
		if (rc < 0) {
			snprintf(err, errlen, "%s:%ld: %s", path, lineno, msg);
			break;
		}
	}
	if (rc == 0 && st != LINES_OK && st != LINES_END) {
		lines_error(&lr, st, msg, sizeof msg);
		snprintf(err, errlen, "%s:%ld: %s", path, lr.line, msg);
		rc = -1;
	}
	/* An empty file is a folder killed as it was made, like a torn header;
	 * a file no run resumes must at least hold the header (a header alone
	 * is a valid file of no games). */
	if (rc == 0 && lr.line == 0 && torn_at)
		*torn_at = 0;
	else if (rc == 0 && lr.line == 0) {
		snprintf(err, errlen,
		         "%s:1: empty file (a games file begins with its header)", path);
		rc = -1;
	}
	lines_free(&lr);
	fclose(f);
	return rc;
}

static int append_row(void *user, const ResultRow *row, const char *moves, char *msg,
                      size_t msglen)
{
	ResultSet *set = user;
	(void)moves;
	if (set->count == set->cap) {
		int ncap = set->cap ? 2 * set->cap : 256;
		ResultRow *rows = realloc(set->rows, sizeof *rows * (size_t)ncap);
		if (!rows) {
			return err_set(msg, msglen, "out of memory");
		}
		set->rows = rows;
		set->cap = ncap;
	}
	set->rows[set->count++] = *row;
	return 0;
}

int results_read(const char *path, ResultSet *set, long *torn_at, char *err, size_t errlen)
{
	*set = (ResultSet){0, 0, NULL};
	int rc = results_scan(path, append_row, set, torn_at, err, errlen);
	if (rc < 0)
		results_free(set);
	return rc;
}

int results_open(ResultsFile *rf, const char *path, long torn_at, char *err, size_t errlen)
{
	*rf = (ResultsFile){.fd = -1};
	/* No file, an empty one or a torn header: the header, written whole. */
	if ((torn_at == 0 || access(path, F_OK) != 0) &&
	    outfile_write(path, RESULTS_HEADER "\n", strlen(RESULTS_HEADER "\n"), true, err,
	                  errlen) < 0)
		return -1;
	if (torn_at > 0 && truncate(path, torn_at) < 0) {
		return err_set(err, errlen, "%s: cannot cut the unfinished last line: %s",
		               path, strerror(errno));
	}
	crashpoint("kill/games.csv/after-header");
	return results_open_append(rf, path, err, errlen);
}

int results_open_append(ResultsFile *rf, const char *path, char *err, size_t errlen)
{
	*rf = (ResultsFile){.fd = -1};
	rf->fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
	struct stat st;
	if (rf->fd < 0 || fstat(rf->fd, &st) < 0) {
		snprintf(err, errlen, "%s: cannot open for writing: %s", path,
		         strerror(errno));
		results_close(rf);
		return -1;
	}
	rf->size = st.st_size;
	const char *base = strrchr(path, '/');
	snprintf(rf->name, sizeof rf->name, "%s", base ? base + 1 : path);
	return 0;
}

/* All of buf, or -1 with errno. */
static int write_all(int fd, const char *buf, size_t len)
{
	while (len > 0) {
		ssize_t w = write(fd, buf, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (w == 0)
				errno = ENOSPC;
			return -1;
		}
		buf += w;
		len -= (size_t)w;
	}
	return 0;
}

const char *results_why(int e)
{
	return e == ENOSPC || e == EDQUOT ? "disk full" : strerror(e);
}

int results_append(ResultsFile *rf, const char *line)
{
	return results_append_bytes(rf, line, strlen(line));
}

int results_append_bytes(ResultsFile *rf, const void *bytes, size_t len)
{
	/* write() hands the line to the kernel: a killed process cannot lose
	 * it. Syncing to the disk (against power loss) costs milliseconds, so
	 * it is done at most once a second. A line that cannot be written
	 * whole, or synced, is cut off again: the file always ends with a
	 * whole line, and the game is played again on resume. */
	const char *line = bytes;
#ifdef GA_FIU
	char point[96];
	snprintf(point, sizeof point, "kill/%s/mid-line", rf->name);
	if (fiu_fail(point)) {
		write_all(rf->fd, line, len / 2);
		raise(SIGKILL);
	}
#endif
	int rc = write_all(rf->fd, line, len);
	time_t now = time(NULL);
	if (rc == 0 && now != rf->synced) {
		rf->synced = now;
		rc = fdatasync(rf->fd);
	}
	if (rc < 0) {
		int e = errno;
		if (ftruncate(rf->fd, rf->size) < 0)
			e = errno; /* the torn line stays: resume cuts it */
		errno = e;
		return -1;
	}
	rf->size += (off_t)len;
	return 0;
}

int results_close(ResultsFile *rf)
{
	if (rf->fd < 0)
		return 0;
	int rc = fdatasync(rf->fd);
	if (close(rf->fd) != 0)
		rc = -1;
	rf->fd = -1;
	return rc;
}

typedef struct {
	long key;
	int index; /* in the file: equal keys keep their order */
	char *text;
} Line;

static int by_key(const void *a, const void *b)
{
	const Line *x = a, *y = b;
	if (x->key != y->key)
		return (x->key > y->key) - (x->key < y->key);
	return (x->index > y->index) - (x->index < y->index);
}

int results_rewrite(const char *path, const char *header, ResultsKeyFn key, void *user,
                    bool unique, bool lazy, char *err, size_t errlen)
{
	Line *lines = NULL;
	int n = 0, cap = 0, rc = -1;
	FILE *f = fopen(path, "re"); /* none: the header alone */
	if (!f && errno != ENOENT) {
		return err_set(err, errlen, "%s: cannot open: %s", path, strerror(errno));
	}
	Lines lr;
	lines_init(&lr, f, RESULTS_LINE_MAX);
	char *line, msg[512];
	size_t len;
	LinesStatus st = LINES_END;
	while (f && (st = lines_next(&lr, &line, &len)) == LINES_OK) {
		/* Whole lines after the header only: a torn last line is no
		 * line, and blank ones have no key. */
		/* The reader takes one CR off; a line written back with a
		 * second would lose it on the next read, so the rewrite would
		 * not be settled: every CR at the end goes. */
		while (len && line[len - 1] == '\r')
			line[--len] = '\0';
		if (lr.line == 1 || lr.last_open || len == 0)
			continue;
		long k = key(user, line, msg, sizeof msg);
		if (k == -2) {
			snprintf(err, errlen, "%s:%ld: %s", path, lr.line, msg);
			goto done;
		}
		if (k < 0)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 256;
			Line *nl = realloc(lines, sizeof *nl * (size_t)cap);
			if (!nl)
				goto out;
			lines = nl;
		}
		lines[n] = (Line){k, n, strdup(line)};
		if (!lines[n].text)
			goto out;
		n++;
	}
	if (st != LINES_END) {
		lines_error(&lr, st, msg, sizeof msg);
		snprintf(err, errlen, "%s:%ld: %s", path, lr.line, msg);
		goto done;
	}
	if (n > 0) /* qsort takes no NULL, even for no lines */
		qsort(lines, (size_t)n, sizeof *lines, by_key);
	OutFile o;
	FILE *of = outfile_open(&o, path, err, errlen);
	if (!of)
		goto done;
	o.lazy = lazy;
	fprintf(of, "%s\n", header);
	for (int i = 0; i < n; i++)
		if (!unique || i == 0 || lines[i - 1].key != lines[i].key)
			fprintf(of, "%s\n", lines[i].text);
	rc = outfile_commit(&o, err, errlen);
	goto done;
out:
	snprintf(err, errlen, "%s: cannot rewrite: %s", path, strerror(errno));
done:
	for (int i = 0; i < n; i++)
		free(lines[i].text);
	free(lines);
	lines_free(&lr);
	if (f)
		fclose(f);
	return rc;
}

/* The job of a games.csv line if it is below *user, else -1; -2 if the
 * line has no job (the file was checked when the run started: it would be
 * a line written since by something else). */
static long job_below(void *user, const char *line, char *msg, size_t msglen)
{
	const char *s = line;
	long long job;
	if (*s < '0' || *s > '9' || num_scan(&s, &job) < 0 || *s != ',' ||
	    job > 2000000000) {
		size_t n = strcspn(line, ",");
		snprintf(msg, msglen,
		         "the job '%.*s' is not a whole number from 0 to 2000000000",
		         (int)(n < 32 ? n : 32), line);
		return -2;
	}
	return job >= *(const int *)user ? -1 : (long)job;
}

int results_sort(const char *path, int below_job, char *err, size_t errlen)
{
	if (access(path, F_OK) != 0) {
		return err_set(err, errlen, "%s: cannot open: %s", path, strerror(errno));
	}
	return results_rewrite(path, RESULTS_HEADER, job_below, &below_job, false, false,
	                       err, errlen);
}
