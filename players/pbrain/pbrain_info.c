/* pbrain_info.c - INFO KEY VALUE beyond the protocol's own keys: the
 * parameters the player's type declares and the seed, so that a manager
 * (a tuner, say) can set them game by game without a new process.
 *
 * A parameter is checked as `--set` checks it (its declared type and
 * range); a value that passes replaces the session's and is kept for later
 * games, as every INFO setting is, until the next INFO for that key. The
 * player is made again, with the new values, for the next move, so values
 * sent after START or RESTART and before the first move give exactly the
 * player `arena` makes in process from the same parameters and seed. A
 * value that does not pass and a key that is neither the protocol's nor a
 * parameter are ignored, and said on a DEBUG line, which managers show or
 * skip (the protocol's other INFO keys are never answered). */
#define _POSIX_C_SOURCE 200809L
#include "pbrain_impl.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* The keys the protocol (and the Yixin-Board extension) defines: pbrain.c
 * reads them, or ignores them without a word. */
static const char *const protocol_keys[] = {
    "timeout_turn", "timeout_match", "time_left", "max_memory", "max_node",
    "max_depth",    "rule",          "game_type", "folder",     "evaluate",
};

/* Yixin-Board's settings of its own engine, which it sends to every
 * engine: known, so ignored without a word. */
static const char *const yixin_keys[] = {
    "time_increment", "caution_factor", "thread_num",  "thread_split_depth",
    "hash_size",      "pondering",      "checkmate",   "show_detail",
    "nbest_sym",      "usedatabase",    "start_depth",
};

enum { KEY_MAX = 64, QUOTE_MAX = 40 };

static bool in(const char *const *keys, size_t count, const char *key, size_t n)
{
	for (size_t k = 0; k < count; k++)
		if (pbrain_word_is(key, n, keys[k]))
			return true;
	return false;
}

#define IN(keys, key, n) in(keys, sizeof keys / sizeof keys[0], key, n)

static bool same_value(const ParamSet *a, const ParamSet *b, int i)
{
	if (a->decl[i].type == PARAM_TEXT)
		return strcmp(param_text(a, i), param_text(b, i)) == 0;
	return a->v[i] == b->v[i];
}

static void set_seed(Session *s, const char *value)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(value, &end, 10);
	if (!isdigit((unsigned char)*value) || *end || errno) {
		pbrain_reply(s, "DEBUG INFO seed '%.*s' ignored: not a whole number >= 0",
		             QUOTE_MAX, value);
		return;
	}
	if (v != s->seed) {
		s->seed = v;
		pbrain_player_drop(s); /* made again with the seed for the next move */
	}
}

bool pbrain_info_setting(Session *s, const char *key, size_t n, const char *value)
{
	if (n == 0 || IN(protocol_keys, key, n))
		return false;
	char name[KEY_MAX];
	if (n >= sizeof name) {
		pbrain_reply(s, "DEBUG INFO %.*s... ignored: no such key", QUOTE_MAX, key);
		return true;
	}
	memcpy(name, key, n);
	name[n] = '\0';
	if (strcmp(name, "seed") == 0) {
		set_seed(s, value);
		return true;
	}
	int i = param_find(&s->params, name);
	if (i < 0 && IN(yixin_keys, key, n))
		return true;
	if (i < 0) {
		pbrain_reply(s,
		             "DEBUG INFO %s ignored: neither a protocol key nor a "
		             "parameter of %s",
		             name, s->opt->type->name);
		return true;
	}
	ParamSet next = s->params;
	char err[PBRAIN_ERR_MAX];
	if (param_set(&next, name, value, err, sizeof err) < 0) {
		pbrain_reply(s, "DEBUG INFO %s '%.*s' ignored: %s", name, QUOTE_MAX, value,
		             err);
		return true;
	}
	if (!same_value(&next, &s->params, i)) {
		s->params = next;
		pbrain_player_drop(s); /* made again with the value for the next move */
	}
	return true;
}
