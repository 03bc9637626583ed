/* test_pbrain_blocks.c - the engine's commands followed by lines up to
 * DONE: BOARD with its three field values, YXBOARD, SWAP2BOARD (the Swap2
 * opening), and the Yixin-Board blocks it skips; also the one-line
 * Yixin-Board commands it accepts silently and INFO rule 2. Every block
 * gets exactly one reply, so the replies are counted as well as read. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pbrain_test.h"

static const char *const attack[] = {"mode", "attack", NULL};

/* Runs script with type (and kv), splits the replies into line[], returns
 * the output to free. Fails unless there are exactly want replies. */
static char *replies(const char *type, const char *const *kv, uint64_t nodes,
                     const char *script, int want, char **line)
{
	PbrainOptions o = pt_options(type, kv);
	o.nodes = nodes;
	char *out = pt_run(&o, script);
	int n = pt_lines(out, line);
	if (n != want)
		fail_msg("%s: %d replies, expected %d:\n%s", type, n, want, out);
	return out;
}

/* Our four, 7,7..7,10, ends at a field-3 point and an opponent's stone:
 * the field-3 point is not a five. Before, it was read as empty and taken. */
static void field_3_is_not_a_point_to_play(void **state)
{
	(void)state;
	const char *script = "START 15\nBOARD\n7,7,1\n7,8,1\n7,9,1\n7,10,1\n7,6,3\n"
	                     "7,11,2\n0,0,2\n14,14,2\n0,14,2\nDONE\nEND\n";
	int nt;
	const PlayerType *const *all = registry_all(&nt);
	for (int t = 0; t < nt; t++) {
		char *line[PT_MAX_LINES];
		const char *const *kv = strcmp(all[t]->name, "naive") == 0 ? attack : NULL;
		char *out = replies(all[t]->name, kv, 500, script, 2, line);
		int x, y;
		pt_move(line[1], 15, &x, &y);
		if (x == 7 && y >= 6 && y <= 11)
			fail_msg("%s played %s", all[t]->name, line[1]);
		free(out);
	}
}

/* 5x5, every point but 4,4 a stone or field 3: the one move left. */
static void the_only_empty_point_is_played(void **state)
{
	(void)state;
	char script[2048] = "START 5\nBOARD\n";
	for (int y = 0; y < 5; y++)
		for (int x = 0; x < 5; x++) {
			if (x == 4 && y == 4)
				continue;
			/* A few stones of each side, the rest field 3. */
			int field = y == 0 && x < 2 ? 1 : y == 1 && x < 2 ? 2 : 3;
			snprintf(script + strlen(script), sizeof script - strlen(script),
			         "%d,%d,%d\n", x, y, field);
		}
	strcat(script, "DONE\nBOARD\n");
	for (int y = 0; y < 5; y++)
		for (int x = 0; x < 5; x++)
			snprintf(script + strlen(script), sizeof script - strlen(script),
			         "%d,%d,3\n", x, y);
	strcat(script, "DONE\nEND\n");
	int nt;
	const PlayerType *const *all = registry_all(&nt);
	for (int t = 0; t < nt; t++) {
		char *line[PT_MAX_LINES];
		char *out = replies(all[t]->name, NULL, 300, script, 3, line);
		assert_string_equal(line[1], "4,4");
		/* All walls: the board is full. */
		assert_string_equal(line[2], "ERROR the game is over: the board is full");
		free(out);
	}
}

/* Field-3 points stay occupied through TURN, PLAY and a rule change, and
 * are gone after RESTART. */
static void field_3_points_stay_occupied_for_the_game(void **state)
{
	(void)state;
	char *line[PT_MAX_LINES];
	char *out = replies("weighted", NULL, 0,
	                    "START 15\nBOARD\n3,3,3\n4,4,3\n7,7,2\nDONE\nTURN 3,3\n"
	                    "PLAY 4,4\nINFO rule 1\nTURN 4,4\nRESTART\nPLAY 3,3\nEND\n",
	                    7, line);
	int x, y;
	pt_move(line[1], 15, &x, &y);
	assert_string_equal(line[2], "ERROR TURN: point 3,3 is occupied");
	assert_string_equal(line[3], "ERROR PLAY: point 4,4 is occupied");
	assert_string_equal(line[4], "ERROR TURN: point 4,4 is occupied");
	assert_string_equal(line[5], "OK");
	assert_string_equal(line[6], "3,3");
	free(out);
	/* BEGIN needs a board without stones and walls. */
	out = replies("weighted", NULL, 0, "START 15\nYXBOARD\n3,3,3\nDONE\nBEGIN\nEND\n",
	              2, line);
	assert_string_equal(line[1], "ERROR BEGIN needs an empty board");
	free(out);
}

/* YXBOARD sets the position without a reply; the next TURN plays on it. */
static void yxboard_sets_the_position_silently(void **state)
{
	(void)state;
	char *line[PT_MAX_LINES];
	char *out = replies("naive", attack, 0,
	                    "START 15\nYXBOARD\n7,7,1\n7,8,1\n7,9,1\n7,10,1\n0,0,2\n"
	                    "14,14,2\n0,14,2\nDONE\nTURN 7,11\nEND\n",
	                    2, line);
	assert_string_equal(line[1], "7,6"); /* the four completed the other way */
	free(out);
	out = replies("weighted", NULL, 0,
	              "YXBOARD\n1,1,1\nDONE\nSTART 15\nYXBOARD\n1,1,1\n1,1,2\nDONE\nEND\n",
	              3, line);
	assert_string_equal(line[0], "ERROR YXBOARD before START");
	assert_string_equal(line[2], "ERROR YXBOARD line 2: point 1,1 is given twice");
	free(out);
}

/* Swap2 with no stones: three points, black white black, near the centre;
 * the game goes on from them. */
static void swap2_proposes_an_opening(void **state)
{
	(void)state;
	int nt;
	const PlayerType *const *all = registry_all(&nt);
	for (int t = 0; t < nt; t++)
		for (int size = 5; size <= 20; size += 15) {
			char script[128], *line[PT_MAX_LINES];
			snprintf(script, sizeof script, "START %d\nSWAP2BOARD\nDONE\nEND\n",
			         size);
			char *out = replies(all[t]->name, NULL, 600, script, 2, line);
			int p[3][2], n = 0;
			char tail;
			n = sscanf(line[1], "%d,%d %d,%d %d,%d%c", &p[0][0], &p[0][1],
			           &p[1][0], &p[1][1], &p[2][0], &p[2][1], &tail);
			if (n != 6)
				fail_msg("%s: '%s' is not three points", all[t]->name,
				         line[1]);
			for (int i = 0; i < 3; i++) {
				assert_in_range(p[i][0], 0, size - 1);
				assert_in_range(p[i][1], 0, size - 1);
				for (int j = 0; j < i; j++)
					assert_false(p[i][0] == p[j][0] &&
					             p[i][1] == p[j][1]);
			}
			/* The second player stays white and plays the fourth
			 * stone: we answer as black, on none of the three. */
			snprintf(script, sizeof script,
			         "START %d\nSWAP2BOARD\nDONE\nTURN 0,0\nTURN %d,%d\nEND\n",
			         size, p[0][0], p[0][1]);
			free(out);
			out = replies(all[t]->name, NULL, 600, script, 4, line);
			int x, y;
			pt_move(line[2], size, &x, &y);
			for (int i = 0; i < 3; i++)
				assert_false(x == p[i][0] && y == p[i][1]);
			pt_expect_error(line[3]); /* our own first stone */
			free(out);
		}
}

/* With 3 or 5 stones: SWAP, or one move for white on a free point; the
 * lines in between get no reply. */
static void swap2_chooses_a_colour(void **state)
{
	(void)state;
	const char *stones[2] = {"7,7\n8,8\n6,9\n", "7,7\n8,8\n6,9\n9,6\n5,5\n"};
	int nt;
	const PlayerType *const *all = registry_all(&nt);
	for (int t = 0; t < nt; t++)
		for (int k = 0; k < 2; k++) {
			char script[256], *line[PT_MAX_LINES];
			snprintf(script, sizeof script,
			         "START 15\nSWAP2BOARD\n%sDONE\nTURN 1,1\nEND\n",
			         stones[k]);
			char *out = replies(all[t]->name, NULL, 800, script, 3, line);
			int x, y;
			if (strcmp(line[1], "SWAP") == 0) {
				/* We are black now: 1,1 was white's move, ours follows. */
				pt_move(line[2], 15, &x, &y);
			} else {
				pt_move(line[1], 15, &x, &y);
				assert_null(strstr(stones[k], line[1]));
				pt_move(line[2], 15, &x, &y); /* 1,1 was black's */
			}
			free(out);
		}
}

/* The colour follows the player's own judgement: alphabeta takes black
 * when black has an open three and white is to move, and stays white when
 * white's two stones lie together and black's are scattered. */
static void swap2_takes_the_better_colour(void **state)
{
	(void)state;
	char *line[PT_MAX_LINES];
	char *out = replies("alphabeta", NULL, 20000,
	                    "START 15\nSWAP2BOARD\n6,7\n0,14\n7,7\n14,0\n8,7\nDONE\nEND\n",
	                    2, line);
	assert_string_equal(line[1], "SWAP");
	free(out);
	out = replies("alphabeta", NULL, 20000,
	              "START 15\nSWAP2BOARD\n0,0\n7,7\n14,14\n8,8\n0,14\nDONE\nEND\n", 2,
	              line);
	int x, y;
	pt_move(line[1], 15, &x, &y);
	free(out);
}

/* Wrong openings get one ERROR each, at DONE; the session goes on. */
static void swap2_errors_are_one_reply(void **state)
{
	(void)state;
	char *line[PT_MAX_LINES];
	char *out = replies(
	    "weighted", NULL, 0,
	    "SWAP2BOARD\nDONE\nSTART 15\nSWAP2BOARD\n7,7\nDONE\nSWAP2BOARD\n7,7\n8,8\n"
	    "DONE\nSWAP2BOARD\n1,1\n2,2\n3,3\n4,4\nDONE\nSWAP2BOARD\n1,1\n2,2\n3,3\n4,4\n"
	    "5,5\n6,6\nDONE\nSWAP2BOARD\n1,1\n1,1\n2,2\nDONE\nSWAP2BOARD\n15,1\n2,2\n3,3\n"
	    "DONE\nSWAP2BOARD\nfoo\nDONE\nSWAP2BOARD\n1,1,7\n2,2\n3,3\nDONE\nABOUT\nEND\n",
	    11, line);
	assert_string_equal(line[0], "ERROR SWAP2BOARD before START");
	assert_string_equal(line[1], "OK");
	assert_string_equal(line[2],
	                    "ERROR SWAP2BOARD: 1 stones; the opening has 0, 3 or 5");
	assert_string_equal(line[3],
	                    "ERROR SWAP2BOARD: 2 stones; the opening has 0, 3 or 5");
	assert_string_equal(line[4],
	                    "ERROR SWAP2BOARD: 4 stones; the opening has 0, 3 or 5");
	assert_string_equal(line[5], "ERROR SWAP2BOARD line 6: more than five stones");
	assert_string_equal(line[6], "ERROR SWAP2BOARD line 2: point 1,1 is given twice");
	assert_string_equal(line[7],
	                    "ERROR SWAP2BOARD line 1: point 15,1 is off the board");
	assert_string_equal(line[8], "ERROR SWAP2BOARD line 1: expected x,y, found 'foo'");
	/* x,y,field is read too, the field aside: three stones, an answer. */
	assert_int_equal(strncmp(line[9], "ERROR", 5) == 0, 0);
	assert_int_equal(strncmp(line[10], "name=", 5), 0);
	free(out);
}

/* Yixin-Board blocks we do not implement: read to DONE, one UNKNOWN; and
 * STOP and YXSTOP, with nothing to stop, need no answer. */
static void unknown_blocks_are_skipped_whole(void **state)
{
	(void)state;
	char *line[PT_MAX_LINES];
	char *out = replies("weighted", NULL, 0,
	                    "START 15\nYXBLOCK\n1,1\n2,2\nDONE\nyxqueryDatabaseAll\n7,7,1\n"
	                    "DONE\nSTOP\nYXSTOP\nYXSHOWFORBID\nABOUT\nEND\n",
	                    5, line);
	assert_string_equal(line[0], "OK");
	assert_string_equal(line[1], "UNKNOWN command 'YXBLOCK'");
	assert_string_equal(line[2], "UNKNOWN command 'YXQUERYDATABASEALL'");
	assert_string_equal(line[3], "UNKNOWN command 'YXSHOWFORBID'");
	assert_int_equal(strncmp(line[4], "name=", 5), 0);
	free(out);
	/* END inside a block still ends the session. */
	out = replies("weighted", NULL, 0, "START 15\nSWAP2BOARD\n7,7\nEND\nABOUT\n", 1,
	              line);
	free(out);
}

/* Black's 7,7 makes six in a row: a win in freestyle, forbidden in renju,
 * which INFO rule 4 and Yixin-Board's rule 2 both select. */
static void info_rule_2_is_renju(void **state)
{
	(void)state;
	const char *rules[] = {"0", "2", "4", "6"};
	for (int i = 0; i < 4; i++) {
		char script[256], *line[PT_MAX_LINES];
		snprintf(script, sizeof script,
		         "START 15\nINFO rule %s\nBOARD\n3,7,1\n4,7,1\n5,7,1\n6,7,1\n"
		         "8,7,1\n2,7,2\n0,0,2\n14,14,2\n0,14,2\n14,0,2\nDONE\nEND\n",
		         rules[i]);
		char *out = replies("naive", attack, 0, script, 2, line);
		if (i == 0)
			assert_string_equal(line[1], "7,7");
		else
			assert_string_not_equal(line[1], "7,7");
		free(out);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(field_3_is_not_a_point_to_play),
	    cmocka_unit_test(the_only_empty_point_is_played),
	    cmocka_unit_test(field_3_points_stay_occupied_for_the_game),
	    cmocka_unit_test(yxboard_sets_the_position_silently),
	    cmocka_unit_test(swap2_proposes_an_opening),
	    cmocka_unit_test(swap2_chooses_a_colour),
	    cmocka_unit_test(swap2_takes_the_better_colour),
	    cmocka_unit_test(swap2_errors_are_one_reply),
	    cmocka_unit_test(unknown_blocks_are_skipped_whole),
	    cmocka_unit_test(info_rule_2_is_renju),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
