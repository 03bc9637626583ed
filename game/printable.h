/* printable.h - text from a file or a user, made harmless for a terminal.
 *
 * A terminal acts on control characters: ESC begins sequences that retitle
 * the window, clear the screen or type an answer back, CR and BS write over
 * what is shown. So every name, path or field that came from input reaches
 * stdout or stderr through here. Shown as \xNN (two lower-case hex digits):
 * each byte below 0x20 and 0x7f, each C1 control (U+0080 to U+009F: the
 * bytes C2 80 to C2 9F), and each byte that is no part of well-formed UTF-8
 * (a terminal in another encoding might read it as a C1 control). All else,
 * UTF-8 letters included, as it is; a backslash stays a backslash (the text
 * is for a reader, not to be read back).
 *
 * printable_control is the rule of what a configuration may hold (README
 * "Hostile text"): no control character but the tab. Pure functions: any
 * thread. */
#ifndef GAME_PRINTABLE_H
#define GAME_PRINTABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The buffer that holds any text of n bytes shown: 4 bytes a byte. */
#define PRINTABLE_SIZE(n) (4 * (size_t)(n) + 1)

/* The first control byte of s (below 0x20 but a tab, or 0x7f), or NULL. */
const char *printable_control(const char *s);

/* s as shown, into buf (cut at a whole character or escape to fit; always
 * terminated when buflen > 0); returns buf. */
char *printable_text(char *buf, size_t buflen, const char *s);

/* s as shown, to f. */
void printable_put(FILE *f, const char *s);

/* A message to f as shown, but with its line breaks and tabs kept (a
 * message may hold several lines), then a line break. */
void printable_line(FILE *f, const char *msg);

/* The number of characters (code points) of printable_text(s): its width
 * on a terminal for most scripts. */
int printable_width(const char *s);

#endif
