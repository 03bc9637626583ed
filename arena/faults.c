/* faults.c - faults.csv, kept in step with games.csv. */
#define _POSIX_C_SOURCE 200809L
#include "faults.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outfile.h"

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

typedef struct {
	int job, color;
	char *text;
} Line;

static int by_job(const void *a, const void *b)
{
	const Line *x = a, *y = b;
	if (x->job != y->job)
		return (x->job > y->job) - (x->job < y->job);
	return (x->color > y->color) - (x->color < y->color);
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

int faults_settle(const char *path, const bool *done, int njobs, bool lazy, char *err,
                  size_t errlen)
{
	Line *lines = NULL;
	int n = 0, cap = 0, rc = -1;
	char *buf = NULL;
	size_t bcap = 0;
	ssize_t len;
	FILE *f = fopen(path, "re");
	while (f && (len = getline(&buf, &bcap, f)) > 0) {
		int job, color;
		/* Whole lines of played games only; the header is written anew. */
		if (buf[len - 1] != '\n' || parse(buf, &job, &color) < 0 || job >= njobs ||
		    !done[job])
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			Line *nl = realloc(lines, sizeof *nl * (size_t)cap);
			if (!nl)
				goto out;
			lines = nl;
		}
		lines[n] = (Line){job, color, strdup(buf)};
		if (!lines[n].text)
			goto out;
		n++;
	}
	if (n > 0) /* qsort takes no NULL, even for no lines */
		qsort(lines, (size_t)n, sizeof *lines, by_job);
	OutFile of;
	FILE *o = outfile_open(&of, path, err, errlen);
	if (!o)
		goto done;
	of.lazy = lazy;
	fputs(FAULTS_HEADER "\n", o);
	for (int i = 0; i < n; i++)
		if (i == 0 || by_job(&lines[i - 1], &lines[i]) != 0)
			fputs(lines[i].text, o);
	rc = outfile_commit(&of, err, errlen);
	goto done;
out:
	snprintf(err, errlen, "%s: out of memory", path);
done:
	for (int i = 0; i < n; i++)
		free(lines[i].text);
	free(lines);
	free(buf);
	if (f)
		fclose(f);
	return rc;
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
