/* interrupt.h - SIGINT and SIGTERM for the commands that write a run folder.
 *
 * After interrupt_install, the first SIGINT or SIGTERM only raises a flag:
 * the command stops handing out games, abandons the games in flight (game_play.h:
 * GameSetup.stop; they are played again on resume), keeps every finished
 * game, says how to resume and exits with 128 + the signal (130, 143). A
 * second signal exits at once with the same status: every finished game is
 * already written whole to the kernel (results.h), so none is lost; engine
 * processes die with the arena (PR_SET_PDEATHSIG).
 *
 * The flag is the one mutable global of the project: a signal handler can
 * reach nothing else. */
#ifndef ARENA_INTERRUPT_H
#define ARENA_INTERRUPT_H

#include <stdatomic.h>

void interrupt_install(void);

/* The signal that asked to stop (SIGINT or SIGTERM), or 0. */
int interrupt_signal(void);

/* The flag itself, for GameSetup.stop and the executor: nonzero once a
 * stop was asked. */
const atomic_int *interrupt_flag(void);

#endif
