/* positions.h - training positions for Texel tuning, from finished games.
 *
 * Games are kept as move lists (a few hundred bytes each), and positions as
 * (game, ply) references, so the features can be extracted again whenever
 * the evaluation's weights change (which feature a count goes to may depend
 * on them, see eval_features.h).
 *
 * A position is the board after `ply` stones, the side to move being the
 * colour of stone `ply`, labelled with its game's result from that side.
 * Kept are the positions after the first `skip` stones that a search would
 * leave to its static evaluation (alphabeta's ab_leaf does): neither side
 * can make five, the mover has no open or double four, and (if vcf_nodes >
 * 0) the solver finds no VCF for the mover within vcf_nodes positions. The
 * others are already decided, or forced, and say nothing about the
 * evaluation. */
#ifndef TUNER_POSITIONS_H
#define TUNER_POSITIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "eval_features.h"
#include "texel_fit.h"

typedef struct {
	size_t at; /* first move in PosGames.moves */
	int plies;
	double black_score; /* 1, 0.5, 0 */
	int first, npos;    /* its kept positions: PosGames.ply[first .. first + npos) */
} PosGame;

typedef struct {
	int size;
	Rule rule;
	int count, cap;
	PosGame *games;
	size_t nmoves, capmoves;
	int16_t *moves; /* every game's moves, one after another */
	size_t npos;
	int16_t *ply; /* kept positions, game after game (positions_select) */
} PosGames;

/* An empty collection for a size x size board under rule. */
void positions_init(PosGames *g, int size, Rule rule);
void positions_free(PosGames *g); /* g is empty and usable again */

/* Appends a game (moves checked by the caller). Returns 0 or -1 (memory). */
int positions_add_game(PosGames *g, const int16_t *moves, int plies, double black_score);

/* Appends every game of an arena games.csv (columns as in results.h; the
 * board size and rule are g's). Returns 0, or -1 with "file:line: what is
 * wrong". */
int positions_read_csv(PosGames *g, const char *path, char *err, size_t errlen);

/* Removes games that repeat an earlier one move for move (deterministic
 * players replay a game pair's first game in its second); returns how many
 * went. Call before positions_select. */
int positions_dedupe(PosGames *g);

/* Chooses the kept positions of every game (see above). threads 0: every
 * core. Returns 0 or -1 (out of memory). */
int positions_select(PosGames *g, int skip, uint64_t vcf_nodes, int threads);

/* Features of the kept positions: f->count with evaluator (made by
 * f->create under g's rule, as a rule) of the mover (own) and of the
 * opponent (opp), f->nfeat of each, into train or, for games with
 * validation[game] set, into val (both emptied first; their nfeat becomes
 * f->nfeat). With symmetries, each position is extracted from all 8 images
 * of its game (for an evaluation that is symmetric, as alphabeta's is: its
 * shape table is closed under reversal and the four directions are
 * permuted, the counts are the same for every image, so this multiplies the
 * data without adding information). Rows come in game order, so the sets
 * are the same for any number of threads. Returns 0 or -1 (out of
 * memory). */
int positions_features(const PosGames *g, const EvalFeatures *f, const void *evaluator,
                       bool symmetries, const bool *validation, int threads,
                       TexelSet *train, TexelSet *val);

/* A key of the position made by moves[0..n) that is the same for all its
 * images under the 8 symmetries and for any order of the stones of each
 * colour. */
uint64_t positions_key(const int16_t *moves, int n, int size);

/* True if the stones of moves[0..n) contain, under some symmetry, every
 * stone of sub[0..m) with the same colours (black at even indices). */
bool positions_contains(const int16_t *moves, int n, const int16_t *sub, int m, int size);

#endif
