/*
 * Compilers: identification, per-target drivers, optimisation levels and
 * the compile step (see compilers.h).
 */
#include "compilers/compilers.h"
#include "lib/run-command.h"
#include "lib/tempdir.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *compiler_driver(const struct compiler *cc, const struct target *t)
{
	const char *base = strrchr(cc->name, '/');

	base = base ? base + 1 : cc->name;
	if (cc->family == CC_TCC) {
		if (!t->native || t != target_native()) {
			error("tcc compiles only for this machine (%s), not for %s",
			      target_native() ? target_native()->name : "?", t->name);
			return NULL;
		}
		return xstrdup(cc->name);
	}
	if (cc->family == CC_CLANG || t == target_native() ||
	    !strchr(t->gcc, '-') || strchr(cc->name, '/'))
		return xstrdup(cc->name);
	if (!strcmp(base, "cc") || !strcmp(base, "gcc")) {
		if (!program_exists(t->gcc)) {
			error("no C compiler for %s: %s is not installed "
			      "(apt-get install %s)", t->name, t->gcc, t->packages);
			return NULL;
		}
		return xstrdup(t->gcc);
	}
	if (!strncmp(base, "gcc-", 4)) {
		char *d = xasprintf("%s%s", t->gcc, base + 3);
		if (!program_exists(d)) {
			error("no %s cross compiler for %s: %s is not installed "
			      "(apt-get install %s-%s; the target also needs: %s)",
			      base, t->name, d, base, t->triple, t->packages);
			free(d);
			return NULL;
		}
		return d;
	}
	return xstrdup(cc->name);
}

void compiler_push_target_flags(struct strlist *argv, const struct compiler *cc,
				const struct target *t)
{
	const char *const *flags = cc->family == CC_GCC ? t->gcc_flags :
				   cc->family == CC_CLANG ? t->clang_flags : NULL;

	for (; flags && *flags; flags++)
		strlist_push(argv, *flags);
}

int compiler_parse_levels(const struct strlist *in, struct strlist *out)
{
	struct strlist words = STRLIST_INIT;
	int ret = 0;

	for (size_t i = 0; i < in->nr; i++)
		strlist_split_blanks(&words, in->items[i]);
	for (size_t i = 0; i < words.nr && !ret; i++) {
		const char *lvl = words.items[i];

		/* Accept 2, O2 and -O2 alike. */
		if (!strncmp(lvl, "-O", 2))
			lvl += 2;
		else if (lvl[0] == 'O')
			lvl += 1;
		if (strlen(lvl) != 1 || !strchr("0123sgz", lvl[0]))
			ret = error("--opt: '%s' is not an optimisation level (0, 1, 2, 3, s, g, z, as 2, O2 or -O2)",
				    words.items[i]);
		else
			strlist_push_nodup(out, xasprintf("-O%s", lvl));
	}
	strlist_clear(&words);
	return ret;
}

char *first_lines(const char *text, int max)
{
	struct strbuf sb = STRBUF_INIT;
	int n = 0;

	for (const char *s = text; *s && n < max; n++) {
		const char *e = strchr(s, '\n');
		size_t len = e ? (size_t)(e - s) : strlen(s);

		strbuf_addstr(&sb, "  ");
		strbuf_add(&sb, s, len);
		strbuf_addch(&sb, '\n');
		s += len + (e != NULL);
	}
	if (sb.len)
		sb.buf[--sb.len] = '\0';
	return strbuf_detach(&sb);
}

/* Run one step; fill *f when it did not exit 0.  Its standard output
 * goes to *out when out is not NULL. */
static int run_step(const char *const *argv, unsigned timeout_ms,
		    struct compile_failure *f, struct strbuf *out)
{
	struct child ch = CHILD_INIT;
	int ret = 0;

	ch.argv = argv;
	ch.timeout_ms = timeout_ms;
	if (run_child(&ch) || !child_ok(&ch)) {
		free(f->program);
		free(f->what);
		free(f->err);
		f->program = xstrdup(argv[0]);
		f->not_started = ch.exec_errno != 0;
		f->timed_out = ch.timed_out;
		f->signalled = ch.signo != 0 && !ch.timed_out;
		f->what = xstrdup(ch.exec_errno ? strerror(ch.exec_errno)
						: child_describe(&ch));
		f->err = xstrdup(strbuf_str(&ch.err));
		ret = -1;
	} else if (out) {
		strbuf_addstr(out, strbuf_str(&ch.out));
	}
	f->seconds += ch.seconds;
	child_release(&ch);
	return ret;
}

static int run_list(struct strlist *argv, unsigned timeout_ms,
		    struct compile_failure *f)
{
	int ret;

	strlist_push_nodup(argv, NULL);
	ret = run_step((const char *const *)argv->items, timeout_ms, f, NULL);
	argv->nr--; /* the NULL terminator is not a string to free */
	return ret;
}

/*
 * Turn "tcc FLAGS -static -o EXE a.c b.c a.o" into: tcc FLAGS -c for each
 * .c file, then "cc -static -o EXE a.o b.o ...".  argv is rewritten.
 */
static int tcc_objects(struct strlist *argv, const char *dir,
		       unsigned timeout_ms, struct compile_failure *f)
{
	struct strlist link = STRLIST_INIT;
	size_t first_file = 0;

	strlist_push(&link, "cc");
	strlist_push(&link, "-static");
	strlist_push(&link, "-o");
	for (size_t i = 0; i < argv->nr; i++)
		if (!strcmp(argv->items[i], "-o") && i + 1 < argv->nr) {
			strlist_push(&link, argv->items[i + 1]);
			first_file = i + 2;
			break;
		}
	for (size_t i = first_file; i < argv->nr; i++) {
		const char *file = argv->items[i];
		struct strlist cc = STRLIST_INIT;
		char *obj;

		if (!ends_with(file, ".c") && !ends_with(file, ".S")) {
			strlist_push(&link, file);
			continue;
		}
		obj = xasprintf("%s/tcc%zu.o", dir, i);
		for (size_t k = 0; k + 2 < first_file; k++)
			if (strcmp(argv->items[k], "-static"))
				strlist_push(&cc, argv->items[k]);
		strlist_push(&cc, "-c");
		strlist_push(&cc, "-o");
		strlist_push(&cc, obj);
		strlist_push(&cc, file);
		if (run_list(&cc, timeout_ms, f)) {
			strlist_clear(&cc);
			strlist_clear(&link);
			free(obj);
			return -1;
		}
		strlist_clear(&cc);
		strlist_push_nodup(&link, obj);
	}
	strlist_clear(argv);
	*argv = link;
	return 0;
}

int compiler_run(const struct compiler *cc, struct strlist *argv,
		 const char *dir, unsigned timeout_ms, struct compile_failure *f)
{
	/*
	 * tcc 0.9.27 cannot link a static glibc program ("Unknown
	 * relocation type for got: 23"): it compiles each file to an
	 * object, and the system cc links them.
	 */
	if (cc->family == CC_TCC && tcc_objects(argv, dir, timeout_ms, f))
		return -1;
	return run_list(argv, timeout_ms, f);
}

void compile_failure_release(struct compile_failure *f)
{
	free(f->program);
	free(f->what);
	free(f->err);
	memset(f, 0, sizeof(*f));
}

int compiler_compile_object(const struct strlist *cmd, const char *src,
			    const char *obj, unsigned timeout_ms,
			    struct compile_failure *f)
{
	struct strlist argv = STRLIST_INIT;
	int ret;

	for (size_t i = 0; i < cmd->nr; i++)
		strlist_push(&argv, cmd->items[i]);
	strlist_push(&argv, "-c");
	strlist_push(&argv, "-o");
	strlist_push(&argv, obj);
	strlist_push(&argv, src);
	ret = run_step((const char *const *)argv.items, timeout_ms, f, NULL);
	strlist_clear(&argv);
	return ret;
}

int compiler_assemble(const struct target *t, const char *src, const char *obj,
		      unsigned timeout_ms, struct compile_failure *f)
{
	char *as = t->native ? xstrdup("as") : xasprintf("%s-as", t->triple);
	const char *argv[] = { as, "-o", obj, src, NULL };
	int ret = 1;

	if (program_exists(as))
		ret = run_step(argv, timeout_ms, f, NULL);
	free(as);
	return ret;
}

char *compiler_macros(const struct strlist *cmd, const char *dir,
		      struct compile_failure *f)
{
	struct strlist argv = STRLIST_INIT;
	struct strbuf out = STRBUF_INIT;
	char *empty = xasprintf("%s/macros.c", dir);
	FILE *e = fopen(empty, "w");
	char *macros = NULL;

	if (!e || fclose(e))
		die_errno("cannot create %s", empty);
	for (size_t i = 0; i < cmd->nr; i++)
		strlist_push(&argv, cmd->items[i]);
	strlist_push(&argv, "-dM");
	strlist_push(&argv, "-E");
	strlist_push(&argv, empty);
	if (!run_step((const char *const *)argv.items, 30000, f, &out))
		macros = strbuf_detach(&out);
	strbuf_release(&out);
	strlist_clear(&argv);
	free(empty);
	return macros;
}

int compiler_identify(struct compiler *cc)
{
	/* An empty file of our own rather than /dev/null, which a root
	 * build elsewhere on the machine can turn into a regular file. */
	const char *dir = tempdir_create("identify");
	struct strlist cmd = STRLIST_INIT;
	struct compile_failure f = { 0 };
	char *out;
	const char *v;

	strlist_push(&cmd, cc->name);
	out = compiler_macros(&cmd, dir, &f);
	strlist_clear(&cmd);
	tempdir_remove(dir);
	if (!out) {
		if (f.not_started && !program_exists(cc->name))
			error("compiler '%s' not found (is it installed and in PATH?)", cc->name);
		else if (f.not_started)
			error("compiler '%s' could not be started: %s", cc->name, f.what);
		else
			error("compiler '%s' does not work: %s", cc->name, f.what);
		compile_failure_release(&f);
		return -1;
	}
	compile_failure_release(&f);
	/* Every C compiler predefines __STDC__ or at least some macro;
	 * `/bin/true` or a script that prints nothing is not one. */
	if (!strstr(out, "#define ")) {
		error("'%s' is not a working C compiler: '%s -dM -E' listed no "
		      "predefined macros", cc->name, cc->name);
		free(out);
		return -1;
	}
	if (strstr(out, "#define __clang__ "))
		cc->family = CC_CLANG;
	else if (strstr(out, "#define __TINYC__ "))
		cc->family = CC_TCC;
	else
		cc->family = CC_GCC;
	v = strstr(out, cc->family == CC_CLANG ? "#define __clang_version__ " :
		   cc->family == CC_TCC ? "#define __TINYC__ " : "#define __VERSION__ ");
	if (v && cc->family == CC_TCC) {
		/* __TINYC__ is 927 for tcc 0.9.27 */
		unsigned long n = strtoul(v + strlen("#define __TINYC__ "), NULL, 10);

		cc->version = xasprintf("%lu.%lu.%lu", n / 10000, n / 100 % 100, n % 100);
	} else if (v) {
		v = strchr(v + 9, ' ') + 1;
		v += *v == '"';
		cc->version = xstrndup(v, strcspn(v, "\"\n"));
		for (size_t n = strlen(cc->version); n && cc->version[n - 1] == ' '; n--)
			cc->version[n - 1] = '\0';
	} else {
		cc->version = xstrdup("?");
	}
	free(out);
	return 0;
}
