/*
 * The tracer-independent half of tracing: dispatch to a back end, and the
 * struct trace they fill in.
 */
#include "trace/trace-internal.h"
#include "lib/run-command.h"

#include <inttypes.h>
#include <stdio.h>

#include <stdlib.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <sys/types.h>

void trace_add_access(struct trace *t, uint64_t seq, uint64_t pc,
		      uint64_t addr, unsigned size, char kind)
{
	struct trace_access *a;

	ALLOC_GROW(t->acc, t->nr + 1, t->alloc);
	a = &t->acc[t->nr++];
	a->seq = seq;
	a->pc = pc;
	a->addr = addr;
	a->size = size;
	a->kind = kind;
}

void trace_add_blind(struct trace *t, uint64_t seq, uint64_t pc)
{
	struct trace_blind *b;

	ALLOC_GROW(t->blind, t->nr_blind + 1, t->alloc_blind);
	b = &t->blind[t->nr_blind++];
	b->seq = seq;
	b->pc = pc;
	b->disas = NULL;  /* filled in by trace_run from the insn table */
}

static ssize_t find_insn(const struct trace *t, uint64_t pc)
{
	/* A probe run describes a few hundred instructions at most. */
	for (size_t k = 0; k < t->nr_insn; k++)
		if (t->insn[k].pc == pc)
			return (ssize_t)k;
	return -1;
}

void trace_set_disas(struct trace *t, uint64_t pc, const char *disas,
		     size_t len)
{
	char *d, *w;

	if (find_insn(t, pc) >= 0)
		return;
	d = w = xmalloc(len + 1);

	/* One space between fields: QEMU's disassemblers and objdump pad
	 * with runs of spaces and tabs. */
	for (size_t k = 0; k < len; k++) {
		int space = disas[k] == ' ' || disas[k] == '\t';

		if (space && (w == d || w[-1] == ' '))
			continue;
		*w++ = space ? ' ' : disas[k];
	}
	while (w > d && w[-1] == ' ')
		w--;
	*w = '\0';
	ALLOC_GROW(t->insn, t->nr_insn + 1, t->alloc_insn);
	t->insn[t->nr_insn].pc = pc;
	t->insn[t->nr_insn].disas = d;
	t->nr_insn++;
}

const char *trace_disas(const struct trace *t, uint64_t pc)
{
	ssize_t k = find_insn(t, pc);

	return k < 0 ? NULL : t->insn[k].disas;
}

void trace_release(struct trace *t)
{
	for (size_t k = 0; k < t->nr_blind; k++)
		free(t->blind[k].disas);
	for (size_t k = 0; k < t->nr_insn; k++)
		free(t->insn[k].disas);
	free(t->acc);
	free(t->blind);
	free(t->insn);
	memset(t, 0, sizeof(*t));
}

void trace_merge_pieces(struct trace *t)
{
	size_t w = 0;

	for (size_t r = 0; r < t->nr; r++) {
		struct trace_access *prev = w ? &t->acc[w - 1] : NULL;
		struct trace_access *a = &t->acc[r];

		if (prev && prev->seq == a->seq && prev->kind == a->kind &&
		    prev->pc == a->pc && prev->addr + prev->size == a->addr) {
			prev->size += a->size;
			continue;
		}
		t->acc[w++] = *a;
	}
	t->nr = w;
}

/*
 * The disassembler for instructions the tracer described not: the
 * target's cross objdump, or the host's for native targets (Debian's
 * plain objdump knows only x86).  NULL when there is none: the trace then
 * simply lacks that disassembly.
 */
static const char *objdump_for(const struct target *target)
{
	static char name[128];

	snprintf(name, sizeof(name), "%s-objdump", target->triple);
	if (program_exists(name))
		return name;
	if (target->native && program_exists("objdump"))
		return "objdump";
	return NULL;
}

/* objdump -d over [lo, hi): record the disassembly of the pcs we want. */
static void disas_range(const struct trace_request *req, struct trace *t,
			uint64_t lo, uint64_t hi, const uint64_t *want,
			size_t nr_want)
{
	char *start = xasprintf("--start-address=0x%" PRIx64, lo);
	char *stop = xasprintf("--stop-address=0x%" PRIx64, hi);
	const char *argv[] = { objdump_for(req->target), "-d", "--no-show-raw-insn", start,
			       stop, req->exe, NULL };
	struct child c = CHILD_INIT;
	char *line, *nl, *end;

	c.argv = argv;
	c.timeout_ms = 30000;
	if (run_child(&c) || !child_ok(&c))
		goto out;
	for (line = c.out.buf; line && *line; line = nl + 1) {
		uint64_t pc;

		nl = strchr(line, '\n');
		if (!nl)
			break;
		*nl = '\0';
		pc = strtoull(line, &end, 16);
		if (end == line || end[0] != ':' || end[1] != '\t')
			continue;
		for (size_t k = 0; k < nr_want; k++) {
			if (want[k] != pc || trace_disas(t, pc))
				continue;
			/* "movl   $0x3,0x...(%rip)        # 4a6484 <w>" */
			for (char *p = end + 2; *p; p++)
				if (*p == '\t')
					*p = ' ';
			trace_set_disas(t, pc, end + 2, strlen(end + 2));
			break;
		}
	}
out:
	child_release(&c);
	free(start);
	free(stop);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

void trace_add_objdump_disas(const struct trace_request *req, struct trace *t)
{
	uint64_t *pcs = xmalloc((t->nr + t->nr_blind + 1) * sizeof(*pcs));
	size_t n = 0, first = 0;

	for (size_t k = 0; k < t->nr; k++)
		if (!trace_disas(t, t->acc[k].pc))
			pcs[n++] = t->acc[k].pc;
	for (size_t k = 0; k < t->nr_blind; k++)
		if (!trace_disas(t, t->blind[k].pc))
			pcs[n++] = t->blind[k].pc;
	if (!n || !objdump_for(req->target)) {
		free(pcs);
		return;
	}
	sane_qsort(pcs, n, sizeof(*pcs), cmp_u64);
	for (size_t k = 1; k <= n; k++) {
		if (k < n && pcs[k] - pcs[k - 1] < 4096)
			continue;
		/* No instruction is longer than 15 bytes (x86). */
		disas_range(req, t, pcs[first], pcs[k - 1] + 16, pcs + first,
			    k - first);
		first = k;
	}
	free(pcs);
}

void trace_add_install_hint(struct strbuf *why, const char *packages)
{
	strbuf_addf(why, " (install: apt-get install %s)", packages);
}

int tracer_available(enum tracer_kind kind, const struct target *target,
		     struct strbuf *why)
{
	switch (kind) {
	case TRACER_QEMU:
		return trace_qemu_available(target, why);
	case TRACER_VALGRIND:
		return trace_valgrind_available(target, why);
	}
	strbuf_addstr(why, "unknown tracer");
	return -1;
}

int tracer_choose(const struct target *t, const char *want,
		  enum tracer_kind *out, struct strbuf *why)
{
	struct strbuf reason = STRBUF_INIT, other = STRBUF_INIT;
	int ret = 0;

	if (want && strcmp(want, "qemu") && strcmp(want, "valgrind")) {
		strbuf_addf(why, "--tracer: '%s' is not qemu or valgrind", want);
		return -1;
	}
	*out = want && !strcmp(want, "valgrind") ? TRACER_VALGRIND : TRACER_QEMU;
	if (tracer_available(*out, t, &reason)) {
		if (!want && t->native &&
		    !tracer_available(TRACER_VALGRIND, t, &other)) {
			*out = TRACER_VALGRIND;
		} else {
			strbuf_addf(why, "cannot trace %s with %s: %s", t->name,
				    tracer_name(*out), reason.buf);
			ret = -1;
		}
	}
	strbuf_release(&reason);
	strbuf_release(&other);
	return ret;
}

int trace_run(const struct trace_request *req, struct trace *out,
	      struct strbuf *why)
{
	int rc;

	memset(out, 0, sizeof(*out));
	if (access(req->exe, X_OK)) {
		strbuf_addf(why, "cannot run %s: %s", req->exe,
			    strerror(errno));
		return -1;
	}
	switch (req->tracer) {
	case TRACER_QEMU:
		rc = trace_qemu_run(req, out, why);
		break;
	case TRACER_VALGRIND:
		rc = trace_valgrind_run(req, out, why);
		break;
	default:
		strbuf_addstr(why, "unknown tracer");
		rc = -1;
	}
	if (rc) {
		trace_release(out);
		return -1;
	}
	if (!req->no_disas)
		trace_add_objdump_disas(req, out);
	for (size_t k = 0; k < out->nr_blind; k++) {
		const char *d = trace_disas(out, out->blind[k].pc);

		out->blind[k].disas = xstrdup(d ? d : "?");
	}
	return 0;
}

const char *tracer_name(enum tracer_kind t)
{
	switch (t) {
	case TRACER_QEMU:
		return "qemu";
	case TRACER_VALGRIND:
		return "valgrind";
	}
	return "?";
}
