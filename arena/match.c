/* match.c - `arena match A B`. */
#include "match.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "executor.h"
#include "game.h"
#include "registry.h"
#include "rng.h"
#include "rules.h"

typedef struct {
	const PlayerType *type;
	ParamSet params;
	char name[64];
} Spec;

/* "type" or "type:key=value,key=value". */
static int parse_spec(const char *text, Spec *s, char *err, size_t errlen)
{
	char buf[512];
	snprintf(buf, sizeof buf, "%s", text);
	char *opts = strchr(buf, ':');
	if (opts)
		*opts++ = '\0';
	s->type = registry_find(buf);
	if (!s->type) {
		snprintf(err, errlen, "unknown player type '%.64s'", buf);
		return -1;
	}
	param_defaults(&s->params, s->type->params, s->type->nparams);
	snprintf(s->name, sizeof s->name, "%s", text);
	for (char *kv = opts ? strtok(opts, ",") : NULL; kv; kv = strtok(NULL, ",")) {
		char *eq = strchr(kv, '=');
		if (!eq) {
			snprintf(err, errlen, "'%s': expected key=value", kv);
			return -1;
		}
		*eq = '\0';
		char msg[400];
		if (param_set(&s->params, kv, eq + 1, msg, sizeof msg) < 0) {
			snprintf(err, errlen, "%s: %s", s->type->name, msg);
			return -1;
		}
	}
	return 0;
}

/* A short random opening: stones alternating within two of the centre,
 * none of them winning or forbidden (on tiny boards it may come out short). */
static int random_opening(int size, Rule rule, int plies, uint64_t seed, int16_t *out)
{
	Rng rng;
	rng_seed(&rng, seed);
	Board b;
	board_init(&b, size, rule);
	int c = size / 2;
	for (int tries = 0; b.count < plies && tries < 1000; tries++) {
		int p = board_point(c - 2 + (int)rng_below(&rng, 5),
		                    c - 2 + (int)rng_below(&rng, 5));
		if (board_empty_at(&b, p) && rules_outcome(&b, p) == OUTCOME_NONE) {
			out[b.count] = (int16_t)p;
			board_play(&b, p);
		}
	}
	return b.count;
}

int match_main(int argc, char **argv)
{
	const char *names[2] = {NULL, NULL};
	long pairs = 10, nodes = 20000, size = 15, plies = 3, threads = 0, seed = 1;
	long max_plies = 0;
	Rule rule = RULE_FREESTYLE;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		long *target = NULL, lo = 0, hi = 0;
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			printf("usage: arena match A B [--pairs N] [--nodes N] [--size N] "
			       "[--rule R]\n"
			       "                   [--opening-plies N] [--max-plies N] "
			       "[--threads N] [--seed N]\n\n"
			       "Plays N colour-swapped game pairs (default 10) between "
			       "players A and B\n"
			       "from random openings of a few stones near the centre, "
			       "every move with a\n"
			       "node (or playout) budget (default 20000), and prints the "
			       "score.\n"
			       "A player is a type name, optionally with parameters:\n"
			       "  naive   alphabeta:ratio=0.5,hash_mb=16   "
			       "weighted:attack=1400\n");
			return 0;
		}
		if (!strcmp(a, "--pairs"))
			target = &pairs, lo = 1, hi = 100000;
		else if (!strcmp(a, "--nodes"))
			target = &nodes, lo = 1, hi = 1000000000;
		else if (!strcmp(a, "--size"))
			target = &size, lo = BOARD_MIN, hi = BOARD_MAX;
		else if (!strcmp(a, "--opening-plies"))
			target = &plies, lo = 0, hi = 20;
		else if (!strcmp(a, "--max-plies"))
			target = &max_plies, lo = 0, hi = BOARD_MAX_MOVES;
		else if (!strcmp(a, "--threads"))
			target = &threads, lo = 0, hi = 1024;
		else if (!strcmp(a, "--seed"))
			target = &seed, lo = 0, hi = 0x7fffffff;
		else if (!strcmp(a, "--rule")) {
			if (!v || rule_parse(v, &rule) < 0) {
				fprintf(stderr, "arena match: --rule takes freestyle, "
				                "standard or renju\n");
				return 2;
			}
			i++;
			continue;
		} else if (a[0] != '-' && !names[0]) {
			names[0] = a;
			continue;
		} else if (a[0] != '-' && !names[1]) {
			names[1] = a;
			continue;
		} else {
			fprintf(stderr,
			        "arena match: unexpected argument '%s' (try --help)\n", a);
			return 2;
		}
		if (cli_long(v, lo, hi, target) < 0) {
			fprintf(stderr, "arena match: %s takes a number from %ld to %ld\n",
			        a, lo, hi);
			return 2;
		}
		i++;
	}
	if (!names[1]) {
		fprintf(stderr, "arena match: two players needed (try --help)\n");
		return 2;
	}
	Spec spec[2];
	char err[512];
	for (int s = 0; s < 2; s++)
		if (parse_spec(names[s], &spec[s], err, sizeof err) < 0) {
			fprintf(stderr, "arena match: %s\n", err);
			return 2;
		}

	long games = 2 * pairs;
	GameRecord *recs = calloc((size_t)games, sizeof *recs);
	PairScore *scores = calloc((size_t)pairs, sizeof *scores);
	OpeningSet openings = {(int)pairs, calloc((size_t)pairs, sizeof(Opening))};
	if (!recs || !scores || !openings.items) {
		fprintf(stderr, "arena match: out of memory\n");
		free(recs);
		free(scores);
		openings_free(&openings);
		return 1;
	}
	for (long k = 0; k < pairs; k++)
		openings.items[k].count = random_opening(
		    (int)size, rule, (int)plies, (uint64_t)seed * 7919 + (uint64_t)k,
		    openings.items[k].moves);
	ExecSpec exec = {.a = {spec[0].type, &spec[0].params, {.nodes = (uint64_t)nodes}},
	                 .b = {spec[1].type, &spec[1].params, {.nodes = (uint64_t)nodes}},
	                 .size = (int)size,
	                 .rule = rule,
	                 .max_plies = (int)max_plies,
	                 .openings = &openings,
	                 .seed = (uint64_t)seed,
	                 .threads = (int)threads};
	int failed = executor_play_pairs(&exec, (int)pairs, scores, recs, err, sizeof err);
	openings_free(&openings);
	free(scores);
	if (failed) {
		fprintf(stderr, "arena match: %s\n", err);
		free(recs);
		return 1;
	}
	double score = 0, t[2] = {0, 0};
	long w = 0, d = 0, l = 0;
	uint64_t n[2] = {0, 0};
	int ends[END_COUNT] = {0};
	for (long g = 0; g < games; g++) {
		int a_color = g % 2 == 0 ? BLACK : WHITE;
		GameRecord *r = &recs[g];
		ends[r->reason]++;
		if (r->outcome == RESULT_DRAW)
			d++, score += 0.5;
		else if ((r->outcome == RESULT_BLACK_WIN) == (a_color == BLACK))
			w++, score += 1;
		else
			l++;
		t[0] += r->time_ms[a_color];
		t[1] += r->time_ms[a_color ^ 1];
		n[0] += r->nodes[a_color];
		n[1] += r->nodes[a_color ^ 1];
	}
	printf("%s vs %s: +%ld =%ld -%ld  score %.1f/%ld (%.1f%%)\n", spec[0].name,
	       spec[1].name, w, d, l, score, games, 100.0 * score / (double)games);
	printf("ends:");
	for (int r = 0; r < END_COUNT; r++)
		if (ends[r])
			printf(" %s %d", game_end_name((EndReason)r), ends[r]);
	printf("\nnodes/s: %s %.0f, %s %.0f\n", spec[0].name,
	       t[0] > 0 ? (double)n[0] / t[0] * 1e3 : 0.0, spec[1].name,
	       t[1] > 0 ? (double)n[1] / t[1] * 1e3 : 0.0);
	free(recs);
	return 0;
}
