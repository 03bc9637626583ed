/* report.c - elo.csv, pairs.csv, los.csv, standings and the plot. */
#define _POSIX_C_SOURCE 200809L
#include "report.h"
#include "err.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "columns.h"
#include "elo.h"
#include "records.h"
#include "faults.h"
#include "html.h"
#include "outfile.h"
#include "pair_row.h"
#include "report_gauntlet.h"
#include "plot.h"
#include "printable.h"
#include "report_html.h"
#include "results.h"
#include "records.h"
#include "tally.h"

/* What the standings say after the groups that make maximum likelihood
 * infinite (EloRatings.prior_reason), by the rule that rated them. */
#define REPORT_DRAWS_NOTE                                                                  \
	"; so every player has one virtual draw against a pool-average player, which "     \
	"keeps the ratings finite and in their order"
#define REPORT_BOUNDS_NOTE                                                                 \
	"; so, as Ordo does, they are rated apart, the others by maximum likelihood: "     \
	"\"> X\" (\"< X\") is a bound, where the group's score against the players "       \
	"rated before it, with one game turned into a draw, would place it"

/* The tables are written whole and atomically (outfile.h); one OutFile at
 * a time, so it lives here. */
static FILE *open_out(OutFile *o, const char *dir, const char *file, char *err,
                      size_t errlen)
{
	char path[OUTFILE_PATH_MAX];
	snprintf(path, sizeof path, "%s/%s", dir, file);
	return outfile_open(o, path, err, errlen);
}

/* elo.csv and the standings on the terminal: one row a player. A bound
 * (elo.h) is "> 12.3" or "< -45.6" on the terminal, and "lower" or
 * "upper" in elo.csv's last column. */
typedef struct {
	EloPlayer p;
	const char *bound, *elo;
	char elo_buf[32];
} StandRow;

static const Column elo_columns[] = {
    {COLUMN(StandRow, p.rank, COL_INT, "rank", "rank", 4)},
    {COLUMN(StandRow, p.name, COL_TEXT, "player", "player", -20)},
    /* Ratings and errors to 0.001 Elo in the file, to compare with other
     * tools; to 0.1 on the terminal, as their errors allow. */
    {COLUMN(StandRow, p.rating, COL_REAL, "rating", NULL, 0), .fmt = "%.3f"},
    {COLUMN(StandRow, elo, COL_TEXT, NULL, "elo", 9)},
    {COLUMN(StandRow, p.error95, COL_REAL, "error", "+/-", 7), .fmt = "%.3f",
     .tfmt = "%.1f"},
    {COLUMN(StandRow, p.points, COL_REAL, "points", "points", 8), .fmt = "%.1f"},
    {COLUMN(StandRow, p.played, COL_INT, "played", "games", 6)},
    {COLUMN(StandRow, p.percent, COL_REAL, "percent", "score", 6), .fmt = "%.1f",
     .tfmt = "%.1f%%"},
    {COLUMN(StandRow, p.cfs_next, COL_REAL, "cfs_next", "cfs", 6), .fmt = "%.0f",
     .tfmt = "%.0f%%", .scale = 100},
    {COLUMN(StandRow, p.wins, COL_INT, "w", NULL, 0)},
    {COLUMN(StandRow, p.draws, COL_INT, "d", NULL, 0)},
    {COLUMN(StandRow, p.losses, COL_INT, "l", NULL, 0)},
    {COLUMN(StandRow, p.draw_percent, COL_REAL, "draw_percent", NULL, 0), .fmt = "%.1f"},
    {COLUMN(StandRow, bound, COL_TEXT, "bound", NULL, 0)},
};
enum { ELO_COLUMNS = sizeof elo_columns / sizeof elo_columns[0] };

/* The row of the k-th ranked player. */
static StandRow *stand_row(const EloRatings *r, int k, StandRow *row)
{
	const EloPlayer *p = &r->players[r->order[k]];
	row->p = *p;
	row->bound = p->bound == ELO_LOWER ? "lower" : p->bound == ELO_UPPER ? "upper" : "";
	if (isnan(p->rating))
		row->elo_buf[0] = '\0';
	else
		snprintf(row->elo_buf, sizeof row->elo_buf, "%s%.1f",
		         p->bound == ELO_LOWER   ? "> "
		         : p->bound == ELO_UPPER ? "< "
		                                 : "",
		         fabs(p->rating) < 0.05 ? 0.0 : p->rating); /* never "-0.0" */
	row->elo = row->elo_buf;
	return row;
}

static int write_elo(const char *dir, const EloRatings *r, char *err, size_t errlen)
{
	OutFile of;
	FILE *f = open_out(&of, dir, "elo.csv", err, errlen);
	if (!f)
		return -1;
	columns_csv_header(f, elo_columns, ELO_COLUMNS);
	for (int k = 0; k < r->n; k++) {
		StandRow row;
		columns_csv_row(f, elo_columns, ELO_COLUMNS, stand_row(r, k, &row));
	}
	return outfile_commit(&of, err, errlen);
}

/* ",0.1234": v (0..1) as "%.4f" prints it, without printf's cost (2,000
 * players are 4 million cells); a value within rounding of a tie between
 * two outputs, or out of range, goes to snprintf. Returns the length. */
static int los_cell(char *buf, double v)
{
	double x = v * 10000;
	if (isnan(v)) /* a player without games: no figure */
		return snprintf(buf, 16, ",");
	if (!(v >= 0 && v <= 1) || fabs(x - floor(x) - 0.5) < 1e-6)
		return snprintf(buf, 16, ",%.4f", v);
	int k = (int)floor(x + 0.5);
	buf[0] = ',', buf[1] = (char)('0' + k / 10000), buf[2] = '.';
	for (int i = 6, d = k % 10000; i > 2; i--, d /= 10)
		buf[i] = (char)('0' + d % 10);
	return 7;
}

static int write_los(const char *dir, const EloRatings *r, char *err, size_t errlen)
{
	OutFile of;
	char *row = malloc(16 * ((size_t)r->n + 1));
	FILE *f = row ? open_out(&of, dir, "los.csv", err, errlen) : NULL;
	if (!f) {
		if (!row)
			snprintf(err, errlen, "out of memory");
		free(row);
		return -1;
	}
	fprintf(f, "player");
	for (int k = 0; k < r->n; k++)
		fprintf(f, ",%s", r->players[r->order[k]].name);
	fputc('\n', f);
	for (int a = 0; a < r->n; a++) {
		size_t len = 0;
		for (int b = 0; b < r->n; b++)
			if (a == b)
				row[len++] = ',';
			else
				len += (size_t)los_cell(
				    row + len, elo_los(r, r->order[a], r->order[b]));
		row[len++] = '\n';
		fputs(r->players[r->order[a]].name, f);
		fwrite(row, 1, len, f);
	}
	free(row);
	return outfile_commit(&of, err, errlen);
}

/* Head to head, one line per pairing in the players' order: the tally's
 * counts (tally.h), so linear in the pairings. */
static int write_pairs(const char *dir, const Tally *t, FILE *out, char *err, size_t errlen)
{
	OutFile of;
	FILE *f = open_out(&of, dir, "pairs.csv", err, errlen);
	if (!f)
		return -1;
	columns_csv_header(f, pair_columns, PAIR_COLUMNS);
	if (out) {
		fputc('\n', out);
		columns_text_header(out, pair_columns, PAIR_COLUMNS);
	}
	for (int p = 0; p < t->npairings; p++) {
		PairRow row;
		if (pair_row(t->names[t->pairings[p].a], t->names[t->pairings[p].b],
		             &t->pairings[p], &row) < 0)
			continue;
		columns_csv_row(f, pair_columns, PAIR_COLUMNS, &row);
		if (out)
			columns_text_row(out, pair_columns, PAIR_COLUMNS, &row);
	}
	return outfile_commit(&of, err, errlen);
}

/* elo.png through gnuplot (plot.h: names only as data), if it is there; a
 * missing gnuplot is a note, a failing one an error. */
enum { PLOT_NAMED_MAX = 40 };
static int plot(const char *dir, const EloRatings *r, FILE *out, char *err, size_t errlen)
{
	char *data = NULL, script[768];
	size_t len = 0;
	FILE *f = open_memstream(&data, &len);
	if (!f) {
		return err_set(err, errlen, "out of memory");
	}
	for (int k = 0; k < r->n; k++) {
		const EloPlayer *p = &r->players[r->order[k]];
		if (!isfinite(p->rating)) /* no games, no rating: last in order */
			break;
		fprintf(f, "%d\t", k);
		plot_data_text(f, p->name);
		/* a bound: a point without a bar */
		fprintf(f, "\t%.2f\t%.2f\n", p->rating, isnan(p->error95) ? 0 : p->error95);
	}
	if (fclose(f) != 0) {
		free(data);
		return err_set(err, errlen, "out of memory");
	}
	/* 900 pixels hold the names of about 40 players; past that they ran
	 * into a black band and the error bars into a faint smear, so a larger
	 * pool is drawn by rank, as a line in a band, the names left to
	 * elo.csv. */
	if (r->n <= PLOT_NAMED_MAX)
		snprintf(script, sizeof script,
		         "set terminal pngcairo size 900,500 noenhanced\n"
		         "set output '" PLOT_OUTPUT "'\n"
		         "set datafile separator tab\n"
		         "set title 'Elo, 95%% error bars'\n"
		         "set ylabel 'Elo'\nset grid ytics\nset key off\n"
		         "set xrange [-0.5:%d.5]\nset xtics rotate by -30\n"
		         "plot '" PLOT_DATA
		         "' using 1:3:4:xtic(2) with yerrorbars pt 7 ps 1.2 "
		         "lw 2\n",
		         r->n - 1);
	else
		snprintf(
		    script, sizeof script,
		    "set terminal pngcairo size 900,500 noenhanced\n"
		    "set output '" PLOT_OUTPUT "'\n"
		    "set datafile separator tab\n"
		    "set title 'Elo by rank, 95%% error band, %d players (names: "
		    "elo.csv)'\n"
		    "set ylabel 'Elo'\nset xlabel 'rank'\nset grid xtics ytics\n"
		    "set key off\nset xrange [1:%d]\n"
		    "plot '" PLOT_DATA "' using ($1 + 1):($3 - $4):($3 + $4) with "
		    "filledcurves fc rgb '#d9b3ee', '' using ($1 + 1):3 with lines lw 1.5 "
		    "lc rgb '#9400d3'\n",
		    r->n, r->n);
	PlotStatus st = plot_run(dir, "elo.png", script, data, len, err, errlen);
	free(data);
	if (st == PLOT_NO_GNUPLOT)
		fprintf(out, "(no plot: gnuplot is not installed; apt-get install "
		             "gnuplot-nox)\n");
	return st == PLOT_FAILED ? -1 : st == PLOT_DONE ? 1 : 0;
}

/* report.html (html.h): the standings and the head to head from the
 * tables above, then what the folder's files give (report_html.h). The
 * pairings go in up to PAGE_PAIRS_MAX (a 2,000-player list has 100,000,
 * and its page would be the pairs alone); the matrix itself is drawn by
 * the page for a few players only. */
enum { PAGE_PAIRS_MAX = 20000 };
static int write_page(const char *dir, const char *csv, const Tally *t, const EloRatings *r,
                      const Gauntlet *g, const char *anchor, char *err, size_t errlen)
{
	char path[OUTFILE_PATH_MAX], title[256];
	snprintf(path, sizeof path, "%s/report.html", dir);
	html_dir_title(dir, title, sizeof title);
	HtmlPage p;
	if (html_page_open(&p, path, title, err, errlen) < 0)
		return -1;
	FILE *f = html_page_member(&p, "standings");
	fputs("{\"columns\":", f);
	html_json_columns(f, elo_columns, ELO_COLUMNS);
	fputs(",\"rows\":[", f);
	for (int k = 0; k < r->n; k++) {
		StandRow row;
		fputs(k ? ",\n" : "", f);
		html_json_row(f, elo_columns, ELO_COLUMNS, stand_row(r, k, &row));
	}
	fputs("],\"anchor\":", f);
	html_json_string(f, anchor ? anchor : "");
	fputs(",\"prior\":", f);
	html_json_string(f, r->prior_reason);
	fprintf(f, ",\"draws\":%s", r->prior_used ? "true" : "false");
	if (g->count) {
		fputs(",\"gauntlet\":", f);
		gauntlet_json(f, t, g);
	}
	fputs(",\"ends\":{", f);
	for (int k = 0, shown = 0; k <= END_COUNT; k++)
		if (t->ends[k]) {
			fputs(shown++ ? "," : "", f);
			html_json_string(f, k < END_COUNT ? game_end_name(k) : "other");
			fprintf(f, ":%ld", t->ends[k]);
		}
	fprintf(f, "}}");
	f = html_page_member(&p, "pairs");
	fprintf(f, "{\"total\":%d,\"columns\":", t->npairings);
	html_json_columns(f, pair_columns, PAIR_COLUMNS);
	fputs(",\"rows\":[", f);
	for (int k = 0, shown = 0; k < t->npairings && t->npairings <= PAGE_PAIRS_MAX;
	     k++) {
		PairRow row;
		if (pair_row(t->names[t->pairings[k].a], t->names[t->pairings[k].b],
		             &t->pairings[k], &row) < 0)
			continue;
		fputs(shown++ ? ",\n" : "", f);
		html_json_row(f, pair_columns, PAIR_COLUMNS, &row);
	}
	fputs("]}", f);
	if (report_html_games(&p, csv, t->games, err, errlen) < 0) {
		html_page_abort(&p);
		return -1;
	}
	return html_page_commit(&p, err, errlen);
}

/* The standings' footer: how the games ended, a count per reason, in the
 * order of game_play.h (END_COUNT: reasons this version does not know); faults
 * (an engine's own loss) point at faults.csv. */
static void print_endings(const long *count, bool have_faults, FILE *out)
{
	fprintf(out, "ends:");
	long faults = 0;
	int shown = 0;
	for (int k = 0; k <= END_COUNT; k++) {
		if (!count[k])
			continue;
		fprintf(out, "%s %s %ld", shown++ ? "," : "",
		        k < END_COUNT ? game_end_name(k) : "other", count[k]);
		if (k == END_CRASH || k == END_TIMEOUT || k == END_PROTOCOL ||
		    k == END_MEMORY || k == END_ILLEGAL)
			faults += count[k];
	}
	/* Only a run folder keeps the evidence (arena elo of any file may have
	 * none beside it). */
	fprintf(out, "%s\n",
	        faults && have_faults ? " (the evidence of each fault: faults.csv)" : "");
}

/* The standings on the terminal: a gauntlet's table first, then the
 * ratings, what made some of them bounds, and how the games ended. */
static void print_standings(FILE *out, const Tally *t, const EloRatings *r,
                            const Gauntlet *g, bool have_faults)
{
	if (g->count)
		gauntlet_print(out, t, g);
	fputc('\n', out);
	columns_text_header(out, elo_columns, ELO_COLUMNS);
	for (int k = 0; k < r->n; k++) {
		StandRow row;
		columns_text_row(out, elo_columns, ELO_COLUMNS, stand_row(r, k, &row));
	}
	if (r->prior_reason[0]) { /* it names players */
		fputc('(', out);
		printable_put(out, r->prior_reason);
		fputs(r->prior_used ? REPORT_DRAWS_NOTE : REPORT_BOUNDS_NOTE, out);
		fputs(")\n", out);
	}
	print_endings(t->ends, have_faults, out);
}

int report_run(const char *dir, const char *csv, const char *const *given, int n,
               const char *anchor, TallyDups dups, FILE *out, char *err, size_t errlen)
{
	const ReportOptions o = {.anchor = anchor, .dups = dups};
	return report_run_opts(dir, csv, given, n, &o, out, err, errlen);
}

int report_run_opts(const char *dir, const char *csv, const char *const *given, int n,
                    const ReportOptions *o, FILE *out, char *err, size_t errlen)
{
	return report_run_paths(dir, &csv, 1, given, n, o, out, err, errlen);
}

int report_run_paths(const char *dir, const char *const *paths, int npaths,
                     const char *const *given, int n, const ReportOptions *o, FILE *out,
                     char *err, size_t errlen)
{
	static const ReportOptions defaults = {0};
	if (!o)
		o = &defaults;
	const char *anchor = o->anchor, *run_files = o->run_files;
	TallyDups dups = o->dups;
	Tally t;
	if (tally_read_paths(paths, npaths, given, n, dups, &t, err, errlen) < 0)
		return ERR_INPUT;
	/* The page's games come from a games.csv alone (its config.ini beside
	 * it says the board); other records give the tables only. */
	char fmt_err[64];
	const char *csv =
	    npaths == 1 && records_format(paths[0], fmt_err, sizeof fmt_err) == RECORDS_CSV
	        ? paths[0]
	        : NULL;
	if (t.unfinished)
		fprintf(out, "%ld unfinished game%s (no result) left out\n", t.unfinished,
		        t.unfinished == 1 ? "" : "s");
	if (t.dups) {
		fprintf(out, "%s:%ld: game %d again", t.dup_file, t.dup_line, t.dup_job);
		if (t.dups > 1)
			fprintf(out, ", and %ld more repeated game%s", t.dups - 1,
			        t.dups == 2 ? "" : "s");
		fprintf(out, ": %s\n",
		        dups == TALLY_DUPS_DROP ? "only the first of each counts"
		                                : "every one counts");
	}
	/* The faults.csv beside the games.csv (not in dir, which --out may
	 * put elsewhere) goes into the page: checked before anything is
	 * written. Records of other tools have none. */
	char fpath[OUTFILE_PATH_MAX] = "";
	if (csv) {
		const char *slash = strrchr(csv, '/');
		snprintf(fpath, sizeof fpath, "%.*sfaults.csv",
		         slash ? (int)(slash - csv + 1) : 0, csv);
	}
	bool have_faults = *fpath && access(fpath, F_OK) == 0;
	if (have_faults && faults_scan(fpath, false, NULL, NULL, err, errlen) < 0) {
		tally_free(&t);
		return ERR_INPUT;
	}
	int rc = -2; /* bad input, until the writing starts */
	EloRatings *r = NULL;
	Gauntlet g = {0};
	EloPairing *pairings = malloc(sizeof *pairings * ((size_t)t.npairings + 1));
	if (!pairings) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	for (int p = 0; p < t.npairings; p++) {
		const TallyPairing *tp = &t.pairings[p];
		pairings[p] =
		    (EloPairing){tp->a, tp->b, tp->c.wins, tp->c.draws, tp->c.losses};
	}
	if (t.games == 0) {
		fprintf(out, "no games yet\n");
		rc = 0;
		goto out;
	}
	if (gauntlet_find(&t, o->challengers, o->nchallengers, o->find_gauntlet, &g, err,
	                  errlen) < 0)
		goto out;
	EloOptions opt = {.anchor = anchor, .prior = o->prior};
	if (elo_fit_pairings(t.n, (const char *const *)t.names, pairings,
	                     (size_t)t.npairings, &opt, &r, err, errlen) < 0)
		goto out;
	rc = -1;
	if (write_elo(dir, r, err, errlen) < 0 || write_los(dir, r, err, errlen) < 0)
		goto out;
	print_standings(out, &t, r, &g, have_faults);
	/* A gauntlet's table has already shown every pairing. */
	if (write_pairs(dir, &t, gauntlet_only(&t, &g) ? NULL : out, err, errlen) < 0)
		goto out;
	int plotted = plot(dir, r, out, err, errlen);
	if (plotted < 0 || write_page(dir, csv, &t, r, &g, anchor, err, errlen) < 0)
		goto out;
	fprintf(out, "\nwritten: %s/%s%selo.csv, pairs.csv, los.csv%s, report.html\n", dir,
	        run_files ? run_files : "", run_files ? ", " : "",
	        plotted ? ", elo.png" : "");
	rc = 0;
out:
	elo_destroy(r);
	gauntlet_free(&g);
	free(pairings);
	tally_free(&t);
	return rc;
}
