/* config_write.c - the configuration as used, as INI text that reads back
 * to the same configuration (the run folder's config.ini), key by key as
 * the tables of config_keys.c declare them. */
#include "config.h"
#include "config_keys.h"

#include <stdlib.h>
#include <string.h>

/* 17 significant digits always read back (IEEE 754 binary64), but show
 * 0.7 as 0.69999999999999996; fewer are enough for most numbers. */
void config_write_real(double x, char *buf, size_t buflen)
{
	/* Through a buffer of our own: GCC's sanitizer build otherwise warns
	 * of a null destination in the loop. */
	char text[40] = "";
	for (int digits = 15; digits <= 17; digits++) {
		snprintf(text, sizeof text, "%.*g", digits, x);
		if (strtod(text, NULL) == x)
			break;
	}
	if (buf && buflen)
		snprintf(buf, buflen, "%s", text);
}

/* Every key in the order of its table (config_keys.c). */
int config_write(const Tournament *t, FILE *f)
{
	fprintf(f, "; the configuration as used, with every key explicit\n[tournament]\n");
	config_table_write(&config_tournament, t, f);
	for (int i = 0; i < t->nplayers; i++) {
		fprintf(f, "\n[player %s]\n", t->players[i].name);
		config_table_write(&config_player, &t->players[i], f);
	}
	return ferror(f) ? -1 : 0;
}
