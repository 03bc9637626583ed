/* test_printable.c - text made harmless for a terminal (printable.h):
 * every control character shown as \xNN, UTF-8 letters as they are. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "printable.h"

static const char *shown(const char *s)
{
	static char buf[256];
	return printable_text(buf, sizeof buf, s);
}

/* What printable_put or printable_line writes. */
static char *written(const char *s, int line)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	if (line)
		printable_line(f, s);
	else
		printable_put(f, s);
	fclose(f);
	return text;
}

static void controls_are_escaped(void **state)
{
	(void)state;
	assert_string_equal(shown("plain name-1_2"), "plain name-1_2");
	assert_string_equal(shown("\x1b]0;HACKED\x07\x1b[2J"),
	                    "\\x1b]0;HACKED\\x07\\x1b[2J");
	assert_string_equal(shown("a\nb\rc\td\x7f"
	                          "e\x01"),
	                    "a\\x0ab\\x0dc\\x09d\\x7fe\\x01");
	assert_string_equal(shown("back\\slash"), "back\\slash");
	assert_string_equal(shown(""), "");
}

static void utf8_is_kept_but_c1_and_junk(void **state)
{
	(void)state;
	/* é, €, an emoji: as they are. */
	assert_string_equal(shown("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"),
	                    "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
	/* U+009B, the one-byte CSI, in UTF-8; U+00A0 is a letter. */
	assert_string_equal(shown("a\xc2\x9b"
	                          "2J\xc2\xa0"),
	                    "a\\xc2\\x9b2J\xc2\xa0");
	/* A lone CSI byte, a cut sequence, an overlong '/', a surrogate. */
	assert_string_equal(shown("\x9b"
	                          "2J"),
	                    "\\x9b2J");
	assert_string_equal(shown("\xe2\x82"), "\\xe2\\x82");
	assert_string_equal(shown("\xc0\xaf"), "\\xc0\\xaf");
	assert_string_equal(shown("\xed\xa0\x80"), "\\xed\\xa0\\x80");
	assert_string_equal(shown("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");
}

static void cut_to_fit(void **state)
{
	(void)state;
	char buf[8];
	/* "ab" and one escape (6 bytes) fit; the next escape does not. */
	assert_string_equal(printable_text(buf, sizeof buf, "ab\x1b\x1b"), "ab\\x1b");
	assert_string_equal(printable_text(buf, 3, "\xc3\xa9\xc3\xa9"), "\xc3\xa9");
	assert_string_equal(printable_text(buf, 1, "abc"), "");
	char big[PRINTABLE_SIZE(3)];
	assert_string_equal(printable_text(big, sizeof big, "\x01\x02\x03"),
	                    "\\x01\\x02\\x03");
}

static void lines_keep_breaks(void **state)
{
	(void)state;
	char *t = written("two\nlines\twith \x1b[2J", 1);
	assert_string_equal(t, "two\nlines\twith \\x1b[2J\n");
	free(t);
	t = written("a\nb\x07", 0);
	assert_string_equal(t, "a\\x0ab\\x07");
	free(t);
}

static void control_and_width(void **state)
{
	(void)state;
	assert_null(printable_control("a\tb c\xc3\xa9"));
	const char *s = "path/evil\n[player z]";
	assert_ptr_equal(printable_control(s), s + 9);
	assert_non_null(printable_control("\x7f"));
	assert_non_null(printable_control("a\rb"));
	assert_int_equal(printable_width("abc"), 3);
	assert_int_equal(printable_width("caf\xc3\xa9"), 4);
	assert_int_equal(printable_width("a\x1b"
	                                 "b"),
	                 6);
	assert_int_equal(printable_width("\\x"), 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(controls_are_escaped),
	    cmocka_unit_test(utf8_is_kept_but_c1_and_junk),
	    cmocka_unit_test(cut_to_fit),
	    cmocka_unit_test(lines_keep_breaks),
	    cmocka_unit_test(control_and_width),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
