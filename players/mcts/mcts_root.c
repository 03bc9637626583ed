/* mcts_root.c - threat-space checks at the root (the tactics room's solver).
 *
 * Playouts and shape values see a five or an open four coming and little
 * else; a win by continuous fours (VCF) or fours and threes (VCT) is beyond
 * them. So before the search the solver looks for one for the side to
 * move, which is then played. And when the opponent would have one if it
 * were to move, every root move after which it still has one is marked
 * lost (a proof: the solver's wins are proven), most promising moves
 * first, so the search spends its time on the defences. The budgets are
 * nodes, so a node budget keeps the player deterministic. */
#include "mcts_root.h"

#include "board.h"

enum {
	SOLVE_DEPTH = 16, /* attacker moves */
	CHECK_MOST = 40,  /* root moves checked against the opponent's win */
};

/* A win of the kind for b's side to move within nodes, in *r. */
static bool wins(MctsTree *m, Board *b, SolveKind kind, uint64_t nodes, SolveResult *r)
{
	if (nodes == 0)
		return false;
	solver_prove(m->vcf, b, kind, SOLVE_DEPTH, nodes, r);
	return r->win && r->len > 0;
}

/* Marks the root's children (the first CHECK_MOST, best priors first)
 * after which the opponent wins by kind within each nodes. */
static void mark_lost(MctsTree *m, SolveKind kind, uint64_t each)
{
	Node *root = &m->pool[0];
	uint32_t n = root->nchild < CHECK_MOST ? root->nchild : CHECK_MOST;
	SolveResult r;
	for (uint32_t i = root->child; i < root->child + n; i++) {
		Node *ch = &m->pool[i];
		if (ch->proven)
			continue;
		Board t = m->board;
		board_play(&t, (int)ch->move);
		if (wins(m, &t, kind, each, &r)) {
			ch->proven = PROVEN_LOSS;
			ch->plies =
			    (unsigned)(r.len + 1 < PLIES_MAX ? r.len + 1 : PLIES_MAX);
		}
	}
}

int mcts_root_check(MctsTree *m, uint64_t vcf_nodes, uint64_t vct_nodes)
{
	if (!m->vcf)
		return POINT_NONE;
	SolveResult r;
	Board t = m->board;
	if (wins(m, &t, SOLVE_VCF, vcf_nodes, &r) || wins(m, &t, SOLVE_VCT, vct_nodes, &r))
		return r.line[0];

	board_set_to_move(&t, (Color)(m->board.to_move ^ 1));
	if (wins(m, &t, SOLVE_VCF, vcf_nodes / 2, &r))
		mark_lost(m, SOLVE_VCF, vcf_nodes / 8 > 100 ? vcf_nodes / 8 : 100);
	else if (wins(m, &t, SOLVE_VCT, vct_nodes / 2, &r))
		mark_lost(m, SOLVE_VCT, vct_nodes / 8 > 100 ? vct_nodes / 8 : 100);
	return POINT_NONE;
}
