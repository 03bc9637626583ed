/* mcts_tree.c - the search of the mcts player: PUCT selection over priors
 * from shape scores, expansion, playouts and the MCTS-solver's proofs.
 *
 * A new node's children are its candidates (empty points within two of a
 * stone) ranked by what a stone there would make for the side to move and
 * what it would take from the opponent (the Threat of each colour at the
 * point, as in pattern.h); only the best `width` are kept, and each gets
 * its share of the scores as prior. Selection is PUCT: the child's win
 * rate plus c * prior * sqrt(parent visits) / (1 + child visits), an
 * unvisited child counting at the parent's win rate, so the tree grows on
 * good shapes first and still tries the others as visits accrue.
 *
 * With the solver on, nodes are marked proven (MCTS-solver): a move that
 * completes a five wins, so its parent is lost for the side that moved into
 * it; a node whose children are all lost for the side to move is won. With
 * the solver or the playout tactics on, a new node whose side to move can
 * complete a five gets only that move, and one that must stop the
 * opponent's five gets only the blocks: every other move loses at once. */
#include <math.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "mcts_impl.h"
#include "pattern.h"
#include "rules.h"

/* What a stone makes for its own colour (attack) and what it spoils of the
 * opponent's (defence), by the Threat of each colour at the point. A
 * winning shape next move (open four, double four, four-three) outranks
 * everything but a five; a defence is worth a little less than the same
 * attack, since the side to move gets there first. */
static const int prior_attack[THREAT_COUNT] = {
    [THREAT_FORBIDDEN] = 0,      [THREAT_NONE] = 1,         [THREAT_TWO] = 4,
    [THREAT_DOUBLE_TWO] = 12,    [THREAT_THREE] = 10,       [THREAT_OPEN_THREE] = 40,
    [THREAT_DOUBLE_THREE] = 400, [THREAT_FOUR] = 30,        [THREAT_FOUR_THREE] = 1500,
    [THREAT_DOUBLE_FOUR] = 1500, [THREAT_OPEN_FOUR] = 1500, [THREAT_FIVE] = 20000,
};
static const int prior_defence[THREAT_COUNT] = {
    [THREAT_FORBIDDEN] = 0,      [THREAT_NONE] = 0,        [THREAT_TWO] = 2,
    [THREAT_DOUBLE_TWO] = 6,     [THREAT_THREE] = 5,       [THREAT_OPEN_THREE] = 20,
    [THREAT_DOUBLE_THREE] = 200, [THREAT_FOUR] = 15,       [THREAT_FOUR_THREE] = 800,
    [THREAT_DOUBLE_FOUR] = 800,  [THREAT_OPEN_FOUR] = 800, [THREAT_FIVE] = 10000,
};

int mcts_prior_rank(const MctsPos *s, int16_t *list, int *score, float *prior, int k,
                    int width, const double *leaf_score, ShapeSum *sum)
{
	Color c = s->to_move, o = (Color)(c ^ 1);
	ShapeSum e = {0};
	/* Only the best `cap` are ranked: a stable insertion into that many
	 * gives what a stable sort of all k cut to `cap` would, and most points
	 * (scores of 1 or 2) fail at once when it is full. */
	int cap = width > 0 && k > width ? width : k, n = 0;
	for (int i = 0; i < k; i++) {
		int16_t q = list[i];
		int t[2];
		mcts_pos_threats(s, q, t);
		int tc = t[c], to = t[o];
		int sc = prior_attack[tc] + prior_defence[to];
		e.own_best = tc > e.own_best ? tc : e.own_best;
		e.opp_best = to > e.opp_best ? to : e.opp_best;
		if (sum) {
			e.own_sum += leaf_score[tc];
			e.opp_sum += leaf_score[to];
		}
		/* Equal scores keep their (shuffled) order, so the ranking is a
		 * function of the list. n <= i: list[i] is read before any write
		 * reaches it. */
		int j = n;
		while (j > 0 && score[j - 1] < sc)
			j--;
		if (j >= cap)
			continue;
		if (n < cap)
			n++;
		for (int m = n - 1; m > j; m--) {
			score[m] = score[m - 1];
			list[m] = list[m - 1];
		}
		score[j] = sc;
		list[j] = q;
	}
	if (sum)
		*sum = e;
	k = n;
	double total = 0;
	for (int i = 0; i < k; i++)
		total += score[i];
	for (int i = 0; i < k; i++)
		prior[i] = total > 0 ? (float)(score[i] / total) : 1.0f / (float)k;
	return k;
}

float mcts_leaf_value(const ShapeSum *e, double ratio, double scale)
{
	/* A win next move unless the opponent has fours to play first. */
	if (e->own_best >= THREAT_FOUR_THREE)
		return 0.95f;
	/* The opponent threatens one: parry it, maybe with a four. */
	if (e->opp_best >= THREAT_FOUR_THREE)
		return e->own_best >= THREAT_FOUR ? 0.35f : 0.2f;
	if (e->own_best == THREAT_DOUBLE_THREE)
		return 0.85f;
	double x = (e->own_sum - ratio * e->opp_sum) / scale;
	return (float)(1.0 / (1.0 + exp(-x)));
}

/* The PUCT value of children ch[0..nc) into v: the win rate (fpu for an
 * unvisited child) plus k * prior / (1 + visits). With SSE2, four at a
 * time: a lane's division rounds as the scalar one does and the
 * operations are the same, in the same order (no fused multiply-add under
 * ISO C's floating-point contraction rules), so the values are the same
 * to the bit; the two divisions a child were most of the selection's time. */
static void puct_values(const Node *ch, int nc, float fpu, float k, float *v)
{
	int i = 0;
#ifdef __SSE2__
	const __m128 vk = _mm_set1_ps(k), vfpu = _mm_set1_ps(fpu), one = _mm_set1_ps(1.0f);
	for (; i + 4 <= nc; i += 4) {
		const Node *c = ch + i;
		__m128i vis = _mm_set_epi32((int)c[3].visits, (int)c[2].visits,
		                            (int)c[1].visits, (int)c[0].visits);
		/* The conversion is signed: 2^31 visits or more (hours of
		 * search) go to the scalar loop. */
		if (_mm_movemask_ps(_mm_castsi128_ps(vis)))
			break;
		__m128 fvis = _mm_cvtepi32_ps(vis);
		__m128 score = _mm_set_ps(c[3].score, c[2].score, c[1].score, c[0].score);
		__m128 prior = _mm_set_ps(c[3].prior, c[2].prior, c[1].prior, c[0].prior);
		__m128 unvisited =
		    _mm_castsi128_ps(_mm_cmpeq_epi32(vis, _mm_setzero_si128()));
		__m128 q = _mm_div_ps(score, fvis); /* unvisited lanes: replaced */
		q = _mm_or_ps(_mm_and_ps(unvisited, vfpu), _mm_andnot_ps(unvisited, q));
		__m128 u = _mm_div_ps(_mm_mul_ps(vk, prior), _mm_add_ps(one, fvis));
		_mm_storeu_ps(v + i, _mm_add_ps(q, u));
	}
#endif
	for (; i < nc; i++) {
		float q = ch[i].visits ? ch[i].score / (float)ch[i].visits : fpu;
		v[i] = q + k * ch[i].prior / (1.0f + (float)ch[i].visits);
	}
}

/* PUCT: the first child of the highest value, skipping children proven
 * lost for the side to move. */
static uint32_t select_child(const MctsTree *m, uint32_t parent)
{
	const Node *n = &m->pool[parent];
	/* The parent's win rate for the side choosing here, which did not
	 * move into it: what an unvisited child is taken to be worth. */
	float fpu = n->visits ? 1.0f - n->score / (float)n->visits : 0.5f;
	float k = (float)m->c * sqrtf((float)n->visits);
	const Node *ch = &m->pool[n->child];
	int nc = (int)n->nchild, best = 0;
	float v[BOARD_MAX_MOVES], best_v = -1.0f;
	puct_values(ch, nc, fpu, k, v);
	for (int i = 0; i < nc; i++)
		if (v[i] > best_v && ch[i].proven != PROVEN_LOSS) {
			best_v = v[i];
			best = i;
		}
	return n->child + (uint32_t)best;
}

/* Renju: the exact verdict on a possible double three for black at q, on a
 * real Board brought to the leaf (once per expansion). */
static bool forbidden_exact(MctsTree *m, int depth, int q, bool *synced)
{
	if (!*synced) {
		m->sync = m->board;
		for (int i = 1; i <= depth; i++)
			board_play(&m->sync, m->pool[m->path[i]].move);
		*synced = true;
	}
	return rules_is_forbidden(&m->sync, q);
}

static void set_proven(Node *n, int proven, int plies)
{
	n->proven = (unsigned)proven;
	n->plies = (unsigned)(plies < PLIES_MAX ? plies : PLIES_MAX);
}

void mcts_tree_expand(MctsTree *m, uint32_t leaf, int depth)
{
	MctsPos *s = &m->work;
	Node *n = &m->pool[leaf];
	Color c = s->to_move;
	int k = 0, nf;
	/* Fives and blocks first, as in the playouts: any other move loses. */
	bool prune = m->solver || m->tactics;
	m->forced = false;
	if (prune && mcts_pos_fives(s, c) > 0) {
		m->forced = true;
		m->list[k++] = s->fives[c][0];
	} else if (prune && (nf = mcts_pos_fives(s, (Color)(c ^ 1))) > 0) {
		m->forced = true;
		for (int i = 0; i < nf; i++)
			m->list[k++] = s->fives[c ^ 1][i];
		if (nf > 1 && m->solver) {
			set_proven(n, PROVEN_WIN, 3);
			if (leaf != 0)
				return; /* the root still needs moves to choose from */
		}
	} else {
		k = mcts_pos_candidates(s, m->list);
	}

	if (s->rule == RULE_RENJU && c == BLACK) {
		bool synced = false;
		int kept = 0;
		for (int i = 0; i < k; i++) {
			int q = m->list[i];
			int t = mcts_pos_wins_at(s, q, BLACK)
			            ? THREAT_FIVE
			            : mcts_pos_threat(s, q, BLACK);
			if (t == THREAT_FORBIDDEN ||
			    (t == THREAT_DOUBLE_THREE &&
			     forbidden_exact(m, depth, q, &synced)))
				continue;
			m->list[kept++] = (int16_t)q;
		}
		k = kept;
	}
	if (k == 0) {
		/* Renju black with only forbidden points near the stones: counted
		 * as lost (moves far from every stone are not considered). */
		if (m->solver)
			set_proven(n, PROVEN_WIN, 2);
		return;
	}

	for (int i = k - 1; i > 0; i--) {
		int j = (int)rng_below(&m->rng, (uint32_t)(i + 1));
		int16_t t = m->list[i];
		m->list[i] = m->list[j];
		m->list[j] = t;
	}
	/* The root keeps every move: the solver's checks there and the choice
	 * of the move should not miss one the shape scores undervalue. */
	float prior[BOARD_MAX_MOVES];
	k = mcts_prior_rank(s, m->list, m->score, prior, k, leaf == 0 ? 0 : m->width,
	                    m->leaf_score, &m->sum);
	if (k > (int)(m->cap - m->used))
		return;
	n->child = m->used;
	n->nchild = (unsigned)k;
	m->used += (uint32_t)k;
	bool won = false;
	for (int i = 0; i < k; i++) {
		Node *ch = &m->pool[n->child + (uint32_t)i];
		*ch = (Node){.move = (unsigned)m->list[i], .prior = prior[i]};
		if (mcts_pos_wins_at(s, m->list[i], c)) {
			set_proven(ch, PROVEN_WIN, 1);
			won = true;
		}
	}
	if (m->solver && won)
		set_proven(n, PROVEN_LOSS, 2);
}

/* Adds a result worth black (0..1) for black to every node of the path. */
static void backup(MctsTree *m, int depth, float black)
{
	for (int i = depth; i >= 0; i--) {
		Node *n = &m->pool[m->path[i]];
		n->visits++;
		n->score += mcts_mover_at(m, i) == BLACK ? black : 1.0f - black;
	}
}

static float result_for_black(int winner)
{
	return winner == BLACK ? 1.0f : winner == WHITE ? 0.0f : 0.5f;
}

/* Leaf evaluation: the leaf at depth gets its children at once and its
 * value from their shapes; a forced single block is followed first (the
 * shapes before it say little). Returns the value for black. */
static float evaluate(MctsTree *m, int *depth)
{
	MctsPos *s = &m->work;
	uint32_t cur = m->path[*depth];
	for (;;) {
		Node *n = &m->pool[cur];
		if (n->proven || s->ncand == 0)
			break;
		if (!n->nchild)
			mcts_tree_expand(m, cur, *depth);
		if (n->proven || !n->nchild)
			break;
		if (!(m->forced && n->nchild == 1)) {
			float v = mcts_leaf_value(&m->sum, m->leaf_ratio, m->eval_scale);
			return s->to_move == BLACK ? v : 1.0f - v;
		}
		cur = n->child;
		m->path[++*depth] = cur;
		if (!m->pool[cur].proven)
			mcts_pos_play(s, m->pool[cur].move);
	}
	const Node *n = &m->pool[cur];
	Color mover = mcts_mover_at(m, *depth);
	if (n->proven)
		return result_for_black(n->proven == PROVEN_WIN ? (int)mover
		                                                : (int)(mover ^ 1));
	if (s->ncand == 0)
		return 0.5f;
	return result_for_black(mcts_pos_playout(s, &m->rng, m->tactics)); /* pool full */
}

/* MCTS-solver: carries a proof found at the end of the path upwards. */
static void propagate(MctsTree *m, int depth)
{
	for (int i = depth; i >= 1; i--) {
		Node *ch = &m->pool[m->path[i]], *par = &m->pool[m->path[i - 1]];
		if (par->proven)
			return;
		if (ch->proven == PROVEN_WIN) {
			set_proven(par, PROVEN_LOSS, (int)ch->plies + 1);
		} else if (ch->proven == PROVEN_LOSS) {
			int longest = 0;
			for (uint32_t j = par->child; j < par->child + par->nchild; j++) {
				if (m->pool[j].proven != PROVEN_LOSS)
					return;
				if ((int)m->pool[j].plies > longest)
					longest = (int)m->pool[j].plies;
			}
			set_proven(par, PROVEN_WIN, longest + 1);
		} else {
			return;
		}
	}
}

void mcts_tree_iterate(MctsTree *m)
{
	MctsPos *s = &m->work;
	mcts_pos_copy(s, &m->root);
	int depth = 0;
	uint32_t cur = 0;
	m->path[0] = 0;
	/* A proven node ends the walk; its move (maybe a five) is not played. */
	while (m->pool[cur].nchild && !m->pool[cur].proven) {
		cur = select_child(m, cur);
		m->path[++depth] = cur;
		if (!m->pool[cur].proven)
			mcts_pos_play(s, m->pool[cur].move);
	}
	if (m->leaf_eval) {
		float black = evaluate(m, &depth);
		backup(m, depth, black);
		if (m->solver)
			propagate(m, depth);
		if (depth > m->depth_max)
			m->depth_max = depth;
		return;
	}
	if (!m->pool[cur].proven && m->pool[cur].visits >= m->expand_visits &&
	    s->ncand > 0) {
		mcts_tree_expand(m, cur, depth);
		if (!m->pool[cur].proven && m->pool[cur].nchild) {
			cur = select_child(m, cur);
			m->path[++depth] = cur;
			if (!m->pool[cur].proven)
				mcts_pos_play(s, m->pool[cur].move);
		}
	}
	const Node *n = &m->pool[cur];
	int winner;
	if (n->proven)
		winner = n->proven == PROVEN_WIN ? (int)mcts_mover_at(m, depth)
		                                 : (int)(mcts_mover_at(m, depth) ^ 1);
	else
		winner = mcts_pos_playout(s, &m->rng, m->tactics);
	backup(m, depth, result_for_black(winner));
	if (m->solver)
		propagate(m, depth);
	if (depth > m->depth_max)
		m->depth_max = depth;
}

uint32_t mcts_tree_best_child(const MctsTree *m, uint32_t idx)
{
	const Node *n = &m->pool[idx];
	uint32_t win = 0, open = 0, lose = 0;
	for (uint32_t i = n->child; i < n->child + n->nchild; i++) {
		const Node *ch = &m->pool[i];
		if (ch->proven == PROVEN_WIN) {
			if (!win || ch->plies < m->pool[win].plies)
				win = i;
		} else if (ch->proven == PROVEN_LOSS) {
			if (!lose || ch->plies > m->pool[lose].plies)
				lose = i;
		} else if (!open || ch->visits > m->pool[open].visits) {
			open = i;
		}
	}
	return win ? win : open ? open : lose;
}
