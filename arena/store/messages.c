/* messages.c - messages.txt, kept in step with games.csv. */
#define _POSIX_C_SOURCE 200809L
#include "messages.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results.h"

/* The lines of a MessageLog: "PLY TEXT". Calls fn for each; returns the
 * bytes fn returned in all. */
typedef size_t (*LineFn)(void *user, long ply, const char *text, size_t n);

static size_t each_line(const MessageLog *log, LineFn fn, void *user)
{
	size_t total = 0;
	const char *s = log->text, *end = log->text + log->len;
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		if (!nl)
			nl = end;
		char *after;
		long ply = strtol(s, &after, 10);
		if (after < nl && *after == ' ')
			after++;
		total += fn(user, ply, after, (size_t)(nl - after));
		s = nl + 1;
	}
	return total;
}

typedef struct {
	const char *const *names;
	char *out; /* NULL: count only */
} Fill;

static size_t put_line(void *user, long ply, const char *text, size_t n)
{
	Fill *f = user;
	/* The mover: black plays the odd stones (the opening's too). */
	const char *name = f->names[ply % 2 ? 0 : 1];
	char head[32];
	int h = snprintf(head, sizeof head, "%ld) ", ply);
	size_t len = (size_t)h + strlen(name) + 2 + n + 1;
	if (f->out) {
		char *o = f->out;
		memcpy(o, head, (size_t)h);
		o += h;
		memcpy(o, name, strlen(name));
		o += strlen(name);
		memcpy(o, ": ", 2);
		memcpy(o + 2, text, n);
		o[2 + n] = '\n';
		f->out += len;
	}
	return len;
}

char *messages_format(int job, const char *const names[2], const MessageLog *log)
{
	char head[64 + 2 * 512], cut[64] = "";
	int h = snprintf(head, sizeof head, "Game ID: %d\nEngines: %.500s x %.500s\n",
	                 job + 1, names[0], names[1]);
	if (log && log->cut)
		snprintf(cut, sizeof cut, "[messages cut at %d bytes]\n", MESSAGE_LOG_MAX);
	Fill f = {names, NULL};
	size_t body = log ? each_line(log, put_line, &f) : 0;
	size_t sep = strlen(MESSAGES_SEPARATOR) + 1;
	char *buf = malloc((size_t)h + body + strlen(cut) + sep + 1);
	if (!buf)
		return NULL;
	memcpy(buf, head, (size_t)h);
	f.out = buf + h;
	if (log)
		each_line(log, put_line, &f);
	char *o = f.out;
	o = stpcpy(o, cut);
	o = stpcpy(o, MESSAGES_SEPARATOR "\n");
	*o = '\0';
	return buf;
}

/* The most lines a block sorts: a game's log of 1-byte lines, and more. */
enum { BLOCK_LINES = 1 << 17 };

typedef struct {
	const bool *done;
	int njobs;
	long job;  /* of the block being read; -1: between blocks */
	long line; /* its lines so far */
} Blocks;

/* A line's key: its block's job, then its place in the block (the
 * separator last); lines of a job not done, or outside a block, go. */
static long block_key(void *user, const char *line, char *msg, size_t msglen)
{
	Blocks *b = user;
	const char *id = "Game ID: ";
	if (strncmp(line, id, strlen(id)) == 0) {
		char *end;
		long n = strtol(line + strlen(id), &end, 10);
		if (*end || n < 1 || n > 2000000000L) {
			snprintf(msg, msglen, "'%.40s' is no game's number",
			         line + strlen(id));
			return -2;
		}
		b->job = n - 1;
		b->line = 0;
	} else if (b->job < 0) {
		return -1;
	}
	long job = b->job, at = b->line < BLOCK_LINES - 2 ? b->line++ : BLOCK_LINES - 2;
	if (strcmp(line, MESSAGES_SEPARATOR) == 0) {
		at = BLOCK_LINES - 1;
		b->job = -1;
	}
	if (job >= b->njobs || !b->done[job])
		return -1;
	return job * BLOCK_LINES + at;
}

int messages_settle(const char *path, const bool *done, int njobs, bool lazy, char *err,
                    size_t errlen)
{
	Blocks b = {done, njobs, -1, 0};
	return results_rewrite(path, MESSAGES_SEPARATOR, block_key, &b, true, lazy, err,
	                       errlen);
}
