/* solve.c - `arena solve`: does the side to move win by continuous threats? */
#include "solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "diagram.h"
#include "record.h"
#include "rules.h"
#include "threat.h"

static int usage(FILE *f)
{
	fprintf(
	    f,
	    "usage: arena solve (--moves \"h8 i9 ...\" | --psq FILE) [--vct] [--attacker "
	    "black|white]\n"
	    "                   [--nodes N] [--depth N] [--size N] [--rule R]\n\n"
	    "Searches the position for a forced win of the attacker (default: the side\n"
	    "to move; naming the other side lets it move next) by continuous fours (VCF,\n"
	    "the default) or fours and threes (--vct), with at most --depth attacker\n"
	    "moves (default 20) and --nodes positions (default 10000000). Prints the\n"
	    "board, the answer, the winning line and the nodes searched. Exit status 0\n"
	    "when a win is found, 1 when none is, 2 for bad input.\n");
	return f == stdout ? 0 : 2;
}

int solve_main(int argc, char **argv)
{
	const char *moves = NULL, *psq = NULL;
	long nodes = 10000000, depth = 20, size = 15;
	int attacker = -1;
	SolveKind kind = SOLVE_VCF;
	Rule rule = RULE_FREESTYLE;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--help") || !strcmp(a, "-h"))
			return usage(stdout);
		if (!strcmp(a, "--vct")) {
			kind = SOLVE_VCT;
			continue;
		}
		if (!v) {
			fprintf(stderr, "arena solve: '%s' needs a value or is unknown\n",
			        a);
			return usage(stderr);
		}
		i++;
		char *end = NULL;
		if (!strcmp(a, "--moves"))
			moves = v;
		else if (!strcmp(a, "--psq"))
			psq = v;
		else if (!strcmp(a, "--attacker") &&
		         (!strcmp(v, "black") || !strcmp(v, "white")))
			attacker = !strcmp(v, "white");
		else if (!strcmp(a, "--rule") && rule_parse(v, &rule) == 0)
			;
		else if (!strcmp(a, "--nodes") && (nodes = strtol(v, &end, 10)) > 0 &&
		         !*end)
			;
		else if (!strcmp(a, "--depth") && (depth = strtol(v, &end, 10)) > 0 &&
		         depth <= SOLVE_LINE_MAX / 2 && !*end)
			;
		else if (!strcmp(a, "--size") &&
		         (size = strtol(v, &end, 10)) >= BOARD_MIN && size <= BOARD_MAX &&
		         !*end)
			;
		else {
			fprintf(stderr, "arena solve: bad option or value: %s %s\n", a, v);
			return usage(stderr);
		}
	}
	if (!moves == !psq) {
		fprintf(stderr,
		        "arena solve: give the position with --moves or with --psq\n");
		return usage(stderr);
	}
	static Record rec;
	char err[512];
	if (psq) {
		if (record_load_psq(psq, &rec, err, sizeof err) < 0) {
			fprintf(stderr, "%s\n", err);
			return 2;
		}
	} else {
		record_init(&rec, (int)size);
		int n = record_parse_moves((int)size, moves, rec.moves, BOARD_MAX_MOVES,
		                           err, sizeof err);
		if (n < 0) {
			fprintf(stderr, "arena solve: --moves: %s\n", err);
			return 2;
		}
		rec.count = n;
	}
	Board b;
	board_init(&b, rec.size, rule);
	for (int i = 0; i < rec.count; i++) {
		if (rules_outcome(&b, rec.moves[i]) != OUTCOME_NONE) {
			fprintf(stderr,
			        "arena solve: the game is already over at move %d\n",
			        i + 1);
			return 2;
		}
		board_play(&b, rec.moves[i]);
	}
	if (attacker >= 0)
		board_set_to_move(&b, (Color)attacker);
	static char text[DIAGRAM_TEXT_MAX];
	diagram_format(&b, board_last(&b), text, sizeof text);
	fputs(text, stdout);

	Solver *s = solver_create(64u << 20);
	if (!s) {
		fprintf(stderr, "arena solve: out of memory\n");
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
		printf("%s wins by %s in %d move%s: %s\n", who,
		       kind == SOLVE_VCF ? "VCF" : "VCT", n, n == 1 ? "" : "s", line);
	} else {
		printf("no %s win found for %s (depth %d, %llu nodes)\n",
		       kind == SOLVE_VCF ? "VCF" : "VCT", who, r.depth,
		       (unsigned long long)r.nodes);
	}
	printf("%llu nodes in %.1f ms (%.0f nodes/s)\n", (unsigned long long)r.nodes, ms,
	       ms > 0 ? r.nodes / ms * 1e3 : 0.0);
	return r.win ? 0 : 1;
}
