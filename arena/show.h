/* show.h - `arena show FILE.psq`: replay a record on the terminal. */
#ifndef ARENA_SHOW_H
#define ARENA_SHOW_H

/* Command line entry; returns the exit status (2 for bad input). */
int show_main(int argc, char **argv);

#endif
