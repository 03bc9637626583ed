/* test_moves_csv.c - moves.csv: a game's rows as written (unknown fields
 * empty, the opening left out), read back, and settled against the games
 * games.csv holds (rows of unplayed jobs and a torn last row dropped,
 * sorted by job and ply). */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "tmpdir.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coord.h"
#include "moves_csv.h"
#include "rundir.h"

static int pt(const char *h8)
{
	int p;
	char err[64];
	assert_int_equal(coord_parse(15, h8, &p, err, sizeof err), 0);
	return p;
}

/* Two opening stones, then three moves: one that said everything, one
 * that said nothing, one with some. */
static void make_record(GameRecord *rec)
{
	memset(rec, 0, sizeof *rec);
	const char *moves[] = {"h8", "i9", "j10", "g7", "k11"};
	rec->plies = 5;
	rec->opening_plies = 2;
	for (int i = 0; i < 5; i++) {
		rec->moves[i] = (int16_t)pt(moves[i]);
		rec->eval[i] = SCORE_NONE;
		rec->depth[i] = rec->seldepth[i] = DEPTH_NONE;
		rec->move_nodes[i] = NODES_NONE;
		for (int k = 0; k < GAME_PV_KEEP; k++)
			rec->pv[i][k] = POINT_NONE;
	}
	rec->ms[2] = 12;
	rec->eval[2] = -35;
	rec->depth[2] = 7;
	rec->seldepth[2] = 19;
	rec->move_nodes[2] = 123456789012ULL;
	rec->pv[2][0] = (int16_t)pt("j10");
	rec->pv[2][1] = (int16_t)pt("g7");
	rec->ms[3] = 0;
	rec->ms[4] = 3;
	rec->depth[4] = 0;
	rec->move_nodes[4] = 0;
	rec->eval[4] = 0;
}

static void rows_as_written_and_read(void **state)
{
	(void)state;
	GameRecord *rec = malloc(sizeof *rec);
	make_record(rec);
	char buf[BOARD_MAX_MOVES * MOVES_CSV_ROW_MAX];
	const char *names[2] = {"alpha", "beta"};
	long n = moves_csv_format(buf, sizeof buf, 15, 42, names, rec);
	static const char want[] = "42,3,alpha,j10,12,-35,7,19,123456789012,j10 g7\n"
	                           "42,4,beta,g7,0,,,,,\n"
	                           "42,5,alpha,k11,3,0,0,,0,\n";
	assert_string_equal(buf, want);
	assert_int_equal(n, (long)strlen(want));
	assert_int_equal(moves_csv_format(buf, 20, 15, 42, names, rec), -1);
	rec->plies = rec->opening_plies; /* the opening alone: no rows */
	assert_int_equal(moves_csv_format(buf, sizeof buf, 15, 42, names, rec), 0);
	assert_string_equal(buf, "");
	free(rec);

	char line[] = "42,3,alpha,j10,12,-35,7,19,123456789012,j10 g7";
	MoveRow r;
	char msg[256];
	assert_int_equal(moves_csv_parse(line, 15, &r, msg, sizeof msg), 0);
	assert_int_equal(r.job, 42);
	assert_int_equal(r.ply, 3);
	assert_int_equal(r.move, pt("j10"));
	assert_int_equal(r.eval, -35);
	assert_int_equal(r.depth, 7);
	assert_int_equal(r.seldepth, 19);
	assert_true(r.nodes == 123456789012ULL);
	assert_int_equal(r.player_len, 5);
	assert_string_equal(r.pv, "j10 g7");
	char empty[] = "42,4,beta,g7,0,,,,,";
	assert_int_equal(moves_csv_parse(empty, 15, &r, msg, sizeof msg), 0);
	assert_int_equal(r.eval, SCORE_NONE);
	assert_int_equal(r.depth, -1);
	assert_int_equal(r.seldepth, -1);
	assert_true(r.nodes == NODES_NONE);
	assert_string_equal(r.pv, "");
	static const char *const bad[] = {
	    "",
	    "42,3,alpha,j10,12,-35,7,19,1",
	    "42,3,alpha,j10,12,-35,7,19,1,,x",
	    "x,3,alpha,j10,12,,,,,",
	    "42,0,alpha,j10,12,,,,,",
	    "42,3,,j10,12,,,,,",
	    "42,3,a,z99,12,,,,,",
	    "42,3,a,j10,12,3.5,,,,",
	    "42,3,a,j10,12,,,,-1,",
	};
	for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		char copy[128];
		snprintf(copy, sizeof copy, "%s", bad[k]);
		if (moves_csv_parse(copy, 15, &r, msg, sizeof msg) == 0)
			fail_msg("read: %s", bad[k]);
	}
}

static int count_rows(void *user, const MoveRow *row, char *msg, size_t msglen)
{
	(void)row, (void)msg, (void)msglen;
	(*(int *)user)++;
	return 0;
}

static void settle_keeps_played_sorted_and_drops_a_torn_line(void **state)
{
	(void)state;
	const char *path = tmpdir_write("moves.csv", MOVES_CSV_HEADER "\n"
	                                                              "2,4,b,h8,1,,,,,\n"
	                                                              "0,3,a,h8,1,,,,,\n"
	                                                              "1,3,a,h8,1,,,,,\n"
	                                                              "2,3,a,i9,1,,,,,\n"
	                                                              "0,4,b,i9,1,,,,,\n"
	                                                              "2,5,a,j10,1,5,,,");
	bool done[3] = {true, false, true};
	char err[512];
	assert_int_equal(moves_csv_settle(path, done, 3, false, err, sizeof err), 0);
	char *text = rundir_slurp(path);
	assert_string_equal(text, MOVES_CSV_HEADER "\n"
	                                           "0,3,a,h8,1,,,,,\n"
	                                           "0,4,b,i9,1,,,,,\n"
	                                           "2,3,a,i9,1,,,,,\n"
	                                           "2,4,b,h8,1,,,,,\n");
	free(text);
	int rows = 0;
	assert_int_equal(moves_csv_scan(path, 15, count_rows, &rows, err, sizeof err), 0);
	assert_int_equal(rows, 4);
	/* A missing file becomes the header alone. */
	char none[PATH_MAX];
	snprintf(none, sizeof none, "%s/none.csv", dir);
	assert_int_equal(moves_csv_settle(none, done, 3, false, err, sizeof err), 0);
	text = rundir_slurp(none);
	assert_string_equal(text, MOVES_CSV_HEADER "\n");
	free(text);
	/* A row whose job does not read is refused, the file left as it was. */
	path = tmpdir_write("bad.csv", MOVES_CSV_HEADER "\n0,3,a,h8,1,,,,,\nzz,1\n");
	assert_int_equal(moves_csv_settle(path, done, 3, false, err, sizeof err), -1);
	assert_non_null(strstr(err, "bad.csv:3:"));
	path = tmpdir_write("other.csv", "job,pair\n");
	assert_int_equal(moves_csv_scan(path, 15, NULL, NULL, err, sizeof err), -1);
	assert_non_null(strstr(err, "not a moves file"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(rows_as_written_and_read),
	    cmocka_unit_test(settle_keeps_played_sorted_and_drops_a_torn_line),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
