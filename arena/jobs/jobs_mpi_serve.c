/* jobs_mpi_serve.c - a rank other than 0: batches from rank 0, played on
 * this machine's threads with the job engine's own game function, their
 * records sent back as they finish. */
#define _POSIX_C_SOURCE 200809L
#include <omp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "affinity.h"
#include "err.h"
#include "interrupt.h"
#include "jobs_mpi.h"
#include "jobs_mpi_impl.h"
#include "registry.h"

/* A job as it came: its players' parameters when rank 0's params hook
 * changed them. The Job comes first: the sink gets a pointer to it. */
typedef struct {
	Job job;
	int index; /* in rank 0's list: how the record goes back */
	bool own[2];
	ParamSet ps[2];
	Opening opening;
} Item;

/* One batch. */
typedef struct {
	JobsMpiWorld *w;
	int batch;
	JobSpec spec;
	JobsShared s;
	JobPlayer *players;
	char (*names)[JOBS_MPI_NAME_MAX];
	ParamSet *params;
	double *eval_scale; /* JobSpec.eval_scale */
	atomic_int abandon; /* the batch's stop flag */
	int threads;
	bool keep_pool; /* rank 0's caller keeps its players between calls */
	Affinity aff;   /* the playing threads' CPUs (spec.affinity) */
	/* A FINISH that came in the batch (rank 0 gave up on this rank after
	 * a malformed message): its status + 1, and the batch ends quietly. */
	int finish;
	char err[ERR_MAX];
	/* under mu: */
	pthread_mutex_t mu;
	pthread_cond_t work, comm; /* jobs for the players; news for thread 0 */
	Item *items;               /* 2 * threads slots */
	int *queue, head, queued;  /* a ring of slot numbers, in arrival order */
	int *spare, nspare;        /* free slots */
	int playing;
	bool closing; /* no job will be added (the queue may still hold some) */
	WireOut out;  /* records not yet sent */
	int nout;
	long events; /* games finished or slots freed: thread 0's wake-ups */
} Batch;

/* What stays between batches: players kept for reuse (external engines)
 * when rank 0's caller keeps its own, as jobs_run does with spec->pool. */
typedef struct {
	PlayerPool *pool;
	int threads, slots;
} Kept;

static int serve_params(void *ctx, const Job *j, int color, ParamSet *out, char *err,
                        size_t errlen)
{
	(void)ctx;
	(void)err;
	(void)errlen;
	const Item *it = (const Item *)j;
	if (it->own[color])
		*out = it->ps[color];
	return 0;
}

static bool serve_finished(void *ctx, const Job *j, const GameRecord *rec)
{
	Batch *b = ctx;
	pthread_mutex_lock(&b->mu);
	wire_i32(&b->out, ((const Item *)j)->index);
	wire_record(&b->out, rec);
	b->nout++;
	b->events++;
	pthread_cond_signal(&b->comm);
	pthread_mutex_unlock(&b->mu);
	return false;
}

static void send_text(Batch *b, int tag, const char *text)
{
	WireOut o = {0};
	wire_i32(&o, b->batch);
	wire_text(&o, text);
	jobs_mpi_send(0, tag, &o);
}

static void send_i32(Batch *b, int tag, int v, bool with_v)
{
	WireOut o = {0};
	wire_i32(&o, b->batch);
	if (with_v)
		wire_i32(&o, v);
	jobs_mpi_send(0, tag, &o);
}

/* The batch header: the players by type name, their parameters re-pointed
 * to this build's tables. 0, or -1 with why in err. */
static int read_header(Batch *b, WireIn *in, char *err, size_t errlen)
{
	if (!wire_get_limits(in)) {
		return err_set(err, errlen,
		               "another build than rank 0's (its limits differ)");
	}
	int32_t v[8];
	for (int i = 0; i < 8; i++)
		v[i] = wire_get_i32(in);
	if (in->bad || v[0] < BOARD_MIN || v[0] > BOARD_MAX || v[1] < 0 ||
	    v[1] >= RULE_COUNT || v[3] < 0 || v[3] > 4096 || v[5] < 1 || v[5] > 1 << 20 ||
	    v[6] < 0 || v[6] > 1 || v[7] < 0 || v[7] > 1) {
		return err_set(err, errlen, "a malformed batch header");
	}
	b->spec = (JobSpec){.size = v[0],
	                    .rule = (Rule)v[1],
	                    .max_plies = v[2],
	                    .nplayers = v[5],
	                    .affinity = v[6] != 0,
	                    .messages = v[7] != 0,
	                    .stop = &b->abandon};
	Adjudication *a = &b->spec.adjudicate;
	a->resign_moves = wire_get_i32(in);
	a->resign_score = wire_get_i32(in);
	a->draw_moves = wire_get_i32(in);
	a->draw_score = wire_get_i32(in);
	a->draw_after = wire_get_i32(in);
	b->threads = v[3] > 0 ? v[3] : omp_get_num_procs();
	b->keep_pool = v[4] != 0;
	b->spec.threads = b->threads;
	affinity_init(&b->aff, b->spec.affinity);
	b->players = calloc((size_t)v[5], sizeof *b->players);
	b->names = calloc((size_t)v[5], sizeof *b->names);
	b->params = calloc((size_t)v[5], sizeof *b->params);
	b->eval_scale = calloc((size_t)v[5], sizeof *b->eval_scale);
	if (!b->players || !b->names || !b->params || !b->eval_scale) {
		return err_set(err, errlen, "out of memory");
	}
	for (int i = 0; i < v[5]; i++) {
		char type[64];
		wire_get_text(in, b->names[i], sizeof b->names[i]);
		wire_get_text(in, type, sizeof type);
		uint64_t hash = wire_get_u64(in);
		const PlayerType *t = in->bad ? NULL : registry_find(type);
		if (!t || wire_param_hash(t) != hash) {
			return err_set(err, errlen, "player type '%s' %s", type,
			               t ? "has other parameters here (another build?)"
			                 : "is not in this build");
		}
		wire_get_params(in, &b->params[i], t);
		JobPlayer *p = &b->players[i];
		*p = (JobPlayer){.name = b->names[i], .type = t, .params = &b->params[i]};
		p->budget.nodes = wire_get_u64(in);
		p->budget.depth = wire_get_i32(in);
		p->budget.ms = (int64_t)wire_get_u64(in);
		p->budget.game_ms = (int64_t)wire_get_u64(in);
		p->budget.inc_ms = (int64_t)wire_get_u64(in);
		b->eval_scale[i] = wire_get_f64(in);
	}
	if (in->bad) {
		return err_set(err, errlen, "a malformed batch header");
	}
	b->spec.players = b->players;
	b->spec.eval_scale = b->eval_scale;
	return 0;
}

/* Drops the jobs not started and adds none: the batch is ending. */
static void close_batch(Batch *b, bool drop)
{
	if (drop)
		while (b->queued > 0) {
			b->spare[b->nspare++] = b->queue[b->head];
			b->head = (b->head + 1) % (2 * b->threads);
			b->queued--;
		}
	b->closing = true;
	pthread_cond_broadcast(&b->work);
}

/* A JOBS message into free slots: false if malformed. */
static bool take_jobs(Batch *b, WireIn *in)
{
	int n = wire_get_i32(in);
	pthread_mutex_lock(&b->mu);
	bool ok = !in->bad && n >= 0 && n <= b->nspare;
	if (ok && n == 0)
		close_batch(b, false);
	for (int k = 0; ok && k < n; k++) {
		Item *it = &b->items[b->spare[b->nspare - 1]];
		it->index = wire_get_i32(in);
		wire_get_job(in, &it->job);
		wire_get_opening(in, &it->opening);
		int who[2] = {it->job.black, it->job.white};
		for (int c = BLACK; c <= WHITE && !in->bad; c++) {
			if (who[c] < 0 || who[c] >= b->spec.nplayers) {
				in->bad = true;
				break;
			}
			it->own[c] = wire_get_i32(in) != 0;
			if (it->own[c])
				wire_get_params(in, &it->ps[c], b->players[who[c]].type);
		}
		ok = !in->bad;
		if (ok &&
		    !b->closing) { /* after a STOP, jobs still on the way are dropped */
			b->queue[(b->head + b->queued) % (2 * b->threads)] =
			    b->spare[--b->nspare];
			b->queued++;
		}
	}
	pthread_cond_broadcast(&b->work);
	pthread_mutex_unlock(&b->mu);
	return ok;
}

/* Until a player thread has news or *us have passed (jobs_mpi_nap's
 * schedule of naps). */
static void wait_news(Batch *b, long seen, int *us)
{
	struct timespec t;
	clock_gettime(CLOCK_REALTIME, &t);
	long ns = t.tv_nsec + (long)*us * 1000;
	t.tv_sec += ns / 1000000000;
	t.tv_nsec = ns % 1000000000;
	pthread_mutex_lock(&b->mu);
	if (b->events == seen && *us > 0)
		pthread_cond_timedwait(&b->comm, &b->mu, &t);
	pthread_mutex_unlock(&b->mu);
	*us = *us == 0 ? 5 : *us >= 1000 ? 1000 : 2 * *us;
}

/* Thread 0: requests, records, STOP and DONE, until the batch is over. */
static void communicate(Batch *b)
{
	JobsMpiWorld *w = b->w;
	bool requested = false, failed_sent = false, signal_sent = false;
	int us = 0;
	for (;;) {
		jobs_mpi_check_launcher();
		pthread_mutex_lock(&b->mu);
		long seen = b->events;
		int sig = interrupt_signal();
		bool say_signal = sig && !signal_sent && !b->finish;
		if (say_signal) { /* games being played are abandoned */
			atomic_store(&b->abandon, sig);
			close_batch(b, true);
		}
		bool say_fail = atomic_load(&b->s.failed) && !failed_sent && !b->finish;
		if (say_fail)
			close_batch(b, true);
		WireOut rec = b->out;
		int nrec = b->nout;
		b->out = (WireOut){0};
		b->nout = 0;
		int owned = b->queued + b->playing;
		int want = !b->closing && !requested && owned <= b->threads
		               ? 2 * b->threads - owned
		               : 0;
		bool over = b->closing && (!requested || b->finish) && owned == 0;
		pthread_mutex_unlock(&b->mu);

		if (say_signal) {
			send_i32(b, TAG_SIGNAL, sig, true);
			signal_sent = true;
		}
		if (say_fail) {
			char text[1200];
			snprintf(text, sizeof text, "%s (rank %d on %s)", b->s.err, w->rank,
			         w->host);
			send_text(b, TAG_FAIL, text);
			failed_sent = true;
		}
		if ((nrec > 0 || want > 0) && !b->finish) {
			WireOut o = {0};
			wire_i32(&o, b->batch);
			wire_i32(&o, want);
			wire_i32(&o, nrec);
			wire_bytes(&o, rec.buf, rec.len);
			o.oom |= rec.oom;
			jobs_mpi_send(0, TAG_REPORT, &o);
			requested |= want > 0;
		}
		wire_out_free(&rec);
		if (over) {
			if (!b->finish)
				send_i32(b, TAG_DONE, 0, false);
			return;
		}
		int from, tag, len;
		unsigned char *buf;
		bool news = nrec > 0 || say_signal || say_fail;
		if (jobs_mpi_poll(0, &from, &tag, &buf, &len)) {
			WireIn in;
			wire_in(&in, buf, (size_t)len);
			int first = wire_get_i32(&in);
			bool ok = first == b->batch;
			if (tag == TAG_FINISH) { /* its first word is the status */
				pthread_mutex_lock(&b->mu);
				b->finish = first + 1;
				atomic_store(&b->abandon, SIGTERM);
				close_batch(b, true);
				pthread_mutex_unlock(&b->mu);
				ok = true;
			} else if (ok && tag == TAG_JOBS) {
				requested = false;
				ok = take_jobs(b, &in);
			} else if (ok && tag == TAG_STOP) {
				int abandon = wire_get_i32(&in);
				pthread_mutex_lock(&b->mu);
				if (abandon && !atomic_load(&b->abandon))
					atomic_store(&b->abandon, SIGTERM);
				close_batch(b, true);
				pthread_mutex_unlock(&b->mu);
			} else {
				ok = false;
			}
			free(buf);
			if (!ok) {
				/* Nothing more of this batch can be trusted. */
				jobs_fail(&b->s, "a malformed message from rank 0", NULL,
				          NULL);
				requested = false;
			}
			news = true;
		}
		if (news) {
			us = 0;
			continue;
		}
		/* A finished game wakes us at once; otherwise poll again soon. */
		jobs_mpi_progress();
		wait_news(b, seen, &us);
	}
}

/* The other threads: jobs in arrival order until the batch closes. */
static void play(Batch *b, int row)
{
	AffinitySaved mask;
	affinity_pin(&b->aff, row, &mask);
	GameRecord *rec = jobs_record_new(&b->spec);
	if (!rec)
		jobs_fail(&b->s, "out of memory", NULL, NULL);
	pthread_mutex_lock(&b->mu);
	for (;;) {
		while (!b->queued && !b->closing && rec)
			pthread_cond_wait(&b->work, &b->mu);
		if (!b->queued || !rec || atomic_load(&b->s.halt))
			break;
		int slot = b->queue[b->head];
		b->head = (b->head + 1) % (2 * b->threads);
		b->queued--;
		b->playing++;
		pthread_mutex_unlock(&b->mu);
		Item *it = &b->items[slot];
		jobs_play(&b->s, row, &it->job, &it->opening, rec);
		pthread_mutex_lock(&b->mu);
		b->playing--;
		b->spare[b->nspare++] = slot;
		b->events++;
		pthread_cond_signal(&b->comm);
	}
	pthread_mutex_unlock(&b->mu);
	jobs_record_free(rec);
	affinity_unpin(&mask);
}

static void batch_free(Batch *b)
{
	free(b->players);
	free(b->names);
	free(b->params);
	free(b->eval_scale);
	free(b->items);
	free(b->queue);
	free(b->spare);
	wire_out_free(&b->out);
}

/* One batch, from its header to DONE. */
static void run_batch(Batch *b, WireIn *in, Kept *kept)
{
	JobsMpiWorld *w = b->w;
	char why[ERR_MAX] = "";
	JobSink sink = {.ctx = b, .params = serve_params, .finished = serve_finished};
	atomic_init(&b->abandon, interrupt_signal());
	pthread_mutex_init(&b->mu, NULL);
	pthread_cond_init(&b->work, NULL);
	pthread_cond_init(&b->comm, NULL);
	jobs_shared_init(&b->s, &b->spec, &sink, NULL, b->err, sizeof b->err);
	int rc = read_header(b, in, why, sizeof why);
	if (rc == 0) {
		int n = 2 * b->threads;
		b->items = malloc(sizeof *b->items * (size_t)n);
		b->queue = malloc(sizeof *b->queue * (size_t)n);
		b->spare = malloc(sizeof *b->spare * (size_t)n);
		for (int i = 0; b->spare && i < n; i++)
			b->spare[b->nspare++] = i;
		if (!kept->pool || !b->keep_pool || kept->threads != b->threads ||
		    kept->slots != b->spec.nplayers) {
			pool_destroy(kept->pool);
			kept->pool = pool_create(b->threads, b->spec.nplayers);
			kept->threads = b->threads;
			kept->slots = b->spec.nplayers;
		}
		if (!b->items || !b->queue || !b->spare || !kept->pool) {
			snprintf(why, sizeof why, "out of memory");
			rc = -1;
		}
	}
	if (rc < 0) {
		char text[ERR_MAX];
		err_set(text, sizeof text, "rank %d on %s: %s", w->rank, w->host, why);
		send_text(b, TAG_FAIL, text);
		send_i32(b, TAG_DONE, 0, false);
	} else {
		b->s.pool = kept->pool;
		b->spec.pool = kept->pool;
#pragma omp parallel num_threads(b->threads + 1)
		{
			int t = omp_get_thread_num();
			if (t == 0) {
				if (omp_get_num_threads() < 2) {
					char text[400];
					snprintf(text, sizeof text,
					         "rank %d on %s: OpenMP gave no thread to "
					         "play on",
					         w->rank, w->host);
					jobs_fail(&b->s, text, NULL, NULL);
				}
				communicate(b);
			} else {
				play(b, t - 1);
			}
		}
	}
	if (!b->keep_pool) {
		pool_destroy(kept->pool);
		kept->pool = NULL;
	}
	pthread_mutex_destroy(&b->mu);
	pthread_cond_destroy(&b->work);
	pthread_cond_destroy(&b->comm);
	batch_free(b);
}

int jobs_mpi_serve(void)
{
	JobsMpiWorld *w = jobs_mpi_world();
	if (!w)
		return 0;
	/* mpirun and Slurm pass SIGINT and SIGTERM on to every rank: games
	 * being played are abandoned, as on rank 0. */
	interrupt_install();
	Kept kept = {0};
	int status = 0, us = 0;
	for (;;) {
		jobs_mpi_check_launcher();
		int from, tag, len;
		unsigned char *buf;
		if (!jobs_mpi_poll(0, &from, &tag, &buf, &len)) {
			jobs_mpi_progress();
			jobs_mpi_nap(&us);
			continue;
		}
		us = 0;
		WireIn in;
		wire_in(&in, buf, (size_t)len);
		if (tag == TAG_FINISH) {
			status = wire_get_i32(&in);
			free(buf);
			break;
		}
		if (tag == TAG_HEADER) {
			Batch *b = calloc(1, sizeof *b);
			if (!b) {
				fprintf(stderr, "rank %d: out of memory\n", w->rank);
				MPI_Abort(MPI_COMM_WORLD, 1);
			}
			b->w = w;
			b->batch = wire_get_i32(&in);
			run_batch(b, &in, &kept);
			int finish = b->finish;
			free(b);
			if (finish) {
				status = finish - 1;
				free(buf);
				break;
			}
		}
		/* else a STOP of a batch that is over here already */
		free(buf);
	}
	pool_destroy(kept.pool);
	return jobs_mpi_finish(status);
}
