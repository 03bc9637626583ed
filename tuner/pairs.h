/* pairs.h - a tuner's match of game pairs (an SPSA iteration, a
 * verification) on the job engine, as executor_play_pairs plays them, and
 * the games in it that a player lost by its own fault (an external engine
 * that crashed, timed out, broke the protocol, played an illegal move or
 * used too much memory). Such a game counts as the loss it is, as in the
 * arena; the faults are for saying so. */
#ifndef TUNER_PAIRS_H
#define TUNER_PAIRS_H

#include <stddef.h>

#include "executor.h"
#include "game_play.h"

typedef struct {
	int game;  /* 2 * pair (A black) or 2 * pair + 1 (A white) */
	int side;  /* 0: A lost by it, 1: B */
	int color; /* BLACK, WHITE: the colour that faulted */
	EndReason reason;
	char detail[FAULT_DETAIL_MAX]; /* CSV-safe (game_play.h) */
} PairFault;

/* The faults of one match, in game order. */
typedef struct {
	PairFault *items;
	int count, cap;
} PairFaults;

/* Plays npairs pairs of spec like executor_play_pairs (out[i]: pair i) and
 * appends the games lost to faults to *faults (NULL: not kept), in game
 * order, whatever the threads. Returns 0,
 * or -1 with a message ("interrupted" when spec->stop stopped it, "out of
 * memory" when a fault could not be kept). */
int pairs_play(const ExecSpec *spec, int npairs, PairScore *out, PairFaults *faults,
               char *err, size_t errlen);

/* Forgets the faults (keeps the memory); accepts NULL. */
void pairs_faults_clear(PairFaults *f);
void pairs_faults_free(PairFaults *f);

#endif
