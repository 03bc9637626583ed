/* balance_games.c - the games of `arena balance` on the job engine, and
 * its work folder (balance_games.h). */
#define _POSIX_C_SOURCE 200809L
#include "balance_games.h"
#include "err.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board.h"
#include "clock.h"
#include "config_diff.h"
#include "config_keys.h"
#include "crashpoint.h"
#include "interrupt.h"
#include "jobs.h"
#include "outfile.h"
#include "record.h"

static uint64_t scale_u64(uint64_t v, double f)
{
	if (v == 0)
		return 0;
	double x = llround((double)v * f);
	return x < 1 ? 1 : (uint64_t)x;
}

Budget balance_scale(Budget b, double f)
{
	b.nodes = scale_u64(b.nodes, f);
	b.depth = (int)scale_u64((uint64_t)b.depth, f);
	if (b.depth > 100) /* the most a configuration takes */
		b.depth = 100;
	b.ms = (int64_t)scale_u64((uint64_t)b.ms, f);
	b.game_ms = (int64_t)scale_u64((uint64_t)b.game_ms, f);
	b.inc_ms = (int64_t)scale_u64((uint64_t)b.inc_ms, f);
	return b;
}

/* What a job is (balance_games.h: the ids). */
typedef struct {
	long cand;
	bool pair; /* a pair game, else a self-play one */
	long step; /* g, or k */
	int color; /* of a pair game: 0 the stronger black, 1 the weaker */
	char black[CONFIG_NAME_MAX], white[CONFIG_NAME_MAX];
} JobWhat;

static void job_what(const Balance *b, long id, JobWhat *w)
{
	long C = b->o->candidates, first_pair = b->o->games * C;
	w->pair = id >= first_pair;
	if (!w->pair) {
		w->step = id / C;
		w->cand = id % C;
		w->color = 0;
		/* games.csv wants two names: the colours name the sides */
		snprintf(w->black, sizeof w->black, "self%ld-black", w->step);
		snprintf(w->white, sizeof w->white, "self%ld-white", w->step);
		return;
	}
	long r = id - first_pair;
	w->cand = r / (2 * b->o->pairs);
	w->step = r / 2 % b->o->pairs;
	w->color = (int)(r % 2);
	snprintf(w->black, sizeof w->black, "%s", b->players[w->color].name);
	snprintf(w->white, sizeof w->white, "%s", b->players[1 - w->color].name);
}

/* The job of id: players 0 and 1 of the call (balance_games_score and
 * _pairs lay them out), on its candidate. */
static Job make_job(const Balance *b, long id)
{
	JobWhat w;
	job_what(b, id, &w);
	return (Job){.id = (int)id,
	             .pair = (int)w.cand,
	             .round = (int)w.step + 1,
	             .opening = (int)w.cand,
	             .black = w.color,
	             .white = 1 - w.color,
	             .seed = jobs_seed((uint64_t)b->o->seed, (int)id)};
}

static void progress(Balance *b, bool final)
{
	double secs = (clock_ms() - b->t0) / 1e3;
	double rate = secs > 0 ? (double)b->played / secs : 0;
	double eta = rate > 0 ? (double)(b->total - b->done) / rate : 0;
	int h = (int)(eta / 3600), m = (int)(eta / 60) % 60, s = (int)eta % 60;
	if (b->tty) {
		fprintf(stderr, "\r%s: %ld/%ld games  %.2f games/s  ETA %d:%02d:%02d   ",
		        b->phase, b->done, b->total, rate, h, m, s);
		if (final)
			fputc('\n', stderr);
		return;
	}
	long every = b->total >= 10 ? b->total / 10 : 1;
	if (final ? b->done % every != 0 : b->done % every == 0)
		fprintf(stderr, "%s: %ld/%ld games, %.2f games/s, ETA %d:%02d:%02d\n",
		        b->phase, b->done, b->total, rate, h, m, s);
}

/* A game played (the sink's finished, under the engine's lock): in
 * games.csv, then counted. True halts the run: a write failed. */
static bool finished(void *ctx, const Job *j, const GameRecord *rec)
{
	Balance *b = ctx;
	if (b->write_errno)
		return true;
	if (b->dir[0]) {
		JobWhat w;
		job_what(b, j->id, &w);
		char line[BOARD_MAX_MOVES * 5 + 512], name[OPENING_NAME_MAX];
		results_format(line, sizeof line, (int)b->o->size, j->id, j->pair, j->round,
		               openings_name(&b->set, j->opening, name), w.black, w.white,
		               rec);
		if (results_append(&b->csv, line) < 0) {
			b->write_errno = errno ? errno : EIO;
			return true;
		}
		crashpoint("kill/balance/after-game");
	}
	b->result[j->id] = (int8_t)lround(2 * game_black_score(rec));
	b->done++;
	b->played++;
	progress(b, false);
	return false;
}

/* Does a player's `log` value v mean a file per game in the work folder:
 * "on", or anything but "off" with --log (as a tournament's, runner.c)? */
static bool per_game_log(const Balance *b, const char *v)
{
	return strcmp(v, "on") == 0 || (b->o->log && strcmp(v, "off") != 0);
}

/* A player's parameters for one game (the sink's params): a per-game log
 * becomes the game's own file logs/JOB-COLOUR-NAME.log in the work folder;
 * "off" is no log; anything else is a file of the user's. */
static int game_params(void *ctx, const Job *j, int color, ParamSet *out, char *err,
                       size_t errlen)
{
	const Balance *b = ctx;
	int k = param_find(out, "log");
	if (k < 0)
		return 0;
	const char *v = param_text(out, k);
	char path[BALANCE_PATH_MAX + CONFIG_NAME_MAX + 64];
	if (per_game_log(b, v)) {
		JobWhat w;
		job_what(b, j->id, &w);
		snprintf(path, sizeof path, "%s/logs/%06d-%s-%s.log", b->dir, j->id,
		         color == BLACK ? "black" : "white",
		         color == BLACK ? w.black : w.white);
	} else if (strcmp(v, "off") == 0) {
		path[0] = '\0';
	} else {
		return 0;
	}
	return param_set(out, "log", path, err, errlen);
}

int balance_games_logs(Balance *b, char *err, size_t errlen)
{
	bool any = false;
	for (int i = 0; i < 2; i++) {
		int k = param_find(&b->players[i].params, "log");
		any = any ||
		      (k >= 0 && per_game_log(b, param_text(&b->players[i].params, k)));
	}
	if (!any)
		return 0;
	if (!b->dir[0]) {
		snprintf(err, errlen,
		         "arena balance: an engine log a game (log = on, or --log) goes "
		         "to the work folder: give --out DIR");
		return 2;
	}
	char sub[BALANCE_PATH_MAX + 16], msg[2 * BALANCE_PATH_MAX];
	snprintf(sub, sizeof sub, "%s/logs", b->dir);
	if (rundir_create(sub, msg, sizeof msg) < 0) {
		snprintf(err, errlen, "arena balance: %s", msg);
		return 1;
	}
	return 0;
}

static void start_phase(Balance *b, const char *phase, long total, long done)
{
	b->phase = phase;
	b->total = total;
	b->done = done;
	b->played = 0;
	b->t0 = clock_ms();
	fprintf(stderr, "arena balance: %s, %ld games (%ld done), %d thread%s\n", phase,
	        total, done, b->nthreads, b->nthreads == 1 ? "" : "s");
}

/* After a call of the engine: 0 to go on, or the exit status with the
 * message in err. */
static int settle(const Balance *b, int ran, const char *msg, char *err, size_t errlen)
{
	int sig = interrupt_signal();
	if (!b->write_errno && !sig && ran >= 0)
		return 0;
	if (b->tty)
		fputc('\n', stderr);
	if (ran < 0 && !b->write_errno) {
		snprintf(err, errlen, "arena balance: %s", msg);
		return 1;
	}
	char why[BALANCE_PATH_MAX + 64];
	if (b->write_errno)
		snprintf(why, sizeof why, "%s: %s", b->csv_path,
		         results_why(b->write_errno));
	else
		snprintf(why, sizeof why, "%s", strsignal(sig));
	snprintf(err, errlen,
	         "arena balance: %s (the games played are kept in %s); run the same "
	         "command again to resume",
	         why, b->csv_path);
	return b->write_errno ? 1 : 128 + sig;
}

/* Plays jobs[0..n) with players {p0, p1} at their budgets times factor. */
static int play(Balance *b, const PlayerSpec *p0, const PlayerSpec *p1, double factor,
                const Job *jobs, int n, char *err, size_t errlen)
{
	if (n == 0)
		return 0;
	JobPlayer players[2] = {
	    {p0->name, p0->type, &p0->params, balance_scale(p0->budget, factor)},
	    {p1->name, p1->type, &p1->params, balance_scale(p1->budget, factor)}};
	JobSpec spec = {.size = (int)b->o->size,
	                .rule = b->o->rule,
	                .players = players,
	                .nplayers = 2,
	                .openings = &b->set,
	                .threads = b->nthreads,
	                .stop = b->dir[0] ? interrupt_flag() : NULL,
	                .pool = b->pool};
	JobSink sink = {.ctx = b, .params = game_params, .finished = finished};
	char msg[ERR_MAX] = "";
	int ran = jobs_run(&spec, jobs, n, &sink, msg, sizeof msg);
	return settle(b, ran, msg, err, errlen);
}

static bool live(const BalanceCandidate *c)
{
	return !c->dup && !c->forced;
}

int balance_games_score(Balance *b, char *err, size_t errlen)
{
	const BalanceOptions *o = b->o;
	long total = 0, done = 0;
	for (long g = 0; g < o->games; g++)
		for (long i = 0; i < o->candidates; i++)
			if (live(&b->c[i])) {
				total++;
				done += b->result[balance_score_job(b, g, i)] >= 0;
			}
	Job *jobs = malloc(sizeof *jobs * (size_t)(o->candidates + 1));
	if (!jobs) {
		snprintf(err, errlen, "arena balance: out of memory");
		return 1;
	}
	start_phase(b, "self-play", total, done);
	int status = 0;
	for (long g = 0; g < o->games && !status; g++) {
		int n = 0;
		for (long i = 0; i < o->candidates; i++) {
			long id = balance_score_job(b, g, i);
			if (live(&b->c[i]) && b->result[id] < 0)
				jobs[n++] = make_job(b, id);
		}
		PlayerSpec self = b->players[0];
		status =
		    play(b, &self, &self, 1 + (double)g * o->spread, jobs, n, err, errlen);
	}
	if (!status)
		progress(b, true);
	free(jobs);
	return status;
}

int balance_games_pairs(Balance *b, const bool *qualified, char *err, size_t errlen)
{
	const BalanceOptions *o = b->o;
	long total = 0, done = 0;
	for (long i = 0; i < o->candidates; i++)
		for (long k = 0; k < o->pairs && qualified[i]; k++)
			for (int c = 0; c < 2; c++) {
				total++;
				done += b->result[balance_pair_job(b, i, k, c)] >= 0;
			}
	Job *jobs = malloc(sizeof *jobs * (size_t)(2 * o->candidates + 1));
	if (!jobs) {
		snprintf(err, errlen, "arena balance: out of memory");
		return 1;
	}
	if (total)
		start_phase(b, "pairs", total, done);
	int status = 0;
	for (long k = 0; k < o->pairs && !status; k++) {
		int n = 0;
		for (long i = 0; i < o->candidates; i++)
			for (int c = 0; c < 2 && qualified[i]; c++) {
				long id = balance_pair_job(b, i, k, c);
				if (b->result[id] < 0)
					jobs[n++] = make_job(b, id);
			}
		status = play(b, &b->players[0], &b->players[1], 1 + (double)k * o->spread,
		              jobs, n, err, errlen);
	}
	if (!status && total)
		progress(b, true);
	free(jobs);
	return status;
}

/* A game of the folder's games.csv (results_scan): one of this balance's
 * jobs, between its players, from its candidate; then counted as played. */
static int resume_row(void *user, const ResultRow *row, const char *moves, char *msg,
                      size_t msglen)
{
	Balance *b = user;
	if (row->job < 0 || row->job >= b->njobs)
		return err_set(msg, msglen, "game %d is not one of this balance's %ld jobs",
		               row->job, b->njobs);
	JobWhat w;
	job_what(b, row->job, &w);
	char name[OPENING_NAME_MAX];
	openings_name(&b->set, (int)w.cand, name);
	if (strcmp(row->black, w.black) != 0 || strcmp(row->white, w.white) != 0 ||
	    strcmp(row->opening, name) != 0)
		return err_set(msg, msglen,
		               "game %d does not belong to this balance (expected %s "
		               "against %s from %s)",
		               row->job, w.black, w.white, name);
	int16_t pts[BOARD_MAX_MOVES];
	int n =
	    record_parse_moves((int)b->o->size, moves, pts, BOARD_MAX_MOVES, msg, msglen);
	if (n < 0)
		return -1;
	const BalanceCandidate *c = &b->c[w.cand];
	if (n < c->count || memcmp(pts, c->moves, sizeof *pts * (size_t)c->count) != 0)
		return err_set(msg, msglen, "game %d does not start from opening %s",
		               row->job, name);
	b->result[row->job] = (int8_t)lround(2 * row->score);
	b->resumed++;
	return 0;
}

/* balance.ini in the folder against config_text: 0 if the same (or none
 * yet), else 2 with the message in err. */
static int same_config(const Balance *b, const char *ini, const char *text, char *err,
                       size_t errlen)
{
	char *old = rundir_slurp(ini);
	static const ConfigSection *const sections[] = {&config_player, NULL};
	ConfigDiff diff;
	int status = 0;
	if (old && *old && !config_diff_find(old, text, sections, &diff)) {
		char what[ERR_MAX];
		config_diff_text(&diff, what, sizeof what);
		snprintf(err, errlen,
		         "arena balance: %s:%d: %s;\n%s holds another balance: give "
		         "another --out or remove the folder",
		         ini, diff.line, what, b->dir);
		status = 2;
	}
	free(old);
	return status;
}

int balance_games_open(Balance *b, const char *config_text, char *err, size_t errlen)
{
	char ini[BALANCE_PATH_MAX + 16], msg[2 * BALANCE_PATH_MAX];
	snprintf(ini, sizeof ini, "%s/balance.ini", b->dir);
	snprintf(b->csv_path, sizeof b->csv_path, "%s/games.csv", b->dir);
	if (rundir_create(b->dir, msg, sizeof msg) < 0 ||
	    rundir_lock(&b->lock, b->dir, msg, sizeof msg) < 0) {
		snprintf(err, errlen, "arena balance: %s", msg);
		return 1;
	}
	int status = same_config(b, ini, config_text, err, errlen);
	if (status)
		return status;
	long torn_at = -1;
	if (access(b->csv_path, F_OK) == 0 &&
	    results_scan(b->csv_path, resume_row, b, &torn_at, msg, sizeof msg) < 0) {
		snprintf(err, errlen, "arena balance: %s", msg);
		return 2;
	}
	if (outfile_write(ini, config_text, strlen(config_text), true, msg, sizeof msg) <
	        0 ||
	    results_open(&b->csv, b->csv_path, torn_at, msg, sizeof msg) < 0) {
		snprintf(err, errlen, "arena balance: %s", msg);
		return 1;
	}
	if (b->resumed)
		fprintf(stderr, "arena balance: %ld games read back from %s\n", b->resumed,
		        b->csv_path);
	interrupt_install();
	return 0;
}

int balance_games_finish(Balance *b, const char *text, size_t len, char *err, size_t errlen)
{
	char path[BALANCE_PATH_MAX + 16], msg[2 * BALANCE_PATH_MAX];
	snprintf(path, sizeof path, "%s/openings.ini", b->dir);
	if (results_close(&b->csv) < 0) {
		snprintf(err, errlen, "arena balance: %s: %s", b->csv_path,
		         results_why(errno));
		return 1;
	}
	crashpoint("kill/balance/before-sort");
	if (results_sort(b->csv_path, (int)b->njobs, msg, sizeof msg) < 0 ||
	    outfile_write(path, text, len, false, msg, sizeof msg) < 0) {
		snprintf(err, errlen, "arena balance: %s", msg);
		return 1;
	}
	return 0;
}

void balance_games_close(Balance *b, bool bad_input)
{
	results_close(&b->csv);
	if (b->dir[0])
		rundir_unlock(&b->lock, bad_input);
	pool_destroy(b->pool);
	b->pool = NULL;
}
