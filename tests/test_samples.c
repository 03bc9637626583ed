/* test_samples.c - training samples (arena/store/samples.h) byte for byte:
 * c-gomoku-cli's csv and bin layouts worked out by hand for a small game,
 * the rule field, the side-to-move bit 10, the forbidden point left out,
 * no samples of a forfeit, sample_loseonly, and a frequency's draws that
 * depend on the seed alone. (tests/e2e_samples.sh reads whole runs back.) */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "samples.h"

/* h8 g8 h9 on 15x15: Gomocup (7,7), (6,7), (7,6); an opening of one stone. */
static int16_t game[3];
static unsigned char *buf;
static size_t buflen;

static int setup(void **state)
{
	(void)state;
	game[0] = (int16_t)board_point(7, 7);
	game[1] = (int16_t)board_point(6, 7);
	game[2] = (int16_t)board_point(7, 6);
	buflen = samples_max_bytes(15);
	buf = malloc(buflen);
	return buf ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	free(buf);
	return 0;
}

static long encode(SampleFormat f, Rule rule, double freq, bool loseonly,
                   const SampleJob *j, GameOutcome o, EndReason r)
{
	SampleSpec s = {f, freq, loseonly, 15, rule};
	return samples_encode(&s, j, game, 3, o, r, buf, buflen);
}

static const SampleJob job = {.seed = 42, .opening_plies = 1};

static void csv_is_pos_notation(void **state)
{
	(void)state;
	long n =
	    encode(SAMPLE_CSV, RULE_FREESTYLE, 1, false, &job, RESULT_BLACK_WIN, END_FIVE);
	/* white to move lost (0), black to move won (2); y + 1 from the top */
	const char *want = "h8,g8,0\nh8g8,h7,2\n";
	assert_int_equal(n, (long)strlen(want));
	assert_memory_equal(buf, want, strlen(want));
}

static void bin_words(void **state)
{
	(void)state;
	long n =
	    encode(SAMPLE_BIN, RULE_FREESTYLE, 1, false, &job, RESULT_BLACK_WIN, END_FIVE);
	/* ply 1: result 0, ply 1, size 15 = 0x7804; rule 0, move g8 = 6 * 32 + 7
	 * = 199 with bit 10 (white to move) = 0x4C7, << 3 = 0x2638; h8 = 0xE7.
	 * ply 2: 2 | 2 << 2 | 15 << 11 = 0x780A; h7 = 7 * 32 + 6 = 0xE6, << 3. */
	const unsigned char want[] = {0x04, 0x78, 0x38, 0x26, 0xE7, 0x00, 0x0A,
	                              0x78, 0x30, 0x07, 0xE7, 0x00, 0xC7, 0x00};
	assert_int_equal(n, (long)sizeof want);
	assert_memory_equal(buf, want, sizeof want);
}

static void renju_forbidden(void **state)
{
	(void)state;
	/* black's last stone was forbidden: it is no sample; rule 4 */
	long n =
	    encode(SAMPLE_BIN, RULE_RENJU, 1, false, &job, RESULT_WHITE_WIN, END_FORBIDDEN);
	const unsigned char want[] = {0x06, 0x78, 0x3C, 0x26, 0xE7, 0x00};
	assert_int_equal(n, (long)sizeof want);
	assert_memory_equal(buf, want, sizeof want);
	n = encode(SAMPLE_BIN, RULE_STANDARD, 1, false, &job, RESULT_DRAW, END_MAX_PLIES);
	assert_int_equal(n, 14);
	assert_int_equal(buf[2] & 7, 1);
	assert_int_equal(buf[0] & 3, 1); /* a draw */
}

static void no_samples_of_a_forfeit(void **state)
{
	(void)state;
	const EndReason lost[] = {END_ILLEGAL, END_CRASH, END_TIMEOUT, END_PROTOCOL,
	                          END_MEMORY};
	for (size_t i = 0; i < sizeof lost / sizeof *lost; i++)
		assert_int_equal(encode(SAMPLE_CSV, RULE_FREESTYLE, 1, false, &job,
		                        RESULT_BLACK_WIN, lost[i]),
		                 0);
	assert_true(samples_of_game(END_FIVE) && samples_of_game(END_FULL_BOARD) &&
	            samples_of_game(END_FORBIDDEN));
}

static void loseonly_keeps_what_a_challenger_lost(void **state)
{
	(void)state;
	SampleJob white = job, black = job;
	white.challenger[WHITE] = true;
	black.challenger[BLACK] = true;
	assert_true(encode(SAMPLE_CSV, RULE_FREESTYLE, 1, true, &white, RESULT_BLACK_WIN,
	                   END_FIVE) > 0);
	assert_int_equal(
	    encode(SAMPLE_CSV, RULE_FREESTYLE, 1, true, &black, RESULT_BLACK_WIN, END_FIVE),
	    0);
	assert_int_equal(encode(SAMPLE_CSV, RULE_FREESTYLE, 1, true, &white, RESULT_DRAW,
	                        END_FULL_BOARD),
	                 0);
}

static void frequency_by_the_seed(void **state)
{
	(void)state;
	assert_int_equal(
	    encode(SAMPLE_CSV, RULE_FREESTYLE, 0, false, &job, RESULT_BLACK_WIN, END_FIVE),
	    0);
	/* over many seeds about half of the two moves, each seed the same twice */
	int kept = 0;
	for (uint64_t seed = 1; seed <= 400; seed++) {
		SampleJob j = job;
		j.seed = samples_seed(seed);
		long a = encode(SAMPLE_BIN, RULE_FREESTYLE, 0.5, false, &j,
		                RESULT_BLACK_WIN, END_FIVE);
		unsigned char first[64];
		memcpy(first, buf, (size_t)a);
		long b = encode(SAMPLE_BIN, RULE_FREESTYLE, 0.5, false, &j,
		                RESULT_BLACK_WIN, END_FIVE);
		assert_int_equal(a, b);
		assert_memory_equal(first, buf, (size_t)a);
		kept += (a == 6 || a == 14) + (a == 8 || a == 14);
	}
	assert_in_range(kept, 340, 460);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(csv_is_pos_notation),
	    cmocka_unit_test(bin_words),
	    cmocka_unit_test(renju_forbidden),
	    cmocka_unit_test(no_samples_of_a_forfeit),
	    cmocka_unit_test(loseonly_keeps_what_a_challenger_lost),
	    cmocka_unit_test(frequency_by_the_seed),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
