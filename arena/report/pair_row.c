/* pair_row.c - a pairing's row of pairs.csv, the head-to-head table and
 * the gauntlet's table (pair_row.h). */
#include "pair_row.h"

#include <stdio.h>
#include <string.h>

const Column pair_columns[PAIR_COLUMNS] = {
    {COLUMN(PairRow, a, COL_TEXT, "player_a", "player A", -20)},
    {COLUMN(PairRow, b, COL_TEXT, "player_b", "player B", -20)},
    {COLUMN(PairRow, games, COL_INT, "games", "games", 6)},
    {COLUMN(PairRow, wins, COL_INT, "w", NULL, 0)},
    {COLUMN(PairRow, draws, COL_INT, "d", NULL, 0)},
    {COLUMN(PairRow, losses, COL_INT, "l", NULL, 0)},
    {COLUMN(PairRow, wdl, COL_TEXT, NULL, "+ = - (A)", 13)},
    {COLUMN(PairRow, penta[0], COL_LONG, "penta0", NULL, 0)},
    {COLUMN(PairRow, penta[1], COL_LONG, "penta1", NULL, 0)},
    {COLUMN(PairRow, penta[2], COL_LONG, "penta2", NULL, 0)},
    {COLUMN(PairRow, penta[3], COL_LONG, "penta3", NULL, 0)},
    {COLUMN(PairRow, penta[4], COL_LONG, "penta4", NULL, 0)},
    {COLUMN(PairRow, score, COL_NUMBER, "score", "score", 8), .tfmt = "%.1f%%",
     .tscale = 100, .decimals = 4},
    {COLUMN(PairRow, elo, COL_NUMBER, "elo", NULL, 0), .decimals = 3},
    {COLUMN(PairRow, elo_text, COL_TEXT, NULL, "elo (A)", 18)},
    {COLUMN(PairRow, error, COL_NUMBER, "error", NULL, 0), .decimals = 3},
    {COLUMN(PairRow, nelo, COL_NUMBER, "nelo", NULL, 0), .decimals = 3},
    {COLUMN(PairRow, nelo_error, COL_NUMBER, "nelo_error", NULL, 0), .decimals = 3},
    {COLUMN(PairRow, los, COL_NUMBER, "los", NULL, 0), .decimals = 4},
    {COLUMN(PairRow, los_text, COL_TEXT, NULL, "los", 6)},
    {COLUMN(PairRow, lo, COL_NUMBER, "elo_lo", NULL, 0), .decimals = 3},
    {COLUMN(PairRow, hi, COL_NUMBER, "elo_hi", NULL, 0), .decimals = 3},
};

int pair_row(const char *a, const char *b, const TallyPairing *tp, PairRow *row)
{
	const EloPairCounts *c = &tp->c;
	EloPairStats s;
	char e[256];
	if (elo_pair_stats(c, &s, e, sizeof e) < 0)
		return -1;
	bool p = tp->paired;
	*row = (PairRow){.a = a,
	                 .b = b,
	                 .games = c->wins + c->draws + c->losses,
	                 .wins = c->wins,
	                 .draws = c->draws,
	                 .losses = c->losses,
	                 .score = s.score,
	                 .elo = s.elo,
	                 .error = p ? s.error95_penta : s.error95,
	                 .nelo = p ? s.nelo_penta : s.nelo,
	                 .nelo_error = p ? s.nelo_error95_penta : s.nelo_error95,
	                 .los = p ? s.los_penta : s.los,
	                 .lo = p ? s.elo_lo_penta : s.elo_lo,
	                 .hi = p ? s.elo_hi_penta : s.elo_hi};
	memcpy(row->penta, c->penta, sizeof row->penta);
	snprintf(row->wdl_buf, sizeof row->wdl_buf, "%d %d %d", c->wins, c->draws,
	         c->losses);
	row->wdl = row->wdl_buf;
	row->elo_text = elo_pair_text(&s, p, row->elo_buf, sizeof row->elo_buf);
	row->los_text = elo_pair_los_text(&s, p, row->los_buf, sizeof row->los_buf);
	return 0;
}
