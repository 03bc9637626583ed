/* gen_games.c - a seeded games.csv of the shape of an engine community's
 * whole rating history, for tests/bench_elo.sh (built, never run by ctest).
 *
 * usage: gen_games PLAYERS PAIRINGS GAMES SEED [MOVES] > games.csv
 *
 * With MOVES, also writes there the moves.csv of those games (moves_csv.h),
 * every move with a time, an eval and a depth (tests/bench_report.sh: the
 * page whose every game carries per-move values).
 *
 * Shape: true ratings spread evenly over 2,500 Elo (players named in a
 * shuffled order, so the order of first appearance is not the order of
 * strength); pairings of very different sizes (log-normal weights, from 2
 * games to thousands), mostly between players of similar strength, as
 * tournaments group engines; 0.3% draws. The pairings include every pair of
 * neighbours in strength, each of which both players score in (forced when
 * the dice say otherwise), so the "scored against" graph is strongly
 * connected: maximum likelihood has a finite answer. Half the pairings play
 * colour-swapped game pairs that share a pair id (pentanomial, ids repeating
 * across pairings as in arena run), the other half single games with ids of
 * their own. The games come in a shuffled order. Same arguments, same file.
 *
 * Exit status 2 on bad arguments, 1 if the output cannot be written. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

#define SPREAD 2500.0
#define DRAWS 0.003

typedef struct {
	int a, b;    /* players */
	int games;   /* even */
	bool paired; /* colour-swapped pairs sharing a pair id */
	long first;  /* index of its first game in the game list */
} Pairing;

typedef struct {
	int pairing, k; /* the k-th game of its pairing */
	double a_score; /* player a's */
} Game;

static double gauss(Rng *r)
{
	double u = rng_double(r), v = rng_double(r);
	return sqrt(-2 * log(1 - u)) * cos(6.283185307179586 * v);
}

/* Open addressing on pair keys, to draw each pairing once. */
static bool seen_insert(uint64_t *table, size_t mask, uint64_t key)
{
	size_t h = (size_t)((key * 0x9E3779B97F4A7C15u) >> 17) & mask;
	while (table[h]) {
		if (table[h] == key)
			return false;
		h = (h + 1) & mask;
	}
	table[h] = key;
	return true;
}

static long parse(const char *s, long lo, long hi)
{
	char *end;
	long v = strtol(s, &end, 10);
	return *s && !*end && v >= lo && v <= hi ? v : -1;
}

/* Job i's moves.csv rows: a time of 0 to 999 ms a move, an eval that
 * walks (from black's side, given from the mover's), depth 4 to 19. */
static void write_moves(FILE *f, long i, int plies, int black, int white, const char *walk,
                        const int cut[226], uint64_t *mix)
{
	long eval = 0;
	for (int k = 0; k < plies; k++) {
		int from = k ? cut[k] + 1 : 0;
		eval += (long)(rng_splitmix(mix) % 61) - 30;
		fprintf(f, "%ld,%d,player%05d,%.*s,%d,%ld,%d,,,\n", i, k + 1,
		        k % 2 ? white : black, cut[k + 1] - from, walk + from,
		        (int)(rng_splitmix(mix) % 1000), k % 2 ? -eval : eval,
		        4 + (int)(rng_splitmix(mix) % 16));
	}
}

int main(int argc, char **argv)
{
	long n = (argc == 5 || argc == 6) ? parse(argv[1], 2, 100000) : -1;
	long np = (argc == 5 || argc == 6) ? parse(argv[2], 1, 100000000) : -1;
	long ng = (argc == 5 || argc == 6) ? parse(argv[3], 1, 2000000000) : -1;
	long seed = (argc == 5 || argc == 6) ? parse(argv[4], 0, 2000000000) : -1;
	if (n < 0 || np < n - 1 || np > n * (n - 1) / 2 || ng < 2 * np || seed < 0) {
		fprintf(stderr,
		        "usage: gen_games PLAYERS PAIRINGS GAMES SEED [MOVES] > games.csv\n"
		        "  PAIRINGS from PLAYERS - 1 to all pairs, GAMES at least "
		        "2 per pairing\n");
		return 2;
	}
	Rng rng;
	rng_seed(&rng, (uint64_t)seed);
	double *rating = malloc(sizeof *rating * (size_t)n);
	int *by_strength = malloc(sizeof *by_strength * (size_t)n);
	Pairing *p = malloc(sizeof *p * (size_t)np);
	double *weight = malloc(sizeof *weight * (size_t)np);
	size_t cap = 1;
	while (cap < 2 * (size_t)np)
		cap *= 2;
	uint64_t *seen = calloc(cap, sizeof *seen);
	Game *g = malloc(sizeof *g * (size_t)ng);
	if (!rating || !by_strength || !p || !weight || !seen || !g) {
		fprintf(stderr, "gen_games: out of memory\n");
		return 1;
	}
	/* Player i's strength rank is by_strength's inverse: a shuffle. */
	for (long i = 0; i < n; i++)
		by_strength[i] = (int)i;
	for (long i = n - 1; i > 0; i--) {
		long j = rng_below(&rng, (uint32_t)(i + 1));
		int t = by_strength[i];
		by_strength[i] = by_strength[j], by_strength[j] = t;
	}
	for (long k = 0; k < n; k++)
		rating[by_strength[k]] = SPREAD * (double)k / (double)(n - 1);

	long count = 0;
	for (long k = 0; k + 1 < n; k++) { /* neighbours in strength */
		int a = by_strength[k], b = by_strength[k + 1];
		int lo = a < b ? a : b, hi = a < b ? b : a;
		seen_insert(seen, cap - 1, (uint64_t)lo * (uint64_t)n + (uint64_t)hi + 1);
		p[count++] = (Pairing){a, b, 0, false, 0};
	}
	/* The rest: random pairs, the likelier the closer in strength (a gap
	 * of 400 Elo is accepted a third as often as none). */
	while (count < np) {
		int a = (int)rng_below(&rng, (uint32_t)n),
		    b = (int)rng_below(&rng, (uint32_t)n);
		if (a == b || rng_double(&rng) > exp(-fabs(rating[a] - rating[b]) / 360))
			continue;
		int lo = a < b ? a : b, hi = a < b ? b : a;
		if (seen_insert(seen, cap - 1,
		                (uint64_t)lo * (uint64_t)n + (uint64_t)hi + 1))
			p[count++] = (Pairing){a, b, 0, false, 0};
	}
	/* Sizes: two games each, the rest in proportion to log-normal weights
	 * (sigma 1.6: the largest pairings hold hundreds of times the median). */
	double wsum = 0;
	for (long k = 0; k < np; k++)
		wsum += weight[k] = exp(1.6 * gauss(&rng));
	long units = ng / 2 - np, given = 0; /* units of two games */
	for (long k = 0; k < np; k++) {
		long u = (long)floor((double)units * weight[k] / wsum);
		p[k].games = 2 * (int)(1 + u);
		given += u;
		p[k].paired = rng_double(&rng) < 0.5;
	}
	for (; given < units; given++)
		p[rng_below(&rng, (uint32_t)np)].games += 2;
	long total = 0;
	for (long k = 0; k < np; k++) {
		p[k].first = total;
		double d = rating[p[k].a] - rating[p[k].b];
		double win = 1 / (1 + pow(10, -d / 400));
		double pts = 0;
		for (int i = 0; i < p[k].games; i++) {
			double u = rng_double(&rng);
			double s = u < DRAWS ? 0.5 : u < DRAWS + (1 - DRAWS) * win ? 1 : 0;
			g[total + i] = (Game){(int)k, i, s};
			pts += s;
		}
		/* Neighbours both score: the weaker wins one if it won none. */
		if (k < n - 1 && (pts == 0 || pts == p[k].games))
			g[total].a_score = 1 - g[total].a_score;
		total += p[k].games;
	}
	if (ng % 2) { /* an odd count: one more single game */
		p[0].paired = false;
		g[total++] = (Game){0, p[0].games++, 0.5};
	}
	for (long i = total - 1; i > 0; i--) {
		long j =
		    (long)(((rng_next(&rng) >> 11) * (double)0x1.0p-53) * (double)(i + 1));
		Game t = g[i];
		g[i] = g[j], g[j] = t;
	}

	/* Moves: the first `plies` of a fixed walk over the board, 9 to 80
	 * plies (a record's games are tens of moves long; the column's length is
	 * most of a line's). */
	static char walk[225 * 4 + 1];
	int cut[226], at = 0;
	for (int k = 0; k < 225; k++) {
		cut[k] = at;
		at += sprintf(walk + at, "%s%c%d", k ? " " : "", 'a' + (k * 7) % 15,
		              1 + (k * 11 + k / 15) % 15);
	}
	cut[225] = at;
	static char buf[1 << 20];
	setvbuf(stdout, buf, _IOFBF, sizeof buf);
	printf("job,pair,round,opening,black,white,result,reason,plies,moves,black_ms,"
	       "white_ms,black_nodes,white_nodes\n");
	uint64_t mix = (uint64_t)seed,
	         mvmix = ~(uint64_t)seed; /* the games the same with MOVES */
	FILE *mf = argc == 6 ? fopen(argv[5], "w") : NULL;
	if (argc == 6 && !mf) {
		fprintf(stderr, "gen_games: cannot write %s\n", argv[5]);
		return 1;
	}
	if (mf)
		fputs("job,ply,player,move,ms,eval,depth,seldepth,nodes,pv\n", mf);
	for (long i = 0; i < total; i++) {
		const Pairing *q = &p[g[i].pairing];
		/* In a pair the second game swaps colours. */
		bool a_black = q->paired ? g[i].k % 2 == 0 : (g[i].k * 7 + i) % 2 == 0;
		double black = a_black ? g[i].a_score : 1 - g[i].a_score;
		long pair = q->paired ? g[i].k / 2 : i;
		int plies = 9 + (int)(rng_splitmix(&mix) % 72);
		printf("%ld,%ld,0,o,player%05d,player%05d,%s,five,%d,%.*s,0,0,0,0\n", i,
		       pair, a_black ? q->a : q->b, a_black ? q->b : q->a,
		       black == 1   ? "1-0"
		       : black == 0 ? "0-1"
		                    : "1/2-1/2",
		       plies, cut[plies], walk);
		if (mf)
			write_moves(mf, i, plies, a_black ? q->a : q->b,
			            a_black ? q->b : q->a, walk, cut, &mvmix);
	}
	if (mf && fclose(mf) != 0) {
		fprintf(stderr, "gen_games: cannot write the moves\n");
		return 1;
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "gen_games: cannot write the games\n");
		return 1;
	}
	free(rating), free(by_strength), free(p), free(weight), free(seen), free(g);
	return 0;
}
