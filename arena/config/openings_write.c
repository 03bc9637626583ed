/* openings_write.c - a set of openings written as ini, offset or pos
 * (openings.h), for the arena and for c-gomoku-cli. */
#include "openings.h"
#include "err.h"

#include <string.h>

#include "coord.h"
#include "record.h"

/* Moves a `moves` key of the INI format holds: 16 points, at most 64
 * bytes, far below the reader's line limit. */
enum { INI_MOVES_A_KEY = 16 };

static void write_ini(FILE *f, const OpeningSet *set, int i, int size)
{
	char name[OPENING_NAME_MAX];
	const int16_t *moves = openings_moves(set, i);
	int n = openings_length(set, i);
	fprintf(f, "%s[opening %s]\n", i ? "\n" : "", openings_name(set, i, name));
	if (n == 0)
		fputs("moves =\n", f);
	for (int k = 0; k < n; k += INI_MOVES_A_KEY) {
		char buf[INI_MOVES_A_KEY * 5 + 1];
		int m = n - k < INI_MOVES_A_KEY ? n - k : INI_MOVES_A_KEY;
		record_format_moves(size, moves + k, m, buf, sizeof buf);
		fprintf(f, "moves = %s\n", buf);
	}
}

/* One line: "x,y, x,y" (offsets from the centre) or "h8i8g9" (pos: rows
 * from the top, from 1). */
static void write_line(FILE *f, const OpeningSet *set, int i, int size, bool pos)
{
	const int16_t *moves = openings_moves(set, i);
	int n = openings_length(set, i), centre = size / 2;
	for (int k = 0; k < n; k++) {
		int x = point_x(moves[k]), y = point_y(moves[k]);
		if (pos)
			fprintf(f, "%c%d", 'a' + x, y + 1);
		else
			fprintf(f, "%s%d,%d", k ? ", " : "", x - centre, y - centre);
	}
	fputc('\n', f);
}

int openings_write(FILE *f, const OpeningSet *set, int size, OpeningsFormat format,
                   char *err, size_t errlen)
{
	if (format != OPENINGS_INI && format != OPENINGS_OFFSET && format != OPENINGS_POS) {
		return err_input(err, errlen,
		                 "openings are written as ini, offset or pos, not %s",
		                 openings_format_names[format]);
	}
	for (int i = 0; i < set->count; i++) {
		if (format != OPENINGS_INI && openings_length(set, i) == 0) {
			char name[OPENING_NAME_MAX];
			return err_input(
			    err, errlen,
			    "opening '%s' has no moves: a %s file, one opening a "
			    "line, cannot hold it (ini can)",
			    openings_name(set, i, name), openings_format_names[format]);
		}
	}
	for (int i = 0; i < set->count; i++) {
		if (format == OPENINGS_INI)
			write_ini(f, set, i, size);
		else
			write_line(f, set, i, size, format == OPENINGS_POS);
	}
	if (fflush(f) != 0 || ferror(f))
		return err_set(err, errlen, "cannot write the openings");
	return 0;
}
