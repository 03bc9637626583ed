/* test_eval_features.c - PlayerType.eval, the slot through which Texel
 * reaches a player's evaluation: the contract every type that offers it
 * keeps, alphabeta's slot against its evaluation, and the tuner's feature
 * extraction driven by a slot that is not alphabeta's. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ab_eval.h"
#include "eval_features.h"
#include "positions.h"
#include "registry.h"
#include "rng.h"
#include "rules.h"

/* Up to n random moves of a game under rule, stopping before a five. */
static void random_position(Board *b, Rng *rng, int n, Rule rule)
{
	board_init(b, 15, rule);
	for (int t = 0; b->count < n && t < 1000; t++) {
		int p = board_point((int)rng_below(rng, 15), (int)rng_below(rng, 15));
		if (board_empty_at(b, p) && board_threat(b, p, b->to_move) != THREAT_FIVE &&
		    board_threat(b, p, b->to_move) != THREAT_FORBIDDEN)
			board_play(b, p);
	}
}

/* Every registered type that offers the slot: sane indices and factors, an
 * evaluator for every rule, counts that are >= 0 and depend only on the
 * position. */
static void test_contract(void **state)
{
	(void)state;
	int n, offered = 0;
	const PlayerType *const *all = registry_all(&n);
	Rng rng;
	rng_seed(&rng, 3);
	for (int t = 0; t < n; t++) {
		const PlayerType *type = all[t];
		const EvalFeatures *f = type->eval;
		if (!f)
			continue;
		offered++;
		assert_true(f->nfeat >= 1 && f->nfeat <= EVAL_FEATURES_MAX);
		assert_true(f->ratio >= -1 && f->ratio < type->nparams);
		/* inverse_k: none, or a numeric parameter not fitted itself */
		assert_true(f->inverse_k >= -1 && f->inverse_k < type->nparams);
		if (f->inverse_k >= 0) {
			assert_int_equal(type->params[f->inverse_k].type, PARAM_REAL);
			for (int j = 0; j <= f->nfeat; j++)
				assert_int_not_equal(eval_features_param(f, j),
				                     f->inverse_k);
		}
		for (int j = 0; j <= f->nfeat; j++) {
			int i = eval_features_param(f, j);
			if (i < 0)
				continue;
			assert_true(i < type->nparams);
			ParamType pt = type->params[i].type;
			assert_true(pt == PARAM_INT || pt == PARAM_REAL);
			for (int k = 0; k < j; k++)
				assert_int_not_equal(eval_features_param(f, k), i);
			if (j < f->nfeat)
				assert_true(f->scale[j] > 0 && isfinite(f->scale[j]));
		}
		ParamSet ps;
		param_defaults(&ps, type->params, type->nparams);
		for (Rule rule = RULE_FREESTYLE; rule < RULE_COUNT; rule++) {
			void *ev = f->create(&ps, rule);
			assert_non_null(ev);
			for (int trial = 0; trial < 50; trial++) {
				Board b;
				random_position(&b, &rng, (int)rng_below(&rng, 60), rule);
				int c1[2][EVAL_FEATURES_MAX], c2[2][EVAL_FEATURES_MAX];
				f->count(ev, &b, c1);
				f->count(ev, &b, c2);
				for (int c = 0; c < 2; c++)
					for (int j = 0; j < f->nfeat; j++) {
						assert_true(c1[c][j] >= 0);
						assert_int_equal(c1[c][j], c2[c][j]);
					}
			}
			f->destroy(ev);
		}
		f->destroy(NULL);
	}
	assert_true(offered >= 2); /* alphabeta's and mcts's */
}

/* alphabeta's slot is its evaluation: the parameters it names are the
 * shape scores, the point-class scores and the ratio, its counts are ab_eval_counts of the
 * AbEval the player would make from the same parameters, and the counts times weight and
 * factor add up to the evaluation's totals. */
static void test_alphabeta_slot_is_its_evaluation(void **state)
{
	(void)state;
	static const char *const names[AB_FEATURES] = {
	    "live_two",          "split_three",      "sleeping_three",
	    "live_three",        "split_live_three", "four",
	    "split_four",        "open_four",        "five",
	    "cell_double_two",   "cell_open_three",  "cell_four",
	    "cell_double_three", "cell_four_three",  "cell_win"};
	const PlayerType *ab = registry_find("alphabeta");
	const EvalFeatures *f = ab->eval;
	assert_non_null(f);
	assert_int_equal(f->nfeat, AB_FEATURES);
	assert_string_equal(ab->params[f->ratio].name, "ratio");
	for (int s = 0; s < AB_FEATURES; s++) {
		assert_string_equal(ab->params[f->weight[s]].name, names[s]);
		assert_true(f->scale[s] == (s < AB_SHAPES ? 1.0 / ab_eval_stones[s] : 1.0));
	}
	Rng rng;
	rng_seed(&rng, 5);
	for (int trial = 0; trial < 90; trial++) {
		Rule rule = (Rule)(trial % RULE_COUNT);
		ParamSet ps;
		param_defaults(&ps, ab->params, ab->nparams);
		int64_t score[AB_FEATURES];
		for (int s = 0; s < AB_FEATURES; s++) {
			if (trial % 2) /* the defaults, or random scores */
				param_set_value(&ps, f->weight[s],
				                1 + (double)rng_below(&rng, 20000));
			score[s] = (int64_t)ps.v[f->weight[s]];
		}
		param_set_value(&ps, f->ratio, 0.05 * (double)(trial % 7));
		AbEval want;
		ab_eval_setup(&want, score, ps.v[f->ratio]);
		ab_eval_rule(&want, rule);
		ab_eval_cells(&want, score + AB_SHAPES);
		void *ev = f->create(&ps, rule);
		assert_non_null(ev);
		for (int k = 0; k < 10; k++) {
			Board b;
			random_position(&b, &rng, 4 + (int)rng_below(&rng, 50), rule);
			int got[2][EVAL_FEATURES_MAX], ref[2][AB_SHAPES],
			    cells[2][AB_CELLS];
			int64_t total[2];
			f->count(ev, &b, got);
			ab_eval_counts(&want, &b, ref);
			ab_eval_cell_counts(&want, &b, cells);
			ab_eval_full(&want, &b, total);
			for (int c = 0; c < 2; c++) {
				double model = 0, shares = 0;
				for (int s = 0; s < AB_FEATURES; s++) {
					assert_int_equal(got[c][s],
					                 s < AB_SHAPES
					                     ? ref[c][s]
					                     : cells[c][s - AB_SHAPES]);
					model +=
					    got[c][s] * ps.v[f->weight[s]] * f->scale[s];
					if (s < AB_SHAPES)
						shares += got[c][s];
				}
				/* The totals are in 1/AB_EVAL_SCALE of a score, each
				 * stone's share rounded down to that unit (a point's
				 * score is exact). */
				double player = (double)total[c] / AB_EVAL_SCALE;
				assert_true(model >= player - 1e-9 * (1 + player));
				assert_true(model <=
				            player + shares / AB_EVAL_SCALE + 1e-6);
			}
		}
		f->destroy(ev);
	}
}

/* A slot that is not alphabeta's, with two features (the stones of a
 * colour, and those of them on the edge of the board), driving the
 * tuner's extraction: rows of two features, own and opponent as the
 * position's mover sees them. */
static const ParamDecl toy_params[] = {
    {"stone", PARAM_REAL, 1, 0, 100, NULL, true, "weight of a stone", false, false},
    {"edge", PARAM_REAL, 1, 0, 100, NULL, true, "weight of a stone on the edge", false,
     false},
};
static const int toy_weight[2] = {0, 1};
static const double toy_scale[2] = {1, 1};
static int toy_evaluator; /* the toy needs no state; any non-NULL pointer */

static void *toy_create(const ParamSet *ps, Rule rule)
{
	(void)ps;
	(void)rule;
	return &toy_evaluator;
}

static void toy_count(const void *ev, const Board *b, int count[2][EVAL_FEATURES_MAX])
{
	assert_ptr_equal(ev, &toy_evaluator);
	memset(count, 0, 2 * sizeof count[0]);
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++) {
			int cell = b->cell[board_point(x, y)];
			if (cell == CELL_EMPTY)
				continue;
			count[cell - 1][0]++;
			count[cell - 1][1] +=
			    x == 0 || y == 0 || x == b->size - 1 || y == b->size - 1;
		}
}

static void toy_destroy(void *ev)
{
	(void)ev;
}

static const EvalFeatures toy = {2,          toy_weight, toy_scale,   -1,
                                 toy_create, toy_count,  toy_destroy, -1};

static void test_positions_from_any_slot(void **state)
{
	(void)state;
	/* Black on a corner, then in the middle, white on the opposite
	 * corner, then in the middle; black's last stone, on a third corner,
	 * is in no kept position (a position is the board before its move). */
	static const int xy[7][2] = {{0, 0}, {14, 14}, {7, 7}, {7, 8},
	                             {8, 7}, {8, 8},   {0, 14}};
	int16_t m[7];
	for (int i = 0; i < 7; i++)
		m[i] = (int16_t)board_point(xy[i][0], xy[i][1]);
	PosGames g;
	positions_init(&g, 15, RULE_FREESTYLE);
	assert_int_equal(positions_add_game(&g, m, 7, 1), 0);
	assert_int_equal(positions_select(&g, 0, 0, 1), 0);
	assert_int_equal(g.games[0].npos, 7); /* no five near: every ply kept */
	ParamSet ps;
	param_defaults(&ps, toy_params, 2);
	void *ev = toy.create(&ps, g.rule);
	TexelSet train, val;
	texel_set_init(&train, 9);
	texel_set_init(&val, 9);
	assert_int_equal(positions_features(&g, &toy, ev, false, NULL, 1, &train, &val), 0);
	toy.destroy(ev);
	assert_int_equal(train.nfeat, 2);
	assert_int_equal(train.n, 7);
	assert_int_equal(val.n, 0);
	for (int t = 0; t < 7; t++) {
		/* Before move t: black has (t + 1) / 2 stones, white t / 2. */
		int black = (t + 1) / 2, white = t / 2;
		int black_edge = t > 0, white_edge = t > 1;
		bool black_moves = t % 2 == 0;
		const uint16_t *own = train.own + 2 * t, *opp = train.opp + 2 * t;
		assert_int_equal(own[0], black_moves ? black : white);
		assert_int_equal(opp[0], black_moves ? white : black);
		assert_int_equal(own[1], black_moves ? black_edge : white_edge);
		assert_int_equal(opp[1], black_moves ? white_edge : black_edge);
		assert_int_equal(train.result[t], black_moves ? 2 : 0); /* black won */
	}
	texel_set_free(&train);
	texel_set_free(&val);
	positions_free(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_contract),
	    cmocka_unit_test(test_alphabeta_slot_is_its_evaluation),
	    cmocka_unit_test(test_positions_from_any_slot),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
