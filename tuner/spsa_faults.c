/* spsa_faults.c - an SPSA run's faults.csv, appended and settled. */
#define _POSIX_C_SOURCE 200809L
#include "spsa_faults.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "outfile.h"

/* The iteration a line is of (its first field), or -1 for any other. */
static long line_iteration(const char *s)
{
	if (!isdigit((unsigned char)*s))
		return -1;
	char *end;
	errno = 0;
	long k = strtol(s, &end, 10);
	return *end == ',' && !errno ? k : -1;
}

/* The reason of a line (its fifth field), or END_COUNT. */
static EndReason line_reason(const char *s)
{
	for (int f = 0; f < 4 && s; f++)
		s = strchr(s, ',') ? strchr(s, ',') + 1 : NULL;
	size_t n = s ? strcspn(s, ",") : 0;
	for (int r = 0; s && r < END_COUNT; r++)
		if (strlen(game_end_name((EndReason)r)) == n &&
		    strncmp(s, game_end_name((EndReason)r), n) == 0)
			return (EndReason)r;
	return END_COUNT;
}

int spsa_faults_settle(const char *path, int last, SpsaFaultCount *kept, char *err,
                       size_t errlen)
{
	char *text = NULL, *line = NULL;
	size_t tlen = 0, cap = 0;
	*kept = (SpsaFaultCount){{0}};
	FILE *m = open_memstream(&text, &tlen);
	if (!m) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	fputs(SPSA_FAULTS_HEADER "\n", m);
	FILE *in = fopen(path, "r");
	if (!in && errno != ENOENT) {
		snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
		fclose(m);
		free(text);
		return -1;
	}
	ssize_t n;
	while (in && (n = getline(&line, &cap, in)) > 0) {
		long k = line_iteration(line);
		/* A torn line has no newline: the kill came in the middle of it. */
		EndReason r = line_reason(line);
		if (line[n - 1] == '\n' && k >= 1 && k <= last && r < END_COUNT) {
			fputs(line, m);
			kept->by[r]++;
		}
	}
	bool bad = in && ferror(in);
	if (in)
		fclose(in);
	free(line);
	if (fclose(m) != 0 || bad) {
		snprintf(err, errlen, "%s: %s", path, bad ? "read error" : "out of memory");
		free(text);
		return -1;
	}
	int rc = outfile_write(path, text, tlen, false, err, errlen);
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
