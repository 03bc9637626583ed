/* show.c - `arena show`: replay a game record on the terminal. */
#define _POSIX_C_SOURCE 200809L
#include "show.h"
#include "err.h"

#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config_keys.h"
#include "coord.h"
#include "diagram.h"
#include "faults.h"
#include "inifile.h"
#include "moves_csv.h"
#include "printable.h"
#include "record.h"
#include "records.h"
#include "rules.h"

/* The game wanted, as read: its moves on the board of the record's size,
 * else of size. */
typedef struct {
	int size;
	Record *rec;
	RecordGame g;    /* its pointers cleared */
	char file[4200]; /* the file it came from (in a folder: its .psq) */
} Found;

static int take_game(void *user, const RecordGame *g, char *msg, size_t msglen)
{
	Found *f = user;
	int size = g->size ? g->size : f->size;
	record_init(f->rec, size);
	int n = records_points(g, size, f->rec->moves, BOARD_MAX_MOVES, msg, msglen);
	if (n < 0)
		return -1;
	f->rec->count = n;
	f->g = *g;
	snprintf(f->file, sizeof f->file, "%s", g->file);
	f->g.file = NULL, f->g.points = NULL, f->g.moves_text = NULL;
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

/* The game of the options in f (rec filled), and the rule to replay it
 * under. Returns 0, or the exit status with the message in err. */
static int find_game(const ShowOptions *opt, Found *f, Rule *rule, char *err, size_t errlen)
{
	const char *path = opt->path;
	char msg[ERR_MAX];
	int fmt = records_format(path, msg, sizeof msg);
	if (fmt < 0) {
		snprintf(err, errlen, "%s", msg);
		return 2;
	}
	/* The run's board and rule, from a config.ini beside the file, for
	 * what the record does not say. */
	struct stat st;
	int sz = BOARD_DEFAULT;
	Rule r = RULE_FREESTYLE;
	if ((stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) &&
	    run_settings(path, &sz, &r, err, errlen) < 0)
		return 2;
	*rule = opt->rule >= 0 ? (Rule)opt->rule : r;
	f->size = opt->size ? (int)opt->size : sz;
	long held = 0;
	int rc = records_find(path, opt->job, take_game, f, &held, msg, sizeof msg);
	if (rc < 0) {
		snprintf(err, errlen, "%s", msg);
		return 2;
	}
	const char *what = fmt == RECORDS_CSV ? "its job number" : "its number from 1";
	if (opt->job < 0 && held > 1) {
		snprintf(err, errlen,
		         "arena show: %s holds %ld games: N picks one (%s) (try --help)",
		         path, held, what);
		return 2;
	}
	if (!rc) {
		if (opt->job < 0)
			snprintf(err, errlen, "%s: no game (it holds none)", path);
		else
			snprintf(err, errlen, "%s: no game %ld (it holds %ld)", path,
			         opt->job, held);
		return 2;
	}
	return 0;
}

/* What the record says of the game: a games.csv's row as it is, else its
 * place, players and result. */
static void print_recorded(const Found *f, FILE *out)
{
	const RecordGame *g = &f->g;
	char opening[PRINTABLE_SIZE(sizeof g->opening)],
	    black[PRINTABLE_SIZE(sizeof g->black)], white[PRINTABLE_SIZE(sizeof g->white)],
	    reason[PRINTABLE_SIZE(sizeof g->reason)], place[PRINTABLE_SIZE(sizeof f->file)];
	const char *res = g->score == 1   ? "1-0"
	                  : g->score == 0 ? "0-1"
	                  : g->score < 0  ? "unfinished"
	                                  : "1/2-1/2";
	printable_text(black, sizeof black, g->black);
	printable_text(white, sizeof white, g->white);
	printable_text(reason, sizeof reason, g->reason);
	if (g->format == RECORDS_CSV) {
		fprintf(out,
		        "recorded: job %d, pair %d, opening %s, %s (black) vs %s (white): "
		        "%s, %s\n",
		        g->job, g->pair,
		        printable_text(opening, sizeof opening, g->opening), black, white,
		        res, reason);
		return;
	}
	fprintf(out, "recorded: game %d (%s:%ld), %s (black) vs %s (white): %s", g->job,
	        printable_text(place, sizeof place, f->file), g->line, black, white, res);
	fprintf(out, "%s%s\n", g->score < 0 ? "" : ", ", g->score < 0 ? "" : reason);
	if (g->nmoves < 0)
		fprintf(out, "note: the record holds no moves (%d played)\n", g->plies);
}

int show_game(const ShowOptions *opt, FILE *out, char *err, size_t errlen)
{
	const char *path = opt->path;
	Record rec; /* 3 KB */
	Rule rule;
	Found f = {.rec = &rec};
	int status = find_game(opt, &f, &rule, err, errlen);
	if (status)
		return status;
	bool csv = f.g.format == RECORDS_CSV;
	/* faults.csv and moves.csv beside games.csv: the referee's evidence
	 * and the moves' notes, read (and checked) before anything is shown. */
	char fault[600] = "";
	JobMoves *jm = NULL;
	if (csv &&
	    beside(path, f.g.job, rec.size, fault, sizeof fault, &jm, err, errlen) < 0)
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
	/* The fields of another tool's record may hold control characters:
	 * shown as \xNN (printable.h). */
	char evidence[PRINTABLE_SIZE(sizeof fault)];
	print_recorded(&f, out);
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
