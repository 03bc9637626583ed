/* run_tags.c - the event, date and time controls of a games file's games. */
#define _POSIX_C_SOURCE 200809L
#include "run_tags.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* The folder part of path ("." for none) into dir. */
static void folder_of(const char *path, char *dir, size_t len)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		snprintf(dir, len, ".");
	else if (slash == path)
		snprintf(dir, len, "/");
	else
		snprintf(dir, len, "%.*s", (int)(slash - path), path);
}

/* config.ini's name, board, rule and players' time controls, when dir has
 * one that loads. */
static void from_config(const char *dir, RunTags *tags)
{
	char ini[OUTFILE_PATH_MAX + 16], err[1024];
	snprintf(ini, sizeof ini, "%.4000s/config.ini", dir);
	struct stat st;
	if (stat(ini, &st) < 0)
		return;
	Tournament *t = calloc(1, sizeof *t);
	if (!t || config_load(ini, t, err, sizeof err) < 0) {
		free(t);
		return;
	}
	tags->known = true;
	snprintf(tags->event, sizeof tags->event, "%s", t->name);
	tags->size = t->size;
	tags->rule = t->rule;
	tags->nplayers = t->nplayers;
	for (int i = 0; i < t->nplayers; i++) {
		snprintf(tags->names[i], sizeof tags->names[i], "%s", t->players[i].name);
		Budget b = config_budget(t, i);
		run_tags_time_control(&b, tags->tc[i], sizeof tags->tc[i]);
	}
	free(t);
}

void run_tags_find(const char *csv, RunTags *tags)
{
	memset(tags, 0, sizeof *tags);
	char dir[OUTFILE_PATH_MAX];
	folder_of(csv, dir, sizeof dir);
	from_config(dir, tags);
	if (!tags->event[0]) { /* the file's name without its extension */
		const char *slash = strrchr(csv, '/');
		const char *base = slash ? slash + 1 : csv;
		const char *dot = strrchr(base, '.');
		size_t n = dot && dot > base ? (size_t)(dot - base) : strlen(base);
		snprintf(tags->event, sizeof tags->event, "%.*s", (int)n, base);
		if (!tags->event[0])
			snprintf(tags->event, sizeof tags->event, "?");
	}
	struct stat st;
	struct tm tm;
	time_t when = 0;
	if (stat(csv, &st) == 0)
		when = st.st_mtime;
	if (!when || !gmtime_r(&when, &tm) ||
	    strftime(tags->date, sizeof tags->date, "%Y.%m.%d", &tm) != 10)
		snprintf(tags->date, sizeof tags->date, "????.??.??");
	char moves[sizeof tags->moves];
	snprintf(moves, sizeof moves, "%.4000s/moves.csv", dir);
	if (stat(moves, &st) == 0 && S_ISREG(st.st_mode))
		snprintf(tags->moves, sizeof tags->moves, "%s", moves);
}

/* Seconds from ms, as short as exact: 60000 "60", 500 "0.5". */
static void seconds(char *buf, size_t len, long long ms)
{
	if (ms % 1000 == 0)
		snprintf(buf, len, "%lld", ms / 1000);
	else {
		snprintf(buf, len, "%lld.%03lld", ms / 1000, ms % 1000);
		char *end = buf + strlen(buf);
		while (end[-1] == '0')
			*--end = '\0';
	}
}

void run_tags_time_control(const Budget *b, char *buf, size_t len)
{
	char base[32], inc[32];
	if (b->game_ms > 0) {
		seconds(base, sizeof base, (long long)b->game_ms);
		seconds(inc, sizeof inc, (long long)b->inc_ms);
		snprintf(buf, len, "%s%s%s", base, b->inc_ms > 0 ? "+" : "",
		         b->inc_ms > 0 ? inc : "");
	} else if (b->ms > 0) {
		seconds(base, sizeof base, (long long)b->ms);
		snprintf(buf, len, "%s/move", base);
	} else if (len) {
		buf[0] = '\0';
	}
}

const char *run_tags_tc(const RunTags *tags, const char *name)
{
	for (int i = 0; i < tags->nplayers; i++)
		if (!strcmp(tags->names[i], name))
			return tags->tc[i];
	return "";
}
