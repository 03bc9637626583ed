/* instant.c - the cheapest Gomocup engine there can be, for
 * tests/bench_external.sh: it answers every move command at once with the
 * first free point in reading order, so that a game against it measures
 * the manager's cost per move with next to nothing of the engine's.
 *
 * Raw read(2) and write(2), no stdio: one read (it sleeps there) and one
 * write per move, the least a process that answers over pipes can do.
 * It keeps the board only to know the free points: TURN marks the
 * opponent's stone, BOARD rebuilds it, BEGIN/START/RESTART clear it; INFO
 * and anything else are ignored. Built by the benchmark (cc -O2); not a
 * test, not an engine to play with. */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { SIZE_MAX_ = 32, BUF = 1 << 16 };

static int size = 15;
static bool taken[SIZE_MAX_ * SIZE_MAX_];
static bool in_board;

static void instant_send(const char *text)
{
	size_t len = strlen(text), done = 0;
	while (done < len) {
		ssize_t n = write(1, text + done, len - done);
		if (n <= 0)
			exit(1);
		done += (size_t)n;
	}
}

static void instant_clear(void)
{
	memset(taken, 0, sizeof taken);
}

static void instant_mark(int x, int y)
{
	if (x >= 0 && y >= 0 && x < size && y < size)
		taken[y * size + x] = true;
}

/* Plays the first free point and tells it. */
static void instant_move(void)
{
	char reply[32];
	for (int i = 0; i < size * size; i++)
		if (!taken[i]) {
			taken[i] = true;
			snprintf(reply, sizeof reply, "%d,%d\n", i % size, i / size);
			instant_send(reply);
			return;
		}
	instant_send("ERROR board full\n");
}

static void instant_line(const char *l)
{
	int x, y;
	if (in_board) {
		if (!strncmp(l, "DONE", 4)) {
			in_board = false;
			instant_move();
		} else if (sscanf(l, "%d,%d", &x, &y) == 2) {
			instant_mark(x, y);
		}
	} else if (!strncmp(l, "TURN ", 5)) {
		if (sscanf(l + 5, "%d,%d", &x, &y) == 2)
			instant_mark(x, y);
		instant_move();
	} else if (!strncmp(l, "BEGIN", 5)) {
		instant_clear();
		instant_move();
	} else if (!strncmp(l, "BOARD", 5)) {
		instant_clear();
		in_board = true;
	} else if (!strncmp(l, "START ", 6)) {
		int s = atoi(l + 6);
		if (s < 5 || s > SIZE_MAX_) {
			instant_send("ERROR unsupported size\n");
			return;
		}
		size = s;
		instant_clear();
		instant_send("OK\n");
	} else if (!strncmp(l, "RESTART", 7)) {
		instant_clear();
		instant_send("OK\n");
	} else if (!strncmp(l, "END", 3)) {
		exit(0);
	}
}

int main(void)
{
	static char buf[BUF];
	size_t len = 0;
	for (;;) {
		ssize_t n = read(0, buf + len, sizeof buf - 1 - len);
		if (n <= 0)
			return 0;
		len += (size_t)n;
		size_t start = 0;
		for (size_t i = 0; i < len; i++)
			if (buf[i] == '\n' || buf[i] == '\r') {
				buf[i] = '\0';
				instant_line(buf + start);
				start = i + 1;
			}
		memmove(buf, buf + start, len - start);
		len -= start;
		if (len == sizeof buf - 1)
			len = 0; /* a line this long is nothing we answer */
	}
}
