/* spsa_faults.c - an SPSA run's faults.csv, appended and settled. */
#define _POSIX_C_SOURCE 200809L
#include "spsa_faults.h"
#include "err.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "lines.h"
#include "num.h"
#include "outfile.h"

/* The longest line read: far above any a run writes (the detail is cut
 * to a few hundred bytes). */
enum { LINE_MAX_ = 16384 };

/* Of a line (no newline): its iteration (0 for `verify`) and reason.
 * Returns 0, or -1 with what is wrong in msg. */
static int parse_line(const char *s, long *k, EndReason *reason, char *msg, size_t msglen)
{
	const char *f[5];
	size_t n[5];
	for (int i = 0; i < 5; i++) {
		f[i] = s;
		n[i] = strcspn(s, ",");
		if (!s[n[i]]) {
			snprintf(
			    msg, msglen,
			    "expected iteration,game,player,color,reason,detail, found %d "
			    "fields",
			    i + 1);
			return -1;
		}
		s += n[i] + 1;
	}
	char num[16] = "";
	long long v;
	if (n[0] == 6 && !strncmp(f[0], "verify", 6)) {
		*k = 0;
	} else {
		if (n[0] < sizeof num) {
			memcpy(num, f[0], n[0]);
			num[n[0]] = '\0';
		}
		if (*num < '0' || *num > '9' || num_whole(num, 1, INT_MAX, &v) < 0) {
			snprintf(
			    msg, msglen,
			    "the iteration '%.*s' is neither a whole number from 1 to %d "
			    "nor verify",
			    (int)(n[0] < 32 ? n[0] : 32), f[0], INT_MAX);
			return -1;
		}
		*k = (long)v;
	}
	*reason = END_COUNT;
	for (int r = 0; r < END_COUNT; r++)
		if (strlen(game_end_name((EndReason)r)) == n[4] &&
		    strncmp(f[4], game_end_name((EndReason)r), n[4]) == 0)
			*reason = (EndReason)r;
	if (*reason == END_COUNT) {
		return err_set(msg, msglen, "the reason '%.*s' is no reason a game ends",
		               (int)(n[4] < 32 ? n[4] : 32), f[4]);
	}
	return 0;
}

int spsa_faults_settle(const char *path, int last, SpsaFaultCount *kept, char *err,
                       size_t errlen)
{
	char *text = NULL, *line, msg[256];
	size_t tlen = 0, len;
	*kept = (SpsaFaultCount){{0}};
	FILE *in = fopen(path, "re");
	if (!in && errno != ENOENT) {
		return err_set(err, errlen, "%s: cannot read: %s", path, strerror(errno));
	}
	FILE *m = open_memstream(&text, &tlen);
	if (!m) {
		snprintf(err, errlen, "out of memory");
		if (in)
			fclose(in);
		return -1;
	}
	fputs(SPSA_FAULTS_HEADER "\n", m);
	Lines lr;
	lines_init(&lr, in, LINE_MAX_);
	LinesStatus st = LINES_END;
	int rc = 0;
	while (in && (st = lines_next(&lr, &line, &len)) == LINES_OK) {
		/* A torn line has no newline: the kill came in the middle of it. */
		if (lr.last_open)
			break;
		long k;
		EndReason r;
		if (lr.line == 1) {
			if (strcmp(line, SPSA_FAULTS_HEADER) != 0) {
				snprintf(
				    err, errlen,
				    "%s:1: not an SPSA faults file (expected the header "
				    "%s)",
				    path, SPSA_FAULTS_HEADER);
				rc = -2;
				break;
			}
			continue;
		}
		if (len == 0)
			continue; /* blank: nothing to keep */
		if (parse_line(line, &k, &r, msg, sizeof msg) < 0) {
			snprintf(err, errlen, "%s:%ld: %s", path, lr.line, msg);
			rc = -2;
			break;
		}
		/* The iterations trajectory.csv holds; the verification's
		 * lines (k 0) and the iteration it was playing go. */
		if (k >= 1 && k <= last) {
			fprintf(m, "%s\n", line);
			kept->by[r]++;
		}
	}
	if (rc == 0 && st != LINES_OK && st != LINES_END) {
		lines_error(&lr, st, msg, sizeof msg);
		snprintf(err, errlen, "%s:%ld: %s", path, lr.line, msg);
		rc = -2;
	}
	lines_free(&lr);
	if (in)
		fclose(in);
	if (fclose(m) != 0 && rc == 0) {
		snprintf(err, errlen, "out of memory");
		rc = -1;
	}
	if (rc == 0)
		rc = outfile_write(path, text, tlen, false, err, errlen);
	free(text);
	return rc;
}

int spsa_faults_append(FILE *out, const char *when, const char *const names[2],
                       const PairFaults *f)
{
	for (int i = 0; i < f->count; i++) {
		const PairFault *p = &f->items[i];
		fprintf(out, "%s,%d,%s,%s,%s,%s\n", when, p->game, names[p->side],
		        p->color == BLACK ? "black" : "white", game_end_name(p->reason),
		        p->detail);
	}
	return fflush(out) != 0 || ferror(out) ? -1 : 0;
}

void spsa_faults_add(SpsaFaultCount *n, const PairFaults *f)
{
	for (int i = 0; i < f->count; i++)
		n->by[f->items[i].reason]++;
}

long spsa_faults_text(const SpsaFaultCount *n, char *buf, size_t len)
{
	long total = 0;
	buf[0] = '\0';
	for (int r = 0; r < END_COUNT; r++)
		if (n->by[r]) {
			size_t l = strlen(buf);
			snprintf(buf + l, len - l, "%s%s %ld", l ? ", " : "",
			         game_end_name((EndReason)r), n->by[r]);
			total += n->by[r];
		}
	return total;
}
