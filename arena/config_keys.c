/* config_keys.c - the keys of a [tournament] section, and the keys
 * arena run records in a [player] section (config_keys.h). */
#include "config_keys.h"

#include <string.h>

#include "inifile.h"

static int get_text(const char *v, char *out, size_t outlen, char *err, size_t errlen,
                    const char *key)
{
	if (!*v || strlen(v) >= outlen) {
		snprintf(err, errlen, "'%s' needs a value of 1 to %zu characters", key,
		         outlen - 1);
		return -1;
	}
	memcpy(out, v, strlen(v) + 1);
	return 0;
}

int config_keys_tournament(Tournament *t, const char *key, const char *v,
                           const char *base_dir, char *err, size_t errlen)
{
	int rc;
	if (config_budget_key(&t->budget, &t->budget_set, key, v, err, errlen, &rc))
		return rc;
	if (strcmp(key, "name") == 0) {
		if (get_text(v, t->name, sizeof t->name, err, errlen, key) < 0)
			return -1;
		if (strchr(v, '/') || strcmp(v, ".") == 0 || strcmp(v, "..") == 0) {
			snprintf(err, errlen,
			         "'name' is a folder name: no '/', not '.' or '..'");
			return -1;
		}
		return 0;
	}
	if (strcmp(key, "type") == 0) {
		if (strcmp(v, "round-robin") == 0)
			t->type = TOUR_ROUND_ROBIN;
		else if (strcmp(v, "gauntlet") == 0)
			t->type = TOUR_GAUNTLET;
		else {
			snprintf(err, errlen, "'type' is round-robin or gauntlet, not '%s'",
			         v);
			return -1;
		}
		return 0;
	}
	if (strcmp(key, "rounds") == 0)
		return inifile_int(key, v, 1, 100000, &t->rounds, err, errlen);
	if (strcmp(key, "pairs") == 0)
		return inifile_int(key, v, 0, 10000000, &t->pairs, err, errlen);
	if (strcmp(key, "board") == 0)
		return inifile_int(key, v, BOARD_MIN, BOARD_MAX, &t->size, err, errlen);
	if (strcmp(key, "rule") == 0) {
		if (rule_parse(v, &t->rule) < 0) {
			snprintf(err, errlen,
			         "'rule' is freestyle, standard or renju, not '%s'", v);
			return -1;
		}
		return 0;
	}
	if (strcmp(key, "openings") == 0) {
		int w =
		    v[0] == '/' || !base_dir
		        ? snprintf(t->openings, sizeof t->openings, "%s", v)
		        : snprintf(t->openings, sizeof t->openings, "%s/%s", base_dir, v);
		if (w < 0 || (size_t)w >= sizeof t->openings) {
			snprintf(err, errlen, "'openings' path is too long");
			return -1;
		}
		return 0;
	}
	if (strcmp(key, "openings_hash") == 0) /* checked by inputs_resolve */
		return get_text(v, t->openings_hash_given, sizeof t->openings_hash_given,
		                err, errlen, key);
	if (strcmp(key, "opening_order") == 0) {
		if (strcmp(v, "sequential") == 0)
			t->order = ORDER_SEQUENTIAL;
		else if (strcmp(v, "random") == 0)
			t->order = ORDER_RANDOM;
		else {
			snprintf(err, errlen,
			         "'opening_order' is sequential or random, not '%s'", v);
			return -1;
		}
		return 0;
	}
	if (strcmp(key, "symmetries") == 0)
		return inifile_bool(key, v, &t->symmetries, err, errlen);
	if (strcmp(key, "psq") == 0)
		return inifile_bool(key, v, &t->psq, err, errlen);
	if (strcmp(key, "restart") == 0) {
		bool on;
		if (inifile_bool(key, v, &on, err, errlen) < 0)
			return -1;
		t->restart = on;
		return 0;
	}
	if (strcmp(key, "sprt") == 0)
		return inifile_bool(key, v, &t->sprt, err, errlen);
	if (strcmp(key, "threads") == 0)
		return inifile_int(key, v, 0, 1024, &t->threads, err, errlen);
	if (strcmp(key, "seed") == 0)
		return inifile_seed(key, v, &t->seed, err, errlen);
	if (strcmp(key, "max_plies") == 0)
		return inifile_int(key, v, 0, BOARD_MAX_MOVES, &t->max_plies, err, errlen);
	if (strcmp(key, "out") == 0)
		return get_text(v, t->out, sizeof t->out, err, errlen, key);
	if (strcmp(key, "status_every") == 0)
		return inifile_int(key, v, 1, 1000000, &t->status_every, err, errlen);
	if (strcmp(key, "anchor") == 0) /* checked against the players in config_validate */
		return get_text(v, t->anchor, sizeof t->anchor, err, errlen, key);
	if (strcmp(key, "elo0") == 0)
		return inifile_real(key, v, -1000, 1000, &t->elo0, err, errlen);
	if (strcmp(key, "elo1") == 0)
		return inifile_real(key, v, -1000, 1000, &t->elo1, err, errlen);
	if (strcmp(key, "alpha") == 0)
		return inifile_real(key, v, 1e-6, 0.5, &t->alpha, err, errlen);
	if (strcmp(key, "beta") == 0)
		return inifile_real(key, v, 1e-6, 0.5, &t->beta, err, errlen);
	if (strcmp(key, "challengers") == 0)
		return 1; /* resolved once every player is known */
	snprintf(err, errlen, "unknown key '%s' in [tournament]", key);
	return -1;
}

int config_keys_record(PlayerSpec *p, const char *key, const char *v, char *err,
                       size_t errlen, int *rc)
{
	if (strcmp(key, "program") == 0)
		*rc = get_text(v, p->program, sizeof p->program, err, errlen, key);
	else if (strcmp(key, "program_hash") == 0)
		*rc = get_text(v, p->program_hash_given, sizeof p->program_hash_given, err,
		               errlen, key);
	else
		return 0;
	if (*rc < 0) { /* get_text does not know the section */
		char msg[512];
		snprintf(msg, sizeof msg, "[player %s]: %s", p->name, err);
		snprintf(err, errlen, "%s", msg);
	}
	return 1;
}
