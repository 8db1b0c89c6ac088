/*
 * trace-dump: a test-only front end to the tracing API of rwonce verify
 * (src/trace/trace.h).  Runs one program under one tracer and prints
 * what it did to the watched range, one line per access:
 *
 *   N KIND +OFFSET SIZE [DISAS]      an access (N counts instruction
 *                                    executions: pieces of one share N)
 *   N blind [DISAS]                  an execution the tracer cannot see into
 *
 * usage: trace-dump [--tracer qemu|valgrind] [--target NAME] [--cpu CPU]
 *                   [--merge] [--disas] [--timeout MS] [--code LO HI]
 *                   LO HI PROGRAM [ARG...]
 */
#include "test-tool.h"
#include "trace/trace.h"
#include "lib/tempdir.h"
#include "lib/util.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t hex(const char *s)
{
	char *end;
	uint64_t v = strtoull(s, &end, 16);

	if (!*s || *end)
		die("not a hex number: '%s'", s);
	return v;
}

int cmd__trace_dump(int argc, const char **argv)
{
	struct trace_request req = { 0 };
	struct trace t = { 0 };
	struct strbuf why = STRBUF_INIT;
	int merge = 0, disas = 0, k = 1;
	size_t a = 0, b = 0;
	uint64_t last = 0, n = 0;

	req.tracer = TRACER_QEMU;
	req.target = target_native();
	req.timeout_ms = 60000;
	for (; k < argc && argv[k][0] == '-'; k++) {
		if (!strcmp(argv[k], "--tracer") && k + 1 < argc) {
			k++;
			if (!strcmp(argv[k], "valgrind"))
				req.tracer = TRACER_VALGRIND;
			else if (strcmp(argv[k], "qemu"))
				die("unknown tracer '%s'", argv[k]);
		} else if (!strcmp(argv[k], "--target") && k + 1 < argc) {
			req.target = target_find(argv[++k]);
			if (!req.target)
				die("unknown target '%s'", argv[k]);
		} else if (!strcmp(argv[k], "--cpu") && k + 1 < argc) {
			req.qemu_cpu = argv[++k];
		} else if (!strcmp(argv[k], "--timeout") && k + 1 < argc) {
			req.timeout_ms = (unsigned)atoi(argv[++k]);
		} else if (!strcmp(argv[k], "--code") && k + 2 < argc) {
			req.code_lo = hex(argv[++k]);
			req.code_hi = hex(argv[++k]);
		} else if (!strcmp(argv[k], "--merge")) {
			merge = 1;
		} else if (!strcmp(argv[k], "--disas")) {
			disas = 1;
		} else {
			die("unknown option '%s'", argv[k]);
		}
	}
	if (argc - k < 3)
		die("usage: trace-dump [options] LO HI PROGRAM [ARG...]");
	req.lo = hex(argv[k]);
	req.hi = hex(argv[k + 1]);
	req.exe = argv[k + 2];
	req.args = (const char *const *)argv + k + 3;
	req.workdir = tempdir_create("trace-dump");

	if (tracer_available(req.tracer, req.target, &why))
		die("%s", strbuf_str(&why));
	if (trace_run(&req, &t, &why))
		die("%s", strbuf_str(&why));
	if (merge)
		trace_merge_pieces(&t);

	/* Both lists are in seq order; print them interleaved. */
	while (a < t.nr || b < t.nr_blind) {
		int take_blind = a == t.nr ||
			(b < t.nr_blind && t.blind[b].seq < t.acc[a].seq);
		uint64_t seq = take_blind ? t.blind[b].seq : t.acc[a].seq;
		uint64_t pc;

		if (!n || seq != last)
			n++;
		last = seq;
		if (take_blind) {
			pc = t.blind[b].pc;
			printf("%" PRIu64 " blind", n);
			b++;
		} else {
			struct trace_access *x = &t.acc[a++];

			pc = x->pc;
			printf("%" PRIu64 " %c +%" PRIu64 " %u", n, x->kind,
			       x->addr - req.lo, x->size);
		}
		if (disas) {
			const char *d = trace_disas(&t, pc);

			printf("  %s", d ? d : "?");
		}
		putchar('\n');
	}
	fprintf(stderr, "trace-dump: %" PRIu64 " instructions executed\n",
		t.executed);
	trace_release(&t);
	strbuf_release(&why);
	return 0;
}
