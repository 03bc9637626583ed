/* clock.c - monotonic wall time. */
#define _POSIX_C_SOURCE 200809L
#include "clock.h"

#include <time.h>

double clock_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}
