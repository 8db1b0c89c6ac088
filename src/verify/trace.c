/*
 * The tracer-independent half of tracing: dispatch to a back end, and the
 * struct trace they fill in.
 */
#include "verify/trace-internal.h"

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
	if (find_insn(t, pc) >= 0)
		return;
	ALLOC_GROW(t->insn, t->nr_insn + 1, t->alloc_insn);
	t->insn[t->nr_insn].pc = pc;
	t->insn[t->nr_insn].disas = xstrndup(disas, len);
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
	for (size_t k = 0; k < out->nr_blind; k++) {
		const char *d = trace_disas(out, out->blind[k].pc);

		out->blind[k].disas = xstrdup(d ? d : "?");
	}
	return 0;
}
