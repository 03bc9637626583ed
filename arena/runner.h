/* runner.h - `arena run`: play a tournament into its run folder. */
#ifndef ARENA_RUNNER_H
#define ARENA_RUNNER_H

/* Command line entry; returns the exit status (2 for bad input). */
int runner_main(int argc, char **argv);

#endif
