/* test_engine_message.c - reading engines' MESSAGE lines: every shape of
 * engine_message.h, and garbage that must say nothing and crash nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "board.h"
#include "coord.h"
#include "engine_message.h"

static MoveInfo blank(void)
{
	return (MoveInfo){.score = SCORE_NONE,
	                  .depth = DEPTH_NONE,
	                  .seldepth = DEPTH_NONE,
	                  .nodes = NODES_NONE};
}

static int point(const char *h8)
{
	int p;
	char err[64];
	assert_int_equal(coord_parse(15, h8, &p, err, sizeof err), 0);
	return p;
}

/* Rapfi's shape: Depth depth-seldepth | Eval | Node with a suffix. */
static void test_bar_shape(void **state)
{
	(void)state;
	MoveInfo i = blank();
	assert_int_equal(engine_message_parse(
	                     "MESSAGE Depth 15-25 | Eval 113 | Time 1234ms | Node 59K | "
	                     "Speed 48K | PV h8 i9 j10",
	                     15, &i),
	                 5);
	assert_int_equal(i.depth, 15);
	assert_int_equal(i.seldepth, 25);
	assert_int_equal(i.score, 113);
	assert_int_equal(i.nodes, 59000);
	assert_int_equal(i.pv_len, 3);
	assert_int_equal(i.pv[0], point("h8"));
	assert_int_equal(i.pv[2], point("j10"));
	i = blank();
	assert_int_equal(
	    engine_message_parse("MESSAGE Depth 3-7 | Eval -40 | Node 1.5M", 15, &i), 4);
	assert_int_equal(i.score, -40);
	assert_int_equal(i.nodes, 1500000);
}

/* depth: D-S best:[x;y] val=V time:Tms */
static void test_colon_shape(void **state)
{
	(void)state;
	MoveInfo i = blank();
	assert_int_equal(
	    engine_message_parse("MESSAGE depth: 5-12 best:[9;7] val=42 time:56ms", 15, &i),
	    4);
	assert_int_equal(i.depth, 5);
	assert_int_equal(i.seldepth, 12);
	assert_int_equal(i.score, 42);
	assert_int_equal(i.pv_len, 1);
	assert_int_equal(i.pv[0], board_point(9, 7));
	assert_true(i.nodes == NODES_NONE);
}

/* Yixin-Board style keys, in any case, with '=', ':' or a blank. */
static void test_key_value_shape(void **state)
{
	(void)state;
	MoveInfo i = blank();
	assert_int_equal(engine_message_parse("MESSAGE depth 12 ev 35 node 123456", 15, &i),
	                 3);
	assert_int_equal(i.depth, 12);
	assert_int_equal(i.score, 35);
	assert_int_equal(i.nodes, 123456);
	assert_int_equal(i.seldepth, DEPTH_NONE);
	i = blank();
	assert_int_equal(
	    engine_message_parse(
	        "message DEPTH=9 SELDEPTH=20 EVAL=-7 NODES=2k PV 7,7 8,8\r", 15, &i),
	    5);
	assert_int_equal(i.depth, 9);
	assert_int_equal(i.seldepth, 20);
	assert_int_equal(i.score, -7);
	assert_int_equal(i.nodes, 2000);
	assert_int_equal(i.pv_len, 2);
	assert_int_equal(i.pv[1], board_point(8, 8));
	i = blank();
	assert_int_equal(
	    engine_message_parse("MESSAGE Depth: 4 Eval: +12 Nodes: 77", 15, &i), 3);
	assert_int_equal(i.score, 12);
	/* pbrain --verbose */
	i = blank();
	assert_int_equal(
	    engine_message_parse("MESSAGE depth 7 ev 35 node 12345 pv h8 i9", 15, &i), 4);
	assert_int_equal(i.pv_len, 2);
	assert_int_equal(i.pv[1], point("i9"));
}

/* Lines that say nothing: fields stay unknown, MESSAGE or not. */
static void test_garbage(void **state)
{
	(void)state;
	static const char *const lines[] = {
	    "MESSAGE",
	    "MESSAGE ",
	    "MESSAGE thinking",
	    "MESSAGE depth",
	    "MESSAGE depth reached",
	    "MESSAGE depth -3",
	    "MESSAGE depth 99999999999999999999",
	    "MESSAGE eval 0.35",
	    "MESSAGE eval +M5",
	    "MESSAGE eval 99999999999",
	    "MESSAGE node 12.5",
	    "MESSAGE nodes 99999999999999999999999K",
	    "MESSAGE node 5X",
	    "MESSAGE pv z99 [;] [3;",
	    "MESSAGE best [15;15]",
	    "MESSAGE depth= eval: node pv",
	    "MESSAGE ====::::----",
	    "MESSAGE \x01\xff depth\x7f 3",
	};
	for (size_t k = 0; k < sizeof lines / sizeof lines[0]; k++) {
		MoveInfo i = blank();
		if (engine_message_parse(lines[k], 15, &i) != 0)
			fail_msg("said something: %s", lines[k]);
		assert_int_equal(i.depth, DEPTH_NONE);
		assert_int_equal(i.seldepth, DEPTH_NONE);
		assert_int_equal(i.score, SCORE_NONE);
		assert_true(i.nodes == NODES_NONE);
		assert_int_equal(i.pv_len, 0);
	}
	MoveInfo i = blank();
	assert_int_equal(engine_message_parse("DEBUG depth 5", 15, &i), -1);
	assert_int_equal(engine_message_parse("7,7", 15, &i), -1);
	assert_int_equal(engine_message_parse("", 15, &i), -1);
	assert_int_equal(engine_message_parse("MESSAGEdepth 3", 15, &i), -1);
	assert_int_equal(i.depth, DEPTH_NONE);
}

/* Random bytes: never a crash, never a field out of its range. */
static void test_random_bytes(void **state)
{
	(void)state;
	static const char alphabet[] =
	    "MESSAGE depthevalnodepvbest0123456789-+.,;:=[]() KMGhij\t|";
	uint64_t x = 88172645463325252u;
	char line[128];
	for (int k = 0; k < 20000; k++) {
		size_t n = 8;
		memcpy(line, "MESSAGE ", 8);
		for (; n < sizeof line - 1; n++) {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			if (x % 97 == 0)
				break;
			line[n] = alphabet[x % (sizeof alphabet - 1)];
		}
		line[n] = '\0';
		MoveInfo i = blank();
		assert_true(engine_message_parse(line, 15, &i) >= 0);
		assert_true(i.depth == DEPTH_NONE || (i.depth >= 0 && i.depth <= 10000));
		assert_true(i.pv_len >= 0 && i.pv_len <= PV_MAX);
		for (int j = 0; j < i.pv_len; j++)
			assert_true(point_x(i.pv[j]) < 15 && point_y(i.pv[j]) < 15);
	}
}

static void test_text(void **state)
{
	(void)state;
	char out[16];
	engine_message_text("MESSAGE thinking, hard \"now\"\r", out, sizeof out);
	assert_string_equal(out, "thinking; hard ");
	engine_message_text("MESSAGE", out, sizeof out);
	assert_string_equal(out, "");
	engine_message_text("MESSAGE a\x01"
	                    "b",
	                    out, sizeof out);
	assert_string_equal(out, "a?b");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_bar_shape),       cmocka_unit_test(test_colon_shape),
	    cmocka_unit_test(test_key_value_shape), cmocka_unit_test(test_garbage),
	    cmocka_unit_test(test_random_bytes),    cmocka_unit_test(test_text),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
