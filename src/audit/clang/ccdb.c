/*
 * compile_commands.json, read through libclang's own compilation database
 * reader (the same code clang-tidy and clangd use), so "command" strings
 * are split exactly as clang's tools split them.
 */
#include "audit/clang/engine-internal.h"

#include <clang-c/CXCompilationDatabase.h>
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char *take(CXString s)
{
	const char *p = clang_getCString(s);
	char *r = xstrdup(p ? p : "");

	clang_disposeString(s);
	return r;
}

static char *join_path(const char *dir, const char *name)
{
	if (name[0] == '/' || !*dir)
		return xstrdup(name);
	return xasprintf("%s/%s", dir, name);
}

int ccdb_load(const char *build_dir, struct unit_list *out)
{
	char *json = xasprintf("%s/compile_commands.json", build_dir);
	CXCompilationDatabase_Error err;
	CXCompilationDatabase db;
	CXCompileCommands cmds;
	struct stat st;
	unsigned n;

	if (stat(json, &st) < 0) {
		error("%s: %s (write one with 'bear -- make' or CMake's "
		      "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON)",
		      json, strerror(errno));
		free(json);
		return -1;
	}
	/* libclang opens it for a read that a FIFO would block forever */
	if (!S_ISREG(st.st_mode)) {
		error("%s: %s", json, file_strerror(ENOT_REGULAR_FILE));
		free(json);
		return -1;
	}
	db = clang_CompilationDatabase_fromDirectory(build_dir, &err);
	if (err != CXCompilationDatabase_NoError) {
		error("%s: not a compilation database (expected a JSON array "
		      "of {\"directory\", \"file\", \"command\" or "
		      "\"arguments\"} objects)", json);
		free(json);
		return -1;
	}
	cmds = clang_CompilationDatabase_getAllCompileCommands(db);
	n = cmds ? clang_CompileCommands_getSize(cmds) : 0;
	for (unsigned i = 0; i < n; i++) {
		CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, i);
		unsigned nargs = clang_CompileCommand_getNumArgs(cmd);
		struct unit *u;
		char *file;

		if (!nargs)
			continue;
		ALLOC_GROW(out->items, out->nr + 1, out->alloc);
		u = &out->items[out->nr++];
		u->dir = take(clang_CompileCommand_getDirectory(cmd));
		file = take(clang_CompileCommand_getFilename(cmd));
		u->file = join_path(u->dir, file);
		free(file);
		u->argc = (int)nargs;
		u->argv = xcalloc(nargs + 1, sizeof(*u->argv));
		for (unsigned a = 0; a < nargs; a++)
			u->argv[a] = take(clang_CompileCommand_getArg(cmd, a));
	}
	if (cmds)
		clang_CompileCommands_dispose(cmds);
	clang_CompilationDatabase_dispose(db);
	free(json);
	return 0;
}

void unit_list_release(struct unit_list *l)
{
	for (size_t i = 0; i < l->nr; i++) {
		struct unit *u = &l->items[i];

		for (int a = 0; a < u->argc; a++)
			free(u->argv[a]);
		free(u->argv);
		free(u->dir);
		free(u->file);
	}
	free(l->items);
	l->items = NULL;
	l->nr = l->alloc = 0;
}

/*
 * GCC options clang does not take, as found in compilation databases of
 * GCC builds (the kernel's among them).  libclang ignores an unknown
 * option after an "unknown argument" error; these are dropped up front so
 * that a GCC build's units parse cleanly.  Prefix match when the entry
 * ends in '='.
 */
static const char *const gcc_only_options[] = {
	"-mpreferred-stack-boundary=", "-mindirect-branch=",
	"-mindirect-branch-register", "-mindirect-branch-cs-prefix",
	"-mfunction-return=", "-fno-allow-store-data-races",
	"-fconserve-stack", "-ftrivial-auto-var-init=", "-mrecord-mcount",
	"-fno-ipa-sra", "-fno-var-tracking-assignments", "-mskip-rax-setup",
	"-mno-fp-ret-in-387", "-fmin-function-alignment=",
	"-fsanitize-coverage=trace-pc", "-fno-tree-loop-im",
	"-fzero-call-used-regs=", "-Wno-maybe-uninitialized",
	"-fno-code-hoisting", "-mharden-sls=", "-fpatchable-function-entry=",
	/* ARM and arm64 kernels built by GCC */
	"-mno-fdpic", "-mtls-dialect=", "-mno-thumb-interwork",
	"-mword-relocations", "-mno-sched-prolog", "-mapcs", "-mapcs-frame",
	"-fno-ipa-cp-clone", "-fno-partial-inlining",
	"-femit-struct-debug-baseonly", "-mfix-cortex-a53-843419",
	"-mabi=lp64", /* arm64: clang knows only "aapcs" */
};

int gcc_only_option(const char *arg)
{
	for (size_t i = 0; i < ARRAY_SIZE(gcc_only_options); i++) {
		const char *o = gcc_only_options[i];
		size_t n = strlen(o);

		if (o[n - 1] == '=' ? !strncmp(arg, o, n) : !strcmp(arg, o))
			return 1;
	}
	return 0;
}

int cross_target_of(const char *compiler, char *out, size_t n)
{
	static const char *const drivers[] = {
		"-gcc", "-cc", "-g++", "-c++", "-clang", "-clang++",
	};
	const char *base = strrchr(compiler, '/');
	size_t len;

	base = base ? base + 1 : compiler;
	len = strlen(base);
	/* "-12" after the driver's name: a versioned GCC */
	{
		size_t k = len;

		while (k && isdigit((unsigned char)base[k - 1]))
			k--;
		if (k < len && k && base[k - 1] == '-')
			len = k - 1;
	}
	for (size_t i = 0; i < ARRAY_SIZE(drivers); i++) {
		size_t d = strlen(drivers[i]);
		const char *dash;

		if (len <= d || memcmp(base + len - d, drivers[i], d))
			continue;
		len -= d;
		/* A triple has at least ARCH-OS: "x-gcc" is not one. */
		dash = memchr(base, '-', len);
		if (!dash || len >= n)
			return 0;
		memcpy(out, base, len);
		out[len] = '\0';
		return 1;
	}
	return 0;
}
