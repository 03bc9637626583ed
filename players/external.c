/* external.c - any Gomocup engine as a player: the manager side of the
 * protocol (pbrain.c is the engine side).
 *
 * Each game gets a fresh process: new_game stops the previous one (END,
 * then a kill if it lingers) and starts the command again, so nothing an
 * engine did in one game, a fault included, reaches the next. Within a game
 * the arena sends one command and waits for the answer, as the Gomocup
 * manager does: START and its OK, the INFO lines, then per move the limits
 * that changed, `INFO time_left` and BEGIN, TURN (the opponent's reply to
 * the engine's last move) or BOARD (any other position, stones in the order
 * played). Every move command thus starts with an INFO line, which protects
 * against engines that drop the first word read after their move. Between
 * its moves the engine is stopped (SIGSTOP) unless ponder is on; with
 * max_memory its resident size is watched.
 *
 * While waiting for a move, lines that are not moves (ERROR, MESSAGE,
 * chatter) are skipped and only the clock decides, as the Gomocup judge
 * does; a move-shaped line that is no move on the board is judged at once.
 *
 * A fault (the process died, no move within the limit plus the tolerance,
 * a malformed or over-long reply, a point off the board, no OK to START,
 * too much memory) kills the process at once and is reported as
 * MoveInfo.fault with POINT_NONE and a detail, then again at every move
 * until the next game. With log set, the conversation goes to that file. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "clock.h"
#include "external_proc.h"
#include "external_text.h"
#include "proc_cmd.h"
#include "proc_log.h"
#include "rules.h"
#include "player.h"

enum {
	P_COMMAND,
	P_DIR,
	P_INFO,
	P_TIMEOUT_TURN,
	P_TIMEOUT_MATCH,
	P_TOLERANCE,
	P_TIMEOUT_START,
	P_MAX_MEMORY,
	P_LOG,
	P_PONDER,
	P_COUNT
};

static const char *const off_on[] = {"off", "on", NULL};

/* How long a well-behaved engine gets to exit after END; how long a
 * crashing one gets to finish dying, so that its own exit status is kept
 * rather than our SIGKILL; the most of its stderr quoted in a fault's
 * detail. */
enum {
	STOP_GRACE_MS = 500,
	EXIT_GRACE_MS = 200,
	STDERR_QUOTE_MAX = 120,
	INFO_TEXT_MAX = 1024,
	TIME_LEFT_NONE = 2147483647
};

static const ParamDecl external_params[P_COUNT] = {
    [P_COMMAND] = {"command", PARAM_TEXT, 0, 0, 0, NULL, false,
                   "the engine and its arguments, split at blanks (\"...\" keeps blanks), "
                   "no shell; required"},
    [P_DIR] = {"dir", PARAM_TEXT, 0, 0, 0, NULL, false,
               "the engine's working folder (default: the arena's)"},
    [P_INFO] = {"info", PARAM_TEXT, 0, 0, 0, NULL, false,
                "more INFO lines for every game, as 'key value; key value'"},
    [P_TIMEOUT_TURN] = {"timeout_turn", PARAM_INT, 5000, 0, 1e9, NULL, false,
                        "ms per move (INFO timeout_turn); a ms budget replaces it"},
    [P_TIMEOUT_MATCH] = {"timeout_match", PARAM_INT, 0, 0, 1e12, NULL, false,
                         "ms for all the engine's moves of a game; 0 = no limit"},
    [P_TOLERANCE] = {"tolerance", PARAM_INT, 1000, 0, 1e9, NULL, false,
                     "ms past a limit before the engine loses on time"},
    [P_TIMEOUT_START] = {"timeout_start", PARAM_INT, 10000, 1, 1e9, NULL, false,
                         "ms to start and answer OK to START"},
    [P_MAX_MEMORY] = {"max_memory", PARAM_INT, 0, 0, 1e15, NULL, false,
                      "bytes (INFO max_memory), enforced on the resident size; 0 = none"},
    [P_LOG] = {"log", PARAM_TEXT, 0, 0, 0, NULL, false,
               "file the conversation with the engine is appended to; empty = none"},
    [P_PONDER] = {"ponder", PARAM_CHOICE, 0, 0, 1, off_on, false,
                  "let the engine run on the opponent's time (off: SIGSTOP between moves)"},
};

typedef struct {
	Player base;
	char path[PROC_PATH_MAX];
	char *argv[PROC_ARGS_MAX + 1];
	char argstore[PARAM_TEXT_MAX];
	char dir[PARAM_TEXT_MAX];
	char info[INFO_TEXT_MAX]; /* the INFO lines of game start, ready to send */
	char log_path[PARAM_TEXT_MAX];
	ProcLog log; /* open from new_game while log_path is set */
	int64_t timeout_turn, timeout_match, tolerance, timeout_start, max_memory;
	bool ponder; /* never stop the engine */
	Proc proc;
	Rule rule;
	int size;
	int fault;                     /* FAULT_* of this game, sticky until new_game */
	char detail[FAULT_DETAIL_MAX]; /* and what happened, as MoveInfo says */
	int skipped;                   /* lines skipped in this wait */
	char last_skipped[EXTERNAL_QUOTE_MAX + 4];
	int64_t told_turn;   /* the timeout_turn the engine was last told */
	uint64_t told_nodes; /* and max_node, max_depth (0: none told) */
	int told_depth;
	double time_left; /* ms of the match clock (timeout_match > 0) */
	bool asked;       /* the engine was asked for a move this game */
	int known;        /* the stones the engine knows, in order */
	int16_t known_moves[BOARD_MAX_MOVES];
} External;

static Player *external_create(const ParamSet *ps, uint64_t seed, char *err, size_t errlen)
{
	(void)seed; /* an engine has its own; put it in the command if it takes one */
	External *e = calloc(1, sizeof *e);
	if (!e) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	proc_init(&e->proc);
	proc_log_init(&e->log);
	e->proc.log = &e->log;
	char msg[PROC_PATH_MAX + 128];
	const char *command = param_text(ps, P_COMMAND);
	if (!*command) {
		snprintf(err, errlen,
		         "external player: 'command' is required (the engine to run)");
		goto fail;
	}
	if (proc_cmd_split(command, e->argstore, sizeof e->argstore, e->argv,
	                   PROC_ARGS_MAX + 1, msg, sizeof msg) < 0 ||
	    proc_cmd_resolve(e->argv[0], e->path, sizeof e->path, msg, sizeof msg) < 0) {
		snprintf(err, errlen, "external player: %s", msg);
		goto fail;
	}
	snprintf(e->dir, sizeof e->dir, "%s", param_text(ps, P_DIR));
	struct stat st;
	if (e->dir[0] && (stat(e->dir, &st) < 0 || !S_ISDIR(st.st_mode))) {
		snprintf(err, errlen, "external player: dir '%s' is not a folder", e->dir);
		goto fail;
	}
	snprintf(e->log_path, sizeof e->log_path, "%s", param_text(ps, P_LOG));
	/* Checked now, but opened when a game starts: making a player must
	 * create no file. */
	if (e->log_path[0] && proc_log_check(e->log_path, msg, sizeof msg) < 0) {
		snprintf(err, errlen, "external player: %s", msg);
		goto fail;
	}
	if (external_text_info(param_text(ps, P_INFO), e->info, sizeof e->info, msg,
	                       sizeof msg) < 0) {
		snprintf(err, errlen, "external player: %s", msg);
		goto fail;
	}
	e->timeout_turn = (int64_t)ps->v[P_TIMEOUT_TURN];
	e->timeout_match = (int64_t)ps->v[P_TIMEOUT_MATCH];
	e->tolerance = (int64_t)ps->v[P_TOLERANCE];
	e->timeout_start = (int64_t)ps->v[P_TIMEOUT_START];
	e->max_memory = (int64_t)ps->v[P_MAX_MEMORY];
	e->ponder = ps->v[P_PONDER] != 0;
	e->proc.max_rss = e->max_memory;
	e->size = BOARD_DEFAULT;
	e->fault = FAULT_CRASH; /* no process until new_game */
	snprintf(e->detail, sizeof e->detail, "no game started");
	return &e->base;
fail:
	free(e);
	return NULL;
}

/* Ends the engine of the last game: politely if it behaved. */
static void stop_engine(External *e)
{
	if (e->proc.pid && e->fault == FAULT_NONE) {
		proc_resume(&e->proc);
		proc_write(&e->proc, "END\n", clock_ms() + 100);
		proc_stop(&e->proc, STOP_GRACE_MS);
	} else {
		proc_kill(&e->proc);
	}
}

static void external_destroy(Player *p)
{
	External *e = (External *)p;
	stop_engine(e);
	proc_log_close(&e->log);
	free(e);
}

/* Ends the engine's game with fault: kills the process (a dying one is
 * given a moment to die of its own cause) and keeps the detail: what
 * happened (fmt), how the process ended unless we killed it, and the tail
 * of its stderr. */
static int fail(External *e, int fault, const char *fmt, ...)
{
	char what[FAULT_DETAIL_MAX], how[64] = "", tail[STDERR_QUOTE_MAX + 1];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	if (fault == FAULT_CRASH)
		proc_wait_exit(&e->proc, clock_ms() + EXIT_GRACE_MS);
	proc_kill(&e->proc);
	if (!e->proc.killed)
		proc_exit_text(&e->proc, how, sizeof how);
	proc_stderr_tail(&e->proc, tail, sizeof tail);
	/* What happened first; the stderr tail gets the room that is left. */
	int n =
	    snprintf(e->detail, sizeof e->detail, "%s%s%s", what, *how ? "; " : "", how);
	if (n >= 0 && (size_t)n < sizeof e->detail - 1 && *tail)
		snprintf(e->detail + n, sizeof e->detail - (size_t)n, "; stderr: %s", tail);
	external_text_sanitise(e->detail);
	proc_log_event(&e->log, "fault %s: %s", external_text_fault(fault), e->detail);
	e->fault = fault;
	return fault;
}

/* "; N lines skipped (last '...')" for a wait that ended without its answer. */
static const char *skipped_text(const External *e, char *buf, size_t buflen)
{
	if (e->skipped == 0)
		return "";
	snprintf(buf, buflen, "; %d line%s skipped (last '%s')", e->skipped,
	         e->skipped == 1 ? "" : "s", e->last_skipped);
	return buf;
}

/* A line that is not the awaited answer: counted, kept for the detail. */
static void skip_line(External *e, const char *line)
{
	if (!line[strspn(line, " \t")])
		return; /* blank lines (the LF of CR LF) are no news */
	e->skipped++;
	external_text_quote(e->last_skipped, sizeof e->last_skipped, line, strlen(line));
}

/* Starts the engine and sends START and the INFO lines. */
static int start_engine(External *e)
{
	char err[PROC_PATH_MAX + 128], line[PROC_LINE_MAX], cmd[512],
	    quoted[EXTERNAL_QUOTE_MAX + 4], skips[EXTERNAL_QUOTE_MAX + 48];
	if (proc_start(&e->proc, e->path, e->argv, e->dir, err, sizeof err) < 0)
		return fail(e, FAULT_CRASH, "%s", err);
	double t0 = clock_ms(), deadline = t0 + (double)e->timeout_start;
	snprintf(cmd, sizeof cmd, "START %d\n", e->size);
	ProcStatus st = proc_write(&e->proc, cmd, deadline);
	e->skipped = 0;
	while (st == PROC_OK) {
		st = proc_read_line(&e->proc, line, deadline);
		if (st != PROC_OK)
			break;
		/* As c-gomoku-cli: OK ends the wait, ERROR (a size it lacks,
		 * say) is a refusal, anything else is skipped. */
		const char *s = line + strspn(line, " \t");
		size_t n = strcspn(s, " \t");
		if (external_text_word_is(s, n, "ERROR")) {
			external_text_quote(quoted, sizeof quoted, line, strlen(line));
			return fail(e, FAULT_PROTOCOL, "START answered '%s' at %.0f ms",
			            quoted, clock_ms() - t0);
		}
		if (external_text_word_is(s, n, "OK"))
			break;
		skip_line(e, line);
	}
	/* No OK in time is a protocol fault, not a slow move. */
	if (st == PROC_EOF)
		return fail(e, FAULT_CRASH, "output closed before OK to START (%.0f ms)%s",
		            clock_ms() - t0, skipped_text(e, skips, sizeof skips));
	if (st == PROC_TIMEOUT)
		return fail(e, FAULT_PROTOCOL, "no OK to START in %.0f ms%s",
		            clock_ms() - t0, skipped_text(e, skips, sizeof skips));
	if (st == PROC_LONG) {
		external_text_quote(quoted, sizeof quoted, e->proc.buf, sizeof e->proc.buf);
		return fail(e, FAULT_PROTOCOL,
		            "line over %d bytes before OK to START: '%s'",
		            PROC_LINE_MAX - 1, quoted);
	}
	if (st == PROC_MEMORY)
		return fail(e, FAULT_MEMORY,
		            "resident %" PRId64 " bytes over max_memory %" PRId64
		            " before OK to START (%.0f ms)",
		            e->proc.rss, e->max_memory, clock_ms() - t0);
	static const int rule_code[RULE_COUNT] = {
	    [RULE_FREESTYLE] = 0, [RULE_STANDARD] = 1, [RULE_RENJU] = 4};
	int len = snprintf(cmd, sizeof cmd,
	                   "INFO timeout_turn %" PRId64 "\nINFO timeout_match %" PRId64
	                   "\nINFO rule %d\nINFO game_type 1\n",
	                   e->timeout_turn, e->timeout_match, rule_code[e->rule]);
	if (e->max_memory > 0)
		snprintf(cmd + len, sizeof cmd - (size_t)len,
		         "INFO max_memory %" PRId64 "\n", e->max_memory);
	deadline = clock_ms() + (double)e->timeout_start;
	if ((st = proc_write(&e->proc, cmd, deadline)) != PROC_OK ||
	    (st = proc_write(&e->proc, e->info, deadline)) != PROC_OK)
		return st == PROC_EOF
		           ? fail(e, FAULT_CRASH, "input closed after OK to START")
		           : fail(e, FAULT_PROTOCOL, "reads no input after OK to START");
	if (proc_check_memory(&e->proc) == PROC_MEMORY)
		return fail(e, FAULT_MEMORY,
		            "resident %" PRId64
		            " bytes (process group) over max_memory %" PRId64
		            " after START",
		            e->proc.rss, e->max_memory);
	e->told_turn = e->timeout_turn;
	if (!e->ponder) /* as the Gomocup judge: no thinking on the opponent's time */
		proc_suspend(&e->proc);
	return FAULT_NONE;
}

static void external_new_game(Player *p, int size, Rule rule)
{
	External *e = (External *)p;
	stop_engine(e);
	if (e->log_path[0]) {
		/* A log that cannot be opened (the folder checked at create has
		 * gone) costs the log, not the game. */
		char err[PARAM_TEXT_MAX + 64];
		if (proc_log_open(&e->log, e->log_path, clock_ms(), err, sizeof err) == 0)
			proc_log_event(&e->log, "new game %dx%d %s", size, size,
			               rule_name(rule));
	}
	e->size = size;
	e->rule = rule;
	e->fault = FAULT_NONE;
	e->detail[0] = '\0';
	e->time_left = (double)e->timeout_match;
	e->told_nodes = 0;
	e->told_depth = 0;
	e->asked = false;
	e->known = 0;
	start_engine(e);
}

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

/* The command that asks for a move in pos: the limits that changed, INFO
 * time_left, the position. Returns the time limit of the move in ms. */
static double move_command(External *e, const Board *pos, const Budget *budget, char *cmd,
                           size_t cmdlen)
{
	int64_t turn = budget && budget->ms > 0 ? budget->ms : e->timeout_turn;
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
	int64_t left = TIME_LEFT_NONE;
	if (e->timeout_match > 0) {
		left = e->time_left > 0 ? (int64_t)e->time_left : 0;
		if ((double)left < limit)
			limit = (double)left;
	}
	snprintf(cmd + len, cmdlen - len, "INFO time_left %" PRId64 "\n", left);
	position_command(e, pos, cmd, cmdlen);
	return limit;
}

static int external_choose(Player *p, const Board *pos, const Budget *budget,
                           MoveInfo *info)
{
	External *e = (External *)p;
	if (e->fault || !e->proc.pid) {
		info->fault = e->fault ? e->fault : FAULT_CRASH;
		snprintf(info->fault_detail, sizeof info->fault_detail, "%s", e->detail);
		return POINT_NONE;
	}
	/* Room for INFO lines and a BOARD of every point. */
	char cmd[256 + BOARD_MAX_MOVES * 12], line[PROC_LINE_MAX],
	    quoted[EXTERNAL_QUOTE_MAX + 4], skips[EXTERNAL_QUOTE_MAX + 48];
	double limit = move_command(e, pos, budget, cmd, sizeof cmd);
	proc_resume(&e->proc);
	double t0 = clock_ms(), deadline = t0 + limit + (double)e->tolerance;
	ProcStatus st = proc_write(&e->proc, cmd, deadline);
	bool sent = st == PROC_OK;
	e->asked = true;
	e->skipped = 0;
	long x = -1, y = -1;
	ExternalReply kind = REPLY_OTHER;
	while (st == PROC_OK && kind == REPLY_OTHER) {
		/* Only the clock ends the wait for a move: lines that are not
		 * moves (an ERROR to a garbled INFO, say) are skipped, as the
		 * Gomocup judge and c-gomoku-cli skip them. */
		st = proc_read_line(&e->proc, line, deadline);
		if (st == PROC_OK &&
		    (kind = external_text_reply(line, pos->size, &x, &y)) == REPLY_OTHER)
			skip_line(e, line);
	}
	double took = clock_ms() - t0;
	e->time_left -= took;
	if (st == PROC_OK && kind != REPLY_MOVE)
		external_text_quote(quoted, sizeof quoted, line, strlen(line));
	if (st == PROC_LONG)
		external_text_quote(quoted, sizeof quoted, e->proc.buf, sizeof e->proc.buf);
	/* Its move read, the engine's helpers count too (once a move: the
	 * walk of /proc is too dear for every sample). */
	if (st == PROC_OK && kind == REPLY_MOVE)
		st = proc_check_memory(&e->proc);
	if (st == PROC_MEMORY)
		fail(e, FAULT_MEMORY,
		     "resident %" PRId64 " bytes%s over max_memory %" PRId64 " at %.0f ms",
		     e->proc.rss, kind == REPLY_MOVE ? " (process group)" : "",
		     e->max_memory, took);
	else if (!sent) /* it reads no more: dead, or stuck with its input full */
		fail(e, st == PROC_EOF ? FAULT_CRASH : FAULT_TIMEOUT,
		     "command not sent in %.0f ms (input %s)", took,
		     st == PROC_EOF ? "closed" : "full");
	else if (st == PROC_EOF)
		fail(e, FAULT_CRASH, "output closed at %.0f ms (limit %.0f)%s", took, limit,
		     skipped_text(e, skips, sizeof skips));
	else if (st == PROC_TIMEOUT)
		fail(e, FAULT_TIMEOUT,
		     "no move in %.0f ms (limit %.0f + tolerance %" PRId64 ")%s", took,
		     limit, e->tolerance, skipped_text(e, skips, sizeof skips));
	else if (st == PROC_LONG)
		fail(e, FAULT_PROTOCOL, "line over %d bytes at %.0f ms: '%s'",
		     PROC_LINE_MAX - 1, took, quoted);
	else if (kind == REPLY_OFF_BOARD)
		fail(e, FAULT_ILLEGAL, "move '%s' off the %dx%d board at %.0f ms", quoted,
		     pos->size, pos->size, took);
	else if (kind == REPLY_MALFORMED)
		fail(e, FAULT_PROTOCOL, "malformed move '%s' at %.0f ms", quoted, took);
	if (e->fault) {
		info->fault = e->fault;
		snprintf(info->fault_detail, sizeof info->fault_detail, "%s", e->detail);
		return POINT_NONE;
	}
	if (!e->ponder)
		proc_suspend(&e->proc);
	int m = board_point((int)x, (int)y);
	/* An occupied point is the arena's to judge (END_ILLEGAL). */
	memcpy(e->known_moves, pos->moves, sizeof pos->moves[0] * (size_t)pos->count);
	e->known_moves[pos->count] = (int16_t)m;
	e->known = pos->count + 1;
	return m;
}

const PlayerType player_external = {
    .name = "external",
    .help = "any Gomocup (pbrain) engine, run as a child process under time limits",
    .params = external_params,
    .nparams = P_COUNT,
    .budgets = BUDGET_NODES | BUDGET_DEPTH | BUDGET_MS,
    .create = external_create,
    .destroy = external_destroy,
    .new_game = external_new_game,
    .choose = external_choose,
};
