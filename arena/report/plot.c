/* plot.c - gnuplot as a child process in the picture's folder. */
#define _POSIX_C_SOURCE 200809L
#include "plot.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "outfile.h"
#include "printable.h"

enum { EXIT_NO_EXEC = 127 };

/* gnuplot (5.4, datafile.c) ends a string field at its first '"', and then
 * reads escapes in it (util.c, parse_esc): \\, \", \n, \t, octal \NNN
 * taking every octal digit that follows, and any other \x as x. So '"'
 * goes as \042, a backslash as \\, an octal digit right after an octal
 * escape as one too; control characters are first shown as the terminal
 * shows them, so no tab or line break splits the record. */
void plot_data_text(FILE *f, const char *s)
{
	size_t n = PRINTABLE_SIZE(strlen(s));
	char *shown = malloc(n);
	if (!shown) { /* out of memory: a label of its own rather than no plot */
		fputc('?', f);
		return;
	}
	bool octal = false; /* the last thing written was an octal escape */
	for (const char *p = printable_text(shown, n, s); *p; p++) {
		if (*p == '"' || (octal && *p >= '0' && *p <= '7')) {
			fprintf(f, "\\%03o", (unsigned)(unsigned char)*p);
			octal = true;
			continue;
		}
		if (*p == '\\')
			fputc('\\', f);
		fputc(*p, f);
		octal = false;
	}
	free(shown);
}

/* Is there an executable gnuplot on PATH? (a missing gnuplot is a note) */
static int have_gnuplot(void)
{
	const char *path = getenv("PATH");
	if (!path)
		path = "/usr/bin:/bin";
	while (*path) {
		size_t n = strcspn(path, ":");
		char buf[4200];
		if (n > 0 && n < 4000) {
			snprintf(buf, sizeof buf, "%.*s/gnuplot", (int)n, path);
			if (access(buf, X_OK) == 0)
				return 1;
		}
		path += n + (path[n] == ':');
	}
	return 0;
}

/* Does path end with PNG's closing IEND chunk? gnuplot does not always
 * notice that the disk filled while it wrote. */
static int complete_png(const char *path)
{
	static const unsigned char iend[12] = {0,   0,   0,    0,    'I',  'E',
	                                       'N', 'D', 0xAE, 0x42, 0x60, 0x82};
	unsigned char tail[12];
	FILE *f = fopen(path, "rbe");
	int ok = f && fseek(f, -12, SEEK_END) == 0 && fread(tail, 1, 12, f) == 12 &&
	         memcmp(tail, iend, 12) == 0;
	if (f)
		fclose(f);
	return ok;
}

/* Runs gnuplot in dir with script on its stdin; its exit status, or -1. */
static int run_gnuplot(const char *dir, const char *script)
{
	int fds[2];
	if (pipe(fds) < 0)
		return -1;
	/* Only async-signal-safe calls between fork and exec: a run may have
	 * engine threads. */
	pid_t pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);
		if (dup2(fds[0], 0) < 0 || null < 0 || dup2(null, 1) < 0 ||
		    dup2(null, 2) < 0 || chdir(dir) < 0)
			_exit(EXIT_NO_EXEC);
		/* Else gnuplot would hold its own pipe open and never see EOF. */
		for (int k = 0; k < 2; k++)
			if (fds[k] > 2)
				close(fds[k]);
		if (null > 2)
			close(null);
		signal(SIGPIPE, SIG_DFL);
		execlp("gnuplot", "gnuplot", (char *)NULL);
		_exit(EXIT_NO_EXEC);
	}
	close(fds[0]);
	/* SIGPIPE is ignored by the arena: a gnuplot that dies early gives
	 * EPIPE here, and its exit status says the rest. */
	size_t len = strlen(script), off = 0;
	while (off < len) {
		ssize_t w = write(fds[1], script + off, len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;
		off += (size_t)w;
	}
	close(fds[1]);
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

PlotStatus plot_run(const char *dir, const char *png, const char *script, const char *data,
                    size_t datalen, char *err, size_t errlen)
{
	if (!have_gnuplot())
		return PLOT_NO_GNUPLOT;
	char dat[OUTFILE_PATH_MAX + 32], out[OUTFILE_PATH_MAX + 32],
	    target[OUTFILE_PATH_MAX + 32];
	snprintf(dat, sizeof dat, "%s/" PLOT_DATA, dir);
	snprintf(out, sizeof out, "%s/" PLOT_OUTPUT, dir);
	snprintf(target, sizeof target, "%s/%s", dir, png);
	FILE *f = fopen(dat, "we");
	if (!f || fwrite(data, 1, datalen, f) != datalen || fclose(f) != 0) {
		snprintf(err, errlen, "%s: cannot write: %s", dat, strerror(errno));
		unlink(dat);
		return PLOT_FAILED;
	}
	unlink(out);
	int st = run_gnuplot(dir, script);
	unlink(dat);
	if (st != 0) {
		unlink(out);
		snprintf(err, errlen, "%s: gnuplot failed (exit status %d)", target, st);
		return PLOT_FAILED;
	}
	if (!complete_png(out)) {
		unlink(out);
		snprintf(err, errlen, "%s: gnuplot wrote no whole picture (disk full?)",
		         target);
		return PLOT_FAILED;
	}
	return outfile_install(out, target, err, errlen) < 0 ? PLOT_FAILED : PLOT_DONE;
}
