/* test_plot.c - names as gnuplot data (plot.h): gnuplot reads a '"' in a
 * data field as the end of a string and a '\' as an escape (\n, \t, \\,
 * octal \NNN; an unknown one loses its backslash), so plot_data_text
 * writes a field that gnuplot shows as the name was typed. e2e_hostile.sh
 * has the real gnuplot draw such a field. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>

#include "plot.h"

static void expect(const char *name, const char *field)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	plot_data_text(f, name);
	fclose(f);
	assert_string_equal(text, field);
	free(text);
}

static void quotes_and_backslashes(void **state)
{
	(void)state;
	expect("plain name", "plain name");
	expect("a\"b", "a\\042b");
	expect("\"q\"", "\\042q\\042");
	expect("back\\slash", "back\\\\slash");
	expect("\\n", "\\\\n");
	/* gnuplot's octal escape takes every octal digit after it: a digit 0
	 * to 7 that follows one is an escape too. */
	expect("\"1", "\\042\\061");
	expect("\"17x", "\\042\\061\\067x");
	expect("\"8", "\\0428");
	expect("\\1", "\\\\1");
}

static void controls_and_markup(void **state)
{
	(void)state;
	/* Control characters as the terminal shows them (printable.h), so a
	 * field never holds a tab or a line break. */
	expect("a\tb\nc\x1b[2J", "a\\\\x09b\\\\x0ac\\\\x1b[2J");
	/* Enhanced-text markup is left alone: the terminal is noenhanced. */
	expect("p^2_x{a}@&~", "p^2_x{a}@&~");
	expect("caf\xc3\xa9 #1 'x'", "caf\xc3\xa9 #1 'x'");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(quotes_and_backslashes),
	    cmocka_unit_test(controls_and_markup),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
