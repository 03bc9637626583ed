/* external.c - any Gomocup engine as a player: the manager side of the
 * protocol (pbrain.c is the engine side).
 *
 * An instance keeps its engine's process from game to game: new_game sends
 * RESTART to the process of the last game and the engine answers OK, as
 * after START. A process that cannot go on is replaced by a fresh one, sent
 * START: the first game, restart = on (as the Gomocup judge, a process per
 * game), a last game that ended in the engine's fault, a dead process,
 * another board size (RESTART keeps the size), and an engine that failed a
 * RESTART once (an answer other than OK, no OK in timeout_start, death),
 * which gets a fresh process at once, without a fault. reuse takes new
 * parameters for the next game when only `log` and `info` differ (the new
 * INFO lines follow the RESTART) and the command line is the same.
 *
 * `{seed}` in `command` or `info` is the game's seed, the one create and
 * reuse are given (the arena's per-game seed of the player): an engine that
 * takes a seed plays the games an in-process player with that seed would
 * (`info = seed {seed}` for our pbrain engines). In `info` it costs
 * nothing; in `command` every game has another command line, so a fresh
 * process.
 *
 * new_game does not wait for OK: it sends START or RESTART and returns, so
 * that a game's two engines start together; the wait is at the first move
 * (external_start.c), with its deadline counted from the sending, and it
 * is not charged to the engine's clock. Within a game the arena sends one
 * command and waits for the answer, as the Gomocup manager does: after OK
 * the INFO lines, then per move the limits that changed, `INFO time_left`
 * and BEGIN, TURN or BOARD (external_move.c). Between its moves the engine
 * is stopped (SIGSTOP) with ponder = off, or with ponder = watch once its
 * CPU time showed it thinking then (external_watch_ponder); with
 * max_memory its resident size is watched.
 *
 * A fault (the process died, no move within the limit plus the tolerance,
 * a malformed or over-long reply, a point off the board, no OK to START,
 * too much memory) kills the process at once and is reported as
 * MoveInfo.fault with POINT_NONE and a detail, then again at every move
 * until the next game. A fault the referee finds (an occupied point, a
 * move past its own time limit) comes through end_game and kills the
 * process all the same. With log set, the conversation goes to that file.
 * destroy sends END (a process without a fault: no END between games), and
 * so does end_game with restart = on, right after the game's last move. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clock.h"
#include "err.h"
#include "external_impl.h"
#include "rules.h"

static const char *const off_on[] = {"off", "on", NULL};
static const char *const ponder_modes[] = {"off", "on", "watch", NULL};

/* How long a well-behaved engine gets to exit after END; how long a
 * crashing one gets to finish dying, so that its own exit status is kept
 * rather than our SIGKILL; the most of its stderr quoted in a fault's
 * detail. */
enum { STOP_GRACE_MS = 500, EXIT_GRACE_MS = 200, STDERR_QUOTE_MAX = 120 };

/* restart and every parameter added after it must not be PARAM_TEXT: a
 * ParamSet has PARAM_TEXT_SLOTS (4) text slots and the four above use
 * them. */
static const ParamDecl external_params[EXTERNAL_NPARAMS] = {
    [EXTERNAL_COMMAND] = {"command", PARAM_TEXT, 0, 0, 0, NULL, false,
                          "the engine and its arguments, split at blanks (\"...\" keeps "
                          "blanks), no shell; required"},
    [EXTERNAL_DIR] = {"dir", PARAM_TEXT, 0, 0, 0, NULL, false,
                      "the engine's working folder (default: the arena's)"},
    [EXTERNAL_INFO] = {"info", PARAM_TEXT, 0, 0, 0, NULL, false,
                       "more INFO lines for every game, as 'key value; key value'"},
    [EXTERNAL_TIMEOUT_TURN] = {"timeout_turn", PARAM_INT, 5000, 0, 1e9, NULL, false,
                               "ms per move (INFO timeout_turn); a ms budget replaces it"},
    [EXTERNAL_TIMEOUT_MATCH] = {"timeout_match", PARAM_INT, 0, 0, 1e12, NULL, false,
                                "ms for all the engine's moves of a game; 0 = no limit"},
    [EXTERNAL_TOLERANCE] = {"tolerance", PARAM_INT, 1000, 0, 1e9, NULL, false,
                            "ms past a limit before the engine loses on time"},
    [EXTERNAL_TIMEOUT_START] = {"timeout_start", PARAM_INT, 10000, 1, 1e9, NULL, false,
                                "ms to answer OK to START or RESTART"},
    [EXTERNAL_MAX_MEMORY] = {"max_memory", PARAM_INT, 0, 0, 1e15, NULL, false,
                             "bytes (INFO max_memory), enforced on the resident size; "
                             "0 = none"},
    [EXTERNAL_LOG] = {"log", PARAM_TEXT, 0, 0, 0, NULL, false,
                      "file the conversation with the engine is appended to; empty = "
                      "none",
                      true},
    [EXTERNAL_PONDER] = {"ponder", PARAM_CHOICE, PONDER_WATCH, 0, 2, ponder_modes, false,
                         "on: the engine may think on the opponent's time; off: "
                         "SIGSTOP between its moves; watch: SIGSTOP once its CPU "
                         "time shows it thinking between moves"},
    [EXTERNAL_RESTART] = {"restart", PARAM_CHOICE, 0, 0, 1, off_on, false,
                          "on: a fresh process for every game, as the Gomocup judge "
                          "does"},
    [EXTERNAL_LOG_MAX] = {"log_max", PARAM_INT, 16777216, 0, 1e15, NULL, false,
                          "bytes of a game's conversation log before the engine's "
                          "lines are cut (events go on); 0 = no cap",
                          true},
};

/* text with every {seed} replaced by seed, into out. Returns 0, or -1 if
 * it does not fit. */
static int expand_seed(const char *text, uint64_t seed, char *out, size_t outlen)
{
	char num[24];
	size_t mark = strlen(EXTERNAL_SEED_MARK),
	       numlen = (size_t)snprintf(num, sizeof num, "%" PRIu64, seed), len = 0;
	while (*text) {
		bool is_mark = strncmp(text, EXTERNAL_SEED_MARK, mark) == 0;
		size_t n = is_mark ? numlen : 1;
		if (len + n >= outlen)
			return -1;
		memcpy(out + len, is_mark ? num : text, n);
		len += n;
		text += is_mark ? mark : 1;
	}
	out[len] = '\0';
	return 0;
}

/* The INFO lines of a game with seed: `info` with {seed} replaced. Returns
 * 0, or -1 with a message. */
static int game_info(const ParamSet *ps, uint64_t seed, char *out, size_t outlen, char *err,
                     size_t errlen)
{
	char text[EXTERNAL_TEXT_MAX];
	if (expand_seed(param_text(ps, EXTERNAL_INFO), seed, text, sizeof text) < 0) {
		return err_set(err, errlen, "info: too long once {seed} is replaced");
	}
	return external_text_info(text, out, outlen, err, errlen);
}

static Player *external_create(const ParamSet *ps, uint64_t seed, char *err, size_t errlen)
{
	External *e = calloc(1, sizeof *e);
	if (!e) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	proc_init(&e->proc);
	proc_log_init(&e->log);
	e->proc.log = &e->log;
	e->ps = *ps;
	char msg[PROC_PATH_MAX + 128];
	const char *command = param_text(ps, EXTERNAL_COMMAND);
	if (!*command) {
		snprintf(err, errlen,
		         "external player: 'command' is required (the engine to run)");
		goto fail;
	}
	if (expand_seed(command, seed, e->command, sizeof e->command) < 0) {
		snprintf(err, errlen,
		         "external player: command too long once {seed} is "
		         "replaced");
		goto fail;
	}
	if (proc_cmd_split(e->command, e->argstore, sizeof e->argstore, e->argv,
	                   PROC_ARGS_MAX + 1, msg, sizeof msg) < 0 ||
	    proc_cmd_resolve(e->argv[0], e->path, sizeof e->path, msg, sizeof msg) < 0) {
		snprintf(err, errlen, "external player: %s", msg);
		goto fail;
	}
	snprintf(e->dir, sizeof e->dir, "%s", param_text(ps, EXTERNAL_DIR));
	struct stat st;
	if (e->dir[0] && (stat(e->dir, &st) < 0 || !S_ISDIR(st.st_mode))) {
		snprintf(err, errlen, "external player: dir '%s' is not a folder", e->dir);
		goto fail;
	}
	snprintf(e->log_path, sizeof e->log_path, "%s", param_text(ps, EXTERNAL_LOG));
	/* Checked now, but opened when a game starts: making a player must
	 * create no file. */
	if (e->log_path[0] && proc_log_check(e->log_path, msg, sizeof msg) < 0) {
		snprintf(err, errlen, "external player: %s", msg);
		goto fail;
	}
	if (game_info(ps, seed, e->info, sizeof e->info, msg, sizeof msg) < 0) {
		snprintf(err, errlen, "external player: %s", msg);
		goto fail;
	}
	e->timeout_turn = (int64_t)ps->v[EXTERNAL_TIMEOUT_TURN];
	e->timeout_match = (int64_t)ps->v[EXTERNAL_TIMEOUT_MATCH];
	e->tolerance = (int64_t)ps->v[EXTERNAL_TOLERANCE];
	e->timeout_start = (int64_t)ps->v[EXTERNAL_TIMEOUT_START];
	e->max_memory = (int64_t)ps->v[EXTERNAL_MAX_MEMORY];
	e->ponder = (ExternalPonder)ps->v[EXTERNAL_PONDER];
	e->stop_between = e->ponder == PONDER_OFF;
	e->cpu_at_move = -1;
	/* The CPUs the machine may bring online (a bound; an engine's affinity
	 * can only lower it). */
	long cpus = sysconf(_SC_NPROCESSORS_CONF);
	e->cpus = cpus > 0 && cpus < 1 << 20 ? (int)cpus : 1 << 20;
	e->restart = ps->v[EXTERNAL_RESTART] != 0;
	e->log.max = (long long)ps->v[EXTERNAL_LOG_MAX];
	e->proc.max_rss = e->max_memory;
	e->size = BOARD_DEFAULT;
	e->start = EXTERNAL_STARTED;
	e->fault = FAULT_CRASH; /* no process until new_game */
	snprintf(e->detail, sizeof e->detail, "no game started");
	return &e->base;
fail:
	free(e);
	return NULL;
}

/* The log and the INFO lines may change (the new ones are sent after the
 * RESTART, as after START), and the seed, unless the command line holds
 * it: everything else is the process's (its command line, folder, limits)
 * or decides how it is run. */
static bool external_reuse(Player *p, const ParamSet *ps, uint64_t seed)
{
	External *e = (External *)p;
	if (e->restart || ps->decl != e->ps.decl || ps->n != e->ps.n)
		return false;
	for (int i = 0; i < ps->n; i++) {
		if (i == EXTERNAL_LOG || i == EXTERNAL_INFO || i == EXTERNAL_LOG_MAX)
			continue;
		if (ps->decl[i].type == PARAM_TEXT
		        ? strcmp(param_text(ps, i), param_text(&e->ps, i)) != 0
		        : ps->v[i] != e->ps.v[i])
			return false;
	}
	char command[EXTERNAL_TEXT_MAX], info[EXTERNAL_INFO_MAX];
	if (expand_seed(param_text(ps, EXTERNAL_COMMAND), seed, command, sizeof command) <
	        0 ||
	    strcmp(command, e->command) != 0)
		return false; /* another command line: another process */
	const char *log = param_text(ps, EXTERNAL_LOG);
	char msg[PARAM_TEXT_MAX + 64];
	if (game_info(ps, seed, info, sizeof info, msg, sizeof msg) < 0 ||
	    (*log && proc_log_check(log, msg, sizeof msg) < 0))
		return false; /* create will say why */
	snprintf(e->log_path, sizeof e->log_path, "%s", log);
	e->log.max = (long long)ps->v[EXTERNAL_LOG_MAX];
	memcpy(e->info, info, sizeof e->info);
	e->ps = *ps;
	return true;
}

void external_stop(External *e)
{
	if (e->proc.pid && e->fault == FAULT_NONE) {
		proc_write(&e->proc, "END\n", clock_ms() + 100);
		proc_stop(&e->proc, STOP_GRACE_MS); /* continues it first */
	} else {
		proc_kill(&e->proc);
	}
}

static void external_destroy(Player *p)
{
	External *e = (External *)p;
	/* A start never waited for: its outcome says whether END is due. */
	external_start_finish(e, NULL);
	external_stop(e);
	proc_log_close(&e->log);
	free(e);
}

/* The referee's call: a fault it found in the engine's answer (a taken
 * point, a move past its time) ends the process as the engine's own faults
 * do, so that the next game gets a fresh one; with restart = on the
 * process is ended now (END, the grace period, then a kill), not when the
 * instance is next used, and the game's log is closed. */
static void external_end_game(Player *p, int fault, const char *detail)
{
	External *e = (External *)p;
	if (fault != FAULT_NONE && e->fault == FAULT_NONE)
		external_fail(e, fault, "%s", detail);
	if (!e->restart)
		return;
	external_start_finish(e, NULL); /* its outcome says whether END is due */
	external_stop(e);
	proc_log_close(&e->log);
}

int external_fail(External *e, int fault, const char *fmt, ...)
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

void external_watch_ponder(External *e)
{
	if (e->ponder != PONDER_WATCH || e->stop_between || e->cpu_at_move < 0)
		return;
	/* No process takes more CPU than the wall time on each CPU. */
	if ((clock_ms() - e->wall_at_move) * e->cpus <= EXTERNAL_PONDER_SLACK_MS) {
		e->cpu_at_move = -1;
		return;
	}
	double now = proc_cpu_ms(&e->proc), took = now - e->cpu_at_move;
	e->cpu_at_move = -1;
	if (now >= 0 && took <= EXTERNAL_PONDER_SLACK_MS)
		return;
	e->stop_between = true;
	if (now < 0)
		proc_log_event(&e->log, "ponder = watch: the CPU time cannot be read; "
		                        "stopped between moves from now on");
	else
		proc_log_event(&e->log,
		               "pondering: %.1f ms of CPU since its last move; stopped "
		               "between moves from now on",
		               took);
}

const char *external_skipped_text(const External *e, char *buf, size_t buflen)
{
	if (e->skipped == 0)
		return "";
	snprintf(buf, buflen, "; %d line%s skipped (last '%s')", e->skipped,
	         e->skipped == 1 ? "" : "s", e->last_skipped);
	return buf;
}

void external_skip_line(External *e, const char *line)
{
	if (!line[strspn(line, " \t")])
		return; /* blank lines (the LF of CR LF) are no news */
	e->skipped++;
	external_text_quote(e->last_skipped, sizeof e->last_skipped, line, strlen(line));
}

static void external_new_game(Player *p, int size, Rule rule)
{
	External *e = (External *)p;
	/* The last game's start, if no move was asked: settled first, so that
	 * the process is known to be good before it is kept. */
	external_start_finish(e, NULL);
	bool alive = e->proc.pid && e->fault == FAULT_NONE && proc_running(&e->proc);
	/* Why a process that could go on does not, for the log. */
	const char *why = e->restart || !e->proc.pid || e->fault ? NULL
	                  : e->restart_failed                    ? "RESTART failed before"
	                  : e->proc_size != size                 ? "another board size"
	                  : !alive                               ? "the process has died"
	                                                         : NULL;
	bool keep = alive && !e->restart && !why;
	if (!keep)
		external_stop(e); /* in the last game's log, if any */
	if (e->log_path[0]) {
		/* A log that cannot be opened (the folder checked at create has
		 * gone) costs the log, not the game. */
		char err[PARAM_TEXT_MAX + 64];
		if (proc_log_open(&e->log, e->log_path, clock_ms(), err, sizeof err) == 0)
			proc_log_event(&e->log, "new game %dx%d %s", size, size,
			               rule_name(rule));
	} else {
		proc_log_close(&e->log);
	}
	if (why)
		proc_log_event(&e->log, "a fresh process: %s", why);
	e->size = size;
	e->rule = rule;
	e->fault = FAULT_NONE;
	e->detail[0] = '\0';
	e->time_left = (double)e->timeout_match;
	e->asked = false;
	e->known = 0;
	external_start_begin(e, keep);
}

const PlayerType player_external = {
    .name = "external",
    .help = "any Gomocup (pbrain) engine, run as a child process under time limits",
    .params = external_params,
    .nparams = EXTERNAL_NPARAMS,
    .budgets = BUDGET_NODES | BUDGET_DEPTH | BUDGET_MS | BUDGET_GAME | BUDGET_INC,
    .create = external_create,
    .destroy = external_destroy,
    .new_game = external_new_game,
    .choose = external_move_choose,
    .reuse = external_reuse,
    .end_game = external_end_game,
};
