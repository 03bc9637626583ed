/* faults.c - faults.csv, kept in step with games.csv. */
#define _POSIX_C_SOURCE 200809L
#include "faults.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* job and colour of a line, or -1. */
static int parse(const char *s, int *job, int *color)
{
	char *end;
	long j = strtol(s, &end, 10);
	if (end == s || *end != ',' || j < 0 || j > 2000000000)
		return -1;
	const char *c = strchr(end + 1, ',');
	if (!c)
		return -1;
	*color = strncmp(c + 1, "black,", 6) == 0   ? 0
	         : strncmp(c + 1, "white,", 6) == 0 ? 1
	                                            : -1;
	*job = (int)j;
	return *color < 0 ? -1 : 0;
}

typedef struct {
	const bool *done;
	int njobs;
} Played;

/* A fault of a played game sorts by (job, colour); any other line goes. */
static long played_key(void *user, const char *line)
{
	const Played *p = user;
	int job, color;
	if (parse(line, &job, &color) < 0 || job >= p->njobs || !p->done[job])
		return -1;
	return 2L * job + color;
}

int faults_settle(const char *path, const bool *done, int njobs, bool lazy, char *err,
                  size_t errlen)
{
	Played p = {done, njobs};
	return results_rewrite(path, FAULTS_HEADER, played_key, &p, true, lazy, err,
	                       errlen);
}

int faults_find(const char *path, int job, char *buf, size_t len)
{
	buf[0] = '\0';
	FILE *f = fopen(path, "re");
	if (!f)
		return -1;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int rc = -1, j, color;
	while ((n = getline(&line, &cap, f)) > 0) {
		if (parse(line, &j, &color) < 0 || j != job)
			continue;
		line[strcspn(line, "\r\n")] = '\0';
		snprintf(buf, len, "%s", line);
		rc = 0;
		break;
	}
	free(line);
	fclose(f);
	return rc;
}
