/* fuzz_records.c - any record of games (records.h: games.csv, PGN, SGF,
 * .psq, told apart by their content): scanned with every game's moves
 * placed on its board, summed for the ratings (tally.h, whose pairings must
 * add up to the games), and written as PGN and SGF the way arena pgn and
 * arena sgf write them; game 2 found alone (records_find). */
#include "fuzz.h"

#include "pgn.h"
#include "records.h"
#include "sgf.h"
#include "tally.h"

/* records_find: game 2 alone, finished or not. */
static int found(void *user, const RecordGame *g, char *msg, size_t msglen)
{
	int *calls = user;
	(void)msg, (void)msglen;
	if (++*calls > 1 || (g->format != RECORDS_CSV && g->job != 2))
		fuzz_fail("records_find handed over another game", "records");
	return 0;
}

static int game(void *user, const RecordGame *g, char *msg, size_t msglen)
{
	long *n = user;
	int16_t pts[BOARD_MAX_MOVES];
	int size = g->size ? g->size : 15;
	if (g->score != 0 && g->score != 0.5 && g->score != 1)
		fuzz_fail("a score that is no result", "records");
	if (records_points(g, size, pts, BOARD_MAX_MOVES, msg, msglen) < 0)
		return -1;
	++*n;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[4096];
	const char *path = fuzz_file("games", data, size);
	const char *paths[] = {path};
	long n = 0;
	RecordsCounts c = {0};
	if (records_scan(paths, 1, game, &n, &c, err, sizeof err) == 0 && c.games != n)
		fuzz_fail("the scan's count is not its games", path);
	Tally t;
	if (tally_read_paths(paths, 1, NULL, 0, TALLY_DUPS_KEEP, &t, err, sizeof err) ==
	    0) {
		long games = 0;
		for (int p = 0; p < t.npairings; p++) {
			const EloPairCounts *pc = &t.pairings[p].c;
			games += (long)pc->wins + pc->draws + pc->losses;
			if (t.pairings[p].a < 0 || t.pairings[p].b >= t.n)
				fuzz_fail("a pairing of no player", path);
		}
		if (games != t.games)
			fuzz_fail("the pairings do not add up to the games", path);
		tally_free(&t);
	}
	int calls = 0;
	long held = 0;
	int rc = records_find(path, 2, found, &calls, &held, err, sizeof err);
	if (rc >= 0 && rc != calls)
		fuzz_fail("records_find's answer is not its calls", path);
	FILE *null = fopen("/dev/null", "w");
	if (null) {
		pgn_write_moves(paths, 1, true, null, err, sizeof err);
		sgf_write(paths, 1, 15, RULE_FREESTYLE, null, err, sizeof err);
		fclose(null);
	}
	return 0;
}
