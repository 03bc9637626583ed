/* test_num.c - the strict number reader (num.h): what every file and
 * option parser accepts as a number, and what it refuses. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <float.h>
#include <limits.h>
#include <math.h>
#include <string.h>

#include "num.h"

static void whole_numbers(void **state)
{
	(void)state;
	long long v;
	assert_int_equal(num_whole("0", 0, 10, &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(num_whole("-7", -10, 10, &v), 0);
	assert_int_equal(v, -7);
	assert_int_equal(num_whole("+7", -10, 10, &v), 0);
	assert_int_equal(v, 7);
	assert_int_equal(num_whole("007", 0, 10, &v), 0);
	assert_int_equal(v, 7);
	assert_int_equal(num_whole("9223372036854775807", LLONG_MIN, LLONG_MAX, &v), 0);
	assert_true(v == LLONG_MAX);
	assert_int_equal(num_whole("-9223372036854775808", LLONG_MIN, LLONG_MAX, &v), 0);
	assert_true(v == LLONG_MIN);
	static const char *const bad[] = {"",
	                                  " 1",
	                                  "1 ",
	                                  "0x10",
	                                  "1e3",
	                                  "1.0",
	                                  "inf",
	                                  "nan",
	                                  "--1",
	                                  "+-1",
	                                  "-",
	                                  "+",
	                                  "1,0",
	                                  "١",
	                                  "9223372036854775808",
	                                  "-9223372036854775809",
	                                  "99999999999999999999999",
	                                  "11",
	                                  "-11"};
	v = 42;
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		if (num_whole(bad[i], -10, 10, &v) == 0)
			fail_msg("accepted '%s'", bad[i]);
	assert_int_equal(num_whole("9223372036854775808", LLONG_MIN, LLONG_MAX, &v), -1);
	assert_int_equal(v, 42); /* unchanged on refusal */
}

static void unsigned_numbers(void **state)
{
	(void)state;
	uint64_t v;
	assert_int_equal(num_u64("18446744073709551615", UINT64_MAX, &v), 0);
	assert_true(v == UINT64_MAX);
	assert_int_equal(num_u64("18446744073709551616", UINT64_MAX, &v), -1);
	assert_int_equal(num_u64("-1", UINT64_MAX, &v), -1);
	assert_int_equal(num_u64("+1", UINT64_MAX, &v), -1);
	assert_int_equal(num_u64("11", 10, &v), -1);
	assert_int_equal(num_u64("", 10, &v), -1);
}

static void decimals(void **state)
{
	(void)state;
	double x;
	static const struct {
		const char *s;
		double v;
	} good[] = {{"0", 0},     {"1.5", 1.5},  {"-2.25", -2.25}, {".5", 0.5},
	            {"5.", 5},    {"1e3", 1000}, {"1E-2", 0.01},   {"+3", 3},
	            {"2e+1", 20}, {"1e-999", 0}};
	for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
		if (num_real(good[i].s, -1e9, 1e9, &x) < 0)
			fail_msg("refused '%s'", good[i].s);
		assert_true(x == good[i].v);
	}
	static const char *const bad[] = {"",      " 1",   "1 ", "0x1", "0x1p3", "inf",
	                                  "nan",   "-inf", "1e", "e3",  ".",     "1.2.3",
	                                  "1e999", "1,5",  "5x", "--1", "1e3.5"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		if (num_real(bad[i], -DBL_MAX, DBL_MAX, &x) == 0)
			fail_msg("accepted '%s'", bad[i]);
	assert_int_equal(num_real("11", 0, 10, &x), -1);
	assert_int_equal(num_real("-0.5", 0, 10, &x), -1);
	assert_false(num_is_decimal("1e"));
	assert_true(num_is_decimal("1e5"));
}

static void fields(void **state)
{
	(void)state;
	long long v;
	const char *s = "12,-3,x";
	assert_int_equal(num_scan(&s, &v), 0);
	assert_int_equal(v, 12);
	assert_int_equal(*s, ',');
	s++;
	assert_int_equal(num_scan(&s, &v), 0);
	assert_int_equal(v, -3);
	s++;
	assert_int_equal(num_scan(&s, &v), -1);
	assert_int_equal(*s, 'x'); /* not advanced */
	s = "1234567890123456789"; /* 19 digits: more than any field needs */
	assert_int_equal(num_scan(&s, &v), -1);
	s = "123456789012345678";
	assert_int_equal(num_scan(&s, &v), 0);
	assert_true(v == 123456789012345678LL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(whole_numbers),
	    cmocka_unit_test(unsigned_numbers),
	    cmocka_unit_test(decimals),
	    cmocka_unit_test(fields),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
