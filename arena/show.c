/* show.c - `arena show`: replay a game record on the terminal. */
#define _POSIX_C_SOURCE 200809L
#include "show.h"
#include "err.h"

#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config_keys.h"
#include "coord.h"
#include "diagram.h"
#include "faults.h"
#include "inifile.h"
#include "moves_csv.h"
#include "printable.h"
#include "record.h"
#include "results.h"
#include "rules.h"

/* The game of one job in a games.csv. */
typedef struct {
	int job, size, found;
	Record *rec;
	ResultRow row;
} Wanted;

static int take_job(void *user, const ResultRow *row, const char *moves, char *msg,
                    size_t msglen)
{
	Wanted *w = user;
	if (row->job != w->job)
		return 0;
	int n =
	    record_parse_moves(w->size, moves, w->rec->moves, BOARD_MAX_MOVES, msg, msglen);
	if (n < 0)
		return -1;
	w->rec->count = n;
	w->row = *row;
	w->found = 1;
	return 0;
}

/* Board size and rule of a run, from the config.ini beside its games.csv
 * (none: the defaults), read as every INI file is (inifile.h) and its
 * [tournament] board and rule by the tournament's own key table. Returns
 * 0, or -1 with "config.ini:line: what is wrong" in err. */
static int run_settings(const char *csv, int *size, Rule *rule, char *err, size_t errlen)
{
	char path[4200];
	const char *slash = strrchr(csv, '/');
	snprintf(path, sizeof path, "%.*sconfig.ini", slash ? (int)(slash - csv + 1) : 0,
	         csv);
	if (access(path, F_OK) != 0 && errno == ENOENT)
		return 0;
	IniFile ini;
	if (inifile_read(path, NULL, &ini, err, errlen) < 0)
		return -1;
	Tournament *t = malloc(sizeof *t); /* 170 KB with its players: not on the stack */
	if (!t) {
		inifile_free(&ini);
		return err_set(err, errlen, "out of memory");
	}
	config_table_defaults(&config_tournament, t);
	t->size = *size;
	t->rule = *rule;
	int rc = 0;
	char msg[ERR_MAX];
	for (int i = 0; i < ini.nentries && rc == 0; i++) {
		const IniEntry *e = &ini.entries[i];
		const char *key = e->key;
		if (strcmp(ini.sections[e->section].name, "tournament") != 0 ||
		    (strcmp(key, "board") != 0 && strcmp(key, "rule") != 0))
			continue;
		if (config_table_set(&config_tournament, t, key, e->value, path, e->line,
		                     msg, sizeof msg) < 0)
			rc = inifile_fail(&ini, e->line, msg, err, errlen);
	}
	if (rc == 0) {
		*size = t->size;
		*rule = t->rule;
	}
	free(t);
	inifile_free(&ini);
	return rc;
}

/* What moves.csv says of one job's moves, by ply (1-based). */
typedef struct {
	int job, rows;
	bool have[BOARD_MAX_MOVES + 1];
	int ms[BOARD_MAX_MOVES + 1], eval[BOARD_MAX_MOVES + 1], depth[BOARD_MAX_MOVES + 1],
	    seldepth[BOARD_MAX_MOVES + 1];
} JobMoves;

static int take_moves(void *user, const MoveRow *row, char *msg, size_t msglen)
{
	JobMoves *m = user;
	(void)msg, (void)msglen;
	if (row->job != m->job)
		return 0;
	m->have[row->ply] = true;
	m->ms[row->ply] = row->ms;
	m->eval[row->ply] = row->eval;
	m->depth[row->ply] = row->depth;
	m->seldepth[row->ply] = row->seldepth;
	m->rows++;
	return 0;
}

/* Each move's time, eval and depth where moves.csv knows them. */
static void print_moves(const JobMoves *m, const Record *rec, int count, FILE *out)
{
	fprintf(out,
	        "moves (moves.csv: ms, eval from the mover's side, depth/seldepth):\n");
	for (int ply = 1; ply <= count && ply <= BOARD_MAX_MOVES; ply++) {
		if (!m->have[ply])
			continue;
		char at[COORD_TEXT_MAX], ev[24] = "", dp[32] = "";
		if (m->eval[ply] != SCORE_NONE)
			snprintf(ev, sizeof ev, "  eval %d", m->eval[ply]);
		if (m->depth[ply] >= 0)
			snprintf(dp, sizeof dp, "  depth %d", m->depth[ply]);
		if (m->seldepth[ply] >= 0)
			snprintf(dp + strlen(dp), sizeof dp - strlen(dp), "%s%d",
			         m->depth[ply] >= 0 ? "/" : "  seldepth ",
			         m->seldepth[ply]);
		fprintf(out, "%4d %-4s %s %6d ms%s%s\n", ply,
		        coord_format(rec->size, rec->moves[ply - 1], at),
		        ply % 2 ? "black" : "white", m->ms[ply], ev, dp);
	}
}

/* The job's rows of moves.csv beside the games.csv at path into a new
 * *out (NULL when there is no moves.csv: a games.csv of another tool, or
 * of a run before moves.csv). Returns 0, or -1 with a message. */
static int job_moves(const char *path, int job, int size, JobMoves **out, char *err,
                     size_t errlen)
{
	char mpath[4200], dir[4200];
	*out = NULL;
	snprintf(dir, sizeof dir, "%s", path);
	snprintf(mpath, sizeof mpath, "%s/moves.csv", dirname(dir));
	if (access(mpath, F_OK) != 0)
		return 0;
	JobMoves *jm = calloc(1, sizeof *jm);
	if (!jm)
		return err_set(err, errlen, "arena show: out of memory");
	jm->job = job;
	if (moves_csv_scan(mpath, size, take_moves, jm, err, errlen) < 0) {
		free(jm);
		return -1;
	}
	*out = jm;
	return 0;
}

/* The job's line of faults.csv (into fault) and rows of moves.csv (into
 * *jm), beside the games.csv at path. Returns 0, or -1 with a message. */
static int beside(const char *path, int job, int size, char *fault, size_t faultlen,
                  JobMoves **jm, char *err, size_t errlen)
{
	char fpath[4200], dir[4200];
	snprintf(dir, sizeof dir, "%s", path);
	snprintf(fpath, sizeof fpath, "%s/faults.csv", dirname(dir));
	if (faults_find(fpath, job, fault, faultlen, err, errlen) < 0)
		return -1;
	return job_moves(path, job, size, jm, err, errlen);
}

int show_game(const ShowOptions *opt, FILE *out, char *err, size_t errlen)
{
	const char *path = opt->path;
	Rule rule = opt->rule >= 0 ? (Rule)opt->rule : RULE_FREESTYLE;
	bool rule_given = opt->rule >= 0;
	long size = opt->size, job = opt->job;
	Record rec; /* 3 KB */
	char msg[ERR_MAX];
	size_t len = strlen(path);
	bool csv = len > 4 && strcmp(path + len - 4, ".csv") == 0;
	Wanted w = {.rec = &rec};
	if (csv) {
		if (job < 0) {
			snprintf(err, errlen,
			         "arena show: give the job number after %s (try --help)",
			         path);
			return 2;
		}
		int sz = BOARD_DEFAULT;
		Rule r = RULE_FREESTYLE;
		if (run_settings(path, &sz, &r, err, errlen) < 0)
			return 2;
		if (!rule_given)
			rule = r;
		record_init(&rec, size ? (int)size : sz);
		w.job = (int)job;
		w.size = rec.size;
		if (results_scan(path, take_job, &w, NULL, msg, sizeof msg) < 0) {
			snprintf(err, errlen, "%s", msg);
			return 2;
		}
		if (!w.found) {
			snprintf(err, errlen, "arena show: %s has no job %ld", path, job);
			return 2;
		}
	} else {
		if (job >= 0) {
			snprintf(
			    err, errlen,
			    "arena show: unexpected argument '%ld': a .psq record holds "
			    "one game (try --help)",
			    job);
			return 2;
		}
		if (record_load_psq(path, &rec, msg, sizeof msg) < 0) {
			snprintf(err, errlen, "%s", msg);
			return 2;
		}
	}
	/* faults.csv and moves.csv beside games.csv: the referee's evidence
	 * and the moves' notes, read (and checked) before anything is shown. */
	char fault[600] = "";
	JobMoves *jm = NULL;
	if (w.found &&
	    beside(path, w.row.job, rec.size, fault, sizeof fault, &jm, err, errlen) < 0)
		return 2;
	Board b;
	board_init(&b, rec.size, rule);
	const char *end = "unfinished";
	char why[ERR_MAX] = "";
	int i;
	for (i = 0; i < rec.count; i++) {
		Outcome o = rules_outcome(&b, rec.moves[i]);
		board_play(&b, rec.moves[i]);
		if (o == OUTCOME_WIN || o == OUTCOME_FORBIDDEN) {
			char t[COORD_TEXT_MAX];
			snprintf(why, sizeof why, " at move %d, %s", i + 1,
			         coord_format(rec.size, rec.moves[i], t));
		}
		if (o == OUTCOME_WIN) {
			end = b.to_move == WHITE ? "black wins (five" : "white wins (five";
			break;
		}
		if (o == OUTCOME_FORBIDDEN) {
			end = "white wins (black played a forbidden point";
			break;
		}
		if (board_full(&b))
			end = "draw (full board)";
	}
	char text[DIAGRAM_TEXT_MAX];
	diagram_format(&b, board_last(&b), text, sizeof text);
	fputs(text, out);

	char moves[BOARD_MAX_MOVES * 5];
	record_format_moves(rec.size, rec.moves, b.count, moves, sizeof moves);
	fprintf(out, "\n%s, %dx%d, %d moves: %s\n", rule_name(rule), rec.size, rec.size,
	        b.count, moves);
	fprintf(out, "result: %s%s%s\n", end, why, *why ? ")" : "");
	/* The fields of another tool's games.csv may hold control characters:
	 * shown as \xNN (printable.h). */
	char opening[PRINTABLE_SIZE(sizeof w.row.opening)],
	    black[PRINTABLE_SIZE(sizeof w.row.black)],
	    white[PRINTABLE_SIZE(sizeof w.row.white)],
	    reason[PRINTABLE_SIZE(sizeof w.row.reason)],
	    evidence[PRINTABLE_SIZE(sizeof fault)];
	if (w.found)
		fprintf(out,
		        "recorded: job %d, pair %d, opening %s, %s (black) vs %s (white): "
		        "%s, %s\n",
		        w.row.job, w.row.pair,
		        printable_text(opening, sizeof opening, w.row.opening),
		        printable_text(black, sizeof black, w.row.black),
		        printable_text(white, sizeof white, w.row.white),
		        w.row.score == 1   ? "1-0"
		        : w.row.score == 0 ? "0-1"
		                           : "1/2-1/2",
		        printable_text(reason, sizeof reason, w.row.reason));
	if (*fault)
		fprintf(out, "fault (faults.csv): %s\n",
		        printable_text(evidence, sizeof evidence, fault));
	if (jm && jm->rows)
		print_moves(jm, &rec, rec.count, out);
	free(jm);
	if (i + 1 < rec.count)
		fprintf(out,
		        "note: the record goes on for %d more moves after the game ended\n",
		        rec.count - i - 1);
	return 0;
}
