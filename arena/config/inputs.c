/* inputs.c - the inputs of a run's games known by their contents. */
#define _DEFAULT_SOURCE /* realpath */
#include "inputs.h"
#include "err.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "printable.h"
#include "proc_cmd.h"

uint64_t inputs_fnv1a64(const void *data, size_t len, uint64_t h)
{
	const unsigned char *p = data;
	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

int inputs_hash_file(const char *path, char *out, size_t outlen, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rbe");
	if (!f) {
		return err_set(err, errlen, "%s: cannot open: %s", path, strerror(errno));
	}
	uint64_t h = INPUTS_FNV_BASIS;
	char buf[65536];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		h = inputs_fnv1a64(buf, n, h);
	int failed = ferror(f);
	fclose(f);
	if (failed) {
		return err_set(err, errlen, "%s: cannot read", path);
	}
	snprintf(out, outlen, "fnv1a64:%016llx", (unsigned long long)h);
	return 0;
}

/* path made absolute into out (the file must exist) and its hash into hash.
 * Returns 0 or -1 with a message. */
static int resolve_file(const char *path, char *out, size_t outlen, char *hash, char *err,
                        size_t errlen)
{
	char abs[PATH_MAX];
	if (!realpath(path, abs)) {
		return err_set(err, errlen, "%s: cannot open: %s", path, strerror(errno));
	}
	/* config.ini records it (a symbolic link or PATH may lead there). */
	const char *ctl = printable_control(abs);
	if (ctl) {
		snprintf(err, errlen,
		         "%s: a control character (byte %d) in the absolute path", abs,
		         (unsigned char)*ctl);
		return -1;
	}
	if (strlen(abs) >= outlen) {
		return err_set(err, errlen,
		               "%s: the absolute path is longer than %zu bytes", abs,
		               outlen - 1);
	}
	snprintf(out, outlen, "%s", abs);
	return inputs_hash_file(abs, hash, INPUTS_HASH_MAX, err, errlen);
}

static int resolve_program(const Tournament *t, PlayerSpec *p, char *err, size_t errlen)
{
	char given[CONFIG_PATH_MAX]; /* `program` as read: a record, for the message */
	snprintf(given, sizeof given, "%s", p->program);
	p->program[0] = p->program_hash[0] = '\0';
	int k = param_find(&p->params, "command");
	if (k < 0 || p->params.decl[k].type != PARAM_TEXT) {
		if (!p->program_hash_given[0] && !given[0])
			return 0;
		snprintf(err, errlen,
		         "%s:%d: [player %s] has no command, so no program or program_hash "
		         "(keys of external players)",
		         t->path,
		         p->program_hash_line ? p->program_hash_line
		         : p->program_line    ? p->program_line
		                              : p->line,
		         p->name);
		return -1;
	}
	char store[PARAM_TEXT_MAX], *argv[PROC_ARGS_MAX + 1], msg[PROC_PATH_MAX + 128];
	char path[PROC_PATH_MAX];
	if (proc_cmd_split(param_text(&p->params, k), store, sizeof store, argv,
	                   PROC_ARGS_MAX + 1, msg, sizeof msg) < 0 ||
	    proc_cmd_resolve(argv[0], path, sizeof path, msg, sizeof msg) < 0 ||
	    resolve_file(path, p->program, sizeof p->program, p->program_hash, msg,
	                 sizeof msg) < 0) {
		/* The line that names the program: its command. */
		return err_set(err, errlen, "%s:%d: [player %s]: %s", t->path,
		               p->param_line[k] ? p->param_line[k] : p->line, p->name, msg);
	}
	if (p->program_hash_given[0] &&
	    strcmp(p->program_hash_given, p->program_hash) != 0) {
		char was[CONFIG_PATH_MAX + 32] = "";
		if (given[0] && strcmp(given, p->program) != 0)
			snprintf(was, sizeof was, " (the configuration names %s)", given);
		char at[CONFIG_PATH_MAX + 16];
		if (p->program_hash_line)
			snprintf(at, sizeof at, "%s:%d", t->path, p->program_hash_line);
		else
			snprintf(at, sizeof at, "%s", t->path);
		snprintf(
		    err, errlen,
		    "%s: [player %s] program_hash is %s but %s%s now has %s: the program "
		    "changed since the configuration was written (without the "
		    "program_hash line it runs the program as it is now)",
		    at, p->name, p->program_hash_given, p->program, was, p->program_hash);
		return -1;
	}
	return 0;
}

/* "path:line" of openings_hash, or "path" when it was not in the file. */
static void hash_place(const Tournament *t, char *buf, size_t buflen)
{
	if (t->openings_hash_line)
		snprintf(buf, buflen, "%s:%d", t->path, t->openings_hash_line);
	else
		snprintf(buf, buflen, "%s", t->path);
}

int inputs_resolve(Tournament *t, char *err, size_t errlen)
{
	t->openings_hash[0] = '\0';
	if (t->openings[0]) {
		char msg[2 * PATH_MAX];
		if (resolve_file(t->openings, t->openings, sizeof t->openings,
		                 t->openings_hash, msg, sizeof msg) < 0) {
			/* The line that names the file (none: it came from --set). */
			if (t->openings_line)
				snprintf(err, errlen, "%s:%d: openings: %s", t->path,
				         t->openings_line, msg);
			else
				snprintf(err, errlen,
				         "--set tournament.openings: %s (a path given "
				         "with --set is taken from the current folder)",
				         msg);
			return -1;
		}
		if (t->openings_hash_given[0] &&
		    strcmp(t->openings_hash_given, t->openings_hash) != 0) {
			char at[CONFIG_PATH_MAX + 16];
			hash_place(t, at, sizeof at);
			snprintf(
			    err, errlen,
			    "%s: openings_hash is %s but %s now has %s: the file changed "
			    "since the configuration was written (without the "
			    "openings_hash line it plays the openings as they are now)",
			    at, t->openings_hash_given, t->openings, t->openings_hash);
			return -1;
		}
	} else if (t->openings_hash_given[0]) {
		char at[CONFIG_PATH_MAX + 16];
		hash_place(t, at, sizeof at);
		return err_set(err, errlen, "%s: openings_hash is given but no openings",
		               at);
	}
	for (int i = 0; i < t->nplayers; i++)
		if (resolve_program(t, &t->players[i], err, errlen) < 0)
			return -1;
	return 0;
}

/* ": the file P changed" or ": the openings are now P, were Q", from the
 * path the saved text gives for the input whose hash differs. */
static void append_change(char *buf, size_t buflen, const char *what, const char *now,
                          const char *was)
{
	size_t n = strlen(buf);
	bool openings = strcmp(what, "openings") == 0;
	if (!was[0] || strcmp(was, now) == 0)
		snprintf(buf + n, buflen - n, ": the %s %s changed",
		         openings ? "file" : "program", now);
	else if (openings)
		snprintf(buf + n, buflen - n, ": the openings are now %s, were %s", now,
		         was);
	else
		snprintf(buf + n, buflen - n, ": the program is now %s, was %s", now, was);
}

void inputs_explain(const Tournament *t, const char *saved, const ConfigDiff *d, char *buf,
                    size_t buflen)
{
	config_diff_text(d, buf, buflen);
	char was[CONFIG_PATH_MAX] = "";
	bool player = strncmp(d->section, "player ", 7) == 0;
	int i = player ? config_find_player(t, d->section + 7) : -1;
	if (strcmp(d->key, "openings_hash") == 0) {
		config_diff_value(saved, "tournament", "openings", was, sizeof was);
		append_change(buf, buflen, "openings", t->openings, was);
	} else if (strcmp(d->key, "program_hash") == 0 && i >= 0) {
		config_diff_value(saved, d->section, "program", was, sizeof was);
		append_change(buf, buflen, "program", t->players[i].program, was);
	} else if (!d->key[0] && (strncmp(d->b, "openings_hash =", 15) == 0 ||
	                          strncmp(d->b, "program_hash =", 14) == 0)) {
		size_t n = strlen(buf);
		snprintf(buf + n, buflen - n,
		         ": the folder's config.ini was written before arena kept the "
		         "hashes of its inputs");
	}
}
