/* pgn_read.c - games from a PGN file (records.h), a line at a time.
 *
 * A game is its tag pairs, one or more a line ([Name "value"], \" and \\
 * escaped), then optional movetext ending in a result token. The layouts
 * met: headers-only files (Ordo's examples, ours, cutechess-cli's and
 * fastchess's with -pgnout min), a blank line or nothing between games;
 * full files with movetext and {comments}. A game ends at its result
 * token, or where the tags of the next one begin (a tag after movetext or
 * after a blank line, or a White, Black or Result tag seen twice).
 *
 * Who moves first. In chess PGN (cutechess-cli, fastchess, Ordo, our
 * writer) White moves first and "1-0" is White's win. c-gomoku-cli writes
 * [Black] before [White] and its "1-0" is Black's win, Black moving first.
 * In both, "1-0" is the first player's win; the first player is the one
 * whose tag comes first when Black's tag comes before White's, else White.
 *
 * Result: the Result tag, else the result token; "*" (unfinished) is
 * counted and skipped. Termination: our reason names as they are, else a
 * word from c-gomoku-cli's sentences ("... by five connection": five, "...
 * time forfeit": timeout, ...), else "unknown". Round "R.P" gives the
 * round and the pair (a pentanomial pair shares it), "R" the round.
 * Moves: tokens in h8 notation (move numbers, NAGs, {comments}, ;comments
 * and (variations) skipped); a game with any other move token (chess SAN:
 * c-gomoku-cli writes a fixed chess line as a placeholder) is read without
 * moves, PlyCount then giving its length. */
#define _POSIX_C_SOURCE 200809L
#include "err.h"
#include "records_impl.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lines.h"

enum { PGN_LINE_MAX = 1 << 16, MOVE_TEXT_MAX = BOARD_MAX_MOVES * 6 };

typedef struct {
	RecordsFile *rf;
	long line;     /* the current line */
	long start;    /* the first line of the game, 0: no game open */
	bool in_moves; /* past the tags: a tag now starts the next game */
	bool ended;    /* the result token was read */
	int comment;   /* inside a {comment} */
	int variation; /* depth of (variations) */
	int first;     /* 1: White's tag came first, 2: Black's */
	char white[64], black[64], result[16], token[16], termination[64], round[32];
	bool has_white, has_black;
	long plycount;
	char moves[MOVE_TEXT_MAX];
	size_t mlen;
	int nmoves;
	bool moves_bad;
	char last_term[64], last_reason[24]; /* records_reason's last answer (kept) */
} Pgn;

static void pgn_reset(Pgn *p)
{
	RecordsFile *rf = p->rf;
	long line = p->line;
	memset(p, 0, offsetof(Pgn, moves) + 1);
	p->rf = rf, p->line = line, p->plycount = -1;
	p->mlen = 0, p->nmoves = 0, p->moves_bad = false;
}

/* "1-0" -> 1, "0-1" -> 0, "1/2-1/2" -> 0.5, "*" -> -1, else -2. */
static double result_score(const char *r)
{
	return !strcmp(r, "1-0")       ? 1
	       : !strcmp(r, "0-1")     ? 0
	       : !strcmp(r, "1/2-1/2") ? 0.5
	       : !strcmp(r, "*")       ? -1
	                               : -2;
}

/* A whole number 0..2e9 at *s; advances *s. */
static int whole(const char **s, int *out)
{
	long v = 0;
	const char *t = *s;
	if (!isdigit((unsigned char)*t))
		return -1;
	for (; isdigit((unsigned char)*t); t++)
		if ((v = v * 10 + (*t - '0')) > 2000000000)
			return -1;
	*out = (int)v, *s = t;
	return 0;
}

static int pgn_fail(Pgn *p, long line, char *err, size_t errlen, const char *what)
{
	return err_input(err, errlen, "%s:%ld: %s", p->rf->path, line, what);
}

/* The open game, handed over (or counted, unfinished). */
static int pgn_finish(Pgn *p, char *err, size_t errlen)
{
	if (!p->start)
		return 0;
	char msg[ERR_MAX];
	const char *res = p->result[0] ? p->result : p->token;
	double score = result_score(res);
	if (!p->has_white || !p->has_black)
		return pgn_fail(p, p->start, err, errlen,
		                p->has_white ? "a game without its Black tag"
		                             : "a game without its White tag");
	if (!res[0])
		return pgn_fail(p, p->start, err, errlen,
		                "a game without a result (no Result tag, no result token)");
	if (score == -2) {
		snprintf(msg, sizeof msg, "result '%.16s' is not 1-0, 0-1, 1/2-1/2 or *",
		         res);
		return pgn_fail(p, p->start, err, errlen, msg);
	}
	p->rf->number++;
	RecordGame g = {.line = p->start,
	                .format = RECORDS_PGN,
	                .job = p->rf->number,
	                .pair = -1,
	                .score = score,
	                .ms = {-1, -1}};
	const char *first = p->first == 2 ? p->black : p->white;
	const char *second = p->first == 2 ? p->white : p->black;
	memcpy(g.black, first, sizeof g.black);
	memcpy(g.white, second, sizeof g.white);
	if (strcmp(p->termination, p->last_term) != 0) { /* most games repeat one */
		records_reason(p->termination, p->last_reason);
		memcpy(p->last_term, p->termination, sizeof p->last_term);
	}
	memcpy(g.reason, p->last_reason, sizeof g.reason);
	const char *r = p->round;
	if (whole(&r, &g.round) == 0 && *r == '.') {
		r++;
		if (whole(&r, &g.pair) < 0)
			g.pair = -1;
	}
	if (!p->moves_bad && p->nmoves > 0) {
		p->moves[p->mlen] = '\0';
		g.nmoves = g.plies = p->nmoves;
		g.moves_text = p->moves;
	} else {
		g.nmoves = -1;
		g.plies = p->plycount >= 0 ? (int)p->plycount : 0;
	}
	if ((score < 0 ? records_unfinished(p->rf, &g, msg, sizeof msg)
	               : records_emit(p->rf, &g, msg, sizeof msg)) < 0)
		return pgn_fail(p, p->start, err, errlen, msg);
	pgn_reset(p);
	return 0;
}

/* One [Name "value"] at *s; the value unescaped into value. */
static int tag_scan(const char **s, char *name, size_t nlen, char *value, size_t vlen)
{
	const char *t = *s + 1;
	while (*t == ' ' || *t == '\t')
		t++;
	size_t n = 0;
	/* ASCII letters, digits and '_' (no ctype call a byte: the hot path) */
	while ((*t >= 'A' && *t <= 'Z') || (*t >= 'a' && *t <= 'z') ||
	       (*t >= '0' && *t <= '9') || *t == '_') {
		if (n + 1 < nlen)
			name[n++] = *t;
		t++;
	}
	name[n] = '\0';
	while (*t == ' ' || *t == '\t')
		t++;
	if (!n || *t++ != '"')
		return -1;
	/* Runs without a quote or backslash copied whole: the hot path. */
	size_t v = 0;
	for (;;) {
		size_t run = strcspn(t, "\"\\");
		if (v + run >= vlen)
			return -2;
		memcpy(value + v, t, run);
		v += run, t += run;
		if (*t != '\\')
			break;
		if (t[1] == '"' || t[1] == '\\') /* \" and \\ escaped; a lone \ is itself */
			t++;
		if (v + 1 >= vlen)
			return -2;
		value[v++] = *t++;
	}
	value[v] = '\0';
	if (*t++ != '"')
		return -1;
	while (*t == ' ' || *t == '\t')
		t++;
	if (*t++ != ']')
		return -1;
	*s = t;
	return 0;
}

/* The tags read, told apart once: a file of a million games has seven
 * or more a game (the reading's hot path: no strcmp chain, no printf). */
typedef enum {
	TAG_OTHER,
	TAG_EVENT,
	TAG_WHITE,
	TAG_BLACK,
	TAG_RESULT,
	TAG_TERM,
	TAG_ROUND,
	TAG_PLIES
} Tag;

static Tag tag_kind(const char *name)
{
	static const struct {
		const char *name;
		Tag tag;
	} tags[] = {{"Event", TAG_EVENT},   {"White", TAG_WHITE},      {"Black", TAG_BLACK},
	            {"Result", TAG_RESULT}, {"Termination", TAG_TERM}, {"Round", TAG_ROUND},
	            {"PlyCount", TAG_PLIES}};
	for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++)
		if (name[0] == tags[i].name[0] && !strcmp(name, tags[i].name))
			return tags[i].tag;
	return TAG_OTHER;
}

/* value into dst of n bytes, cut to fit. */
static void copy_cut(char *dst, size_t n, const char *value)
{
	size_t len = strlen(value);
	if (len >= n)
		len = n - 1;
	memcpy(dst, value, len);
	dst[len] = '\0';
}

static int pgn_tag(Pgn *p, const char *name, const char *value, char *err, size_t errlen)
{
	Tag tag = tag_kind(name);
	bool again = (tag == TAG_EVENT && p->start) || (tag == TAG_WHITE && p->has_white) ||
	             (tag == TAG_BLACK && p->has_black) ||
	             (tag == TAG_RESULT && p->result[0]);
	if (p->start && (p->in_moves || again) && pgn_finish(p, err, errlen) < 0)
		return ERR_INPUT;
	if (!p->start)
		p->start = p->line;
	char *dst = NULL;
	if (tag == TAG_WHITE)
		dst = p->white, p->has_white = true, p->first = p->first ? p->first : 1;
	else if (tag == TAG_BLACK)
		dst = p->black, p->has_black = true, p->first = p->first ? p->first : 2;
	if (dst && records_name(dst, value) < 0)
		return pgn_fail(p, p->line, err, errlen,
		                "a player's name must be 1 to 63 bytes");
	if (tag == TAG_RESULT)
		copy_cut(p->result, sizeof p->result, value);
	else if (tag == TAG_TERM)
		copy_cut(p->termination, sizeof p->termination, value);
	else if (tag == TAG_ROUND)
		copy_cut(p->round, sizeof p->round, value);
	else if (tag == TAG_PLIES) {
		const char *v = value;
		int n;
		p->plycount = whole(&v, &n) == 0 && !*v ? n : -1;
	}
	return 0;
}

/* A move token: "h8" (a letter and a row number), with annotations. */
static void pgn_move(Pgn *p, const char *tok, size_t len)
{
	size_t n = 0;
	while (n < len && strchr("!?+#", tok[len - 1 - n]))
		n++;
	len -= n;
	bool point = len >= 2 && len <= 3 && islower((unsigned char)tok[0]) &&
	             isdigit((unsigned char)tok[1]) &&
	             (len == 2 || isdigit((unsigned char)tok[2]));
	if (!point || p->nmoves == BOARD_MAX_MOVES) {
		p->moves_bad = true;
		return;
	}
	if (p->mlen)
		p->moves[p->mlen++] = ' ';
	memcpy(p->moves + p->mlen, tok, len);
	p->mlen += len;
	p->nmoves++;
}

/* The movetext of one line. */
static int pgn_movetext(Pgn *p, const char *s, char *err, size_t errlen)
{
	while (*s) {
		if (p->comment) {
			const char *e = strchr(s, '}');
			if (!e)
				return 0;
			p->comment = 0, s = e + 1;
			continue;
		}
		if (isspace((unsigned char)*s)) {
			s++;
			continue;
		}
		if (*s == '{') {
			p->comment = 1, s++;
			continue;
		}
		if (*s == ';')
			return 0;
		if (*s == '}') { /* a comment's end without its start: nothing */
			s++;
			continue;
		}
		if (*s == '(' || *s == ')') {
			p->variation += *s == '(' ? 1 : p->variation > 0 ? -1 : 0;
			s++;
			continue;
		}
		size_t len = strcspn(s, " \t{}();");
		if (!p->start)
			return pgn_fail(p, p->line, err, errlen,
			                "movetext before any tag (a game begins with [Tag "
			                "\"value\"] lines)");
		char tok[16];
		memcpy(tok, s, len < 15 ? len : 15);
		tok[len < 15 ? len : 15] = '\0';
		if (p->variation || *s == '$' || p->ended) {
			/* skipped */
		} else if (result_score(tok) > -2 && len == strlen(tok)) {
			memcpy(p->token, tok, sizeof tok);
			p->ended = true;
		} else {
			const char *t = s, *end = s + len;
			while (t < end && isdigit((unsigned char)*t))
				t++;
			if (t > s && t < end && *t == '.') /* a move number, maybe "1.h8" */
				while (t < end && *t == '.')
					t++;
			else
				t = s;
			if (t < end)
				pgn_move(p, t, (size_t)(end - t));
		}
		s += len;
	}
	return 0;
}

static int pgn_line(Pgn *p, char *line, char *err, size_t errlen)
{
	const char *s = line;
	while (*s == ' ' || *s == '\t')
		s++;
	if (p->comment || (*s && *s != '[' && *s != '%')) {
		if (p->start)
			p->in_moves = true;
		return pgn_movetext(p, s, err, errlen);
	}
	if (!*s) { /* a blank line ends the tags */
		if (p->start)
			p->in_moves = true;
		return 0;
	}
	if (*s == '%')
		return 0; /* an escaped line (PGN 6) */
	while (*s == '[') {
		char name[32], value[256];
		int rc = tag_scan(&s, name, sizeof name, value, sizeof value);
		if (rc < 0)
			return pgn_fail(p, p->line, err, errlen,
			                rc == -2 ? "a tag value over 255 bytes"
			                         : "a tag is [Name \"value\"]");
		if (pgn_tag(p, name, value, err, errlen) < 0)
			return ERR_INPUT;
		while (*s == ' ' || *s == '\t')
			s++;
	}
	if (*s) /* movetext after the tags, on their line */
		return pgn_movetext(p, s, err, errlen);
	return 0;
}

int pgn_read(RecordsFile *rf, FILE *f, char *err, size_t errlen)
{
	Pgn *p = malloc(sizeof *p);
	if (!p)
		return err_set(err, errlen, "out of memory");
	p->rf = rf, p->line = 0;
	pgn_reset(p);
	p->last_term[0] = '\0';
	records_reason("", p->last_reason);
	Lines lr;
	lines_init(&lr, f, PGN_LINE_MAX);
	char *line;
	size_t len;
	LinesStatus st;
	int rc = 0;
	while (rc == 0 && !rf->stop && (st = lines_next(&lr, &line, &len)) == LINES_OK) {
		p->line = lr.line;
		rc = pgn_line(p, line, err, errlen);
		if (rc == 0 && p->ended && !p->comment)
			rc = pgn_finish(p, err, errlen);
	}
	if (rf->stop) /* records_find has its game */
		st = LINES_END, p->comment = 0, p->start = 0;
	if (rc == 0 && st != LINES_END) {
		char msg[ERR_MAX];
		lines_error(&lr, st, msg, sizeof msg);
		rc = err_input(err, errlen, "%s:%ld: %s", rf->path, lr.line, msg);
	}
	if (rc == 0 && p->comment)
		rc = pgn_fail(p, p->line, err, errlen, "a {comment} that does not end");
	if (rc == 0)
		rc = pgn_finish(p, err, errlen);
	lines_free(&lr);
	free(p);
	return rc;
}
