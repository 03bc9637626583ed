/* external_start.c - the start of an engine's game: START to a fresh
 * process or RESTART to the last game's, the wait for OK, the INFO lines.
 *
 * The two halves run apart so that both engines of a game start at once:
 * new_game sends, the first move (or the next new_game, or destroy) waits.
 * The wait's deadline is timeout_start from the sending; none of it is on
 * the engine's move clock, which starts with its first move command, as
 * the Gomocup judge's starts with the first TURN, BEGIN or BOARD (the
 * protocol: "time for a turn includes processing of all commands except
 * initialization (commands START, RECTSTART, RESTART)").
 *
 * A RESTART that fails is no fault of the game: the process is ended and a
 * fresh one sent START, with a new timeout_start. The protocol has the
 * manager send END and run the engine again when it answers UNKNOWN; an
 * engine that answers anything but OK (ERROR, as Rapfi answers a command
 * it lacks) gets END too, one that is silent or dead is killed. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "external_impl.h"

enum { INFO_CMD_MAX = 512, REFUSED_GRACE_MS = 500 };

/* A fresh process, sent START: its answer is read later. */
static void launch(External *e)
{
	char err[PROC_PATH_MAX + 128], cmd[32];
	e->start = EXTERNAL_STARTED;
	/* A new process knows no limit but what it will be told. */
	e->told_nodes = 0;
	e->told_depth = 0;
	e->told_inc = 0;
	e->cpu_at_move = -1; /* another process's clock */
	if (proc_start(&e->proc, e->path, e->argv, e->dir, err, sizeof err) < 0) {
		external_fail(e, FAULT_CRASH, "%s", err);
		return;
	}
	e->proc_size = e->size;
	e->start_sent = clock_ms();
	snprintf(cmd, sizeof cmd, "START %d\n", e->size);
	/* A write that fails shows again as the EOF or the silence of the
	 * wait for OK, which says it with the time. */
	proc_write(&e->proc, cmd, e->start_sent + (double)e->timeout_start);
	e->start = EXTERNAL_START_SENT;
}

void external_start_begin(External *e, bool with_restart)
{
	if (!with_restart) {
		launch(e);
		return;
	}
	proc_log_event(&e->log, "same process, pid %ld", (long)e->proc.pid);
	external_watch_ponder(e); /* since its last move of the last game */
	e->start_sent = clock_ms();
	e->start = EXTERNAL_RESTART_SENT;
	/* Written before the engine is continued, as a move (external_move.c). */
	proc_write(&e->proc, "RESTART\n", e->start_sent + (double)e->timeout_start);
	proc_resume(&e->proc);
}

/* The wait for OK. Returns PROC_OK with *refused false on OK, PROC_OK with
 * *refused true on a refusal (quoted in refusal), or how the wait ended. As
 * c-gomoku-cli for START: OK ends the wait, ERROR (a size it lacks, say) is
 * a refusal, anything else is skipped; to RESTART UNKNOWN is a refusal too
 * (the protocol's answer to a command an engine lacks). */
static ProcStatus wait_ok(External *e, bool restarting, bool *refused, char *refusal,
                          size_t refusal_len)
{
	char line[PROC_LINE_MAX];
	double deadline = e->start_sent + (double)e->timeout_start;
	e->skipped = 0;
	*refused = false;
	for (;;) {
		ProcStatus st = proc_read_line(&e->proc, line, deadline);
		if (st != PROC_OK)
			return st;
		const char *s = line + strspn(line, " \t");
		size_t n = strcspn(s, " \t");
		if (external_text_word_is(s, n, "OK"))
			return PROC_OK;
		if (external_text_word_is(s, n, "ERROR") ||
		    (restarting && external_text_word_is(s, n, "UNKNOWN"))) {
			*refused = true;
			external_text_quote(refusal, refusal_len, line, strlen(line));
			return PROC_OK;
		}
		external_skip_line(e, line);
	}
}

/* The RESTART of the kept process failed (st, refused): a fresh process
 * instead, without a fault. */
static void restart_failed(External *e, ProcStatus st, bool refused, const char *refusal)
{
	char skips[EXTERNAL_QUOTE_MAX + 48];
	double ms = clock_ms() - e->start_sent;
	const char *skipped = external_skipped_text(e, skips, sizeof skips);
	if (refused)
		proc_log_event(&e->log,
		               "RESTART failed: answered '%s' at %.0f ms; a fresh process",
		               refusal, ms);
	else if (st == PROC_EOF)
		proc_log_event(
		    &e->log, "RESTART failed: output closed at %.0f ms%s; a fresh process",
		    ms, skipped);
	else if (st == PROC_TIMEOUT)
		proc_log_event(&e->log,
		               "RESTART failed: no OK in %.0f ms%s; a fresh process", ms,
		               skipped);
	else
		proc_log_event(&e->log, "RESTART failed: %s at %.0f ms; a fresh process",
		               st == PROC_LONG ? "an over-long line" : "over max_memory",
		               ms);
	e->restart_failed = true;
	if (refused) { /* it listens: as the protocol says, END and run it again */
		proc_write(&e->proc, "END\n", clock_ms() + 100);
		proc_stop(&e->proc, REFUSED_GRACE_MS);
	} else {
		proc_kill(&e->proc);
	}
	launch(e);
}

/* A fresh process's wait for OK ended without it (st, refused): the fault
 * of the game. */
static int start_failed(External *e, ProcStatus st, bool refused, const char *refusal)
{
	char skips[EXTERNAL_QUOTE_MAX + 48], quoted[EXTERNAL_QUOTE_MAX + 4];
	double ms = clock_ms() - e->start_sent;
	const char *skipped = external_skipped_text(e, skips, sizeof skips);
	if (refused)
		return external_fail(e, FAULT_PROTOCOL, "START answered '%s' at %.0f ms",
		                     refusal, ms);
	/* No OK in time is a protocol fault, not a slow move. */
	if (st == PROC_EOF)
		return external_fail(e, FAULT_CRASH,
		                     "output closed before OK to START (%.0f ms)%s", ms,
		                     skipped);
	if (st == PROC_TIMEOUT)
		return external_fail(e, FAULT_PROTOCOL, "no OK to START in %.0f ms%s", ms,
		                     skipped);
	if (st == PROC_LONG) {
		external_text_quote(quoted, sizeof quoted, e->proc.buf, sizeof e->proc.buf);
		return external_fail(e, FAULT_PROTOCOL,
		                     "line over %d bytes before OK to START: '%s'",
		                     PROC_LINE_MAX - 1, quoted);
	}
	return external_fail(e, FAULT_MEMORY,
	                     "resident %" PRId64 " bytes over max_memory %" PRId64
	                     " before OK to START (%.0f ms)",
	                     e->proc.rss, e->max_memory, ms);
}

/* After OK: the game's INFO lines, with the limits of budget (the first
 * move's, so that each is told once and right). */
static int send_info(External *e, const Budget *budget)
{
	int64_t turn, match;
	external_limits(e, budget, &turn, &match);
	static const int rule_code[RULE_COUNT] = {
	    [RULE_FREESTYLE] = 0, [RULE_STANDARD] = 1, [RULE_RENJU] = 4};
	char cmd[INFO_CMD_MAX];
	int len = snprintf(cmd, sizeof cmd,
	                   "INFO timeout_turn %" PRId64 "\nINFO timeout_match %" PRId64
	                   "\nINFO rule %d\nINFO game_type 1\n",
	                   turn, match, rule_code[e->rule]);
	if (e->max_memory > 0)
		snprintf(cmd + len, sizeof cmd - (size_t)len,
		         "INFO max_memory %" PRId64 "\n", e->max_memory);
	double deadline = clock_ms() + (double)e->timeout_start;
	ProcStatus st;
	if ((st = proc_write(&e->proc, cmd, deadline)) != PROC_OK ||
	    (st = proc_write(&e->proc, e->info, deadline)) != PROC_OK)
		return st == PROC_EOF
		           ? external_fail(e, FAULT_CRASH, "input closed after OK to START")
		           : external_fail(e, FAULT_PROTOCOL,
		                           "reads no input after OK to START");
	if (proc_check_memory(&e->proc) == PROC_MEMORY)
		return external_fail(e, FAULT_MEMORY,
		                     "resident %" PRId64
		                     " bytes (process group) over max_memory %" PRId64
		                     " after START",
		                     e->proc.rss, e->max_memory);
	e->told_turn = turn;
	e->told_match = match;
	return FAULT_NONE;
}

int external_start_finish(External *e, const Budget *budget)
{
	while (e->start != EXTERNAL_STARTED) {
		bool restarting = e->start == EXTERNAL_RESTART_SENT, refused;
		char refusal[EXTERNAL_QUOTE_MAX + 4];
		ProcStatus st = wait_ok(e, restarting, &refused, refusal, sizeof refusal);
		e->start = EXTERNAL_STARTED;
		if (st == PROC_OK && !refused)
			return send_info(e, budget);
		if (!restarting)
			return start_failed(e, st, refused, refusal);
		restart_failed(e, st, refused, refusal); /* START sent: wait again */
	}
	return e->fault;
}
