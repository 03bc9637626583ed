/* test_texel.c - Texel tuning: the evaluation as counts of shapes, the
 * loss and its gradient, recovery of known weights from synthetic data,
 * the speed on a million positions, positions from games, and bad
 * configuration files. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "tmpdir.h"

#include <gsl/gsl_errno.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ab_eval.h"
#include "eval_features.h"
#include "openings.h"
#include "positions.h"
#include "record.h"
#include "registry.h"
#include "rng.h"
#include "texel.h"
#include "texel_config.h"
#include "texel_data.h"
#include "texel_fit.h"
#include "verify.h"

#define assert_near(a, b, tol) near_((a), (b), (tol), #a, __FILE__, __LINE__)
static void near_(double a, double b, double tol, const char *what, const char *file,
                  int line)
{
	if (!(fabs(a - b) <= tol)) {
		print_error("%s = %.17g, expected %.17g +- %g\n", what, a, b, tol);
		_fail(file, line);
	}
}

/* A position of n random stones near the centre, none making five. */
static void random_position(Board *b, Rng *rng, int n, Rule rule)
{
	board_init(b, 15, rule);
	for (int t = 0; b->count < n && t < 1000; t++) {
		int p = board_point(3 + (int)rng_below(rng, 9), 3 + (int)rng_below(rng, 9));
		if (board_empty_at(b, p) && board_threat(b, p, b->to_move) != THREAT_FIVE)
			board_play(b, p);
	}
}

static const int64_t published[AB_SHAPES] = {50,   200,  500,   5000,    5000,
                                             5000, 5000, 50000, 99999999};

/* The totals of ab_eval_full are exactly the counts times the shares, for
 * the published scores and for random ones, under every rule. */
static void test_counts_are_the_evaluation(void **state)
{
	(void)state;
	Rng rng;
	rng_seed(&rng, 7);
	Board b;
	for (int trial = 0; trial < 600; trial++) {
		int64_t score[AB_SHAPES];
		for (int s = 0; s < AB_SHAPES; s++)
			score[s] =
			    trial % 2 ? published[s] : 1 + (int64_t)rng_below(&rng, 20000);
		AbEval e;
		ab_eval_setup(&e, score, 0.5);
		Rule rule = (Rule)(trial % 3);
		ab_eval_rule(&e, rule);
		random_position(&b, &rng, 4 + (int)rng_below(&rng, 40), rule);
		int64_t total[2];
		int count[2][AB_SHAPES];
		ab_eval_full(&e, &b, total);
		ab_eval_counts(&e, &b, count);
		for (int c = 0; c < 2; c++) {
			int64_t sum = 0;
			for (int s = 0; s < AB_SHAPES; s++)
				sum += count[c][s] *
				       (score[s] * AB_EVAL_SCALE / ab_eval_stones[s]);
			assert_int_equal(sum, total[c]);
		}
	}
}

/* The counts are the same for all 8 images of a position, which is why the
 * symmetries multiply the data without adding to it; under every rule (an
 * exact five's tables read farther along the lines). */
static void test_counts_are_symmetric(void **state)
{
	(void)state;
	Rng rng;
	rng_seed(&rng, 11);
	AbEval e;
	ab_eval_setup(&e, published, 0.1);
	Board b, t;
	for (int trial = 0; trial < 300; trial++) {
		Rule rule = (Rule)(trial % 3);
		ab_eval_rule(&e, rule);
		random_position(&b, &rng, 10 + (int)rng_below(&rng, 40), rule);
		int base[2][AB_SHAPES];
		ab_eval_counts(&e, &b, base);
		for (int k = 1; k < 8; k++) {
			board_init(&t, 15, rule);
			for (int i = 0; i < b.count; i++)
				board_play(&t, openings_transform(b.moves[i], k, 15));
			int c[2][AB_SHAPES];
			ab_eval_counts(&e, &t, c);
			assert_memory_equal(c, base, sizeof c);
		}
	}
}

/* mcts's leaf features (its candidates' threat classes) are the same for
 * the 8 images too. */
static void test_mcts_counts_are_symmetric(void **state)
{
	(void)state;
	const EvalFeatures *f = player_mcts.eval;
	assert_non_null(f);
	ParamSet ps;
	param_defaults(&ps, player_mcts.params, player_mcts.nparams);
	Rng rng;
	rng_seed(&rng, 13);
	Board b, t;
	for (int trial = 0; trial < 150; trial++) {
		Rule rule = (Rule)(trial % 3);
		void *ev = f->create(&ps, rule);
		assert_non_null(ev);
		random_position(&b, &rng, 10 + (int)rng_below(&rng, 40), rule);
		int base[2][EVAL_FEATURES_MAX] = {{0}};
		f->count(ev, &b, base);
		for (int k = 1; k < 8; k++) {
			board_init(&t, 15, rule);
			for (int i = 0; i < b.count; i++)
				board_play(&t, openings_transform(b.moves[i], k, 15));
			int c[2][EVAL_FEATURES_MAX] = {{0}};
			f->count(ev, &t, c);
			assert_memory_equal(c, base, sizeof c);
		}
		f->destroy(ev);
	}
}

/* A synthetic set: counts drawn at random, results drawn from the model
 * itself (sigmoid(K * eval) the chance of a win, else a loss). */
static void synthetic(TexelSet *s, size_t n, const TexelModel *truth, uint64_t seed)
{
	static const int most[TEXEL_FEAT_MAX] = {9, 5, 5, 3, 3, 2, 2, 1, 1};
	Rng rng;
	rng_seed(&rng, seed);
	texel_set_init(s, truth->nfeat);
	for (size_t i = 0; i < n; i++) {
		uint16_t own[TEXEL_FEAT_MAX], opp[TEXEL_FEAT_MAX];
		double eval = 0;
		for (int j = 0; j < truth->nfeat; j++) {
			own[j] = (uint16_t)rng_below(&rng, (uint32_t)most[j % 9] + 1);
			opp[j] = (uint16_t)rng_below(&rng, (uint32_t)most[j % 9] + 1);
			eval += truth->w[j] * truth->scale[j] *
			        (own[j] - truth->ratio * opp[j]);
		}
		double p = 1 / (1 + exp(-truth->k * eval));
		int r = rng_double(&rng) < p ? 2 : 0;
		assert_int_equal(texel_set_add(s, own, opp, r), 0);
	}
}

static TexelModel model5(const double *w, double ratio, double k)
{
	TexelModel m = {.nfeat = 5, .ratio = ratio, .k = k, .fit_ratio = true};
	static const double scale[5] = {1 / 2.0, 1 / 3.0, 1 / 3.0, 1 / 3.0, 1 / 3.0};
	for (int j = 0; j < 5; j++) {
		m.w[j] = w[j];
		m.scale[j] = scale[j];
		m.fit_w[j] = true;
	}
	return m;
}

/* The analytic gradient against central differences of the very function
 * minimised (l2 penalty included), in the fitted coordinates log(value). */
static void test_gradient_matches_differences(void **state)
{
	(void)state;
	static const double w[5] = {40, 150, 600, 3000, 2500};
	TexelModel truth = model5(w, 0.6, 1e-3);
	TexelSet s;
	synthetic(&s, 20000, &truth, 3);
	static const double w0[5] = {70, 90, 800, 2000, 4000};
	TexelModel start = model5(w0, 0.3, 7e-4);
	start.l2 = 0.01;
	start.fit_w[2] = false; /* a weight left out of the fit */
	TexelModel m = start;
	m.w[0] = 55, m.w[1] = 120, m.w[3] = 2500, m.w[4] = 3500, m.ratio = 0.45;
	double grad[TEXEL_FEAT_MAX + 1];
	texel_loss(&s, &m, &start, grad, 2);
	int dim = texel_model_dim(&m);
	assert_int_equal(dim, 5);
	for (int d = 0; d < dim; d++) {
		double *v = d < 2   ? &m.w[d]
		            : d < 4 ? &m.w[d + 1]
		                    : &m.ratio,
		       v0 = *v, h = 1e-5;
		*v = v0 * exp(h);
		double fp = texel_loss(&s, &m, &start, NULL, 2);
		*v = v0 * exp(-h);
		double fm = texel_loss(&s, &m, &start, NULL, 2);
		*v = v0;
		double fd = (fp - fm) / (2 * h);
		assert_near(grad[d], fd, 1e-6 + 1e-5 * fabs(fd));
	}
	/* The same loss and gradient on 1 and 2 threads, to the bit. */
	double g1[TEXEL_FEAT_MAX + 1];
	assert_true(texel_loss(&s, &m, &start, g1, 1) ==
	            texel_loss(&s, &m, &start, grad, 2));
	assert_memory_equal(g1, grad, (size_t)dim * sizeof *g1);
	texel_set_free(&s);
}

/* Data drawn from known weights gives them back: K first (with the wrong
 * start weights), then the weights. Only K * w is identified, so that
 * product is compared, and the ratio. */
static void test_recovers_known_weights(void **state)
{
	(void)state;
	static const double w[5] = {40, 150, 600, 3000, 2500};
	TexelModel truth = model5(w, 0.6, 1e-3);
	TexelSet train, val;
	synthetic(&train, 300000, &truth, 5);
	synthetic(&val, 30000, &truth, 6);
	static const double w0[5] = {50, 200, 500, 5000, 5000};
	TexelModel m = model5(w0, 0.1, 1);
	double loss_k;
	char err[256];
	assert_int_equal(texel_fit_k(&train, &m, 2, &loss_k, err, sizeof err), 0);
	double before = texel_loss(&val, &m, NULL, NULL, 2);
	TexelFitStats st;
	assert_int_equal(texel_fit(&train, &m, NULL, 500, 2, &st, err, sizeof err), 0);
	double after = texel_loss(&val, &m, NULL, NULL, 2);
	print_message("      K %.4g, %d BFGS steps (%s), validation loss %.5f -> %.5f "
	              "(truth %.5f)\n",
	              m.k, st.iterations, st.stop, before, after,
	              texel_loss(&val, &truth, NULL, NULL, 2));
	assert_true(after < before);
	for (int j = 0; j < 5; j++)
		print_message("      w%d: %.1f (truth %.1f)\n", j, m.k * m.w[j] / truth.k,
		              w[j]);
	print_message("      ratio: %.3f (truth %.3f)\n", m.ratio, truth.ratio);
	for (int j = 0; j < 5; j++)
		assert_near(m.k * m.w[j] / (truth.k * w[j]), 1, 0.1);
	assert_near(m.ratio, truth.ratio, 0.03);
	texel_set_free(&train);
	texel_set_free(&val);
}

/* A million positions of nine features each: memory and the time of the
 * loss and gradient (reported, not asserted). */
static void test_million_positions(void **state)
{
	(void)state;
	static const double w[5] = {40, 150, 600, 3000, 2500};
	TexelModel m = model5(w, 0.6, 1e-3);
	m.nfeat = 9;
	for (int j = 5; j < 9; j++)
		m.w[j] = 5000, m.scale[j] = 0.25, m.fit_w[j] = true;
	TexelSet s;
	synthetic(&s, 1000000, &m, 9);
	assert_int_equal(s.n, 1000000);
	double grad[TEXEL_FEAT_MAX + 1];
	for (int threads = 1; threads <= 2; threads++) {
		double t0 = omp_get_wtime();
		int reps = 5;
		for (int r = 0; r < reps; r++)
			texel_loss(&s, &m, NULL, grad, threads);
		double secs = omp_get_wtime() - t0;
		print_message(
		    "      loss+gradient of 1e6 positions: %.1f ms, %.3g positions/s on %d "
		    "thread(s)\n",
		    1e3 * secs / reps, reps * 1e6 / secs, threads);
	}
	texel_set_free(&s);
}

/* ---- positions from games ---- */

#define HEADER                                                                             \
	"job,pair,round,opening,black,white,result,reason,plies,moves,black_ms,white_ms,"  \
	"black_nodes,white_nodes\n"

static void test_positions_from_csv(void **state)
{
	(void)state;
	/* Black wins with a five on the h row; the second game repeats the
	 * first; the third is a white win. */
	const char *csv = tmpdir_write(
	    "games.csv",
	    HEADER "0,0,0,o,a,b,1-0,five,9,h8 a1 i8 a2 j8 a3 k8 o15 l8,0,0,0,0\n"
	           "1,0,0,o,b,a,1-0,five,9,h8 a1 i8 a2 j8 a3 k8 o15 l8,0,0,0,0\n"
	           "2,1,0,o,a,b,0-1,five,10,a15 h8 a13 i8 a11 j8 a9 k8 a7 l8,0,0,0,0\n");
	PosGames g;
	positions_init(&g, 15, RULE_FREESTYLE);
	char err[300];
	assert_int_equal(positions_read_csv(&g, csv, err, sizeof err), 0);
	assert_int_equal(g.count, 3);
	assert_int_equal(positions_dedupe(&g), 1);
	assert_int_equal(g.count, 2);
	assert_int_equal(positions_select(&g, 2, 1000, 2), 0);
	for (size_t i = 0; i < g.npos; i++) /* the first two plies skipped */
		assert_true(g.ply[i] >= 2);
	/* alphabeta's evaluation features with the published scores and ratio
	 * 0.1 (no longer its defaults, which are Texel-fitted). */
	const PlayerType *ab = registry_find("alphabeta");
	ParamSet ps;
	param_defaults(&ps, ab->params, ab->nparams);
	for (int s = 0; s < AB_SHAPES; s++)
		param_set_value(&ps, ab->eval->weight[s], (double)published[s]);
	param_set_value(&ps, ab->eval->ratio, 0.1);
	void *e = ab->eval->create(&ps, RULE_FREESTYLE);
	assert_non_null(e);
	TexelSet train, val;
	texel_set_init(&train, AB_FEATURES);
	texel_set_init(&val, AB_FEATURES);
	bool is_val[2] = {false, true};
	assert_int_equal(
	    positions_features(&g, ab->eval, e, false, is_val, 2, &train, &val), 0);
	assert_int_equal(train.n, (size_t)g.games[0].npos);
	assert_int_equal(val.n, (size_t)g.games[1].npos);
	for (int j = 0; j < g.games[0].npos; j++) /* black won: 2 when black moves */
		assert_int_equal(train.result[j],
		                 g.ply[g.games[0].first + j] % 2 == 0 ? 2 : 0);
	for (int j = 0; j < g.games[1].npos; j++)
		assert_int_equal(val.result[j],
		                 g.ply[g.games[1].first + j] % 2 == 0 ? 0 : 2);
	/* Eight images: eight times the rows, the same counts. */
	TexelSet t8, v8;
	texel_set_init(&t8, AB_FEATURES);
	texel_set_init(&v8, AB_FEATURES);
	assert_int_equal(positions_features(&g, ab->eval, e, true, is_val, 1, &t8, &v8), 0);
	assert_int_equal(t8.n, 8 * train.n);
	for (size_t r = 0; r < t8.n; r++)
		assert_memory_equal(t8.own + r * AB_FEATURES,
		                    train.own + (r % (size_t)g.games[0].npos) * AB_FEATURES,
		                    AB_FEATURES * sizeof *t8.own);
	texel_set_free(&train);
	texel_set_free(&val);
	texel_set_free(&t8);
	texel_set_free(&v8);
	ab->eval->destroy(e);
	positions_free(&g);

	/* A bad line is named. */
	csv = tmpdir_write("bad.csv", HEADER "0,0,0,o,a,b,1-0,five,2,h8 z99,0,0,0,0\n");
	positions_init(&g, 15, RULE_FREESTYLE);
	assert_int_equal(positions_read_csv(&g, csv, err, sizeof err), -1);
	assert_non_null(strstr(err, "bad.csv:2: moves:"));
	positions_free(&g);
}

static void test_positions_dropped_when_decided(void **state)
{
	(void)state;
	/* Black's h8 i8 j8 (after ply 5) is an open three. At ply 6 black, to
	 * move, can make an open four: won, dropped. At ply 7 white faces an
	 * open four (black's five points) and at ply 8 black has a five point:
	 * dropped. Plies 0 to 5 stay. */
	PosGames g;
	positions_init(&g, 15, RULE_FREESTYLE);
	int16_t m[9];
	const char *pts[] = {"h8", "a1", "i8", "a3", "j8", "a5", "k8", "o15", "l8"};
	char err[300];
	for (int i = 0; i < 9; i++)
		assert_int_equal(record_parse_moves(15, pts[i], &m[i], 1, err, sizeof err),
		                 1);
	assert_int_equal(positions_add_game(&g, m, 9, 1), 0);
	assert_int_equal(positions_select(&g, 0, 0, 1), 0);
	for (size_t i = 0; i < g.npos; i++)
		assert_true(g.ply[i] < 6);
	assert_int_equal(g.npos, 6);
	positions_free(&g);
}

static void test_openings_conflict(void **state)
{
	(void)state;
	int16_t a[3], b[4];
	char err[300];
	assert_int_equal(record_parse_moves(15, "h8 i9 h9", a, 3, err, sizeof err), 3);
	/* b: a mirrored (x -> 14 - x), one more white stone, stones reordered */
	assert_int_equal(record_parse_moves(15, "h9 g9 h8 c3", b, 4, err, sizeof err), 4);
	assert_true(texel_openings_conflict(a, 3, b, 4, 15));
	assert_true(texel_openings_conflict(b, 4, a, 3, 15));
	assert_int_equal(record_parse_moves(15, "h9 g9 h7 c3", b, 4, err, sizeof err), 4);
	assert_false(texel_openings_conflict(a, 3, b, 4, 15));
	/* colours count */
	assert_int_equal(record_parse_moves(15, "i9 h8 h9", b, 3, err, sizeof err), 3);
	assert_false(texel_openings_conflict(a, 3, b, 3, 15));
	/* random openings avoid a given set and each other */
	OpeningSet avoid = {0}, out = {0};
	assert_int_equal(texel_random_openings(15, RULE_FREESTYLE, 3, 5, 1, 40, NULL, "v",
	                                       &avoid, err, sizeof err),
	                 0);
	assert_int_equal(texel_random_openings(15, RULE_FREESTYLE, 3, 5, 2, 100, &avoid,
	                                       "d", &out, err, sizeof err),
	                 0);
	for (int i = 0; i < out.count; i++) {
		for (int j = 0; j < avoid.count; j++)
			assert_false(texel_openings_conflict(
			    openings_moves(&out, i), 3, openings_moves(&avoid, j), 3, 15));
		for (int j = 0; j < i; j++)
			assert_false(texel_openings_conflict(
			    openings_moves(&out, i), 3, openings_moves(&out, j), 3, 15));
	}
	openings_free(&out);
	/* 3 stones in a 3x3 square: too few distinct ones for 1000 */
	assert_int_equal(texel_random_openings(15, RULE_FREESTYLE, 3, 3, 2, 1000, NULL, "d",
	                                       &out, err, sizeof err),
	                 -1);
	if (!strstr(err, "raise opening_plies or opening_box"))
		fail_msg("%s", err);
	openings_free(&avoid);
}

/* ---- configuration ---- */

static void bad_config(const char *text, const char *expect)
{
	const char *path = tmpdir_write("bad.ini", text);
	TexelConfig c;
	char err[1200] = "", want[600];
	snprintf(want, sizeof want, "%s:%s", path, expect);
	if (texel_config_load(path, &c, err, sizeof err) == 0)
		fail_msg("accepted:\n%s", text);
	if (!strstr(err, want))
		fail_msg("message '%s' lacks '%s'", err, want);
}

#define PLAYER "[player ab]\ntype = alphabeta\n"

static void test_bad_configs(void **state)
{
	(void)state;
	bad_config("[texel]\ngames = 100\ngmes = 3\n" PLAYER,
	           "3: unknown key 'gmes' in [texel]");
	bad_config("[texel]\ngames = -5\n" PLAYER,
	           "2: 'games' takes a whole number from 2");
	bad_config("[texel]\nvalidation = 1.5\n" PLAYER,
	           "2: 'validation' takes a number from 0");
	bad_config("[texel]\nsymmetries = maybe\n" PLAYER,
	           "2: 'symmetries' takes on or off");
	bad_config("[texel]\nrule = gomoku\n" PLAYER,
	           "2: 'rule' is freestyle, standard or renju");
	bad_config("[texel]\nparams = live_two, depth\n" PLAYER,
	           "2: 'params': 'depth' is not a tunable evaluation weight of alphabeta "
	           "(live_two, split_three, sleeping_three, live_three, split_live_three, "
	           "four, split_four, open_four, cell_double_two, cell_open_three, "
	           "cell_four, cell_double_three, cell_four_three, cell_win, ratio)");
	bad_config("[texel]\nparams = five\n" PLAYER,
	           "2: 'params': 'five' is not a tunable");
	bad_config("[texel]\nparams = ratio ratio\n" PLAYER,
	           "2: 'params' names 'ratio' twice");
	bad_config("[texel]\ngames = 10\ngames_csv = g.csv\n" PLAYER,
	           "3: 'games' and 'games_csv' exclude each other");
	bad_config("[texel]\n[tournament]\n" PLAYER, "2: unknown section [tournament]");
	bad_config("[texel]\n[player ab]\ntype = weighted\n",
	           "2: player type weighted has no evaluation features to fit");
	bad_config("[texel]\n[player ab]\ndepht = 3\ntype = alphabeta\n",
	           "3: unknown key 'depht' in [player ab] (type alphabeta)");
	bad_config("[texel]\n[player ab]\nratio = 20\ntype = alphabeta\n",
	           "3: [player ab]: ");
	bad_config("[texel]\n[player ab]\nnodes = 100\n", "2: [player ab] has no 'type'");
	bad_config("[texel]\n[player ab]\ntype = chess\n",
	           "3: unknown player type 'chess'");
	bad_config("[texel]\nopponent = mc\n" PLAYER,
	           "2: 'opponent': no [player mc] section");
	bad_config("[texel]\n" PLAYER "[player w]\ntype = weighted\n",
	           "4: [player w] is not used: name it in 'player' or 'opponent'");
	bad_config("[texel]\n" PLAYER "[player ab]\ntype = alphabeta\n",
	           "4: [player ab] appears twice (first at line 2)");
	bad_config("[texel]\nnodes = 0\n" PLAYER, "3: [player ab] has no limit per move");
	bad_config("[texel]\nthis is not a key\n" PLAYER,
	           "2: expected [section] or key = value");

	/* No player at all: the file is named, without a line. */
	const char *path = tmpdir_write("noplayer.ini", "[texel]\ngames = 10\n");
	TexelConfig c;
	char err[1200];
	assert_int_equal(texel_config_load(path, &c, err, sizeof err), -1);
	assert_non_null(strstr(err, "no [player NAME] section"));

	/* A good file: defaults and keys as read. */
	path = tmpdir_write("good.ini",
	                    "[texel]\nname = t\ngames = 40\nparams = live_two, ratio\n"
	                    "[player base]\nnodes = 500\ntype = alphabeta\nratio = 0.3\n");
	assert_int_equal(texel_config_load(path, &c, err, sizeof err), 0);
	assert_string_equal(c.name, "t");
	assert_int_equal(c.games, 40);
	assert_true(c.fit[AB_LIVE_TWO] && c.fit[AB_FEATURES] && !c.fit[AB_LIVE_THREE]);
	assert_int_equal(texel_config_budget(&c, 0).nodes, 500);
	assert_near(c.players[0].params.v[param_find(&c.players[0].params, "ratio")], 0.3,
	            0);
}

/* Bad input makes `tuner texel` exit with status 2 and write nothing:
 * here a verification needing more openings than its file has. */
static void test_exit_status(void **state)
{
	(void)state;
	const char *op = tmpdir_write("op.ini", "[opening a]\nmoves = h8 i9 h9\n"
	                                        "[opening b]\nmoves = h8 i9 j9\n");
	char text[1200], out[300];
	snprintf(out, sizeof out, "%s/out", dir);
	snprintf(text, sizeof text,
	         "[texel]\ngames = 10\nverify_openings = %s\nverify_pairs = 5\nout = "
	         "%s\n" PLAYER,
	         op, out);
	const char *path = tmpdir_write("status.ini", text);
	char err[2048];
	TexelOptions o = {.file = path, .threads = -1};
	assert_int_equal(texel_tune(&o, err, sizeof err), 2);
	assert_int_not_equal(access(out, F_OK), 0); /* nothing written */
	o.file = "/nonexistent/x.ini";
	assert_int_equal(texel_tune(&o, err, sizeof err), 2);
	assert_non_null(strstr(err, "/nonexistent/x.ini"));
	o.file = path;
	o.out = "";
	assert_int_equal(texel_tune(&o, err, sizeof err), 2);
	assert_string_equal(err,
	                    "tuner texel: --out needs a folder name of 1 to 1023 bytes");
	/* Longer: refused, never cut (it was cut to 1023 bytes). */
	char *long_out = malloc(1100);
	assert_non_null(long_out);
	memset(long_out, 'o', 1099);
	long_out[1099] = '\0';
	o.out = long_out;
	assert_int_equal(texel_tune(&o, err, sizeof err), 2);
	assert_string_equal(err,
	                    "tuner texel: --out needs a folder name of 1 to 1023 bytes");
	free(long_out);
}

/* The whole run on a tiny budget: games, fit, files, verification. */
static void test_tiny_run(void **state)
{
	(void)state;
	char text[1200], out[300];
	snprintf(out, sizeof out, "%s/run", dir);
	snprintf(
	    text, sizeof text,
	    "[texel]\nname = tiny\ngames = 40\nnodes = 300\nverify_pairs = 4\nthreads = 2\n"
	    "iterations = 50\nout = %s\nopponent = w\n" PLAYER
	    "[player w]\ntype = weighted\n",
	    out);
	const char *path = tmpdir_write("tiny.ini", text);
	char err[2048];
	TexelOptions o = {.file = path, .threads = -1};
	int status = texel_tune(&o, err, sizeof err);
	if (status != 0 && status != VERIFY_STATUS_REJECTED)
		fail_msg("%s", err);
	const char *files[] = {"games.csv", "texel.csv", "loss.csv", "tuned.ini",
	                       "verify.csv"};
	for (int i = 0; i < 5; i++) {
		char p[400];
		snprintf(p, sizeof p, "%s/tiny/%s", out, files[i]);
		assert_int_equal(access(p, R_OK), 0);
	}
	/* tuned.ini's first line is the verdict, a warning with status 3 only
	 * (and then in err too). */
	char p[400], line[300] = "";
	snprintf(p, sizeof p, "%s/tiny/tuned.ini", out);
	FILE *f = fopen(p, "r");
	assert_non_null(f);
	assert_non_null(fgets(line, sizeof line, f));
	fclose(f);
	if (status == VERIFY_STATUS_REJECTED) {
		assert_int_equal(strncmp(line, "; WARNING: the verification rejected", 36),
		                 0);
		assert_int_equal(strncmp(err, "tuner texel: WARNING: the verification", 38),
		                 0);
	} else {
		assert_true(strncmp(line, "; VERIFIED: ", 12) == 0 ||
		            strncmp(line, "; UNPROVEN: ", 12) == 0);
	}
}

/* mcts is fitted end to end like alphabeta: its leaf scores and ratio. */
static void test_tiny_run_mcts(void **state)
{
	(void)state;
	char text[1200], out[300];
	snprintf(out, sizeof out, "%s/run", dir);
	snprintf(text, sizeof text,
	         "[texel]\nname = tiny-mcts\ngames = 40\nnodes = 200\nverify_pairs = 4\n"
	         "threads = 2\niterations = 50\nout = %s\n"
	         "[player m]\ntype = mcts\nnodes_mb = 2\n",
	         out);
	const char *path = tmpdir_write("tiny-mcts.ini", text);
	char err[2048];
	TexelOptions o = {.file = path, .threads = -1};
	int status = texel_tune(&o, err, sizeof err);
	if (status != 0 && status != VERIFY_STATUS_REJECTED)
		fail_msg("%s", err);
	char p[400];
	snprintf(p, sizeof p, "%s/tiny-mcts/texel.csv", out);
	FILE *f = fopen(p, "r");
	assert_non_null(f);
	char line[200];
	int rows = 0;
	bool ratio = false;
	double scale = 0, k = 0;
	while (fgets(line, sizeof line, f)) {
		rows++;
		ratio |= strncmp(line, "leaf_ratio,", 11) == 0;
		if (strncmp(line, "eval_scale,", 11) == 0)
			assert_int_equal(sscanf(line, "eval_scale,%*[^,],%lf", &scale), 1);
	}
	fclose(f);
	/* eval_scale is 1 / K (loss.csv's third column) */
	snprintf(p, sizeof p, "%s/tiny-mcts/loss.csv", out);
	assert_non_null(f = fopen(p, "r"));
	assert_non_null(fgets(line, sizeof line, f));
	assert_int_equal(fscanf(f, "%*[^,],%*[^,],%lf", &k), 1);
	fclose(f);
	assert_true(k > 0 && fabs(scale * k - 1) < 1e-4);
	assert_int_equal(rows, 1 + 9); /* a header, 7 leaf scores, the ratio, eval_scale */
	assert_true(ratio);
}

int main(void)
{
	gsl_set_error_handler_off();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_counts_are_the_evaluation),
	    cmocka_unit_test(test_counts_are_symmetric),
	    cmocka_unit_test(test_mcts_counts_are_symmetric),
	    cmocka_unit_test(test_gradient_matches_differences),
	    cmocka_unit_test(test_recovers_known_weights),
	    cmocka_unit_test(test_million_positions),
	    cmocka_unit_test(test_positions_from_csv),
	    cmocka_unit_test(test_positions_dropped_when_decided),
	    cmocka_unit_test(test_openings_conflict),
	    cmocka_unit_test(test_bad_configs),
	    cmocka_unit_test(test_exit_status),
	    cmocka_unit_test(test_tiny_run),
	    cmocka_unit_test(test_tiny_run_mcts),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
