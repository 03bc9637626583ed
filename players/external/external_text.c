/* external_text.c - the text of the manager's side of the protocol. */
#define _POSIX_C_SOURCE 200809L
#include "external_text.h"
#include "err.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "player.h"

bool external_text_word_is(const char *s, size_t n, const char *kw)
{
	if (strlen(kw) != n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (toupper((unsigned char)s[i]) != kw[i])
			return false;
	return true;
}

int external_text_info(const char *text, char *out, size_t outlen, char *err, size_t errlen)
{
	size_t len = 0;
	out[0] = '\0';
	/* A line end in the text would end the INFO line early and send the
	 * rest to the engine as a command of its own. */
	for (const char *c = text; *c; c++)
		if ((unsigned char)*c < 0x20 && *c != '\t') {
			snprintf(err, errlen,
			         "info: a control character (byte %d) in the text",
			         (unsigned char)*c);
			return -1;
		}
	const char *s = text;
	while (*s) {
		size_t n = strcspn(s, ";");
		const char *a = s, *b = s + n;
		while (a < b && isspace((unsigned char)*a))
			a++;
		while (b > a && isspace((unsigned char)b[-1]))
			b--;
		if (b > a) {
			size_t key = strcspn(a, " \t;");
			if (a + key >= b) {
				snprintf(err, errlen,
				         "info: '%.*s' needs a key and a value",
				         (int)(b - a), a);
				return -1;
			}
			int w = snprintf(out + len, outlen - len, "INFO %.*s\n",
			                 (int)(b - a), a);
			if (w < 0 || (size_t)w >= outlen - len) {
				return err_set(err, errlen, "info: too long");
			}
			len += (size_t)w;
		}
		s += n + (s[n] == ';');
	}
	return 0;
}

void external_text_quote(char *out, size_t outlen, const char *line, size_t len)
{
	if (len > EXTERNAL_QUOTE_MAX)
		snprintf(out, outlen, "%.*s...", EXTERNAL_QUOTE_MAX, line);
	else
		snprintf(out, outlen, "%.*s", (int)len, line);
}

void external_text_sanitise(char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		*s = c == ','                ? ';'
		     : c == '"'              ? '\''
		     : c < 0x20 || c >= 0x7f ? '?'
		                             : (char)c;
	}
}

const char *external_text_fault(int fault)
{
	static const char *const names[] = {"none",    "crash",    "timeout",
	                                    "illegal", "protocol", "memory"};
	return fault >= 0 && fault < (int)(sizeof names / sizeof names[0]) ? names[fault]
	                                                                   : "?";
}

/* The shape first: a line with any other character is chatter, whatever
 * numbers it holds. */
ExternalReply external_text_reply(const char *s, int size, long *x, long *y)
{
	if (s[strspn(s, "0123456789+-, \t")] || !strpbrk(s, "0123456789"))
		return REPLY_OTHER;
	long v[2];
	for (int i = 0; i < 2; i++) {
		s += strspn(s, " \t");
		if (!isdigit((unsigned char)s[*s == '+' || *s == '-']))
			return REPLY_MALFORMED;
		char *end;
		errno = 0;
		v[i] = strtol(s, &end, 10);
		if (errno) /* out of range: off any board */
			v[i] = -1;
		s = end + strspn(end, " \t");
		if (i == 0 && *s++ != ',')
			return REPLY_MALFORMED;
	}
	if (*s)
		return REPLY_MALFORMED;
	*x = v[0];
	*y = v[1];
	return v[0] < 0 || v[1] < 0 || v[0] >= size || v[1] >= size ? REPLY_OFF_BOARD
	                                                            : REPLY_MOVE;
}
