/* bench_strength.c - `arena bench --strength`: every built-in type against
 * every other at a fixed node budget, with ratings and a signature of the
 * games (arena/bench.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "elo.h"
#include "err.h"
#include "executor.h"
#include "match.h"
#include "registry.h"

/* The openings: fixed, so the signature means the same games everywhere. */
enum { STRENGTH_OPENING_PLIES = 3, STRENGTH_SIZE = 15 };
static const uint64_t STRENGTH_SEED = 20261125;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* FNV-1a over the bytes of one value. */
static uint64_t mix(uint64_t h, uint64_t v)
{
	for (int i = 0; i < 8; i++) {
		h ^= (v >> (8 * i)) & 0xff;
		h *= 1099511628211ull;
	}
	return h;
}

/* What a game adds to the signature: its moves and how it ended. */
static uint64_t mix_game(uint64_t h, const GameRecord *r)
{
	h = mix(h, (uint64_t)r->plies);
	for (int i = 0; i < r->plies; i++)
		h = mix(h, (uint64_t)(uint16_t)r->moves[i]);
	h = mix(h, (uint64_t)r->outcome);
	return mix(h, (uint64_t)r->reason);
}

/* Plays pairing (a, b): pairs colour-swapped pairs into recs (2 * pairs). */
static int play_pairing(const PlayerType *ta, const ParamSet *pa, const PlayerType *tb,
                        const ParamSet *pb, const OpeningSet *openings, int pairs,
                        long nodes, int threads, uint64_t seed, GameRecord *recs,
                        PairScore *scores, char *err, size_t errlen)
{
	Budget budget = {.nodes = (uint64_t)nodes};
	ExecSpec exec = {.a = {ta, pa, budget},
	                 .b = {tb, pb, budget},
	                 .size = STRENGTH_SIZE,
	                 .rule = RULE_FREESTYLE,
	                 .openings = openings,
	                 .seed = seed,
	                 .threads = threads};
	return executor_play_pairs(&exec, pairs, scores, recs, err, errlen);
}

int bench_strength(int pairs, long nodes, int threads, FILE *out, char *err, size_t errlen)
{
	int n;
	const PlayerType *const *types = registry_all(&n);
	int npairings = n * (n - 1) / 2;
	size_t per = 2 * (size_t)pairs;
	ParamSet *params = calloc((size_t)n, sizeof *params);
	const char **names = calloc((size_t)n, sizeof *names);
	GameRecord *recs = calloc(per, sizeof *recs);
	PairScore *scores = calloc((size_t)pairs, sizeof *scores);
	EloGame *games = calloc(per * (size_t)npairings, sizeof *games);
	double *score = calloc((size_t)npairings, sizeof *score);
	OpeningSet openings = {0};
	int status = 1;
	bool added = true;
	for (int k = 0; k < pairs && added; k++) {
		Opening op = {.count = 0};
		op.count = match_random_opening(
		    STRENGTH_SIZE, RULE_FREESTYLE, STRENGTH_OPENING_PLIES,
		    STRENGTH_SEED * 7919 + (uint64_t)k, op.moves);
		added = openings_add(&openings, &op) == 0;
	}
	if (!params || !names || !recs || !scores || !games || !score || !added) {
		snprintf(err, errlen, "arena bench: out of memory");
		goto done;
	}
	for (int i = 0; i < n; i++) {
		param_defaults(&params[i], types[i]->params, types[i]->nparams);
		names[i] = types[i]->name;
	}

	uint64_t sig = 14695981039346656037ull;
	size_t ngames = 0;
	int pairing = 0;
	double t0 = now();
	char msg[ERR_MAX];
	for (int a = 0; a < n; a++)
		for (int b = a + 1; b < n; b++, pairing++) {
			if (play_pairing(types[a], &params[a], types[b], &params[b],
			                 &openings, pairs, nodes, threads,
			                 STRENGTH_SEED + (uint64_t)pairing, recs, scores,
			                 msg, sizeof msg) < 0) {
				snprintf(err, errlen, "arena bench: %s against %s: %s",
				         names[a], names[b], msg);
				goto done;
			}
			for (size_t g = 0; g < per; g++) {
				sig = mix_game(sig, &recs[g]);
				double s = game_black_score(&recs[g]);
				bool a_black =
				    g % 2 == 0; /* executor.h: game 2i, A black */
				games[ngames++] =
				    (EloGame){a_black ? a : b, a_black ? b : a, s};
				score[pairing] += a_black ? s : 1 - s;
			}
		}
	double seconds = now() - t0;

	EloRatings *r = NULL;
	if (elo_fit(n, names, games, ngames, NULL, &r, msg, sizeof msg) < 0) {
		snprintf(err, errlen, "arena bench: the ratings: %s", msg);
		goto done;
	}
	fprintf(out, "%-10s", "score %");
	for (int j = 0; j < n; j++)
		fprintf(out, " %9s", names[j]);
	fprintf(out, " %8s %8s\n", "Elo", "+-95%");
	for (int i = 0; i < n; i++) {
		fprintf(out, "%-10s", names[i]);
		for (int j = 0; j < n; j++) {
			if (i == j) {
				fprintf(out, " %9s", "-");
				continue;
			}
			int lo = i < j ? i : j, hi = i < j ? j : i;
			/* pairing index of (lo, hi) in the loop order above */
			int k = lo * n - lo * (lo + 1) / 2 + (hi - lo - 1);
			double s = i == lo ? score[k] : (double)per - score[k];
			fprintf(out, " %9.1f", 100.0 * s / (double)per);
		}
		/* a perfect score is a bound (elo.h) */
		const EloPlayer *p = &r->players[i];
		fprintf(out, " %s%*.0f %8.0f\n",
		        p->bound == ELO_LOWER   ? ">"
		        : p->bound == ELO_UPPER ? "<"
		                                : "",
		        p->bound ? 7 : 8, p->rating, p->error95);
	}
	if (r->prior_used)
		fprintf(out, "(%s: one virtual draw each against the pool average)\n",
		        r->prior_reason);
	elo_destroy(r);
	fprintf(
	    out,
	    "\nstrength signature %llu\n"
	    "%zu games: %d colour-swapped pairs a pairing from random %d-stone "
	    "openings,\n%ld nodes (mcts: iterations) a move, default parameters; %.1f s "
	    "(%.1f games/s).\nThe signature is a checksum of every game's moves "
	    "and result: the same on\nevery machine and for any --threads.\n",
	    (unsigned long long)sig, ngames, pairs, STRENGTH_OPENING_PLIES, nodes, seconds,
	    seconds > 0 ? (double)ngames / seconds : 0.0);
	status = 0;
done:
	free(params);
	free(names);
	free(recs);
	free(scores);
	free(games);
	free(score);
	openings_free(&openings);
	return status;
}
