/*
 * `rwonce fix --from-scan FILE`: turn what `rwonce scan` found in machine
 * code into source edits (from-scan.h).  The findings are read typed
 * (findings_read_json): a finding of a rule scan owns, at a place, with
 * the object's size and type and whether scan found it fixable -- a
 * struct or union, which rewrite/aggregate.h can respell on a scalar of
 * its size.  Never the English of the message.  A site fix cannot edit
 * is named with the reason; a source that is not the one scanned is
 * trouble.
 */
#include "fix/from-scan.h"
#include "fix/diff.h"
#include "fix/in-place.h"
#include "cfront/tokscan.h"
#include "cfront/treetypes.h"
#include "findings/finding.h"
#include "findings/read-json.h"
#include "lib/strbuf.h"
#include "lib/util.h"
#include "rewrite/aggregate.h"
#include "rewrite/edits.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One site of the scan result (instances of one site count once). */
struct scan_site {
	char *path, *rule, *type;
	unsigned line, col;
	unsigned size;  /* bytes of the object (the JSON's "size"); 0 unknown */
	int fixable;    /* scan: a struct or union (the JSON's "fixable") */
	char *placed;   /* scan: the object of a use of a once-macro that
			   spells it from its parameters (the JSON's
			   "placed_object"): not the argument fix respells */
};

static int by_place(const void *a_, const void *b_)
{
	const struct scan_site *a = a_, *b = b_;
	int c = strcmp(a->path, b->path);

	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->col < b->col ? -1 : a->col > b->col;
}

static void site_release(struct scan_site *s)
{
	free(s->path);
	free(s->rule);
	free(s->type);
	free(s->placed);
}

/* The sites of the reported findings of rules scan owns, sorted, each
 * once. */
static void take_sites(struct from_scan_plan *p, const struct finding_list *l)
{
	size_t w = 0;

	for (size_t i = 0; i < l->nr; i++) {
		const struct finding *f = &l->items[i];
		struct scan_site *s;

		if (!f->path || !finding_is_active(f) ||
		    !rule_of_command(f->rule, "scan"))
			continue;
		ALLOC_GROW(p->sites, p->nr + 1, p->alloc);
		s = &p->sites[p->nr++];
		s->path = xstrdup(f->path);
		s->rule = xstrdup(rules[f->rule].name);
		s->type = f->type_spelled ? xstrdup(f->type_spelled) : NULL;
		s->line = f->line;
		s->col = f->col;
		s->size = f->size;
		s->fixable = f->fixable;
		s->placed = f->placed_object ? xstrdup(f->placed_object) : NULL;
		p->findings++;
	}
	if (p->nr > 1)
		sane_qsort(p->sites, p->nr, sizeof(*p->sites), by_place);
	for (size_t i = 0; i < p->nr; i++) {
		if (w && !by_place(&p->sites[w - 1], &p->sites[i])) {
			site_release(&p->sites[i]);
			continue;
		}
		p->sites[w++] = p->sites[i];
	}
	p->nr = w;
}

int from_scan_plan(struct from_scan_plan *p, const char *file,
		   const char *const *trees, size_t nr_trees, int quiet)
{
	struct findings_doc doc = FINDINGS_DOC_INIT;
	size_t len, at;
	char *text = read_file(file, &len);
	int ret = -1;

	p->file = file;
	if (!text)
		return error("fix: --from-scan: cannot read %s: %s", file,
			     file_strerror(errno));
	if (findings_read_json(text, len, &doc, &at) != FINDINGS_READ_OK)
		error("fix: --from-scan: %s is not the JSON of rwonce scan "
		      "--json (malformed near byte %zu)", file, at);
	else if (!(doc.formats & FINDINGS_DOC_JSON))
		error("fix: --from-scan: %s has no \"findings\": not the output "
		      "of rwonce scan --json", file);
	else
		ret = 0;
	if (!ret)
		take_sites(p, &doc.list);
	findings_doc_release(&doc);
	free(text);
	if (ret)
		return ret;
	if (!p->nr) {
		if (!quiet)
			fprintf(stderr, "rwonce fix: %s holds no torn, "
				"duplicated or widened finding: nothing to "
				"fix\n", file);
		return 1;
	}
	if (nr_trees)
		p->tt = tree_types_build(trees, nr_trees);
	return 0;
}

/* One file of the plan, being edited. */
struct from_scan_file {
	const char *path;
	const char *buf;
	size_t len;
	struct token_list toks;
	const struct tree_types *tt;
	struct edit_list edits;
	char **texts; /* the edits' replacement texts, owned here */
	size_t nr_texts, alloc_texts;
	struct fix_file_result *r; /* notes, left; trouble */
	size_t edited;
	size_t scalars; /* of left: objects that are not structs or unions */
};

static void note(struct from_scan_file *f, const struct scan_site *s,
		 const char *fmt, ...) RWONCE_PRINTF(3, 4);
static void note(struct from_scan_file *f, const struct scan_site *s,
		 const char *fmt, ...)
{
	va_list ap;
	char line[1024];

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	strbuf_addf(&f->r->notes, "%s:%u:%u: note: %s [%s]\n", s->path,
		    s->line, s->col, line, s->rule);
}

/* Record the edit a rewrite_aggregate() made. */
static void add_edit(struct from_scan_file *f, struct aggregate_site *a)
{
	ALLOC_GROW(f->texts, f->nr_texts + 1, f->alloc_texts);
	f->texts[f->nr_texts++] = strbuf_detach(&a->text);
	edit_list_add(&f->edits, a->off, a->len, f->texts[f->nr_texts - 1]);
	f->edited++;
}

/* One site of f: an edit, or a note saying why not. */
static void plan_site(struct from_scan_file *f, const struct scan_site *s,
		      int quiet)
{
	struct aggregate_site a = AGGREGATE_SITE_INIT;
	const char *type = s->type ? s->type : "?", *call;
	enum aggregate_answer ans = AGGREGATE_EDITED;

	a.line = s->line;
	a.col = s->col;
	a.size = s->size;
	if (aggregate_call_at(f->buf, &f->toks, &a) < 0) {
		strbuf_addf(&f->r->notes, "rwonce: error: %s:%u:%u: no "
			    "once-access call starts there: the source is not "
			    "the one that was scanned\n", s->path, s->line,
			    s->col);
		f->r->trouble = 1;
		goto out;
	}
	call = a.call.buf;
	if (s->size && s->fixable)
		ans = rewrite_aggregate(f->path, f->buf, &f->toks, f->tt, &a);
	if (!s->size) {
		f->r->left++;
		if (!quiet)
			note(f, s, "%s of '%s' left unchanged: the scan result "
			     "does not give the object's size (no \"size\": "
			     "an older rwonce scan's; scan again)", call, type);
	} else if (s->placed) {
		/* scan does not call it fixable: what fix respells is a
		 * once-access's argument, and here the macro builds the
		 * object from its arguments */
		f->r->left++;
		if (!quiet)
			note(f, s, "%s of '%s' left unchanged: the macro spells "
			     "its object, '%s', from its parameters, and fix "
			     "respells a once-access's argument, which here is "
			     "not the object (no source edit from fix)", call,
			     type, s->placed);
	} else if (!s->fixable || ans == AGGREGATE_NOT_AGGREGATE) {
		f->r->left++;
		f->scalars++;
		if (!quiet)
			note(f, s, "%s of '%s' left unchanged: not a struct or "
			     "union, so the access is the compiler's to make "
			     "whole (no source edit from fix)", call, type);
	} else if (ans == AGGREGATE_TYPE_UNKNOWN) {
		f->r->left++;
		if (!quiet)
			note(f, s, "%s of '%s' left unchanged: its type is not "
			     "known from the sources (name the trees that "
			     "define it: rwonce fix --from-scan FILE TREE...)",
			     call, type);
	} else if (ans == AGGREGATE_NO_SCALAR) {
		f->r->left++;
		if (!quiet)
			note(f, s, "%s of '%s' (%u bytes) left unchanged: '%s' "
			     "has no scalar member of %u bytes, no union "
			     "around it has one, %s: no edit (a maintainer must "
			     "choose how to access it whole)", call, type,
			     s->size, a.type, s->size, a.why);
	} else if (a.narrowed) {
		add_edit(f, &a);
		if (!quiet)
			note(f, s, "%s of '%s' (%u bytes): only its member "
			     "'%s' is used, so '%s' alone is read (%u bytes, one "
			     "access); '%s' has no scalar member of %u bytes, no "
			     "union around it has one, %s", call, type, s->size,
			     a.scalar, a.scalar, a.narrowed, a.type, s->size,
			     a.why);
	} else if (a.view) {
		add_edit(f, &a);
		if (!quiet)
			note(f, s, "%s of '%s' (%u bytes) %s whole through an "
			     "'%s' laid over it: it has no scalar member of its "
			     "size, and its members make it %u bytes and at "
			     "least as aligned (a _Static_assert in the edit "
			     "has the compiler check it)", call, type, s->size,
			     a.write ? "written" : "read", a.scalar, s->size);
	} else {
		add_edit(f, &a);
		if (!quiet)
			note(f, s, "%s of '%s' (%u bytes) %s through %s '%s'%s%s%s%s%s%s%s",
			     call, type, s->size, a.write ? "written" : "read",
			     a.via_union ? "the scalar of the union around it," :
					   "its scalar member", a.scalar,
			     a.guard_on[0] ? ", guarded by a _Static_assert of "
					     "the two sizes (it is not the "
					     "object's size on " : "",
			     a.guard_on, a.guard_on[0] ? ": the build stops "
			     "there rather than access part of it)" : "",
			     a.targets == 1 ? ", into the same member of the "
					      "assignment's target" :
			     a.targets > 1 ? ", into the same member of the "
					     "chained assignment's first target, "
					     "which the others copy" : "",
			     a.kept ? " (the chained assignment is kept: " : "",
			     a.kept ? a.kept : "", a.kept ? ")" : "");
	}
out:
	aggregate_site_release(&a);
}

/* Edit one file: its diff on out, or the file replaced in place. */
static void fix_file(struct from_scan_file *f, const struct scan_site *sites,
		     size_t nr, int in_place, int quiet)
{
	struct strbuf *out = &f->r->diff;
	size_t len;
	char *buf = read_file(f->path, &len);

	if (!buf) {
		strbuf_addf(&f->r->notes, "rwonce: error: %s: cannot read it "
			    "(%s): its %zu site%s named by the scan result "
			    "%s not fixed\n", f->path, file_strerror(errno), nr,
			    nr == 1 ? "" : "s", nr == 1 ? "is" : "are");
		f->r->trouble = 1;
		return;
	}
	if (memchr(buf, '\0', len)) {
		strbuf_addf(&f->r->notes, "rwonce: error: %s: a binary file, not "
			    "C source; not fixed\n", f->path);
		f->r->trouble = 1;
		free(buf);
		return;
	}
	f->buf = buf;
	f->len = len;
	lex_buffer(buf, len, &f->toks);
	tok_match_cache(buf, &f->toks);
	for (size_t i = 0; i < nr; i++)
		plan_site(f, &sites[i], quiet);
	tok_match_cache_drop();
	if (f->r->trouble || !f->edits.nr)
		goto out;
	if (edit_list_sort(&f->edits) < 0) {
		strbuf_addf(&f->r->notes, "rwonce: error: %s: two sites overlap; "
			    "file left unchanged\n", f->path);
		f->r->trouble = 1;
	} else if (in_place) {
		struct inplace_snapshot snap;
		struct strbuf fixed = STRBUF_INIT;
		const char *why = inplace_check(f->path, &snap);

		edits_apply(buf, len, &f->edits, &fixed);
		if (why) {
			strbuf_addf(&f->r->notes, "rwonce: error: %s %s; not "
				    "modified\n", f->path, why);
			f->r->trouble = 1;
		} else if (inplace_replace(f->path, &snap, buf, len,
					   fixed.buf, fixed.len, NULL) < 0) {
			f->r->trouble = 1; /* the message is printed */
		} else {
			f->r->written = 1;
		}
		strbuf_release(&fixed);
	} else {
		char *apply_from = NULL, *name = diff_path_for(f->path,
							       &apply_from);

		diff_write(out, name, buf, len, &f->edits);
		if (apply_from)
			strbuf_addf(&f->r->notes, "rwonce fix: note: %s is named "
				    "from %s: apply the diff there\n", f->path,
				    apply_from);
		free(apply_from);
		free(name);
	}
out:
	token_list_release(&f->toks);
	free(buf);
}

void from_scan_run(struct from_scan_plan *p, int in_place, int quiet,
		   struct fix_results *out)
{
	for (size_t i = 0, j; i < p->nr; i = j) {
		struct from_scan_file f;
		struct fix_file_result *r;

		for (j = i + 1; j < p->nr &&
		     !strcmp(p->sites[j].path, p->sites[i].path); j++)
			;
		ALLOC_GROW(out->items, out->nr + 1, out->alloc);
		r = &out->items[out->nr++];
		fix_file_result_init(r, p->sites[i].path);
		memset(&f, 0, sizeof(f));
		f.path = r->path;
		f.tt = p->tt;
		f.r = r;
		fix_file(&f, &p->sites[i], j - i, in_place, quiet);
		/* a file in trouble is not fixed: none of its edits count */
		r->converted = r->trouble ? 0 : f.edited;
		p->scalars += f.scalars;
		edit_list_release(&f.edits);
		for (size_t k = 0; k < f.nr_texts; k++)
			free(f.texts[k]);
		free(f.texts);
	}
}

void from_scan_summary(const struct from_scan_plan *p, size_t edited,
		       size_t files, size_t left, int in_place)
{
	fprintf(stderr, "rwonce fix: %zu site%s %s in %zu file%s, %zu left "
		"unchanged (%zu sites of %zu torn, duplicated or widened "
		"findings in %s)\n", edited, edited == 1 ? "" : "s",
		in_place ? "rewritten" : "to rewrite", files,
		files == 1 ? "" : "s", left, p->nr, p->findings, p->file);
	if (p->scalars && p->scalars == p->nr)
		fprintf(stderr, "rwonce fix: every site of %s is a scalar: no "
			"struct or union access for fix to edit (the notes say "
			"which; a torn, duplicated or widened scalar is the "
			"compiler's or scan's to explain)\n", p->file);
}

void from_scan_release(struct from_scan_plan *p)
{
	for (size_t i = 0; i < p->nr; i++)
		site_release(&p->sites[i]);
	free(p->sites);
	if (p->tt)
		tree_types_free(p->tt);
	memset(p, 0, sizeof(*p));
}
