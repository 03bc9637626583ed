/* cpu_split.c - runs a command and prints the CPU it took itself and the
 * CPU of the children it waited for, in seconds, for tests/bench_external.sh
 * to split another tournament manager's CPU from its engines' (a manager
 * waits for the engines it starts, so theirs is its children's).
 *
 * usage: cpu_split OUT COMMAND [ARG ...]
 * OUT gets "SELF CHILDREN WALL" (seconds); the command's output goes
 * where this program's goes. The exit status is the command's (or 1).
 *
 * The command is waited for without being reaped (waitid WNOWAIT), so
 * that its /proc/PID/stat still holds utime and stime (its own, every
 * thread) and cutime and cstime (its reaped children); then it is reaped.
 * Built by the benchmark (cc -O2); not a test. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: cpu_split OUT COMMAND [ARG ...]\n");
		return 2;
	}
	double t0 = now();
	pid_t pid = fork();
	if (pid < 0) {
		perror("cpu_split: fork");
		return 1;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		perror("cpu_split: exec");
		_exit(127);
	}
	siginfo_t info;
	memset(&info, 0, sizeof info);
	if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT) < 0) {
		perror("cpu_split: waitid");
		return 1;
	}
	double wall = now() - t0;
	char path[64], stat[4096];
	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(stat, 1, sizeof stat - 1, f) : 0;
	if (f)
		fclose(f);
	stat[n] = '\0';
	/* After the command name (in parentheses, which may hold anything),
	 * field 3 is the state; utime, stime, cutime, cstime are 14 to 17. */
	char *p = strrchr(stat, ')');
	unsigned long long v[4];
	if (!p ||
	    sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu",
	           &v[0], &v[1], &v[2], &v[3]) != 4) {
		fprintf(stderr, "cpu_split: cannot read %s\n", path);
		return 1;
	}
	int status;
	waitpid(pid, &status, 0);
	double tick = (double)sysconf(_SC_CLK_TCK);
	FILE *out = fopen(argv[1], "w");
	if (!out ||
	    fprintf(out, "%.3f %.3f %.3f\n", (double)(v[0] + v[1]) / tick,
	            (double)(v[2] + v[3]) / tick, wall) < 0 ||
	    fclose(out) != 0) {
		perror("cpu_split: OUT");
		return 1;
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
