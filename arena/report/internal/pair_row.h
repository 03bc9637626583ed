/* pair_row.h - pairs.csv and the head-to-head table: one row a pairing,
 * from A's side; the numbers from the pair variance when the pairing is
 * paired, else from the game variance (elo_pair.h), undefined ones empty
 * and "n/a". report.c writes them, report_gauntlet.c from the
 * challengers' side. */
#ifndef ARENA_PAIR_ROW_H
#define ARENA_PAIR_ROW_H

#include "columns.h"
#include "elo.h"
#include "tally.h"

typedef struct {
	const char *a, *b;
	int games, wins, draws, losses;
	long penta[5];
	double score, elo, error, nelo, nelo_error, los, lo, hi;
	const char *wdl, *elo_text, *los_text;
	char wdl_buf[40], elo_buf[ELO_PAIR_TEXT_MAX], los_buf[ELO_PAIR_TEXT_MAX];
} PairRow;

enum { PAIR_COLUMNS = 22 };
extern const Column pair_columns[PAIR_COLUMNS];

/* The row of pairing tp (its counts), its players named a and b
 * (borrowed); 0, or -1 if it has no games. */
int pair_row(const char *a, const char *b, const TallyPairing *tp, PairRow *row);

#endif
