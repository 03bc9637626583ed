/* runner.c - `arena run FILE.ini`: a tournament's run folder around the
 * job engine.
 *
 * Everything is decided before the first game: configuration, openings, the
 * job list and every seed. The job engine (jobs.h) plays the jobs still to
 * play; this file is its sink: a finished game's .psq is written by the
 * worker that played it (prepare), then its games.csv line, flushed and
 * synced, under the engine's one lock (finished), which also updates the
 * progress line and the SPRT (runner_progress.c). The run folder, its
 * config.ini and the games of a resume are runner_folder.c's; the state
 * the three share is runner_state.h's. */
#define _POSIX_C_SOURCE 200809L
#include "runner.h"
#include "runner_state.h"
#include "err.h"

#include <errno.h>
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "clock.h"
#include "config.h"
#include "crashpoint.h"
#include "faults.h"
#include "game_play.h"
#include "inputs.h"
#include "interrupt.h"
#include "jobs.h"
#include "jobs_mpi.h"
#include "openings.h"
#include "outfile.h"
#include "psq.h"
#include "report.h"
#include "results.h"
#include "messages.h"
#include "moves_csv.h"
#include "rundir.h"
#include "samples.h"
#include "schedule.h"
#include "sgf.h"
#include "sprt.h"

/* The game's .psq record, by the worker that played it, before its line
 * goes to games.csv (the sink's prepare). Creating a file can block on the
 * disk for a while, so it happens outside the lock, where the other
 * workers would wait for it. Nonzero (the failure noted) drops the game and
 * halts the run. */
static int runner_prepare(void *ctx, const Job *j, const GameRecord *rec)
{
	Run *r = ctx;
	const Tournament *t = r->t;
	if (!t->psq)
		return 0;
	double w0 = clock_ms();
	char path[CONFIG_PATH_MAX + 160], err[OUTFILE_PATH_MAX + 128];
	snprintf(path, sizeof path, "%s/games/%06d.psq", r->dir, j->id);
	int rc =
	    psq_write(path, t->size, t->players[j->black].name, t->players[j->white].name,
	              rec->moves, rec->ms, rec->plies, game_outcome_text(rec->outcome),
	              game_end_name(rec->reason), err, sizeof err);
	if (rc != 0) {
		int none = 0, e = errno ? errno : EIO;
		if (atomic_compare_exchange_strong(&r->psq_errno, &none, e))
			snprintf(r->psq_path, sizeof r->psq_path, "%s", path);
		atomic_store(&r->stop, true);
		return -1;
	}
	double ms = clock_ms() - w0;
#pragma omp atomic
	r->record_ms += ms;
	return 0;
}

/* A game on disk, counted: by record_game as it is played, by resume_row
 * as it is read back. */
void run_count_game(Run *r, const Job *j, double score)
{
	r->wdl[j->black][j->white][score == 1 ? 0 : score == 0 ? 2 : 1]++;
	r->done[j->id] = true;
	r->score[j->id] = score;
	r->ndone++;
	r->points[j->black] += score;
	r->points[j->white] += 1 - score;
	r->played[j->black]++;
	r->played[j->white]++;
}

/* A write of path failed with errno: noted once, and no game starts now. */
static void note_failure(Run *r, const char *path)
{
	if (!r->write_failed) {
		r->write_failed = errno ? errno : EIO;
		snprintf(r->failed_path, sizeof r->failed_path, "%.1100s", path);
	}
	atomic_store(&r->stop, true);
}

/* What the samples of job j's game need (samples.h). */
static void sample_job(const Run *r, const Job *j, SampleJob *out)
{
	const OpeningSet *os = r->openings;
	out->seed = samples_seed(j->seed);
	out->opening_plies = os->count > 0 ? openings_length(os, j->opening) : 0;
	out->challenger[BLACK] = r->t->players[j->black].challenger;
	out->challenger[WHITE] = r->t->players[j->white].challenger;
}

/* samples_rebuild's question: a game of games.csv counts once, if its job
 * is done (past an SPRT's verdict it is not). */
static bool sample_row(void *user, int job, SampleJob *out)
{
	Run *r = user;
	if (job < 0 || job >= r->sched->count || !r->done[job] || r->sample_seen[job])
		return false;
	r->sample_seen[job] = true;
	sample_job(r, &r->sched->jobs[job], out);
	return true;
}

/* The samples file written again from games.csv (samples.h), and, at the
 * start (open), opened for appending. Returns 0 or -1 with a message. */
int run_settle_samples(Run *r, bool open, char *err, size_t errlen)
{
	const Tournament *t = r->t;
	if (t->sample == SAMPLE_OFF)
		return 0;
	SampleSpec spec = {t->sample, t->sample_freq, t->sample_loseonly, t->size, t->rule};
	memset(r->sample_seen, 0, (size_t)r->sched->count + 1);
	if (samples_rebuild(r->samples_path, &spec, r->csv_path, sample_row, r, open, err,
	                    errlen) < 0)
		return -1;
	return open ? samples_open(&r->samples, &spec, r->samples_path, err, errlen) : 0;
}

/* messages.txt's block of job j's game (messages.h), before its games.csv
 * line. Returns 0, or -1 with errno set. */
static int append_messages(Run *r, const Job *j, const char *const names[2],
                           const GameRecord *rec)
{
	char *block = messages_format(j->id, names, rec->messages);
	if (!block) {
		errno = ENOMEM;
		return -1;
	}
	int rc = results_append(&r->msgs, block);
	free(block);
	if (rc == 0)
		crashpoint("kill/after-messages");
	return rc;
}

/* messages.txt settled (messages.h) and, at the start (open), opened for
 * appending; nothing without msg. Returns 0 or -1 with a message. */
int run_settle_messages(Run *r, bool open, char *err, size_t errlen)
{
	if (!r->t->msg)
		return 0;
	if (messages_settle(r->msgs_path, r->done, r->sched->count, open, err, errlen) < 0)
		return -1;
	return open ? results_open_append(&r->msgs, r->msgs_path, err, errlen) : 0;
}

static void record_game(Run *r, const Job *j, const GameRecord *rec, double score)
{
	const Tournament *t = r->t;
	if (r->write_failed || atomic_load(&r->psq_errno))
		return; /* nothing more after a failed write: replayed on resume */
	if (t->sprt && r->sprt_status != SPRT_CONTINUE && j->id >= 2 * r->sprt_pairs)
		return; /* past the SPRT's verdict: dropped (see runner_run) */
	char line[BOARD_MAX_MOVES * 5 + 512], opening[OPENING_NAME_MAX];
	results_format(line, sizeof line, t->size, j->id, j->pair, j->round,
	               openings_name(r->openings, j->opening, opening),
	               t->players[j->black].name, t->players[j->white].name, rec);
	/* The moves and the fault first: moves_csv_settle and faults_settle drop
	 * them if the game never reaches games.csv. The game counts once its
	 * line is in games.csv, whole. */
	char fault[FAULT_DETAIL_MAX + 256];
	const char *names[2] = {t->players[j->black].name, t->players[j->white].name};
	long rows = moves_csv_format(r->moves_rows, sizeof r->moves_rows, t->size, j->id,
	                             names, rec);
	if (rows > 0 && results_append(&r->moves, r->moves_rows) < 0) {
		note_failure(r, r->moves_path);
		return;
	}
	crashpoint("kill/after-moves");
	if (t->msg && append_messages(r, j, names, rec) < 0) {
		note_failure(r, r->msgs_path);
		return;
	}
	if (t->sample != SAMPLE_OFF) {
		SampleJob sj;
		sample_job(r, j, &sj);
		if (samples_append(&r->samples, &sj, rec) < 0) {
			note_failure(r, r->samples_path);
			return;
		}
		crashpoint("kill/after-samples");
	}
	faults_format(fault, sizeof fault, j->id, names, rec);
	if (fault[0] && results_append(&r->faults, fault) < 0) {
		note_failure(r, r->faults_path);
		return;
	}
	if (results_append(&r->csv, line) < 0) {
		note_failure(r, r->csv_path);
		return;
	}
	crashpoint("kill/after-game");
	run_count_game(r, j, score);
	r->nplayed++;
	r->player_ms += rec->time_ms[0] + rec->time_ms[1];
	if (t->sprt)
		run_advance_sprt(r);
	run_print_progress(r, false);
}

/* Does a `log` parameter (external engines) of value v mean a file per
 * game in the run folder: "on", or anything but "off" when the run has
 * --log (which so also replaces a file of the user's)? */
static bool per_game_log(const Run *r, const char *v)
{
	return strcmp(v, "on") == 0 || (r->log && strcmp(v, "off") != 0);
}

/* A player's parameters for one job (the sink's params): a per-game log
 * becomes this game's own file logs/JOB-COLOUR-NAME.log; "off" is no log. */
static int runner_params(void *ctx, const Job *j, int color, ParamSet *out, char *err,
                         size_t errlen)
{
	const Run *r = ctx;
	int k = param_find(out, "log");
	if (k < 0)
		return 0;
	const char *v = param_text(out, k);
	const char *name = r->t->players[color == BLACK ? j->black : j->white].name;
	char path[CONFIG_PATH_MAX + 256];
	if (per_game_log(r, v))
		snprintf(path, sizeof path, "%s/logs/%06d-%s-%s.log", r->dir, j->id,
		         color == BLACK ? "black" : "white", name);
	else if (strcmp(v, "off") == 0)
		path[0] = '\0';
	else
		return 0; /* a file of the user's */
	return param_set(out, "log", path, err, errlen);
}

/* A game played (the sink's finished, under the engine's lock): on disk,
 * counted; true once the run must start no more games. */
static bool runner_finished(void *ctx, const Job *j, const GameRecord *rec)
{
	Run *r = ctx;
	double w0 = clock_ms();
	record_game(r, j, rec, game_black_score(rec));
	double ms = clock_ms() - w0;
#pragma omp atomic
	r->record_ms += ms;
	return atomic_load(&r->stop);
}

/* Does any player keep per-game logs (so logs/ is needed)? */
bool run_any_log(const Run *r)
{
	for (int i = 0; i < r->t->nplayers; i++) {
		const ParamSet *ps = &r->t->players[i].params;
		int k = param_find(ps, "log");
		if (k >= 0 && per_game_log(r, param_text(ps, k)))
			return true;
	}
	return false;
}

/* The message "arena run: msg" into err; returns status. */
int run_say(char *err, size_t errlen, int status, const char *msg)
{
	snprintf(err, errlen, "arena run: %s", msg);
	return status;
}

/* The tournament of o: the file, the overrides, the options; its openings
 * and schedule. Returns 0, or an exit status with the message in err. */
static int load(const RunOptions *o, Tournament *t, OpeningSet *openings, Schedule *sched,
                char *err, size_t errlen)
{
	char msg[ERR_MAX];
	if (config_load(o->file, t, msg, sizeof msg) < 0) {
		snprintf(err, errlen, "%s", msg);
		return 2;
	}
	for (int i = 0; i < o->nsets; i++)
		if (config_override(t, o->sets[i], msg, sizeof msg) < 0)
			return run_say(err, errlen, 2, msg);
	if (config_override_warning(t, msg, sizeof msg)) /* a note: the run goes on */
		fprintf(stderr, "arena run: warning: %s\n", msg);
	if (o->threads >= 0)
		t->threads = (int)o->threads;
	if (o->out && !*o->out)
		return run_say(err, errlen, 2, "--out needs a folder name");
	if (o->out && snprintf(t->out, sizeof t->out, "%s", o->out) >= (int)sizeof t->out) {
		snprintf(err, errlen, "arena run: --out: longer than %zu bytes",
		         sizeof t->out - 1);
		return 2;
	}
	/* The openings are read by the path as given (inputs_resolve makes it
	 * absolute for config.ini), so that their messages name the file as
	 * the user knows it. */
	char given[CONFIG_PATH_MAX];
	snprintf(given, sizeof given, "%s", t->openings);
	if (config_validate(t, msg, sizeof msg) < 0 ||
	    schedule_check(t, msg, sizeof msg) < 0 ||
	    inputs_resolve(t, msg, sizeof msg) < 0) {
		snprintf(err, errlen, "%s", msg);
		return 2;
	}
	const OpeningsSpec spec = config_openings_spec(t);
	if (t->openings[0] ? openings_read(given, &spec, openings, NULL, msg, sizeof msg)
	                   : openings_empty(openings)) {
		snprintf(err, errlen, "%s",
		         t->openings[0] ? msg : "arena run: out of memory");
		return 2;
	}
	if (t->symmetries && openings_add_symmetries(openings, t->size) < 0) {
		openings_free(openings);
		return run_say(err, errlen, 1, "out of memory");
	}
	if (schedule_build(t, openings->count, sched, msg, sizeof msg) < 0) {
		openings_free(openings);
		return run_say(err, errlen, 2, msg);
	}
	return 0;
}

/* The run's adjudication (game_play.h) into spec, and each player's
 * eval_scale into players: none in an SPRT unless sprt_adjudicate is on;
 * a warning for each player whose units are unknown. */
static void adjudication(const Tournament *t, JobSpec *spec, double *scale)
{
	Adjudication a = {t->resign_moves, t->resign_score, t->draw_moves, t->draw_score,
	                  t->draw_after};
	bool on = a.resign_moves > 0 || a.draw_moves > 0;
	if (on && t->sprt && t->sprt_adjudicate != 1) {
		fprintf(stderr, "arena run: warning: no adjudication in an SPRT unless "
		                "sprt_adjudicate = on\n");
		on = false;
	}
	for (int i = 0; i < t->nplayers; i++) {
		scale[i] = on ? config_eval_scale(t, i) : 0;
		if (on && scale[i] <= 0)
			fprintf(
			    stderr,
			    "arena run: warning: [player %s]: its eval units are unknown "
			    "(eval_units = 0): no adjudication in its games\n",
			    t->players[i].name);
	}
	if (on) {
		spec->adjudicate = a;
		spec->eval_scale = scale;
	}
}

/* The games not yet on disk, on the job engine. Returns jobs_run's value,
 * or -1 with "out of memory" in msg. */
static int play(Run *r, char *msg, size_t msglen)
{
	const Tournament *t = r->t;
	const Schedule *sched = r->sched;
	fprintf(stderr,
	        "%s: %d players, %d opening%s, %d games (%d done), %d thread%s, into %s\n",
	        t->name, t->nplayers, r->openings->count,
	        r->openings->count == 1 ? "" : "s", sched->count, r->ndone, r->nthreads,
	        r->nthreads == 1 ? "" : "s", r->dir);
	if (t->sprt)
		run_advance_sprt(r);
	interrupt_install();
	Job *todo = malloc(sizeof *todo * (size_t)(sched->count - r->ndone + 1));
	if (!todo) {
		return err_set(msg, msglen, "out of memory");
	}
	int ntodo = 0;
	for (int i = 0; i < sched->count; i++)
		if (!r->done[i])
			todo[ntodo++] = sched->jobs[i];
	JobPlayer players[CONFIG_PLAYERS_MAX];
	for (int i = 0; i < t->nplayers; i++)
		players[i] = (JobPlayer){t->players[i].name, t->players[i].type,
		                         &t->players[i].params, config_budget(t, i)};
	JobSpec spec = {.size = t->size,
	                .rule = t->rule,
	                .max_plies = t->max_plies,
	                .players = players,
	                .nplayers = t->nplayers,
	                .openings = r->openings,
	                .threads = r->nthreads,
	                .affinity = t->affinity,
	                .stop = interrupt_flag(),
	                .messages = t->msg};
	double scale[CONFIG_PLAYERS_MAX];
	adjudication(t, &spec, scale);
	JobSink sink = {.ctx = r,
	                .params = runner_params,
	                .prepare = runner_prepare,
	                .finished = runner_finished};
	r->t0 = clock_ms();
	/* Returns once every engine kept between games has had its END. */
	int ran = r->sprt_status == SPRT_CONTINUE
	              ? jobs_run(&spec, todo, ntodo, &sink, msg, msglen)
	              : JOBS_HALTED;
	free(todo);
	return ran;
}

/* After the games: a failed write, a stop or a player that could not be
 * made ends the run here (status in *status, message in err); else the
 * SPRT's extra games are dropped and a complete run's files sorted. Returns
 * true to go on to the report. */
static bool settle(Run *r, int ran, const char *play_msg, int *status, char *err,
                   size_t errlen)
{
	const Tournament *t = r->t;
	*status = 1;
	if (!r->write_failed && atomic_load(&r->psq_errno)) {
		r->write_failed = atomic_load(&r->psq_errno);
		snprintf(r->failed_path, sizeof r->failed_path, "%s", r->psq_path);
	}
	if (!r->write_failed && results_close(&r->csv) < 0)
		note_failure(r, r->csv_path);
	if (!r->write_failed && results_close(&r->faults) < 0)
		note_failure(r, r->faults_path);
	if (!r->write_failed && results_close(&r->moves) < 0)
		note_failure(r, r->moves_path);
	if (!r->write_failed && samples_close(&r->samples) < 0)
		note_failure(r, r->samples_path);
	if (!r->write_failed && results_close(&r->msgs) < 0)
		note_failure(r, r->msgs_path);
	if (r->write_failed) {
		char why[sizeof r->failed_path + 256];
		snprintf(why, sizeof why, "%s: %s", r->failed_path,
		         results_why(r->write_failed));
		run_say_resume(r, "", why, 1, err, errlen);
		return false;
	}
	int stopped = interrupt_finishing(); /* a later Ctrl-C: the report is finished */
	if (stopped) {
		*status =
		    run_say_resume(r, "", strsignal(stopped), 128 + stopped, err, errlen);
		return false;
	}
	if (ran < 0) { /* a player could not be made */
		snprintf(err, errlen, "arena run: %s", play_msg);
		return false;
	}
	/* An SPRT that decided at pair P keeps exactly the games of pairs 1 to
	 * P: games of later pairs, which threads ahead of the verdict (or an
	 * earlier run) happened to play, are dropped, so the files are the same
	 * for any number of threads and any resume. */
	bool decided = t->sprt && r->sprt_status != SPRT_CONTINUE;
	int count = r->sched->count, keep = decided ? 2 * r->sprt_pairs : count;
	for (int i = keep; i < count; i++) {
		r->done[i] = false;
		if (t->psq) {
			char path[sizeof r->dir + 32];
			snprintf(path, sizeof path, "%.1100s/games/%06d.psq", r->dir, i);
			unlink(path);
		}
	}
	bool complete = r->ndone == count || decided;
	crashpoint("kill/before-sort");
	char msg[ERR_MAX];
	if (complete &&
	    (results_sort(r->csv_path, keep, msg, sizeof msg) < 0 ||
	     faults_settle(r->faults_path, r->done, count, false, msg, sizeof msg) < 0 ||
	     moves_csv_settle(r->moves_path, r->done, count, false, msg, sizeof msg) < 0 ||
	     run_settle_samples(r, false, msg, sizeof msg) < 0 ||
	     run_settle_messages(r, false, msg, sizeof msg) < 0)) {
		char first[sizeof msg + 16];
		snprintf(first, sizeof first, "arena run: %s\n", msg);
		run_say_resume(r, first, "the final rewrite of games.csv failed", 1, err,
		               errlen);
		return false;
	}
	*status = 0;
	return true;
}

static double cpu_seconds(const struct rusage *u)
{
	return (double)u->ru_utime.tv_sec + u->ru_utime.tv_usec / 1e6 +
	       (double)u->ru_stime.tv_sec + u->ru_stime.tv_usec / 1e6;
}

/* What the games cost: their rate, the players' and the recording's share
 * of the thread time, and the CPU of the arena and of its engines. */
static void print_costs(const Run *r, double wall)
{
	if (r->nplayed == 0)
		return;
	/* The engine processes are all reaped by now (pool_destroy). */
	struct rusage self, kids;
	getrusage(RUSAGE_SELF, &self);
	getrusage(RUSAGE_CHILDREN, &kids);
	/* players think on every rank's threads (jobs_mpi.h); the games are
	 * recorded on this one's */
	double threads = wall * r->nthreads;
	fprintf(stderr,
	        "played %d games in %.2f s: %.2f games/s; of the thread time, players "
	        "thought %.1f%% and recording the games took %.2f%%; CPU: arena "
	        "%.3f s, engine processes %.3f s\n",
	        r->nplayed, wall, r->nplayed / wall,
	        wall > 0 ? 100.0 * r->player_ms / 1e3 / (threads * jobs_mpi_ranks()) : 0.0,
	        wall > 0 ? 100.0 * r->record_ms / 1e3 / threads : 0.0, cpu_seconds(&self),
	        cpu_seconds(&kids));
	/* Threads ahead of the verdict played more than the standings count. */
	if (r->t->sprt && r->sprt_status != SPRT_CONTINUE)
		fprintf(stderr,
		        "the SPRT decided at pair %d: games.csv keeps the %d games of "
		        "pairs 1 to %d; any played past the verdict are dropped\n",
		        r->sprt_pairs, 2 * r->sprt_pairs, r->sprt_pairs);
}

/* The SPRT's verdict, games.sgf and the report. Returns the exit status,
 * with the message in err. */
static int report(Run *r, char *err, size_t errlen)
{
	const Tournament *t = r->t;
	char msg[ERR_MAX];
	if (t->sprt) {
		char verdict[512];
		sprt_verdict(&r->sprt, r->llr, verdict, sizeof verdict);
		printf(
		    "SPRT after %d pairs (LL %ld, LD %ld, DD/WL %ld, WD %ld, WW %ld): %s\n",
		    r->sprt_pairs, r->penta[0], r->penta[1], r->penta[2], r->penta[3],
		    r->penta[4], verdict);
	}
	/* games.sgf from games.csv as it now stands (sorted if the run is
	 * complete), atomically: a kill leaves the old file or none, and a
	 * resume writes it again. */
	if (t->sgf) {
		char sgf[sizeof r->dir + 16];
		snprintf(sgf, sizeof sgf, "%.1100s/games.sgf", r->dir);
		if (sgf_write_file(r->csv_path, t->size, t->rule, sgf, msg, sizeof msg) !=
		    0)
			return run_say(err, errlen, 1, msg);
	}
	crashpoint("kill/before-report");
	const char *names[CONFIG_PLAYERS_MAX], *challengers[CONFIG_PLAYERS_MAX];
	int nch = 0;
	bool gauntlet = strcmp(t->type, "gauntlet") == 0;
	for (int i = 0; i < t->nplayers; i++) {
		names[i] = t->players[i].name;
		if (gauntlet && t->players[i].challenger)
			challengers[nch++] = names[i];
	}
	/* The written: line names every file of the folder this run wrote
	 * (config.ini each time, prepare_folder), and the folders of its
	 * records and logs when it kept them (make_folders). */
	char files[sizeof r->samples_path + 160];
	const char *slash = strrchr(r->samples_path, '/');
	snprintf(
	    files, sizeof files, "config.ini, games.csv, moves.csv, faults.csv%s%s%s%s%s%s",
	    t->msg ? ", " MESSAGES_FILE : "", t->sgf ? ", games.sgf" : "",
	    t->psq ? ", games/*.psq" : "", run_any_log(r) ? ", logs/*.log" : "",
	    t->sample ? ", " : "", t->sample ? (slash ? slash + 1 : r->samples_path) : "");
	const ReportOptions o = {.anchor = t->anchor[0] ? t->anchor : NULL,
	                         .challengers = challengers,
	                         .nchallengers = nch,
	                         .run_files = files};
	if (report_run_opts(r->dir, r->csv_path, names, t->nplayers, &o, stdout, msg,
	                    sizeof msg) < 0)
		return run_say(err, errlen, 1, msg);
	return 0;
}

/* The run's bookkeeping, per job and per player. Returns 0, or -1 if
 * memory runs out. */
static int run_init(Run *r, const Tournament *t, const OpeningSet *openings,
                    const Schedule *sched, const RunOptions *o)
{
	r->t = t;
	r->openings = openings;
	r->sched = sched;
	r->csv.fd = -1;
	r->faults.fd = -1;
	r->moves.fd = -1;
	r->samples.file.fd = -1;
	r->msgs.fd = -1;
	r->lock.fd = -1;
	r->tty = isatty(STDERR_FILENO);
	r->log = o->log;
	r->nthreads = t->threads > 0 ? t->threads : omp_get_num_procs();
	r->done = calloc((size_t)sched->count + 1, sizeof *r->done);
	r->score = malloc(sizeof *r->score * ((size_t)sched->count + 1));
	r->sample_seen = calloc((size_t)sched->count + 1, sizeof *r->sample_seen);
	if (!r->done || !r->score || !r->sample_seen)
		return -1;
	for (int i = 0; i < sched->count; i++)
		r->score[i] = -1;
	return 0;
}

int runner_run(const RunOptions *o, char *err, size_t errlen)
{
	err[0] = '\0';
	Tournament *tp = calloc(1, sizeof *tp);
	Run *r = calloc(1, sizeof *r);
	if (!tp || !r) {
		free(tp);
		free(r);
		return run_say(err, errlen, 1, "out of memory");
	}
	const Tournament *const t = tp;
	OpeningSet openings;
	Schedule sched;
	int status = load(o, tp, &openings, &sched, err, errlen);
	if (status) {
		free(tp);
		free(r);
		return status;
	}
	char msg[ERR_MAX];
	char *text = run_config_text(t);
	if (run_init(r, t, &openings, &sched, o) < 0 || !text) {
		status = run_say(err, errlen, 1, "out of memory");
	} else if (t->sprt &&
	           sprt_init(&r->sprt, &(SprtConfig){t->elo0, t->elo1, t->alpha, t->beta},
	                     msg, sizeof msg) < 0) {
		/* bad bounds are bad input: found before anything is written */
		snprintf(err, errlen, "%s: %s", t->path, msg);
		status = 2;
	} else if ((status = run_open_folder(r, text, err, errlen)) == 0) {
		int ran = play(r, msg, sizeof msg);
		double wall = (clock_ms() - r->t0) / 1e3;
		run_print_progress(r, true);
		if (settle(r, ran, msg, &status, err, errlen)) {
			print_costs(r, wall);
			status = report(r, err, errlen);
		}
	}
	results_close(&r->csv);
	results_close(&r->faults);
	results_close(&r->moves);
	samples_close(&r->samples);
	results_close(&r->msgs);
	rundir_unlock(&r->lock, status == 2);
	free(text);
	free(r->sample_seen);
	free(r->done);
	free(r->score);
	schedule_free(&sched);
	openings_free(&openings);
	free(r);
	free(tp);
	return status;
}
