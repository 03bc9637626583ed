/* external_proc.c - starting, talking to and stopping a child process.
 *
 * clone + execve rather than posix_spawn: the child must call prctl before
 * exec. The child shares the arena's memory until its exec (CLONE_VM |
 * CLONE_VFORK, as posix_spawn does), because a fork copies the arena's
 * page tables and then takes a page fault for every page either side
 * writes: a quarter of the arena's CPU when every game starts its engines
 * (restart = on). The calling thread is suspended until the exec (it would
 * wait for it anyway); the other threads run on, so the child, like the
 * child of a fork of a threaded process, calls only async-signal-safe
 * functions, which here are plain system calls that take no lock and
 * write no memory but their own stack's (and errno, which its suspended
 * parent does not read). Everything it needs (the path, argv, the
 * descriptors) is prepared before, all signals are blocked in the parent
 * across the clone and the child resets every handler before it unblocks
 * them (a handler must not run in the parent's memory from the child), and
 * a failure is sent back as an errno through a close-on-exec pipe that
 * reads as EOF once exec has succeeded. */
#define _GNU_SOURCE
#include "external_proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "proc_stat.h"

extern char **environ;

/* Linux 6.18's flag for a pwritev2 to a pipe that must not raise SIGPIPE
 * (older C headers lack it; older kernels refuse it with EOPNOTSUPP). */
#ifndef RWF_NOSIGNAL
#define RWF_NOSIGNAL 0x00000100
#endif

enum { STAGE_SETUP, STAGE_CHDIR, STAGE_EXEC };

typedef struct {
	int stage;
	int err;
} ChildReport;

/* The child's stack until its exec: its frames and the system calls' (far
 * more than they take; only the pages touched are ever made). */
enum { CHILD_STACK = 256 * 1024 };

/* What the child is given: all of it made before the clone. */
typedef struct {
	const int *in, *out, *err;
	int report;
	pid_t parent;
	const char *path;
	char *const *argv;
	const char *dir;
} ChildArgs;

/* What belongs to one child: cleared when the next one starts. */
static void forget_child(Proc *p)
{
	p->len = 0;
	p->tail_total = 0;
	p->status = -1;
	p->killed = false;
	p->stopped = false;
	p->rss = 0;
	p->next_sample = 0;
	p->cpu_clock_ok = false;
}

void proc_init(Proc *p)
{
	p->pid = 0;
	p->to_child = p->from_child = p->from_err = -1;
	p->log = NULL;
	p->max_rss = 0;
	p->nosignal = true;
	p->first_credit = 1;
	p->first_lines = 0;
	forget_child(p);
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* Moves fd above 2 (if the arena runs with stdin or stdout closed, a pipe
 * could land there and be clobbered by the child's dup2). */
static int lift_fd(int *fd)
{
	if (*fd > 2)
		return 0;
	int nfd = fcntl(*fd, F_DUPFD_CLOEXEC, 3);
	if (nfd < 0)
		return -1;
	close(*fd);
	*fd = nfd;
	return 0;
}

/* In the child: async-signal-safe calls only, never returns. */
static void child_run(const int in[2], const int out[2], const int err[2], int report,
                      pid_t parent, const char *path, char *const argv[], const char *dir)
{
	ChildReport r = {STAGE_SETUP, 0};
	/* SIGKILL when the arena thread that started us dies; if the parent
	 * died before prctl, nobody would send it: check. */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != parent)
		_exit(127);
	setpgid(0, 0);
	/* Signals came blocked from the parent: a handler (the arena's, a
	 * library's) must not run here, in the parent's memory, so each goes
	 * back to its default before they are unblocked (exec would reset
	 * them anyway). An ignored SIGPIPE would survive exec: reset too. */
	struct sigaction dfl, old;
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	for (int sig = 1; sig < NSIG; sig++)
		if (sig == SIGPIPE ||
		    (sigaction(sig, NULL, &old) == 0 && old.sa_handler != SIG_DFL &&
		     old.sa_handler != SIG_IGN))
			sigaction(sig, &dfl, NULL);
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0 || dup2(err[1], 2) < 0)
		goto fail;
	/* Descriptors the arena opened without O_CLOEXEC stay out of the
	 * engine. Best effort: old kernels lack close_range. */
	close_range(3, ~0U, CLOSE_RANGE_CLOEXEC);
	if (dir && *dir && chdir(dir) < 0) {
		r.stage = STAGE_CHDIR;
		goto fail;
	}
	r.stage = STAGE_EXEC;
	execve(path, argv, environ);
fail:
	r.err = errno;
	if (write(report, &r, sizeof r) < 0) {
		/* nothing more to do */
	}
	_exit(127);
}

static int child_entry(void *arg)
{
	const ChildArgs *a = arg;
	child_run(a->in, a->out, a->err, a->report, a->parent, a->path, a->argv, a->dir);
	return 127;
}

/* Under AddressSanitizer the child is forked: ASan cannot follow a child
 * that runs on a stack of its own in the parent's memory (its hook before
 * _exit misreads that stack and reports an overflow, and its interceptors
 * would write the parent's state). The child's code is the same. */
#if defined(__SANITIZE_ADDRESS__)
#define PROC_SPAWN_BY_FORK 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PROC_SPAWN_BY_FORK 1
#endif
#endif

/* Starts the child (child_run) and returns once it has called exec or
 * _exit (with a fork: once it exists): its pid, or -1 (errno set). */
static pid_t spawn(const ChildArgs *a)
{
#ifdef PROC_SPAWN_BY_FORK
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	pid_t pid = fork();
	if (pid == 0)
		_exit(child_entry((void *)a));
	int saved = errno;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	errno = saved;
	return pid;
#else
	void *stack = mmap(NULL, CHILD_STACK, PROT_READ | PROT_WRITE,
	                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
	if (stack == MAP_FAILED)
		return -1;
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	pid_t pid = clone(child_entry, (char *)stack + CHILD_STACK,
	                  CLONE_VM | CLONE_VFORK | SIGCHLD, (void *)a);
	int saved = errno;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	munmap(stack, CHILD_STACK);
	errno = saved;
	return pid;
#endif
}

static int reap(pid_t pid)
{
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return st;
}

int proc_start(Proc *p, const char *path, char *const argv[], const char *dir, char *err,
               size_t errlen)
{
	int in[2] = {-1, -1}, out[2] = {-1, -1}, err2[2] = {-1, -1}, rep[2] = {-1, -1};
	forget_child(p); /* the last child's status is no news of this one */
	if (pipe2(in, O_CLOEXEC) < 0 || pipe2(out, O_CLOEXEC) < 0 ||
	    pipe2(err2, O_CLOEXEC) < 0 || pipe2(rep, O_CLOEXEC) < 0 ||
	    lift_fd(&in[0]) < 0 || lift_fd(&in[1]) < 0 || lift_fd(&out[0]) < 0 ||
	    lift_fd(&out[1]) < 0 || lift_fd(&err2[0]) < 0 || lift_fd(&err2[1]) < 0) {
		snprintf(err, errlen, "cannot make pipes: %s", strerror(errno));
		goto fail;
	}
	ChildArgs args = {in, out, err2, rep[1], getpid(), path, argv, dir};
	pid_t pid = spawn(&args);
	if (pid < 0) {
		snprintf(err, errlen, "cannot start a process: %s", strerror(errno));
		goto fail;
	}
	setpgid(pid, pid); /* also done by the child; whichever comes first */
	close_fd(&in[0]);
	close_fd(&out[1]);
	close_fd(&rep[1]);
	close_fd(&err2[1]);
	ChildReport r;
	ssize_t n;
	while ((n = read(rep[0], &r, sizeof r)) < 0 && errno == EINTR)
		;
	close_fd(&rep[0]);
	if (n == (ssize_t)sizeof r) {
		reap(pid);
		if (r.stage == STAGE_CHDIR)
			snprintf(err, errlen, "cannot change to folder '%s': %s", dir,
			         strerror(r.err));
		else if (r.stage == STAGE_EXEC)
			snprintf(err, errlen, "cannot run '%s': %s", path, strerror(r.err));
		else
			snprintf(err, errlen, "cannot set up the engine's process: %s",
			         strerror(r.err));
		goto fail;
	}
	fcntl(in[1], F_SETFL, O_NONBLOCK);
	fcntl(out[0], F_SETFL, O_NONBLOCK);
	fcntl(err2[0], F_SETFL, O_NONBLOCK);
	p->pid = pid;
	/* The clock is named now: clock_getcpuclockid checks it with a system
	 * call of its own, which proc_cpu_ms need not repeat every move. */
	p->cpu_clock_ok = clock_getcpuclockid(pid, &p->cpu_clock) == 0;
	p->to_child = in[1];
	p->from_child = out[0];
	p->from_err = err2[0];
	if (p->log && p->log->f) {
		char words[1024];
		size_t w = 0;
		for (int i = 0; argv[i] && w < sizeof words; i++)
			w += (size_t)snprintf(words + w, sizeof words - w, " %s", argv[i]);
		proc_log_event(p->log, "start pid %ld:%s", (long)pid, words);
	}
	return 0;
fail:
	close_fd(&in[0]);
	close_fd(&in[1]);
	close_fd(&out[0]);
	close_fd(&out[1]);
	close_fd(&err2[0]);
	close_fd(&err2[1]);
	close_fd(&rep[0]);
	close_fd(&rep[1]);
	return -1;
}

/* Milliseconds to wait in poll until deadline: 0 if it has passed. */
static int wait_ms(double deadline)
{
	double left = deadline - clock_ms();
	if (left <= 0)
		return 0;
	return left > 1e9 ? 1000000000 : (int)left + 1;
}

/* Reads what the child wrote to stderr so far into the tail, without
 * waiting: the child must never block on a full stderr pipe. At most about
 * a pipe's worth a call, so that an engine writing without pause cannot
 * keep the caller from its deadline. */
static void drain_err(Proc *p)
{
	char chunk[4096];
	for (int k = 0; k < 32 && p->from_err >= 0; k++) {
		ssize_t n = read(p->from_err, chunk, sizeof chunk);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
				close_fd(&p->from_err);
			return;
		}
		for (ssize_t i = 0; i < n; i++)
			p->tail[p->tail_total++ % PROC_TAIL_MAX] = chunk[i];
		proc_log_lines(p->log, '!', chunk, (size_t)n);
	}
}

/* Waits until fd is ready for events (PROC_OK) or the deadline passes
 * (PROC_TIMEOUT). Meanwhile it empties the stderr pipe whenever something
 * arrives there and, with a memory limit, samples the child's resident size
 * every PROC_SAMPLE_MS (PROC_MEMORY when it is over): one small read of
 * /proc, cheap enough to run all through a long think. */
static ProcStatus wait_fd(Proc *p, int fd, short events, double deadline)
{
	for (;;) {
		double now = clock_ms(), until = deadline;
		if (p->max_rss > 0) {
			if (now >= p->next_sample) {
				p->next_sample = now + PROC_SAMPLE_MS;
				p->rss = proc_stat_rss(p->pid);
				if (p->rss > p->max_rss)
					return PROC_MEMORY;
			}
			if (p->next_sample < until)
				until = p->next_sample;
		}
		struct pollfd pfd[2] = {{.fd = fd, .events = events},
		                        {.fd = p->from_err, .events = POLLIN}};
		int r = poll(pfd, p->from_err >= 0 ? 2 : 1, wait_ms(until));
		if (r > 0 && pfd[1].revents)
			drain_err(p);
		if (r > 0 && pfd[0].revents)
			return PROC_OK;
		if (r >= 0 && clock_ms() >= deadline)
			return PROC_TIMEOUT;
		/* r < 0: EINTR; r == 0 early: rounding, or time to sample;
		 * stderr only. Again. */
	}
}

/* Writes all of text with flags for pwritev2 (0: plain write), waiting
 * for room until the deadline. A kernel that refuses the flags (before
 * Linux 6.18 for RWF_NOSIGNAL) sets *refused, having written nothing. */
static ProcStatus write_all(Proc *p, const char *text, double deadline, int flags,
                            bool *refused)
{
	size_t len = strlen(text), done = 0;
	*refused = false;
	while (done < len) {
		struct iovec iov = {(void *)(text + done), len - done};
		ssize_t n = flags ? pwritev2(p->to_child, &iov, 1, -1, flags)
		                  : write(p->to_child, text + done, len - done);
		if (n >= 0) {
			done += (size_t)n;
		} else if (errno == EAGAIN || errno == EWOULDBLOCK) {
			/* A stopped child would never make room (callers write
			 * before they resume: one wake-up of the child, not two). */
			proc_resume(p);
			ProcStatus st = wait_fd(p, p->to_child, POLLOUT, deadline);
			if (st != PROC_OK)
				return st;
		} else if (flags && done == 0 &&
		           (errno == EOPNOTSUPP || errno == ENOSYS || errno == EINVAL)) {
			*refused = true;
			return PROC_EOF;
		} else if (errno != EINTR) {
			return PROC_EOF; /* EPIPE, or anything else: the engine is unusable
			                  */
		}
	}
	return PROC_OK;
}

ProcStatus proc_write(Proc *p, const char *text, double deadline)
{
	if (p->to_child < 0)
		return PROC_EOF;
	proc_log_lines(p->log, '>', text, strlen(text));
	/* A write to a pipe nobody reads raises SIGPIPE, which would end the
	 * arena unless it ignores the signal. Since Linux 6.18 a write can
	 * say not to (RWF_NOSIGNAL): one system call. */
	bool refused;
	if (p->nosignal) {
		ProcStatus st = write_all(p, text, deadline, RWF_NOSIGNAL, &refused);
		if (!refused)
			return st;
		p->nosignal = false; /* an older kernel: not asked again */
	}
	/* Else block SIGPIPE in this thread for the write and take back the
	 * one the write raised, if any: two system calls around the write in
	 * the usual case, as a SIGPIPE can be pending here only if the caller
	 * blocks it already (one pending while unblocked would have been
	 * delivered), and only then is it asked whether one is. */
	sigset_t pipe_set, old, pending;
	sigemptyset(&pipe_set);
	sigaddset(&pipe_set, SIGPIPE);
	pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
	bool was_blocked = sigismember(&old, SIGPIPE), was_pending = false;
	if (was_blocked) {
		sigemptyset(&pending);
		sigpending(&pending);
		was_pending = sigismember(&pending, SIGPIPE);
	}
	ProcStatus st = write_all(p, text, deadline, 0, &refused);
	if (st == PROC_EOF && !was_pending) {
		struct timespec zero = {0, 0};
		while (sigtimedwait(&pipe_set, NULL, &zero) < 0 && errno == EINTR)
			;
	}
	if (!was_blocked)
		pthread_sigmask(SIG_SETMASK, &old, NULL);
	return st;
}

ProcStatus proc_read_line(Proc *p, char line[PROC_LINE_MAX], double deadline)
{
	/* Read once before the first wait unless a conversation log is kept,
	 * and while that pays (see below). */
	bool read_first = !(p->log && p->log->f) &&
	                  (p->first_credit > 0 || ++p->first_lines % PROC_FIRST_PROBE == 0);
	for (;;) {
		for (size_t i = 0; i < p->len; i++) {
			char c = p->buf[i];
			if (c != '\n' && c != '\r')
				continue;
			/* CR LF: the LF comes back as a blank line, which callers skip. */
			for (size_t k = 0; k < i; k++)
				line[k] = p->buf[k] ? p->buf[k] : '\x7f';
			line[i] = '\0';
			p->len -= i + 1;
			memmove(p->buf, p->buf + i + 1, p->len);
			proc_log_lines(p->log, '<', line, i);
			return PROC_OK;
		}
		if (p->len == sizeof p->buf) {
			proc_log_event(p->log, "a line over %zu bytes: %.60s...",
			               sizeof p->buf - 1, p->buf);
			return PROC_LONG;
		}
		if (p->from_child < 0)
			return PROC_EOF;
		/* Read first, then wait: an engine that answers at once has
		 * mostly answered by the time the arena runs again (woken on
		 * the arena's CPU, it preempts the writer of its command), and
		 * a read that finds the reply saves the poll; one that finds
		 * nothing (EAGAIN) costs less than a poll. The wait drains
		 * stderr: a read that succeeds leaves it to the next wait,
		 * which comes as soon as the engine does not answer at once
		 * (an engine blocked on a full stderr cannot), so the child is
		 * never held up. Not with a conversation log, whose '!' lines
		 * keep their place among the '<' lines only if stderr is read
		 * at every wait. Where the engine runs on another CPU the
		 * first read mostly misses (three system calls where a poll
		 * and a read are two: a hit saves one, a miss costs one), so
		 * it is tried while it has hit more than it missed (counted
		 * from 0 to PROC_FIRST_CREDIT) and else every
		 * PROC_FIRST_PROBE-th line. */
		if (!read_first) {
			ProcStatus w = wait_fd(p, p->from_child, POLLIN, deadline);
			if (w != PROC_OK)
				return w;
		}
		ssize_t n = read(p->from_child, p->buf + p->len, sizeof p->buf - p->len);
		if (read_first && n > 0 && p->first_credit < PROC_FIRST_CREDIT)
			p->first_credit++;
		else if (read_first && n <= 0 && p->first_credit > 0)
			p->first_credit--;
		read_first = false;
		if (n > 0)
			p->len += (size_t)n;
		else if (n == 0)
			return PROC_EOF;
		else if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
			return PROC_EOF;
	}
}

static void release(Proc *p)
{
	close_fd(&p->to_child);
	close_fd(&p->from_child);
	close_fd(&p->from_err);
	p->pid = 0;
	p->len = 0;
	p->stopped = false;
}

/* Has the child exited? Asked without reaping it, so that its pid (and
 * process group id) cannot be reused before proc_kill has killed any
 * helpers left in its group. */
static bool has_exited(const Proc *p)
{
	for (;;) {
		siginfo_t info;
		memset(&info, 0, sizeof info);
		int r = waitid(P_PID, (id_t)p->pid, &info, WEXITED | WNOHANG | WNOWAIT);
		if (r == 0)
			return info.si_pid == p->pid;
		if (errno != EINTR)
			return true; /* not our child any more: nothing to wait for */
	}
}

bool proc_running(const Proc *p)
{
	return p->pid > 0 && !has_exited(p);
}

bool proc_wait_exit(Proc *p, double deadline)
{
	char drop[1024];
	int pidfd = -1;
	bool gone;
	for (;;) {
		if ((gone = p->pid <= 0 || has_exited(p)) || clock_ms() >= deadline)
			break;
		/* Read (and drop) what it still writes, so it never blocks on a
		 * full pipe; poll also paces the loop. */
		drain_err(p);
		if (p->from_child >= 0) {
			struct pollfd pfd = {.fd = p->from_child, .events = POLLIN};
			if (poll(&pfd, 1, 2) > 0 &&
			    read(p->from_child, drop, sizeof drop) == 0)
				close_fd(&p->from_child);
			continue;
		}
		/* Its output closed: it is on its way out. A pidfd (Linux 5.3)
		 * reads ready the moment it has exited; without one, a
		 * millisecond's sleep (one a game with restart = on). */
		if (pidfd < 0)
			pidfd = (int)syscall(SYS_pidfd_open, p->pid, 0);
		if (pidfd >= 0) {
			struct pollfd pfd[2] = {{.fd = pidfd, .events = POLLIN},
			                        {.fd = p->from_err, .events = POLLIN}};
			poll(pfd, p->from_err >= 0 ? 2 : 1, wait_ms(deadline));
		} else {
			struct timespec ms = {0, 1000000};
			nanosleep(&ms, NULL);
		}
	}
	if (pidfd >= 0)
		close(pidfd);
	return gone;
}

void proc_kill(Proc *p)
{
	if (p->pid > 0) {
		bool ran = !has_exited(p);
		if (ran)
			proc_log_event(p->log, "kill");
		kill(-p->pid, SIGKILL); /* the engine and any helpers it started */
		kill(p->pid, SIGKILL);  /* in case it left its group */
		p->status = reap(p->pid);
		p->killed = ran && p->status >= 0 && WIFSIGNALED(p->status) &&
		            WTERMSIG(p->status) == SIGKILL;
		drain_err(p); /* its last words, written before it died */
		char how[64];
		proc_exit_text(p, how, sizeof how);
		proc_log_event(p->log, "exit: %s", how);
	}
	release(p);
}

ProcStatus proc_check_memory(Proc *p)
{
	if (p->max_rss <= 0 || p->pid <= 0)
		return PROC_OK;
	int64_t rss = proc_stat_group_rss(p->pid);
	if (rss <= p->max_rss)
		return PROC_OK;
	p->rss = rss;
	return PROC_MEMORY;
}

double proc_cpu_ms(const Proc *p)
{
	struct timespec t;
	if (p->pid <= 0 || !p->cpu_clock_ok || clock_gettime(p->cpu_clock, &t) < 0)
		return -1;
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

void proc_suspend(Proc *p)
{
	if (p->pid <= 0 || p->stopped)
		return;
	kill(-p->pid, SIGSTOP); /* the engine and any helpers it started */
	kill(p->pid, SIGSTOP);  /* in case it left its group */
	p->stopped = true;
	proc_log_event(p->log, "stop");
}

void proc_resume(Proc *p)
{
	if (p->pid <= 0 || !p->stopped)
		return;
	kill(-p->pid, SIGCONT);
	kill(p->pid, SIGCONT);
	p->stopped = false;
	proc_log_event(p->log, "cont");
}

void proc_stop(Proc *p, double grace_ms)
{
	proc_resume(p);         /* a stopped engine reads no EOF */
	close_fd(&p->to_child); /* EOF on its stdin: Gomocup engines exit */
	proc_wait_exit(p, clock_ms() + grace_ms);
	proc_kill(p);
}

void proc_exit_text(const Proc *p, char *out, size_t outlen)
{
	int st = p->status;
	const char *abbrev = st >= 0 && WIFSIGNALED(st) ? sigabbrev_np(WTERMSIG(st)) : NULL;
	if (st < 0)
		snprintf(out, outlen, "%s", "");
	else if (WIFEXITED(st))
		snprintf(out, outlen, "exit status %d", WEXITSTATUS(st));
	else if (abbrev)
		snprintf(out, outlen, "killed by signal %d (SIG%s)", WTERMSIG(st), abbrev);
	else
		snprintf(out, outlen, "killed by signal %d",
		         WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

void proc_stderr_tail(const Proc *p, char *out, size_t outlen)
{
	/* The kept bytes in order, lines joined by " | ", blank lines and
	 * carriage returns dropped, bytes that are not printable ASCII as '?';
	 * then the last outlen - 1 bytes of that. */
	char text[3 * PROC_TAIL_MAX + 1];
	size_t n = 0;
	uint64_t from = p->tail_total > PROC_TAIL_MAX ? p->tail_total - PROC_TAIL_MAX : 0;
	bool line_open = false;
	for (uint64_t i = from; i < p->tail_total; i++) {
		unsigned char c = (unsigned char)p->tail[i % PROC_TAIL_MAX];
		if (c == '\r')
			continue;
		if (c == '\n') {
			line_open = false;
			continue;
		}
		if (!line_open && n > 0) {
			memcpy(text + n, " | ", 3);
			n += 3;
		}
		line_open = true;
		text[n++] = c >= 0x20 && c < 0x7f ? (char)c : '?';
	}
	while (n > 0 && text[n - 1] == ' ')
		n--;
	text[n] = '\0';
	if (outlen == 0)
		return;
	if (n < outlen) {
		memcpy(out, text, n + 1);
		return;
	}
	memcpy(out, text + n - (outlen - 1), outlen);
	if (outlen > 4)
		memcpy(out, "...", 3);
}
