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

/* Once no game is left to play and only the files of the whole are left to
 * write: from now on the first signal says that the report is being
 * finished (and the command finishes it), a second one exits at once as
 * before. Returns the signal that asked to stop before this call, or 0;
 * none is lost between the two (they are blocked meanwhile). */
int interrupt_finishing(void);

/* The signal that asked to stop (SIGINT or SIGTERM), or 0. */
int interrupt_signal(void);

/* The flag itself, for GameSetup.stop and the executor: nonzero once a
 * stop was asked. */
const atomic_int *interrupt_flag(void);

#endif
