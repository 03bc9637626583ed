/* interrupt.c - the stop flag raised by SIGINT and SIGTERM. */
#define _POSIX_C_SOURCE 200809L
#include "interrupt.h"

#include <pthread.h>
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

/* The same, once no game is left to stop. */
static void on_signal_finishing(int sig)
{
	int none = 0;
	if (atomic_compare_exchange_strong(&stop_signal, &none, sig)) {
		static const char msg[] = "\nfinishing the report: every game is on disk "
		                          "(a second Ctrl-C quits at once)\n";
		ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);
		(void)w;
		return;
	}
	on_signal(sig);
}

static void install(void (*handler)(int))
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

void interrupt_install(void)
{
	install(on_signal);
}

int interrupt_finishing(void)
{
	sigset_t set, old;
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, &old);
	int before = atomic_load(&stop_signal);
	install(on_signal_finishing);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return before;
}

int interrupt_signal(void)
{
	return atomic_load(&stop_signal);
}

const atomic_int *interrupt_flag(void)
{
	return &stop_signal;
}
