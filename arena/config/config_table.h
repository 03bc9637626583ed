/* config_table.h - the keys of an INI section, declared once.
 *
 * Each section ([tournament] and [player NAME] here, the tuner's [spsa],
 * [param KEY] and [texel]) declares its keys in one const table of
 * ConfigKey, in the order config.ini writes them: the name, the kind of
 * value, where it lives in the section's struct, its range and default,
 * whether a resumed run may change it, whether config.ini writes it, and a
 * help line. Reading (range checks and their messages), the defaults,
 * writing config.ini, the keys a resume may change (rundir.h) and the
 * reference (config_table_print; a test holds README.md to every table)
 * all come from the table.
 *
 * What a table cannot say stays beside it with the reader of the section:
 * a CONFIG_HOOK key is parsed by its `parse` function or, without one, by
 * the reader itself (`challengers` needs every player first, a player's
 * `type` chooses its parameters), and may write itself with `write`.
 * Nothing here prints to the terminal or exits; tables are const. */
#ifndef ARENA_CONFIG_TABLE_H
#define ARENA_CONFIG_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef enum {
	CONFIG_INT,    /* int in [min, max] */
	CONFIG_U64,    /* uint64_t in [min, max] */
	CONFIG_REAL,   /* double in [min, max] */
	CONFIG_ONOFF,  /* bool: on or off (also true/false, yes/no, 1/0) */
	CONFIG_UNSET,  /* int: on or off, -1 while not given */
	CONFIG_SEED,   /* uint64_t, 0 to 2^64-1 */
	CONFIG_CHOICE, /* an enum of int size: the index of the value in choices */
	CONFIG_RULE,   /* Rule (rules.h): freestyle, standard or renju */
	CONFIG_TEXT,   /* char[size]: 1 to size - 1 bytes */
	CONFIG_FOLDER, /* CONFIG_TEXT naming a folder: no '/', not "." or ".." */
	CONFIG_NAME,   /* CONFIG_TEXT naming a player: also no ',' or '"' */
	CONFIG_PATH,   /* char[size]: a file, taken from the INI file's folder */
	CONFIG_BUDGET, /* one limit of a Budget (nodes, depth, ms, game_ms, inc_ms, by name)
	                */
	CONFIG_HOOK,   /* the section's own: `parse`, or its reader */
	CONFIG_PARAMS  /* [player]: the parameters its type declares (param.h);
	                  never found by name, written by `write` */
} ConfigKind;

/* What a setter returns, besides 0 and a negative ERR_ code (err.h), for a
 * key that is not its own: nothing was done, the caller reads the key. */
enum { CONFIG_OTHER_KEY = 1 };

enum {
	CONFIG_FREE = 1u << 0,         /* a resumed run may change it (threads, out) */
	CONFIG_WRITE = 1u << 1,        /* config.ini writes it */
	CONFIG_WRITE_SET = 1u << 2,    /* ... only once given: a text not empty, an
	                                  on/off not unset, a budget with a key given */
	CONFIG_ABOVE_MIN = 1u << 3,    /* CONFIG_REAL: min itself is refused */
	CONFIG_G17 = 1u << 4,          /* CONFIG_REAL written with "%.17g" (the
	                                  tuner's [param] always was), not the
	                                  shortest text config_write_real finds */
	CONFIG_ANY_NOTATION = 1u << 5, /* CONFIG_INT, CONFIG_U64: also written as
	                                  a decimal of num.h ("2e3", "40.0"),
	                                  as [texel] has always taken them */
	CONFIG_RANGE_GIVEN = 1u << 6,  /* the reader gives the range
	                                  (config_table_set_key on a copy) */
	CONFIG_WRITE_NONZERO = 1u << 7 /* CONFIG_INT, CONFIG_U64, CONFIG_BUDGET,
	                                  CONFIG_CHOICE (the first choice is 0):
	                                  written only when not 0 (a key newer
	                                  than run folders whose config.ini
	                                  lacks it: their bytes stay the same) */
};

typedef struct ConfigKey {
	const char *name;
	ConfigKind kind;
	unsigned flags;
	size_t at;            /* offset of the value in the section's struct */
	size_t size;          /* text kinds: the size of the char array */
	size_t set_at;        /* CONFIG_BUDGET: offset of the unsigned that notes the
	                         budget keys given (config.h's budget rule) */
	size_t line_at;       /* if not 0: offset of an int that gets the key's line */
	double min, max;      /* numbers and budgets */
	double def;           /* numbers, budgets, on/off, choices (the index); a
	                         default outside [min, max] means "not given" */
	const char *def_text; /* text kinds: the default ("" if NULL) */
	const char *const *choices; /* CONFIG_CHOICE: NULL-terminated */
	/* CONFIG_HOOK: reads v into obj; 0, or -1 with a message. NULL: the
	 * reader handles the key (config_table_set_key returns 1). */
	int (*parse)(void *obj, const char *v, char *err, size_t errlen);
	/* If not NULL, writes the key's lines itself (or none). */
	void (*write)(const void *obj, FILE *f);
	const char *takes;     /* reference: what it takes, where the kind
	                          says too little (hooks) */
	const char *shown_def; /* reference: the default, where it is no
	                          plain value ("the file's name") */
	const char *help;      /* one line */
} ConfigKey;

typedef struct {
	const char *name;  /* "tournament"; "player" for [player NAME] */
	const char *named; /* "NAME" for [player NAME], one section per NAME;
	                      NULL for a section of its own */
	const ConfigKey *keys;
	int nkeys;
	const char *help; /* one line: what the section is */
	/* NULL, or whether a key the table does not declare (a player's
	 * parameter) is free all the same: a resume may change it. */
	bool (*free_key)(const char *key);
} ConfigSection;

/* The offset of field f of struct S, which must have type T (a char array
 * is T = char *): a table that names the wrong type does not compile. */
#define CONFIG_AT(S, f, T) _Generic(((S *)0)->f, T : offsetof(S, f))
#define CONFIG_SIZE(S, f) sizeof(((S *)0)->f)

/* The key called name in s (CONFIG_PARAMS excepted), or NULL. */
const ConfigKey *config_table_find(const ConfigSection *s, const char *name);

/* The names of s's keys, "a, b, c", into buf (cut to fit). */
void config_table_names(const ConfigSection *s, char *buf, size_t buflen);

/* Sets every key of s in obj to its default (hooks excepted). */
void config_table_defaults(const ConfigSection *s, void *obj);

/* Reads text v into obj's value of key k, checked, and notes line at
 * k->line_at. A CONFIG_PATH is taken from the folder of ini_path (as given
 * if it is absolute or ini_path is NULL). Returns 0; CONFIG_OTHER_KEY for a
 * CONFIG_HOOK without parse (obj unchanged: the reader's key); or -1 with "'KEY'
 * takes ..., not 'v'" in err (obj unchanged). */
int config_table_set_key(const ConfigKey *k, void *obj, const char *v, const char *ini_path,
                         int line, char *err, size_t errlen);

/* config_table_set_key of the key called key in s; -2 with "unknown key 'KEY' in
 * [NAME]" if s has none. */
int config_table_set(const ConfigSection *s, void *obj, const char *key, const char *v,
                     const char *ini_path, int line, char *err, size_t errlen);

/* Writes "KEY = VALUE" lines of the keys config.ini holds, in table order.
 * Returns 0, or -1 on a write error. */
int config_table_write(const ConfigSection *s, const void *obj, FILE *f);

/* True if key of the section headed [section] (as written between the
 * brackets) is CONFIG_FREE in the section of sections (NULL-terminated)
 * that it belongs to. */
bool config_table_free(const ConfigSection *const *sections, const char *section,
                       const char *key);

/* Key k's default as the reference shows it: its shown_def, else the
 * plain value ("20000", "off", "freestyle", "results", "none" for an empty
 * text); "" if it has none to show. tests/test_example_defaults.c holds
 * the example files' comments to it. */
void config_table_shown_default(const ConfigKey *k, char *buf, size_t buflen);

/* The reference of s: its header and help, then each key with what it
 * takes, its default and its help. */
void config_table_print(const ConfigSection *s, FILE *f);

#endif
