/* pgn.c - a games file as a headers-only PGN. */
#include "pgn.h"
#include "err.h"

#include <string.h>

#include <stdlib.h>

#include "coord.h"
#include "printable.h"
#include "records.h"
#include "run_tags.h"

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

/* The movetext: "1. h8 i9 2. h9 ...", lines under 80 bytes (PGN 8.2.2),
 * each move as games.csv writes it (coord.h); the result follows. */
static void pgn_moves(FILE *out, const RecordGame *r)
{
	int col = 0;
	const char *s = r->moves_text;
	for (int i = 0; i < r->nmoves; i++) {
		char mv[COORD_TEXT_MAX], num[16] = "";
		if (r->points) {
			coord_format(r->size, r->points[i], mv);
		} else {
			while (*s == ' ')
				s++;
			size_t n = strcspn(s, " ");
			snprintf(mv, sizeof mv, "%.*s", (int)(n < COORD_TEXT_MAX ? n : 7),
			         s);
			s += n;
		}
		if (i % 2 == 0)
			snprintf(num, sizeof num, "%d. ", i / 2 + 1);
		int len = (int)(strlen(num) + strlen(mv));
		if (col && col + len + 1 > 72) {
			fputc('\n', out);
			col = 0;
		}
		col += fprintf(out, "%s%s%s", col ? " " : "", num, mv);
	}
	if (col)
		fputc(' ', out);
}

static void pgn_game(FILE *out, const RunTags *tags, const RecordGame *r, bool moves)
{
	/* PGN's White moves first, which is Gomoku's black. The Seven Tag
	 * Roster in its order, then the others in ASCII order (8.1.1). */
	const char *res = r->score == 1 ? "1-0" : r->score == 0 ? "0-1" : "1/2-1/2";
	char round[32], plies[16];
	/* A record without pairs (pair -1) or rounds (0) says what it knows. */
	if (r->pair >= 0)
		snprintf(round, sizeof round, "%d.%d", r->round, r->pair);
	else if (r->round > 0)
		snprintf(round, sizeof round, "%d", r->round);
	else
		snprintf(round, sizeof round, "?");
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
	fputc('\n', out);
	if (moves)
		pgn_moves(out, r);
	fprintf(out, "%s\n\n", res);
}

typedef struct {
	FILE *out;    /* NULL: the checking pass */
	bool moves;   /* the movetext too */
	int input;    /* whose tags are below; -1: none yet */
	RunTags tags; /* of the input the games come from */
} Pgn;

static int pgn_record(void *user, const RecordGame *r, char *msg, size_t msglen)
{
	Pgn *p = user;
	(void)msg, (void)msglen;
	if (!p->out)
		return 0;
	if (r->input != p->input) { /* each input's own run folder and date */
		run_tags_find(r->file, &p->tags);
		p->input = r->input;
	}
	pgn_game(p->out, &p->tags, r, p->moves);
	return 0;
}

int pgn_write(const char *const *paths, int npaths, FILE *out, char *err, size_t errlen)
{
	return pgn_write_moves(paths, npaths, false, out, err, errlen);
}

int pgn_write_moves(const char *const *paths, int npaths, bool moves, FILE *out, char *err,
                    size_t errlen)
{
	/* Two passes over the inputs, a game at a time: the first reads every
	 * game (bad input writes nothing), the second writes them. */
	Pgn *p = calloc(1, sizeof *p);
	if (!p)
		return err_set(err, errlen, "out of memory");
	p->input = -1;
	p->moves = moves;
	int rc = records_scan(paths, npaths, pgn_record, p, NULL, err, errlen);
	if (rc == 0) {
		p->out = out;
		rc = records_scan(paths, npaths, pgn_record, p, NULL, err, errlen);
	}
	free(p);
	return rc;
}
