/* pgn.c - a games file as a headers-only PGN. */
#include "pgn.h"
#include "err.h"

#include <string.h>

#include "printable.h"
#include "results.h"

/* A tag value as the PGN standard (8.1.1) writes strings: a quote as \"
 * and a backslash as \\. Our names hold neither, but a games.csv from
 * another tool may, and a file's name (the event of a file outside a run
 * folder) may. A string holds no control character (8.1), and the PGN
 * often goes to a terminal: each is shown as \xNN first (printable.h),
 * whose backslash is then escaped like any other. */
static void pgn_string(FILE *out, const char *text)
{
	char shown[PRINTABLE_SIZE(RUN_TAGS_EVENT_MAX)];
	for (const char *s = printable_text(shown, sizeof shown, text); *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', out);
		fputc(*s, out);
	}
}

static void pgn_tag(FILE *out, const char *name, const char *value)
{
	fprintf(out, "[%s \"", name);
	pgn_string(out, value);
	fputs("\"]\n", out);
}

const char *pgn_termination(const char *reason)
{
	static const char *const map[][2] = {
	    {"five", "normal"},
	    {"forbidden", "normal"},
	    {"full-board", "normal"},
	    {"max-plies", "normal"},
	    {"timeout", "time forfeit"},
	    {"illegal", "rules infraction"},
	    {"protocol", "rules infraction"},
	    {"crash", "abandoned"},
	    {"memory", "abandoned"},
	    {"adjudicated", "adjudication"},
	};
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (!strcmp(reason, map[i][0]))
			return map[i][1];
	return NULL;
}

void pgn_game(FILE *out, const RunTags *tags, const ResultRow *r)
{
	/* PGN's White moves first, which is Gomoku's black. The Seven Tag
	 * Roster in its order, then the others in ASCII order (8.1.1). */
	const char *res = r->score == 1 ? "1-0" : r->score == 0 ? "0-1" : "1/2-1/2";
	char round[32], plies[16];
	snprintf(round, sizeof round, "%d.%d", r->round, r->pair);
	snprintf(plies, sizeof plies, "%d", r->plies);
	pgn_tag(out, "Event", tags->event);
	pgn_tag(out, "Site", "?");
	pgn_tag(out, "Date", tags->date);
	pgn_tag(out, "Round", round);
	pgn_tag(out, "White", r->black);
	pgn_tag(out, "Black", r->white);
	pgn_tag(out, "Result", res);
	/* One time control for both, or each side's as cutechess-cli writes
	 * them when they differ (WhiteTimeControl, BlackTimeControl). */
	const char *tc_w = run_tags_tc(tags, r->black), *tc_b = run_tags_tc(tags, r->white);
	bool same = !strcmp(tc_w, tc_b);
	if (!same && *tc_b)
		pgn_tag(out, "BlackTimeControl", tc_b);
	pgn_tag(out, "PlyCount", plies);
	const char *term = pgn_termination(r->reason);
	if (term)
		pgn_tag(out, "Termination", term);
	if (same && *tc_w)
		pgn_tag(out, "TimeControl", tc_w);
	if (!same && *tc_w)
		pgn_tag(out, "WhiteTimeControl", tc_w);
	fprintf(out, "\n%s\n\n", res);
}

typedef struct {
	FILE *out; /* NULL: the checking pass */
	const RunTags *tags;
} Pgn;

static int pgn_row(void *user, const ResultRow *r, const char *moves, char *msg,
                   size_t msglen)
{
	const Pgn *p = user;
	(void)moves, (void)msg, (void)msglen;
	if (p->out)
		pgn_game(p->out, p->tags, r);
	return 0;
}

int pgn_write_tags(const char *csv, const RunTags *tags, FILE *out, char *err,
                   size_t errlen)
{
	/* Two passes over the file, a game at a time: the first reads every
	 * game (bad input writes nothing), the second writes them. */
	Pgn p = {NULL, tags};
	if (results_scan(csv, pgn_row, &p, NULL, err, errlen) < 0)
		return -1;
	p.out = out;
	return results_scan(csv, pgn_row, &p, NULL, err, errlen) < 0 ? -1 : 0;
}

int pgn_write(const char *csv, FILE *out, char *err, size_t errlen)
{
	RunTags tags;
	run_tags_find(csv, &tags);
	return pgn_write_tags(csv, &tags, out, err, errlen);
}
