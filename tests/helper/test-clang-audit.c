/*
 * A test front end for the libclang engine: `test-tool clang-audit -p DIR
 * [-j N] [--macro NAME=KIND] [PATH...]` runs the engine and prints each
 * finding GCC-style, the way `rwonce audit --engine=clang` does, with the
 * operand's types as a second line.  The golden tests (t30xx) use it so
 * that they test the engine itself, whatever the front end's options.
 * The engine is its plugin (build/rwonce-clang.so), loaded as the tool
 * loads it (audit/clang-load.h): test-tool does not link libclang, and a
 * build without libclang answers with the stub's message.
 */
#include "audit/clang-load.h"
#include "test-tool.h"
#include "lib/parse-options.h"

#include <stdio.h>
#include <sys/resource.h>

int cmd__clang_audit(int argc, const char **argv)
{
	static const char *const usage[] = {
		"test-tool clang-audit -p DIR [<options>] [<path>...]", NULL
	};
	struct clang_engine_options o = CLANG_ENGINE_OPTIONS_INIT;
	const char *dir = NULL;
	int jobs = 0, types = 0, stats_flag = 0;
	struct strlist macros = STRLIST_INIT, extra = STRLIST_INIT,
		       paths = STRLIST_INIT;
	struct option opts[] = {
		OPT_STRING('p', NULL, &dir, "DIR",
			   "folder with compile_commands.json"),
		OPT_INT('j', "jobs", &jobs, "N", "units parsed at once"),
		OPT_LIST(0, "macro", &macros, "NAME=KIND",
			 "a once-access macro of the project"),
		OPT_LIST(0, "extra-arg", &extra, "ARG",
			 "append ARG to every unit's command line"),
		OPT_BOOL(0, "types", &types, "print the operand's types"),
		OPT_BOOL(0, "stats", &stats_flag, "print unit counts and time"),
		OPT_BOOL(0, "progress", &o.progress, "a progress line on stderr"),
		OPT_END(),
	};
	struct clang_engine_stats stats = { 0, 0, 0, 0 };
	struct finding_list found = FINDING_LIST_INIT;
	struct strbuf why = STRBUF_INIT;
	struct once_macros table;
	int rc;

	argc = parse_options(argc, argv, opts, usage);
	once_macros_init(&table);
	for (size_t i = 0; i < macros.nr; i++)
		if (once_macros_add_spec(&table, macros.items[i]))
			return EXIT_TROUBLE;
	for (int i = 0; i < argc; i++)
		strlist_push(&paths, argv[i]);
	if (!clang_load_available(&why)) {
		error("%s", why.buf);
		return EXIT_TROUBLE;
	}
	o.build_dir = dir;
	o.jobs = jobs;
	o.macros = &table;
	o.extra_args = &extra;
	o.paths = &paths;
	rc = clang_load_run(&o, &found, &stats);
	if (rc < 0)
		return EXIT_TROUBLE;
	for (size_t i = 0; i < found.nr; i++) {
		const struct finding *f = &found.items[i];

		printf("%s:%u:%u: warning: %s [%s]\n", f->path, f->line, f->col,
		       f->message, rules[f->rule].name);
		if (types && f->type_spelled)
			printf("%s:%u:%u: note: type '%s', canonical '%s'\n",
			       f->path, f->line, f->col, f->type_spelled,
			       f->type_canonical ? f->type_canonical : "?");
	}
	if (stats_flag) {
		struct rusage ru;

		getrusage(RUSAGE_SELF, &ru);
		fprintf(stderr, "units: %u, failed: %u, findings: %zu, %.3f s, "
			"peak RSS %ld KiB\n", stats.units, stats.units_failed,
			found.nr, stats.seconds, ru.ru_maxrss);
	}
	rc = rc > 0 ? EXIT_TROUBLE : found.nr ? EXIT_FINDINGS : EXIT_CLEAN;
	finding_list_release(&found);
	once_macros_release(&table);
	return rc;
}
