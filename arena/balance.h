/* balance.h - `arena balance`: choose balanced openings by self-play.
 *
 * Random short openings near the centre are each played by one player
 * against itself at several node budgets (a deterministic player plays a
 * different game at each budget); an opening is kept when black's score
 * over those games lies within the tolerance of 50%, and when the solver
 * finds no quick forced win (VCF or VCT) for the side to move. The kept
 * openings, closest to 50% first, are printed as an INI opening file. */
#ifndef ARENA_BALANCE_H
#define ARENA_BALANCE_H

int balance_main(int argc, char **argv);

#endif
