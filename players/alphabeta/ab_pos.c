/* ab_pos.c - the search's position: frames, play and undo, threats of both
 * colours, and candidate moves with their ordering scores. */
#include <string.h>

#include "ab_search.h"
#include "rules.h"

/* Ordering value of a point by what the mover would make there (attack)
 * and by what the opponent would make there (defence: taking the point
 * away from it). Indexed by Threat. Wins and forced answers first, then
 * double threats, open threes and blocks of open threes, fours, and the
 * small shapes last. */
static const int32_t attack_value[THREAT_COUNT] = {
    [THREAT_TWO] = 8,           [THREAT_DOUBLE_TWO] = 30,     [THREAT_THREE] = 20,
    [THREAT_OPEN_THREE] = 200,  [THREAT_DOUBLE_THREE] = 2000, [THREAT_FOUR] = 120,
    [THREAT_FOUR_THREE] = 6000, [THREAT_DOUBLE_FOUR] = 20000, [THREAT_OPEN_FOUR] = 20000,
    [THREAT_FIVE] = 100000,
};
static const int32_t defence_value[THREAT_COUNT] = {
    [THREAT_TWO] = 5,           [THREAT_DOUBLE_TWO] = 20,     [THREAT_THREE] = 12,
    [THREAT_OPEN_THREE] = 120,  [THREAT_DOUBLE_THREE] = 1500, [THREAT_FOUR] = 80,
    [THREAT_FOUR_THREE] = 4000, [THREAT_DOUBLE_FOUR] = 10000, [THREAT_OPEN_FOUR] = 10000,
    [THREAT_FIVE] = 50000,
};
enum { TT_MOVE_BONUS = 1 << 24 };
_Static_assert(TT_MOVE_BONUS > 2 * AB_TACTICAL, "the table's move goes first");

static int32_t scaled(int32_t v, double by)
{
	return (int32_t)(v * by + 0.5);
}

void ab_order_setup(AbSearch *s)
{
	const AbConfig *c = &s->cfg;
	for (int t = 0; t < THREAT_COUNT; t++) {
		/* the small shapes: the quiet moves' order */
		double small = t < THREAT_OPEN_THREE ? c->order_small : 1;
		s->order_attack[t] = scaled(attack_value[t], small);
		s->order_defence[t] = scaled(defence_value[t], small * c->order_defence);
	}
}

static inline void set_bit(uint64_t *set, int q, bool on)
{
	uint64_t m = 1ull << (q & 63);
	set[q >> 6] = (set[q >> 6] & ~m) | (on ? m : 0);
}

static inline uint32_t row_bits(const uint64_t *set, int row)
{
	return (uint32_t)(set[row >> 1] >> (32 * (row & 1)));
}

static void mark_near(const AbSearch *s, AbFrame *f, int p)
{
	int d = s->cfg.distance, row = p / BOARD_STRIDE, col = p % BOARD_STRIDE;
	uint32_t span = ((1u << (2 * d + 1)) - 1) << (col - d) & s->row_mask;
	int r0 = row - d < s->row_lo ? s->row_lo : row - d;
	int r1 = row + d > s->row_hi ? s->row_hi : row + d;
	for (int r = r0; r <= r1; r++)
		f->near[r] |= span;
	f->occ[row] |= 1u << col;
}

/* After the play d records: the points whose threats changed are those d
 * lists (board.h), and a point's bit flips where its threat crossed
 * THREAT_FOUR (few do: most of the stores are saved); the stone's point is
 * in neither set now. */
static void update_fours(const Board *b, AbFrame *f, const BoardDelta *d)
{
	for (int i = 0; i < d->n; i++) {
		int q = d->at[i].point;
		for (int c = 0; c < 2; c++)
			if ((b->threat[c][q] >= THREAT_FOUR) !=
			    (d->at[i].threat[c] >= THREAT_FOUR))
				f->four[c][q >> 6] ^= 1ull << (q & 63);
	}
	set_bit(f->four[BLACK], d->point, false);
	set_bit(f->four[WHITE], d->point, false);
}

void ab_pos_setup(AbSearch *s, const Board *pos)
{
	s->b = *pos;
	s->ply = 0;
	int size = pos->size;
	s->row_lo = BOARD_PAD;
	s->row_hi = BOARD_PAD + size - 1;
	s->word_lo = board_point(0, 0) / 64;
	s->word_hi = board_point(size - 1, size - 1) / 64;
	s->row_mask = ((1u << size) - 1) << BOARD_PAD;
	AbFrame *f = &s->frame[0];
	memset(f, 0, sizeof *f);
	for (int y = 0; y < size; y++)
		for (int x = 0; x < size; x++) {
			int p = board_point(x, y);
			if (pos->cell[p] != CELL_EMPTY) {
				mark_near(s, f, p);
				continue;
			}
			set_bit(f->four[BLACK], p, pos->threat[BLACK][p] >= THREAT_FOUR);
			set_bit(f->four[WHITE], p, pos->threat[WHITE][p] >= THREAT_FOUR);
		}
	ab_eval_full(s->eval, pos, f->total);
}

void ab_play(AbSearch *s, int p)
{
	AbFrame *f = &s->frame[s->ply + 1];
	BoardDelta *d = &s->delta[s->ply];
	*f = s->frame[s->ply];
	board_play_delta(&s->b, p, d);
	ab_tt_prefetch(s->tt, s->b.hash);
	update_fours(&s->b, f, d);
	mark_near(s, f, p);
	ab_eval_delta(s->eval, &s->b, p, f->total);
	ab_eval_cells_delta(s->eval, &s->b, d, f->total);
	s->ply++;
}

void ab_play_light(AbSearch *s, int p)
{
	AbFrame *f = &s->frame[s->ply + 1];
	BoardDelta *d = &s->delta[s->ply];
	memcpy(f->four, s->frame[s->ply].four, sizeof f->four);
	board_play_delta(&s->b, p, d);
	update_fours(&s->b, f, d);
	s->ply++;
}

void ab_undo(AbSearch *s)
{
	s->ply--;
	board_undo_delta(&s->b, &s->delta[s->ply]);
}

bool ab_time_up(const AbSearch *s)
{
	return timeman_hard_up(&s->tm);
}

void ab_tactics(const AbSearch *s, AbTactics *t, bool want_fours)
{
	const Board *b = &s->b;
	const AbFrame *f = &s->frame[s->ply];
	Color me = b->to_move, op = (Color)(me ^ 1);
	t->own_five = t->own_win = t->opp_win = t->opp_five = POINT_NONE;
	t->opp_fives = t->nfours = 0;
	int nthree = 0; /* four-threes go first in fours[] */
	for (int w = s->word_lo; w <= s->word_hi; w++) {
		for (uint64_t bits = f->four[me][w]; bits; bits &= bits - 1) {
			int q = w * 64 + __builtin_ctzll(bits), th = b->threat[me][q];
			if (th == THREAT_FIVE) {
				t->own_five = q;
				return;
			}
			if (th >= THREAT_DOUBLE_FOUR) {
				t->own_win = q;
			} else if (!want_fours) {
				t->nfours++;
			} else if (t->nfours <
			           (int)(sizeof t->fours / sizeof t->fours[0])) {
				t->fours[t->nfours++] = (int16_t)q;
				if (th == THREAT_FOUR_THREE) {
					t->fours[t->nfours - 1] = t->fours[nthree];
					t->fours[nthree++] = (int16_t)q;
				}
			}
		}
		for (uint64_t bits = f->four[op][w]; bits; bits &= bits - 1) {
			int q = w * 64 + __builtin_ctzll(bits), th = b->threat[op][q];
			if (th == THREAT_FIVE) {
				if (t->opp_fives++ == 0)
					t->opp_five = q;
			} else if (th >= THREAT_DOUBLE_FOUR) {
				t->opp_win = q;
			}
		}
	}
	if (t->opp_fives > 2)
		t->opp_fives = 2;
}

bool ab_forbidden(AbSearch *s, int p)
{
	if (s->b.rule != RULE_RENJU || s->b.to_move != BLACK)
		return false;
	int th = s->b.threat[BLACK][p];
	return th == THREAT_FORBIDDEN ||
	       (th == THREAT_DOUBLE_THREE && rules_is_forbidden(&s->b, p));
}

int ab_static(const AbSearch *s)
{
	return ab_eval_score(s->eval, s->frame[s->ply].total, s->b.to_move);
}

/* Does a stone of the opponent on this point make a four (or more) along
 * some line? pat holds its four line patterns. */
static inline bool makes_four(unsigned pat)
{
	for (int d = 0; d < 4; d++) {
		unsigned n = (pat >> (4 * d)) & 15;
		if (n >= PAT_FOUR && n <= PAT_FIVE)
			return true;
	}
	return false;
}

int ab_generate(AbSearch *s, bool restricted, int tt_move)
{
	const Board *b = &s->b;
	const AbFrame *f = &s->frame[s->ply];
	Color me = b->to_move, op = (Color)(me ^ 1);
	bool renju_black = b->rule == RULE_RENJU && me == BLACK;
	int ply = s->ply, n = 0;
	/* Seed 002 searches near the last move first: small bonuses for the
	 * points around the opponent's last stone (and our own), as bits per
	 * row: 2 order_near next to it, order_near two away, two thirds of
	 * it next to ours (24, 12 and 8 by default). */
	int near = s->cfg.order_near, near_own = (2 * near + 1) / 3;
	uint32_t last1[BOARD_ROWS] = {0}, last2[BOARD_ROWS] = {0}, prev1[BOARD_ROWS] = {0};
	if (b->count >= 1) {
		int m = b->moves[b->count - 1], row = m / BOARD_STRIDE,
		    col = m % BOARD_STRIDE;
		for (int r = row - 2; r <= row + 2; r++)
			last2[r] = 31u << (col - 2);
		for (int r = row - 1; r <= row + 1; r++)
			last1[r] = 7u << (col - 1);
	}
	if (b->count >= 2) {
		int m = b->moves[b->count - 2], row = m / BOARD_STRIDE,
		    col = m % BOARD_STRIDE;
		for (int r = row - 1; r <= row + 1; r++)
			prev1[r] = 7u << (col - 1);
	}
	int16_t *mv = s->move[ply];
	int32_t *sc = s->score[ply];
	const int16_t *killer = s->killer[ply];
	for (int r = s->row_lo; r <= s->row_hi; r++) {
		uint32_t bits = restricted ? s->row_mask
		                           : f->near[r] | row_bits(f->four[0], r) |
		                                 row_bits(f->four[1], r);
		for (bits &= ~f->occ[r]; bits; bits &= bits - 1) {
			int col = __builtin_ctz(bits), q = r * BOARD_STRIDE + col;
			int tm = b->threat[me][q];
			if (renju_black && tm == THREAT_FORBIDDEN)
				continue;
			if (restricted && tm < THREAT_FOUR && !makes_four(b->pat[op][q]))
				continue;
			int to = b->threat[op][q];
			int32_t v = s->order_attack[tm] + s->order_defence[to] +
			            (s->history[me][q] >> 6);
			if (tm >= THREAT_OPEN_THREE || to >= THREAT_OPEN_THREE)
				v += AB_TACTICAL;
			v += (int32_t)(near *
			                   ((last1[r] >> col & 1) + (last2[r] >> col & 1)) +
			               near_own * (prev1[r] >> col & 1));
			if (q == tt_move)
				v += TT_MOVE_BONUS;
			else if (q == killer[0] || q == killer[1])
				v += s->cfg.order_killer;
			mv[n] = (int16_t)q;
			sc[n++] = v;
		}
	}
	return n;
}
