/* engine_message.c - reading what engines say in their MESSAGE lines.
 *
 * One pass over the line: a word that is a known key takes the value that
 * follows it (after blanks, '=' or ':'); any other byte is passed over.
 * Every read stops at the NUL, and a value that does not parse leaves its
 * field as it was, so no line can do more than say nothing. */
#include "engine_message.h"

#include <ctype.h>
#include <string.h>

#include "coord.h"
#include "external_text.h"

enum { DEPTH_MAX = 10000 };

typedef enum {
	KEY_NONE,
	KEY_DEPTH,
	KEY_SELDEPTH,
	KEY_EVAL,
	KEY_NODES,
	KEY_PV,
	KEY_BEST,
} Key;

static const struct {
	const char *word; /* upper case */
	Key key;
} keys[] = {
    {"DEPTH", KEY_DEPTH},     {"DEP", KEY_DEPTH},     {"SELDEPTH", KEY_SELDEPTH},
    {"SELDEP", KEY_SELDEPTH}, {"SEL", KEY_SELDEPTH},  {"EVAL", KEY_EVAL},
    {"EV", KEY_EVAL},         {"VAL", KEY_EVAL},      {"VALUE", KEY_EVAL},
    {"SCORE", KEY_EVAL},      {"NODE", KEY_NODES},    {"NODES", KEY_NODES},
    {"PV", KEY_PV},           {"BESTLINE", KEY_PV},   {"LINE", KEY_PV},
    {"BEST", KEY_BEST},       {"BESTMOVE", KEY_BEST},
};

static Key key_of(const char *s, size_t n)
{
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (strlen(keys[i].word) == n && external_text_word_is(s, n, keys[i].word))
			return keys[i].key;
	return KEY_NONE;
}

static const char *blanks(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* Digits at *s as a number up to limit; advances *s. False without a digit
 * or over limit. */
static bool digits(const char **s, uint64_t limit, uint64_t *v)
{
	const char *p = *s;
	uint64_t n = 0;
	if (!isdigit((unsigned char)*p))
		return false;
	for (; isdigit((unsigned char)*p); p++) {
		unsigned d = (unsigned)(*p - '0');
		if (n > (limit - d) / 10)
			return false;
		n = n * 10 + d;
	}
	*s = p;
	*v = n;
	return true;
}

/* A value ends at a byte that cannot continue a word or a number. */
static bool ends(const char *s)
{
	return !isalnum((unsigned char)*s) && *s != '.' && *s != '_';
}

static bool read_depth(const char **s, int *v)
{
	uint64_t n;
	if (!digits(s, DEPTH_MAX, &n))
		return false;
	*v = (int)n;
	return true;
}

/* "12", "59K", "1.5M": a count, with a fraction only before a suffix. */
static bool read_count(const char **s, uint64_t *v)
{
	const char *p = *s;
	uint64_t whole, frac = 0, scale = 1;
	if (!digits(&p, UINT64_MAX / 1000000000u - 1, &whole))
		return false;
	if (*p == '.') {
		p++;
		for (; isdigit((unsigned char)*p); p++)
			if (scale < 1000000000u) {
				frac = frac * 10 + (uint64_t)(*p - '0');
				scale *= 10;
			}
		if (scale == 1)
			return false;
	}
	uint64_t mult = 1;
	switch (toupper((unsigned char)*p)) {
	case 'K': mult = 1000; break;
	case 'M': mult = 1000000; break;
	case 'G': mult = 1000000000; break;
	default: break;
	}
	if (mult > 1)
		p++;
	else if (scale > 1)
		return false; /* "12.5" nodes: not a count */
	if (!ends(p))
		return false;
	*v = whole * mult + frac * mult / scale;
	*s = p;
	return true;
}

static bool read_eval(const char **s, int *v)
{
	const char *p = *s;
	bool neg = *p == '-';
	if (*p == '-' || *p == '+')
		p++;
	uint64_t n;
	if (!digits(&p, SCORE_WIN, &n) || !ends(p))
		return false;
	*v = neg ? -(int)n : (int)n;
	*s = p;
	return true;
}

/* One point: "h8", "x,y", "(x,y)" or "[x;y]"; advances *s. */
static bool read_point(const char **s, int size, int *pt)
{
	const char *p = *s;
	char err[8];
	if (isalpha((unsigned char)*p)) {
		if (coord_scan(size, &p, pt, err, sizeof err) < 0 || !ends(p))
			return false;
		*s = p;
		return true;
	}
	char close = *p == '[' ? ']' : *p == '(' ? ')' : '\0';
	if (close)
		p = blanks(p + 1);
	uint64_t x, y;
	if (!digits(&p, 1000, &x))
		return false;
	p = blanks(p);
	if (*p != ',' && *p != ';')
		return false;
	p = blanks(p + 1);
	if (!digits(&p, 1000, &y))
		return false;
	if (close) {
		p = blanks(p);
		if (*p++ != close)
			return false;
	} else if (!ends(p) || *p == '.')
		return false;
	if (x >= (uint64_t)size || y >= (uint64_t)size)
		return false;
	*pt = board_point((int)x, (int)y);
	*s = p;
	return true;
}

/* Points separated by blanks (or commas between h8 points), up to PV_MAX. */
static int read_pv(const char **s, int size, int16_t *pv)
{
	const char *p = *s;
	int n = 0, pt;
	while (n < PV_MAX && read_point(&p, size, &pt)) {
		pv[n++] = (int16_t)pt;
		*s = p;
		p = blanks(p);
		if (*p == ',' && isalpha((unsigned char)p[1]))
			p++;
		p = blanks(p);
	}
	return n;
}

/* The value of key at *s into info; advances *s past it. Returns the
 * fields set. */
static int read_value(Key key, const char **s, int size, MoveInfo *info, bool *pv_seen)
{
	int n = 0, d;
	uint64_t c;
	int16_t pv[PV_MAX];
	switch (key) {
	case KEY_DEPTH:
		if (!read_depth(s, &d))
			break;
		info->depth = d;
		n++;
		/* "15-25", "15/25": depth and selective depth */
		if ((**s == '-' || **s == '/') && isdigit((unsigned char)(*s)[1])) {
			(*s)++;
			if (read_depth(s, &d)) {
				info->seldepth = d;
				n++;
			}
		}
		break;
	case KEY_SELDEPTH:
		if (read_depth(s, &d)) {
			info->seldepth = d;
			n++;
		}
		break;
	case KEY_EVAL:
		if (read_eval(s, &d)) {
			info->score = d;
			n++;
		}
		break;
	case KEY_NODES:
		if (read_count(s, &c)) {
			info->nodes = c;
			n++;
		}
		break;
	case KEY_PV:
	case KEY_BEST:
		if ((d = read_pv(s, size, pv)) == 0)
			break;
		if (key == KEY_BEST) {
			if (*pv_seen)
				break; /* a whole line said it already */
			d = 1;
		}
		*pv_seen = key == KEY_PV;
		memcpy(info->pv, pv, sizeof pv[0] * (size_t)d);
		info->pv_len = d;
		n++;
		break;
	case KEY_NONE: break;
	}
	return n;
}

int engine_message_parse(const char *line, int size, MoveInfo *info)
{
	const char *s = blanks(line);
	if (!external_text_word_is(s, 7, "MESSAGE") ||
	    (s[7] && s[7] != ' ' && s[7] != '\t'))
		return -1;
	s += 7;
	int found = 0;
	bool pv_seen = false;
	while (*s) {
		if (!isalpha((unsigned char)*s)) {
			s++;
			continue;
		}
		const char *w = s;
		while (isalpha((unsigned char)*s))
			s++;
		Key k = key_of(w, (size_t)(s - w));
		if (k == KEY_NONE || (*s && !strchr(" \t=:", *s)))
			continue;
		const char *v = blanks(s);
		if (*v == '=' || *v == ':')
			v = blanks(v + 1);
		int n = read_value(k, &v, size, info, &pv_seen);
		if (n) {
			found += n;
			s = v;
		}
	}
	return found;
}

void engine_message_text(const char *line, char *out, size_t outlen)
{
	if (!outlen)
		return;
	const char *s = blanks(line);
	s = blanks(s + (strlen(s) >= 7 ? 7 : strlen(s)));
	size_t n = strlen(s);
	while (n && (s[n - 1] == '\r' || s[n - 1] == '\n' || s[n - 1] == ' '))
		n--;
	if (n > outlen - 1)
		n = outlen - 1;
	memcpy(out, s, n);
	out[n] = '\0';
	external_text_sanitise(out);
}

void engine_message_keep(const char *line, int ply, MessageLog *log)
{
	const char *s = blanks(line);
	size_t n = strlen(s);
	s += n >= 7 ? 7 : n; /* "MESSAGE", then its one separating space */
	if (*s == ' ')
		s++;
	n = strlen(s);
	while (n && (s[n - 1] == '\r' || s[n - 1] == '\n'))
		n--;
	message_log_add(log, ply, s, n);
}
