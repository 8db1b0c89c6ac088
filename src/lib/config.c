/*
 * Finding the config file (config.h); reading it is parse-options.c's,
 * through libinih.
 */
#include "lib/config.h"
#include "lib/util.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The keys a config file may hold: the options audit, scan and fix
 * share (not every command has each; see parse-options.c). */
static const struct {
	const char *name;
	int kind; /* enum config_key_kind */
} keys[] = {
	{ "exclude", CONFIG_VALUE }, { "macro", CONFIG_VALUE },
	{ "enable", CONFIG_VALUE }, { "disable", CONFIG_VALUE },
	{ "preset", CONFIG_VALUE }, { "fail-on", CONFIG_VALUE },
	{ "baseline", CONFIG_PATH }, { "output", CONFIG_REPORT },
};

int config_key_kind(const char *key)
{
	for (size_t i = 0; i < ARRAY_SIZE(keys); i++)
		if (!strcmp(keys[i].name, key))
			return keys[i].kind;
	return 0;
}

const char *config_key_names(void)
{
	return "exclude, macro, enable, disable, preset, fail-on, baseline, "
	       "output";
}

void config_say(const struct config_use *u, int verbose, int quiet)
{
	if (quiet || (!verbose && !u->outputs.nr))
		return;
	if (u->read && u->outputs.nr) {
		/* reports the command line did not name: say where from */
		fprintf(stderr, "rwonce %s: options from %s (output =",
			u->command, u->read);
		for (size_t i = 0; i < u->outputs.nr; i++)
			fprintf(stderr, " %s", u->outputs.items[i]);
		fputs(")\n", stderr);
	} else if (u->read)
		fprintf(stderr, "rwonce %s: options from %s\n", u->command,
			u->read);
	else
		fprintf(stderr, "rwonce %s: no config file (%s)\n", u->command,
			u->none ? "--no-config" : "no " CONFIG_FILE_NAME
			" from the first path up to the top of the tree");
}

static int exists(const char *dir, const char *name, int want_dir)
{
	char *p = xasprintf("%s/%s", dir, name);
	struct stat st;
	int r = !stat(p, &st) && (want_dir < 0 || (S_ISDIR(st.st_mode) ? 1 : 0) == want_dir);

	free(p);
	return r;
}

char *config_find(const char *start)
{
	char *dir = realpath(start ? start : ".", NULL);
	struct stat st;

	if (!dir)
		return NULL; /* the command names the missing path itself */
	if (!stat(dir, &st) && !S_ISDIR(st.st_mode)) {
		char *slash = strrchr(dir, '/');

		if (slash == dir)
			slash[1] = '\0';
		else if (slash)
			*slash = '\0';
	}
	for (;;) {
		char *slash;

		if (exists(dir, CONFIG_FILE_NAME, 0)) {
			char *found = xasprintf("%s/%s", strcmp(dir, "/") ?
						dir : "", CONFIG_FILE_NAME);

			free(dir);
			return found;
		}
		/* the top of the tree: a .git folder, or a worktree's
		 * .git file */
		if (exists(dir, ".git", -1) || !strcmp(dir, "/"))
			break;
		slash = strrchr(dir, '/');
		if (slash == dir)
			slash[1] = '\0';
		else
			*slash = '\0';
	}
	free(dir);
	return NULL;
}
