/* sgf.c - a games file as SGF game records. */
#include "sgf.h"
#include "err.h"

#include <string.h>

#include "board.h"
#include "outfile.h"
#include "printable.h"
#include "records.h"

typedef struct {
	FILE *out;
	int size;
	Rule rule;
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

static int sgf_game(void *user, const RecordGame *r, char *msg, size_t msglen)
{
	Sgf *s = user;
	FILE *out = s->out;
	char re[8], round[16], comment[SGF_TEXT_MAX];
	/* A record that says its board (SGF, .psq) keeps it. */
	int size = r->size ? r->size : s->size;
	int16_t pts[BOARD_MAX_MOVES];
	int n = records_points(r, size, pts, BOARD_MAX_MOVES, msg, msglen);
	if (n < 0)
		return -1;
	snprintf(round, sizeof round, "%d", r->round);
	fprintf(out, "(;GM[4]FF[4]CA[UTF-8]AP[gomoku-arena]SZ[%d]", size);
	sgf_property(out, "RU", rule_name(s->rule));
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
	for (int i = 0; i < n; i++)
		fprintf(out, "%s;%c[%c%c]", i % 10 ? "" : "\n", i % 2 ? 'W' : 'B',
		        'a' + point_x(pts[i]), 'a' + point_y(pts[i]));
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
	Sgf s = {null, size, rule};
	int rc = records_scan(paths, npaths, sgf_game, &s, NULL, err, errlen);
	fclose(null);
	if (rc < 0)
		return rc;
	s.out = out;
	return records_scan(paths, npaths, sgf_game, &s, NULL, err, errlen);
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
		return -2;
	}
	return outfile_commit(&o, err, errlen);
}
