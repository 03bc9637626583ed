/* samples_check.c - an independent reader of training samples in
 * c-gomoku-cli's formats, for tests/e2e_samples.sh: it reads a samples
 * file and the run's games.csv on its own (no arena code) and checks that
 * the samples are the games' positions, moves and results.
 *
 * usage: samples_check FORMAT SAMPLES GAMES_CSV SIZE RULE OPENING_PLIES MODE [LOSER]
 *   FORMAT         csv, bin or bin_lz4 (decompressed with liblz4's LZ4F API)
 *   RULE           Gomocup's rule number written in every bin entry
 *   OPENING_PLIES  the stones of every opening (never sampled)
 *   MODE           all: exactly every player's move of every game not lost
 *                  by a fault (illegal, crash, timeout, protocol, memory),
 *                  in games.csv's order; some: a part of those, in order,
 *                  neither none nor all
 *   LOSER          only the games this player lost count
 * Prints "N samples of G games" and exits 0, or says what differs and
 * exits 1. */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef GA_LZ4
#include <lz4frame.h>
#endif

enum { MAXP = 400, MAXS = 400000 };

typedef struct {
	int ply, move, result;
	short pos[MAXP];
} Sample;

static Sample *want, *got;
static int nwant, ngot, ngames;

static void die(const char *what)
{
	fprintf(stderr, "samples_check: %s\n", what);
	exit(1);
}

static unsigned char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		die("cannot open a file");
	size_t cap = 1 << 16, n = 0;
	unsigned char *b = malloc(cap);
	size_t r;
	while (b && (r = fread(b + n, 1, cap - n, f)) > 0) {
		n += r;
		if (n == cap)
			b = realloc(b, cap *= 2);
	}
	fclose(f);
	if (!b)
		die("out of memory");
	*len = n;
	return b;
}

/* A games.csv point, "h8" (row from the bottom), as x * 32 + y. */
static int h8(const char **s, int size)
{
	int x = **s - 'a';
	(*s)++;
	int row = (int)strtol(*s, (char **)s, 10);
	return x * 32 + (size - row);
}

static bool forfeit(const char *reason)
{
	static const char *const f[] = {"illegal", "crash", "timeout", "protocol",
	                                "memory"};
	for (size_t i = 0; i < sizeof f / sizeof *f; i++)
		if (strcmp(reason, f[i]) == 0)
			return true;
	return false;
}

/* Every expected sample of games.csv. */
static void read_games(const char *path, int size, int open, const char *loser)
{
	size_t len;
	char *text = (char *)slurp(path, &len);
	text = realloc(text, len + 1);
	text[len] = '\0';
	char *save, *line = strtok_r(text, "\n", &save);
	while ((line = strtok_r(NULL, "\n", &save))) {
		char *f[14], *s2;
		int n = 0;
		for (char *t = strtok_r(line, ",", &s2); t && n < 14;
		     t = strtok_r(NULL, ",", &s2))
			f[n++] = t;
		if (n < 10)
			die("a games.csv line of fewer than 10 fields");
		ngames++;
		int res = strcmp(f[6], "1-0") == 0 ? 0 : strcmp(f[6], "0-1") == 0 ? 1 : 2;
		if (forfeit(f[7]))
			continue;
		if (loser && !((res == 0 && strcmp(f[5], loser) == 0) ||
		               (res == 1 && strcmp(f[4], loser) == 0)))
			continue;
		short mv[MAXP];
		int plies = 0;
		for (const char *s = f[9]; *s;) {
			if (*s == ' ') {
				s++;
				continue;
			}
			mv[plies++] = (short)h8(&s, size);
		}
		int last = strcmp(f[7], "forbidden") == 0 ? plies - 1 : plies;
		for (int i = open; i < last; i++) {
			Sample *w = &want[nwant++];
			w->ply = i;
			w->move = mv[i];
			memcpy(w->pos, mv, sizeof(short) * (size_t)i);
			/* side to move's view: 2 win, 1 draw, 0 loss */
			w->result = res == 2 ? 1 : res == i % 2 ? 2 : 0;
		}
	}
	free(text);
}

/* A point of pos notation ("h8": 'a' + x, y + 1) as x * 32 + y. */
static int pos(const char **s)
{
	int x = **s - 'a';
	(*s)++;
	int y = (int)strtol(*s, (char **)s, 10) - 1;
	return x * 32 + y;
}

static void read_csv(const unsigned char *b, size_t len)
{
	char *text = malloc(len + 1);
	memcpy(text, b, len);
	text[len] = '\0';
	if (len && text[len - 1] != '\n')
		die("the csv does not end with a newline");
	char *save;
	for (char *line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		Sample *g = &got[ngot++];
		const char *s = line;
		g->ply = 0;
		while (*s != ',')
			g->pos[g->ply++] = (short)pos(&s);
		s++;
		g->move = pos(&s);
		if (*s++ != ',' || sscanf(s, "%d", &g->result) != 1)
			die("a csv line is not Position,Move,Result");
	}
	free(text);
}

static unsigned word(const unsigned char *b)
{
	return b[0] | (unsigned)b[1] << 8;
}

static void read_bin(const unsigned char *b, size_t len, int size, int rule)
{
	size_t at = 0;
	while (at < len) {
		if (len - at < 4)
			die("a torn bin entry");
		unsigned w0 = word(b + at), w1 = word(b + at + 2);
		Sample *g = &got[ngot++];
		g->result = (int)(w0 & 3);
		g->ply = (int)(w0 >> 2 & 0x1FF);
		if ((int)(w0 >> 11) != size || (int)(w1 & 7) != rule)
			die("a bin entry of another board size or rule");
		unsigned move = w1 >> 3;
		g->move = (int)(move & 0x3FF);
		if ((int)(move >> 10) != g->ply % 2)
			die("bit 10 of the move is not the side to move");
		if (len - at < 4 + 2 * (size_t)g->ply)
			die("a torn bin entry");
		for (int i = 0; i < g->ply; i++)
			g->pos[i] = (short)word(b + at + 4 + 2 * i);
		at += 4 + 2 * (size_t)g->ply;
	}
}

/* LZ4 frames, one after another, into one buffer. */
static unsigned char *unlz4(const unsigned char *b, size_t len, size_t *out)
{
#ifdef GA_LZ4
	LZ4F_dctx *d;
	if (LZ4F_isError(LZ4F_createDecompressionContext(&d, LZ4F_VERSION)))
		die("LZ4F context");
	size_t cap = 1 << 20, n = 0, at = 0;
	unsigned char *o = malloc(cap);
	size_t hint = 1;
	while (at < len && hint) {
		if (cap - n < (1 << 18))
			o = realloc(o, cap *= 2);
		size_t dst = cap - n, src = len - at;
		hint = LZ4F_decompress(d, o + n, &dst, b + at, &src, NULL);
		if (LZ4F_isError(hint))
			die(LZ4F_getErrorName(hint));
		n += dst;
		at += src;
		if (hint == 0 && at < len)
			hint = 1; /* the next frame */
	}
	if (hint != 0)
		die("the LZ4 stream ends inside a frame");
	LZ4F_freeDecompressionContext(d);
	*out = n;
	return o;
#else
	(void)b;
	(void)len;
	(void)out;
	die("built without liblz4");
	return NULL;
#endif
}

static bool same(const Sample *a, const Sample *b)
{
	return a->ply == b->ply && a->move == b->move && a->result == b->result &&
	       memcmp(a->pos, b->pos, sizeof(short) * (size_t)a->ply) == 0;
}

int main(int argc, char **argv)
{
	if (argc < 8 || argc > 9)
		die("usage: samples_check FORMAT SAMPLES GAMES_CSV SIZE RULE OPENING_PLIES "
		    "all|some [LOSER]");
	int size = atoi(argv[4]), rule = atoi(argv[5]), open = atoi(argv[6]);
	want = calloc(MAXS, sizeof *want);
	got = calloc(MAXS, sizeof *got);
	if (!want || !got)
		die("out of memory");
	read_games(argv[3], size, open, argc == 9 ? argv[8] : NULL);
	size_t len;
	unsigned char *b = slurp(argv[2], &len);
	if (strcmp(argv[1], "csv") == 0) {
		read_csv(b, len);
	} else if (strcmp(argv[1], "bin") == 0) {
		read_bin(b, len, size, rule);
	} else {
		size_t n;
		unsigned char *raw = unlz4(b, len, &n);
		read_bin(raw, n, size, rule);
		free(raw);
	}
	free(b);
	int k = 0; /* got[i] matched as want[k - 1] */
	for (int i = 0; i < ngot; i++) {
		while (k < nwant && !same(&got[i], &want[k]))
			k++;
		if (k++ == nwant) {
			fprintf(stderr,
			        "samples_check: sample %d (ply %d) is no game's position\n",
			        i + 1, got[i].ply);
			return 1;
		}
	}
	bool all = strcmp(argv[7], "all") == 0;
	if (all ? ngot != nwant : ngot == 0 || ngot >= nwant) {
		fprintf(stderr, "samples_check: %d samples of %d positions (%s expected)\n",
		        ngot, nwant, argv[7]);
		return 1;
	}
	printf("%d samples of %d games\n", ngot, ngames);
	return 0;
}
