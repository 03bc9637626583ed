/* players.c - `arena players [TYPE ...]`: every player type, or those
 * named, with their budgets and declared parameters. */
#include <stdio.h>

#include "commands.h"
#include "opt.h"
#include "registry.h"

/* One type with its budgets and parameters. */
static void print_type(const PlayerType *t)
{
	printf("%s: %s\n", t->name, t->help);
	printf("  budgets: %s%s%s%s%s%s\n", t->budgets ? "" : "none (answers at once)",
	       t->budgets & BUDGET_NODES ? "nodes " : "",
	       t->budgets & BUDGET_DEPTH ? "depth " : "",
	       t->budgets & BUDGET_MS ? "ms " : "",
	       t->budgets & BUDGET_GAME ? "game_ms " : "",
	       t->budgets & BUDGET_INC ? "inc_ms" : "");
	for (int k = 0; k < t->nparams; k++) {
		char d[400];
		param_describe(&t->params[k], d, sizeof d);
		printf("  %-60s %s%s\n", d, t->params[k].tunable ? "[tunable] " : "",
		       t->params[k].help);
	}
	printf("\n");
}

int players_command(int argc, char **argv)
{
	enum { TYPES_MAX = 64 };
	const char *names[TYPES_MAX];
	OptList named = {names, TYPES_MAX, 0};
	const Opt args[] = {{.name = "TYPE",
	                     .kind = OPT_LIST,
	                     .dest = &named,
	                     .what = "a type name",
	                     .help = "a player type to list (default: every one)"},
	                    OPT_END};
	const OptSpec spec = {
	    "arena players",
	    "Lists the player types (or the types named) with the budgets "
	    "they honour and\ntheir parameters.\n",
	    args, NULL};
	int status = opt_command(&spec, argc, argv);
	if (status != OPT_GO_ON)
		return status;
	const PlayerType *types[TYPES_MAX];
	int n = 0;
	for (int i = 0; i < named.count; i++) {
		/* Every name is checked before anything is listed. */
		types[n] = registry_find(names[i]);
		if (!types[n++]) {
			fprintf(stderr, "arena players: no player type '%s'\n", names[i]);
			return 2;
		}
	}
	if (n == 0) {
		int count;
		const PlayerType *const *all = registry_all(&count);
		for (int i = 0; i < count && n < TYPES_MAX - 1; i++)
			types[n++] = all[i];
		/* registry_all leaves out the types that cannot be made from their
		 * defaults (external needs a command); they are players all the
		 * same. */
		const PlayerType *external = registry_find("external");
		if (external)
			types[n++] = external;
	}
	for (int i = 0; i < n; i++)
		print_type(types[i]);
	return 0;
}
