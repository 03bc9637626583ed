/* fuzz_openings.c - an opening file, either format (arena run's
 * openings): read and checked on a board and rule the input's length
 * picks, then multiplied by the symmetries. */
#include "fuzz.h"

#include "openings.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int sizes[] = {15, 7, 20};
	const char *path = fuzz_file("open", data, size);
	OpeningSet set;
	char err[4096];
	int board = sizes[size % 3];
	if (openings_load(path, board, (Rule)(size / 3 % RULE_COUNT), &set, err,
	                  sizeof err) < 0)
		return 0;
	if (set.count <= 0)
		fuzz_fail("an empty set loaded", path);
	if (set.count < 10000 && openings_add_symmetries(&set, board) < 0)
		abort();
	openings_free(&set);
	return 0;
}
