/* report_dir.c - `arena report DIR`. */
#define _POSIX_C_SOURCE 200809L
#include "report_dir.h"
#include "err.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "outfile.h"
#include "report.h"

static int has(const char *dir, const char *file)
{
	char path[OUTFILE_PATH_MAX + 32];
	snprintf(path, sizeof path, "%.4000s/%s", dir, file);
	return access(path, F_OK) == 0;
}

int report_dir(const char *dir, FILE *out, char *err, size_t errlen)
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
	int rc = report_run_opts(dir, csv, known ? names : NULL, known ? t->nplayers : 0,
	                         &o, out, err, errlen);
	free(t);
	return rc;
}
