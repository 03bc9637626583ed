/* balance.c - `arena balance`. */
#define _POSIX_C_SOURCE 200809L
#include "balance.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game_play.h"
#include "jobs.h"
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

/* The games of the candidates left after the solver, as jobs: game g of
 * candidate i is played from candidate i by players 2g (black) and 2g + 1
 * (white), two instances of the type at g's budget. */
typedef struct {
	Candidate *c;
	long candidates, done, games;
	bool tty; /* progress on one line; else a line every tenth */
} Tally;

static bool tally_finished(void *ctx, const Job *j, const GameRecord *rec)
{
	Tally *t = ctx;
	Candidate *c = &t->c[j->opening];
	c->black += game_black_score(rec);
	if (++c->games == t->games) {
		c->black /= (double)c->games;
		long step = t->candidates >= 10 ? t->candidates / 10 : 1;
		if (t->tty)
			fprintf(stderr, "\r%ld/%ld candidates", ++t->done, t->candidates);
		else if (++t->done % step == 0 || t->done == t->candidates)
			fprintf(stderr, "%ld/%ld candidates\n", t->done, t->candidates);
	}
	return false;
}

static int play_candidates(Candidate *c, long candidates, const PlayerType *type,
                           const ParamSet *ps, const BalanceOptions *o, int threads,
                           char *msg, size_t msglen)
{
	long played = 0;
	for (long i = 0; i < candidates; i++)
		played += !c[i].dup && !c[i].forced;
	OpeningSet set = {0};
	JobPlayer *players = calloc((size_t)(2 * o->games), sizeof *players);
	Job *jobs = malloc(sizeof *jobs * (size_t)(played * o->games + 1));
	int rc = 1;
	bool added = true;
	for (long i = 0; i < candidates && added; i++) {
		Opening op = {.count = c[i].count};
		memcpy(op.moves, c[i].moves, sizeof c[i].moves);
		added = openings_add(&set, &op) == 0;
	}
	if (!added || !players || !jobs) {
		snprintf(msg, msglen, "arena balance: out of memory");
		goto out;
	}
	for (long g = 0; g < 2 * o->games; g++)
		players[g] = (JobPlayer){type->name,
		                         type,
		                         ps,
		                         {.nodes = (uint64_t)(o->nodes + g / 2 * o->step)}};
	int n = 0;
	for (long i = 0; i < candidates; i++)
		for (long g = 0; g < o->games && !c[i].dup && !c[i].forced; g++, n++)
			jobs[n] = (Job){.id = n,
			                .pair = n / 2,
			                .round = 1,
			                .opening = (int)i,
			                .black = (int)(2 * g),
			                .white = (int)(2 * g + 1),
			                .seed = jobs_seed((uint64_t)o->seed, n)};
	JobSpec spec = {.size = (int)o->size,
	                .rule = o->rule,
	                .players = players,
	                .nplayers = (int)(2 * o->games),
	                .openings = &set,
	                .threads = threads};
	Tally t = {c, played, 0, o->games, isatty(STDERR_FILENO)};
	JobSink sink = {.ctx = &t, .finished = tally_finished};
	char err[512];
	if (jobs_run(&spec, jobs, n, &sink, err, sizeof err) < 0)
		snprintf(msg, msglen, "arena balance: %s", err);
	else
		rc = 0;
out:
	openings_free(&set);
	free(players);
	free(jobs);
	return rc;
}

/* opt->candidates random openings, each marked when it repeats an
 * earlier one up to symmetry. NULL if memory runs out. */
static Candidate *make_candidates(const BalanceOptions *opt)
{
	Candidate *c = calloc((size_t)opt->candidates, sizeof *c);
	if (!c)
		return NULL;
	Rng rng;
	rng_seed(&rng, (uint64_t)opt->seed);
	for (long i = 0; i < opt->candidates; i++) {
		int plies =
		    (int)(opt->min_plies +
		          rng_below(&rng, (uint32_t)(opt->max_plies - opt->min_plies + 1)));
		make_candidate(&c[i], (int)opt->size, opt->rule, plies, (int)opt->box,
		               &rng);
		for (long j = 0; j < i && !c[i].dup; j++)
			c[i].dup = same_up_to_symmetry(&c[i], &c[j], (int)opt->size);
	}
	return c;
}

/* A forced win for the side to move is no opening: marks each candidate
 * the solver proves one in (VCF, else VCT; 200000 nodes each). */
static void mark_forced(Candidate *c, const BalanceOptions *opt, int nthreads)
{
#pragma omp parallel for schedule(dynamic, 1) num_threads(nthreads)
	for (long i = 0; i < opt->candidates; i++) {
		if (c[i].dup)
			continue;
		Solver *s = solver_create(1 << 20);
		Board b;
		board_init(&b, (int)opt->size, opt->rule);
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
	}
}

/* The candidates within the tolerance into order, closest to even first
 * (ties in candidate order). Returns how many, or -1 if memory runs out. */
static long rank(const Candidate *c, const BalanceOptions *opt, long **order_out)
{
	long *order = malloc(sizeof *order * (size_t)opt->candidates);
	*order_out = order;
	if (!order)
		return -1;
	long n = 0;
	for (long i = 0; i < opt->candidates; i++)
		if (!c[i].dup && !c[i].forced && c[i].games > 0 &&
		    fabs(c[i].black - 0.5) <= opt->tolerance + 1e-9)
			order[n++] = i;
	for (long a = 1; a < n; a++)
		for (long b = a; b > 0 && fabs(c[order[b]].black - 0.5) <
		                              fabs(c[order[b - 1]].black - 0.5);
		     b--) {
			long t = order[b];
			order[b] = order[b - 1];
			order[b - 1] = t;
		}
	return n;
}

/* The openings file: how it was made, then the first keep of order. */
static void write_set(FILE *out, const BalanceOptions *opt, const Candidate *c,
                      const long *order, long n)
{
	long forced = 0, dups = 0, keep = opt->keep, nodes = opt->nodes, box = opt->box;
	for (long i = 0; i < opt->candidates; i++)
		forced += c[i].forced, dups += c[i].dup;
	fprintf(out, "; Balanced %ldx%ld %s openings, chosen by self-play:\n", opt->size,
	        opt->size, rule_name(opt->rule));
	fprintf(out,
	        ";   arena balance --player %s --candidates %ld --keep %ld --games %ld "
	        "--nodes %ld \\\n"
	        ";     --step %ld --tolerance %g --min-plies %ld --max-plies %ld --box %ld "
	        "--size %ld \\\n"
	        ";     --rule %s --seed %ld\n",
	        opt->player, opt->candidates, keep, opt->games, nodes, opt->step,
	        opt->tolerance, opt->min_plies, opt->max_plies, box, opt->size,
	        rule_name(opt->rule), opt->seed);
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
	    opt->candidates, box, box, dups, forced, opt->games, opt->player, nodes,
	    nodes + opt->step, 100 * (0.5 - opt->tolerance), 100 * (0.5 + opt->tolerance),
	    n < keep ? n : keep, n);
	for (long k = 0; k < n && k < keep; k++) {
		const Candidate *o = &c[order[k]];
		char moves[128];
		record_format_moves((int)opt->size, o->moves, o->count, moves,
		                    sizeof moves);
		fprintf(out, "\n[opening b%03ld]\nmoves = %s\nnote = black %.1f of %d\n",
		        k + 1, moves, o->black * o->games, o->games);
	}
}

int balance_run(const BalanceOptions *opt, FILE *out, long *qualified, char *msg,
                size_t msglen)
{
	const PlayerType *type = registry_find(opt->player);
	if (!type) {
		snprintf(msg, msglen, "arena balance: unknown player type '%s'",
		         opt->player);
		return 2;
	}
	if (opt->min_plies > opt->max_plies || opt->box > opt->size) {
		snprintf(msg, msglen,
		         "arena balance: need min-plies <= max-plies and box <= size");
		return 2;
	}
	ParamSet ps;
	param_defaults(&ps, type->params, type->nparams);
	/* A type that cannot be made from its defaults (an external engine
	 * needs a command) is refused before any work, not found out game by
	 * game. */
	char why[256] = "";
	Player *probe = player_create(type, &ps, 0, why, sizeof why);
	if (!probe) {
		snprintf(msg, msglen,
		         "arena balance: cannot make a %s player from its defaults: %s",
		         opt->player, *why ? why : "out of memory");
		return 2;
	}
	player_destroy(probe);
	Candidate *c = make_candidates(opt);
	if (!c) {
		snprintf(msg, msglen, "arena balance: out of memory");
		return 1;
	}
	int nthreads = opt->threads > 0 ? (int)opt->threads : omp_get_num_procs();
	mark_forced(c, opt, nthreads);
	int rc = play_candidates(c, opt->candidates, type, &ps, opt, nthreads, msg, msglen);
	long *order = NULL, n = rc ? 0 : rank(c, opt, &order);
	if (rc == 0 && n < 0) {
		snprintf(msg, msglen, "arena balance: out of memory");
		rc = 1;
	}
	if (rc == 0) {
		if (isatty(STDERR_FILENO))
			fprintf(stderr, "\n");
		write_set(out, opt, c, order, n);
		*qualified = n;
	}
	free(order);
	free(c);
	return rc;
}
