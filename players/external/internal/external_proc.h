/* external_proc.h - a child process spoken to line by line over pipes.
 *
 * The process half of the external player. A program (argv, no shell) is
 * started with its stdin, stdout and stderr on pipes; commands are written
 * and reply lines read against deadlines; the process is stopped or killed
 * and always reaped, and how it ended is kept. What it writes to stderr is
 * read whenever the Proc waits (never blocking the child on a full pipe)
 * and the last PROC_TAIL_MAX bytes are kept. Between its turns the child
 * may be stopped (SIGSTOP) and continued; its resident memory may be held
 * to a limit.
 *
 * Hygiene: every descriptor is close-on-exec (pipes from pipe2, and in the
 * child every inherited descriptor above 2), so engines started by parallel
 * games never hold each other's pipes; the child asks for SIGKILL when the
 * thread that started it dies (PR_SET_PDEATHSIG, checked against the race
 * with getppid) and runs in its own process group, which proc_kill kills
 * whole; a SIGPIPE raised by a write to a dead child is kept from the
 * process (the write reports PROC_EOF instead); the child gets SIGPIPE
 * back at its default. Reply lines are read into the fixed buffer of the
 * Proc: a line longer than PROC_LINE_MAX - 1 bytes is PROC_LONG, never
 * unbounded memory.
 *
 * Deadlines are clock_ms() values (clock.h). One thread per Proc at a time;
 * different Procs may be used in parallel. */
#ifndef PLAYERS_EXTERNAL_PROC_H
#define PLAYERS_EXTERNAL_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "proc_log.h"

enum { PROC_LINE_MAX = 4096, PROC_TAIL_MAX = 1024, PROC_SAMPLE_MS = 20 };
/* proc_read_line's read before a poll: tried while its hits less its
 * misses (counted between 0 and PROC_FIRST_CREDIT) are above 0, else
 * every PROC_FIRST_PROBE-th line. */
enum { PROC_FIRST_CREDIT = 8, PROC_FIRST_PROBE = 16 };

typedef enum {
	PROC_OK,
	PROC_EOF,     /* the child closed its end: exited or crashed */
	PROC_TIMEOUT, /* the deadline passed */
	PROC_LONG,    /* a line longer than PROC_LINE_MAX - 1 bytes */
	PROC_MEMORY,  /* the child's resident size went over max_rss (rss says) */
} ProcStatus;

typedef struct {
	pid_t pid;      /* 0: no process */
	int to_child;   /* its stdin, or -1 */
	int from_child; /* its stdout, or -1 */
	int from_err;   /* its stderr, or -1 */
	size_t len;     /* bytes in buf not yet returned as lines */
	char buf[PROC_LINE_MAX];
	char tail[PROC_TAIL_MAX]; /* stderr, a ring: byte i at i % PROC_TAIL_MAX */
	uint64_t tail_total;      /* bytes of stderr read since the start */
	/* How the last child ended, once reaped: */
	int status;   /* its wait status, or -1 */
	bool killed;  /* proc_kill's SIGKILL ended it (it had not exited) */
	bool stopped; /* proc_suspend stopped it */
	/* The memory limit in bytes (0: none): the owner's, set once like log.
	 * rss is the last measure that went over it. */
	int64_t max_rss, rss;
	double next_sample; /* clock_ms() of the next sample of rss */
	/* Write with RWF_NOSIGNAL (no SIGPIPE, Linux 6.18): proc_init sets
	 * it, the first write the kernel refuses clears it (then SIGPIPE is
	 * blocked around each write instead). */
	bool nosignal;
	/* proc_read_line reads before it polls while that finds answers:
	 * first_credit is its hits less its misses, kept between 0 and
	 * PROC_FIRST_CREDIT; first_lines counts the lines for the probes.
	 * Kept across processes: they describe the machine and the engine. */
	int first_credit;
	unsigned first_lines;
	/* The child's CPU-time clock (proc_cpu_ms), if it could be named. */
	clockid_t cpu_clock;
	bool cpu_clock_ok;
	/* The conversation log (proc_log.h), or NULL: the owner's, set once
	 * (proc_init clears it, nothing else touches it). Every line written
	 * and read, stderr and the start, kill and exit of each child go in. */
	ProcLog *log;
} Proc;

/* An empty Proc (no process). */
void proc_init(Proc *p);

/* Starts path with argv (argv[0] as given) in folder dir (NULL or "": the
 * current one). Returns 0 once the program runs (exec succeeded), or -1
 * with a message (the child is then reaped). p must hold no process. */
int proc_start(Proc *p, const char *path, char *const argv[], const char *dir, char *err,
               size_t errlen);

/* Writes all of text. PROC_OK, PROC_EOF (the child is gone), PROC_TIMEOUT
 * or PROC_MEMORY (see proc_read_line). */
ProcStatus proc_write(Proc *p, const char *text, double deadline);

/* Reads the next line (LF, CR LF or CR ends it; the ending is dropped, a NUL
 * byte becomes DEL) into line, which holds PROC_LINE_MAX bytes. Blank lines
 * are returned too. With max_rss > 0, while it waits it samples the
 * child's resident size every PROC_SAMPLE_MS (the child alone, not its
 * helpers) and returns PROC_MEMORY when that is over max_rss. */
ProcStatus proc_read_line(Proc *p, char line[PROC_LINE_MAX], double deadline);

/* The resident size of the child's whole process group (its helpers too)
 * against max_rss: PROC_MEMORY when over (rss says how much), else PROC_OK.
 * A walk of /proc: for once a move, not for polling. */
ProcStatus proc_check_memory(Proc *p);

/* The CPU time (user and system, all its threads) the child has used so
 * far in ms, or -1 without a child or when it cannot be read. One system
 * call that neither signals nor wakes the child: cheap enough for every
 * move. The child's own processes (helpers) are not included. */
double proc_cpu_ms(const Proc *p);

/* Stops the child's process group with SIGSTOP (it takes no CPU until
 * proc_resume sends SIGCONT), as the Gomocup judge does while it is not the
 * engine's turn. Either is a no-op without a child or when it is already in
 * that state; proc_stop resumes first, and proc_kill's SIGKILL works on a
 * stopped process. A helper that left the group is not stopped. */
void proc_suspend(Proc *p);
void proc_resume(Proc *p);

/* Is there a child that has not exited (stopped counts as running)? */
bool proc_running(const Proc *p);

/* Waits until the child has exited (without reaping it) or the deadline
 * passes, reading and dropping what it writes. True if it has exited (or
 * there is no child). */
bool proc_wait_exit(Proc *p, double deadline);

/* Closes the child's stdin, gives it grace_ms to exit (reading and dropping
 * what it writes), then kills what is left of it; always reaps it. */
void proc_stop(Proc *p, double grace_ms);

/* Kills the child's process group at once and reaps the child, keeping its
 * status and its last stderr. Accepts a Proc without a process. */
void proc_kill(Proc *p);

/* How the last child ended: "exit status 3", "killed by signal 11
 * (SIGSEGV)", or "" if none was reaped since the start. */
void proc_exit_text(const Proc *p, char *out, size_t outlen);

/* The end of the child's stderr as one line of printable ASCII: its lines
 * joined by " | ", starting with "..." when cut to fit outlen. */
void proc_stderr_tail(const Proc *p, char *out, size_t outlen);

#endif
