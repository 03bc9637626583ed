/* samples.h - training samples in c-gomoku-cli's formats, beside games.csv.
 *
 * A sample is a position before a player's move, the move, and the
 * game's result for the side to move: 0 loss, 1 draw, 2 win. The moves of
 * the opening are never sampled; each player's move is, with the chance
 * SampleSpec.freq, drawn from a stream of the job's own (samples_seed: the
 * run's seed and the job's number), so the samples of a game depend on
 * nothing but the game. Games lost by a fault (illegal move, crash, time,
 * protocol, memory: samples_of_game) give none, and with loseonly only the
 * games a challenger lost give any.
 *
 * The formats, as c-gomoku-cli writes them:
 *   csv      a line a sample, no header: Position,Move,Result. Position is
 *            the stones in order, each as a letter from 'a' (Gomocup x)
 *            and a number from 1 (Gomocup y + 1), with no separator ("pos
 *            notation": "h8i9"; "" on an empty board); Move likewise.
 *   bin      an entry a sample, 16-bit little-endian words: word 0 holds
 *            result (bits 0-1), ply (2-10: the stones on the board) and
 *            boardsize (11-15); word 1 holds rule (bits 0-2: Gomocup's 0,
 *            1 or 4) and move (3-15); then position[ply], one word a
 *            stone. A point is x * 32 + y (Gomocup coordinates); the move
 *            field also carries, in its bit 10, the side to move (1:
 *            white), as c-gomoku-cli's writer leaves it: readers mask it
 *            with 0x3FF.
 *   bin_lz4  bin in LZ4 frames (liblz4): one frame a game while a run goes,
 *            which LZ4F_decompress and `lz4 -d` read as one stream, and one
 *            frame for the whole file once a run is complete.
 *
 * The file follows games.csv as moves.csv does (moves_csv.h): a game's
 * samples are appended, in one write, before its games.csv line, and
 * samples_rebuild writes the file again from games.csv (the samples of a
 * game are a function of its line and its job), once as a run starts
 * (dropping what a kill left of a game not in games.csv) and once at the
 * end of a complete run, in job order: a resumed run's file is an
 * uninterrupted one's, byte for byte, on any number of threads or ranks. */
#ifndef ARENA_SAMPLES_H
#define ARENA_SAMPLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "game_play.h"
#include "results.h"

typedef struct {
	SampleFormat format; /* not SAMPLE_OFF */
	double freq;         /* 0 to 1 */
	bool loseonly;
	int size;
	Rule rule;
} SampleSpec;

/* What samples of a game need of its job. */
typedef struct {
	uint64_t seed;      /* samples_seed */
	int opening_plies;  /* stones of its opening */
	bool challenger[2]; /* black, white: a challenger of a gauntlet */
} SampleJob;

/* The seed of job's sampling stream (job_seed: Job.seed). */
uint64_t samples_seed(uint64_t job_seed);

/* Does a game that ended so give samples (loseonly aside)? Not when the
 * loser forfeited it. */
bool samples_of_game(EndReason reason);

/* The most bytes samples_encode writes for a game on a size x size board. */
size_t samples_max_bytes(int size);

/* One game's samples (uncompressed: csv or bin) into buf (buflen at least
 * samples_max_bytes). moves: every stone, plies of them. Returns the
 * length (0: none), or -1 if buf is too small. */
long samples_encode(const SampleSpec *s, const SampleJob *j, const int16_t *moves,
                    int plies, GameOutcome outcome, EndReason reason, unsigned char *buf,
                    size_t buflen);

/* The samples file open for appending (results.h's ResultsFile). */
typedef struct {
	SampleSpec spec;
	ResultsFile file;
	unsigned char *raw, *packed; /* a game's entries, and their frame */
	size_t raw_max, packed_max;
} SamplesFile;

/* Opens path (which samples_rebuild has written) for samples_append.
 * Returns 0, or -1 with a message. */
int samples_open(SamplesFile *sf, const SampleSpec *s, const char *path, char *err,
                 size_t errlen);

/* Appends a game's samples (a frame of them for bin_lz4) in one write; a
 * game without samples writes nothing. Returns 0, or -1 with errno set (the
 * file is cut back as results_append does). Not thread-safe. */
int samples_append(SamplesFile *sf, const SampleJob *j, const GameRecord *rec);

/* Syncs and closes (accepts a closed one). Returns 0 or -1. */
int samples_close(SamplesFile *sf);

/* What samples_rebuild asks of each game of games.csv: its job's
 * SampleJob. Returns false to leave the game out (not a game of the run,
 * or one seen before). */
typedef bool (*SamplesJobFn)(void *user, int job, SampleJob *out);

/* Writes path whole (outfile.h; lazy as OutFile.lazy) with the samples of
 * every game of games_csv that job keeps, in file order (a torn last line
 * is no game). Returns 0, or -1 with a message. */
int samples_rebuild(const char *path, const SampleSpec *s, const char *games_csv,
                    SamplesJobFn job, void *user, bool lazy, char *err, size_t errlen);

#endif
