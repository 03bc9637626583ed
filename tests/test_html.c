/* test_html.c - report.html's escaping and writer (html.h): names as HTML
 * text and as JSON strings that no byte sequence turns into markup or
 * code, bytes that are not UTF-8, numbers, column tables and CSV files as
 * JSON, and a whole page: its title, its data valid JSON with no '<' in
 * it, its script and style inline. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "json_check.h"
#include "tmpdir.h"

/* What fn writes of s, as a string the caller frees. */
static char *written(void (*fn)(FILE *, const char *), const char *s)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	fn(f, s);
	fclose(f);
	return text;
}

static void check(void (*fn)(FILE *, const char *), const char *in, const char *want)
{
	char *got = written(fn, in);
	if (strcmp(got, want) != 0)
		fail_msg("'%s' gave '%s', want '%s'", in, got, want);
	free(got);
}

static void html_text_escapes_markup(void **state)
{
	(void)state;
	check(html_text, "</script><script>alert(1)</script>",
	      "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
	check(html_text, "O'Brien \"& Co\"", "O&#39;Brien &quot;&amp; Co&quot;");
	check(html_text, "Jürgen 名人", "Jürgen 名人");
	/* A lone lead byte would make the browser's decoder eat nothing, but
	 * a byte that is not UTF-8 is shown as U+FFFD, never passed on. */
	check(html_text, "a\xC3\"b", "a\xEF\xBF\xBD&quot;b");
	check(html_text, "\xFF<", "\xEF\xBF\xBD&lt;");
}

static void json_strings_cannot_leave_the_script(void **state)
{
	(void)state;
	check(html_json_string, "</script><script>alert(1)</script>",
	      "\"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\"");
	check(html_json_string, "<!-- & \"q\" \\", "\"\\u003c!-- \\u0026 \\\"q\\\" \\\\\"");
	check(html_json_string, "a\nb\tc\x01", "\"a\\nb\\u0009c\\u0001\"");
	/* U+2028 and U+2029 end a line in older JavaScript. */
	check(html_json_string, "x\xE2\x80\xA8y\xE2\x80\xA9", "\"x\\u2028y\\u2029\"");
	check(html_json_string, "Ωmega 名人", "\"Ωmega 名人\"");
	/* Not UTF-8: a stray continuation byte, an overlong '/', a surrogate,
	 * a sequence cut by the end. */
	check(html_json_string, "\x80", "\"\\ufffd\"");
	check(html_json_string, "\xC0\xAF", "\"\\ufffd\\ufffd\"");
	check(html_json_string, "\xED\xA0\x80", "\"\\ufffd\\ufffd\\ufffd\"");
	check(html_json_string, "a\xE5\x90", "\"a\\ufffd\\ufffd\"");
	check(html_json_string, "\xF0\x9F\x98\x80", "\"\xF0\x9F\x98\x80\"");
}

static void numbers(void **state)
{
	(void)state;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	html_json_number(f, 1.5, 6);
	fputc(' ', f);
	html_json_number(f, NAN, 6);
	fputc(' ', f);
	html_json_number(f, -INFINITY, 6);
	fputc(' ', f);
	html_json_number(f, 2.0 / 3, 4);
	fclose(f);
	assert_string_equal(text, "1.5 null null 0.6667");
	free(text);
}

typedef struct {
	const char *name;
	int games;
	double elo, los;
	const char *note;
} Row;

static const Column cols[] = {
    {COLUMN(Row, name, COL_TEXT, "player", "player", -10)},
    {COLUMN(Row, games, COL_INT, "games", "games", 5)},
    {COLUMN(Row, elo, COL_REAL, "elo", "elo", 6), .fmt = "%+.1f"},
    {COLUMN(Row, los, COL_NUMBER, "los", NULL, 0), .decimals = 3},
    {COLUMN(Row, note, COL_TEXT, NULL, "note", 6)},
};

static void column_tables_as_json(void **state)
{
	(void)state;
	Row r = {"<b>x</b>", 12, 5.25, NAN, "terminal only"};
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	html_json_columns(f, cols, 5);
	fputc('\n', f);
	html_json_row(f, cols, 5, &r);
	fclose(f);
	assert_string_equal(text, "[{\"name\":\"player\",\"head\":\"player\"},"
	                          "{\"name\":\"games\",\"head\":\"games\"},"
	                          "{\"name\":\"elo\",\"head\":\"elo\"},"
	                          "{\"name\":\"los\",\"head\":null}]\n"
	                          "[\"\\u003cb\\u003ex\\u003c/b\\u003e\",12,5.2,null]");
	assert_null(json_valid(strchr(text, '\n') + 1));
	free(text);
}

static void csv_files_as_json(void **state)
{
	(void)state;
	char buf[4096] = "iteration,name,x\n";
	for (int k = 0; k <= 20; k++) {
		size_t at = strlen(buf);
		snprintf(buf + at, sizeof buf - at, "%d,p<%d>,%g\n", k, k, k * 0.5);
	}
	const char *path = tmpdir_write("t.csv", buf);
	char *text = NULL, err[256];
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_int_equal(html_json_csv(f, path, 5, err, sizeof err), 0);
	fclose(f);
	assert_null(json_valid(text));
	/* 21 rows shown as 5: the first, the last, three between. */
	assert_string_equal(text,
	                    "{\"columns\":[\"iteration\",\"name\",\"x\"],\"rows\":["
	                    "[0,\"p\\u003c0\\u003e\",0],[5,\"p\\u003c5\\u003e\",2.5],"
	                    "[10,\"p\\u003c10\\u003e\",5],[15,\"p\\u003c15\\u003e\",7.5],"
	                    "[20,\"p\\u003c20\\u003e\",10]]}");
	free(text);
	f = open_memstream(&text, &len);
	assert_int_equal(html_json_csv(f, "/nonexistent/t.csv", 5, err, sizeof err), -1);
	fclose(f);
	assert_non_null(strstr(err, "/nonexistent/t.csv"));
	free(text);
}

/* html_json_csv of len bytes: its result, the JSON in *text (freed by the
 * caller), the message in err. */
static int csv_json(const char *bytes, size_t len, char **text, char *err, size_t errlen)
{
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/b.csv", dir);
	FILE *w = fopen(path, "wb");
	assert_non_null(w);
	assert_int_equal(fwrite(bytes, 1, len, w), len);
	fclose(w);
	size_t tlen = 0;
	FILE *f = open_memstream(text, &tlen);
	int rc = html_json_csv(f, path, 100, err, errlen);
	fclose(f);
	return rc;
}

/* What strtod reads but JSON has no number for stays text; a NUL byte or
 * an over-long line is an error of its line, not a cell cut short. */
static void csv_cells_numbers_or_text(void **state)
{
	(void)state;
	char *text, err[256] = "";
	static const char cells[] = "a,b,c,d,e,f,g,h,i\r\n"
	                            "inf,nan,0x1,1e999,-Infinity,+5,1e-3, 7,1.\r\n"
	                            "\n";
	assert_int_equal(csv_json(cells, sizeof cells - 1, &text, err, sizeof err), 0);
	assert_null(json_valid(text));
	assert_string_equal(text,
	                    "{\"columns\":[\"a\",\"b\",\"c\",\"d\",\"e\",\"f\",\"g\","
	                    "\"h\",\"i\"],\"rows\":[[\"inf\",\"nan\",\"0x1\",\"1e999\","
	                    "\"-Infinity\",5,0.001,\" 7\",1]]}");
	free(text);
	static const char nul[] = "a,b\n1,2\0 3\n";
	assert_int_equal(csv_json(nul, sizeof nul - 1, &text, err, sizeof err), -1);
	assert_non_null(strstr(err, "b.csv:2: a NUL byte in the line"));
	free(text);
	size_t big = 20000;
	char *lng = malloc(big + 8);
	memcpy(lng, "a\n", 2);
	memset(lng + 2, '7', big);
	lng[big + 2] = '\n';
	assert_int_equal(csv_json(lng, big + 3, &text, err, sizeof err), -1);
	free(lng);
	assert_non_null(strstr(err, "b.csv:2: line longer than 16384 bytes"));
	free(text);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	rewind(f);
	char *s = malloc((size_t)n + 1);
	assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
	s[n] = '\0';
	fclose(f);
	return s;
}

static void a_whole_page(void **state)
{
	(void)state;
	char path[128], err[512];
	snprintf(path, sizeof path, "%s/report.html", dir);
	HtmlPage p;
	const char *evil = "</script><script>alert(1)</script>";
	assert_int_equal(html_page_open(&p, path, evil, err, sizeof err), 0);
	FILE *f = html_page_member(&p, "names");
	fputc('[', f);
	html_json_string(f, evil);
	fputs(",", f);
	html_json_string(f, "<!--");
	fputc(']', f);
	fputs("5", html_page_member(&p, "five"));
	assert_int_equal(html_page_commit(&p, err, sizeof err), 0);

	char *page = slurp(path);
	assert_true(strncmp(page, "<!DOCTYPE html>", 15) == 0);
	assert_non_null(
	    strstr(page, "<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; - "));
	assert_non_null(strstr(page, "<h1>&lt;/script&gt;"));
	/* The page is one file: its style and script inline, nothing fetched. */
	assert_non_null(strstr(page, "<style>"));
	assert_non_null(strstr(page, "function main()"));
	assert_null(strstr(page, "src="));
	assert_null(strstr(page, "<link"));
	char *data = page_data(page);
	assert_non_null(data);
	assert_null(strchr(data, '<'));
	const char *bad = json_valid(data);
	if (bad)
		fail_msg("not JSON at '%.40s'", bad);
	assert_string_equal(data,
	                    "{\"title\":\"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)"
	                    "\\u003c/script\\u003e\",\n"
	                    "\"names\":[\"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)"
	                    "\\u003c/script\\u003e\",\"\\u003c!--\"],\n"
	                    "\"five\":5}");
	/* Two ends of a script element, the data's and the code's: none
	 * from the names. */
	int ends = 0;
	for (const char *s = page; (s = strstr(s, "</script>")); s++)
		ends++;
	assert_int_equal(ends, 2);
	free(data);
	free(page);
}

static void an_aborted_page_leaves_nothing(void **state)
{
	(void)state;
	char path[128], tmp[140], err[512];
	snprintf(path, sizeof path, "%s/aborted.html", dir);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	HtmlPage p;
	assert_int_equal(html_page_open(&p, path, "x", err, sizeof err), 0);
	html_page_abort(&p);
	FILE *f = fopen(path, "r");
	assert_null(f);
	f = fopen(tmp, "r");
	assert_null(f);
	snprintf(path, sizeof path, "%s/no/such/folder/r.html", dir);
	assert_int_equal(html_page_open(&p, path, "x", err, sizeof err), -1);
	assert_non_null(strstr(err, "cannot write"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(html_text_escapes_markup),
	    cmocka_unit_test(json_strings_cannot_leave_the_script),
	    cmocka_unit_test(numbers),
	    cmocka_unit_test(column_tables_as_json),
	    cmocka_unit_test(csv_files_as_json),
	    cmocka_unit_test(csv_cells_numbers_or_text),
	    cmocka_unit_test(a_whole_page),
	    cmocka_unit_test(an_aborted_page_leaves_nothing),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
