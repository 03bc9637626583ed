/* test_sgf.c - games.csv as SGF (arena/store/sgf.h), read back by a small SGF
 * reader of the test's own: one game tree per game, the players, rule,
 * size and result in the root, and the moves replayed on a Board reach the
 * recorded result (a five by the winner, black's forbidden point, or a
 * draw with no five). Names with ']' and '\' come back whole. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "board.h"
#include "moves_csv.h"
#include "results.h"
#include "rules.h"
#include "sgf.h"
#include "tmpdir.h"

enum { GAMES = 24, TREES_MAX = 64, PLY_CAP = 40 };

/* One game tree as read: the root's properties we check and the moves. */
typedef struct {
	char sz[8], ru[16], pb[64], pw[64], re[8], gn[64], gm[8], ev[64], dt[16], ro[16];
	int n;
	char comment[BOARD_MAX_MOVES][32]; /* each move node's C ("" none) */
	char color[BOARD_MAX_MOVES];
	int x[BOARD_MAX_MOVES], y[BOARD_MAX_MOVES];
} Tree;

/* A value after '[': up to the unescaped ']', '\' taking the next byte as
 * it is (SGF FF[4] 3.2). Returns the position after ']'. */
static const char *read_value(const char *s, char *v, size_t len)
{
	size_t k = 0;
	for (; *s && *s != ']'; s++) {
		if (*s == '\\')
			s++;
		assert_true(*s != '\0');
		if (k + 1 < len)
			v[k++] = *s;
	}
	assert_int_equal(*s, ']');
	v[k] = '\0';
	return s + 1;
}

/* Reads a file of game trees, each one sequence of nodes without
 * variations (what sgf.c writes). Returns the number of trees. */
static int read_sgf(const char *text, Tree *trees, int max)
{
	int count = 0;
	const char *s = text;
	for (;;) {
		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			return count;
		assert_int_equal(*s++, '(');
		assert_true(count < max);
		Tree *t = &trees[count++];
		memset(t, 0, sizeof *t);
		int node = -1;
		for (;;) {
			while (isspace((unsigned char)*s))
				s++;
			if (*s == ')') {
				s++;
				break;
			}
			if (*s == ';') {
				node++, s++;
				continue;
			}
			assert_true(node >= 0 && isupper((unsigned char)*s));
			char id[8];
			int k = 0;
			while (isupper((unsigned char)*s) && k < 7)
				id[k++] = *s++;
			id[k] = '\0';
			while (isspace((unsigned char)*s))
				s++;
			assert_int_equal(*s, '[');
			char v[256];
			s = read_value(s + 1, v, sizeof v);
			struct {
				const char *id;
				char *to;
				size_t len;
			} root[] = {
			    {"SZ", t->sz, sizeof t->sz}, {"RU", t->ru, sizeof t->ru},
			    {"PB", t->pb, sizeof t->pb}, {"PW", t->pw, sizeof t->pw},
			    {"RE", t->re, sizeof t->re}, {"GN", t->gn, sizeof t->gn},
			    {"GM", t->gm, sizeof t->gm}, {"EV", t->ev, sizeof t->ev},
			    {"DT", t->dt, sizeof t->dt}, {"RO", t->ro, sizeof t->ro}};
			if (node == 0) {
				for (size_t i = 0; i < sizeof root / sizeof root[0]; i++)
					if (!strcmp(id, root[i].id))
						snprintf(root[i].to, root[i].len, "%s", v);
			} else if (!strcmp(id, "B") || !strcmp(id, "W")) {
				assert_int_equal(strlen(v), 2);
				assert_int_equal(t->n, node - 1); /* one move a node */
				t->color[t->n] = id[0];
				t->x[t->n] = v[0] - 'a', t->y[t->n] = v[1] - 'a';
				t->n++;
			} else if (!strcmp(id, "C")) {
				assert_int_equal(t->n, node); /* after the node's move */
				snprintf(t->comment[t->n - 1], sizeof t->comment[0],
				         "%.31s", v);
			}
		}
	}
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	static char buf[1 << 20];
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	return buf;
}

/* A game of random stones in the centre 7x7 box (seeded by k) under the
 * board's rule, until a five, a forbidden point or PLY_CAP stones. */
static void random_game(Board *b, int k, GameRecord *rec)
{
	memset(rec, 0, sizeof *rec);
	rec->fault_color = -1;
	rec->outcome = RESULT_DRAW, rec->reason = END_MAX_PLIES;
	uint32_t seed = 2654435761u * (uint32_t)(k + 1);
	int lo = b->size / 2 - 3;
	while (rec->plies < PLY_CAP) {
		seed = seed * 1103515245u + 12345u;
		int p = board_point(lo + (int)(seed >> 16) % 7, lo + (int)(seed >> 8) % 7);
		if (!board_empty_at(b, p))
			continue;
		bool black = b->count % 2 == 0;
		Outcome o = rules_outcome(b, p);
		board_play(b, p);
		rec->moves[rec->plies++] = (int16_t)p;
		if (o == OUTCOME_WIN) {
			rec->outcome = black ? RESULT_BLACK_WIN : RESULT_WHITE_WIN;
			rec->reason = END_FIVE;
			return;
		}
		if (o == OUTCOME_FORBIDDEN) {
			rec->outcome = RESULT_WHITE_WIN, rec->reason = END_FORBIDDEN;
			return;
		}
	}
}

/* Writes GAMES random games on size under rule to dir/games.csv, their
 * SGF to dir/games.sgf, reads it back and replays every game. */
static void round_trip(int size, Rule rule, const char *black, const char *white)
{
	char csv[128], sgf[128], err[256];
	snprintf(csv, sizeof csv, "%s/games.csv", dir);
	snprintf(sgf, sizeof sgf, "%s/games.sgf", dir);
	FILE *f = fopen(csv, "w");
	assert_non_null(f);
	fprintf(f, "%s\n", RESULTS_HEADER);
	static GameRecord rec[GAMES];
	for (int k = 0; k < GAMES; k++) {
		Board b;
		assert_int_equal(board_init(&b, size, rule), 0);
		random_game(&b, k, &rec[k]);
		char line[BOARD_MAX_MOVES * 6 + 256], opening[16];
		snprintf(opening, sizeof opening, "op%d", k % 3);
		assert_int_equal(results_format(line, sizeof line, size, k, k / 2, 1,
		                                opening, k % 2 ? white : black,
		                                k % 2 ? black : white, &rec[k]),
		                 0);
		fputs(line, f);
	}
	fclose(f);
	assert_int_equal(sgf_write_file(csv, size, rule, sgf, err, sizeof err), 0);

	static Tree trees[TREES_MAX];
	assert_int_equal(read_sgf(slurp(sgf), trees, TREES_MAX), GAMES);
	int fives = 0, draws = 0, forbidden = 0;
	for (int k = 0; k < GAMES; k++) {
		const Tree *t = &trees[k];
		assert_string_equal(t->gm, "4");
		assert_int_equal(atoi(t->sz), size);
		Rule r;
		assert_int_equal(rule_parse(t->ru, &r), 0);
		assert_int_equal(r, rule);
		assert_string_equal(t->pb, k % 2 ? white : black);
		assert_string_equal(t->pw, k % 2 ? black : white);
		char opening[16];
		snprintf(opening, sizeof opening, "op%d", k % 3);
		assert_string_equal(t->gn, opening);
		assert_int_equal(t->n, rec[k].plies);
		/* Replay: colours alternate from black, every stone on an empty
		 * point of the board, nothing ends the game before the last. */
		Board b;
		assert_int_equal(board_init(&b, size, r), 0);
		Outcome last = OUTCOME_NONE;
		for (int i = 0; i < t->n; i++) {
			assert_int_equal(t->color[i], i % 2 ? 'W' : 'B');
			assert_true(board_on(&b, t->x[i], t->y[i]));
			int p = board_point(t->x[i], t->y[i]);
			assert_true(board_empty_at(&b, p));
			assert_int_equal(p, rec[k].moves[i]);
			if (last != OUTCOME_NONE)
				fail_msg("game %d: the game ended before move %d", k,
				         i + 1);
			last = rules_outcome(&b, p);
			board_play(&b, p);
		}
		if (!strcmp(t->re, "0")) {
			assert_int_equal(last, OUTCOME_NONE);
			draws++;
		} else if (last == OUTCOME_FORBIDDEN) {
			assert_string_equal(t->re, "W+"); /* black's last stone loses */
			assert_int_equal(t->n % 2, 1);
			forbidden++;
		} else {
			assert_int_equal(last, OUTCOME_WIN);
			assert_string_equal(t->re, t->n % 2 ? "B+" : "W+");
			fives++;
		}
	}
	/* The random games reach each ending that the rule allows. */
	assert_true(fives > 0 && draws > 0);
	if (rule == RULE_RENJU)
		assert_true(forbidden > 0);
	else
		assert_int_equal(forbidden, 0);
	remove(csv);
	remove(sgf);
}

static void freestyle_15(void **state)
{
	(void)state;
	round_trip(15, RULE_FREESTYLE, "alpha", "beta");
}

static void renju_15(void **state)
{
	(void)state;
	round_trip(15, RULE_RENJU, "alpha", "beta");
}

/* 20x20: the last column and row are 't'. */
static void standard_20(void **state)
{
	(void)state;
	round_trip(20, RULE_STANDARD, "alpha", "beta");
	char csv[128], err[256];
	snprintf(csv, sizeof csv, "%s/corner.csv", dir);
	FILE *f = fopen(csv, "w");
	assert_non_null(f);
	fprintf(f, "%s\n0,0,1,o,x,y,1/2-1/2,max-plies,2,a1 t20,0,0,0,0\n", RESULTS_HEADER);
	fclose(f);
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	assert_int_equal(sgf_write((const char *const[]){csv}, 1, 20, RULE_STANDARD, out,
	                           err, sizeof err),
	                 0);
	fclose(out);
	/* a1 is the bottom-left: column a, row t from the top; t20 the
	 * top-right. */
	assert_non_null(strstr(text, ";B[at];W[ta])"));
	assert_non_null(strstr(text, "RE[0]"));
	free(text);
	remove(csv);
}

/* Names are data: ']' and '\' are escaped and come back whole. */
static void names_escaped(void **state)
{
	(void)state;
	round_trip(15, RULE_FREESTYLE, "a]b", "c\\d]");
	char csv[128], err[256];
	snprintf(csv, sizeof csv, "%s/names.csv", dir);
	FILE *f = fopen(csv, "w");
	assert_non_null(f);
	fprintf(f, "%s\n0,0,1,o,a]b,c\\d,0-1,timeout,1,h8,0,0,0,0\n", RESULTS_HEADER);
	fclose(f);
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	assert_int_equal(sgf_write((const char *const[]){csv}, 1, 15, RULE_FREESTYLE, out,
	                           err, sizeof err),
	                 0);
	fclose(out);
	assert_non_null(strstr(text, "PB[a\\]b]PW[c\\\\d]"));
	assert_non_null(strstr(text, "RE[W+T]")); /* on time */
	free(text);
	remove(csv);
}

/* games.csv and moves.csv of one folder; returns the SGF written from it
 * (static: valid until the next call), after checking sgf_write's status. */
static const char *sgf_of_folder(const char *name, const char *games, const char *moves)
{
	char sub[128], path[192], err[512];
	snprintf(sub, sizeof sub, "%s/%s", dir, name);
	assert_int_equal(mkdir(sub, 0755), 0);
	snprintf(path, sizeof path, "%s/moves.csv", sub);
	if (moves) {
		FILE *f = fopen(path, "w");
		assert_non_null(f);
		fputs(moves, f);
		fclose(f);
	}
	snprintf(path, sizeof path, "%s/games.csv", sub);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(games, f);
	fclose(f);
	static char *text;
	free(text);
	text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	int rc = sgf_write((const char *const[]){path}, 1, 15, RULE_FREESTYLE, out, err,
	                   sizeof err);
	fclose(out);
	if (rc < 0)
		fail_msg("%s", err);
	return text;
}

static const char *const THREE =
    RESULTS_HEADER "\n"
                   "0,0,1,o,a,b,1/2-1/2,max-plies,4,h8 i8 h9 i9,1,1,0,0\n"
                   "2,1,2,o,b,a,1/2-1/2,max-plies,3,h8 i8 h9,1,1,0,0\n"
                   "3,1,2,o,a,b,1/2-1/2,max-plies,2,h8 i8,1,1,0,0\n";

/* moves.csv beside games.csv: a comment per stone a player chose, with
 * its time and the eval and depth it said (c-gomoku-cli's shape), "opening
 * move" on the opening's stones; the root has EV (the file's name outside
 * a run folder), DT and RO round.pair. Rows of a game not in games.csv are
 * passed over, a game whose rows are not its stones gets none, a torn last
 * row is not read. */
static void comments_from_moves_csv(void **state)
{
	(void)state;
	const char *moves = MOVES_CSV_HEADER "\n"
	                                     "0,2,b,i8,15,35,12,14,900,h9 i9\n"
	                                     "0,3,a,h9,250,-7,,,,\n"
	                                     "0,4,b,i9,3,,,,,\n"
	                                     "1,2,a,i8,1,1,1,,,\n"
	                                     "2,2,a,j8,1,1,1,,,\n"
	                                     "2,3,b,h9,1,1,1,,,\n"
	                                     "3,2,b,i8,7,5,";
	static Tree trees[4];
	int n = read_sgf(sgf_of_folder("c", THREE, moves), trees, 4);
	assert_int_equal(n, 3);
	assert_string_equal(trees[0].ev, "games");
	assert_int_equal(strlen(trees[0].dt), 10);
	assert_int_equal(trees[0].dt[4], '-');
	assert_string_equal(trees[0].ro, "1.0");
	assert_string_equal(trees[1].ro, "2.1");
	assert_string_equal(trees[0].comment[0], "opening move");
	assert_string_equal(trees[0].comment[1], "35/12 15ms");
	assert_string_equal(trees[0].comment[2], "-7 250ms");
	assert_string_equal(trees[0].comment[3], "3ms");
	for (int i = 0; i < 3; i++) /* j8 is not the game's second stone */
		assert_string_equal(trees[1].comment[i], "");
	for (int i = 0; i < 2; i++) /* its only row is torn */
		assert_string_equal(trees[2].comment[i], "");
}

/* No moves.csv, or one of no rows, or a games file out of job order: no
 * comment (from there on), and the records are written all the same. */
static void no_comments_without_moves(void **state)
{
	(void)state;
	static Tree trees[4];
	const char *text = sgf_of_folder("none", THREE, NULL);
	assert_null(strstr(text, "C[opening"));
	assert_int_equal(read_sgf(text, trees, 4), 3);
	text = sgf_of_folder("empty", THREE, MOVES_CSV_HEADER "\n");
	assert_null(strstr(text, "ms]"));
	const char *back = RESULTS_HEADER "\n"
	                                  "3,1,2,o,a,b,1/2-1/2,max-plies,2,h8 i8,1,1,0,0\n"
	                                  "0,0,1,o,a,b,1/2-1/2,max-plies,2,h8 i8,1,1,0,0\n";
	text = sgf_of_folder("back", back,
	                     MOVES_CSV_HEADER "\n0,2,b,i8,15,,,,,\n3,2,b,i8,16,,,,,\n");
	assert_int_equal(read_sgf(text, trees, 4), 2);
	assert_string_equal(trees[0].comment[1], "16ms");
	assert_string_equal(trees[1].comment[1], "");
	/* A row that does not read is an error with its place. */
	char sub[128], path[192], err[512];
	snprintf(sub, sizeof sub, "%s/bad", dir);
	assert_int_equal(mkdir(sub, 0755), 0);
	snprintf(path, sizeof path, "%s/moves.csv", sub);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(MOVES_CSV_HEADER "\n0,2,b,zz,15,,,,,\n", f);
	fclose(f);
	snprintf(path, sizeof path, "%s/games.csv", sub);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(THREE, f);
	fclose(f);
	FILE *out = fopen("/dev/null", "w");
	assert_true(sgf_write((const char *const[]){path}, 1, 15, RULE_FREESTYLE, out, err,
	                      sizeof err) < 0);
	fclose(out);
	assert_non_null(strstr(err, "moves.csv:2:"));
}

/* A move off the board is refused with the line, not written. */
static void bad_move(void **state)
{
	(void)state;
	char csv[128], err[256];
	snprintf(csv, sizeof csv, "%s/bad.csv", dir);
	FILE *f = fopen(csv, "w");
	assert_non_null(f);
	fprintf(f, "%s\n0,0,1,o,x,y,1-0,five,2,h8 z99,0,0,0,0\n", RESULTS_HEADER);
	fclose(f);
	FILE *out = fopen("/dev/null", "w");
	assert_int_equal(sgf_write((const char *const[]){csv}, 1, 15, RULE_FREESTYLE, out,
	                           err, sizeof err),
	                 -2);
	fclose(out);
	assert_non_null(strstr(err, ":2:"));
	assert_non_null(strstr(err, "z99"));
	remove(csv);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(freestyle_15),
	    cmocka_unit_test(renju_15),
	    cmocka_unit_test(standard_20),
	    cmocka_unit_test(names_escaped),
	    cmocka_unit_test(bad_move),
	    cmocka_unit_test(comments_from_moves_csv),
	    cmocka_unit_test(no_comments_without_moves),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
