/* report_gauntlet.c - a gauntlet's standings (report_gauntlet.h). */
#include "report_gauntlet.h"
#include "err.h"

#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "pair_row.h"

/* The terminal's columns of a gauntlet row (a PairRow from the
 * challenger's side). */
static const Column columns[] = {
    {COLUMN(PairRow, a, COL_TEXT, NULL, "challenger", -20)},
    {COLUMN(PairRow, b, COL_TEXT, NULL, "opponent", -20)},
    {COLUMN(PairRow, games, COL_INT, NULL, "games", 6)},
    {COLUMN(PairRow, wdl, COL_TEXT, NULL, "+ = -", 13)},
    {COLUMN(PairRow, score, COL_NUMBER, NULL, "score", 8), .tfmt = "%.1f%%", .tscale = 100},
    {COLUMN(PairRow, elo_text, COL_TEXT, NULL, "elo", 18)},
    {COLUMN(PairRow, los_text, COL_TEXT, NULL, "los", 6)},
};
enum { COLUMNS = sizeof columns / sizeof columns[0] };

/* The colour-swapped side of counts: b's wins are a's losses, and the
 * pairs' scores run the other way. */
static EloPairCounts flipped(EloPairCounts c)
{
	EloPairCounts f = {c.losses, c.draws, c.wins, {0}};
	for (int k = 0; k < 5; k++)
		f.penta[k] = c.penta[4 - k];
	return f;
}

/* Two-colours the players with games along the pairings: side[i] 0 or 1,
 * -1 without games. False when some pairing joins a side to itself. */
static bool two_sides(const Tally *t, int *side, int *queue, int *at, int *adj)
{
	for (int i = 0; i <= t->n; i++)
		at[i] = 0;
	for (int p = 0; p < t->npairings; p++)
		at[t->pairings[p].a + 1]++, at[t->pairings[p].b + 1]++;
	for (int i = 0; i < t->n; i++)
		at[i + 1] += at[i], side[i] = -1;
	for (int p = 0; p < t->npairings; p++) { /* side as a cursor first */
		const TallyPairing *q = &t->pairings[p];
		adj[at[q->a] + ++side[q->a]] = q->b;
		adj[at[q->b] + ++side[q->b]] = q->a;
	}
	for (int i = 0; i < t->n; i++)
		side[i] = -1;
	for (int s = 0; s < t->n; s++) {
		if (side[s] >= 0 || at[s] == at[s + 1])
			continue;
		int head = 0, tail = 0;
		side[s] = 0, queue[tail++] = s;
		while (head < tail) {
			int i = queue[head++];
			for (int k = at[i]; k < at[i + 1]; k++) {
				int j = adj[k];
				if (side[j] == side[i])
					return false;
				if (side[j] < 0)
					side[j] = 1 - side[i], queue[tail++] = j;
			}
		}
	}
	return true;
}

/* The smaller side of a complete bipartite pool, as flags. */
static int detect(const Tally *t, Gauntlet *g)
{
	int n = t->n;
	int *side = malloc(sizeof *side * (size_t)n),
	    *queue = malloc(sizeof *queue * (size_t)n);
	int *at = malloc(sizeof *at * ((size_t)n + 1));
	int *adj = malloc(sizeof *adj * (2 * (size_t)t->npairings + 1));
	int rc = -1;
	if (!side || !queue || !at || !adj)
		goto out;
	rc = 0;
	if (!two_sides(t, side, queue, at, adj))
		goto out;
	long size[2] = {0, 0};
	for (int i = 0; i < n; i++)
		if (side[i] >= 0)
			size[side[i]]++;
	if (size[0] + size[1] < 3 || size[0] == size[1] || !size[0] || !size[1] ||
	    (long)t->npairings != size[0] * size[1])
		goto out;
	int small = size[0] < size[1] ? 0 : 1;
	for (int i = 0; i < n; i++)
		g->challenger[i] = side[i] == small;
	g->count = (int)size[small];
out:
	free(side), free(queue), free(at), free(adj);
	return rc;
}

int gauntlet_find(const Tally *t, const char *const *names, int nnames, bool find,
                  Gauntlet *g, char *err, size_t errlen)
{
	*g = (Gauntlet){0};
	if (!nnames && !find)
		return 0;
	if (!(g->challenger = calloc((size_t)t->n + 1, sizeof *g->challenger)))
		return err_set(err, errlen, "out of memory");
	for (int k = 0; k < nnames; k++) {
		int i = 0;
		while (i < t->n && strcmp(t->names[i], names[k]) != 0)
			i++;
		if (i == t->n) {
			gauntlet_free(g);
			return err_input(
			    err, errlen,
			    "gauntlet challenger '%.64s' is none of the players", names[k]);
		}
		g->count += !g->challenger[i];
		g->challenger[i] = true;
	}
	if (!nnames && detect(t, g) < 0) {
		gauntlet_free(g);
		return err_set(err, errlen, "out of memory");
	}
	if (!g->count)
		gauntlet_free(g);
	return 0;
}

void gauntlet_free(Gauntlet *g)
{
	free(g->challenger);
	*g = (Gauntlet){0};
}

bool gauntlet_only(const Tally *t, const Gauntlet *g)
{
	if (!g->count)
		return false;
	for (int p = 0; p < t->npairings; p++)
		if (g->challenger[t->pairings[p].a] == g->challenger[t->pairings[p].b])
			return false;
	return true;
}

/* Calls row() on each row of challenger c: each opponent in player order,
 * then the total when there are several. */
static void rows(const Tally *t, const Gauntlet *g, int c,
                 void (*row)(const PairRow *r, void *arg), void *arg)
{
	TallyPairing all = {.paired = true};
	int opponents = 0;
	for (int p = 0; p < t->npairings; p++) {
		TallyPairing q = t->pairings[p];
		if ((q.a != c && q.b != c) || g->challenger[q.a] == g->challenger[q.b])
			continue;
		if (q.b == c)
			q = (TallyPairing){c, q.a, flipped(q.c), q.paired};
		PairRow r;
		if (pair_row(t->names[c], t->names[q.b], &q, &r) < 0)
			continue;
		row(&r, arg), opponents++;
		all.c.wins += q.c.wins, all.c.draws += q.c.draws,
		    all.c.losses += q.c.losses;
		for (int k = 0; k < 5; k++)
			all.c.penta[k] += q.c.penta[k];
		all.paired = all.paired && q.paired;
	}
	if (!all.paired)
		memset(all.c.penta, 0, sizeof all.c.penta);
	PairRow r;
	if (opponents > 1 && pair_row(t->names[c], "(all)", &all, &r) == 0)
		row(&r, arg);
}

static void print_row(const PairRow *r, void *arg)
{
	columns_text_row(arg, columns, COLUMNS, r);
}

void gauntlet_print(FILE *out, const Tally *t, const Gauntlet *g)
{
	fprintf(out,
	        "\ngauntlet: %d challenger%s against the others, each pairing's own "
	        "games\n",
	        g->count, g->count == 1 ? "" : "s");
	columns_text_header(out, columns, COLUMNS);
	for (int c = 0; c < t->n; c++)
		if (g->challenger[c])
			rows(t, g, c, print_row, out);
}

typedef struct {
	FILE *f;
	int shown;
} JsonRows;

static void json_row(const PairRow *r, void *arg)
{
	JsonRows *j = arg;
	fputs(j->shown++ ? ",\n" : "", j->f);
	html_json_row(j->f, pair_columns, PAIR_COLUMNS, r);
}

void gauntlet_json(FILE *f, const Tally *t, const Gauntlet *g)
{
	fputs("{\"columns\":", f);
	html_json_columns(f, pair_columns, PAIR_COLUMNS);
	fputs(",\"rows\":[", f);
	JsonRows j = {f, 0};
	for (int c = 0; c < t->n; c++)
		if (g->challenger[c])
			rows(t, g, c, json_row, &j);
	fputs("]}", f);
}
