/* proc_log.c - the conversation log of an engine. */
#define _GNU_SOURCE /* fopen's "e" (O_CLOEXEC) */
#include "proc_log.h"
#include "err.h"

#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include <sys/stat.h>

#include "clock.h"

void proc_log_init(ProcLog *l)
{
	l->f = NULL;
	l->t0 = 0;
	l->max = l->written = 0;
	l->cut = false;
}

int proc_log_open(ProcLog *l, const char *path, double t0, char *err, size_t errlen)
{
	proc_log_close(l);
	/* "e": close-on-exec from the start, since another thread of the
	 * arena may fork an engine at any moment. */
	l->f = fopen(path, "ae");
	if (!l->f) {
		return err_set(err, errlen, "cannot open log '%s': %s", path,
		               strerror(errno));
	}
	setvbuf(l->f, NULL, _IOLBF, 0);
	l->t0 = t0;
	l->written = 0;
	l->cut = false;
	return 0;
}

int proc_log_check(const char *path, char *err, size_t errlen)
{
	char folder[4096];
	const char *slash = strrchr(path, '/');
	if (!slash)
		snprintf(folder, sizeof folder, ".");
	else /* "/x" is in "/" */
		snprintf(folder, sizeof folder, "%.*s",
		         (int)(slash - path + (slash == path)), path);
	struct stat st;
	if (stat(folder, &st) == 0 && S_ISDIR(st.st_mode))
		return 0;
	return err_set(err, errlen, "log '%s': no folder '%s'", path, folder);
}

void proc_log_close(ProcLog *l)
{
	if (!l)
		return;
	if (l->f)
		fclose(l->f);
	l->f = NULL;
}

void proc_log_lines(ProcLog *l, char tag, const char *text, size_t len)
{
	if (!l || !l->f)
		return;
	double ms = clock_ms() - l->t0;
	while (len > 0) {
		size_t n = 0;
		while (n < len && text[n] != '\n')
			n++;
		size_t show = n;
		while (show > 0 && text[show - 1] == '\r')
			show--;
		/* An entry is the text and 12 bytes: time, tag, blanks, LF. */
		if (show > 0 && l->max > 0 && l->written + (long long)show + 12 > l->max) {
			if (!l->cut)
				proc_log_event(l,
				               "log cut: over log_max (%lld bytes) in this "
				               "game; only events from here on",
				               l->max);
			l->cut = true;
		} else if (show > 0) {
			int w = fprintf(l->f, "%8.1f %c %.*s\n", ms, tag, (int)show, text);
			l->written += w > 0 ? w : 0;
		}
		text += n + (n < len);
		len -= n + (n < len);
	}
}

void proc_log_event(ProcLog *l, const char *fmt, ...)
{
	if (!l || !l->f)
		return;
	int n = fprintf(l->f, "%8.1f * ", clock_ms() - l->t0);
	va_list ap;
	va_start(ap, fmt);
	int m = vfprintf(l->f, fmt, ap);
	va_end(ap);
	fputc('\n', l->f);
	l->written += (n > 0 ? n : 0) + (m > 0 ? m : 0) + 1;
}
