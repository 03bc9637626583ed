/* player.c - the wrappers around a player type's functions. */
#define _POSIX_C_SOURCE 200809L
#include "player.h"

#include <stdio.h>
#include <string.h>

#include "clock.h"

Player *player_create(const PlayerType *t, const ParamSet *ps, uint64_t seed, char *err,
                      size_t errlen)
{
	Player *p = t->create(ps, seed, err, errlen);
	if (p)
		p->type = t;
	return p;
}

bool budget_limited(const Budget *b)
{
	return b->nodes || b->depth || b->ms > 0 || b->game_ms > 0;
}

double budget_move_limit(const Budget *b)
{
	double limit = b->ms > 0 ? (double)b->ms : -1;
	if (b->game_ms > 0) {
		double left = b->time_left > 0 ? (double)b->time_left : 0;
		if (limit < 0 || left < limit)
			limit = left;
	}
	return limit;
}

void player_destroy(Player *p)
{
	if (p)
		p->type->destroy(p);
}

bool player_reuse(Player *p, const ParamSet *ps, uint64_t seed)
{
	return p->type->reuse && p->type->reuse(p, ps, seed);
}

void player_end_game(Player *p, int fault, const char *detail)
{
	if (p->type->end_game)
		p->type->end_game(p, fault, detail);
}

void player_new_game(Player *p, int size, Rule rule)
{
	p->type->new_game(p, size, rule);
}

void message_log_clear(MessageLog *log)
{
	log->len = 0;
	log->cut = false;
}

void message_log_add(MessageLog *log, int ply, const char *s, size_t n)
{
	char head[16];
	int h = snprintf(head, sizeof head, "%d ", ply);
	if (log->cut || h < 0 || log->len + (size_t)h + n + 1 > sizeof log->text) {
		log->cut = true;
		return;
	}
	char *out = log->text + log->len;
	memcpy(out, head, (size_t)h);
	out += h;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		out[i] = c >= 0x20 && c < 0x7f ? (char)c : '?';
	}
	out[n] = '\n';
	log->len += (size_t)h + n + 1;
}

int player_choose(Player *p, const Board *pos, const Budget *budget, MoveInfo *info)
{
	return player_choose_log(p, pos, budget, info, NULL);
}

int player_choose_log(Player *p, const Board *pos, const Budget *budget, MoveInfo *info,
                      MessageLog *log)
{
	MoveInfo local;
	if (!info)
		info = &local;
	/* ms < 0: the type leaves the time to us. One that sets it (>= 0)
	 * leaves out time that is not the move's: the external type, its
	 * engine's start-up. */
	*info = (MoveInfo){.move = POINT_NONE,
	                   .score = SCORE_NONE,
	                   .depth = DEPTH_NONE,
	                   .seldepth = DEPTH_NONE,
	                   .nodes = NODES_NONE,
	                   .ms = -1,
	                   .messages = log};
	double t0 = clock_ms();
	int m = p->type->choose(p, pos, budget, info);
	info->move = m;
	if (info->ms < 0)
		info->ms = clock_ms() - t0;
	if (info->pv_len == 0 && m != POINT_NONE) {
		info->pv[0] = (int16_t)m;
		info->pv_len = 1;
	}
	return m;
}
