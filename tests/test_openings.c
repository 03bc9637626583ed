/* test_openings.c - a set of openings in compact form (openings.h): every
 * opening of a file comes back exactly as written (moves, line, name, also
 * their symmetric images), and the set's own accounting stays within 64
 * bytes an opening plus 2 a move (and, for an INI file, its names). */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "tmpdir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "coord.h"
#include "openings.h"

enum { N = 20000, MOST = 8 };

/* What the file says of one opening. */
typedef struct {
	int line, count;
	int16_t moves[MOST];
} Want;

/* Up to 8 stones (4 a colour: no five, nothing forbidden), distinct,
 * from a fixed generator. */
static int draw(uint64_t *s, int16_t *moves, int dx[MOST], int dy[MOST])
{
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	int count = 1 + (int)(*s >> 60) % MOST;
	for (int i = 0; i < count; i++) {
		bool again = true;
		while (again) {
			*s = *s * 6364136223846793005ull + 1442695040888963407ull;
			dx[i] = (int)(*s >> 40 & 15) - 7;
			dy[i] = (int)(*s >> 50 & 15) - 7;
			if (dx[i] > 7 || dy[i] > 7)
				continue;
			moves[i] = (int16_t)board_point(7 + dx[i], 7 + dy[i]);
			again = false;
			for (int j = 0; j < i; j++)
				again = again || moves[j] == moves[i];
		}
	}
	return count;
}

static void offsets_come_back_as_written(void **state)
{
	(void)state;
	static Want want[N];
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/many.txt", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	uint64_t s = 7;
	long moves = 0;
	int line = 0;
	for (int i = 0; i < N; i++) {
		if (i % 7 == 0) {
			fprintf(f, i % 2 ? "# a comment\n" : "\n");
			line++;
		}
		int dx[MOST], dy[MOST];
		Want *w = &want[i];
		w->count = draw(&s, w->moves, dx, dy);
		w->line = ++line;
		for (int j = 0; j < w->count; j++)
			fprintf(f, "%s%d,%d", j ? ", " : "", dx[j], dy[j]);
		fprintf(f, i % 5 ? "\n" : " ; c\n");
		moves += w->count;
	}
	fclose(f);
	OpeningSet set;
	char err[512];
	if (openings_load(path, 15, RULE_FREESTYLE, &set, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_int_equal(set.count, N);
	for (int i = 0; i < N; i++) {
		char name[OPENING_NAME_MAX], expect[OPENING_NAME_MAX];
		snprintf(expect, sizeof expect, "line %d", want[i].line);
		Opening o;
		openings_get(&set, i, &o);
		assert_string_equal(openings_name(&set, i, name), expect);
		assert_string_equal(o.name, expect);
		assert_int_equal(o.line, want[i].line);
		assert_int_equal(o.count, want[i].count);
		assert_int_equal(openings_length(&set, i), want[i].count);
		assert_memory_equal(o.moves, want[i].moves,
		                    sizeof o.moves[0] * (size_t)o.count);
		assert_memory_equal(openings_moves(&set, i), want[i].moves,
		                    sizeof o.moves[0] * (size_t)o.count);
	}
	/* An offset line's name is made when asked for: no text kept. */
	assert_true(sizeof(OpeningEntry) <= 64);
	assert_true(openings_bytes(&set) <= 64 * (size_t)N + 2 * (size_t)moves);

	/* Symmetric images: 8 at most an opening, named after it. */
	assert_int_equal(openings_add_symmetries(&set, 15), 0);
	assert_true(openings_bytes(&set) <=
	            64 * (size_t)set.count + 2 * (size_t)(8 * moves));
	int k = 0;
	for (int i = 0; i < N; i++) {
		char expect[OPENING_NAME_MAX], name[OPENING_NAME_MAX];
		snprintf(expect, sizeof expect, "line %d", want[i].line);
		assert_string_equal(openings_name(&set, k, name), expect);
		assert_memory_equal(openings_moves(&set, k), want[i].moves,
		                    sizeof want[i].moves[0] * (size_t)want[i].count);
		for (k++; k < set.count; k++) {
			openings_name(&set, k, name);
			if (strncmp(name, expect, strlen(expect)) ||
			    name[strlen(expect)] != '/')
				break;
			assert_int_equal(openings_length(&set, k), want[i].count);
		}
	}
	assert_int_equal(k, set.count);
	openings_free(&set);
	openings_free(&set); /* an empty set frees again */
}

static void ini_names_and_the_rest_come_back(void **state)
{
	(void)state;
	char long_name[OPENING_NAME_MAX];
	memset(long_name, 'n', OPENING_NAME_MAX - 1);
	long_name[OPENING_NAME_MAX - 1] = '\0';
	char text[1024];
	snprintf(
	    text, sizeof text,
	    "[opening %s]\nmoves = h8 i9\nmoves = j11\n"
	    "[opening b]\nnote = two keys\nmoves = a1\n[opening c c]\nmoves = o15 a15\n",
	    long_name);
	const char *path = tmpdir_write("names.ini", text);
	OpeningSet set;
	char err[512], name[OPENING_NAME_MAX];
	if (openings_load(path, 15, RULE_FREESTYLE, &set, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_int_equal(set.count, 3);
	assert_string_equal(openings_name(&set, 0, name), long_name);
	assert_string_equal(openings_name(&set, 2, name), "c c");
	Opening o;
	openings_get(&set, 0, &o);
	assert_int_equal(o.line, 3);
	assert_int_equal(o.count, 3);
	char t[COORD_TEXT_MAX];
	assert_string_equal(coord_format(15, o.moves[2], t), "j11");
	/* Accounting: the entries, the moves, each name once. */
	size_t names = sizeof long_name + 2 + 4;
	assert_int_equal(openings_bytes(&set), 3 * sizeof(OpeningEntry) + 2 * 6 + names);
	/* Images keep their original's name once, cut as before. */
	assert_int_equal(openings_add_symmetries(&set, 15), 0);
	assert_int_equal(set.count, 8 + 4 + 8);
	char expect[OPENING_NAME_MAX];
	snprintf(expect, sizeof expect, "%.58s/s7", long_name);
	assert_string_equal(openings_name(&set, 7, name), expect);
	assert_string_equal(openings_name(&set, 8, name), "b");
	assert_int_equal(openings_bytes(&set),
	                 20 * sizeof(OpeningEntry) + 2 * (8 * 3 + 4 + 8 * 2) + names);

	/* Split as the tuner splits: the last ones appended to another set,
	 * the first ones kept. */
	OpeningSet rest = {0};
	for (int i = 8; i < set.count; i++)
		assert_int_equal(openings_append(&rest, &set, i), 0);
	openings_truncate(&set, 8);
	assert_int_equal(set.count, 8);
	assert_int_equal(set.nmoves, 8 * 3);
	assert_int_equal(set.nnames, (int64_t)sizeof long_name);
	assert_int_equal(rest.count, 12);
	assert_string_equal(openings_name(&rest, 0, name), "b");
	assert_string_equal(openings_name(&rest, 5, name), "c c/s1");
	assert_string_equal(coord_format(15, openings_moves(&rest, 4)[1], t), "a15");
	/* Whole openings added, and given back whole. */
	Opening add = {.name = "added", .count = 2, .line = 0};
	add.moves[0] = (int16_t)board_point(1, 1);
	add.moves[1] = (int16_t)board_point(2, 2);
	assert_int_equal(openings_add(&set, &add), 0);
	openings_get(&set, 8, &o);
	assert_string_equal(o.name, "added");
	assert_int_equal(o.line, 0);
	assert_int_equal(o.count, 2);
	assert_memory_equal(o.moves, add.moves, 2 * sizeof o.moves[0]);
	openings_free(&set);
	openings_free(&rest);

	assert_int_equal(openings_empty(&set), 0);
	assert_int_equal(set.count, 1);
	assert_int_equal(openings_length(&set, 0), 0);
	assert_string_equal(openings_name(&set, 0, name), "empty");
	openings_free(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(offsets_come_back_as_written),
	    cmocka_unit_test(ini_names_and_the_rest_come_back),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
