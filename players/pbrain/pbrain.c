/* pbrain.c - the Gomocup protocol, engine side: reading commands and
 * answering those of one line (blocks up to DONE are pbrain_block.c's).
 *
 * One Session holds the game as the manager described it. Replies are
 * written and flushed one at a time; every error is a reply, never a stop.
 * Lines are read a character at a time into a fixed buffer: a CR ends a line
 * at once (waiting to see whether a LF follows could block a manager that
 * sends CR alone), and a LF right after it is skipped. */
#define _POSIX_C_SOURCE 200809L
#include "pbrain_impl.h"
#include "err.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "coord.h"
#include "wall.h"

typedef enum { LINE_OK, LINE_LONG, LINE_NUL, LINE_EOF } LineStatus;

typedef struct {
	FILE *in;
	bool skip_lf; /* the last line ended in CR */
} Reader;

static LineStatus read_line(Reader *r, char *buf, size_t cap)
{
	size_t n = 0;
	bool too_long = false, nul = false;
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
		nul |= c == '\0'; /* the line is not what strlen would see */
	}
	r->skip_lf = c == '\r';
	buf[n] = '\0';
	return too_long ? LINE_LONG : nul ? LINE_NUL : LINE_OK;
}

void pbrain_reply(Session *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (vfprintf(s->out, fmt, ap) < 0 || fputc('\n', s->out) == EOF ||
	    fflush(s->out) == EOF)
		s->failed = true;
	va_end(ap);
}

bool pbrain_word_is(const char *w, size_t n, const char *kw)
{
	if (strlen(kw) != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (tolower((unsigned char)w[i]) != tolower((unsigned char)kw[i]))
			return false;
	return true;
}

int pbrain_parse_ints(const char *text, long *v, int n)
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

void pbrain_set_position(Session *s, int size, Rule rule, const int16_t *pts,
                         const uint8_t *col, int n, Color to_move, bool keep_player)
{
	Board nb;
	/* The walls came from a BOARD of this game: checked then. */
	if (wall_board_init(&nb, size, rule, s->wall, s->nwall) < 0) {
		s->nwall = 0;
		board_init(&nb, size, rule);
	}
	for (int i = 0; i < n; i++)
		board_put(&nb, pts[i], (Color)col[i]);
	board_set_to_move(&nb, to_move);
	s->b = nb;
	if (!keep_player)
		pbrain_player_drop(s);
}

static void new_game(Session *s, int size)
{
	s->nwall = 0;
	board_init(&s->b, size, s->rule);
	s->started = true;
	s->me = PBRAIN_COLOR_NONE;
	s->spent_ms = 0;
	s->times.time_left = -1;
	pbrain_player_drop(s);
}

/* The point of a TURN, PLAY or TAKEBACK argument, checked against the game. */
static int game_point(Session *s, const char *cmd, const char *arg, int *p)
{
	char err[PBRAIN_ERR_MAX];
	if (!s->started) {
		pbrain_reply(s, "ERROR %s before START", cmd);
		return -1;
	}
	if (coord_parse_xy(s->b.size, arg, p, err, sizeof err) < 0) {
		pbrain_reply(s, "ERROR %s: %s", cmd, err);
		return -1;
	}
	return 0;
}

static int empty_point(Session *s, const char *cmd, const char *arg, int *p)
{
	char err[PBRAIN_ERR_MAX];
	if (game_point(s, cmd, arg, p) < 0)
		return -1;
	if (!board_empty_at(&s->b, *p)) {
		pbrain_reply(s, "ERROR %s: point %d,%d is occupied", cmd, point_x(*p),
		             point_y(*p));
		return -1;
	}
	if (pbrain_game_over(s, err, sizeof err)) {
		pbrain_reply(s, "ERROR %s", err);
		return -1;
	}
	return 0;
}

static void cmd_start(Session *s, const char *arg, bool rect)
{
	long v[2];
	if (pbrain_parse_ints(arg, v, rect ? 2 : 1) < 0) {
		pbrain_reply(s, "ERROR %s expects %s", rect ? "RECTSTART" : "START",
		             rect ? "width,height" : "the board size");
		return;
	}
	if (rect && v[0] != v[1]) {
		pbrain_reply(s, "ERROR rectangular boards are not supported");
		return;
	}
	if (v[0] < BOARD_MIN || v[0] > BOARD_MAX) {
		pbrain_reply(s, "ERROR unsupported board size %ld (%d to %d)", v[0],
		             BOARD_MIN, BOARD_MAX);
		return;
	}
	new_game(s, (int)v[0]);
	pbrain_reply(s, "OK");
}

static void cmd_turn(Session *s, const char *arg)
{
	int p;
	if (empty_point(s, "TURN", arg, &p) < 0)
		return;
	if (s->me == PBRAIN_COLOR_NONE)
		s->me = s->b.to_move ^ 1; /* the stone is the side to move's */
	board_put(&s->b, p, (Color)(s->me ^ 1));
	pbrain_play_our_move(s);
}

static void cmd_play(Session *s, const char *arg)
{
	int p;
	if (empty_point(s, "PLAY", arg, &p) < 0)
		return;
	if (s->me == PBRAIN_COLOR_NONE)
		s->me = s->b.to_move;
	board_put(&s->b, p, (Color)s->me);
	pbrain_reply(s, "%d,%d", point_x(p), point_y(p));
}

static void cmd_takeback(Session *s, const char *arg)
{
	int p;
	if (game_point(s, "TAKEBACK", arg, &p) < 0)
		return;
	if (board_last(&s->b) != p) {
		pbrain_reply(s, "ERROR TAKEBACK: %d,%d is not the last stone played",
		             point_x(p), point_y(p));
		return;
	}
	board_undo(&s->b);
	pbrain_reply(s, "OK");
}

/* A rule change during a game: the same stones and walls under the new
 * rule, and a new player for it. */
static void set_rule(Session *s, Rule rule)
{
	s->rule = rule;
	if (!s->started || s->b.rule == rule)
		return;
	uint8_t col[BOARD_MAX_MOVES];
	for (int i = 0; i < s->b.count; i++)
		col[i] = (uint8_t)(s->b.cell[s->b.moves[i]] - 1);
	pbrain_set_position(s, s->b.size, rule, s->b.moves, col, s->b.count, s->b.to_move,
	                    false);
}

static void cmd_info(Session *s, const char *arg)
{
	size_t n = strcspn(arg, " \t");
	const char *value = arg + n + strspn(arg + n, " \t");
	if (pbrain_info_setting(s, arg, n, value))
		return; /* a parameter, the seed, or a key nobody defines */
	char *end;
	errno = 0;
	long long v = strtoll(value, &end, 10);
	while (*end == ' ' || *end == '\t')
		end++;
	if (end == value || *end || errno)
		return; /* folder, evaluate and bad numbers: ignored */
	if (pbrain_word_is(arg, n, "timeout_turn") && v >= 0) {
		s->times.timeout_turn = v;
	} else if (pbrain_word_is(arg, n, "timeout_match") && v >= 0) {
		s->times.timeout_match = v;
	} else if (pbrain_word_is(arg, n, "time_left")) {
		s->times.time_left = v < 0 ? 0 : v;
	} else if (pbrain_word_is(arg, n, "time_increment") && v >= 0) {
		s->times.time_increment = v; /* Yixin-Board: what each move gives back */
	} else if (pbrain_word_is(arg, n, "max_memory") && v >= 0 && v != s->max_memory) {
		s->max_memory = v;
		pbrain_player_drop(s); /* made again within the limit for the next move */
	} else if (pbrain_word_is(arg, n, "max_node") && v >= 0) {
		s->max_node = (uint64_t)v;
	} else if (pbrain_word_is(arg, n, "max_depth") && v >= 0) {
		s->max_depth = v > BOARD_MAX_MOVES ? BOARD_MAX_MOVES : (int)v;
	} else if (pbrain_word_is(arg, n, "rule") && v >= 0) {
		/* Gomocup bits: 1 exactly five, 2 continuous game (not
		 * supported), 4 renju; Yixin-Board sends 2 alone for renju. */
		set_rule(s, v & 4 || v == 2 ? RULE_RENJU
		            : v & 1         ? RULE_STANDARD
		                            : RULE_FREESTYLE);
	}
}

/* Yixin-Board commands followed by lines up to DONE that we do not
 * implement: skipped whole, with one UNKNOWN. */
static const char *const skipped_blocks[] = {
    "YXBLOCK",
    "YXBLOCKUNDO",
    "YXQUERYDATABASEALL",
    "YXQUERYDATABASEONE",
    "YXQUERYDATABASETEXT",
    "YXQUERYDATABASEALLT",
    "YXEDITTVDDATABASE",
    "YXEDITTEXTDATABASE",
    "YXEDITLABELDATABASE",
    "YXDELETEDATABASEONE",
    "YXDELETEDATABASEALL",
};

static bool block_command(Session *s, const char *line, size_t n)
{
	if (pbrain_word_is(line, n, "BOARD"))
		pbrain_block_begin(s, BLOCK_BOARD, "BOARD");
	else if (pbrain_word_is(line, n, "YXBOARD"))
		pbrain_block_begin(s, BLOCK_YXBOARD, "YXBOARD");
	else if (pbrain_word_is(line, n, "SWAP2BOARD"))
		pbrain_block_begin(s, BLOCK_SWAP2, "SWAP2BOARD");
	else {
		for (size_t k = 0; k < sizeof skipped_blocks / sizeof skipped_blocks[0];
		     k++)
			if (pbrain_word_is(line, n, skipped_blocks[k])) {
				pbrain_block_begin(s, BLOCK_SKIP, skipped_blocks[k]);
				return true;
			}
		return false;
	}
	return true;
}

/* Handles one line; bad says why it cannot be read (NULL: it can);
 * returns false on END. */
static bool command(Session *s, char *line, const char *bad)
{
	size_t len = strlen(line);
	while (len && isspace((unsigned char)line[len - 1]))
		line[--len] = '\0';
	line += strspn(line, " \t");
	size_t n = strcspn(line, " \t");
	const char *arg = line + n + strspn(line + n, " \t");
	if (s->block != BLOCK_NONE)
		return pbrain_block_line(s, line, n, bad);
	if (bad) {
		pbrain_reply(s, "ERROR %s", bad);
	} else if (n == 0) {
		/* blank line: nothing to answer */
	} else if (pbrain_word_is(line, n, "END")) {
		return false;
	} else if (pbrain_word_is(line, n, "START")) {
		cmd_start(s, arg, false);
	} else if (pbrain_word_is(line, n, "RECTSTART")) {
		cmd_start(s, arg, true);
	} else if (pbrain_word_is(line, n, "RESTART")) {
		if (!s->started)
			pbrain_reply(s, "ERROR RESTART before START");
		else {
			new_game(s, s->b.size);
			pbrain_reply(s, "OK");
		}
	} else if (pbrain_word_is(line, n, "BEGIN")) {
		if (!s->started)
			pbrain_reply(s, "ERROR BEGIN before START");
		else if (s->b.count || s->nwall)
			pbrain_reply(s, "ERROR BEGIN needs an empty board");
		else
			pbrain_play_our_move(s);
	} else if (pbrain_word_is(line, n, "TURN")) {
		cmd_turn(s, arg);
	} else if (pbrain_word_is(line, n, "PLAY")) {
		cmd_play(s, arg);
	} else if (pbrain_word_is(line, n, "TAKEBACK")) {
		cmd_takeback(s, arg);
	} else if (block_command(s, line, n)) {
		/* its lines follow, up to DONE */
	} else if (pbrain_word_is(line, n, "INFO")) {
		cmd_info(s, arg);
	} else if (pbrain_word_is(line, n, "STOP") || pbrain_word_is(line, n, "YXSTOP")) {
		/* We think only while no command is read: nothing to stop. */
	} else if (pbrain_word_is(line, n, "ABOUT")) {
		pbrain_reply(
		    s,
		    "name=\"pbrain-%s\", version=\"0.1\", author=\"Gomoku Arena\", "
		    "country=\"-\"",
		    s->opt->type->name);
	} else {
		pbrain_reply(s, "UNKNOWN command '%.*s'", n > 32 ? 32 : (int)n, line);
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
		return err_set(err, errlen, "out of memory");
	}
	s->opt = opt;
	s->params = opt->params;
	s->seed = opt->seed;
	s->out = out;
	s->me = PBRAIN_COLOR_NONE;
	s->rule = RULE_FREESTYLE;
	s->times = (PbrainTimes){-1, -1, -1, 0};
	Reader r = {in, false};
	LineStatus st;
	char too_long[64];
	snprintf(too_long, sizeof too_long, "line too long (more than %d bytes)",
	         PBRAIN_LINE_MAX - 1);
	while (!s->failed && (st = read_line(&r, line, PBRAIN_LINE_MAX)) != LINE_EOF)
		if (!command(s, line,
		             st == LINE_LONG  ? too_long
		             : st == LINE_NUL ? "a NUL byte in the line"
		                              : NULL))
			break;
	int rc = 0;
	if (s->failed) {
		snprintf(err, errlen, "cannot write a reply: %s", strerror(errno));
		rc = -1;
	}
	pbrain_player_drop(s);
	free(line);
	free(s);
	return rc;
}
