/* fuzz_spsa.c - an SPSA INI file (tuner spsa): read, its openings split,
 * the schedule set up from its parameters (which must stay finite); and
 * its config.ini, which must read back to the same text. */
#include "fuzz.h"

#include <math.h>

#include "spsa_config.h"
#include "spsa_core.h"

static char *written(const SpsaConfig *c, size_t *len)
{
	char *text = NULL;
	FILE *f = open_memstream(&text, len);
	if (!f || spsa_config_write(c, f) < 0 || fclose(f) != 0)
		abort();
	return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static SpsaConfig c, d;
	static Spsa s;
	char err[4096];
	const char *path = fuzz_file("s.ini", data, size);
	if (spsa_config_load(path, &c, err, sizeof err) < 0)
		return 0;
	OpeningSet tune, verify;
	if (spsa_config_openings(&c, &tune, &verify, err, sizeof err) == 0) {
		openings_free(&tune);
		openings_free(&verify);
	}
	SpsaParam p[SPSA_PARAMS_MAX];
	for (int i = 0; i < c.n; i++)
		p[i] = c.tuned[i].p;
	if (spsa_init(&s, p, c.n, c.iterations, c.seed, err, sizeof err) < 0)
		fuzz_fail("a configuration read is refused by spsa_init", err);
	/* The first and last iterations' steps: finite, inside the range. */
	double theta[SPSA_PARAMS_MAX];
	for (int i = 0; i < c.n; i++)
		theta[i] = p[i].start;
	for (int k = 1; k <= c.iterations;
	     k = k == 1 && c.iterations > 1 ? c.iterations : k + 1) {
		SpsaProbe probe;
		spsa_probe(&s, theta, k, &probe);
		SpsaResult r = {2 * c.pairs, 0, 0};
		spsa_step(&s, &probe, &r, theta);
		for (int i = 0; i < c.n; i++)
			if (!isfinite(theta[i]) || theta[i] < p[i].min ||
			    theta[i] > p[i].max || !isfinite(probe.plus[i]) ||
			    !isfinite(probe.minus[i]))
				fuzz_fail("theta leaves its range", path);
	}
	size_t len, len2;
	char *text = written(&c, &len);
	const char *again = fuzz_file("config.ini", text, len);
	if (spsa_config_load(again, &d, err, sizeof err) < 0)
		fuzz_fail("config.ini does not read back", err);
	char *text2 = written(&d, &len2);
	if (len != len2 || memcmp(text, text2, len) != 0)
		fuzz_fail("config.ini reads back to another text", text2);
	free(text);
	free(text2);
	return 0;
}
