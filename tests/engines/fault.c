/* fault.c - a Gomocup engine that misbehaves on purpose, for test_external
 * and test_external_proc.
 *
 * usage: fault MODE [N]
 *   good              plays the empty point nearest the centre (ties: row
 *                     by row); every other mode plays so until it misbehaves
 *   crash N           exits with status 3 when asked for its N-th move
 *   segv N            dies of SIGSEGV when asked for its N-th move
 *   hang N            never answers its N-th move (and ignores END, SIGTERM)
 *   illegal N         answers its N-th move with an occupied point
 *   offboard N        answers its N-th move with a point off the board
 *   garbage N         answers its N-th move with "hello world" (and no move)
 *   error N           answers its N-th move with "ERROR out of ideas" (and no
 *                     move)
 *   malformed N       answers its N-th move with "7,7,1" (a move-shaped line that
 *                     is no move)
 *   huge N            answers its N-th move with a 10 MB line
 *   exit-after-start  exits on START without a word
 *   no-ok             never answers START (but keeps reading)
 *   error-start       answers START with "ERROR size not supported"
 *   slowstart N       waits N ms before its OK to START and to RESTART
 *   restart-error     answers RESTART with "ERROR cannot restart"
 *   restart-unknown   answers RESTART with "UNKNOWN RESTART" (as the protocol
 *                     tells an engine without the command to)
 *   restart-none      never answers RESTART (but keeps reading)
 *   restart-crash     exits with status 5 on RESTART
 *   slow N            waits N ms before every move
 *   dropword          drops the first word of the line read after each of its
 *                     moves (an old engine bug the time_left INFO covers), and
 *                     so answers "ERROR Unknown command: TIME_LEFT" first
 *   chatty            MESSAGE and DEBUG lines around every move, CR LF endings
 *   eval N            "MESSAGE depth 1 eval N" before every move (N may be
 *                     negative), for adjudication (e2e_adjudicate)
 *   flood N           N KB of MESSAGE lines before every move
 *   noisy             ERROR, UNKNOWN, MESSAGE, DEBUG and other lines before
 *                     every move
 *   linger            ignores END and the end of its input (the manager must
 *                     kill it)
 *   spew              writes 256 KB to stderr before every move, more than a
 *                     pipe holds
 *   ponder            thinks on the opponent's time: spins the CPU after each
 *                     move until the next command comes
 *   hog N             at its N-th move takes 64 MB and thinks forever
 *   hog-child N       at its N-th move starts a helper process that takes
 *                     64 MB (and waits), then plays
 * A misbehaving engine says so on stderr first ("fault: MODE ...").
 * Every other mode answers RESTART with OK and starts a new game on the same
 * board (its move count too, so MODE N misbehaves at the N-th move of each
 * game).
 * In every mode an unknown command is answered "ERROR Unknown command: WORD",
 * as Rapfi does.
 * With FAULT_LOG=FILE in the environment it appends "pid N", "fds N" (its
 * open descriptors but the log's) and then every line it reads to FILE, and
 * "cpu MS" (its CPU time) when it exits on END or EOF, so a test can check
 * what the manager sent, that it leaked nothing and what CPU it took. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <poll.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

enum { SIZE_MAX_ = 20 };
#define HOG_BYTES (64L << 20)

static int size = 15;
static int cell[SIZE_MAX_][SIZE_MAX_]; /* 0 empty, 1 own, 2 opponent */
static const char *mode = "good";
static long arg;
static int asked; /* moves asked for so far */
static FILE *log_file;

/* Descriptors open at start, other than the log's: 3 (stdin, stdout,
 * stderr) unless the manager leaked some. */
static int open_fds(void)
{
	int n = 0;
	for (int fd = 0; fd < 1024; fd++)
		if (fd != fileno(log_file) && fcntl(fd, F_GETFD) != -1)
			n++;
	return n;
}

static void sleep_ms(long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
	while (nanosleep(&ts, &ts) < 0)
		;
}

static void say(const char *text)
{
	const char *end = strcmp(mode, "chatty") == 0 ? "\r\n" : "\n";
	fputs(text, stdout);
	fputs(end, stdout);
	fflush(stdout);
}

static void hang_forever(void)
{
	signal(SIGTERM, SIG_IGN);
	for (;;)
		pause();
}

/* Memory that is resident: every page written, and kept where the
 * compiler cannot prove it unused. */
static char *volatile hog;

static void take_memory(void)
{
	hog = malloc(HOG_BYTES);
	if (!hog)
		exit(4);
	memset(hog, 1, HOG_BYTES);
}

/* A helper in our process group that holds HOG_BYTES; returns once it
 * does. */
static void start_hog(void)
{
	int ready[2];
	if (pipe(ready) < 0)
		exit(4);
	pid_t pid = fork();
	if (pid < 0)
		exit(4);
	if (pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		take_memory();
		if (write(ready[1], "", 1) != 1)
			exit(4);
		hang_forever();
	}
	char c;
	if (read(ready[0], &c, 1) != 1)
		exit(4);
	close(ready[0]);
	close(ready[1]);
}

/* Spins until the next command can be read (stdin is unbuffered in this
 * mode, so poll sees every byte). */
static void ponder(void)
{
	struct pollfd pfd = {.fd = 0, .events = POLLIN};
	volatile unsigned long spin = 0;
	while (poll(&pfd, 1, 0) == 0)
		for (int i = 0; i < 100000; i++)
			spin++;
}

static int quit(void)
{
	if (log_file) {
		struct timespec cpu;
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu);
		fprintf(log_file, "cpu %.0f\n",
		        (double)cpu.tv_sec * 1e3 + (double)cpu.tv_nsec / 1e6);
		fclose(log_file);
	}
	return 0;
}

/* The answer of a misbehaving move, or NULL to play normally. */
static const char *misbehave(void)
{
	static char buf[32];
	/* Last words for the manager's fault detail. */
	fprintf(stderr, "fault: %s at move %d\n", mode, asked);
	if (strcmp(mode, "crash") == 0) {
		fprintf(stderr, "fault: exiting with 3\n");
		exit(3);
	}
	if (strcmp(mode, "segv") == 0) {
		signal(SIGSEGV, SIG_DFL);
		raise(SIGSEGV);
	}
	if (strcmp(mode, "hang") == 0)
		hang_forever();
	if (strcmp(mode, "hog") == 0) {
		take_memory();
		hang_forever();
	}
	if (strcmp(mode, "hog-child") == 0)
		start_hog();
	if (strcmp(mode, "garbage") == 0)
		return "hello world";
	if (strcmp(mode, "error") == 0)
		return "ERROR out of ideas";
	if (strcmp(mode, "malformed") == 0)
		return "7,7,1";
	if (strcmp(mode, "offboard") == 0) {
		snprintf(buf, sizeof buf, "%d,%d", size, 0);
		return buf;
	}
	if (strcmp(mode, "huge") == 0) {
		for (long i = 0; i < 10L * 1024 * 1024; i++)
			putchar('7');
		return "";
	}
	return NULL;
}

static void play(void)
{
	asked++;
	bool due = asked == arg;
	if (strcmp(mode, "slow") == 0)
		sleep_ms(arg);
	const char *answer = due ? misbehave() : NULL;
	if (answer) {
		say(answer);
		return;
	}
	int bx = -1, by = -1, best = 1 << 30, c = size / 2;
	for (int y = 0; y < size; y++)
		for (int x = 0; x < size; x++) {
			bool empty = cell[y][x] == 0;
			if (due && strcmp(mode, "illegal") == 0)
				empty = !empty; /* an occupied point, if there is one */
			int d = (x - c) * (x - c) + (y - c) * (y - c);
			if (empty && d < best)
				best = d, bx = x, by = y;
		}
	if (bx < 0)
		bx = by = 0;
	cell[by][bx] = 1;
	if (strcmp(mode, "spew") == 0)
		for (int i = 0; i < 4096; i++)
			fprintf(stderr, "spew %4d of move %3d: %40s\n", i, asked, "");
	if (strcmp(mode, "noisy") == 0) {
		/* Lines a manager must skip: none is a move. */
		say("ERROR Unknown command: TIME_LEFT");
		say("UNKNOWN what was that");
		say("MESSAGE depth 3 eval 0.5");
		say("DEBUG nodes 1234");
		say("hello world");
		say("eval 0.5, depth 3");
		say("2 threads started");
		say("");
	}
	if (strcmp(mode, "flood") == 0)
		for (long i = 0; i < arg * 16; i++)
			printf("MESSAGE flood %6ld of move %3d: %30s\n", i, asked, "");
	if (strcmp(mode, "eval") == 0) {
		char msg[64];
		snprintf(msg, sizeof msg, "MESSAGE depth 1 eval %ld", arg);
		say(msg);
	}
	if (strcmp(mode, "chatty") == 0) {
		say("MESSAGE thinking hard");
		say("DEBUG nothing to see");
	}
	char buf[32];
	snprintf(buf, sizeof buf, "%d,%d", bx, by);
	say(buf);
	if (strcmp(mode, "chatty") == 0)
		say("MESSAGE done");
}

/* An empty board, and OK (slowstart: after its delay). */
static void new_game(void)
{
	memset(cell, 0, sizeof cell);
	asked = 0;
	if (strcmp(mode, "slowstart") == 0)
		sleep_ms(arg);
	say("OK");
}

/* RESTART: a new game on the same board, or a misbehaviour. */
static void restart(void)
{
	if (strncmp(mode, "restart-", 8) == 0)
		fprintf(stderr, "fault: %s\n", mode);
	if (strcmp(mode, "restart-crash") == 0)
		exit(5);
	if (strcmp(mode, "restart-error") == 0)
		say("ERROR cannot restart");
	else if (strcmp(mode, "restart-unknown") == 0)
		say("UNKNOWN RESTART");
	else if (strcmp(mode, "restart-none") != 0)
		new_game();
}

static int point(const char *s, int *x, int *y)
{
	return sscanf(s, "%d,%d", x, y) == 2 && *x >= 0 && *y >= 0 && *x < size && *y < size
	           ? 0
	           : -1;
}

int main(int argc, char **argv)
{
	if (argc > 1)
		mode = argv[1];
	if (argc > 2)
		arg = strtol(argv[2], NULL, 10);
	const char *log = getenv("FAULT_LOG");
	if (log && *log && (log_file = fopen(log, "a")) != NULL) {
		fprintf(log_file, "pid %ld\nfds %d\n", (long)getpid(), open_fds());
		fflush(log_file);
	}
	bool pondering = strcmp(mode, "ponder") == 0;
	if (pondering)
		setvbuf(stdin, NULL, _IONBF, 0);
	char line[256];
	bool drop_next = false, in_board = false;
	for (;;) {
		if (!fgets(line, sizeof line, stdin)) {
			if (strcmp(mode, "linger") == 0)
				hang_forever();
			return quit();
		}
		line[strcspn(line, "\r\n")] = '\0';
		if (log_file) {
			fprintf(log_file, "%s\n", line);
			fflush(log_file);
		}
		char *s = line;
		if (drop_next) {
			drop_next = false;
			s += strcspn(s, " ");
			s += strspn(s, " ");
		}
		int x, y, f;
		if (in_board) {
			if (strcmp(s, "DONE") == 0) {
				in_board = false;
				play();
				drop_next = strcmp(mode, "dropword") == 0;
			} else if (sscanf(s, "%d,%d,%d", &x, &y, &f) == 3 &&
			           point(s, &x, &y) == 0) {
				cell[y][x] = f;
			}
		} else if (strncmp(s, "RESTART", 7) == 0) {
			restart();
		} else if (strncmp(s, "START", 5) == 0) {
			if (strcmp(mode, "exit-after-start") == 0 ||
			    strcmp(mode, "no-ok") == 0 || strcmp(mode, "error-start") == 0)
				fprintf(stderr, "fault: %s\n", mode);
			if (strcmp(mode, "exit-after-start") == 0)
				return 0;
			if (strcmp(mode, "no-ok") == 0)
				continue;
			if (strcmp(mode, "error-start") == 0) {
				say("ERROR size not supported");
				continue;
			}
			size = atoi(s + 5);
			if (size < 5 || size > SIZE_MAX_)
				size = 15;
			new_game();
		} else if (strcmp(s, "BEGIN") == 0) {
			play();
			drop_next = strcmp(mode, "dropword") == 0;
		} else if (strncmp(s, "TURN ", 5) == 0 && point(s + 5, &x, &y) == 0) {
			cell[y][x] = 2;
			play();
			drop_next = strcmp(mode, "dropword") == 0;
		} else if (strcmp(s, "BOARD") == 0) {
			memset(cell, 0, sizeof cell);
			in_board = true;
		} else if (strcmp(s, "END") == 0) {
			if (strcmp(mode, "linger") == 0)
				hang_forever();
			return quit();
		} else if (strncmp(s, "INFO", 4) != 0 && *s) {
			/* Unknown, as "time_left 1000" after a dropped word */
			char word[32], reply[64];
			size_t n = strcspn(s, " ");
			snprintf(word, sizeof word, "%.*s", (int)n, s);
			for (char *c = word; *c; c++)
				*c = (char)toupper((unsigned char)*c);
			snprintf(reply, sizeof reply, "ERROR Unknown command: %s", word);
			say(reply);
		}
		if (pondering && asked > 0 && !in_board)
			ponder();
	}
}
