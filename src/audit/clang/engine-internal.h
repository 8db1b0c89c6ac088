/*
 * Inside the libclang engine: the compilation database, the per-unit
 * audit, and the table of once-access macros they share.  Only
 * src/audit/clang/ includes this.
 */
#ifndef RWONCE_AUDIT_CLANG_INTERNAL_H
#define RWONCE_AUDIT_CLANG_INTERNAL_H

#include <clang-c/Index.h>

#include "audit/clang/clang-engine.h"
#include "cfront/once-macros.h"

/* One entry of compile_commands.json, paths made absolute. */
struct unit {
	char *dir;   /* "directory" */
	char *file;  /* "file", absolute */
	char **argv; /* the compiler's command line, argv[0] the compiler */
	int argc;
};

struct unit_list {
	struct unit *items;
	size_t nr, alloc;
};

/*
 * Load build_dir/compile_commands.json.  Returns 0, or -1 after error()
 * naming the file and what is wrong.
 */
int ccdb_load(const char *build_dir, struct unit_list *out);
void unit_list_release(struct unit_list *l);

/* A GCC option clang does not take, dropped from a unit's command line. */
int gcc_only_option(const char *arg);
/*
 * The target triple a GCC cross compiler's name stands for
 * ("arm-linux-gnueabihf-gcc", "aarch64-linux-gnu-gcc-12" ->
 * "arm-linux-gnueabihf", "aarch64-linux-gnu"), copied into out (size n):
 * 1, or 0 for a native compiler ("gcc", "cc", "clang-14").
 */
int cross_target_of(const char *compiler, char *out, size_t n);

/* What a once-access macro is, for the rules: the shared table's kinds
 * (cfront/once-macros.h) with "not one" added. */
enum once_kind {
	ONCE_KIND_NONE = 0,
	ONCE_KIND_ACCESS, /* ACCESS_ONCE: a volatile lvalue, read or written */
	ONCE_KIND_READ,   /* READ_ONCE and friends */
	ONCE_KIND_WRITE,  /* WRITE_ONCE and friends */
};

/* The kind of the macro name in the table, or ONCE_KIND_NONE. */
enum once_kind once_macro_kind(const struct once_macros *t, const char *name);

/*
 * The top-level declarations and macro definitions of headers already
 * judged in this run, shared by the threads: a header's code is walked
 * once per run and target, in the first unit that reaches it, not again
 * in every unit that includes it (kernel units are mostly headers).
 */
struct seen_set;
struct seen_set *seen_set_new(void);
void seen_set_free(struct seen_set *s);
/*
 * Non-zero the first time the place (file, offset) is offered for this
 * target (pointer width); 0 afterwards.  Places without a file: always
 * non-zero.
 */
int seen_set_first(struct seen_set *s, CXSourceLocation loc, unsigned target);

/* What the audit of one unit produced. */
struct unit_result {
	struct finding_list findings;
	struct strbuf diagnostics; /* errors to show when the unit failed */
	int failed;                /* did not parse, or parsed with errors */
	size_t sites;              /* once-accesses judged */
};

/*
 * Parse one unit with its own flags and append its findings.  The index
 * belongs to the calling thread (libclang indexes are not shared).
 */
void audit_unit(CXIndex index, const struct unit *u,
		const struct once_macros *macros,
		const struct strlist *extra_args, struct seen_set *seen,
		struct unit_result *r);

#endif
