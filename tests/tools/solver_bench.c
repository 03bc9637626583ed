/* solver_bench.c - the threat solver on the position sets of
 * tests/data/solver/, and the tool that labelled them.
 *
 *   solver_bench bench DIR [NODES]   every set in DIR at NODES (default 1M)
 *                                    nodes a position (solver_prove: the
 *                                    first proof): found counts per class,
 *                                    nodes and time, and every win checked
 *                                    by threat_check.c (not with a fourth
 *                                    argument "nocheck", for quick trials);
 *                                    set names after it: only those sets
 *   solver_bench label NODES         reads "NAME RULE MOVES..." lines and
 *                                    prints each with its VCF and VCT at
 *                                    NODES (the sets' reference searches)
 *
 * A benchmark, not a test: times are the process's CPU time (the machine
 * is shared), still for comparing runs taken side by side. Counts are
 * deterministic. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "record.h"
#include "rules.h"
#include "threat.h"
#include "threat_check.h"

enum { TABLE_BYTES = 64u << 20 };

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* Checks a claimed win with the solver that found it as the oracle. */
static bool verify(Solver *s, Board *b, SolveKind kind, const SolveResult *r, char *why,
                   size_t len)
{
	CheckSolver cs = {s, kind, 4000000};
	CheckStats st = {0, 0, 2000000};
	return check_win(b, (r->len + 1) / 2, check_solver_oracle, &cs, &st, why, len);
}

static int bench_set(const char *dir, const char *set, uint64_t nodes, bool check)
{
	char path[1024], err[300];
	snprintf(path, sizeof path, "%s/%s.txt", dir, set);
	CheckPosition *pos;
	int n = check_load_set(path, &pos, err, sizeof err);
	if (n < 0) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	uint64_t *used = calloc((size_t)n + 1, sizeof *used), total = 0;
	int found = 0, bad = 0, shortest = 0;
	double secs = 0;
	for (int i = 0; i < n; i++) {
		Solver *s = solver_create(TABLE_BYTES);
		if (!s) {
			fprintf(stderr, "out of memory\n");
			return 1;
		}
		SolveResult r;
		double t0 = now();
		solver_prove(s, &pos[i].board, pos[i].kind, SOLVE_LINE_MAX / 2, nodes, &r);
		secs += now() - t0;
		if (r.win) {
			used[found++] = r.nodes;
			total += r.nodes;
			shortest += r.shortest && r.len == pos[i].plies;
			char why[300];
			if (check &&
			    !verify(s, &pos[i].board, pos[i].kind, &r, why, sizeof why)) {
				bad++;
				printf("  %s: claimed win in %d plies NOT VERIFIED: %s\n",
				       pos[i].name, r.len, why);
			}
			if (!pos[i].plies) {
				bad++;
				printf("  %s: FALSE WIN claimed on the no-win set\n",
				       pos[i].name);
			}
		}
		solver_destroy(s);
	}
	qsort(used, (size_t)found, sizeof *used, cmp_u64);
	printf("%-8s %3d/%-3d found at %llu nodes, %d unverified; nodes to the proof mean "
	       "%.0f "
	       "median %llu; %.2f s in all (%.1f ms a position)\n",
	       set, found, n, (unsigned long long)nodes, bad,
	       found ? (double)total / found : 0.0, (unsigned long long)used[found / 2],
	       secs, n ? secs * 1e3 / n : 0.0);
	free(used);
	free(pos);
	return bad ? 3 : 0;
}

static int label(uint64_t nodes)
{
	char line[4096];
	Solver *s = solver_create(TABLE_BYTES);
	while (s && fgets(line, sizeof line, stdin)) {
		char name[64], rule_text[32], msg[200];
		int at = 0;
		Rule rule;
		if (sscanf(line, "%63s %31s %n", name, rule_text, &at) < 2 ||
		    rule_parse(rule_text, &rule) != 0) {
			fprintf(stderr, "skipped: %s", line);
			continue;
		}
		line[strcspn(line, "\r\n")] = '\0';
		int16_t mv[BOARD_MAX_MOVES];
		int n =
		    record_parse_moves(15, line + at, mv, BOARD_MAX_MOVES, msg, sizeof msg);
		if (n < 0) {
			fprintf(stderr, "%s: %s\n", name, msg);
			continue;
		}
		Board b;
		board_init(&b, 15, rule);
		for (int i = 0; i < n; i++)
			board_play(&b, mv[i]);
		printf("%s %s", name, rule_text);
		for (int kind = SOLVE_VCF; kind <= SOLVE_VCT; kind++) {
			SolveResult r;
			solver_clear(s);
			double t0 = now();
			solver_solve(s, &b, (SolveKind)kind, SOLVE_LINE_MAX / 2, nodes, &r);
			double ms = (now() - t0) * 1e3;
			char why[300] = "";
			bool ok =
			    !r.win || verify(s, &b, (SolveKind)kind, &r, why, sizeof why);
			printf(" | %s win %d plies %d shortest %d depth %d nodes %llu ms "
			       "%.0f%s%s",
			       kind == SOLVE_VCF ? "VCF" : "VCT", r.win, r.len, r.shortest,
			       r.depth, (unsigned long long)r.nodes, ms,
			       ok ? "" : " UNVERIFIED ", why);
		}
		printf(" | %s\n", line + at);
		fflush(stdout);
	}
	solver_destroy(s);
	return s ? 0 : 1;
}

int main(int argc, char **argv)
{
	if (argc >= 3 && strcmp(argv[1], "bench") == 0) {
		uint64_t nodes = argc > 3 ? strtoull(argv[3], NULL, 10) : 1000000;
		bool check = !(argc > 4 && strcmp(argv[4], "nocheck") == 0);
		int status = 0;
		static const char *all[] = {"short", "medium", "long", "hard", "nowin"};
		const char *const *sets = all;
		int nsets = (int)(sizeof all / sizeof *all);
		if (argc > 5) {
			sets = (const char *const *)argv + 5;
			nsets = argc - 5;
		}
		for (int i = 0; i < nsets; i++) {
			int st = bench_set(argv[2], sets[i], nodes, check);
			if (st > status)
				status = st;
		}
		return status;
	}
	if (argc == 3 && strcmp(argv[1], "label") == 0)
		return label(strtoull(argv[2], NULL, 10));
	fprintf(
	    stderr,
	    "usage: solver_bench bench DIR [NODES [check|nocheck [SET...]]] | label NODES "
	    "< positions\n");
	return 2;
}
