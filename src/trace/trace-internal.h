/*
 * Shared between trace.c and the tracer back ends (trace-qemu.c,
 * trace-valgrind.c): building a struct trace.
 */
#ifndef RWONCE_TRACE_INTERNAL_H
#define RWONCE_TRACE_INTERNAL_H

#include "trace/trace.h"

void trace_add_access(struct trace *t, uint64_t seq, uint64_t pc,
		      uint64_t addr, unsigned size, char kind);
void trace_add_blind(struct trace *t, uint64_t seq, uint64_t pc);
/* Record the disassembly of pc, once (later calls for pc are ignored). */
void trace_set_disas(struct trace *t, uint64_t pc, const char *disas,
		     size_t len);

int trace_qemu_run(const struct trace_request *req, struct trace *out,
		   struct strbuf *why);
int trace_qemu_available(const struct target *target, struct strbuf *why);
int trace_valgrind_run(const struct trace_request *req, struct trace *out,
		       struct strbuf *why);
int trace_valgrind_available(const struct target *target,
			     struct strbuf *why);

/* Disassemble, with objdump on the program, the instructions of the
 * trace that have no disassembly yet. */
void trace_add_objdump_disas(const struct trace_request *req,
			     struct trace *t);

/* "  (install: pkg pkg)" for messages. */
void trace_add_install_hint(struct strbuf *why, const char *packages);

#endif
