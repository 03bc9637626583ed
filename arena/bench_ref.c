/* bench_ref.c - `arena bench`'s reference playout loop (bench.h).
 *
 * The loop a C programmer would write for the job of mcts's random
 * playouts, and nothing else: no tree, no patterns, no five lists. One
 * byte array holds the board (the padded layout of board.h: walls are
 * never empty, so the 5x5 box around a move needs no bounds check) with a
 * mark for the candidates (empty points within two of a stone); the
 * candidates are also a list, drawn from uniformly and removed by swapping
 * in the last; a five is looked for only through the move about to be
 * played. The list starts in board order and a move adds its new
 * candidates row by row, as mcts_pos.c does, so from the same position
 * and the same generator the two play the same game move for move
 * (test_bench_ref checks it). */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "rng.h"

enum { REF_CAND = 4 }; /* an empty cell already listed: not CELL_EMPTY */

typedef struct {
	uint8_t cell[BOARD_CELLS];         /* board.h's codes, REF_CAND for a candidate */
	int16_t list[BOARD_MAX_MOVES + 1]; /* + 1: the box writes one past */
	int n, lo, hi; /* candidates; the cells lo..hi-1 hold the board */
	Color to_move;
	bool exact[2]; /* only exactly five wins for this colour */
} RefPos;

static const int ref_step[4] = {1, BOARD_STRIDE, BOARD_STRIDE + 1, BOARD_STRIDE - 1};

static void ref_init(RefPos *r, const Board *b)
{
	memcpy(r->cell, b->cell, sizeof r->cell);
	r->lo = board_point(0, 0);
	r->hi = board_point(b->size - 1, b->size - 1) + 1;
	r->to_move = b->to_move;
	r->exact[BLACK] = b->rule != RULE_FREESTYLE;
	r->exact[WHITE] = b->rule == RULE_STANDARD;
	r->n = 0;
	if (b->count == 0) { /* the centre: what moves_near gives */
		int p = board_point(b->size / 2, b->size / 2);
		r->cell[p] = REF_CAND;
		r->list[r->n++] = (int16_t)p;
		return;
	}
	for (int p = r->lo; p < r->hi; p++) {
		if (r->cell[p] != CELL_EMPTY)
			continue;
		bool near = false;
		for (int dy = -2; dy <= 2; dy++)
			for (int dx = -2; dx <= 2; dx++) {
				int c = b->cell[p + dy * BOARD_STRIDE + dx];
				near |= c == CELL_BLACK || c == CELL_WHITE;
			}
		if (near) {
			r->cell[p] = REF_CAND;
			r->list[r->n++] = (int16_t)p;
		}
	}
}

/* Would colour c's stone on p complete a five? */
static inline bool ref_five(const RefPos *r, int p, Color c)
{
	uint8_t s = (uint8_t)(c + 1);
	for (int d = 0; d < 4; d++) {
		int st = ref_step[d], len = 1;
		for (int q = p + st; r->cell[q] == s; q += st)
			len++;
		for (int q = p - st; r->cell[q] == s; q -= st)
			len++;
		if (len == 5 || (len > 5 && !r->exact[c]))
			return true;
	}
	return false;
}

/* Plays r out (consumed) and returns the winner, or 2 for a full board;
 * adds the moves played to *plies. */
static int ref_run(RefPos *r, Rng *rng, uint64_t *plies)
{
	Color c = r->to_move;
	for (;; c = (Color)(c ^ 1)) {
		if (r->n == 0)
			return 2;
		int i = (int)rng_below(rng, (uint32_t)r->n), p = r->list[i];
		if (ref_five(r, p, c))
			break;
		r->cell[p] = (uint8_t)(c + 1);
		r->list[i] = r->list[--r->n];
		for (int row = p - 2 * BOARD_STRIDE - 2; row <= p + 2 * BOARD_STRIDE - 2;
		     row += BOARD_STRIDE)
			for (int q = row; q < row + 5; q++)
				if (r->cell[q] == CELL_EMPTY) {
					r->cell[q] = REF_CAND;
					r->list[r->n++] = (int16_t)q;
				}
		++*plies;
	}
	return c;
}

int bench_ref_playout(const Board *b, Rng *rng, uint64_t *plies)
{
	RefPos r;
	ref_init(&r, b);
	return ref_run(&r, rng, plies);
}

static double ref_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int ref_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

BenchResult bench_ref(const Board *pos, int npos, int playouts, int runs, double *plies)
{
	BenchResult res = {0, 0, 0};
	double times[100];
	RefPos *root = malloc(sizeof *root * 2);
	if (!root || runs < 1)
		goto done;
	if (runs > 100)
		runs = 100;
	RefPos *work = root + 1;
	uint64_t moves = 0;
	for (int run = 0; run < runs; run++) {
		uint64_t sig = 0;
		moves = 0;
		double t0 = ref_now();
		for (int k = 0; k < npos; k++) {
			Rng rng;
			rng_seed(&rng, 1 + (uint64_t)k);
			ref_init(root, &pos[k]);
			*work = *root;
			uint64_t won[3] = {0, 0, 0};
			for (int i = 0; i < playouts; i++) {
				/* Only what a playout changes: the board and the list. */
				size_t lo = (size_t)root->lo,
				       n = (size_t)(root->hi - root->lo);
				memcpy(work->cell + lo, root->cell + lo, n);
				memcpy(work->list, root->list,
				       (size_t)root->n * sizeof root->list[0]);
				work->n = root->n;
				won[ref_run(work, &rng, &moves)]++;
			}
			sig = sig * 1000003 + won[0] * 1024 + won[1];
		}
		times[run] = ref_now() - t0;
		res.ops = (uint64_t)npos * (uint64_t)playouts;
		res.signature = sig;
	}
	qsort(times, (size_t)runs, sizeof *times, ref_cmp);
	res.seconds = times[runs / 2];
	*plies = res.ops ? (double)moves / (double)res.ops : 0;
done:
	free(root);
	return res;
}
