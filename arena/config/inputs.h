/* inputs.h - what a tournament's games depend on besides its keys: the
 * openings file and the programs of external players, known by their
 * contents.
 *
 * arena run records them in config.ini: `openings` as an absolute path
 * with `openings_hash`, and in the [player] section of a player with a
 * `command`, the program it resolves to (`program`, an absolute path) with
 * `program_hash`. A resume whose inputs changed is refused (the hash lines
 * differ), and a configuration that gives a hash is checked against the
 * file when it is run again.
 *
 * The hash is FNV-1a 64 (Fowler, Noll, Vo: offset basis
 * 0xcbf29ce484222325, prime 0x100000001b3, each byte XORed in, then a
 * multiplication) over the file's bytes, written "fnv1a64:" and 16
 * lowercase hex digits. It tells a changed file from the same one; it is
 * not meant to resist a forged one. */
#ifndef ARENA_INPUTS_H
#define ARENA_INPUTS_H

#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "config_diff.h"

#define INPUTS_FNV_BASIS 0xcbf29ce484222325ull
enum { INPUTS_HASH_MAX = CONFIG_HASH_MAX };

/* h carried over len bytes of data; start from INPUTS_FNV_BASIS. */
uint64_t inputs_fnv1a64(const void *data, size_t len, uint64_t h);

/* The hash text of the file path into out (INPUTS_HASH_MAX bytes). Returns
 * 0, or -1 with "path: cannot open: why" or a read error in err. */
int inputs_hash_file(const char *path, char *out, size_t outlen, char *err, size_t errlen);

/* Makes t->openings absolute and fills t->openings_hash, and the program
 * and program_hash of every player with a `command` parameter; checks the
 * hashes the configuration gave (openings_hash_given, program_hash_given)
 * against them. Call after config_validate. Returns 0, or -1 with a
 * message naming the configuration file and what changed. */
int inputs_resolve(Tournament *t, char *err, size_t errlen);

/* The text of d (config_diff_text), and, for a hash that differs, which
 * input changed: "...: the file PATH changed". t is the configuration now
 * (resolved), saved the text of the folder's config.ini. */
void inputs_explain(const Tournament *t, const char *saved, const ConfigDiff *d, char *buf,
                    size_t buflen);

#endif
