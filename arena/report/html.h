/* html.h - report.html: one self-contained page (no network: the style,
 * the script and the charts are inline), and text put into it safely.
 *
 * The escaping rule. Names, paths and every other text from a file or the
 * user are data, never markup or code:
 *   - in the page's HTML (the title, the heading) through html_text:
 *     & < > " ' as character references;
 *   - everything else goes into one JSON object in
 *     <script type="application/json" id="report-data">, which the page's
 *     script reads with JSON.parse and puts into the page as text nodes
 *     (textContent), never as HTML. Strings go through html_json_string,
 *     which also writes < > & as \u003c \u003e \u0026, so no `</script>`
 *     or `<!--` can end or change the element, and U+2028/U+2029 escaped.
 * Bytes that are not UTF-8 become U+FFFD in both, so the browser's
 * decoding cannot join them with a quote or a bracket that follows.
 *
 * The page's style and script are arena/report/report_page.css and .js, turned
 * into C strings at build time (arena/report/embed.cmake, which refuses a file
 * holding `</script` or `</style`).
 *
 * Writing: html_page_open writes the head and opens the data object;
 * html_page_member adds one member and returns the stream for its value;
 * html_page_commit closes the object, adds the script and installs the
 * page atomically (outfile.h), or html_page_abort drops it. One thread. */
#ifndef ARENA_HTML_H
#define ARENA_HTML_H

#include <stdio.h>

#include "columns.h"
#include "outfile.h"

/* s as HTML text (element content or a quoted attribute value). */
void html_text(FILE *f, const char *s);
/* s as a JSON string literal, quotes included, safe inside <script>. */
void html_json_string(FILE *f, const char *s);
/* n strings as a JSON array of strings. */
void html_json_strings(FILE *f, const char *const *s, int n);
/* v as a JSON number with up to digits significant digits (%.*g), or null
 * when it is not finite. */
void html_json_number(FILE *f, double v, int digits);

/* The CSV columns of a column table (columns.h) as a JSON array of
 * {"name": CSV name, "head": terminal heading or null}, and one row as a
 * JSON array of its CSV cells: numbers with the CSV's digits, null for an
 * empty cell, text as strings. Terminal-only columns are left out. */
void html_json_columns(FILE *f, const Column *c, int n);
void html_json_row(FILE *f, const Column *c, int n, const void *row);

/* A small CSV file (a tuner's verify.csv, texel.csv, ...) as
 * {"columns": [names], "rows": [[cells]]}: cells that are finite decimals
 * as num.h reads them are numbers, the others ("inf", "nan", "0x1", "1e999"
 * among them) strings; at most max_rows rows, evenly spread over the
 * file's when it has more (the first and the last kept). Lines come from
 * lines.h (LF or CR LF, blank ones skipped). Returns 0, or -1 with "path:
 * why" (missing, unreadable) or "path:line: what is wrong" (a NUL byte, a
 * line over 16384 bytes): the JSON is then incomplete. */
int html_json_csv(FILE *f, const char *path, int max_rows, char *err, size_t errlen);

/* The title of the page of folder dir: its base name (a run's name), never
 * its path; "report" for the root. */
void html_dir_title(const char *dir, char *buf, size_t len);

typedef struct {
	OutFile of;
	FILE *f;
	int members;
} HtmlPage;

/* Opens path for the page titled title (the heading: a run's name).
 * Returns 0, or -1 with a message. */
int html_page_open(HtmlPage *p, const char *path, const char *title, char *err,
                   size_t errlen);
/* Writes the member key of the data object; returns the stream to write
 * its JSON value to. */
FILE *html_page_member(HtmlPage *p, const char *key);
/* Finishes the page and installs it. Returns 0, or -1 with a message (the
 * old page is then left as it was). */
int html_page_commit(HtmlPage *p, char *err, size_t errlen);
void html_page_abort(HtmlPage *p); /* accepts a committed or aborted page */

#endif
