/* records.c - games from any common record (records.h): the format told
 * from the content, folders of .psq files, games.csv through results.h. */
#define _POSIX_C_SOURCE 200809L
#include "records.h"
#include "err.h"
#include "records_impl.h"

#include <dirent.h>
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "coord.h"
#include "game_play.h"
#include "record.h"
#include "results.h"

static uint64_t mix(uint64_t x)
{
	x ^= x >> 31;
	x *= 0x9E3779B97F4A7C15u;
	return x ^ (x >> 29);
}

static uint64_t text_hash(uint64_t h, const char *s)
{
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001B3u;
	return mix(h ^ 0xFF); /* the end of a name is part of it */
}

/* A move in a form every format shares: the column from 0 and the row
 * from 1 at the bottom (what "h8" says without the board's size). */
static uint64_t move_hash(uint64_t h, int col, int row)
{
	return mix(h ^ ((uint64_t)col << 8 | (uint64_t)row));
}

uint64_t records_game_id(const RecordGame *g)
{
	if (g->nmoves <= 0)
		return 0;
	uint64_t h = text_hash(text_hash(0xCBF29CE484222325u, g->black), g->white);
	h = mix(h ^ (uint64_t)(2 * g->score));
	if (g->points) {
		for (int i = 0; i < g->nmoves; i++)
			h = move_hash(h, point_x(g->points[i]),
			              g->size - point_y(g->points[i]));
	} else {
		for (const char *s = g->moves_text; *s;) {
			while (*s == ' ')
				s++;
			if (!*s)
				break;
			int col = 0, row = 0;
			for (; (*s | 32) >= 'a' && (*s | 32) <= 'z' && col < 100000; s++)
				col = col * 26 + ((*s | 32) - 'a');
			for (; *s >= '0' && *s <= '9' && row < 100000; s++)
				row = row * 10 + (*s - '0');
			while (*s && *s != ' ')
				s++;
			h = move_hash(h, col, row);
		}
	}
	return h ? h : 1;
}

int records_emit(RecordsFile *rf, RecordGame *g, char *msg, size_t msglen)
{
	g->file = rf->path;
	g->input = rf->input;
	bool stop = false;
	if (rf->finding) { /* records_find: only the game wanted */
		if (rf->want >= 0 ? g->job != rf->want : rf->found)
			return 0;
		rf->found = true;
		stop = rf->want >= 0;
	}
	if (rf->counts)
		rf->counts->games++;
	if (rf->fn(rf->user, g, msg, msglen) < 0)
		return ERR_INPUT; /* an error, not the end of the reading */
	rf->stop = stop;
	return 0;
}

int records_unfinished(RecordsFile *rf, RecordGame *g, char *msg, size_t msglen)
{
	if (!rf->finding) {
		if (rf->counts)
			rf->counts->unfinished++;
		return 0;
	}
	g->score = -1;
	return records_emit(rf, g, msg, msglen);
}

int records_name(char dst[64], const char *text)
{
	size_t n = strlen(text);
	if (n == 0 || n >= 64)
		return -1;
	memcpy(dst, text, n + 1);
	return 0;
}

void records_reason(const char *term, char reason[24])
{
	static const struct {
		const char *has, *reason;
	} words[] = {
	    {"five", "five"},       {"forbidden", "forbidden"}, {"time", "timeout"},
	    {"illegal", "illegal"}, {"full", "full_board"},     {"adjudic", "adjudication"},
	    {"crash", "crash"},     {"disconnect", "crash"},    {"resign", "resign"}};
	for (int e = 0; e < END_COUNT; e++)
		if (!strcmp(term, game_end_name((EndReason)e))) {
			snprintf(reason, 24, "%.23s", term);
			return;
		}
	char low[64];
	size_t n = 0;
	for (; term[n] && n < sizeof low - 1; n++)
		low[n] = (char)tolower((unsigned char)term[n]);
	low[n] = '\0';
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strstr(low, words[i].has)) {
			snprintf(reason, 24, "%s", words[i].reason);
			return;
		}
	snprintf(reason, 24, "%s", "unknown");
}

/* games.csv: results_scan's rows as games. */
typedef struct {
	RecordsFile *rf;
} Csv;

static int csv_row(void *user, const ResultRow *row, const char *moves, char *msg,
                   size_t msglen)
{
	Csv *c = user;
	RecordGame g = {.line = row->line,
	                .format = RECORDS_CSV,
	                .job = row->job,
	                .pair = row->pair,
	                .round = row->round,
	                .score = row->score,
	                .plies = row->plies,
	                .ms = {row->ms[0], row->ms[1]},
	                .moves_text = moves};
	memcpy(g.opening, row->opening, sizeof g.opening);
	memcpy(g.black, row->black, sizeof g.black);
	memcpy(g.white, row->white, sizeof g.white);
	memcpy(g.reason, row->reason, sizeof g.reason);
	g.nmoves = *moves ? row->plies : 0;
	c->rf->number++;
	if (records_emit(c->rf, &g, msg, msglen) < 0)
		return -1;           /* results_scan places msg */
	return c->rf->stop ? -1 : 0; /* found: the scan ends here */
}

/* The first bytes of f, past a byte-order mark and blank space; f is left
 * at its start. */
static int peek(FILE *f, char *buf, size_t n)
{
	size_t got = fread(buf, 1, n - 1, f);
	buf[got] = '\0';
	rewind(f);
	size_t at = 0;
	if (got >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
		at = 3;
	while (at < got && strchr(" \t\r\n", buf[at]))
		at++;
	return (int)at;
}

static int format_of(FILE *f, const char *path, char *err, size_t errlen)
{
	char head[64];
	int at = peek(f, head, sizeof head);
	const char *s = head + at;
	if (!head[0])
		return err_input(err, errlen, "%s:1: empty file", path);
	if (strncmp(s, "job,", 4) == 0 || strncmp(head, "job", 3) == 0)
		return RECORDS_CSV;
	if (*s == '[')
		return RECORDS_PGN;
	if (*s == '(')
		return RECORDS_SGF;
	if (strncmp(s, "Piskvorky", 9) == 0)
		return RECORDS_PSQ;
	if (!*s)
		return err_input(err, errlen, "%s:1: no games (only blank space)", path);
	size_t n = strcspn(s, "\r\n");
	return err_input(err, errlen,
	                 "%s:1: not a games.csv, PGN, SGF or .psq record (it begins "
	                 "'%.*s')",
	                 path, (int)(n < 24 ? n : 24), s);
}

int records_format(const char *path, char *err, size_t errlen)
{
	struct stat st;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return RECORDS_PSQ;
	FILE *f = fopen(path, "re");
	if (!f)
		return err_input(err, errlen, "%s: cannot open: %s", path, strerror(errno));
	int rc = format_of(f, path, err, errlen);
	fclose(f);
	return rc;
}

static int read_file(RecordsFile *rf, char *err, size_t errlen)
{
	FILE *f = fopen(rf->path, "re");
	if (!f)
		return err_input(err, errlen, "%s: cannot open: %s", rf->path,
		                 strerror(errno));
	int fmt = format_of(f, rf->path, err, errlen), rc = fmt < 0 ? fmt : 0;
	if (fmt == RECORDS_PGN)
		rc = pgn_read(rf, f, err, errlen);
	else if (fmt == RECORDS_SGF)
		rc = sgf_read(rf, f, err, errlen);
	else if (fmt == RECORDS_PSQ)
		rc = psq_read(rf, f, err, errlen);
	fclose(f);
	if (fmt == RECORDS_CSV) {
		Csv c = {.rf = rf};
		if (results_scan(rf->path, csv_row, &c, NULL, err, errlen) < 0 && !rf->stop)
			rc = strstr(err, "out of memory") ? ERR_FAIL : ERR_INPUT;
	}
	return rc;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The .psq files of a folder, in name order. */
static int read_folder(RecordsFile *rf, char *err, size_t errlen)
{
	DIR *d = opendir(rf->path);
	if (!d)
		return err_input(err, errlen, "%s: cannot open: %s", rf->path,
		                 strerror(errno));
	char **names = NULL;
	size_t n = 0, cap = 0;
	int rc = 0;
	for (struct dirent *e; rc == 0 && (e = readdir(d));) {
		size_t len = strlen(e->d_name);
		if (len < 5 || strcmp(e->d_name + len - 4, ".psq") != 0)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 256;
			char **p = realloc(names, sizeof *p * cap);
			if (!p) {
				rc = err_set(err, errlen, "out of memory");
				break;
			}
			names = p;
		}
		if (!(names[n] = strdup(e->d_name)))
			rc = err_set(err, errlen, "out of memory");
		else
			n++;
	}
	closedir(d);
	if (rc == 0 && n == 0)
		rc = err_input(err, errlen, "%s: a folder with no .psq file", rf->path);
	if (n > 1)
		qsort(names, n, sizeof *names, by_name);
	const char *folder = rf->path;
	for (size_t i = 0; i < n && rc == 0 && !rf->stop; i++) {
		char path[4096];
		snprintf(path, sizeof path, "%s/%s", folder, names[i]);
		rf->path = path;
		rc = read_file(rf, err, errlen);
		rf->path = folder;
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}

/* One path, read as records_scan reads it, into rf. */
static int read_path(RecordsFile *rf, char *err, size_t errlen)
{
	struct stat st;
	bool dir = stat(rf->path, &st) == 0 && S_ISDIR(st.st_mode);
	return dir ? read_folder(rf, err, errlen) : read_file(rf, err, errlen);
}

int records_scan(const char *const *paths, int npaths, RecordsFn fn, void *user,
                 RecordsCounts *counts, char *err, size_t errlen)
{
	if (counts)
		*counts = (RecordsCounts){0};
	for (int i = 0; i < npaths; i++) {
		RecordsFile rf = {
		    .path = paths[i], .input = i, .fn = fn, .user = user, .counts = counts};
		int rc = read_path(&rf, err, errlen);
		if (rc < 0)
			return rc;
	}
	return 0;
}

int records_find(const char *path, long number, RecordsFn fn, void *user, long *held,
                 char *err, size_t errlen)
{
	RecordsFile rf = {
	    .path = path, .fn = fn, .user = user, .finding = true, .want = number};
	int rc = read_path(&rf, err, errlen);
	*held = rf.number;
	return rc < 0 ? rc : rf.found;
}

int records_points(const RecordGame *g, int size, int16_t *pts, int max, char *msg,
                   size_t msglen)
{
	if (g->nmoves <= 0)
		return 0;
	if (g->points) {
		if (g->size != size)
			return err_set(msg, msglen, "a game on a %dx%d board, not %dx%d",
			               g->size, g->size, size, size);
		if (g->nmoves > max)
			return err_set(msg, msglen, "more than %d moves", max);
		memcpy(pts, g->points, sizeof *pts * (size_t)g->nmoves);
		return g->nmoves;
	}
	return record_parse_moves(size, g->moves_text, pts, max, msg, msglen);
}
