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
	int pair[GAMES_MAX], round[GAMES_MAX], nmoves[GAMES_MAX], plies[GAMES_MAX];
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
	s->line[k] = g->line, s->plies[k] = g->plies;
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

/* The file and line of a bad record: ERR_INPUT and "name:place". */
static void refused_at(const char *name, const char *text, const char *place)
{
	const char *p = tmpdir_write(name, text);
	Seen s;
	char err[ERR_MAX] = "";
	assert_int_equal(scan(p, &s, NULL, err, sizeof err), ERR_INPUT);
	if (!strstr(err, place))
		fail_msg("%s: '%s' does not name '%s'", name, err, place);
}

/* cutechess-cli: the Seven Tag Roster and its own tags, movetext with move
 * numbers and {comments} (one across lines), the result at the end. */
static void pgn_cutechess(void **state)
{
	(void)state;
	const char *p = tmpdir_write(
	    "cute.pgn", "[Event \"?\"]\n"
	                "[Site \"?\"]\n"
	                "[Date \"2026.01.02\"]\n"
	                "[Round \"1\"]\n"
	                "[White \"engA\"]\n"
	                "[Black \"engB\"]\n"
	                "[Result \"0-1\"]\n"
	                "[GameDuration \"00:00:02\"]\n"
	                "[PlyCount \"4\"]\n"
	                "[Termination \"time forfeit\"]\n"
	                "[TimeControl \"10+0.1\"]\n"
	                "\n"
	                "1. h8 {+0.10/5 0.1s} i9 {-0.20/4 0.1s} 2. h9 {+0.50/6\n"
	                "0.2s} i10 {-0.3/5 0.1s, White loses on time} 0-1\n"
	                "\n"
	                "[Event \"?\"]\n"
	                "[Round \"2\"]\n"
	                "[White \"engB\"]\n"
	                "[Black \"engA\"]\n"
	                "[Result \"1/2-1/2\"]\n"
	                "[Termination \"adjudication\"]\n"
	                "\n"
	                "1. a1 {book} b2 {book} 1/2-1/2\n");
	Seen s;
	RecordsCounts c = {0};
	char err[ERR_MAX];
	assert_int_equal(scan(p, &s, &c, err, sizeof err), 0);
	assert_int_equal(s.n, 2);
	assert_string_equal(s.black[0], "engA"); /* White moves first */
	assert_string_equal(s.white[0], "engB");
	assert_true(s.score[0] == 0);
	assert_string_equal(s.reason[0], "timeout");
	assert_int_equal(s.round[0], 1);
	assert_int_equal(s.pair[0], -1);
	assert_int_equal(s.nmoves[0], 4);
	assert_int_equal(s.first[0], board_point(7, 7));
	assert_int_equal(s.last[0], board_point(8, 5)); /* i10 on 15x15 */
	assert_int_equal(s.line[1], 16);
	assert_true(s.score[1] == 0.5);
	assert_string_equal(s.reason[1], "adjudication");
	assert_int_equal(s.nmoves[1], 2);
	refused_at("cute-bad.pgn",
	           "[Event \"?\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n"
	           "[Termination normal]\n\n1. h8 1-0\n",
	           "cute-bad.pgn:5:");
}

/* fastchess: cutechess-cli's shape with its start and end times, "{book}"
 * on the opening's moves, Round the game's number (no pair). */
static void pgn_fastchess(void **state)
{
	(void)state;
	const char *p = tmpdir_write(
	    "fast.pgn",
	    "[Event \"Fastchess Tournament\"]\n"
	    "[Site \"?\"]\n"
	    "[Date \"2026.01.02\"]\n"
	    "[Round \"7\"]\n"
	    "[White \"new\"]\n"
	    "[Black \"old\"]\n"
	    "[Result \"1-0\"]\n"
	    "[GameDuration \"00:00:03\"]\n"
	    "[GameStartTime \"2026-01-02T10:00:00 +0000\"]\n"
	    "[GameEndTime \"2026-01-02T10:00:03 +0000\"]\n"
	    "[PlyCount \"9\"]\n"
	    "[Termination \"normal\"]\n"
	    "[TimeControl \"8+0.08\"]\n"
	    "\n"
	    "1. h8 {book} h9 {book} 2. i8 {+1.00/12 0.05s} i9 {-1.00/11 0.05s}\n"
	    "3. j8 {+2/12 0.05s} j9 {-2/11 0.05s} 4. k8 {+9/12 0.04s} k9 "
	    "{-9/11 0.04s}\n"
	    "5. l8 {+M1/1 0.01s, White wins} 1-0\n"
	    "\n");
	Seen s;
	char err[ERR_MAX];
	assert_int_equal(scan(p, &s, NULL, err, sizeof err), 0);
	assert_int_equal(s.n, 1);
	assert_string_equal(s.black[0], "new");
	assert_true(s.score[0] == 1);
	assert_int_equal(s.round[0], 7);
	assert_int_equal(s.nmoves[0], 9);
	assert_int_equal(s.last[0], board_point(11, 7));
	refused_at("fast-bad.pgn",
	           "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. h8 1-0\n\n"
	           "[White \"a\"]\n[Black \"b\"]\n[Result \"2-0\"]\n\n2-0\n",
	           "fast-bad.pgn:7: result '2-0'");
}

/* Ordo's examples: headers only, one game after another with no blank
 * line and no movetext; a game without its Black tag named at its start. */
static void pgn_ordo_headers_only(void **state)
{
	(void)state;
	const char *p = tmpdir_write("ordo.pgn", "[White \"Alpha\"]\n[Black \"Beta\"]\n"
	                                         "[Result \"1-0\"]\n"
	                                         "[White \"Beta\"]\n[Black \"Gamma\"]\n"
	                                         "[Result \"1/2-1/2\"]\n"
	                                         "[White \"Gamma\"]\n[Black \"Alpha\"]\n"
	                                         "[Result \"0-1\"]\n");
	Seen s;
	char err[ERR_MAX];
	assert_int_equal(scan(p, &s, NULL, err, sizeof err), 0);
	assert_int_equal(s.n, 3);
	assert_string_equal(s.black[1], "Beta");
	assert_string_equal(s.white[1], "Gamma");
	assert_true(s.score[0] == 1 && s.score[1] == 0.5 && s.score[2] == 0);
	assert_int_equal(s.line[2], 7);
	assert_int_equal(s.nmoves[2], 0); /* none in the record */
	refused_at("ordo-bad.pgn",
	           "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n"
	           "[White \"B\"]\n[Result \"0-1\"]\n\n",
	           "ordo-bad.pgn:4: a game without its Black tag");
}

/* c-gomoku-cli's PGN (game_export_pgn): the game's index as Event, a date
 * with the time, Black's tag first and "1-0" its win, a sentence as
 * Termination, PlyCount, and a chess line as a placeholder for the moves. */
static void pgn_c_gomoku_cli(void **state)
{
	(void)state;
	const char *p =
	    tmpdir_write("cgc2.pgn", "[Event \"0\"]\n"
	                             "[Date \"2026.01.02 10:11:12\"]\n"
	                             "[Round \"1.1\"]\n"
	                             "[Black \"wine\"]\n"
	                             "[White \"rapfi\"]\n"
	                             "[Result \"0-1\"]\n"
	                             "[Termination \"White win by five connection\"]\n"
	                             "[PlyCount \"10\"]\n"
	                             "\n"
	                             "1. d4 Nf6 2. c4 e6 3. Nf3 d5 4. Nc3 Bb4 0-1\n"
	                             "\n"
	                             "[Event \"1\"]\n"
	                             "[Date \"2026.01.02 10:11:15\"]\n"
	                             "[Round \"1.2\"]\n"
	                             "[Black \"rapfi\"]\n"
	                             "[White \"wine\"]\n"
	                             "[Result \"1-0\"]\n"
	                             "[Termination \"Black win by time forfeit\"]\n"
	                             "[PlyCount \"7\"]\n"
	                             "\n"
	                             "1. d4 Nf6 2. c4 e6 3. Nf3 d5 4. Nc3 Bb4 5. Bg5 1-0\n"
	                             "\n");
	Seen s;
	char err[ERR_MAX];
	assert_int_equal(scan(p, &s, NULL, err, sizeof err), 0);
	assert_int_equal(s.n, 2);
	assert_string_equal(s.black[0], "wine");
	assert_true(s.score[0] == 0);
	assert_string_equal(s.reason[0], "five");
	assert_int_equal(s.plies[0], 10);
	assert_int_equal(s.nmoves[0], 0); /* the chess line is no move */
	assert_int_equal(s.round[1], 1);
	assert_int_equal(s.pair[1], 2);
	assert_string_equal(s.black[1], "rapfi");
	assert_true(s.score[1] == 1);
	assert_string_equal(s.reason[1], "timeout");
	char name[200];
	snprintf(name, sizeof name, "[Event \"0\"]\n[Black \"%070d\"]\n", 7);
	char text[400];
	snprintf(text, sizeof text, "%s[White \"b\"]\n[Result \"1-0\"]\n\n1-0\n", name);
	refused_at("cgc-bad.pgn", text, "cgc-bad.pgn:2: a player's name");
}

/* c-gomoku-cli's SGF (game_export_sgf): FF, GM, GN, EV, DT with the time,
 * RO "round.game", RU, SZ, PB, PW, RE as a margin (B+1, W+1, 0), TE with
 * a sentence, each move with a C[] comment, eight moves a line. */
static void sgf_c_gomoku_cli(void **state)
{
	(void)state;
	const char *p = tmpdir_write(
	    "cgc2.sgf",
	    "(;FF[4]GM[4]GN[0]EV[wine x rapfi]DT[2026.01.02 10:11:12]RO[1.1]RU[0]"
	    "SZ[15]PB[wine]PW[rapfi]RE[B+1]TE[Black win by five connection]\n"
	    ";B[hh]C[opening move];W[ih]C[opening move]\n"
	    ";B[hi]C[12ms];W[ii]C[10ms];B[hj]C[9ms];W[ij]C[8ms];B[hk]C[7ms];W[ik]C[6ms]"
	    ";B[hl]C[5ms])\n"
	    "\n"
	    "(;FF[4]GM[4]GN[1]EV[rapfi x wine]DT[2026.01.02 10:11:15]RO[1.2]RU[0]"
	    "SZ[20]PB[rapfi]PW[wine]RE[W+1]TE[White win by time forfeit]\n"
	    ";B[jj]C[opening move]\n"
	    ";W[kk]C[3ms])\n"
	    "\n"
	    "(;FF[4]GM[4]GN[2]EV[wine x rapfi]RO[2.1]SZ[15]PB[wine]PW[rapfi]RE[0]"
	    "TE[Draw by fullfilled board]\n;B[aa]C[opening move])\n");
	Seen s;
	char err[ERR_MAX];
	assert_int_equal(scan(p, &s, NULL, err, sizeof err), 0);
	assert_int_equal(s.n, 3);
	assert_string_equal(s.black[0], "wine");
	assert_true(s.score[0] == 1 && s.score[1] == 0 && s.score[2] == 0.5);
	assert_string_equal(s.reason[0], "five");
	assert_string_equal(s.reason[1], "timeout");
	assert_int_equal(s.nmoves[0], 9);
	assert_int_equal(s.last[0], board_point(7, 11));
	assert_int_equal(s.round[0], 1);
	assert_int_equal(s.round[2], 2);
	assert_int_equal(s.line[1], 5);
	refused_at("cgc-bad.sgf",
	           "(;FF[4]GM[4]SZ[15]PB[a]PW[b]RE[B+1]\n;B[hh]C[opening move]\n"
	           ";W[ii]C[1ms];B[hh]C[2ms])\n",
	           "cgc-bad.sgf:3: move [hh] is on a taken point");
}

/* Piskvork's own trailer: the engines as file names (a folder and .exe or
 * .zip dropped), the result from the board; without names and without a
 * BLACK_vs_WHITE file name, no players. */
static void psq_piskvork_names(void **state)
{
	(void)state;
	const char *p = tmpdir_write("0001.psq", "Piskvorky 20x20, 11:11, 0\n"
	                                         "10,10,1000\n11,11,900\n10,11,800\n"
	                                         "11,12,700\n10,12,600\n11,13,500\n"
	                                         "10,13,400\n11,14,300\n10,14,200\n"
	                                         "-1\n"
	                                         "C:\\engines\\pbrain-embryo.exe\n"
	                                         "pbrain-yixin.zip\n"
	                                         "0\n");
	Seen s;
	char err[ERR_MAX];
	assert_int_equal(scan(p, &s, NULL, err, sizeof err), 0);
	assert_int_equal(s.n, 1);
	assert_string_equal(s.black[0], "pbrain-embryo");
	assert_string_equal(s.white[0], "pbrain-yixin");
	assert_true(s.score[0] == 1);
	assert_string_equal(s.reason[0], "five");
	assert_int_equal(s.nmoves[0], 9);
	refused_at("0002.psq", "Piskvorky 15x15, 11:11, 0\n8,8,100\n9,9,100\n-1\n",
	           "0002.psq:1: no players");
	refused_at("x_vs_y.psq", "Piskvorky 15x15, 11:11, 0\n8,8,100\n8,8,100\n-1\n",
	           "x_vs_y.psq:3:");
}

/* records_find: game N alone, the reading stopped there; an unfinished
 * game is handed over with score -1; -1 takes the first and counts all. */
static void find_stops_at_its_game(void **state)
{
	(void)state;
	const char *p = tmpdir_write("find.pgn", "[White \"a\"]\n[Black \"b\"]\n"
	                                         "[Result \"1-0\"]\n\n1. h8 1-0\n\n"
	                                         "[White \"c\"]\n[Black \"d\"]\n"
	                                         "[Result \"*\"]\n\n*\n\n"
	                                         "[White \"e\"]\n[Black \"f\"]\n"
	                                         "[Result \"0-1\"]\n\n0-1\n\n"
	                                         "[White \"bad\"\n");
	Seen s = {0};
	long held = 0;
	char err[ERR_MAX];
	assert_int_equal(records_find(p, 2, keep, &s, &held, err, sizeof err), 1);
	assert_int_equal(s.n, 1);
	assert_string_equal(s.black[0], "c");
	assert_true(s.score[0] == -1);
	assert_int_equal(held, 2); /* the bad line after it is never read */
	memset(&s, 0, sizeof s);
	assert_int_equal(records_find(p, 3, keep, &s, &held, err, sizeof err), 1);
	assert_string_equal(s.black[0], "e");
	memset(&s, 0, sizeof s);
	assert_int_equal(records_find(p, 9, keep, &s, &held, err, sizeof err), ERR_INPUT);
	assert_non_null(strstr(err, "find.pgn:19:"));
	assert_int_equal(s.n, 0);
	const char *q = tmpdir_write("find.sgf", "(;GM[4]PB[a]PW[b]RE[B+];B[hh])\n"
	                                         "(;GM[4]PB[c]PW[d]RE[0])\n");
	memset(&s, 0, sizeof s);
	assert_int_equal(records_find(q, -1, keep, &s, &held, err, sizeof err), 1);
	assert_int_equal(s.n, 1);
	assert_string_equal(s.black[0], "a");
	assert_int_equal(held, 2);
	memset(&s, 0, sizeof s);
	assert_int_equal(records_find(q, 5, keep, &s, &held, err, sizeof err), 0);
	assert_int_equal(held, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(pgn_both_tag_orders),
	    cmocka_unit_test(sgf_collection),
	    cmocka_unit_test(psq_names_and_result_from_the_board),
	    cmocka_unit_test(bad_lines_name_their_place),
	    cmocka_unit_test(pgn_cutechess),
	    cmocka_unit_test(pgn_fastchess),
	    cmocka_unit_test(pgn_ordo_headers_only),
	    cmocka_unit_test(pgn_c_gomoku_cli),
	    cmocka_unit_test(sgf_c_gomoku_cli),
	    cmocka_unit_test(psq_piskvork_names),
	    cmocka_unit_test(find_stops_at_its_game),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
