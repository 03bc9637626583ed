/* positions.c - games in, labelled feature rows out. */
#define _POSIX_C_SOURCE 200809L
#include "positions.h"
#include "err.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "openings.h"
#include "record.h"
#include "results.h"
#include "rng.h"
#include "threat.h"

enum { PLY_WORDS = (BOARD_MAX_MOVES + 63) / 64 };

void positions_init(PosGames *g, int size, Rule rule)
{
	memset(g, 0, sizeof *g);
	g->size = size;
	g->rule = rule;
}

void positions_free(PosGames *g)
{
	free(g->games);
	free(g->moves);
	free(g->ply);
	positions_init(g, g->size, g->rule);
}

int positions_add_game(PosGames *g, const int16_t *moves, int plies, double black_score)
{
	if (g->count == g->cap) {
		int cap = g->cap ? 2 * g->cap : 1024;
		PosGame *ng = realloc(g->games, (size_t)cap * sizeof *ng);
		if (!ng)
			return -1;
		g->games = ng;
		g->cap = cap;
	}
	if (g->nmoves + (size_t)plies > g->capmoves) {
		size_t cap = g->capmoves ? 2 * g->capmoves : 65536;
		while (cap < g->nmoves + (size_t)plies)
			cap *= 2;
		int16_t *nm = realloc(g->moves, cap * sizeof *nm);
		if (!nm)
			return -1;
		g->moves = nm;
		g->capmoves = cap;
	}
	memcpy(g->moves + g->nmoves, moves, (size_t)plies * sizeof *moves);
	g->games[g->count++] = (PosGame){g->nmoves, plies, black_score, 0, 0};
	g->nmoves += (size_t)plies;
	return 0;
}

/* One game of a games.csv (results_scan): its moves, checked on g's board. */
static int add_row(void *user, const ResultRow *row, const char *text, char *msg,
                   size_t msglen)
{
	PosGames *g = user;
	int16_t moves[BOARD_MAX_MOVES];
	char e[200];
	int plies =
	    record_parse_moves(g->size, text, moves, g->size * g->size, e, sizeof e);
	if (plies < 0) {
		return err_set(msg, msglen, "moves: %s (board %d)", e, g->size);
	}
	if (row->plies != plies) {
		return err_set(msg, msglen, "plies %d but %d moves", row->plies, plies);
	}
	if (positions_add_game(g, moves, plies, row->score) < 0) {
		return err_set(msg, msglen, "out of memory");
	}
	return 0;
}

int positions_read_csv(PosGames *g, const char *path, char *err, size_t errlen)
{
	return results_scan(path, add_row, g, NULL, err, errlen);
}

static uint64_t moves_hash(const int16_t *m, int n)
{
	uint64_t h = 0x9E3779B97F4A7C15ull ^ (uint64_t)n;
	for (int i = 0; i < n; i++) {
		h ^= (uint64_t)(uint16_t)m[i];
		h = rng_splitmix(&h);
	}
	return h;
}

typedef struct {
	uint64_t hash;
	int game;
} HashIdx;

static int by_hash(const void *a, const void *b)
{
	const HashIdx *x = a, *y = b;
	if (x->hash != y->hash)
		return x->hash < y->hash ? -1 : 1;
	return (x->game > y->game) - (x->game < y->game);
}

int positions_dedupe(PosGames *g)
{
	if (g->count < 2)
		return 0;
	HashIdx *h = malloc((size_t)g->count * sizeof *h);
	bool *drop = calloc((size_t)g->count, sizeof *drop);
	if (!h || !drop) { /* without memory, keep every game */
		free(h);
		free(drop);
		return 0;
	}
	for (int i = 0; i < g->count; i++)
		h[i] =
		    (HashIdx){moves_hash(g->moves + g->games[i].at, g->games[i].plies), i};
	qsort(h, (size_t)g->count, sizeof *h, by_hash);
	for (int i = 1; i < g->count; i++)
		for (int j = i - 1; j >= 0 && h[j].hash == h[i].hash; j--) {
			const PosGame *a = &g->games[h[i].game], *b = &g->games[h[j].game];
			if (!drop[h[j].game] && a->plies == b->plies &&
			    a->black_score == b->black_score &&
			    !memcmp(g->moves + a->at, g->moves + b->at,
			            (size_t)a->plies * 2)) {
				drop[h[i].game] =
				    true; /* sorted by game within a hash: i is the later */
				break;
			}
		}
	int kept = 0;
	for (int i = 0; i < g->count; i++)
		if (!drop[i])
			g->games[kept++] = g->games[i];
	int removed = g->count - kept;
	g->count = kept;
	free(h);
	free(drop);
	return removed;
}

/* Would a search leave b to its static evaluation (as alphabeta's ab_leaf does)? */
static bool quiet(const Board *b)
{
	Color c = b->to_move;
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++) {
			int p = board_point(x, y);
			if (b->cell[p] != CELL_EMPTY)
				continue;
			int me = board_threat(b, p, c), op = board_threat(b, p, c ^ 1);
			if (me == THREAT_FIVE || op == THREAT_FIVE ||
			    me == THREAT_OPEN_FOUR || me == THREAT_DOUBLE_FOUR)
				return false;
		}
	return true;
}

int positions_select(PosGames *g, int skip, uint64_t vcf_nodes, int threads)
{
	uint64_t *kept =
	    calloc((size_t)(g->count ? g->count : 1) * PLY_WORDS, sizeof *kept);
	if (!kept)
		return -1;
	int failed = 0;
	int nt = threads > 0 ? threads : omp_get_max_threads();
#pragma omp parallel num_threads(nt)
	{
		/* The table is cleared for every game, so what is found does not
		 * depend on which games a thread happened to search before. */
		Solver *sv = vcf_nodes ? solver_create(1u << 18) : NULL;
		if (vcf_nodes && !sv) {
#pragma omp atomic write
			failed = 1;
		}
		Board *b = malloc(sizeof *b);
#pragma omp for schedule(dynamic, 16)
		for (int i = 0; i < g->count; i++) {
			if (!b || (vcf_nodes && !sv))
				continue;
			const PosGame *pg = &g->games[i];
			const int16_t *m = g->moves + pg->at;
			uint64_t *bits = kept + (size_t)i * PLY_WORDS;
			board_init(b, g->size, g->rule);
			if (sv)
				solver_clear(sv);
			for (int t = 0; t < pg->plies; t++) {
				if (t >= skip && quiet(b)) {
					SolveResult r = {0};
					if (sv)
						solver_solve(sv, b, SOLVE_VCF, 16,
						             vcf_nodes, &r);
					if (!r.win)
						bits[t / 64] |= 1ull << (t % 64);
				}
				board_play(b, m[t]);
			}
		}
		if (!b) {
#pragma omp atomic write
			failed = 1;
		}
		free(b);
		solver_destroy(sv);
	}
	size_t total = 0;
	for (int i = 0; i < g->count && !failed; i++)
		for (int w = 0; w < PLY_WORDS; w++)
			total +=
			    (size_t)__builtin_popcountll(kept[(size_t)i * PLY_WORDS + w]);
	int16_t *ply = failed ? NULL : malloc((total ? total : 1) * sizeof *ply);
	if (!ply) {
		free(kept);
		return -1;
	}
	free(g->ply);
	g->ply = ply;
	g->npos = 0;
	for (int i = 0; i < g->count; i++) {
		g->games[i].first = (int)g->npos;
		for (int t = 0; t < g->games[i].plies; t++)
			if (kept[(size_t)i * PLY_WORDS + t / 64] >> (t % 64) & 1)
				g->ply[g->npos++] = (int16_t)t;
		g->games[i].npos = (int)g->npos - g->games[i].first;
	}
	free(kept);
	return 0;
}

int positions_features(const PosGames *g, const EvalFeatures *f, const void *evaluator,
                       bool symmetries, const bool *validation, int threads,
                       TexelSet *train, TexelSet *val)
{
	int nf = f->nfeat;
	int nsym = symmetries ? 8 : 1;
	size_t *row = malloc((size_t)(g->count ? g->count : 1) * sizeof *row),
	       n[2] = {0, 0};
	if (!row)
		return -1;
	for (int i = 0; i < g->count; i++) {
		int v = validation && validation[i];
		row[i] = n[v];
		n[v] += (size_t)g->games[i].npos * (size_t)nsym;
	}
	texel_set_free(train);
	texel_set_free(val);
	*train = (TexelSet){.nfeat = nf};
	*val = (TexelSet){.nfeat = nf};
	if (texel_set_resize(train, n[0]) < 0 || texel_set_resize(val, n[1]) < 0) {
		free(row);
		return -1;
	}
	int failed = 0, nt = threads > 0 ? threads : omp_get_max_threads();
#pragma omp parallel num_threads(nt)
	{
		Board *b = malloc(sizeof *b);
		if (!b) {
#pragma omp atomic write
			failed = 1;
		}
#pragma omp for schedule(dynamic, 16)
		for (int i = 0; i < g->count; i++) {
			const PosGame *pg = &g->games[i];
			TexelSet *s = validation && validation[i] ? val : train;
			size_t r = row[i];
			for (int k = 0; k < nsym && b && pg->npos; k++) {
				const int16_t *m = g->moves + pg->at;
				board_init(b, g->size, g->rule);
				int t = 0;
				for (int j = 0; j < pg->npos; j++, r++) {
					int want = g->ply[pg->first + j];
					for (; t < want; t++)
						board_play(b, openings_transform(m[t], k,
						                                 g->size));
					int count[2][EVAL_FEATURES_MAX];
					f->count(evaluator, b, count);
					Color c = b->to_move;
					for (int q = 0; q < nf; q++) {
						s->own[r * (size_t)nf + (size_t)q] =
						    (uint16_t)count[c][q];
						s->opp[r * (size_t)nf + (size_t)q] =
						    (uint16_t)count[c ^ 1][q];
					}
					double score = c == BLACK ? pg->black_score
					                          : 1 - pg->black_score;
					s->result[r] = (uint8_t)(2 * score + 0.5);
				}
			}
		}
		free(b);
	}
	free(row);
	return failed ? -1 : 0;
}

/* A symmetric hash of a set of (point, colour) pairs: a sum of mixed
 * values, so the order of the stones does not matter. */
static uint64_t stones_hash(const int16_t *moves, int n, int size, int k)
{
	uint64_t h = 0;
	for (int i = 0; i < n; i++) {
		uint64_t x =
		    (uint64_t)openings_transform(moves[i], k, size) * 2 + (uint64_t)(i & 1);
		h += rng_splitmix(&x);
	}
	return h;
}

uint64_t positions_key(const int16_t *moves, int n, int size)
{
	uint64_t best = UINT64_MAX;
	for (int k = 0; k < 8; k++) {
		uint64_t h = stones_hash(moves, n, size, k);
		if (h < best)
			best = h;
	}
	return best;
}

bool positions_contains(const int16_t *moves, int n, const int16_t *sub, int m, int size)
{
	for (int k = 0; k < 8; k++) {
		bool all = true;
		for (int i = 0; i < m && all; i++) {
			int p = openings_transform(sub[i], k, size);
			bool found = false;
			for (int j = i & 1; j < n && !found; j += 2)
				found = moves[j] == p;
			all = found;
		}
		if (all)
			return true;
	}
	return false;
}
