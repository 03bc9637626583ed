/* rundir.c - a run's output folder. */
#define _POSIX_C_SOURCE 200809L
#include "rundir.h"
#include "err.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int rundir_create(const char *path, char *err, size_t errlen)
{
	char buf[4096];
	if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
		return err_set(err, errlen, "%.64s...: path too long", path);
	}
	for (char *s = buf + (buf[0] != '\0');; s++) { /* not the root's '/' */
		if (*s == '/' || *s == '\0') {
			char c = *s;
			*s = '\0';
			if (mkdir(buf, 0777) < 0 && errno != EEXIST) {
				return err_set(err, errlen, "%s: cannot create: %s", buf,
				               strerror(errno));
			}
			*s = c;
			if (!c)
				return 0;
		}
	}
}

int rundir_lock(RundirLock *l, const char *dir, char *err, size_t errlen)
{
	l->fd = -1;
	l->created = false;
	snprintf(l->path, sizeof l->path, "%s/.lock", dir);
	int fd = open(l->path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	if (fd >= 0)
		l->created = true;
	else if (errno == EEXIST)
		fd = open(l->path, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		return err_set(err, errlen, "%s: cannot open: %s", l->path,
		               strerror(errno));
	}
	/* A POSIX record lock, not flock: it belongs to this process alone, so
	 * a child that has not yet exec'd (an engine being started when a kill
	 * came) does not hold it on after this process is gone. */
	struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
	if (fcntl(fd, F_SETLK, &fl) < 0) {
		int e = errno;
		close(fd);
		/* Not ours to remove: the process holding it may have made it. */
		l->created = false;
		if (e == EACCES || e == EAGAIN)
			snprintf(err, errlen,
			         "%s: another process is writing this run folder", dir);
		else
			snprintf(err, errlen, "%s: cannot lock: %s", l->path, strerror(e));
		return -1;
	}
	l->fd = fd;
	return 0;
}

void rundir_unlock(RundirLock *l, bool bad_input)
{
	if (l->fd < 0)
		return;
	if (bad_input && l->created)
		unlink(l->path);
	close(l->fd);
	l->fd = -1;
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
