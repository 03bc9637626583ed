/* inifile.h - an INI file read whole, every key with its line number, and
 * the value parsers the configuration readers share (arena/config.c,
 * arena/openings.c, tuner/spsa_config.c, tuner/texel_config.c).
 *
 * Debian's inih gives its handler no line numbers and splits lines longer
 * than its 200-byte buffer, so the file is fed through a reader that counts
 * lines, refuses an over-long line, and notes every [section] header with
 * its line (inih reports a section only through its keys, so an empty or
 * repeated one would go unseen). The caller then reads the entries in
 * whatever order it needs (a player's type before its parameters, say) and
 * names file:line in its messages. A key given twice is kept twice, in file
 * order. */
#ifndef ARENA_INIFILE_H
#define ARENA_INIFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { INIFILE_TEXT_MAX = 200, INIFILE_PATH_MAX = 1024 };

typedef struct {
	int line;
	char name[INIFILE_TEXT_MAX]; /* between the brackets, as written */
} IniSection;

typedef struct {
	int line;    /* of the key */
	int section; /* index into IniFile.sections; -1 before any section */
	char key[INIFILE_TEXT_MAX];
	char value[INIFILE_TEXT_MAX];
} IniEntry;

typedef struct {
	char path[INIFILE_PATH_MAX];
	int nsections, nentries;
	IniSection *sections; /* owned, in file order; free with inifile_free */
	IniEntry *entries;    /* owned, in file order */
} IniFile;

/* Reads path into f. Returns 0, or -1 with "path:line: what is wrong" (or
 * "path: cannot open: ...") in err; f is then empty. */
int inifile_read(const char *path, IniFile *f, char *err, size_t errlen);

/* Frees what f owns; f is left empty. Accepts an empty f. */
void inifile_free(IniFile *f);

/* Writes "path:line: msg" (line > 0) or "path: msg" to err; returns -1. */
int inifile_fail(const IniFile *f, int line, const char *msg, char *err, size_t errlen);

/* Value parsers: 0, or -1 with "'key' takes ..., not 'v'" in err. */
int inifile_long(const char *key, const char *v, long lo, long hi, long *out, char *err,
                 size_t errlen);
int inifile_int(const char *key, const char *v, int lo, int hi, int *out, char *err,
                size_t errlen);
int inifile_real(const char *key, const char *v, double lo, double hi, double *out,
                 char *err, size_t errlen);
int inifile_bool(const char *key, const char *v, bool *out, char *err, size_t errlen);
int inifile_seed(const char *key, const char *v, uint64_t *out, char *err, size_t errlen);

/* Writes v resolved against the folder of ini_path (an absolute v as is)
 * to out. Returns 0, or -1 if it does not fit. */
int inifile_resolve_path(const char *ini_path, const char *v, char *out, size_t outlen);

/* The file's name without its folder and extension ("configs/t.ini": "t"),
 * the default name of a run, into out (cut to fit). */
void inifile_stem(const char *path, char *out, size_t outlen);

#endif
