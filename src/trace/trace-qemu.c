/*
 * The QEMU back end: run the program under qemu-ARCH with the rwonce-trace
 * plugin (tracer/qemu/rwonce-trace.c) and read the trace it writes
 * (format: tracer/README.md).
 */
#include "trace/trace-internal.h"
#include "lib/libexec.h"
#include "lib/run-command.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PLUGIN_NAME "rwonce-trace.so"

const char *trace_qemu_plugin(struct strbuf *why)
{
	/* build/rwonce -> build/tracer/; build/tests/x -> build/tracer/ */
	static const char *const near[] = { "/tracer/", "/../tracer/" };
	/* One per thread: verify's and fuzz's -j workers each look the
	 * plugin up, and a buffer they shared was written by two at once
	 * (a data race TSan reports, issue 33). */
	static __thread char path[PATH_MAX + 64];
	struct strbuf sb = STRBUF_INIT;
	const char *found = libexec_find(path, sizeof(path), PLUGIN_NAME,
					 "RWONCE_QEMU_PLUGIN", near,
					 ARRAY_SIZE(near), &sb);

	if (!found)
		strbuf_addf(why, "QEMU plugin %s", sb.buf);
	strbuf_release(&sb);
	return found;
}

int trace_qemu_available(const struct target *target, struct strbuf *why)
{
	if (!program_exists(target->qemu)) {
		strbuf_addf(why, "%s not found", target->qemu);
		trace_add_install_hint(why, "qemu-user");
		return -1;
	}
	if (!trace_qemu_plugin(why))
		return -1;
	return 0;
}

/* Parse one trace line; 0, or -1 when it is malformed. */
static int parse_line(struct trace *t, char *line, int *ended)
{
	char *p = line + 2, *end;
	uint64_t seq, pc, addr;
	unsigned long size;

	switch (line[0]) {
	case 'a':
		seq = strtoull(p, &end, 10);
		pc = strtoull(end, &end, 16);
		addr = strtoull(end, &end, 16);
		size = strtoul(end, &end, 10);
		while (*end == ' ')
			end++;
		if ((*end != 'r' && *end != 'w') || !size)
			return -1;
		trace_add_access(t, seq, pc, addr, (unsigned)size, *end);
		return 0;
	case 'b':
		seq = strtoull(p, &end, 10);
		pc = strtoull(end, &end, 16);
		trace_add_blind(t, seq, pc);
		return 0;
	case 'i':
		pc = strtoull(p, &end, 16);
		if (*end != ' ')
			return -1;
		end++;
		/* "?" (not disassembled) and ".byte ..." (QEMU 7.2 does not
		 * know SVE, LSE, s390x EX, CDSG...): objdump will say. */
		if (strcmp(end, "?") && strncmp(end, ".byte", 5))
			trace_set_disas(t, pc, end, strlen(end));
		return 0;
	case 'e':
		if (strncmp(line, "end ", 4))
			return -1;
		t->executed = strtoull(line + 4, NULL, 10);
		*ended = 1;
		return 0;
	case 'r':  /* header: "rwonce-trace VERSION TARGET LO HI" */
		return strncmp(line, "rwonce-trace 1 ", 15) ? -1 : 0;
	}
	return -1;
}

static int parse_trace(const char *path, struct trace *t, struct strbuf *why)
{
	size_t len;
	char *buf = read_file(path, &len), *line, *nl;
	int ended = 0, lineno = 0;

	if (!buf) {
		strbuf_addf(why, "the QEMU plugin wrote no trace (%s: %s)",
			    path, strerror(errno));
		return -1;
	}
	for (line = buf; line < buf + len; line = nl + 1) {
		nl = memchr(line, '\n', buf + len - line);
		if (!nl)
			break;  /* a cut-off last line: no "end" either */
		*nl = '\0';
		lineno++;
		if (parse_line(t, line, &ended)) {
			strbuf_addf(why, "%s:%d: malformed trace line: %.60s",
				    path, lineno, line);
			free(buf);
			return -1;
		}
	}
	free(buf);
	if (!ended) {
		strbuf_addf(why, "the trace in %s is incomplete (QEMU did not "
			    "reach the plugin's exit hook)", path);
		return -1;
	}
	return 0;
}

/* QEMU's first complaint line, for messages. */
static const char *first_line(const struct strbuf *sb, char *buf, size_t n)
{
	const char *s = strbuf_str(sb);
	const char *p = strstr(s, "qemu");

	snprintf(buf, n, "%.*s", (int)strcspn(p ? p : s, "\n"), p ? p : s);
	return buf;
}

int trace_qemu_run(const struct trace_request *req, struct trace *out,
		   struct strbuf *why)
{
	const struct target *tg = req->target;
	const char *plugin = trace_qemu_plugin(why);
	const char *cpu = req->qemu_cpu ? req->qemu_cpu : tg->qemu_cpu;
	struct child c = CHILD_INIT;
	struct strlist argv = STRLIST_INIT;
	char *trace_path, *plugin_arg, line[256];
	int rc = -1;

	if (!plugin)
		return -1;
	trace_path = xasprintf("%s/qemu-trace.txt", req->workdir);
	unlink(trace_path);
	plugin_arg = xasprintf("%s,out=%s,lo=%" PRIx64 ",hi=%" PRIx64,
			       plugin, trace_path, req->lo, req->hi);
	if (req->code_lo || req->code_hi) {
		char *more = xasprintf("%s,code_lo=%" PRIx64 ",code_hi=%"
				       PRIx64, plugin_arg, req->code_lo,
				       req->code_hi);

		free(plugin_arg);
		plugin_arg = more;
	}
	strlist_push(&argv, tg->qemu);
	/* -cpu rather than QEMU_CPU: the command line wins over whatever
	 * QEMU_CPU the user's environment holds. */
	if (cpu && *cpu) {
		strlist_push(&argv, "-cpu");
		strlist_push(&argv, cpu);
	}
	strlist_push(&argv, "-plugin");
	strlist_push(&argv, plugin_arg);
	strlist_push(&argv, req->exe);
	for (const char *const *a = req->args; a && *a; a++)
		strlist_push(&argv, *a);

	c.argv = (const char *const *)argv.items;
	c.timeout_ms = req->timeout_ms;
	c.capture_limit = 64 * 1024;
	if (run_child(&c)) {
		if (c.exec_errno == ENOENT) {
			strbuf_addf(why, "%s not found", tg->qemu);
			trace_add_install_hint(why, "qemu-user");
		} else {
			strbuf_addf(why, "%s %s", tg->qemu, child_describe(&c));
		}
		goto out;
	}
	if (strstr(strbuf_str(&c.err), "Could not load plugin") ||
	    strstr(strbuf_str(&c.err), "rwonce-trace:")) {
		strbuf_addf(why, "%s could not load the plugin: %s", tg->qemu,
			    first_line(&c.err, line, sizeof(line)));
		goto out;
	}
	if (strstr(strbuf_str(&c.err), "unable to find CPU model")) {
		strbuf_addf(why, "%s has no cpu '%s'", tg->qemu, cpu);
		goto out;
	}
	if (!child_ok(&c)) {
		strbuf_addf(why, "%s under %s %s", req->exe, tg->qemu,
			    child_describe(&c));
		if (c.timed_out)
			goto out;
		/* A guest that dies of a signal makes QEMU say so and kill
		 * itself with that signal; without the message it was QEMU
		 * (or the plugin) that crashed. */
		if (c.signo && !strstr(strbuf_str(&c.err), "target signal"))
			strbuf_addstr(why, ": QEMU itself crashed (a plugin "
				      "built for another QEMU version?)");
		else if (c.err.len)
			strbuf_addf(why, ": %s",
				    first_line(&c.err, line, sizeof(line)));
		goto out;
	}
	rc = parse_trace(trace_path, out, why);
out:
	if (req->program_out)
		strbuf_add(req->program_out, c.out.buf ? c.out.buf : "", c.out.len);
	child_release(&c);
	strlist_clear(&argv);
	free(plugin_arg);
	free(trace_path);
	return rc;
}
