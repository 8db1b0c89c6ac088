/*
 * `rwonce help CMD`: the command's manual page (doc/rwonce-CMD.1 of the
 * build tree, or the installed one beside the executable), shown by
 * man(1); where there is no page or no man, the command's --help text.
 */
#include "commands.h"
#include "help.h"
#include "lib/run-command.h"
#include "lib/util.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* $(MANDIR) seen from $(BINDIR) (mk/10-library.mk). */
#ifndef RWONCE_MANDIR_FROM_BIN
#define RWONCE_MANDIR_FROM_BIN "../share/man"
#endif

/* The page of cmd found from the executable's folder, or NULL. */
static char *find_page(const char *cmd)
{
	static const char *const places[] = {
		"/../doc/",                           /* the build tree */
		"/" RWONCE_MANDIR_FROM_BIN "/man1/",  /* installed */
	};
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	char *slash;

	if (n <= 0)
		return NULL;
	self[n] = '\0';
	slash = strrchr(self, '/');
	if (!slash)
		return NULL;
	*slash = '\0';
	for (size_t k = 0; k < ARRAY_SIZE(places); k++) {
		char *page = xasprintf("%s%srwonce-%s.1", self, places[k], cmd);

		if (!access(page, R_OK))
			return page;
		free(page);
	}
	return NULL;
}

int help_show(const char *cmd, command_fn *fn)
{
	char *page = find_page(cmd);
	const char *help_argv[] = { cmd, "--help", NULL };

	if (page && program_exists("man")) {
		char *const argv[] = { "man", "-l", page, NULL };

		/*
		 * man takes over (exec, not a child): its pager reads the
		 * terminal, which a child in a process group of its own
		 * (run-command.h) could not.
		 */
		fflush(stdout);
		execvp(argv[0], argv);
		warning("cannot run man (%s); here is 'rwonce %s --help'",
			strerror(errno), cmd);
	}
	free(page);
	/* parse_options() prints the usage and exits 0 on --help */
	return fn(2, help_argv);
}
