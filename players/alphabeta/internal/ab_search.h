/* ab_search.h - the alphabeta player's search state (internal to the
 * ab_*.c files and alphabeta.c).
 *
 * AbSearch owns a private copy of the position and, per ply, a frame of
 * derived state that play copies forward and undo simply drops: the points
 * where each colour makes a four or five, the candidate region near stones,
 * the occupied points and the evaluation totals; and per ply the board's
 * delta of the play (board.h). So undo costs one board_undo_delta and
 * nothing else.
 *
 * Node count: every position entered (search, leaf, VCF attack and defence)
 * is one node, counted by ab_node before it does any work; the search stops
 * as soon as the count reaches the node limit. Not thread-safe: one per
 * player instance. */
#ifndef PLAYERS_AB_SEARCH_H
#define PLAYERS_AB_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "ab_eval.h"
#include "ab_tt.h"
#include "board.h"
#include "player.h"
#include "threat.h"
#include "timeman.h"

enum {
	AB_MAX_PLY = 128,            /* frames; the search stops well before */
	AB_SEARCH_PLY = 96,          /* full-width and leaf plies */
	AB_WORDS = BOARD_CELLS / 64, /* 64-bit words of a point set */
	AB_MAX_DEPTH = 64,
	AB_WIN_MIN = SCORE_WIN - 2 * BOARD_MAX_MOVES, /* |score| above: proven */
	AB_INF = SCORE_WIN + 1,
	AB_TACTICAL = 1 << 20, /* move score bonus: see ab_generate */
};

typedef struct {
	uint64_t four[2][AB_WORDS]; /* empty points where c makes a four or five */
	uint32_t near[BOARD_ROWS];  /* points within the candidate distance */
	uint32_t occ[BOARD_ROWS];   /* points with a stone */
	int64_t total[2];           /* evaluation totals (ab_eval.h) */
} AbFrame;

typedef struct {
	int distance;      /* candidate moves within this of a stone */
	int default_depth; /* depth when the budget sets no limit */
	int leaf_vcf;      /* attacker fours of the VCF at the leaves */
	uint64_t root_vcf_nodes, root_vct_nodes; /* threat solver limits, root */
	int futility_margin;                     /* per ply of depth, shape-score units */
	int futility_depth;
	int razor_margin; /* per ply: below alpha by this, drop into VCF */
	int razor_depth;
	int prune_moves; /* move-count pruning: moves kept at depth 1 */
	int prune_depth;
	double lmr_divisor; /* larger: fewer late-move reductions */
	bool tt_keep;       /* keep the table from move to move of a game */
	/* Move ordering (ab_generate): the opponent's shapes' weight against
	 * the mover's, the small shapes' weight, and two bonuses. */
	double order_defence, order_small;
	int order_killer, order_near;
	TimeFactors time; /* the time manager's (time_* parameters) */
} AbConfig;

/* alphabeta.c: the time manager's factors in ps, a parameter set of the
 * type (its time_* parameters). */
TimeFactors ab_time_factors(const ParamSet *ps);

/* What the mover and the opponent threaten now. */
typedef struct {
	int own_five;      /* a point where the mover makes five, or POINT_NONE */
	int own_win;       /* a point making an open or double four, or POINT_NONE */
	int opp_fives;     /* opponent's five points: 0, 1 or 2 (two or more) */
	int opp_five;      /* the first of them */
	int opp_win;       /* an opponent open/double-four point, or POINT_NONE */
	int nfours;        /* the mover's four points (FOUR, FOUR_THREE): how many */
	int16_t fours[64]; /* and, if asked for, which (four-threes first) */
} AbTactics;

typedef struct AbSearch {
	Board b;
	int ply;
	AbFrame frame[AB_MAX_PLY + 1];
	BoardDelta delta[AB_MAX_PLY]; /* what the play from ply i changed */
	const AbEval *eval;
	AbTT *tt;
	Solver *solver; /* NULL: no threat solver at the root */
	AbConfig cfg;
	uint64_t nodes, node_limit; /* node_limit 0: none */
	TimeMan tm;                 /* the move's time (off: no time limit) */
	bool stop;
	bool tt_keep; /* this search keeps the table of the game's last ones */
	int row_lo, row_hi, word_lo, word_hi; /* the board's rows and words */
	uint32_t row_mask;                    /* the board's columns */
	int16_t killer[AB_MAX_PLY][2];
	int32_t history[2][BOARD_CELLS];
	uint8_t lmr[AB_MAX_DEPTH + 1][64];
	int32_t order_attack[THREAT_COUNT], order_defence[THREAT_COUNT]; /* by Threat */
	int16_t line[AB_MAX_PLY + 4]; /* a VCF's winning line, by ply */
	int pv_len[AB_MAX_PLY + 1];
	int16_t pv[AB_MAX_PLY + 1][AB_MAX_PLY];
	int16_t move[AB_SEARCH_PLY + 1][BOARD_MAX_MOVES];
	int32_t score[AB_SEARCH_PLY + 1][BOARD_MAX_MOVES];
} AbSearch;

/* ab_pos.c: position and frames. */
void ab_pos_setup(AbSearch *s, const Board *pos);
void ab_order_setup(AbSearch *s);       /* the ordering tables from s->cfg */
void ab_play(AbSearch *s, int p);       /* everything kept up to date */
void ab_play_light(AbSearch *s, int p); /* fours only: for the VCF */
void ab_undo(AbSearch *s);
void ab_tactics(const AbSearch *s, AbTactics *t, bool want_fours);
/* Candidates for the mover into s->move[ply], scored; returns the count.
 * Tactical moves (an open three or more for either colour on the point)
 * score AB_TACTICAL more than any quiet move.
 * restricted: only own fours and points that stop an opponent four or
 * open four (when the opponent threatens to win next move). */
int ab_generate(AbSearch *s, bool restricted, int tt_move);
bool ab_forbidden(AbSearch *s, int p); /* renju: may the mover not play p? */
int ab_static(const AbSearch *s);      /* evaluation for the mover */

/* Past the move's hard stop (timeman.h)? */
bool ab_time_up(const AbSearch *s);

/* Counts a node; true when the search must stop (budget used up). */
static inline bool ab_node(AbSearch *s)
{
	if (s->stop)
		return true;
	if (s->node_limit && s->nodes >= s->node_limit) {
		s->stop = true;
		return true;
	}
	s->nodes++;
	if ((s->nodes & 255) == 0 && s->tm.on)
		s->stop = ab_time_up(s);
	return false;
}

/* ab_vcf.c: threat search. ab_vcf: if the mover wins by continuous fours,
 * with at most depth fours before the finish (an open or double four, or
 * the five), the ply of its five counted from the root, with the line in
 * s->line from s->ply; else 0. ab_leaf: the quiescence at the leaves, exact
 * immediate tactics, then a VCF of cfg.leaf_vcf fours, else the static
 * evaluation; a score for the mover. */
int ab_vcf(AbSearch *s, int depth);
int ab_leaf(AbSearch *s, int alpha, int beta);

/* ab_search.c: alpha-beta. ab_search_init fills the reduction and ordering
 * tables from s->cfg (once, after setting it). ab_settle opens a node of ab_search or
 * ab_leaf: counts it, fills t (the fours too if want_fours) and says what
 * the immediate tactics decide. SCORE: *out is the node's score (budget
 * used up, a five to play, two opponent fives, a forbidden block, the last
 * ply, an open or double four). FORCED: *out is the only move, the block of
 * the opponent's five, for the caller to play out. NONE: search on. */
typedef enum { AB_SETTLE_NONE, AB_SETTLE_SCORE, AB_SETTLE_FORCED } AbSettle;
void ab_search_init(AbSearch *s);
AbSettle ab_settle(AbSearch *s, AbTactics *t, bool want_fours, int *out);
int ab_search(AbSearch *s, int depth, int alpha, int beta, bool pv);

/* ab_root.c: the move for s's position (set by ab_pos_setup) within the
 * budget; fills info (nodes, depth, score, pv) and returns the move. */
int ab_root(AbSearch *s, const Budget *budget, MoveInfo *info);

#endif
