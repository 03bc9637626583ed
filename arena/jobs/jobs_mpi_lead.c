/* jobs_mpi_lead.c - jobs_run on rank 0 of a world of several ranks: the
 * batch header to every worker, then jobs on request and records back to
 * the sink, while rank 0's own threads play from the same list. */
#define _POSIX_C_SOURCE 200809L
#include <omp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "affinity.h"
#include "interrupt.h"
#include "jobs_mpi.h"
#include "jobs_mpi_impl.h"
#include "num.h"

typedef struct {
	JobsShared s;
	JobsMpiWorld *w;
	const Job *jobs;
	int count;
	const OpeningSet *os;
	atomic_int next; /* the next job to hand out, to a thread or a rank */
	int *owner;      /* per job: the rank it went to (0: none or rank 0's
	                    threads), -1 once its record is back */
	int outside;     /* jobs handed to other ranks and not back */
	bool *done;      /* per rank: DONE received */
	int ndone;
	int stop_sent; /* 0, 1: STOP sent, 2: STOP that abandons sent */
	GameRecord *rec;
	atomic_long local; /* games rank 0's threads played */
	Affinity aff;      /* rank 0's playing threads' CPUs (spec->affinity) */
} Lead;

static double thread_cpu_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The opening of j copied into o, or NULL: the empty board. */
static const Opening *opening_of(const Lead *L, const Job *j, Opening *o)
{
	if (!L->os)
		return NULL;
	openings_get(L->os, j->opening, o);
	return o;
}

static void send_header(Lead *L, int threads)
{
	const JobSpec *spec = L->s.spec;
	WireOut o = {0};
	wire_i32(&o, L->w->batch);
	wire_limits(&o);
	int32_t v[] = {spec->size,   spec->rule,     spec->max_plies, threads,
	               !!spec->pool, spec->nplayers, spec->affinity,  spec->messages};
	wire_bytes(&o, v, sizeof v);
	const Adjudication *a = &spec->adjudicate;
	int32_t adj[] = {a->resign_moves, a->resign_score, a->draw_moves, a->draw_score,
	                 a->draw_after};
	wire_bytes(&o, adj, sizeof adj);
	for (int i = 0; i < spec->nplayers; i++) {
		const JobPlayer *p = &spec->players[i];
		char name[JOBS_MPI_NAME_MAX]; /* for messages: a long one is cut */
		snprintf(name, sizeof name, "%s", p->name ? p->name : p->type->name);
		wire_text(&o, name);
		wire_text(&o, p->type->name);
		wire_u64(&o, wire_param_hash(p->type));
		wire_params(&o, p->params);
		wire_u64(&o, p->budget.nodes);
		wire_i32(&o, p->budget.depth);
		wire_u64(&o, (uint64_t)p->budget.ms);
		wire_u64(&o, (uint64_t)p->budget.game_ms);
		wire_u64(&o, (uint64_t)p->budget.inc_ms);
		wire_f64(&o, spec->eval_scale ? spec->eval_scale[i] : 0);
	}
	/* Every worker gets its own copy: a send owns its buffer. */
	for (int r = 1; r < L->w->size; r++) {
		WireOut c = {0};
		wire_bytes(&c, o.buf, o.len);
		c.oom |= o.oom;
		jobs_mpi_send(r, TAG_HEADER, &c);
	}
	wire_out_free(&o);
}

static bool same_params(const ParamSet *a, const ParamSet *b)
{
	if (a->n != b->n || memcmp(a->v, b->v, sizeof a->v[0] * (size_t)a->n) != 0)
		return false;
	for (int k = 0; k < PARAM_TEXT_SLOTS; k++)
		if (strcmp(a->text[k], b->text[k]) != 0)
			return false;
	return true;
}

/* Up to want jobs to rank r, each with its players' parameters as the
 * sink's params hook makes them here (per-game log paths are rank 0's
 * decision), or none when the batch is over for r. */
static void send_jobs(Lead *L, int r, int want)
{
	const JobSpec *spec = L->s.spec;
	const JobSink *sink = L->s.sink;
	int first = L->count, n = 0;
	/* Near the end a rank gets no more than its share of what is left, so
	 * no rank holds a queue while others have nothing to play. */
	int share = (L->count - atomic_load(&L->next)) / L->w->size;
	if (want > share)
		want = share > 1 ? share : 1;
	if (want > 0 && !atomic_load(&L->s.halt) && !jobs_stopped(spec)) {
		first = atomic_fetch_add(&L->next, want);
		n = first >= L->count         ? 0
		    : L->count - first < want ? L->count - first
		                              : want;
	}
	WireOut o = {0};
	wire_i32(&o, L->w->batch);
	size_t at = o.len;
	wire_i32(&o, 0);
	int sent = 0;
	for (; sent < n; sent++) {
		const Job *j = &L->jobs[first + sent];
		ParamSet ps[2];
		bool own[2] = {false, false};
		for (int c = BLACK; c <= WHITE; c++) {
			const JobPlayer *jp =
			    &spec->players[c == BLACK ? j->black : j->white];
			ps[c] = *jp->params;
			char e[256] = "";
			if (sink->params &&
			    sink->params(sink->ctx, j, c, &ps[c], e, sizeof e) < 0) {
				jobs_fail(&L->s, *e ? e : "out of memory", j,
				          jp->name ? jp->name : jp->type->name);
				break;
			}
			own[c] = !same_params(&ps[c], jp->params);
		}
		if (atomic_load(&L->s.failed))
			break;
		wire_i32(&o, first + sent);
		wire_job(&o, j);
		Opening op;
		wire_opening(&o, opening_of(L, j, &op));
		for (int c = BLACK; c <= WHITE; c++) {
			wire_i32(&o, own[c]);
			if (own[c])
				wire_params(&o, &ps[c]);
		}
		L->owner[first + sent] = r;
		L->outside++;
	}
	wire_patch_i32(&o, at, sent);
	jobs_mpi_send(r, TAG_JOBS, &o);
}

/* The records of a REPORT to the sink, as local games go; then jobs if
 * it wants more. */
static void on_report(Lead *L, int r, WireIn *in)
{
	int want = wire_get_i32(in), nrec = wire_get_i32(in);
	for (int k = 0; k < nrec && !in->bad; k++) {
		int i = wire_get_i32(in);
		wire_get_record(in, L->rec);
		if (in->bad || i < 0 || i >= L->count || L->owner[i] != r) {
			in->bad = true;
			break;
		}
		L->owner[i] = -1;
		L->outside--;
		L->w->games[r]++;
		jobs_deliver(&L->s, &L->jobs[i], L->rec);
	}
	if (!in->bad && want > 0)
		send_jobs(L, r, want);
}

static void on_message(Lead *L, int r, int tag, WireIn *in)
{
	if (wire_get_i32(in) != L->w->batch)
		in->bad = true;
	else if (tag == TAG_REPORT)
		on_report(L, r, in);
	else if (tag == TAG_FAIL) {
		char text[2048]; /* a worker's are shorter */
		wire_get_text(in, text, sizeof text);
		if (!in->bad)
			jobs_fail(&L->s, text, NULL, NULL);
	} else if (tag == TAG_SIGNAL) {
		/* A signal that reached a worker alone stops the run as if it
		 * had reached rank 0 (which mpirun and Slurm also signal). */
		int sig = wire_get_i32(in);
		if (!in->bad && (sig == SIGINT || sig == SIGTERM) && !interrupt_signal())
			raise(sig);
	} else if (tag == TAG_DONE && !L->done[r]) {
		L->done[r] = true;
		L->ndone++;
	} else {
		in->bad = true;
	}
	if (in->bad) {
		char text[160];
		snprintf(text, sizeof text,
		         "rank %d sent rank 0 a malformed message (tag %d): is every rank "
		         "the same build?",
		         r, tag);
		jobs_fail(&L->s, text, NULL, NULL);
		/* It will not say DONE in a way we can trust: stop waiting. */
		if (!L->done[r]) {
			L->done[r] = true;
			L->ndone++;
		}
	}
}

/* Once the run halts, fails or is stopped, no rank starts another job;
 * with the stop flag, games being played are abandoned too. */
static void send_stops(Lead *L)
{
	int level = jobs_stopped(L->s.spec) ? 2 : atomic_load(&L->s.halt) ? 1 : 0;
	if (level <= L->stop_sent)
		return;
	for (int r = 1; r < L->w->size; r++) {
		if (L->done[r])
			continue;
		WireOut o = {0};
		wire_i32(&o, L->w->batch);
		wire_i32(&o, level == 2);
		jobs_mpi_send(r, TAG_STOP, &o);
	}
	L->stop_sent = level;
}

/* The main thread's part: until every worker has said DONE. */
static void dispatch(Lead *L)
{
	double cpu0 = thread_cpu_s();
	int us = 0;
	while (L->ndone < L->w->size - 1) {
		jobs_mpi_check_launcher();
		send_stops(L);
		int r, tag, len;
		unsigned char *buf;
		if (jobs_mpi_poll(MPI_ANY_SOURCE, &r, &tag, &buf, &len)) {
			WireIn in;
			wire_in(&in, buf, (size_t)len);
			L->w->messages++;
			on_message(L, r, tag, &in);
			free(buf);
			us = 0;
		} else {
			jobs_mpi_progress();
			jobs_mpi_nap(&us);
		}
	}
	jobs_mpi_flush();
	L->w->dispatch_cpu_s += thread_cpu_s() - cpu0;
}

/* Rank 0's threads: the same list, one job at a time. */
static void play_local(Lead *L, int row)
{
	GameRecord *rec = jobs_record_new(L->s.spec);
	if (!rec) {
		jobs_fail(&L->s, "out of memory", NULL, NULL);
		return;
	}
	AffinitySaved mask;
	affinity_pin(&L->aff, row, &mask);
	while (!atomic_load(&L->s.halt) && !jobs_stopped(L->s.spec)) {
		int i = atomic_fetch_add(&L->next, 1);
		if (i >= L->count)
			break;
		Opening op;
		jobs_play(&L->s, row, &L->jobs[i], opening_of(L, &L->jobs[i], &op), rec);
		atomic_fetch_add(&L->local, 1);
	}
	affinity_unpin(&mask);
	jobs_record_free(rec);
}

int jobs_mpi_run(const JobSpec *spec, const Job *jobs, int count, const JobSink *sink,
                 char *err, size_t errlen)
{
	if (count == 0)
		return jobs_stopped(spec) ? JOBS_STOPPED : JOBS_DONE;
	JobsMpiWorld *w = jobs_mpi_world();
	int threads = spec->threads > 0 ? spec->threads : omp_get_num_procs();
	/* The main thread (thread 0) talks to the world; the others play:
	 * as many as the other ranks, or GA_MPI_LEAD_THREADS (0 keeps a
	 * busy coordinator to its dispatching), checked before anything. */
	int local = threads;
	const char *lead = getenv("GA_MPI_LEAD_THREADS");
	if (lead && *lead) {
		long long v;
		if (num_whole(lead, 0, threads, &v) < 0) {
			snprintf(
			    err, errlen,
			    "GA_MPI_LEAD_THREADS='%.32s' is not a whole number from 0 to "
			    "%d (rank 0's threads)",
			    lead, threads);
			return -1;
		}
		local = (int)v;
	}
	Lead L = {.w = w, .jobs = jobs, .count = count};
	jobs_shared_init(&L.s, spec, sink, spec->pool, err, errlen);
	L.os = spec->openings && spec->openings->count > 0 ? spec->openings : NULL;
	atomic_init(&L.next, 0);
	atomic_init(&L.local, 0);
	affinity_init(&L.aff, spec->affinity);
	if (!L.s.pool)
		L.s.pool = pool_create(threads, spec->nplayers);
	L.owner = calloc((size_t)count, sizeof *L.owner);
	L.done = calloc((size_t)w->size, sizeof *L.done);
	L.rec = jobs_record_new(spec);
	int rc = -1;
	if (!L.s.pool || !L.owner || !L.done || !L.rec) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	w->batch++;
	w->threads = threads;
	send_header(&L, spec->threads);
#pragma omp parallel num_threads(local + 1)
	{
		int t = omp_get_thread_num();
		if (t == 0)
			dispatch(&L);
		else
			play_local(&L, t - 1);
	}
	w->games[0] += atomic_load(&L.local);
	if (atomic_load(&L.s.failed))
		goto out;
	if (jobs_stopped(spec))
		rc = JOBS_STOPPED;
	else if (atomic_load(&L.s.halt))
		rc = JOBS_HALTED;
	else if (atomic_load(&L.next) < count || L.outside > 0)
		snprintf(err, errlen, "%d jobs handed to other ranks did not come back",
		         L.outside);
	else
		rc = JOBS_DONE;
out:
	if (!spec->pool)
		pool_destroy(L.s.pool);
	free(L.owner);
	free(L.done);
	jobs_record_free(L.rec);
	return rc;
}
