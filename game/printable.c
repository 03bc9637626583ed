/* printable.c - text made harmless for a terminal (printable.h). */
#include "printable.h"

#include <string.h>

/* The length of the well-formed UTF-8 character at s that is no control,
 * or 0. The ranges are RFC 3629's: no overlong forms, no surrogates,
 * nothing past U+10FFFF. */
static int char_len(const unsigned char *s)
{
	unsigned c = s[0], lo = 0x80, hi = 0xBF;
	int n;
	if (c >= 0x20 && c < 0x7F)
		return 1;
	if (c < 0xC2) /* a control, a continuation byte, an overlong lead */
		return 0;
	if (c == 0xC2)
		n = 2, lo = 0xA0; /* C2 80 to C2 9F: the C1 controls */
	else if (c <= 0xDF)
		n = 2;
	else if (c == 0xE0)
		n = 3, lo = 0xA0;
	else if (c == 0xED)
		n = 3, hi = 0x9F;
	else if (c <= 0xEF)
		n = 3;
	else if (c == 0xF0)
		n = 4, lo = 0x90;
	else if (c <= 0xF3)
		n = 4;
	else if (c == 0xF4)
		n = 4, hi = 0x8F;
	else
		return 0;
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (int k = 2; k < n; k++)
		if ((s[k] & 0xC0) != 0x80)
			return 0;
	return n;
}

/* The next piece of s as shown, into out (at least 5 bytes, terminated):
 * a character as it is or a byte as \xNN. Returns the bytes of s taken. */
static int piece(const char *s, bool lines, char *out)
{
	const unsigned char *u = (const unsigned char *)s;
	int n = char_len(u);
	if (n == 0 && lines && (*s == '\n' || *s == '\t'))
		n = 1;
	if (n == 0) {
		static const char hex[] = "0123456789abcdef";
		out[0] = '\\', out[1] = 'x', out[2] = hex[*u >> 4], out[3] = hex[*u & 15];
		out[4] = '\0';
		return 1;
	}
	memcpy(out, s, (size_t)n);
	out[n] = '\0';
	return n;
}

const char *printable_control(const char *s)
{
	for (; *s; s++)
		if (((unsigned char)*s < 0x20 && *s != '\t') || *s == 0x7F)
			return s;
	return NULL;
}

char *printable_text(char *buf, size_t buflen, const char *s)
{
	size_t used = 0;
	char one[5];
	if (!buflen)
		return buf;
	while (*s) {
		int took = piece(s, false, one);
		size_t n = strlen(one);
		if (used + n >= buflen)
			break;
		memcpy(buf + used, one, n);
		used += n;
		s += took;
	}
	buf[used] = '\0';
	return buf;
}

static void put(FILE *f, const char *s, bool lines)
{
	char one[5];
	while (*s) {
		s += piece(s, lines, one);
		fputs(one, f);
	}
}

void printable_put(FILE *f, const char *s)
{
	put(f, s, false);
}

void printable_line(FILE *f, const char *msg)
{
	put(f, msg, true);
	fputc('\n', f);
}

int printable_width(const char *s)
{
	int width = 0;
	char one[5];
	while (*s) {
		int took = piece(s, false, one);
		width +=
		    took == 1 && *s != one[0] ? 4 : 1; /* an escape, or one character */
		s += took;
	}
	return width;
}
