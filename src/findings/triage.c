/* Fingerprints, suppressions and the baseline (triage.h). */
#include "findings/triage.h"
#include "findings/baseline.h"
#include "cfront/functions.h"
#include "cfront/lexer.h"
#include "cfront/suppress.h"
#include "lib/strbuf.h"
#include "lib/strset.h"
#include "lib/util.h"

#include <ctype.h>
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

/* A rule id as written in a comment, in any case; -1 if none. */
static int rule_of_id(const char *id)
{
	char low[64];
	size_t n = strlen(id);

	if (n >= sizeof(low))
		return -1;
	for (size_t i = 0; i <= n; i++)
		low[i] = (char)tolower((unsigned char)id[i]);
	return rule_lookup(low);
}

/* Warn about the suppressions of a file that cannot work as written. */
static void check_suppressions(const char *path,
			       const struct suppression_list *l)
{
	for (size_t i = 0; i < l->nr; i++) {
		const struct suppression *s = &l->items[i];

		if (s->malformed) {
			if (*s->malformed) /* "": an end marker, matched */
				warning("%s:%u: " SUPPRESS_MARKER ": %s; it "
					"suppresses nothing (write "
					SUPPRESS_MARKER "[RULE-ID]: reason)",
					path, s->line, s->malformed);
			continue;
		}
		for (size_t k = 0; k < s->nr_ids; k++)
			if (rule_of_id(s->ids[k]) < 0)
				warning("%s:%u: " SUPPRESS_MARKER "[%s]: no rule "
					"has that id (rwonce audit --list-rules "
					"lists them)", path, s->line, s->ids[k]);
		if (!s->reason)
			warning("%s:%u: " SUPPRESS_MARKER "[%s%s] gives no "
				"reason: say why after a colon", path, s->line,
				s->ids[0], s->nr_ids > 1 ? ", ..." : "");
	}
}

/* A finding on lines a suppression covers whose ids are other rules'. */
static void note_other_rule(const struct finding *f,
			    const struct suppression_list *l)
{
	const struct suppression *s = suppression_covering(l, f->line);

	if (!s)
		return;
	warning("%s:%u: note: the " SUPPRESS_MARKER " of line %u names [%s%s], "
		"not [%s], the rule of the finding here: it is reported",
		f->path, f->line, s->line, s->ids[0],
		s->nr_ids > 1 ? ", ..." : "", rules[f->rule].name);
}

/*
 * A note for each id of a suppression that suppressed nothing in this
 * run: one of this command's rules that was on.  Another command's
 * rules (scan reads the sources audit reads) and rules the run did not
 * check are not this run's to judge.
 */
static void note_unused(const char *path, const struct suppression_list *l,
			const struct triage_options *o)
{
	for (size_t i = 0; i < l->nr; i++) {
		const struct suppression *s = &l->items[i];

		if (s->malformed)
			continue;
		for (size_t k = 0; k < s->nr_ids; k++) {
			int r = rule_of_id(s->ids[k]);

			if (s->used[k] || r < 0 || !rule_of_command(r, o->command) ||
			    (o->rules_on && !o->rules_on[r]))
				continue;
			if (s->scope == SUPPRESS_FILE)
				warning("%s:%u: note: " SUPPRESS_MARKER
					"-file[%s] suppresses nothing: the "
					"file has no %s finding", path, s->line,
					s->ids[k], rules[r].name);
			else
				warning("%s:%u: note: " SUPPRESS_MARKER "%s[%s] "
					"suppresses nothing: no %s finding on "
					"lines %u-%u", path, s->line,
					s->scope == SUPPRESS_RANGE ? "-begin" : "",
					s->ids[k], rules[r].name,
					s->first_line, s->last_line);
		}
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

/* s[0..n) without its blanks, appended to out while out is shorter than
 * SITE_TEXT_MAX (per finding, three lines each: no byte-by-byte adds). */
static void add_unblanked(struct strbuf *out, const char *s, size_t n)
{
	size_t room = out->len < SITE_TEXT_MAX ? SITE_TEXT_MAX - out->len : 0;

	strbuf_grow(out, n < room ? n : room);
	for (size_t i = 0; i < n && out->len < SITE_TEXT_MAX; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			out->buf[out->len++] = s[i];
	out->buf[out->len] = '\0';
}

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
	if (to > from)
		add_unblanked(out, line + from, to - from);
}

/* Line n of sf without its blanks (at most SITE_TEXT_MAX bytes); empty
 * when there is no such line. */
static void line_text(const struct source_file *sf, unsigned n,
		      struct strbuf *out)
{
	size_t len;
	const char *line = n ? source_file_line(sf, n, &len) : NULL;

	strbuf_reset(out);
	if (line)
		add_unblanked(out, line, len);
}

/*
 * The nearest line above (step -1) or below (+1) line n that has text,
 * without its blanks, within a few lines: the site's neighbours in its
 * fingerprint.
 */
static void neighbour_text(const struct source_file *sf, unsigned n, int step,
			   struct strbuf *out)
{
	strbuf_reset(out);
	for (int k = 1; k <= 8 && !out->len; k++) {
		long m = (long)n + step * k;

		if (m < 1)
			break;
		line_text(sf, (unsigned)m, out);
		if (!out->len && !source_file_line(sf, (unsigned)m, &(size_t){ 0 }))
			break;
	}
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

/*
 * The files that have rwonce-ignore markers and no finding (the command
 * names them): each of their suppressions suppressed nothing.
 */
static void triage_marked_files(const struct finding_list *l,
				struct source_files *src,
				const struct triage_options *o)
{
	struct strset done = STRSET_INIT;

	for (size_t i = 0; i < l->nr; i++)
		strset_add(&done, l->items[i].path);
	for (size_t i = 0; i < o->nr_marked; i++) {
		const struct source_file *sf;
		struct suppression_list sl = SUPPRESSION_LIST_INIT;

		if (strset_has(&done, o->marked[i]))
			continue; /* read with its findings */
		sf = source_files_get(src, o->marked[i]);
		if (!sf || !sf->buf)
			continue;
		suppressions_find(sf->buf, sf->len, &sl);
		check_suppressions(sf->path, &sl);
		note_unused(sf->path, &sl, o);
		suppression_list_release(&sl);
	}
	strset_release(&done);
}

/* "%016llx:%zu" of hash and n, without a format (one per finding). */
static char *fingerprint_text(uint64_t hash, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	char buf[40];
	size_t len = 17, d = 0;
	char digits[24];

	for (int k = 0; k < 16; k++)
		buf[k] = hex[(hash >> (60 - 4 * k)) & 15];
	buf[16] = ':';
	do {
		digits[d++] = (char)('0' + n % 10);
		n /= 10;
	} while (n);
	while (d)
		buf[len++] = digits[--d];
	return xstrndup(buf, len);
}

/* "hash:N", N the finding's place among those of the same hash. */
static void number_fingerprints(struct keyed *keys, size_t nr,
				char **out)
{
	sane_qsort(keys, nr, sizeof(*keys), by_hash);
	for (size_t k = 0, n = 0; k < nr; k++) {
		n = k && keys[k - 1].hash == keys[k].hash ? n + 1 : 1;
		out[keys[k].index] = fingerprint_text(keys[k].hash, n);
	}
}

int findings_triage(struct finding_list *l, struct source_files *src,
		    const struct triage_options *o, struct triage_counts *c)
{
	struct baseline base = BASELINE_INIT;
	struct strbuf text = STRBUF_INIT, why = STRBUF_INIT, ctx = STRBUF_INIT;
	/* v3: rule, file, site text, its line and neighbours; v2 (old
	 * baselines): rule, file, function, site text */
	struct keyed *keys = xcalloc(l->nr + 1, sizeof(*keys));
	struct keyed *keys2 = xcalloc(l->nr + 1, sizeof(*keys2));
	struct keyed *keysA = xcalloc(l->nr + 1, sizeof(*keysA));
	char **fpA = xcalloc(l->nr + 1, sizeof(*fpA));
	char **fp2 = xcalloc(l->nr + 1, sizeof(*fp2));
	char **fp3 = xcalloc(l->nr + 1, sizeof(*fp3));
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
			uint64_t h = 0xcbf29ce484222325ull, h2 = h;

			if (!f->function && ff.functions.nr &&
			    function_at(&ff.functions, f->line))
				f->function = xstrdup(function_at(&ff.functions,
								  f->line));
			site_text(sf, f, &text);
			h2 = fnv1a_str(h2, "rwonce-fingerprint/2");
			h2 = fnv1a_str(h2, rules[f->rule].name);
			h2 = fnv1a_str(h2, rel ? rel : f->path);
			h2 = fnv1a_str(h2, f->function);
			h2 = fnv1a(h2, text.buf ? text.buf : "", text.len);
			keys2[i].hash = h2;
			keys2[i].index = i;
			h = fnv1a_str(h, "rwonce-fingerprint/3");
			h = fnv1a_str(h, rules[f->rule].name);
			h = fnv1a_str(h, rel ? rel : f->path);
			h = fnv1a(h, text.buf ? text.buf : "", text.len);
			if (sf && sf->buf && f->line) {
				line_text(sf, f->line, &ctx);
				h = fnv1a(h, ctx.buf ? ctx.buf : "", ctx.len);
				neighbour_text(sf, f->line, -1, &ctx);
				h = fnv1a(h, ctx.buf ? ctx.buf : "", ctx.len);
				neighbour_text(sf, f->line, +1, &ctx);
				h = fnv1a(h, ctx.buf ? ctx.buf : "", ctx.len);
			}
			keys[i].hash = h;
			keys[i].index = i;
			s = suppression_for(&ff.suppressions, f->line,
					    rules[f->rule].name);
			if (s)
				f->suppression = xstrdup(s->reason ? s->reason : "");
			else
				note_other_rule(f, &ff.suppressions);
		}
		if (sf && sf->buf)
			note_unused(sf->path, &ff.suppressions, o);
		facts_release(&ff);
		free(abs);
	}
	/*
	 * The function tells identical sites apart, and only them: a hash
	 * that several findings share takes their function in too, so that
	 * renaming a function keeps every finding whose site and
	 * neighbours are its own.
	 */
	memcpy(keysA, keys, l->nr * sizeof(*keys));
	sane_qsort(keys, l->nr, sizeof(*keys), by_hash);
	for (size_t k = 0, end; k < l->nr; k = end) {
		for (end = k + 1; end < l->nr && keys[end].hash == keys[k].hash;)
			end++;
		for (size_t m = k; end - k > 1 && m < end; m++)
			keys[m].hash = fnv1a_str(keys[m].hash,
					l->items[keys[m].index].function);
	}
	number_fingerprints(keys, l->nr, fp3);
	/* and without it, "hash:N" by the order in the file: how a site
	 * that was alone when the baseline was made is known when an
	 * identical one is added; these and v2's are only compared with a
	 * baseline's */
	if (have_base) {
		number_fingerprints(keysA, l->nr, fpA);
		number_fingerprints(keys2, l->nr, fp2);
	}
	for (size_t i = 0; i < l->nr; i++) {
		struct finding *f = &l->items[i];
		const char *mine = base.version == 2 ? fp2[i] : fp3[i];
		int known = have_base && (strset_has(&base.fingerprints, mine) ||
			(base.version != 2 &&
			 strset_has(&base.fingerprints, fpA[i])));

		free(f->fingerprint);
		f->fingerprint = fp3[i];
		if (f->suppression) {
			c->suppressed++;
		} else if (known) {
			f->baselined = 1;
			c->baselined++;
		} else {
			c->active++;
		}
		if (have_base)
			f->baseline_state = known ||
				strset_has(&base.suppressed, mine) ||
				(base.version != 2 &&
				 strset_has(&base.suppressed, fpA[i])) ?
				BASELINE_UNCHANGED : BASELINE_NEW;
	}
	if (have_base && o->absent)
		baseline_take_absent(&base, l, base.version == 2 ? fp2 : fp3,
				     base.version == 2 ? NULL : fpA,
				     o->absent);
	for (size_t i = 0; i < l->nr; i++) {
		free(fp2[i]);
		free(fpA[i]);
	}
	triage_marked_files(l, src, o);
	baseline_release(&base);
	strbuf_release(&text);
	strbuf_release(&ctx);
	strbuf_release(&why);
	free(keys);
	free(keys2);
	free(keysA);
	free(fp2);
	free(fpA);
	free(fp3);
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
