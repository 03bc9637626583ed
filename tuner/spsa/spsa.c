/* spsa.c - `tuner spsa FILE.ini`: the SPSA core (spsa_core.c) with real
 * games: the configuration, the iterations' game pairs on the job engine
 * (pairs.h; the sides are spsa_players.h's), the trajectory (appended and
 * flushed every iteration, so a killed run resumes where it stopped), an
 * external engine's faults (spsa_faults.h), tuned.ini, the plot, and the
 * verification match of tuned.ini's player against start. */
#define _POSIX_C_SOURCE 200809L
#include "spsa.h"
#include "err.h"

#include <errno.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "config_diff.h"
#include "crashpoint.h"
#include "executor.h"
#include "interrupt.h"
#include "outfile.h"
#include "pairs.h"
#include "rundir.h"
#include "spsa_calib.h"
#include "spsa_config.h"
#include "spsa_core.h"
#include "spsa_faults.h"
#include "spsa_players.h"
#include "trajectory.h"
#include "tuner_html.h"
#include "verify.h"

enum { DIR_MAX = CONFIG_PATH_MAX + CONFIG_NAME_MAX + 2, FILE_MAX = DIR_MAX + 32 };

typedef struct {
	const SpsaConfig *c;
	const OpeningSet *tune;
	Spsa spsa;
	RundirLock lock;     /* the run folder, taken before it is read */
	ResultsFile traj;    /* trajectory.csv, appended */
	FILE *faults_csv;    /* external engines: faults.csv, appended */
	PairFaults faults;   /* of the iteration being played */
	SpsaFaultCount lost; /* games lost to faults so far (resumed ones too) */
	bool told;           /* the first fault of this process was shown */
	PairScore *scores;
	PlayerPool *pool; /* external engines kept from iteration to iteration */
	double t0;
	int every; /* iterations between progress lines */
	const char *names[SPSA_PARAMS_MAX];
	char header[SPSA_PARAMS_MAX * (64) + 32];
} Run;

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int play(void *ctx, const SpsaProbe *pr, SpsaResult *out, char *err, size_t errlen)
{
	Run *r = ctx;
	const SpsaConfig *c = r->c;
	ParamSet plus, minus;
	if (spsa_players_side(c, pr->plus, &plus, err, errlen) < 0 ||
	    spsa_players_side(c, pr->minus, &minus, err, errlen) < 0)
		return -1;
	pairs_faults_clear(&r->faults);
	ExecSpec spec = {.a = {c->type, &plus, c->budget},
	                 .b = {c->type, &minus, c->budget},
	                 .size = c->size,
	                 .rule = c->rule,
	                 .max_plies = c->max_plies,
	                 .openings = r->tune,
	                 .first_opening =
	                     (int)((long long)(pr->k - 1) * c->pairs % r->tune->count),
	                 .seed = pr->seed,
	                 .threads = c->threads,
	                 .affinity = c->affinity,
	                 .stop = interrupt_flag(),
	                 .pool = r->pool};
	if (pairs_play(&spec, c->pairs, r->scores, &r->faults, err, errlen) < 0)
		return -1;
	*out = (SpsaResult){0, 0, 0};
	for (int i = 0; i < c->pairs; i++) {
		double s[2] = {r->scores[i].a_black, r->scores[i].a_white};
		for (int g = 0; g < 2; g++) {
			if (s[g] == 1)
				out->wins++;
			else if (s[g] == 0)
				out->losses++;
			else
				out->draws++;
		}
	}
	return 0;
}

/* The first fault a run meets, at once: the rest go to faults.csv. */
static void tell_fault(Run *r, const char *when, const char *const names[2])
{
	if (r->told || r->faults.count == 0)
		return;
	const PairFault *f = &r->faults.items[0];
	fprintf(stderr,
	        "%s, game %d: %s (%s) lost by %s: %s\n(every fault goes to "
	        "faults.csv)\n",
	        when, f->game, names[f->side], f->color == BLACK ? "black" : "white",
	        game_end_name(f->reason), f->detail);
	r->told = true;
}

static int done(void *ctx, int k, const double *theta, const SpsaResult *res, char *err,
                size_t errlen)
{
	Run *r = ctx;
	const SpsaConfig *c = r->c;
	static const char *const sides[2] = {"plus", "minus"};
	char when[32], lost[128];
	snprintf(when, sizeof when, "%d", k);
	/* An iteration's faults before its row: a kill between the two leaves
	 * lines that the resume drops (spsa_faults_settle). */
	if (r->faults_csv &&
	    spsa_faults_append(r->faults_csv, when, sides, &r->faults) < 0) {
		return err_set(err, errlen, "faults.csv: write error: %s", strerror(errno));
	}
	snprintf(when, sizeof when, "iteration %d", k);
	tell_fault(r, when, sides);
	spsa_faults_add(&r->lost, &r->faults);
	if (trajectory_write_row(&r->traj, k, c->n, theta, res) < 0) {
		return err_set(err, errlen, "trajectory.csv: %s", results_why(errno));
	}
	if (k % r->every == 0 || k == c->iterations) {
		fprintf(stderr, "iteration %d/%d: +%d =%d -%d |", k, c->iterations,
		        res->wins, res->draws, res->losses);
		for (int i = 0; i < c->n && i < 8; i++)
			fprintf(stderr, " %s %.4g", c->tuned[i].name, theta[i]);
		long n = spsa_faults_text(&r->lost, lost, sizeof lost);
		if (n)
			fprintf(stderr, "%s | %ld game%s lost to faults",
			        c->n > 8 ? " ..." : "", n, n == 1 ? "" : "s");
		fprintf(stderr, "%s | %.1f s\n", c->n > 8 && !n ? " ..." : "",
		        now_s() - r->t0);
	}
	return 0;
}

/* Output folder, saved configuration, resume: theta and the next
 * iteration, or -1 with a message (*status: 2 for a folder of another run). */
static int prepare(Run *r, const char *dir, double *theta, int *next, int *status,
                   char *err, size_t errlen)
{
	const SpsaConfig *c = r->c;
	char ini[FILE_MAX], csv[FILE_MAX], *text = NULL, *old = NULL;
	size_t tlen;
	snprintf(ini, sizeof ini, "%s/config.ini", dir);
	snprintf(csv, sizeof csv, "%s/trajectory.csv", dir);
	*status = 1;
	FILE *m = open_memstream(&text, &tlen);
	if (!m || spsa_config_write(c, m) < 0 || fclose(m) != 0) {
		snprintf(err, errlen, "out of memory");
		free(text);
		return -1;
	}
	int rc = -1, last = -1;
	for (int i = 0; i < c->n; i++)
		theta[i] = c->tuned[i].p.start;
	/* The folder is this process's before anything in it is read: two runs
	 * of one configuration would append the same iterations twice. */
	if (rundir_create(dir, err, errlen) < 0 ||
	    rundir_lock(&r->lock, dir, err, errlen) < 0)
		goto out;
	if (access(csv, F_OK) == 0) {
		/* The same run if the saved configuration differs at most in
		 * keys that do not change the trajectory (threads, verify_pairs,
		 * out: the CONFIG_FREE keys of spsa_config.c's tables). */
		old = rundir_slurp(ini);
		if (!old || !config_diff_same(old, text, spsa_config_sections)) {
			snprintf(err, errlen,
			         "%.1100s holds a run with %s (see config.ini "
			         "there);\ngive this run "
			         "another name ([spsa] name = ...) or remove the folder",
			         dir, old ? "another configuration" : "no config.ini");
			*status = 2;
			goto out;
		}
		if (trajectory_read(csv, r->header, c->n, c->iterations, &last, theta, err,
		                    errlen) < 0) {
			*status = 2;
			goto out;
		}
	}
	VerifyResult vr;
	char vcsv[FILE_MAX];
	snprintf(vcsv, sizeof vcsv, "%s/verify.csv", dir);
	if (c->external &&
	    !(last == c->iterations && verify_read(vcsv, c->verify_pairs, &vr) == 0)) {
		/* The faults of the iterations the trajectory holds, no more
		 * (a finished run's, the verification's too, stay as they are);
		 * a damaged faults.csv is refused before config.ini is written. */
		char fcsv[FILE_MAX];
		snprintf(fcsv, sizeof fcsv, "%s/faults.csv", dir);
		int frc =
		    spsa_faults_settle(fcsv, last < 0 ? 0 : last, &r->lost, err, errlen);
		if (frc < 0) {
			*status = frc == -2 ? 2 : 1;
			goto out;
		}
	}
	/* config.ini as it is when nothing changed in it (a finished run run
	 * again changes no file). */
	if (!(old && strcmp(old, text) == 0) &&
	    outfile_write(ini, text, tlen, false, err, errlen) < 0)
		goto out;
	if (last < 0) { /* the header, whole (a torn one was cut: no row yet) */
		char head[sizeof r->header + 1];
		int n = snprintf(head, sizeof head, "%s\n", r->header);
		if (outfile_write(csv, head, (size_t)n, true, err, errlen) < 0)
			goto out;
		crashpoint("kill/trajectory.csv/after-header");
	}
	if (results_open_append(&r->traj, csv, err, errlen) < 0)
		goto out;
	if (last < 0) {
		SpsaResult none = {0, 0, 0};
		for (int i = 0; i < c->n; i++)
			theta[i] = c->tuned[i].p.start;
		if (trajectory_write_row(&r->traj, 0, c->n, theta, &none) < 0) {
			snprintf(err, errlen, "%s: %s", csv, results_why(errno));
			goto out;
		}
		last = 0;
	}
	if (c->external) {
		char fcsv[FILE_MAX];
		snprintf(fcsv, sizeof fcsv, "%s/faults.csv", dir);
		if (!(r->faults_csv = fopen(fcsv, "ae"))) {
			snprintf(err, errlen, "%s: cannot write: %s", fcsv,
			         strerror(errno));
			goto out;
		}
	}
	*next = last + 1;
	rc = 0;
out:
	free(text);
	free(old);
	return rc;
}

/* After the verification: its faults into faults.csv, and how many games
 * the run lost to faults, on stdout. 0, or -1 with a message. */
static int report_faults(Run *r, char *err, size_t errlen)
{
	static const char *const sides[2] = {"tuned", "start"};
	char text[256];
	tell_fault(r, "verification", sides);
	if (spsa_faults_append(r->faults_csv, "verify", sides, &r->faults) < 0 ||
	    fclose(r->faults_csv) != 0) {
		r->faults_csv = NULL;
		return err_set(err, errlen, "faults.csv: write error");
	}
	r->faults_csv = NULL;
	long n = spsa_faults_text(&r->lost, text, sizeof text);
	printf("games lost to faults: %ld of %ld in the iterations%s%s%s, %d of %d in the "
	       "verification",
	       n, 2L * r->c->pairs * r->c->iterations, n ? " (" : "", text, n ? ")" : "",
	       r->faults.count, 2 * r->c->verify_pairs);
	SpsaFaultCount v = {{0}};
	spsa_faults_add(&v, &r->faults);
	if (spsa_faults_text(&v, text, sizeof text))
		printf(" (%s)", text);
	printf("%s\n", n || r->faults.count ? "; each one in faults.csv" : "");
	return 0;
}

/* What a run holds besides Run: its configuration (large, so the whole
 * lives on the heap), openings and folder. */
typedef struct {
	SpsaConfig c;
	Run r;
	OpeningSet tune, verify;
	char dir[DIR_MAX];
	double theta[SPSA_PARAMS_MAX];
	/* the start's and the tuned values as tuned.ini has them */
	double start_v[SPSA_PARAMS_MAX], tuned_v[SPSA_PARAMS_MAX];
	int next;     /* the first iteration to play */
	bool plotted; /* params.png written (gnuplot is there) */
	/* A finished run run again: its verification, read from verify.csv */
	bool verified;
	VerifyResult stored;
} Tuning;

/* The file and the options: configuration, SPSA state, openings. Returns
 * 0, or an exit status (2: bad input) with the message in err. */
static int setup(Tuning *t, const SpsaOptions *o, char *err, size_t errlen)
{
	SpsaConfig *c = &t->c;
	if (o->out && (!*o->out || strlen(o->out) >= sizeof c->out)) {
		snprintf(err, errlen, "tuner spsa: --out needs a folder name");
		return 2;
	}
	char msg[ERR_MAX];
	if (spsa_config_load(o->file, c, msg, sizeof msg) < 0) {
		snprintf(err, errlen, "%s", msg);
		return 2;
	}
	if (o->threads >= 0)
		c->threads = (int)o->threads;
	if (o->out)
		snprintf(c->out, sizeof c->out, "%s", o->out);
	Run *r = &t->r;
	SpsaParam params[SPSA_PARAMS_MAX];
	for (int i = 0; i < c->n; i++)
		params[i] = c->tuned[i].p;
	if (spsa_init(&r->spsa, params, c->n, c->iterations, c->seed, msg, sizeof msg) <
	    0) {
		snprintf(err, errlen, "%s: %s", c->path, msg);
		return 2;
	}
	if (spsa_config_openings(c, &t->tune, &t->verify, msg, sizeof msg) < 0) {
		snprintf(err, errlen, "%s", msg);
		return 2;
	}
	r->tune = &t->tune;
	for (int i = 0; i < c->n; i++)
		r->names[i] = c->tuned[i].name;
	trajectory_header(r->names, c->n, r->header, sizeof r->header);
	snprintf(t->dir, sizeof t->dir, "%.1023s/%.63s", c->out, c->name);
	r->scores = malloc(sizeof *r->scores * (size_t)c->pairs);
	r->pool = pool_create(c->threads > 0 ? c->threads : omp_get_num_procs(), 2);
	if (!r->scores || !r->pool) {
		snprintf(err, errlen, "tuner spsa: out of memory");
		return 1;
	}
	return 0;
}

/* With c_elo: each parameter's c_end from its probe (played, or read back
 * from probe.csv) and r_end from c_elo, into the schedule. Returns 0, or an
 * exit status with the message in err. */
static int calibrate(Tuning *t, char *err, size_t errlen)
{
	const SpsaConfig *c = &t->c;
	Run *r = &t->r;
	char msg[ERR_MAX];
	SpsaParam params[SPSA_PARAMS_MAX];
	for (int i = 0; i < c->n; i++)
		params[i] = c->tuned[i].p;
	interrupt_install();
	if (spsa_calib_run(c, &t->tune, r->pool, t->dir, params, msg, sizeof msg) < 0) {
		if (interrupt_signal()) {
			snprintf(err, errlen,
			         "tuner spsa: %s: every finished probe is in %s/probe.csv; "
			         "run the same command again to resume",
			         strsignal(interrupt_signal()), t->dir);
			return 128 + interrupt_signal();
		}
		snprintf(err, errlen, "tuner spsa: probe: %s", msg);
		return 1;
	}
	if (spsa_init(&r->spsa, params, c->n, c->iterations, c->seed, msg, sizeof msg) <
	    0) {
		snprintf(err, errlen, "tuner spsa: %s: %s", c->path, msg);
		return 1;
	}
	fprintf(stderr, "c_elo %g: r_end %.4g where the file gives none\n", c->c_elo,
	        spsa_calib_r_end(c->iterations, c->pairs, c->c_elo));
	return 0;
}

/* The iterations from t->next on, each on disk once played. Returns 0, or
 * an exit status with the message in err. */
static int iterate(Tuning *t, char *err, size_t errlen)
{
	const SpsaConfig *c = &t->c;
	Run *r = &t->r;
	char msg[ERR_MAX];
	int nthreads = c->threads > 0 ? c->threads : omp_get_num_procs();
	fprintf(stderr,
	        "%s: %d parameter%s of %s, %d iterations of %d pairs, %d tuning and %d "
	        "verification openings, %d thread%s, into %s\n",
	        c->name, c->n, c->n == 1 ? "" : "s", c->type->name, c->iterations, c->pairs,
	        t->tune.count, t->verify.count, nthreads, nthreads == 1 ? "" : "s", t->dir);
	if (t->next > c->iterations)
		fprintf(stderr, "every iteration is in %s/trajectory.csv\n", t->dir);
	else if (t->next > 1)
		fprintf(stderr, "resuming after iteration %d\n", t->next - 1);
	r->every = c->iterations >= 20 ? c->iterations / 20 : 1;
	r->t0 = now_s();
	interrupt_install();
	if (spsa_run(&r->spsa, t->theta, t->next, play, done, r, msg, sizeof msg) < 0) {
		if (interrupt_signal()) {
			snprintf(err, errlen,
			         "tuner spsa: %s: every finished iteration is in "
			         "%s/trajectory.csv; run the same command again to resume",
			         strsignal(interrupt_signal()), t->dir);
			return 128 + interrupt_signal();
		}
		snprintf(err, errlen, "tuner spsa: %s", msg);
		return 1;
	}
	if (results_close(&r->traj) < 0) {
		snprintf(err, errlen, "tuner spsa: %s/trajectory.csv: %s", t->dir,
		         results_why(errno ? errno : EIO));
		return 1;
	}
	if (t->next <= c->iterations)
		fprintf(stderr, "%d iterations in %.1f s\n", c->iterations - t->next + 1,
		        now_s() - r->t0);
	return 0;
}

/* tuned.ini and the plot; the two players of the verification, the tuned
 * one as tuned.ini holds it, read back. Returns 0, or -1 with a message. */
static int write_tuned(Tuning *t, ParamSet *tuned, ParamSet *start, char *err,
                       size_t errlen)
{
	const SpsaConfig *c = &t->c;
	Run *r = &t->r;
	double *start_v = t->start_v, *tuned_v = t->tuned_v;
	char path[FILE_MAX];
	for (int i = 0; i < c->n; i++)
		start_v[i] = c->tuned[i].p.start;
	spsa_players_values(c, start_v, false, start_v);
	spsa_players_values(c, t->theta, true, tuned_v);
	printf("%s: tuned after %d iterations:\n", c->name, c->iterations);
	for (int i = 0; i < c->n; i++) {
		char a[64], b[64];
		spsa_players_text(&c->tuned[i], start_v[i], a, sizeof a);
		spsa_players_text(&c->tuned[i], tuned_v[i], b, sizeof b);
		printf("  %-20s %12s -> %-12s (theta %.6g)\n", c->tuned[i].name, a, b,
		       t->theta[i]);
	}
	snprintf(path, sizeof path, "%s/tuned.ini", t->dir);
	/* "not verified" until the verification rewrites it with its verdict,
	 * or the verdict verify.csv already holds (then the file is as the
	 * first run left it, and stays so) */
	if (spsa_players_write_tuned(path, c, start_v, tuned_v,
	                             t->verified ? &t->stored : NULL, err, errlen) < 0 ||
	    spsa_players_read_tuned(path, c, tuned, err, errlen) < 0 ||
	    spsa_players_side(c, start_v, start, err, errlen) < 0)
		return -1;
	if (t->verified) /* the plot of a finished run is there */
		return 0;
	snprintf(path, sizeof path, "%s/trajectory.csv", t->dir);
	int drawn = trajectory_plot(path, t->dir, "params.png", r->names, r->spsa.param,
	                            c->n, stdout, err, errlen);
	t->plotted = drawn > 0;
	return drawn < 0 ? -1 : 0;
}

/* A finished run run again: the verification verify.csv holds, reported
 * as the run that played it did; nothing played, no file changed but a
 * missing report.html (or a tuned.ini without the verdict, write_tuned).
 * Returns the run's exit status, with the message in err. */
static int verified(Tuning *t, char *err, size_t errlen)
{
	char msg[ERR_MAX], path[FILE_MAX];
	verify_print(stdout, &t->stored);
	fprintf(stderr, "verification: already in %s/verify.csv, not played again\n",
	        t->dir);
	snprintf(path, sizeof path, "%s/report.html", t->dir);
	if (access(path, F_OK) != 0 &&
	    tuner_html_spsa(t->dir, &t->c, msg, sizeof msg) < 0) {
		snprintf(err, errlen, "tuner spsa: %s", msg);
		return 1;
	}
	return verify_outcome(&t->stored, "tuner spsa", t->dir, err, errlen);
}

/* The verification match of tuned against start, its faults, the page.
 * Returns 0, or an exit status with the message in err. */
static int verify(Tuning *t, const ParamSet *tuned, const ParamSet *start, char *err,
                  size_t errlen)
{
	const SpsaConfig *c = &t->c;
	Run *r = &t->r;
	char msg[ERR_MAX], path[FILE_MAX];
	if (c->verify_pairs > t->verify.count)
		fprintf(stderr,
		        "note: %d verification pairs on %d opening%s: openings repeat\n",
		        c->verify_pairs, t->verify.count, t->verify.count == 1 ? "" : "s");
	ExecSpec vs = {.a = {c->type, tuned, c->budget},
	               .b = {c->type, start, c->budget},
	               .size = c->size,
	               .rule = c->rule,
	               .max_plies = c->max_plies,
	               .openings = &t->verify,
	               .seed = c->seed ^ 0x7665726966790000ull,
	               .threads = c->threads,
	               .affinity = c->affinity,
	               .stop = interrupt_flag(),
	               .pool = r->pool};
	VerifyResult vr;
	double t1 = now_s();
	/* verify.csv is the mark of a finished verification (a run run again
	 * reads it back and plays nothing), so it comes last: the match goes
	 * to verify.csv.part, renamed once its faults are in faults.csv. */
	char part[FILE_MAX];
	snprintf(part, sizeof part, "%s/verify.csv.part", t->dir);
	snprintf(path, sizeof path, "%s/verify.csv", t->dir);
	/* One for other verify_pairs, or damaged, goes first: a kill in the
	 * match must not leave it to be read back (its faults are gone from
	 * faults.csv). */
	if (unlink(path) < 0 && errno != ENOENT) {
		snprintf(err, errlen, "tuner spsa: %s: cannot remove: %s", path,
		         strerror(errno));
		return 1;
	}
	pairs_faults_clear(&r->faults);
	if (verify_match_faults(&vs, c->verify_pairs, part, &vr, &r->faults, msg,
	                        sizeof msg) < 0) {
		snprintf(err, errlen, "tuner spsa: verification: %s%s", msg,
		         interrupt_signal()
		             ? "\nrun the same command again to play it again"
		             : "");
		return interrupt_signal() ? 128 + interrupt_signal() : 1;
	}
	verify_print(stdout, &vr);
	fprintf(stderr, "verification: %d games in %.1f s\n", 2 * c->verify_pairs,
	        now_s() - t1);
	snprintf(path, sizeof path, "%s/tuned.ini", t->dir);
	if (spsa_players_write_tuned(path, c, t->start_v, t->tuned_v, &vr, msg,
	                             sizeof msg) < 0) {
		snprintf(err, errlen, "tuner spsa: %s", msg);
		return 1;
	}
	if (c->external && report_faults(r, msg, sizeof msg) < 0) {
		snprintf(err, errlen, "tuner spsa: %s/%s", t->dir, msg);
		return 1;
	}
	crashpoint("kill/verify.csv/before-rename");
	snprintf(path, sizeof path, "%s/verify.csv", t->dir);
	if (rename(part, path) < 0) {
		snprintf(err, errlen, "tuner spsa: %s: %s", path, strerror(errno));
		return 1;
	}
	if (tuner_html_spsa(t->dir, c, msg, sizeof msg) < 0) {
		snprintf(err, errlen, "tuner spsa: %s", msg);
		return 1;
	}
	/* The files this run wrote, no more: params.png only with gnuplot. */
	printf("written: %s/config.ini, %strajectory.csv, %stuned.ini, %sverify.csv, "
	       "report.html\n",
	       t->dir, c->c_elo > 0 ? "probe.csv, " : "", c->external ? "faults.csv, " : "",
	       t->plotted ? "params.png, " : "");
	return verify_outcome(&vr, "tuner spsa", t->dir, err, errlen);
}

int spsa_tune(const SpsaOptions *o, char *err, size_t errlen)
{
	err[0] = '\0';
	Tuning *t = calloc(1, sizeof *t);
	if (!t) {
		snprintf(err, errlen, "tuner spsa: out of memory");
		return 1;
	}
	Run *r = &t->r;
	*r = (Run){.c = &t->c, .lock = {.fd = -1}, .traj = {.fd = -1}};
	t->next = 1;
	char msg[ERR_MAX];
	int status = setup(t, o, err, errlen);
	if (status == 0) {
		int bad = 1;
		if (prepare(r, t->dir, t->theta, &t->next, &bad, msg, sizeof msg) < 0) {
			snprintf(err, errlen, "tuner spsa: %s", msg);
			status = bad;
		}
	}
	/* Finished before this process began (every iteration in the
	 * trajectory): only then may verify.csv be its verdict. Otherwise a
	 * verify.csv is of another trajectory (cut, or removed), and goes
	 * before anything is played. */
	bool finished = t->next > t->c.iterations;
	char vcsv[FILE_MAX];
	snprintf(vcsv, sizeof vcsv, "%s/verify.csv", t->dir);
	if (status == 0 && !finished && unlink(vcsv) < 0 && errno != ENOENT) {
		snprintf(err, errlen, "tuner spsa: %s: cannot remove: %s", vcsv,
		         strerror(errno));
		status = 1;
	}
	if (status == 0 && t->c.c_elo > 0)
		status = calibrate(t, err, errlen);
	if (status == 0)
		status = iterate(t, err, errlen);
	if (status == 0) {
		/* A verification on disk whole, for these verify_pairs: this
		 * run had finished; anything less is played again whole. */
		t->verified =
		    finished && verify_read(vcsv, t->c.verify_pairs, &t->stored) == 0;
		ParamSet start, tuned;
		if (write_tuned(t, &tuned, &start, msg, sizeof msg) < 0) {
			snprintf(err, errlen, "tuner spsa: %s", msg);
			status = 1;
		} else {
			status = t->verified ? verified(t, err, errlen)
			                     : verify(t, &tuned, &start, err, errlen);
		}
	}
	results_close(&r->traj);
	rundir_unlock(&r->lock, status == 2);
	if (r->faults_csv)
		fclose(r->faults_csv);
	pairs_faults_free(&r->faults);
	free(r->scores);
	pool_destroy(r->pool);
	openings_free(&t->tune);
	openings_free(&t->verify);
	free(t);
	return status;
}
