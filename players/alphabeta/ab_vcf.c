/* ab_vcf.c - continuous fours (VCF) and the leaf quiescence built on it.
 *
 * Attack and defence are separate functions (seed 003): the attacker tries
 * its fours, four-threes first; after each, the defender has exactly one
 * answer, the five point, so the defence is a single forced move unless it
 * cannot be played (two five points, or a renju-forbidden point for black).
 * A defence that makes a four of its own forces the attacker to block, and
 * the attack goes on only if that block is itself a four. The attacker wins
 * when it has a five point, or a point making an open or double four. Plays
 * here keep only the four sets up to date (ab_play_light): nothing inside a
 * VCF evaluates. The winning line is left in s->line from the ply the VCF
 * began at.
 *
 * This VCF is built for speed, not completeness (the root's solver is the
 * complete one): after the first four, only fours through the attacker's
 * last stone; the last four allowed must also make a three, the earlier
 * ones at least a two. At the leaves its depth is a parameter; one four
 * (in effect: is there a four-three?) won clearly in self-play at equal
 * node budgets against two or three, whose nodes cost more than they
 * found. */
#include <string.h>

#include "ab_search.h"

static int vcf_attack(AbSearch *s, int depth, int last);

/* The attacker has just made a four; the defender is to move. */
static int vcf_defend(AbSearch *s, int depth)
{
	if (ab_node(s))
		return 0;
	const Board *b = &s->b;
	const AbFrame *f = &s->frame[s->ply];
	Color att = (Color)(b->to_move ^ 1);
	int fives = 0, block = POINT_NONE;
	for (int w = s->word_lo; w <= s->word_hi && fives < 2; w++)
		for (uint64_t bits = f->four[att][w]; bits; bits &= bits - 1) {
			int q = w * 64 + __builtin_ctzll(bits);
			if (b->threat[att][q] == THREAT_FIVE && fives++ == 0)
				block = q;
		}
	if (fives == 0)
		return 0;
	s->line[s->ply] = (int16_t)block;
	if (fives >= 2 || ab_forbidden(s, block)) {
		/* The defender cannot stop every five: it plays something
		 * (recorded as the block) and the attacker completes one. */
		s->line[s->ply + 1] = (int16_t)block;
		if (fives >= 2)
			for (int w = s->word_lo; w <= s->word_hi; w++)
				for (uint64_t bits = f->four[att][w]; bits;
				     bits &= bits - 1) {
					int q = w * 64 + __builtin_ctzll(bits);
					if (q != block && b->threat[att][q] == THREAT_FIVE)
						s->line[s->ply + 1] = (int16_t)q;
				}
		return s->ply + 2;
	}
	int four = board_last(b);
	ab_play_light(s, block);
	int r = vcf_attack(s, depth, four);
	ab_undo(s);
	return r;
}

/* Can the attacker's four on q win as the last four of the search? Only
 * if the stone also makes a three (open: a four-three; closed: its four
 * point may double with another four). */
static bool can_finish(const Board *b, int q, Color a)
{
	if (b->threat[a][q] == THREAT_FOUR_THREE)
		return true;
	int shapes = 0;
	for (int d = 0; d < 4; d++)
		shapes += board_pattern(b, q, a, d) >= PAT_THREE;
	return shapes >= 2;
}

/* Can the four on q lead on to another? Its stone must make at least a
 * two on some other line, for the next four to use it. */
static bool builds(const Board *b, int q, Color a)
{
	int shapes = 0;
	for (int d = 0; d < 4; d++)
		shapes += board_pattern(b, q, a, d) >= PAT_TWO;
	return shapes >= 2;
}

/* Tries the attacker's fours: those of t, or, after the first four, only
 * those on the lines through the attacker's last stone within four. A
 * four away from them was already there a move earlier, so trying it
 * there covers it (the usual relevance cut; it can miss a VCF that needs
 * two unrelated fours first, which the root's solver still finds). */
static int vcf_fours(AbSearch *s, const AbTactics *t, int depth, int last)
{
	const Board *b = &s->b;
	Color a = b->to_move;
	int16_t cand[64];
	int n = 0, nthree = 0;
	if (last == POINT_NONE) {
		n = t->nfours;
		memcpy(cand, t->fours, (size_t)n * sizeof cand[0]);
	} else {
		for (int d = 0; d < 4; d++)
			for (int k = -4; k <= 4; k++) {
				int q = last + k * board_step[d], th = b->threat[a][q];
				if (k == 0 || b->cell[q] != CELL_EMPTY ||
				    (th != THREAT_FOUR && th != THREAT_FOUR_THREE))
					continue;
				cand[n++] = (int16_t)q;
				if (th == THREAT_FOUR_THREE) {
					cand[n - 1] = cand[nthree];
					cand[nthree++] = (int16_t)q;
				}
			}
	}
	for (int i = 0; i < n && !s->stop; i++) {
		int q = cand[i];
		if (depth == 1 ? !can_finish(b, q, a) : !builds(b, q, a))
			continue;
		ab_play_light(s, q);
		int r = vcf_defend(s, depth - 1);
		ab_undo(s);
		if (r) {
			s->line[s->ply] = (int16_t)q;
			return r;
		}
	}
	return 0;
}

static int vcf_attack(AbSearch *s, int depth, int last)
{
	if (ab_node(s))
		return 0;
	AbTactics t;
	ab_tactics(s, &t, last == POINT_NONE);
	int ply = s->ply;
	if (t.own_five != POINT_NONE) {
		s->line[ply] = (int16_t)t.own_five;
		return ply + 1;
	}
	if (t.opp_fives >= 2)
		return 0;
	if (ply + 4 >= AB_MAX_PLY)
		return 0;
	if (t.opp_fives == 1) {
		/* Block the defender's four; useful only if it is a four too. */
		int q = t.opp_five;
		if (depth <= 0 || s->b.threat[s->b.to_move][q] < THREAT_FOUR)
			return 0;
		ab_play_light(s, q);
		int r = vcf_defend(s, depth - 1);
		ab_undo(s);
		if (r)
			s->line[ply] = (int16_t)q;
		return r;
	}
	if (t.own_win != POINT_NONE) {
		s->line[ply] = (int16_t)t.own_win;
		s->line[ply + 1] = POINT_NONE; /* whichever the defender blocks */
		s->line[ply + 2] = POINT_NONE;
		return ply + 3;
	}
	if (depth <= 0)
		return 0;
	return vcf_fours(s, &t, depth, last);
}

int ab_vcf(AbSearch *s, int depth)
{
	return vcf_attack(s, depth, POINT_NONE);
}

int ab_leaf(AbSearch *s, int alpha, int beta)
{
	int ply = s->ply, x;
	AbTactics t;
	AbSettle settled = ab_settle(s, &t, true, &x);
	if (settled == AB_SETTLE_SCORE)
		return x;
	if (settled == AB_SETTLE_FORCED) {
		/* The forced block is played out, so a leaf never stands on a
		 * position where the opponent's four is still open. */
		ab_play(s, x);
		int v = -ab_leaf(s, -beta, -alpha);
		ab_undo(s);
		return v;
	}
	if (t.nfours > 0 && s->cfg.leaf_vcf > 0 && ply + 4 < AB_MAX_PLY) {
		int k = vcf_fours(s, &t, s->cfg.leaf_vcf, POINT_NONE);
		if (k)
			return SCORE_WIN - k;
	}
	return ab_static(s);
}
