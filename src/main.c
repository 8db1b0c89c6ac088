/*
 * rwonce: the command dispatcher.  `rwonce CMD [args]` runs the function
 * listed for CMD in commands.def.
 */
#include "commands.h"
#include "help.h"
#include "lib/run-info.h"
#include "lib/util.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

struct command {
	const char *name;
	command_fn *fn;
	const char *summary;
};

static const struct command commands[] = {
#define COMMAND(name, fn, summary) { name, fn, summary },
#include "commands.def"
#undef COMMAND
};

static void print_help(FILE *f)
{
	fputs("usage: rwonce <command> [<options>] [<args>]\n\n"
	      "Single-access reads and writes of shared memory, checked.\n\n"
	      "Commands:\n", f);
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		fprintf(f, "   %-10s %s\n", commands[i].name, commands[i].summary);
	fputs("\n'rwonce <command> --help' describes one command, 'rwonce help "
	      "<command>' shows its manual; see also rwonce(1).\n"
	      "Exit status: 0 clean, 1 findings or violations, 2 trouble.\n", f);
}

int main(int argc, const char **argv)
{
	/* A closed pipe (rwonce audit | head) is not an error worth a signal. */
	signal(SIGPIPE, SIG_IGN);
	/* what the reports say of this run (HTML, SARIF) */
	run_info_start(argc, argv);

	if (argc < 2) {
		print_help(stderr);
		return EXIT_TROUBLE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    (!strcmp(argv[1], "help") && argc == 2)) {
		print_help(stdout);
		return EXIT_CLEAN;
	}
	if (!strcmp(argv[1], "help") && argc > 3) {
		error("help: one command at a time; see 'rwonce --help'");
		return EXIT_TROUBLE;
	}
	if (!strcmp(argv[1], "--version"))
		argv[1] = "version";
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++) {
		if (!strcmp(argv[1], "help") &&
		    !strcmp(argv[2], commands[i].name))
			return help_show(commands[i].name, commands[i].fn);
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].fn(argc - 1, argv + 1);
	}
	error("'%s' is not a rwonce command; see 'rwonce --help'",
	      argc > 2 && !strcmp(argv[1], "help") ? argv[2] : argv[1]);
	return EXIT_TROUBLE;
}
