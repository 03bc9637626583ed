/* wall.h - boards with blocked points inside them.
 *
 * A Gomocup manager may mark points of the board as taken by nobody (BOARD
 * field 3: the finished line of a continuous game). Such a point is stored
 * as CELL_WALL, like the padding beyond the edges, so every line pattern,
 * five check and candidate generator already treats it as a point that is
 * neither empty nor a stone of either colour. Walls are not moves: they are
 * not counted in Board.count, not undone by board_undo, and not part of the
 * Zobrist hash (positions that differ only in walls hash alike, so a table
 * must not be shared between them).
 *
 * board_refresh knows only stones and must not be called on a walled board;
 * board_put and board_undo keep it exact. */
#ifndef PLAYERS_WALL_H
#define PLAYERS_WALL_H

#include <stdint.h>

#include "board.h"

/* Like board_init, then blocks the n points wall[] (distinct points of the
 * board) and recomputes the patterns of every empty point. Returns 0, or -1
 * if the size is out of range or a point is off the board or repeated (b is
 * then unspecified). */
int wall_board_init(Board *b, int size, Rule rule, const int16_t *wall, int n);

/* Empty points of b: size * size less stones and walls. */
int wall_empty_points(const Board *b);

#endif
