/*
 * The compilers rwonce builds test programs with: what a compiler named on
 * the command line is (gcc, clang or tcc, and its version), which driver
 * compiles for a target, the optimisation levels, the macros it
 * predefines, and the steps -- compiling a program (with tcc's detour
 * through the system cc to link a static program), one object, or
 * assembly with the target's assembler.  Shared by `rwonce verify` (the
 * probes) and `rwonce fuzz` (random programs); grid.h makes the
 * configurations of a run from them.
 */
#ifndef RWONCE_COMPILERS_H
#define RWONCE_COMPILERS_H

#include "lib/strbuf.h"
#include "lib/util.h"
#include "targets/targets.h"

enum cc_family { CC_GCC, CC_CLANG, CC_TCC };

/* One compiler as the user named it, and what it turned out to be. */
struct compiler {
	const char *name;       /* as given: "gcc-11", "clang-19", a path */
	enum cc_family family;
	char *version;          /* from its predefined macros, for reports */
};

/* Run `CC -dM -E` once to fill family and version: 0, or -1 after error(). */
int compiler_identify(struct compiler *cc);

/*
 * The program to run for cc on target t: gcc is one driver per target
 * ("gcc-11" for aarch64 is "aarch64-linux-gnu-gcc-11"), clang takes
 * --target, tcc only compiles for this machine.  NULL after error().
 */
char *compiler_driver(const struct compiler *cc, const struct target *t);

/* The target's flags for this compiler's family (clang's --target...). */
void compiler_push_target_flags(struct strlist *argv, const struct compiler *cc,
				const struct target *t);

/* "0,2 s" / "O2" / "-O2" into "-O0", "-O2", "-Os": 0, or -1 after error(). */
int compiler_parse_levels(const struct strlist *in, struct strlist *out);

/* What a compile step did, when it did not succeed. */
struct compile_failure {
	char *program;          /* the program that failed: argv[0] */
	int not_started;        /* could not be started: reason in what */
	int timed_out, signalled;
	char *what;             /* "exited with status 1", strerror... */
	char *err;              /* its standard error */
	double seconds;         /* time spent compiling, failed or not */
};

/*
 * Run "DRIVER FLAGS -o EXE FILES..." (argv, without a NULL terminator;
 * it may be rewritten).  For tcc, which cannot link a static glibc
 * program, each .c/.S file is compiled alone and the system cc links the
 * objects (in dir).  0 on success; -1 with *f filled otherwise.  The time
 * spent is added to f->seconds either way.
 */
int compiler_run(const struct compiler *cc, struct strlist *argv,
		 const char *dir, unsigned timeout_ms, struct compile_failure *f);
void compile_failure_release(struct compile_failure *f);

/*
 * The macros "CMD -dM -E" predefines (cmd: the driver and the flags that
 * change them), run on an empty file made in dir.  The text (caller
 * frees), or NULL with *f filled.
 */
char *compiler_macros(const struct strlist *cmd, const char *dir,
		      struct compile_failure *f);

/* Compile one file to an object: "CMD -c -o OBJ SRC".  0, or -1 with *f
 * filled; the time is added to f->seconds either way. */
int compiler_compile_object(const struct strlist *cmd, const char *src,
			    const char *obj, unsigned timeout_ms,
			    struct compile_failure *f);

/*
 * Assemble hand-written assembly with the target's own assembler ("as",
 * or "<triple>-as" for another machine), as a project's build would:
 * 0 when it did, -1 with *f when it refused, 1 when this machine has no
 * such assembler (the compiler driver may still find one).
 */
int compiler_assemble(const struct target *t, const char *src, const char *obj,
		      unsigned timeout_ms, struct compile_failure *f);

/* The first max lines of text, each indented by two spaces; caller frees. */
char *first_lines(const char *text, int max);

#endif
