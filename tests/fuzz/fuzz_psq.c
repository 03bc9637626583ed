/* fuzz_psq.c - a .psq record (arena show, arena solve --psq): read,
 * replayed, and written back, which must read back to the same record. */
#include "fuzz.h"

#include "record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static Record r, back;
	char err[512];
	FILE *f = fmemopen((void *)data, size, "rb");
	if (!f)
		return 0; /* glibc refuses a buffer of 0 bytes */
	int rc = record_read_psq(f, "fuzz.psq", &r, err, sizeof err);
	fclose(f);
	if (rc < 0)
		return 0;
	Board b;
	board_init(&b, r.size, RULE_FREESTYLE);
	if (record_replay(&r, &b) < 0)
		fuzz_fail("a record read does not replay", "occupied point");
	char *text = NULL;
	size_t len;
	FILE *w = open_memstream(&text, &len);
	if (!w || record_write_psq(w, &r) < 0 || fclose(w) != 0)
		abort();
	FILE *again = fmemopen(text, len, "rb");
	if (!again || record_read_psq(again, "back.psq", &back, err, sizeof err) < 0)
		fuzz_fail("a record written does not read back", err);
	fclose(again);
	if (back.count != r.count ||
	    memcmp(back.moves, r.moves, sizeof r.moves[0] * (size_t)r.count))
		fuzz_fail("a record reads back with other moves", text);
	free(text);
	return 0;
}
