/* spsa_external.c - the engine's own parameters of an external player to
 * tune: the tuner's keys of its [player] section, the checks of its
 * command and info texts, and the player of each side of an iteration. */
#define _POSIX_C_SOURCE 200809L
#include "spsa_external.h"
#include "err.h"

#include <ctype.h>
#include <math.h>
#include <string.h>

#include "config.h"
#include "inifile.h"
#include "inputs.h"
#include "proc_cmd.h"

static const char *const via_names[] = {"info", "command", NULL};

/* The INFO keys the external player sends itself: a tuned KEY of that
 * name would be sent twice, with two values. */
static const char *const arena_keys[] = {"timeout_turn", "timeout_match", "time_left",
                                         "max_memory",   "max_node",      "max_depth",
                                         "rule",         "game_type"};

/* The widest text of a value: "%.0f" of the range's ends for whole
 * numbers; a sign, 17 digits, a point and "e-308" for reals. */
enum { REAL_WIDTH = 24 };

/* "KEY = " and the value on one line of an INI file (inifile.h). */
static size_t line_room(const char *key)
{
	size_t room = INIFILE_LINE_MAX - strlen(key) - 3;
	return room < PARAM_TEXT_MAX - 1 ? room : PARAM_TEXT_MAX - 1;
}

static bool name_char(char ch)
{
	return isalnum((unsigned char)ch) || ch == '_' || ch == '.' || ch == '-';
}

/* The next {NAME} in s (NAME of name_char): its start and the length of
 * NAME, or NULL. Other braces are text. */
static const char *next_placeholder(const char *s, size_t *n)
{
	for (s = strchr(s, '{'); s; s = strchr(s + 1, '{')) {
		size_t k = 0;
		while (name_char(s[1 + k]))
			k++;
		if (k > 0 && s[1 + k] == '}') {
			*n = k;
			return s;
		}
	}
	return NULL;
}

/* The tuned parameter called name[0..n), or -1. */
static int tuned_of(const SpsaConfig *c, const char *name, size_t n)
{
	for (int i = 0; i < c->n; i++)
		if (strlen(c->tuned[i].name) == n &&
		    strncmp(c->tuned[i].name, name, n) == 0)
			return i;
	return -1;
}

int spsa_external_player_key(SpsaConfig *c, const char *key, const char *value, int line,
                             char *err, size_t errlen)
{
	if (strcmp(key, "params_via") == 0) {
		for (int i = 0; via_names[i]; i++)
			if (strcmp(value, via_names[i]) == 0) {
				c->params_via = (SpsaVia)i;
				c->params_via_line = line;
				return 0;
			}
		return err_set(err, errlen, "'params_via' is info or command, not '%s'",
		               value);
	}
	if (strcmp(key, "program_hash") == 0)
		return 0; /* the one found now is written; a resume compares them */
	/* The player's own keys, which the caller reads: where, for messages. */
	if (strcmp(key, "command") == 0)
		c->command_line = line;
	else if (strcmp(key, "info") == 0)
		c->info_line = line;
	return CONFIG_OTHER_KEY;
}

int spsa_external_name(const SpsaConfig *c, const char *name, char *err, size_t errlen)
{
	size_t n = strlen(name), ok = 0;
	while (ok < n && name_char(name[ok]))
		ok++;
	if (n == 0 || ok < n || name[0] == '-' || n >= CONFIG_NAME_MAX) {
		snprintf(err, errlen,
		         "an engine's parameter is named by letters, digits, '_', '.' and "
		         "'-' (not first), at most %d of them",
		         CONFIG_NAME_MAX - 1);
		return -1;
	}
	if (strcmp(name, "seed") == 0) {
		snprintf(err, errlen,
		         "'seed' is not tunable: {seed} is the game's seed, "
		         "which the tuner gives every game");
		return -1;
	}
	for (size_t k = 0;
	     c->params_via == SPSA_VIA_INFO && k < sizeof arena_keys / sizeof arena_keys[0];
	     k++)
		if (strcmp(name, arena_keys[k]) == 0) {
			snprintf(err, errlen,
			         "the arena sends INFO %s itself (from the budget and the "
			         "player's keys)",
			         name);
			return -1;
		}
	return 0;
}

void spsa_external_value(const SpsaParam *p, double v, char *buf, size_t len)
{
	if (p->integer)
		snprintf(buf, len, "%.0f", v + 0.0); /* + 0.0: no "-0" */
	else
		config_write_real(v, buf, len);
}

static size_t width(const SpsaParam *p)
{
	if (!p->integer)
		return REAL_WIDTH;
	char a[48], b[48];
	snprintf(a, sizeof a, "%.0f", floor(p->min));
	snprintf(b, sizeof b, "%.0f", ceil(p->max));
	return strlen(a) > strlen(b) ? strlen(a) : strlen(b);
}

/* Every {NAME} of text (a `command` or an `info`, key) is {seed}, or a
 * tuned KEY where with_keys; counts[i] += the times KEY i occurs. */
static int check_placeholders(const SpsaConfig *c, const char *key, const char *text,
                              bool with_keys, int *counts, char *err, size_t errlen)
{
	size_t n;
	for (const char *s = next_placeholder(text, &n); s;
	     s = next_placeholder(s + n + 2, &n)) {
		int i = tuned_of(c, s + 1, n);
		if (n == 4 && strncmp(s + 1, "seed", 4) == 0)
			continue;
		if (i >= 0 && with_keys) {
			counts[i]++;
			continue;
		}
		if (i >= 0 && strcmp(key, "command") == 0)
			snprintf(
			    err, errlen,
			    "{%.*s} in command: with params_via = info the values go by "
			    "INFO (params_via = command puts them in the command)",
			    (int)n, s + 1);
		else if (i >= 0)
			snprintf(
			    err, errlen,
			    "{%.*s} in info: a tuned value goes by INFO (params_via = "
			    "info) or into the command's {%.*s} (params_via = command)",
			    (int)n, s + 1, (int)n, s + 1);
		else
			snprintf(err, errlen,
			         "{%.*s} in %s is neither {seed} nor a tuned parameter%s",
			         (int)n, s + 1, key,
			         with_keys ? " ([param KEY])" : " of the command");
		return -1;
	}
	return 0;
}

static int check_command(SpsaConfig *c, const char *command, char *err, size_t errlen)
{
	char store[PARAM_TEXT_MAX], *argv[PROC_ARGS_MAX + 1], path[PROC_PATH_MAX], msg[600];
	if (!*command) {
		return err_set(err, errlen,
		               "[player %s] needs 'command', the engine to run", c->player);
	}
	if (proc_cmd_split(command, store, sizeof store, argv, PROC_ARGS_MAX + 1, msg,
	                   sizeof msg) < 0 ||
	    proc_cmd_resolve(argv[0], path, sizeof path, msg, sizeof msg) < 0 ||
	    inputs_hash_file(path, c->program_hash, sizeof c->program_hash, msg,
	                     sizeof msg) < 0) {
		return err_set(err, errlen, "command: %s", msg);
	}
	return 0;
}

/* The item keys of an info text ("key value; key value"): none a tuned KEY. */
static int check_info_keys(const SpsaConfig *c, const char *info, char *err, size_t errlen)
{
	for (const char *s = info; *s;) {
		s += strspn(s, " \t;");
		size_t n = strcspn(s, " \t;");
		int i = tuned_of(c, s, n);
		if (i >= 0) {
			snprintf(err, errlen,
			         "info sets '%s', which [param %s] tunes: the tuner sends "
			         "INFO %s itself",
			         c->tuned[i].name, c->tuned[i].name, c->tuned[i].name);
			return -1;
		}
		s += n;
		s += strcspn(s, ";");
	}
	return 0;
}

int spsa_external_check(SpsaConfig *c, int *line, char *err, size_t errlen)
{
	const char *command = param_text(&c->params, param_find(&c->params, "command")),
	           *info = param_text(&c->params, param_find(&c->params, "info"));
	bool via_command = c->params_via == SPSA_VIA_COMMAND;
	int counts[SPSA_PARAMS_MAX] = {0}, log = param_find(&c->params, "log");
	/* `log = on|off` is the arena's (a file per game, in its run folder). */
	*line = c->player_line;
	if (strcmp(param_text(&c->params, log), "on") == 0) {
		snprintf(err, errlen,
		         "log = on (a file per game) is arena run's: give "
		         "log = FILE, which every game is appended to");
		return -1;
	}
	if (strcmp(param_text(&c->params, log), "off") == 0)
		param_set(&c->params, "log", "", err, errlen);
	*line = c->command_line ? c->command_line : c->player_line;
	if (check_command(c, command, err, errlen) < 0 ||
	    check_placeholders(c, "command", command, via_command, counts, err, errlen) < 0)
		return -1;
	*line = c->info_line ? c->info_line : c->player_line;
	if (check_placeholders(c, "info", info, false, counts, err, errlen) < 0 ||
	    (!via_command && check_info_keys(c, info, err, errlen) < 0))
		return -1;
	/* The longest text a side gets, each value at its widest. */
	size_t len = strlen(via_command ? command : info);
	for (int i = 0; i < c->n; i++) {
		size_t w = width(&c->tuned[i].p), name = strlen(c->tuned[i].name);
		if (via_command && counts[i] == 0) {
			*line = c->tuned[i].line;
			snprintf(
			    err, errlen,
			    "[param %s]: params_via = command, but the command (line %d) "
			    "has no {%s}",
			    c->tuned[i].name, c->command_line, c->tuned[i].name);
			return -1;
		}
		len += via_command ? (size_t)counts[i] * w - (size_t)counts[i] * (name + 2)
		                   : (len ? 2 : 0) + name + 1 + w;
	}
	const char *key = via_command ? "command" : "info";
	if (len > line_room(key)) {
		*line = via_command ? c->command_line : c->info_line;
		*line = *line ? *line : c->player_line;
		snprintf(
		    err, errlen,
		    "with every tuned value at its widest, %s would take %zu bytes, and "
		    "tuned.ini's '%s = ...' line holds %zu: use shorter names, fewer "
		    "parameters%s",
		    key, len, key, line_room(key),
		    via_command ? "" : ", or params_via = command");
		return -1;
	}
	return 0;
}

int spsa_external_params(const SpsaConfig *c, const double *values, ParamSet *out,
                         char *err, size_t errlen)
{
	*out = c->params;
	bool via_command = c->params_via == SPSA_VIA_COMMAND;
	const char *key = via_command ? "command" : "info";
	int k = param_find(out, key);
	const char *base = param_text(&c->params, k);
	char text[2 * PARAM_TEXT_MAX], value[48];
	size_t len = 0, room = sizeof text;
	if (via_command) {
		size_t n;
		const char *s = base, *p;
		while ((p = next_placeholder(s, &n))) {
			int i = tuned_of(c, p + 1, n);
			if (i >= 0)
				spsa_external_value(&c->tuned[i].p, values[i], value,
				                    sizeof value);
			else
				snprintf(value, sizeof value, "%.*s", (int)n + 2,
				         p); /* {seed} */
			len += (size_t)snprintf(text + len, room - len, "%.*s%s",
			                        (int)(p - s), s, value);
			if (len >= room)
				break;
			s = p + n + 2;
		}
		if (len < room)
			len += (size_t)snprintf(text + len, room - len, "%s", s);
	} else {
		len = (size_t)snprintf(text, room, "%s", base);
		for (int i = 0; i < c->n && len < room; i++) {
			spsa_external_value(&c->tuned[i].p, values[i], value, sizeof value);
			len += (size_t)snprintf(text + len, room - len, "%s%s %s",
			                        len ? "; " : "", c->tuned[i].name, value);
		}
	}
	if (len >= room || param_set(out, key, text, err, errlen) < 0) {
		return err_set(err, errlen, "%s with the values is too long", key);
	}
	return 0;
}

void spsa_external_write(const SpsaConfig *c, FILE *f)
{
	fprintf(f, "params_via = %s\n", via_names[c->params_via]);
	if (c->program_hash[0])
		fprintf(f, "program_hash = %s\n", c->program_hash);
}
