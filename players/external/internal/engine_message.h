/* engine_message.h - what an engine says about its search in the MESSAGE
 * lines it prints before its move: eval, depth and selective depth, nodes
 * and principal variation, in the shapes public engines print them:
 *
 *   MESSAGE Depth 15-25 | Eval 113 | Node 59K | PV h8 i9      (depth-seldepth)
 *   MESSAGE depth: 5-12 best:[9;7] val=42 time:56ms
 *   MESSAGE depth 12 ev 35 node 123456 pv h8 i9       (Yixin-Board style)
 *   MESSAGE DEPTH=12 SELDEPTH=20 EVAL=-35 NODES=1.2M
 *
 * Keys are words in any case, the value after blanks, '=' or ':'; counts
 * take a K, M or G suffix (also after a fraction: 1.5M). Depth keys:
 * depth, dep; seldepth, seldep, sel. Eval keys: eval, ev, val, value,
 * score. Node keys: node, nodes. PV keys: pv, bestline, line (a list of
 * points), best, bestmove (one point). A point is "h8" (the arena's
 * notation: row 1 at the bottom), "x,y" or "[x;y]" (Gomocup's, row 0 at
 * the top). An eval must be a whole number (a fraction is some other
 * unit: left unknown). Pure functions; any thread. */
#ifndef PLAYERS_ENGINE_MESSAGE_H
#define PLAYERS_ENGINE_MESSAGE_H

#include "player.h"

/* Reads one line the engine wrote on a size x size board. Not a MESSAGE
 * line: returns -1 and changes nothing. A MESSAGE line: sets each field of
 * info it names (score, depth, seldepth, nodes, pv; the later of two
 * MESSAGE lines wins field by field) and returns how many it set, 0 when
 * none. Never reads past the line's NUL, whatever the line holds. */
int engine_message_parse(const char *line, int size, MoveInfo *info);

/* The text after "MESSAGE " in line, for MoveInfo.message: printable
 * ASCII ('?' for other bytes, ';' for commas), at most outlen - 1 bytes. */
void engine_message_text(const char *line, char *out, size_t outlen);

/* A MESSAGE line as it came (its text after "MESSAGE ", no line end) into
 * log as a line of move ply (player.h's MessageLog). */
void engine_message_keep(const char *line, int ply, MessageLog *log);

#endif
