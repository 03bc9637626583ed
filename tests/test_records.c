/* test_records.c - records.h: every reader hands over the games a file
 * holds (players, result, moves, pair), tells its format from the content,
 * and refuses a bad line with its place. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "err.h"
#include "records.h"
#include "tmpdir.h"

enum { GAMES_MAX = 8 };

typedef struct {
	int n;
	char black[GAMES_MAX][64], white[GAMES_MAX][64], reason[GAMES_MAX][24];
	double score[GAMES_MAX];
	int pair[GAMES_MAX], round[GAMES_MAX], nmoves[GAMES_MAX];
	int16_t first[GAMES_MAX], last[GAMES_MAX]; /* points of the first and last move */
	long line[GAMES_MAX];
} Seen;

static int keep(void *user, const RecordGame *g, char *msg, size_t msglen)
{
	Seen *s = user;
	assert_true(s->n < GAMES_MAX);
	int k = s->n++;
	snprintf(s->black[k], sizeof s->black[k], "%s", g->black);
	snprintf(s->white[k], sizeof s->white[k], "%s", g->white);
	snprintf(s->reason[k], sizeof s->reason[k], "%s", g->reason);
	s->score[k] = g->score, s->pair[k] = g->pair, s->round[k] = g->round;
	s->line[k] = g->line;
	int16_t pts[BOARD_MAX_MOVES];
	int n =
	    records_points(g, g->size ? g->size : 15, pts, BOARD_MAX_MOVES, msg, msglen);
	assert_true(n >= 0);
	s->nmoves[k] = n;
	s->first[k] = n ? pts[0] : -1, s->last[k] = n ? pts[n - 1] : -1;
	return 0;
}

static int scan(const char *path, Seen *s, RecordsCounts *c, char *err, size_t errlen)
{
	memset(s, 0, sizeof *s);
	return records_scan(&path, 1, keep, s, c, err, errlen);
}

/* c-gomoku-cli writes Black's tag before White's, and Black moves first:
 * "1-0" is then black's win. A cutechess-style file has White first. */
static void pgn_both_tag_orders(void **state)
{
	(void)state;
	const char *p = tmpdir_write("cgc.pgn", "[Event \"x\"]\n"
	                                        "[Round \"3.1\"]\n"
	                                        "[Black \"first\"]\n"
	                                        "[White \"second\"]\n"
	                                        "[Result \"1-0\"]\n"
	                                        "[Termination \"time forfeit\"]\n"
	                                        "\n"
	                                        "1-0\n"
	                                        "\n"
	                                        "[Event \"y\"]\n"
	                                        "[White \"mover\"]\n"
	                                        "[Black \"other\"]\n"
	                                        "[Result \"0-1\"]\n"
	                                        "\n"
	                                        "1. h8 i9 2. h9 0-1\n"
	                                        "\n"
	                                        "[Event \"z\"]\n"
	                                        "[White \"a\"]\n"
	                                        "[Black \"b\"]\n"
	                                        "[Result \"*\"]\n"
	                                        "\n"
	                                        "*\n");
	Seen s;
	RecordsCounts c = {0};
	char err[ERR_MAX];
	assert_int_equal(records_format(p, err, sizeof err), RECORDS_PGN);
	assert_int_equal(scan(p, &s, &c, err, sizeof err), 0);
	assert_int_equal(s.n, 2);
	assert_int_equal(c.unfinished, 1);
	assert_string_equal(s.black[0], "first");
	assert_string_equal(s.white[0], "second");
	assert_true(s.score[0] == 1);
	assert_int_equal(s.round[0], 3);
	assert_int_equal(s.pair[0], 1);
	assert_string_equal(s.reason[0], "timeout");
	assert_string_equal(s.black[1], "mover");
	assert_true(s.score[1] == 0);
	assert_int_equal(s.nmoves[1], 3);
}

static void sgf_collection(void **state)
{
	(void)state;
	const char *p =
	    tmpdir_write("c.sgf", "(;GM[4]FF[4]SZ[15]PB[a]PW[b]RE[B+]RO[2]\n"
	                          ";B[hh];W[ii];B[hi])\n"
	                          "(;GM[4]SZ[20]PB[b]PW[a]RE[W+T];B[aa];W[tt])\n"
	                          "(;GM[4]PB[x]PW[y]RE[0])\n"
	                          "(;GM[4]PB[x]PW[y]RE[?])\n");
	Seen s;
	RecordsCounts c = {0};
	char err[ERR_MAX];
	assert_int_equal(records_format(p, err, sizeof err), RECORDS_SGF);
	assert_int_equal(scan(p, &s, &c, err, sizeof err), 0);
	assert_int_equal(s.n, 3);
	assert_int_equal(c.unfinished, 1);
	assert_true(s.score[0] == 1 && s.score[1] == 0 && s.score[2] == 0.5);
	assert_string_equal(s.reason[1], "timeout");
	assert_int_equal(s.nmoves[0], 3);
	assert_int_equal(s.first[0], board_point(7, 7));
	assert_int_equal(s.last[1], board_point(19, 19));
	assert_int_equal(s.round[0], 2);
}

/* A Piskvork record without our trailer: the players from the file name,
 * the result from the board (a five by the last stone). */
static void psq_names_and_result_from_the_board(void **state)
{
	(void)state;
	const char *p = tmpdir_write("alpha_vs_beta.psq", "Piskvorky 15x15, 11:11, 1\n"
	                                                  "8,8,100\n9,9,100\n8,9,100\n"
	                                                  "10,10,100\n8,10,100\n11,11,100\n"
	                                                  "8,11,100\n12,12,100\n8,12,100\n"
	                                                  "-1\n");
	Seen s;
	RecordsCounts c = {0};
	char err[ERR_MAX];
	assert_int_equal(records_format(p, err, sizeof err), RECORDS_PSQ);
	assert_int_equal(scan(p, &s, &c, err, sizeof err), 0);
	assert_int_equal(s.n, 1);
	assert_string_equal(s.black[0], "alpha");
	assert_string_equal(s.white[0], "beta");
	assert_true(s.score[0] == 1);
	assert_int_equal(s.nmoves[0], 9);
}

/* Bad input: the file and line of the fault, ERR_INPUT. */
static void bad_lines_name_their_place(void **state)
{
	(void)state;
	static const struct {
		const char *name, *text, *place;
	} cases[] = {
	    {"a.pgn", "[Event \"x\"]\n[White \"a\"\n", "a.pgn:2:"},
	    {"b.sgf", "(;GM[1]PB[a]PW[b]RE[B+])\n", "b.sgf:1:"},
	    {"c.txt", "hello\n", "c.txt:1:"},
	    {"d.pgn", "", "d.pgn:1: empty file"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *p = tmpdir_write(cases[i].name, cases[i].text);
		Seen s;
		char err[ERR_MAX] = "";
		assert_int_equal(scan(p, &s, NULL, err, sizeof err), ERR_INPUT);
		if (!strstr(err, cases[i].place))
			fail_msg("%s: '%s' does not name '%s'", cases[i].name, err,
			         cases[i].place);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(pgn_both_tag_orders),
	    cmocka_unit_test(sgf_collection),
	    cmocka_unit_test(psq_names_and_result_from_the_board),
	    cmocka_unit_test(bad_lines_name_their_place),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
