/* pbrain_test.h - helpers shared by the tests of the Gomocup engine: a
 * whole session run in process through in-memory streams, and its replies
 * taken apart. Include after cmocka.h, in a file that defines
 * _POSIX_C_SOURCE 200809L (fmemopen, open_memstream) before any header. */
#ifndef TESTS_PBRAIN_TEST_H
#define TESTS_PBRAIN_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pbrain.h"
#include "registry.h"

enum { PT_ERR_LEN = 400, PT_MAX_LINES = 64 };

/* Options for type with the defaults and then the key/value pairs of kv
 * (NULL-terminated; kv may be NULL). */
static inline PbrainOptions pt_options(const char *type, const char *const *kv)
{
	PbrainOptions o = {.type = registry_find(type), .seed = 1};
	char err[PT_ERR_LEN];
	if (!o.type)
		fail_msg("no type %s", type);
	param_defaults(&o.params, o.type->params, o.type->nparams);
	for (; kv && kv[0]; kv += 2)
		if (param_set(&o.params, kv[0], kv[1], err, sizeof err) < 0)
			fail_msg("%s", err);
	return o;
}

/* The whole output of a session of len bytes of script (caller frees). */
static inline char *pt_run_len(const PbrainOptions *o, const char *script, size_t len)
{
	char *buf = NULL, err[PT_ERR_LEN];
	size_t size = 0;
	FILE *in = fmemopen((void *)script, len, "r");
	FILE *out = open_memstream(&buf, &size);
	assert_non_null(in);
	assert_non_null(out);
	assert_int_equal(pbrain_run(in, out, o, err, sizeof err), 0);
	fclose(in);
	fclose(out);
	return buf;
}

static inline char *pt_run(const PbrainOptions *o, const char *script)
{
	return pt_run_len(o, script, strlen(script));
}

/* Splits text into lines, in place; returns their number. */
static inline int pt_lines(char *text, char **line)
{
	int n = 0;
	for (char *s = text; *s && n < PT_MAX_LINES;) {
		line[n++] = s;
		s += strcspn(s, "\n");
		if (*s)
			*s++ = '\0';
	}
	return n;
}

/* Parses a move reply "x,y" on a size x size board. */
static inline void pt_move(const char *reply, int size, int *x, int *y)
{
	char end;
	if (sscanf(reply, "%d,%d%c", x, y, &end) != 2 || *x < 0 || *y < 0 || *x >= size ||
	    *y >= size)
		fail_msg("'%s' is not a move on %dx%d", reply, size, size);
}

static inline void pt_expect_error(const char *reply)
{
	if (strncmp(reply, "ERROR ", 6) != 0)
		fail_msg("expected ERROR, got '%s'", reply);
}

#endif
