/* mcts_pos.c - the light playout position of the mcts player. */
#include "mcts_pos.h"

#include <stddef.h>
#include <string.h>

#include "moves.h"
#include "pattern.h"

/* The four line directions, numbered as in board.h. */
static const int pos_step[4] = {1, BOARD_STRIDE, BOARD_STRIDE + 1, BOARD_STRIDE - 1};

static inline int ctz32(uint32_t x)
{
	return __builtin_ctz(x);
}
static inline int clz32(uint32_t x)
{
	return __builtin_clz(x);
}

/* Line number and position along it of the cell p, per direction. */
static inline void line_of(int p, int idx[4], int pos[4])
{
	int x = (p & (BOARD_STRIDE - 1)) - BOARD_PAD, y = p / BOARD_STRIDE - BOARD_PAD;
	idx[0] = y;
	idx[1] = x;
	idx[2] = x - y + BOARD_MAX - 1;
	idx[3] = x + y;
	pos[0] = x;
	pos[1] = pos[2] = pos[3] = y;
}

/* Length of the run of stones through position pos of the line w once a
 * stone is put there. Neither scan can see an all-ones word: lines hold at
 * most BOARD_MAX bits. */
static inline int run_len(uint32_t w, int pos)
{
	w |= 1u << pos;
	return ctz32(~(w >> pos)) + clz32(~(w << (31 - pos))) - 1;
}

static inline bool is_five(const MctsPos *s, int len, Color c)
{
	return len == 5 || (len > 5 && !s->exact[c]);
}

static inline bool wins_at(const MctsPos *s, int p, Color c)
{
	int idx[4], pos[4], best = 0;
	line_of(p, idx, pos);
	bool five = false;
	for (int d = 0; d < 4; d++) {
		int len = run_len(s->line[c][d][idx[d]], pos[d]);
		five |= len == 5;
		best = len > best ? len : best;
	}
	return five || (best > 5 && !s->exact[c]);
}

bool mcts_pos_wins_at(const MctsPos *s, int p, Color c)
{
	return wins_at(s, p, c);
}

static void five_push(MctsPos *s, int p, Color c)
{
	if (s->listed[p] & (1u << c))
		return;
	s->listed[p] |= (uint8_t)(1u << c);
	s->fives[c][s->nfive[c]++] = (int16_t)p;
}

void mcts_pos_init(MctsPos *s, const Board *b)
{
	memset(s, 0, sizeof *s);
	s->size = b->size;
	s->count = b->count;
	s->to_move = b->to_move;
	s->rule = b->rule;
	s->track = true;
	s->exact[BLACK] = b->rule != RULE_FREESTYLE;
	s->exact[WHITE] = b->rule == RULE_STANDARD;
	s->lo = board_point(0, 0);
	s->hi = board_point(b->size - 1, b->size - 1) + 1;
	s->row_lo = BOARD_PAD;
	s->row_hi = BOARD_PAD + b->size;
	for (int c = 0; c < 2; c++) {
		s->table[c] = b->table[c];
		s->combo[c] = b->combo[c];
	}
	memcpy(s->cell, b->cell, sizeof s->cell);
	s->last[BLACK] = s->last[WHITE] = POINT_NONE;
	for (int i = b->count - 1; i >= 0 && i >= b->count - 2; i--)
		s->last[b->cell[b->moves[i]] - 1] = b->moves[i];

	uint32_t inside = ((1u << b->size) - 1) << BOARD_PAD;
	for (int r = 0; r < BOARD_ROWS; r++)
		s->occ[r] = r >= s->row_lo && r < s->row_hi ? ~inside : ~0u;
	for (int p = s->lo; p < s->hi; p++) {
		if (s->cell[p] == CELL_EMPTY)
			continue;
		/* A wall inside the board (wall.h) is occupied but no stone. */
		s->occ[p / BOARD_STRIDE] |= 1u << (p % BOARD_STRIDE);
		if (s->cell[p] == CELL_WALL)
			continue;
		int idx[4], pos[4];
		line_of(p, idx, pos);
		for (int d = 0; d < 4; d++)
			s->line[s->cell[p] - 1][d][idx[d]] |= 1u << pos[d];
	}
	s->ncand = moves_near(b, 2, s->list);
	for (int i = 0; i < s->ncand; i++) {
		int p = s->list[i];
		s->cand[p / BOARD_STRIDE] |= 1u << (p % BOARD_STRIDE);
		s->slot[p] = (int16_t)i;
	}
	for (int p = s->lo; p < s->hi; p++)
		if (s->cell[p] == CELL_EMPTY)
			for (int c = 0; c < 2; c++)
				if (wins_at(s, p, (Color)c))
					five_push(s, p, (Color)c);
}

void mcts_pos_copy(MctsPos *dst, const MctsPos *src)
{
	memcpy(dst, src, offsetof(MctsPos, list));
	memcpy(dst->list, src->list, (size_t)src->ncand * sizeof src->list[0]);
	memcpy(dst->line, src->line, sizeof src->line);
	size_t lo = (size_t)src->lo, n = (size_t)(src->hi - src->lo);
	memcpy(dst->cell + lo, src->cell + lo, n);
	memcpy(dst->listed + lo, src->listed + lo, n);
	memcpy(dst->slot + lo, src->slot + lo, n * sizeof src->slot[0]);
	for (int c = 0; c < 2; c++)
		memcpy(dst->fives[c], src->fives[c],
		       (size_t)src->nfive[c] * sizeof(int16_t));
}

void mcts_pos_play(MctsPos *s, int p)
{
	Color c = s->to_move;
	int row = p / BOARD_STRIDE, col = p % BOARD_STRIDE;
	uint32_t bit = 1u << col;
	s->cell[p] = (uint8_t)(c + 1);
	s->occ[row] |= bit;
	if (s->cand[row] & bit) {
		int i = s->slot[p], last = s->list[--s->ncand];
		s->cand[row] &= ~bit;
		s->list[i] = (int16_t)last;
		s->slot[last] = (int16_t)i;
	}
	/* The empty cells of the 5x5 box around p become candidates. The
	 * padding (at least two wall cells each side) keeps the box in range. */
	uint32_t box = 0x1Fu << (col - 2);
	for (int r = row - 2; r <= row + 2; r++) {
		uint32_t add = box & ~(s->occ[r] | s->cand[r]);
		s->cand[r] |= add;
		for (; add; add &= add - 1) {
			int q = r * BOARD_STRIDE + ctz32(add);
			s->slot[q] = (int16_t)s->ncand;
			s->list[s->ncand++] = (int16_t)q;
		}
	}

	int idx[4], pos[4];
	line_of(p, idx, pos);
	for (int d = 0; d < 4; d++)
		s->line[c][d][idx[d]] |= 1u << pos[d];

	/* Only the empty cells at the two ends of p's run along a line can
	 * have become five points of c. The opponent's runs did not change, so
	 * neither did its five points (other than p, now taken). */
	if (s->track)
		for (int d = 0; d < 4; d++) {
			uint32_t w = s->line[c][d][idx[d]];
			int up = ctz32(~(w >> pos[d])), down = clz32(~(w << (31 - pos[d])));
			int e = p + up * pos_step[d];
			if (s->cell[e] == CELL_EMPTY &&
			    is_five(s, run_len(w, pos[d] + up), c))
				five_push(s, e, c);
			e = p - down * pos_step[d];
			if (s->cell[e] == CELL_EMPTY &&
			    is_five(s, run_len(w, pos[d] - down), c))
				five_push(s, e, c);
		}
	s->last[c] = p;
	s->count++;
	s->to_move = (Color)(c ^ 1);
}

int mcts_pos_fives(MctsPos *s, Color c)
{
	int16_t *f = s->fives[c];
	int n = s->nfive[c];
	for (int i = 0; i < n;) {
		int p = f[i];
		if (s->cell[p] == CELL_EMPTY && wins_at(s, p, c)) {
			i++;
			continue;
		}
		s->listed[p] &= (uint8_t) ~(1u << c);
		f[i] = f[--n];
	}
	s->nfive[c] = n;
	return n;
}

int mcts_pos_candidates(const MctsPos *s, int16_t *out)
{
	int n = 0;
	for (int r = s->row_lo; r < s->row_hi; r++)
		for (uint32_t x = s->cand[r]; x; x &= x - 1)
			out[n++] = (int16_t)(r * BOARD_STRIDE + ctz32(x));
	return n;
}

/* The 20-bit key pattern_key builds for the empty point p along direction
 * d: the five cells before p in bits 0..9, the five after it in bits
 * 10..19. */
static inline uint32_t key_at(const MctsPos *s, int p, int d)
{
	int st = pos_step[d];
	uint32_t key = 0;
	for (int k = 1; k <= 5; k++) {
		key |= (uint32_t)s->cell[p - k * st] << (2 * (5 - k));
		key |= (uint32_t)s->cell[p + k * st] << (2 * (4 + k));
	}
	return key;
}

int mcts_pos_threat(const MctsPos *s, int p, Color c)
{
	unsigned pat = 0;
	for (int d = 0; d < 4; d++)
		pat |= ((unsigned)s->table[c][key_at(s, p, d)] >> (4 * c) & 15u) << (4 * d);
	return s->combo[c][pat];
}

void mcts_pos_threats(const MctsPos *s, int p, int threat[2])
{
	/* Both colours from one key per line: only the tables differ. */
	unsigned pat[2] = {0, 0};
	for (int d = 0; d < 4; d++) {
		uint32_t key = key_at(s, p, d);
		pat[BLACK] |= ((unsigned)s->table[BLACK][key] & 15u) << (4 * d);
		pat[WHITE] |= ((unsigned)s->table[WHITE][key] >> 4 & 15u) << (4 * d);
	}
	threat[BLACK] = s->combo[BLACK][pat[BLACK]];
	threat[WHITE] = s->combo[WHITE][pat[WHITE]];
}

bool mcts_pos_banned(const MctsPos *s, int p)
{
	int t = mcts_pos_threat(s, p, BLACK);
	return t == THREAT_FORBIDDEN || t == THREAT_DOUBLE_THREE;
}

/* The LinePattern of colour c on the empty point p along direction d. */
static inline unsigned line_pattern(const MctsPos *s, int p, Color c, int d)
{
	return (unsigned)s->table[c][key_at(s, p, d)] >> (4 * c) & 15u;
}

/* A point within four cells of c's stone at from, on one of its lines,
 * where c makes a straight four or a double four; POINT_NONE if none. */
static int open_four_point(const MctsPos *s, int from, Color c)
{
	for (int d = 0; d < 4; d++) {
		int st = pos_step[d];
		for (int k = -4; k <= 4; k++) {
			int q = from + k * st;
			if (k == 0 || s->cell[q] != CELL_EMPTY)
				continue;
			unsigned pat = line_pattern(s, q, c, d);
			if (pat != PAT_OPEN_FOUR && pat != PAT_DOUBLE_FOUR)
				continue;
			if (s->rule == RULE_RENJU && s->to_move == BLACK &&
			    mcts_pos_banned(s, q))
				continue;
			return q;
		}
	}
	return POINT_NONE;
}

int mcts_pos_tactic(const MctsPos *s)
{
	Color c = s->to_move;
	int q = POINT_NONE;
	if (s->last[c] != POINT_NONE)
		q = open_four_point(s, s->last[c], c);
	if (q == POINT_NONE && s->last[c ^ 1] != POINT_NONE)
		q = open_four_point(s, s->last[c ^ 1], (Color)(c ^ 1));
	return q;
}

/* A uniformly random candidate (there is at least one). */
static inline int pick(const MctsPos *s, Rng *rng)
{
	return s->list[rng_below(rng, (uint32_t)s->ncand)];
}

/* A random candidate for renju black that is not banned (a five never is);
 * POINT_NONE if there is none. A few draws nearly always succeed; failing
 * that, one is drawn from the full list of allowed candidates. */
static int pick_black_renju(const MctsPos *s, Rng *rng)
{
	for (int tries = 0; tries < 8; tries++) {
		int p = pick(s, rng);
		if (wins_at(s, p, BLACK) || !mcts_pos_banned(s, p))
			return p;
	}
	int16_t list[BOARD_MAX_MOVES];
	int n = mcts_pos_candidates(s, list), k = 0;
	for (int i = 0; i < n; i++)
		if (wins_at(s, list[i], BLACK) || !mcts_pos_banned(s, list[i]))
			list[k++] = list[i];
	return k ? list[rng_below(rng, (uint32_t)k)] : POINT_NONE;
}

/* The uniformly random playout (no tactics, no renju), reduced to what it
 * reads: the candidate list, each colour's line words, and a word per row
 * of the cells no move may list again (stones, walls and candidates: cand
 * joined with occ, since a cell once listed stays listed until played).
 * The same draws and the same list order as mcts_pos_play, so the same
 * games; cell, slot, the five lists and last are left stale. */
static int playout_random(MctsPos *s, Rng *rng)
{
	uint32_t *taken = s->cand;
	for (int r = 0; r < BOARD_ROWS; r++)
		taken[r] |= s->occ[r];
	int16_t *list = s->list;
	int n = s->ncand, winner = POS_DRAW;
	Color c = s->to_move;
	for (; n > 0; c = (Color)(c ^ 1), s->count++) {
		int i = (int)rng_below(rng, (uint32_t)n), p = list[i];
		int row = p / BOARD_STRIDE, col = p % BOARD_STRIDE;
		int x = col - BOARD_PAD, y = row - BOARD_PAD;
		uint32_t *w[4] = {&s->line[c][0][y], &s->line[c][1][x],
		                  &s->line[c][2][x - y + BOARD_MAX - 1],
		                  &s->line[c][3][x + y]};
		int len[4] = {run_len(*w[0], x), run_len(*w[1], y), run_len(*w[2], y),
		              run_len(*w[3], y)};
		int best = len[0] > len[1] ? len[0] : len[1];
		best = len[2] > best ? len[2] : best;
		best = len[3] > best ? len[3] : best;
		if (len[0] == 5 || len[1] == 5 || len[2] == 5 || len[3] == 5 ||
		    (best > 5 && !s->exact[c])) {
			winner = c;
			break;
		}
		*w[0] |= 1u << x;
		*w[1] |= 1u << y;
		*w[2] |= 1u << y;
		*w[3] |= 1u << y;
		list[i] = list[--n];
		uint32_t box = 0x1Fu << (col - 2);
		for (int r = row - 2; r <= row + 2; r++) {
			uint32_t add = box & ~taken[r];
			taken[r] |= add;
			for (; add; add &= add - 1)
				list[n++] = (int16_t)(r * BOARD_STRIDE + ctz32(add));
		}
	}
	s->ncand = n;
	s->to_move = c;
	return winner;
}

int mcts_pos_playout(MctsPos *s, Rng *rng, int tactics)
{
	bool renju = s->rule == RULE_RENJU;
	if (!tactics && !renju)
		return playout_random(s, rng);
	s->track = tactics > 0;
	for (;;) {
		if (s->ncand == 0)
			return POS_DRAW;
		Color c = s->to_move;
		int p;
		if (tactics) {
			if (mcts_pos_fives(s, c) > 0)
				return c;
			int n = mcts_pos_fives(s, (Color)(c ^ 1));
			if (n > 1)
				return c ^ 1; /* one block cannot stop two fives */
			if (n == 1) {
				p = s->fives[c ^ 1][0];
				if (renju && c == BLACK && mcts_pos_banned(s, p))
					return WHITE;
				mcts_pos_play(s, p);
				continue;
			}
			if (tactics > 1 && (p = mcts_pos_tactic(s)) != POINT_NONE) {
				mcts_pos_play(s, p);
				continue;
			}
		}
		if (renju && c == BLACK) {
			p = pick_black_renju(s, rng);
			if (p == POINT_NONE)
				return WHITE;
		} else {
			p = pick(s, rng);
		}
		if (wins_at(s, p, c))
			return c;
		mcts_pos_play(s, p);
	}
}
