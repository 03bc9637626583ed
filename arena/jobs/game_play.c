/* game_play.c - playing one game. */
#include "game_play.h"

#include <stdio.h>
#include <string.h>

#include "coord.h"
#include "rules.h"

static GameOutcome loss_of(Color c)
{
	return c == BLACK ? RESULT_WHITE_WIN : RESULT_BLACK_WIN;
}

static EndReason end_of_fault(int fault)
{
	switch (fault) {
	case FAULT_CRASH: return END_CRASH;
	case FAULT_TIMEOUT: return END_TIMEOUT;
	case FAULT_ILLEGAL: return END_ILLEGAL;
	case FAULT_MEMORY: return END_MEMORY;
	default: return END_PROTOCOL;
	}
}

/* Was a move of took ms late under bud, with left ms on the colour's game
 * clock? Then detail says by how much. */
static bool late(const Budget *bud, double left, double took, double tol, char *detail,
                 size_t len)
{
	if (bud->ms > 0 && took > (double)bud->ms + tol) {
		snprintf(detail, len, "move in %.0f ms (limit %lld + tolerance %.0f)", took,
		         (long long)bud->ms, tol);
		return true;
	}
	if (bud->game_ms > 0 && took > left + tol) {
		snprintf(
		    detail, len,
		    "move in %.0f ms with %.0f ms left on the game clock (%lld + %lld a "
		    "move; tolerance %.0f)",
		    took, left, (long long)bud->game_ms, (long long)bud->inc_ms, tol);
		return true;
	}
	return false;
}

/* What the player said of the stone at ply (unknown with info NULL). */
static void note_move(GameRecord *rec, int ply, const MoveInfo *info)
{
	rec->eval[ply] = info ? info->score : SCORE_NONE;
	rec->depth[ply] =
	    (int16_t)(info && info->depth >= 0 && info->depth <= INT16_MAX ? info->depth
	                                                                   : DEPTH_NONE);
	rec->seldepth[ply] =
	    (int16_t)(info && info->seldepth >= 0 && info->seldepth <= INT16_MAX
	                  ? info->seldepth
	                  : DEPTH_NONE);
	rec->move_nodes[ply] = info ? info->nodes : NODES_NONE;
	for (int k = 0; k < GAME_PV_KEEP; k++)
		rec->pv[ply][k] = info && k < info->pv_len ? info->pv[k] : POINT_NONE;
}

/* The eval of the stone at ply in adjudication's units, from its mover's
 * side; false when it has none. */
static bool scaled_eval(const GameSetup *setup, const GameRecord *rec, int ply, double *v)
{
	int32_t e = rec->eval[ply];
	if (ply < rec->opening_plies || e == SCORE_NONE)
		return false;
	if (e >= SCORE_WIN - BOARD_MAX_MOVES || e <= -(SCORE_WIN - BOARD_MAX_MOVES))
		*v = e > 0 ? 1e300 : -1e300; /* proven: beyond any score */
	else
		*v = e * setup->eval_scale[ply % 2 == 0 ? BLACK : WHITE];
	return true;
}

/* Adjudication after the move that made rec->plies stones (game_play.h):
 * fills rec's outcome and reason and returns true when a rule ends the
 * game. */
static bool adjudicated(const GameSetup *setup, GameRecord *rec)
{
	const Adjudication *a = &setup->adjudicate;
	if (setup->eval_scale[BLACK] <= 0 || setup->eval_scale[WHITE] <= 0)
		return false;
	int last = rec->plies - 1;
	double v0;
	if (last < 0 || !scaled_eval(setup, rec, last, &v0))
		return false;
	/* Resign: the last mover's evals all at least the score and its
	 * opponent's all at most -score (the last mover wins), or the other
	 * way round. */
	int n = a->resign_moves;
	bool resign = n > 0 && rec->plies - 2 * n >= rec->opening_plies &&
	              (v0 >= a->resign_score || v0 <= -a->resign_score);
	double sign = v0 > 0 ? 1 : -1;
	for (int ply = last; resign && ply >= rec->plies - 2 * n; ply--) {
		double v, own = (last - ply) % 2 == 0 ? sign : -sign;
		resign = scaled_eval(setup, rec, ply, &v) && v * own >= a->resign_score;
	}
	if (resign) {
		bool black_last = last % 2 == 0; /* the opening's stones alternate too */
		rec->outcome =
		    (sign > 0) == black_last ? RESULT_BLACK_WIN : RESULT_WHITE_WIN;
		rec->reason = END_ADJUDICATED;
		return true;
	}
	n = a->draw_moves;
	int first = rec->plies - 2 * n;
	bool draw = n > 0 && first >= rec->opening_plies && first >= a->draw_after;
	for (int ply = first; draw && ply <= last; ply++) {
		double v;
		draw = scaled_eval(setup, rec, ply, &v) && v <= a->draw_score &&
		       v >= -a->draw_score;
	}
	if (draw) {
		rec->outcome = RESULT_DRAW;
		rec->reason = END_ADJUDICATED;
	}
	return draw;
}

int game_play(const GameSetup *setup, Player *players[2], GameRecord *rec)
{
	memset(rec, 0, sizeof *rec);
	rec->fault_color = -1;
	rec->messages = setup->messages;
	if (rec->messages)
		message_log_clear(rec->messages);
	Board b;
	board_init(&b, setup->size, setup->rule);
	for (int i = 0; i < setup->opening_len; i++) {
		board_play(&b, setup->opening[i]);
		rec->moves[i] = setup->opening[i];
		note_move(rec, i, NULL);
	}
	rec->opening_plies = rec->plies = setup->opening_len;
	player_new_game(players[BLACK], setup->size, setup->rule);
	player_new_game(players[WHITE], setup->size, setup->rule);

	int limit = setup->max_plies > 0 ? setup->max_plies : BOARD_MAX_MOVES;
	double tol = setup->tolerance > 0 ? setup->tolerance : GAME_TOLERANCE_MS;
	double left[2] = {(double)setup->budget[BLACK].game_ms,
	                  (double)setup->budget[WHITE].game_ms};
	int abandoned = 0;
	int judged = FAULT_NONE; /* a fault found here, not by the player */
	for (;;) {
		if (setup->stop && atomic_load(setup->stop)) {
			abandoned = 1;
			break;
		}
		if (board_full(&b)) {
			rec->outcome = RESULT_DRAW;
			rec->reason = END_FULL_BOARD;
			break;
		}
		if (b.count >= limit) {
			rec->outcome = RESULT_DRAW;
			rec->reason = END_MAX_PLIES;
			break;
		}
		Color c = b.to_move;
		MoveInfo info;
		Budget bud = setup->budget[c];
		if (bud.game_ms > 0)
			bud.time_left = left[c] > 0 ? (int64_t)left[c] : 0;
		int m = player_choose_log(players[c], &b, &bud, &info, setup->messages);
		rec->time_ms[c] += info.ms;
		snprintf(rec->message, sizeof rec->message, "%s", info.message);
		if (info.nodes != NODES_NONE) /* an engine's, when it said */
			rec->nodes[c] += info.nodes;
		if (info.fault != FAULT_NONE) {
			rec->outcome = loss_of(c);
			rec->reason = end_of_fault(info.fault);
			rec->fault_color = (int)c;
			snprintf(rec->fault_detail, sizeof rec->fault_detail, "%s",
			         info.fault_detail);
			break;
		}
		if (late(&bud, left[c], info.ms, tol, rec->fault_detail,
		         sizeof rec->fault_detail)) {
			rec->outcome = loss_of(c);
			rec->reason = END_TIMEOUT;
			rec->fault_color = (int)c;
			judged = FAULT_TIMEOUT;
			break;
		}
		if (bud.game_ms > 0)
			left[c] += (double)bud.inc_ms - info.ms;
		if (!rules_legal(&b, m) || point_x(m) >= b.size || point_y(m) >= b.size) {
			char at[COORD_TEXT_MAX];
			rec->outcome = loss_of(c);
			rec->reason = END_ILLEGAL;
			rec->fault_color = (int)c;
			judged = FAULT_ILLEGAL;
			if (m >= 0 && m < BOARD_CELLS &&
			    board_on(&b, point_x(m), point_y(m)))
				snprintf(rec->fault_detail, sizeof rec->fault_detail,
				         "%s is taken", coord_format(b.size, m, at));
			else
				snprintf(rec->fault_detail, sizeof rec->fault_detail,
				         "no point on the board");
			break;
		}
		Outcome o = rules_outcome(&b, m);
		board_play(&b, m);
		rec->moves[rec->plies] = (int16_t)m;
		note_move(rec, rec->plies, &info);
		rec->ms[rec->plies] =
		    info.ms > INT32_MAX ? INT32_MAX : (int32_t)(info.ms + 0.5);
		rec->plies++;
		if (o == OUTCOME_WIN) {
			rec->outcome = c == BLACK ? RESULT_BLACK_WIN : RESULT_WHITE_WIN;
			rec->reason = END_FIVE;
			break;
		}
		if (o == OUTCOME_FORBIDDEN) {
			rec->outcome = RESULT_WHITE_WIN;
			rec->reason = END_FORBIDDEN;
			break;
		}
		if (adjudicated(setup, rec))
			break;
	}
	/* Told at once, not when the players are next used: a fault found
	 * here ends an engine's process as its own faults do, and with
	 * restart = on the engine gets END right after the last move. (A
	 * forbidden point is a result under the rules, not a fault.) */
	for (int c = BLACK; c <= WHITE; c++) {
		bool theirs = judged != FAULT_NONE && rec->fault_color == c;
		player_end_game(players[c], theirs ? judged : FAULT_NONE,
		                theirs ? rec->fault_detail : "");
	}
	return abandoned;
}

double game_black_score(const GameRecord *rec)
{
	return rec->outcome == RESULT_BLACK_WIN ? 1 : rec->outcome == RESULT_DRAW ? 0.5 : 0;
}

const char *game_outcome_text(GameOutcome o)
{
	return o == RESULT_BLACK_WIN ? "1-0" : o == RESULT_WHITE_WIN ? "0-1" : "1/2-1/2";
}

const char *game_end_name(EndReason r)
{
	static const char *const names[END_COUNT] = {
	    "five",  "forbidden", "illegal",  "full-board", "max-plies",
	    "crash", "timeout",   "protocol", "memory",     "adjudicated",
	};
	return (unsigned)r < END_COUNT ? names[r] : "?";
}
