/* tally.c - a games file summed per pairing (see tally.h). */
#define _POSIX_C_SOURCE 200809L
#include "tally.h"
#include "err.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "records.h"

enum { NAME_SLOTS = 32768 }; /* a power of two, over 2 * TALLY_PLAYERS_MAX */

/* A pairing's place in the hash table, with most of its counts: the table
 * is read at random once a game, and one cache miss costs more than the
 * rest of the game's work. */
typedef struct {
	uint32_t key;          /* a * TALLY_PLAYERS_MAX + b + 1; 0: empty */
	uint32_t at;           /* the pairing's number */
	uint32_t wins, losses; /* a's */
} Slot;

/* A game with moves, by its id: where it was first met. */
typedef struct {
	uint64_t id; /* 0: empty */
	int input;
	long line;
} Seen;

/* While reading: players by name, pairings by their two players, and per
 * game one word for the pentanomial pass. */
typedef struct {
	Tally *t;
	bool fixed;     /* given names: no others */
	int *name_slot; /* NAME_SLOTS player indices, -1 empty */
	Slot *slot;     /* pairings by players, with a's wins and losses */
	size_t pcap;    /* slots, a power of two */
	int *draws;     /* per pairing (few games are draws) */
	int pairings_cap;
	uint64_t *game; /* pairing << 33 | pair id << 2 | a's half points */
	long gcap;
	int last_end; /* the reason of the last game: most games end alike */
	TallyDups dups;
	uint64_t *seen; /* a bit per job number met in the current games.csv */
	size_t seen_words;
	int input;   /* the input whose job numbers seen holds */
	bool merged; /* several inputs: a game met in two is a duplicate */
	Seen *ids;   /* games by id (records.h), with where they were met */
	size_t ids_cap, ids_count;
	const char *const *paths;
} Reader;

static uint64_t mix(uint64_t x)
{
	x ^= x >> 31;
	x *= 0x9E3779B97F4A7C15u;
	return x ^ (x >> 29);
}

static uint64_t name_hash(const char *s)
{
	uint64_t h = 0xCBF29CE484222325u; /* FNV-1a */
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001B3u;
	return h;
}

/* The player called name; a new one is added if may_add, else -1 with msg. */
static int player(Reader *rd, const char *name, bool may_add, char *msg, size_t msglen)
{
	Tally *t = rd->t;
	size_t i = (size_t)name_hash(name) & (NAME_SLOTS - 1);
	for (; rd->name_slot[i] >= 0; i = (i + 1) & (NAME_SLOTS - 1))
		if (strcmp(t->names[rd->name_slot[i]], name) == 0)
			return may_add ? -2 : rd->name_slot[i];
	if (!may_add) {
		return err_set(msg, msglen, "unknown player '%s'", name);
	}
	if (t->n == TALLY_PLAYERS_MAX) {
		return err_set(msg, msglen, "more than %d players", TALLY_PLAYERS_MAX);
	}
	if (!(t->names[t->n] = strdup(name))) {
		return err_set(msg, msglen, "out of memory");
	}
	rd->name_slot[i] = t->n;
	return t->n++;
}

/* The player called name, added if new and the names are not fixed. */
static int find_player(Reader *rd, const char *name, char *msg, size_t msglen)
{
	int i = player(rd, name, false, msg, msglen);
	return i >= 0 || rd->fixed ? i : player(rd, name, true, msg, msglen);
}

static size_t pairing_slot(const Slot *slot, size_t cap, uint32_t key)
{
	size_t i = (size_t)mix(key) & (cap - 1);
	while (slot[i].key && slot[i].key != key)
		i = (i + 1) & (cap - 1);
	return i;
}

static int grow_pairings(Reader *rd)
{
	size_t cap = rd->pcap ? 2 * rd->pcap : 4096;
	Slot *slot = calloc(cap, sizeof *slot);
	if (!slot)
		return -1;
	for (size_t i = 0; i < rd->pcap; i++)
		if (rd->slot[i].key)
			slot[pairing_slot(slot, cap, rd->slot[i].key)] = rd->slot[i];
	free(rd->slot);
	rd->slot = slot, rd->pcap = cap;
	return 0;
}

/* The slot of the pairing of players x and y (a = the lower index), added
 * if new; NULL out of memory. */
static Slot *pairing(Reader *rd, int x, int y)
{
	Tally *t = rd->t;
	int a = x < y ? x : y, b = x < y ? y : x;
	if (2 * ((size_t)t->npairings + 1) > rd->pcap && grow_pairings(rd) < 0)
		return NULL;
	uint32_t key = (uint32_t)a * TALLY_PLAYERS_MAX + (uint32_t)b + 1;
	size_t i = pairing_slot(rd->slot, rd->pcap, key);
	if (rd->slot[i].key)
		return &rd->slot[i];
	if (t->npairings == rd->pairings_cap) {
		int cap = rd->pairings_cap ? 2 * rd->pairings_cap : 1024;
		TallyPairing *p = realloc(t->pairings, sizeof *p * (size_t)cap);
		if (p)
			t->pairings = p;
		int *d = p ? realloc(rd->draws, sizeof *d * (size_t)cap) : NULL;
		if (!d)
			return NULL;
		rd->draws = d, rd->pairings_cap = cap;
	}
	t->pairings[t->npairings] = (TallyPairing){.a = a, .b = b};
	rd->draws[t->npairings] = 0;
	rd->slot[i] = (Slot){key, (uint32_t)t->npairings++, 0, 0};
	return &rd->slot[i];
}

static int grow_games(Reader *rd)
{
	long cap = rd->gcap ? 2 * rd->gcap : 65536;
	uint64_t *g = realloc(rd->game, sizeof *g * (size_t)cap);
	if (!g)
		return -1;
	rd->game = g, rd->gcap = cap;
	return 0;
}

/* A repeated job number in one games.csv: 1 if the game is dropped, 0
 * if it counts, -1 (refused) with msg. */
static int job_again(Reader *rd, const RecordGame *g, char *msg, size_t msglen)
{
	Tally *t = rd->t;
	if (g->input != rd->input && rd->seen_words)
		memset(rd->seen, 0, sizeof *rd->seen * rd->seen_words);
	rd->input = g->input;
	size_t w = (size_t)g->job / 64;
	if (w >= rd->seen_words) {
		size_t nw = rd->seen_words ? rd->seen_words : 1024;
		while (nw <= w)
			nw *= 2;
		uint64_t *s = realloc(rd->seen, sizeof *s * nw);
		if (!s)
			return err_set(msg, msglen, "out of memory");
		memset(s + rd->seen_words, 0, sizeof *s * (nw - rd->seen_words));
		rd->seen = s, rd->seen_words = nw;
	}
	uint64_t bit = (uint64_t)1 << (g->job % 64);
	if (rd->seen[w] & bit) {
		if (!t->dups++)
			t->dup_line = g->line, t->dup_job = g->job;
		snprintf(t->dup_file, sizeof t->dup_file, "%s", g->file);
		if (rd->dups == TALLY_DUPS_REFUSE)
			return err_set(msg, msglen,
			               "game %d again (an earlier line has its job "
			               "number: two files joined?); --duplicates drop "
			               "counts the first, keep every one",
			               g->job);
		return rd->dups == TALLY_DUPS_DROP;
	}
	rd->seen[w] |= bit;
	return 0;
}

/* The same game in two of the merged inputs: the same players, result and
 * moves (records.h's id), met in another input than the first time. Games
 * without moves (headers-only PGN) have no id and are never taken for
 * duplicates, nor are two equal games of one input (a deterministic pair
 * of engines may well play a game twice). 1 dropped, 0 counts, -1 with
 * msg. */
static int game_again(Reader *rd, const RecordGame *g, uint64_t id, char *msg,
                      size_t msglen)
{
	Tally *t = rd->t;
	if (2 * (rd->ids_count + 1) > rd->ids_cap) {
		size_t cap = rd->ids_cap ? 2 * rd->ids_cap : 4096;
		Seen *ids = calloc(cap, sizeof *ids);
		if (!ids)
			return err_set(msg, msglen, "out of memory");
		for (size_t i = 0; i < rd->ids_cap; i++)
			if (rd->ids[i].id) {
				size_t k = (size_t)mix(rd->ids[i].id) & (cap - 1);
				while (ids[k].id)
					k = (k + 1) & (cap - 1);
				ids[k] = rd->ids[i];
			}
		free(rd->ids);
		rd->ids = ids, rd->ids_cap = cap;
	}
	size_t k = (size_t)mix(id) & (rd->ids_cap - 1);
	while (rd->ids[k].id && rd->ids[k].id != id)
		k = (k + 1) & (rd->ids_cap - 1);
	if (!rd->ids[k].id) {
		rd->ids[k] = (Seen){id, g->input, g->line};
		rd->ids_count++;
		return 0;
	}
	if (rd->ids[k].input == g->input)
		return 0;
	if (!t->dups++) {
		t->dup_line = g->line, t->dup_job = g->job;
		snprintf(t->dup_file, sizeof t->dup_file, "%s", g->file);
	}
	if (rd->dups == TALLY_DUPS_REFUSE)
		return err_set(msg, msglen,
		               "the same game as %.200s:%ld (players, result and moves); "
		               "--duplicates drop counts the first, keep every one",
		               rd->paths[rd->ids[k].input], rd->ids[k].line);
	return rd->dups == TALLY_DUPS_DROP;
}

static int add_game(void *user, const RecordGame *row, char *msg, size_t msglen)
{
	Reader *rd = user;
	Tally *t = rd->t;
	int again = row->format == RECORDS_CSV ? job_again(rd, row, msg, msglen) : 0;
	uint64_t id = again == 0 && rd->merged ? records_game_id(row) : 0;
	if (id)
		again = game_again(rd, row, id, msg, msglen);
	if (again)
		return again < 0 ? -1 : 0;
	int x = find_player(rd, row->black, msg, msglen);
	int y = x < 0 ? -1 : find_player(rd, row->white, msg, msglen);
	if (y < 0)
		return -1;
	Slot *q = pairing(rd, x, y);
	if (!q || (t->games == rd->gcap && grow_games(rd) < 0)) {
		return err_set(msg, msglen, "out of memory");
	}
	int s = (int)(2 * (x < y ? row->score : 1 - row->score)); /* a's half points */
	if (s == 2)
		q->wins++;
	else if (s == 0)
		q->losses++;
	else
		rd->draws[q->at]++;
	/* pair ids are 0..2e9 (results.c), below 2^31; a game of no known
	 * pair gets one of its own, which no other game shares. */
	uint64_t pair = row->pair >= 0 ? (uint64_t)row->pair
	                               : ((uint64_t)t->games + 2000000001u) & 0x7FFFFFFF;
	rd->game[t->games++] = (uint64_t)q->at << 33 | pair << 2 | (uint64_t)s;
	int e = rd->last_end;
	if (e >= END_COUNT || strcmp(row->reason, game_end_name(e)) != 0)
		for (e = 0; e < END_COUNT && strcmp(row->reason, game_end_name(e)) != 0;
		     e++)
			;
	t->ends[e]++;
	rd->last_end = e;
	return 0;
}

typedef struct {
	uint64_t key; /* a * TALLY_PLAYERS_MAX + b */
	int was;      /* the pairing's number while reading */
} SortKey;

static int by_key(const void *pa, const void *pb)
{
	const SortKey *x = pa, *y = pb;
	return (x->key > y->key) - (x->key < y->key);
}

/* Pairings sorted by players; the games' pairing numbers follow. */
static int sort_pairings(Reader *rd)
{
	Tally *t = rd->t;
	int np = t->npairings;
	SortKey *k = malloc(sizeof *k * ((size_t)np + 1));
	uint64_t *now = malloc(sizeof *now * ((size_t)np + 1));
	TallyPairing *sorted = malloc(sizeof *sorted * ((size_t)np + 1));
	if (!k || !now || !sorted) {
		free(k), free(now), free(sorted);
		return -1;
	}
	for (int p = 0; p < np; p++)
		k[p] = (SortKey){(uint64_t)t->pairings[p].a * TALLY_PLAYERS_MAX +
		                     (uint64_t)t->pairings[p].b,
		                 p};
	if (np > 1)
		qsort(k, (size_t)np, sizeof *k, by_key);
	for (int p = 0; p < np; p++) {
		sorted[p] = t->pairings[k[p].was];
		now[k[p].was] = (uint64_t)p << 33;
	}
	const uint64_t low = ((uint64_t)1 << 33) - 1;
	for (long g = 0; g < t->games; g++)
		rd->game[g] = now[rd->game[g] >> 33] | (rd->game[g] & low);
	free(t->pairings);
	t->pairings = sorted;
	free(k), free(now);
	return 0;
}

/* The games' words sorted by pairing, file order kept within a pairing:
 * LSD radix sort on the pairing bits, 11 at a time. Sequential passes over
 * the games, where a counting sort's scatter would miss the cache on
 * every game. Returns the sorted array (a or buf), or NULL. */
static uint64_t *by_pairing(uint64_t *a, long n, int npairings)
{
	enum { BITS = 11, BUCKETS = 1 << BITS };
	int bits = 0;
	while (bits < 31 && ((long)1 << bits) < npairings)
		bits++;
	uint64_t *buf = malloc(sizeof *buf * ((size_t)n + 1)), *from = a, *to = buf;
	long *count = malloc(sizeof *count * BUCKETS);
	if (!buf || !count) {
		free(buf), free(count);
		return NULL;
	}
	for (int shift = 33; shift < 33 + bits; shift += BITS) {
		memset(count, 0, sizeof *count * BUCKETS);
		for (long g = 0; g < n; g++)
			count[(from[g] >> shift) & (BUCKETS - 1)]++;
		for (long b = 0, at = 0; b < BUCKETS; b++) {
			long c = count[b];
			count[b] = at, at += c;
		}
		for (long g = 0; g < n; g++)
			to[count[(from[g] >> shift) & (BUCKETS - 1)]++] = from[g];
		uint64_t *t = from;
		from = to, to = t;
	}
	free(count);
	free(to); /* the one not holding the result */
	return from;
}

/* Pentanomial counts: each pairing's games in file order, partners found
 * through a table of pair ids of about twice the pairing's games (so a
 * small pairing stays in the cache), never cleared: a slot counts only
 * with its pairing's stamp. */
static int pentanomial(Reader *rd)
{
	Tally *t = rd->t;
	if (t->games == 0) /* a header-only file: nothing to pair */
		return 0;
	uint64_t *g = by_pairing(rd->game, t->games, t->npairings);
	if (!g)
		return -1;
	rd->game = g; /* the other buffer is freed */
	long most = 0;
	for (int p = 0; p < t->npairings; p++) {
		const EloPairCounts *c = &t->pairings[p].c;
		long games = (long)c->wins + c->draws + c->losses;
		most = games > most ? games : most;
	}
	size_t cap = 16;
	while (cap < 2 * (size_t)most)
		cap *= 2;
	uint32_t *slot_pair = malloc(sizeof *slot_pair * cap);
	int *slot_stamp = malloc(sizeof *slot_stamp * cap);
	int8_t *slot_pending = malloc(sizeof *slot_pending * cap);
	if (!slot_pair || !slot_stamp || !slot_pending) {
		free(slot_pair), free(slot_stamp), free(slot_pending);
		return -1;
	}
	for (size_t i = 0; i < cap; i++)
		slot_stamp[i] = -1;
	long k = 0;
	for (int p = 0; p < t->npairings; p++) {
		TallyPairing *tp = &t->pairings[p];
		long games = (long)tp->c.wins + tp->c.draws + tp->c.losses, end = k + games;
		size_t mask = 15;
		while (mask + 1 < 2 * (size_t)games)
			mask = 2 * mask + 1;
		EloPairCounts pairs = {0};
		for (; k < end; k++) {
			uint32_t id = (uint32_t)(g[k] >> 2) & 0x7FFFFFFF;
			int score = (int)(g[k] & 3);
			size_t i = (size_t)mix(id) & mask;
			while (slot_stamp[i] == p && slot_pair[i] != id)
				i = (i + 1) & mask;
			if (slot_stamp[i] != p)
				slot_stamp[i] = p, slot_pair[i] = id, slot_pending[i] = -1;
			if (slot_pending[i] < 0) {
				slot_pending[i] = (int8_t)score;
			} else {
				elo_pair_add(&pairs, slot_pending[i] / 2.0, score / 2.0);
				slot_pending[i] =
				    -1; /* a third game with the id starts a pair */
			}
		}
		long in_pairs = 0;
		for (int j = 0; j < 5; j++)
			in_pairs += pairs.penta[j];
		tp->paired = 2 * in_pairs == games;
		if (tp->paired)
			memcpy(tp->c.penta, pairs.penta, sizeof pairs.penta);
	}
	free(slot_pair), free(slot_stamp), free(slot_pending);
	return 0;
}

int tally_read(const char *csv, const char *const *given, int n, TallyDups dups, Tally *t,
               char *err, size_t errlen)
{
	return tally_read_paths(&csv, 1, given, n, dups, t, err, errlen);
}

int tally_read_paths(const char *const *paths, int npaths, const char *const *given, int n,
                     TallyDups dups, Tally *t, char *err, size_t errlen)
{
	*t = (Tally){0};
	Reader rd = {.t = t,
	             .fixed = given != NULL,
	             .dups = dups,
	             .merged = npaths > 1,
	             .paths = paths};
	rd.name_slot = malloc(sizeof *rd.name_slot * NAME_SLOTS);
	t->names = calloc(TALLY_PLAYERS_MAX, sizeof *t->names);
	int rc = -1;
	if (!rd.name_slot || !t->names || (given && n > TALLY_PLAYERS_MAX)) {
		snprintf(err, errlen,
		         given && n > TALLY_PLAYERS_MAX ? "more than %d players"
		                                        : "out of memory",
		         TALLY_PLAYERS_MAX);
		goto out;
	}
	memset(rd.name_slot, -1, sizeof *rd.name_slot * NAME_SLOTS);
	for (int i = 0; i < (given ? n : 0); i++) {
		int k = player(&rd, given[i], true, err, errlen);
		if (k == -2)
			snprintf(err, errlen, "player '%s' given twice", given[i]);
		if (k < 0)
			goto out;
	}
	RecordsCounts counts;
	if ((rc = records_scan(paths, npaths, add_game, &rd, &counts, err, errlen)) < 0)
		goto out;
	rc = -1;
	t->unfinished = counts.unfinished;
	for (size_t i = 0; i < rd.pcap; i++)
		if (rd.slot[i].key) {
			EloPairCounts *c = &t->pairings[rd.slot[i].at].c;
			c->wins = (int)rd.slot[i].wins, c->losses = (int)rd.slot[i].losses;
			c->draws = rd.draws[rd.slot[i].at];
		}
	if (sort_pairings(&rd) < 0 || pentanomial(&rd) < 0) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	rc = 0;
out:
	free(rd.name_slot), free(rd.slot), free(rd.draws), free(rd.seen), free(rd.ids);
	free(rd.game);
	if (rc < 0)
		tally_free(t);
	return rc;
}

void tally_free(Tally *t)
{
	if (t->names)
		for (int i = 0; i < t->n; i++)
			free(t->names[i]);
	free(t->names), free(t->pairings);
	*t = (Tally){0};
}
