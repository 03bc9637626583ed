/* test_param.c - setting declared parameters from text. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "param.h"

static const char *const modes[] = {"defence", "attack", "both", NULL};

static const ParamDecl decls[] = {
    {"attack", PARAM_INT, 1300, 0, 5000, NULL, true, "attack amount", false, false},
    {"ratio", PARAM_REAL, 0.1, 0, 10, NULL, true, "opponent weight", false, false},
    {"mode", PARAM_CHOICE, 0, 0, 2, modes, false, "what to look at", false, false},
};

static ParamSet fresh(void)
{
	ParamSet ps;
	param_defaults(&ps, decls, 3);
	return ps;
}

static void defaults_and_good_values(void **state)
{
	(void)state;
	ParamSet ps = fresh();
	char err[256];
	assert_int_equal(ps.n, 3);
	assert_true(ps.v[0] == 1300 && ps.v[1] == 0.1 && ps.v[2] == 0);
	assert_int_equal(param_set(&ps, "attack", "1400", err, sizeof err), 0);
	assert_int_equal(param_set(&ps, "ratio", "0.75", err, sizeof err), 0);
	assert_int_equal(param_set(&ps, "mode", "both", err, sizeof err), 0);
	assert_true(ps.v[0] == 1400 && ps.v[1] == 0.75 && ps.v[2] == 2);
	char buf[64];
	param_format(&ps, 2, buf, sizeof buf);
	assert_string_equal(buf, "both");
	param_format(&ps, 0, buf, sizeof buf);
	assert_string_equal(buf, "1400");
	param_format(&ps, 1, buf, sizeof buf);
	assert_string_equal(buf, "0.75");
}

/* Each bad input is rejected, the value is unchanged, and the message names
 * the parameter and what it accepts. */
static void bad_values_name_parameter_and_range(void **state)
{
	(void)state;
	static const struct {
		const char *key, *value, *must_say[2];
	} cases[] = {
	    {"atack", "1", {"unknown parameter 'atack'", NULL}},
	    {"attack", "12.5", {"not a whole number", "attack: whole number in [0, 5000]"}},
	    {"attack", "lots", {"not a number", "[0, 5000]"}},
	    {"attack", "", {"not a number", "attack"}},
	    {"attack", "5001", {"out of range", "[0, 5000]"}},
	    {"attack", "-1", {"out of range", "attack"}},
	    {"ratio", "nan", {"not a number", "ratio: number in [0, 10]"}},
	    {"ratio", "1e400", {"not a number", "ratio"}},
	    {"ratio", "0.5x", {"not a number", "ratio"}},
	    {"mode", "sideways", {"bad value 'sideways'", "defence, attack, both"}},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		ParamSet ps = fresh();
		char err[256] = "";
		assert_int_equal(
		    param_set(&ps, cases[i].key, cases[i].value, err, sizeof err), -1);
		for (int k = 0; k < 2; k++)
			if (cases[i].must_say[k] && !strstr(err, cases[i].must_say[k]))
				fail_msg("%s=%s: message '%s' lacks '%s'", cases[i].key,
				         cases[i].value, err, cases[i].must_say[k]);
		ParamSet untouched = fresh();
		assert_memory_equal(ps.v, untouched.v, sizeof ps.v);
	}
}

static void set_value_clamps_and_rounds(void **state)
{
	(void)state;
	ParamSet ps = fresh();
	param_set_value(&ps, 0, 1234.6);
	assert_true(ps.v[0] == 1235);
	param_set_value(&ps, 0, 99999);
	assert_true(ps.v[0] == 5000);
	param_set_value(&ps, 1, -3);
	assert_true(ps.v[1] == 0);
	assert_int_equal(param_find(&ps, "mode"), 2);
	assert_int_equal(param_find(&ps, "nope"), -1);
}

/* A parameter newer than some run folders is written to config.ini only
 * off its default; every other one always. */
static void written_off_default(void **state)
{
	(void)state;
	static const ParamDecl late[] = {
	    {"old", PARAM_REAL, 2, 0, 10, NULL, true, "always written", false, false},
	    {"new", PARAM_REAL, 0.5, 0, 10, NULL, true, "newer", false, true},
	    {"label", PARAM_TEXT, 0, 0, 0, NULL, false, "text", false, true},
	};
	ParamSet ps;
	char err[256];
	param_defaults(&ps, late, 3);
	assert_true(param_written(&ps, 0));
	assert_false(param_written(&ps, 1));
	assert_true(param_written(&ps, 2));
	assert_int_equal(param_set(&ps, "new", "0.75", err, sizeof err), 0);
	assert_true(param_written(&ps, 1));
	assert_int_equal(param_set(&ps, "new", "0.5", err, sizeof err), 0);
	assert_false(param_written(&ps, 1));
}

static const char *const engine_name[] = {"engine", NULL};

static const ParamDecl text_decls[] = {
    {"depth", PARAM_INT, 3, 1, 9, NULL, false, "a number among texts", false, false},
    {"command", PARAM_TEXT, 0, 0, 0, NULL, false, "what to run", false, false},
    {"name", PARAM_TEXT, 0, 0, 0, engine_name, false, "what to call it", false, false},
    {"t3", PARAM_TEXT, 0, 0, 0, NULL, false, "third", false, false},
    {"t4", PARAM_TEXT, 0, 0, 0, NULL, false, "fourth", false, false},
    {"t5", PARAM_TEXT, 0, 0, 0, NULL, false, "one too many", false, false},
};

/* Text parameters: defaults, set, format, describe, copies by value. */
static void text_values(void **state)
{
	(void)state;
	ParamSet ps;
	param_defaults(&ps, text_decls, 5);
	char err[256], buf[PARAM_TEXT_MAX + 8];
	assert_string_equal(param_text(&ps, 1), "");
	assert_string_equal(param_text(&ps, 2), "engine");
	assert_string_equal(param_text(&ps, 0), ""); /* not a text */
	assert_int_equal(
	    param_set(&ps, "command", "engines/x --nodes \"20 000\"", err, sizeof err), 0);
	assert_int_equal(param_set(&ps, "name", "", err, sizeof err), 0);
	assert_int_equal(param_set(&ps, "t4", "four", err, sizeof err), 0);
	ParamSet copy = ps;
	param_format(&copy, 1, buf, sizeof buf);
	assert_string_equal(buf, "engines/x --nodes \"20 000\"");
	assert_string_equal(param_text(&copy, 2), "");
	assert_string_equal(param_text(&copy, 4), "four");
	assert_string_equal(param_text(&copy, 3), "");
	/* The tuner's setter leaves text alone. */
	param_set_value(&copy, 1, 2);
	assert_string_equal(param_text(&copy, 1), "engines/x --nodes \"20 000\"");
	param_describe(&text_decls[2], buf, sizeof buf);
	assert_string_equal(buf, "name: text of up to 191 bytes (default \"engine\")");
	/* The longest value fits; one byte more is refused, naming the
	 * parameter and the limit, and changes nothing. */
	char big[PARAM_TEXT_MAX + 1];
	memset(big, 'a', PARAM_TEXT_MAX - 1);
	big[PARAM_TEXT_MAX - 1] = '\0';
	assert_int_equal(param_set(&ps, "name", big, err, sizeof err), 0);
	assert_string_equal(param_text(&ps, 2), big);
	big[PARAM_TEXT_MAX - 1] = 'a';
	big[PARAM_TEXT_MAX] = '\0';
	assert_int_equal(param_set(&ps, "command", big, err, sizeof err), -1);
	if (!strstr(err, "command") || !strstr(err, "at most 191"))
		fail_msg("message '%s'", err);
	assert_string_equal(param_text(&ps, 1), "engines/x --nodes \"20 000\"");
}

/* A fifth text parameter has no slot: it reads "" and cannot be set. */
static void text_slots_run_out(void **state)
{
	(void)state;
	ParamSet ps;
	param_defaults(&ps, text_decls, 6);
	char err[256];
	assert_int_equal(ps.n, 6);
	assert_string_equal(param_text(&ps, 5), "");
	assert_int_equal(param_set(&ps, "t5", "x", err, sizeof err), -1);
	assert_non_null(strstr(err, "t5"));
	assert_int_equal(param_set(&ps, "t4", "x", err, sizeof err), 0);
	assert_string_equal(param_text(&ps, 4), "x");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(defaults_and_good_values),
	    cmocka_unit_test(bad_values_name_parameter_and_range),
	    cmocka_unit_test(set_value_clamps_and_rounds),
	    cmocka_unit_test(written_off_default),
	    cmocka_unit_test(text_values),
	    cmocka_unit_test(text_slots_run_out),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
