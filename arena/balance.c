/* balance.c - `arena balance`. */
#include "balance.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "game.h"
#include "openings.h"
#include "record.h"
#include "registry.h"
#include "rng.h"
#include "rules.h"
#include "threat.h"

typedef struct {
	int count;
	int16_t moves[8];
	double black; /* black's score, 0..1 */
	int games;
	bool forced; /* the solver found a win for the side to move */
	bool dup;    /* the same position as an earlier candidate */
} Candidate;

/* Stones of each colour as sets: is b's position a's in some symmetry? */
static bool same_up_to_symmetry(const Candidate *a, const Candidate *b, int size)
{
	if (a->count != b->count)
		return false;
	for (int k = 0; k < 8; k++) {
		bool all = true;
		for (int i = 0; i < a->count && all; i++) {
			int p = openings_transform(a->moves[i], k, size);
			bool found = false;
			for (int j = i % 2; j < b->count && !found; j += 2)
				found = b->moves[j] == p;
			all = found;
		}
		if (all)
			return true;
	}
	return false;
}

static void make_candidate(Candidate *c, int size, Rule rule, int plies, int box, Rng *rng)
{
	Board b;
	board_init(&b, size, rule);
	int lo = size / 2 - box / 2;
	c->count = 0;
	for (int tries = 0; c->count < plies && tries < 1000; tries++) {
		int p = board_point(lo + (int)rng_below(rng, (uint32_t)box),
		                    lo + (int)rng_below(rng, (uint32_t)box));
		if (!board_empty_at(&b, p) || rules_outcome(&b, p) != OUTCOME_NONE)
			continue;
		board_play(&b, p);
		c->moves[c->count++] = (int16_t)p;
	}
}

int balance_main(int argc, char **argv)
{
	long candidates = 200, keep = 60, games = 6, nodes = 4000, step = 2000, size = 15;
	long min_plies = 2, max_plies = 4, box = 5, seed = 1, threads = 0;
	double tolerance = 0.17;
	const char *player = "alphabeta";
	Rule rule = RULE_FREESTYLE;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		long *target = NULL, lo = 0, hi = 0;
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			printf("usage: arena balance [--player TYPE] [--candidates N] "
			       "[--keep N] [--games N]\n"
			       "         [--nodes N] [--step N] [--tolerance X] "
			       "[--min-plies N] [--max-plies N]\n"
			       "         [--box N] [--size N] [--rule R] [--seed N] "
			       "[--threads N] > openings.ini\n\n"
			       "Draws N random openings of min..max plies inside the "
			       "central box x box\n"
			       "points, drops those where the side to move has a forced "
			       "win the solver\n"
			       "finds (VCF, or VCT within 200000 nodes), plays each as "
			       "TYPE against itself\n"
			       "--games times at budgets nodes, nodes+step, ..., and keeps "
			       "those where\n"
			       "black scores within the tolerance of 50%%, closest first, "
			       "at most --keep.\n"
			       "Defaults: alphabeta, 200 candidates, keep 60, 6 games, "
			       "4000 nodes,\n"
			       "step 2000, tolerance 0.17, 2 to 4 plies, box 5, 15x15 "
			       "freestyle.\n");
			return 0;
		}
		if (!strcmp(a, "--candidates"))
			target = &candidates, lo = 1, hi = 100000;
		else if (!strcmp(a, "--keep"))
			target = &keep, lo = 1, hi = 100000;
		else if (!strcmp(a, "--games"))
			target = &games, lo = 1, hi = 1000;
		else if (!strcmp(a, "--nodes"))
			target = &nodes, lo = 1, hi = 100000000;
		else if (!strcmp(a, "--step"))
			target = &step, lo = 0, hi = 100000000;
		else if (!strcmp(a, "--min-plies"))
			target = &min_plies, lo = 0, hi = 8;
		else if (!strcmp(a, "--max-plies"))
			target = &max_plies, lo = 0, hi = 8;
		else if (!strcmp(a, "--box"))
			target = &box, lo = 3, hi = BOARD_MAX;
		else if (!strcmp(a, "--size"))
			target = &size, lo = BOARD_MIN, hi = BOARD_MAX;
		else if (!strcmp(a, "--seed"))
			target = &seed, lo = 0, hi = 0x7fffffff;
		else if (!strcmp(a, "--threads"))
			target = &threads, lo = 0, hi = 1024;
		else if (!strcmp(a, "--player") && v) {
			player = v;
			i++;
			continue;
		} else if (!strcmp(a, "--tolerance") && v) {
			char *end;
			tolerance = strtod(v, &end);
			if (*end || tolerance < 0 || tolerance > 0.5) {
				fprintf(stderr, "arena balance: --tolerance takes a number "
				                "from 0 to 0.5\n");
				return 2;
			}
			i++;
			continue;
		} else if (!strcmp(a, "--rule") && v) {
			if (rule_parse(v, &rule) < 0) {
				fprintf(stderr, "arena balance: --rule takes freestyle, "
				                "standard or renju\n");
				return 2;
			}
			i++;
			continue;
		} else {
			fprintf(stderr,
			        "arena balance: unexpected argument '%s' (try --help)\n",
			        a);
			return 2;
		}
		if (cli_long(v, lo, hi, target) < 0) {
			fprintf(stderr,
			        "arena balance: %s takes a number from %ld to %ld\n", a, lo,
			        hi);
			return 2;
		}
		i++;
	}
	const PlayerType *type = registry_find(player);
	if (!type) {
		fprintf(stderr, "arena balance: unknown player type '%s'\n", player);
		return 2;
	}
	if (min_plies > max_plies || box > size) {
		fprintf(stderr,
		        "arena balance: need min-plies <= max-plies and box <= size\n");
		return 2;
	}
	Candidate *c = calloc((size_t)candidates, sizeof *c);
	if (!c) {
		fprintf(stderr, "arena balance: out of memory\n");
		return 1;
	}
	Rng rng;
	rng_seed(&rng, (uint64_t)seed);
	for (long i = 0; i < candidates; i++) {
		int plies = (int)(min_plies +
		                  rng_below(&rng, (uint32_t)(max_plies - min_plies + 1)));
		make_candidate(&c[i], (int)size, rule, plies, (int)box, &rng);
		for (long j = 0; j < i && !c[i].dup; j++)
			c[i].dup = same_up_to_symmetry(&c[i], &c[j], (int)size);
	}
	if (threads > 0)
		omp_set_num_threads((int)threads);
	ParamSet ps;
	param_defaults(&ps, type->params, type->nparams);
	long done = 0;
#pragma omp parallel for schedule(dynamic, 1)
	for (long i = 0; i < candidates; i++) {
		if (c[i].dup)
			continue;
		/* A forced win for the side to move is no opening. */
		Solver *s = solver_create(1 << 20);
		Board b;
		board_init(&b, (int)size, rule);
		for (int k = 0; k < c[i].count; k++)
			board_play(&b, c[i].moves[k]);
		SolveResult r = {0};
		if (s) {
			solver_solve(s, &b, SOLVE_VCF, 20, 200000, &r);
			if (!r.win)
				solver_solve(s, &b, SOLVE_VCT, 10, 200000, &r);
		}
		solver_destroy(s);
		c[i].forced = r.win;
		if (!c[i].forced) {
			double score = 0;
			for (long g = 0; g < games; g++) {
				GameSetup setup = {.size = (int)size,
				                   .rule = rule,
				                   .opening = c[i].moves,
				                   .opening_len = c[i].count};
				setup.budget[0].nodes = setup.budget[1].nodes =
				    (uint64_t)(nodes + g * step);
				char err[256];
				Player *pl[2] = {
				    player_create(type, &ps, (uint64_t)g, err, sizeof err),
				    player_create(type, &ps, (uint64_t)g + 1000, err,
				                  sizeof err)};
				GameRecord *rec = malloc(sizeof *rec);
				if (pl[0] && pl[1] && rec) {
					game_play(&setup, pl, rec);
					score += rec->outcome == RESULT_BLACK_WIN ? 1
					         : rec->outcome == RESULT_DRAW    ? 0.5
					                                          : 0;
					c[i].games++;
				}
				free(rec);
				player_destroy(pl[0]);
				player_destroy(pl[1]);
			}
			c[i].black = c[i].games ? score / (double)c[i].games : 0;
		}
#pragma omp critical(progress)
		{
			done++;
			fprintf(stderr, "\r%ld/%ld candidates", done, candidates);
		}
	}
	fprintf(stderr, "\n");
	/* Closest to even first; ties in candidate order. */
	long *order = malloc(sizeof *order * (size_t)candidates);
	long n = 0;
	for (long i = 0; order && i < candidates; i++)
		if (!c[i].dup && !c[i].forced && c[i].games > 0 &&
		    fabs(c[i].black - 0.5) <= tolerance + 1e-9)
			order[n++] = i;
	for (long a = 1; a < n; a++)
		for (long b = a; b > 0 && fabs(c[order[b]].black - 0.5) <
		                              fabs(c[order[b - 1]].black - 0.5);
		     b--) {
			long t = order[b];
			order[b] = order[b - 1];
			order[b - 1] = t;
		}
	long forced = 0, dups = 0;
	for (long i = 0; i < candidates; i++)
		forced += c[i].forced, dups += c[i].dup;
	printf("; Balanced %ldx%ld %s openings, chosen by self-play:\n", size, size,
	       rule_name(rule));
	printf(";   arena balance --player %s --candidates %ld --keep %ld --games %ld "
	       "--nodes %ld \\\n"
	       ";     --step %ld --tolerance %g --min-plies %ld --max-plies %ld --box %ld "
	       "--size %ld \\\n"
	       ";     --rule %s --seed %ld\n",
	       player, candidates, keep, games, nodes, step, tolerance, min_plies,
	       max_plies, box, size, rule_name(rule), seed);
	printf("; %ld random openings inside the central %ldx%ld; %ld repeated a position "
	       "(up to\n"
	       "; symmetry), %ld gave the side to move a forced win (VCF, or VCT in 200000 "
	       "nodes);\n"
	       "; each other one was played %ld times by %s against itself at %ld, %ld, "
	       "... nodes a\n"
	       "; move. Kept: black scored %.0f%% to %.0f%%, closest to 50%% first (%ld of "
	       "%ld).\n"
	       "; `note` gives black's score.\n",
	       candidates, box, box, dups, forced, games, player, nodes, nodes + step,
	       100 * (0.5 - tolerance), 100 * (0.5 + tolerance), n < keep ? n : keep, n);
	for (long k = 0; k < n && k < keep; k++) {
		const Candidate *o = &c[order[k]];
		char moves[128];
		record_format_moves((int)size, o->moves, o->count, moves, sizeof moves);
		printf("\n[opening b%03ld]\nmoves = %s\nnote = black %.1f of %d\n", k + 1,
		       moves, o->black * o->games, o->games);
	}
	if (n < keep)
		fprintf(stderr,
		        "arena balance: only %ld openings qualified (asked for %ld)\n", n,
		        keep);
	free(order);
	free(c);
	return 0;
}
