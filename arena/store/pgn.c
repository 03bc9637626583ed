/* pgn.c - a games file as a headers-only PGN. */
#include "pgn.h"

#include "printable.h"
#include "err.h"
#include "records.h"

/* A tag value as the PGN standard (8.1.1) writes strings: a quote as \"
 * and a backslash as \\. Our names hold neither, but a games.csv from
 * another tool may. A string holds no control character (8.1), and the
 * PGN often goes to a terminal: each is shown as \xNN first (printable.h),
 * whose backslash is then escaped like any other. */
static void pgn_string(FILE *out, const char *name)
{
	char shown[PRINTABLE_SIZE(sizeof((RecordGame *)0)->black)];
	for (const char *s = printable_text(shown, sizeof shown, name); *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', out);
		fputc(*s, out);
	}
}

static int pgn_game(void *user, const RecordGame *r, char *msg, size_t msglen)
{
	FILE *out = user;
	(void)msg, (void)msglen;
	/* PGN's White moves first, which is Gomoku's black. */
	const char *res = r->score == 1 ? "1-0" : r->score == 0 ? "0-1" : "1/2-1/2";
	fprintf(out, "[Event \"gomoku\"]\n[Round \"%d\"]\n[White \"", r->round);
	pgn_string(out, r->black);
	fprintf(out, "\"]\n[Black \"");
	pgn_string(out, r->white);
	fprintf(out, "\"]\n[Result \"%s\"]\n\n%s\n\n", res, res);
	return 0;
}

int pgn_write(const char *const *paths, int npaths, FILE *out, char *err, size_t errlen)
{
	/* Every game is read once (nothing out) before the first is written:
	 * bad input writes nothing, and memory stays a game's. */
	FILE *null = fopen("/dev/null", "we");
	if (!null)
		return err_set(err, errlen, "/dev/null: cannot open");
	int rc = records_scan(paths, npaths, pgn_game, null, NULL, err, errlen);
	fclose(null);
	return rc < 0 ? rc : records_scan(paths, npaths, pgn_game, out, NULL, err, errlen);
}
