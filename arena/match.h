/* match.h - `arena match`: a quick head-to-head of two players over
 * colour-swapped game pairs from random short openings, for checking a
 * change before a full tournament. */
#ifndef ARENA_MATCH_H
#define ARENA_MATCH_H

int match_main(int argc, char **argv);

#endif
