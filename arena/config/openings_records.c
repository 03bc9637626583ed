/* openings_records.c - openings from game records: Piskvork .psq records
 * one after the other, and SGF game trees; each game's first plies moves
 * a candidate (openings_candidate keeps it or not). */
#define _POSIX_C_SOURCE 200809L
#include "openings.h"
#include "err.h"

#include <stdlib.h>
#include <string.h>

#include "coord.h"
#include "num.h"
#include "openings_impl.h"

/* The longest line of a record: SGF writers may put a whole game, its
 * comments included, on one. */
enum { RECORDS_LINE_MAX = 1 << 20 };

/* The game being read. */
typedef struct {
	long k;    /* its number in the file, from 1 */
	long line; /* where it starts */
	int n;     /* moves kept (at most plies) */
	int total; /* moves read */
	int16_t moves[OPENING_MOVES_MAX];
	uint8_t used[BOARD_CELLS];
} Game;

static void game_start(Game *g, long line)
{
	g->k++;
	g->line = line;
	g->n = g->total = 0;
	memset(g->used, 0, sizeof g->used);
}

/* Adds point p (x, y from the top-left) as the next move; an error of the
 * line if it is taken. */
static int game_move(OpeningsCtx *c, Game *g, int x, int y, long line)
{
	int p = board_point(x, y);
	if (g->used[p]) {
		char msg[ERR_MAX], t[COORD_TEXT_MAX];
		snprintf(msg, sizeof msg, "game %ld: move %d, %s, is on a stone", g->k,
		         g->total + 1, coord_format(c->spec->size, p, t));
		return openings_fail(c, line, msg);
	}
	g->used[p] = 1;
	if (g->n < c->spec->plies)
		g->moves[g->n++] = (int16_t)p;
	g->total++;
	return 0;
}

static int game_end(OpeningsCtx *c, Game *g)
{
	c->counts->games++;
	if (g->n < c->spec->plies) {
		c->counts->short_++;
		return 0;
	}
	return openings_candidate(c, g->moves, g->n, g->line, g->k);
}

static void chomp(char *s)
{
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		s[--n] = '\0';
}

/* "x,y,ms" with x and y from 1; false if the line is not one. */
static bool psq_move(const char *s, long long v[3])
{
	for (int i = 0; i < 3; i++) {
		s += strspn(s, " \t");
		if (*s == '+')
			s++;
		if (num_scan(&s, &v[i]) < 0)
			return false;
		s += strspn(s, " \t");
		if (i < 2 && *s++ != ',')
			return false;
	}
	return *s == '\0';
}

/* A header line "Piskvorky WxH, A:B, S" of the tournament's size. */
static int psq_header(OpeningsCtx *c, const char *s, long line)
{
	int w = 0, h = 0, end = 0;
	char msg[ERR_MAX];
	if (sscanf(s, " Piskvorky %dx%d,%n", &w, &h, &end) < 2 || !end) {
		snprintf(msg, sizeof msg, "expected 'Piskvorky WxH, A:B, S', found '%.*s'",
		         OPENINGS_QUOTE, s);
		return openings_fail(c, line, msg);
	}
	if (w != c->spec->size || h != c->spec->size) {
		snprintf(msg, sizeof msg, "a game on a %dx%d board; the board is %dx%d", w,
		         h, c->spec->size, c->spec->size);
		return openings_fail(c, line, msg);
	}
	return 0;
}

/* One line of a .psq file; *state: 0 before the first record, 1 in the
 * moves, 2 in the trailer. */
static int psq_line(OpeningsCtx *c, Game *g, char *s, long line, int *state)
{
	char msg[ERR_MAX];
	chomp(s);
	if (strncmp(s + strspn(s, " \t"), "Piskvorky", 9) == 0) {
		if (*state && game_end(c, g) < 0)
			return -1;
		game_start(g, line);
		*state = 1;
		return psq_header(c, s, line);
	}
	if (*state == 0) {
		if (!s[strspn(s, " \t")])
			return 0;
		snprintf(msg, sizeof msg,
		         "expected 'Piskvorky WxH, A:B, S' to start a game record, found "
		         "'%.*s'",
		         OPENINGS_QUOTE, s);
		return openings_fail(c, line, msg);
	}
	/* As record.h reads: a line of digits, signs and commas is a move. */
	if (*state == 1 && strchr(s, ',') && !s[strspn(s, "0123456789+-, \t")]) {
		long long v[3];
		int size = c->spec->size;
		if (!psq_move(s, v)) {
			snprintf(msg, sizeof msg,
			         "game %ld: expected a move x,y,ms, found '%.*s'", g->k,
			         OPENINGS_QUOTE, s);
			return openings_fail(c, line, msg);
		}
		if (v[0] < 1 || v[1] < 1 || v[0] > size || v[1] > size) {
			snprintf(msg, sizeof msg,
			         "game %ld: move %lld,%lld is off the %dx%d board (x and y "
			         "from 1)",
			         g->k, v[0], v[1], size, size);
			return openings_fail(c, line, msg);
		}
		return game_move(c, g, (int)v[0] - 1, (int)v[1] - 1, line);
	}
	*state = 2;
	return 0;
}

int openings_read_psq(OpeningsCtx *c, FILE *f)
{
	Game *g = calloc(1, sizeof *g);
	if (!g)
		return err_set(c->err, c->errlen, "%s: out of memory", c->path);
	Lines r;
	lines_init(&r, f, RECORDS_LINE_MAX);
	char *s;
	LinesStatus st;
	int rc = 0, state = 0;
	while (rc == 0 && (st = lines_next(&r, &s, &(size_t){0})) == LINES_OK)
		rc = psq_line(c, g, s, r.line, &state);
	if (rc == 0 && st != LINES_END) {
		char msg[ERR_MAX];
		lines_error(&r, st, msg, sizeof msg);
		rc = openings_fail(c, r.line, msg);
	}
	if (rc == 0 && state)
		rc = game_end(c, g);
	lines_free(&r);
	free(g);
	return rc;
}

/* SGF, read a character at a time. */
typedef struct {
	Game g;
	int depth;       /* of '(' open */
	bool main;       /* still on the game's main line */
	bool in_value;   /* inside [ ] */
	bool escape;     /* after a '\' in a value */
	bool ident_open; /* the last character was one of a property's name */
	char ident[8];
	int nident;
	char value[32];
	int nvalue; /* sizeof value: too long for any property read */
} Sgf;

/* One property value of the main line. */
static int sgf_property(OpeningsCtx *c, Sgf *p, long line)
{
	char msg[ERR_MAX];
	const char *id = p->ident, *v = p->value;
	bool cut = p->nvalue >= (int)sizeof p->value;
	int size = c->spec->size;
	if (!strcmp(id, "B") || !strcmp(id, "W")) {
		char want = p->g.total % 2 ? 'W' : 'B';
		if (*id != want)
			snprintf(
			    msg, sizeof msg,
			    "game %ld: move %d is %s, expected %c (black first, colours "
			    "alternating)",
			    p->g.k, p->g.total + 1, id, want);
		else if (!*v)
			snprintf(msg, sizeof msg, "game %ld: move %d is a pass (%s[])",
			         p->g.k, p->g.total + 1, id);
		else if (cut || strlen(v) != 2 || v[0] < 'a' || v[1] < 'a' ||
		         v[0] >= 'a' + size || v[1] >= 'a' + size)
			snprintf(msg, sizeof msg,
			         "game %ld: move %d, %s[%.8s], is not a point of the %dx%d "
			         "board (two letters from a: column, row from the top)",
			         p->g.k, p->g.total + 1, id, v, size, size);
		else
			return game_move(c, &p->g, v[0] - 'a', v[1] - 'a', line);
		return openings_fail(c, line, msg);
	}
	if (!strcmp(id, "SZ")) {
		int w = 0, h = 0, end = 0;
		int n = sscanf(v, "%d%n:%d%n", &w, &end, &h, &end);
		if (n == 1)
			h = w;
		if (cut || n < 1 || v[end] || w != size || h != size) {
			snprintf(msg, sizeof msg, "game %ld: SZ[%.8s]: the board is %dx%d",
			         p->g.k, v, size, size);
			return openings_fail(c, line, msg);
		}
	} else if (!strcmp(id, "GM") && strcmp(v, "4") != 0) {
		snprintf(msg, sizeof msg,
		         "game %ld: GM[%.8s] is not a game of Gomoku (GM[4])", p->g.k, v);
		return openings_fail(c, line, msg);
	} else if (!strcmp(id, "AB") || !strcmp(id, "AW") || !strcmp(id, "AE")) {
		snprintf(msg, sizeof msg,
		         "game %ld: setup stones (%s) are not read: an opening is moves "
		         "(B, W) in order",
		         p->g.k, id);
		return openings_fail(c, line, msg);
	}
	return 0;
}

/* The characters of a value, up to its ']'. */
static int sgf_value(OpeningsCtx *c, Sgf *p, char ch, long line)
{
	enum { KEEP = sizeof p->value - 1 };
	if (!p->escape && ch == ']') {
		p->in_value = false;
		p->value[p->nvalue < KEEP ? p->nvalue : KEEP] = '\0';
		return p->main ? sgf_property(c, p, line) : 0;
	}
	if (!p->escape && ch == '\\') {
		p->escape = true;
		return 0;
	}
	p->escape = false;
	if (p->nvalue < KEEP)
		p->value[p->nvalue] = ch;
	if (p->nvalue <= KEEP)
		p->nvalue++;
	return 0;
}

static int sgf_char(OpeningsCtx *c, Sgf *p, char ch, long line)
{
	char msg[ERR_MAX];
	if (p->in_value)
		return sgf_value(c, p, ch, line);
	bool upper = ch >= 'A' && ch <= 'Z', lower = ch >= 'a' && ch <= 'z';
	if (ch == ' ' || ch == '\t' || ch == '\r') {
		p->ident_open = false;
		return 0;
	}
	if (ch == '(') {
		if (p->depth++ == 0) {
			game_start(&p->g, line);
			p->main = true;
		}
		p->nident = 0, p->ident_open = false;
		return 0;
	}
	if (p->depth == 0) {
		snprintf(msg, sizeof msg, "expected '(' to start a game tree, found '%c'",
		         ch);
		return openings_fail(c, line, msg);
	}
	if (ch == ')') {
		p->nident = 0, p->ident_open = false;
		if (--p->depth == 0)
			return game_end(c, &p->g);
		p->main = false; /* the first variation ended: the main line did */
		return 0;
	}
	if (ch == ';' || ch == '[') {
		if (ch == '[' && !p->nident)
			return openings_fail(c, line, "a value '[' with no property name");
		if (ch == ';')
			p->nident = 0;
		p->in_value = ch == '[';
		p->escape = false, p->nvalue = 0, p->ident_open = false;
		return 0;
	}
	if (!upper && !lower) {
		snprintf(msg, sizeof msg, "unexpected '%c' in a game tree", ch);
		return openings_fail(c, line, msg);
	}
	if (!p->ident_open)
		p->nident = 0;
	p->ident_open = true;
	if (upper && p->nident < (int)sizeof p->ident - 1) /* FF[3] lower case: dropped */
		p->ident[p->nident++] = ch;
	p->ident[p->nident] = '\0';
	return 0;
}

int openings_read_sgf(OpeningsCtx *c, FILE *f)
{
	Sgf *p = calloc(1, sizeof *p);
	if (!p)
		return err_set(c->err, c->errlen, "%s: out of memory", c->path);
	Lines r;
	lines_init(&r, f, RECORDS_LINE_MAX);
	char *s;
	size_t len;
	LinesStatus st;
	int rc = 0;
	while (rc == 0 && (st = lines_next(&r, &s, &len)) == LINES_OK) {
		for (size_t i = 0; i < len && rc == 0; i++)
			rc = sgf_char(c, p, s[i], r.line);
		if (rc == 0 && p->in_value)
			rc = sgf_value(c, p, '\n', r.line);
	}
	if (rc == 0 && st != LINES_END) {
		char msg[ERR_MAX];
		lines_error(&r, st, msg, sizeof msg);
		rc = openings_fail(c, r.line, msg);
	}
	if (rc == 0 && (p->depth || p->in_value)) {
		char msg[ERR_MAX];
		snprintf(msg, sizeof msg,
		         "game %ld: the file ends inside it (a %s missing)", p->g.k,
		         p->in_value ? "']'" : "')'");
		rc = openings_fail(c, r.line > 0 ? r.line : 1, msg);
	}
	lines_free(&r);
	free(p);
	return rc;
}
