/* config_write.c - the configuration as used, as INI text that reads back
 * to the same configuration (the run folder's config.ini). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

/* 17 significant digits always read back (IEEE 754 binary64), but show
 * 0.7 as 0.69999999999999996; fewer are enough for most numbers. */
void config_write_real(double x, char *buf, size_t buflen)
{
	/* Through a buffer of our own: GCC's sanitizer build otherwise warns
	 * of a null destination in the loop. */
	char text[40] = "";
	for (int digits = 15; digits <= 17; digits++) {
		snprintf(text, sizeof text, "%.*g", digits, x);
		if (strtod(text, NULL) == x)
			break;
	}
	if (buf && buflen)
		snprintf(buf, buflen, "%s", text);
}

/* A [player] parameter: reals by config_write_real, the rest as declared. */
static void write_param(const ParamSet *ps, int k, FILE *f)
{
	char v[PARAM_TEXT_MAX + 64];
	if (ps->decl[k].type == PARAM_REAL)
		config_write_real(ps->v[k], v, sizeof v);
	else
		param_format(ps, k, v, sizeof v);
	fprintf(f, "%s = %s\n", ps->decl[k].name, v);
}

int config_write(const Tournament *t, FILE *f)
{
	fprintf(f, "; the configuration as used, with every key explicit\n[tournament]\n");
	fprintf(f, "name = %s\ntype = %s\n", t->name,
	        t->type == TOUR_GAUNTLET ? "gauntlet" : "round-robin");
	fprintf(f, "rounds = %d\npairs = %d\nboard = %d\nrule = %s\n", t->rounds, t->pairs,
	        t->size, rule_name(t->rule));
	/* The hash found (inputs_resolve), else the one the file gave. */
	const char *hash = t->openings_hash[0] ? t->openings_hash : t->openings_hash_given;
	if (t->openings[0])
		fprintf(f, "openings = %s\n", t->openings);
	if (t->openings[0] && hash[0])
		fprintf(f, "openings_hash = %s\n", hash);
	fprintf(f, "opening_order = %s\nsymmetries = %s\n",
	        t->order == ORDER_RANDOM ? "random" : "sequential",
	        t->symmetries ? "on" : "off");
	fprintf(f, "threads = %d\nseed = %llu\n", t->threads, (unsigned long long)t->seed);
	fprintf(f, "nodes = %llu\ndepth = %d\nms = %lld\n",
	        (unsigned long long)t->budget.nodes, t->budget.depth,
	        (long long)t->budget.ms);
	if (t->anchor[0])
		fprintf(f, "anchor = %s\n", t->anchor);
	fprintf(f, "max_plies = %d\nout = %s\npsq = %s\nstatus_every = %d\n", t->max_plies,
	        t->out, t->psq ? "on" : "off", t->status_every);
	if (t->restart >= 0) /* each external player's own restart says the rest */
		fprintf(f, "restart = %s\n", t->restart ? "on" : "off");
	fprintf(f, "sprt = %s\n", t->sprt ? "on" : "off");
	const char *keys[] = {"elo0", "elo1", "alpha", "beta"};
	const double vals[] = {t->elo0, t->elo1, t->alpha, t->beta};
	for (int k = 0; k < 4; k++) {
		char v[32];
		config_write_real(vals[k], v, sizeof v);
		fprintf(f, "%s = %s\n", keys[k], v);
	}
	bool any = false;
	for (int i = 0; i < t->nplayers; i++)
		if (t->players[i].challenger) {
			fprintf(f, "%s%s",
			        any ? ", " : "challengers = ", t->players[i].name);
			any = true;
		}
	if (any)
		fputc('\n', f);
	for (int i = 0; i < t->nplayers; i++) {
		const PlayerSpec *p = &t->players[i];
		fprintf(f, "\n[player %s]\ntype = %s\n", p->name, p->type->name);
		if (p->budget_set) /* its own budget, whole (0 = no limit) */
			fprintf(f, "nodes = %llu\ndepth = %d\nms = %lld\n",
			        (unsigned long long)p->budget.nodes, p->budget.depth,
			        (long long)p->budget.ms);
		for (int k = 0; k < p->params.n; k++)
			write_param(&p->params, k, f);
		hash = p->program_hash[0] ? p->program_hash : p->program_hash_given;
		if (p->program[0])
			fprintf(f, "program = %s\n", p->program);
		if (hash[0])
			fprintf(f, "program_hash = %s\n", hash);
	}
	return ferror(f) ? -1 : 0;
}
