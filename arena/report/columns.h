/* columns.h - a report file's columns declared once, in one table: the
 * CSV header, the CSV rows, the terminal table and the HTML page
 * (report_html.c) all read it, so a new column is one line of the table
 * (and, if the value is new, one field of the row it reads).
 *
 * A column names a field of the caller's row struct by type and offset,
 * and says how it is written. Each entry may be in the CSV file (name),
 * on the terminal (head), or both; each listing keeps the table's order.
 *
 * Formats. COL_INT and COL_LONG print as %d and %ld, COL_TEXT as is.
 * COL_REAL prints with fmt (and on the terminal with tfmt, else fmt); a
 * value that is not finite is an empty field or cell. COL_NUMBER is a CSV
 * number as elo_pair_csv_number writes it (`decimals` decimals, empty when
 * not finite, no sign on a value that prints as zero), and on the terminal
 * tfmt. scale multiplies the value everywhere, tscale on the terminal only
 * (0: 1). Terminal cells are padded to |width| characters (UTF-8 code
 * points, not bytes), right-aligned, left-aligned for a negative width, and
 * separated by one blank.
 *
 * Functions are reentrant; they never fail but for the stream's errors,
 * which the caller finds with ferror or at its commit. */
#ifndef ARENA_COLUMNS_H
#define ARENA_COLUMNS_H

#include <stddef.h>
#include <stdio.h>

typedef enum { COL_INT, COL_LONG, COL_REAL, COL_NUMBER, COL_TEXT } ColumnType;

typedef struct {
	const char *name; /* CSV header; NULL: only on the terminal */
	const char *head; /* terminal heading; NULL: only in the CSV */
	int width;        /* terminal width; negative: left-aligned */
	ColumnType type;
	size_t offset;    /* of the value in the row (COL_TEXT: a const char *) */
	const char *fmt;  /* COL_REAL: printf of the value, one %f-like conversion */
	const char *tfmt; /* COL_REAL, COL_NUMBER: on the terminal; NULL: fmt */
	double scale, tscale;
	int decimals; /* COL_NUMBER */
} Column;

/* The designators of an entry's first five fields, for tables written
 * {COLUMN(Row, field, COL_REAL, "name", "head", 8), .fmt = "%.3f"}. */
#define COLUMN(T, field, type_, name_, head_, width_)                                      \
	.name = (name_), .head = (head_), .width = (width_), .type = (type_),              \
	.offset = offsetof(T, field)

enum { COLUMN_CELL_MAX = 256 };

/* The CSV header line (names joined by commas, and '\n'). */
void columns_csv_header(FILE *f, const Column *c, int n);
/* One CSV line of row. */
void columns_csv_row(FILE *f, const Column *c, int n, const void *row);
/* The terminal table's header line, and one row. */
void columns_text_header(FILE *f, const Column *c, int n);
void columns_text_row(FILE *f, const Column *c, int n, const void *row);

/* One column's value in row, scaled (scale, not tscale): the number, or
 * NAN with *text set for a COL_TEXT column (else *text is NULL). */
double columns_value(const Column *c, const void *row, const char **text);

/* A cell as the CSV (csv true) or the terminal writes it, unpadded, into
 * buf (COLUMN_CELL_MAX bytes is always enough but for long text).
 * Returns buf. */
char *columns_cell(const Column *c, const void *row, int csv, char *buf, size_t len);

#endif
