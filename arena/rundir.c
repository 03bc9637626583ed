/* rundir.c - a run's output folder. */
#define _DEFAULT_SOURCE /* flock */
#include "rundir.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

int rundir_create(const char *path, char *err, size_t errlen)
{
	char buf[4096];
	if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
		snprintf(err, errlen, "%.64s...: path too long", path);
		return -1;
	}
	for (char *s = buf + (buf[0] != '\0');; s++) { /* not the root's '/' */
		if (*s == '/' || *s == '\0') {
			char c = *s;
			*s = '\0';
			if (mkdir(buf, 0777) < 0 && errno != EEXIST) {
				snprintf(err, errlen, "%s: cannot create: %s", buf,
				         strerror(errno));
				return -1;
			}
			*s = c;
			if (!c)
				return 0;
		}
	}
}

int rundir_lock(const char *dir, char *err, size_t errlen)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/.lock", dir);
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
	if (fd < 0) {
		snprintf(err, errlen, "%s: cannot create: %s", path, strerror(errno));
		return -1;
	}
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		int e = errno;
		close(fd);
		if (e == EWOULDBLOCK)
			snprintf(err, errlen,
			         "%s: another process is writing this run folder", dir);
		else
			snprintf(err, errlen, "%s: cannot lock: %s", path, strerror(e));
		return -1;
	}
	return fd;
}

void rundir_unlock(int fd)
{
	if (fd >= 0)
		close(fd);
}

char *rundir_slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = NULL;
	size_t cap = 0, n = 0, got;
	do {
		if (n + 4097 > cap) {
			char *nb = realloc(buf, cap = 2 * cap + 8192);
			if (!nb) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
		}
		n += got = fread(buf + n, 1, 4096, f);
	} while (got == 4096);
	fclose(f);
	buf[n] = '\0';
	return buf;
}

static bool is_free(const char *line, const char *const *free_keys)
{
	for (int i = 0; free_keys[i]; i++) {
		size_t n = strlen(free_keys[i]);
		if (strncmp(line, free_keys[i], n) == 0 && strncmp(line + n, " =", 2) == 0)
			return true;
	}
	return false;
}

bool rundir_same_config(const char *a, const char *b, const char *const *free_keys)
{
	for (;;) {
		while (is_free(a, free_keys))
			a += strcspn(a, "\n") + (a[strcspn(a, "\n")] != '\0');
		while (is_free(b, free_keys))
			b += strcspn(b, "\n") + (b[strcspn(b, "\n")] != '\0');
		size_t la = strcspn(a, "\n"), lb = strcspn(b, "\n");
		if (la != lb || strncmp(a, b, la) != 0)
			return false;
		if (!a[la])
			return !b[lb];
		a += la + 1;
		b += lb + 1;
	}
}
