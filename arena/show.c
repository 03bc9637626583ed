/* show.c - `arena show`: replay a game record on the terminal. */
#include "show.h"

#include <stdio.h>
#include <string.h>

#include "coord.h"
#include "diagram.h"
#include "record.h"
#include "rules.h"

int show_main(int argc, char **argv)
{
	const char *path = NULL;
	Rule rule = RULE_FREESTYLE;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--rule") == 0 && i + 1 < argc) {
			if (rule_parse(argv[++i], &rule) < 0) {
				fprintf(stderr, "arena show: unknown rule '%s' (freestyle, standard, renju)\n",
				        argv[i]);
				return 2;
			}
		} else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			printf("usage: arena show FILE.psq [--rule freestyle|standard|renju]\n\n"
			       "Replays a Piskvork record: the final board, the moves, and how the\n"
			       "game ended under the rule (default freestyle).\n");
			return 0;
		} else if (argv[i][0] == '-' || path) {
			fprintf(stderr, "arena show: unexpected argument '%s' (try --help)\n", argv[i]);
			return 2;
		} else {
			path = argv[i];
		}
	}
	if (!path) {
		fprintf(stderr, "arena show: no record given (try --help)\n");
		return 2;
	}

	static Record rec;
	char err[256];
	if (record_load_psq(path, &rec, err, sizeof err) < 0) {
		fprintf(stderr, "%s\n", err);
		return 2;
	}
	Board b;
	board_init(&b, rec.size, rule);
	const char *end = "unfinished";
	char why[128] = "";
	int i;
	for (i = 0; i < rec.count; i++) {
		Outcome o = rules_outcome(&b, rec.moves[i]);
		board_play(&b, rec.moves[i]);
		if (o == OUTCOME_WIN) {
			end = b.to_move == WHITE ? "black wins (five)" : "white wins (five)";
			break;
		}
		if (o == OUTCOME_FORBIDDEN) {
			char t[COORD_TEXT_MAX];
			snprintf(why, sizeof why, " at move %d, %s", i + 1,
			         coord_format(rec.size, rec.moves[i], t));
			end = "white wins (black played a forbidden point";
			break;
		}
		if (board_full(&b))
			end = "draw (full board)";
	}
	static char text[DIAGRAM_TEXT_MAX];
	diagram_format(&b, board_last(&b), text, sizeof text);
	fputs(text, stdout);

	char moves[BOARD_MAX_MOVES * 5];
	record_format_moves(rec.size, rec.moves, b.count, moves, sizeof moves);
	printf("\n%s, %dx%d, %d moves: %s\n", rule_name(rule), rec.size, rec.size, b.count, moves);
	printf("result: %s%s%s\n", end, why, *why ? ")" : "");
	if (i + 1 < rec.count)
		printf("note: the record goes on for %d more moves after the game ended\n",
		       rec.count - i - 1);
	return 0;
}
