/* param.h - declared parameters of player types.
 *
 * Each player type declares its parameters once, in a table of ParamDecl.
 * Everything else (INI files, the tuner, reports) works from the table, so a
 * new parameter needs no change anywhere but the player that reads it.
 * Values live in a ParamSet, one double per declaration in table order; a
 * player reads them by index. Integer and choice values are whole numbers.
 * Text values (PARAM_TEXT) live in the ParamSet too, in one of its
 * PARAM_TEXT_SLOTS fixed slots, so a ParamSet stays a plain value copied
 * with `=`; the tuner never touches them. */
#ifndef PLAYERS_PARAM_H
#define PLAYERS_PARAM_H

#include <stdbool.h>
#include <stddef.h>

typedef enum {
	PARAM_INT,    /* whole number in [min, max] */
	PARAM_REAL,   /* real number in [min, max] */
	PARAM_CHOICE, /* one of choices[], stored as its index */
	PARAM_TEXT,   /* a string of fewer than PARAM_TEXT_MAX bytes; read it with
	                 param_text. Its default is choices[0] ("" if choices is
	                 NULL); def, min and max are unused (0). */
} ParamType;

typedef struct {
	const char *name;
	ParamType type;
	double def, min, max;       /* for PARAM_CHOICE: index of the default */
	const char *const *choices; /* PARAM_CHOICE: NULL-terminated; PARAM_TEXT:
	                               {default} or NULL */
	bool tunable;               /* may the tuner change it? */
	const char *help;           /* one line */
	/* It changes no game (where a log goes, how big it may grow): a run
	 * folder resumes when only such parameters differ. */
	bool free;
	/* Newer than run folders whose config.ini lacks it: a run folder's
	 * configuration writes it only off its default (param_written), so
	 * those files keep their bytes and their runs resume. */
	bool omit_default;
} ParamDecl;

/* At most PARAM_TEXT_SLOTS text parameters per type, each of at most
 * PARAM_TEXT_MAX - 1 bytes; param_set refuses a longer value, naming its length. */
enum { PARAM_MAX = 48, PARAM_TEXT_SLOTS = 4, PARAM_TEXT_MAX = 192 };

typedef struct {
	const ParamDecl *decl;
	int n;
	double v[PARAM_MAX]; /* PARAM_TEXT: the index of its slot in text */
	char text[PARAM_TEXT_SLOTS][PARAM_TEXT_MAX];
} ParamSet;

/* Fills ps with the defaults of the n declarations (n <= PARAM_MAX). A text
 * parameter past the PARAM_TEXT_SLOTS-th gets no slot (v = -1): it reads as
 * "" and cannot be set. */
void param_defaults(ParamSet *ps, const ParamDecl *decl, int n);

/* Index of the parameter called name, or -1. */
int param_find(const ParamSet *ps, const char *name);

/* The value of text parameter i, or "" if i is not a text parameter. */
const char *param_text(const ParamSet *ps, int i);

/* Sets parameter key from text: checks the name, the type and the range
 * (for PARAM_TEXT, the length).
 * Returns 0, or -1 with a message naming the parameter (and its range or
 * choices) in err. */
int param_set(ParamSet *ps, const char *key, const char *value, char *err, size_t errlen);

/* Sets parameter i to v, clamped to its range and rounded for whole types;
 * does nothing to a text parameter. */
void param_set_value(ParamSet *ps, int i, double v);

/* Writes the value of parameter i as text ("1300", "0.8", "defence", or
 * the text itself). */
void param_format(const ParamSet *ps, int i, char *buf, size_t buflen);

/* Whether a run folder's configuration (config.ini) writes parameter i:
 * always, but an omit_default one (not text) only off its default. */
bool param_written(const ParamSet *ps, int i);

/* Writes "name: type, default D, range [min, max]", the choices, or "text
 * of up to N bytes", for help. */
void param_describe(const ParamDecl *d, char *buf, size_t buflen);

#endif
