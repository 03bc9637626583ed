/* fuzz_texel.c - a Texel INI file (tuner texel): read and checked as a
 * whole, and its verification openings made (random ones are drawn, so the
 * checks must keep that finite). */
#include "fuzz.h"

#include "texel_config.h"
#include "texel_data.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static TexelConfig c;
	char err[4096];
	const char *path = fuzz_file("x.ini", data, size);
	if (texel_config_load(path, &c, err, sizeof err) < 0)
		return 0;
	/* Random verification openings cost time linear in verify_pairs,
	 * which a file may set to a million: drawn for small runs only. */
	if (c.verify_pairs <= 1000) {
		OpeningSet v;
		if (texel_verify_openings(&c, &v, err, sizeof err) == 0)
			openings_free(&v);
	}
	return 0;
}
