/* report_faults.c - faults.csv as report.html's data. */
#define _POSIX_C_SOURCE 200809L
#include "report_faults.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "names.h"
#include "outfile.h"

void report_faults_json(FILE *f, const char *dir, int max_lines)
{
	char path[OUTFILE_PATH_MAX], *line = NULL;
	size_t cap = 0;
	snprintf(path, sizeof path, "%.4000s/faults.csv", dir);
	FILE *in = fopen(path, "re");
	static const char *const reasons[] = {"crash", "timeout", "protocol", "illegal",
	                                      "memory"};
	enum { NR = sizeof reasons / sizeof reasons[0] };
	Names who = {0};
	long(*count)[NR] = NULL, total = 0;
	int ncount = 0;
	fputs("{\"reasons\":[\"crash\",\"timeout\",\"protocol\",\"illegal\",\"memory\"],"
	      "\"lines\":[",
	      f);
	for (bool head = true; in && getline(&line, &cap, in) > 0; head = false) {
		line[strcspn(line, "\r\n")] = '\0';
		char *fld[5] = {line};
		int nf = 1;
		for (char *c = line; nf < 5 && (c = strchr(c, ',')); nf++)
			*c++ = '\0', fld[nf] = c;
		if (head || nf < 5)
			continue;
		int pl = names_add(&who, fld[1]);
		if (pl < 0)
			break;
		if (pl >= ncount) {
			void *p = realloc(count, sizeof *count * (size_t)who.n);
			if (!p)
				break;
			count = p;
			memset(count[ncount], 0, sizeof *count * (size_t)(who.n - ncount));
			ncount = who.n;
		}
		for (int r = 0; r < NR; r++)
			count[pl][r] += !strcmp(fld[3], reasons[r]);
		if (total++ >= max_lines)
			continue;
		fputs(total > 1 ? ",[" : "[", f);
		for (int k = 0; k < 5; k++) {
			fputs(k ? "," : "", f);
			html_json_string(f, fld[k]);
		}
		fputc(']', f);
	}
	fprintf(f, "],\"total\":%ld,\"players\":", total);
	html_json_strings(f, (const char *const *)who.name, who.n);
	fputs(",\"counts\":[", f);
	for (int i = 0; i < ncount; i++)
		fprintf(f, "%s[%ld,%ld,%ld,%ld,%ld]", i ? "," : "", count[i][0],
		        count[i][1], count[i][2], count[i][3], count[i][4]);
	fputs("]}", f);
	free(count);
	free(line);
	names_free(&who);
	if (in)
		fclose(in);
}
