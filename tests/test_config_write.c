/* test_config_write.c - the configuration as a run folder keeps it
 * (config.ini): numbers written as the shortest text that reads back to the
 * same double, and the text read back to the same configuration. */
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
#include <unistd.h>

#include "config.h"

/* config.ini as text (the caller frees it). */
static char *text_of(const Tournament *t)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	assert_int_equal(config_write(t, f), 0);
	fclose(f);
	return text;
}

static void reals_are_the_shortest_text_that_reads_back(void **state)
{
	(void)state;
	static const struct {
		double x;
		const char *text;
	} cases[] = {
	    {0.7, "0.7"},
	    {0.05, "0.05"},
	    {0.1 + 0.2, "0.30000000000000004"}, /* 17 digits needed */
	    {1.0 / 3, "0.3333333333333333"},    /* 16 */
	    {5, "5"},
	    {-1e-300, "-1e-300"},
	    {123456789012345.0, "123456789012345"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char buf[64];
		config_write_real(cases[i].x, buf, sizeof buf);
		if (strcmp(buf, cases[i].text) != 0)
			fail_msg("%.17g written '%s', want '%s'", cases[i].x, buf,
			         cases[i].text);
		assert_true(strtod(buf, NULL) == cases[i].x);
	}

	/* In config.ini: a player's real parameter and the SPRT's reals, which
	 * read back to the same doubles. */
	const char *path = tmpdir_write(
	    "reals.ini", "[tournament]\nsprt = on\nelo1 = 2.5\nalpha = 0.0123456789012\n"
	                 "[player a]\ntype = alphabeta\nratio = 0.7\n"
	                 "[player b]\ntype = naive\n");
	static Tournament t, u;
	char err[512];
	if (config_load(path, &t, err, sizeof err) < 0)
		fail_msg("%s", err);
	t.elo0 = 0.1 + 0.2;
	char *text = text_of(&t);
	if (!strstr(text, "\nratio = 0.7\n") ||
	    !strstr(text, "\nelo0 = 0.30000000000000004\n") ||
	    !strstr(text, "\nelo1 = 2.5\n") || !strstr(text, "\nalpha = 0.0123456789012\n"))
		fail_msg("config.ini:\n%s", text);
	if (config_load(tmpdir_write("again.ini", text), &u, err, sizeof err) < 0)
		fail_msg("%s\n%s", err, text);
	assert_true(u.elo0 == t.elo0 && u.elo1 == t.elo1 && u.alpha == t.alpha);
	int k = param_find(&u.players[0].params, "ratio");
	assert_true(k >= 0 && u.players[0].params.v[k] == 0.7);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(reals_are_the_shortest_text_that_reads_back),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
