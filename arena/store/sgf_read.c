/* sgf_read.c - games from an SGF collection (records.h), a byte at a time.
 *
 * Each top-level game tree is a game: GM[4] (another GM is refused), SZ[N]
 * or SZ[N:N] (15 when absent, as SGF says for Gomoku), PB and PW (black
 * moves first), RE, RO (the round), and its moves ;B[xy];W[xy] in turn,
 * black first: two letters from 'a', column then row from the top-left.
 * The main line is read: the first variation at each branch, the rest
 * skipped. RE: B+ or W+ with an optional how (T or Time: timeout, F or
 * Forfeit, R or Resign; none: five), 0 or Draw for a draw; RE[?], RE[Void]
 * or no RE is an unfinished game, counted and skipped. c-gomoku-cli
 * writes a margin, RE[B+1], and how in TE[Black win by time forfeit]
 * (records_reason reads it). That is what c-gomoku-cli and our sgf.c
 * write. Setup stones (AB, AW) and passes are
 * refused; other properties are skipped. */
#define _POSIX_C_SOURCE 200809L
#include "err.h"
#include "records_impl.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { VALUE_MAX = 256 };

typedef struct {
	RecordsFile *rf;
	FILE *f;
	long line;
	int depth;
	bool rest_skipped; /* a variation ended: the main line is read */
	long start;
	int size, round;
	char pb[64], pw[64], re[32], te[64];
	bool has_pb, has_pw, has_re;
	int n;
	int16_t pts[BOARD_MAX_MOVES];
	bool used[BOARD_CELLS];
} Sgf;

static int sgf_fail(Sgf *s, long line, char *err, size_t errlen, const char *fmt,
                    const char *arg)
{
	char msg[ERR_MAX];
	snprintf(msg, sizeof msg, fmt, arg);
	return err_input(err, errlen, "%s:%ld: %s", s->rf->path, line, msg);
}

static int next(Sgf *s)
{
	int c = getc(s->f);
	if (c == '\n')
		s->line++;
	return c;
}

static void sgf_reset(Sgf *s)
{
	for (int i = 0; i < s->n; i++)
		s->used[s->pts[i]] = false;
	s->rest_skipped = false;
	s->size = 15, s->round = 0, s->n = 0;
	s->has_pb = s->has_pw = s->has_re = false;
	s->te[0] = '\0';
}

/* RE's value: black's score, or -1 (unfinished), -2 (not a result). A
 * margin after B+ or W+ (c-gomoku-cli's RE[B+1]) says nothing of how: te,
 * c-gomoku-cli's TE[Black win by time forfeit], says it if given. */
static double re_score(const char *re, const char *te, char reason[24])
{
	snprintf(reason, 24, "%s", "five");
	if (!strcmp(re, "0") || !strcasecmp(re, "Draw") || !strcasecmp(re, "Jigo")) {
		snprintf(reason, 24, "%s", "draw");
		return 0.5;
	}
	if (!*re || !strcmp(re, "?") || !strcasecmp(re, "Void"))
		return -1;
	if ((re[0] != 'B' && re[0] != 'W') || re[1] != '+')
		return -2;
	const char *how = re + 2;
	if (*how == 'T')
		snprintf(reason, 24, "%s", "timeout");
	else if (*how == 'F')
		snprintf(reason, 24, "%s", "forfeit");
	else if (*how == 'R')
		snprintf(reason, 24, "%s", "resign");
	else if (isdigit((unsigned char)*how) && how[strspn(how, "0123456789.")] == '\0') {
		if (*te)
			records_reason(te, reason);
	} else if (*how)
		return -2;
	return re[0] == 'B' ? 1 : 0;
}

static int sgf_finish(Sgf *s, char *err, size_t errlen)
{
	if (!s->has_pb || !s->has_pw)
		return sgf_fail(s, s->start, err, errlen, "a game without its %s",
		                s->has_pb ? "PW (white's name)" : "PB (black's name)");
	RecordGame g = {.line = s->start,
	                .format = RECORDS_SGF,
	                .pair = -1,
	                .round = s->round,
	                .ms = {-1, -1},
	                .size = s->size,
	                .nmoves = s->n,
	                .plies = s->n,
	                .points = s->pts};
	s->rf->number++;
	g.job = s->rf->number;
	double score = re_score(s->has_re ? s->re : "", s->te, g.reason);
	if (score == -2)
		return sgf_fail(s, s->start, err, errlen,
		                "RE[%s] is not B+, W+ (with T, F or R), 0, Draw or ?",
		                s->re);
	g.score = score;
	memcpy(g.black, s->pb, sizeof g.black);
	memcpy(g.white, s->pw, sizeof g.white);
	char msg[ERR_MAX];
	if ((score < 0 ? records_unfinished(s->rf, &g, msg, sizeof msg)
	               : records_emit(s->rf, &g, msg, sizeof msg)) < 0)
		return sgf_fail(s, s->start, err, errlen, "%s", msg);
	sgf_reset(s);
	return 0;
}

static int sgf_move(Sgf *s, int colour, const char *v, long line, char *err, size_t errlen)
{
	if (colour != s->n % 2)
		return sgf_fail(s, line, err, errlen,
		                "%s: the moves must alternate, black first",
		                colour ? "W" : "B");
	if (strlen(v) != 2 || !islower((unsigned char)v[0]) ||
	    !islower((unsigned char)v[1]))
		return sgf_fail(
		    s, line, err, errlen,
		    "move [%.16s] is not two letters (a pass is no Gomoku move)", v);
	int x = v[0] - 'a', y = v[1] - 'a';
	if (x >= s->size || y >= s->size)
		return sgf_fail(s, line, err, errlen, "move [%s] is off the board", v);
	int p = board_point(x, y);
	if (s->used[p])
		return sgf_fail(s, line, err, errlen, "move [%s] is on a taken point", v);
	if (s->n == BOARD_MAX_MOVES)
		return sgf_fail(s, line, err, errlen, "%s", "too many moves");
	s->used[p] = true;
	s->pts[s->n++] = (int16_t)p;
	return 0;
}

static int sgf_property(Sgf *s, const char *id, const char *v, long line, char *err,
                        size_t errlen)
{
	if (!strcmp(id, "GM") && strcmp(v, "4") != 0)
		return sgf_fail(s, line, err, errlen,
		                "GM[%.16s]: not a Gomoku game (GM[4])", v);
	if (!strcmp(id, "SZ")) {
		char *end;
		long n = strtol(v, &end, 10),
		     m = *end == ':' ? strtol(end + 1, &end, 10) : n;
		if (*end || n != m || n < BOARD_MIN || n > BOARD_MAX || s->n)
			return sgf_fail(
			    s, line, err, errlen,
			    "SZ[%.16s]: a square board of 5 to 20, before the moves", v);
		s->size = (int)n;
	} else if (!strcmp(id, "PB") || !strcmp(id, "PW")) {
		bool b = id[1] == 'B';
		if (records_name(b ? s->pb : s->pw, v) < 0)
			return sgf_fail(s, line, err, errlen,
			                "%s: a player's name must be 1 to 63 bytes", id);
		*(b ? &s->has_pb : &s->has_pw) = true;
	} else if (!strcmp(id, "RE")) {
		snprintf(s->re, sizeof s->re, "%.31s", v);
		s->has_re = true;
	} else if (!strcmp(id, "TE")) {
		snprintf(s->te, sizeof s->te, "%.63s", v);
	} else if (!strcmp(id, "RO")) {
		s->round = (int)strtol(v, NULL, 10);
		if (s->round < 0)
			s->round = 0;
	} else if (!strcmp(id, "B") || !strcmp(id, "W")) {
		return sgf_move(s, id[0] == 'W', v, line, err, errlen);
	} else if (!strcmp(id, "AB") || !strcmp(id, "AW") || !strcmp(id, "AE")) {
		return sgf_fail(s, line, err, errlen, "%s: setup stones are not read", id);
	}
	return 0;
}

/* A property: its identifier from c (upper-case letters; lower-case ones,
 * FF[3]'s, dropped) and its values. Returns the byte after it. */
static int sgf_read_property(Sgf *s, int c, char *err, size_t errlen)
{
	char id[8];
	size_t n = 0;
	long line = s->line;
	for (; isalpha(c); c = next(s))
		if (isupper(c) && n + 1 < sizeof id)
			id[n++] = (char)c;
	id[n] = '\0';
	while (c == ' ' || c == '\t' || c == '\r' || c == '\n')
		c = next(s);
	if (c != '[')
		return sgf_fail(s, line, err, errlen, "property %s without a [value]", id);
	for (int values = 0; c == '['; values++) {
		char v[VALUE_MAX];
		size_t k = 0;
		bool cut = false;
		long vline = s->line;
		while ((c = next(s)) != EOF && c != ']') {
			if (c == '\\' && (c = next(s)) == EOF)
				break;
			if (k + 1 < sizeof v)
				v[k++] = (char)c;
			else
				cut = true;
		}
		v[k] = '\0';
		if (c == EOF)
			return sgf_fail(s, vline, err, errlen,
			                "%s[...: a value without its ]", id);
		if (cut && (strchr("BW", id[0]) && (id[1] == '\0' || id[1] == 'R')))
			return sgf_fail(s, vline, err, errlen, "%s: a value too long", id);
		if (!s->rest_skipped && values == 0 &&
		    sgf_property(s, id, v, vline, err, errlen) < 0)
			return ERR_INPUT;
		c = next(s);
		while (c == ' ' || c == '\t' || c == '\r' || c == '\n')
			c = next(s);
	}
	if (c != EOF)
		ungetc(c, s->f);
	if (c == '\n')
		s->line--;
	return 0;
}

int sgf_read(RecordsFile *rf, FILE *f, char *err, size_t errlen)
{
	Sgf *s = calloc(1, sizeof *s);
	if (!s)
		return err_set(err, errlen, "out of memory");
	s->rf = rf, s->f = f, s->line = 1;
	sgf_reset(s);
	int rc = 0, c = next(s);
	if (c == 0xEF && next(s) == 0xBB && next(s) == 0xBF)
		c = next(s);
	for (; rc == 0 && c != EOF && !rf->stop; c = next(s)) {
		if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
			continue;
		if (c == '(') {
			if (s->depth++ == 0)
				s->start = s->line;
		} else if (c == ')') {
			if (s->depth == 0)
				rc = sgf_fail(s, s->line, err, errlen, "%s",
				              "a ')' that closes no game tree");
			else if (--s->depth == 0)
				rc = sgf_finish(s, err, errlen);
			else
				s->rest_skipped = true;
		} else if (s->depth == 0) {
			rc = sgf_fail(s, s->line, err, errlen, "%s",
			              "text outside a game tree (a game is (;GM[4]...))");
		} else if (c == ';') {
			/* a node */
		} else if (isalpha(c)) {
			rc = sgf_read_property(s, c, err, errlen);
		} else {
			char what[2] = {(char)c, '\0'};
			rc = sgf_fail(s, s->line, err, errlen, "unexpected '%s'",
			              isprint(c) ? what : "?");
		}
	}
	if (rc == 0 && ferror(f))
		rc = sgf_fail(s, s->line, err, errlen, "%s", "a read error");
	if (rc == 0 && s->depth && !rf->stop)
		rc = sgf_fail(s, s->start, err, errlen, "%s",
		              "a game tree that does not end (no closing ')')");
	free(s);
	return rc;
}
