/*
 * The valgrind back end, for native programs: run the program under
 * lackey with --trace-mem=yes and keep the data accesses that touch the
 * watched range.
 *
 * --vex-iropt-level=0 is required: at the default level VEX removes loads
 * whose result is dead (a discarded READ_ONCE, a cmp against memory whose
 * flags are unused), so lackey never reports them (measured, see
 * tracer/TARGETS.md).
 *
 * Lackey prints one "I  ADDR,SIZE" line per executed instruction followed
 * by that instruction's " L", " S" and " M" data lines, so seq is the
 * number of "I" lines so far.  "M" (modify: an atomic or memory-destination
 * read-modify-write) becomes a read and a write with one seq.
 *
 * Lackey gives no disassembly; trace_run() takes it from objdump.
 */
#include "trace/trace-internal.h"
#include "lib/run-command.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int trace_valgrind_available(const struct target *target, struct strbuf *why)
{
	if (!target->native) {
		strbuf_addf(why, "valgrind traces native programs only and %s "
			    "is not native here (use the qemu tracer)",
			    target->name);
		return -1;
	}
	if (!program_exists("valgrind")) {
		strbuf_addstr(why, "valgrind not found");
		trace_add_install_hint(why, "valgrind");
		return -1;
	}
	return 0;
}

static int parse_lackey(const char *path, const struct trace_request *req,
			struct trace *t, struct strbuf *why)
{
	size_t len;
	char *buf = read_file(path, &len), *line, *nl, *end;
	uint64_t seq = 0, pc = 0, addr;
	unsigned long size;

	if (!buf) {
		strbuf_addf(why, "valgrind wrote no log (%s: %s)", path,
			    strerror(errno));
		return -1;
	}
	for (line = buf; line < buf + len; line = nl + 1) {
		nl = memchr(line, '\n', buf + len - line);
		if (!nl)
			nl = buf + len;
		if (line[0] == 'I' && line[1] == ' ') {
			seq++;
			pc = strtoull(line + 3, NULL, 16);
			continue;
		}
		if (line[0] != ' ' || !strchr("LSM", line[1]) || line[2] != ' ')
			continue;
		addr = strtoull(line + 3, &end, 16);
		if (*end != ',')
			continue;
		size = strtoul(end + 1, NULL, 10);
		if (addr >= req->hi || addr + size <= req->lo)
			continue;
		if (line[1] != 'S')
			trace_add_access(t, seq, pc, addr, (unsigned)size, 'r');
		if (line[1] != 'L')
			trace_add_access(t, seq, pc, addr, (unsigned)size, 'w');
	}
	free(buf);
	t->executed = seq;
	if (!seq) {
		strbuf_addf(why, "valgrind's log %s has no instruction trace",
			    path);
		return -1;
	}
	return 0;
}

int trace_valgrind_run(const struct trace_request *req, struct trace *out,
		       struct strbuf *why)
{
	struct child c = CHILD_INIT;
	struct strlist argv = STRLIST_INIT;
	char *log_path, *log_arg, *tmpdir;
	const char *env[2];
	int rc = -1;

	if (trace_valgrind_available(req->target, why))
		return -1;
	tmpdir = xasprintf("TMPDIR=%s", req->workdir);
	env[0] = tmpdir;
	env[1] = NULL;
	log_path = xasprintf("%s/valgrind-lackey.txt", req->workdir);
	log_arg = xasprintf("--log-file=%s", log_path);
	unlink(log_path);
	strlist_push(&argv, "valgrind");
	strlist_push(&argv, "--tool=lackey");
	strlist_push(&argv, "--trace-mem=yes");
	strlist_push(&argv, "--vex-iropt-level=0");
	/* No gdbserver: it leaves FIFOs in $TMPDIR when valgrind is killed
	 * at the timeout.  Anything else valgrind makes goes to workdir. */
	strlist_push(&argv, "--vgdb=no");
	strlist_push(&argv, log_arg);
	strlist_push(&argv, req->exe);
	for (const char *const *a = req->args; a && *a; a++)
		strlist_push(&argv, *a);

	c.argv = (const char *const *)argv.items;
	c.env = env;
	c.timeout_ms = req->timeout_ms;
	c.capture_limit = 64 * 1024;
	if (run_child(&c)) {
		if (c.exec_errno == ENOENT) {
			strbuf_addstr(why, "valgrind not found");
			trace_add_install_hint(why, "valgrind");
		} else {
			strbuf_addf(why, "valgrind %s", child_describe(&c));
		}
		goto out;
	}
	if (!child_ok(&c)) {
		char *log = read_file(log_path, NULL);
		const char *fail = log ? strstr(log, "valgrind: ") : NULL;

		if (!fail)
			fail = strstr(strbuf_str(&c.err), "valgrind: ");
		strbuf_addf(why, "%s under valgrind %s", req->exe,
			    child_describe(&c));
		if (fail && !c.timed_out)
			strbuf_addf(why, ": %.*s", (int)strcspn(fail, "\n"),
				    fail);
		free(log);
		goto out;
	}
	rc = parse_lackey(log_path, req, out, why);
out:
	if (req->program_out)
		strbuf_add(req->program_out, c.out.buf ? c.out.buf : "", c.out.len);
	child_release(&c);
	strlist_clear(&argv);
	free(log_arg);
	free(log_path);
	free(tmpdir);
	return rc;
}
