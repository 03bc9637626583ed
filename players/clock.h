/* clock.h - monotonic wall time in milliseconds. */
#ifndef PLAYERS_CLOCK_H
#define PLAYERS_CLOCK_H

double clock_ms(void);

#endif
