/* external_move.c - asking an external engine for a move: the command
 * (the limits that changed, INFO time_left, then BEGIN, TURN or BOARD), the
 * wait for the answer against the move's clock, and the judgement of what
 * came back.
 *
 * While waiting for a move, lines that are not moves (ERROR, MESSAGE,
 * chatter) are skipped and only the clock decides, as the Gomocup judge
 * does; a move-shaped line that is no move on the board is judged at once.
 * Every move command starts with an INFO line, which protects against
 * engines that drop the first word read after their move. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "engine_message.h"
#include "external_impl.h"

enum { TIME_LEFT_NONE = 2147483647 };

/* Does the engine know pos but for the opponent's last stone? */
static bool one_move_on(const External *e, const Board *pos)
{
	if (!e->asked || e->known != pos->count - 1)
		return false;
	for (int i = 0; i < e->known; i++)
		if (pos->moves[i] != e->known_moves[i])
			return false;
	return pos->cell[pos->moves[pos->count - 1]] - 1 != (int)pos->to_move;
}

/* The command that asks for a move in pos, after the INFO lines. */
static void position_command(const External *e, const Board *pos, char *buf, size_t buflen)
{
	size_t len = strlen(buf);
	if (pos->count == 0 && !e->asked) {
		snprintf(buf + len, buflen - len, "BEGIN\n");
	} else if (one_move_on(e, pos)) {
		int m = pos->moves[pos->count - 1];
		snprintf(buf + len, buflen - len, "TURN %d,%d\n", point_x(m), point_y(m));
	} else {
		len += (size_t)snprintf(buf + len, buflen - len, "BOARD\n");
		for (int i = 0; i < pos->count; i++) {
			int m = pos->moves[i];
			int field = pos->cell[m] - 1 == (int)pos->to_move ? 1 : 2;
			len += (size_t)snprintf(buf + len, buflen - len, "%d,%d,%d\n",
			                        point_x(m), point_y(m), field);
		}
		snprintf(buf + len, buflen - len, "DONE\n");
	}
}

void external_limits(const External *e, const Budget *budget, int64_t *turn, int64_t *match)
{
	*turn = budget && budget->ms > 0 ? budget->ms : e->timeout_turn;
	/* A game clock in the budget is the referee's (game_play.c): it
	 * replaces timeout_match and the engine's own clock, as ms replaces
	 * timeout_turn. */
	*match = budget && budget->game_ms > 0 ? budget->game_ms : e->timeout_match;
}

/* The command that asks for a move in pos: the limits that changed, INFO
 * time_left, the position. Returns the time limit of the move in ms. */
static double move_command(External *e, const Board *pos, const Budget *budget, char *cmd,
                           size_t cmdlen)
{
	int64_t turn, match;
	external_limits(e, budget, &turn, &match);
	double limit = (double)turn;
	size_t len = 0;
	cmd[0] = '\0';
	if (turn != e->told_turn) {
		len += (size_t)snprintf(cmd + len, cmdlen - len,
		                        "INFO timeout_turn %" PRId64 "\n", turn);
		e->told_turn = turn;
	}
	/* The Yixin-Board extension (Rapfi, Yixin and others read it; the
	 * rest ignore it): node and depth budgets, 0 for none. */
	uint64_t nodes = budget ? budget->nodes : 0;
	int depth = budget ? budget->depth : 0;
	if (nodes != e->told_nodes) {
		len += (size_t)snprintf(cmd + len, cmdlen - len,
		                        "INFO max_node %" PRIu64 "\n", nodes);
		e->told_nodes = nodes;
	}
	if (depth != e->told_depth) {
		len +=
		    (size_t)snprintf(cmd + len, cmdlen - len, "INFO max_depth %d\n", depth);
		e->told_depth = depth;
	}
	/* The game clock's increment goes as Yixin-Board's time_increment. */
	bool clock = budget && budget->game_ms > 0;
	int64_t inc = clock && budget->inc_ms > 0 ? budget->inc_ms : 0;
	if (match != e->told_match) {
		len += (size_t)snprintf(cmd + len, cmdlen - len,
		                        "INFO timeout_match %" PRId64 "\n", match);
		e->told_match = match;
	}
	if (inc != e->told_inc) {
		len += (size_t)snprintf(cmd + len, cmdlen - len,
		                        "INFO time_increment %" PRId64 "\n", inc);
		e->told_inc = inc;
	}
	int64_t left = TIME_LEFT_NONE;
	if (clock || e->timeout_match > 0) {
		double have = clock ? (double)budget->time_left : e->time_left;
		left = have > 0 ? (int64_t)have : 0;
		if ((double)left < limit)
			limit = (double)left;
	}
	snprintf(cmd + len, cmdlen - len, "INFO time_left %" PRId64 "\n", left);
	position_command(e, pos, cmd, cmdlen);
	return limit;
}

int external_move_choose(Player *p, const Board *pos, const Budget *budget, MoveInfo *info)
{
	External *e = (External *)p;
	/* The start, waited for here (new_game does not): not on the clock. */
	info->ms = 0;
	external_start_finish(e, budget);
	if (e->fault || !e->proc.pid) {
		info->fault = e->fault ? e->fault : FAULT_CRASH;
		snprintf(info->fault_detail, sizeof info->fault_detail, "%s", e->detail);
		return POINT_NONE;
	}
	/* Room for INFO lines and a BOARD of every point. */
	char cmd[256 + BOARD_MAX_MOVES * 12], line[PROC_LINE_MAX],
	    quoted[EXTERNAL_QUOTE_MAX + 4], skips[EXTERNAL_QUOTE_MAX + 48];
	double limit = move_command(e, pos, budget, cmd, sizeof cmd);
	external_watch_ponder(e);
	double t0 = clock_ms(), deadline = t0 + limit + (double)e->tolerance;
	/* Written while the engine is still stopped, then continued: it
	 * wakes once, to a command waiting in the pipe (continued first, it
	 * would wake, find nothing, sleep and wake again for the command). */
	ProcStatus st = proc_write(&e->proc, cmd, deadline);
	proc_resume(&e->proc);
	bool sent = st == PROC_OK;
	e->asked = true;
	e->skipped = 0;
	long x = -1, y = -1;
	ExternalReply kind = REPLY_OTHER;
	int said = 0; /* fields the MESSAGE lines set */
	while (st == PROC_OK && kind == REPLY_OTHER) {
		/* Only the clock ends the wait for a move: lines that are not
		 * moves (an ERROR to a garbled INFO, say) are skipped, as the
		 * Gomocup judge and c-gomoku-cli skip them. What a MESSAGE
		 * says of the search is kept (engine_message.h). */
		st = proc_read_line(&e->proc, line, deadline);
		if (st == PROC_OK &&
		    (kind = external_text_reply(line, pos->size, &x, &y)) == REPLY_OTHER) {
			int n = engine_message_parse(line, pos->size, info);
			if (n >= 0 && info->messages)
				engine_message_keep(line, pos->count + 1, info->messages);
			if (n > 0)
				said += n;
			else if (n == 0 && !said) /* kept while nothing is read */
				engine_message_text(line, info->message,
				                    sizeof info->message);
			external_skip_line(e, line);
		}
	}
	if (said)
		info->message[0] = '\0';
	double took = clock_ms() - t0;
	e->time_left -= took;
	info->ms = took;
	if (st == PROC_OK && kind != REPLY_MOVE)
		external_text_quote(quoted, sizeof quoted, line, strlen(line));
	if (st == PROC_LONG)
		external_text_quote(quoted, sizeof quoted, e->proc.buf, sizeof e->proc.buf);
	/* Its move read, the engine's helpers count too (once a move: the
	 * walk of /proc is too dear for every sample). */
	if (st == PROC_OK && kind == REPLY_MOVE)
		st = proc_check_memory(&e->proc);
	if (st == PROC_MEMORY)
		external_fail(e, FAULT_MEMORY,
		              "resident %" PRId64 " bytes%s over max_memory %" PRId64
		              " at %.0f ms",
		              e->proc.rss, kind == REPLY_MOVE ? " (process group)" : "",
		              e->max_memory, took);
	else if (!sent) /* it reads no more: dead, or stuck with its input full */
		external_fail(e, st == PROC_EOF ? FAULT_CRASH : FAULT_TIMEOUT,
		              "command not sent in %.0f ms (input %s)", took,
		              st == PROC_EOF ? "closed" : "full");
	else if (st == PROC_EOF)
		external_fail(e, FAULT_CRASH, "output closed at %.0f ms (limit %.0f)%s",
		              took, limit, external_skipped_text(e, skips, sizeof skips));
	else if (st == PROC_TIMEOUT)
		external_fail(e, FAULT_TIMEOUT,
		              "no move in %.0f ms (limit %.0f + tolerance %" PRId64 ")%s",
		              took, limit, e->tolerance,
		              external_skipped_text(e, skips, sizeof skips));
	else if (st == PROC_LONG)
		external_fail(e, FAULT_PROTOCOL, "line over %d bytes at %.0f ms: '%s'",
		              PROC_LINE_MAX - 1, took, quoted);
	else if (kind == REPLY_OFF_BOARD)
		external_fail(e, FAULT_ILLEGAL, "move '%s' off the %dx%d board at %.0f ms",
		              quoted, pos->size, pos->size, took);
	else if (kind == REPLY_MALFORMED)
		external_fail(e, FAULT_PROTOCOL, "malformed move '%s' at %.0f ms", quoted,
		              took);
	if (e->fault) {
		info->fault = e->fault;
		snprintf(info->fault_detail, sizeof info->fault_detail, "%s", e->detail);
		return POINT_NONE;
	}
	if (e->stop_between)
		proc_suspend(&e->proc);
	else if (e->ponder == PONDER_WATCH) {
		/* The wall clock first: a window measured too long is safe. */
		e->wall_at_move = clock_ms();
		e->cpu_at_move = proc_cpu_ms(&e->proc);
	}
	int m = board_point((int)x, (int)y);
	/* An occupied point is the arena's to judge (END_ILLEGAL, then
	 * external_end_game ends the process). */
	memcpy(e->known_moves, pos->moves, sizeof pos->moves[0] * (size_t)pos->count);
	e->known_moves[pos->count] = (int16_t)m;
	e->known = pos->count + 1;
	return m;
}
