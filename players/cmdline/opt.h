/* opt.h - the one option parser of the programs (arena, tuner, pbrain-*).
 *
 * A command declares its options and its positional arguments in two
 * tables of Opt (each ended by an entry whose name is NULL, OPT_END);
 * opt_parse reads argv into the variables the entries point at, and
 * opt_help prints the help from the same tables. The variables hold the
 * defaults before the call (the help shows them).
 *
 * Options are `--name value`, `--name=value`, `-x value` for an entry with
 * a short name, and `--name` alone for a flag; they may come before, after
 * and between the positional arguments. `--` ends the options (what follows
 * is positional, even when it begins with '-'); a lone `-` is positional.
 * `-h` or `--help` anywhere before `--` asks for the help, whatever else
 * the line holds.
 *
 * Values are strict: a whole number is an optional '-' and decimal digits
 * (no "0x1", no "+1", no spaces, no trailing junk), range-checked without
 * overflow; a number is a decimal with an optional exponent (no "inf",
 * "nan" or hexadecimal), finite and in its range; a text is not empty.
 *
 * An option given twice: the last one counts (OPT_LIST appends instead).
 *
 * The tables and the strings they point to must outlive the parse; text
 * values point into argv. Nothing here is global: safe from any thread. */
#ifndef PLAYERS_CMDLINE_OPT_H
#define PLAYERS_CMDLINE_OPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef enum {
	OPT_FLAG,   /* no value: *(bool *)dest = true */
	OPT_INT,    /* a whole number from min to max: *(long *)dest */
	OPT_REAL,   /* a number from rmin to rmax: *(double *)dest */
	OPT_TEXT,   /* a text that is not empty: *(const char **)dest */
	OPT_CHOICE, /* one of choices: its index in *(int *)dest */
	OPT_LIST,   /* a text, appended to *(OptList *)dest at each use */
} OptKind;

/* Where an OPT_LIST collects its values: items has room for max. */
typedef struct {
	const char **items;
	int max;
	int count; /* set to 0 by the caller, then counted by opt_parse */
} OptList;

typedef struct {
	/* An option's long name without the dashes ("threads" for --threads);
	 * a positional argument's placeholder ("FILE.ini"). NULL ends a table. */
	const char *name;
	char short_name; /* 'x' for -x, or 0; options only */
	OptKind kind;
	void *dest;                 /* see OptKind */
	long min, max;              /* OPT_INT: the range, both included */
	double rmin, rmax;          /* OPT_REAL: the range, both included */
	const char *const *choices; /* OPT_CHOICE: the names, NULL-terminated */
	const char *metavar;        /* the value in the help ("N", "DIR"); NULL: by kind */
	const char *help;           /* one line, without the default or the range */
	/* OPT_TEXT and OPT_LIST: the value as messages name it ("a folder
	 * name"); NULL: "a value". */
	const char *what;
	/* The default as the help shows it, after "default: " ("from the
	 * file"); NULL: the value in *dest when the help is printed, if it is a
	 * valid one. */
	const char *deflt;
	bool required; /* positional arguments: must be given */
} Opt;

/* The entry that ends a table, and the two most common entries in a line
 * each: a whole number and a number in a range. */
/* clang-format off */
#define OPT_END {.name = NULL}
#define OPT_INTEGER(n, d, lo, hi, h) \
	{.name = (n), .kind = OPT_INT, .dest = (d), .min = (lo), .max = (hi), .help = (h)}
#define OPT_NUMBER(n, d, lo, hi, h) \
	{.name = (n), .kind = OPT_REAL, .dest = (d), .rmin = (lo), .rmax = (hi), .help = (h)}
/* clang-format on */

typedef struct {
	/* The command as typed ("arena run"): the usage line and every
	 * message begin with it. */
	const char *prog;
	/* What the command does, printed after the usage line: lines of at
	 * most 78 characters, each ended by '\n'. NULL: nothing. */
	const char *about;
	/* The positional arguments in their order; the last may be an OPT_LIST,
	 * which takes every argument from there on. NULL: none. */
	const Opt *args;
	const Opt *opts; /* NULL: none (there is always --help) */
} OptSpec;

/* What opt_parse returns when -h or --help was given (err.h's convention:
 * a named positive value for a second way to succeed). */
enum { OPT_HELP = 1 };

/* Reads argv[1..argc-1] (argv[0] is the command's name) into the tables'
 * variables. Returns 0 when done, OPT_HELP when -h or --help was given
 * (nothing else is read), ERR_FAIL (-1) with a message in err that begins with spec->prog:
 * an unknown option, a missing or bad value ("arena run: --threads takes a
 * whole number from 0 to 1024"), a positional argument too many or one
 * missing. After -1 the variables may hold some of the values read. */
int opt_parse(const OptSpec *spec, int argc, char **argv, char *err, size_t errlen);

/* The help: the usage line, the about text, then a line for each argument
 * and option with its range and default. */
void opt_help(const OptSpec *spec, FILE *f);

enum { OPT_GO_ON = -1 };

/* opt_parse for a command's entry point: --help printed to stdout returns
 * 0, an error printed to stderr returns 2 (the exit status of bad input),
 * a good line returns OPT_GO_ON. */
int opt_command(const OptSpec *spec, int argc, char **argv);

/* `PROG --version`: "PROG 0.1.0" and the options of the build on a line
 * each ("Release build, MPI on, libfiu crash points off, ..."). */
void opt_version(FILE *f, const char *prog);

#endif
