/* html.c - escaping, JSON values and the frame of report.html. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "html.h"
#include "err.h"

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lines.h"
#include "num.h"

/* The page's style and script (embed.cmake generates them). */
extern const unsigned char report_page_css[], report_page_js[], report_sections_js[],
    report_games_js[];

/* The code point of the UTF-8 sequence at s (*len bytes), or -1 with *len
 * 1 for a byte that starts no valid sequence: a stray continuation byte, a
 * sequence cut short, an overlong form, a surrogate, past U+10FFFF. */
static long utf8_next(const unsigned char *s, int *len)
{
	static const long min[] = {0, 0, 0x80, 0x800, 0x10000};
	int n = s[0] < 0x80       ? 1
	        : s[0] >> 5 == 6  ? 2
	        : s[0] >> 4 == 14 ? 3
	        : s[0] >> 3 == 30 ? 4
	                          : 0;
	*len = 1;
	if (n == 1)
		return s[0];
	if (n == 0)
		return -1;
	long cp = s[0] & (0x7F >> n);
	for (int k = 1; k < n; k++) {
		if ((s[k] & 0xC0) != 0x80) /* also stops at the terminating NUL */
			return -1;
		cp = cp << 6 | (s[k] & 0x3F);
	}
	if (cp < min[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return -1;
	*len = n;
	return cp;
}

void html_text(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	while (*p) {
		int len;
		long cp = utf8_next(p, &len);
		switch (cp) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&#39;", f); break;
		case -1: fputs("\xEF\xBF\xBD", f); break;
		default: fwrite(p, 1, (size_t)len, f);
		}
		p += len;
	}
}

void html_json_string(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	fputc('"', f);
	while (*p) {
		int len;
		long cp = utf8_next(p, &len);
		if (cp == '"' || cp == '\\')
			fprintf(f, "\\%c", (int)cp);
		else if (cp == '\n')
			fputs("\\n", f);
		else if (cp < 0x20 || cp == '<' || cp == '>' || cp == '&' || cp == 0x2028 ||
		         cp == 0x2029)
			fprintf(f, "\\u%04lx", cp < 0 ? 0xFFFDL : cp);
		else
			fwrite(p, 1, (size_t)len, f);
		p += len;
	}
	fputc('"', f);
}

void html_json_strings(FILE *f, const char *const *s, int n)
{
	fputc('[', f);
	for (int i = 0; i < n; i++) {
		if (i)
			fputc(',', f);
		html_json_string(f, s[i]);
	}
	fputc(']', f);
}

void html_json_number(FILE *f, double v, int digits)
{
	if (isfinite(v))
		fprintf(f, "%.*g", digits, v);
	else
		fputs("null", f);
}

void html_json_columns(FILE *f, const Column *c, int n)
{
	fputc('[', f);
	int first = 1;
	for (int i = 0; i < n; i++) {
		if (!c[i].name)
			continue;
		if (!first)
			fputc(',', f);
		fputs("{\"name\":", f);
		html_json_string(f, c[i].name);
		fputs(",\"head\":", f);
		if (c[i].head)
			html_json_string(f, c[i].head);
		else
			fputs("null", f);
		fputc('}', f);
		first = 0;
	}
	fputc(']', f);
}

void html_json_row(FILE *f, const Column *c, int n, const void *row)
{
	fputc('[', f);
	int first = 1;
	for (int i = 0; i < n; i++) {
		if (!c[i].name)
			continue;
		if (!first)
			fputc(',', f);
		first = 0;
		const char *text;
		if (c[i].type == COL_TEXT) {
			columns_value(&c[i], row, &text);
			html_json_string(f, text);
			continue;
		}
		char buf[COLUMN_CELL_MAX];
		text = columns_cell(&c[i], row, 1, buf, sizeof buf);
		/* The CSV's digits are a JSON number but for a '+' sign. */
		fputs(*text ? text + (*text == '+') : "null", f);
	}
	fputc(']', f);
}

/* A CSV cell as a JSON value: a number if it is a finite decimal as
 * num.h reads them (so never "inf", "nan", "0x1" or "1e999", which JSON has
 * no number for), else a string. */
static void csv_cell(FILE *f, const char *s)
{
	double v;
	if (num_real(s, -DBL_MAX, DBL_MAX, &v) == 0)
		html_json_number(f, v, 15);
	else
		html_json_string(f, s);
}

/* One CSV line (no newline; no quoting: our files never quote) as a JSON
 * array. */
static void csv_line(FILE *f, char *line)
{
	fputc('[', f);
	for (char *s = line, *comma;; s = comma + 1) {
		comma = strchr(s, ',');
		if (comma)
			*comma = '\0';
		if (s != line)
			fputc(',', f);
		csv_cell(f, s);
		if (!comma)
			break;
	}
	fputc(']', f);
}

/* Of rows rows, whether row k is among the about max shown: the first,
 * the last, and those where k * (max - 1) / (rows - 1) steps up. */
static bool keep_row(long k, long rows, int max)
{
	if (rows <= max || k == 0 || k == rows - 1)
		return true;
	if (max < 2)
		return false;
	return k * (max - 1) / (rows - 1) != (k - 1) * (max - 1) / (rows - 1);
}

/* The longest line of a CSV embedded: far above any a run writes. */
enum { CSV_LINE_MAX = 16384 };

/* One pass over path's lines (lines.h): counts the rows (lines after the
 * first that are not blank) into *rows, and with f writes the JSON of the
 * header and of the rows keep_row picks of rows_total. Returns 0, or -1
 * with "path:line: what is wrong". */
static int csv_pass(FILE *in, const char *path, FILE *f, long *rows, long rows_total,
                    int max_rows, char *err, size_t errlen)
{
	Lines lr;
	lines_init(&lr, in, CSV_LINE_MAX);
	char *line;
	size_t len;
	LinesStatus st;
	long k = 0, shown = 0;
	*rows = 0;
	while ((st = lines_next(&lr, &line, &len)) == LINES_OK) {
		if (lr.line == 1) {
			if (f)
				csv_line(f, line);
			continue;
		}
		if (len == 0)
			continue;
		++*rows;
		if (!f || !keep_row(k++, rows_total, max_rows))
			continue;
		if (shown++)
			fputc(',', f);
		else
			fputs(",\"rows\":[", f);
		csv_line(f, line);
	}
	int rc = 0;
	if (st != LINES_END) {
		char msg[ERR_MAX];
		lines_error(&lr, st, msg, sizeof msg);
		snprintf(err, errlen, "%s:%ld: %s", path, lr.line, msg);
		rc = -1;
	} else if (f) {
		if (lr.line == 0)
			fputs("[]", f);
		fputs(shown ? "]}" : ",\"rows\":[]}", f);
	}
	lines_free(&lr);
	return rc;
}

int html_json_csv(FILE *f, const char *path, int max_rows, char *err, size_t errlen)
{
	FILE *in = fopen(path, "re");
	if (!in) {
		return err_set(err, errlen, "%s: cannot read", path);
	}
	long rows, again;
	/* Count the rows first, to spread max_rows over them. */
	int rc = csv_pass(in, path, NULL, &rows, 0, max_rows, err, errlen);
	if (rc == 0) {
		rewind(in);
		fputs("{\"columns\":", f);
		rc = csv_pass(in, path, f, &again, rows, max_rows, err, errlen);
	}
	fclose(in);
	return rc;
}

void html_dir_title(const char *dir, char *buf, size_t len)
{
	char *real = realpath(dir, NULL);
	const char *base = real ? strrchr(real, '/') : NULL;
	snprintf(buf, len, "%s", base && base[1] ? base + 1 : "report");
	free(real);
}

int html_page_open(HtmlPage *p, const char *path, const char *title, char *err,
                   size_t errlen)
{
	p->members = 0;
	p->f = outfile_open(&p->of, path, err, errlen);
	if (!p->f)
		return -1;
	FILE *f = p->f;
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	      "<title>",
	      f);
	html_text(f, title);
	fputs(" - Gomoku Arena</title>\n<style>\n", f);
	fputs((const char *)report_page_css, f);
	fputs("</style>\n</head>\n<body data-state=\"loading\">\n<header><h1>", f);
	html_text(f, title);
	fputs("</h1><nav id=\"toc\"></nav></header>\n<main id=\"report\"><noscript>This "
	      "page draws its tables and charts with JavaScript; the same numbers are "
	      "in the CSV files beside it.</noscript></main>\n"
	      "<script type=\"application/json\" id=\"report-data\">{",
	      f);
	html_json_string(html_page_member(p, "title"), title);
	return 0;
}

FILE *html_page_member(HtmlPage *p, const char *key)
{
	if (p->members++)
		fputs(",\n", p->f);
	html_json_string(p->f, key);
	fputc(':', p->f);
	return p->f;
}

int html_page_commit(HtmlPage *p, char *err, size_t errlen)
{
	/* The script files share one scope and nothing global. */
	fputs("}</script>\n<script>\n(function () {\n\"use strict\";\n", p->f);
	fputs((const char *)report_page_js, p->f);
	fputs((const char *)report_sections_js, p->f);
	fputs((const char *)report_games_js, p->f);
	fputs("main();\n})();\n</script>\n</body>\n</html>\n", p->f);
	p->f = NULL;
	return outfile_commit(&p->of, err, errlen);
}

void html_page_abort(HtmlPage *p)
{
	outfile_abort(&p->of);
	p->f = NULL;
}
