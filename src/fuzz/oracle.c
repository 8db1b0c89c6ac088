/*
 * The oracle: compile a program under one configuration into a static
 * executable, find its volatile objects through the ELF symbol table and
 * trace every access to them, keeping the checksum the program prints.
 */
#include "fuzz/fuzz.h"
#include "elf/elf-symbols.h"
#include "lib/run-command.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *run_status_name(enum run_status s)
{
	switch (s) {
	case RUN_OK: return "ok";
	case RUN_COMPILER_FAILED: return "compiler-failed";
	case RUN_COMPILER_CRASHED: return "compiler-crashed";
	case RUN_COMPILER_TIMEOUT: return "compiler-timeout";
	case RUN_PROGRAM_FAILED: return "program-failed";
	case RUN_PROGRAM_TIMEOUT: return "program-timeout";
	case RUN_TRACE_TROUBLE: return "trace-trouble";
	}
	return "?";
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void set_status(struct run *r, enum run_status s, const char *fmt, ...)
	RWONCE_PRINTF(3, 4);
static void set_status(struct run *r, enum run_status s, const char *fmt, ...)
{
	va_list ap;
	char buf[1024];

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	/* One line: the results file has one record a line. */
	for (char *p = buf; *p; p++)
		if (*p == '\n' || *p == '\t')
			*p = ' ';
	r->status = s;
	free(r->detail);
	r->detail = xstrdup(buf);
}

/* The "checksum = ..." line Csmith's programs print last. */
static void keep_checksum(struct run *r, const char *out)
{
	const char *c = strstr(out, "checksum = ");

	free(r->checksum);
	r->checksum = c ? xstrndup(c + 11, strcspn(c + 11, "\r\n"))
			: xstrdup("");
}

/* The line that says what went wrong: the first error, not a warning. */
static const char *first_complaint(const char *err)
{
	static const char *const marks[] = {
		"internal compiler error", "error:", "undefined reference", "error",
	};

	for (size_t i = 0; i < ARRAY_SIZE(marks); i++) {
		const char *m = strstr(err, marks[i]);

		if (m) {
			while (m > err && m[-1] != '\n')
				m--;
			return m;
		}
	}
	return err;
}

/* The private temp folder out of a message, so that a seed's result
 * lines are the same on every run: "/tmp/rwonce-fuzz.X/seed-4.c" ->
 * "seed-4.c". */
static void scrub_dir(char *msg, const char *dir)
{
	size_t n = strlen(dir);
	char *p;

	while ((p = strstr(msg, dir)) != NULL) {
		size_t skip = n + (p[n] == '/');
		memmove(p, p + skip, strlen(p + skip) + 1);
	}
}

/* Compile into dir/exe; 0, or -1 with r's status set. */
static int compile(const struct fuzz_config *c, const char *src,
		   const char *exe, const char *dir,
		   const struct oracle_opts *o, struct run *r)
{
	struct strlist argv = STRLIST_INIT;
	struct compile_failure f;
	int ret = 0;

	memset(&f, 0, sizeof(f));
	strlist_push(&argv, c->driver);
	compiler_push_target_flags(&argv, c->cc, c->target);
	strlist_push(&argv, c->opt);
	strlist_push(&argv, "-w");
	strlist_push(&argv, "-I");
	strlist_push(&argv, o->include_dir);
	strlist_push(&argv, "-static");
	strlist_push(&argv, "-o");
	strlist_push(&argv, exe);
	strlist_push(&argv, src);
	/* csmith.h's safe math for floats calls fabsf. */
	strlist_push(&argv, "-lm");
	if (compiler_run(c->cc, &argv, dir, o->compile_timeout_ms, &f)) {
		const char *first = first_complaint(f.err ? f.err : "");
		int n = (int)strcspn(first, "\n");

		if (f.timed_out)
			set_status(r, RUN_COMPILER_TIMEOUT, "%s %s", f.program, f.what);
		else if (f.signalled || strstr(first, "internal compiler error") ||
			 strstr(first, "PLEASE submit a bug report"))
			set_status(r, RUN_COMPILER_CRASHED, "%s %s: %.*s", f.program,
				    f.what, n, first);
		else
			set_status(r, RUN_COMPILER_FAILED, "%s %s: %.*s", f.program,
				    f.what, n, first);
		ret = -1;
		scrub_dir(r->detail, dir);
	}
	r->compile_s += f.seconds;
	compile_failure_release(&f);
	strlist_clear(&argv);
	return ret;
}

static const struct volobj *object_at(const struct volobjs *v, uint64_t addr,
				      unsigned size, uint32_t *idx)
{
	for (size_t i = 0; i < v->nr; i++) {
		const struct volobj *o = &v->o[i];

		if (o->size && addr < o->addr + o->size && addr + size > o->addr) {
			*idx = (uint32_t)i;
			return o;
		}
	}
	return NULL;
}

void oracle_run(const struct fuzz_config *c, const char *src,
		const char *dir, const struct oracle_opts *o, struct run *r)
{
	char *exe = xasprintf("%s/prog-%s-%s-%s", dir, c->target->name,
			      c->cc->family == CC_GCC ? "gcc" :
			      c->cc->family == CC_CLANG ? "clang" : "tcc", c->opt + 1);
	struct elf_symbols syms;
	struct volobjs objs;
	struct trace t;
	struct trace_request req;
	struct strbuf why = STRBUF_INIT, out = STRBUF_INIT;
	uint64_t lo = UINT64_MAX, hi = 0;
	char *text;
	double t0;

	memset(r, 0, sizeof(*r));
	memset(&syms, 0, sizeof(syms));
	memset(&objs, 0, sizeof(objs));
	memset(&t, 0, sizeof(t));
	text = read_file(src, NULL);
	if (!text) {
		set_status(r, RUN_TRACE_TROUBLE, "cannot read %s", src);
		goto out;
	}
	if (compile(c, src, exe, dir, o, r))
		goto out;
	volobjs_parse(&objs, text, c->target->word_size);
	if (elf_symbols_load(&syms, exe, &why)) {
		set_status(r, RUN_TRACE_TROUBLE, "%s", why.buf);
		goto out;
	}
	for (size_t i = 0; i < objs.nr; i++) {
		const struct elf_symbol *s = elf_symbol_find(&syms, objs.o[i].name);

		/* An object the compiler left out (never used) is not
		 * accessed by this program at all. */
		if (!s || s->is_func || !s->size)
			continue;
		objs.o[i].addr = s->value;
		objs.o[i].size = s->size;
		if (s->value < lo)
			lo = s->value;
		if (s->value + s->size > hi)
			hi = s->value + s->size;
	}
	r->nr_obj = objs.nr;
	r->obj_size = xcalloc(objs.nr + 1, sizeof(*r->obj_size));
	for (size_t i = 0; i < objs.nr; i++)
		r->obj_size[i] = objs.o[i].size;
	memset(&req, 0, sizeof(req));
	req.target = c->target;
	req.tracer = c->tracer;
	req.exe = exe;
	/* Nothing to watch: a byte no program touches keeps the tracer's
	 * run (and its checksum) the same. */
	req.lo = lo < hi ? lo : 1;
	req.hi = lo < hi ? hi : 2;
	req.timeout_ms = o->run_timeout_ms;
	req.workdir = dir;
	req.program_out = &out;
	req.no_disas = 1;
	t0 = now();
	if (trace_run(&req, &t, &why)) {
		r->trace_s = now() - t0;
		if (strstr(why.buf, "timed out"))
			set_status(r, RUN_PROGRAM_TIMEOUT, "%s", why.buf);
		else if (strstr(why.buf, " under "))
			set_status(r, RUN_PROGRAM_FAILED, "%s", why.buf);
		else
			set_status(r, RUN_TRACE_TROUBLE, "%s", why.buf);
		goto out;
	}
	r->trace_s = now() - t0;
	keep_checksum(r, out.buf ? out.buf : "");
	for (size_t i = 0; i < t.nr; i++) {
		const struct trace_access *a = &t.acc[i];
		const struct volobj *ob;
		uint32_t idx;

		ob = object_at(&objs, a->addr, a->size, &idx);
		if (!ob)
			continue;
		ALLOC_GROW(r->acc, r->nr + 1, r->alloc);
		r->acc[r->nr].obj = idx;
		/* An access that starts before the object is widened: its
		 * offset is kept as the two's complement. */
		r->acc[r->nr].off = (uint32_t)(a->addr - ob->addr);
		r->acc[r->nr].size = (uint16_t)a->size;
		r->acc[r->nr].kind = a->kind;
		r->acc[r->nr].pc = a->pc;
		r->nr++;
	}
	r->nr_blind = t.nr_blind;
	if (t.nr_blind)
		r->blind_example = xasprintf("0x%llx",
			(unsigned long long)t.blind[0].pc);
	r->status = RUN_OK;
out:
	trace_release(&t);
	elf_symbols_release(&syms);
	volobjs_release(&objs);
	strbuf_release(&why);
	strbuf_release(&out);
	free(text);
	free(exe);
}

void oracle_run_untraced(const struct fuzz_config *c, const char *src,
			 const char *dir, const struct oracle_opts *o,
			 struct run *r)
{
	char *exe = xasprintf("%s/plain-%s", dir, c->opt + 1);
	struct child ch = CHILD_INIT;
	const char *argv[4];
	size_t n = 0;
	double t0;

	memset(r, 0, sizeof(*r));
	if (compile(c, src, exe, dir, o, r)) {
		free(exe);
		return;
	}
	/* The same emulator as the traced run, minus the plugin: the
	 * benchmark then measures what tracing adds. */
	if (c->tracer == TRACER_QEMU)
		argv[n++] = c->target->qemu;
	argv[n++] = exe;
	argv[n] = NULL;
	ch.argv = argv;
	ch.timeout_ms = o->run_timeout_ms;
	t0 = now();
	if (run_child(&ch) || !child_ok(&ch))
		set_status(r, ch.timed_out ? RUN_PROGRAM_TIMEOUT : RUN_PROGRAM_FAILED,
			   "%s %s", exe, child_describe(&ch));
	else
		keep_checksum(r, strbuf_str(&ch.out));
	r->trace_s = now() - t0;
	child_release(&ch);
	free(exe);
}

void run_release(struct run *r)
{
	free(r->detail);
	free(r->checksum);
	free(r->acc);
	free(r->obj_size);
	free(r->blind_example);
	memset(r, 0, sizeof(*r));
}
