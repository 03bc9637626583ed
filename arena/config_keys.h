/* config_keys.h - the keys config.c hands on: those of [tournament], and
 * those arena run records in a [player] section. For config.c. */
#ifndef ARENA_CONFIG_KEYS_H
#define ARENA_CONFIG_KEYS_H

#include "config.h"

/* One key of [tournament]: 0, 1 for `challengers` (resolved once every
 * player is known), or -1 with a message. A relative `openings` is taken
 * from base_dir, if not NULL. */
int config_keys_tournament(Tournament *t, const char *key, const char *v,
                           const char *base_dir, char *err, size_t errlen);

/* The keys arena run records in a [player] section: `program` and
 * `program_hash` (see PlayerSpec). Returns 1 and sets *rc to 0, or to -1
 * with a message; returns 0 if key is neither. */
int config_keys_record(PlayerSpec *p, const char *key, const char *v, char *err,
                       size_t errlen, int *rc);

#endif
