/* outfile.c - atomic whole-file writes: temporary file, sync, rename. */
#define _POSIX_C_SOURCE 200809L
#include "outfile.h"
#include "err.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <string.h>
#include <unistd.h>

#include "crashpoint.h"

/* crashpoint("kill/BASENAME/WHEN"), the name built only when it matters. */
static void crash_at(const char *path, const char *when)
{
#ifdef GA_FIU
	const char *base = strrchr(path, '/');
	char name[256];
	snprintf(name, sizeof name, "kill/%.200s/%s", base ? base + 1 : path, when);
	crashpoint(name);
#else
	(void)path;
	(void)when;
#endif
}

int outfile_sync_dir(const char *path)
{
	char buf[OUTFILE_PATH_MAX];
	snprintf(buf, sizeof buf, "%s", path);
	int fd = open(dirname(buf), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	int rc = fsync(fd);
	int e = errno;
	close(fd);
	errno = e;
	return rc;
}

FILE *outfile_open(OutFile *o, const char *path, char *err, size_t errlen)
{
	o->f = NULL;
	o->lazy = false;
	if (snprintf(o->path, sizeof o->path, "%s", path) >= (int)sizeof o->path) {
		snprintf(err, errlen, "%.64s...: path too long", path);
		return NULL;
	}
	snprintf(o->tmp, sizeof o->tmp, "%s.tmp", path);
	o->f = fopen(o->tmp, "we");
	if (!o->f)
		snprintf(err, errlen, "%s: cannot write: %s", o->tmp, strerror(errno));
	return o->f;
}

void outfile_abort(OutFile *o)
{
	if (!o->f)
		return;
	fclose(o->f);
	o->f = NULL;
	unlink(o->tmp);
}

/* Rename tmp over path, sync the folder (unless lazy); errno on failure. */
static int install(const char *tmp, const char *path, bool lazy)
{
	if (rename(tmp, path) < 0)
		return -1;
	crash_at(path, "after-rename");
	return lazy ? 0 : outfile_sync_dir(path);
}

int outfile_commit(OutFile *o, char *err, size_t errlen)
{
	FILE *f = o->f;
	o->f = NULL;
	if (!f) {
		return err_set(err, errlen, "%s: cannot write: not open", o->path);
	}
	crash_at(o->path, "mid-write");
	int bad = fflush(f) == EOF || ferror(f) || (!o->lazy && fsync(fileno(f)) < 0);
	int e = errno;
	if (fclose(f) != 0 && !bad)
		bad = 1, e = errno;
	if (bad || install(o->tmp, o->path, o->lazy) < 0) {
		if (!bad)
			e = errno;
		unlink(o->tmp);
		snprintf(err, errlen, "%s: cannot write: %s", o->path,
		         strerror(e ? e : EIO));
		errno = e ? e : EIO;
		return -1;
	}
	return 0;
}

int outfile_write(const char *path, const char *text, size_t len, bool lazy, char *err,
                  size_t errlen)
{
	OutFile o;
	FILE *f = outfile_open(&o, path, err, errlen);
	if (!f)
		return -1;
	o.lazy = lazy;
	if (fwrite(text, 1, len, f) != len) {
		int e = errno;
		snprintf(err, errlen, "%s: cannot write: %s", path, strerror(e));
		outfile_abort(&o);
		errno = e;
		return -1;
	}
	return outfile_commit(&o, err, errlen);
}

int outfile_install(const char *tmp, const char *path, char *err, size_t errlen)
{
	int fd = open(tmp, O_RDONLY | O_CLOEXEC);
	int rc = fd < 0 || fsync(fd) < 0 ? -1 : 0;
	int e = errno;
	if (fd >= 0)
		close(fd);
	if (rc == 0 && install(tmp, path, false) < 0)
		rc = -1, e = errno;
	if (rc < 0) {
		unlink(tmp);
		snprintf(err, errlen, "%s: cannot write: %s", path, strerror(e));
		errno = e;
	}
	return rc;
}
