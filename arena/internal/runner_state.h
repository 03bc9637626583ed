/* runner_state.h - `arena run`'s state, shared by the files of the runner
 * alone: runner.c (the run and the job engine's sink), runner_folder.c
 * (the run folder: config.ini, resume) and runner_progress.c (the progress
 * line, the leader and the SPRT). Not for other rooms: runner.h is the
 * runner's interface. */
#ifndef ARENA_RUNNER_STATE_H
#define ARENA_RUNNER_STATE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "config.h"
#include "jobs.h"
#include "moves_csv.h"
#include "openings.h"
#include "results.h"
#include "rundir.h"
#include "samples.h"
#include "schedule.h"
#include "sprt.h"

typedef struct {
	const Tournament *t;
	const OpeningSet *openings;
	const Schedule *sched;
	char dir[CONFIG_PATH_MAX + 80];
	char csv_path[CONFIG_PATH_MAX + 96], ini_path[CONFIG_PATH_MAX + 96];
	RundirLock lock;
	int nthreads;
	int ngames_read; /* lines of the folder's games.csv (a resume) */
	ResultsFile csv;
	ResultsFile faults; /* faults.csv (faults.h) */
	char faults_path[CONFIG_PATH_MAX + 96];
	ResultsFile moves; /* moves.csv (moves_csv.h) */
	char moves_path[CONFIG_PATH_MAX + 96];
	char moves_rows[BOARD_MAX_MOVES * MOVES_CSV_ROW_MAX]; /* a game's, under the lock */
	SamplesFile samples; /* with [tournament] sample on (samples.h) */
	char samples_path[2 * CONFIG_PATH_MAX + 96];
	bool *sample_seen; /* per job: its samples rebuilt (samples_rebuild) */
	ResultsFile msgs;  /* with [tournament] msg on: messages.txt (messages.h) */
	char msgs_path[CONFIG_PATH_MAX + 96];
	bool log;      /* per-game conversation logs of external engines */
	bool *done;    /* per job */
	double *score; /* per job: black's score, or -1 while unplayed */
	int ndone, nplayed;
	double points[CONFIG_PLAYERS_MAX];
	int played[CONFIG_PLAYERS_MAX];
	/* [black][white]: black's wins, draws and losses, for the leader */
	int wdl[CONFIG_PLAYERS_MAX][CONFIG_PLAYERS_MAX][3];
	int leader;           /* by Elo, as the final standings rank */
	double leader_rating; /* its Elo, the pool averaging 0 */
	bool leader_bound;    /* leader_rating is a lower bound (elo.h) */
	double leader_at;     /* when it was last fitted (clock_ms), 0: never */
	double t0, last_status, player_ms;
	double record_ms; /* recording games: .psq, games.csv, progress, SPRT */
	bool tty;
	atomic_bool stop; /* SPRT decided or a write failed */
	int write_failed; /* errno of a failed write of a finished game, or 0 */
	char failed_path[CONFIG_PATH_MAX + 160]; /* the file it failed on */
	/* A .psq that could not be written (by a worker, outside the lock):
	 * its errno, set once, and its path, written by the one that set it
	 * and read after the engine returns. */
	atomic_int psq_errno;
	char psq_path[CONFIG_PATH_MAX + 160];
	Sprt sprt;
	int sprt_pairs; /* complete pairs folded into the SPRT, in pair order */
	long penta[5];  /* A's pair scores 0, 0.5, 1, 1.5, 2 */
	double llr;
	SprtStatus sprt_status;
} Run;

/* runner.c */
void run_count_game(Run *r, const Job *j, double score);
int run_settle_samples(Run *r, bool open, char *err, size_t errlen);
int run_settle_messages(Run *r, bool open, char *err, size_t errlen);
bool run_any_log(const Run *r);
/* "arena run: MSG" into err; returns status. */
int run_say(char *err, size_t errlen, int status, const char *msg);

/* runner_folder.c */
/* The text of the configuration as used, for the run folder (malloc'd;
 * NULL: out of memory). */
char *run_config_text(const Tournament *t);
/* The run folder made and taken, its games read back. Returns 0, or an
 * exit status (2: the folder holds another run) with the message in err. */
int run_open_folder(Run *r, const char *text, char *err, size_t errlen);
/* How to go on after a stop that kept the finished games, into err.
 * Returns status. */
int run_say_resume(const Run *r, const char *before, const char *why, int status, char *err,
                   size_t errlen);

/* runner_progress.c */
/* The progress line on stderr: rewritten on a terminal, every
 * status_every games elsewhere (and the last with final). */
void run_print_progress(Run *r, bool final);
/* Folds complete pairs into the SPRT in pair order; a decision stops the
 * run. */
void run_advance_sprt(Run *r);

#endif
