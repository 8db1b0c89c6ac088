/* From a site instance to its verdict and finding (judge.h). */
#include "scan/judge.h"
#include "scan/volatile-objects.h"
#include "cfront/header-macros.h"
#include "findings/report.h"
#include "lib/strbuf.h"
#include "lib/json.h"
#include "lib/shown-path.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Disassembling the code between an instance's ranges too (for the
 * branches) is worth it up to this distance; beyond, ranges one by one. */
#define SPAN_LIMIT 65536

static int verbose;

void judge_set_verbose(int level)
{
	verbose = level;
}

/* 0: pc is outside the instance; else 1 + where its row's column lies
 * (enum row_place). */
static int in_ranges(const struct site_instance *in, uint64_t pc)
{
	for (size_t k = 0; k < in->nr_ranges; k++)
		if (pc >= in->ranges[k].lo && pc < in->ranges[k].hi)
			return 1 + (int)in->ranges[k].place;
	return 0;
}

/* in_ranges() for the len bytes from pc: the first range they touch */
static int in_ranges_span(const struct site_instance *in, uint64_t pc,
			  uint64_t len)
{
	for (size_t k = 0; k < in->nr_ranges; k++)
		if (pc < in->ranges[k].hi && pc + len > in->ranges[k].lo)
			return 1 + (int)in->ranges[k].place;
	return 0;
}

/*
 * The accesses of the instance's ranges, and the branches among them.
 * Decoding starts at the function's entry, so that registers loaded with
 * an object's address before the site's lines are followed.
 */
static void span(const struct site_instance *in, uint64_t *lo, uint64_t *hi)
{
	*lo = in->ranges[0].lo;
	*hi = in->ranges[0].hi;
	for (size_t k = 1; k < in->nr_ranges; k++) {
		if (in->ranges[k].lo < *lo)
			*lo = in->ranges[k].lo;
		if (in->ranges[k].hi > *hi)
			*hi = in->ranges[k].hi;
	}
}

/* The most bytes of an instance's span listed in a finding's evidence
 * (a span over a function's .cold part could be long). */
#define LISTING_LIMIT 4096

/* Bytes decoded past a function's last instance (a few instructions). */
#define ADDRESS_USE_SLACK 64

/* How far the unit's instances that begin in [start, limit) -- those of
 * this function -- reach, at least hi: the decoding need not go further. */
static uint64_t reach(const struct instance_list *unit, uint64_t start,
		      uint64_t limit, uint64_t hi)
{
	if (unit && unit->spans) {
		/* the first span that begins at start or after, then those
		 * before limit: the function's own */
		size_t a = 0, b = unit->nr_spans;

		while (a < b) {
			size_t m = a + (b - a) / 2;

			if (unit->spans[m].lo < start)
				a = m + 1;
			else
				b = m;
		}
		for (; a < unit->nr_spans && unit->spans[a].lo < limit; a++)
			if (unit->spans[a].hi > hi)
				hi = unit->spans[a].hi;
		return hi;
	}
	for (size_t k = 0; unit && k < unit->nr; k++) {
		uint64_t lo2, hi2;

		if (!unit->items[k].nr_ranges)
			continue;
		span(&unit->items[k], &lo2, &hi2);
		if (lo2 >= start && lo2 < limit && hi2 > hi)
			hi = hi2;
	}
	return hi;
}

static void collect(struct elf_image *img, struct decode_cache *dc,
		    const struct site_instance *in,
		    const struct instance_list *unit,
		    struct mem_access_list *out)
{
	uint64_t lo, hi, start, off, size, limit;
	const struct mem_access *all;
	size_t nall;

	span(in, &lo, &hi);
	start = limit = lo;
	if (elf_image_symbol_span(img, lo, &off, &size) && off <= lo) {
		start = lo - off;
		/* the function's end: how far the cache may decode ahead */
		limit = start + size;
	}
	if (hi - start > SPAN_LIMIT)
		start = lo;
	if (hi - start > SPAN_LIMIT) {
		/* far apart (a function's .cold part): the code between the
		 * ranges is not decoded, so it counts as a branch */
		for (size_t k = 0; k < in->nr_ranges; k++) {
			if (k) {
				ALLOC_GROW(out->items, out->nr + 1, out->alloc);
				memset(&out->items[out->nr], 0, sizeof(*out->items));
				out->items[out->nr].pc = in->ranges[k].lo;
				out->items[out->nr].gap = 1;
				out->items[out->nr++].branch = 1;
			}
			disasm_range(decode_cache_disasm(dc), img,
				     in->ranges[k].lo,
				     in->ranges[k].hi - in->ranges[k].lo, out);
		}
		return;
	}
	if (limit > start + SPAN_LIMIT)
		limit = start + SPAN_LIMIT;
	if (limit > hi) {
		/* a little past the last instance: the access through a
		 * pointer an instance loads often follows it (verdict.c,
		 * feeds_address) */
		uint64_t r = reach(unit, start, limit, hi) + ADDRESS_USE_SLACK;

		limit = r < limit ? r : limit;
	}
	nall = decode_cache_range(dc, img, start, hi, limit, &all);
	for (size_t k = 0; k < nall; k++) {
		const struct mem_access *a = &all[k];
		/* bytes not decoded count where they cover the instance's
		 * rows, not only where they start: what is in them cannot
		 * be told */
		int where = a->undecoded > 1 ?
			    in_ranges_span(in, a->pc, (uint64_t)a->undecoded) :
			    in_ranges(in, a->pc);

		if (a->branch ? a->pc < lo : !where)
			continue;
		ALLOC_GROW(out->items, out->nr + 1, out->alloc);
		out->items[out->nr] = *a;
		out->items[out->nr].before = where == 1 + ROW_BEFORE;
		out->items[out->nr].folded = where == 1 + ROW_FOLDED;
		out->items[out->nr++].assignment = where == 1 + ROW_ASSIGNMENT;
	}
}

static const enum rule_id verdict_rule[SCAN__COUNT] = {
	[SCAN_TORN] = RULE_SCAN_TORN,
	[SCAN_DUPLICATED] = RULE_SCAN_DUPLICATED,
	[SCAN_WIDENED] = RULE_SCAN_WIDENED,
};

static const char *access_word(enum site_access a)
{
	return a == SITE_READ ? "read" : a == SITE_WRITE ? "write" : "access";
}

/*
 * The function an instance is in: the DWARF's (the outermost of its
 * chain), else the symbol table's, else where it is -- never a bare '?'.
 */
static void instance_function(struct elf_image *img,
			      const struct site_instance *in, struct strbuf *sb)
{
	const char *fn = in->nchain ? in->chain[in->nchain - 1].function : NULL;

	if (fn) {
		strbuf_addstr(sb, fn);
		return;
	}
	fn = in->nr_ranges ? elf_image_symbol_at(img, in->ranges[0].lo, NULL) :
		NULL;
	if (fn)
		strbuf_addf(sb, "%s", fn);
	else if (in->nr_ranges)
		strbuf_addf(sb, "(no function: %llx is outside every function "
			    "of the DWARF and the symbol table)",
			    (unsigned long long)elf_image_file_address(
				    img, in->ranges[0].lo));
	else
		strbuf_addstr(sb, "(no code)");
}

/* One instruction the verdict rests on: "4f <f+0x4>: movl (%rdi), %eax". */
static int next_used(const struct mem_access_list *acc, const char *used,
		     size_t *k)
{
	for (; *k < acc->nr; (*k)++)
		if (used[*k] && !(*k && used[*k - 1] &&
				  acc->items[*k - 1].pc == acc->items[*k].pc))
			return 1; /* ldrd, ldp: one instruction, two accesses */
	return 0;
}

/* The four strings of "%s%s%s%s" that spell site s as in the source:
 * "READ_ONCE", "(", "x", ")"; a register's name alone (bare_name). */
#define SITE_CALL(s) (s)->what, (s)->bare_name ? "" : "(", \
	(s)->bare_name ? "" : (s)->operand, (s)->bare_name ? "" : ")"

/* "READ_ONCE(x)", "volatile-cast read 'p'" */
static void site_words(const struct scan_site *s, struct strbuf *sb)
{
	if (!strcmp(s->what, "volatile cast"))
		strbuf_addf(sb, "volatile-cast %s '%s'", access_word(s->access),
			    s->operand);
	else if (!strcmp(s->what, "volatile object"))
		strbuf_addf(sb, "%s of volatile object '%s'",
			    access_word(s->access), s->operand);
	else if (s->bare_name)
		strbuf_addstr(sb, s->what);
	else
		strbuf_addf(sb, "%s(%s)", s->what, s->operand);
}

/*
 * The finding's evidence for SARIF and HTML (findings/finding.h): its
 * function, the inline chain's call sites outermost first, the
 * instructions the verdict rests on, and the listing of the function's
 * instructions (listing_window; "*" on those the verdict rests on).
 */
/*
 * What a finding's listing shows: the whole function around [*lo, *hi)
 * when it is at most LISTING_LIMIT bytes, else LISTING_LIMIT bytes of it
 * from a little before the instance.  Decoding from the function's entry
 * keeps x86's instruction boundaries right.
 */
static void listing_window(struct elf_image *img, uint64_t *lo, uint64_t *hi)
{
	uint64_t off, size, start, end;

	if (!elf_image_symbol_span(img, *lo, &off, &size) || off > *lo ||
	    !size) {
		if (*hi - *lo > LISTING_LIMIT)
			*hi = *lo + LISTING_LIMIT;
		return;
	}
	start = *lo - off;
	end = start + size;
	if (size > LISTING_LIMIT) {
		/* x86 cannot be decoded from any byte: start at the entry
		 * when the instance is near it, else at the instance */
		if (*lo - start > LISTING_LIMIT / 4)
			start = *lo;
		if (end > start + LISTING_LIMIT)
			end = start + LISTING_LIMIT;
	}
	*lo = start;
	*hi = end;
}

static void add_evidence(struct elf_image *img, struct disasm *d,
			 const struct site_instance *in,
			 const struct mem_access_list *acc, const char *used,
			 struct finding *f)
{
	struct strbuf sb = STRBUF_INIT;
	uint64_t *marked = xcalloc(acc->nr + 1, sizeof(*marked));
	uint64_t lo, hi;
	size_t nmarked = 0;

	instance_function(img, in, &sb);
	f->function = strbuf_detach(&sb);
	for (size_t k = in->nchain; k-- > 1;) {
		const struct inline_frame *c = &in->chain[k - 1];

		strbuf_reset(&sb);
		strbuf_addf(&sb, "'%s' inlined into '%s' here", c->function,
			    in->chain[k].function);
		finding_add_related(f, RELATED_CALL, shown_path(c->call_file),
				    c->call_line, c->call_col, 0, sb.buf);
	}
	for (size_t k = 0; next_used(acc, used, &k); k++) {
		const struct mem_access *a = &acc->items[k];
		uint64_t off;
		const char *sym = elf_image_symbol_at(img, a->pc, &off);

		strbuf_reset(&sb);
		if (sym)
			strbuf_addf(&sb, "<%s+0x%llx>: ", sym,
				    (unsigned long long)off);
		strbuf_addstr(&sb, a->text);
		finding_add_related(f, RELATED_INSN, NULL, 0, 0,
				    elf_image_file_address(img, a->pc), sb.buf);
	}
	/* the function's instructions (a long one's around the instance),
	 * those the verdict rests on marked */
	strbuf_reset(&sb);
	for (size_t k = 0; k < acc->nr; k++)
		if (used[k])
			marked[nmarked++] = acc->items[k].pc;
	span(in, &lo, &hi);
	listing_window(img, &lo, &hi);
	if (hi > lo)
		disasm_listing(d, img, lo, (size_t)(hi - lo), marked, nmarked,
			       &sb);
	f->listing = sb.len ? strbuf_detach(&sb) : NULL;
	strbuf_release(&sb);
	free(marked);
}

static void add_finding(struct elf_image *img, struct disasm *d,
			const struct site_instance *in,
			enum scan_verdict v, unsigned size, const char *type,
			int aggregate, const char *why,
			const struct mem_access_list *acc, const char *used,
			struct finding_list *findings)
{
	const struct scan_site *s = &in->src->sites[in->site];
	struct strbuf msg = STRBUF_INIT, notes = STRBUF_INIT;
	struct finding f;

	site_words(s, &msg);
	if (type)
		strbuf_addf(&msg, " of '%s'", type);
	if (size)
		strbuf_addf(&msg, " (%u byte%s)", size, size == 1 ? "" : "s");
	strbuf_addf(&msg, " %s", why);
	if (in->together > 1)
		strbuf_addf(&msg, " (the line's %zu sites checked together: its "
			    "line table has no columns)", in->together);

	strbuf_addf(&notes, "in %s, function '", shown_path(elf_image_info(img)->name));
	instance_function(img, in, &notes);
	strbuf_addch(&notes, '\'');
	if (s->via)
		strbuf_addf(&notes, "\n%s", s->via);
	if (s->defined)
		strbuf_addf(&notes, "\n%s", s->defined);
	for (size_t k = 0; k + 1 < in->nchain; k++)
		strbuf_addf(&notes, "\n'%s' inlined into '%s' at %s:%u:%u",
			    in->chain[k].function, in->chain[k + 1].function,
			    shown_path(in->chain[k].call_file), in->chain[k].call_line,
			    in->chain[k].call_col);
	for (size_t k = 0; next_used(acc, used, &k); k++) {
		const struct mem_access *a = &acc->items[k];
		uint64_t off;
		const char *sym = elf_image_symbol_at(img, a->pc, &off);

		strbuf_addf(&notes, "\n%llx", (unsigned long long)
			    elf_image_file_address(img, a->pc));
		if (sym)
			strbuf_addf(&notes, " <%s+0x%llx>", sym,
				    (unsigned long long)off);
		strbuf_addf(&notes, ": %s", a->text);
	}

	memset(&f, 0, sizeof(f));
	f.rule = verdict_rule[v];
	f.path = (char *)shown_path(in->src->path);
	f.object = (char *)shown_path(elf_image_info(img)->name);
	f.line = s->line;
	f.col = s->col;
	if (s->end_line == s->line) {
		f.end_line = s->end_line;
		f.end_col = s->end_col;
	}
	f.message = msg.buf;
	f.type_spelled = (char *)type;
	f.size = size;
	/* a struct or union of a known size: fix --from-scan can spell it
	 * on a scalar of that size (when its type has one) -- not at a
	 * placed macro use, whose argument is not the object (PAIR_IN(gbox)
	 * reads gbox.pair): fix would respell the argument */
	f.fixable = aggregate == 1 && size && !s->placed;
	/* ... and fix --from-scan says so, not "no struct or union" */
	f.placed_object = s->placed ? s->lvalue : NULL;
	f.notes = notes.buf;
	add_evidence(img, d, in, acc, used, finding_list_add(findings, &f));
	strbuf_release(&msg);
	strbuf_release(&notes);
}

/* A struct or union: on the finding just added, where its type is
 * declared (the HTML card shows the definition). */
static void note_type_definition(struct line_unit *u,
				 const struct site_instance *in,
				 const char *expr, struct finding_list *l)
{
	char file[4096];
	unsigned line;
	struct finding *x;

	if (!l->nr || !line_unit_expr_type_decl(u, in->ranges[0].lo, expr,
						file, sizeof(file), &line))
		return;
	x = &l->items[l->nr - 1];
	x->type_path = xstrdup(shown_path(file));
	x->type_line = line;
	x->type_end_line = 0; /* the HTML page finds the closing brace */
}

/* The source of the finding just added. */
static void note_finding_src(struct judge_tally *t,
			     const struct source_sites *src)
{
	ALLOC_GROW(t->finding_src, t->findings.nr, t->alloc_finding_src);
	t->finding_src[t->findings.nr - 1] = src;
}

/* The instance, its verdict and its evidence as one JSON object. */
static void add_record(struct elf_image *img, const struct site_instance *in,
		       enum scan_verdict v, unsigned size, const char *type,
		       int aggregate, const char *why,
		       const struct mem_access_list *acc, const char *used,
		       struct judge_tally *t)
{
	const struct scan_site *s = &in->src->sites[in->site];
	struct strbuf sb = STRBUF_INIT, tmp = STRBUF_INIT;
	struct instance_record *r;

	/* "path_bytes" too when the name is not UTF-8 (json.h) */
	strbuf_addch(&sb, '{');
	json_add_path(&sb, "path", shown_path(in->src->path), 1);
	strbuf_addf(&sb, ", \"line\": %u, \"column\": %u, \"site\": ", s->line,
		    s->col);
	site_words(s, &tmp);
	json_add_string(&sb, tmp.buf);
	strbuf_addf(&sb, ", \"access\": \"%s\", \"type\": ",
		    s->access == SITE_READ ? "read" : s->access == SITE_WRITE ?
		    "write" : "read-write");
	if (type)
		json_add_string(&sb, type);
	else
		strbuf_addstr(&sb, "null");
	if (size)
		strbuf_addf(&sb, ", \"size\": %u", size);
	else
		strbuf_addstr(&sb, ", \"size\": null");
	strbuf_addf(&sb, ", \"aggregate\": %s", aggregate < 0 ? "null" :
		    aggregate ? "true" : "false");
	strbuf_addf(&sb, ", \"verdict\": \"%s\", \"why\": ",
		    scan_verdict_name(v));
	json_add_string(&sb, why);
	json_add_path(&sb, "object", shown_path(elf_image_info(img)->name), 0);
	strbuf_addstr(&sb, ", \"function\": ");
	strbuf_reset(&tmp);
	instance_function(img, in, &tmp);
	json_add_string(&sb, tmp.buf);
	strbuf_addstr(&sb, ", \"inline_chain\": [");
	for (size_t k = 0; k + 1 < in->nchain; k++) {
		strbuf_addstr(&sb, k ? ", {\"function\": " : "{\"function\": ");
		json_add_string(&sb, in->chain[k].function);
		strbuf_addstr(&sb, ", \"inlined_into\": ");
		json_add_string(&sb, in->chain[k + 1].function);
		strbuf_addstr(&sb, ", \"at\": ");
		strbuf_reset(&tmp);
		strbuf_addf(&tmp, "%s:%u:%u", shown_path(in->chain[k].call_file),
			    in->chain[k].call_line, in->chain[k].call_col);
		json_add_string(&sb, tmp.buf);
		strbuf_addch(&sb, '}');
	}
	strbuf_addstr(&sb, "], \"instructions\": [");
	for (size_t k = 0, n = 0; next_used(acc, used, &k); k++, n++) {
		const struct mem_access *a = &acc->items[k];
		uint64_t off;
		const char *sym = elf_image_symbol_at(img, a->pc, &off);

		strbuf_addf(&sb, "%s{\"address\": \"%llx\", \"symbol\": ",
			    n ? ", " : "", (unsigned long long)
			    elf_image_file_address(img, a->pc));
		strbuf_reset(&tmp);
		if (sym)
			strbuf_addf(&tmp, "%s+0x%llx", sym, (unsigned long long)off);
		if (sym)
			json_add_string(&sb, tmp.buf);
		else
			strbuf_addstr(&sb, "null");
		strbuf_addstr(&sb, ", \"text\": ");
		json_add_string(&sb, a->text);
		strbuf_addch(&sb, '}');
	}
	strbuf_addstr(&sb, "]}");
	ALLOC_GROW(t->records, t->nr_records + 1, t->alloc_records);
	r = &t->records[t->nr_records++];
	r->src = in->src;
	r->path = in->src->path;
	r->line = s->line;
	r->col = s->col;
	r->addr = in->nr_ranges ? elf_image_file_address(img, in->ranges[0].lo) : 0;
	r->json = strbuf_detach(&sb);
	strbuf_release(&tmp);
}

/*
 * A once-accessor's call with no inlined copy of the accessor: the code
 * on the call's text is the arguments' and the call.  The accessor's
 * body is judged where it is defined, once; the call is said, not
 * judged on the arguments' accesses.
 */
static enum scan_verdict call_verdict(const struct scan_site *s,
				      const struct mem_access_list *acc,
				      struct strbuf *why, char *used,
				      enum unattributed_reason *reason)
{
	for (size_t k = 0; k < acc->nr; k++) {
		const struct mem_access *a = &acc->items[k];

		/* aarch64's bl to a function of the object is a branch */
		if (!a->call && !(a->branch && (!strncmp(a->text, "bl ", 3) ||
						!strncmp(a->text, "call", 4))))
			continue;
		used[k] = 1;
		*reason = UNATTRIBUTED_CALL;
		strbuf_addf(why, "calls the once-accessor '%s' out of line: "
			    "its body is judged where it is defined%s%s", s->what,
			    s->accessor_def ? " (" : "",
			    s->accessor_def ? s->accessor_def : "");
		if (s->accessor_def)
			strbuf_addch(why, ')');
		return SCAN_UNATTRIBUTED;
	}
	*reason = UNATTRIBUTED_NO_ACCESS;
	strbuf_addf(why, "no inlined copy of the once-accessor '%s' and no "
		    "call to it at the site", s->what);
	return SCAN_UNATTRIBUTED;
}

/*
 * The object's lvalue for where it is: the site's (sites.c already made
 * a pointer argument's or an accessor's call's the pointee: "a->x",
 * "*(p)"); for a --macro name found inlined as a function (via_function),
 * what its argument points to, as judge_instance() types it.  Freed by
 * the caller.
 */
static char *object_lvalue(const struct scan_site *s, int via_function)
{
	if (!s->lvalue)
		return NULL;
	if (!via_function)
		return xstrdup(s->lvalue);
	return s->lvalue[0] == '&' ? xstrdup(s->lvalue + 1) :
	       xasprintf("*(%s)", s->lvalue);
}

/* folded_whose() for a load at an address the instruction gives: the
 * object is a variable there, at its member's offset (gcc's `cmpl %eax,
 * g3(%rip)` on the '!=' of READ_ONCE(g1) != g3 is g3's). */
static enum folded_address folded_symbol(struct line_unit *u,
					 const char *object,
					 const struct mem_access *a,
					 struct strbuf *note)
{
	char name[64] = "";
	int64_t off = 0;
	uint64_t at = 0;
	const char *sym = elf_image_data_symbol_at(u->img, (uint64_t)a->disp,
						   &at);

	if (!object || line_unit_named_offset(u, a->pc, object, name,
					      sizeof(name), &off)) {
		if (note)
			strbuf_addf(note, " (the object%s%s%s is not a "
				    "variable the DWARF names there)",
				    object ? " '" : "", object ? object : "",
				    object ? "'" : "");
		return FOLDED_NOT_KNOWN;
	}
	if (!sym) {
		if (note)
			strbuf_addf(note, " (no symbol at the load's address, "
				    "to tell it is '%s')", name);
		return FOLDED_NOT_KNOWN;
	}
	if (strcmp(sym, name)) {
		if (note)
			strbuf_addf(note, " (the load is of '%s', not '%s')",
				    sym, name);
		return FOLDED_OTHER_REG;
	}
	if ((int64_t)at != off) {
		if (note)
			strbuf_addf(note, " (at offset %llu of '%s', not the "
				    "object's %lld)", (unsigned long long)at,
				    name, (long long)off);
		return FOLDED_OTHER_OFFSET;
	}
	return FOLDED_OBJECT;
}

/*
 * Whose address a load folded into an operator's instruction is
 * (mem_access.folded_address): the row of `cmpl 0x14(%rsi), %ecx` on the
 * '==' of READ_ONCE(a->x) == b->y tells only the statement, and the
 * compare may be of the other operand while the site's own load sits on
 * a row that is nobody's (clang hoists the loads of two branches into
 * one, with line 0).  It is the object's only where the DWARF puts the
 * object's pointer in the instruction's base register there, at the
 * object's offset -- or, at an address the instruction gives, where the
 * symbol is the object's variable at its offset; with *note the evidence
 * either way (for the verdict's reason).
 */
static enum folded_address folded_whose(struct line_unit *u,
					const struct disasm *d,
					const char *object,
					const struct mem_access *a,
					struct strbuf *note)
{
	char ptr[64] = "";
	struct object_place pl;
	unsigned reg, index = 0;
	int rc;

	if (a->base == BASE_ABSOLUTE)
		return folded_symbol(u, object, a, note);
	rc = object ? line_unit_object_reg(u, a->pc, object, &pl, ptr,
					   sizeof(ptr)) : -2;

	if (rc) {
		if (note && rc == -1)
			strbuf_addf(note, " (where the pointer '%s' is there, "
				    "the DWARF does not tell)", ptr);
		else if (note && rc == -3)
			strbuf_addf(note, " ('%s' is no pointer the DWARF has "
				    "in scope there)", ptr);
		else if (note)
			strbuf_addf(note, " (the object%s%s%s is not one "
				    "whose address the DWARF places: p->f, "
				    "p->f[N], *p)", object ? " '" : "",
				    object ? object : "", object ? "'" : "");
		return FOLDED_NOT_KNOWN;
	}
	reg = disasm_dwarf_reg(d, pl.reg);
	if (pl.indexed)
		index = disasm_dwarf_reg(d, pl.index_reg);
	if (!reg || (pl.indexed && !index)) {
		if (note)
			strbuf_addf(note, " (the DWARF's register %u for '%s' "
				    "is not known here)", !reg ? pl.reg :
				    pl.index_reg, ptr);
		return FOLDED_NOT_KNOWN;
	}
	if (reg != a->reg) {
		if (note)
			strbuf_addf(note, " ('%s' is in %s there; the load is "
				    "through %s)", ptr, disasm_reg_name(d, reg),
				    a->reg ? disasm_reg_name(d, a->reg) :
				    "no register");
		return FOLDED_OTHER_REG;
	}
	if (index != a->index || (pl.indexed && a->scale != pl.scale)) {
		if (note)
			strbuf_addf(note, " (through '%s' in %s, but %s)", ptr,
				    disasm_reg_name(d, reg), pl.indexed ?
				    "not indexed by the register and the "
				    "element size the DWARF gives its index" :
				    "indexed, and the object has no index");
		return FOLDED_OTHER_REG;
	}
	if (a->reg_disp != pl.offset) {
		if (note)
			strbuf_addf(note, " (through '%s' in %s, at offset "
				    "%lld, not the object's %lld)", ptr,
				    disasm_reg_name(d, reg),
				    (long long)a->reg_disp,
				    (long long)pl.offset);
		return FOLDED_OTHER_OFFSET;
	}
	return FOLDED_OBJECT;
}

/*
 * Accesses through the value the object's load k read -- and through
 * theirs, on down -- are of what the object points to: not counted.
 */
static void drop_through_object(struct mem_access_list *acc, size_t k)
{
	/* object_shown: 1 the object's load, -1 an access through its
	 * value, dropped here (and what it feeds is dropped too) */
	acc->items[k].object_shown = 1;
	for (int more = 1; more;) {
		more = 0;
		for (size_t m = 0; m < acc->nr; m++) {
			struct mem_access *b = &acc->items[m];

			if (m == k || b->kind == ACC_NONE || !b->fed_by_pc)
				continue;
			for (size_t f = 0; f < acc->nr; f++)
				if (acc->items[f].pc != b->pc &&
				    (acc->items[f].pc == b->fed_by_pc ||
				     acc->items[f].pc == b->fed_base_pc) &&
				    (f == k || (acc->items[f].kind == ACC_NONE &&
						acc->items[f].object_shown == -1))) {
					b->kind = ACC_NONE;
					b->object_shown = -1; /* through it */
					more = 1;
					break;
				}
		}
	}
}

/*
 * Where the DWARF does not place the object's pointer at a load (a
 * pointer kept in the frame, `movq -0x70(%rbp), %rax` then `movq
 * 0x480(%rax), %rax`), the load's shape may still show it: of the
 * object's width, at its offset from a register with no index, its value
 * the address of a later access of the instance -- the body dereferences
 * the value it reads (deref_after).  The one such load is the object's;
 * with two or more, none is chosen.
 */
static int shape_is_object(const struct mem_access_list *acc, size_t k,
			   const struct object_place *pl, unsigned size)
{
	const struct mem_access *a = &acc->items[k];

	if (a->kind != ACC_LOAD || a->size != size || a->reg_disp != pl->offset)
		return 0;
	for (size_t m = 0; m < acc->nr; m++)
		if (m != k && (acc->items[m].fed_by_pc == a->pc ||
			       acc->items[m].fed_base_pc == a->pc) &&
		    acc->items[m].pc != a->pc && acc->items[m].kind != ACC_NONE)
			return 1;
	return 0;
}

/*
 * A placed macro use (sites.h: placed): the macro's whole body is on the
 * use's column, so its other accesses are among the instance's.  One
 * through the register the DWARF puts the object's pointer in there, at
 * bytes that do not meet the object's, is of another member of what it
 * points to (nsync's NOTIFIED_TIME(n) reads n->expiry_time_valid, at
 * offset 0x18, beside n->notified at 0x54): not counted.  Those that
 * meet the object's bytes, and those through another register, stay --
 * a tear, a second access or a wider one of the object is never hidden.
 * And a load shown so to be the object's, of its width: an access
 * through the value it loaded is of what the object points to, not of
 * the object (ext4's sbi_array_rcu_deref reads the array's element
 * through the pointer it loads, `movq (%rax,%rdx,8)` after `movq
 * 0x70(%r13), %rax`): not counted either, and the load is the one the
 * verdict cites (mem_access.object_shown) -- among other accesses of
 * the object's width on the use's rows, the last is not the object's
 * for being the last.
 */
static void drop_other_members(struct line_unit *u, const struct disasm *d,
			       const struct scan_site *s, unsigned size,
			       struct mem_access_list *acc)
{
	size_t shape = 0, nshape = 0;
	int shown = 0;

	/* a site in a macro's argument that the body names more than once
	 * (sites.h: repeat_macro) is in the same case: the body's code,
	 * the macro's other accesses among them (the kernel's
	 * sk_wait_event(): __sk->sk_disconnects, read before and after
	 * the condition), is on the use's rows */
	if (!(s->placed || s->repeat_macro) || !s->lvalue || !size)
		return;
	for (size_t k = 0; k < acc->nr; k++) {
		struct mem_access *a = &acc->items[k];
		struct object_place pl;
		unsigned reg;
		int rc;

		if (a->kind == ACC_NONE || a->base == BASE_ABSOLUTE ||
		    !a->reg || a->index || a->frame || !a->size)
			continue;
		rc = line_unit_object_reg(u, a->pc, s->lvalue, &pl, NULL, 0);
		/* the form read, the pointer's place not told (pl.scale:
		 * a variable index, whose register is not told either) */
		if (rc == -1 && !pl.scale && s->deref_after &&
		    shape_is_object(acc, k, &pl, size)) {
			shape = k;
			nshape++;
		}
		if (rc || pl.indexed)
			continue;
		reg = disasm_dwarf_reg(d, pl.reg);
		if (!reg || reg != a->reg)
			continue;
		if (a->reg_disp + (int64_t)a->size <= pl.offset ||
		    pl.offset + (int64_t)size <= a->reg_disp) {
			a->kind = ACC_NONE;
		} else if (a->kind == ACC_LOAD && a->reg_disp == pl.offset &&
			   a->size == size) {
			drop_through_object(acc, k);
			shown = 1;
		}
	}
	if (!shown && nshape == 1 && acc->items[shape].kind == ACC_LOAD)
		drop_through_object(acc, shape);
}

/*
 * An object declared volatile that is a variable or a member of one
 * (--volatile-objects: ngx_cached_err_log_time.data): an access at an
 * address the instruction gives is the object's only when it is that
 * variable's and meets the object's bytes -- nginx's ngx_cpymem(dst,
 * t.data, t.len) loads t.len twice on the row of t.data, and those were
 * taken for two loads of t.data.  Others are not counted.
 */
/* The variable an access at an address the instruction gives is of, and
 * the offset in it: its relocation's symbol (an extern's too), else the
 * data symbol there (a static, reached through its section's symbol);
 * NULL: not known. */
static const char *access_variable(struct elf_image *img,
				   const struct mem_access *a, uint64_t *at)
{
	uint64_t where, target, sym;
	const char *name;
	int section;

	/* (an instruction is at most 15 bytes: the first relocation in
	 * them is its own) */
	if (elf_image_reloc_symbol(img, a->pc, 15, &where, &target, &name,
				   &sym, &section) && !section && name) {
		*at = (uint64_t)a->disp - sym;
		return name;
	}
	return elf_image_data_symbol_at(img, (uint64_t)a->disp, at);
}

/* Is sym the symbol of the variable name (a function's static: x.0)? */
static int symbol_of(const char *sym, const char *name)
{
	size_t n = strlen(name);

	return !strncmp(sym, name, n) && (!sym[n] || sym[n] == '.');
}

static void drop_other_variables(struct line_unit *u,
				 const struct scan_site *s, unsigned size,
				 struct mem_access_list *acc)
{
	char name[64];
	int64_t off;

	if (!s->vol_object || !s->lvalue || !size)
		return;
	for (size_t k = 0; k < acc->nr; k++) {
		struct mem_access *a = &acc->items[k];
		const char *sym;
		uint64_t at = 0;

		if (a->kind == ACC_NONE || a->base != BASE_ABSOLUTE ||
		    a->index || !a->size ||
		    line_unit_named_offset(u, a->pc, s->lvalue, name,
					   sizeof(name), &off) ||
		    !(sym = access_variable(u->img, a, &at)))
			continue;
		if (!symbol_of(sym, name) ||
		    (int64_t)at + (int64_t)a->size <= off ||
		    off + (int64_t)size <= (int64_t)at)
			a->kind = ACC_NONE;
	}
}

/* Each folded load of the instance: whose address it is. */
static void check_folded(struct line_unit *u, const struct disasm *d,
			 const struct scan_site *s, int via_function,
			 struct mem_access_list *acc)
{
	char *object = NULL;
	int asked = 0;

	for (size_t k = 0; k < acc->nr; k++) {
		struct mem_access *a = &acc->items[k];

		if (!a->folded || a->kind != ACC_LOAD)
			continue;
		if (!asked++)
			object = object_lvalue(s, via_function);
		a->folded_address = folded_whose(u, d, object, a, NULL);
	}
	free(object);
}

/*
 * Is the site's object, found in the frame, a local that its caller
 * publishes?  The site reaches it through parameter ptr_param of the
 * function inlined first in the chain; the call there passes &NAME of
 * a local of the caller, and the caller takes NAME's address elsewhere
 * too (source_sites_published_arg).  Then the frame's accesses count
 * (judge_instance clears their flag); *note gets the evidence.
 */
static int frame_published(const struct site_instance *in,
			   const struct scan_site *s, struct strbuf *note)
{
	char *name = NULL;
	unsigned where = 0;
	int arg = s->ptr_param;

	if (s->ptr_param < 0 || !in->nchain || !in->chain[0].function ||
	    !s->fn_name || strcmp(in->chain[0].function, s->fn_name))
		return 0;
	/* the call of the function holding the site, then -- while the
	 * argument there is a parameter of an inlined caller, passed on
	 * as it came -- the call of that caller (busy_wait(w) in
	 * wait_on(w), wait_on(&node) in the function of the local) */
	for (size_t lvl = 0; lvl < in->nchain && lvl < SCAN_MAX_CHAIN; lvl++) {
		if (!in->chain[lvl].call_line || !in->caller_src[lvl])
			return 0;
		if (source_sites_published_arg(in->caller_src[lvl],
					       in->chain[lvl].call_line,
					       in->chain[lvl].call_col, arg,
					       &name, &where)) {
			strbuf_addf(note, " (in the frame: the local '%s' of "
				    "'%s', its address also taken at %s:%u: "
				    "published)", name,
				    lvl + 1 < in->nchain &&
				    in->chain[lvl + 1].function ?
				    in->chain[lvl + 1].function : "its caller",
				    shown_path(in->caller_src[lvl]->path), where);
			free(name);
			return 1;
		}
		if (lvl + 1 >= in->nchain || !in->chain[lvl + 1].function ||
		    !source_sites_param_arg(in->caller_src[lvl],
					    in->chain[lvl].call_line,
					    in->chain[lvl].call_col, arg,
					    in->chain[lvl + 1].function, &arg))
			return 0;
	}
	return 0;
}

/*
 * A call in the site's object is typed by what the function returns
 * only when no macro could stand for it: none of the file's (no
 * spelling with one expanded), none of the headers' (one reading).
 */
static int no_macro_in(const struct site_instance *in,
		       const struct scan_site *s, const char *expr)
{
	struct strlist one = STRLIST_INIT;
	int none = !s->nr_alt && (!in->src->headers ||
		header_macros_readings(in->src->headers, expr, 2, &one) == 1);

	strlist_clear(&one);
	return none;
}

/*
 * The object of a once-accessor's call, typed in the caller's scopes:
 * the argument as written (or pointee, a --macro function's), and with a
 * macro of its file expanded.  Every spelling the DWARF types must give
 * one size, or the size is not known: an ok is never judged against a
 * size one reading gives and another denies.  Returns the size (0: not
 * known), the type's name in tname and through *type.
 */
static unsigned call_argument_type(struct line_unit *u,
				   const struct site_instance *in,
				   const struct scan_site *s,
				   const char *pointee, char *tname, size_t n,
				   int *aggregate, const char **type)
{
	unsigned size = 0;
	int agg = -1;
	char first[128];
	int calls = no_macro_in(in, s, pointee ? pointee : s->lvalue);

	for (size_t k = 0; k <= (pointee ? 0 : s->nr_alt); k++) {
		const char *e = k ? s->alt_lvalues[k - 1] :
			pointee ? pointee : s->lvalue;
		char name[128];
		int a = -1;
		unsigned got = line_unit_call_expr_type(u, in->ranges[0].lo,
							in->chain[0].function,
							in->chain[0].call_line,
							e, calls, name,
							sizeof(name), &a);

		if (!got)
			continue;
		if (size && (got != size || a != agg))
			return 0; /* two readings disagree */
		if (!size)
			snprintf(first, sizeof(first), "%s", name);
		size = got;
		agg = a;
	}
	if (!size)
		return 0;
	snprintf(tname, n, "%s", first);
	*aggregate = agg;
	*type = tname;
	return size;
}

/*
 * A use of a header's macro that opens a loop (for_each_domain(cpu, sd):
 * for (sd = rcu_dereference(cpu_rq(cpu)->sd); sd; sd = sd->parent)):
 * its rows hold the loop's other loads of the object's width, the last
 * of them (sd->parent) not the object's -- the verdict would cite it.
 * Not typed through the headers' readings.
 */
static int loop_macro_use(const struct site_instance *in,
			  const struct scan_site *s)
{
	return s->what && (header_macros_loop_kind(in->src->headers, s->what,
						   strlen(s->what)) &
			   HEADER_MACRO_OPENS_LOOP);
}

/*
 * The object spelled through the macros of the headers discovery read:
 * each reading their definitions allow (each macro expanded by each of
 * its definitions, or not at all) typed by the DWARF where the object
 * is named (the caller's scopes for an accessor's call).  Taken only
 * when a reading types from a variable of static storage, from what a
 * function of the unit returns, or (spellings) from a cast, every
 * reading that types gives one size and kind, and every other reading
 * names a function or variable the unit does not have -- it is not
 * what was compiled.  Else 0: not known.
 */
#define MAX_READINGS 16
/* The readings the DWARF is asked to type, at most: Linux's
 * per_cpu_ptr(&v, cpu) has 20 (its two definitions, RELOC_HIDE's three,
 * __verify_pcpu_ptr and per_cpu_offset each written out or not).  The
 * sources' types (source_reading_type, sites.c) keep MAX_READINGS. */
#define MAX_HEADER_READINGS 32
static unsigned header_reading_type(struct line_unit *u,
				    const struct site_instance *in,
				    const struct scan_site *s,
				    const char *pointee, int via_call,
				    int spellings, char *tname, size_t n,
				    int *aggregate, const char **type)
{
	struct strlist readings = STRLIST_INIT;
	unsigned size = 0;
	int agg = -1, ok = 1;
	char first[128] = "";
	size_t nr = header_macros_readings(in->src->headers,
					   pointee ? pointee : s->lvalue,
					   MAX_HEADER_READINGS, &readings);

	/* one reading: no macro of the headers in it, tried already */
	for (size_t k = 0; ok && nr > 1 && k < readings.nr; k++) {
		char name[128];
		int a = -1, foreign = 0;
		unsigned got = line_unit_reading(u, in->ranges[0].lo,
						 via_call ? in->chain[0].function : NULL,
						 via_call ? in->chain[0].call_line : 0,
						 readings.items[k], spellings,
						 name, sizeof(name), &a,
						 &foreign);

		if (!got) {
			ok = foreign; /* a reading that may have been compiled */
			continue;
		}
		if (size && (got != size || a != agg))
			ok = 0;
		if (!size)
			snprintf(first, sizeof(first), "%s", name);
		size = got;
		agg = a;
	}
	strlist_clear(&readings);
	if (!ok || nr <= 1 || !size)
		return 0;
	snprintf(tname, n, "%s", first);
	*aggregate = agg;
	*type = tname;
	return size;
}

/*
 * Nothing typed by the DWARF, and the object spelled through the
 * headers' macros: the sources' type of a reading (sites.c's
 * type_readings(), with the declarations macros write), when every
 * other reading names what neither the DWARF nor the object's symbols
 * have -- not what was compiled -- and that reading's names are all
 * there.  lttng-ust's URCU_TLS(lttng_ust_urcu_reader)->ctr built by
 * clang: (lttng_ust_urcu_reader)->ctr, an undefined TLS symbol of the
 * object with no DIE, typed by `extern DECLARE_URCU_TLS(struct
 * lttng_ust_urcu_reader *, lttng_ust_urcu_reader);`; the other side's
 * (*__tls_access_lttng_ust_urcu_reader())->ctr calls no function the
 * object has.  The size, or 0.
 */
static unsigned source_reading_type(struct line_unit *u,
				    const struct site_instance *in,
				    const struct scan_site *s, int *aggregate,
				    const char **type)
{
	struct strlist readings = STRLIST_INIT;
	size_t nr = header_macros_readings(in->src->headers, s->lvalue,
					   MAX_READINGS, &readings);
	int is64 = elf_image_info(u->img)->is64, ok = nr > 1;
	unsigned size = 0;
	const char *t = NULL;

	for (size_t k = 0; ok && k < readings.nr; k++) {
		const struct typed_reading *tr = NULL;
		int absent = line_unit_reading_absent(u, in->ranges[0].lo,
						      readings.items[k]);
		unsigned got;

		for (size_t j = 0; j < s->nr_readings && !tr; j++)
			if (!strcmp(s->readings[j].text, readings.items[k]))
				tr = &s->readings[j];
		if (absent < 0 || (!tr && !absent)) {
			ok = 0; /* a reading that may be it, not typed */
			continue;
		}
		if (absent)
			continue; /* not compiled here */
		got = is64 ? tr->size64 : tr->size32;
		if (!got || (size && got != size))
			ok = 0;
		size = got;
		t = tr->type;
	}
	strlist_clear(&readings);
	if (!ok || !size)
		return 0;
	*aggregate = 0; /* the sources size scalars and pointers only */
	*type = t;
	return size;
}

/* The object named with no macro that could stand for a name, typed
 * with the externs of the file's other units for a name its unit has
 * nothing of (line_unit_expr_type_others): the size, or 0. */
static unsigned other_units_type(struct line_unit *u,
				 const struct site_instance *in,
				 const struct scan_site *s, int spellings,
				 char *tname, size_t n, int *aggregate,
				 const char **type)
{
	struct strlist one = STRLIST_INIT;
	int plain = !in->src->headers ||
		header_macros_readings(in->src->headers, s->lvalue, 2,
				       &one) == 1;
	int agg = -1;
	unsigned size;

	strlist_clear(&one);
	if (!plain)
		return 0;
	size = line_unit_expr_type_others(u, in->ranges[0].lo, s->lvalue,
					  spellings, tname, n, &agg);
	if (size) {
		*aggregate = agg;
		*type = tname;
	}
	return size;
}

enum scan_verdict judge_instance(struct line_unit *u,
				 struct source_cache *cache,
				 struct decode_cache *dc,
				 const struct site_instance *in,
				 const struct instance_list *unit,
				 struct judge_tally *t)
{
	enum unattributed_reason reason = UNATTRIBUTED_NO_ACCESS;
	struct elf_image *img = u->img;
	const struct scan_site *s = &in->src->sites[in->site];
	int in_loop;
	size_t shared;
	struct mem_access_list acc = { NULL, 0, 0 };
	struct strbuf why = STRBUF_INIT;
	/* a --macro name that is a function inlined here: its object is
	 * what the argument points to, typed through the DWARF */
	int via_function = s->maybe_accessor && in->nchain > 1 &&
		in->chain[0].function && in->chain[0].call_line == s->line;
	/* (an argument &X made the site's lvalue X already: sites.c,
	 * pointee -- Xen's read_atomic(&rank->vcpu[offset]) would be typed
	 * as *(rank->vcpu[offset]), which is no object) */
	char *pointee = !via_function || !s->lvalue ? NULL :
		s->pointee ? xstrdup(s->lvalue) :
		s->lvalue[0] == '&' ? xstrdup(s->lvalue + 1) : /* &q->head */
		xasprintf("*(%s)", s->lvalue);
	unsigned size = via_function ? 0 :
		elf_image_info(img)->is64 ? s->size64 : s->size32;
	const char *type = via_function ? NULL : s->type;
	char dwarf_type[128];
	enum scan_verdict v;
	char *used;
	/* a struct or union: 1; a scalar or pointer: 0; -1 not known (the
	 * source's type index sizes scalars and pointers only) */
	int aggregate = size ? 0 : -1;
	const char *typed = NULL; /* the expression DWARF typed */
	int cast_width = 0; /* size is the volatile cast's T */
	/* an inlined copy of a once-accessor called at the site: its
	 * argument names the caller's variables */
	int via_call = via_function || (s->accessor && s->pointee &&
					in->nchain > 1 && in->chain[0].function &&
					in->chain[0].call_line == s->line);
	int spellings = !via_function && !s->accessor && !s->maybe_accessor &&
		!s->cast_type;
	/* an object declared volatile (--volatile-objects): the one the
	 * DWARF types here, or cannot type -- then a name that is also
	 * something not volatile cannot be told */
	int vol = s->vol_object && in->nr_ranges ?
		line_unit_expr_volatile(u, in->ranges[0].lo, s->vol_object) :
		-1;
	int vol_unknown = s->vol_object && vol < 0 &&
		(s->vol_bits & (s->vol_member ? VO_MEMBER_OTHER : VO_VAR_OTHER));

	if (s->vol_object && !vol) {
		/* a local that shadows the name, a member of another
		 * struct: no once-access here (coverage.c) */
		__atomic_store_n(&in->src->sites[in->site].not_volatile, 1,
				 __ATOMIC_RELAXED);
		free(pointee);
		return SCAN_OK;
	}

	/* the operand as written, then with a macro of its file expanded;
	 * casts, p + N and p++ read too only for a macro that dereferences
	 * its argument as it is: a function's parameter decides its
	 * object's type (readl(p->membase + off) reads 4 bytes, not the
	 * char the sum points to), and so does a macro's own cast */
	for (size_t k = 0; (!size || !type) && s->lvalue && in->nr_ranges &&
	     k <= (pointee ? 0 : s->nr_alt); k++) {
		int agg = -1;
		const char *e = k ? s->alt_lvalues[k - 1] :
			pointee ? pointee : s->lvalue;
		unsigned n = spellings ?
			line_unit_expr_type_spelled(u, in->ranges[0].lo, e,
						    dwarf_type,
						    sizeof(dwarf_type), &agg) :
			line_unit_expr_type(u, in->ranges[0].lo, e, dwarf_type,
					    sizeof(dwarf_type), &agg);

		if (n && !size) {
			size = n;
			aggregate = agg;
			typed = e;
		}
		if (n && !type)
			type = dwarf_type;
	}
	/* code of a function the macro's body calls at the use (attribute.c:
	 * macro_call_stretch): its addresses are in the callee's inlined
	 * copy, whose scopes do not hold the caller's names -- the object
	 * typed where the callee was called, the use itself */
	if ((!size || !type) && s->lvalue && in->nr_ranges && !via_function &&
	    !s->accessor && !s->maybe_accessor) {
		struct inline_frame at[SCAN_MAX_CHAIN];
		uint64_t until;
		size_t nat = line_unit_inline_chain(u, in->ranges[0].lo, at,
						    ARRAY_SIZE(at), &until);
		const struct inline_frame *f = nat > in->nchain ?
			&at[nat - in->nchain - 1] : NULL;
		int agg = -1;
		unsigned n = f && f->function && f->call_line == s->line &&
			     f->call_col == s->col ?
			line_unit_call_expr_type(u, in->ranges[0].lo,
						 f->function, f->call_line,
						 s->lvalue, 0, dwarf_type,
						 sizeof(dwarf_type), &agg) : 0;

		if (n && !size) {
			size = n;
			aggregate = agg;
			typed = s->lvalue;
		}
		if (n && !type)
			type = dwarf_type;
	}
	/* a --macro name's inlined function, or a once-accessor's (called
	 * directly or through a macro that forwards to it) whose argument
	 * the sources could not type -- AO_cptr_load(&a->AO_stack_bl[0]),
	 * AO_t a macro: what its pointer parameter points to, from the
	 * copy's own DWARF, rather than a single access taken for the
	 * whole object */
	if ((via_function || (s->accessor && s->pointee && in->nchain > 1 &&
			      in->chain[0].function &&
			      in->chain[0].call_line == s->line)) &&
	    !s->member && (!size || !type) && in->nr_ranges) {
		int agg = -1;
		unsigned n = line_unit_inline_pointee(u, in->ranges[0].lo,
						      in->chain[0].function,
						      dwarf_type,
						      sizeof(dwarf_type), &agg);

		if (n) {
			size = n;
			aggregate = agg;
			type = dwarf_type;
		}
	}
	/* LOAD(addr) through a volatile cast of its own type, or a macro
	 * whose body is *(volatile T *)E (nsync's ASSERT store): that
	 * type, when the object's is not known.  The access is then all
	 * of what the cast points to: one narrower is torn, as for a
	 * pointer argument's object. */
	if (!size && s->cast_type && !s->body_cast) {
		size = elf_image_info(img)->is64 ? s->cast64 : s->cast32;
		type = s->cast_type;
		aggregate = size ? 0 : -1;
		cast_width = size != 0;
	}
	/* still nothing: a once-accessor's call whose parameter is a void *
	 * (ck_pr_store_ptr(&barrier->rounds, v)) and whose argument names
	 * the caller's variables, which the inlined copy's scopes do not
	 * hold -- the argument typed where the call is */
	if (!size && via_call && s->lvalue && in->nr_ranges)
		size = call_argument_type(u, in, s, pointee, dwarf_type,
					  sizeof(dwarf_type), &aggregate,
					  &type);
	/* a member of the pointee (jemalloc's a->repr) whose argument the
	 * caller's scopes do not type (&arenas[ind], an array the unit
	 * only declares): that member of what the copy's parameter points
	 * to -- after the argument, which may be another type (a 4-byte
	 * accessor called on an 8-byte object) */
	if (!size && s->member && via_call && in->nr_ranges) {
		int agg = -1;
		unsigned n = line_unit_inline_pointee_member(u,
			in->ranges[0].lo, in->chain[0].function, s->member,
			dwarf_type, sizeof(dwarf_type), &agg);

		if (n) {
			size = n;
			aggregate = agg;
			type = dwarf_type;
		}
	}
	/* still nothing, and the object is spelled through a header's
	 * macros (URCU_TLS(urcu_qsbr_reader).waiting, rcu_gp.ctr): every
	 * reading their definitions allow, the one the DWARF types taken */
	if (!size && s->lvalue && in->nr_ranges && in->src->headers &&
	    !loop_macro_use(in, s))
		size = header_reading_type(u, in, s, pointee, via_call,
					   spellings, dwarf_type,
					   sizeof(dwarf_type),
					   &aggregate, &type);
	if (!size && s->nr_readings && !pointee && !via_call &&
	    in->nr_ranges && in->src->headers)
		size = source_reading_type(u, in, s, &aggregate, &type);
	/* still nothing, and the object is reached through a call of a
	 * function of the unit (rcu_dereference(clear_flag(iter)->next),
	 * uatomic_load(&bucket_at(ht, 0)->next)): what it returns, where
	 * the site is, when no macro can stand for the name */
	if (!size && !via_call && s->lvalue && in->nr_ranges &&
	    strchr(pointee ? pointee : s->lvalue, '(') &&
	    no_macro_in(in, s, pointee ? pointee : s->lvalue)) {
		int agg = -1;
		unsigned n = line_unit_expr_type_calls(u, in->ranges[0].lo,
						       pointee ? pointee :
						       s->lvalue, dwarf_type,
						       sizeof(dwarf_type),
						       &agg);

		if (n) {
			size = n;
			aggregate = agg;
			type = dwarf_type;
		}
	}
	/* still nothing, and no macro of the file or of the headers can
	 * stand for a name of the object: a name the unit has nothing of
	 * (clang writes no DIE for an extern a unit only declares:
	 * HAProxy's tg->threads_enabled) typed by the file's other units */
	if (!size && s->lvalue && in->nr_ranges && !via_call && !s->nr_alt)
		size = other_units_type(u, in, s, spellings, dwarf_type,
					sizeof(dwarf_type), &aggregate, &type);
	/* last: an accessor whose parameter points to void, called on
	 * what nothing types (readl(base + off)): its body's cast gives
	 * the width -- after every reading of the argument, which decides
	 * when it types the object (readl(&t->cfg) of a u64: torn) */
	if (!size && s->cast_type && s->body_cast) {
		size = elf_image_info(img)->is64 ? s->cast64 : s->cast32;
		type = s->cast_type;
		aggregate = size ? 0 : -1;
		cast_width = size != 0;
	}
	/* the volatile declarations of the name all give it one size,
	 * when the DWARF cannot type the object where it is */
	if (!size && s->vol_object && !vol_unknown && s->vol_size) {
		size = s->vol_size;
		aggregate = -1;
	}
	__atomic_store_n(&in->src->sites[in->site].seen, 1, __ATOMIC_RELAXED);
	collect(img, dc, in, unit, &acc);
	check_folded(u, decode_cache_disasm(dc), s, via_function, &acc);
	drop_other_members(u, decode_cache_disasm(dc), s, size, &acc);
	drop_other_variables(u, s, size, &acc);
	/* one instance's lines together: at -j 2 and above other workers
	 * write theirs too (the instances come in the order the workers
	 * judge them; -j 1 gives the image's order) */
	if (verbose >= 2) {
		struct strbuf fn = STRBUF_INIT;

		flockfile(stderr);
		instance_function(img, in, &fn);
		fput_visible_line(stderr, "%s:%u:%u: %s%s%s%s: object %s, %u bytes, "
			"in '%s'", shown_path(in->src->path), s->line, s->col,
			SITE_CALL(s), type ? type : "of unknown type",
			size, fn.buf);
		for (size_t k = 0; k < in->nr_ranges; k++)
			fprintf(stderr, "  range %llx-%llx %s\n",
				(unsigned long long)in->ranges[k].lo,
				(unsigned long long)in->ranges[k].hi,
				in->ranges[k].place == ROW_IN_TEXT ? "text" :
				in->ranges[k].place == ROW_BEFORE ? "before" :
				in->ranges[k].place == ROW_FOLDED ? "folded" :
				"assignment");
		for (size_t k = 0; k < acc.nr; k++)
			fput_visible_line(stderr, "  %s:%u %llx %-28s kind %d size %u base %llx "
				"index %llu disp %lld cond %u/%u%s", s->what, s->line,
				(unsigned long long)acc.items[k].pc, acc.items[k].text,
				acc.items[k].kind, acc.items[k].size,
				(unsigned long long)acc.items[k].base,
				(unsigned long long)acc.items[k].index,
				(long long)acc.items[k].disp, acc.items[k].cond,
				acc.items[k].flags_gen,
				acc.items[k].branch ? " branch" : "");
		funlockfile(stderr);
		strbuf_release(&fn);
	}
	used = xcalloc(acc.nr + 1, 1);
	/* inlined into a loop of its caller: a site in a loop, as far as
	 * the verdict is concerned (unrolled iterations).  Passed on, not
	 * set in a copy of *s: another worker may be storing to s->seen. */
	in_loop = s->in_loop || in->caller_loop;
	/* rows shared by sites of one object: those a macro use over
	 * several lines gives its first line (attribute.c), or the line's
	 * sites judged together (no columns, or a column before them all)
	 * when they all name one object -- FreeRTOS's
	 * listSET_LIST_ITEM_VALUE(&(pxCurrentTCB->xEventListItem), ... -
	 * pxCurrentTCB->uxPriority) reads pxCurrentTCB twice on one line */
	shared = in->shared;
	for (size_t k = 1; !shared && k < in->together; k++) {
		if (!scan_site_same_object(s, &in->src->sites[in->site + k]))
			break;
		if (k + 1 == in->together)
			shared = in->together;
	}
	if (in->call_only)
		v = call_verdict(s, &acc, &why, used, &reason);
	else
		v = verdict_judge(s, in_loop, s->pointee || via_function || cast_width, size,
				  aggregate, shared, in->shared_rank, acc.items, acc.nr, &why,
				  used, &reason);
	/* a local in the frame reached through a parameter of an inlined
	 * function, whose call passes &NAME of a local that the caller
	 * publishes (passes on or stores elsewhere): the frame's slots are
	 * that shared object -- judged as such */
	if (v == SCAN_UNATTRIBUTED && reason == UNATTRIBUTED_LOCAL) {
		struct strbuf note = STRBUF_INIT;

		if (frame_published(in, s, &note)) {
			for (size_t k = 0; k < acc.nr; k++)
				acc.items[k].frame = 0;
			strbuf_reset(&why);
			memset(used, 0, acc.nr + 1);
			reason = UNATTRIBUTED_NO_ACCESS;
			v = verdict_judge(s, in_loop, s->pointee || via_function || cast_width,
					  size, aggregate, shared, in->shared_rank, acc.items, acc.nr, &why, used,
					  &reason);
			strbuf_add(&why, note.buf, note.len);
		}
		strbuf_release(&note);
	}
	/* a width from a volatile cast of the body (a placed MMIO macro's
	 * readl, an accessor of a void pointee): that access is the
	 * cast's width and never wider, so a lone wider load on the
	 * site's rows is another object's -- Xen's dmar_readl(iommu->reg,
	 * off) loads the pointer iommu->reg on the use's row, then reads
	 * 4 bytes through a register the loaded pointer feeds by an
	 * lea -- not the object widened */
	if (v == SCAN_WIDENED && cast_width && s->body_cast) {
		strbuf_reset(&why);
		strbuf_addf(&why, "only a load wider than the %u-byte volatile "
			    "cast of the macro's body at the site's rows: "
			    "another object's (the pointer to it?), the "
			    "access itself not found, cannot tell", size);
		reason = UNATTRIBUTED_ADDRESS;
		v = SCAN_UNATTRIBUTED;
	}
	/* in_loop only ever clears a torn or duplicated verdict: only then
	 * are the loops of callers that were not lexed worth knowing */
	if ((v == SCAN_TORN || v == SCAN_DUPLICATED) && !in_loop &&
	    attribute_caller_loop(cache, in)) {
		strbuf_reset(&why);
		memset(used, 0, acc.nr + 1);
		reason = UNATTRIBUTED_NO_ACCESS;
		v = verdict_judge(s, 1, s->pointee || via_function || cast_width, size,
				  aggregate, shared, in->shared_rank, acc.items, acc.nr, &why, used,
				  &reason);
	}
	/* a name both volatile and not (--volatile-objects), its base not
	 * typed here: not judged, never a quiet ok */
	if (vol_unknown) {
		strbuf_reset(&why);
		strbuf_addf(&why, "the last name of '%s' is that of %s declared volatile "
			    "and of one that is not, and the DWARF does not "
			    "type '%s' here: whether this is an access to a "
			    "volatile object, cannot tell", s->vol_object,
			    s->vol_member ? "a member" : "a variable",
			    s->vol_object);
		memset(used, 0, acc.nr + 1);
		reason = UNATTRIBUTED_VOLATILE;
		v = SCAN_UNATTRIBUTED;
	}
	/* copies of its once-macro's body and of calls in its arguments
	 * at one position: not judged, never an ok on another's load */
	if (in->unclear) {
		strbuf_reset(&why);
		strbuf_addf(&why, "its inlined copies of '%s' have the position "
			    "of its name, which the compilers give to every "
			    "call of the use, also to those in its arguments: "
			    "which copy is its own, cannot tell",
			    in->chain[0].function ? in->chain[0].function :
			    s->what);
		memset(used, 0, acc.nr + 1);
		reason = UNATTRIBUTED_COPY;
		v = SCAN_UNATTRIBUTED;
	}
	/* a folded load not shown to be the object's: the evidence */
	for (size_t k = 0; v == SCAN_UNATTRIBUTED && k < acc.nr; k++) {
		char *object;

		/* (one of another width is said as such: verdict.c) */
		if (!used[k] || !acc.items[k].folded ||
		    (size && acc.items[k].size != size) ||
		    acc.items[k].folded_address == FOLDED_NOT_ASKED ||
		    acc.items[k].folded_address == FOLDED_OBJECT)
			continue;
		object = object_lvalue(s, via_function);
		folded_whose(u, decode_cache_disasm(dc), object, &acc.items[k],
			     &why);
		free(object);
		break;
	}
	t->verdicts[v]++;
	if (v == SCAN_UNATTRIBUTED)
		t->unattributed[reason]++;
	ALLOC_GROW(t->judged, t->nr_judged + 1, t->alloc_judged);
	t->judged[t->nr_judged].src = in->src;
	t->judged[t->nr_judged].verdict = (unsigned char)v;
	t->judged[t->nr_judged++].reason = (unsigned char)reason;
	if (v == SCAN_TORN || v == SCAN_DUPLICATED || v == SCAN_WIDENED) {
		add_finding(img, decode_cache_disasm(dc), in, v, size, type,
			    aggregate, why.buf, &acc, used, &t->findings);
		note_finding_src(t, in->src);
		if (aggregate == 1 && typed)
			note_type_definition(u, in, typed, &t->findings);
	}
	if (t->want_records)
		add_record(img, in, v, size, type, aggregate, why.buf, &acc,
			   used, t);
	if (v == SCAN_UNATTRIBUTED && verbose) {
		struct strbuf fn = STRBUF_INIT;

		instance_function(img, in, &fn);
		fput_visible_line(stderr, "%s:%u:%u: note: %s%s%s%s in '%s' (%s): "
			"unattributed: %s", shown_path(in->src->path), s->line,
			s->col, SITE_CALL(s), fn.buf,
			shown_path(elf_image_info(img)->name), why.buf);
		strbuf_release(&fn);
	}
	free(used);
	free(acc.items);
	free(pointee);
	strbuf_release(&why);
	return v;
}

/* a[*na..] += b[0..nb), growing a; frees b. */
#define APPEND(a, na, alloca, b, nb) do { \
	ALLOC_GROW((a), (na) + (nb), (alloca)); \
	if (nb) \
		memcpy((a) + (na), (b), (nb) * sizeof(*(b))); \
	(na) += (nb); \
	free(b); \
} while (0)

void judge_tally_merge(struct judge_tally *a, struct judge_tally *b)
{
	size_t nf = a->findings.nr;

	APPEND(a->findings.items, a->findings.nr, a->findings.alloc,
	       b->findings.items, b->findings.nr);
	APPEND(a->finding_src, nf, a->alloc_finding_src, b->finding_src,
	       b->findings.nr);
	APPEND(a->judged, a->nr_judged, a->alloc_judged, b->judged,
	       b->nr_judged);
	APPEND(a->records, a->nr_records, a->alloc_records, b->records,
	       b->nr_records);
	for (int v = 0; v < SCAN__COUNT; v++)
		a->verdicts[v] += b->verdicts[v];
	for (int r = 0; r < UNATTRIBUTED__COUNT; r++)
		a->unattributed[r] += b->unattributed[r];
	memset(b, 0, sizeof(*b));
}

static int mismatched(const struct source_sites *src)
{
	return __atomic_load_n(&src->mismatch, __ATOMIC_RELAXED);
}

size_t judge_drop_mismatched(struct judge_tally *t)
{
	size_t dropped = 0, k = 0;
	char *keep = xcalloc(t->findings.nr + 1, 1);

	for (size_t i = 0; i < t->nr_judged; i++) {
		const struct judged *j = &t->judged[i];

		if (!mismatched(j->src))
			continue;
		t->verdicts[j->verdict]--;
		if (j->verdict == SCAN_UNATTRIBUTED)
			t->unattributed[j->reason]--;
		dropped++;
		/* its sites were never judged: all of them "not judged" */
		for (size_t s = 0; s < j->src->nr; s++)
			__atomic_store_n(&((struct source_sites *)j->src)->sites[s].seen,
					 0, __ATOMIC_RELAXED);
	}
	for (size_t i = 0; i < t->findings.nr; i++)
		keep[i] = !mismatched(t->finding_src[i]);
	for (size_t i = 0, out = 0; i < t->findings.nr; i++)
		if (keep[i])
			t->finding_src[out++] = t->finding_src[i];
	finding_list_keep(&t->findings, keep);
	for (size_t i = 0; i < t->nr_records; i++) {
		if (mismatched(t->records[i].src)) {
			free(t->records[i].json);
			continue;
		}
		t->records[k++] = t->records[i];
	}
	t->nr_records = k;
	free(keep);
	return dropped;
}
