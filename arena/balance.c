/* balance.c - `arena balance`. */
#include "balance.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int balance_run(const BalanceOptions *opt, FILE *out, long *qualified, char *msg,
                size_t msglen)
{
	long candidates = opt->candidates, keep = opt->keep, games = opt->games,
	     nodes = opt->nodes;
	long step = opt->step, size = opt->size, min_plies = opt->min_plies;
	long max_plies = opt->max_plies, box = opt->box, seed = opt->seed,
	     threads = opt->threads;
	double tolerance = opt->tolerance;
	const char *player = opt->player;
	Rule rule = opt->rule;
	const PlayerType *type = registry_find(player);
	if (!type) {
		snprintf(msg, msglen, "arena balance: unknown player type '%s'", player);
		return 2;
	}
	if (min_plies > max_plies || box > size) {
		snprintf(msg, msglen,
		         "arena balance: need min-plies <= max-plies and box <= size");
		return 2;
	}
	Candidate *c = calloc((size_t)candidates, sizeof *c);
	if (!c) {
		snprintf(msg, msglen, "arena balance: out of memory");
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
	fprintf(out, "; Balanced %ldx%ld %s openings, chosen by self-play:\n", size, size,
	        rule_name(rule));
	fprintf(out,
	        ";   arena balance --player %s --candidates %ld --keep %ld --games %ld "
	        "--nodes %ld \\\n"
	        ";     --step %ld --tolerance %g --min-plies %ld --max-plies %ld --box %ld "
	        "--size %ld \\\n"
	        ";     --rule %s --seed %ld\n",
	        player, candidates, keep, games, nodes, step, tolerance, min_plies,
	        max_plies, box, size, rule_name(rule), seed);
	fprintf(
	    out,
	    "; %ld random openings inside the central %ldx%ld; %ld repeated a position "
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
		fprintf(out, "\n[opening b%03ld]\nmoves = %s\nnote = black %.1f of %d\n",
		        k + 1, moves, o->black * o->games, o->games);
	}
	*qualified = n;
	free(order);
	free(c);
	return 0;
}
