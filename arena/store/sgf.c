/* sgf.c - a games file as SGF game records. */
#include "sgf.h"
#include "err.h"

#include <string.h>
#include <sys/stat.h>

#include "board.h"
#include "coord.h"
#include "outfile.h"
#include "printable.h"
#include "results.h"

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
static const char *sgf_result(const ResultRow *r, char buf[8])
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

static int sgf_game(void *user, const ResultRow *r, const char *moves, char *msg,
                    size_t msglen)
{
	Sgf *s = user;
	FILE *out = s->out;
	char re[8], round[16], comment[SGF_TEXT_MAX];
	snprintf(round, sizeof round, "%d", r->round);
	fprintf(out, "(;GM[4]FF[4]CA[UTF-8]AP[gomoku-arena]SZ[%d]", s->size);
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
	const char *m = moves;
	for (int n = 0;; n++) {
		while (*m == ' ')
			m++;
		if (!*m)
			break;
		int p;
		char why[128];
		if (coord_scan(s->size, &m, &p, why, sizeof why) < 0) {
			return err_set(msg, msglen, "move %d: %s", n + 1, why);
		}
		fprintf(out, "%s;%c[%c%c]", n % 10 ? "" : "\n", n % 2 ? 'W' : 'B',
		        'a' + point_x(p), 'a' + point_y(p));
	}
	fputs(")\n", out);
	return 0;
}

int sgf_write(const char *csv, int size, Rule rule, FILE *out, char *err, size_t errlen)
{
	Sgf s = {out, size, rule};
	long torn;
	/* A run's games.csv may end torn (a run in progress), but even a run
	 * killed as it began wrote a header: an empty file is no games file. */
	struct stat st;
	if (stat(csv, &st) == 0 && st.st_size == 0)
		return err_set(err, errlen,
		               "%s:1: empty file (a games file begins with its header)",
		               csv);
	return results_scan(csv, sgf_game, &s, &torn, err, errlen);
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
