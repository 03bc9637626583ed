/* wire.h - the bytes of the MPI backend's messages (jobs_mpi*.c): jobs,
 * openings, parameter sets and game records packed into a buffer and read
 * back, with every length and index checked on the way in.
 *
 * Values are written in the machine's own byte order and sizes: every rank
 * of a run is the same build on the same architecture (the batch header
 * carries WIRE_VERSION and the limits below, which the workers check).
 * Needs no MPI, so test_wire runs in every build. */
#ifndef ARENA_WIRE_H
#define ARENA_WIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game_play.h"
#include "jobs.h"
#include "openings.h"
#include "player.h"

/* Bumped whenever a message's layout changes. */
enum { WIRE_VERSION = 3 }; /* 2: the batch header's affinity; 3: messages */

/* A message being written. The buffer grows as needed; oom is set (and
 * later writes do nothing) if it cannot. Owned: wire_out_free, or taken
 * by whoever sends it (then buf is NULL). */
typedef struct {
	unsigned char *buf;
	size_t len, cap;
	bool oom;
} WireOut;

void wire_out_free(WireOut *w);
void wire_bytes(WireOut *w, const void *p, size_t n);
void wire_i32(WireOut *w, int32_t v);
void wire_u64(WireOut *w, uint64_t v);
void wire_f64(WireOut *w, double v);
void wire_text(WireOut *w, const char *s); /* its length, then its bytes */
/* Overwrites the int32 written at byte offset `at` (a count known later). */
void wire_patch_i32(WireOut *w, size_t at, int32_t v);

/* The limits both ends must share, and a hash of a type's parameter names
 * and kinds, so a worker of another build says so instead of misreading. */
void wire_limits(WireOut *w);
uint64_t wire_param_hash(const PlayerType *t);

void wire_params(WireOut *w, const ParamSet *ps); /* values and text slots */
void wire_job(WireOut *w, const Job *j);
void wire_opening(WireOut *w, const Opening *o); /* NULL: the empty board */
void wire_record(WireOut *w, const GameRecord *r);

/* A message being read: a read past the end, or a value out of its range,
 * sets bad and reads as 0 from then on. */
typedef struct {
	const unsigned char *p;
	size_t len, at;
	bool bad;
} WireIn;

void wire_in(WireIn *r, const void *p, size_t len);
int32_t wire_get_i32(WireIn *r);
uint64_t wire_get_u64(WireIn *r);
double wire_get_f64(WireIn *r);
/* Into out (cap bytes with its NUL); longer is bad. */
void wire_get_text(WireIn *r, char *out, size_t cap);
/* wire_limits' values equal to this build's? (false also when bad) */
bool wire_get_limits(WireIn *r);
/* A parameter set of type t: decl points to t's table (a pointer means
 * nothing on another rank), so the count must be t's. */
void wire_get_params(WireIn *r, ParamSet *ps, const PlayerType *t);
void wire_get_job(WireIn *r, Job *j);
void wire_get_opening(WireIn *r, Opening *o);
/* rec->messages: NULL, or a MessageLog the record's messages go into (a
 * record that has some needs one). */
void wire_get_record(WireIn *r, GameRecord *rec);

#endif
