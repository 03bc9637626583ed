/* json_check.h - a strict JSON syntax check (RFC 8259) for the tests of
 * report.html's embedded data, and the data cut out of a page.
 *
 * json_valid returns NULL when text is exactly one JSON value (with
 * blanks around it), else a pointer to the first byte that is wrong.
 * page_data returns the text of the page's <script type="application/json"
 * id="report-data"> element (malloc'd), or NULL. */
#ifndef TESTS_JSON_CHECK_H
#define TESTS_JSON_CHECK_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static const char *json_value(const char *s);

static const char *json_blank(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	return s;
}

static const char *json_str(const char *s)
{
	if (*s++ != '"')
		return NULL;
	for (; *s != '"'; s++) {
		if ((unsigned char)*s < 0x20)
			return NULL;
		if (*s != '\\')
			continue;
		s++;
		if (*s == 'u') {
			for (int k = 1; k <= 4; k++)
				if (!strchr("0123456789abcdefABCDEF", s[k]) || !s[k])
					return NULL;
			s += 4;
		} else if (!*s || !strchr("\"\\/bfnrt", *s))
			return NULL;
	}
	return s + 1;
}

static const char *json_num(const char *s)
{
	if (*s == '-')
		s++;
	if (*s == '0')
		s++;
	else if (*s >= '1' && *s <= '9')
		while (*s >= '0' && *s <= '9')
			s++;
	else
		return NULL;
	if (*s == '.') {
		if (!(*++s >= '0' && *s <= '9'))
			return NULL;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		if (!(*s >= '0' && *s <= '9'))
			return NULL;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	return s;
}

/* An array or an object: items separated by commas, keys for objects. */
static const char *json_list(const char *s, char close, bool keys)
{
	s = json_blank(s + 1);
	if (*s == close)
		return s + 1;
	for (;;) {
		if (keys) {
			if (!(s = json_str(json_blank(s))))
				return NULL;
			s = json_blank(s);
			if (*s++ != ':')
				return NULL;
		}
		if (!(s = json_value(s)))
			return NULL;
		if (*s == close)
			return s + 1;
		if (*s++ != ',')
			return NULL;
	}
}

/* One value with the blanks around it; NULL if it is not one. */
static const char *json_value(const char *s)
{
	s = json_blank(s);
	const char *e = *s == '{'                 ? json_list(s, '}', true)
	                : *s == '['               ? json_list(s, ']', false)
	                : *s == '"'               ? json_str(s)
	                : !strncmp(s, "true", 4)  ? s + 4
	                : !strncmp(s, "false", 5) ? s + 5
	                : !strncmp(s, "null", 4)  ? s + 4
	                                          : json_num(s);
	return e ? json_blank(e) : NULL;
}

static const char *json_valid(const char *text)
{
	const char *e = json_value(text);
	return e && !*e ? NULL : e ? e : text;
}

static char *page_data(const char *page)
{
	static const char open[] = "<script type=\"application/json\" id=\"report-data\">";
	const char *a = strstr(page, open);
	if (!a)
		return NULL;
	a += strlen(open);
	const char *b = strstr(a, "</script>");
	if (!b)
		return NULL;
	char *out = malloc((size_t)(b - a) + 1);
	memcpy(out, a, (size_t)(b - a));
	out[b - a] = '\0';
	return out;
}

#endif
