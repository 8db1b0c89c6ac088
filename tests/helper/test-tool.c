/*
 * build/test-tool: one program for every test driver, as git's
 * t/helper/test-tool is -- `test-tool NAME ARGS...` runs the driver
 * NAME (test-NAME.c) on ARGS.  It links build/librwonce.a like the
 * tool links its objects, so a driver is one file and one row here,
 * never a list of sources in mk/.
 *
 *   cfront       the lexer, idioms, the type index, the once-macros
 *   clang-audit  the libclang engine itself (its plugin, loaded as the
 *                tool loads it)
 *   compare      verify's comparator on a cases file
 *   findings     options, comments, suppressions, functions,
 *                fingerprints, baselines
 *   lib          the worker pool, JSON, blank splitting, replace_file
 *   plugin-lookup-threads
 *                the QEMU plugin looked up by four threads at once (run
 *                in the -fsanitize=thread build: t0700)
 *   trace-dump   one program under one tracer, every access
 */
#include "test-tool.h"

#include <stdio.h>
#include <string.h>

static const struct {
	const char *name;
	int (*fn)(int argc, const char **argv);
} cmds[] = {
	{ "cfront", cmd__cfront },
	{ "clang-audit", cmd__clang_audit },
	{ "compare", cmd__compare },
	{ "findings", cmd__findings },
	{ "lib", cmd__lib },
	{ "plugin-lookup-threads", cmd__plugin_lookup_threads },
	{ "trace-dump", cmd__trace_dump },
};

int main(int argc, const char **argv)
{
	if (argc >= 2)
		for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
			if (!strcmp(argv[1], cmds[i].name))
				return cmds[i].fn(argc - 1, argv + 1);
	fprintf(stderr, "usage: test-tool NAME [ARGS...]; NAME is one of:");
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		fprintf(stderr, " %s", cmds[i].name);
	fputc('\n', stderr);
	return 2;
}
