/* fuzz_tournament.c - a tournament INI file (arena run): read, checked as
 * a whole, its inputs resolved, its openings loaded; and its config.ini,
 * which must read back to the same text. */
#include "fuzz.h"

#include "config.h"
#include "inputs.h"
#include "openings.h"
#include "schedule.h"

static char *written(const Tournament *t, size_t *len)
{
	char *text = NULL;
	FILE *f = open_memstream(&text, len);
	if (!f || config_write(t, f) < 0 || fclose(f) != 0)
		abort();
	return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static Tournament t, u; /* large: not on the stack */
	char err[4096];
	const char *path = fuzz_file("t.ini", data, size);
	if (config_load(path, &t, err, sizeof err) < 0)
		return 0;
	if (config_validate(&t, err, sizeof err) < 0 ||
	    schedule_check(&t, err, sizeof err) < 0 ||
	    inputs_resolve(&t, err, sizeof err) < 0)
		return 0;
	OpeningSet set;
	const OpeningsSpec spec = config_openings_spec(&t);
	if (t.openings[0] &&
	    openings_read(t.openings, &spec, &set, NULL, err, sizeof err) == 0)
		openings_free(&set);
	/* config.ini runs as it is: the text it holds reads back to itself. */
	size_t len, len2;
	char *text = written(&t, &len);
	const char *again = fuzz_file("config.ini", text, len);
	if (config_load(again, &u, err, sizeof err) < 0)
		fuzz_fail("config.ini does not read back", err);
	char *text2 = written(&u, &len2);
	if (len != len2 || memcmp(text, text2, len) != 0)
		fuzz_fail("config.ini reads back to another text", text2);
	free(text);
	free(text2);
	return 0;
}
