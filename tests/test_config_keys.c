/* test_config_keys.c - the tables that declare the keys of every section
 * ([tournament], [player NAME], [spsa], [param KEY], [texel]): each is
 * well formed, every key takes exactly its range, and the manuals document
 * every key of every table and no key that is not in one: [tournament] and
 * [player NAME] in arena/README.md, [spsa], [param KEY] and [texel] in
 * tuner/README.md, an external player's keys in players/README.md. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "tmpdir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "config_keys.h"
#include "registry.h"
#include "spsa_config.h"
#include "texel_config.h"

static const ConfigSection *const sections[] = {
    &config_tournament,         &config_player,        &spsa_config_section,
    &spsa_config_param_section, &texel_config_section, NULL};

/* Room for any section's struct (Tournament is by far the largest). */
static union {
	Tournament t;
	SpsaConfig s;
	TexelConfig x;
	max_align_t align;
} obj;

static bool is_number(ConfigKind kind)
{
	return kind == CONFIG_INT || kind == CONFIG_U64 || kind == CONFIG_REAL ||
	       kind == CONFIG_BUDGET;
}

static bool is_text(ConfigKind kind)
{
	return kind == CONFIG_TEXT || kind == CONFIG_FOLDER || kind == CONFIG_NAME ||
	       kind == CONFIG_PATH;
}

static void tables_are_well_formed(void **state)
{
	(void)state;
	for (int s = 0; sections[s]; s++) {
		const ConfigSection *sec = sections[s];
		assert_true(sec->nkeys > 0 && sec->help && *sec->help);
		for (int i = 0; i < sec->nkeys; i++) {
			const ConfigKey *k = &sec->keys[i];
			if (!k->name || !*k->name || !k->help || !*k->help)
				fail_msg("[%s] key %d: no name or no help", sec->name, i);
			for (int j = 0; j < i; j++)
				if (strcmp(sec->keys[j].name, k->name) == 0)
					fail_msg("[%s] %s declared twice", sec->name,
					         k->name);
			if (is_number(k->kind) && !(k->flags & CONFIG_RANGE_GIVEN) &&
			    (k->min > k->max ||
			     ((k->def < k->min || k->def > k->max) && !k->shown_def)))
				fail_msg("[%s] %s: default %g outside [%g, %g] unexplained",
				         sec->name, k->name, k->def, k->min, k->max);
			if (is_text(k->kind) && k->size < 2)
				fail_msg("[%s] %s: no room for text", sec->name, k->name);
			if (k->kind == CONFIG_CHOICE) {
				int n = 0;
				while (k->choices && k->choices[n])
					n++;
				assert_true(k->def >= 0 && k->def < n);
			}
			if (k->kind == CONFIG_BUDGET)
				assert_true(k->set_at != k->at);
			/* a free key is one config.ini holds and a resume compares */
			if ((k->flags & CONFIG_FREE) &&
			    !(k->flags & (CONFIG_WRITE | CONFIG_WRITE_SET)))
				fail_msg("[%s] %s is free but not written", sec->name,
				         k->name);
			if (k->kind == CONFIG_HOOK && !k->takes)
				fail_msg("[%s] %s: a hook says what it takes", sec->name,
				         k->name);
		}
	}
}

/* key = v into obj: 0, or -1 with a message that names the key. */
static int set(const ConfigKey *k, const char *v, char *err, size_t errlen)
{
	char path[sizeof dir + 8];
	snprintf(path, sizeof path, "%s/x.ini", dir);
	err[0] = '\0';
	int rc = config_table_set_key(k, &obj, v, path, 7, err, errlen);
	if (rc < 0) {
		char want[80];
		snprintf(want, sizeof want, "'%s' ", k->name);
		if (strncmp(err, want, strlen(want)) != 0)
			fail_msg("%s = %s: message '%s' does not name the key", k->name, v,
			         err);
	}
	return rc;
}

static void expect(const ConfigKey *k, const char *v, int want)
{
	char err[512];
	int rc = set(k, v, err, sizeof err);
	if (rc != want)
		fail_msg("%s = '%s': got %d (%s), want %d", k->name, v, rc, err, want);
}

/* The bounds of every number are in, one step past them out; every choice
 * is taken, anything else refused; texts are neither empty nor too long. */
static void every_key_takes_its_range(void **state)
{
	(void)state;
	char v[400];
	for (int s = 0; sections[s]; s++)
		for (int i = 0; i < sections[s]->nkeys; i++) {
			ConfigKey k = sections[s]->keys[i];
			if (k.flags & CONFIG_RANGE_GIVEN)
				k.min = -3, k.max = 3; /* as a reader gives it */
			memset(&obj, 0, sizeof obj);
			switch (k.kind) {
			case CONFIG_INT:
			case CONFIG_U64:
			case CONFIG_BUDGET:
				snprintf(v, sizeof v, "%.0f", k.min);
				expect(&k, v, 0);
				snprintf(v, sizeof v, "%.0f", k.max);
				expect(&k, v, 0);
				snprintf(v, sizeof v, "%.0f", k.min - 1);
				expect(&k, v, -1);
				snprintf(v, sizeof v, "%.0f", k.max + 1);
				expect(&k, v, -1);
				expect(&k, "1.5", -1);
				expect(&k, "", -1);
				break;
			case CONFIG_REAL:
				snprintf(v, sizeof v, "%.17g", k.max);
				expect(&k, v, 0);
				snprintf(v, sizeof v, "%.17g", k.min);
				expect(&k, v, k.flags & CONFIG_ABOVE_MIN ? -1 : 0);
				snprintf(v, sizeof v, "%.17g", k.min - 1);
				expect(&k, v, -1);
				snprintf(v, sizeof v, "%.17g", k.max * 2 + 1);
				expect(&k, v, -1);
				expect(&k, "nan", -1);
				break;
			case CONFIG_ONOFF:
			case CONFIG_UNSET:
				expect(&k, "on", 0);
				expect(&k, "off", 0);
				expect(&k, "maybe", -1);
				break;
			case CONFIG_SEED:
				expect(&k, "18446744073709551615", 0);
				expect(&k, "-1", -1);
				break;
			case CONFIG_CHOICE:
				for (int c = 0; k.choices[c]; c++)
					expect(&k, k.choices[c], 0);
				expect(&k, "none-such", -1);
				break;
			case CONFIG_RULE:
				expect(&k, "renju", 0);
				expect(&k, "gomoku", -1);
				break;
			case CONFIG_TEXT:
			case CONFIG_FOLDER:
			case CONFIG_NAME:
			case CONFIG_PATH:
				expect(&k, "x", 0);
				expect(&k, "", -1);
				if (k.size <= sizeof v - 1 && k.kind != CONFIG_PATH) {
					memset(v, 'x', k.size);
					v[k.size] = '\0';
					expect(&k, v, -1);
				}
				if (k.kind == CONFIG_FOLDER || k.kind == CONFIG_NAME) {
					expect(&k, "a/b", -1);
					expect(&k, "..", -1);
				}
				break;
			case CONFIG_HOOK:
			case CONFIG_PARAMS: break;
			}
		}
}

/* A value read lands where config.ini writes it from. */
static void values_written_as_read(void **state)
{
	(void)state;
	static const struct {
		const char *key, *value;
	} cases[] = {{"rounds", "7"},    {"rule", "4"},         {"type", "gauntlet"},
	             {"alpha", "0.125"}, {"ms", "90"},          {"symmetries", "yes"},
	             {"restart", "off"}, {"status_every", "3"}, {"seed", "12"}};
	static const char *const written[] = {
	    "rounds = 7\n",    "rule = renju\n",     "type = gauntlet\n",
	    "alpha = 0.125\n", "ms = 90\n",          "symmetries = on\n",
	    "restart = off\n", "status_every = 3\n", "seed = 12\n"};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		Tournament *t = &obj.t;
		config_defaults(t);
		char err[256];
		assert_int_equal(config_table_set(&config_tournament, t, cases[i].key,
		                                  cases[i].value, NULL, 0, err, sizeof err),
		                 0);
		char *text = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&text, &len);
		assert_int_equal(config_table_write(&config_tournament, t, f), 0);
		fclose(f);
		if (!strstr(text, written[i]))
			fail_msg("%s = %s: wrote\n%s", cases[i].key, cases[i].value, text);
		free(text);
	}
}

/* The manual that holds each section's table, relative to SOURCE_DIR. */
static const char *const section_docs[] = {"arena/README.md", "arena/README.md",
                                           "tuner/README.md", "tuner/README.md",
                                           "tuner/README.md"};

/* The whole of SOURCE_DIR/rel, in a static buffer. */
static const char *read_doc(const char *rel)
{
	static char text[1 << 20];
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", SOURCE_DIR, rel);
	FILE *f = fopen(path, "r");
	if (!f)
		fail_msg("cannot open %s", path);
	size_t len = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[len] = '\0';
	return text;
}

/* The keys documented in the table whose header begins with head: every
 * key named in backquotes in the first column of its rows. Returns how
 * many, or -1 if the table is missing. */
static int doc_keys(const char *doc, const char *head, char names[][64], int max)
{
	const char *at = strstr(doc, head);
	if (!at)
		return -1;
	int n = 0;
	for (const char *line = strchr(at, '\n'); line && line[1] == '|';
	     line = strchr(line + 1, '\n')) {
		const char *cell = line + 2, *end = strchr(cell, '|');
		for (const char *q = strchr(cell, '`'); q && q < end && n < max;) {
			const char *close = strchr(q + 1, '`');
			if (!close || close > end)
				break;
			snprintf(names[n++], 64, "%.*s", (int)(close - q - 1), q + 1);
			q = strchr(close + 1, '`');
		}
	}
	return n;
}

static void manuals_document_every_key(void **state)
{
	(void)state;
	for (int s = 0; sections[s]; s++) {
		const ConfigSection *sec = sections[s];
		const char *doc = read_doc(section_docs[s]);
		char head[64];
		snprintf(head, sizeof head, "| `[%s%s%s]` key |", sec->name,
		         sec->named ? " " : "", sec->named ? sec->named : "");
		static char names[128][64];
		int n = doc_keys(doc, head, names, 128);
		if (n < 0)
			fail_msg("%s has no table of [%s] keys", section_docs[s],
			         sec->name);
		for (int i = 0; i < sec->nkeys; i++) {
			const ConfigKey *k = &sec->keys[i];
			bool found =
			    k->kind == CONFIG_PARAMS; /* the type's, see arena players */
			for (int j = 0; j < n && !found; j++)
				found = strcmp(names[j], k->name) == 0;
			if (!found)
				fail_msg("%s does not document [%s] %s", section_docs[s],
				         sec->name, k->name);
		}
		for (int j = 0; j < n; j++)
			if (!config_table_find(sec, names[j]))
				fail_msg("%s documents [%s] %s, which is no key",
				         section_docs[s], sec->name, names[j]);
	}
}

/* An external player's keys are the parameters of type external:
 * players/README.md's table of them names each one and no other. */
static void manuals_document_every_external_key(void **state)
{
	(void)state;
	const PlayerType *ext = registry_find("external");
	assert_non_null(ext);
	const char *doc = read_doc("players/README.md");
	static char names[128][64];
	int n = doc_keys(doc, "| external key |", names, 128);
	if (n < 0)
		fail_msg("players/README.md has no table of external keys");
	for (int k = 0; k < ext->nparams; k++) {
		bool found = false;
		for (int j = 0; j < n && !found; j++)
			found = strcmp(names[j], ext->params[k].name) == 0;
		if (!found)
			fail_msg("players/README.md does not document external %s",
			         ext->params[k].name);
	}
	for (int j = 0; j < n; j++) {
		bool found = false;
		for (int k = 0; k < ext->nparams && !found; k++)
			found = strcmp(names[j], ext->params[k].name) == 0;
		if (!found)
			fail_msg("players/README.md documents external %s, which is no "
			         "parameter",
			         names[j]);
	}
}

static void reference_names_every_key(void **state)
{
	(void)state;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	config_keys_print(f);
	spsa_config_keys_print(f);
	texel_config_keys_print(f);
	fclose(f);
	for (int s = 0; sections[s]; s++) {
		char head[64];
		snprintf(head, sizeof head, "[%s", sections[s]->name);
		assert_non_null(strstr(text, head));
		for (int i = 0; i < sections[s]->nkeys; i++) {
			char line[80];
			snprintf(line, sizeof line, "\n  %s ", sections[s]->keys[i].name);
			if (!strstr(text, line))
				fail_msg("no line of %s in\n%s", sections[s]->keys[i].name,
				         text);
		}
	}
	free(text);
}

/* [texel] takes whole numbers in any notation, as it always has; the
 * other sections only in digits. */
static void texel_whole_numbers_in_any_notation(void **state)
{
	(void)state;
	char err[1024];
	static TexelConfig x;
	const char *path = tmpdir_write(
	    "x.ini",
	    "[texel]\ngames = 2e3\nverify_pairs = 40.0\n[player p]\ntype = alphabeta\n");
	if (texel_config_load(path, &x, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_int_equal(x.games, 2000);
	assert_int_equal(x.verify_pairs, 40);
	path =
	    tmpdir_write("x.ini", "[texel]\ngames = 2.5\n[player p]\ntype = alphabeta\n");
	assert_int_equal(texel_config_load(path, &x, err, sizeof err), -1);
	assert_non_null(strstr(err, "x.ini:2: 'games' takes a whole number from 2 to"));
	static Tournament t;
	path = tmpdir_write("t.ini", "[tournament]\nrounds = 2e3\n");
	assert_int_equal(config_load(path, &t, err, sizeof err), -1);
	assert_non_null(strstr(err, "t.ini:2: 'rounds' takes a whole number from 1 to"));
}

/* A [player] section's own keys (its table: type, the budget, program,
 * program_hash) always mean themselves, so a parameter of the same name
 * could never be set, and a config.ini that writes it would read back as
 * that key: no type may declare one. external, found by name only, too. */
static void no_parameter_is_named_like_a_player_key(void **state)
{
	(void)state;
	int n;
	const PlayerType *const *all = registry_all(&n);
	const PlayerType *types[64];
	for (int i = 0; i < n; i++)
		types[i] = all[i];
	types[n++] = registry_find("external");
	assert_non_null(types[n - 1]);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < types[i]->nparams; k++) {
			const char *name = types[i]->params[k].name;
			const ConfigKey *key = config_table_find(&config_player, name);
			if (key)
				fail_msg(
				    "type %s declares a parameter '%s', which is a key of "
				    "[player NAME]",
				    types[i]->name, name);
		}
}

/* The colleague's case: a tournament budget, an alphabeta player without
 * its own, its config.ini run again: the same budget and parameters. */
static void config_ini_runs_the_same_games(void **state)
{
	(void)state;
	const char *path = tmpdir_write(
	    "t.ini", "[tournament]\nnodes = 100\n[player a]\ntype = alphabeta\n"
	             "[player b]\ntype = random\n");
	Tournament t, u;
	char err[512];
	if (config_load(path, &t, err, sizeof err) < 0)
		fail_msg("%s", err);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	assert_int_equal(config_write(&t, f), 0);
	fclose(f);
	const char *again = tmpdir_write("config.ini", text);
	if (config_load(again, &u, err, sizeof err) < 0)
		fail_msg("%s\n%s", err, text);
	for (int i = 0; i < 2; i++) {
		Budget a = config_budget(&t, i), b = config_budget(&u, i);
		assert_true(a.nodes == 100 && a.depth == 0 && a.ms == 0);
		assert_true(b.nodes == a.nodes && b.depth == a.depth && b.ms == a.ms);
		assert_int_equal(t.players[i].params.n, u.players[i].params.n);
		for (int k = 0; k < t.players[i].params.n; k++)
			assert_true(t.players[i].params.v[k] == u.players[i].params.v[k]);
	}
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(tables_are_well_formed),
	    cmocka_unit_test(every_key_takes_its_range),
	    cmocka_unit_test(values_written_as_read),
	    cmocka_unit_test(manuals_document_every_key),
	    cmocka_unit_test(manuals_document_every_external_key),
	    cmocka_unit_test(reference_names_every_key),
	    cmocka_unit_test(texel_whole_numbers_in_any_notation),
	    cmocka_unit_test(no_parameter_is_named_like_a_player_key),
	    cmocka_unit_test(config_ini_runs_the_same_games),
	};
	return cmocka_run_group_tests(tests, tmpdir_setup, tmpdir_teardown);
}
