/* config_diff.h - a run folder's saved configuration against the one about
 * to run: whether they describe the same games, and where they part. Used
 * by `arena run` and the tuners to resume a run folder (rundir.h). */
#ifndef ARENA_CONFIG_DIFF_H
#define ARENA_CONFIG_DIFF_H

#include <stdbool.h>
#include <stddef.h>

#include "config_table.h"

/* Where two configuration texts part. a is the one saved in the folder, b
 * the one about to run. */
typedef struct {
	int line;            /* of a, from 1 (past its last line if a ends first) */
	char section[128];   /* the [section] of a at that line, without brackets */
	char key[64];        /* the key both lines give, or "" if they differ in it */
	char a[320], b[320]; /* with key: the two values; else the two lines, ""
	                        for the text that ended */
	bool a_ended, b_ended;
	/* Lines of different keys: b's key is nowhere in the rest of a's
	 * section (a key added now), or a's in the rest of b's (one dropped). */
	bool b_new, a_gone;
} ConfigDiff;

/* True if the configuration texts a and b (as config_write or
 * spsa_config_write write them) are equal line for line once blank lines,
 * comments (';' or '#') and every line "KEY = ..." of a key that does not
 * change the games (threads, say) are left out of both: a key its section's
 * table in sections (NULL-terminated, such as config_sections) declares
 * CONFIG_FREE. If not, and diff is not NULL, *diff says where they first
 * part. */
bool config_diff_find(const char *a, const char *b, const ConfigSection *const *sections,
                      ConfigDiff *diff);

/* config_diff_find without the difference. */
bool config_diff_same(const char *a, const char *b, const ConfigSection *const *sections);

/* The difference as text: "[tournament] seed differs (1 in the folder, 2
 * now)", for a key added or dropped "[S] now there is 'B', which the
 * folder's configuration does not have" or "[S] the folder has 'A', which
 * now is not there", and else "[S] the folder has 'A' where now there is
 * 'B'". */
void config_diff_text(const ConfigDiff *d, char *buf, size_t buflen);

/* The value of key in [section] of a configuration text into out. Returns
 * true if found. */
bool config_diff_value(const char *text, const char *section, const char *key, char *out,
                       size_t outlen);

#endif
