/*
 * The source line of traced accesses, through addr2line on the -g
 * executable: --mode once ties accesses to its marks with it, and
 * --check-one --print-lines shows where the accesses of two
 * configurations part.  addr2line rather than libdw (src/elf/dwarf-lines):
 * the reader lives in the scan plugin, which this command does not load,
 * and addr2line gives the innermost location of inlined code, the line
 * of the expression itself.
 */
#include "fuzz/fuzz.h"
#include "lib/run-command.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* The last c in p[0..len), or NULL (memrchr is a GNU extension). */
static const char *last_of(const char *p, size_t len, char c)
{
	while (len--)
		if (p[len] == c)
			return p + len;
	return NULL;
}

/* addr2line that reads this target's ELF: the GNU one of its triple, else
 * LLVM's (every target), else the host's. */
static const char *addr2line_for(const struct target *t, char *buf, size_t n)
{
	snprintf(buf, n, "%s-addr2line", t->triple);
	if (program_exists(buf))
		return buf;
	if (program_exists("llvm-addr2line"))
		return "llvm-addr2line";
	return "addr2line";
}

/*
 * The source line of each pc (0: unknown or another file), with
 * addr2line on the -g executable: the innermost location, which for
 * inlined code is the line of the inlined expression itself.
 */
static int pc_lines(const struct target *t, const char *exe, const char *src,
		    const uint64_t *pcs, size_t n, unsigned *lines,
		    struct strbuf *why)
{
	const char *base = strrchr(src, '/') ? strrchr(src, '/') + 1 : src;
	const char **argv = xcalloc(n + 5, sizeof(*argv));
	char **hex = xcalloc(n + 1, sizeof(*hex));
	struct child ch = CHILD_INIT;
	char tool[128];
	size_t a = 0;
	int ret = 0;

	argv[a++] = addr2line_for(t, tool, sizeof(tool));
	argv[a++] = "-e";
	argv[a++] = exe;
	for (size_t i = 0; i < n; i++)
		argv[a++] = hex[i] = xasprintf("0x%" PRIx64, pcs[i]);
	argv[a] = NULL;
	ch.argv = argv;
	ch.timeout_ms = 60000;
	if (run_child(&ch) || !child_ok(&ch)) {
		strbuf_addf(why, "%s %s", argv[0], child_describe(&ch));
		ret = -1;
	} else {
		const char *p = strbuf_str(&ch.out);

		for (size_t i = 0; i < n; i++) {
			size_t len = strcspn(p, "\n");
			const char *colon = last_of(p, len, ':');
			const char *slash = last_of(p, len, '/');
			const char *name = slash ? slash + 1 : p;

			lines[i] = 0;
			if (colon && (size_t)(colon - name) == strlen(base) &&
			    !memcmp(name, base, colon - name))
				lines[i] = (unsigned)strtoul(colon + 1, NULL, 10);
			p += len + (p[len] == '\n');
		}
	}
	for (size_t i = 0; i < n; i++)
		free(hex[i]);
	free(hex);
	free(argv);
	child_release(&ch);
	return ret;
}

static int pc_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

int vaccess_lines(const struct target *t, const char *exe, const char *src,
		  const struct vaccess *acc, size_t nr, unsigned *line,
		  struct strbuf *why)
{
	uint64_t *pcs = xcalloc(nr + 1, sizeof(*pcs));
	unsigned *lines = xcalloc(nr + 1, sizeof(*lines));
	size_t npc = 0;
	int ret = 0;

	for (size_t i = 0; i < nr; i++)
		pcs[i] = acc[i].pc;
	sane_qsort(pcs, nr, sizeof(*pcs), pc_cmp);
	for (size_t i = 0; i < nr; i++)
		if (!npc || pcs[npc - 1] != pcs[i])
			pcs[npc++] = pcs[i];
	if (npc && pc_lines(t, exe, src, pcs, npc, lines, why))
		ret = -1;
	for (size_t i = 0; i < nr; i++) {
		const uint64_t *k = ret ? NULL :
			bsearch(&acc[i].pc, pcs, npc, sizeof(*pcs), pc_cmp);

		line[i] = k ? lines[k - pcs] : 0;
	}
	free(pcs);
	free(lines);
	return ret;
}
