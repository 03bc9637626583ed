/* cli.h - values of command-line options, for the subcommands' *_main
 * functions (which print the messages: this file prints nothing). */
#ifndef ARENA_CLI_H
#define ARENA_CLI_H

/* The whole number text, if it is one from lo to hi, into *out: 0, else -1
 * (text NULL, empty, not a number, or out of range). */
int cli_long(const char *text, long lo, long hi, long *out);

#endif
