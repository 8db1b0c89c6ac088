/*
 * The type-aware engine of `rwonce audit`: parses every translation unit of
 * a compilation database (compile_commands.json) through libclang's C API
 * and answers the type questions the lexical engine can only guess at --
 * what an ACCESS_ONCE operand really is after typedefs, how big a
 * once-accessed object is, whether a volatile access hits a multi-field
 * aggregate that clang splits.
 *
 * When the tool is built without libclang (see mk/60-clang-engine.mk),
 * clang_engine_available() says how to get it and clang_engine_run()
 * fails; nothing else changes.
 */
#ifndef RWONCE_AUDIT_CLANG_ENGINE_H
#define RWONCE_AUDIT_CLANG_ENGINE_H

#include "cfront/once-macros.h"
#include "findings/finding.h"
#include "lib/plugin.h"
#include "lib/strbuf.h"
#include "lib/util.h"

struct clang_engine_options {
	/* Folder holding compile_commands.json (-p DIR). */
	const char *build_dir;
	/* Translation units parsed at once; 0: one per online core. */
	int jobs;
	/*
	 * Restrict the run to these source files or folders (as given on the
	 * command line; empty: every unit in the database).
	 */
	const struct strlist *paths;
	/*
	 * The once-macros (cfront/once-macros.h): the built-in names,
	 * --preset, --macro and those discovered in the tree, the same
	 * table as the lexical engine's.
	 */
	const struct once_macros *macros;
	/*
	 * --exclude globs (fnmatch), matched like the lexical engine's walk
	 * does: against the whole path and its last component.  A unit whose
	 * file matches is not parsed; a finding in a matching file (a
	 * header) is dropped.
	 */
	const struct strlist *excludes;
	/* Extra arguments appended to every unit's command line. */
	const struct strlist *extra_args;
	/* Print each unit's name on stderr as it is parsed. */
	int verbose;
	/* A progress line wanted (not -q, not --no-progress): shown on a
	 * terminal ("12/65 units", lib/progress.h). */
	int progress;
	/*
	 * If not NULL, receives the source file of every selected unit (as
	 * findings name it), so that a lexical-only rule such as double-fetch
	 * can be run over exactly the same files.
	 */
	struct strlist *unit_files;
};
#define CLANG_ENGINE_OPTIONS_INIT { NULL, 0, NULL, NULL, NULL, NULL, 0, 0, NULL }

struct clang_engine_stats {
	unsigned units;        /* translation units parsed */
	unsigned units_failed; /* units that did not parse cleanly */
	size_t sites;          /* once-accesses judged (0: nothing checked) */
	double seconds;        /* wall time of the whole run */
};

/*
 * Non-zero when this build has the engine.  Otherwise returns 0 and puts
 * into *why (if not NULL) one line saying how to get it.
 */
int clang_engine_available(struct strbuf *why);

/*
 * Audit every unit of o->build_dir/compile_commands.json, appending the
 * findings (sorted, each location once per run) to *out.
 *
 * Returns 0 when every unit parsed; the number of units that failed (each
 * reported on stderr with libclang's diagnostics; the run goes on for the
 * others) when some did; -1 after error() when the run could not start
 * (no database, unreadable database, no libclang in this build).
 */
int clang_engine_run(const struct clang_engine_options *o,
		     struct finding_list *out, struct clang_engine_stats *stats);

/* What `rwonce audit --engine=clang` says in a build without libclang. */
#define CLANG_ENGINE_HOW "this rwonce was built without libclang; install " \
			 "it (apt-get install libclang-dev) and rebuild (make)"

/*
 * The engine is a plugin (rwonce-clang.so, loaded by audit/clang-load.c
 * only when it is used: linking libclang into rwonce cost every command
 * 60 ms and 55 MiB to load it).  The plugin and the executable share these
 * structures, so the plugin says which layout it was built with and the
 * loader refuses one from another build (src/lib/plugin.h).
 */
#define CLANG_ENGINE_ABI_INIT PLUGIN_ABI_INIT(                                \
	sizeof(struct clang_engine_options), sizeof(struct clang_engine_stats), \
	sizeof(struct finding), sizeof(struct finding_list))

/* Exported by the plugin (src/audit/clang/plugin.c). */
void clang_engine_plugin_abi(struct plugin_abi *abi);

#endif
