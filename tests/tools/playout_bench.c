/* playout_bench.c - mcts's random playout loop against `arena bench`'s
 * reference playout loop, on the same games.
 *
 *   playout_bench [PLAYOUTS] [RUNS]
 *
 * From each of `arena bench`'s 8 positions, PLAYOUTS (default 20000)
 * uniformly random playouts, seeded as playout-ref seeds them, by both:
 * the reference (bench_ref, a byte board) and mcts's own loop (the root's
 * MctsPos copied, then mcts_pos_playout without tactics, as an iteration
 * of mcts-rand does below its tree). The two play the same games draw for
 * draw, so the signatures must agree (exit 1 if not). Then the whole
 * player, mcts-rand as `arena bench` runs it (bench_player: 100000
 * iterations a position), whose iterations/s over the reference's
 * playouts/s is arena bench's ratio in CPU time. RUNS (default 5)
 * alternate the three and the median CPU time of each is printed: the
 * loops alone, without the tree's work, and with it, for comparing runs
 * taken side by side (on a loaded machine wall time, which arena bench
 * reports, moves with the load). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench.h"
#include "board.h"
#include "mcts_pos.h"
#include "registry.h"
#include "rng.h"

enum { POSITIONS = 8, MAX_RUNS = 101 };

static double cpu_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* mcts's loop: the same seeds and signature as bench_ref. */
static uint64_t mcts_loop(const Board *pos, int npos, int playouts, uint64_t *moves)
{
	static MctsPos root, work;
	uint64_t sig = 0;
	*moves = 0;
	for (int k = 0; k < npos; k++) {
		Rng rng;
		rng_seed(&rng, 1 + (uint64_t)k);
		mcts_pos_init(&root, &pos[k]);
		work = root;
		uint64_t won[3] = {0, 0, 0};
		for (int i = 0; i < playouts; i++) {
			mcts_pos_copy(&work, &root);
			won[mcts_pos_playout(&work, &rng, 0)]++;
			*moves += (uint64_t)(work.count - root.count);
		}
		sig = sig * 1000003 + won[0] * 1024 + won[1];
	}
	return sig;
}

int main(int argc, char **argv)
{
	int playouts = argc > 1 ? atoi(argv[1]) : 20000;
	int runs = argc > 2 ? atoi(argv[2]) : 5;
	if (playouts < 1 || runs < 1 || runs > MAX_RUNS) {
		fprintf(stderr, "usage: playout_bench [PLAYOUTS >= 1] [RUNS 1..%d]\n",
		        MAX_RUNS);
		return 2;
	}
	Board pos[POSITIONS];
	int npos = bench_player_positions(pos, POSITIONS);
	if (npos <= 0) {
		fprintf(stderr, "playout_bench: no positions\n");
		return 1;
	}
	const PlayerType *mcts = registry_find("mcts");
	double tr[MAX_RUNS], tm[MAX_RUNS], tp[MAX_RUNS], plies = 0;
	uint64_t ref_sig = 0, mcts_sig = 0, moves = 0, iterations = 0;
	for (int run = 0; run < runs; run++) {
		double t0 = cpu_now();
		ref_sig = bench_ref(pos, npos, playouts, 1, &plies).signature;
		double t1 = cpu_now();
		mcts_sig = mcts_loop(pos, npos, playouts, &moves);
		double t2 = cpu_now();
		iterations = bench_player(mcts, "leaf=playout,playout_tactics=off", pos,
		                          npos, 100000, 1)
		                 .ops;
		tr[run] = t1 - t0;
		tm[run] = t2 - t1;
		tp[run] = cpu_now() - t2;
	}
	qsort(tr, (size_t)runs, sizeof *tr, cmp_double);
	qsort(tm, (size_t)runs, sizeof *tm, cmp_double);
	qsort(tp, (size_t)runs, sizeof *tp, cmp_double);
	double n = (double)npos * playouts, r = tr[runs / 2], m = tm[runs / 2];
	double it = (double)iterations, t = tp[runs / 2];
	printf(
	    "loop       playouts  cpu s  playouts/s  moves/playout  ns/move  signature\n");
	printf("reference %9.0f %6.3f %11.0f %14.2f %8.1f  %016llx\n", n, r, n / r, plies,
	       r * 1e9 / (n * plies), (unsigned long long)ref_sig);
	printf("mcts      %9.0f %6.3f %11.0f %14.2f %8.1f  %016llx\n", n, m, n / m,
	       (double)moves / n, m * 1e9 / (double)moves, (unsigned long long)mcts_sig);
	printf("mcts / reference: %.2f (playouts/s; median CPU time of %d run%s)\n", r / m,
	       runs, runs == 1 ? "" : "s");
	printf("mcts-rand: %.0f iterations in %.3f s of CPU, %.0f/s; over the reference's "
	       "playouts/s: %.2f\n",
	       it, t, it / t, (it / t) / (n / r));
	if (ref_sig != mcts_sig) {
		fprintf(stderr, "playout_bench: the loops played different games\n");
		return 1;
	}
	return 0;
}
