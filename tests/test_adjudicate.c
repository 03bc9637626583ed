/* test_adjudicate.c - the referee's adjudication (game_play.h) on scripted
 * evals: resign once both sides' last moves agree past the score, draw
 * once both stay within the band after draw_after, nothing with the rules
 * off, with a colour's units unknown, with a move that gave no eval or
 * with the two sides disagreeing; scales, proven scores and the opening's
 * stones. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "game_play.h"

enum { SCRIPT_MAX = 32 };

/* A player that takes the first empty point in reading order (no five in
 * the first row: X O X O ...) and gives the scripted eval of each of its
 * moves (the last entry repeats). */
typedef struct {
	Player base;
	int n, moves;
	int script[SCRIPT_MAX];
} Scripted;

static Player *scripted_create(const ParamSet *ps, uint64_t seed, char *err, size_t errlen)
{
	(void)ps;
	(void)seed;
	(void)err;
	(void)errlen;
	Scripted *s = calloc(1, sizeof *s);
	return s ? &s->base : NULL;
}

static void scripted_destroy(Player *p)
{
	free(p);
}

static void scripted_new_game(Player *p, int size, Rule rule)
{
	(void)size;
	(void)rule;
	((Scripted *)p)->moves = 0;
}

static int scripted_choose(Player *p, const Board *pos, const Budget *budget,
                           MoveInfo *info)
{
	(void)budget;
	Scripted *s = (Scripted *)p;
	int k = s->moves < s->n ? s->moves : s->n - 1;
	s->moves++;
	info->score = s->script[k];
	for (int y = 0; y < pos->size; y++)
		for (int x = 0; x < pos->size; x++)
			if (board_empty_at(pos, board_point(x, y)))
				return board_point(x, y);
	return POINT_NONE;
}

static const PlayerType scripted_type = {
    .name = "scripted",
    .help = "a test double with scripted evals",
    .budgets = BUDGET_NODES,
    .create = scripted_create,
    .destroy = scripted_destroy,
    .new_game = scripted_new_game,
    .choose = scripted_choose,
};

/* One game of 40 plies at most between scripts black[nb] and white[nw]
 * under a, each colour's scale 1 unless scale is given. */
static GameRecord play(const int *black, int nb, const int *white, int nw, Adjudication a,
                       const double *scale, const int16_t *opening, int opening_len)
{
	char err[64];
	ParamSet ps = {0};
	const int *scripts[2] = {black, white};
	int n[2] = {nb, nw};
	Player *pl[2];
	for (int c = 0; c < 2; c++) {
		pl[c] = player_create(&scripted_type, &ps, 1, err, sizeof err);
		assert_non_null(pl[c]);
		Scripted *s = (Scripted *)pl[c];
		s->n = n[c];
		memcpy(s->script, scripts[c], sizeof(int) * (size_t)n[c]);
	}
	GameSetup setup = {.size = 15,
	                   .rule = RULE_FREESTYLE,
	                   .max_plies = 40,
	                   .opening = opening,
	                   .opening_len = opening_len,
	                   .budget = {{.nodes = 1}, {.nodes = 1}},
	                   .adjudicate = a,
	                   .eval_scale = {scale ? scale[0] : 1, scale ? scale[1] : 1}};
	GameRecord rec;
	assert_int_equal(game_play(&setup, pl, &rec), 0);
	player_destroy(pl[0]);
	player_destroy(pl[1]);
	return rec;
}

static const Adjudication resign3 = {.resign_moves = 3, .resign_score = 500};

/* Black says +600 from its first move, white -600: after each side's
 * third move (ply 6) white is judged lost; scripts the other way round,
 * black is. */
static void resign_when_both_agree(void **state)
{
	(void)state;
	static const int up[] = {600}, down[] = {-600};
	GameRecord r = play(up, 1, down, 1, resign3, NULL, NULL, 0);
	assert_int_equal(r.reason, END_ADJUDICATED);
	assert_int_equal(r.outcome, RESULT_BLACK_WIN);
	assert_int_equal(r.plies, 6);
	assert_int_equal(r.fault_color, -1);
	assert_string_equal(game_end_name(r.reason), "adjudicated");
	r = play(down, 1, up, 1, resign3, NULL, NULL, 0);
	assert_int_equal(r.reason, END_ADJUDICATED);
	assert_int_equal(r.outcome, RESULT_WHITE_WIN);
	assert_int_equal(r.plies, 6);
}

/* The count is of consecutive moves: black's second eval (ply 2) breaks
 * it, so the run is plies 3 to 8. */
static void resign_counts_consecutive_moves(void **state)
{
	(void)state;
	static const int black[] = {600, 100, 600}, white[] = {-600};
	GameRecord r = play(black, 3, white, 1, resign3, NULL, NULL, 0);
	assert_int_equal(r.reason, END_ADJUDICATED);
	assert_int_equal(r.outcome, RESULT_BLACK_WIN);
	assert_int_equal(r.plies, 9);
}

/* Both think they are winning: no resign; the ply limit ends it. Nor
 * with the rules off (the default), a colour's units unknown, or a move
 * that gave no eval. */
static void no_resign(void **state)
{
	(void)state;
	static const int up[] = {600}, down[] = {-600};
	static const int gap[] = {-600, -600, SCORE_NONE, -600, -600};
	GameRecord r = play(up, 1, up, 1, resign3, NULL, NULL, 0);
	assert_int_equal(r.reason, END_MAX_PLIES);
	r = play(up, 1, down, 1, (Adjudication){0}, NULL, NULL, 0);
	assert_int_equal(r.reason, END_MAX_PLIES);
	assert_int_equal(r.plies, 40);
	static const double unknown[2] = {1, 0};
	r = play(up, 1, down, 1, resign3, unknown, NULL, 0);
	assert_int_equal(r.reason, END_MAX_PLIES);
	/* white's third move has no eval: the run starts again at its 4th,
	 * ply 8, and ends at ply 12 */
	r = play(up, 1, gap, 5, resign3, NULL, NULL, 0);
	assert_int_equal(r.reason, END_ADJUDICATED);
	assert_int_equal(r.plies, 12);
}

/* White's evals in units 100 times as coarse; a proven loss is past any
 * score whatever its scale. */
static void scales_and_proven_scores(void **state)
{
	(void)state;
	static const int up[] = {600}, coarse[] = {-6};
	static const double scale[2] = {1, 100}, tiny[2] = {1e-9, 1};
	GameRecord r = play(up, 1, coarse, 1, resign3, scale, NULL, 0);
	assert_int_equal(r.reason, END_ADJUDICATED);
	assert_int_equal(r.outcome, RESULT_BLACK_WIN);
	r = play(up, 1, coarse, 1, resign3, NULL, NULL, 0);
	assert_int_equal(r.reason, END_MAX_PLIES);
	static const int proven[] = {SCORE_WIN - 20}, lost[] = {-600};
	r = play(proven, 1, lost, 1, resign3, tiny, NULL, 0);
	assert_int_equal(r.reason, END_ADJUDICATED);
	assert_int_equal(r.outcome, RESULT_BLACK_WIN);
}

/* Draw: both within +-10 for 2 moves each, the first of them at ply 8 or
 * later: the game ends at ply 12. Not with one eval outside the band. */
static void draw_in_the_band(void **state)
{
	(void)state;
	static const int calm[] = {5, -10, 0}, calm2[] = {-3, 10};
	Adjudication a = {.draw_moves = 2, .draw_score = 10, .draw_after = 8};
	GameRecord r = play(calm, 3, calm2, 2, a, NULL, NULL, 0);
	assert_int_equal(r.reason, END_ADJUDICATED);
	assert_int_equal(r.outcome, RESULT_DRAW);
	assert_int_equal(r.plies, 12);
	static const int out[] = {11};
	r = play(calm, 3, out, 1, a, NULL, NULL, 0);
	assert_int_equal(r.reason, END_MAX_PLIES);
	/* resign comes first when both rules hold; draw_after 0 */
	a = (Adjudication){
	    .resign_moves = 1, .resign_score = 5, .draw_moves = 1, .draw_score = 1000};
	static const int five[] = {5}, minus[] = {-5};
	r = play(five, 1, minus, 1, a, NULL, NULL, 0);
	assert_int_equal(r.outcome, RESULT_BLACK_WIN);
	assert_int_equal(r.plies, 2);
}

/* The opening's stones say nothing: counting starts after them. */
static void opening_stones_do_not_count(void **state)
{
	(void)state;
	const int16_t opening[3] = {(int16_t)board_point(0, 0), (int16_t)board_point(1, 0),
	                            (int16_t)board_point(2, 0)};
	static const int up[] = {600}, down[] = {-600};
	/* white moves first after a 3-stone opening: plies 3..8 */
	GameRecord r = play(up, 1, down, 1, resign3, NULL, opening, 3);
	assert_int_equal(r.reason, END_ADJUDICATED);
	assert_int_equal(r.outcome, RESULT_BLACK_WIN);
	assert_int_equal(r.plies, 9);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(resign_when_both_agree),
	    cmocka_unit_test(resign_counts_consecutive_moves),
	    cmocka_unit_test(no_resign),
	    cmocka_unit_test(scales_and_proven_scores),
	    cmocka_unit_test(draw_in_the_band),
	    cmocka_unit_test(opening_stones_do_not_count),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
