/* param.h - declared parameters of player types.
 *
 * Each player type declares its parameters once, in a table of ParamDecl.
 * Everything else (INI files, the tuner, reports) works from the table, so a
 * new parameter needs no change anywhere but the player that reads it.
 * Values live in a ParamSet, one double per declaration in table order; a
 * player reads them by index. Integer and choice values are whole numbers. */
#ifndef PLAYERS_PARAM_H
#define PLAYERS_PARAM_H

#include <stdbool.h>
#include <stddef.h>

typedef enum {
	PARAM_INT,    /* whole number in [min, max] */
	PARAM_REAL,   /* real number in [min, max] */
	PARAM_CHOICE, /* one of choices[], stored as its index */
} ParamType;

typedef struct {
	const char *name;
	ParamType type;
	double def, min, max;        /* for PARAM_CHOICE: index of the default */
	const char *const *choices;  /* PARAM_CHOICE only; NULL-terminated */
	bool tunable;                /* may the tuner change it? */
	const char *help;            /* one line */
} ParamDecl;

enum { PARAM_MAX = 48 };

typedef struct {
	const ParamDecl *decl;
	int n;
	double v[PARAM_MAX];
} ParamSet;

/* Fills ps with the defaults of the n declarations (n <= PARAM_MAX). */
void param_defaults(ParamSet *ps, const ParamDecl *decl, int n);

/* Index of the parameter called name, or -1. */
int param_find(const ParamSet *ps, const char *name);

/* Sets parameter key from text: checks the name, the type and the range.
 * Returns 0, or -1 with a message naming the parameter (and its range or
 * choices) in err. */
int param_set(ParamSet *ps, const char *key, const char *value, char *err, size_t errlen);

/* Sets parameter i to v, clamped to its range and rounded for whole types. */
void param_set_value(ParamSet *ps, int i, double v);

/* Writes the value of parameter i as text ("1300", "0.8", "defence"). */
void param_format(const ParamSet *ps, int i, char *buf, size_t buflen);

/* Writes "name: type, default D, range [min, max]" or choices, for help. */
void param_describe(const ParamDecl *d, char *buf, size_t buflen);

#endif
