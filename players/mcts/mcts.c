/* mcts.c - Monte Carlo tree search: the player.
 *
 * Each iteration copies the root's light position (mcts_pos.h), walks down
 * the tree by PUCT over priors from shape scores, and values the leaf it
 * reaches: expanded at once and valued by its shapes (leaf = eval), or by
 * a game played out with playouts that take and stop fives (leaf =
 * playout); the value is added to every node on the way (mcts_tree.c).
 * Nodes live in two pools allocated when the player is created; once the
 * tree's is full it stops growing and leaves are played out. Before the
 * search the solver looks for a VCF (or VCT) for either side at the root
 * (mcts_root.c), and the tree of the last move is kept when the game went
 * on from it (mcts_reuse.c; a new game drops it). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "eval_features.h"
#include "mcts_impl.h"
#include "mcts_root.h"
#include "moves.h"
#include "player.h"
#include "timeman.h"

enum {
	P_C,
	P_PLAYOUTS,
	P_NODES_MB,
	P_EXPAND,
	P_TACTICS,
	P_SOLVER,
	P_WIDTH,
	P_VCF_NODES,
	P_VCT_NODES,
	P_REUSE,
	P_LEAF,
	P_EVAL_SCALE,
	P_LEAF_NONE, /* .. P_LEAF_FOUR: the Threats THREAT_NONE .. THREAT_FOUR */
	P_LEAF_TWO,
	P_LEAF_DOUBLE_TWO,
	P_LEAF_THREE,
	P_LEAF_OPEN_THREE,
	P_LEAF_DOUBLE_THREE,
	P_LEAF_FOUR,
	P_LEAF_RATIO,
	P_COUNT
};

static const char *const off_on[] = {"off", "on", NULL};
static const char *const leaf_kinds[] = {"playout", "eval", NULL};
static const char *const tactic_levels[] = {"off", "on", "threes", NULL};

static const ParamDecl mcts_params[P_COUNT] = {
    [P_C] = {"c", PARAM_REAL, 0.5, 0, 100, NULL, true,
             "PUCT exploration constant (win rates are 0..1, priors sum to 1)"},
    [P_PLAYOUTS] = {"playouts", PARAM_INT, 20000, 1, 1e9, NULL, false,
                    "playouts per move when the budget sets neither nodes nor time"},
    [P_NODES_MB] = {"nodes_mb", PARAM_REAL, 64, 0, 32768, NULL, false,
                    "memory in MB: an eighth for the root's solver, the rest two pools "
                    "of 20-byte nodes (each at least one root expansion)"},
    [P_EXPAND] = {"expand_visits", PARAM_INT, 1, 0, 1000, NULL, true,
                  "playouts through a leaf before it gets children"},
    [P_TACTICS] = {"playout_tactics", PARAM_CHOICE, 1, 0, 2, tactic_levels, false,
                   "on: complete a five or block the opponent's, in playouts and new "
                   "nodes; threes: also make and stop open fours in playouts"},
    [P_SOLVER] = {"solver", PARAM_CHOICE, 1, 0, 1, off_on, false,
                  "prove wins and losses in the tree (MCTS-solver)"},
    [P_WIDTH] = {"width", PARAM_INT, 20, 0, BOARD_MAX_MOVES, NULL, true,
                 "children of a node below the root, best shape scores first (0: all)"},
    [P_VCF_NODES] = {"vcf_nodes", PARAM_INT, 20000, 0, 1e8, NULL, false,
                     "solver nodes for the VCF checks at the root (0: none; a time "
                     "limit caps them)"},
    [P_VCT_NODES] = {"vct_nodes", PARAM_INT, 0, 0, 1e8, NULL, false,
                     "solver nodes for the VCT checks at the root (0: none; a time "
                     "limit caps them)"},
    [P_REUSE] = {"reuse", PARAM_CHOICE, 1, 0, 1, off_on, false,
                 "keep the subtree of the moves played from one move to the next"},
    [P_LEAF] = {"leaf", PARAM_CHOICE, 1, 0, 1, leaf_kinds, false,
                "how a new leaf is valued: a playout, or its shapes (eval)"},
    [P_EVAL_SCALE] = {"eval_scale", PARAM_REAL, 657, 1, 1e6, NULL, true,
                      "leaf = eval: the shape score difference worth odds of e to 1"},
    [P_LEAF_NONE] = {"leaf_none", PARAM_REAL, 0.107, 0, 1e5, NULL, true,
                     "leaf = eval: score of a candidate point where a stone makes nothing"},
    [P_LEAF_TWO] = {"leaf_two", PARAM_REAL, 2.68, 0, 1e5, NULL, true,
                    "leaf = eval: score of a point where a stone makes a two"},
    [P_LEAF_DOUBLE_TWO] = {"leaf_double_two", PARAM_REAL, 28.4, 0, 1e5, NULL, true,
                           "leaf = eval: score of a point that makes two open twos"},
    [P_LEAF_THREE] = {"leaf_three", PARAM_REAL, 34.9, 0, 1e5, NULL, true,
                      "leaf = eval: score of a point that makes a closed three"},
    [P_LEAF_OPEN_THREE] = {"leaf_open_three", PARAM_REAL, 73.7, 0, 1e5, NULL, true,
                           "leaf = eval: score of a point that makes an open three"},
    [P_LEAF_DOUBLE_THREE] = {"leaf_double_three", PARAM_REAL, 140, 0, 1e5, NULL, true,
                             "leaf = eval: score of a point that makes two open threes "
                             "(the opponent's; the side to move's wins)"},
    [P_LEAF_FOUR] = {"leaf_four", PARAM_REAL, 163, 0, 1e5, NULL, true,
                     "leaf = eval: score of a point that makes a four"},
    [P_LEAF_RATIO] = {"leaf_ratio", PARAM_REAL, 0.93, 0, 10, NULL, true,
                      "leaf = eval: value = own score sum - leaf_ratio x the opponent's"},
};

/* A timed search reads the clock every CLOCK_EVERY iterations: one (a
 * leaf valued from its shapes, about 22 us in matches on this loaded
 * machine, or a playout from an early position, some 30 us) takes a few
 * times that at worst, so the clock is never more than a couple of ms
 * late. The root's solver reads no clock: its nodes are capped instead. */
enum { CLOCK_EVERY = 16 };
/* How many solver nodes a ms of the move buys. */
enum { VCF_NODES_PER_MS = 40 };

typedef struct {
	Player base;
	MctsTree t;
	uint64_t playouts, vcf_nodes, vct_nodes;
	bool reuse;
} Mcts;

static void mcts_destroy(Player *p)
{
	Mcts *m = (Mcts *)p;
	if (m) {
		free(m->t.pools[0]);
		free(m->t.pools[1]);
		solver_destroy(m->t.vcf);
	}
	free(m);
}

static Player *mcts_create(const ParamSet *ps, uint64_t seed, char *err, size_t errlen)
{
	Mcts *m = calloc(1, sizeof *m);
	if (!m) {
		snprintf(err, errlen, "mcts: out of memory");
		return NULL;
	}
	MctsTree *t = &m->t;
	t->seed = seed;
	t->c = ps->v[P_C];
	m->playouts = (uint64_t)ps->v[P_PLAYOUTS];
	t->expand_visits = (uint32_t)ps->v[P_EXPAND];
	t->tactics = (int)ps->v[P_TACTICS];
	t->solver = ps->v[P_SOLVER] != 0;
	t->width = (int)ps->v[P_WIDTH];
	t->leaf_eval = ps->v[P_LEAF] != 0;
	t->eval_scale = ps->v[P_EVAL_SCALE];
	/* From FOUR_THREE on (and FORBIDDEN) a threat decides the leaf value
	 * (mcts_leaf_value) and is not scored. */
	for (int k = 0; k < THREAT_COUNT; k++)
		t->leaf_score[k] = k >= THREAT_NONE && k <= THREAT_FOUR
		                       ? ps->v[P_LEAF_NONE + k - THREAT_NONE]
		                       : 0;
	t->leaf_ratio = ps->v[P_LEAF_RATIO];
	m->vcf_nodes = (uint64_t)ps->v[P_VCF_NODES];
	m->vct_nodes = (uint64_t)ps->v[P_VCT_NODES];
	m->reuse = ps->v[P_REUSE] != 0;
	double bytes = ps->v[P_NODES_MB] * 1048576.0;
	double nodes = bytes * 7 / 8 / 2 / sizeof(Node);
	t->cap = nodes < BOARD_MAX_MOVES + 1 ? BOARD_MAX_MOVES + 1
	         : nodes > UINT32_MAX - 1    ? UINT32_MAX - 1
	                                     : (uint32_t)nodes;
	for (int i = 0; i < 2; i++)
		t->pools[i] = malloc((size_t)t->cap * sizeof(Node));
	if (!t->pools[0] || !t->pools[1]) {
		snprintf(err, errlen, "nodes_mb: cannot allocate %g MB", ps->v[P_NODES_MB]);
		mcts_destroy(&m->base);
		return NULL;
	}
	if ((m->vcf_nodes || m->vct_nodes) &&
	    !(t->vcf = solver_create((size_t)(bytes / 8)))) {
		snprintf(err, errlen, "mcts: out of memory for the solver");
		mcts_destroy(&m->base);
		return NULL;
	}
	t->pool = t->pools[0];
	return &m->base;
}

static void mcts_new_game(Player *p, int size, Rule rule)
{
	Mcts *m = (Mcts *)p;
	(void)size;
	(void)rule;
	mcts_reuse_reset(&m->t);
	if (m->t.vcf)
		solver_clear(m->t.vcf);
}
static int node_score(const Node *n)
{
	if (n->proven == PROVEN_WIN)
		return SCORE_WIN - (int)n->plies;
	if (n->proven == PROVEN_LOSS)
		return -(SCORE_WIN - (int)n->plies);
	if (n->visits == 0)
		return 0;
	return (int)lround(1000.0 * (2.0 * n->score - n->visits) / n->visits);
}

static void fill_info(const MctsTree *m, uint32_t best, MoveInfo *info)
{
	const Node *b = &m->pool[best];
	info->score = node_score(b);
	info->depth = m->depth_max;
	info->seldepth = m->depth_max; /* the tree's deepest node */
	info->pv_len = 0;
	for (uint32_t i = best; i && info->pv_len < PV_MAX;
	     i = mcts_tree_best_child(m, i)) {
		const Node *n = &m->pool[i];
		if (info->pv_len > 0 && n->visits == 0 && !n->proven)
			break;
		info->pv[info->pv_len++] = (int16_t)n->move;
	}
}

/* The root's most visited child and how sure that choice is: whether it
 * has at least half as many visits again as the runner-up. */
static uint32_t leader(const MctsTree *m, bool *clear)
{
	const Node *root = &m->pool[0];
	uint32_t first = 0, second = 0;
	for (uint32_t i = root->child; i < root->child + root->nchild; i++) {
		uint32_t v = m->pool[i].visits;
		if (!first || v > m->pool[first].visits) {
			second = first;
			first = i;
		} else if (!second || v > m->pool[second].visits) {
			second = i;
		}
	}
	*clear = !second || m->pool[first].visits >= 1.5 * m->pool[second].visits;
	return first;
}

/* Timed search, at a clock check: stop? At the hard stop always; a move
 * with one choice at once; past the soft limit of a move as critical as
 * the board's threats and the leader's hold make it (a leader that is not
 * clear, or changed since the last check, extends the move). */
static bool time_to_stop(const MctsTree *m, const TimeMan *tm, double board, uint32_t *last)
{
	double now = timeman_elapsed(tm);
	if (m->pool[0].nchild == 1 || now >= tm->hard)
		return true;
	if (now < tm->target)
		return false;
	bool clear;
	uint32_t lead = leader(m, &clear);
	double urgency = board + (!clear || lead != *last ? 0.5 : 0);
	*last = lead;
	return now >= timeman_soft(tm, urgency);
}

static int mcts_choose(Player *p, const Board *pos, const Budget *budget, MoveInfo *info)
{
	Mcts *mc = (Mcts *)p;
	MctsTree *m = &mc->t;
	info->depth = 0; /* a win found before the tree grows */
	TimeMan tm;
	Budget none = {0};
	TimeFactors factors = timeman_factors_default(); /* none are mcts's to tune */
	timeman_start(&tm, budget ? budget : &none, pos, &factors);
	/* Seeded from the position too: with the tree kept, a move depends on
	 * the game so far, and only on it. */
	rng_seed(&m->rng, m->seed ^ (pos->hash * 0x9E3779B97F4A7C15u));
	uint64_t limit = budget ? budget->nodes : 0;
	if (!limit && !tm.on)
		limit = mc->playouts;
	double board = tm.on ? timeman_urgency(pos, &factors) : 0;
	uint32_t last = 0;

	if (!mc->reuse)
		mcts_reuse_reset(m);
	mcts_reuse_begin(m, pos);
	uint64_t vcf = mc->vcf_nodes, vct = mc->vct_nodes;
	double cap = tm.hard * VCF_NODES_PER_MS;
	if (tm.on && vcf > cap)
		vcf = (uint64_t)cap;
	if (tm.on && vct > cap)
		vct = (uint64_t)cap;
	int win = mcts_root_check(m, vcf, vct);
	if (win != POINT_NONE && moves_playable(&m->board, win)) {
		info->nodes = 0;
		info->score = SCORE_WIN - 1;
		info->pv_len = 1;
		info->pv[0] = (int16_t)win;
		mcts_reuse_reset(m);
		return win;
	}

	/* A root with one move is played at once, whatever the budget: the
	 * tree kept for the next move is then the same with a clock or not. */
	uint64_t done = 0;
	while (m->pool[0].nchild > 1 && !m->pool[0].proven && (!limit || done < limit)) {
		if (tm.on && done % CLOCK_EVERY == 0 && done &&
		    time_to_stop(m, &tm, board, &last))
			break;
		mcts_tree_iterate(m);
		done++;
	}
	info->nodes = done;

	uint32_t best = mcts_tree_best_child(m, 0);
	int move = best ? (int)m->pool[best].move : POINT_NONE;
	if (move == POINT_NONE || !moves_playable(&m->board, move))
		return moves_fallback(&m->board);
	fill_info(m, best, info);
	return move;
}

/* For Texel (eval_features.h): the leaf evaluation of leaf = eval is
 * linear in the leaf scores. A feature per Threat from NONE to FOUR,
 * counted per candidate point (empty, within two of a stone) where a stone
 * of the colour would make it; the ratio is leaf_ratio. The Texel K plays
 * the part of 1 / eval_scale, which the tuner sets with the fitted scores:
 * the leaf values are then the chances the fit predicts. */
enum { LEAF_FEATURES = THREAT_FOUR - THREAT_NONE + 1 };
_Static_assert((int)LEAF_FEATURES <= (int)EVAL_FEATURES_MAX, "a feature per class");
_Static_assert(P_LEAF_FOUR - P_LEAF_NONE + 1 == LEAF_FEATURES, "a score per class");
static const int leaf_weight[LEAF_FEATURES] = {
    P_LEAF_NONE,       P_LEAF_TWO,          P_LEAF_DOUBLE_TWO, P_LEAF_THREE,
    P_LEAF_OPEN_THREE, P_LEAF_DOUBLE_THREE, P_LEAF_FOUR,
};
static const double leaf_scale[LEAF_FEATURES] = {1, 1, 1, 1, 1, 1, 1};

/* The counts depend neither on the scores nor on the rule (the Board
 * brings it): the evaluator holds nothing, one token serves them all. */
static char mcts_evaluator;

static void *mcts_eval_create(const ParamSet *ps, Rule rule)
{
	(void)ps;
	(void)rule;
	return &mcts_evaluator;
}

static void mcts_eval_destroy(void *evaluator)
{
	(void)evaluator;
}

static void mcts_eval_count(const void *evaluator, const Board *b,
                            int count[2][EVAL_FEATURES_MAX])
{
	(void)evaluator;
	MctsPos s; /* some 8 KB */
	mcts_pos_init(&s, b);
	for (int c = 0; c < 2; c++)
		for (int j = 0; j < LEAF_FEATURES; j++)
			count[c][j] = 0;
	int16_t list[BOARD_MAX_MOVES];
	int n = mcts_pos_candidates(&s, list);
	for (int i = 0; i < n; i++) {
		int t[2];
		mcts_pos_threats(&s, list[i], t);
		for (int c = 0; c < 2; c++)
			if (t[c] >= THREAT_NONE && t[c] <= THREAT_FOUR)
				count[c][t[c] - THREAT_NONE]++;
	}
}

static const EvalFeatures mcts_eval = {
    .nfeat = LEAF_FEATURES,
    .weight = leaf_weight,
    .scale = leaf_scale,
    .ratio = P_LEAF_RATIO,
    .create = mcts_eval_create,
    .count = mcts_eval_count,
    .destroy = mcts_eval_destroy,
    .inverse_k = P_EVAL_SCALE,
};

const PlayerType player_mcts = {
    .name = "mcts",
    .help = "Monte Carlo tree search (PUCT over shape priors) with tactical playouts, VCF "
            "and a solver",
    .params = mcts_params,
    .nparams = P_COUNT,
    .budgets = BUDGET_NODES | BUDGET_MS | BUDGET_GAME | BUDGET_INC,
    .create = mcts_create,
    .destroy = mcts_destroy,
    .new_game = mcts_new_game,
    .choose = mcts_choose,
    .eval = &mcts_eval,
};
