/* solve.c - `arena solve`: does the side to move win by continuous threats? */
#include "solve.h"

#include <stdio.h>

#include "clock.h"
#include "diagram.h"
#include "err.h"
#include "record.h"
#include "rules.h"
#include "threat.h"

_Static_assert(SOLVE_DEPTH_MAX == SOLVE_LINE_MAX / 2, "solve.h: the solver's depth");

int solve_position(const SolveOptions *opt, FILE *out, char *err, size_t errlen)
{
	err[0] = '\0';
	const char *moves = opt->moves, *psq = opt->psq;
	long nodes = opt->nodes, depth = opt->depth, size = opt->size;
	int attacker = opt->attacker;
	SolveKind kind = opt->vct ? SOLVE_VCT : SOLVE_VCF;
	Rule rule = opt->rule;
	if (!moves == !psq) {
		snprintf(err, errlen,
		         "arena solve: give the position with --moves or with "
		         "--psq (try --help)");
		return 2;
	}
	Record rec; /* 3 KB */
	char msg[ERR_MAX];
	if (psq) {
		if (record_load_psq(psq, &rec, msg, sizeof msg) < 0) {
			snprintf(err, errlen, "%s", msg);
			return 2;
		}
	} else {
		record_init(&rec, (int)size);
		int n = record_parse_moves((int)size, moves, rec.moves, BOARD_MAX_MOVES,
		                           msg, sizeof msg);
		if (n < 0) {
			snprintf(err, errlen, "arena solve: --moves: %s", msg);
			return 2;
		}
		rec.count = n;
	}
	Board b;
	board_init(&b, rec.size, rule);
	for (int i = 0; i < rec.count; i++) {
		if (rules_outcome(&b, rec.moves[i]) != OUTCOME_NONE) {
			snprintf(err, errlen,
			         "arena solve: the game is already over at move %d", i + 1);
			return 2;
		}
		board_play(&b, rec.moves[i]);
	}
	if (attacker >= 0)
		board_set_to_move(&b, (Color)attacker);
	char text[DIAGRAM_TEXT_MAX];
	diagram_format(&b, board_last(&b), text, sizeof text);
	fputs(text, out);

	Solver *s = solver_create(64u << 20);
	if (!s) {
		snprintf(err, errlen, "arena solve: out of memory");
		return 1;
	}
	SolveResult r;
	double t0 = clock_ms();
	solver_solve(s, &b, kind, (int)depth, (uint64_t)nodes, &r);
	double ms = clock_ms() - t0;
	solver_destroy(s);
	const char *who = b.to_move == BLACK ? "black" : "white";
	if (r.win) {
		char line[SOLVE_LINE_MAX * 5];
		record_format_moves(b.size, r.line, r.len, line, sizeof line);
		int n = (r.len + 1) / 2;
		fprintf(out, "%s wins by %s in %d move%s: %s\n", who,
		        kind == SOLVE_VCF ? "VCF" : "VCT", n, n == 1 ? "" : "s", line);
	} else {
		fprintf(out, "no %s win found for %s (depth %d, %llu nodes)\n",
		        kind == SOLVE_VCF ? "VCF" : "VCT", who, r.depth,
		        (unsigned long long)r.nodes);
	}
	fprintf(out, "%llu nodes in %.1f ms (%.0f nodes/s)\n", (unsigned long long)r.nodes,
	        ms, ms > 0 ? r.nodes / ms * 1e3 : 0.0);
	return r.win ? 0 : 1;
}
