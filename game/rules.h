/* rules.h - the three rule sets, and what a move does under them. */
#ifndef GAME_RULES_H
#define GAME_RULES_H

#include <stdbool.h>

typedef enum {
	RULE_FREESTYLE = 0, /* five or more in a row wins */
	RULE_STANDARD,      /* exactly five wins; an overline does not */
	RULE_RENJU,         /* black: exactly five, overline, double four and
	                       double three forbidden; white: five or more */
	RULE_COUNT
} Rule;

/* What a stone does to the game. */
typedef enum {
	OUTCOME_NONE = 0,  /* the game goes on (or is drawn if the board is full) */
	OUTCOME_WIN,       /* the mover wins */
	OUTCOME_FORBIDDEN, /* renju: black played a forbidden point and loses */
} Outcome;

struct Board;

/* "freestyle", "standard", "renju" <-> Rule. rule_parse also accepts the
 * Gomocup INFO rule numbers "0", "1" and "4". Returns 0 or -1. */
int rule_parse(const char *text, Rule *out);
const char *rule_name(Rule r);

/* The Gomocup protocol's rule value: 0, 1 (exactly five) or 4 (renju). */
int rule_gomocup(Rule r);

/* Would the side to move, playing on the empty point p, win, lose to a
 * forbidden point, or neither? Looks only at the four lines through p.
 * b is modified during the call (renju threes are checked by playing them
 * out) and restored before it returns. */
Outcome rules_outcome(struct Board *b, int p);

/* Renju only: is the empty point p forbidden for black? False for every
 * other rule and for points that make a five. Threes are counted as
 * Gomocup's judge counts them (the convention is written out in rules.c).
 * b is restored as above. */
bool rules_is_forbidden(struct Board *b, int p);

/* Is the move on p legal for the side to move: an empty point of the board
 * (a forbidden point is legal to play; it loses). */
bool rules_legal(const struct Board *b, int p);

#endif
