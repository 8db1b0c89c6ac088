/*
 * The oracle: compile a program under one configuration into a static
 * executable, find its volatile objects through the ELF symbol table and
 * trace every access to them, keeping the checksum the program prints.
 */
#include "fuzz/fuzz.h"
#include "elf/elf-symbols.h"
#include "lib/clock.h"
#include "lib/run-command.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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
	case RUN_REFUSED: return "refused";
	case RUN_SKIPPED_ENDLESS: return "skipped-endless";
	}
	return "?";
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
/* Did rwonce.h refuse the program (one of its rules, by design), rather
 * than the compiler?  Its rejections name the macro in the message or
 * the type ("READ_ONCE_needs_1_2_4_or_8_bytes", "ACCESS_ONCE: operand
 * must be a scalar") or are located in rwonce.h itself. */
static int refused_by_rwonce_h(const char *line)
{
	return strstr(line, "rwonce.h:") || strstr(line, "READ_ONCE") ||
	       strstr(line, "WRITE_ONCE") || strstr(line, "ACCESS_ONCE");
}

static int compile(const struct build_config *c, const char *src,
		   const char *exe, const char *dir,
		   const struct oracle_opts *o, struct run *r)
{
	struct strlist argv = STRLIST_INIT;
	struct compile_failure f;
	int ret = 0;

	memset(&f, 0, sizeof(f));
	build_config_push_flags(&argv, c);
	strlist_push(&argv, "-w");
	strlist_push(&argv, "-I");
	strlist_push(&argv, o->include_dir);
	/* The marked sites are found through the line table.  DWARF 4: GNU
	 * ld 2.40 for riscv64 segfaults linking clang-19 -O2 objects with
	 * DWARF 5 (every program of the riscv64 --mode once run); a line
	 * table is all that is read.  -g does not change the code (objdump
	 * -d of Csmith seed 156 is the same with it for gcc 12, clang-14,
	 * clang-19 and tcc). */
	if (c->variant != VARIANT_CSMITH || o->line_tables)
		strlist_push(&argv, c->cc->family == CC_TCC ? "-g" : "-gdwarf-4");
	if (c->variant != VARIANT_CSMITH && o->rwonce_include_dir) {
		strlist_push(&argv, "-I");
		strlist_push(&argv, o->rwonce_include_dir);
	}
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
		/* A driver whose own child crashed exits 1 but says so
		 * ("unable to execute command: Segmentation fault", clang-19
		 * when the riscv64 linker crashed): a crash, not a rejection. */
		else if (f.signalled || strstr(first, "internal compiler error") ||
			 strstr(first, "PLEASE submit a bug report") ||
			 strstr(first, "unable to execute command: Segmentation fault"))
			set_status(r, RUN_COMPILER_CRASHED, "%s %s: %.*s", f.program,
				    f.what, n, first);
		else if (c->variant == VARIANT_RWONCE_H && refused_by_rwonce_h(first))
			set_status(r, RUN_REFUSED, "%.*s", n, first);
		else
			set_status(r, RUN_COMPILER_FAILED, "%s %s: %.*s", f.program,
				    f.what, n, first);
		ret = -1;
		scrub_dir(r->detail, dir);
		/* rwonce.h's own path, likewise: where this rwonce is
		 * installed is no part of the result. */
		if (o->rwonce_include_dir)
			scrub_dir(r->detail, o->rwonce_include_dir);
	}
	r->compile_s += f.seconds;
	compile_failure_release(&f);
	strlist_clear(&argv);
	return ret;
}

/* The data objects of the executable that lie in the watched span, by
 * address: an access that starts inside one of them that is not
 * volatile is an access to that neighbour. */
struct data_spans {
	uint64_t (*r)[2];
	size_t nr, alloc;
};

static int span_cmp(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;

	return x[0] < y[0] ? -1 : x[0] > y[0];
}

static void data_spans_find(struct data_spans *d, const struct elf_symbols *syms,
			    uint64_t lo, uint64_t hi)
{
	for (size_t i = 0; i < syms->nr; i++) {
		const struct elf_symbol *s = &syms->sym[i];

		if (s->is_func || !s->size || s->value >= hi || s->value + s->size <= lo)
			continue;
		ALLOC_GROW(d->r, d->nr + 1, d->alloc);
		d->r[d->nr][0] = s->value;
		d->r[d->nr][1] = s->value + s->size;
		d->nr++;
	}
	if (d->nr)
		sane_qsort(d->r, d->nr, sizeof(d->r[0]), span_cmp);
}

static int in_some_object(const struct data_spans *d, uint64_t addr)
{
	size_t lo = 0, hi = d->nr;

	/* The last span starting at or before addr; spans may nest
	 * (aliases), so a few before it are looked at too. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (d->r[mid][0] <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t k = lo, n = 0; k > 0 && n < 4; k--, n++)
		if (addr >= d->r[k - 1][0] && addr < d->r[k - 1][1])
			return 1;
	return 0;
}

/*
 * The object an access is really an access to: the volatile object
 * holding its first byte; or, when its first byte is in no object at
 * all (padding between objects), a volatile object it wholly contains (a
 * widened access: say a 4-byte load of a volatile uint8_t).  An access
 * whose first byte belongs to another, non-volatile object is that
 * object's, even when it runs on into a volatile one (seen: gcc -O0
 * reads a volatile bitfield of a packed 14-byte struct with an 8-byte
 * load at offset 8 that runs 2 bytes past its end, over the next
 * object); likewise one that starts outside and only overlaps an
 * object's first bytes.
 */
static const struct volobj *object_at(const struct volobjs *v,
				      const struct data_spans *d, uint64_t addr,
				      unsigned size, uint32_t *idx)
{
	for (size_t i = 0; i < v->nr; i++) {
		const struct volobj *o = &v->o[i];

		if (o->size && addr >= o->addr && addr < o->addr + o->size) {
			*idx = (uint32_t)i;
			return o;
		}
	}
	if (in_some_object(d, addr))
		return NULL;
	for (size_t i = 0; i < v->nr; i++) {
		const struct volobj *o = &v->o[i];

		if (o->size && addr < o->addr && addr + size >= o->addr + o->size) {
			*idx = (uint32_t)i;
			return o;
		}
	}
	return NULL;
}

/* The code of the program itself: the functions its file defines (and
 * what the compiler inlined into them).  libc and the startup code copy
 * memory word by word over whatever lies near (printf's buffers, the
 * initial data), and are no part of what the program asked for. */
struct code_ranges {
	uint64_t (*r)[2];
	size_t nr, alloc;
};

static int defined_here(const struct volobjs *objs, const char *name)
{
	/* gcc's clones of a function keep its name before a dot:
	 * func_1.constprop.0, func_1.isra.0, func_1.part.0, func_1.cold. */
	size_t n = strcspn(name, ".");

	for (size_t i = 0; i < objs->funcs.nr; i++)
		if (strlen(objs->funcs.items[i]) == n &&
		    !strncmp(objs->funcs.items[i], name, n))
			return 1;
	return 0;
}

static void code_ranges_find(struct code_ranges *c, const struct volobjs *objs,
			     const struct elf_symbols *syms)
{
	for (size_t i = 0; i < syms->nr; i++) {
		const struct elf_symbol *s = &syms->sym[i];

		if (!s->is_func || !s->size || !defined_here(objs, s->name))
			continue;
		ALLOC_GROW(c->r, c->nr + 1, c->alloc);
		c->r[c->nr][0] = s->value;
		c->r[c->nr][1] = s->value + s->size;
		c->nr++;
	}
}

static int in_program_code(const struct code_ranges *c, uint64_t pc)
{
	for (size_t i = 0; i < c->nr; i++)
		if (pc >= c->r[i][0] && pc < c->r[i][1])
			return 1;
	return 0;
}

void oracle_run(const struct build_config *c, const char *src,
		const char *dir, const struct oracle_opts *o, struct run *r)
{
	oracle_run_marked(c, src, dir, o, NULL, r);
}

/* The objects named by the marks, as volobjs (object_at's input), with
 * their addresses and sizes from the symbol table; lo/hi widened to
 * cover them. */
static void mark_objects(struct volobjs *m, const struct once_marks *marks,
			 const struct elf_symbols *syms, uint64_t *lo,
			 uint64_t *hi)
{
	for (size_t i = 0; i < marks->nr; i++) {
		const struct elf_symbol *s = elf_symbol_find(syms, marks->m[i].name);
		size_t k;

		for (k = 0; k < m->nr && strcmp(m->o[k].name, marks->m[i].name); k++)
			;
		if (k < m->nr || !s || s->is_func || !s->size)
			continue;
		ALLOC_GROW(m->o, m->nr + 1, m->alloc);
		memset(&m->o[m->nr], 0, sizeof(m->o[0]));
		m->o[m->nr].name = xstrdup(marks->m[i].name);
		m->o[m->nr].addr = s->value;
		m->o[m->nr].size = s->size;
		m->nr++;
		if (s->value < *lo)
			*lo = s->value;
		if (s->value + s->size > *hi)
			*hi = s->value + s->size;
	}
}

void oracle_run_marked(const struct build_config *c, const char *src,
		       const char *dir, const struct oracle_opts *o,
		       const struct once_marks *marks, struct run *r)
{
	char *exe = xasprintf("%s/prog-%s-%s-%s", dir, c->target->name,
			      c->cc->family == CC_GCC ? "gcc" :
			      c->cc->family == CC_CLANG ? "clang" : "tcc", c->opt + 1);
	struct elf_symbols syms;
	struct volobjs objs, mobjs = { 0 };
	struct vaccess *macc = NULL;
	size_t mnr = 0, malloc_ = 0;
	struct trace t;
	struct trace_request req;
	struct code_ranges code = { NULL, 0, 0 };
	struct data_spans data = { NULL, 0, 0 };
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
	if (marks)
		mark_objects(&mobjs, marks, &syms, &lo, &hi);
	code_ranges_find(&code, &objs, &syms);
	/* From 64 bytes before: the widest access (AVX-512) that reaches
	 * into the watched span can start there. */
	data_spans_find(&data, &syms, lo > 64 ? lo - 64 : 0, hi);
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
	t0 = now_seconds();
	if (trace_run(&req, &t, &why)) {
		r->trace_s = now_seconds() - t0;
		if (strstr(why.buf, "timed out"))
			set_status(r, RUN_PROGRAM_TIMEOUT, "%s", why.buf);
		else if (strstr(why.buf, " under "))
			set_status(r, RUN_PROGRAM_FAILED, "%s", why.buf);
		else
			set_status(r, RUN_TRACE_TROUBLE, "%s", why.buf);
		/* "/tmp/rwonce-fuzz.X/prog-..." -> "prog-...": a timed-out
		 * seed's lines were not the same on two runs. */
		scrub_dir(r->detail, dir);
		goto out;
	}
	r->trace_s = now_seconds() - t0;
	keep_checksum(r, out.buf ? out.buf : "");
	for (size_t i = 0; i < t.nr; i++) {
		const struct trace_access *a = &t.acc[i];
		const struct volobj *ob;
		uint32_t idx;

		if (!in_program_code(&code, a->pc))
			continue;
		if (mobjs.nr && object_at(&mobjs, &data, a->addr, a->size, &idx)) {
			ALLOC_GROW(macc, mnr + 1, malloc_);
			macc[mnr].obj = idx;
			macc[mnr].off = (uint32_t)(a->addr - mobjs.o[idx].addr);
			macc[mnr].size = (uint16_t)a->size;
			macc[mnr].kind = a->kind;
			macc[mnr].pc = a->pc;
			mnr++;
		}
		ob = object_at(&objs, &data, a->addr, a->size, &idx);
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
	/* Blind spots count only in the program's own code: libc's are
	 * left out like its accesses. */
	for (size_t i = 0; i < t.nr_blind; i++) {
		if (!in_program_code(&code, t.blind[i].pc))
			continue;
		if (!r->nr_blind++)
			r->blind_example = xasprintf("0x%llx",
				(unsigned long long)t.blind[i].pc);
	}
	r->status = RUN_OK;
	if (o->line_tables) {
		/* A triage aid, not a verdict: without addr2line the run
		 * stands, and says why it has no lines. */
		r->line = xcalloc(r->nr + 1, sizeof(*r->line));
		strbuf_reset(&why);
		if (vaccess_lines(c->target, exe, src, r->acc, r->nr, r->line, &why)) {
			warning("%s: no source lines: %s", c->label, why.buf);
			free(r->line);
			r->line = NULL;
		}
	}
	if (marks)
		once_judge(marks, &mobjs, &objs.aggregates, macc, mnr, c->target,
			   exe, src, c->variant == VARIANT_VOLATILE_CAST, r);
out:
	free(macc);
	volobjs_release(&mobjs);
	free(code.r);
	free(data.r);
	trace_release(&t);
	elf_symbols_release(&syms);
	volobjs_release(&objs);
	strbuf_release(&why);
	strbuf_release(&out);
	free(text);
	free(exe);
}

void oracle_run_untraced(const struct build_config *c, const char *src,
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
	t0 = now_seconds();
	if (run_child(&ch) || !child_ok(&ch))
		set_status(r, ch.timed_out ? RUN_PROGRAM_TIMEOUT : RUN_PROGRAM_FAILED,
			   "%s %s", exe, child_describe(&ch));
	else
		keep_checksum(r, strbuf_str(&ch.out));
	r->trace_s = now_seconds() - t0;
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
	free(r->site_detail);
	free(r->line);
	memset(r, 0, sizeof(*r));
}
