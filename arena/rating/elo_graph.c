/* elo_graph.c - who met whom, and who scored against whom: whether the pool
 * can be rated at all, and whether maximum likelihood is finite (elo.h), in
 * time linear in players plus pairings; and the words naming the groups. */
#include "elo.h"
#include "elo_impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

enum {
	SHOWN_NAMES = 8, /* names listed per group before "and N more" */
	SHOWN_GROUPS = 6 /* groups listed before "and N more groups" */
};

/* Appends to buf at *pos, truncating silently. */
static void app(char *buf, size_t len, size_t *pos, const char *fmt, ...)
{
	if (!buf || *pos + 1 >= len)
		return;
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(buf + *pos, len - *pos, fmt, ap);
	va_end(ap);
	if (k > 0)
		*pos = *pos + (size_t)k < len ? *pos + (size_t)k : len - 1;
}

/* "{A, B, C}" for the players of group c, in index order; past SHOWN_NAMES
 * "{A, B, ... and 12 more}". */
static void group(char *buf, size_t len, size_t *pos, const char *const *names, int n,
                  const int *comp, int c)
{
	int shown = 0, more = 0;
	app(buf, len, pos, "{");
	for (int i = 0; i < n; i++)
		if (comp[i] == c) {
			if (shown < SHOWN_NAMES)
				app(buf, len, pos, "%s%s", shown++ ? ", " : "", names[i]);
			else
				more++;
		}
	if (more)
		app(buf, len, pos, " and %d more", more);
	app(buf, len, pos, "}");
}

static int find(int *parent, int i)
{
	while (parent[i] != i)
		i = parent[i] = parent[parent[i]];
	return i;
}

/* Components of the "met" graph, numbered 0.. in order of their first
 * player; returns how many. */
static int components(const EloModel *m, int *parent, int *comp)
{
	int n = m->n, count = 0;
	for (int i = 0; i < n; i++)
		parent[i] = i;
	for (size_t k = 0; k < m->ne; k++) {
		int x = find(parent, m->e[k].a), y = find(parent, m->e[k].b);
		if (x != y)
			parent[x > y ? x : y] = x < y ? x : y; /* the root is the lowest */
	}
	for (int i = 0; i < n; i++) {
		int root = find(parent, i);
		comp[i] = root == i ? count++ : comp[root];
	}
	return count;
}

/* Strongly connected components of "i scored against j" (Tarjan's, without
 * recursion); comp[i] numbers them in reverse topological order. Returns
 * their count, or -1 out of memory. */
static int strong_components(const EloModel *m, int *comp)
{
	int n = m->n, count = -1;
	size_t ne = m->ne;
	int *start = calloc((size_t)n + 1, sizeof *start),
	    *to = malloc(sizeof *to * 2 * ne + 1);
	int *index = malloc(sizeof *index * (size_t)n),
	    *low = malloc(sizeof *low * (size_t)n);
	int *next = malloc(sizeof *next * (size_t)n),
	    *stack = malloc(sizeof *stack * (size_t)n);
	int *call = malloc(sizeof *call * (size_t)n);
	if (!start || !to || !index || !low || !next || !stack || !call)
		goto out;
	/* Adjacency lists: a -> b when a scored, b -> a when b did. */
	for (size_t k = 0; k < ne; k++) {
		const EloEdge *e = &m->e[k];
		start[e->a + 1] += e->pts > 0;
		start[e->b + 1] += e->games - e->pts > 0;
	}
	for (int i = 0; i < n; i++)
		start[i + 1] += start[i];
	for (int i = 0; i < n; i++)
		next[i] = start[i];
	for (size_t k = 0; k < ne; k++) {
		const EloEdge *e = &m->e[k];
		if (e->pts > 0)
			to[next[e->a]++] = e->b;
		if (e->games - e->pts > 0)
			to[next[e->b]++] = e->a;
	}
	for (int i = 0; i < n; i++)
		index[i] = -1, comp[i] = -1;
	int counter = 0, sp = 0;
	count = 0;
	for (int s = 0; s < n; s++) {
		if (index[s] >= 0)
			continue;
		int cs = 0;
		index[s] = low[s] = counter++, next[s] = start[s];
		stack[sp++] = s, call[cs++] = s;
		while (cs) {
			int v = call[cs - 1];
			if (next[v] < start[v + 1]) {
				int w = to[next[v]++];
				if (index[w] < 0) {
					index[w] = low[w] = counter++, next[w] = start[w];
					stack[sp++] = w, call[cs++] = w;
				} else if (comp[w] < 0 && index[w] < low[v]) {
					low[v] = index[w]; /* w is on the stack */
				}
				continue;
			}
			if (--cs && low[v] < low[call[cs - 1]])
				low[call[cs - 1]] = low[v];
			if (low[v] == index[v]) {
				int w;
				do {
					w = stack[--sp];
					comp[w] = count;
				} while (w != v);
				count++;
			}
		}
	}
out:
	free(start), free(to), free(index), free(low), free(next), free(stack), free(call);
	return count;
}

static int disconnected(const EloModel *m, const char *const *names, const int *comp,
                        int count, char *err, size_t errlen)
{
	size_t pos = 0;
	int shown = count <= SHOWN_GROUPS ? count : SHOWN_GROUPS;
	app(err, errlen, &pos, "players are not connected: ");
	for (int c = 0; c < shown; c++) {
		app(err, errlen, &pos, c == 0 ? "" : c + 1 == count ? " and " : ", ");
		group(err, errlen, &pos, names, m->n, comp, c);
	}
	if (shown < count)
		app(err, errlen, &pos, " and %d more groups", count - shown);
	return ELO_EDISCONNECTED;
}

/* Names the groups at the top (nobody else scored against them) and at the
 * bottom (they scored against nobody else) of the "scored against" order. */
static void no_finite(const EloModel *m, const char *const *names, const int *comp,
                      int count, char *why, size_t whylen, bool *in, bool *out)
{
	for (int c = 0; c < count; c++)
		in[c] = out[c] = false;
	for (size_t k = 0; k < m->ne; k++) {
		const EloEdge *e = &m->e[k];
		int ca = comp[e->a], cb = comp[e->b];
		if (ca == cb)
			continue;
		if (e->pts > 0)
			out[ca] = in[cb] = true;
		if (e->games - e->pts > 0)
			out[cb] = in[ca] = true;
	}
	size_t pos = 0;
	app(why, whylen, &pos, "no finite maximum-likelihood ratings: ");
	if (count == 2) {
		int bottom = out[0] ? 1 : 0;
		group(why, whylen, &pos, names, m->n, comp, bottom);
		app(why, whylen, &pos, " scored no points against ");
		group(why, whylen, &pos, names, m->n, comp, 1 - bottom);
		return;
	}
	int listed = 0, more = 0;
	for (int top = 0; top < 2; top++)
		for (int c = 0; c < count; c++) {
			if (top ? in[c] : out[c])
				continue;
			if (listed == SHOWN_GROUPS) {
				more++;
				continue;
			}
			app(why, whylen, &pos, listed++ ? "; " : "");
			if (top)
				app(why, whylen, &pos,
				    "the other players scored no points against ");
			group(why, whylen, &pos, names, m->n, comp, c);
			if (!top)
				app(why, whylen, &pos,
				    " scored no points against the other players");
		}
	if (more)
		app(why, whylen, &pos, "; and %d more such groups", more);
}

int elo_graph_check(const EloModel *m, const char *const *names, bool *strong, char *why,
                    size_t whylen, char *err, size_t errlen)
{
	int n = m->n, rc = ELO_ENOMEM;
	int *a = malloc(sizeof *a * (size_t)n), *comp = malloc(sizeof *comp * (size_t)n);
	bool *in = malloc(sizeof *in * (size_t)n), *out = malloc(sizeof *out * (size_t)n);
	if (!a || !comp || !in || !out)
		goto out;
	int count = components(m, a, comp);
	if (count > 1) {
		rc = disconnected(m, names, comp, count, err, errlen);
		goto out;
	}
	count = strong_components(m, comp);
	if (count < 0)
		goto out;
	*strong = count == 1;
	if (why && whylen)
		why[0] = '\0';
	if (!*strong)
		no_finite(m, names, comp, count, why, whylen, in, out);
	rc = 0;
out:
	if (rc == ELO_ENOMEM && err && errlen)
		snprintf(err, errlen, "out of memory");
	free(a), free(comp), free(in), free(out);
	return rc;
}

int elo_graph_strong(const EloModel *m, int *comp)
{
	return strong_components(m, comp);
}
