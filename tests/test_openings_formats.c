/* test_openings_formats.c - the openings formats (openings.h): pos as
 * c-gomoku-cli writes it, offsets, .psq and SGF game records; the format
 * told from the content or named; bad lines of every format refused with
 * file:line and the format they were read as; each written format read
 * back to the same moves; and a run's opening health (opening_health.h). */
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

#include "board.h"
#include "err.h"
#include "opening_health.h"
#include "openings.h"
#include "record.h"

/* The set read from text (file NAME) as spec says; fails the test if not. */
static void read_ok(const char *name, const char *text, const OpeningsSpec *spec,
                    OpeningSet *set, OpeningsCounts *n)
{
	char err[2048];
	const char *path = tmpdir_write(name, text);
	int rc = openings_read(path, spec, set, n, err, sizeof err);
	if (rc < 0)
		fail_msg("%s", err);
}

/* The message of reading text; it must fail, name line `line` and hold
 * want. */
static void read_bad(const char *text, const OpeningsSpec *spec, int line, const char *want)
{
	char err[2048], at[64];
	const char *path = tmpdir_write("bad.txt", text);
	OpeningSet set;
	int rc = openings_read(path, spec, &set, NULL, err, sizeof err);
	if (rc == 0)
		fail_msg("read: %s", text);
	snprintf(at, sizeof at, "bad.txt:%d: ", line);
	if (!strstr(err, at) || !strstr(err, want))
		fail_msg("'%s': expected '%s' and '%s'", err, at, want);
	assert_int_equal(set.count, 0);
}

/* Opening i's moves as "h8 i9" (INI notation). */
static const char *moves_of(const OpeningSet *set, int i, int size)
{
	static char buf[512];
	record_format_moves(size, openings_moves(set, i), openings_length(set, i), buf,
	                    sizeof buf);
	return buf;
}

static const OpeningsSpec S15 = {15, RULE_FREESTYLE, OPENINGS_AUTO, 0};
static const OpeningsSpec S20 = {20, RULE_FREESTYLE, OPENINGS_AUTO, 0};

/* c-gomoku-cli's opening_examples/pos_freestyle_20x20.txt: a letter for x,
 * y + 1 from the top. Its offset twin says the same of "k11": the centre. */
static void pos_is_c_gomoku_clis(void **state)
{
	(void)state;
	OpeningSet set;
	OpeningsCounts n;
	read_ok("pos20.txt",
	        "d3e5f6d7\nk10j10i9j9m7\nq3o5o7p8o3\n"
	        "k2k5l2m2l5j6l4l3k7h6j7l7i6h5h7i8o5n4",
	        &S20, &set, &n);
	assert_int_equal(n.format, OPENINGS_POS);
	assert_int_equal(set.count, 4);
	/* d3: x 3, y 2 from the top, which is row 18 from the bottom */
	assert_int_equal(openings_moves(&set, 0)[0], board_point(3, 2));
	assert_string_equal(moves_of(&set, 0, 20), "d18 e16 f15 d14");
	assert_int_equal(openings_length(&set, 3), 18);
	char name[OPENING_NAME_MAX];
	assert_string_equal(openings_name(&set, 2, name), "line 3");
	openings_free(&set);

	/* one opening, three notations */
	OpeningSet a, b, c;
	read_ok("p.txt", "# a comment\n\nh8i8g9  ; and another\n", &S15, &a, NULL);
	read_ok("o.txt", "0,0, 1,0, -1,1\n", &S15, &b, NULL);
	read_ok("i.ini", "[opening x]\nmoves = h8 i8 g7\n", &S15, &c, NULL);
	assert_string_equal(moves_of(&a, 0, 15), "h8 i8 g7");
	assert_string_equal(moves_of(&b, 0, 15), "h8 i8 g7");
	assert_string_equal(moves_of(&c, 0, 15), "h8 i8 g7");
	assert_int_equal(a.entries[0].line, 3);
	openings_free(&a);
	openings_free(&b);
	openings_free(&c);
}

/* Gomocup offset files with a blank line between openings (and blanks of
 * spaces, tabs or CR LF): each opening is read, named by its own line. */
static void offset_openings_between_blank_lines(void **state)
{
	(void)state;
	OpeningSet set;
	OpeningsCounts n;
	read_ok("gap.txt", "\r\n0,0, 1,0\r\n\r\n-1,1, 0,2\r\n \t \r\n\n2,2\n\n", &S15, &set,
	        &n);
	assert_int_equal(n.format, OPENINGS_OFFSET);
	assert_int_equal(set.count, 3);
	assert_string_equal(moves_of(&set, 0, 15), "h8 i8");
	assert_string_equal(moves_of(&set, 1, 15), "g7 h6");
	assert_string_equal(moves_of(&set, 2, 15), "j6");
	char name[OPENING_NAME_MAX];
	assert_string_equal(openings_name(&set, 1, name), "line 4");
	assert_string_equal(openings_name(&set, 2, name), "line 7");
	openings_free(&set);
}

static void bad_lines_name_their_format(void **state)
{
	(void)state;
	OpeningsSpec pos = S15, off = S15;
	pos.format = OPENINGS_POS;
	off.format = OPENINGS_OFFSET;
	/* pos, told from line 1 */
	read_bad("h8i9\nh8 i9\n", &S15, 2, "a blank (pos points are written together)");
	read_bad("h8i9\nh8 i9\n", &S15, 2, "read as pos, the format line 1 shows");
	read_bad("h8i9\np1\n", &S15, 2, "point 'p1' is off the 15x15 board");
	read_bad("h8i9\na16\n", &S15, 2, "point 'a16' is off the 15x15 board");
	read_bad("h8i9\na0\n", &S15, 2, "off the 15x15 board");
	read_bad("# c\nh8i9\nhi\n", &S15, 3, "point 'hi' has no row number");
	read_bad("h8i9\n0,0\n", &S15, 2, "expected a letter a to o");
	read_bad("h8h8\n", &S15, 1, "h8 is played twice");
	/* named */
	read_bad("0,0\n", &pos, 1, "read as pos, as openings_format");
	read_bad("h8\n", &off, 1, "expected an x offset");
	read_bad("h8\n", &off, 1, "read as offset");
	/* offset, told from line 1 */
	read_bad("0,0\n0,0, 1\n", &S15, 2, "expected ',' between x and y");
	read_bad("0,0\n0,0, 1\n", &S15, 2, "read as offset, the format line 1 shows");
	read_bad("0,0\n8,0\n", &S15, 2, "offset 8,0 is off the 15x15 board");
	/* ini */
	read_bad("[opening a]\nmoves = h8\nfoo = 1\n", &S15, 3, "unknown key 'foo'");
	read_bad("[opening a]\nmoves = h8\nfoo = 1\n", &S15, 3,
	         "(read as ini, the format line 1 shows");
	/* not to be told */
	read_bad("\nh8 i9\n", &S15, 2, "cannot tell the openings' format from 'h8 i9'");
	read_bad("moves = h8\n", &S15, 1, "cannot tell");
	/* more than 64 moves */
	char many[512] = "";
	for (int i = 0; i < 65; i++)
		snprintf(many + strlen(many), sizeof many - strlen(many), "%c%d",
		         'a' + i % 15, 1 + i / 15);
	strcat(many, "\n");
	read_bad(many, &S15, 1, "more than 64 moves");
	/* the plies of game records, for another format */
	OpeningsSpec plies = S15;
	plies.plies = 3;
	OpeningSet set;
	char err[1024];
	assert_int_equal(openings_read(tmpdir_write("x.txt", "h8\n"), &plies, &set, NULL,
	                               err, sizeof err),
	                 -1);
	assert_non_null(strstr(err, "openings_plies is for game records"));
}

static const char PSQ[] = "Piskvorky 15x15, 11:11, 0\n"
                          "8,8,100\n9,9,100\n10,10,0\n7,7,0\n"
                          "black\nwhite\n"
                          "Piskvorky 15x15, 11:11, 0\n" /* game 2: game 1 again */
                          "8,8,100\n9,9,100\n10,10,0\n"
                          "-1\n"
                          "Piskvorky 15x15, 11:11, 0\n" /* 3: too short */
                          "8,8,100\n9,8,100\n"
                          "Piskvorky 15x15, 11:11, 0\n" /* 4: 1's position */
                          "10,10,100\n9,9,100\n8,8,0\n"
                          "Piskvorky 15x15, 11:11, 0\n" /* 5: a new one */
                          "1,1,100\n2,2,100\n3,3,0\n";

static void psq_records_give_their_first_plies(void **state)
{
	(void)state;
	OpeningsSpec spec = S15;
	spec.plies = 3;
	OpeningSet set;
	OpeningsCounts n;
	read_ok("g.psq", PSQ, &spec, &set, &n);
	assert_int_equal(n.format, OPENINGS_PSQ);
	assert_int_equal(n.games, 5);
	assert_int_equal(n.short_, 1);
	assert_int_equal(n.dups, 2);
	assert_int_equal(set.count, 2);
	char name[OPENING_NAME_MAX];
	assert_string_equal(openings_name(&set, 0, name), "game 1");
	assert_string_equal(openings_name(&set, 1, name), "game 5");
	assert_int_equal(set.entries[1].line, 20);
	assert_string_equal(moves_of(&set, 0, 15), "h8 i7 j6");
	assert_string_equal(moves_of(&set, 1, 15), "a15 b14 c13");
	/* compact: 24 bytes an opening, 2 a move, no names */
	assert_true(openings_bytes(&set) <= 24 * 2 + 2 * 6);
	openings_free(&set);

	/* decided within the plies: no candidate */
	spec.plies = 9;
	read_ok(
	    "five.psq",
	    "Piskvorky 15x15, 11:11, 0\n1,1,0\n1,2,0\n2,1,0\n2,2,0\n3,1,0\n3,2,0\n4,1,0\n"
	    "4,2,0\n5,1,0\n"
	    "Piskvorky 15x15, 11:11, 0\n8,8,0\n1,2,0\n2,1,0\n2,2,0\n3,1,0\n3,2,0\n4,1,0\n"
	    "4,2,0\n5,1,0\n",
	    &spec, &set, &n);
	assert_int_equal(n.decided, 1);
	assert_int_equal(set.count, 1);
	assert_string_equal(openings_name(&set, 0, name), "game 2");
	openings_free(&set);
}

static void bad_psq_lines(void **state)
{
	(void)state;
	OpeningsSpec spec = S15;
	spec.plies = 1;
	read_bad("Piskvorky 15x15, 11:11, 0\n8,8,1\n8,8,2\n", &spec, 3,
	         "game 1: move 2, h8, is on a stone (read as psq");
	read_bad("Piskvorky 19x19, 11:11, 0\n8,8,1\n", &spec, 1,
	         "a game on a 19x19 board; the board is 15x15");
	read_bad("Piskvorky 15x15, 11:11, 0\n16,8,1\n", &spec, 2,
	         "move 16,8 is off the 15x15");
	read_bad("Piskvorky 15x15, 11:11, 0\n0,8,1\n", &spec, 2, "off the 15x15 board");
	read_bad("Piskvorky 15x15, 11:11, 0\n8,8\n", &spec, 2, "expected a move x,y,ms");
	read_bad("Piskvorky 15x15\n", &spec, 1, "expected 'Piskvorky WxH, A:B, S'");
	OpeningsSpec named = spec;
	named.format = OPENINGS_PSQ;
	read_bad("hello\n", &named, 1, "to start a game record");
	read_bad("hello\n", &named, 1,
	         "read as psq, as "
	         "openings_format");
	/* no plies: a whole-file message */
	char err[1024];
	OpeningSet set;
	assert_int_equal(
	    openings_read(tmpdir_write("p.psq", PSQ), &S15, &set, NULL, err, sizeof err),
	    -1);
	assert_non_null(strstr(err, "p.psq: psq game records give openings of their first "
	                            "openings_plies moves"));
	/* nothing left */
	spec.plies = 10;
	assert_int_equal(
	    openings_read(tmpdir_write("p.psq", PSQ), &spec, &set, NULL, err, sizeof err),
	    -1);
	assert_non_null(
	    strstr(err, "no openings in the file (of 5 games, 5 shorter than 10"));
}

static void sgf_main_lines(void **state)
{
	(void)state;
	OpeningsSpec spec = S15;
	spec.plies = 3;
	OpeningSet set;
	OpeningsCounts n;
	read_ok("g.sgf",
	        "(;GM[4]FF[4]SZ[15]C[a comment [with\\] a bracket\n"
	        "and a line];B[hh];W[ii]\n"
	        ";B[jj](;W[gg];B[kk])(;W[aa]))\n"
	        "(;GM[4]SZ[15:15];B[hh]W[ii];B[ij];W[gg])(;B[aa];W[ab];B[ac])\n"
	        "(;B[hh](;W[ii];B[jj])(;W[aa];B[ab]))\n",
	        &spec, &set, &n);
	assert_int_equal(n.format, OPENINGS_SGF);
	assert_int_equal(n.games, 4);
	assert_int_equal(n.dups, 1);
	assert_int_equal(set.count, 3);
	char name[OPENING_NAME_MAX];
	assert_string_equal(moves_of(&set, 0, 15), "h8 i7 j6");
	assert_string_equal(moves_of(&set, 1, 15), "h8 i7 i6");
	assert_string_equal(openings_name(&set, 2, name), "game 3");
	assert_int_equal(set.entries[2].line, 4);
	assert_string_equal(moves_of(&set, 2, 15), "a15 a14 a13");
	openings_free(&set);
}

static void bad_sgf(void **state)
{
	(void)state;
	OpeningsSpec spec = S15;
	spec.plies = 1;
	read_bad("(;GM[1]SZ[19];B[aa])\n", &spec, 1, "GM[1] is not a game of Gomoku");
	read_bad("(;GM[4]\nSZ[19];B[aa])\n", &spec, 2, "SZ[19]: the board is 15x15");
	read_bad("(;B[hh]\n;B[ii])\n", &spec, 2, "move 2 is B, expected W");
	read_bad("(;B[])\n", &spec, 1, "move 1 is a pass");
	read_bad("(;B[pp])\n", &spec, 1, "B[pp], is not a point of the 15x15 board");
	read_bad("(;B[hh];W[hh])\n", &spec, 1, "move 2, h8, is on a stone");
	read_bad("(;AB[hh][ii])\n", &spec, 1, "setup stones (AB) are not read");
	read_bad("(;B[hh]\n\n", &spec, 2, "the file ends inside it (a ')' missing)");
	read_bad("(;C[open\n", &spec, 1, "a ']' missing");
	read_bad("(;B[hh]) x\n", &spec, 1, "expected '(' to start a game tree, found 'x'");
	read_bad("(;B[hh]{)\n", &spec, 1, "unexpected '{' in a game tree");
	read_bad("(;[hh])\n", &spec, 1, "a value '[' with no property name");
	read_bad("(;B[hh]) x\n", &spec, 1, "read as sgf, the format line 1 shows");
}

/* Every format written is read back to the same moves, from every
 * format read. */
static void each_format_reads_back_what_it_wrote(void **state)
{
	(void)state;
	static const char *const src[] = {
	    "[opening a]\nmoves = h8 i9 j10\n[opening b]\nmoves = a1 o15 a15 o1\n"
	    "moves = b2\n",
	    "0,0, 1,-1\n-7,7, 7,-7, -7,-7\n",
	    "h8i8g9\na1o15\n",
	    PSQ,
	    "(;GM[4];B[hh];W[ii];B[jj])(;B[aa];W[oo];B[ao])\n",
	};
	static const OpeningsFormat to[] = {OPENINGS_INI, OPENINGS_OFFSET, OPENINGS_POS};
	for (int s = 0; s < 5; s++) {
		OpeningsSpec spec = S15;
		spec.plies = s >= 3 ? 3 : 0;
		OpeningSet a;
		read_ok("src", src[s], &spec, &a, NULL);
		for (int t = 0; t < 3; t++) {
			char path[PATH_MAX], err[1024];
			snprintf(path, sizeof path, "%s/out", dir);
			FILE *f = fopen(path, "w");
			assert_non_null(f);
			assert_int_equal(openings_write(f, &a, 15, to[t], err, sizeof err),
			                 0);
			fclose(f);
			OpeningSet b;
			OpeningsCounts n;
			if (openings_read(path, &S15, &b, &n, err, sizeof err) < 0)
				fail_msg("%d to %d: %s", s, t, err);
			assert_int_equal(n.format, to[t]);
			assert_int_equal(b.count, a.count);
			for (int i = 0; i < a.count; i++) {
				assert_int_equal(openings_length(&a, i),
				                 openings_length(&b, i));
				assert_memory_equal(
				    openings_moves(&a, i), openings_moves(&b, i),
				    sizeof(int16_t) * (size_t)openings_length(&a, i));
				char x[OPENING_NAME_MAX], y[OPENING_NAME_MAX];
				if (to[t] == OPENINGS_INI) /* only ini keeps the names */
					assert_string_equal(openings_name(&a, i, x),
					                    openings_name(&b, i, y));
			}
			openings_free(&b);
		}
		openings_free(&a);
	}
	/* 20x20: offsets from 10, pos to t */
	OpeningSet a;
	read_ok("t20", "t20a1k11\n", &S20, &a, NULL);
	char buf[256];
	FILE *f = fmemopen(buf, sizeof buf, "w");
	char err[256];
	assert_int_equal(openings_write(f, &a, 20, OPENINGS_OFFSET, err, sizeof err), 0);
	fclose(f);
	assert_string_equal(buf, "9,9, -10,-10, 0,0\n");
	openings_free(&a);
}

static void empty_openings_only_in_ini(void **state)
{
	(void)state;
	OpeningSet a;
	read_ok("e.ini", "[opening empty]\nmoves =\n", &S15, &a, NULL);
	assert_int_equal(openings_length(&a, 0), 0);
	char err[256], buf[256];
	FILE *f = fmemopen(buf, sizeof buf, "w");
	assert_int_equal(openings_write(f, &a, 15, OPENINGS_POS, err, sizeof err),
	                 ERR_INPUT);
	assert_non_null(strstr(err, "opening 'empty' has no moves"));
	assert_int_equal(openings_write(f, &a, 15, OPENINGS_SGF, err, sizeof err),
	                 ERR_INPUT);
	assert_int_equal(openings_write(f, &a, 15, OPENINGS_INI, err, sizeof err), 0);
	fclose(f);
	assert_string_equal(buf, "[opening empty]\nmoves =\n");
	openings_free(&a);
}

static const char HEADER[] = "job,pair,round,opening,black,white,result,reason,plies,moves,"
                             "black_ms,white_ms,black_nodes,white_nodes\n";

/* A games.csv line: job, pair, opening, black, white, result. */
static void game(FILE *f, int job, int pair, const char *op, const char *b, const char *w,
                 const char *res)
{
	fprintf(f, "%d,%d,0,%s,%s,%s,%s,five,9,h8 i9,1,1,1,1\n", job, pair, op, b, w, res);
}

static void health_counts_pairs_and_dead_openings(void **state)
{
	(void)state;
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/games.csv", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(HEADER, f);
	/* x: black wins every game: dead, both pairs split */
	game(f, 0, 0, "x", "A", "B", "1-0");
	game(f, 1, 0, "x", "B", "A", "1-0");
	game(f, 2, 1, "x", "A", "C", "1-0");
	game(f, 3, 1, "x", "C", "A", "1-0");
	/* y: A wins both: decisive; then two draws: split */
	game(f, 4, 2, "y", "A", "B", "1-0");
	game(f, 5, 2, "y", "B", "A", "0-1");
	game(f, 6, 3, "y", "A", "B", "1/2-1/2");
	game(f, 7, 3, "y", "B", "A", "1/2-1/2");
	/* z: one game, no partner */
	game(f, 8, 4, "z", "A", "B", "1/2-1/2");
	fclose(f);
	OpeningHealth h;
	char err[512];
	assert_int_equal(opening_health_read(path, &h, err, sizeof err), 0);
	assert_int_equal(h.n, 3);
	assert_int_equal(h.games, 9);
	assert_string_equal(h.rows[0].name, "x");
	assert_int_equal(h.rows[0].pairs, 2);
	assert_int_equal(h.rows[0].split, 2);
	assert_true(opening_health_dead(&h.rows[0]));
	assert_true(opening_health_black(&h.rows[0]) == 1.0);
	assert_int_equal(h.rows[1].pairs, 2);
	assert_int_equal(h.rows[1].split, 1);
	assert_false(opening_health_dead(&h.rows[1]));
	assert_true(opening_health_black(&h.rows[1]) == 0.5);
	assert_int_equal(h.rows[2].pairs, 0);
	assert_false(opening_health_dead(&h.rows[2]));

	/* live: x left out; w, never played, kept; with symmetries, y/s3
	 * counts for y */
	OpeningSet set = {0}, live = {0};
	static const char *const names[] = {"w", "x", "y"};
	for (int i = 0; i < 3; i++) {
		Opening o = {.count = 1, .moves = {(int16_t)board_point(7, 7)}};
		snprintf(o.name, sizeof o.name, "%s", names[i]);
		assert_int_equal(openings_add(&set, &o), 0);
	}
	long dead;
	assert_int_equal(opening_health_live(&h, &set, false, &live, &dead), 0);
	assert_int_equal(dead, 1);
	assert_int_equal(live.count, 2);
	char name[OPENING_NAME_MAX];
	assert_string_equal(openings_name(&live, 0, name), "w");
	assert_string_equal(openings_name(&live, 1, name), "y");
	openings_free(&live);
	opening_health_free(&h);

	/* symmetries: x/s2 alive keeps x, whose plain games are dead */
	f = fopen(path, "a");
	game(f, 9, 5, "x/s2", "A", "B", "0-1");
	fclose(f);
	assert_int_equal(opening_health_read(path, &h, err, sizeof err), 0);
	assert_int_equal(opening_health_live(&h, &set, true, &live, &dead), 0);
	assert_int_equal(dead, 0);
	assert_int_equal(live.count, 3);
	openings_free(&live);
	opening_health_free(&h);
	openings_free(&set);

	/* a bad games.csv: file:line */
	f = fopen(path, "w");
	fputs(HEADER, f);
	fputs("0,0,0,x,A,B,2-0,five,9,h8,1,1,1,1\n", f);
	fclose(f);
	assert_int_equal(opening_health_read(path, &h, err, sizeof err), -1);
	assert_non_null(strstr(err, "games.csv:2:"));
	assert_int_equal(h.n, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(pos_is_c_gomoku_clis),
	    cmocka_unit_test(offset_openings_between_blank_lines),
	    cmocka_unit_test(bad_lines_name_their_format),
	    cmocka_unit_test(psq_records_give_their_first_plies),
	    cmocka_unit_test(bad_psq_lines),
	    cmocka_unit_test(sgf_main_lines),
	    cmocka_unit_test(bad_sgf),
	    cmocka_unit_test(each_format_reads_back_what_it_wrote),
	    cmocka_unit_test(empty_openings_only_in_ini),
	    cmocka_unit_test(health_counts_pairs_and_dead_openings),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
