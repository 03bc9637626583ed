/* interrupt.c - the stop flag raised by SIGINT and SIGTERM. */
#define _POSIX_C_SOURCE 200809L
#include "interrupt.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

static atomic_int stop_signal; /* see the header: the one mutable global */

static void on_signal(int sig)
{
	int none = 0;
	if (atomic_compare_exchange_strong(&stop_signal, &none, sig)) {
		static const char msg[] =
		    "\nstopping: finishing no more games (a second Ctrl-C quits at once)\n";
		ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);
		(void)w;
		return;
	}
	static const char msg[] = "\nstopped at once; run the same command again to "
	                          "resume\n";
	ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);
	(void)w;
	_exit(128 + sig);
}

void interrupt_install(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

int interrupt_signal(void)
{
	return atomic_load(&stop_signal);
}

const atomic_int *interrupt_flag(void)
{
	return &stop_signal;
}
