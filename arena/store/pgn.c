/* pgn.c - a games file as a headers-only PGN. */
#include "pgn.h"

#include "printable.h"
#include "results.h"

/* A tag value as the PGN standard (8.1.1) writes strings: a quote as \"
 * and a backslash as \\. Our names hold neither, but a games.csv from
 * another tool may. A string holds no control character (8.1), and the
 * PGN often goes to a terminal: each is shown as \xNN first (printable.h),
 * whose backslash is then escaped like any other. */
static void pgn_string(FILE *out, const char *name)
{
	char shown[PRINTABLE_SIZE(sizeof((ResultRow *)0)->black)];
	for (const char *s = printable_text(shown, sizeof shown, name); *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', out);
		fputc(*s, out);
	}
}

int pgn_write(const char *csv, FILE *out, char *err, size_t errlen)
{
	ResultSet set;
	if (results_read(csv, &set, NULL, err, errlen) < 0)
		return -1;
	/* PGN's White moves first, which is Gomoku's black. */
	for (int i = 0; i < set.count; i++) {
		const ResultRow *r = &set.rows[i];
		const char *res = r->score == 1 ? "1-0" : r->score == 0 ? "0-1" : "1/2-1/2";
		fprintf(out, "[Event \"gomoku\"]\n[Round \"%d\"]\n[White \"", r->round);
		pgn_string(out, r->black);
		fprintf(out, "\"]\n[Black \"");
		pgn_string(out, r->white);
		fprintf(out, "\"]\n[Result \"%s\"]\n\n%s\n\n", res, res);
	}
	results_free(&set);
	return 0;
}
