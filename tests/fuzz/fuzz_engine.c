/* fuzz_engine.c - the manager side of the Gomocup protocol: whatever an
 * external engine writes, read as the arena reads it (proc_read_line from
 * a pipe, then each line as an answer to START and as a reply to a move
 * command, quoted and sanitised for a fault's detail); and the input as an
 * external player's `info` parameter. */
#include "fuzz.h"

#include <fcntl.h>
#include <poll.h>

#include "clock.h"
#include "external_proc.h"
#include "external_text.h"

static void reply(const char *line, size_t len)
{
	long x, y;
	for (int size = 5; size <= 20; size += 15) {
		ExternalReply k = external_text_reply(line, size, &x, &y);
		if (k == REPLY_MOVE && (x < 0 || y < 0 || x >= size || y >= size))
			fuzz_fail("a move off the board", line);
	}
	const char *s = line + strspn(line, " \t");
	size_t n = strcspn(s, " \t");
	(void)external_text_word_is(s, n, "OK");
	(void)external_text_word_is(s, n, "ERROR");
	char quoted[EXTERNAL_QUOTE_MAX + 4];
	external_text_quote(quoted, sizeof quoted, line, len);
	external_text_sanitise(quoted);
	for (const char *q = quoted; *q; q++)
		if (*q == ',' || *q == '"' || (unsigned char)*q < 0x20 ||
		    (unsigned char)*q >= 0x7f)
			fuzz_fail("a detail not fit for a CSV field", quoted);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* The input as `info`: "key value; key value". */
	char *text = malloc(size + 1), info[1024], err[256];
	if (!text)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	/* Each line it makes is one INFO command: no other line end inside. */
	if (external_text_info(text, info, sizeof info, err, sizeof err) == 0)
		for (const char *l = info; *l; l = strchr(l, '\n') + 1) {
			const char *end = strchr(l, '\n');
			if (strncmp(l, "INFO ", 5) != 0 || !end ||
			    memchr(l, '\r', (size_t)(end - l)))
				fuzz_fail("an info line that is no INFO command", info);
		}
	free(text);

	/* The input as an engine's output, through a pipe as from the child. */
	int fd[2];
	if (pipe2(fd, O_CLOEXEC) < 0)
		abort();
	if (size > 65536)
		size = 65536; /* a pipe holds 64 KB */
	if (size && write(fd[1], data, size) != (ssize_t)size)
		abort();
	close(fd[1]);
	static Proc p;
	proc_init(&p);
	p.from_child = fd[0];
	char line[PROC_LINE_MAX];
	ProcStatus st;
	while ((st = proc_read_line(&p, line, clock_ms() + 1000)) == PROC_OK)
		reply(line, strlen(line));
	if (st == PROC_LONG) { /* quoted as the fault's detail quotes it */
		char quoted[EXTERNAL_QUOTE_MAX + 4];
		external_text_quote(quoted, sizeof quoted, p.buf, sizeof p.buf);
	} else if (st != PROC_EOF)
		fuzz_fail("the end of the output is no end", "");
	close(fd[0]);
	return 0;
}
