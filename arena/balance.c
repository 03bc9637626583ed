/* balance.c - `arena balance`: the candidates, the players and the choice
 * (the games: balance_games.c). */
#define _POSIX_C_SOURCE 200809L
#include "balance.h"
#include "err.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "balance_games.h"
#include "config.h"
#include "config_keys.h"
#include "inputs.h"
#include "openings.h"
#include "player_arg.h"
#include "record.h"
#include "rng.h"
#include "rules.h"
#include "threat.h"

/* The most games a balance lays out: job ids are ints, a result a byte. */
enum { BALANCE_JOBS_MAX = 10000000 };

/* Stones of each colour as sets: is b's position a's in some symmetry? */
static bool same_up_to_symmetry(const BalanceCandidate *a, const BalanceCandidate *b,
                                int size)
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

static void make_candidate(BalanceCandidate *c, int size, Rule rule, int plies, int box,
                           Rng *rng)
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

/* o->candidates random openings into b->c and b->set (named c1, c2, ...),
 * each marked when it repeats an earlier one up to symmetry. -1 if memory
 * runs out. */
static int make_candidates(Balance *b)
{
	const BalanceOptions *o = b->o;
	b->c = calloc((size_t)o->candidates, sizeof *b->c);
	if (!b->c)
		return -1;
	Rng rng;
	rng_seed(&rng, (uint64_t)o->seed);
	for (long i = 0; i < o->candidates; i++) {
		BalanceCandidate *c = &b->c[i];
		int plies =
		    (int)(o->min_plies +
		          rng_below(&rng, (uint32_t)(o->max_plies - o->min_plies + 1)));
		make_candidate(c, (int)o->size, o->rule, plies, (int)o->box, &rng);
		for (long j = 0; j < i && !c->dup; j++)
			c->dup = same_up_to_symmetry(c, &b->c[j], (int)o->size);
		Opening op = {.count = c->count};
		snprintf(op.name, sizeof op.name, "c%ld", i + 1);
		memcpy(op.moves, c->moves, sizeof c->moves);
		if (openings_add(&b->set, &op) < 0)
			return -1;
	}
	return 0;
}

/* A forced win for the side to move is no opening: marks each candidate
 * the solver proves one in (VCF, else VCT; 200000 nodes each). */
static void mark_forced(Balance *b)
{
	const BalanceOptions *opt = b->o;
	BalanceCandidate *c = b->c;
#pragma omp parallel for schedule(dynamic, 1) num_threads(b->nthreads)
	for (long i = 0; i < opt->candidates; i++) {
		if (c[i].dup)
			continue;
		Solver *s = solver_create(1 << 20);
		Board pos;
		board_init(&pos, (int)opt->size, opt->rule);
		for (int k = 0; k < c[i].count; k++)
			board_play(&pos, c[i].moves[k]);
		SolveResult r = {0};
		if (s) {
			solver_solve(s, &pos, SOLVE_VCF, 20, 200000, &r);
			if (!r.win)
				solver_solve(s, &pos, SOLVE_VCT, 10, 200000, &r);
		}
		solver_destroy(s);
		c[i].forced = r.win;
	}
}

/* One player: the section `given` of the configuration t, or a spec from
 * the command line (option names it); made once to check it, and given
 * its budget (its own, else base) and the name role. Returns 0, or
 * ERR_INPUT with the message in err. */
static int load_player(const BalanceOptions *o, const Tournament *t, const char *option,
                       const char *given, const char *role, Budget base, PlayerSpec *p,
                       char *err, size_t errlen)
{
	char msg[ERR_MAX];
	if (t) {
		int i = config_find_player(t, given);
		if (i < 0)
			return err_input(err, errlen, "%s: no [player %.64s] (%s)",
			                 o->config, given, option);
		*p = t->players[i];
		if (config_player_check(p, (uint64_t)o->seed, o->config, msg, sizeof msg) <
		    0)
			return err_input(err, errlen, "%s", msg);
	} else {
		if (player_arg_parse(given, role, p, msg, sizeof msg) < 0)
			return err_input(err, errlen, "arena balance: %s '%.200s': %s",
			                 option, given, msg);
		Player *pl =
		    player_create(p->type, &p->params, (uint64_t)o->seed, msg, sizeof msg);
		if (!pl)
			return err_input(err, errlen, "arena balance: %s '%.200s': %s",
			                 option, given, msg);
		player_destroy(pl);
	}
	p->budget = config_player_budget(p, base);
	p->budget_set = BUDGET_NODES | BUDGET_DEPTH | BUDGET_MS | BUDGET_GAME | BUDGET_INC;
	snprintf(p->name, sizeof p->name, "%s", role);
	if (!budget_limited(&p->budget))
		return err_input(
		    err, errlen,
		    "arena balance: %s '%.200s' has no limit a move: give nodes, "
		    "depth, ms or game_ms",
		    option, given);
	return 0;
}

/* The stronger and the weaker into b->players, their programs resolved
 * (inputs.h) for balance.ini. Returns 0 or an exit status. */
static int load_players(Balance *b, char *err, size_t errlen)
{
	const BalanceOptions *o = b->o;
	Tournament *t = calloc(1, sizeof *t);
	if (!t) {
		snprintf(err, errlen, "arena balance: out of memory");
		return 1;
	}
	Budget base = {.nodes = 4000};
	int rc = 0;
	if (o->config) {
		rc = config_load(o->config, t, err, errlen) < 0 ? ERR_INPUT : 0;
		base = t->budget;
	}
	if (o->budget_given)
		base = o->budget;
	const Tournament *from = o->config ? t : NULL;
	if (!rc)
		rc = load_player(o, from, "--player", o->player, "stronger", base,
		                 &b->players[0], err, errlen);
	if (!rc && o->weaker) {
		rc = load_player(o, from, "--weaker", o->weaker, "weaker", base,
		                 &b->players[1], err, errlen);
	} else if (!rc) {
		b->players[1] = b->players[0];
		snprintf(b->players[1].name, sizeof b->players[1].name, "weaker");
		b->players[1].budget = balance_scale(b->players[0].budget, 0.5);
	}
	if (!rc) {
		if (!o->config)
			snprintf(t->path, sizeof t->path, "arena balance");
		t->openings[0] = t->openings_hash_given[0] = '\0';
		t->players[0] = b->players[0];
		t->players[1] = b->players[1];
		t->nplayers = 2;
		rc = inputs_resolve(t, err, errlen) < 0 ? ERR_INPUT : 0;
		b->players[0] = t->players[0];
		b->players[1] = t->players[1];
	}
	free(t);
	return err_status(rc);
}

/* balance.ini: what the games depend on, which a resume must find the
 * same (--keep, --tolerance and --threads only choose among them or play
 * them faster). NULL if memory runs out. */
static char *config_text(const Balance *b)
{
	const BalanceOptions *o = b->o;
	char *buf = NULL, spread[32];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	config_write_real(o->spread, spread, sizeof spread);
	fprintf(f,
	        "; arena balance: what the games of this folder depend on. Run again with\n"
	        "; the same, it plays what is missing; with another, it is refused.\n"
	        "[balance]\nsize = %ld\nrule = %s\nseed = %ld\ncandidates = %ld\n"
	        "min_plies = %ld\nmax_plies = %ld\nbox = %ld\ngames = %ld\npairs = %ld\n"
	        "spread = %s\n",
	        o->size, rule_name(o->rule), o->seed, o->candidates, o->min_plies,
	        o->max_plies, o->box, o->games, o->pairs, spread);
	for (int i = 0; i < 2; i++) {
		fprintf(f, "\n[player %s]\n", b->players[i].name);
		config_table_write(&config_player, &b->players[i], f);
	}
	if (fclose(f) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* What the games of one candidate came to. */
typedef struct {
	double black; /* black's points in self-play */
	int games;
	int pairs, decisive; /* pairs played, those not scored 1-1 */
	double stronger;     /* the stronger's points in the pairs */
} Stats;

static void count_stats(const Balance *b, Stats *s)
{
	const BalanceOptions *o = b->o;
	for (long i = 0; i < o->candidates; i++) {
		Stats *t = &s[i];
		memset(t, 0, sizeof *t);
		for (long g = 0; g < o->games; g++) {
			int r = b->result[balance_score_job(b, g, i)];
			if (r >= 0)
				t->black += r / 2.0, t->games++;
		}
		for (long k = 0; k < o->pairs; k++) {
			int r0 = b->result[balance_pair_job(b, i, k, 0)];
			int r1 = b->result[balance_pair_job(b, i, k, 1)];
			if (r0 < 0 || r1 < 0)
				continue;
			int half = r0 + (2 - r1); /* the stronger's, in half points */
			t->pairs++;
			t->decisive += half != 2;
			t->stronger += half / 2.0;
		}
	}
}

static bool within(const Balance *b, const Stats *s, long i)
{
	const BalanceCandidate *c = &b->c[i];
	return !c->dup && !c->forced && s[i].games == b->o->games &&
	       fabs(s[i].black / s[i].games - 0.5) <= b->o->tolerance + 1e-9;
}

typedef struct {
	long i;
	int decisive;
	double off; /* black's score from 50% */
} Ranked;

static int by_rank(const void *x, const void *y)
{
	const Ranked *a = x, *b = y;
	if (a->decisive != b->decisive)
		return a->decisive > b->decisive ? -1 : 1;
	if (fabs(a->off - b->off) > 1e-9)
		return a->off < b->off ? -1 : 1;
	return (a->i > b->i) - (a->i < b->i);
}

static void budget_text(const Budget *bu, char *buf, size_t len)
{
	snprintf(buf, len, "%s", "");
	const char *names[5] = {"nodes", "depth", "ms", "game_ms", "inc_ms"};
	long long v[5] = {(long long)bu->nodes, bu->depth, (long long)bu->ms,
	                  (long long)bu->game_ms, (long long)bu->inc_ms};
	for (int k = 0; k < 5; k++)
		if (v[k]) {
			size_t n = strlen(buf);
			snprintf(buf + n, len - n, "%s%s %lld", n ? ", " : "", names[k],
			         v[k]);
		}
}

/* The budget options of the command (" --nodes 6000 --ms 50"), "" when
 * none was given. */
static void budget_options(const BalanceOptions *o, char *buf, size_t len)
{
	buf[0] = '\0';
	if (!o->budget_given)
		return;
	const Budget *bu = &o->budget;
	const char *names[5] = {"nodes", "depth", "ms", "game-ms", "inc-ms"};
	long long v[5] = {(long long)bu->nodes, bu->depth, (long long)bu->ms,
	                  (long long)bu->game_ms, (long long)bu->inc_ms};
	for (int k = 0; k < 5; k++)
		if (v[k]) {
			size_t n = strlen(buf);
			snprintf(buf + n, len - n, " --%s %lld", names[k], v[k]);
		}
}

/* The header of the openings file: how they were made. */
static void write_header(FILE *out, const Balance *b, const Stats *s, const Ranked *r,
                         long n)
{
	const BalanceOptions *o = b->o;
	long forced = 0, dups = 0, tried = 0, kept = n < o->keep ? n : o->keep;
	long pairs[2] = {0, 0}, decisive[2] = {0, 0};
	for (long i = 0; i < o->candidates; i++)
		forced += b->c[i].forced, dups += b->c[i].dup;
	for (long k = 0; k < n; k++) {
		tried++;
		pairs[1] += s[r[k].i].pairs, decisive[1] += s[r[k].i].decisive;
		if (k < kept)
			pairs[0] += s[r[k].i].pairs, decisive[0] += s[r[k].i].decisive;
	}
	char spread[32], strong[160], weak[160], given[160];
	config_write_real(o->spread, spread, sizeof spread);
	budget_options(o, given, sizeof given);
	budget_text(&b->players[0].budget, strong, sizeof strong);
	budget_text(&b->players[1].budget, weak, sizeof weak);
	fprintf(out, "; Balanced %ldx%ld %s openings, chosen by arena balance:\n", o->size,
	        o->size, rule_name(o->rule));
	fprintf(out, ";  %s%s --player %s%s%s%s --candidates %ld --keep %ld --games %ld\n",
	        o->config ? " --config " : "", o->config ? o->config : "", o->player,
	        o->weaker ? " --weaker " : "", o->weaker ? o->weaker : "", given,
	        o->candidates, o->keep, o->games);
	fprintf(out,
	        ";   --pairs %ld --spread %s --tolerance %g --min-plies %ld --max-plies "
	        "%ld --box %ld\n;   --size %ld --rule %s --seed %ld\n",
	        o->pairs, spread, o->tolerance, o->min_plies, o->max_plies, o->box, o->size,
	        rule_name(o->rule), o->seed);
	fprintf(out, "; stronger: %s (%s); weaker: %s (%s).\n", b->players[0].type->name,
	        strong, b->players[1].type->name, weak);
	fprintf(out,
	        "; %ld random openings inside the central %ldx%ld; %ld repeated a "
	        "position, %ld gave\n; the side to move a forced win (VCF, or VCT in "
	        "200000 nodes). Each other one was\n; played %ld times by the stronger "
	        "against itself, game g at its budget times\n; 1 + g x %s; %ld kept "
	        "black's score within %.0f%% to %.0f%% and played %ld\n",
	        o->candidates, o->box, o->box, dups, forced, o->games, spread, tried,
	        100 * (0.5 - o->tolerance), 100 * (0.5 + o->tolerance), o->pairs);
	fprintf(out,
	        "; colour-swapped pairs, stronger against weaker, pair k at both budgets "
	        "times\n; 1 + k x %s. Kept: the %ld with the most decisive pairs (not "
	        "1-1), then\n; black's score closest to 50%%. Decisive pairs: %ld of %ld "
	        "kept, %ld of %ld played.\n; `note` gives black's self-play score and the "
	        "pairs.\n",
	        spread, kept, decisive[0], pairs[0], decisive[1], pairs[1]);
}

/* The openings file into *text: the header, then the first o->keep of the
 * candidates ranked. Returns how many qualified, or -1 if memory runs out. */
static long write_set(const Balance *b, const Stats *s, char **text, size_t *len)
{
	const BalanceOptions *o = b->o;
	Ranked *r = malloc(sizeof *r * (size_t)o->candidates);
	FILE *out = r ? open_memstream(text, len) : NULL;
	if (!out) {
		free(r);
		return -1;
	}
	long n = 0;
	for (long i = 0; i < o->candidates; i++)
		if (within(b, s, i))
			r[n++] =
			    (Ranked){i, s[i].decisive, fabs(s[i].black / s[i].games - 0.5)};
	qsort(r, (size_t)n, sizeof *r, by_rank);
	write_header(out, b, s, r, n);
	for (long k = 0; k < n && k < o->keep; k++) {
		const BalanceCandidate *c = &b->c[r[k].i];
		const Stats *t = &s[r[k].i];
		char moves[128];
		record_format_moves((int)o->size, c->moves, c->count, moves, sizeof moves);
		fprintf(out,
		        "\n[opening b%03ld]\nmoves = %s\nnote = black %.1f of %d; decisive "
		        "pairs %d of %d, the stronger %.1f of %d\n",
		        k + 1, moves, t->black, t->games, t->decisive, t->pairs,
		        t->stronger, 2 * t->pairs);
	}
	free(r);
	if (fclose(out) != 0)
		return -1;
	return n;
}

/* The games after the folder is open: self-play, pairs of the qualified,
 * then the openings to out or the folder. Returns the exit status. */
static int play_and_choose(Balance *b, FILE *out, long *qualified, char *err, size_t errlen)
{
	const BalanceOptions *o = b->o;
	mark_forced(b);
	int status = balance_games_score(b, err, errlen);
	Stats *s = status ? NULL : malloc(sizeof *s * (size_t)o->candidates);
	bool *q = status ? NULL : calloc((size_t)o->candidates, sizeof *q);
	if (!status && (!s || !q)) {
		snprintf(err, errlen, "arena balance: out of memory");
		status = 1;
	}
	if (!status) {
		count_stats(b, s);
		for (long i = 0; i < o->candidates; i++)
			q[i] = within(b, s, i);
		status = balance_games_pairs(b, q, err, errlen);
	}
	char *text = NULL;
	size_t len = 0;
	long n = 0;
	if (!status) {
		count_stats(b, s);
		if ((n = write_set(b, s, &text, &len)) < 0) {
			snprintf(err, errlen, "arena balance: out of memory");
			status = 1;
		}
	}
	if (!status && b->dir[0])
		status = balance_games_finish(b, text, len, err, errlen);
	else if (!status)
		fwrite(text, 1, len, out);
	if (!status)
		*qualified = n;
	free(text);
	free(s);
	free(q);
	return status;
}

int balance_run(const BalanceOptions *o, FILE *out, long *qualified, char *err,
                size_t errlen)
{
	if (o->min_plies > o->max_plies || o->box > o->size) {
		snprintf(err, errlen,
		         "arena balance: need min-plies <= max-plies and box <= size");
		return 2;
	}
	long njobs = o->candidates * (o->games + 2 * o->pairs);
	if (njobs > BALANCE_JOBS_MAX) {
		snprintf(
		    err, errlen,
		    "arena balance: candidates x (games + 2 x pairs) is %ld games, more "
		    "than %d",
		    njobs, BALANCE_JOBS_MAX);
		return 2;
	}
	Balance *b = calloc(1, sizeof *b);
	if (!b) {
		snprintf(err, errlen, "arena balance: out of memory");
		return 1;
	}
	b->o = o;
	b->njobs = njobs;
	b->csv.fd = b->lock.fd = -1;
	b->tty = isatty(STDERR_FILENO);
	b->nthreads = o->threads > 0 ? (int)o->threads : omp_get_num_procs();
	int status = load_players(b, err, errlen);
	if (!status && o->out && !*o->out) {
		snprintf(err, errlen, "arena balance: --out needs a folder name");
		status = 2;
	} else if (!status && o->out &&
	           snprintf(b->dir, sizeof b->dir, "%s", o->out) >= (int)sizeof b->dir) {
		snprintf(err, errlen, "arena balance: --out: longer than %zu bytes",
		         sizeof b->dir - 1);
		status = 2;
	}
	char *text = status ? NULL : config_text(b);
	b->result = status ? NULL : malloc((size_t)njobs + 1);
	b->pool = status ? NULL : pool_create(b->nthreads, 2);
	if (!status && (!text || !b->result || !b->pool || make_candidates(b) < 0)) {
		snprintf(err, errlen, "arena balance: out of memory");
		status = 1;
	}
	if (!status) {
		memset(b->result, -1, (size_t)njobs + 1);
		if (b->dir[0])
			status = balance_games_open(b, text, err, errlen);
	}
	if (!status)
		status = balance_games_logs(b, err, errlen);
	if (!status)
		status = play_and_choose(b, out, qualified, err, errlen);
	balance_games_close(b, status == 2);
	free(text);
	free(b->result);
	free(b->c);
	openings_free(&b->set);
	free(b);
	return status;
}
