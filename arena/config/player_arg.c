/* player_arg.c - a player from the command line (player_arg.h). */
#define _POSIX_C_SOURCE 200809L
#include "player_arg.h"
#include "err.h"

#include <stdio.h>
#include <string.h>

#include "printable.h"
#include "registry.h"

int player_arg_parse(const char *text, const char *name, PlayerSpec *p, char *err,
                     size_t errlen)
{
	memset(p, 0, sizeof *p);
	snprintf(p->name, sizeof p->name, "%s", name);
	char buf[1024];
	if (snprintf(buf, sizeof buf, "%s", text) >= (int)sizeof buf)
		return err_input(err, errlen, "longer than %zu bytes", sizeof buf - 1);
	if (printable_control(buf))
		return err_input(err, errlen, "a control character (byte %d)",
		                 (unsigned char)*printable_control(buf));
	char *opts = strchr(buf, ':');
	if (opts)
		*opts++ = '\0';
	p->type = registry_find(buf);
	if (!p->type)
		return err_input(err, errlen,
		                 "unknown player type '%.64s' (arena players lists them)",
		                 buf);
	param_defaults(&p->params, p->type->params, p->type->nparams);
	char *save = NULL;
	for (char *kv = opts ? strtok_r(opts, ",", &save) : NULL; kv;
	     kv = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(kv, '=');
		if (!eq)
			return err_input(err, errlen, "'%.64s': expected key=value", kv);
		*eq = '\0';
		char msg[ERR_MAX];
		int rc = config_budget_key(&p->budget, &p->budget_set, kv, eq + 1, msg,
		                           sizeof msg);
		if (rc < 0) {
			return err_input(err, errlen, "%s", msg);
		} else if (rc == CONFIG_OTHER_KEY &&
		           param_set(&p->params, kv, eq + 1, msg, sizeof msg) < 0) {
			return err_input(err, errlen, "%s: %s", p->type->name, msg);
		}
	}
	return 0;
}
