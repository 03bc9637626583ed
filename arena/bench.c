/* bench.c - `arena bench`. */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "board.h"
#include "err.h"
#include "registry.h"
#include "rng.h"
#include "rules.h"
#include "threat.h"

enum {
	BENCH_GAMES = 256,
	BENCH_PLIES = 120,
	BENCH_REPEAT = 40,
	BENCH_POSITIONS = 8,
	BENCH_NODES = 100000,
	BENCH_REF_PLAYOUTS = 20000, /* the reference's playouts a position */
};

typedef struct {
	int count;
	int16_t moves[BENCH_PLIES];
} BenchGame;

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Random games: each move is an empty point within two of a stone (the
 * centre first), until a five or BENCH_PLIES. */
static void make_games(BenchGame *games, Rule rule, uint64_t seed)
{
	Rng rng;
	rng_seed(&rng, seed);
	for (int g = 0; g < BENCH_GAMES; g++) {
		Board b;
		board_init(&b, 15, rule);
		BenchGame *bg = &games[g];
		bg->count = 0;
		int p = board_point(7, 7);
		while (bg->count < BENCH_PLIES) {
			if (bg->count > 0) {
				int cand[BOARD_CELLS], n = 0;
				for (int y = 0; y < b.size; y++)
					for (int x = 0; x < b.size; x++) {
						int q = board_point(x, y);
						if (b.cell[q] != CELL_EMPTY)
							continue;
						int near = 0;
						for (int dy = -2; dy <= 2 && !near; dy++)
							for (int dx = -2; dx <= 2 && !near;
							     dx++)
								near =
								    b.cell[q +
								           dy *
								               BOARD_STRIDE +
								           dx] ==
								        CELL_BLACK ||
								    b.cell[q +
								           dy *
								               BOARD_STRIDE +
								           dx] ==
								        CELL_WHITE;
						if (near)
							cand[n++] = q;
					}
				p = cand[rng_below(&rng, (uint32_t)n)];
			}
			Outcome o = rules_outcome(&b, p);
			board_play(&b, p);
			bg->moves[bg->count++] = (int16_t)p;
			if (o != OUTCOME_NONE)
				break;
		}
	}
}

BenchResult bench_board(int runs, bool delta)
{
	BenchResult r = {0, 0, 0};
	BenchGame *games = malloc(sizeof(BenchGame) * BENCH_GAMES);
	double *times = malloc(sizeof(double) * (size_t)(runs > 0 ? runs : 1));
	BoardDelta *kept = malloc(sizeof(BoardDelta) * BOARD_MAX_MOVES);
	if (!games || !times || !kept) {
		free(games);
		free(times);
		free(kept);
		return r;
	}
	make_games(games, RULE_FREESTYLE, 20261121);

	/* Signature: every threat of every empty point after every move. */
	Board b;
	for (int g = 0; g < BENCH_GAMES; g++) {
		board_init(&b, 15, RULE_FREESTYLE);
		for (int i = 0; i < games[g].count; i++) {
			if (delta)
				board_play_delta(&b, games[g].moves[i], &kept[i]);
			else
				board_play(&b, games[g].moves[i]);
			uint64_t sum = b.hash;
			for (int p = 0; p < BOARD_CELLS; p++)
				if (b.cell[p] == CELL_EMPTY)
					sum += (uint64_t)(b.threat[0][p] * 13 +
					                  b.threat[1][p]) *
					       (uint64_t)p;
			r.signature = r.signature * 31 + sum;
		}
	}

	board_init(&b, 15, RULE_FREESTYLE);
	uint64_t empty_hash = b.hash, stray = 0;
	for (int run = 0; run < runs; run++) {
		uint64_t ops = 0;
		double t0 = now();
		for (int rep = 0; rep < BENCH_REPEAT; rep++)
			for (int g = 0; g < BENCH_GAMES; g++) {
				const BenchGame *bg = &games[g];
				if (delta) {
					for (int i = 0; i < bg->count; i++)
						board_play_delta(&b, bg->moves[i],
						                 &kept[i]);
					for (int i = bg->count - 1; i >= 0; i--)
						board_undo_delta(&b, &kept[i]);
				} else {
					for (int i = 0; i < bg->count; i++)
						board_play(&b, bg->moves[i]);
					for (int i = 0; i < bg->count; i++)
						board_undo(&b);
				}
				stray |= b.hash ^ empty_hash;
				ops += (uint64_t)bg->count;
			}
		times[run] = now() - t0;
		r.ops = ops;
	}
	qsort(times, (size_t)runs, sizeof *times, cmp_double);
	r.seconds = runs > 0 ? times[runs / 2] : 0;
	if (stray) /* undo did not restore the empty board: no valid result */
		r.signature = 0;
	free(games);
	free(times);
	free(kept);
	return r;
}

/* Positions for the players: plies 6..20 of the random games, skipping
 * those where either side already has a five point (too easy). */
static int bench_positions(const BenchGame *games, Board *out, int max)
{
	int n = 0;
	for (int g = 0; g < BENCH_GAMES && n < max; g++) {
		int plies = 6 + 2 * (g % 8);
		if (games[g].count <= plies)
			continue;
		Board b;
		board_init(&b, 15, RULE_FREESTYLE);
		for (int i = 0; i < plies; i++)
			board_play(&b, games[g].moves[i]);
		bool easy = false;
		for (int p = 0; p < BOARD_CELLS && !easy; p++)
			easy = b.cell[p] == CELL_EMPTY && (b.threat[0][p] == THREAT_FIVE ||
			                                   b.threat[1][p] == THREAT_FIVE);
		if (!easy)
			out[n++] = b;
	}
	return n;
}

int bench_player_positions(Board *out, int max)
{
	BenchGame *games = malloc(sizeof(BenchGame) * BENCH_GAMES);
	if (!games)
		return -1;
	make_games(games, RULE_FREESTYLE, 20261121);
	int n = bench_positions(games, out, max < BENCH_POSITIONS ? max : BENCH_POSITIONS);
	free(games);
	return n;
}

BenchResult bench_player(const PlayerType *t, const char *setting, const Board *pos,
                         int npos, uint64_t nodes, int runs)
{
	BenchResult r = {0, 0, 0};
	double times[100];
	if (runs > 100)
		runs = 100;
	for (int run = 0; run < runs; run++) {
		ParamSet ps;
		char err[ERR_MAX];
		param_defaults(&ps, t->params, t->nparams);
		/* "key=value,key=value" */
		for (const char *kv = setting; kv && *kv;) {
			const char *comma = strchr(kv, ','),
			           *end = comma ? comma : kv + strlen(kv);
			const char *eq = memchr(kv, '=', (size_t)(end - kv));
			char key[64], value[64];
			if (!eq || eq - kv >= (int)sizeof key ||
			    end - eq > (int)sizeof value)
				return (BenchResult){0, 0, 0};
			snprintf(key, sizeof key, "%.*s", (int)(eq - kv), kv);
			snprintf(value, sizeof value, "%.*s", (int)(end - eq - 1), eq + 1);
			if (param_set(&ps, key, value, err, sizeof err) < 0)
				return (BenchResult){0, 0, 0};
			kv = comma ? comma + 1 : NULL;
		}
		Player *p = player_create(t, &ps, 1, err, sizeof err);
		if (!p)
			return (BenchResult){0, 0, 0};
		uint64_t sig = 0, ops = 0;
		double t0 = now();
		for (int i = 0; i < npos; i++) {
			Budget budget = {.nodes = nodes};
			MoveInfo info;
			player_new_game(p, pos[i].size, pos[i].rule);
			int m = player_choose(p, &pos[i], &budget, &info);
			uint64_t n = info.nodes == NODES_NONE ? 0 : info.nodes;
			ops += n;
			sig = sig * 1000003 + n * 1024 + (uint64_t)m;
		}
		times[run] = now() - t0;
		player_destroy(p);
		r.ops = ops;
		r.signature = sig;
	}
	qsort(times, (size_t)runs, sizeof *times, cmp_double);
	r.seconds = times[runs / 2];
	return r;
}

/* The solver on positions from the random games (plies 10, 14, ... 40):
 * VCF for the side to move, up to 20 attacker moves and 1M nodes each. The
 * signature folds the nodes, the wins and their lengths. */
static BenchResult bench_vcf(const BenchGame *games, int runs, int *npos, int *wins,
                             double *median_ms)
{
	enum { VCF_POSITIONS = 64 };
	BenchResult r = {0, 0, 0};
	Board *pos = malloc(sizeof *pos * VCF_POSITIONS); /* large: not on the stack */
	if (!pos)
		return r;
	int n = 0;
	for (int g = 0; g < BENCH_GAMES && n < VCF_POSITIONS; g++) {
		int plies = 10 + 4 * (g % 8);
		if (games[g].count <= plies)
			continue;
		board_init(&pos[n], 15, RULE_FREESTYLE);
		for (int i = 0; i < plies; i++)
			board_play(&pos[n], games[g].moves[i]);
		/* Skip positions where a five is already on offer: no search. */
		bool easy = false;
		for (int p = 0; p < BOARD_CELLS && !easy; p++)
			easy = pos[n].cell[p] == CELL_EMPTY &&
			       (pos[n].threat[0][p] == THREAT_FIVE ||
			        pos[n].threat[1][p] == THREAT_FIVE);
		n += !easy;
	}
	double times[100], each[VCF_POSITIONS];
	if (runs > 100)
		runs = 100;
	Solver *s = solver_create(16u << 20);
	if (!s) {
		free(pos);
		return r;
	}
	for (int run = 0; run < runs; run++) {
		uint64_t sig = 0, nodes = 0;
		int won = 0;
		solver_clear(s);
		double t0 = now();
		for (int i = 0; i < n; i++) {
			SolveResult res;
			double t1 = now();
			solver_solve(s, &pos[i], SOLVE_VCF, 20, 1000000, &res);
			each[i] = (now() - t1) * 1e3;
			nodes += res.nodes;
			won += res.win;
			sig =
			    sig * 1000003 + res.nodes * 64 + (uint64_t)(res.win * res.len);
		}
		times[run] = now() - t0;
		r.ops = nodes;
		r.signature = sig;
		*wins = won;
	}
	solver_destroy(s);
	free(pos);
	qsort(times, (size_t)runs, sizeof *times, cmp_double);
	qsort(each, (size_t)n, sizeof *each, cmp_double);
	r.seconds = times[runs / 2];
	*npos = n;
	*median_ms = n ? each[n / 2] : 0;
	return r;
}

static void print_row(FILE *out, const char *name, BenchResult r)
{
	fprintf(out, "%-11s %12llu %10.3f %14.0f  %016llx\n", name,
	        (unsigned long long)r.ops, r.seconds,
	        r.seconds > 0 ? (double)r.ops / r.seconds : 0.0,
	        (unsigned long long)r.signature);
}

int bench_run(int runs, FILE *out, char *err, size_t errlen)
{
	BenchResult r = bench_board(runs, false), rd = bench_board(runs, true);
	if (r.signature == 0 || rd.signature != r.signature) {
		snprintf(err, errlen, "arena bench: board check failed");
		return 1;
	}
	fprintf(out, "%-11s %12s %10s %14s  %s\n", "bench", "ops", "seconds", "ops/s",
	        "signature");
	print_row(out, "board", r);
	print_row(out, "board-delta", rd);

	BenchGame *games = malloc(sizeof(BenchGame) * BENCH_GAMES);
	Board *pos = malloc(sizeof(Board) * BENCH_POSITIONS);
	if (!games || !pos) {
		free(games);
		free(pos);
		snprintf(err, errlen, "arena bench: out of memory");
		return 1;
	}
	make_games(games, RULE_FREESTYLE, 20261121);
	int npos = bench_positions(games, pos, BENCH_POSITIONS);
	int ntypes;
	const PlayerType *const *types = registry_all(&ntypes);
	uint64_t total = 0;
	double rand_rate = 0;
	for (int i = 0; i < ntypes; i++) {
		BenchResult pr = bench_player(types[i], NULL, pos, npos, BENCH_NODES, runs);
		print_row(out, types[i]->name, pr);
		total += pr.ops;
	}
	/* mcts with uniformly random playouts: the raw speed of its loop. */
	const PlayerType *mcts = registry_find("mcts");
	if (mcts) {
		BenchResult pr = bench_player(mcts, "leaf=playout,playout_tactics=off", pos,
		                              npos, BENCH_NODES, runs);
		print_row(out, "mcts-rand", pr);
		total += pr.ops;
		rand_rate = pr.seconds > 0 ? (double)pr.ops / pr.seconds : 0;
	}
	/* The reference playout loop: not a player, so not in the total. */
	double ref_plies = 0;
	BenchResult rr = bench_ref(pos, npos, BENCH_REF_PLAYOUTS, runs, &ref_plies);
	print_row(out, "playout-ref", rr);
	double ref_rate = rr.seconds > 0 ? (double)rr.ops / rr.seconds : 0;
	int vpos = 0, vwins = 0;
	double vmedian = 0;
	BenchResult vr = bench_vcf(games, runs, &vpos, &vwins, &vmedian);
	print_row(out, "vcf", vr);
	total += vr.ops;
	free(games);
	free(pos);
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	fprintf(out, "\nmcts-rand / playout-ref: %.2f (iterations/s over playouts/s)\n",
	        ref_rate > 0 ? rand_rate / ref_rate : 0.0);
	fprintf(out, "\nsignature %llu (total player nodes)\n", (unsigned long long)total);
	fprintf(out, "memory high-water mark: %.1f MiB\n", (double)ru.ru_maxrss / 1024.0);
	fprintf(
	    out,
	    "board: one op is a play and its undo, with pattern updates; board-delta:\n"
	    "the same with board_play_delta and board_undo_delta, as the searches play.\n"
	    "players: ops are nodes (iterations for mcts) on %d positions, %d per move;\n"
	    "mcts-rand is mcts with leaf=playout,playout_tactics=off (every leaf valued\n"
	    "by a uniformly random playout: the raw speed of the tree's loop).\n"
	    "playout-ref: the reference loop, no tree: %d uniformly random playouts\n"
	    "from each position as mcts-rand plays them (a byte board and a candidate\n"
	    "list; a five looked for through the move only), %.1f moves each; mcts's\n"
	    "playouts start at its leaves, deeper, so they are shorter.\n"
	    "vcf: solver nodes on %d positions (VCF for the side to move, <= 1M nodes\n"
	    "each): %d wins found, median %.3f ms a position.\n"
	    "seconds are the median of %d run%s.\n",
	    npos, BENCH_NODES, BENCH_REF_PLAYOUTS, ref_plies, vpos, vwins, vmedian, runs,
	    runs == 1 ? "" : "s");
	return 0;
}
