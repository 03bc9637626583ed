/* samples.c - training samples in c-gomoku-cli's formats, kept in step
 * with games.csv. */
#define _POSIX_C_SOURCE 200809L
#include "samples.h"
#include "err.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef GA_LZ4
#include <lz4frame.h>
#endif

#include "outfile.h"
#include "record.h"
#include "rng.h"

uint64_t samples_seed(uint64_t job_seed)
{
	/* Apart from the players' streams (jobs_player_seed adds 0 and 1). */
	uint64_t x = job_seed ^ 0x53414D504C455321ull; /* "SAMPLES!" */
	return rng_splitmix(&x);
}

bool samples_of_game(EndReason reason)
{
	switch (reason) {
	case END_ILLEGAL:
	case END_CRASH:
	case END_TIMEOUT:
	case END_PROTOCOL:
	case END_MEMORY: return false;
	default: return true;
	}
}

size_t samples_max_bytes(int size)
{
	/* csv: a stone is at most 3 bytes; an entry at most 3 (ply + 1) + 4
	 * bytes. bin: 2 ply + 4. Over every ply of a full board. */
	size_t n = (size_t)size * (size_t)size;
	return 3 * n * (n + 1) / 2 + 3 * n + 4 * n + 16;
}

/* The game's result for colour c: 0 loss, 1 draw, 2 win. */
static int result_for(GameOutcome o, int c)
{
	if (o == RESULT_DRAW)
		return 1;
	return (o == RESULT_BLACK_WIN) == (c == BLACK) ? 2 : 0;
}

/* Does loseonly keep the game: a challenger lost it? */
static bool challenger_lost(const SampleJob *j, GameOutcome o)
{
	return (o == RESULT_BLACK_WIN && j->challenger[WHITE]) ||
	       (o == RESULT_WHITE_WIN && j->challenger[BLACK]);
}

/* A point as c-gomoku-cli's POS_RAW: x * 32 + y, Gomocup coordinates. */
static unsigned raw_point(int p)
{
	return (unsigned)(point_x(p) * 32 + point_y(p));
}

/* "h8" in c-gomoku-cli's pos notation: 'a' + x, then y + 1. */
static size_t pos_text(int p, char *out)
{
	return (size_t)sprintf(out, "%c%d", 'a' + point_x(p), point_y(p) + 1);
}

static void put16(unsigned char *b, unsigned v)
{
	b[0] = (unsigned char)(v & 0xFF);
	b[1] = (unsigned char)(v >> 8);
}

/* The sample of the position before stone i into buf; its length. */
static size_t entry(const SampleSpec *s, const int16_t *moves, int i, int result,
                    unsigned char *buf)
{
	if (s->format == SAMPLE_CSV) {
		char *t = (char *)buf;
		size_t n = 0;
		for (int k = 0; k < i; k++)
			n += pos_text(moves[k], t + n);
		t[n++] = ',';
		n += pos_text(moves[i], t + n);
		n += (size_t)sprintf(t + n, ",%d\n", result);
		return n;
	}
	unsigned move = raw_point(moves[i]) | (unsigned)(i % 2) << 10;
	put16(buf, (unsigned)result | (unsigned)i << 2 | (unsigned)s->size << 11);
	put16(buf + 2, (unsigned)rule_gomocup(s->rule) | move << 3);
	for (int k = 0; k < i; k++)
		put16(buf + 4 + 2 * k, raw_point(moves[k]));
	return 4 + 2 * (size_t)i;
}

long samples_encode(const SampleSpec *s, const SampleJob *j, const int16_t *moves,
                    int plies, GameOutcome outcome, EndReason reason, unsigned char *buf,
                    size_t buflen)
{
	if (buflen < samples_max_bytes(s->size))
		return -1;
	if (!samples_of_game(reason) || (s->loseonly && !challenger_lost(j, outcome)))
		return 0;
	Rng rng;
	rng_seed(&rng, j->seed);
	size_t len = 0;
	/* One draw a player's move, so a move's fate depends on its ply
	 * alone; a forbidden point (renju), the game's last stone, lost the
	 * game and is no move to learn, as c-gomoku-cli leaves it out. */
	int last = reason == END_FORBIDDEN ? plies - 1 : plies;
	for (int i = j->opening_plies; i < last; i++) {
		double u = (double)(rng_next(&rng) >> 11) * 0x1p-53;
		if (u < s->freq)
			len += entry(s, moves, i, result_for(outcome, i % 2), buf + len);
	}
	return (long)len;
}

#ifdef GA_LZ4
/* The frame's settings: fixed, so the bytes depend only on the samples. */
static const LZ4F_preferences_t lz4_prefs = {
    .frameInfo = {.blockSizeID = LZ4F_max256KB,
                  .contentChecksumFlag = LZ4F_contentChecksumEnabled},
    .compressionLevel = 0};
#endif

int samples_open(SamplesFile *sf, const SampleSpec *s, const char *path, char *err,
                 size_t errlen)
{
	*sf = (SamplesFile){.spec = *s, .file = {.fd = -1}};
	sf->raw_max = samples_max_bytes(s->size);
#ifdef GA_LZ4
	if (s->format == SAMPLE_BIN_LZ4)
		sf->packed_max = LZ4F_compressFrameBound(sf->raw_max, &lz4_prefs);
#endif
	sf->raw = malloc(sf->raw_max);
	sf->packed = sf->packed_max ? malloc(sf->packed_max) : NULL;
	if (!sf->raw || (sf->packed_max && !sf->packed)) {
		samples_close(sf);
		return err_set(err, errlen, "%s: out of memory", path);
	}
	if (results_open_append(&sf->file, path, err, errlen) < 0) {
		samples_close(sf);
		return -1;
	}
	return 0;
}

int samples_append(SamplesFile *sf, const SampleJob *j, const GameRecord *rec)
{
	long n = samples_encode(&sf->spec, j, rec->moves, rec->plies, rec->outcome,
	                        rec->reason, sf->raw, sf->raw_max);
	if (n <= 0) {
		errno = n < 0 ? ENOMEM : 0;
		return n < 0 ? -1 : 0;
	}
	if (sf->spec.format != SAMPLE_BIN_LZ4)
		return results_append_bytes(&sf->file, sf->raw, (size_t)n);
#ifdef GA_LZ4
	size_t z =
	    LZ4F_compressFrame(sf->packed, sf->packed_max, sf->raw, (size_t)n, &lz4_prefs);
	if (LZ4F_isError(z)) {
		errno = EIO;
		return -1;
	}
	return results_append_bytes(&sf->file, sf->packed, z);
#else
	errno = ENOTSUP; /* refused by config_validate */
	return -1;
#endif
}

int samples_close(SamplesFile *sf)
{
	int rc = results_close(&sf->file);
	free(sf->raw);
	free(sf->packed);
	sf->raw = sf->packed = NULL;
	return rc;
}

/* The file samples_rebuild writes: the temporary file, and for bin_lz4 the
 * frame that spans it. */
typedef struct {
	const SampleSpec *spec;
	SamplesJobFn job;
	void *user;
	OutFile out;
	unsigned char *raw, *packed;
	size_t raw_max, packed_max;
#ifdef GA_LZ4
	LZ4F_cctx *cctx;
#endif
} Rebuild;

/* n bytes of raw samples into the file. Returns 0 or -1. */
static int rebuild_put(Rebuild *b, const unsigned char *raw, size_t n, char *msg,
                       size_t msglen)
{
	if (b->spec->format != SAMPLE_BIN_LZ4) {
		if (n && fwrite(raw, 1, n, b->out.f) != n)
			return err_set(msg, msglen, "cannot write: %s", strerror(errno));
		return 0;
	}
#ifdef GA_LZ4
	size_t z = LZ4F_compressUpdate(b->cctx, b->packed, b->packed_max, raw, n, NULL);
	if (LZ4F_isError(z))
		return err_set(msg, msglen, "LZ4: %s", LZ4F_getErrorName(z));
	if (z && fwrite(b->packed, 1, z, b->out.f) != z)
		return err_set(msg, msglen, "cannot write: %s", strerror(errno));
#endif
	return 0;
}

/* The outcome and ending of a games.csv row. Returns 0 or -1. */
static int row_ending(const ResultRow *row, GameOutcome *o, EndReason *r, char *msg,
                      size_t msglen)
{
	*o = row->score == 1   ? RESULT_BLACK_WIN
	     : row->score == 0 ? RESULT_WHITE_WIN
	                       : RESULT_DRAW;
	for (int e = 0; e < END_COUNT; e++)
		if (strcmp(row->reason, game_end_name((EndReason)e)) == 0) {
			*r = (EndReason)e;
			return 0;
		}
	return err_set(msg, msglen, "reason '%.24s' is no ending this arena knows",
	               row->reason);
}

static int rebuild_row(void *user, const ResultRow *row, const char *moves, char *msg,
                       size_t msglen)
{
	Rebuild *b = user;
	SampleJob j;
	if (!b->job(b->user, row->job, &j))
		return 0;
	int16_t pts[BOARD_MAX_MOVES];
	GameOutcome o = RESULT_DRAW;
	EndReason r = END_FIVE;
	int plies =
	    record_parse_moves(b->spec->size, moves, pts, BOARD_MAX_MOVES, msg, msglen);
	if (plies < 0 || row_ending(row, &o, &r, msg, msglen) < 0)
		return -1;
	long n = samples_encode(b->spec, &j, pts, plies, o, r, b->raw, b->raw_max);
	if (n < 0)
		return err_set(msg, msglen, "out of memory");
	return rebuild_put(b, b->raw, (size_t)n, msg, msglen);
}

/* The frame's start (bin_lz4) and the games. Returns 0 or -1. */
static int rebuild_games(Rebuild *b, const char *games_csv, char *err, size_t errlen)
{
#ifdef GA_LZ4
	if (b->spec->format == SAMPLE_BIN_LZ4) {
		size_t z =
		    LZ4F_compressBegin(b->cctx, b->packed, b->packed_max, &lz4_prefs);
		if (LZ4F_isError(z) || fwrite(b->packed, 1, z, b->out.f) != z)
			return err_set(err, errlen, "%s: cannot write", b->out.path);
	}
#endif
	long torn_at;
	if (access(games_csv, F_OK) == 0 &&
	    results_scan(games_csv, rebuild_row, b, &torn_at, err, errlen) < 0)
		return -1;
#ifdef GA_LZ4
	if (b->spec->format == SAMPLE_BIN_LZ4) {
		size_t z = LZ4F_compressEnd(b->cctx, b->packed, b->packed_max, NULL);
		if (LZ4F_isError(z) || fwrite(b->packed, 1, z, b->out.f) != z)
			return err_set(err, errlen, "%s: cannot write", b->out.path);
	}
#endif
	return 0;
}

int samples_rebuild(const char *path, const SampleSpec *s, const char *games_csv,
                    SamplesJobFn job, void *user, bool lazy, char *err, size_t errlen)
{
	Rebuild b = {.spec = s, .job = job, .user = user};
	b.raw_max = samples_max_bytes(s->size);
	b.raw = malloc(b.raw_max);
#ifdef GA_LZ4
	if (s->format == SAMPLE_BIN_LZ4) {
		b.packed_max =
		    LZ4F_compressBound(b.raw_max, &lz4_prefs) + LZ4F_HEADER_SIZE_MAX;
		b.packed = malloc(b.packed_max);
		if (LZ4F_isError(LZ4F_createCompressionContext(&b.cctx, LZ4F_VERSION)))
			b.cctx = NULL;
	}
	bool lz4_ok = s->format != SAMPLE_BIN_LZ4 || (b.packed && b.cctx);
#else
	bool lz4_ok = s->format != SAMPLE_BIN_LZ4;
#endif
	int rc = -1;
	if (!b.raw || !lz4_ok) {
		err_set(err, errlen, "%s: out of memory", path);
	} else if (outfile_open(&b.out, path, err, errlen)) {
		b.out.lazy = lazy;
		if (rebuild_games(&b, games_csv, err, errlen) < 0)
			outfile_abort(&b.out);
		else
			rc = outfile_commit(&b.out, err, errlen);
	}
#ifdef GA_LZ4
	LZ4F_freeCompressionContext(b.cctx);
#endif
	free(b.raw);
	free(b.packed);
	return rc;
}
