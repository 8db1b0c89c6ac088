/* From a site instance to its verdict and finding (judge.h). */
#include "scan/judge.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Disassembling the code between an instance's ranges too (for the
 * branches) is worth it up to this distance; beyond, ranges one by one. */
#define SPAN_LIMIT 65536

static char *cwd_prefix; /* "/home/x/" */
static int verbose;

void judge_set_verbose(int level)
{
	verbose = level;
}

void judge_set_cwd(const char *cwd)
{
	free(cwd_prefix);
	cwd_prefix = cwd ? xasprintf("%s/", cwd) : NULL;
}

static const char *shown(const char *path)
{
	size_t n = cwd_prefix ? strlen(cwd_prefix) : 0;

	if (n && path && !strncmp(path, cwd_prefix, n) && path[n])
		return path + n;
	return path ? path : "?";
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

/* How far the unit's instances that begin in [start, limit) -- those of
 * this function -- reach, at least hi: the decoding need not go further. */
static uint64_t reach(const struct instance_list *unit, uint64_t start,
		      uint64_t limit, uint64_t hi)
{
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
		uint64_t r = reach(unit, start, limit, hi);

		limit = r < limit ? r : limit;
	}
	nall = decode_cache_range(dc, img, start, hi, limit, &all);
	for (size_t k = 0; k < nall; k++) {
		const struct mem_access *a = &all[k];
		int where = in_ranges(in, a->pc);

		if (a->branch ? a->pc < lo : !where)
			continue;
		ALLOC_GROW(out->items, out->nr + 1, out->alloc);
		out->items[out->nr] = *a;
		out->items[out->nr].before = where == 1 + ROW_BEFORE;
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

static void add_finding(struct elf_image *img, const struct site_instance *in,
			enum scan_verdict v, unsigned size, const char *type,
			const char *why,
			const struct mem_access_list *acc, const char *used,
			struct finding_list *findings)
{
	const struct scan_site *s = &in->src->sites[in->site];
	struct strbuf msg = STRBUF_INIT, notes = STRBUF_INIT;
	struct finding f;
	const char *fn = in->nchain ? in->chain[in->nchain - 1].function : NULL;

	if (!strcmp(s->what, "volatile cast"))
		strbuf_addf(&msg, "volatile-cast %s '%s'", access_word(s->access),
			    s->operand);
	else
		strbuf_addf(&msg, "%s(%s)", s->what, s->operand);
	if (type)
		strbuf_addf(&msg, " of '%s'", type);
	if (size)
		strbuf_addf(&msg, " (%u byte%s)", size, size == 1 ? "" : "s");
	strbuf_addf(&msg, " %s", why);
	if (in->together > 1)
		strbuf_addf(&msg, " (the line's %zu sites checked together: its "
			    "line table has no columns)", in->together);

	if (!fn && in->nr_ranges)
		fn = elf_image_symbol_at(img, in->ranges[0].lo, NULL);
	strbuf_addf(&notes, "in %s, function '%s'", shown(elf_image_info(img)->name),
		    fn ? fn : "?");
	if (s->via)
		strbuf_addf(&notes, "\n%s", s->via);
	for (size_t k = 0; k + 1 < in->nchain; k++)
		strbuf_addf(&notes, "\n'%s' inlined into '%s' at %s:%u:%u",
			    in->chain[k].function, in->chain[k + 1].function,
			    shown(in->chain[k].call_file), in->chain[k].call_line,
			    in->chain[k].call_col);
	for (size_t k = 0; k < acc->nr; k++) {
		const struct mem_access *a = &acc->items[k];
		const char *sym;
		uint64_t off;

		if (!used[k] || (k && used[k - 1] &&
				 acc->items[k - 1].pc == a->pc))
			continue; /* ldrd, ldp: one instruction, two accesses */
		sym = elf_image_symbol_at(img, a->pc, &off);
		strbuf_addf(&notes, "\n%llx", (unsigned long long)
			    elf_image_file_address(img, a->pc));
		if (sym)
			strbuf_addf(&notes, " <%s+0x%llx>", sym,
				    (unsigned long long)off);
		strbuf_addf(&notes, ": %s", a->text);
	}

	memset(&f, 0, sizeof(f));
	f.rule = verdict_rule[v];
	f.path = (char *)shown(in->src->path);
	f.line = s->line;
	f.col = s->col;
	if (s->end_line == s->line) {
		f.end_line = s->end_line;
		f.end_col = s->end_col;
	}
	f.message = msg.buf;
	f.type_spelled = (char *)type;
	f.notes = notes.buf;
	finding_list_add(findings, &f);
	strbuf_release(&msg);
	strbuf_release(&notes);
}

enum scan_verdict judge_instance(struct line_unit *u,
				 struct decode_cache *dc,
				 const struct site_instance *in,
				 const struct instance_list *unit,
				 struct finding_list *findings)
{
	struct elf_image *img = u->img;
	const struct scan_site *s = &in->src->sites[in->site];
	struct mem_access_list acc = { NULL, 0, 0 };
	struct strbuf why = STRBUF_INIT;
	unsigned size = elf_image_info(img)->is64 ? s->size64 : s->size32;
	const char *type = s->type;
	char dwarf_type[128];
	enum scan_verdict v;
	char *used;

	/* the operand as written, then with a macro of its file expanded */
	for (size_t k = 0; (!size || !type) && s->lvalue && in->nr_ranges &&
	     k <= s->nr_alt; k++) {
		unsigned n = line_unit_expr_type(u, in->ranges[0].lo,
						 k ? s->alt_lvalues[k - 1] :
						 s->lvalue, dwarf_type,
						 sizeof(dwarf_type));

		if (n && !size)
			size = n;
		if (n && !type)
			type = dwarf_type;
	}
	__atomic_store_n(&in->src->sites[in->site].seen, 1, __ATOMIC_RELAXED);
	collect(img, dc, in, unit, &acc);
	if (verbose >= 2)
		fprintf(stderr, "%s:%u:%u: %s(%s): object %s, %u bytes\n",
			shown(in->src->path), s->line, s->col, s->what,
			s->operand, type ? type : "of unknown type", size);
	if (verbose >= 2)
		for (size_t k = 0; k < acc.nr; k++)
			fprintf(stderr, "  %s:%u %llx %-28s kind %d size %u base %llx "
				"index %llu disp %lld cond %u/%u%s\n", s->what, s->line,
				(unsigned long long)acc.items[k].pc, acc.items[k].text,
				acc.items[k].kind, acc.items[k].size,
				(unsigned long long)acc.items[k].base,
				(unsigned long long)acc.items[k].index,
				(long long)acc.items[k].disp, acc.items[k].cond,
				acc.items[k].flags_gen,
				acc.items[k].branch ? " branch" : "");
	used = xcalloc(acc.nr + 1, 1);
	v = verdict_judge(s, size, acc.items, acc.nr, &why, used);
	if (v == SCAN_TORN || v == SCAN_DUPLICATED || v == SCAN_WIDENED)
		add_finding(img, in, v, size, type, why.buf, &acc, used,
			    findings);
	else if (v == SCAN_UNATTRIBUTED && verbose)
		fprintf(stderr, "%s:%u:%u: note: %s(%s) in '%s' (%s): "
			"unattributed: %s\n", shown(in->src->path), s->line,
			s->col, s->what, s->operand, in->nchain ?
			in->chain[in->nchain - 1].function : "?",
			shown(elf_image_info(img)->name), why.buf);
	free(used);
	free(acc.items);
	strbuf_release(&why);
	return v;
}
