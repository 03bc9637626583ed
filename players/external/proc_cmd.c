/* proc_cmd.c - an engine's command line: words and the program's path. */
#define _POSIX_C_SOURCE 200809L
#include "proc_cmd.h"
#include "err.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int proc_cmd_split(const char *command, char *store, size_t storelen, char **argv, int max,
                   char *err, size_t errlen)
{
	int n = 0;
	size_t len = 0;
	const char *s = command;
	for (;;) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s)
			break;
		if (n + 1 >= max) {
			return err_set(err, errlen, "command has more than %d words",
			               max - 1);
		}
		argv[n++] = store + len;
		bool quoted = false;
		for (; *s && (quoted || (*s != ' ' && *s != '\t')); s++) {
			char c = *s;
			if (c == '"') {
				quoted = !quoted;
				continue;
			}
			if (quoted && c == '\\' && (s[1] == '"' || s[1] == '\\'))
				c = *++s;
			if (len + 2 > storelen) {
				return err_set(err, errlen, "command too long");
			}
			store[len++] = c;
		}
		if (quoted) {
			return err_set(err, errlen, "command has an unclosed quote");
		}
		if (len + 1 > storelen) {
			return err_set(err, errlen, "command too long");
		}
		store[len++] = '\0';
	}
	if (n == 0) {
		return err_set(err, errlen, "command is empty");
	}
	argv[n] = NULL;
	return n;
}

static bool is_program(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

int proc_cmd_resolve(const char *prog, char *path, size_t pathlen, char *err, size_t errlen)
{
	if (!path ||
	    pathlen == 0) { /* also tells GCC's -fsanitize build path is not NULL */
		return err_set(err, errlen, "no room for the path of '%s'", prog);
	}
	if (strchr(prog, '/')) {
		char cwd[PROC_PATH_MAX];
		if (prog[0] == '/')
			snprintf(path, pathlen, "%s", prog);
		else if (getcwd(cwd, sizeof cwd))
			snprintf(path, pathlen, "%s/%s", cwd, prog);
		else {
			return err_set(err, errlen, "cannot find the current folder: %s",
			               strerror(errno));
		}
		if (strlen(path) + 1 >= pathlen) {
			return err_set(err, errlen, "path of '%s' too long", prog);
		}
		if (!is_program(path)) {
			return err_set(err, errlen, "'%s' is not an executable file (%s)",
			               prog,
			               errno ? strerror(errno) : "not a regular file");
		}
		return 0;
	}
	const char *dirs = getenv("PATH");
	if (!dirs || !*dirs)
		dirs = "/usr/local/bin:/usr/bin:/bin";
	while (*dirs) {
		size_t n = strcspn(dirs, ":");
		int w = snprintf(path, pathlen, "%.*s/%s", (int)(n ? n : 1), n ? dirs : ".",
		                 prog);
		if (w > 0 && (size_t)w < pathlen && is_program(path)) {
			if (path[0] != '/') {
				char rel[PROC_PATH_MAX];
				snprintf(rel, sizeof rel, "%s", path);
				return proc_cmd_resolve(rel, path, pathlen, err, errlen);
			}
			return 0;
		}
		dirs += n + (dirs[n] == ':');
	}
	return err_set(err, errlen, "'%s' not found in PATH", prog);
}
