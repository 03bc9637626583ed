/* openings_tool.c - `arena openings`: convert, health, live. */
#define _POSIX_C_SOURCE 200809L
#include "openings_tool.h"
#include "err.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "board.h"
#include "config.h"
#include "opening_health.h"
#include "outfile.h"

/* Writes set to o->out (atomically) or out. Returns the exit status. */
static int write_set(const OpeningsToolOptions *o, const OpeningSet *set, int size,
                     FILE *out, char *err, size_t errlen)
{
	OpeningsFormat to = o->to == OPENINGS_AUTO ? OPENINGS_INI : o->to;
	OutFile of;
	FILE *f = o->out ? outfile_open(&of, o->out, err, errlen) : out;
	if (!f)
		return 1;
	int rc = openings_write(f, set, size, to, err, errlen);
	if (rc < 0) {
		if (o->out)
			outfile_abort(&of);
		return err_status(rc);
	}
	return o->out && outfile_commit(&of, err, errlen) < 0 ? 1 : 0;
}

static int convert(const OpeningsToolOptions *o, FILE *out, FILE *note, char *err,
                   size_t errlen)
{
	const OpeningsSpec spec = {.size = o->size ? (int)o->size : BOARD_DEFAULT,
	                           .rule = o->rule >= 0 ? (Rule)o->rule : RULE_FREESTYLE,
	                           .format = o->from,
	                           .plies = (int)o->plies};
	OpeningSet set;
	OpeningsCounts n;
	if (openings_read(o->path, &spec, &set, &n, err, errlen) < 0)
		return 2;
	if (note) {
		fprintf(note, "arena openings: %d opening%s read as %s", set.count,
		        set.count == 1 ? "" : "s", openings_format_names[n.format]);
		if (n.games)
			fprintf(note,
			        " from %ld games (%ld shorter than %d moves, %ld decided "
			        "within them, %ld repeating an earlier position)",
			        n.games, n.short_, spec.plies, n.decided, n.dups);
		fputc('\n', note);
	}
	int rc = write_set(o, &set, spec.size, out, err, errlen);
	openings_free(&set);
	return rc;
}

/* The folder's config.ini, or NULL with a message. */
static Tournament *folder_config(const char *dir, char *err, size_t errlen)
{
	char path[OUTFILE_PATH_MAX], msg[2048];
	snprintf(path, sizeof path, "%.4000s/config.ini", dir);
	Tournament *t = malloc(sizeof *t);
	if (!t) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (config_load(path, t, msg, sizeof msg) < 0) {
		snprintf(err, errlen, "%s", msg);
		free(t);
		return NULL;
	}
	return t;
}

/* The openings of the run that are not dead. */
static int live(const OpeningsToolOptions *o, const OpeningHealth *h, FILE *out, FILE *note,
                char *err, size_t errlen)
{
	Tournament *t = folder_config(o->path, err, errlen);
	if (!t)
		return 2;
	int rc = 0;
	OpeningSet set = {0}, keep = {0};
	long dead = 0;
	const OpeningsSpec spec = config_openings_spec(t);
	if (!t->openings[0]) {
		rc = err_status(err_input(
		    err, errlen, "%s/config.ini: the run has no openings file", o->path));
	} else if (openings_read(t->openings, &spec, &set, NULL, err, errlen) < 0) {
		rc = 2;
	} else if (opening_health_live(h, &set, t->symmetries, &keep, &dead) < 0) {
		snprintf(err, errlen, "out of memory");
		rc = 1;
	} else if (keep.count == 0) {
		rc = err_status(err_input(
		    err, errlen, "every one of the %d openings is dead: nothing to write",
		    set.count));
	} else {
		if (note)
			fprintf(
			    note,
			    "arena openings: %d of %d openings live, %ld dead left out\n",
			    keep.count, set.count, dead);
		rc = write_set(o, &keep, t->size, out, err, errlen);
	}
	openings_free(&set);
	openings_free(&keep);
	free(t);
	return rc;
}

int openings_tool_run(const OpeningsToolOptions *o, FILE *out, FILE *note, char *err,
                      size_t errlen)
{
	struct stat st;
	if (stat(o->path, &st) == 0 && S_ISDIR(st.st_mode)) {
		char csv[OUTFILE_PATH_MAX];
		snprintf(csv, sizeof csv, "%.4000s/games.csv", o->path);
		OpeningHealth h;
		if (opening_health_read(csv, &h, err, errlen) < 0)
			return 2;
		int rc = 0;
		if (o->live) {
			rc = live(o, &h, out, note, err, errlen);
		} else if (o->out) {
			snprintf(err, errlen,
			         "--out writes openings: give --live with a folder");
			rc = 2;
		} else {
			opening_health_print(out, &h);
		}
		opening_health_free(&h);
		return rc;
	}
	if (o->live) {
		return err_status(err_input(
		    err, errlen, "--live takes a run folder, not the file %s", o->path));
	}
	return convert(o, out, note, err, errlen);
}
