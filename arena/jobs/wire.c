/* wire.c - packing the MPI backend's messages (wire.h). */
#include "wire.h"

#include <stdlib.h>
#include <string.h>

void wire_out_free(WireOut *w)
{
	free(w->buf);
	*w = (WireOut){0};
}

void wire_bytes(WireOut *w, const void *p, size_t n)
{
	if (w->oom)
		return;
	if (w->len + n > w->cap) {
		size_t cap = w->cap ? w->cap : 256;
		while (cap < w->len + n)
			cap *= 2;
		unsigned char *b = realloc(w->buf, cap);
		if (!b) {
			w->oom = true;
			return;
		}
		w->buf = b;
		w->cap = cap;
	}
	if (n)
		memcpy(w->buf + w->len, p, n);
	w->len += n;
}

void wire_i32(WireOut *w, int32_t v)
{
	wire_bytes(w, &v, sizeof v);
}

void wire_u64(WireOut *w, uint64_t v)
{
	wire_bytes(w, &v, sizeof v);
}

void wire_f64(WireOut *w, double v)
{
	wire_bytes(w, &v, sizeof v);
}

void wire_text(WireOut *w, const char *s)
{
	size_t n = strlen(s);
	wire_i32(w, (int32_t)n);
	wire_bytes(w, s, n);
}

void wire_patch_i32(WireOut *w, size_t at, int32_t v)
{
	if (!w->oom && at + sizeof v <= w->len)
		memcpy(w->buf + at, &v, sizeof v);
}

/* The compile-time sizes a message's layout depends on. */
static const int32_t limits[] = {
    WIRE_VERSION,
    PARAM_MAX,
    PARAM_TEXT_SLOTS,
    PARAM_TEXT_MAX,
    BOARD_MAX_MOVES,
    OPENING_MOVES_MAX,
    FAULT_DETAIL_MAX,
    END_COUNT,
    (int32_t)sizeof(double),
    (int32_t)sizeof(uint64_t),
};
enum { LIMITS = sizeof limits / sizeof limits[0] };

void wire_limits(WireOut *w)
{
	wire_i32(w, LIMITS);
	for (int i = 0; i < LIMITS; i++)
		wire_i32(w, limits[i]);
}

uint64_t wire_param_hash(const PlayerType *t)
{
	uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a */
	for (int i = 0; i < t->nparams; i++) {
		const ParamDecl *d = &t->params[i];
		for (const char *c = d->name; *c; c++)
			h = (h ^ (unsigned char)*c) * 0x100000001b3ull;
		h = (h ^ (uint64_t)(d->type + 1)) * 0x100000001b3ull;
	}
	return h;
}

void wire_params(WireOut *w, const ParamSet *ps)
{
	wire_i32(w, ps->n);
	wire_bytes(w, ps->v, sizeof ps->v[0] * (size_t)ps->n);
	for (int k = 0; k < PARAM_TEXT_SLOTS; k++)
		wire_text(w, ps->text[k]);
}

void wire_job(WireOut *w, const Job *j)
{
	int32_t v[] = {j->id, j->pair, j->round, j->opening, j->black, j->white};
	wire_bytes(w, v, sizeof v);
	wire_u64(w, j->seed);
}

void wire_opening(WireOut *w, const Opening *o)
{
	int n = o ? o->count : 0;
	wire_i32(w, n);
	if (n)
		wire_bytes(w, o->moves, sizeof o->moves[0] * (size_t)n);
}

void wire_record(WireOut *w, const GameRecord *r)
{
	int32_t v[] = {r->outcome, r->reason, r->plies, r->opening_plies, r->fault_color};
	wire_bytes(w, v, sizeof v);
	wire_bytes(w, r->moves, sizeof r->moves[0] * (size_t)r->plies);
	wire_bytes(w, r->ms, sizeof r->ms[0] * (size_t)r->plies);
	wire_bytes(w, r->time_ms, sizeof r->time_ms);
	wire_bytes(w, r->nodes, sizeof r->nodes);
	size_t n = (size_t)r->plies;
	wire_bytes(w, r->eval, sizeof r->eval[0] * n);
	wire_bytes(w, r->depth, sizeof r->depth[0] * n);
	wire_bytes(w, r->seldepth, sizeof r->seldepth[0] * n);
	wire_bytes(w, r->move_nodes, sizeof r->move_nodes[0] * n);
	wire_bytes(w, r->pv, sizeof r->pv[0] * n);
	wire_text(w, r->fault_detail);
	wire_text(w, r->message);
	/* The game's MESSAGE lines (JobSpec.messages): -1 for none. */
	const MessageLog *m = r->messages;
	wire_i32(w, m ? (int32_t)m->len : -1);
	if (m) {
		wire_bytes(w, m->text, m->len);
		wire_i32(w, m->cut);
	}
}

void wire_in(WireIn *r, const void *p, size_t len)
{
	*r = (WireIn){.p = p, .len = len};
}

/* n bytes into out, or zeros and bad when fewer are left. */
static void get(WireIn *r, void *out, size_t n)
{
	if (r->bad || r->len - r->at < n) {
		r->bad = true;
		memset(out, 0, n);
		return;
	}
	memcpy(out, r->p + r->at, n);
	r->at += n;
}

int32_t wire_get_i32(WireIn *r)
{
	int32_t v;
	get(r, &v, sizeof v);
	return v;
}

uint64_t wire_get_u64(WireIn *r)
{
	uint64_t v;
	get(r, &v, sizeof v);
	return v;
}

double wire_get_f64(WireIn *r)
{
	double v;
	get(r, &v, sizeof v);
	return v;
}

/* A count in [lo, hi], else bad and lo. */
static int32_t get_count(WireIn *r, int32_t lo, int32_t hi)
{
	int32_t n = wire_get_i32(r);
	if (n < lo || n > hi) {
		r->bad = true;
		return lo;
	}
	return n;
}

void wire_get_text(WireIn *r, char *out, size_t cap)
{
	int32_t n = get_count(r, 0, (int32_t)(cap - 1));
	get(r, out, (size_t)n);
	out[r->bad ? 0 : n] = '\0';
}

bool wire_get_limits(WireIn *r)
{
	if (get_count(r, 0, 64) != LIMITS)
		return false;
	bool same = true;
	for (int i = 0; i < LIMITS; i++)
		same &= wire_get_i32(r) == limits[i];
	return same && !r->bad;
}

void wire_get_params(WireIn *r, ParamSet *ps, const PlayerType *t)
{
	memset(ps, 0, sizeof *ps);
	ps->decl = t->params;
	ps->n = get_count(r, t->nparams, t->nparams);
	get(r, ps->v, sizeof ps->v[0] * (size_t)ps->n);
	for (int k = 0; k < PARAM_TEXT_SLOTS; k++)
		wire_get_text(r, ps->text[k], sizeof ps->text[k]);
}

void wire_get_job(WireIn *r, Job *j)
{
	int32_t v[6];
	get(r, v, sizeof v);
	*j = (Job){.id = v[0],
	           .pair = v[1],
	           .round = v[2],
	           .opening = v[3],
	           .black = v[4],
	           .white = v[5],
	           .seed = wire_get_u64(r)};
}

void wire_get_opening(WireIn *r, Opening *o)
{
	memset(o, 0, sizeof *o);
	o->count = get_count(r, 0, OPENING_MOVES_MAX);
	get(r, o->moves, sizeof o->moves[0] * (size_t)o->count);
	/* The points index the board's arrays. */
	for (int i = 0; i < o->count; i++)
		if (o->moves[i] < 0 || o->moves[i] >= BOARD_CELLS)
			r->bad = true;
}

void wire_get_record(WireIn *r, GameRecord *rec)
{
	int32_t v[5];
	get(r, v, sizeof v);
	rec->outcome = (GameOutcome)v[0];
	rec->reason = (EndReason)v[1];
	rec->plies = v[2];
	rec->opening_plies = v[3];
	rec->fault_color = v[4];
	if (v[0] < RESULT_BLACK_WIN || v[0] > RESULT_DRAW || v[1] < 0 ||
	    v[1] >= END_COUNT || v[2] < 0 || v[2] > BOARD_MAX_MOVES || v[3] < 0 ||
	    v[3] > v[2] || v[4] < -1 || v[4] > WHITE) {
		r->bad = true;
		rec->plies = rec->opening_plies = 0;
	}
	get(r, rec->moves, sizeof rec->moves[0] * (size_t)rec->plies);
	get(r, rec->ms, sizeof rec->ms[0] * (size_t)rec->plies);
	get(r, rec->time_ms, sizeof rec->time_ms);
	get(r, rec->nodes, sizeof rec->nodes);
	size_t n = (size_t)rec->plies;
	get(r, rec->eval, sizeof rec->eval[0] * n);
	get(r, rec->depth, sizeof rec->depth[0] * n);
	get(r, rec->seldepth, sizeof rec->seldepth[0] * n);
	get(r, rec->move_nodes, sizeof rec->move_nodes[0] * n);
	get(r, rec->pv, sizeof rec->pv[0] * n);
	wire_get_text(r, rec->fault_detail, sizeof rec->fault_detail);
	wire_get_text(r, rec->message, sizeof rec->message);
	/* Into rec->messages, which must be there when they are. */
	int32_t len = get_count(r, -1, MESSAGE_LOG_MAX);
	MessageLog *m = rec->messages;
	if (len >= 0 && !m) {
		r->bad = true;
		return;
	}
	if (m) {
		message_log_clear(m);
		if (len >= 0) {
			get(r, m->text, (size_t)len);
			m->len = r->bad ? 0 : (size_t)len;
			m->cut = get_count(r, 0, 1) != 0;
		}
	}
}
