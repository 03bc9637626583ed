/* replay.c - runs a fuzz target (fuzz.h) on files, without a fuzzer: each
 * argument is a file or a folder of them (one level), every file one
 * input, in name order. ctest runs each target on its corpus this way, so
 * every crash once found stays fixed, with or without clang. Exits 0 if
 * the target returned on every input (a failure aborts), 2 if an argument
 * cannot be read or holds no input. */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "replay: %s: cannot open\n", path);
		return -1;
	}
	uint8_t *buf = NULL;
	size_t len = 0, cap = 0, n;
	do {
		if (len == cap) {
			cap = cap ? 2 * cap : 65536;
			uint8_t *b = realloc(buf, cap);
			if (!b)
				abort();
			buf = b;
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
	} while (n > 0);
	fclose(f);
	/* A copy of exactly len bytes, as libFuzzer hands them: reading past
	 * the input is then an error under AddressSanitizer here too. */
	uint8_t *exact = malloc(len ? len : 1);
	if (!exact)
		abort();
	memcpy(exact, buf, len);
	free(buf);
	LLVMFuzzerTestOneInput(exact, len);
	free(exact);
	return 0;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

int main(int argc, char **argv)
{
	int inputs = 0;
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) < 0) {
			fprintf(stderr, "replay: %s: cannot read\n", argv[i]);
			return 2;
		}
		if (!S_ISDIR(st.st_mode)) {
			if (run_file(argv[i]) < 0)
				return 2;
			inputs++;
			continue;
		}
		struct dirent **names;
		int n = scandir(argv[i], &names, NULL, by_name);
		if (n < 0) {
			fprintf(stderr, "replay: %s: cannot read\n", argv[i]);
			return 2;
		}
		for (int k = 0; k < n; k++) {
			char path[4096];
			snprintf(path, sizeof path, "%s/%s", argv[i], names[k]->d_name);
			if (names[k]->d_name[0] != '.' && stat(path, &st) == 0 &&
			    S_ISREG(st.st_mode)) {
				if (run_file(path) < 0)
					return 2;
				inputs++;
			}
			free(names[k]);
		}
		free(names);
	}
	printf("replay: %d inputs, no failure\n", inputs);
	return inputs ? 0 : 2;
}
