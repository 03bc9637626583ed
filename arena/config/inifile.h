/* inifile.h - an INI file read whole (through Debian's inih, see inifile.c),
 * every key with its line number, and
 * the value parsers the configuration readers share (arena/config/config.c,
 * arena/config/openings.c, tuner/spsa/spsa_config.c, tuner/texel/texel_config.c).
 *
 * The syntax, the same for every INI file the programs read:
 *   - lines come from lines.h: LF or CR LF, a UTF-8 byte-order mark at the
 *     start skipped, a NUL byte, another control character than a tab (a
 *     CR alone, DEL: printable.h) or a line over INIFILE_LINE_MAX bytes an
 *     error of its line; a file whose name holds one is refused too;
 *   - blanks (spaces, tabs) around everything are ignored, so keys may be
 *     indented;
 *   - a line whose first non-blank is ';' or '#' is a comment, of any
 *     length up to the limit;
 *   - "[NAME]" opens a section (runs of blanks in NAME read as one space;
 *     an inline comment may follow the ']');
 *   - "key = value": the value may be empty; " ;" (a ';' after a blank)
 *     starts an inline comment;
 *   - anything else, a key before any section, a section named twice, and
 *     a key given twice in one section (but for the keys the caller lets
 *     repeat) are errors "path:line: what is wrong", naming both lines.
 * The caller then reads the entries in whatever order it needs (a
 * player's type before its parameters, say) and names file:line in its
 * messages. Reading is linear in the file (duplicates are found by
 * sorting). */
#ifndef ARENA_INIFILE_H
#define ARENA_INIFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { INIFILE_LINE_MAX = 4096, INIFILE_PATH_MAX = 1024 };

typedef struct {
	int line;
	const char *name; /* between the brackets, blanks trimmed */
	int first, count; /* its keys: entries[first .. first + count) */
} IniSection;

typedef struct {
	int line;    /* of the key */
	int section; /* index into IniFile.sections */
	const char *key, *value;
} IniEntry;

typedef struct {
	char path[INIFILE_PATH_MAX];
	int nsections, nentries;
	IniSection *sections;  /* owned, in file order; free with inifile_free */
	IniEntry *entries;     /* owned, in file order */
	struct IniChunk *text; /* owned: the names, keys and values */
} IniFile;

/* Reads path into f. repeat: the keys that may be given more than once in
 * a section (NULL-terminated; NULL for none). Returns 0, or -1 with
 * "path:line: what is wrong" (or "path: cannot open: ...") in err; f is
 * then empty. */
int inifile_read(const char *path, const char *const *repeat, IniFile *f, char *err,
                 size_t errlen);

/* Frees what f owns; f is left empty. Accepts an empty f. */
void inifile_free(IniFile *f);

/* Writes "path:line: msg" (line > 0) or "path: msg" to err; returns -1. */
int inifile_fail(const IniFile *f, int line, const char *msg, char *err, size_t errlen);

/* Value parsers (num.h's strict numbers): 0, or -1 with "'key' takes ...,
 * not 'v'" in err. */
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

/* True if v can name a run's folder: not empty, no '/', not "." or "..",
 * and no control character (a byte below 0x20, or 0x7f). */
bool inifile_folder_name(const char *v);

/* The file's name without its folder and extension ("configs/t.ini": "t"),
 * the default name of a run, into out. Returns 0, or (out empty) -1 if it
 * does not fit and -2 if it cannot name a folder (inifile_folder_name): the
 * file must then give a name. inifile_stem_why(rc) says which, as "the
 * file's name ...". */
int inifile_stem(const char *path, char *out, size_t outlen);
const char *inifile_stem_why(int rc);

#endif
