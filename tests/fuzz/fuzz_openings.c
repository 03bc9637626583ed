/* fuzz_openings.c - an openings file in any format (arena run's openings,
 * `arena openings`): read and checked on a board and rule the input's
 * length picks, as game records with a number of plies it picks too;
 * written in every format that can hold it and read back to the same
 * moves (a broken round trip aborts); then multiplied by the symmetries. */
#include "fuzz.h"

#include "openings.h"

/* Writes set as format, reads it back and compares the moves. */
static void round_trip(const OpeningSet *set, int board, Rule rule, OpeningsFormat format)
{
	char *text = NULL, err[4096];
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	if (!f)
		abort();
	int rc = openings_write(f, set, board, format, err, sizeof err);
	fclose(f);
	if (rc == 0) {
		const char *path = fuzz_file("back", text, len);
		const OpeningsSpec spec = {board, rule, format, 0};
		OpeningSet back;
		if (openings_read(path, &spec, &back, NULL, err, sizeof err) < 0)
			fuzz_fail(err, path);
		if (back.count != set->count)
			fuzz_fail("another number of openings read back", path);
		for (int i = 0; i < set->count; i++)
			if (openings_length(&back, i) != openings_length(set, i) ||
			    memcmp(openings_moves(&back, i), openings_moves(set, i),
			           sizeof(int16_t) * (size_t)openings_length(set, i)) != 0)
				fuzz_fail("other moves read back", path);
		openings_free(&back);
	}
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int sizes[] = {15, 7, 20};
	const char *path = fuzz_file("open", data, size);
	OpeningSet set;
	char err[4096];
	int board = sizes[size % 3];
	Rule rule = (Rule)(size / 3 % RULE_COUNT);
	OpeningsSpec spec = {board, rule, OPENINGS_AUTO, 0};
	int rc = openings_read(path, &spec, &set, NULL, err, sizeof err);
	if (rc < 0 && size && (data[0] == '(' || data[0] == 'P')) { /* game records */
		spec.plies = 1 + (int)(size / 9 % 6);
		rc = openings_read(path, &spec, &set, NULL, err, sizeof err);
	}
	if (rc < 0)
		return 0;
	if (set.count <= 0)
		fuzz_fail("an empty set loaded", path);
	if (set.count < 2000)
		for (int k = OPENINGS_INI; k <= OPENINGS_POS; k++)
			round_trip(&set, board, rule, (OpeningsFormat)k);
	if (set.count < 10000 && openings_add_symmetries(&set, board) < 0)
		abort();
	openings_free(&set);
	return 0;
}
