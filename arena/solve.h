/* solve.h - `arena solve`: the threat solver on one position. */
#ifndef ARENA_SOLVE_H
#define ARENA_SOLVE_H

int solve_main(int argc, char **argv);

#endif
