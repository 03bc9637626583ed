/* sgf.c - a games file as SGF game records. */
#include "sgf.h"
#include "err.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "board.h"
#include "coord.h"
#include "moves_csv.h"
#include "outfile.h"
#include "printable.h"
#include "results.h"
#include "run_tags.h"

/* What moves.csv says of one stone (sgf_moves). */
typedef struct {
	bool known;
	int ms, eval, depth;
} StoneInfo;

typedef struct {
	FILE *out;
	int size;
	Rule rule;
	const RunTags *tags;
	/* moves.csv beside the games file, read alongside it (NULL: none, or
	 * no longer usable); the row read ahead of the game it belongs to. */
	MovesCsvReader *moves;
	bool ahead;
	MoveRow row;
	int last_job; /* of the last game and the last row: both go up */
	StoneInfo info[BOARD_MAX_MOVES];
} Sgf;

/* A SimpleText value (SGF FF[4] 3.2): ']' and '\' escaped; the rest as it
 * is, since the file says CA[UTF-8], but for control characters (a name
 * from another tool's games.csv, on its way to a terminal), shown as \xNN
 * (printable.h) before the escaping. Values are at most SGF_TEXT_MAX. */
enum { SGF_TEXT_MAX = 512 };
static void sgf_text(FILE *out, const char *text)
{
	char shown[PRINTABLE_SIZE(SGF_TEXT_MAX)];
	for (const char *s = printable_text(shown, sizeof shown, text); *s; s++) {
		if (*s == ']' || *s == '\\')
			fputc('\\', out);
		fputc(*s, out);
	}
}

static void sgf_property(FILE *out, const char *id, const char *value)
{
	fprintf(out, "%s[", id);
	sgf_text(out, value);
	fputc(']', out);
}

/* RE's value: the winner, and T or F when the loser lost on time or by a
 * fault rather than over the board. */
static const char *sgf_result(const ResultRow *r, char buf[8])
{
	if (r->score == 0.5)
		return "0";
	const char *how = !strcmp(r->reason, "timeout") ? "T"
	                  : !strcmp(r->reason, "crash") || !strcmp(r->reason, "illegal") ||
	                          !strcmp(r->reason, "protocol") ||
	                          !strcmp(r->reason, "memory")
	                      ? "F"
	                      : "";
	snprintf(buf, 8, "%c+%s", r->score == 1 ? 'B' : 'W', how);
	return buf;
}

/* The moves.csv rows of game r into s->info (known for the stones they
 * describe); returns whether there are any. Rows of games not in the games
 * file are passed over; a file out of job order, or rows that are not the
 * game's stones, give no comments (from there on, or for that game). A row
 * that does not read is an error: -1 with the message in msg. */
static int sgf_moves(Sgf *s, const ResultRow *r, const int16_t *pts, int n, char *msg,
                     size_t msglen)
{
	memset(s->info, 0, sizeof s->info[0] * (size_t)(n > 0 ? n : 1));
	if (!s->moves)
		return 0;
	if (r->job < s->last_job) { /* not sorted by job: no more comments */
		moves_csv_close(s->moves);
		s->moves = NULL;
		return 0;
	}
	s->last_job = r->job;
	bool any = false, fits = true;
	for (;;) {
		if (!s->ahead) {
			int rc = moves_csv_next(s->moves, &s->row, msg, msglen);
			if (rc < 0)
				return -1;
			if (rc == 0) {
				moves_csv_close(s->moves);
				s->moves = NULL;
				break;
			}
			s->ahead = true;
		}
		if (s->row.job > r->job)
			break;
		s->ahead = false;
		if (s->row.job < r->job)
			continue; /* a game the games file does not hold */
		int i = s->row.ply - 1;
		if (i >= n || s->row.move != pts[i])
			fits = false;
		else
			s->info[i] =
			    (StoneInfo){true, s->row.ms, s->row.eval, s->row.depth};
		any = true;
	}
	return any && fits;
}

/* The comment of stone i of a game that moves.csv describes: c-gomoku-cli's
 * "opening move" before the first stone a player chose, then the time and,
 * where the player said them, its eval and depth ("35/12 250ms"). */
static void sgf_comment(FILE *out, const StoneInfo *info, int i, bool opening)
{
	const StoneInfo *k = &info[i];
	if (!k->known) {
		if (opening)
			fputs("C[opening move]", out);
		return;
	}
	fputs("C[", out);
	if (k->eval != SCORE_NONE)
		fprintf(out, k->depth >= 0 ? "%d/%d " : "%d ", k->eval, k->depth);
	fprintf(out, "%dms]", k->ms);
}

static int sgf_game(void *user, const ResultRow *r, const char *moves, char *msg,
                    size_t msglen)
{
	Sgf *s = user;
	FILE *out = s->out;
	int16_t pts[BOARD_MAX_MOVES];
	int n = 0;
	for (const char *m = moves;;) {
		while (*m == ' ')
			m++;
		if (!*m)
			break;
		int p;
		char why[128];
		if (n == BOARD_MAX_MOVES ||
		    coord_scan(s->size, &m, &p, why, sizeof why) < 0)
			return err_set(msg, msglen, "move %d: %s", n + 1,
			               n == BOARD_MAX_MOVES ? "more moves than points"
			                                    : why);
		pts[n++] = (int16_t)p;
	}
	int described = sgf_moves(s, r, pts, n, msg, msglen);
	if (described < 0)
		return -1;
	char re[8], round[32], comment[SGF_TEXT_MAX];
	snprintf(round, sizeof round, "%d.%d", r->round, r->pair);
	fprintf(out, "(;GM[4]FF[4]CA[UTF-8]AP[gomoku-arena]SZ[%d]", s->size);
	sgf_property(out, "RU", rule_name(s->rule));
	sgf_property(out, "EV", s->tags->event);
	if (s->tags->date[0] != '?') { /* SGF's dates are YYYY-MM-DD */
		char dt[11];
		snprintf(dt, sizeof dt, "%.4s-%.2s-%.2s", s->tags->date, s->tags->date + 5,
		         s->tags->date + 8);
		sgf_property(out, "DT", dt);
	}
	sgf_property(out, "PB", r->black);
	sgf_property(out, "PW", r->white);
	sgf_property(out, "RE", sgf_result(r, re));
	sgf_property(out, "RO", round);
	sgf_property(out, "GN", r->opening);
	snprintf(comment, sizeof comment,
	         "job %d, pair %d, round %d; rule %s; opening %s; %s by %s after %d stones",
	         r->job, r->pair, r->round, rule_name(s->rule), r->opening,
	         r->score == 1   ? "1-0"
	         : r->score == 0 ? "0-1"
	                         : "1/2-1/2",
	         r->reason, r->plies);
	sgf_property(out, "C", comment);
	/* One node per stone, black first, ten to a line. */
	bool opening = true;
	for (int i = 0; i < n; i++) {
		fprintf(out, "%s;%c[%c%c]", i % 10 ? "" : "\n", i % 2 ? 'W' : 'B',
		        'a' + point_x(pts[i]), 'a' + point_y(pts[i]));
		if (described) {
			opening = opening && !s->info[i].known;
			sgf_comment(out, s->info, i, opening);
		}
	}
	fputs(")\n", out);
	return 0;
}

int sgf_write(const char *csv, int size, Rule rule, FILE *out, char *err, size_t errlen)
{
	long torn;
	/* A run's games.csv may end torn (a run in progress), but even a run
	 * killed as it began wrote a header: an empty file is no games file. */
	struct stat st;
	if (stat(csv, &st) == 0 && st.st_size == 0)
		return err_set(err, errlen,
		               "%s:1: empty file (a games file begins with its header)",
		               csv);
	RunTags tags;
	run_tags_find(csv, &tags);
	Sgf *s = calloc(1, sizeof *s);
	if (!s)
		return err_set(err, errlen, "out of memory");
	*s = (Sgf){.out = out, .size = size, .rule = rule, .tags = &tags, .last_job = -1};
	/* A moves.csv that cannot be read as one (missing, another file):
	 * no comments, as for a games file without it. */
	if (tags.moves[0]) {
		char why[512];
		s->moves = moves_csv_open(tags.moves, size, why, sizeof why);
	}
	int rc = results_scan(csv, sgf_game, s, &torn, err, errlen);
	moves_csv_close(s->moves);
	free(s);
	return rc;
}

int sgf_write_file(const char *csv, int size, Rule rule, const char *path, char *err,
                   size_t errlen)
{
	OutFile o;
	FILE *f = outfile_open(&o, path, err, errlen);
	if (!f)
		return -1;
	if (sgf_write(csv, size, rule, f, err, errlen) < 0) {
		outfile_abort(&o);
		return -2;
	}
	return outfile_commit(&o, err, errlen);
}
