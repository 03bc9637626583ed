/* sgf.c - a games file as SGF game records. */
#include "sgf.h"
#include "err.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "moves_csv.h"
#include "outfile.h"
#include "printable.h"
#include "records.h"
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
	int input;    /* whose tags are below; -1: none yet */
	RunTags tags; /* of the input the games come from */
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
 * fault rather than over the board, R when adjudication resigned for it. */
static const char *sgf_result(const RecordGame *r, char buf[8])
{
	if (r->score == 0.5)
		return "0";
	const char *how = !strcmp(r->reason, "timeout") ? "T"
	                  : !strcmp(r->reason, "crash") || !strcmp(r->reason, "illegal") ||
	                          !strcmp(r->reason, "protocol") ||
	                          !strcmp(r->reason, "memory")
	                      ? "F"
	                  : !strcmp(r->reason, "adjudicated") ? "R"
	                                                      : "";
	snprintf(buf, 8, "%c+%s", r->score == 1 ? 'B' : 'W', how);
	return buf;
}

/* The moves.csv rows of game r into s->info (known for the stones they
 * describe); returns whether there are any. Rows of games not in the games
 * file are passed over; a file out of job order, or rows that are not the
 * game's stones, give no comments (from there on, or for that game). A row
 * that does not read is an error: -1 with the message in msg. */
static int sgf_moves(Sgf *s, const RecordGame *r, const int16_t *pts, int n, char *msg,
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

/* The tags and moves.csv of the input game r comes from, when it is not
 * the last game's. */
static void sgf_input(Sgf *s, const RecordGame *r, int size)
{
	if (r->input == s->input)
		return;
	s->input = r->input;
	run_tags_find(r->file, &s->tags);
	moves_csv_close(s->moves);
	s->moves = NULL;
	s->ahead = false;
	s->last_job = -1;
	/* A moves.csv that cannot be read as one (missing, another file): no
	 * comments, as for a games file without it. Only a games.csv has one. */
	if (s->tags.moves[0] && r->format == RECORDS_CSV) {
		char why[ERR_MAX];
		s->moves = moves_csv_open(s->tags.moves, size, why, sizeof why);
	}
}

static int sgf_game(void *user, const RecordGame *r, char *msg, size_t msglen)
{
	Sgf *s = user;
	FILE *out = s->out;
	/* A record that says its board (SGF, .psq) keeps it. */
	int size = r->size ? r->size : s->size;
	int16_t pts[BOARD_MAX_MOVES];
	int n = records_points(r, size, pts, BOARD_MAX_MOVES, msg, msglen);
	if (n < 0)
		return -1;
	sgf_input(s, r, size);
	int described = sgf_moves(s, r, pts, n, msg, msglen);
	if (described < 0)
		return -1;
	char re[8], round[32], comment[SGF_TEXT_MAX];
	if (r->pair >= 0)
		snprintf(round, sizeof round, "%d.%d", r->round, r->pair);
	else
		snprintf(round, sizeof round, "%d", r->round);
	fprintf(out, "(;GM[4]FF[4]CA[UTF-8]AP[gomoku-arena]SZ[%d]", size);
	sgf_property(out, "RU", rule_name(s->rule));
	sgf_property(out, "EV", s->tags.event);
	if (s->tags.date[0] != '?') { /* SGF's dates are YYYY-MM-DD */
		char dt[11];
		snprintf(dt, sizeof dt, "%.4s-%.2s-%.2s", s->tags.date, s->tags.date + 5,
		         s->tags.date + 8);
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

int sgf_write(const char *const *paths, int npaths, int size, Rule rule, FILE *out,
              char *err, size_t errlen)
{
	/* Every game is checked (a pass into /dev/null) before the first byte
	 * goes out: bad input writes nothing, and memory stays a game's. */
	FILE *null = fopen("/dev/null", "we");
	if (!null)
		return err_set(err, errlen, "/dev/null: cannot open");
	Sgf *s = calloc(1, sizeof *s);
	if (!s) {
		fclose(null);
		return err_set(err, errlen, "out of memory");
	}
	*s = (Sgf){.out = null, .size = size, .rule = rule, .input = -1, .last_job = -1};
	int rc = records_scan(paths, npaths, sgf_game, s, NULL, err, errlen);
	fclose(null);
	moves_csv_close(s->moves);
	if (rc == 0) {
		*s = (Sgf){
		    .out = out, .size = size, .rule = rule, .input = -1, .last_job = -1};
		rc = records_scan(paths, npaths, sgf_game, s, NULL, err, errlen);
		moves_csv_close(s->moves);
	}
	free(s);
	return rc;
}

int sgf_write_file(const char *csv, int size, Rule rule, const char *path, char *err,
                   size_t errlen)
{
	return sgf_write_paths_file(&csv, 1, size, rule, path, err, errlen);
}

int sgf_write_paths_file(const char *const *paths, int npaths, int size, Rule rule,
                         const char *path, char *err, size_t errlen)
{
	OutFile o;
	FILE *f = outfile_open(&o, path, err, errlen);
	if (!f)
		return -1;
	if (sgf_write(paths, npaths, size, rule, f, err, errlen) < 0) {
		outfile_abort(&o);
		return ERR_INPUT;
	}
	return outfile_commit(&o, err, errlen);
}
