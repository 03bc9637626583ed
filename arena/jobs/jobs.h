/* jobs.h - the one parallel job engine.
 *
 * Every command that plays games (arena run, match and balance, the SPSA
 * iterations, Texel's self-play, verification matches) describes them as a
 * list of jobs and hands it to jobs_run. A job is one game: who is black,
 * who is white, the opening, and a seed. Seeds follow one rule,
 * jobs_seed(run seed, job id), and a player's seed derives from its job's
 * (jobs_player_seed), so a game depends only on its job, never on the
 * thread that plays it or on the order games finish in.
 *
 * jobs_run plays the list on OpenMP threads, taking jobs in list order
 * (schedule(dynamic, 1)). A finished game goes first to the sink's
 * `prepare` on the worker that played it (slow per-game files, outside any
 * lock), then to its `finished`, called one game at a time under the
 * engine's one lock: that is where a caller writes its results file,
 * counts, and decides to halt. Games abandoned by the stop flag are handed
 * to nobody. The interface is the seam for a second backend (ranks on
 * several machines): the sink's callbacks are the only way results come
 * back, and a job is plain data. */
#ifndef ARENA_JOBS_H
#define ARENA_JOBS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game_play.h"
#include "openings.h"
#include "player.h"
#include "pool.h"

typedef struct {
	int id;           /* 0-based position in the whole list (resumed runs skip some) */
	int pair;         /* the colour-swapped pair it belongs to (0-based) */
	int round;        /* 1-based: how many times the opening set has come round */
	int opening;      /* index into JobSpec.openings */
	int black, white; /* indices into JobSpec.players */
	uint64_t seed;    /* jobs_seed(run seed, id): the players' seeds derive from it */
} Job;

/* A player as the jobs see it: the pool slot of its index keeps its
 * instances (pool.h). */
typedef struct {
	const char *name; /* for messages */
	const PlayerType *type;
	const ParamSet *params;
	Budget budget;
} JobPlayer;

typedef struct {
	void *ctx;
	/* NULL, or a player's parameters for one game (copied from the
	 * JobPlayer's into *out first): per-game log files. 0, or -1 with a
	 * message, which fails the run like a player that cannot be made. */
	int (*params)(void *ctx, const Job *j, int color, ParamSet *out, char *err,
	              size_t errlen);
	/* NULL, or called by the worker that played j, outside the lock.
	 * Nonzero drops the game (it does not reach `finished`) and halts
	 * the run: a file that cannot be written. */
	int (*prepare)(void *ctx, const Job *j, const GameRecord *rec);
	/* Called for every game played, one at a time, as games finish.
	 * Returning true halts the run: no job starts after it (those being
	 * played finish and still come here). */
	bool (*finished)(void *ctx, const Job *j, const GameRecord *rec);
} JobSink;

typedef struct {
	int size;
	Rule rule;
	int max_plies; /* 0 = play to a full board */
	const JobPlayer *players;
	int nplayers;
	const OpeningSet *openings; /* NULL: every game from the empty board */
	int threads;                /* 0 = every core */
	/* Each worker thread, and the engines it starts, pinned to one CPU
	 * (affinity.h); the threads' masks are put back when the call ends. */
	bool affinity;
	/* NULL, or a flag (interrupt.h) that abandons the run when it becomes
	 * nonzero: games being played are abandoned and not recorded. */
	const atomic_int *stop;
	/* NULL, or a pool of at least `threads` workers and `nplayers` slots
	 * that keeps reusable players (external engines) from one call to the
	 * next; without one, they are kept for the games of this call only. */
	PlayerPool *pool;
	Adjudication adjudicate; /* all 0: none (game_play.h) */
	/* With adjudicate: per player, its evals times this are in adjudicate's
	 * units; 0: units unknown, no adjudication in its games. */
	const double *eval_scale;
	/* Keep every MESSAGE line of the engines: each record the sink gets
	 * has its game's (GameRecord.messages), from any rank. */
	bool messages;
} JobSpec;

enum { JOBS_DONE = 0, JOBS_HALTED = 1, JOBS_STOPPED = 2 };

/* Plays jobs[0..count) (any ids: a resumed run passes those still to
 * play). Returns JOBS_DONE when every job was played, JOBS_HALTED when the
 * sink halted, JOBS_STOPPED when the stop flag did, or -1 with a message
 * ("job 12: cannot create player NAME: ...", out of memory), in which case no
 * job started after the failure. */
int jobs_run(const JobSpec *spec, const Job *jobs, int count, const JobSink *sink,
             char *err, size_t errlen);

/* The one seed rule: a job's seed from the run's seed and the job's id,
 * and the seed of its player of colour c (BLACK, WHITE). */
uint64_t jobs_seed(uint64_t run_seed, int id);
uint64_t jobs_player_seed(const Job *j, int c);

/* npairs pairs of a match between players 0 (A) and 1 (B) into
 * out[0 .. 2 * npairs): job 2i has A black, 2i + 1 A white, both on
 * opening (first_opening + i) % nopenings (0 when nopenings is 0); ids and
 * pairs count from 0, rounds from 1 as the openings come round. */
void jobs_pairs(Job *out, int npairs, int first_opening, int nopenings, uint64_t seed);

#endif
