/* bench.h - `arena bench`: fixed work, timed, with a signature.
 *
 * The signature is a checksum of what the work computed (not of how long it
 * took); a test asserts it, so any change of behaviour shows up. */
#ifndef ARENA_BENCH_H
#define ARENA_BENCH_H

#include <stdint.h>
#include <stdio.h>

typedef struct {
	uint64_t signature; /* checksum of the results */
	uint64_t ops;       /* operations timed (play+undo pairs, nodes...) */
	double seconds;     /* median wall time of the runs */
} BenchResult;

/* The rules core: plays and takes back a fixed set of random games, with
 * pattern updates, runs times; the result holds the median time. */
BenchResult bench_board(int runs);

/* Command line entry: `arena bench [--runs N]`. Returns the exit status. */
int bench_main(int argc, char **argv);

#endif
