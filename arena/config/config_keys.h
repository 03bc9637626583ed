/* config_keys.h - the keys of [tournament] and of [player NAME], each
 * declared once as a table (config_table.h) in config_keys.c. */
#ifndef ARENA_CONFIG_KEYS_H
#define ARENA_CONFIG_KEYS_H

#include <stdio.h>

#include "config.h"
#include "config_table.h"

/* [tournament]: keys on Tournament. `challengers` is the reader's (it
 * names players, so it waits for all of them: config.c). */
extern const ConfigSection config_tournament;

/* [player NAME]: keys on PlayerSpec. `type` is the reader's (config.c);
 * the parameters its type declares come between the budget and the
 * record of an external engine's program. */
extern const ConfigSection config_player;

/* The reference of both sections (config_table_print). */
void config_keys_print(FILE *f);

/* The keys of [player] that are neither `type`, nor a budget key, nor a
 * parameter: `program` and `program_hash`, which arena run records (see
 * PlayerSpec) and which may come before the type. Returns 0, ERR_FAIL
 * with a message naming the player, or CONFIG_OTHER_KEY for any other key. */
int config_keys_record(PlayerSpec *p, const char *key, const char *v, int line, char *err,
                       size_t errlen);

#endif
