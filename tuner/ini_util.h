/* ini_util.h - an INI file read whole, every key with its line number, for
 * the tuner's configuration files.
 *
 * Debian's inih gives its handler no line numbers, so the file is fed
 * through a reader that counts lines, notes every [section] header (inih
 * reports a section only through its keys, so an empty one would go
 * unseen) and refuses lines longer than inih's buffer instead of letting
 * inih split them. The caller then reads the entries in whatever order it
 * needs (a player's type before its parameters, say) and names file:line in
 * its messages. */
#ifndef TUNER_INI_UTIL_H
#define TUNER_INI_UTIL_H

#include <stddef.h>
#include <stdint.h>

enum { INI_TEXT_MAX = 200 };

typedef struct {
	int line;
	char name[INI_TEXT_MAX]; /* between the brackets, as written */
} IniSection;

typedef struct {
	int line;    /* of the key */
	int section; /* index into IniFile.sections; -1 before any section */
	char key[INI_TEXT_MAX];
	char value[INI_TEXT_MAX];
} IniEntry;

typedef struct {
	char path[1024];
	int nsections, nentries;
	IniSection *sections; /* owned; free with ini_file_free */
	IniEntry *entries;    /* owned, in file order */
} IniFile;

/* Reads path into f. Returns 0, or -1 with "path:line: what is wrong" (or
 * "path: cannot open: ...") in err; f is then empty. */
int ini_file_read(const char *path, IniFile *f, char *err, size_t errlen);

/* Frees what f owns; f is left empty. Accepts an empty f. */
void ini_file_free(IniFile *f);

/* Value parsers: 0, or -1 with "'key' takes ..., not 'v'" in err. */
int ini_parse_long(const char *key, const char *v, long lo, long hi, long *out, char *err,
                   size_t errlen);
int ini_parse_real(const char *key, const char *v, double lo, double hi, double *out,
                   char *err, size_t errlen);
int ini_parse_bool(const char *key, const char *v, int *out, char *err, size_t errlen);
int ini_parse_seed(const char *key, const char *v, uint64_t *out, char *err, size_t errlen);

/* Writes v resolved against the folder of ini_path (an absolute v as is)
 * to out. Returns 0, or -1 if it does not fit. */
int ini_resolve_path(const char *ini_path, const char *v, char *out, size_t outlen);

#endif
