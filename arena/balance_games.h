/* balance_games.h - the games of `arena balance` (balance.h), shared by
 * balance.c (the candidates, the players, the choice) and balance_games.c
 * (the games on the job engine, the work folder and its resume).
 *
 * Job ids, fixed whatever is played or resumed (C candidates, G games,
 * P pairs): game g of candidate i is job g * C + i; game c (0: the
 * stronger black, 1: the weaker black) of pair k of candidate i is job
 * G * C + (i * P + k) * 2 + c. A job's seed is jobs_seed(seed, id). */
#ifndef ARENA_BALANCE_GAMES_H
#define ARENA_BALANCE_GAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "balance.h"
#include "config.h"
#include "openings.h"
#include "pool.h"
#include "results.h"
#include "rundir.h"

typedef struct {
	int count;
	int16_t moves[8];
	bool forced; /* the solver found a win for the side to move */
	bool dup;    /* the same position as an earlier candidate */
} BalanceCandidate;

enum { BALANCE_PATH_MAX = 4200 };

typedef struct {
	const BalanceOptions *o;
	/* The stronger and the weaker, named so, with their own budgets (the
	 * stronger's is game 0's); their sections of out/balance.ini. */
	PlayerSpec players[2];
	BalanceCandidate *c; /* o->candidates */
	OpeningSet set;      /* the candidates, named c1, c2, ... */
	int8_t *result;      /* per job: black's half points, -1 unplayed */
	long njobs;          /* C * (G + 2 P) */
	int nthreads;
	PlayerPool *pool;           /* engines kept from one call to the next */
	char dir[BALANCE_PATH_MAX]; /* the work folder; "" for none */
	char csv_path[BALANCE_PATH_MAX + 16];
	RundirLock lock;
	ResultsFile csv;
	int write_errno; /* a game that could not be appended: its errno */
	long resumed;    /* games read back from the folder */
	/* progress of the current phase */
	const char *phase;
	long done, total, played;
	double t0;
	bool tty;
} Balance;

static inline long balance_score_job(const Balance *b, long g, long i)
{
	return g * b->o->candidates + i;
}

static inline long balance_pair_job(const Balance *b, long i, long k, int c)
{
	return b->o->games * b->o->candidates + (i * b->o->pairs + k) * 2 + c;
}

/* The work folder (b->dir not ""): made, taken, its balance.ini compared
 * with this configuration (config_text) or written, its games read back
 * into b->result, games.csv opened to append. Returns 0, or an exit status
 * with the message in err (2: the folder holds another balance or a
 * games.csv that is not this one's). */
int balance_games_open(Balance *b, const char *config_text, char *err, size_t errlen);

/* Plays every game of the self-play phase not yet played. Returns 0, or
 * an exit status with the message in err (128 + N after signal N). */
/* With a player whose `log` is "on" (or not "off", with o->log): the
 * work folder's logs/ made, 0; 1 if it cannot be; 2 without a work
 * folder (the files would go nowhere). 0 with no such player. */
int balance_games_logs(Balance *b, char *err, size_t errlen);

int balance_games_score(Balance *b, char *err, size_t errlen);

/* Plays every pair game of the candidates marked in qualified not yet
 * played. Returns as balance_games_score. */
int balance_games_pairs(Balance *b, const bool *qualified, char *err, size_t errlen);

/* The end: games.csv sorted and closed, the openings file text (len
 * bytes) written atomically as dir/openings.ini. Returns 0, or 1 with
 * the message in err. */
int balance_games_finish(Balance *b, const char *text, size_t len, char *err,
                         size_t errlen);

/* Releases what open took (the folder, its lock: removed if made and
 * bad_input) and the pool. */
void balance_games_close(Balance *b, bool bad_input);

/* b's budget scaled: every limit it gives times f, rounded, at least 1. */
Budget balance_scale(Budget b, double f);

#endif
