/* threat_check.c - the independent check of a forced win, and the sets'
 * reader. See threat_check.h. */
#define _POSIX_C_SOURCE 200809L
#include "threat_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "rules.h"

bool check_five(const Board *b, int p, Color c)
{
	bool exact = b->rule == RULE_STANDARD || (b->rule == RULE_RENJU && c == BLACK);
	for (int d = 0; d < 4; d++) {
		int run = 1, step = board_step[d];
		for (int q = p + step; b->cell[q] == c + 1; q += step)
			run++;
		for (int q = p - step; b->cell[q] == c + 1; q -= step)
			run++;
		if (exact ? run == 5 : run >= 5)
			return true;
	}
	return false;
}

static int fives(const Board *b, Color c, int *out, int max)
{
	int n = 0;
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++) {
			int p = board_point(x, y);
			if (b->cell[p] == CELL_EMPTY && check_five(b, p, c) && n < max)
				out[n++] = p;
		}
	return n;
}

/* May c play the empty point p without losing on the spot? */
static bool allowed(Board *b, int p, Color c)
{
	return !(b->rule == RULE_RENJU && c == BLACK) || check_five(b, p, c) ||
	       !rules_is_forbidden(b, p);
}

/* Five points of c a stone of c on w would make (c has none before). */
static int fives_after(Board *b, int w, Color c)
{
	board_put(b, w, c);
	int n = 0;
	for (int d = 0; d < 4; d++)
		for (int k = -4; k <= 4; k++) {
			int q = w + k * board_step[d];
			if (k && b->cell[q] == CELL_EMPTY && check_five(b, q, c))
				n++;
		}
	board_undo(b);
	return n;
}

typedef struct {
	CheckOracle oracle;
	void *ctx;
	CheckStats *st;
	char *err;
	size_t errlen;
} Check;

static bool defend(Check *k, Board *b, int moves);

static bool over_budget(Check *k)
{
	CheckStats *st = k->st;
	if (st->max_nodes && st->attack_nodes + st->defence_nodes > st->max_nodes) {
		snprintf(k->err, k->errlen, "the check gave up after %llu positions",
		         (unsigned long long)st->max_nodes);
		return true;
	}
	return false;
}

static bool attack(Check *k, Board *b, int moves)
{
	Color a = b->to_move;
	int f;
	if (fives(b, a, &f, 1))
		return true;
	if (moves < 2) {
		snprintf(k->err, k->errlen, "no five within the moves claimed (at move %d)",
		         b->count + 1);
		return false;
	}
	k->st->attack_nodes++;
	if (over_budget(k))
		return false;
	int m = k->oracle(k->ctx, b, moves);
	if (!board_empty_at(b, m) || !rules_legal(b, m) || !allowed(b, m, a)) {
		snprintf(k->err, k->errlen, "no attacker move (at move %d)", b->count + 1);
		return false;
	}
	board_play(b, m);
	bool ok = defend(k, b, moves - 1);
	board_undo(b);
	return ok;
}

/* Is the answer just played settled: the attacker wins at once? w[]: the
 * attacker's points of two fives before it. */
static bool settled(Board *b, Color a, int moves, const int *w, int nw)
{
	int f;
	if (fives(b, a, &f, 1))
		return moves >= 1;
	if (fives(b, a ^ 1, &f, 1) || moves < 2)
		return false; /* the defender threatens five: follow it */
	for (int i = 0; i < nw; i++)
		if (b->cell[w[i]] == CELL_EMPTY && allowed(b, w[i], a) &&
		    fives_after(b, w[i], a) >= 2)
			return true;
	return false;
}

static bool defend(Check *k, Board *b, int moves)
{
	Color d = b->to_move, a = d ^ 1;
	int f[BOARD_MAX_MOVES], w[BOARD_MAX_MOVES], nw = 0;
	if (fives(b, d, f, 1)) {
		snprintf(k->err, k->errlen, "the defender makes five (at move %d)",
		         b->count + 1);
		return false;
	}
	k->st->defence_nodes++;
	if (over_budget(k))
		return false;
	int na = fives(b, a, f, 2);
	if (na >= 2)
		return moves >= 1;
	if (na == 0)
		for (int y = 0; y < b->size; y++)
			for (int x = 0; x < b->size; x++) {
				int p = board_point(x, y);
				if (b->cell[p] == CELL_EMPTY && allowed(b, p, a) &&
				    fives_after(b, p, a) >= 2)
					w[nw++] = p;
			}
	for (int y = 0; y < b->size; y++)
		for (int x = 0; x < b->size; x++) {
			int p = board_point(x, y);
			if (b->cell[p] != CELL_EMPTY || !allowed(b, p, d))
				continue; /* a forbidden answer loses at once */
			board_play(b, p);
			bool ok = settled(b, a, moves, w, nw) || attack(k, b, moves);
			board_undo(b);
			if (!ok) {
				size_t used = strlen(k->err);
				if (used + 16 < k->errlen)
					snprintf(k->err + used, k->errlen - used,
					         " [after %c%d]", 'a' + x, y + 1);
				return false;
			}
		}
	return true;
}

bool check_win(Board *b, int moves, CheckOracle oracle, void *ctx, CheckStats *st,
               char *err, size_t errlen)
{
	Check k = {oracle, ctx, st, err, errlen};
	err[0] = '\0';
	return attack(&k, b, moves);
}

int check_solver_oracle(void *ctx, Board *b, int moves)
{
	CheckSolver *c = ctx;
	SolveResult r;
	solver_prove(c->solver, b, c->kind, moves, c->nodes, &r);
	return r.win && r.len >= 1 ? r.line[0] : POINT_NONE;
}

/* ---- sets ---- */

static int set_line(char *line, CheckPosition *pos, char *msg, size_t msglen)
{
	char *save = NULL, *name = strtok_r(line, " \t\r\n", &save),
	     *rule = strtok_r(NULL, " \t\r\n", &save),
	     *kind = strtok_r(NULL, " \t\r\n", &save),
	     *plies = strtok_r(NULL, " \t\r\n", &save),
	     *moves = strtok_r(NULL, "\r\n", &save);
	if (moves)
		moves[strcspn(moves, "\r\n")] = '\0';
	if (!moves) {
		snprintf(msg, msglen, "want NAME RULE KIND PLIES MOVES");
		return -1;
	}
	memset(pos, 0, sizeof *pos);
	snprintf(pos->name, sizeof pos->name, "%s", name);
	if (rule_parse(rule, &pos->rule) != 0 ||
	    (strcmp(kind, "VCF") != 0 && strcmp(kind, "VCT") != 0)) {
		snprintf(msg, msglen, "bad rule or kind");
		return -1;
	}
	pos->kind = strcmp(kind, "VCF") == 0 ? SOLVE_VCF : SOLVE_VCT;
	pos->plies = strcmp(plies, "-") == 0 ? 0 : atoi(plies);
	int16_t mv[BOARD_MAX_MOVES];
	int n = record_parse_moves(15, moves, mv, BOARD_MAX_MOVES, msg, msglen);
	if (n < 0)
		return -1;
	board_init(&pos->board, 15, pos->rule);
	for (int i = 0; i < n; i++) {
		if (rules_outcome(&pos->board, mv[i]) != OUTCOME_NONE) {
			snprintf(msg, msglen, "the game is over at move %d", i + 1);
			return -1;
		}
		board_play(&pos->board, mv[i]);
	}
	return 0;
}

int check_load_set(const char *path, CheckPosition **out, char *err, size_t errlen)
{
	*out = NULL;
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "%s: cannot open", path);
		return -1;
	}
	CheckPosition *v = NULL;
	int n = 0, cap = 0, lineno = 0;
	char line[4096], msg[200];
	while (fgets(line, sizeof line, f)) {
		lineno++;
		if (line[0] == '#' || strspn(line, " \t\r\n") == strlen(line))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			CheckPosition *bigger = realloc(v, (size_t)cap * sizeof *v);
			if (!bigger) {
				snprintf(err, errlen, "%s: out of memory", path);
				goto fail;
			}
			v = bigger;
		}
		if (set_line(line, &v[n], msg, sizeof msg) != 0) {
			snprintf(err, errlen, "%s:%d: %s", path, lineno, msg);
			goto fail;
		}
		n++;
	}
	fclose(f);
	*out = v;
	return n;
fail:
	fclose(f);
	free(v);
	return -1;
}
