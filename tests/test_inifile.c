/* test_inifile.c - the INI syntax every configuration file shares
 * (inifile.h): what it accepts (a byte-order mark, CR LF, indented keys,
 * long comments, inline comments) and what it refuses, each with the line
 * that caused it and, for a duplicate, the line of the first. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "inifile.h"
#include "tmpdir.h"

/* Writes n bytes to dir/t.ini; returns the path. */
static const char *write_bytes(const char *data, size_t n)
{
	static char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/t.ini", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, n, f), n);
	fclose(f);
	return path;
}

#define WRITE(lit) write_bytes(lit, sizeof lit - 1)

static void valid_oddities(void **state)
{
	(void)state;
	char text[5000];
	int n = snprintf(text, sizeof text, "\xEF\xBB\xBF; a comment of 200 characters: ");
	while (n < 3 + 200)
		text[n++] = 'c';
	n += snprintf(text + n, sizeof text - (size_t)n,
	              "\r\n[ player   a b ]  ; its comment\r\n"
	              "\tkey = value ; inline comment\r\n"
	              "  other=x;y\r\n"
	              "# another comment\r\n"
	              "\t\tempty =\r\n"
	              "last = no newline at the end");
	const char *path = write_bytes(text, (size_t)n);
	IniFile f;
	char err[512];
	if (inifile_read(path, NULL, &f, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_int_equal(f.nsections, 1);
	assert_string_equal(f.sections[0].name, "player a b");
	assert_int_equal(f.sections[0].line, 2);
	assert_int_equal(f.nentries, 4);
	assert_int_equal(f.sections[0].first, 0);
	assert_int_equal(f.sections[0].count, 4);
	assert_string_equal(f.entries[0].key, "key");
	assert_string_equal(f.entries[0].value, "value");
	assert_int_equal(f.entries[0].line, 3);
	assert_string_equal(f.entries[1].key, "other");
	assert_string_equal(f.entries[1].value, "x;y"); /* no blank before ';' */
	assert_string_equal(f.entries[2].value, "");
	assert_int_equal(f.entries[3].line, 7);
	assert_string_equal(f.entries[3].value, "no newline at the end");
	inifile_free(&f);

	/* A comment as long as a line may be. */
	n = snprintf(text, sizeof text, "[s]\n;");
	while (n < 4 + INIFILE_LINE_MAX)
		text[n++] = 'c';
	text[n++] = '\n';
	path = write_bytes(text, (size_t)n);
	if (inifile_read(path, NULL, &f, err, sizeof err) < 0)
		fail_msg("%s", err);
	inifile_free(&f);
}

/* Reading text must fail with "t.ini:LINE: must" exactly (past the folder). */
static void refused(const char *data, size_t n, const char *const *repeat, const char *must)
{
	const char *path = write_bytes(data, n);
	IniFile f;
	char err[512] = "";
	if (inifile_read(path, repeat, &f, err, sizeof err) == 0)
		fail_msg("accepted %.60s", data);
	const char *slash = strrchr(err, '/');
	if (!slash || strcmp(slash + 1, must) != 0)
		fail_msg("got '%s', want '%s'", err, must);
	assert_int_equal(f.nentries, 0); /* left empty */
}

#define REFUSED(lit, must) refused(lit, sizeof lit - 1, NULL, must)

static void errors_name_their_line(void **state)
{
	(void)state;
	REFUSED("[s]\na = 1\nb = 2\na = 3\n",
	        "t.ini:4: 'a' is given twice in [s] (first at line 2)");
	REFUSED("[s]\n[t]\n[s]\n", "t.ini:3: [s] appears twice (first at line 1)");
	REFUSED("[player  a]\n[player a]\n",
	        "t.ini:2: [player a] appears twice (first at line 1)");
	/* The earliest second occurrence is the one reported. */
	REFUSED("[s]\na = 1\n[t]\n[s]\na = 2\n",
	        "t.ini:4: [s] appears twice (first at line 1)");
	REFUSED("[s]\na = 1\na = 1\nb\n", "t.ini:4: expected [section] or key = value");
	REFUSED("a = 1\n[s]\n", "t.ini:1: 'a' is outside any section");
	REFUSED("[s]\n= 1\n", "t.ini:2: a key is missing before '='");
	REFUSED("[s\n", "t.ini:1: expected [section]: no closing ']'");
	REFUSED("[s] x\n",
	        "t.ini:1: expected [section] and nothing after it but a comment");
	REFUSED("[ ]\n", "t.ini:1: empty section name []");
	REFUSED("[s]\na = 1\nb = \0\nc = 3\n", "t.ini:3: a NUL byte in the line");
	REFUSED("[s]\n\0\n\0\n", "t.ini:2: a NUL byte in the line");
	REFUSED("[s]\ninfo = a 1\rBEGIN\n",
	        "t.ini:2: a control character (byte 13) in the line");
	REFUSED("[s]\r\r\n", "t.ini:1: a control character (byte 13) in the line");
	/* Lines after a NUL keep their numbers. */
	REFUSED("[s]\n;\0\nx\n", "t.ini:2: a NUL byte in the line");
	/* Blank lines and CR LF count as lines. */
	REFUSED("[s]\r\n\r\n\r\nx\r\n", "t.ini:4: expected [section] or key = value");
	static const char *const moves[] = {"moves", NULL};
	static const char rep[] = "[o]\nmoves = a\nmoves = b\nnote = 1\nnote = 2\n";
	refused(rep, sizeof rep - 1, moves,
	        "t.ini:5: 'note' is given twice in [o] (first at line 4)");
	char text[5000] = "[s]\nk = ";
	size_t n = strlen(text);
	while (n < INIFILE_LINE_MAX + 5)
		text[n++] = 'v';
	text[n++] = '\n';
	refused(text, n, NULL, "t.ini:2: line longer than 4096 bytes");
	IniFile f;
	char err[512];
	assert_int_equal(inifile_read("/nonexistent/t.ini", NULL, &f, err, sizeof err), -1);
	assert_string_equal(err,
	                    "/nonexistent/t.ini: cannot open: No such file or directory");
}

static void repeatable_keys_stay_in_order(void **state)
{
	(void)state;
	static const char *const moves[] = {"moves", NULL};
	const char *path = WRITE("[o]\nmoves = a\nmoves = b\n");
	IniFile f;
	char err[512];
	assert_int_equal(inifile_read(path, moves, &f, err, sizeof err), 0);
	assert_int_equal(f.nentries, 2);
	assert_string_equal(f.entries[0].value, "a");
	assert_string_equal(f.entries[1].value, "b");
	inifile_free(&f);
}

static void value_parsers_are_strict(void **state)
{
	(void)state;
	char err[256];
	long l;
	double x;
	bool b;
	uint64_t u;
	assert_int_equal(inifile_long("n", "0x10", 0, 100, &l, err, sizeof err), -1);
	assert_string_equal(err, "'n' takes a whole number from 0 to 100, not '0x10'");
	assert_int_equal(inifile_real("r", "inf", 0, 1, &x, err, sizeof err), -1);
	assert_int_equal(inifile_real("r", "nan", 0, 1, &x, err, sizeof err), -1);
	assert_int_equal(inifile_real("r", "1e999", 0, 1e308, &x, err, sizeof err), -1);
	assert_int_equal(inifile_real("r", "0.5", 0, 1, &x, err, sizeof err), 0);
	assert_int_equal(inifile_bool("b", "On", &b, err, sizeof err), -1);
	assert_int_equal(inifile_seed("s", "18446744073709551615", &u, err, sizeof err), 0);
	assert_int_equal(inifile_seed("s", "-1", &u, err, sizeof err), -1);
	char stem[8];
	assert_int_equal(inifile_stem("a/b/run.ini", stem, sizeof stem), 0);
	assert_string_equal(stem, "run");
	assert_int_equal(inifile_stem("a/b/a-very-long-name.ini", stem, sizeof stem), -1);
	assert_string_equal(stem, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(valid_oddities),
	    cmocka_unit_test(errors_name_their_line),
	    cmocka_unit_test(repeatable_keys_stay_in_order),
	    cmocka_unit_test(value_parsers_are_strict),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
