/* report_faults.c - faults.csv as report.html's data. */
#define _POSIX_C_SOURCE 200809L
#include "report_faults.h"
#include "err.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "faults.h"
#include "html.h"
#include "names.h"
#include "outfile.h"

static const EndReason reasons[] = {END_CRASH, END_TIMEOUT, END_PROTOCOL, END_ILLEGAL,
                                    END_MEMORY};
enum { NR = sizeof reasons / sizeof reasons[0] };

typedef struct {
	FILE *f;
	int max_lines;
	Names who;
	long (*count)[NR], total;
	int ncount;
} Faults;

static int add_line(void *user, const FaultLine *fl, char *msg, size_t msglen)
{
	Faults *s = user;
	char player[64], job[16];
	snprintf(player, sizeof player, "%.*s", fl->player_len, fl->player);
	int pl = names_add(&s->who, player);
	if (pl >= s->ncount) {
		void *p = realloc(s->count, sizeof *s->count * (size_t)s->who.n);
		if (!p)
			pl = -1;
		else {
			s->count = p;
			memset(s->count[s->ncount], 0,
			       sizeof *s->count * (size_t)(s->who.n - s->ncount));
			s->ncount = s->who.n;
		}
	}
	if (pl < 0) {
		return err_set(msg, msglen, "out of memory");
	}
	for (int r = 0; r < NR; r++)
		s->count[pl][r] += fl->reason == reasons[r];
	if (s->total++ >= s->max_lines)
		return 0;
	FILE *f = s->f;
	snprintf(job, sizeof job, "%d", fl->job);
	const char *fld[5] = {job, player, fl->color == BLACK ? "black" : "white",
	                      game_end_name(fl->reason), fl->detail};
	fputs(s->total > 1 ? ",[" : "[", f);
	for (int k = 0; k < 5; k++) {
		fputs(k ? "," : "", f);
		html_json_string(f, fld[k]);
	}
	fputc(']', f);
	return 0;
}

int report_faults_json(FILE *f, const char *dir, int max_lines, char *err, size_t errlen)
{
	char path[OUTFILE_PATH_MAX];
	snprintf(path, sizeof path, "%.4000s/faults.csv", dir);
	Faults s = {.f = f, .max_lines = max_lines};
	fputs("{\"reasons\":[", f);
	for (int r = 0; r < NR; r++) {
		fputs(r ? "," : "", f);
		html_json_string(f, game_end_name(reasons[r]));
	}
	fputs("],\"lines\":[", f);
	int rc = 0;
	if (dir && (access(path, F_OK) == 0 || errno != ENOENT))
		rc = faults_scan(path, false, add_line, &s, err, errlen);
	fprintf(f, "],\"total\":%ld,\"players\":", s.total);
	html_json_strings(f, (const char *const *)s.who.name, s.who.n);
	fputs(",\"counts\":[", f);
	for (int i = 0; i < s.ncount; i++)
		fprintf(f, "%s[%ld,%ld,%ld,%ld,%ld]", i ? "," : "", s.count[i][0],
		        s.count[i][1], s.count[i][2], s.count[i][3], s.count[i][4]);
	fputs("]}", f);
	free(s.count);
	names_free(&s.who);
	return rc;
}
