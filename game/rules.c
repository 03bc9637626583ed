/* rules.c - wins, renju forbidden points, rule names. */
#include "rules.h"

#include <string.h>

#include "board.h"

static const char *const rule_names[RULE_COUNT] = {"freestyle", "standard", "renju"};

int rule_parse(const char *text, Rule *out)
{
	for (int r = 0; r < RULE_COUNT; r++)
		if (strcmp(text, rule_names[r]) == 0) {
			*out = (Rule)r;
			return 0;
		}
	static const struct {
		const char *text;
		Rule rule;
	} numbers[] = {
	    {"0", RULE_FREESTYLE},
	    {"1", RULE_STANDARD},
	    {"4", RULE_RENJU},
	};
	for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++)
		if (strcmp(text, numbers[i].text) == 0) {
			*out = numbers[i].rule;
			return 0;
		}
	return -1;
}

const char *rule_name(Rule r)
{
	return (unsigned)r < RULE_COUNT ? rule_names[r] : "?";
}

int rule_gomocup(Rule r)
{
	return r == RULE_STANDARD ? 1 : r == RULE_RENJU ? 4 : 0;
}

bool rules_legal(const Board *b, int p)
{
	return board_empty_at(b, p);
}

/* With a black stone on p: is the open three of direction d a real three,
 * one that a legal black move turns into a straight four? */
static bool real_three(Board *b, int p, int d)
{
	int step = board_step[d];
	for (int dir = -1; dir <= 1; dir += 2)
		for (int k = 1; k <= 4; k++) {
			int q = p + dir * k * step;
			if (b->cell[q] == CELL_WHITE || b->cell[q] == CELL_WALL)
				break;
			if (b->cell[q] != CELL_EMPTY)
				continue;
			/* q must make a straight four that holds p: the stones
			 * between p and q are black, and q's line is an open four. */
			bool joined = true;
			for (int j = 1; j < k; j++)
				joined &= b->cell[p + dir * j * step] == CELL_BLACK;
			if (joined && board_pattern(b, q, BLACK, d) == PAT_OPEN_FOUR &&
			    !rules_is_forbidden(b, q))
				return true;
		}
	return false;
}

bool rules_is_forbidden(Board *b, int p)
{
	if (b->rule != RULE_RENJU)
		return false;
	int t = board_threat(b, p, BLACK);
	if (t == THREAT_FORBIDDEN)
		return true;
	if (t != THREAT_DOUBLE_THREE)
		return false;

	/* Two or more open threes by the line tables: count the real ones. */
	int dirs[4], n = 0;
	for (int d = 0; d < 4; d++)
		if (board_pattern(b, p, BLACK, d) == PAT_OPEN_THREE)
			dirs[n++] = d;
	board_put(b, p, BLACK);
	int real = 0;
	for (int i = 0; i < n && real < 2; i++)
		real += real_three(b, p, dirs[i]);
	board_undo(b);
	return real >= 2;
}

Outcome rules_outcome(Board *b, int p)
{
	Color c = b->to_move;
	if (board_threat(b, p, c) == THREAT_FIVE)
		return OUTCOME_WIN;
	if (c == BLACK && rules_is_forbidden(b, p))
		return OUTCOME_FORBIDDEN;
	return OUTCOME_NONE;
}
