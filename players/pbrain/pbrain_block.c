/* pbrain_block.c - commands followed by lines up to DONE.
 *
 * BOARD and YXBOARD lines are "x,y,field": 1 our stone, 2 the opponent's,
 * 3 a point nobody may use (a wall, wall.h), in the order played.
 * SWAP2BOARD lines are the opening's stones, "x,y" (or "x,y,field", the
 * field ignored), black and white in turn. A block we do not implement is
 * read to its DONE unanswered line by line. Every block gets one answer,
 * at DONE: the first error found in it, or what the command calls for. */
#include "pbrain_impl.h"

#include <stdarg.h>
#include <string.h>

static void block_error(Session *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void block_error(Session *s, const char *fmt, ...)
{
	if (s->setup_err[0])
		return; /* the first error is the one reported */
	int n = snprintf(s->setup_err, sizeof s->setup_err, "%s line %d: ", s->block_name,
	                 s->setup_line);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s->setup_err + n, sizeof s->setup_err - (size_t)n, fmt, ap);
	va_end(ap);
}

void pbrain_block_begin(Session *s, BlockKind kind, const char *name)
{
	s->block = kind;
	snprintf(s->block_name, sizeof s->block_name, "%s", name);
	s->setup_count = s->setup_line = 0;
	s->setup_err[0] = '\0';
	memset(s->setup_taken, 0, sizeof s->setup_taken);
}

/* One stone line; errors wait for DONE. */
static void stone_line(Session *s, const char *line)
{
	long v[3];
	bool swap2 = s->block == BLOCK_SWAP2;
	bool three = pbrain_parse_ints(line, v, 3) == 0;
	if (!three && !(swap2 && pbrain_parse_ints(line, v, 2) == 0)) {
		block_error(s,
		            swap2 ? "expected x,y, found '%.16s'"
		                  : "expected x,y,field, found '%.16s'",
		            line);
		return;
	}
	if (!s->started)
		return; /* reported at DONE */
	if (v[0] < 0 || v[1] < 0 || v[0] >= s->b.size || v[1] >= s->b.size) {
		block_error(s, "point %ld,%ld is off the board", v[0], v[1]);
		return;
	}
	if (swap2)
		v[2] = 1 + s->setup_count % 2; /* black, white, black, ... */
	else if (v[2] < 1 || v[2] > 3) {
		block_error(s, "field must be 1, 2 or 3, not %ld", v[2]);
		return;
	}
	int p = board_point((int)v[0], (int)v[1]);
	if (s->setup_taken[p]) {
		block_error(s, "point %ld,%ld is given twice", v[0], v[1]);
		return;
	}
	s->setup_taken[p] = 1;
	if (swap2 && s->setup_count == 5) {
		block_error(s, "more than five stones");
		return;
	}
	s->setup_point[s->setup_count] = (int16_t)p;
	s->setup_field[s->setup_count++] = (uint8_t)v[2];
}

/* BOARD, YXBOARD: the position, with us to move: black unless we have
 * fewer stones than the opponent. */
static void position_done(Session *s, bool play)
{
	int own = 0, opp = 0;
	for (int i = 0; i < s->setup_count; i++) {
		own += s->setup_field[i] == 1;
		opp += s->setup_field[i] == 2;
	}
	Color me = own >= opp ? BLACK : WHITE;
	int16_t pts[BOARD_MAX_MOVES];
	uint8_t col[BOARD_MAX_MOVES];
	int n = 0;
	s->nwall = 0;
	for (int i = 0; i < s->setup_count; i++) {
		if (s->setup_field[i] == 3) {
			s->wall[s->nwall++] = s->setup_point[i];
			continue;
		}
		pts[n] = s->setup_point[i];
		col[n++] = (uint8_t)(s->setup_field[i] == 1 ? me : me ^ 1);
	}
	/* No player keeps anything of a position between moves that walls
	 * could make wrong (mcts and alphabeta start afresh, weighted follows
	 * the stones), so the game's player goes on. */
	pbrain_set_position(s, s->b.size, s->b.rule, pts, col, n, me, true);
	s->me = me;
	if (play)
		pbrain_play_our_move(s);
}

static void swap2_done(Session *s)
{
	int n = s->setup_count;
	if (n != 0 && n != 3 && n != 5) {
		pbrain_reply(s, "ERROR SWAP2BOARD: %d stones; the opening has 0, 3 or 5",
		             n);
		return;
	}
	uint8_t col[5];
	for (int i = 0; i < n; i++)
		col[i] = (uint8_t)(i % 2 ? WHITE : BLACK);
	s->nwall = 0;
	pbrain_set_position(s, s->b.size, s->b.rule, s->setup_point, col, n,
	                    n % 2 ? WHITE : BLACK, true);
	pbrain_swap2_answer(s, n);
}

bool pbrain_block_line(Session *s, const char *line, size_t word, const char *bad)
{
	if (!bad && pbrain_word_is(line, word, "END"))
		return false;
	bool done = !bad && pbrain_word_is(line, word, "DONE");
	if (!done) {
		s->setup_line++;
		if (s->block == BLOCK_SKIP || (!bad && !line[0]))
			return true; /* skipped, or a blank line */
		if (bad)
			block_error(s, "%s", bad);
		else
			stone_line(s, line);
		return true;
	}
	BlockKind kind = s->block;
	s->block = BLOCK_NONE;
	if (kind == BLOCK_SKIP)
		pbrain_reply(s, "UNKNOWN command '%s'", s->block_name);
	else if (!s->started)
		pbrain_reply(s, "ERROR %s before START", s->block_name);
	else if (s->setup_err[0])
		pbrain_reply(s, "ERROR %s", s->setup_err);
	else if (kind == BLOCK_SWAP2)
		swap2_done(s);
	else
		position_done(s, kind == BLOCK_BOARD);
	return true;
}
