/* elo_pair.h - one pairing seen from player A: Elo from the score with a 95%
 * interval, nElo and LOS, and the text the head-to-head table and the CSV
 * files print of them. elo.h includes it; the pool's ratings are there.
 *
 * The interval. The score s (points per game) has a standard error sd from
 * the observed variance: per game-pair when the games come in
 * colour-swapped pairs (pentanomial), else per game (trinomial). The 95%
 * interval of the score is Wilson's: the scores p with |p - s| = 1.96 sd(p),
 * where sd(p)^2 = p(1 - p) / n and n = s(1 - s) / sd^2 (the variance keeps
 * its observed ratio to a win-or-loss game's). Unlike s +- 1.96 sd, it never
 * leaves (0, 1) when 0 < s < 1, so both Elo bounds are finite; error95 is
 * half its width in Elo, as fastchess prints it. With fewer than two units
 * (pairs, or games) or a zero variance (every unit scored alike: one pair,
 * all draws, all wins) there is no interval, no nElo and no LOS: those
 * fields are NAN. A score of 1 (0) has Elo +INFINITY (-INFINITY).
 *
 * Functions are reentrant. */
#ifndef ARENA_ELO_PAIR_H
#define ARENA_ELO_PAIR_H

#include <stdbool.h>
#include <stddef.h>

/* Pentanomial counts are game pairs (same opening, colours swapped) by A's
 * pair score 0, 0.5, 1, 1.5, 2. */
typedef struct {
	int wins, draws, losses;
	long penta[5]; /* all 0 if pairs are unknown */
} EloPairCounts;

/* Statistics as fastchess reports them, with the interval above: from the
 * per-game variance, and (the *_penta fields, NAN when no pairs are given)
 * from the per-pair variance. nElo as in fishtest; LOS = Phi((s - 0.5) / sd).
 * elo_lo, elo_hi: the interval's ends in Elo. */
typedef struct {
	int games, pairs;
	double score, draw_ratio; /* 0..1 */
	double elo, error95, elo_lo, elo_hi, nelo, nelo_error95, los;
	double error95_penta, elo_lo_penta, elo_hi_penta, nelo_penta, nelo_error95_penta,
	    los_penta;
} EloPairStats;

/* Returns 0, or ELO_EINPUT (elo.h) with err filled when there are no games
 * or the pentanomial counts do not add up to the W/D/L counts. */
int elo_pair_stats(const EloPairCounts *c, EloPairStats *out, char *err, size_t errlen);
/* Adds one game pair to c: a1, a2 are A's scores (0, 0.5, 1) in its two games. */
void elo_pair_add(EloPairCounts *c, double a1, double a2);

/* Text of s, from the pair variance if penta (s->pairs must be > 0), else
 * the game variance. Each returns buf, always NUL-terminated. */
enum { ELO_PAIR_TEXT_MAX = 40, ELO_PAIR_CSV_MAX = 128 };
/* The table's Elo cell, to 0.1 Elo: "+120.4 +/- 353.0"; "-190.8 +/- n/a"
 * without an interval; "+inf +/- n/a" for a perfect score; 0 as "0.0",
 * never "-0.0". */
char *elo_pair_text(const EloPairStats *s, bool penta, char *buf, size_t len);
/* The table's LOS cell: "73.0%", or "n/a" where it is not defined. */
char *elo_pair_los_text(const EloPairStats *s, bool penta, char *buf, size_t len);
/* The CSV fields "score,elo,error,nelo,nelo_error,los,elo_lo,elo_hi" (no
 * newline): an undefined or infinite value is an empty field. */
char *elo_pair_csv(const EloPairStats *s, bool penta, char *buf, size_t len);
/* One CSV number with `decimals` decimals: "" for NAN or an infinity, and
 * no sign on a value that rounds to 0 ("0.0", not "-0.0"). */
char *elo_pair_csv_number(double v, int decimals, char *buf, size_t len);

#endif
