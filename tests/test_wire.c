/* test_wire.c - the MPI backend's messages (arena/internal/wire.h): what
 * goes out comes back the same, a parameter set is re-pointed to the
 * receiving type's table, and a short or out-of-range message reads as
 * bad, never past its end. No MPI needed. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "registry.h"
#include "wire.h"

/* A real game: random against random from a two-stone opening. */
static void play_game(GameRecord *rec)
{
	ParamSet ps;
	param_defaults(&ps, player_random.params, player_random.nparams);
	Player *p[2] = {player_create(&player_random, &ps, 1, NULL, 0),
	                player_create(&player_random, &ps, 2, NULL, 0)};
	int16_t opening[2] = {(int16_t)board_point(7, 7), (int16_t)board_point(8, 8)};
	GameSetup setup = {
	    .size = 15, .rule = RULE_FREESTYLE, .opening = opening, .opening_len = 2};
	assert_int_equal(game_play(&setup, p, rec), 0);
	player_destroy(p[0]);
	player_destroy(p[1]);
}

static void a_record_comes_back_the_same(void **state)
{
	(void)state;
	GameRecord *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
	play_game(a);
	a->fault_color = WHITE;
	strcpy(a->fault_detail, "exit status 3; stderr: boom");
	WireOut w = {0};
	wire_record(&w, a);
	WireIn r;
	wire_in(&r, w.buf, w.len);
	wire_get_record(&r, b);
	assert_false(r.bad);
	assert_int_equal(r.at, w.len);
	assert_int_equal(b->outcome, a->outcome);
	assert_int_equal(b->reason, a->reason);
	assert_int_equal(b->plies, a->plies);
	assert_int_equal(b->opening_plies, 2);
	assert_memory_equal(b->moves, a->moves, sizeof a->moves[0] * (size_t)a->plies);
	assert_memory_equal(b->ms, a->ms, sizeof a->ms[0] * (size_t)a->plies);
	assert_memory_equal(b->time_ms, a->time_ms, sizeof a->time_ms);
	assert_memory_equal(b->nodes, a->nodes, sizeof a->nodes);
	assert_int_equal(b->fault_color, WHITE);
	assert_string_equal(b->fault_detail, a->fault_detail);
	size_t np = (size_t)a->plies;
	assert_memory_equal(b->eval, a->eval, sizeof a->eval[0] * np);
	assert_memory_equal(b->depth, a->depth, sizeof a->depth[0] * np);
	assert_memory_equal(b->seldepth, a->seldepth, sizeof a->seldepth[0] * np);
	assert_memory_equal(b->move_nodes, a->move_nodes, sizeof a->move_nodes[0] * np);
	assert_memory_equal(b->pv, a->pv, sizeof a->pv[0] * np);
	assert_string_equal(b->message, a->message);
	/* Only the moves played travel, not the whole array: 6 bytes of stone
	 * and time, 24 of what the player said. */
	assert_true(w.len < 100 + 30 * np + FAULT_DETAIL_MAX + MOVE_MESSAGE_MAX);

	/* Every shorter message is bad, and reads no further than it is. */
	for (size_t n = 0; n < w.len; n++) {
		unsigned char *cut = malloc(n ? n : 1);
		memcpy(cut, w.buf, n);
		wire_in(&r, cut, n);
		wire_get_record(&r, b);
		assert_true(r.bad);
		assert_true(b->plies >= 0 && b->plies <= BOARD_MAX_MOVES);
		free(cut);
	}
	wire_out_free(&w);
	free(a);
	free(b);
}

/* A game's MESSAGE lines travel with its record, into the receiver's log;
 * a receiver without one finds the message bad. */
static void a_records_messages_come_back_the_same(void **state)
{
	(void)state;
	GameRecord *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
	MessageLog *la = malloc(sizeof *la), *lb = malloc(sizeof *lb);
	play_game(a);
	message_log_clear(la);
	message_log_add(la, 3, "depth 5-12 best:[9;7] val=42", 28);
	la->cut = true;
	a->messages = la;
	WireOut w = {0};
	wire_record(&w, a);
	WireIn r;
	wire_in(&r, w.buf, w.len);
	b->messages = lb;
	wire_get_record(&r, b);
	assert_false(r.bad);
	assert_int_equal(r.at, w.len);
	assert_ptr_equal(b->messages, lb);
	assert_int_equal(lb->len, la->len);
	assert_memory_equal(lb->text, la->text, la->len);
	assert_true(lb->cut);
	/* Every shorter message is bad. */
	for (size_t n = 0; n < w.len; n++) {
		wire_in(&r, w.buf, n);
		wire_get_record(&r, b);
		assert_true(r.bad);
		assert_true(lb->len <= MESSAGE_LOG_MAX);
	}
	b->messages = NULL;
	wire_in(&r, w.buf, w.len);
	wire_get_record(&r, b);
	assert_true(r.bad);
	/* No messages kept: none come, into a log or not. */
	WireOut w0 = {0};
	a->messages = NULL;
	wire_record(&w0, a);
	wire_in(&r, w0.buf, w0.len);
	wire_get_record(&r, b);
	assert_false(r.bad);
	b->messages = lb;
	wire_in(&r, w0.buf, w0.len);
	wire_get_record(&r, b);
	assert_false(r.bad);
	assert_int_equal(lb->len, 0);
	wire_out_free(&w);
	wire_out_free(&w0);
	free(la);
	free(lb);
	free(a);
	free(b);
}

static void a_record_out_of_range_is_bad(void **state)
{
	(void)state;
	GameRecord *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
	play_game(a);
	/* The record opens with outcome, reason, plies, opening plies and the
	 * faulting colour: each of them one past its range in turn. */
	int32_t wrong[] = {RESULT_DRAW + 1, END_COUNT, BOARD_MAX_MOVES + 1, a->plies + 1,
	                   2};
	for (int i = 0; i < 5; i++) {
		WireOut w = {0};
		wire_record(&w, a);
		wire_patch_i32(&w, (size_t)i * sizeof(int32_t), wrong[i]);
		WireIn r;
		wire_in(&r, w.buf, w.len);
		wire_get_record(&r, b);
		assert_true(r.bad);
		assert_true(b->plies >= 0 && b->plies <= BOARD_MAX_MOVES);
		wire_out_free(&w);
	}
	free(a);
	free(b);
}

static void parameters_are_re_pointed_to_the_receivers_table(void **state)
{
	(void)state;
	const PlayerType *t = registry_find("external");
	ParamSet a, b;
	param_defaults(&a, t->params, t->nparams);
	char err[256];
	assert_int_equal(param_set(&a, "command", "engine --fast", err, sizeof err), 0);
	assert_int_equal(
	    param_set(&a, "log", "run/logs/000007-black-x.log", err, sizeof err), 0);
	WireOut w = {0};
	wire_params(&w, &a);
	a.decl = NULL; /* a pointer means nothing on another rank */
	WireIn r;
	wire_in(&r, w.buf, w.len);
	wire_get_params(&r, &b, t);
	assert_false(r.bad);
	assert_ptr_equal(b.decl, t->params);
	assert_int_equal(b.n, t->nparams);
	assert_memory_equal(b.v, a.v, sizeof a.v[0] * (size_t)a.n);
	assert_string_equal(param_text(&b, param_find(&b, "command")), "engine --fast");
	assert_string_equal(param_text(&b, param_find(&b, "log")),
	                    "run/logs/000007-black-x.log");

	/* Read as another type (another count of parameters): bad. */
	wire_in(&r, w.buf, w.len);
	wire_get_params(&r, &b, &player_random);
	assert_true(r.bad);
	wire_out_free(&w);
}

static void a_job_and_its_opening_come_back(void **state)
{
	(void)state;
	Job j = {.id = 41,
	         .pair = 20,
	         .round = 3,
	         .opening = 7,
	         .black = 1,
	         .white = 0,
	         .seed = 0x0123456789abcdefull};
	Opening o = {.count = 3};
	o.moves[0] = (int16_t)board_point(7, 7);
	o.moves[1] = (int16_t)board_point(7, 8);
	o.moves[2] = (int16_t)board_point(9, 9);
	WireOut w = {0};
	wire_job(&w, &j);
	wire_opening(&w, &o);
	wire_opening(&w, NULL);
	Job j2;
	Opening o2, none;
	WireIn r;
	wire_in(&r, w.buf, w.len);
	wire_get_job(&r, &j2);
	wire_get_opening(&r, &o2);
	wire_get_opening(&r, &none);
	assert_false(r.bad);
	assert_memory_equal(&j2, &j, sizeof j);
	assert_int_equal(o2.count, 3);
	assert_memory_equal(o2.moves, o.moves, 3 * sizeof o.moves[0]);
	assert_int_equal(none.count, 0);
	wire_out_free(&w);

	/* A point off the board's arrays is bad. */
	o.moves[1] = BOARD_CELLS;
	wire_opening(&w, &o);
	wire_in(&r, w.buf, w.len);
	wire_get_opening(&r, &o2);
	assert_true(r.bad);
	wire_out_free(&w);
}

static void another_builds_limits_and_tables_are_told_apart(void **state)
{
	(void)state;
	WireOut w = {0};
	wire_limits(&w);
	WireIn r;
	wire_in(&r, w.buf, w.len);
	assert_true(wire_get_limits(&r));
	/* The version (the first limit after the count) of another build. */
	wire_patch_i32(&w, sizeof(int32_t), WIRE_VERSION + 1);
	wire_in(&r, w.buf, w.len);
	assert_false(wire_get_limits(&r));
	wire_out_free(&w);

	assert_true(wire_param_hash(&player_alphabeta) ==
	            wire_param_hash(&player_alphabeta));
	assert_true(wire_param_hash(&player_alphabeta) != wire_param_hash(&player_mcts));
	assert_true(wire_param_hash(&player_naive) != wire_param_hash(&player_weighted));
}

static void text_longer_than_its_room_is_bad(void **state)
{
	(void)state;
	WireOut w = {0};
	wire_text(&w, "0123456789");
	char small[8];
	WireIn r;
	wire_in(&r, w.buf, w.len);
	wire_get_text(&r, small, sizeof small);
	assert_true(r.bad);
	assert_string_equal(small, "");
	assert_int_equal(wire_get_i32(&r), 0); /* bad stays bad */
	wire_out_free(&w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(a_record_comes_back_the_same),
	    cmocka_unit_test(a_records_messages_come_back_the_same),
	    cmocka_unit_test(a_record_out_of_range_is_bad),
	    cmocka_unit_test(parameters_are_re_pointed_to_the_receivers_table),
	    cmocka_unit_test(a_job_and_its_opening_come_back),
	    cmocka_unit_test(another_builds_limits_and_tables_are_told_apart),
	    cmocka_unit_test(text_longer_than_its_room_is_bad),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
