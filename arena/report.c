/* report.c - elo.csv, pairs.csv, los.csv, standings and the plot. */
#define _POSIX_C_SOURCE 200809L
#include "report.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "elo.h"
#include "outfile.h"
#include "plot.h"
#include "results.h"
#include "tally.h"

/* The printf width that pads s to w characters: printf counts bytes, and a
 * UTF-8 name has more bytes than characters (code points: the bytes that
 * are not 10xxxxxx continuation bytes). */
static int pad(const char *s, int w)
{
	int extra = 0;
	for (; *s; s++)
		extra += ((unsigned char)*s & 0xC0) == 0x80;
	return w + extra;
}

/* The tables are written whole and atomically (outfile.h); one OutFile at
 * a time, so it lives here. */
static FILE *open_out(OutFile *o, const char *dir, const char *file, char *err,
                      size_t errlen)
{
	char path[OUTFILE_PATH_MAX];
	snprintf(path, sizeof path, "%s/%s", dir, file);
	return outfile_open(o, path, err, errlen);
}

static int write_elo(const char *dir, const EloRatings *r, char *err, size_t errlen)
{
	OutFile of;
	FILE *f = open_out(&of, dir, "elo.csv", err, errlen);
	if (!f)
		return -1;
	fprintf(
	    f,
	    "rank,player,rating,error,points,played,percent,cfs_next,w,d,l,draw_percent\n");
	for (int k = 0; k < r->n; k++) {
		const EloPlayer *p = &r->players[r->order[k]];
		/* Ratings and errors to 0.001 Elo, to compare with other tools. */
		fprintf(f, "%d,%s,%.3f,%.3f,%.1f,%d,%.1f,", p->rank, p->name, p->rating,
		        p->error95, p->points, p->played, p->percent);
		if (isnan(p->cfs_next))
			fprintf(f, ",");
		else
			fprintf(f, "%.0f,", 100 * p->cfs_next);
		fprintf(f, "%d,%d,%d,%.1f\n", p->wins, p->draws, p->losses,
		        p->draw_percent);
	}
	return outfile_commit(&of, err, errlen);
}

/* ",0.1234": v (0..1) as "%.4f" prints it, without printf's cost (2,000
 * players are 4 million cells); a value within rounding of a tie between
 * two outputs, or out of range, goes to snprintf. Returns the length. */
static int los_cell(char *buf, double v)
{
	double x = v * 10000;
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
	fprintf(
	    f, "player_a,player_b,games,w,d,l,penta0,penta1,penta2,penta3,penta4,score,elo,"
	       "error,nelo,nelo_error,los,elo_lo,elo_hi\n");
	fprintf(out, "\n%-20s %-20s %6s %13s %8s %16s %6s\n", "player A", "player B",
	        "games", "+ = - (A)", "score", "elo (A)", "los");
	for (int p = 0; p < t->npairings; p++) {
		const TallyPairing *tp = &t->pairings[p];
		const EloPairCounts *c = &tp->c;
		const char *a = t->names[tp->a], *b = t->names[tp->b];
		int games = c->wins + c->draws + c->losses;
		EloPairStats s;
		char e[256];
		if (elo_pair_stats(c, &s, e, sizeof e) < 0)
			continue;
		/* Undefined numbers are empty fields and "n/a" (elo_pair.h). */
		char stats[ELO_PAIR_CSV_MAX], elo[ELO_PAIR_TEXT_MAX],
		    los[ELO_PAIR_TEXT_MAX], wdl[40];
		fprintf(f, "%s,%s,%d,%d,%d,%d,%ld,%ld,%ld,%ld,%ld,%s\n", a, b, games,
		        c->wins, c->draws, c->losses, c->penta[0], c->penta[1], c->penta[2],
		        c->penta[3], c->penta[4],
		        elo_pair_csv(&s, tp->paired, stats, sizeof stats));
		snprintf(wdl, sizeof wdl, "%d %d %d", c->wins, c->draws, c->losses);
		fprintf(out, "%-*s %-*s %6d %13s %7.1f%% %16s %6s\n", pad(a, 20), a,
		        pad(b, 20), b, games, wdl, 100 * s.score,
		        elo_pair_text(&s, tp->paired, elo, sizeof elo),
		        elo_pair_los_text(&s, tp->paired, los, sizeof los));
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
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (int k = 0; k < r->n; k++) {
		const EloPlayer *p = &r->players[r->order[k]];
		fprintf(f, "%d\t", k);
		plot_data_text(f, p->name);
		fprintf(f, "\t%.2f\t%.2f\n", p->rating, p->error95);
	}
	if (fclose(f) != 0) {
		free(data);
		snprintf(err, errlen, "out of memory");
		return -1;
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

/* The standings' footer: how the games ended, a count per reason, in the
 * order of game.h (END_COUNT: reasons this version does not know); faults
 * (an engine's own loss) point at faults.csv. */
static void print_endings(const long *count, FILE *out)
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
	fprintf(out, "%s\n", faults ? " (the evidence of each fault: faults.csv)" : "");
}

int report_run(const char *dir, const char *csv, const char *const *given, int n,
               const char *anchor, FILE *out, char *err, size_t errlen)
{
	Tally t;
	if (tally_read(csv, given, n, &t, err, errlen) < 0)
		return -2;
	int rc = -2; /* bad input, until the writing starts */
	EloRatings *r = NULL;
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
	EloOptions opt = {.anchor = anchor};
	if (elo_fit_pairings(t.n, (const char *const *)t.names, pairings,
	                     (size_t)t.npairings, &opt, &r, err, errlen) < 0)
		goto out;
	rc = -1;
	if (write_elo(dir, r, err, errlen) < 0 || write_los(dir, r, err, errlen) < 0)
		goto out;

	fprintf(out, "\n%4s %-20s %8s %7s %8s %6s %6s %6s\n", "rank", "player", "elo",
	        "+/-", "points", "games", "score", "cfs");
	for (int k = 0; k < r->n; k++) {
		const EloPlayer *p = &r->players[r->order[k]];
		char cfs[16] = "";
		if (!isnan(p->cfs_next))
			snprintf(cfs, sizeof cfs, "%.0f%%", 100 * p->cfs_next);
		fprintf(out, "%4d %-*s %8.1f %7.1f %8.1f %6d %5.1f%% %6s\n", p->rank,
		        pad(p->name, 20), p->name, p->rating, p->error95, p->points,
		        p->played, p->percent, cfs);
	}
	if (r->prior_reason[0])
		fprintf(out,
		        "(%s; so every player has one virtual draw against a pool-average "
		        "player, which keeps the ratings finite and in their order)\n",
		        r->prior_reason);
	print_endings(t.ends, out);
	if (write_pairs(dir, &t, out, err, errlen) < 0)
		goto out;
	int plotted = plot(dir, r, out, err, errlen);
	if (plotted < 0)
		goto out;
	fprintf(out, "\nwritten: %s/elo.csv, pairs.csv, los.csv%s\n", dir,
	        plotted ? ", elo.png" : "");
	rc = 0;
out:
	elo_destroy(r);
	free(pairings);
	tally_free(&t);
	return rc;
}
