/*
 * Tracing a probe program: run a static executable under a tracer (the
 * QEMU user-mode plugin in tracer/qemu/, or valgrind) and collect every
 * memory access that touches a watched address range.
 *
 * This is the seam between the tracers and the commands that run code
 * (`rwonce verify`, later `rwonce fuzz`): the command builds the program
 * and knows what it expects; the tracer only reports what the program did.
 */
#ifndef RWONCE_TRACE_H
#define RWONCE_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "lib/strbuf.h"
#include "targets/targets.h"

enum tracer_kind {
	TRACER_QEMU,
	TRACER_VALGRIND,
};
const char *tracer_name(enum tracer_kind t);

/* One data access that overlaps the watched range. */
struct trace_access {
	uint64_t seq;   /* instruction-execution counter: accesses of one
			 * execution of one instruction share seq (vector
			 * pieces, atomic read-modify-write read + write) */
	uint64_t pc;    /* address of the instruction */
	uint64_t addr;  /* first byte accessed */
	unsigned size;  /* bytes */
	char kind;      /* 'r' read, 'w' write */
};

/* An executed instruction whose accesses the tracer cannot see (QEMU 7.2
 * plugins miss accesses made inside helpers: s390x MVC, aarch64 SVE...). */
struct trace_blind {
	uint64_t seq;
	uint64_t pc;
	char *disas;
};

struct trace {
	struct trace_access *acc;
	size_t nr, alloc;
	struct trace_blind *blind;
	size_t nr_blind, alloc_blind;
	/* Disassembly of every instruction that made a watched access. */
	struct { uint64_t pc; char *disas; } *insn;
	size_t nr_insn, alloc_insn;
	uint64_t executed;        /* instructions the program executed */
};

struct trace_request {
	const struct target *target;
	enum tracer_kind tracer;
	const char *exe;          /* static executable to run */
	const char *const *args;  /* its arguments, NULL-terminated, or NULL */
	uint64_t lo, hi;          /* watched range [lo, hi) */
	uint64_t code_lo, code_hi;/* where blind instructions are reported;
				   * 0, 0: everywhere */
	unsigned timeout_ms;      /* the run is killed after this */
	const char *workdir;      /* a private temp folder for trace files */
	const char *qemu_cpu;     /* overrides target->qemu_cpu; "" runs
				   * QEMU's default cpu */
	struct strbuf *program_out; /* if not NULL: receives what the
				   * program printed (its first 64 KiB) */
	int no_disas;             /* skip the disassembly (trace_disas()
				   * then knows only what the tracer said) */
};

/*
 * Run the program under the tracer.  Returns 0 and fills *out when the
 * program ran to exit status 0; otherwise -1 with a clear one-line reason
 * in *why (tracer missing, plugin not loaded, crash, timeout...) and *out
 * empty.  *out must be zeroed (or released) before the call.
 *
 * Accesses are in program order, as the tracer saw them: QEMU reports a
 * 16-byte vector access as two 8-byte pieces, valgrind as one 16-byte
 * access; both report an atomic read-modify-write as a read and a write
 * with one seq.  trace_merge_pieces() joins such pieces.
 */
int trace_run(const struct trace_request *req, struct trace *out,
	      struct strbuf *why);

/* Can this tracer run this target here?  0, or -1 with the reason (and
 * the packages to install) in *why. */
int tracer_available(enum tracer_kind t, const struct target *target,
		     struct strbuf *why);

/*
 * The tracer for target t: want is "qemu", "valgrind" or NULL (QEMU, or
 * valgrind natively when QEMU cannot trace here).  0, or -1 with the
 * whole message in *why ("cannot trace aarch64 with qemu: ...").
 */
int tracer_choose(const struct target *t, const char *want,
		  enum tracer_kind *out, struct strbuf *why);

/* Disassembly of pc, or NULL. */
const char *trace_disas(const struct trace *t, uint64_t pc);

void trace_release(struct trace *t);

/*
 * Join consecutive accesses of one instruction execution (same seq) of
 * the same kind whose bytes are contiguous into one access: QEMU's 8-byte
 * pieces of a 16-byte vector access become one 16-byte access, as valgrind
 * reports it.  A read and a write of one execution stay two accesses.
 */
void trace_merge_pieces(struct trace *t);

/* Where the QEMU plugin is: $RWONCE_QEMU_PLUGIN, next to the executable
 * (build/tracer/), or the installed one.  Static storage, one per
 * thread (valid until the thread's next call); NULL and the places
 * looked at in *why when none exists. */
const char *trace_qemu_plugin(struct strbuf *why);

#endif
