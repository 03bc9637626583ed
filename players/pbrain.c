/* pbrain.c - the Gomocup protocol, engine side.
 *
 * One Session holds the game as the manager described it. Replies are
 * written and flushed one at a time; every error is a reply, never a stop.
 * Lines are read a character at a time into a fixed buffer: a CR ends a line
 * at once (waiting to see whether a LF follows could block a manager that
 * sends CR alone), and a LF right after it is skipped. */
#define _POSIX_C_SOURCE 200809L
#include "pbrain.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "coord.h"
#include "moves.h"
#include "rules.h"

enum { ERR_MAX = 256, COLOR_NONE = -1 };

typedef enum { LINE_OK, LINE_LONG, LINE_EOF } LineStatus;

typedef struct {
	FILE *in;
	bool skip_lf; /* the last line ended in CR */
} Reader;

typedef struct {
	const PbrainOptions *opt;
	FILE *out;
	bool failed;    /* a write to out failed */
	Player *player; /* NULL until needed: made by the first move of a game */
	bool started;
	Board b;
	int me;    /* our colour, or COLOR_NONE until known */
	Rule rule; /* from INFO rule; kept for later games */
	PbrainTimes times;
	double spent_ms;    /* our thinking time this game */
	int64_t max_memory; /* bytes; 0: no limit */
	/* Between BOARD and DONE: the stones in order, and the first error. */
	bool in_board;
	int setup_count, setup_line;
	int16_t setup_point[BOARD_MAX_MOVES];
	uint8_t setup_field[BOARD_MAX_MOVES];
	uint8_t setup_taken[BOARD_CELLS];
	char setup_err[ERR_MAX];
} Session;

static LineStatus read_line(Reader *r, char *buf, size_t cap)
{
	size_t n = 0;
	bool too_long = false;
	int c = getc(r->in);
	if (r->skip_lf) {
		r->skip_lf = false;
		if (c == '\n')
			c = getc(r->in);
	}
	if (c == EOF)
		return LINE_EOF;
	for (; c != EOF && c != '\n' && c != '\r'; c = getc(r->in)) {
		if (n + 1 < cap)
			buf[n++] = (char)c;
		else
			too_long = true;
	}
	r->skip_lf = c == '\r';
	buf[n] = '\0';
	return too_long ? LINE_LONG : LINE_OK;
}

static void reply(Session *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (vfprintf(s->out, fmt, ap) < 0 || fputc('\n', s->out) == EOF ||
	    fflush(s->out) == EOF)
		s->failed = true;
	va_end(ap);
}

/* Case-insensitive: is the n-byte word w the keyword kw? */
static bool word_is(const char *w, size_t n, const char *kw)
{
	if (strlen(kw) != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (tolower((unsigned char)w[i]) != tolower((unsigned char)kw[i]))
			return false;
	return true;
}

/* Reads n comma-separated whole numbers (blanks allowed around them) making
 * up all of text. Returns 0 or -1. */
static int parse_ints(const char *text, long *v, int n)
{
	const char *s = text;
	for (int i = 0; i < n; i++) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (!isdigit((unsigned char)*s) && *s != '-')
			return -1;
		char *end;
		errno = 0;
		v[i] = strtol(s, &end, 10);
		if (end == s || errno)
			return -1;
		s = end;
		while (*s == ' ' || *s == '\t')
			s++;
		if (i + 1 < n && *s++ != ',')
			return -1;
	}
	return *s ? -1 : 0;
}

/* Five in a row for the colour of its stones, under the board's rule. */
static bool has_five(const Board *b)
{
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++) {
			int p = board_point(x, y), c = b->cell[p];
			if (c != CELL_BLACK && c != CELL_WHITE)
				continue;
			bool exact = b->rule == RULE_STANDARD ||
			             (b->rule == RULE_RENJU && c == CELL_BLACK);
			for (int d = 0; d < 4; d++) {
				int step = board_step[d], n = 1;
				if (b->cell[p - step] == c)
					continue; /* counted from the start of its run */
				while (b->cell[p + n * step] == c)
					n++;
				if (exact ? n == 5 : n >= 5)
					return true;
			}
		}
	return false;
}

int64_t pbrain_budget_ms(const PbrainTimes *t, double spent_ms, int empty)
{
	double turn = t->timeout_turn < 0 ? 30000 : (double)t->timeout_turn;
	double left = INFINITY;
	if (t->time_left >= 0)
		left = (double)t->time_left;
	else if (t->timeout_match != 0)
		left = (t->timeout_match < 0 ? 1e9 : (double)t->timeout_match) - spent_ms;
	double moves_left = empty / 6 > 8 ? empty / 6 : 8;
	double share = left / moves_left;
	double ms = (turn < share ? turn : share) * 0.95 - 30;
	return ms < 1 ? 1 : ms > 1e15 ? (int64_t)1e15 : (int64_t)ms;
}

/* opt->params with a memory parameter lowered to half of max_memory. */
static void effective_params(const Session *s, ParamSet *ps)
{
	static const char *const memory_params[] = {"hash_mb", "pool_mb", "nodes_mb"};
	const PlayerType *t = s->opt->type;
	if (s->opt->params.decl == t->params)
		*ps = s->opt->params;
	else
		param_defaults(ps, t->params, t->nparams);
	if (s->max_memory <= 0)
		return;
	double cap = (double)(s->max_memory / 2) / (1024.0 * 1024.0);
	for (size_t k = 0; k < sizeof memory_params / sizeof memory_params[0]; k++) {
		int i = param_find(ps, memory_params[k]);
		if (i >= 0 && ps->v[i] > cap)
			param_set_value(ps, i,
			                ps->decl[i].type == PARAM_REAL ? cap : floor(cap));
	}
}

static void drop_player(Session *s)
{
	player_destroy(s->player);
	s->player = NULL;
}

static Player *ensure_player(Session *s, char *err, size_t errlen)
{
	if (s->player)
		return s->player;
	ParamSet ps;
	effective_params(s, &ps);
	snprintf(err, errlen, "cannot create the player");
	s->player = player_create(s->opt->type, &ps, s->opt->seed, err, errlen);
	if (s->player)
		player_new_game(s->player, s->b.size, s->b.rule);
	return s->player;
}

static void new_game(Session *s, int size)
{
	board_init(&s->b, size, s->rule);
	s->started = true;
	s->me = COLOR_NONE;
	s->spent_ms = 0;
	s->times.time_left = -1;
	drop_player(s);
}

static bool game_over(const Session *s, char *err, size_t errlen)
{
	if (has_five(&s->b))
		snprintf(err, errlen, "the game is over: there is a five on the board");
	else if (board_full(&s->b))
		snprintf(err, errlen, "the game is over: the board is full");
	else
		return false;
	return true;
}

static void message_info(Session *s, const Budget *budget, const MoveInfo *info)
{
	char pv[PV_MAX * 8] = "", score[32] = "";
	size_t len = 0;
	for (int i = 0; i < info->pv_len && len + 8 < sizeof pv; i++)
		len += (size_t)snprintf(pv + len, sizeof pv - len, " %d,%d",
		                        point_x(info->pv[i]), point_y(info->pv[i]));
	if (info->score != SCORE_NONE)
		snprintf(score, sizeof score, " score %d", info->score);
	reply(s, "MESSAGE depth %d%s nodes %" PRIu64 " ms %.0f budget %" PRId64 " ms pv%s",
	      info->depth, score, info->nodes, info->ms, budget->ms, pv);
}

/* Chooses, plays and sends our move. */
static void play_our_move(Session *s)
{
	char err[ERR_MAX];
	if (game_over(s, err, sizeof err)) {
		reply(s, "ERROR %s", err);
		return;
	}
	Player *p = ensure_player(s, err, sizeof err);
	if (!p) {
		reply(s, "ERROR %s", err);
		return;
	}
	if (s->me == COLOR_NONE)
		s->me = s->b.to_move;
	if ((int)s->b.to_move != s->me)
		board_set_to_move(&s->b, (Color)s->me);
	const PbrainOptions *o = s->opt;
	Budget budget = {0};
	if (o->nodes || o->depth) {
		budget.nodes = o->nodes;
		budget.depth = o->depth;
	} else if (o->type->budgets & BUDGET_MS) {
		budget.ms = pbrain_budget_ms(&s->times, s->spent_ms,
		                             s->b.size * s->b.size - s->b.count);
	}
	MoveInfo info;
	double t0 = clock_ms();
	int m = player_choose(p, &s->b, &budget, &info);
	s->spent_ms += clock_ms() - t0;
	if (!board_empty_at(&s->b, m) || !board_on(&s->b, point_x(m), point_y(m)))
		m = moves_fallback(&s->b);
	if (o->verbose)
		message_info(s, &budget, &info);
	board_put(&s->b, m, (Color)s->me);
	reply(s, "%d,%d", point_x(m), point_y(m));
}

/* The point of a TURN, PLAY or TAKEBACK argument, checked against the game. */
static int game_point(Session *s, const char *cmd, const char *arg, int *p)
{
	char err[ERR_MAX];
	if (!s->started) {
		reply(s, "ERROR %s before START", cmd);
		return -1;
	}
	if (coord_parse_xy(s->b.size, arg, p, err, sizeof err) < 0) {
		reply(s, "ERROR %s: %s", cmd, err);
		return -1;
	}
	return 0;
}

static int empty_point(Session *s, const char *cmd, const char *arg, int *p)
{
	char err[ERR_MAX];
	if (game_point(s, cmd, arg, p) < 0)
		return -1;
	if (!board_empty_at(&s->b, *p)) {
		reply(s, "ERROR %s: point %d,%d is occupied", cmd, point_x(*p),
		      point_y(*p));
		return -1;
	}
	if (game_over(s, err, sizeof err)) {
		reply(s, "ERROR %s", err);
		return -1;
	}
	return 0;
}

static void cmd_start(Session *s, const char *arg, bool rect)
{
	long v[2];
	if (parse_ints(arg, v, rect ? 2 : 1) < 0) {
		reply(s, "ERROR %s expects %s", rect ? "RECTSTART" : "START",
		      rect ? "width,height" : "the board size");
		return;
	}
	if (rect && v[0] != v[1]) {
		reply(s, "ERROR rectangular boards are not supported");
		return;
	}
	if (v[0] < BOARD_MIN || v[0] > BOARD_MAX) {
		reply(s, "ERROR unsupported board size %ld (%d to %d)", v[0], BOARD_MIN,
		      BOARD_MAX);
		return;
	}
	new_game(s, (int)v[0]);
	reply(s, "OK");
}

static void cmd_turn(Session *s, const char *arg)
{
	int p;
	if (empty_point(s, "TURN", arg, &p) < 0)
		return;
	if (s->me == COLOR_NONE)
		s->me = s->b.to_move ^ 1; /* the stone is the side to move's */
	board_put(&s->b, p, (Color)(s->me ^ 1));
	play_our_move(s);
}

static void cmd_play(Session *s, const char *arg)
{
	int p;
	if (empty_point(s, "PLAY", arg, &p) < 0)
		return;
	if (s->me == COLOR_NONE)
		s->me = s->b.to_move;
	board_put(&s->b, p, (Color)s->me);
	reply(s, "%d,%d", point_x(p), point_y(p));
}

static void cmd_takeback(Session *s, const char *arg)
{
	int p;
	if (game_point(s, "TAKEBACK", arg, &p) < 0)
		return;
	if (board_last(&s->b) != p) {
		reply(s, "ERROR TAKEBACK: %d,%d is not the last stone played", point_x(p),
		      point_y(p));
		return;
	}
	board_undo(&s->b);
	reply(s, "OK");
}

/* A rule change during a game: the same stones under the new rule. */
static void set_rule(Session *s, Rule rule)
{
	s->rule = rule;
	if (!s->started || s->b.rule == rule)
		return;
	Board nb;
	board_init(&nb, s->b.size, rule);
	for (int i = 0; i < s->b.count; i++)
		board_put(&nb, s->b.moves[i], (Color)(s->b.cell[s->b.moves[i]] - 1));
	board_set_to_move(&nb, s->b.to_move);
	s->b = nb;
	drop_player(s);
}

static void cmd_info(Session *s, const char *arg)
{
	size_t n = strcspn(arg, " \t");
	const char *value = arg + n + strspn(arg + n, " \t");
	char *end;
	errno = 0;
	long long v = strtoll(value, &end, 10);
	while (*end == ' ' || *end == '\t')
		end++;
	if (end == value || *end || errno)
		return; /* folder, evaluate, unknown keys and bad numbers: ignored */
	if (word_is(arg, n, "timeout_turn") && v >= 0) {
		s->times.timeout_turn = v;
	} else if (word_is(arg, n, "timeout_match") && v >= 0) {
		s->times.timeout_match = v;
	} else if (word_is(arg, n, "time_left")) {
		s->times.time_left = v < 0 ? 0 : v;
	} else if (word_is(arg, n, "max_memory") && v >= 0 && v != s->max_memory) {
		s->max_memory = v;
		drop_player(s); /* made again, within the new limit, for the next move */
	} else if (word_is(arg, n, "rule") && v >= 0) {
		/* Bits: 1 exactly five, 2 continuous game (ignored), 4 renju. */
		set_rule(s, v & 4 ? RULE_RENJU : v & 1 ? RULE_STANDARD : RULE_FREESTYLE);
	}
}

static void board_error(Session *s, const char *fmt, ...)
{
	if (s->setup_err[0])
		return; /* the first error is the one reported */
	int n =
	    snprintf(s->setup_err, sizeof s->setup_err, "BOARD line %d: ", s->setup_line);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s->setup_err + n, sizeof s->setup_err - (size_t)n, fmt, ap);
	va_end(ap);
}

/* One "x,y,field" line between BOARD and DONE. Errors wait for DONE. */
static void board_line(Session *s, const char *line, bool too_long)
{
	long v[3];
	s->setup_line++;
	if (!too_long && !line[0]) {
		/* a blank line: nothing */
	} else if (too_long) {
		board_error(s, "line too long");
	} else if (parse_ints(line, v, 3) < 0) {
		board_error(s, "expected x,y,field, found '%.16s'", line);
	} else if (!s->started) {
		/* reported at DONE */
	} else if (v[0] < 0 || v[1] < 0 || v[0] >= s->b.size || v[1] >= s->b.size) {
		board_error(s, "point %ld,%ld is off the board", v[0], v[1]);
	} else if (v[2] < 1 || v[2] > 3) {
		board_error(s, "field must be 1, 2 or 3, not %ld", v[2]);
	} else {
		int p = board_point((int)v[0], (int)v[1]);
		if (s->setup_taken[p]) {
			board_error(s, "point %ld,%ld is given twice", v[0], v[1]);
			return;
		}
		s->setup_taken[p] = 1;
		/* Field 3 marks a continuous game's finished line: skipped. */
		if (v[2] == 3)
			return;
		s->setup_point[s->setup_count] = (int16_t)p;
		s->setup_field[s->setup_count++] = (uint8_t)v[2];
	}
}

static void board_done(Session *s)
{
	s->in_board = false;
	if (!s->started) {
		reply(s, "ERROR BOARD before START");
		return;
	}
	if (s->setup_err[0]) {
		reply(s, "ERROR %s", s->setup_err);
		return;
	}
	/* We are to move: black unless we have fewer stones than the opponent. */
	int own = 0, opp = 0;
	for (int i = 0; i < s->setup_count; i++) {
		if (s->setup_field[i] == 1)
			own++;
		else
			opp++;
	}
	Color me = own >= opp ? BLACK : WHITE;
	Board nb;
	board_init(&nb, s->b.size, s->b.rule);
	for (int i = 0; i < s->setup_count; i++)
		board_put(&nb, s->setup_point[i], s->setup_field[i] == 1 ? me : me ^ 1);
	board_set_to_move(&nb, me);
	s->b = nb;
	s->me = me;
	play_our_move(s);
}

/* Handles one line; returns false on END. */
static bool command(Session *s, char *line, bool too_long)
{
	size_t len = strlen(line);
	while (len && isspace((unsigned char)line[len - 1]))
		line[--len] = '\0';
	line += strspn(line, " \t");
	size_t n = strcspn(line, " \t");
	const char *arg = line + n + strspn(line + n, " \t");
	if (s->in_board) {
		if (word_is(line, n, "DONE") && !too_long)
			board_done(s);
		else if (word_is(line, n, "END") && !too_long)
			return false;
		else
			board_line(s, line, too_long);
		return true;
	}
	if (too_long) {
		reply(s, "ERROR line too long (more than %d bytes)", PBRAIN_LINE_MAX - 1);
	} else if (n == 0) {
		/* blank line: nothing to answer */
	} else if (word_is(line, n, "END")) {
		return false;
	} else if (word_is(line, n, "START")) {
		cmd_start(s, arg, false);
	} else if (word_is(line, n, "RECTSTART")) {
		cmd_start(s, arg, true);
	} else if (word_is(line, n, "RESTART")) {
		if (!s->started)
			reply(s, "ERROR RESTART before START");
		else {
			new_game(s, s->b.size);
			reply(s, "OK");
		}
	} else if (word_is(line, n, "BEGIN")) {
		if (!s->started)
			reply(s, "ERROR BEGIN before START");
		else if (s->b.count)
			reply(s, "ERROR BEGIN needs an empty board");
		else
			play_our_move(s);
	} else if (word_is(line, n, "TURN")) {
		cmd_turn(s, arg);
	} else if (word_is(line, n, "PLAY")) {
		cmd_play(s, arg);
	} else if (word_is(line, n, "TAKEBACK")) {
		cmd_takeback(s, arg);
	} else if (word_is(line, n, "BOARD")) {
		s->in_board = true;
		s->setup_count = s->setup_line = 0;
		s->setup_err[0] = '\0';
		memset(s->setup_taken, 0, sizeof s->setup_taken);
	} else if (word_is(line, n, "INFO")) {
		cmd_info(s, arg);
	} else if (word_is(line, n, "ABOUT")) {
		reply(s,
		      "name=\"pbrain-%s\", version=\"0.1\", author=\"Gomoku Arena\", "
		      "country=\"-\"",
		      s->opt->type->name);
	} else {
		reply(s, "UNKNOWN command '%.*s'", n > 32 ? 32 : (int)n, line);
	}
	return true;
}

int pbrain_run(FILE *in, FILE *out, const PbrainOptions *opt, char *err, size_t errlen)
{
	Session *s = calloc(1, sizeof *s);
	char *line = malloc(PBRAIN_LINE_MAX);
	if (!s || !line) {
		free(s);
		free(line);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	s->opt = opt;
	s->out = out;
	s->me = COLOR_NONE;
	s->rule = RULE_FREESTYLE;
	s->times = (PbrainTimes){-1, -1, -1};
	Reader r = {in, false};
	LineStatus st;
	while (!s->failed && (st = read_line(&r, line, PBRAIN_LINE_MAX)) != LINE_EOF)
		if (!command(s, line, st == LINE_LONG))
			break;
	int rc = 0;
	if (s->failed) {
		snprintf(err, errlen, "cannot write a reply: %s", strerror(errno));
		rc = -1;
	}
	drop_player(s);
	free(line);
	free(s);
	return rc;
}
