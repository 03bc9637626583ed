/* report_html.c - report.html's sections from a run folder's files: the
 * configuration, the games (compact), the SPRT, the openings, the health. */
#define _POSIX_C_SOURCE 200809L
#include "report_html.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "config.h"
#include "err.h"
#include "report_faults.h"
#include "report_moves.h"
#include "names.h"
#include "opening_health.h"
#include "openings.h"
#include "record.h"
#include "results.h"
#include "sprt.h"

enum { COORD_STRIDE = BOARD_MAX }; /* a stored move: x + COORD_STRIDE * row */

typedef struct {
	int job, pair, round, black, white, reason, plies, opening, nmoves;
	int ms[2];
	int result; /* black's points times 2 */
} PageGame;

typedef struct {
	double *v;
	long n, cap;
} Series;

typedef struct {
	const Tournament *t; /* NULL: no config.ini */
	const char *dir;
	const int *stones; /* by opening index below nstones; -1 unknown */
	int nstones;
	Names players, reasons, openings;
	PageGame *g;
	long ng, capg;
	uint16_t *mv; /* x + COORD_STRIDE * (row counted from the bottom) */
	long nmv, capmv;
	int maxcoord;
	long total;
	bool need_all, stopped;
	struct {
		int job;
		double a; /* player A's points */
	} * sg;           /* the SPRT's games */
	long nsg, capsg;
	Series *time; /* per player */
	int ntime;
	Record *rec; /* a .psq read back, psq = on */
} Scan;

/* buf (cap items of size sz) with room for item n: buf itself, or a
 * larger copy; NULL when out of memory (buf is then unchanged). */
static void *grow(void *buf, long n, long *cap, size_t sz)
{
	if (n < *cap)
		return buf;
	long c = *cap ? 2 * *cap : 64;
	while (c <= n)
		c *= 2;
	void *p = realloc(buf, (size_t)c * sz);
	if (p)
		*cap = c;
	return p;
}

static int series_add(Scan *s, int player, double v)
{
	if (player >= s->ntime) {
		int n = s->players.n + 16;
		Series *t = realloc(s->time, sizeof *t * (size_t)n);
		if (!t)
			return -1;
		memset(t + s->ntime, 0, sizeof *t * (size_t)(n - s->ntime));
		s->time = t, s->ntime = n;
	}
	Series *r = &s->time[player];
	double *p = grow(r->v, r->n, &r->cap, sizeof *r->v);
	if (!p)
		return -1;
	r->v = p;
	r->v[r->n++] = v;
	return 0;
}

/* Thinking time per move of both players of game g (moves pts, stones
 * of its opening k): per move from its .psq when psq = on, else the
 * game's time over the moves each played. */
static int add_times(Scan *s, const PageGame *g, int k, const ResultRow *row)
{
	const int who[2] = {g->black, g->white};
	char path[OUTFILE_PATH_MAX], err[256];
	snprintf(path, sizeof path, "%.4000s/games/%06d.psq", s->dir, row->job);
	if (s->rec && record_load_psq(path, s->rec, err, sizeof err) == 0 &&
	    s->rec->count == g->nmoves) {
		for (int i = k; i < s->rec->count; i++)
			if (series_add(s, who[i % 2], s->rec->ms[i]) < 0)
				return -1;
		return 0;
	}
	for (int c = 0; c < 2; c++) {
		int moves = g->nmoves > k ? (g->nmoves - k + ((k % 2) == c)) / 2 : 0;
		if (moves > 0 && g->ms[c] >= 0 &&
		    series_add(s, who[c], (double)g->ms[c] / moves) < 0)
			return -1;
	}
	return 0;
}

static int scan_row(void *user, const ResultRow *row, const char *moves, char *msg,
                    size_t msglen)
{
	Scan *s = user;
	PageGame g = {row->job,
	              row->pair,
	              row->round,
	              .ms = {row->ms[0], row->ms[1]},
	              .plies = row->plies,
	              .result = (int)(2 * row->score + 0.5)};
	/* One at a time: names are listed in order of first appearance. */
	if ((g.black = names_add(&s->players, row->black)) < 0 ||
	    (g.white = names_add(&s->players, row->white)) < 0 ||
	    (g.reason = names_add(&s->reasons, row->reason)) < 0 ||
	    (g.opening = names_add(&s->openings, row->opening)) < 0)
		goto oom;
	s->total++;
	if (s->t && s->t->sprt) {
		const char *a = s->t->players[0].name;
		if (!strcmp(row->black, a) || !strcmp(row->white, a)) {
			void *q = grow(s->sg, s->nsg, &s->capsg, sizeof *s->sg);
			if (!q)
				goto oom;
			s->sg = q;
			s->sg[s->nsg].job = row->job;
			s->sg[s->nsg++].a =
			    !strcmp(row->black, a) ? row->score : 1 - row->score;
		}
	}
	if (s->ng >= REPORT_HTML_GAMES_MAX) {
		s->stopped = !s->need_all;
		return s->stopped ? -1 : 0;
	}
	/* Read on the largest board, rows counted from the bottom as written,
	 * so the moves do not depend on a size not yet known. A move list
	 * that does not read is a game without moves, not a failed page. */
	int16_t pts[BOARD_MAX_MOVES];
	char e[128];
	int n = record_parse_moves(BOARD_MAX, moves, pts, BOARD_MAX_MOVES, e, sizeof e);
	g.nmoves = n > 0 ? n : 0;
	uint16_t *mv = grow(s->mv, s->nmv + g.nmoves, &s->capmv, sizeof *s->mv);
	if (!mv)
		goto oom;
	s->mv = mv;
	for (int i = 0; i < g.nmoves; i++) {
		int x = point_x(pts[i]), up = BOARD_MAX - 1 - point_y(pts[i]);
		s->mv[s->nmv++] = (uint16_t)(x + COORD_STRIDE * up);
		if (x > s->maxcoord)
			s->maxcoord = x;
		if (up > s->maxcoord)
			s->maxcoord = up;
	}
	int k =
	    g.opening < s->nstones && s->stones[g.opening] > 0 ? s->stones[g.opening] : 0;
	if (add_times(s, &g, k, row) < 0)
		goto oom;
	PageGame *pg = grow(s->g, s->ng, &s->capg, sizeof *s->g);
	if (!pg)
		goto oom;
	s->g = pg;
	s->g[s->ng++] = g;
	return 0;
oom:
	snprintf(msg, msglen, "out of memory");
	return -1;
}

/* One column of the kept games as a JSON array of whole numbers (the
 * first, job, without a comma before it); with delta, each value less the
 * one before it: job, pair and round mostly step by 0 or 1, which is one
 * digit where the values have six (the page adds them up again). */
static void json_column(FILE *f, const char *key, const Scan *s, size_t offset, bool delta)
{
	fprintf(f, "%s\"%s\":[", offset ? "," : "", key);
	long last = 0;
	for (long i = 0; i < s->ng; i++) {
		long v = *(const int *)((const char *)&s->g[i] + offset);
		/* By hand: printf's parsing was most of the page's time. */
		char buf[24], *e = buf + sizeof buf, *b = e;
		unsigned long u =
		    delta ? (unsigned long)labs(v - last) : (unsigned long)labs(v);
		do
			*--b = (char)('0' + u % 10);
		while (u /= 10);
		if ((delta ? v - last : v) < 0)
			*--b = '-';
		if (i)
			*--b = ',';
		fwrite(b, 1, (size_t)(e - b), f);
		last = v;
	}
	fputc(']', f);
}

/* The moves, packed (report_html.h), as base64. */
static void json_moves(FILE *f, const Scan *s, int size, int bits)
{
	static const char b64[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	uint32_t acc = 0;
	int have = 0;
	fputc('"', f);
	for (long i = 0; i <= s->nmv; i++) {
		if (i < s->nmv) {
			int x = s->mv[i] % COORD_STRIDE, up = s->mv[i] / COORD_STRIDE;
			acc = acc << bits | (uint32_t)((size - 1 - up) * size + x);
			have += bits;
		} else if (have % 6) { /* the last bits, padded with zeros */
			acc <<= 6 - have % 6;
			have += 6 - have % 6;
		}
		for (; have >= 6; have -= 6)
			fputc(b64[(acc >> (have - 6)) & 63], f);
	}
	fputc('"', f);
}

static void write_games(FILE *f, const Scan *s, int size)
{
	int bits = 1;
	while ((1 << bits) < size * size)
		bits++;
	fprintf(f, "{\"total\":%ld,\"shown\":%ld,\"size\":%d,\"bits\":%d,\"players\":",
	        s->total, s->ng, size, bits);
	html_json_strings(f, (const char *const *)s->players.name, s->players.n);
	fputs(",\"reasons\":", f);
	html_json_strings(f, (const char *const *)s->reasons.name, s->reasons.n);
	fputs(",\"openings\":", f);
	html_json_strings(f, (const char *const *)s->openings.name, s->openings.n);
	fputs(",\"opening_stones\":[", f);
	for (int i = 0; i < s->openings.n; i++)
		fprintf(f, i ? ",%d" : "%d", i < s->nstones ? s->stones[i] : -1);
	fputs("],\"delta\":[\"job\",\"pair\",\"round\"],\"cols\":{", f);
	json_column(f, "job", s, offsetof(PageGame, job), true);
	json_column(f, "pair", s, offsetof(PageGame, pair), true);
	json_column(f, "round", s, offsetof(PageGame, round), true);
	json_column(f, "black", s, offsetof(PageGame, black), false);
	json_column(f, "white", s, offsetof(PageGame, white), false);
	json_column(f, "result", s, offsetof(PageGame, result), false);
	json_column(f, "reason", s, offsetof(PageGame, reason), false);
	json_column(f, "plies", s, offsetof(PageGame, plies), false);
	/* The moves read of each game: its plies but for a move list that
	 * did not read, so the column is left out when it would repeat plies. */
	bool all = true;
	for (long i = 0; i < s->ng && all; i++)
		all = s->g[i].nmoves == s->g[i].plies;
	if (!all)
		json_column(f, "moves", s, offsetof(PageGame, nmoves), false);
	json_column(f, "opening", s, offsetof(PageGame, opening), false);
	json_column(f, "black_ms", s, offsetof(PageGame, ms[0]), false);
	json_column(f, "white_ms", s, offsetof(PageGame, ms[1]), false);
	fputs("},\"moves\":", f);
	json_moves(f, s, size, bits);
}

/* Each move's time, eval and depth from moves.csv beside the games, for
 * the games written (report_moves.h). */
static int write_info(FILE *f, const Scan *s, int size, char *err, size_t errlen)
{
	char path[OUTFILE_PATH_MAX];
	snprintf(path, sizeof path, "%.4000s/moves.csv", s->dir);
	int *job = malloc(sizeof *job * (size_t)(s->ng + 1));
	int *n = malloc(sizeof *n * (size_t)(s->ng + 1));
	int rc = job && n ? 0 : err_set(err, errlen, "out of memory");
	for (long i = 0; i < s->ng && rc == 0; i++)
		job[i] = s->g[i].job, n[i] = s->g[i].nmoves;
	if (rc == 0)
		rc = report_moves_json(f, path, size, job, n, s->ng, err, errlen);
	free(job);
	free(n);
	return rc;
}

static int by_job(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* The SPRT folded as the runner folds it: complete pairs of jobs 2p and
 * 2p+1, in pair order, up to the first pair not complete. */
static int write_sprt(FILE *f, Scan *s, char *err, size_t errlen)
{
	const Tournament *t = s->t;
	Sprt sp;
	SprtConfig sc = {t->elo0, t->elo1, t->alpha, t->beta};
	if (sprt_init(&sp, &sc, err, errlen) < 0)
		return -1;
	qsort(s->sg, (size_t)s->nsg, sizeof *s->sg, by_job);
	long penta[5] = {0};
	double llr = 0;
	fputs("{\"a\":", f);
	html_json_string(f, t->players[0].name);
	fputs(",\"b\":", f);
	html_json_string(f, t->players[1].name);
	fprintf(f,
	        ",\"elo0\":%g,\"elo1\":%g,\"alpha\":%g,\"beta\":%g,\"lower\":%.6g,"
	        "\"upper\":%.6g,\"llr\":[",
	        t->elo0, t->elo1, t->alpha, t->beta, sp.lower, sp.upper);
	long p = 0;
	for (; 2 * p + 1 < s->nsg; p++) {
		if (s->sg[2 * p].job != 2 * p || s->sg[2 * p + 1].job != 2 * p + 1)
			break;
		penta[(int)(2 * (s->sg[2 * p].a + s->sg[2 * p + 1].a) + 0.5)]++;
		llr = sprt_llr(&sp, penta);
		fputs(p ? "," : "", f);
		html_json_number(f, llr, 4);
	}
	char verdict[512];
	sprt_verdict(&sp, llr, verdict, sizeof verdict);
	fprintf(f, "],\"pairs\":%ld,\"penta\":[%ld,%ld,%ld,%ld,%ld],\"status\":", p,
	        penta[0], penta[1], penta[2], penta[3], penta[4]);
	html_json_string(f, sprt_status_name(sprt_status(&sp, llr)));
	fputs(",\"verdict\":", f);
	html_json_string(f, verdict);
	fputc('}', f);
	return 0;
}

static void write_run(FILE *f, const Tournament *t, const char *note)
{
	if (!t) {
		fputs("{\"note\":", f);
		html_json_string(f, note);
		fputc('}', f);
		return;
	}
	const char *op = strrchr(t->openings, '/');
	/* The kind's name as the configuration gives it: a row of
	 * schedule_kinds, whatever rows there are. */
	fputs("{\"kind\":", f);
	html_json_string(f, t->type);
	fprintf(f, ",\"board\":%d,\"rule\":", t->size);
	html_json_string(f, rule_name(t->rule));
	fputs(",\"openings\":", f);
	html_json_string(f, op ? op + 1 : t->openings);
	fprintf(f, ",\"symmetries\":%s,\"seed\":%llu,\"max_plies\":%d,\"players\":[",
	        t->symmetries ? "true" : "false", (unsigned long long)t->seed,
	        t->max_plies);
	for (int i = 0; i < t->nplayers; i++) {
		Budget b = config_budget(t, i);
		fputs(i ? ",{\"name\":" : "{\"name\":", f);
		html_json_string(f, t->players[i].name);
		fputs(",\"type\":", f);
		html_json_string(f, t->players[i].type ? t->players[i].type->name : "");
		fprintf(f, ",\"nodes\":%llu,\"depth\":%d,\"ms\":%lld}",
		        (unsigned long long)b.nodes, b.depth, (long long)b.ms);
	}
	fputs("]}", f);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static void write_times(FILE *f, const Scan *s)
{
	fprintf(f, "{\"per_move\":%s,\"players\":[", s->rec ? "true" : "false");
	for (int i = 0; i < s->players.n; i++) {
		Series *r = i < s->ntime ? &s->time[i] : NULL;
		long n = r ? r->n : 0;
		int k = s->t ? config_find_player(s->t, s->players.name[i]) : -1;
		Budget b = k >= 0 ? config_budget(s->t, k) : (Budget){0};
		if (n)
			qsort(r->v, (size_t)n, sizeof *r->v, cmp_double);
		fputs(i ? ",{\"name\":" : "{\"name\":", f);
		html_json_string(f, s->players.name[i]);
		fprintf(f, ",\"n\":%ld,\"median\":", n);
		html_json_number(f, n ? (r->v[(n - 1) / 2] + r->v[n / 2]) / 2 : NAN, 6);
		fputs(",\"max\":", f);
		html_json_number(f, n ? r->v[n - 1] : NAN, 6);
		fprintf(f,
		        ",\"known\":%s,\"limit_ms\":%lld,\"limit_nodes\":%llu,\"limit_"
		        "depth\":%d}",
		        k >= 0 ? "true" : "false", (long long)b.ms,
		        (unsigned long long)b.nodes, b.depth);
	}
	fputs("]}", f);
}

/* config.ini of the folder, if it is a tournament's, and its openings'
 * stones. Returns the configuration (the caller frees it) or NULL with a
 * note. */
static Tournament *load_config(const char *dir, OpeningSet *op, char *note, size_t len)
{
	char path[OUTFILE_PATH_MAX], err[1024];
	snprintf(path, sizeof path, "%.4000s/config.ini", dir);
	struct stat st;
	Tournament *t = stat(path, &st) == 0 ? malloc(sizeof *t) : NULL;
	snprintf(note, len, "no config.ini beside the games");
	if (!t)
		return NULL;
	if (config_load(path, t, err, sizeof err) < 0) {
		snprintf(note, len, "config.ini: %s", err);
		free(t);
		return NULL;
	}
	const OpeningsSpec spec = config_openings_spec(t);
	if (t->openings[0] &&
	    (openings_read(t->openings, &spec, op, NULL, err, sizeof err) < 0 ||
	     (t->symmetries && openings_add_symmetries(op, t->size) < 0)))
		openings_free(op); /* the opening stones are then not set apart */
	return t;
}

int report_html_games(HtmlPage *p, const char *csv, long games, char *err, size_t errlen)
{
	char dir[OUTFILE_PATH_MAX], note[1200];
	snprintf(dir, sizeof dir, "%s", csv ? csv : "");
	char *slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	else
		snprintf(dir, sizeof dir, ".");
	OpeningSet op = {0};
	Scan s = {.dir = dir};
	Tournament *t = csv ? load_config(dir, &op, note, sizeof note) : NULL;
	if (!csv)
		snprintf(note, sizeof note, "records of other tools: no games shown");
	s.t = t;
	s.need_all = t && t->sprt;
	int *stones = calloc((size_t)op.count + 1, sizeof *stones);
	int rc = -1;
	if (!stones || (t && t->psq && !(s.rec = malloc(sizeof *s.rec))))
		goto oom;
	/* The file's openings first, so their indices are the set's. */
	for (int i = 0; i < op.count; i++) {
		char name[OPENING_NAME_MAX];
		if (names_add(&s.openings, openings_name(&op, i, name)) != i)
			goto oom; /* (or a name twice, which openings_load refuses) */
		stones[i] = openings_length(&op, i);
	}
	s.stones = stones, s.nstones = op.count;
	if (csv && results_scan(csv, scan_row, &s, NULL, err, errlen) < 0 && !s.stopped)
		goto out;
	write_run(html_page_member(p, "run"), t, note);
	if (t && t->sprt && write_sprt(html_page_member(p, "sprt"), &s, err, errlen) < 0)
		goto out;
	if (s.stopped) /* one game past the page's: the total is not known */
		s.total = games >= 0 ? games : -1;
	int size = t ? t->size : s.maxcoord + 1 > 15 ? s.maxcoord + 1 : 15;
	FILE *gf = html_page_member(p, "games");
	write_games(gf, &s, size);
	if (csv && write_info(gf, &s, size, err, errlen) < 0)
		goto out;
	fputc('}', gf);
	/* A run's openings (a games list without config.ini, such as a whole
	 * rating list, is left a second reading of every game and a table of
	 * every pair: about half the time of arena elo on 430,000 games). */
	OpeningHealth oh = {0};
	if (csv && t && opening_health_read(csv, &oh, err, errlen) < 0)
		goto out;
	opening_health_json(html_page_member(p, "openings"), &oh, REPORT_HTML_OPENINGS_MAX);
	opening_health_free(&oh);
	FILE *f = html_page_member(p, "health");
	fputs("{\"faults\":", f);
	if (report_faults_json(f, csv ? dir : NULL, REPORT_HTML_FAULTS_MAX, err, errlen) <
	    0)
		goto out;
	fputs(",\"time\":", f);
	write_times(f, &s);
	fputc('}', f);
	rc = 0;
	goto out;
oom:
	snprintf(err, errlen, "out of memory");
out:
	for (int i = 0; i < s.ntime; i++)
		free(s.time[i].v);
	free(s.time);
	free(s.g);
	free(s.mv);
	free(s.sg);
	free(s.rec);
	free(stones);
	names_free(&s.players);
	names_free(&s.reasons);
	names_free(&s.openings);
	openings_free(&op);
	free(t);
	return rc;
}
