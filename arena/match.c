/* match.c - `arena match A B`. */
#include "match.h"
#include "err.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "executor.h"
#include "player_arg.h"
#include "game_play.h"
#include "rng.h"
#include "rules.h"

int match_random_opening(int size, Rule rule, int plies, uint64_t seed, int16_t *out)
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

int match_play(const MatchOptions *o, FILE *out, char *err, size_t errlen)
{
	long pairs = o->pairs, nodes = o->nodes, size = o->size, plies = o->opening_plies;
	long max_plies = o->max_plies, threads = o->threads, seed = o->seed;
	Rule rule = o->rule;
	const char *const *names = o->players;
	PlayerSpec spec[2];
	char msg[ERR_MAX];
	for (int s = 0; s < 2; s++) {
		if (player_arg_parse(names[s], names[s], &spec[s], msg, sizeof msg) < 0) {
			snprintf(err, errlen, "arena match: %s", msg);
			return 2;
		}
		/* As arena run checks its file: a player that cannot be made
		 * (an external one without its command, say) is bad input,
		 * refused before any game starts. Making one starts no engine. */
		Player *pl = player_create(spec[s].type, &spec[s].params, (uint64_t)seed,
		                           msg, sizeof msg);
		if (!pl) {
			snprintf(err, errlen, "arena match: player %c (%s): %s", 'A' + s,
			         names[s], msg);
			return 2;
		}
		player_destroy(pl);
	}

	long games = 2 * pairs;
	GameRecord *recs = calloc((size_t)games, sizeof *recs);
	PairScore *scores = calloc((size_t)pairs, sizeof *scores);
	OpeningSet openings = {0};
	bool added = true;
	for (long k = 0; k < pairs && added; k++) {
		Opening op = {.count = 0};
		op.count =
		    match_random_opening((int)size, rule, (int)plies,
		                         (uint64_t)seed * 7919 + (uint64_t)k, op.moves);
		added = openings_add(&openings, &op) == 0;
	}
	if (!recs || !scores || !added) {
		snprintf(err, errlen, "arena match: out of memory");
		free(recs);
		free(scores);
		openings_free(&openings);
		return 1;
	}
	Budget budget = {.nodes = (uint64_t)nodes,
	                 .ms = o->ms,
	                 .game_ms = o->game_ms,
	                 .inc_ms = o->inc_ms};
	ExecSpec exec = {
	    .a = {spec[0].type, &spec[0].params, config_player_budget(&spec[0], budget)},
	    .b = {spec[1].type, &spec[1].params, config_player_budget(&spec[1], budget)},
	    .size = (int)size,
	    .rule = rule,
	    .max_plies = (int)max_plies,
	    .openings = &openings,
	    .seed = (uint64_t)seed,
	    .threads = (int)threads,
	    .affinity = o->affinity};
	int failed = executor_play_pairs(&exec, (int)pairs, scores, recs, msg, sizeof msg);
	openings_free(&openings);
	free(scores);
	if (failed) {
		snprintf(err, errlen, "arena match: %s", msg);
		free(recs);
		return 1;
	}
	double score = 0, t[2] = {0, 0};
	long w = 0, d = 0, l = 0, moves[2] = {0, 0};
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
		/* the opening's stones are nobody's; black moves first after it */
		int played = r->plies - r->opening_plies;
		int first = r->opening_plies % 2 == 0 ? BLACK : WHITE;
		moves[0] += (played + (a_color == first)) / 2;
		moves[1] += (played + (a_color != first)) / 2;
	}
	fprintf(out, "%s vs %s: +%ld =%ld -%ld  score %.1f/%ld (%.1f%%)\n", spec[0].name,
	        spec[1].name, w, d, l, score, games, 100.0 * score / (double)games);
	fprintf(out, "ends:");
	for (int r = 0; r < END_COUNT; r++)
		if (ends[r])
			fprintf(out, " %s %d", game_end_name((EndReason)r), ends[r]);
	fprintf(out, "\nnodes/s: %s %.0f, %s %.0f\n", spec[0].name,
	        t[0] > 0 ? (double)n[0] / t[0] * 1e3 : 0.0, spec[1].name,
	        t[1] > 0 ? (double)n[1] / t[1] * 1e3 : 0.0);
	fprintf(out, "ms/move: %s %.1f, %s %.1f\n", spec[0].name,
	        moves[0] ? t[0] / (double)moves[0] : 0.0, spec[1].name,
	        moves[1] ? t[1] / (double)moves[1] : 0.0);
	free(recs);
	return 0;
}
