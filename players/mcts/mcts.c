/* mcts.c - Monte Carlo tree search (UCT) with random playouts.
 *
 * Each iteration copies the root's light position (mcts_pos.h), walks down
 * the tree by UCT, expands the leaf it reaches with every candidate move
 * (empty points within two of a stone), and plays one random game from
 * there; the result is added to every node on the way. Nodes live in a pool
 * allocated when the player is created; once it is full the tree stops
 * growing and playouts start from its leaves.
 *
 * With the solver on, nodes are marked proven (MCTS-solver): a move that
 * completes a five wins, so its parent is lost for the side that moved into
 * it; a node whose children are all lost for the side to move is won. With
 * the solver or the playout tactics on, a new node whose side to move can
 * complete a five gets only that move, and one that must stop the
 * opponent's five gets only the blocks: every other move loses at once. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "mcts_pos.h"
#include "moves.h"
#include "player.h"
#include "rng.h"
#include "timeman.h"

enum { P_C, P_PLAYOUTS, P_NODES_MB, P_EXPAND, P_TACTICS, P_SOLVER, P_COUNT };

static const char *const off_on[] = {"off", "on", NULL};

static const ParamDecl mcts_params[P_COUNT] = {
    [P_C] = {"c", PARAM_REAL, 0.35, 0, 10, NULL, true,
             "UCT exploration constant (win rates are 0..1)"},
    [P_PLAYOUTS] = {"playouts", PARAM_INT, 20000, 1, 1e9, NULL, false,
                    "playouts per move when the budget sets neither nodes nor time"},
    [P_NODES_MB] = {"nodes_mb", PARAM_REAL, 64, 0, 32768, NULL, false,
                    "tree memory in MB (16-byte nodes; at least one root expansion)"},
    [P_EXPAND] = {"expand_visits", PARAM_INT, 1, 0, 1000, NULL, true,
                  "playouts through a leaf before it gets children"},
    [P_TACTICS] = {"playout_tactics", PARAM_CHOICE, 1, 0, 1, off_on, false,
                   "complete a five or block the opponent's, in playouts and new nodes"},
    [P_SOLVER] = {"solver", PARAM_CHOICE, 1, 0, 1, off_on, false,
                  "prove wins and losses in the tree (MCTS-solver)"},
};

enum { PROVEN_NONE = 0, PROVEN_WIN, PROVEN_LOSS }; /* for the side that moved here */
/* A timed search reads the clock every CLOCK_EVERY playouts: a playout
 * from an early position takes some 30 us, a few times that on a loaded
 * machine, so the clock is never more than a couple of ms late. */
enum { PLIES_MAX = 1023, CLOCK_EVERY = 16 };

typedef struct {
	uint32_t child; /* pool index of the first child; 0 while a leaf */
	uint32_t visits;
	uint32_t score; /* 2 a win, 1 a draw, for the side that moved here */
	unsigned move : 11, nchild : 9, proven : 2, plies : 10;
} Node;

typedef struct {
	Player base;
	uint64_t seed;
	Rng rng;
	double c;
	uint64_t playouts;
	uint32_t expand_visits;
	bool tactics, solver;
	Node *pool;
	uint32_t cap, used;
	int depth_max;
	Board board; /* the root position */
	Board sync;  /* the leaf position, rebuilt for exact renju checks */
	MctsPos root, work;
	uint32_t path[BOARD_MAX_MOVES + 2];
	int16_t list[BOARD_MAX_MOVES];
} Mcts;

static Player *mcts_create(const ParamSet *ps, uint64_t seed, char *err, size_t errlen)
{
	Mcts *m = calloc(1, sizeof *m);
	if (!m) {
		snprintf(err, errlen, "mcts: out of memory");
		return NULL;
	}
	m->seed = seed;
	m->c = ps->v[P_C];
	m->playouts = (uint64_t)ps->v[P_PLAYOUTS];
	m->expand_visits = (uint32_t)ps->v[P_EXPAND];
	m->tactics = ps->v[P_TACTICS] != 0;
	m->solver = ps->v[P_SOLVER] != 0;
	double nodes = ps->v[P_NODES_MB] * 1048576.0 / sizeof(Node);
	m->cap = nodes < BOARD_MAX_MOVES + 1 ? BOARD_MAX_MOVES + 1
	         : nodes > UINT32_MAX - 1    ? UINT32_MAX - 1
	                                     : (uint32_t)nodes;
	m->pool = malloc((size_t)m->cap * sizeof(Node));
	if (!m->pool) {
		snprintf(err, errlen, "nodes_mb: cannot allocate %g MB", ps->v[P_NODES_MB]);
		free(m);
		return NULL;
	}
	return &m->base;
}

static void mcts_destroy(Player *p)
{
	Mcts *m = (Mcts *)p;
	if (m)
		free(m->pool);
	free(m);
}

static void mcts_new_game(Player *p, int size, Rule rule)
{
	(void)p;
	(void)size;
	(void)rule;
}

/* The colour that moved into the node at depth i of the current path. */
static inline Color mover_at(const Mcts *m, int i)
{
	return (Color)(m->board.to_move ^ ((i & 1) ^ 1));
}

/* UCT: skips children proven lost for the side to move; an unvisited child
 * is taken at once (children are shuffled when created). */
static uint32_t select_child(const Mcts *m, uint32_t parent)
{
	const Node *n = &m->pool[parent];
	float k = (float)(m->c * sqrt(log((double)n->visits + 1.0)));
	uint32_t best = n->child;
	float best_v = -1.0f;
	for (uint32_t i = n->child, end = n->child + n->nchild; i < end; i++) {
		const Node *ch = &m->pool[i];
		if (ch->proven == PROVEN_LOSS)
			continue;
		if (ch->visits == 0)
			return i;
		/* Single precision is plenty here and much faster. */
		float inv = 1.0f / (float)ch->visits;
		float v = 0.5f * (float)ch->score * inv + k * sqrtf(inv);
		if (v > best_v) {
			best_v = v;
			best = i;
		}
	}
	return best;
}

/* Renju: the exact verdict on a possible double three for black at q, on a
 * real Board brought to the leaf (once per expansion). */
static bool forbidden_exact(Mcts *m, int depth, int q, bool *synced)
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

/* Gives the leaf at depth (whose position is m->work) its children. */
static void expand(Mcts *m, uint32_t leaf, int depth)
{
	MctsPos *s = &m->work;
	Node *n = &m->pool[leaf];
	Color c = s->to_move;
	int k = 0, nf;
	/* Fives and blocks first, as in the playouts: any other move loses. */
	bool prune = m->solver || m->tactics;
	if (prune && mcts_pos_fives(s, c) > 0) {
		m->list[k++] = s->fives[c][0];
	} else if (prune && (nf = mcts_pos_fives(s, (Color)(c ^ 1))) > 0) {
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
			int t = mcts_pos_wins_at(s, q, BLACK) ? THREAT_FIVE
			                                      : mcts_pos_threat_black(s, q);
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
	if (k > (int)(m->cap - m->used))
		return;

	for (int i = k - 1; i > 0; i--) {
		int j = (int)rng_below(&m->rng, (uint32_t)(i + 1));
		int16_t t = m->list[i];
		m->list[i] = m->list[j];
		m->list[j] = t;
	}
	n->child = m->used;
	n->nchild = (unsigned)k;
	m->used += (uint32_t)k;
	bool won = false;
	for (int i = 0; i < k; i++) {
		Node *ch = &m->pool[n->child + (uint32_t)i];
		*ch = (Node){.move = (unsigned)m->list[i]};
		if (mcts_pos_wins_at(s, m->list[i], c)) {
			set_proven(ch, PROVEN_WIN, 1);
			won = true;
		}
	}
	if (m->solver && won)
		set_proven(n, PROVEN_LOSS, 2);
}

static void backup(Mcts *m, int depth, int winner)
{
	for (int i = depth; i >= 0; i--) {
		Node *n = &m->pool[m->path[i]];
		n->visits++;
		Color mover = mover_at(m, i);
		n->score += winner == (int)mover ? 2u : winner == POS_DRAW ? 1u : 0u;
	}
}

/* MCTS-solver: carries a proof found at the end of the path upwards. */
static void propagate(Mcts *m, int depth)
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

static void iterate(Mcts *m)
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
	if (!m->pool[cur].proven && m->pool[cur].visits >= m->expand_visits &&
	    s->ncand > 0) {
		expand(m, cur, depth);
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
		winner = n->proven == PROVEN_WIN ? (int)mover_at(m, depth)
		                                 : (int)(mover_at(m, depth) ^ 1);
	else
		winner = mcts_pos_playout(s, &m->rng, m->tactics);
	backup(m, depth, winner);
	if (m->solver)
		propagate(m, depth);
	if (depth > m->depth_max)
		m->depth_max = depth;
}

/* The child to play or follow: a proven win (fastest), else the most
 * visited child not proven lost, else the loss that takes longest. 0 if the
 * node has no children. */
static uint32_t best_child(const Mcts *m, uint32_t idx)
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

static int node_score(const Node *n)
{
	if (n->proven == PROVEN_WIN)
		return SCORE_WIN - (int)n->plies;
	if (n->proven == PROVEN_LOSS)
		return -(SCORE_WIN - (int)n->plies);
	if (n->visits == 0)
		return 0;
	return (int)lround(1000.0 * ((double)n->score - n->visits) / n->visits);
}

static void fill_info(const Mcts *m, uint32_t best, MoveInfo *info)
{
	const Node *b = &m->pool[best];
	info->score = node_score(b);
	info->depth = m->depth_max;
	info->pv_len = 0;
	for (uint32_t i = best; i && info->pv_len < PV_MAX; i = best_child(m, i)) {
		const Node *n = &m->pool[i];
		if (info->pv_len > 0 && n->visits == 0 && !n->proven)
			break;
		info->pv[info->pv_len++] = (int16_t)n->move;
	}
}

/* The root's most visited child and how sure that choice is: whether it
 * has at least half as many visits again as the runner-up. */
static uint32_t leader(const Mcts *m, bool *clear)
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
static bool time_to_stop(const Mcts *m, const TimeMan *tm, double board, uint32_t *last)
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
	Mcts *m = (Mcts *)p;
	TimeMan tm;
	Budget none = {0};
	timeman_start(&tm, budget ? budget : &none, pos);
	m->board = *pos;
	/* Seeded from the position too, so a move never depends on history. */
	rng_seed(&m->rng, m->seed ^ (pos->hash * 0x9E3779B97F4A7C15u));
	uint64_t limit = budget ? budget->nodes : 0;
	if (!limit && !tm.on)
		limit = m->playouts;
	double board = tm.on ? timeman_urgency(pos) : 0;
	uint32_t last = 0;

	mcts_pos_init(&m->root, &m->board);
	m->work = m->root;
	m->used = 1;
	m->pool[0] = (Node){0};
	m->depth_max = 0;
	m->path[0] = 0;
	expand(m, 0, 0);

	uint64_t done = 0;
	while (m->pool[0].nchild && !m->pool[0].proven && (!limit || done < limit)) {
		if (tm.on && done % CLOCK_EVERY == 0 && done &&
		    time_to_stop(m, &tm, board, &last))
			break;
		iterate(m);
		done++;
	}
	info->nodes = done;

	uint32_t best = best_child(m, 0);
	int move = best ? (int)m->pool[best].move : POINT_NONE;
	if (move == POINT_NONE || !moves_playable(&m->board, move))
		return moves_fallback(&m->board);
	fill_info(m, best, info);
	return move;
}

const PlayerType player_mcts = {
    .name = "mcts",
    .help = "Monte Carlo tree search (UCT) with fast random playouts and a solver",
    .params = mcts_params,
    .nparams = P_COUNT,
    .budgets = BUDGET_NODES | BUDGET_MS | BUDGET_GAME | BUDGET_INC,
    .create = mcts_create,
    .destroy = mcts_destroy,
    .new_game = mcts_new_game,
    .choose = mcts_choose,
};
