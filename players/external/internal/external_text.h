/* external_text.h - the text of the manager's side of the Gomocup protocol:
 * the configured INFO lines, what a reply line is, and the quotations of a
 * fault's detail. Pure functions of their arguments; any thread. */
#ifndef PLAYERS_EXTERNAL_TEXT_H
#define PLAYERS_EXTERNAL_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* The most of a line quoted in a fault's detail. */
enum { EXTERNAL_QUOTE_MAX = 60 };

typedef enum {
	REPLY_OTHER,     /* not a move: MESSAGE, ERROR, chatter; skipped */
	REPLY_MOVE,      /* x,y on the board */
	REPLY_OFF_BOARD, /* x,y off the board (negative, too large) */
	REPLY_MALFORMED, /* move-shaped but not x,y: "7 7", "7,7,1", "7," */
} ExternalReply;

/* Is s[0..n) the keyword kw (upper case), in any case? */
bool external_text_word_is(const char *s, size_t n, const char *kw);

/* The info parameter, "key value; key value", as "INFO key value\n" lines
 * in out. Returns 0, or -1 with a message (a control character such as a
 * CR, which would end a line early; an item without a value; too long for
 * out). */
int external_text_info(const char *text, char *out, size_t outlen, char *err,
                       size_t errlen);

/* What a line read while waiting for a move is, on a size x size board. A
 * line is move-shaped when it holds a digit and nothing but digits, signs,
 * commas and blanks: no engine's chatter looks so, and an engine that
 * writes such a line meant a move. Of those, "x,y" (blanks around the
 * numbers allowed) is a move, stored in *x, *y (also when off the board). */
ExternalReply external_text_reply(const char *line, int size, long *x, long *y);

/* line[0..len) for a detail: at most EXTERNAL_QUOTE_MAX bytes, then "..."
 * if it was longer. */
void external_text_quote(char *out, size_t outlen, const char *line, size_t len);

/* Makes s fit a CSV field as it is: bytes that are not printable ASCII
 * become '?', commas ';', double quotes '\''. */
void external_text_sanitise(char *s);

/* "crash", "timeout", ... for FAULT_* (player.h). */
const char *external_text_fault(int fault);

#endif
