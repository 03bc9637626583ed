/* mcts_reuse.c - the tree kept from one move to the next in a game.
 *
 * After a move the root's subtree along the moves played since (the
 * player's own and the opponent's reply) is still a search of the new
 * position: its visits and proofs hold there. It is copied breadth-first
 * into the other pool, which makes it compact again (the rest of the old
 * tree is dropped), and the pools swap. The new position is accepted as a
 * continuation only when its history extends the last root's move for
 * move and replaying them gives the same hash and side to move; anything
 * else (a new game, a position set up by BOARD, an undo) starts afresh.
 * Everything here follows from the sequence of positions searched, so a
 * game replayed from its start searches the same trees. */
#include <string.h>

#include "mcts_impl.h"

void mcts_reuse_reset(MctsTree *m)
{
	m->have_tree = false;
}

/* Does b follow from m->board by one or more moves of its history, along
 * nodes the tree has, none proven? Then *idx is the node of b. The same
 * position asked again is searched afresh: a move depends on the game, and
 * a position asked twice gets the same answer. */
static bool follow(const MctsTree *m, const Board *b, uint32_t *idx)
{
	const Board *old = &m->board;
	if (!m->have_tree || b->size != old->size || b->rule != old->rule ||
	    b->count <= old->count || b->count - old->count > 8 ||
	    memcmp(b->moves, old->moves, (size_t)old->count * sizeof b->moves[0]) != 0)
		return false;
	/* The Board copy is some tens of kB: cheaper than a search lost. */
	Board t = *old;
	uint32_t at = 0;
	for (int i = old->count; i < b->count; i++) {
		int p = b->moves[i];
		if (!board_empty_at(&t, p))
			return false;
		const Node *n = &m->pool[at];
		uint32_t next = 0;
		for (uint32_t j = n->child; j < n->child + n->nchild; j++)
			if ((int)m->pool[j].move == p) {
				next = j;
				break;
			}
		if (!next)
			return false;
		at = next;
		board_play(&t, p);
	}
	*idx = at;
	return !m->pool[at].proven && t.hash == b->hash && t.to_move == b->to_move &&
	       memcmp(t.cell, b->cell, sizeof t.cell) == 0;
}

/* Copies the subtree at from into the other pool, breadth-first: a node's
 * children are copied when the node is reached, so a copied node's child
 * field holds its old index until then. */
static void compact(MctsTree *m, uint32_t from)
{
	Node *src = m->pool, *dst = m->pools[m->cur ^ 1];
	dst[0] = src[from];
	uint32_t used = 1;
	for (uint32_t i = 0; i < used; i++) {
		Node *n = &dst[i];
		if (!n->nchild)
			continue;
		memcpy(&dst[used], &src[n->child], n->nchild * sizeof *dst);
		n->child = used;
		used += n->nchild;
	}
	m->cur ^= 1;
	m->pool = dst;
	m->used = used;
}

/* A node below the root got only its best `width` children; the root gets
 * every move. The kept root's children are given again, all of them, each
 * with what the old child of its move had learnt (the old block is left
 * unused). */
static void widen_root(MctsTree *m)
{
	Node old = m->pool[0];
	m->pool[0] = (Node){.visits = old.visits, .score = old.score};
	mcts_tree_expand(m, 0, 0);
	Node *root = &m->pool[0];
	if (!root->nchild) {
		*root = old; /* the pool is full: keep what there is */
		return;
	}
	for (uint32_t i = root->child; i < root->child + root->nchild; i++)
		for (uint32_t j = old.child; j < old.child + old.nchild; j++)
			if (m->pool[j].move == m->pool[i].move) {
				float prior = m->pool[i].prior;
				m->pool[i] = m->pool[j];
				m->pool[i].prior = prior;
				break;
			}
}

bool mcts_reuse_begin(MctsTree *m, const Board *b)
{
	uint32_t keep = 0;
	bool kept = follow(m, b, &keep);
	if (kept)
		compact(m, keep);
	if (!kept) {
		m->used = 1;
		m->pool[0] = (Node){0};
	}
	m->board = *b;
	m->have_tree = true;
	mcts_pos_init(&m->root, &m->board);
	m->work = m->root;
	m->depth_max = 0;
	m->path[0] = 0;
	if (m->pool[0].nchild)
		widen_root(m);
	else
		mcts_tree_expand(m, 0, 0);
	return kept;
}
