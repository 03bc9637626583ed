/* tuner_html.c - report.html of an SPSA or a Texel run. */
#define _POSIX_C_SOURCE 200809L
#include "tuner_html.h"
#include "err.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "html.h"
#include "report_html.h"

enum { PATH_MAX_ = OUTFILE_PATH_MAX + 32 };

/* ,"key": and dir/file's rows as JSON (html_json_csv), or null when the
 * file is not there. */
static int csv_field(FILE *f, const char *key, const char *dir, const char *file, char *err,
                     size_t errlen)
{
	char path[PATH_MAX_];
	snprintf(path, sizeof path, "%.4000s/%s", dir, file);
	fprintf(f, ",\"%s\":", key);
	if (access(path, F_OK) != 0) {
		fputs("null", f);
		return 0;
	}
	return html_json_csv(f, path, TUNER_HTML_ROWS_MAX, err, errlen);
}

static int open_page(HtmlPage *p, const char *dir, const char *title, char *err,
                     size_t errlen)
{
	char path[PATH_MAX_];
	snprintf(path, sizeof path, "%.4000s/report.html", dir);
	return html_page_open(p, path, title, err, errlen);
}

int tuner_html_spsa(const char *dir, const SpsaConfig *c, char *err, size_t errlen)
{
	HtmlPage p;
	if (open_page(&p, dir, c->name, err, errlen) < 0)
		return -1;
	FILE *f = html_page_member(&p, "spsa");
	fprintf(f, "{\"iterations\":%d,\"pairs\":%d,\"player\":", c->iterations, c->pairs);
	html_json_string(f, c->player);
	fputs(",\"type\":", f);
	html_json_string(f, c->type->name);
	fputs(",\"params\":[", f);
	for (int i = 0; i < c->n; i++) {
		const SpsaParam *sp = &c->tuned[i].p;
		fputs(i ? ",{\"name\":" : "{\"name\":", f);
		html_json_string(f, c->tuned[i].name);
		fputs(",\"min\":", f);
		html_json_number(f, sp->min, 15);
		fputs(",\"max\":", f);
		html_json_number(f, sp->max, 15);
		fputs(",\"start\":", f);
		html_json_number(f, sp->start, 15);
		fputc('}', f);
	}
	fputc(']', f);
	if (csv_field(f, "trajectory", dir, "trajectory.csv", err, errlen) < 0 ||
	    csv_field(f, "verify", dir, "verify.csv", err, errlen) < 0) {
		html_page_abort(&p);
		return -1;
	}
	fputc('}', f);
	return html_page_commit(&p, err, errlen);
}

int tuner_html_texel(const char *dir, const char *name, char *err, size_t errlen)
{
	HtmlPage p;
	if (open_page(&p, dir, name, err, errlen) < 0)
		return -1;
	FILE *f = html_page_member(&p, "texel");
	fputs("{\"name\":", f);
	html_json_string(f, name);
	char games[PATH_MAX_];
	snprintf(games, sizeof games, "%.4000s/games.csv", dir);
	if (csv_field(f, "params", dir, "texel.csv", err, errlen) < 0 ||
	    csv_field(f, "loss", dir, "loss.csv", err, errlen) < 0 ||
	    csv_field(f, "rounds", dir, "rounds.csv", err, errlen) < 0 ||
	    csv_field(f, "verify", dir, "verify.csv", err, errlen) < 0 ||
	    fputc('}', f) == EOF ||
	    (access(games, F_OK) == 0 &&
	     report_html_games(&p, games, -1, err, errlen) < 0)) {
		html_page_abort(&p);
		return -1;
	}
	return html_page_commit(&p, err, errlen);
}

int tuner_html_rebuild(const char *dir, char *err, size_t errlen)
{
	char path[PATH_MAX_];
	snprintf(path, sizeof path, "%.4000s/trajectory.csv", dir);
	if (access(path, F_OK) == 0) {
		SpsaConfig *c = malloc(sizeof *c); /* large: not on the stack */
		if (!c) {
			return err_set(err, errlen, "out of memory");
		}
		snprintf(path, sizeof path, "%.4000s/config.ini", dir);
		int rc = spsa_config_load(path, c, err, errlen) < 0
		             ? -2
		             : tuner_html_spsa(dir, c, err, errlen);
		free(c);
		return rc;
	}
	snprintf(path, sizeof path, "%.4000s/texel.csv", dir);
	if (access(path, F_OK) != 0) {
		snprintf(err, errlen,
		         "%s holds neither trajectory.csv (SPSA) nor texel.csv (Texel)",
		         dir);
		return -2;
	}
	char name[256];
	html_dir_title(dir, name, sizeof name);
	return tuner_html_texel(dir, name, err, errlen);
}
