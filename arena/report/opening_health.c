/* opening_health.c - per-opening statistics of a games file. */
#define _POSIX_C_SOURCE 200809L
#include "opening_health.h"
#include "err.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "names.h"
#include "printable.h"
#include "results.h"

/* A pair's first game, waiting for its partner. */
typedef struct {
	int opening, pair, a, b; /* players a < b */
	int state;               /* 0: free slot, 1: waiting, 2: complete */
	int a_half;              /* a's points times 2 in the first game */
} PairSlot;

typedef struct {
	OpeningHealth *h;
	Names openings, players;
	int cap; /* of h->rows */
	PairSlot *slot;
	long nslot, used;
	/* The last game while its partner may be the next line, as in a
	 * finished games.csv (sorted by job): such a pair never reaches the
	 * table, which keeps the table to the pairs of an unsorted file. */
	PairSlot pending;
} Reader;

static uint64_t pair_hash(int opening, int pair, int a, int b)
{
	uint64_t z = ((uint64_t)(uint32_t)opening << 32 | (uint32_t)pair) ^
	             ((uint64_t)(uint32_t)a << 40 | (uint32_t)b) * 0x9e3779b97f4a7c15ull;
	z = (z ^ (z >> 31)) * 0xbf58476d1ce4e5b9ull;
	return z ^ (z >> 29);
}

static PairSlot *pair_find(PairSlot *slot, long n, int opening, int pair, int a, int b)
{
	long i = (long)(pair_hash(opening, pair, a, b) & (uint64_t)(n - 1));
	for (;; i = (i + 1) & (n - 1)) {
		PairSlot *s = &slot[i];
		if (!s->state ||
		    (s->opening == opening && s->pair == pair && s->a == a && s->b == b))
			return s;
	}
}

static int pair_grow(Reader *rd)
{
	long n = rd->nslot ? 2 * rd->nslot : 4096;
	PairSlot *slot = calloc((size_t)n, sizeof *slot);
	if (!slot)
		return -1;
	for (long i = 0; i < rd->nslot; i++) {
		const PairSlot *s = &rd->slot[i];
		if (s->state)
			*pair_find(slot, n, s->opening, s->pair, s->a, s->b) = *s;
	}
	free(rd->slot);
	rd->slot = slot, rd->nslot = n;
	return 0;
}

/* The game g waits in the table for its partner, or completes the pair
 * waiting there. */
static int pair_table(Reader *rd, const PairSlot *g)
{
	if (2 * (rd->used + 1) > rd->nslot && pair_grow(rd) < 0)
		return -1;
	PairSlot *s = pair_find(rd->slot, rd->nslot, g->opening, g->pair, g->a, g->b);
	if (s->state == 1) { /* its partner: the pair is complete */
		OpeningHealthRow *r = &rd->h->rows[g->opening];
		r->pairs++;
		r->split += s->a_half + g->a_half == 2;
		s->state = 2;
		return 0;
	}
	if (!s->state)
		rd->used++;
	*s = *g;
	return 0;
}

static bool same_pair(const PairSlot *p, const PairSlot *g)
{
	return p->state == 1 && p->opening == g->opening && p->pair == g->pair &&
	       p->a == g->a && p->b == g->b;
}

/* The game of opening k (black's half points bh) in its pair. */
static int add_pair(Reader *rd, const ResultRow *row, int k, int bh)
{
	int x = names_add(&rd->players, row->black),
	    y = names_add(&rd->players, row->white);
	if (x < 0 || y < 0)
		return -1;
	int a = x < y ? x : y, b = x < y ? y : x;
	PairSlot g = {k, row->pair, a, b, 1, x == a ? bh : 2 - bh};
	if (same_pair(&rd->pending, &g)) {
		OpeningHealthRow *r = &rd->h->rows[k];
		r->pairs++;
		r->split += rd->pending.a_half + g.a_half == 2;
		rd->pending.state = 0;
		return 0;
	}
	if (rd->pending.state == 1 && pair_table(rd, &rd->pending) < 0)
		return -1;
	rd->pending.state = 0;
	if (rd->used > 0) { /* a partner may wait in the table */
		PairSlot *s = pair_find(rd->slot, rd->nslot, k, row->pair, a, b);
		if (s->state == 1)
			return pair_table(rd, &g);
	}
	rd->pending = g;
	return 0;
}

static int add_game(void *user, const ResultRow *row, const char *moves, char *msg,
                    size_t msglen)
{
	Reader *rd = user;
	OpeningHealth *h = rd->h;
	(void)moves;
	int k = names_add(&rd->openings, row->opening);
	if (k < 0)
		return err_set(msg, msglen, "out of memory");
	if (k == h->n) {
		if (h->n == rd->cap) {
			int cap = rd->cap ? 2 * rd->cap : 64;
			OpeningHealthRow *r = realloc(h->rows, sizeof *r * (size_t)cap);
			if (!r)
				return err_set(msg, msglen, "out of memory");
			h->rows = r, rd->cap = cap;
		}
		h->rows[k] = (OpeningHealthRow){.games = 0};
		snprintf(h->rows[k].name, sizeof h->rows[k].name, "%s", row->opening);
		h->n++;
	}
	int bh = (int)(2 * row->score + 0.5);
	h->rows[k].games++;
	h->rows[k].black[bh]++;
	h->games++;
	if (add_pair(rd, row, k, bh) < 0)
		return err_set(msg, msglen, "out of memory");
	return 0;
}

int opening_health_read(const char *csv, OpeningHealth *h, char *err, size_t errlen)
{
	*h = (OpeningHealth){0};
	Reader rd = {.h = h};
	long torn;
	int rc = results_scan(csv, add_game, &rd, &torn, err, errlen);
	names_free(&rd.openings);
	names_free(&rd.players);
	free(rd.slot);
	if (rc < 0)
		opening_health_free(h);
	return rc;
}

void opening_health_free(OpeningHealth *h)
{
	free(h->rows);
	*h = (OpeningHealth){0};
}

bool opening_health_dead(const OpeningHealthRow *r)
{
	return r->games >= 2 && (r->black[0] == r->games || r->black[1] == r->games ||
	                         r->black[2] == r->games);
}

double opening_health_black(const OpeningHealthRow *r)
{
	return r->games ? (r->black[2] + 0.5 * r->black[1]) / (double)r->games : NAN;
}

/* The length of name without a "/sK" an image's name ends in. */
static size_t base_length(const char *name)
{
	size_t n = strlen(name);
	return n > 3 && name[n - 3] == '/' && name[n - 2] == 's' && name[n - 1] >= '1' &&
	               name[n - 1] <= '7'
	           ? n - 3
	           : n;
}

int opening_health_live(const OpeningHealth *h, const OpeningSet *set, bool symmetries,
                        OpeningSet *live, long *dead)
{
	Names names = {0};
	/* 0: not played; 1: every image played dead; 2: one alive */
	char *state = calloc((size_t)set->count + 1, 1);
	int rc = state ? 0 : -1;
	for (int i = 0; i < set->count && rc == 0; i++) {
		char name[OPENING_NAME_MAX];
		if (names_add(&names, openings_name(set, i, name)) != i)
			rc = -1; /* out of memory (a set holds no name twice) */
	}
	for (int k = 0; k < h->n && rc == 0; k++) {
		char base[OPENING_NAME_MAX];
		snprintf(base, sizeof base, "%s", h->rows[k].name);
		if (symmetries)
			base[base_length(base)] = '\0';
		int i = names_find(&names, base);
		if (i >= 0)
			state[i] =
			    opening_health_dead(&h->rows[k]) && state[i] != 2 ? 1 : 2;
	}
	*dead = 0;
	for (int i = 0; i < set->count && rc == 0; i++) {
		*dead += state[i] == 1;
		if (state[i] != 1 && openings_append(live, set, i) < 0)
			rc = -1;
	}
	names_free(&names);
	free(state);
	return rc;
}

void opening_health_print(FILE *f, const OpeningHealth *h)
{
	long dead = 0, pairs = 0, split = 0;
	fprintf(f, "%-24s %7s %8s %7s %7s %9s  %s\n", "opening", "games", "black %",
	        "pairs", "split", "decisive", "dead");
	for (int i = 0; i < h->n; i++) {
		const OpeningHealthRow *r = &h->rows[i];
		bool d = opening_health_dead(r);
		dead += d, pairs += r->pairs, split += r->split;
		char name[OPENING_NAME_MAX];
		snprintf(name, sizeof name, "%s", r->name);
		/* the name as data: control characters shown, never sent */
		printable_put(f, name);
		int pad = 24 - (int)strlen(name);
		fprintf(f, "%*s %7ld %8.1f %7ld %7ld %9ld  %s\n", pad > 0 ? pad : 0, "",
		        r->games, 100 * opening_health_black(r), r->pairs, r->split,
		        r->pairs - r->split, d ? "dead" : "");
	}
	fprintf(f,
	        "%d opening%s, %ld games: %ld dead (every game the same result); %ld "
	        "pairs, %ld split 1-1 (%.1f%%), %ld decisive\n",
	        h->n, h->n == 1 ? "" : "s", h->games, dead, pairs, split,
	        pairs ? 100.0 * (double)split / (double)pairs : 0.0, pairs - split);
}

void opening_health_json(FILE *f, const OpeningHealth *h, int max)
{
	long dead = 0, pairs = 0, split = 0;
	for (int i = 0; i < h->n; i++) {
		dead += opening_health_dead(&h->rows[i]);
		pairs += h->rows[i].pairs, split += h->rows[i].split;
	}
	fprintf(f,
	        "{\"total\":%d,\"games\":%ld,\"dead\":%ld,\"pairs\":%ld,\"split\":%ld,"
	        "\"rows\":[",
	        h->n, h->games, dead, pairs, split);
	for (int i = 0; i < h->n && i < max; i++) {
		const OpeningHealthRow *r = &h->rows[i];
		fputs(i ? ",[" : "[", f);
		html_json_string(f, r->name);
		fprintf(f, ",%ld,", r->games);
		html_json_number(f, opening_health_black(r), 4);
		fprintf(f, ",%ld,%ld,%s]", r->pairs, r->split,
		        opening_health_dead(r) ? "true" : "false");
	}
	fputs("]}", f);
}
