/* Fingerprints, suppressions and the baseline (triage.h). */
#include "findings/triage.h"
#include "findings/baseline.h"
#include "cfront/functions.h"
#include "cfront/lexer.h"
#include "cfront/suppress.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* FNV-1a, 64 bits; each part ends with a separator byte. */
static uint64_t fnv1a(uint64_t h, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ull;
	}
	h ^= 0xff;
	h *= 0x100000001b3ull;
	return h;
}

static uint64_t fnv1a_str(uint64_t h, const char *s)
{
	return fnv1a(h, s ? s : "", s ? strlen(s) : 0);
}

/* What the lines of one file say about its findings. */
struct file_facts {
	struct token_list tokens;
	struct function_list functions;
	struct suppression_list suppressions;
};

static void facts_release(struct file_facts *ff)
{
	token_list_release(&ff->tokens);
	function_list_release(&ff->functions);
	suppression_list_release(&ff->suppressions);
}

/* Warn about the suppressions of a file that cannot work as written. */
static void check_suppressions(const char *path,
			       const struct suppression_list *l)
{
	for (size_t i = 0; i < l->nr; i++) {
		const struct suppression *s = &l->items[i];

		if (s->malformed) {
			warning("%s:%u: " SUPPRESS_MARKER ": %s; it suppresses "
				"nothing (write " SUPPRESS_MARKER "[RULE-ID]: "
				"reason)", path, s->line, s->malformed);
			continue;
		}
		for (size_t k = 0; k < s->nr_ids; k++)
			if (rule_lookup(s->ids[k]) < 0)
				warning("%s:%u: " SUPPRESS_MARKER "[%s]: no rule "
					"has that id (rwonce audit --list-rules "
					"lists them)", path, s->line, s->ids[k]);
		if (!s->reason)
			warning("%s:%u: " SUPPRESS_MARKER "[%s%s] gives no "
				"reason: say why after a colon", path, s->line,
				s->ids[0], s->nr_ids > 1 ? ", ..." : "");
	}
}

static void read_facts(const struct source_file *sf, int want_functions,
		       struct file_facts *ff)
{
	if (!sf->buf)
		return;
	suppressions_find(sf->buf, sf->len, &ff->suppressions);
	check_suppressions(sf->path, &ff->suppressions);
	if (want_functions) {
		lex_buffer(sf->buf, sf->len, &ff->tokens);
		functions_find(sf->buf, &ff->tokens, &ff->functions);
	}
}

/* The site's text without blanks: [col, end_col) of its line when the
 * span is on it, else its line from col on. */
/*
 * At most this many bytes of a site's text go into its fingerprint: they
 * tell sites apart, and a cap keeps nested sites linear (each of 100000
 * nested ACCESS_ONCE( would otherwise hash the rest of the line).
 */
#define SITE_TEXT_MAX 256

static void site_text(const struct source_file *sf, const struct finding *f,
		      struct strbuf *out)
{
	size_t len, from, to;
	const char *line = source_file_line(sf, f->line, &len);

	strbuf_reset(out);
	if (!line || !f->col) {
		strbuf_addstr(out, f->message); /* no source: its words */
		return;
	}
	from = f->col - 1 < len ? f->col - 1 : len;
	to = f->end_line == f->line && f->end_col > f->col &&
		f->end_col - 1 <= len ? f->end_col - 1 : len;
	for (size_t i = from; i < to && out->len < SITE_TEXT_MAX; i++)
		if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
			strbuf_addch(out, line[i]);
}

struct keyed {
	uint64_t hash;
	size_t index;
};

static int by_hash(const void *pa, const void *pb)
{
	const struct keyed *a = pa, *b = pb;

	if (a->hash != b->hash)
		return a->hash < b->hash ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

int findings_triage(struct finding_list *l, struct source_files *src,
		    const struct triage_options *o, struct triage_counts *c)
{
	struct baseline base = BASELINE_INIT;
	struct strbuf text = STRBUF_INIT, why = STRBUF_INIT;
	struct keyed *keys = xcalloc(l->nr + 1, sizeof(*keys));
	char *root = source_path_absolute(o->srcroot ? o->srcroot : ".");
	int ret = 0, have_base = 0;

	memset(c, 0, sizeof(*c));
	if (o->baseline) {
		if (baseline_load(&base, o->baseline, o->command, &why))
			ret = error("%s", why.buf);
		else
			have_base = 1;
		c->baseline_size = base.findings;
	}
	for (size_t i = 0; i < l->nr;) {
		const struct source_file *sf = source_files_get(src, l->items[i].path);
		struct file_facts ff;
		char *abs = source_path_absolute(l->items[i].path);
		const char *rel = source_path_relative(abs, root);
		int want_functions = 0;
		size_t end = i;

		while (end < l->nr && !strcmp(l->items[end].path, l->items[i].path)) {
			want_functions |= !l->items[end].function;
			end++;
		}
		memset(&ff, 0, sizeof(ff));
		read_facts(sf, want_functions, &ff);
		for (; i < end; i++) {
			struct finding *f = &l->items[i];
			const struct suppression *s;
			uint64_t h = 0xcbf29ce484222325ull;

			if (!f->function && ff.functions.nr &&
			    function_at(&ff.functions, f->line))
				f->function = xstrdup(function_at(&ff.functions,
								  f->line));
			site_text(sf, f, &text);
			h = fnv1a_str(h, "rwonce-fingerprint/2");
			h = fnv1a_str(h, rules[f->rule].name);
			h = fnv1a_str(h, rel ? rel : f->path);
			h = fnv1a_str(h, f->function);
			h = fnv1a(h, text.buf ? text.buf : "", text.len);
			keys[i].hash = h;
			keys[i].index = i;
			s = suppression_for(&ff.suppressions, f->line,
					    rules[f->rule].name);
			if (s)
				f->suppression = xstrdup(s->reason ? s->reason : "");
		}
		facts_release(&ff);
		free(abs);
	}
	/* ":N": the N-th finding of that hash in the list's order */
	qsort(keys, l->nr, sizeof(*keys), by_hash);
	for (size_t k = 0, n = 0; k < l->nr; k++) {
		struct finding *f = &l->items[keys[k].index];

		n = k && keys[k - 1].hash == keys[k].hash ? n + 1 : 1;
		f->fingerprint = xasprintf("%016llx:%zu",
					   (unsigned long long)keys[k].hash, n);
	}
	for (size_t i = 0; i < l->nr; i++) {
		struct finding *f = &l->items[i];

		if (f->suppression) {
			c->suppressed++;
		} else if (have_base &&
			   strset_has(&base.fingerprints, f->fingerprint)) {
			f->baselined = 1;
			c->baselined++;
		} else {
			c->active++;
		}
	}
	baseline_release(&base);
	strbuf_release(&text);
	strbuf_release(&why);
	free(keys);
	free(root);
	return ret;
}

void triage_summary(struct strbuf *sb, const struct triage_counts *c)
{
	if (c->suppressed)
		strbuf_addf(sb, ", %zu suppressed", c->suppressed);
	if (c->baselined || c->baseline_size)
		strbuf_addf(sb, ", %zu in the baseline (of its %zu)",
			    c->baselined, c->baseline_size);
}
