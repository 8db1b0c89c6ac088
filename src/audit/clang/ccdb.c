/*
 * compile_commands.json, read through libclang's own compilation database
 * reader (the same code clang-tidy and clangd use), so "command" strings
 * are split exactly as clang's tools split them.
 */
#define _GNU_SOURCE /* memfd_create */
#include "audit/clang/engine-internal.h"

#include "lib/strbuf.h"
#include "lib/strset.h"

#include <clang-c/CXCompilationDatabase.h>
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

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

/*
 * libclang's reader writes its complaint to stderr itself ("LIBCLANG
 * TOOLING ERROR: fixed-compilation-database: ... json-compilation-
 * database: Expected array."), ahead of rwonce's own message.  Its
 * stderr goes to a memory file for the call (nothing else runs yet: the
 * units' workers start later), and the words about the JSON go into
 * *why.
 */
static CXCompilationDatabase load_db(const char *build_dir,
				     CXCompilationDatabase_Error *err,
				     struct strbuf *why)
{
	static const char json_says[] = "json-compilation-database: ";
	int mem = memfd_create("rwonce-libclang-stderr", MFD_CLOEXEC);
	int saved = mem < 0 ? -1 : dup(2);
	CXCompilationDatabase db;
	struct strbuf said = STRBUF_INIT;
	char buf[4096];
	ssize_t n;
	const char *p;

	fflush(stderr);
	if (saved >= 0 && dup2(mem, 2) < 0) {
		close(saved);
		saved = -1;
	}
	db = clang_CompilationDatabase_fromDirectory(build_dir, err);
	if (saved < 0) {
		if (mem >= 0)
			close(mem);
		return db; /* could not capture: libclang spoke for itself */
	}
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	if (lseek(mem, 0, SEEK_SET) == 0)
		while ((n = read(mem, buf, sizeof(buf))) > 0)
			strbuf_add(&said, buf, (size_t)n);
	close(mem);
	/* "json-compilation-database: WHAT" is the line that tells */
	p = strstr(strbuf_str(&said), json_says);
	p = p ? p + sizeof(json_says) - 1 : strbuf_str(&said);
	if (!strncmp(p, "LIBCLANG TOOLING ERROR: ", 24))
		p += 24;
	for (; *p; p++)
		if (*p == '\n') {
			/* one line: the rest joined with "; " */
			while (p[1] == '\n')
				p++;
			if (p[1])
				strbuf_addstr(why, "; ");
		} else {
			strbuf_addch(why, *p);
		}
	while (why->len && (why->buf[why->len - 1] == '.' ||
			    why->buf[why->len - 1] == ' '))
		why->buf[--why->len] = '\0';
	if (*err == CXCompilationDatabase_NoError && why->len)
		warning("%s/compile_commands.json: libclang: %s", build_dir,
			strbuf_str(why));
	strbuf_release(&said);
	return db;
}

int ccdb_load(const char *build_dir, struct unit_list *out)
{
	char *json = xasprintf("%s/compile_commands.json", build_dir);
	CXCompilationDatabase_Error err;
	CXCompilationDatabase db;
	CXCompileCommands cmds;
	struct strbuf why = STRBUF_INIT, key = STRBUF_INIT;
	struct strset seen = STRSET_INIT;
	size_t dups = 0;
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
	db = load_db(build_dir, &err, &why);
	if (err != CXCompilationDatabase_NoError) {
		error("%s: not a compilation database%s%s (expected a JSON array "
		      "of {\"directory\", \"file\", \"command\" or "
		      "\"arguments\"} objects)", json,
		      why.len ? ": " : "", strbuf_str(&why));
		strbuf_release(&why);
		free(json);
		return -1;
	}
	strbuf_release(&why);
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
		/*
		 * The same file, folder and command again (a database
		 * appended to by every build: 50,000 copies were parsed
		 * 50,000 times) is the same unit: parsed once.  The key
		 * spells each part with its length, so no byte of a path
		 * or an argument can make two keys meet.
		 */
		strbuf_reset(&key);
		strbuf_addf(&key, "%zu:%s%zu:%s", strlen(u->dir), u->dir,
			    strlen(u->file), u->file);
		for (int a = 0; a < u->argc; a++)
			strbuf_addf(&key, "%zu:%s", strlen(u->argv[a]),
				    u->argv[a]);
		if (!strset_add(&seen, strbuf_str(&key))) {
			for (int a = 0; a < u->argc; a++)
				free(u->argv[a]);
			free(u->argv);
			free(u->dir);
			free(u->file);
			out->nr--;
			dups++;
		}
	}
	if (dups)
		fprintf(stderr, "rwonce audit: %s: %zu duplicate entr%s (the "
			"same file, folder and command) parsed once\n", json,
			dups, dups == 1 ? "y" : "ies");
	strset_release(&seen);
	strbuf_release(&key);
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
