/* types.h - every built-in player type (defined in its own .c file). */
#ifndef PLAYERS_TYPES_H
#define PLAYERS_TYPES_H

#include "player.h"

extern const PlayerType player_random;
extern const PlayerType player_naive;
extern const PlayerType player_weighted;
extern const PlayerType player_mcts;
extern const PlayerType player_alphabeta;
extern const PlayerType player_external; /* found by name, not in registry_all */

#endif
