/* test_report_html.c - the data report.html embeds for a run folder
 * (report.c, report_html.c): valid JSON, names escaped, the standings,
 * the SPRT folded by pairs, the games' columns and their packed moves
 * decoded back to the games file's, the opening stones, the faults and
 * the thinking times per move; a games file without its configuration;
 * the cap on the games a page holds; each move's time, eval and depth
 * from moves.csv, packed, and a moves.csv that does not read. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "json_check.h"
#include "report.h"
#include "report_html.h"
#include "report_moves.h"
#include "results.h"
#include "schedule.h"
#include "tmpdir.h"

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	rewind(f);
	char *s = malloc((size_t)n + 1);
	assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
	s[n] = '\0';
	fclose(f);
	return s;
}

/* The report of dir/games.csv; returns the page's data (valid JSON). */
static char *report(const char *const *names, int n)
{
	char csv[128], path[128], err[1024];
	snprintf(csv, sizeof csv, "%s/games.csv", dir);
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	if (report_run(dir, csv, names, n, NULL, TALLY_DUPS_REFUSE, out, err, sizeof err) <
	    0)
		fail_msg("%s", err);
	fclose(out);
	assert_non_null(strstr(text, "report.html"));
	free(text);
	snprintf(path, sizeof path, "%s/report.html", dir);
	char *page = slurp(path), *data = page_data(page);
	free(page);
	assert_non_null(data);
	assert_null(strchr(data, '<'));
	const char *bad = json_valid(data);
	if (bad)
		fail_msg("not JSON at '%.60s'", bad);
	return data;
}

static void has(const char *data, const char *want)
{
	if (!strstr(data, want))
		fail_msg("no '%s' in the page's data:\n%.3000s", want, data);
}

/* Standard base64 of n bytes, without padding (the page packs 8 bits a
 * move on 15x15, so the moves are whole bytes). */
static void base64(const unsigned char *b, int n, char *out)
{
	static const char a[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	int k = 0;
	for (int i = 0; i < n; i += 3) {
		uint32_t v = (uint32_t)b[i] << 16 |
		             (i + 1 < n ? (uint32_t)b[i + 1] << 8 : 0) |
		             (i + 2 < n ? b[i + 2] : 0);
		int chars = i + 2 < n ? 4 : i + 1 < n ? 3 : 2;
		for (int c = 0; c < chars; c++)
			out[k++] = a[(v >> (18 - 6 * c)) & 63];
	}
	out[k] = '\0';
}

#define EVIL "<img src=x onerror=alert(1)>"
#define EVIL_JSON "\\u003cimg src=x onerror=alert(1)\\u003e"

static void a_run_folder(void **state)
{
	(void)state;
	tmpdir_write("openings.ini", "[opening o1]\nmoves = h8 i9\n");
	tmpdir_write("config.ini",
	             "[tournament]\nname = t\nboard = 15\nopenings = openings.ini\n"
	             "pairs = 2\nsprt = on\nelo0 = 0\nelo1 = 5\nnodes = 100\n"
	             "[player " EVIL "]\ntype = naive\n"
	             "[player b]\ntype = random\nms = 50\n");
	tmpdir_write("games.csv", RESULTS_HEADER
	             "\n"
	             "0,0,1,o1," EVIL ",b,1-0,five,6,h8 i9 j10 k11 l12 m13,30,10,0,0\n"
	             "1,0,1,o1,b," EVIL ",0-1,five,5,h8 i9 j10 k11 l12,20,8,0,0\n"
	             "2,1,1,o1," EVIL ",b,1/2-1/2,full-board,4,h8 i9 j10 k11,4,4,0,0\n"
	             "3,1,1,o1,b," EVIL ",0-1,timeout,3,h8 i9 j10,100,0,0,0\n");
	tmpdir_write("faults.csv", "job,player,color,reason,detail\n"
	                           "3,b,black,timeout,no move in 150 ms <b>\n");
	const char *names[] = {EVIL, "b"};
	char *data = report(names, 2);
	has(data, "\"title\":\"ga_test.");
	has(data, "\"player\",\"head\":\"player\"}");
	has(data, "[1,\"" EVIL_JSON "\",");
	has(data, "\"ends\":{\"five\":2,\"full-board\":1,\"timeout\":1}");
	has(data, "\"run\":{\"kind\":\"round-robin\",\"board\":15,\"rule\":\"freestyle\","
	          "\"openings\":\"openings.ini\"");
	has(data, "{\"name\":\"b\",\"type\":\"random\",\"nodes\":0,\"depth\":0,\"ms\":50}");
	/* Pair 0: A won both (penta 4); pair 1: a draw and a win (penta 3). */
	has(data, "\"sprt\":{\"a\":\"" EVIL_JSON "\",\"b\":\"b\",\"elo0\":0,\"elo1\":5,");
	has(data, "\"pairs\":2,\"penta\":[0,0,0,1,1]");
	has(data, "\"games\":{\"total\":4,\"shown\":4,\"size\":15,\"bits\":8,\"players\":["
	          "\"" EVIL_JSON "\",\"b\"],\"reasons\":[\"five\",\"full-board\","
	          "\"timeout\"],\"openings\":[\"o1\"],"
	          "\"opening_stones\":[2],");
	/* job, pair and round as steps from the value before; every move
	 * list read, so no "moves" column. */
	has(data,
	    "\"delta\":[\"job\",\"pair\",\"round\"],"
	    "\"cols\":{\"job\":[0,1,1,1],\"pair\":[0,0,1,0],\"round\":[1,0,0,0],"
	    "\"black\":[0,1,0,1],\"white\":[1,0,1,0],\"result\":[2,0,1,0],"
	    "\"reason\":[0,0,1,2],\"plies\":[6,5,4,3],"
	    "\"opening\":[0,0,0,0],\"black_ms\":[30,20,4,100],\"white_ms\":[10,8,4,0]}");
	/* h8 i9 j10 k11 l12 m13 are y * 15 + x with y from the top. */
	const unsigned char seq[] = {7 * 15 + 7,  6 * 15 + 8,  5 * 15 + 9,
	                             4 * 15 + 10, 3 * 15 + 11, 2 * 15 + 12};
	unsigned char all[18];
	int at = 0;
	for (int g = 0; g < 4; g++)
		for (int m = 0; m < 6 - g; m++)
			all[at++] = seq[m];
	char b64[64], want[96];
	base64(all, at, b64);
	snprintf(want, sizeof want, "\"moves\":\"%s\"}", b64);
	has(data, want);
	/* Faults, with the detail as text; times after the two opening stones:
	 * A 15, 8 and 4 ms a move (it made no move in game 3), b 5, 10, 4, 100. */
	has(data,
	    "\"faults\":{\"reasons\":[\"crash\",\"timeout\",\"protocol\",\"illegal\","
	    "\"memory\"],\"lines\":[[\"3\",\"b\",\"black\",\"timeout\",\"no move in 150 ms "
	    "\\u003cb\\u003e\"]],\"total\":1,\"players\":[\"b\"],\"counts\":[[0,1,0,0,0]]"
	    "}");
	has(data, "\"time\":{\"per_move\":false,\"players\":[{\"name\":\"" EVIL_JSON
	          "\",\"n\":3,\"median\":8,\"max\":15,\"known\":true,\"limit_ms\":0,"
	          "\"limit_nodes\":100,\"limit_depth\":0}");
	has(data, "{\"name\":\"b\",\"n\":4,\"median\":7.5,\"max\":100,\"known\":true,"
	          "\"limit_ms\":50,\"limit_nodes\":0,\"limit_depth\":0}");
	free(data);
}

/* A games file from elsewhere: no configuration, so no SPRT and no
 * opening stones; the board is the smallest that holds the moves (at
 * least 15: here t20 needs 20); moves that do not read are no moves. */
/* A tournament kind reaches the page by its row's name alone: a new row
 * of schedule_kinds needs nothing of the report (issue 31's recipe). */
static void every_kind_reaches_the_page(void **state)
{
	(void)state;
	tmpdir_write("games.csv",
	             RESULTS_HEADER "\n"
	                            "0,0,1,-,a,b,1-0,five,5,h8 i9 h9 i10 h10,0,0,0,0\n");
	for (const TourKind *k = schedule_kinds; k->name; k++) {
		char text[512], want[128];
		snprintf(text, sizeof text,
		         "[tournament]\nname = t\ntype = %s\nchallengers = a\n"
		         "[player a]\ntype = naive\n[player b]\ntype = random\n",
		         k->name);
		tmpdir_write("config.ini", text);
		const char *names[] = {"a", "b"};
		char *data = report(names, 2);
		snprintf(want, sizeof want, "\"run\":{\"kind\":\"%s\",", k->name);
		has(data, want);
		free(data);
	}
}

static void games_without_a_configuration(void **state)
{
	(void)state;
	remove(tmpdir_write("config.ini", ""));
	remove(tmpdir_write("faults.csv", ""));
	tmpdir_write("games.csv",
	             RESULTS_HEADER "\n"
	                            "0,0,1,x,p\"q,r,1-0,five,2,a1 t20,5,x,0,0\n"
	                            "1,1,1,x,r,p\"q,1-0,five,2,zz99,1,1,0,0\n");
	char *data = report(NULL, 0);
	has(data, "\"run\":{\"note\":\"no config.ini beside the games\"}");
	assert_null(strstr(data, "\"sprt\""));
	/* 20 x 20: 9 bits a move; a1 is (0, 19), t20 (19, 0). */
	has(data, "\"size\":20,\"bits\":9,\"players\":[\"p\\\"q\",\"r\"]");
	has(data, "\"opening_stones\":[-1]");
	has(data, "\"plies\":[2,2],\"moves\":[2,0]");
	has(data, "\"black_ms\":[5,1],\"white_ms\":[-1,1]");
	/* 380 = 101111100, 19 = 000010011: 101111 100000 010011 is 47 32 19,
	 * "vgT" (the 18 bits are three base64 characters exactly). */
	has(data, "\"moves\":\"vgT\"}");
	has(data, "\"faults\":{\"reasons\":");
	has(data, "\"lines\":[],\"total\":0,\"players\":[],\"counts\":[]}");
	free(data);
}

static void a_page_holds_at_most_the_first_games(void **state)
{
	(void)state;
	char path[128];
	snprintf(path, sizeof path, "%s/games.csv", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "%s\n", RESULTS_HEADER);
	for (int i = 0; i <= REPORT_HTML_GAMES_MAX; i++)
		fprintf(f, "%d,%d,1,o,%s,%s,1-0,five,1,h8,0,0,0,0\n", i, i / 2,
		        i % 2 ? "a" : "b", i % 2 ? "b" : "a");
	fclose(f);
	char *data = report(NULL, 0);
	char want[64];
	/* The scan stops once the page is full; the total is the tally's. */
	snprintf(want, sizeof want, "\"games\":{\"total\":%d,\"shown\":%d,",
	         REPORT_HTML_GAMES_MAX + 1, REPORT_HTML_GAMES_MAX);
	has(data, want);
	free(data);
}

/* Games 0 and 2 have rows (a row of job 7, not on the page, is left
 * out); each ply is ms + 1, 1 + zigzag(eval), depth + 1 in base64 VLQ. */
static void each_move_from_moves_csv(void **state)
{
	(void)state;
	remove(tmpdir_write("faults.csv", ""));
	tmpdir_write("config.ini", "[tournament]\nname = t\n"
	                           "[player a]\ntype = naive\n[player b]\ntype = random\n");
	tmpdir_write("games.csv",
	             RESULTS_HEADER "\n"
	                            "0,0,1,-,a,b,1-0,five,3,h8 i9 j10,0,0,0,0\n"
	                            "1,0,1,-,b,a,1-0,five,2,h8 i9,0,0,0,0\n"
	                            "2,1,1,-,a,b,1-0,five,2,h8 i9,0,0,0,0\n");
	const char *names[] = {"a", "b"};
	char *data = report(names, 2);
	assert_null(strstr(data, "\"info\"")); /* no moves.csv: no values */
	free(data);
	tmpdir_write("moves.csv", "job,ply,player,move,ms,eval,depth,seldepth,nodes,pv\n"
	                          "7,1,a,h8,1,1,1,,,\n"
	                          "0,1,a,h8,5,20,3,,,\n"
	                          "0,2,b,i9,0,-3,,,,\n"
	                          "0,3,a,j10,31,,0,,,\n"
	                          "2,2,b,i9,1000,-1,12,,1,i9\n");
	data = report(names, 2);
	/* Game 0: 6 G; 41 (p: 9 and more, B: 1); 4 E | 1 B; 6 G; 0 A | 32 (g,
	 * B); A; 1 B. Game 2: ply 1 has no row (A A A); 1001 (p: 9 and more,
	 * f: 31); 2 C; 13 N. */
	has(data, "\"moves\":\"");
	has(data, ",\"info\":{\"games\":[0,2],\"v\":[\"GpBEBGAgBAB\",\"AAApfCN\"],"
	          "\"proven\":");
	free(data);
	/* A row that does not read: no values, and why (by the file's name). */
	tmpdir_write("moves.csv", "job,ply,player,move,ms,eval,depth,seldepth,nodes,pv\n"
	                          "0,1,a,h8,5,20,3,,,\n"
	                          "0,x,b,i9,0,-3,,,,\n");
	data = report(names, 2);
	has(data, ",\"info\":{\"games\":[],\"v\":[],\"note\":\"moves.csv:3: job and ply");
	assert_null(strstr(data, dir)); /* no path in the page */
	free(data);
	remove(tmpdir_write("moves.csv", ""));
}

/* Games of 225 plies: the first REPORT_MOVES_MAX / 225 carry values,
 * the next one's row is left out and "cut" says where they stop. */
static void values_for_the_first_moves_only(void **state)
{
	(void)state;
	enum { PLIES = 225, FIT = REPORT_MOVES_MAX / PLIES };
	char path[128], walk[PLIES * 4 + 1];
	int at = 0;
	for (int p = 0; p < PLIES; p++)
		at += snprintf(walk + at, sizeof walk - (size_t)at, "%s%c%d", p ? " " : "",
		               'a' + p % 15, 1 + p / 15);
	snprintf(path, sizeof path, "%s/games.csv", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "%s\n", RESULTS_HEADER);
	for (int i = 0; i <= FIT; i++)
		fprintf(f, "%d,%d,1,-,a,b,1-0,five,%d,%s,0,0,0,0\n", i, i, PLIES, walk);
	fclose(f);
	char rows[256];
	snprintf(rows, sizeof rows,
	         "job,ply,player,move,ms,eval,depth,seldepth,nodes,pv\n"
	         "0,1,a,a1,1,1,1,,,\n%d,1,a,a1,1,1,1,,,\n%d,1,a,a1,1,1,1,,,\n",
	         FIT - 1, FIT);
	tmpdir_write("moves.csv", rows);
	const char *names[] = {"a", "b"};
	char *data = report(names, 2);
	char want[128];
	snprintf(want, sizeof want, "\"info\":{\"games\":[0,%d],", FIT - 1);
	has(data, want);
	snprintf(want, sizeof want, ",\"cut\":%d}", FIT);
	has(data, want);
	free(data);
	remove(tmpdir_write("moves.csv", ""));
}

int main(void)
{
	gsl_set_error_handler_off();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(a_run_folder),
	    cmocka_unit_test(every_kind_reaches_the_page),
	    cmocka_unit_test(games_without_a_configuration),
	    cmocka_unit_test(a_page_holds_at_most_the_first_games),
	    cmocka_unit_test(each_move_from_moves_csv),
	    cmocka_unit_test(values_for_the_first_moves_only),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
