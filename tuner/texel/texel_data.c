/* texel_data.c - openings for the data and for the verification, and the
 * data games themselves. */
#define _POSIX_C_SOURCE 200809L
#include "texel_data.h"
#include "err.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "executor.h"
#include "interrupt.h"
#include "outfile.h"
#include "results.h"
#include "rng.h"

enum { BATCH_PAIRS = 256 };

bool texel_openings_conflict(const int16_t *a, int na, const int16_t *b, int nb, int size)
{
	return na >= nb ? positions_contains(a, na, b, nb, size)
	                : positions_contains(b, nb, a, na, size);
}

static bool conflicts_with(const int16_t *m, int n, const OpeningSet *avoid, int size)
{
	for (int i = 0; avoid && i < avoid->count; i++)
		if (texel_openings_conflict(m, n, openings_moves(avoid, i),
		                            openings_length(avoid, i), size))
			return true;
	return false;
}

static int by_key(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

int texel_random_openings(int size, Rule rule, int plies, int box, uint64_t seed, int count,
                          const OpeningSet *avoid, const char *prefix, OpeningSet *out,
                          char *err, size_t errlen)
{
	*out = (OpeningSet){0};
	uint64_t *keys = calloc((size_t)(count > 0 ? count : 1), sizeof *keys);
	Board *b = malloc(sizeof *b);
	if (!keys || !b) {
		free(keys);
		free(b);
		openings_free(out);
		return err_set(err, errlen, "out of memory");
	}
	Rng rng;
	rng_seed(&rng, seed);
	int lo = (size - box) / 2, sorted = 0;
	/* Gives up after as many draws in a row without a new opening as there
	 * are openings to find (and some), so a square that cannot hold them
	 * is found out in time linear in count. */
	long tries = 0, max_tries = 200L * count + 20000, misses = 0;
	while (out->count < count && tries++ < max_tries && misses++ < 20000L + count) {
		Opening o = {.count = 0};
		board_init(b, size, rule);
		for (int t = 0; o.count < plies && t < 100 * plies; t++) {
			int p = board_point(lo + (int)rng_below(&rng, (uint32_t)box),
			                    lo + (int)rng_below(&rng, (uint32_t)box));
			if (board_empty_at(b, p) && rules_outcome(b, p) == OUTCOME_NONE) {
				o.moves[o.count++] = (int16_t)p;
				board_play(b, p);
			}
		}
		if (o.count < plies || conflicts_with(o.moves, o.count, avoid, size))
			continue;
		/* Distinct up to symmetry: keys kept sorted in blocks, checked
		 * by binary search in the sorted part and a scan of the rest. */
		uint64_t k = positions_key(o.moves, o.count, size);
		bool seen = bsearch(&k, keys, (size_t)sorted, sizeof k, by_key) != NULL;
		for (int i = sorted; i < out->count && !seen; i++)
			seen = keys[i] == k;
		if (seen)
			continue;
		snprintf(o.name, sizeof o.name, "%s%d", prefix, out->count + 1);
		keys[out->count] = k;
		if (openings_add(out, &o) < 0) {
			free(keys);
			free(b);
			openings_free(out);
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		misses = 0;
		if (out->count - sorted >= 256) {
			qsort(keys, (size_t)out->count, sizeof *keys, by_key);
			sorted = out->count;
		}
	}
	free(keys);
	free(b);
	if (out->count < count) {
		snprintf(err, errlen,
		         "only %d distinct random opening%s of %d stone%s in the central "
		         "%dx%d square (%d needed): raise opening_plies or opening_box",
		         out->count, out->count == 1 ? "" : "s", plies,
		         plies == 1 ? "" : "s", box, box, count);
		openings_free(out);
		return -1;
	}
	return 0;
}

int texel_verify_openings(const TexelConfig *c, OpeningSet *out, char *err, size_t errlen)
{
	*out = (OpeningSet){0};
	if (c->verify_openings[0]) {
		if (openings_load(c->verify_openings, c->size, c->rule, out, err, errlen) <
		    0)
			return -2;
		if (c->verify_pairs > out->count) {
			snprintf(err, errlen,
			         "%s:%d: 'verify_pairs' is %d but %s has %d openings (with "
			         "deterministic "
			         "players a repeated opening repeats its games)",
			         c->path,
			         c->verify_pairs_line ? c->verify_pairs_line
			                              : c->verify_openings_line,
			         c->verify_pairs, c->verify_openings, out->count);
			openings_free(out);
			return -2;
		}
		return 0;
	}
	OpeningSet data = {0};
	if (c->openings[0] &&
	    openings_load(c->openings, c->size, c->rule, &data, err, errlen) < 0)
		return -2;
	char msg[ERR_MAX];
	int rc = texel_random_openings(c->size, c->rule, c->opening_plies, c->opening_box,
	                               c->seed * 0x2545F4914F6CDD1Dull + 17,
	                               c->verify_pairs, &data, "v", out, msg, sizeof msg);
	openings_free(&data);
	if (rc < 0)
		snprintf(err, errlen, "%s: verification openings: %s", c->path, msg);
	return rc < 0 ? -2 : 0;
}

/* Keeps the games of g whose start is no verification opening. */
static int drop_conflicts(PosGames *g, const OpeningSet *verify, int *dropped)
{
	PosGames kept;
	positions_init(&kept, g->size, g->rule);
	*dropped = 0;
	for (int i = 0; i < g->count; i++) {
		const PosGame *pg = &g->games[i];
		const int16_t *m = g->moves + pg->at;
		bool bad = false;
		for (int v = 0; v < verify->count && !bad; v++) {
			int n = openings_length(verify, v);
			bad =
			    n <= pg->plies &&
			    positions_contains(m, n, openings_moves(verify, v), n, g->size);
		}
		if (bad)
			(*dropped)++;
		else if (positions_add_game(&kept, m, pg->plies, pg->black_score) < 0) {
			positions_free(&kept);
			return -1;
		}
	}
	positions_free(g);
	*g = kept;
	return 0;
}

static int play_games(const TexelConfig *c, const OpeningSet *data, const char *games_out,
                      FILE *log, PosGames *g, TexelDataStats *st, char *err, size_t errlen)
{
	const TexelPlayer *pa = &c->players[c->player], *pb = &c->players[c->opponent];
	char bname[TEXEL_NAME_MAX + 8];
	snprintf(bname, sizeof bname, "%s%s", pb->name,
	         c->opponent == c->player ? "-self" : "");
	int pairs = (c->games + 1) / 2;
	GameRecord *recs = malloc(2 * BATCH_PAIRS * sizeof *recs);
	PairScore *ps = malloc(BATCH_PAIRS * sizeof *ps);
	/* Written whole at the end (outfile.h): a killed run leaves the
	 * previous games.csv or none, never a part; running it again plays
	 * the same games. */
	OutFile of;
	FILE *f = outfile_open(&of, games_out, err, errlen);
	int rc = 0;
	if (!recs || !ps || !f) {
		if (f)
			snprintf(err, errlen, "out of memory");
		rc = -1;
	}
	if (f && fputs(RESULTS_HEADER "\n", f) == EOF)
		rc = -1;
	ExecSpec spec = {
	    .a = {pa->type, &pa->params, texel_config_budget(c, c->player)},
	    .b = {pb->type, &pb->params, texel_config_budget(c, c->opponent)},
	    .size = c->size,
	    .rule = c->rule,
	    .max_plies = c->max_plies,
	    .openings = data,
	    .threads = c->threads,
	    .stop = interrupt_flag(),
	    .pool = pool_create(c->threads > 0 ? c->threads : omp_get_num_procs(), 2)};
	if (!spec.pool && rc == 0) {
		snprintf(err, errlen, "out of memory");
		rc = -1;
	}
	double t0 = omp_get_wtime();
	bool tty = log && isatty(fileno(log));
	for (int first = 0; first < pairs && rc == 0; first += BATCH_PAIRS) {
		int n = pairs - first < BATCH_PAIRS ? pairs - first : BATCH_PAIRS;
		spec.first_opening = first;
		spec.seed = c->seed * 1000003u + (uint64_t)first;
		if (executor_play_pairs(&spec, n, ps, recs, err, errlen) < 0) {
			rc = -1;
			break;
		}
		for (int k = 0; k < 2 * n && rc == 0; k++) {
			int pair = first + k / 2, job = 2 * pair + k % 2;
			const GameRecord *r = &recs[k];
			char line[BOARD_MAX_MOVES * 5 + 512], name[OPENING_NAME_MAX];
			bool a_black = k % 2 == 0;
			/* Rounds as `arena run` numbers them (schedule.h): from 1,
			 * once more each time the openings come round. */
			int round = pair / data->count + 1;
			if (results_format(line, sizeof line, c->size, job, pair, round,
			                   openings_name(data, pair % data->count, name),
			                   a_black ? pa->name : bname,
			                   a_black ? bname : pa->name, r) < 0 ||
			    fputs(line, f) == EOF) {
				snprintf(err, errlen, "%s: write error", games_out);
				rc = -1;
			} else if (positions_add_game(g, r->moves, r->plies,
			                              game_black_score(r)) < 0) {
				snprintf(err, errlen, "out of memory");
				rc = -1;
			}
		}
		st->played += 2 * n;
		if (log) { /* a line rewritten on a terminal, a line a batch elsewhere */
			fprintf(log, "%sgames %d/%d, %.0f s%s", tty ? "\r" : "", st->played,
			        2 * pairs, omp_get_wtime() - t0, tty ? "" : "\n");
			fflush(log);
		}
	}
	if (log && tty)
		fputc('\n', log);
	st->seconds = omp_get_wtime() - t0;
	if (f && rc == 0)
		rc = outfile_commit(&of, err, errlen);
	else if (f)
		outfile_abort(&of);
	pool_destroy(spec.pool);
	free(recs);
	free(ps);
	return rc;
}

int texel_data_openings(const TexelConfig *c, const OpeningSet *verify, OpeningSet *data,
                        TexelDataStats *st, char *err, size_t errlen)
{
	memset(st, 0, sizeof *st);
	*data = (OpeningSet){0};
	if (c->games_csv[0]) {
		st->opening_max = c->opening_plies;
		return 0;
	}
	if (c->openings[0]) {
		OpeningSet all;
		if (openings_load(c->openings, c->size, c->rule, &all, err, errlen) < 0)
			return -2;
		for (int i = 0; i < all.count; i++)
			if (!conflicts_with(openings_moves(&all, i),
			                    openings_length(&all, i), verify, c->size) &&
			    openings_append(data, &all, i) < 0) {
				snprintf(err, errlen, "out of memory");
				openings_free(&all);
				openings_free(data);
				return -1;
			}
		int kept = data->count;
		st->conflicts = all.count - kept;
		openings_free(&all);
		if (!kept) {
			snprintf(
			    err, errlen,
			    "%s:%d: every opening of %s is also a verification opening",
			    c->path, c->openings_line, c->openings);
			openings_free(data);
			return -2;
		}
	} else {
		char msg[ERR_MAX];
		if (texel_random_openings(c->size, c->rule, c->opening_plies,
		                          c->opening_box, c->seed, (c->games + 1) / 2,
		                          verify, "d", data, msg, sizeof msg) < 0) {
			return err_input(err, errlen, "%s: data openings: %s", c->path,
			                 msg);
		}
	}
	for (int i = 0; i < data->count; i++)
		if (openings_length(data, i) > st->opening_max)
			st->opening_max = openings_length(data, i);
	return 0;
}

int texel_data_games(const TexelConfig *c, const OpeningSet *data, const OpeningSet *verify,
                     const char *games_out, FILE *log, PosGames *g, TexelDataStats *st,
                     char *err, size_t errlen)
{
	positions_init(g, c->size, c->rule);
	if (c->games_csv[0]) {
		if (positions_read_csv(g, c->games_csv, err, errlen) < 0)
			return -2;
		st->read = g->count;
		if (drop_conflicts(g, verify, &st->conflicts) < 0) {
			return err_set(err, errlen, "out of memory");
		}
	} else if (play_games(c, data, games_out, log, g, st, err, errlen) < 0) {
		return -1;
	}
	st->duplicates = positions_dedupe(g);
	return 0;
}
