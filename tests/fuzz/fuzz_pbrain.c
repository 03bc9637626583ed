/* fuzz_pbrain.c - the engine side of the Gomocup protocol: whatever a
 * manager sends to a pbrain-TYPE engine, as one session (weighted, the
 * cheapest player that scores moves, so SWAP2BOARD's choices run too). */
#include "fuzz.h"

#include "pbrain.h"
#include "registry.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FILE *in = fmemopen((void *)data, size, "rb");
	if (!in)
		return 0; /* glibc refuses a buffer of 0 bytes */
	static FILE *out;
	if (!out && !(out = fopen("/dev/null", "w")))
		abort();
	PbrainOptions opt = {.type = registry_find("weighted"), .seed = 1, .nodes = 100};
	param_defaults(&opt.params, opt.type->params, opt.type->nparams);
	char err[256];
	if (pbrain_run(in, out, &opt, err, sizeof err) < 0)
		fuzz_fail("a session failed", err);
	fclose(in);
	return 0;
}
