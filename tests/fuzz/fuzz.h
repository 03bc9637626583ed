/* fuzz.h - what the fuzz targets share (tests/fuzz/fuzz_*.c).
 *
 * A target is one function, LLVMFuzzerTestOneInput, that hands an input
 * to a parser the way the programs do. The same file builds two ways:
 * with clang's libFuzzer (GA_FUZZ=ON, tests/fuzz/run.sh), which finds new
 * inputs; and with any compiler against replay.c, which feeds it every
 * file of its corpus (tests/fuzz/corpus/NAME/: seeds and every crash or
 * hang found, kept as regression files), so ctest runs the corpus without
 * clang. A target never prints; a broken property (a config.ini that does
 * not read back, say) aborts, which both count as a failure.
 *
 * The parsers that take a path read the input from a file in a folder of
 * the process's own (made once, removed at exit), beside two small opening
 * files an input may name: o.txt and o.ini. */
#ifndef TESTS_FUZZ_H
#define TESTS_FUZZ_H

#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char fuzz_dir[64];

static void fuzz_cleanup(void)
{
	char cmd[128]; /* mkdtemp's name: no quote in it */
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", fuzz_dir);
	if (fuzz_dir[0] && system(cmd) != 0)
		fuzz_dir[0] = '\0';
}

/* Writes n bytes to the folder's file name; returns its path (a static
 * buffer of the name's own, valid until the next call with that name). */
static inline const char *fuzz_file(const char *name, const void *data, size_t n)
{
	static char paths[4][128];
	static const char *names[4];
	if (!fuzz_dir[0]) {
		const char *tmp = getenv("TMPDIR");
		if (!tmp || !*tmp || strlen(tmp) > 40)
			tmp = "/tmp";
		snprintf(fuzz_dir, sizeof fuzz_dir, "%s/ga_fuzz.XXXXXX", tmp);
		if (!mkdtemp(fuzz_dir))
			abort();
		atexit(fuzz_cleanup);
		fuzz_file("o.txt", "0,0\n0,0, 1,1\n", 13);
		fuzz_file("o.ini", "[opening a]\nmoves = h8\n[opening b]\nmoves = h8 i9\n",
		          48);
	}
	int k = 0;
	while (k < 4 && names[k] && strcmp(names[k], name) != 0)
		k++;
	if (k == 4)
		abort(); /* four names are enough for every target */
	names[k] = name;
	snprintf(paths[k], sizeof paths[k], "%s/%s", fuzz_dir, name);
	FILE *f = fopen(paths[k], "wb");
	if (!f || (n && fwrite(data, 1, n, f) != n) || fclose(f) != 0)
		abort();
	return paths[k];
}

/* Aborts with a message: a property the target checks does not hold. */
static inline void fuzz_fail(const char *what, const char *detail)
{
	fprintf(stderr, "fuzz: %s: %s\n", what, detail);
	abort();
}

#endif
