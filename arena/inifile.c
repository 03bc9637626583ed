/* inifile.c - line numbers and section headers for inih. */
#include "inifile.h"

#include <stdlib.h>
#include <string.h>

static char *reader(char *str, int num, void *stream)
{
	IniFile *in = stream;
	if (in->failed || !fgets(str, num, in->f))
		return NULL;
	in->line++;
	size_t n = strlen(str);
	if (n == (size_t)num - 1 && str[n - 1] != '\n' && !feof(in->f)) {
		char msg[64];
		snprintf(msg, sizeof msg, "line longer than %d characters", num - 2);
		inifile_fail(in, msg);
		return NULL;
	}
	const char *s = str + strspn(str, " \t");
	const char *close = *s == '[' ? strchr(s, ']') : NULL;
	if (close) {
		IniHeader *h = realloc(in->headers, sizeof *h * ((size_t)in->nheaders + 1));
		if (!h) {
			inifile_fail(in, "out of memory");
			return NULL;
		}
		in->headers = h;
		h[in->nheaders].line = in->line;
		snprintf(h[in->nheaders].name, sizeof h->name, "%.*s", (int)(close - s - 1), s + 1);
		in->nheaders++;
		in->header_line = in->line;
	}
	return str;
}

int inifile_fail_at(IniFile *in, int line, const char *msg)
{
	if (!in->failed)
		snprintf(in->err, in->errlen, "%s:%d: %s", in->path, line, msg);
	in->failed = 1;
	return 0;
}

int inifile_fail(IniFile *in, const char *msg)
{
	return inifile_fail_at(in, in->line, msg);
}

int inifile_parse(IniFile *in, FILE *f, const char *path, ini_handler handler, void *user,
                  char *err, size_t errlen)
{
	*in = (IniFile){.path = path, .f = f, .err = err, .errlen = errlen};
	int rc = ini_parse_stream(reader, in, handler, user);
	if (rc != 0 && !in->failed)
		inifile_fail_at(in, rc > 0 ? rc : in->line, "expected [section] or key = value");
	return in->failed ? -1 : 0;
}

void inifile_free(IniFile *in)
{
	free(in->headers);
	in->headers = NULL;
	in->nheaders = 0;
}
