/* proc_stat.c - reading /proc/PID/stat.
 *
 * Field 2 is the command name in parentheses, which may hold blanks and
 * parentheses itself, so the fields are counted from the last ')' (proc(5)):
 * 3 state, 5 pgrp, 14 utime and 15 stime (clock ticks), 24 rss (pages). */
#define _POSIX_C_SOURCE 200809L
#include "proc_stat.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int proc_stat_read(pid_t pid, ProcStat *st)
{
	char path[64], text[1024];
	snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ssize_t n;
	while ((n = read(fd, text, sizeof text - 1)) < 0 && errno == EINTR)
		;
	close(fd);
	if (n <= 0)
		return -1;
	text[n] = '\0';
	const char *s = strrchr(text, ')');
	if (!s)
		return -1;
	/* Fields 3 to 24, counted as proc(5) does. */
	enum { FIRST = 3, LAST = 24 };
	const char *field[LAST + 1] = {0};
	s++;
	for (int i = FIRST; i <= LAST; i++) {
		s += strspn(s, " ");
		if (!*s)
			return -1;
		field[i] = s;
		s += strcspn(s, " ");
	}
	char state = field[3][0];
	long long pgrp = strtoll(field[5], NULL, 10), rss = strtoll(field[24], NULL, 10);
	unsigned long long utime = strtoull(field[14], NULL, 10),
	                   stime = strtoull(field[15], NULL, 10);
	long tick = sysconf(_SC_CLK_TCK), page = sysconf(_SC_PAGESIZE);
	st->state = state;
	st->pgrp = (pid_t)pgrp;
	st->cpu_ms = (double)(utime + stime) * 1000.0 / (double)(tick > 0 ? tick : 100);
	st->rss = rss * (page > 0 ? page : 4096);
	return 0;
}

int64_t proc_stat_rss(pid_t pid)
{
	ProcStat st;
	return proc_stat_read(pid, &st) == 0 ? st.rss : -1;
}

int64_t proc_stat_group_rss(pid_t pgrp)
{
	DIR *d = opendir("/proc");
	if (!d)
		return -1;
	int64_t sum = -1;
	struct dirent *ent;
	while ((ent = readdir(d))) {
		if (!isdigit((unsigned char)ent->d_name[0]))
			continue;
		ProcStat st;
		if (proc_stat_read((pid_t)atol(ent->d_name), &st) == 0 && st.pgrp == pgrp &&
		    st.state != 'Z')
			sum = (sum < 0 ? 0 : sum) + st.rss;
	}
	closedir(d);
	return sum;
}
