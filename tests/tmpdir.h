/* tmpdir.h - the folder a test program writes its files into.
 *
 * tmpdir_setup makes it (/tmp/ga_test.XXXXXX, as a cmocka group setup) and
 * tmpdir_teardown removes it with everything in it, so a test run leaves
 * nothing behind. The folder is `dir`; tmpdir_write puts a file there.
 * Each test program includes this once: the statics are its own. */
#ifndef TESTS_TMPDIR_H
#define TESTS_TMPDIR_H

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char dir[64];

static inline int tmpdir_setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/ga_test.XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static inline int tmpdir_teardown(void **state)
{
	(void)state;
	char cmd[128]; /* dir is mkdtemp's: no quote in it */
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* Writes text to dir/name; returns the path, valid for the next 7 calls. */
static inline const char *tmpdir_write(const char *name, const char *text)
{
	static char path[8][PATH_MAX];
	static int k;
	char *p = path[k++ % 8];
	snprintf(p, PATH_MAX, "%s/%s", dir, name);
	FILE *f = fopen(p, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	return p;
}

#endif
