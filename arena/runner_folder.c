/* runner_folder.c - `arena run`'s run folder: config.ini, the games of a
 * resume read back and checked against the schedule, the files reopened
 * for appending. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config_diff.h"
#include "err.h"
#include "faults.h"
#include "inputs.h"
#include "messages.h"
#include "outfile.h"
#include "psq.h"
#include "record.h"
#include "runner_state.h"

/* The text of the configuration as used, for the run folder. */
char *run_config_text(const Tournament *t)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	config_write(t, f);
	fclose(f);
	return buf;
}

/* A game of games.csv as read back (results_scan): it must belong to
 * this run, and its moves must be moves of its board (a .psq record may be
 * written again from them), checked before anything is written; then it
 * is marked done. */
static int resume_row(void *user, const ResultRow *row, const char *moves, char *msg,
                      size_t msglen)
{
	Run *r = user;
	const Tournament *t = r->t;
	if (row->job >= r->sched->count && row->job < SCHEDULE_MAX)
		return err_set(msg, msglen,
		               "game %d is past this run's %d games: pairs or rounds may "
		               "grow on resume, not shrink",
		               row->job, r->sched->count);
	const Job *j = row->job < r->sched->count ? &r->sched->jobs[row->job] : NULL;
	if (!j || strcmp(row->black, t->players[j->black].name) != 0 ||
	    strcmp(row->white, t->players[j->white].name) != 0) {
		return err_set(msg, msglen, "game %d does not belong to this tournament",
		               row->job);
	}
	int16_t pts[BOARD_MAX_MOVES];
	if (record_parse_moves(t->size, moves, pts, BOARD_MAX_MOVES, msg, msglen) < 0)
		return -1;
	r->ngames_read++;
	if (!r->done[j->id])
		run_count_game(r, j, row->score);
	return 0;
}

/* games/ (psq = on) and logs/, once the folder's games are known good. */
static int make_folders(const Run *r, char *err, size_t errlen)
{
	char sub[sizeof r->dir + 16];
	if (r->t->psq) {
		snprintf(sub, sizeof sub, "%s/games", r->dir);
		if (rundir_create(sub, err, errlen) < 0)
			return -1;
	}
	if (run_any_log(r)) {
		snprintf(sub, sizeof sub, "%s/logs", r->dir);
		if (rundir_create(sub, err, errlen) < 0)
			return -1;
	}
	return 0;
}

/* The folder's config.ini, games.csv and resume. Returns 0, or an exit
 * status (2: the folder holds another run) with the message in out. */
static int prepare_folder(Run *r, const char *text, const char *ini, const char *csv,
                          char *out, size_t outlen)
{
	char err[ERR_MAX];
	long torn_at = -1;
	if (access(csv, F_OK) == 0 &&
	    results_scan(csv, resume_row, r, &torn_at, err, sizeof err) < 0)
		return run_say(out, outlen, 2, err);
	/* faults.csv too, before anything is written: faults_settle drops its
	 * torn last line, but any other damage is refused like games.csv's. */
	if (access(r->faults_path, F_OK) == 0 &&
	    faults_scan(r->faults_path, true, NULL, NULL, err, sizeof err) < 0)
		return run_say(out, outlen, 2, err);
	/* Resume only the same tournament: once games are on disk, the saved
	 * configuration must match but for the keys that do not change the
	 * games. Where the folder is (out) is no part of it: a folder can be
	 * moved, or named another way. config.ini, faults.csv and the header of
	 * games.csv are written lazily (renamed into place, not synced: six
	 * syncs would keep the first game waiting some 20 ms), so a power loss
	 * can leave config.ini empty: then, as when it is missing, the games
	 * are checked against the schedule alone. */
	/* The keys free to change (threads, status_every, out; openings and
	 * program, known by their hashes: inputs.h) are the tables' (config_keys.c). */
	char *old = r->ngames_read > 0 ? rundir_slurp(ini) : NULL;
	if (old && !*old) { /* empty: a power loss after its lazy write */
		free(old);
		old = NULL;
	}
	int status = 0;
	ConfigDiff diff;
	if (old && !config_diff_find(old, text, config_sections, &diff)) {
		char what[ERR_MAX];
		inputs_explain(r->t, old, &diff, what, sizeof what);
		snprintf(
		    out, outlen,
		    "arena run: %s:%d: %s;\n%s holds a run with another configuration: "
		    "give this run another name (--set tournament.name=...) or remove "
		    "the folder",
		    ini, diff.line, what, r->dir);
		status = 2;
	} else if (make_folders(r, err, sizeof err) < 0 ||
	           outfile_write(ini, text, strlen(text), true, err, sizeof err) < 0 ||
	           faults_settle(r->faults_path, r->done, r->sched->count, true, err,
	                         sizeof err) < 0 ||
	           results_open_append(&r->faults, r->faults_path, err, sizeof err) < 0 ||
	           moves_csv_settle(r->moves_path, r->done, r->sched->count, true, err,
	                            sizeof err) < 0 ||
	           results_open_append(&r->moves, r->moves_path, err, sizeof err) < 0 ||
	           run_settle_samples(r, true, err, sizeof err) < 0 ||
	           run_settle_messages(r, true, err, sizeof err) < 0 ||
	           results_open(&r->csv, csv, torn_at, err, sizeof err) < 0) {
		status = run_say(out, outlen, 1, err);
	} else if (r->t->psq) {
		/* Records are not synced: lost ones are written again (psq.h). */
		int repaired = 0;
		if (r->ngames_read > 0 &&
		    psq_repair(r->dir, csv, r->t->size, &repaired, err, sizeof err) < 0) {
			status = run_say(out, outlen, 1, err);
		} else if (repaired) { /* a note: the run goes on */
			fprintf(
			    stderr,
			    "arena run: %d .psq records lost (a power loss?) were written "
			    "again from games.csv, without their move times\n",
			    repaired);
		}
	}
	free(old);
	return status;
}

/* How to go on after a stop that kept the finished games, into err: the
 * lines before (or ""), then "WHY (N of M games kept); run the same command
 * again to resume". Returns status. */
int run_say_resume(const Run *r, const char *before, const char *why, int status, char *err,
                   size_t errlen)
{
	snprintf(err, errlen,
	         "%s%sarena run: %s (%d of %d games kept in %s/games.csv); run the same "
	         "command again to resume",
	         before, r->tty ? "\n" : "", why, r->ndone, r->sched->count, r->dir);
	return status;
}

/* The samples file: sample_file, from the run folder if relative, or
 * samples.EXT there. */
static void samples_name(const Tournament *t, const char *dir, char *out, size_t outlen)
{
	static const char *const ext[] = {"", "csv", "bin", "bin.lz4"};
	if (t->sample_file[0] == '/')
		snprintf(out, outlen, "%s", t->sample_file);
	else if (t->sample_file[0])
		snprintf(out, outlen, "%s/%s", dir, t->sample_file);
	else
		snprintf(out, outlen, "%s/samples.%s", dir, ext[t->sample]);
}

/* The run folder made and taken, its games read back (prepare_folder).
 * Returns 0, or an exit status with the message in err. */
int run_open_folder(Run *r, const char *text, char *err, size_t errlen)
{
	char msg[ERR_MAX];
	const Tournament *t = r->t;
	snprintf(r->dir, sizeof r->dir, "%s/%s", t->out, t->name);
	snprintf(r->csv_path, sizeof r->csv_path, "%.1090s/games.csv", r->dir);
	snprintf(r->faults_path, sizeof r->faults_path, "%.1090s/faults.csv", r->dir);
	snprintf(r->moves_path, sizeof r->moves_path, "%.1090s/moves.csv", r->dir);
	snprintf(r->msgs_path, sizeof r->msgs_path, "%.1090s/" MESSAGES_FILE, r->dir);
	snprintf(r->ini_path, sizeof r->ini_path, "%.1090s/config.ini", r->dir);
	samples_name(t, r->dir, r->samples_path, sizeof r->samples_path);
	if (rundir_create(r->dir, msg, sizeof msg) < 0 ||
	    rundir_lock(&r->lock, r->dir, msg, sizeof msg) < 0)
		return run_say(err, errlen, 1, msg); /* not bad input: status 1 */
	return prepare_folder(r, text, r->ini_path, r->csv_path, err, errlen);
}
