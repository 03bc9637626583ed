/* fuzz_games.c - a games.csv file: read as a resume reads it (torn last
 * line), as arena elo reads it (tally.h, whose players and pairings must
 * add up) and with every row's moves parsed. */
#include "fuzz.h"

#include "record.h"
#include "results.h"
#include "tally.h"

static int moves_row(void *user, const ResultRow *row, const char *moves, char *msg,
                     size_t msglen)
{
	(void)user;
	int16_t pts[BOARD_MAX_MOVES];
	(void)row;
	return record_parse_moves(BOARD_MAX, moves, pts, BOARD_MAX_MOVES, msg, msglen) < 0
	           ? -1
	           : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[4096];
	const char *path = fuzz_file("games.csv", data, size);
	ResultSet set;
	long torn;
	if (results_read(path, &set, &torn, err, sizeof err) == 0) {
		if (torn > (long)size)
			fuzz_fail("a torn line past the end", path);
		results_free(&set);
	}
	results_scan(path, moves_row, NULL, NULL, err, sizeof err);
	Tally t;
	if (tally_read(path, NULL, 0, TALLY_DUPS_KEEP, &t, err, sizeof err) == 0) {
		long games = 0;
		for (int p = 0; p < t.npairings; p++) {
			const EloPairCounts *c = &t.pairings[p].c;
			games += (long)c->wins + c->draws + c->losses;
			if (t.pairings[p].a < 0 || t.pairings[p].b >= t.n)
				fuzz_fail("a pairing of no player", path);
		}
		if (games != t.games)
			fuzz_fail("the pairings do not add up to the games", path);
		tally_free(&t);
	}
	return 0;
}
