/* test_opt.c - the commands' option parser (arena/cmd/opt.h): every kind of
 * value in both forms, ranges at their bounds and one past, overflow and
 * junk, missing values, unknown options, repeats, positional arguments,
 * and a help that names every option. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opt.h"

static const char *const rules[] = {"freestyle", "standard", "renju", NULL};

/* A command with one option of each kind and two positional arguments. */
typedef struct {
	bool log;
	long threads, big;
	double tolerance;
	const char *out, *file, *job;
	int rule;
	const char *set_items[3];
	OptList sets;
	Opt opts[8], args[3];
	OptSpec spec;
} Cmd;

static void cmd_init(Cmd *c)
{
	memset(c, 0, sizeof *c);
	c->threads = -1; /* out of range: "the file's", no default shown */
	c->big = 7;
	c->tolerance = 0.17;
	c->rule = 0;
	c->sets = (OptList){c->set_items, 3, 0};
	Opt opts[] = {
	    {.name = "log", .kind = OPT_FLAG, .dest = &c->log, .help = "keep logs"},
	    {.name = "threads",
	     .short_name = 't',
	     .kind = OPT_INT,
	     .dest = &c->threads,
	     .min = 0,
	     .max = 1024,
	     .help = "threads",
	     .deflt = "the file's"},
	    {.name = "big",
	     .kind = OPT_INT,
	     .dest = &c->big,
	     .min = LONG_MIN,
	     .max = LONG_MAX,
	     .help = "any whole number"},
	    {.name = "tolerance",
	     .kind = OPT_REAL,
	     .dest = &c->tolerance,
	     .rmin = 0,
	     .rmax = 0.5,
	     .help = "how far from even"},
	    {.name = "out",
	     .kind = OPT_TEXT,
	     .dest = &c->out,
	     .metavar = "DIR",
	     .what = "a folder name",
	     .help = "where"},
	    {.name = "rule",
	     .kind = OPT_CHOICE,
	     .dest = &c->rule,
	     .choices = rules,
	     .help = "the rule"},
	    {.name = "set",
	     .kind = OPT_LIST,
	     .dest = &c->sets,
	     .metavar = "KEY=VALUE",
	     .help = "a key of the file"},
	    OPT_END};
	Opt args[] = {{.name = "FILE.ini",
	               .kind = OPT_TEXT,
	               .dest = &c->file,
	               .required = true,
	               .help = "the configuration"},
	              {.name = "JOB", .kind = OPT_TEXT, .dest = &c->job, .help = "a job"},
	              OPT_END};
	memcpy(c->opts, opts, sizeof opts);
	memcpy(c->args, args, sizeof args);
	c->spec = (OptSpec){"arena run", "Runs things.\n", c->args, c->opts};
}

/* Parses the arguments (a NULL-terminated list after the command's name);
 * returns opt_parse's result, the message in err. */
static char err[1024];
static int parse(Cmd *c, ...)
{
	char *argv[32] = {"run"};
	int argc = 1;
	va_list ap;
	va_start(ap, c);
	for (char *a; (a = va_arg(ap, char *));)
		argv[argc++] = a;
	va_end(ap);
	err[0] = '\0';
	return opt_parse(&c->spec, argc, argv, err, sizeof err);
}

static void test_kinds(void **state)
{
	(void)state;
	Cmd c;
	cmd_init(&c);
	assert_int_equal(parse(&c, "t.ini", NULL), 0);
	assert_string_equal(c.file, "t.ini");
	assert_null(c.job);
	assert_false(c.log);
	assert_int_equal(c.threads, -1); /* defaults stay */
	assert_true(c.tolerance == 0.17);
	assert_null(c.out);

	cmd_init(&c);
	assert_int_equal(parse(&c, "--log", "--threads", "4", "--tolerance", "0.25",
	                       "--out", "o", "--rule", "renju", "--set", "a.b=1", "t.ini",
	                       "12", NULL),
	                 0);
	assert_true(c.log);
	assert_int_equal(c.threads, 4);
	assert_true(c.tolerance == 0.25);
	assert_string_equal(c.out, "o");
	assert_int_equal(c.rule, 2);
	assert_int_equal(c.sets.count, 1);
	assert_string_equal(c.set_items[0], "a.b=1");
	assert_string_equal(c.file, "t.ini");
	assert_string_equal(c.job, "12");

	/* The = form, the short name, options between the arguments. */
	cmd_init(&c);
	assert_int_equal(parse(&c, "t.ini", "--threads=0", "--tolerance=.5", "--out=x=y",
	                       "--rule=standard", "--set=k=v", "-t", "9", "7", NULL),
	                 0);
	assert_int_equal(c.threads, 9);
	assert_true(c.tolerance == 0.5);
	assert_string_equal(c.out, "x=y");
	assert_int_equal(c.rule, 1);
	assert_string_equal(c.set_items[0], "k=v");
	assert_string_equal(c.job, "7");
}

static void expect_error(const char *arg, const char *value, const char *message)
{
	Cmd c;
	cmd_init(&c);
	assert_int_equal(parse(&c, "t.ini", arg, value, NULL), -1);
	assert_string_equal(err, message);
}

static void expect_ok(const char *arg, const char *value)
{
	Cmd c;
	cmd_init(&c);
	if (parse(&c, "t.ini", arg, value, NULL) != 0)
		fail_msg("%s %s: %s", arg, value, err);
}

/* A control character in a text is refused: a path with a line break
 * would end up in config.ini (README "Hostile text"); a tab is a blank. */
static void test_control_characters(void **state)
{
	(void)state;
	expect_error("--out", "a\n[player z]",
	             "arena run: --out: a control character (byte 10) in a folder name");
	expect_error("--set", "tournament.name=\x1b[2J",
	             "arena run: --set: a control character (byte 27) in a value");
	expect_error("--out", "del\x7f",
	             "arena run: --out: a control character (byte 127) "
	             "in a folder name");
	expect_ok("--out", "tab\there");
	Cmd c;
	cmd_init(&c);
	assert_int_equal(parse(&c, "evil\r.ini", NULL), -1);
	assert_string_equal(
	    err, "arena run: FILE.ini: a control character (byte 13) in a value");
}

static void test_ranges(void **state)
{
	(void)state;
	const char *threads = "arena run: --threads takes a whole number from 0 to 1024";
	expect_ok("--threads", "0");
	expect_ok("--threads", "1024");
	expect_error("--threads", "-1", threads);
	expect_error("--threads", "1025", threads);
	expect_error("--threads", "99999999999999999999", threads);
	expect_error("--threads", "-99999999999999999999", threads);
	Cmd c;
	cmd_init(&c);
	assert_int_equal(parse(&c, "t.ini", "--big", "9223372036854775807", NULL), 0);
	assert_int_equal(c.big, LONG_MAX);
	assert_int_equal(parse(&c, "t.ini", "--big", "-9223372036854775808", NULL), 0);
	assert_int_equal(c.big, LONG_MIN);
	char big[128];
	snprintf(big, sizeof big, "arena run: --big takes a whole number from %ld to %ld",
	         LONG_MIN, LONG_MAX);
	expect_error("--big", "9223372036854775808", big);
	expect_error("--big", "-9223372036854775809", big);

	const char *tol = "arena run: --tolerance takes a number from 0 to 0.5";
	expect_ok("--tolerance", "0");
	expect_ok("--tolerance", "0.5");
	expect_ok("--tolerance", "5e-1");
	expect_ok("--tolerance", "-0");
	expect_error("--tolerance", "0.50001", tol);
	expect_error("--tolerance", "-0.00001", tol);
	expect_error("--tolerance", "1e999", tol); /* overflows to inf */
}

static void test_junk(void **state)
{
	(void)state;
	const char *threads = "arena run: --threads takes a whole number from 0 to 1024";
	const char *bad_int[] = {"0x1", "1x", " 1", "1 ", "+1", "", "-", "1.0", "1e2", "٣"};
	for (size_t i = 0; i < sizeof bad_int / sizeof *bad_int; i++)
		expect_error("--threads", bad_int[i], threads);
	const char *tol = "arena run: --tolerance takes a number from 0 to 0.5";
	const char *bad_real[] = {"inf",  "nan",  "-inf", "0x1p-3", "0x.1",
	                          ".",    "1e",   "1e+",  "0.1x",   " 0.1",
	                          "0.1 ", "+0.1", "",     "0,1",    "e1"};
	for (size_t i = 0; i < sizeof bad_real / sizeof *bad_real; i++)
		expect_error("--tolerance", bad_real[i], tol);
	expect_ok("--tolerance", ".1");
	expect_ok("--tolerance", "0.");
	expect_ok("--tolerance", "1E-1");
	expect_ok("--tolerance", "0e+0");
	expect_error("--tolerance", "1e+0", tol); /* 1 is out of range */
	expect_error("--rule", "Renju",
	             "arena run: --rule takes freestyle, standard or renju");
	expect_error("--out", "", "arena run: --out needs a folder name");
	expect_error("--set", "", "arena run: --set needs a value");
	expect_error("--log=yes", NULL, "arena run: --log takes no value");
}

static void test_missing_and_unknown(void **state)
{
	(void)state;
	expect_error("--threads", NULL,
	             "arena run: --threads takes a whole number from 0 to 1024");
	expect_error("--out", NULL, "arena run: --out needs a folder name");
	expect_error("--rule", NULL,
	             "arena run: --rule takes freestyle, standard or renju");
	expect_error("--tolerance", NULL,
	             "arena run: --tolerance takes a number from 0 to 0.5");
	expect_error("--bogus", NULL, "arena run: unknown option '--bogus' (try --help)");
	expect_error("--bogus=1", NULL, "arena run: unknown option '--bogus' (try --help)");
	expect_error("--thread", "1", "arena run: unknown option '--thread' (try --help)");
	expect_error("-x", NULL, "arena run: unknown option '-x' (try --help)");
	expect_error("-tt", NULL, "arena run: unknown option '-tt' (try --help)");
	Cmd c;
	cmd_init(&c);
	assert_int_equal(parse(&c, "--log", NULL), -1);
	assert_string_equal(err, "arena run: no FILE.ini given (try --help)");
	assert_int_equal(parse(&c, "a", "b", "c", NULL), -1);
	assert_string_equal(err, "arena run: unexpected argument 'c' (try --help)");
	/* A value is the next argument, whatever it looks like. */
	cmd_init(&c);
	assert_int_equal(parse(&c, "t.ini", "--out", "--log", NULL), 0);
	assert_string_equal(c.out, "--log");
	assert_false(c.log);
	/* After --, and a lone -, arguments are positional. */
	cmd_init(&c);
	assert_int_equal(parse(&c, "-", "--", "--log", NULL), 0);
	assert_string_equal(c.file, "-");
	assert_string_equal(c.job, "--log");
	assert_false(c.log);
}

static void test_repeats(void **state)
{
	(void)state;
	Cmd c;
	cmd_init(&c);
	assert_int_equal(parse(&c, "t.ini", "--threads", "1", "--threads=2", "--out", "a",
	                       "--out", "b", "--rule", "renju", "--rule", "freestyle",
	                       "--log", "--log", NULL),
	                 0);
	assert_int_equal(c.threads, 2); /* the last one counts */
	assert_string_equal(c.out, "b");
	assert_int_equal(c.rule, 0);
	assert_true(c.log);
	cmd_init(&c);
	assert_int_equal(
	    parse(&c, "t.ini", "--set", "a=1", "--set", "b=2", "--set", "c=3", NULL), 0);
	assert_int_equal(c.sets.count, 3); /* a list appends */
	assert_string_equal(c.set_items[2], "c=3");
	cmd_init(&c);
	assert_int_equal(parse(&c, "t.ini", "--set", "a=1", "--set", "b=2", "--set", "c=3",
	                       "--set", "d=4", NULL),
	                 -1);
	assert_string_equal(err, "arena run: --set: more than 3 given");
}

/* A positional list takes every argument from its place on. */
static void test_positional_list(void **state)
{
	(void)state;
	const char *items[2];
	OptList types = {items, 2, 0};
	long n = 5;
	Opt args[] = {{.name = "TYPE", .kind = OPT_LIST, .dest = &types, .help = "a type"},
	              OPT_END};
	Opt opts[] = {
	    {.name = "n", .kind = OPT_INT, .dest = &n, .min = 1, .max = 9, .help = "n"},
	    OPT_END};
	OptSpec spec = {"arena players", NULL, args, opts};
	char *argv[] = {"players", "a", "b", "--n", "3", "c", NULL};
	assert_int_equal(opt_parse(&spec, 3, argv, err, sizeof err), 0);
	assert_int_equal(types.count, 2);
	assert_int_equal(n, 5);
	types.count = 0;
	assert_int_equal(opt_parse(&spec, 6, argv, err, sizeof err), -1);
	assert_string_equal(err, "arena players: TYPE: more than 2 given");
	types.count = 0;
	assert_int_equal(opt_parse(&spec, 1, argv, err, sizeof err), 0); /* not required */
	args[0].required = true;
	assert_int_equal(opt_parse(&spec, 1, argv, err, sizeof err), -1);
	assert_string_equal(err, "arena players: no TYPE given (try --help)");
	/* A positional whole number is checked as an option's. */
	long job = -1;
	Opt jobs[] = {{.name = "JOB", .kind = OPT_INT, .dest = &job, .min = 0, .max = 10},
	              OPT_END};
	OptSpec js = {"arena show", NULL, jobs, NULL};
	char *bad[] = {"show", "11", NULL}, *good[] = {"show", "10", NULL};
	assert_int_equal(opt_parse(&js, 2, bad, err, sizeof err), -1);
	assert_string_equal(err, "arena show: JOB takes a whole number from 0 to 10");
	assert_int_equal(opt_parse(&js, 2, good, err, sizeof err), 0);
	assert_int_equal(job, 10);
	char *opt[] = {"show", "--n", NULL};
	assert_int_equal(opt_parse(&js, 2, opt, err, sizeof err), -1);
	assert_string_equal(err, "arena show: unknown option '--n' (try --help)");
}

static char *help_text(const OptSpec *spec)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	opt_help(spec, f);
	fclose(f);
	return text;
}

static void test_help(void **state)
{
	(void)state;
	Cmd c;
	cmd_init(&c);
	/* -h or --help anywhere wins over errors elsewhere, but not after --. */
	assert_int_equal(parse(&c, "--bogus", "--threads", "x", "-h", NULL), 1);
	assert_int_equal(parse(&c, "t.ini", "--help", NULL), 1);
	cmd_init(&c);
	assert_int_equal(parse(&c, "t.ini", "--", "--help", NULL), 0);
	assert_string_equal(c.job, "--help");

	cmd_init(&c);
	char *text = help_text(&c.spec);
	assert_true(strncmp(text,
	                    "usage: arena run FILE.ini [JOB] [options]\n\nRuns things.\n",
	                    55) == 0);
	for (const Opt *o = c.opts; o->name; o++) {
		char name[64];
		snprintf(name, sizeof name, "--%s", o->name);
		if (!strstr(text, name))
			fail_msg("the help does not name %s:\n%s", name, text);
		if (!strstr(text, o->help))
			fail_msg("the help lacks '%s':\n%s", o->help, text);
	}
	const char *lines[] = {
	    "  -t, --threads N ",
	    "threads (0 to 1024; default: the file's)\n",
	    "any whole number\n", /* too long for one line: the range goes below */
	    "   (-9223372036854775808 to 9223372036854775807; default 7)\n",
	    "how far from even (0 to 0.5; default 0.17)\n",
	    "      --out DIR ",
	    "      --rule freestyle|standard|renju",
	    "the rule (default freestyle)\n",
	    "      --set KEY=VALUE ",
	    "      --log ",
	    "keep logs\n",
	    "  -h, --help ",
	    "\narguments:\n  FILE.ini ",
	    "the configuration\n",
	    "\noptions:\n",
	};
	for (size_t i = 0; i < sizeof lines / sizeof *lines; i++)
		if (!strstr(text, lines[i]))
			fail_msg("the help lacks '%s':\n%s", lines[i], text);
	free(text);
	/* The defaults shown are the values at the time of the help. */
	c.threads = 3;
	c.opts[1].deflt = NULL;
	text = help_text(&c.spec);
	assert_non_null(strstr(text, "threads (0 to 1024; default 3)\n"));
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_kinds),   cmocka_unit_test(test_ranges),
	    cmocka_unit_test(test_junk),    cmocka_unit_test(test_missing_and_unknown),
	    cmocka_unit_test(test_repeats), cmocka_unit_test(test_positional_list),
	    cmocka_unit_test(test_help),    cmocka_unit_test(test_control_characters),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
