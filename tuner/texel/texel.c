/* texel.c - `tuner texel FILE.ini`: fit the evaluation weights and ratio of
 * a player (any type with evaluation features, PlayerType.eval; alphabeta's
 * are its shape scores) to game results, then verify by a match.
 *
 * Steps: verification openings; data games (played or read); positions
 * (quiet ones after the opening, see positions.h); K; then rounds of BFGS.
 * Which feature a count goes to may depend on the weights (alphabeta: a
 * stone's best-scoring shape), so within a round the assignment is fixed at
 * the round's start and the fit minimises that linear-in-the-weights loss
 * exactly; the next round extracts the features again with the new
 * weights. Rounds stop when the features no longer change. The reported
 * losses are always on features extracted with the very weights reported,
 * i.e. the evaluation the player computes (up to its integer rounding). */
#define _POSIX_C_SOURCE 200809L
#include "texel.h"
#include "err.h"

#include <errno.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval_features.h"
#include "interrupt.h"
#include "outfile.h"
#include "positions.h"
#include "rng.h"
#include "rundir.h"
#include "texel_config.h"
#include "texel_data.h"
#include "texel_fit.h"
#include "tuner_html.h"
#include "verify.h"

_Static_assert((int)EVAL_FEATURES_MAX <= (int)TEXEL_FEAT_MAX,
               "every feature fits in a TexelModel");

/* Sets parameter i of ps to v, clamped to its declared range and, for a
 * real, rounded as tuned.ini writes it. */
static void set_rounded(ParamSet *ps, int i, double v)
{
	param_set_value(ps, i, v);
	if (ps->decl[i].type == PARAM_REAL) { /* the value tuned.ini will hold */
		char buf[32];
		snprintf(buf, sizeof buf, "%.6g", ps->v[i]);
		ps->v[i] = strtod(buf, NULL);
	}
}

/* The model's weights and ratio written into a copy of the player's
 * parameters (set_rounded). */
static ParamSet to_params(const EvalFeatures *f, const ParamSet *base, const TexelModel *m)
{
	ParamSet ps = *base;
	for (int j = 0; j <= f->nfeat; j++) {
		int i = eval_features_param(f, j);
		if (i >= 0)
			set_rounded(&ps, i, j < f->nfeat ? m->w[j] : m->ratio);
	}
	return ps;
}

/* The model takes the values of ps (as the player reads them). */
static void from_params(TexelModel *m, const EvalFeatures *f, const ParamSet *ps)
{
	for (int j = 0; j <= f->nfeat; j++) {
		int i = eval_features_param(f, j);
		double v = i >= 0 ? ps->v[i] : 1; /* no ratio: the opponent weighs 1 */
		if (j < f->nfeat)
			m->w[j] = v;
		else
			m->ratio = v;
	}
}

/* A value as written in texel.csv and tuned.ini: whole numbers as such,
 * reals to 6 significant digits (param_format writes 17). */
static void format_value(const ParamSet *ps, int i, char *buf, size_t len)
{
	if (ps->decl[i].type == PARAM_REAL)
		snprintf(buf, len, "%.6g", ps->v[i]);
	else
		param_format(ps, i, buf, len);
}

/* A hash of every feature row: the same hash, the same shape choice. */
static uint64_t features_hash(const TexelSet *s)
{
	uint64_t h = s->n;
	size_t words = s->n * (size_t)s->nfeat;
	for (size_t i = 0; i < words; i++) {
		uint64_t x = h ^ ((uint64_t)s->own[i] << 16 | s->opp[i]);
		h = rng_splitmix(&x);
	}
	return h;
}

typedef struct {
	double start, end; /* training loss, l2 penalty included */
	int steps;
} TexelRound;

typedef struct {
	TexelConfig c;
	const PlayerType *type; /* the tuned player's */
	const EvalFeatures *f;  /* its evaluation features */
	char dir[TEXEL_PATH_MAX + 80];
	RundirLock lock; /* the run folder, taken when it is made */
	OpeningSet verify;
	PosGames games;
	TexelSet train, val;
	bool *is_val;
	ParamSet start, tuned;
	TexelModel model;
	double loss[2][2]; /* [train, validation][before, after] */
	/* Each round's training loss at its start and after its BFGS steps
	 * (rounds.csv, the page's curve); rounds are at most 100. */
	TexelRound round[100];
	int rounds;
	double positions, seconds;
	int threads;
} Run;

/* The name of fitted coordinate j (a feature's weight, or the ratio). */
static const char *fit_name(const Run *r, int j)
{
	return r->type->params[eval_features_param(r->f, j)].name;
}

/* Parameter i's start and tuned values, as texel.csv and tuned.ini write
 * them. */
static void start_tuned(const Run *r, int i, char a[64], char b[64])
{
	format_value(&r->start, i, a, 64);
	format_value(&r->tuned, i, b, 64);
}

static int extract(Run *r, const ParamSet *ps, char *err, size_t errlen)
{
	void *ev = r->f->create(ps, r->c.rule);
	if (!ev || positions_features(&r->games, r->f, ev, r->c.symmetries, r->is_val,
	                              r->c.threads, &r->train, &r->val) < 0) {
		r->f->destroy(ev);
		return err_set(err, errlen, "out of memory for %zu positions",
		               r->games.npos);
	}
	r->f->destroy(ev);
	return 0;
}

/* Fits K, then the rounds; fills r->tuned and the losses. */
/* Counts the positions again with the scores of *cur (which shape a
 * stone's share goes to depends on them), and makes *cur the best if its
 * loss with those counts is below *best_loss. */
static int recount(Run *r, const ParamSet *cur, ParamSet *best, double *best_loss,
                   char *err, size_t errlen)
{
	if (extract(r, cur, err, errlen) < 0)
		return -1;
	from_params(&r->model, r->f, cur);
	double exact = texel_loss(&r->train, &r->model, NULL, NULL, r->threads);
	if (exact < *best_loss)
		*best_loss = exact, *best = *cur;
	return 0;
}

static int fit(Run *r, char *err, size_t errlen)
{
	const EvalFeatures *f = r->f;
	int nf = f->nfeat;
	TexelModel *m = &r->model;
	*m = (TexelModel){.nfeat = nf, .l2 = r->c.l2, .fit_ratio = r->c.fit[nf]};
	from_params(m, f, &r->start);
	for (int j = 0; j < nf; j++) {
		m->scale[j] = f->scale[j];
		m->fit_w[j] = r->c.fit[j];
	}
	if (extract(r, &r->start, err, errlen) < 0)
		return -1;
	if (r->train.n == 0) {
		snprintf(err, errlen,
		         "no training positions (more games, or a smaller skip)");
		return -1;
	}
	char none[200] = "";
	for (int j = 0; j < nf; j++) {
		if (!m->fit_w[j])
			continue;
		bool any = false;
		for (size_t i = 0; i < r->train.n && !any; i++)
			any = r->train.own[i * (size_t)nf + (size_t)j] ||
			      r->train.opp[i * (size_t)nf + (size_t)j];
		if (!any) {
			m->fit_w[j] = false;
			size_t len = strlen(none);
			snprintf(none + len, sizeof none - len, "%s%s", len ? ", " : "",
			         fit_name(r, j));
		}
	}
	if (*none)
		printf("no training position counts a feature of %s: kept at the start\n",
		       none);
	if (texel_fit_k(&r->train, m, r->threads, &r->loss[0][0], err, errlen) < 0)
		return -1;
	r->loss[1][0] = texel_loss(&r->val, m, NULL, NULL, r->threads);
	printf("K = %.4g (fitted with the start scores)\n", m->k);
	TexelModel prior = *m; /* the l2 penalty's centre: the start */
	ParamSet cur = r->start, best = r->start;
	double best_loss = r->loss[0][0];
	uint64_t hash = features_hash(&r->train);
	for (int round = 1; round <= r->c.rounds; round++) {
		if (round > 1) {
			if (recount(r, &cur, &best, &best_loss, err, errlen) < 0)
				return -1;
			uint64_t h = features_hash(&r->train);
			if (h == hash) { /* the fit of the last round stands */
				printf("round %d: the tuned scores choose the same shapes: "
				       "done\n",
				       round);
				break;
			}
			hash = h;
		}
		from_params(m, f, &cur);
		double at_start = texel_loss(&r->train, m, &prior, NULL, r->threads);
		TexelFitStats st;
		if (texel_fit(&r->train, m, &prior, r->c.iterations, r->threads, &st, err,
		              errlen) < 0)
			return -1;
		r->positions += st.positions;
		r->seconds += st.seconds;
		if (r->rounds < (int)(sizeof r->round / sizeof r->round[0]))
			r->round[r->rounds++] =
			    (TexelRound){at_start, st.loss, st.iterations};
		ParamSet next = to_params(f, &cur, m);
		printf("round %d: %d BFGS steps (%s), loss %.6f with this round's shape "
		       "choice\n",
		       round, st.iterations, st.stop, st.loss);
		cur = next;
	}
	if (recount(r, &cur, &best, &best_loss, err, errlen) < 0)
		return -1;
	r->tuned = best;
	if (memcmp(best.v, cur.v, sizeof best.v) != 0 && extract(r, &best, err, errlen) < 0)
		return -1;
	from_params(m, f, &best);
	r->loss[0][1] = texel_loss(&r->train, m, NULL, NULL, r->threads);
	r->loss[1][1] = texel_loss(&r->val, m, NULL, NULL, r->threads);
	/* The player's own scale of the evaluation becomes the fitted one, so
	 * that its logistic gives the chances the fit predicts. */
	if (f->inverse_k >= 0)
		set_rounded(&r->tuned, f->inverse_k, 1 / m->k);
	return 0;
}

static int write_tuned(const Run *r, const VerifyResult *verdict, char *err, size_t errlen);

static int write_outputs(const Run *r, char *err, size_t errlen)
{
	char path[TEXEL_PATH_MAX + 120];
	OutFile of;
	snprintf(path, sizeof path, "%s/texel.csv", r->dir);
	FILE *f = outfile_open(&of, path, err, errlen);
	if (!f)
		return -1;
	fprintf(f, "parameter,start,tuned\n");
	for (int j = 0; j <= r->f->nfeat; j++) {
		if (!r->c.fit[j])
			continue;
		char a[64], b[64];
		start_tuned(r, eval_features_param(r->f, j), a, b);
		fprintf(f, "%s,%s,%s\n", fit_name(r, j), a, b);
	}
	if (r->f->inverse_k >= 0) {
		char a[64], b[64];
		start_tuned(r, r->f->inverse_k, a, b);
		fprintf(f, "%s,%s,%s\n", r->type->params[r->f->inverse_k].name, a, b);
	}
	if (outfile_commit(&of, err, errlen) < 0)
		return -1;
	snprintf(path, sizeof path, "%s/loss.csv", r->dir);
	if (!(f = outfile_open(&of, path, err, errlen)))
		return -1;
	fprintf(f, "train_positions,validation_positions,k,train_before,train_after,"
	           "validation_before,validation_after,positions_per_second\n");
	fprintf(f, "%zu,%zu,%.6g,%.6f,%.6f,%.6f,%.6f,%.0f\n", r->train.n, r->val.n,
	        r->model.k, r->loss[0][0], r->loss[0][1], r->loss[1][0], r->loss[1][1],
	        r->seconds > 0 ? r->positions / r->seconds : 0);
	if (outfile_commit(&of, err, errlen) < 0)
		return -1;
	snprintf(path, sizeof path, "%s/rounds.csv", r->dir);
	if (!(f = outfile_open(&of, path, err, errlen)))
		return -1;
	fprintf(f, "round,train_start,train_end,bfgs_steps\n");
	for (int k = 0; k < r->rounds; k++)
		fprintf(f, "%d,%.6f,%.6f,%d\n", k + 1, r->round[k].start, r->round[k].end,
		        r->round[k].steps);
	if (outfile_commit(&of, err, errlen) < 0)
		return -1;
	return write_tuned(r, NULL, err, errlen);
}

/* tuned.ini: what the verification verdict said in its first lines (NULL: not
 * finished yet), then the tuned player. */
static int write_tuned(const Run *r, const VerifyResult *verdict, char *err, size_t errlen)
{
	char path[TEXEL_PATH_MAX + 120];
	const TexelPlayer *p = &r->c.players[r->c.player];
	OutFile of;
	snprintf(path, sizeof path, "%s/tuned.ini", r->dir);
	FILE *f = outfile_open(&of, path, err, errlen);
	if (!f)
		return -1;
	Budget bud = texel_config_budget(&r->c, r->c.player);
	verify_note_comment(f, verdict);
	fprintf(f, "; fitted by tuner texel %s\n[player %s-tuned]\ntype = %s\n", r->c.path,
	        p->name, p->type->name);
	if (bud.nodes)
		fprintf(f, "nodes = %llu\n", (unsigned long long)bud.nodes);
	if (bud.depth)
		fprintf(f, "depth = %d\n", bud.depth);
	if (bud.ms)
		fprintf(f, "ms = %lld\n", (long long)bud.ms);
	for (int k = 0; k < r->tuned.n; k++) {
		char v[PARAM_TEXT_MAX + 8];
		format_value(&r->tuned, k, v, sizeof v);
		fprintf(f, "%s = %s\n", p->type->params[k].name, v);
	}
	return outfile_commit(&of, err, errlen);
}

static void report(const Run *r)
{
	printf("loss (cross-entropy)   positions    before     after   (K = %.4g)\n",
	       r->model.k);
	printf("  %-18s %11zu  %.6f  %.6f\n", "train", r->train.n, r->loss[0][0],
	       r->loss[0][1]);
	if (r->val.n)
		printf("  %-18s %11zu  %.6f  %.6f\n", "validation", r->val.n, r->loss[1][0],
		       r->loss[1][1]);
	printf("loss+gradient: %.0f positions in %.2f s, %.3g positions/s on %d thread%s\n",
	       r->positions, r->seconds, r->seconds > 0 ? r->positions / r->seconds : 0.0,
	       r->threads, r->threads == 1 ? "" : "s");
	printf("%-18s %10s %10s\n", "parameter", "start", "tuned");
	for (int j = 0; j <= r->f->nfeat; j++) {
		if (!r->c.fit[j])
			continue;
		char a[64], b[64];
		start_tuned(r, eval_features_param(r->f, j), a, b);
		printf("%-18s %10s %10s\n", fit_name(r, j), a, b);
	}
	if (r->f->inverse_k >= 0) {
		char a[64], b[64];
		start_tuned(r, r->f->inverse_k, a, b);
		printf("%-18s %10s %10s   (1 / K)\n", r->type->params[r->f->inverse_k].name,
		       a, b);
	}
}

static int run(Run *r, char *err, size_t errlen)
{
	TexelConfig *c = &r->c;
	/* Everything the input can get wrong is found before anything is written. */
	int rc = texel_verify_openings(c, &r->verify, err, errlen);
	TexelDataStats ds;
	OpeningSet data = {0};
	if (rc == 0)
		rc = texel_data_openings(c, &r->verify, &data, &ds, err, errlen);
	if (rc == 0 && c->games_csv[0])
		rc = texel_data_games(c, &data, &r->verify, NULL, stdout, &r->games, &ds,
		                      err, errlen);
	if (rc == 0)
		rc = rundir_create(r->dir, err, errlen);
	if (rc == 0) /* two runs of one file would write the same files at once */
		rc = rundir_lock(&r->lock, r->dir, err, errlen);
	if (rc == 0)
		printf("tuner texel: %s -> %s, %d thread%s; %d verification openings\n",
		       c->path, r->dir, r->threads, r->threads == 1 ? "" : "s",
		       r->verify.count);
	char games_out[TEXEL_PATH_MAX + 120];
	snprintf(games_out, sizeof games_out, "%s/games.csv", r->dir);
	if (rc == 0 && !c->games_csv[0])
		rc = texel_data_games(c, &data, &r->verify, games_out, stdout, &r->games,
		                      &ds, err, errlen);
	openings_free(&data);
	if (rc < 0)
		return rc;
	int skip = c->skip >= 0 ? c->skip : ds.opening_max + 2;
	if (ds.played)
		printf("games: %d played in %.1f s (%s)", ds.played, ds.seconds, games_out);
	else
		printf("games: %d read from %s", ds.read, c->games_csv);
	printf("; %d dropped for a verification opening, %d repeated another\n",
	       ds.conflicts, ds.duplicates);
	double t0 = omp_get_wtime();
	if (positions_select(&r->games, skip, c->vcf_nodes, c->threads) < 0) {
		return err_set(err, errlen, "out of memory");
	}
	long considered = 0;
	for (int i = 0; i < r->games.count; i++)
		considered +=
		    r->games.games[i].plies > skip ? r->games.games[i].plies - skip : 0;
	r->is_val =
	    calloc((size_t)(r->games.count ? r->games.count : 1), sizeof *r->is_val);
	if (!r->is_val) {
		return err_set(err, errlen, "out of memory");
	}
	for (int i = 0; i < r->games.count; i++) { /* by game: no game on both sides */
		uint64_t h = c->seed ^ (0xD1B54A32D192ED03ull * (uint64_t)(i + 1));
		r->is_val[i] = (double)(rng_splitmix(&h) >> 11) * 0x1p-53 < c->validation;
	}
	printf("positions: %zu quiet of %ld after ply %d%s (%.1f s)\n", r->games.npos,
	       considered, skip, c->symmetries ? ", times 8 symmetries" : "",
	       omp_get_wtime() - t0);
	r->start = c->players[c->player].params;
	if ((rc = fit(r, err, errlen)) < 0)
		return rc;
	report(r);
	if (write_outputs(r, err, errlen) < 0)
		return -1;
	/* games.csv only when the data games were played here. */
	printf("written: %s/%stexel.csv, loss.csv, rounds.csv, tuned.ini\n", r->dir,
	       ds.played ? "games.csv, " : "");

	const TexelPlayer *p = &c->players[c->player];
	Budget b = texel_config_budget(c, c->player);
	ExecSpec spec = {.a = {p->type, &r->tuned, b},
	                 .b = {p->type, &r->start, b},
	                 .size = c->size,
	                 .rule = c->rule,
	                 .max_plies = c->max_plies,
	                 .openings = &r->verify,
	                 .seed = c->seed,
	                 .threads = c->threads,
	                 .stop = interrupt_flag()};
	char vpath[TEXEL_PATH_MAX + 120];
	snprintf(vpath, sizeof vpath, "%s/verify.csv", r->dir);
	VerifyResult vr;
	t0 = omp_get_wtime();
	if (verify_match(&spec, c->verify_pairs, vpath, &vr, err, errlen) < 0)
		return -1;
	verify_print(stdout, &vr);
	printf("  (%.1f s; %s)\n", omp_get_wtime() - t0, vpath);
	if (write_tuned(r, &vr, err, errlen) < 0 ||
	    tuner_html_texel(r->dir, c->name, err, errlen) < 0)
		return -1;
	printf("written: %s/tuned.ini (the verdict), verify.csv, report.html\n", r->dir);
	return verify_outcome(&vr, "tuner texel", r->dir, err, errlen);
}

int texel_tune(const TexelOptions *o, char *err, size_t errlen)
{
	err[0] = '\0';
	if (o->out && (!*o->out || strlen(o->out) >= TEXEL_PATH_MAX)) {
		snprintf(err, errlen,
		         "tuner texel: --out needs a folder name of 1 to %d bytes",
		         TEXEL_PATH_MAX - 1);
		return 2;
	}
	Run *r = calloc(1, sizeof *r);
	if (!r) {
		snprintf(err, errlen, "tuner texel: out of memory");
		return 1;
	}
	char msg[ERR_MAX];
	int rc = texel_config_load(o->file, &r->c, msg, sizeof msg) < 0 ? -2 : 0;
	if (rc == 0) {
		if (o->threads >= 0)
			r->c.threads = (int)o->threads;
		if (o->out)
			snprintf(r->c.out, sizeof r->c.out, "%s", o->out);
		r->threads = r->c.threads > 0 ? r->c.threads : omp_get_max_threads();
		snprintf(r->dir, sizeof r->dir, "%s/%s", r->c.out, r->c.name);
		r->type = r->c.players[r->c.player].type;
		r->f = r->type->eval;
		texel_set_init(&r->train, r->f->nfeat);
		texel_set_init(&r->val, r->f->nfeat);
		positions_init(&r->games, r->c.size, r->c.rule);
		interrupt_install();
		r->lock.fd = -1;
		rc = run(r, msg, sizeof msg);
		rundir_unlock(&r->lock, false); /* nothing after it can be bad input */
		openings_free(&r->verify);
		positions_free(&r->games);
		texel_set_free(&r->train);
		texel_set_free(&r->val);
		free(r->is_val);
	}
	free(r);
	if (rc < 0 && interrupt_signal()) {
		snprintf(
		    err, errlen,
		    "tuner texel: %s: stopped; run the same command again to start over "
		    "(it plays the same games)",
		    strsignal(interrupt_signal()));
		return 128 + interrupt_signal();
	}
	if (rc == VERIFY_STATUS_REJECTED) { /* finished; msg holds the warning */
		snprintf(err, errlen, "%s", msg);
		return rc;
	}
	/* Bad input is named as its file:line says; other failures by the
	 * command. */
	if (rc < 0)
		snprintf(err, errlen, "%s%s", rc == -2 ? "" : "tuner texel: ", msg);
	return rc == 0 ? 0 : rc == -2 ? 2 : 1;
}
