/* mcts_root.h - the mcts player's threat-space checks at the root
 * (internal; mcts_root.c says why). */
#ifndef PLAYERS_MCTS_ROOT_H
#define PLAYERS_MCTS_ROOT_H

#include <stdint.h>

#include "mcts_impl.h"

/* With m->vcf and a root expanded (m->board, m->pool[0]): a move that wins
 * by VCF (within about vcf_nodes solver nodes) or else by VCT (vct_nodes;
 * 0 for none) for the side to move, or POINT_NONE after marking the root's
 * children that leave the opponent such a win as lost (proven, for the
 * side that moved into them). */
int mcts_root_check(MctsTree *m, uint64_t vcf_nodes, uint64_t vct_nodes);

#endif
