/* report_dir.c - `arena report DIR`. */
#define _POSIX_C_SOURCE 200809L
#include "report_dir.h"
#include "err.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <libgen.h>
#include <unistd.h>

#include "config.h"
#include "outfile.h"
#include "report.h"
#include "rundir.h"

static int has(const char *dir, const char *file)
{
	char path[OUTFILE_PATH_MAX + 32];
	snprintf(path, sizeof path, "%.4000s/%s", dir, file);
	return access(path, F_OK) == 0;
}

int report_dir(const char *dir, const char *to, FILE *out, char *err, size_t errlen)
{
	if (has(dir, "trajectory.csv") || has(dir, "texel.csv")) {
		snprintf(err, errlen,
		         "%s is a tuner's folder: `tuner report %s` rebuilds its page", dir,
		         dir);
		return ERR_INPUT;
	}
	char csv[OUTFILE_PATH_MAX + 32], ini[OUTFILE_PATH_MAX + 32];
	snprintf(csv, sizeof csv, "%.4000s/games.csv", dir);
	snprintf(ini, sizeof ini, "%.4000s/config.ini", dir);
	if (!has(dir, "games.csv")) {
		return err_input(err, errlen, "%s: no games.csv (not a run folder)", dir);
	}
	/* A tournament's configuration fixes the order of the players and the
	 * anchor, as at the end of its run; without one (a folder `arena elo`
	 * wrote into, a configuration that no longer loads) the games file's
	 * order stands, and the page says why. */
	Tournament *t = calloc(1, sizeof *t);
	if (!t) {
		return err_set(err, errlen, "out of memory");
	}
	char why[ERR_MAX];
	bool known = has(dir, "config.ini") && config_load(ini, t, why, sizeof why) == 0;
	const char *names[CONFIG_PLAYERS_MAX], *challengers[CONFIG_PLAYERS_MAX];
	int nch = 0;
	bool gauntlet = known && strcmp(t->type, "gauntlet") == 0;
	for (int i = 0; known && i < t->nplayers; i++) {
		names[i] = t->players[i].name;
		if (gauntlet && t->players[i].challenger)
			challengers[nch++] = names[i];
	}
	/* Without a configuration, a gauntlet is found from the games, as
	 * `arena elo` finds it. */
	const ReportOptions o = {.anchor = known && t->anchor[0] ? t->anchor : NULL,
	                         .challengers = challengers,
	                         .nchallengers = nch,
	                         .find_gauntlet = !known};
	int rc = 0;
	if (to && rundir_create(to, err, errlen) < 0)
		rc = ERR_INPUT;
	if (rc == 0)
		rc = report_run_opts(to ? to : dir, csv, known ? names : NULL,
		                     known ? t->nplayers : 0, &o, out, err, errlen);
	free(t);
	return rc;
}

int report_records(const char *const *paths, int npaths, const char *to,
                   const ReportOptions *o, FILE *out, char *err, size_t errlen)
{
	/* Like `arena run`, make the folder asked for rather than fail on it;
	 * by default the first input's folder. */
	char first[OUTFILE_PATH_MAX];
	snprintf(first, sizeof first, "%s", paths[0]);
	if (to && rundir_create(to, err, errlen) < 0)
		return ERR_INPUT;
	return report_run_paths(to ? to : dirname(first), paths, npaths, NULL, 0, o, out,
	                        err, errlen);
}

/* A folder that holds a .psq file: a folder of records, not a run's. */
static bool holds_psq(const char *dir)
{
	DIR *d = opendir(dir);
	bool found = false;
	for (struct dirent *e; d && !found && (e = readdir(d));) {
		size_t len = strlen(e->d_name);
		found = len > 4 && strcmp(e->d_name + len - 4, ".psq") == 0;
	}
	if (d)
		closedir(d);
	return found;
}

int report_inputs(const char *const *paths, int npaths, const char *to, FILE *out,
                  char *err, size_t errlen)
{
	struct stat st;
	if (npaths == 1 && stat(paths[0], &st) == 0 && S_ISDIR(st.st_mode) &&
	    (has(paths[0], "games.csv") || !holds_psq(paths[0])))
		return report_dir(paths[0], to, out, err, errlen);
	const ReportOptions o = {.find_gauntlet = true};
	return report_records(paths, npaths, to, &o, out, err, errlen);
}
