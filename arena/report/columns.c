/* columns.c - CSV and terminal tables from one column table. */
#include "columns.h"

#include <math.h>
#include <string.h>

#include "elo_pair.h"
#include "printable.h"

static const void *field(const Column *c, const void *row)
{
	return (const char *)row + c->offset;
}

double columns_value(const Column *c, const void *row, const char **text)
{
	*text = NULL;
	double v;
	switch (c->type) {
	case COL_INT: v = *(const int *)field(c, row); break;
	case COL_LONG: v = (double)*(const long *)field(c, row); break;
	case COL_TEXT:
		*text = *(const char *const *)field(c, row);
		if (!*text)
			*text = "";
		return NAN;
	default: v = *(const double *)field(c, row);
	}
	return c->scale ? v * c->scale : v;
}

char *columns_cell(const Column *c, const void *row, int csv, char *buf, size_t len)
{
	const char *text;
	double v = columns_value(c, row, &text);
	if (len)
		buf[0] = '\0';
	if (text) {
		snprintf(buf, len, "%s", text);
		return buf;
	}
	if (c->type == COL_INT || c->type == COL_LONG) {
		snprintf(buf, len, "%.0f", v); /* exact: an int or a long below 2^53 */
		return buf;
	}
	if (csv && c->type == COL_NUMBER)
		return elo_pair_csv_number(v, c->decimals, buf, len);
	if (!csv && c->tscale)
		v *= c->tscale;
	const char *fmt = !csv && c->tfmt ? c->tfmt : c->fmt;
	if (isfinite(v) && fmt)
		snprintf(buf, len, fmt, v);
	return buf;
}

void columns_csv_header(FILE *f, const Column *c, int n)
{
	int first = 1;
	for (int i = 0; i < n; i++)
		if (c[i].name) {
			fprintf(f, "%s%s", first ? "" : ",", c[i].name);
			first = 0;
		}
	fputc('\n', f);
}

void columns_csv_row(FILE *f, const Column *c, int n, const void *row)
{
	int first = 1;
	for (int i = 0; i < n; i++) {
		if (!c[i].name)
			continue;
		char buf[COLUMN_CELL_MAX];
		const char *text;
		if (c[i].type == COL_TEXT) /* names may be longer than a cell */
			columns_value(&c[i], row, &text);
		else
			text = columns_cell(&c[i], row, 1, buf, sizeof buf);
		if (!first)
			fputc(',', f);
		fputs(text, f);
		first = 0;
	}
	fputc('\n', f);
}

/* s padded to w characters: printf pads bytes, and a UTF-8 name has more
 * bytes than characters (code points). A name may come from another
 * tool's games.csv: its control characters are shown as \xNN
 * (printable.h), never sent to the terminal. */
static void padded(FILE *f, const char *s, int w)
{
	int left = w < 0, width = left ? -w : w, chars = printable_width(s);
	if (!left)
		for (int k = chars; k < width; k++)
			fputc(' ', f);
	printable_put(f, s);
	if (left)
		for (int k = chars; k < width; k++)
			fputc(' ', f);
}

void columns_text_header(FILE *f, const Column *c, int n)
{
	int first = 1;
	for (int i = 0; i < n; i++)
		if (c[i].head) {
			if (!first)
				fputc(' ', f);
			padded(f, c[i].head, c[i].width);
			first = 0;
		}
	fputc('\n', f);
}

void columns_text_row(FILE *f, const Column *c, int n, const void *row)
{
	int first = 1;
	for (int i = 0; i < n; i++) {
		if (!c[i].head)
			continue;
		char buf[COLUMN_CELL_MAX];
		const char *text;
		if (c[i].type == COL_TEXT)
			columns_value(&c[i], row, &text);
		else
			text = columns_cell(&c[i], row, 0, buf, sizeof buf);
		if (!first)
			fputc(' ', f);
		padded(f, text, c[i].width);
		first = 0;
	}
	fputc('\n', f);
}
