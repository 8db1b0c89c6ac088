/*
 * `rwonce fix --from-scan FILE`: turn what `rwonce scan` found in machine
 * code into source edits.  A torn, duplicated or widened once-access of
 * a struct or union cannot be made one access by the compiler's choice;
 * it can be made one by spelling it on a scalar of the same size -- a
 * member of the aggregate's union, or the only member of its struct, or
 * a scalar in the union around it -- and rebuilding the aggregate's
 * value from that scalar:
 *
 *   READ_ONCE(E)        ->  ((__typeof__(E)){ .s = READ_ONCE((E).s) })
 *   READ_ONCE(P->m)     ->  ((__typeof__(*(P))){ .s = READ_ONCE(P->s) }).m
 *   WRITE_ONCE(E, V)    ->  ({ __typeof__(E) __rwonce_v = (V);
 *                              WRITE_ONCE((E).s, __rwonce_v.s); })
 *
 * The types come from the lexical type index (cfront/typeindex) of the
 * site's file, its local headers and the trees named on the command line
 * (cfront/treetypes).  A site whose type has no such scalar, or whose
 * type is unknown, is named with the reason and left; a finding on a
 * scalar needs no source edit from fix and is named too.
 */
#include "fix/from-scan.h"
#include "fix/diff.h"
#include "fix/in-place.h"
#include "cfront/lexer.h"
#include "cfront/tokscan.h"
#include "cfront/treetypes.h"
#include "cfront/typeindex.h"
#include "findings/finding.h"
#include "findings/read-json.h"
#include "lib/strbuf.h"
#include "lib/util.h"
#include "lib/utf8.h"
#include "rewrite/edits.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One site of the scan result (instances of one site count once). */
struct scan_site {
	char *path, *rule, *type;
	unsigned line, col;
	unsigned size; /* bytes of the object (the JSON's "size"); 0 unknown */
};

struct scan_sites {
	struct scan_site *items;
	size_t nr, alloc;
	size_t findings; /* torn/duplicated/widened findings read */
};

/* A finding fix works on: of a rule scan reports (rules.def's owner)
 * that fix can fix -- torn, duplicated or widened. */
static int is_fixable(const struct finding *f)
{
	return (int)f->rule >= 0 && rules[f->rule].fixable &&
		!strcmp(rules[f->rule].command, "scan");
}

static void site_release(struct scan_site *s)
{
	free(s->path);
	free(s->rule);
	free(s->type);
}

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

/* Read `rwonce scan --json` output (findings_read_json): the sites of
 * its torn, duplicated and widened findings, sorted, each once.  0, or
 * -1 with a message. */
static int read_scan_result(const char *file, struct scan_sites *out)
{
	struct findings_doc doc = FINDINGS_DOC_INIT;
	struct finding_list found;
	size_t len, w = 0, at;
	char *text = read_file(file, &len);
	int ret = -1;

	if (!text)
		return error("fix: --from-scan: cannot read %s: %s", file,
			     file_strerror(errno));
	if (findings_read_json(text, len, &doc, &at) != FINDINGS_READ_OK) {
		error("fix: --from-scan: %s is not the JSON of rwonce scan "
		      "--json (malformed near byte %zu)", file, at);
		goto out;
	}
	if (!(doc.formats & FINDINGS_DOC_JSON)) {
		error("fix: --from-scan: %s has no \"findings\": not the output "
		      "of rwonce scan --json", file);
		goto out;
	}
	found = doc.list;
	for (size_t i = 0; i < found.nr; i++) {
		const struct finding *f = &found.items[i];
		struct scan_site s;

		if (!f->path || !finding_is_active(f) || !is_fixable(f))
			continue;
		s.path = xstrdup(f->path);
		s.rule = xstrdup(rules[f->rule].name);
		s.type = f->type_spelled ? xstrdup(f->type_spelled) : NULL;
		s.line = f->line;
		s.col = f->col;
		s.size = f->size;
		out->findings++;
		ALLOC_GROW(out->items, out->nr + 1, out->alloc);
		out->items[out->nr++] = s;
	}
	if (out->nr > 1)
		sane_qsort(out->items, out->nr, sizeof(*out->items), by_place);
	for (size_t i = 0; i < out->nr; i++) {
		if (w && !by_place(&out->items[w - 1], &out->items[i])) {
			site_release(&out->items[i]);
			continue;
		}
		out->items[w++] = out->items[i];
	}
	out->nr = w;
	ret = 0;
out:
	findings_doc_release(&doc);
	free(text);
	return ret;
}

/* The tokens r of buf, as written (with the blanks between them). */
static void add_tokens(struct strbuf *sb, const char *buf,
		       const struct token_list *l, struct tok_range r)
{
	if (r.begin < r.end)
		strbuf_add(sb, buf + l->tok[r.begin].off,
			   l->tok[r.end - 1].off + l->tok[r.end - 1].len -
			   l->tok[r.begin].off);
}

/* Is r a chain of names, '.' and '->' (no parentheses needed)? */
static int plain_chain(const char *buf, const struct token_list *l,
		       struct tok_range r)
{
	for (size_t i = r.begin; i < r.end; i++)
		if (l->tok[i].kind != TOK_IDENT && !tok_punct(buf, l, i, ".") &&
		    !tok_punct(buf, l, i, "->"))
			return 0;
	return r.begin < r.end;
}

/* E, parenthesised unless it is a plain chain. */
static void add_operand(struct strbuf *sb, const char *buf,
			const struct token_list *l, struct tok_range r)
{
	int plain = plain_chain(buf, l, r);

	if (!plain)
		strbuf_addch(sb, '(');
	add_tokens(sb, buf, l, r);
	if (!plain)
		strbuf_addch(sb, ')');
}

/*
 * Is r a postfix expression as written -- a name or a parenthesised
 * group, then only '.'/'->' members and [...] subscripts -- so that
 * "r->s" and "r.s" mean r's member s?  ("*p" is not: *p->s is *(p->s).)
 */
static int postfix_operand(const char *buf, const struct token_list *l,
			   struct tok_range r)
{
	size_t i = r.begin;

	if (i >= r.end)
		return 0;
	if (tok_punct(buf, l, i, "("))
		i = tok_match(buf, l, i) + 1;
	else if (l->tok[i].kind == TOK_IDENT)
		i++;
	else
		return 0;
	while (i < r.end) {
		if (tok_punct(buf, l, i, "[")) {
			i = tok_match(buf, l, i) + 1;
		} else if ((tok_punct(buf, l, i, ".") ||
			    tok_punct(buf, l, i, "->")) &&
			   i + 1 < r.end && l->tok[i + 1].kind == TOK_IDENT) {
			i += 2;
		} else {
			return 0;
		}
	}
	return i == r.end;
}

/* How the site is rewritten. */
struct alias_plan {
	char scalar[64];   /* the member read or written instead */
	char member[64];   /* the enclosing case: the aggregate's own name */
	struct tok_range outer; /* ... and the object around it (P) */
	int arrow;         /* P->member rather than P.member */
};

/*
 * Is the call at tokens [name, close] the whole initializer of a
 * declared object -- "T v = NAME(E);" -- so that a braced initializer
 * can stand for it, as a maintainer writes it?  Two names before the
 * '=' (a type and the declarator: "union u v", "ticket_t t") and ';' or
 * ',' after the call; an assignment "v = ...", "p->v = ..." has one.
 */
static int whole_initializer(const char *buf, const struct token_list *l,
			     size_t name, size_t close)
{
	static const char *const not_types[] = {
		"return", "case", "goto", "else", "do", "sizeof",
	};

	if (name < 3 || !tok_punct(buf, l, name - 1, "=") ||
	    l->tok[name - 2].kind != TOK_IDENT ||
	    l->tok[name - 3].kind != TOK_IDENT ||
	    !(tok_punct(buf, l, close + 1, ";") ||
	      tok_punct(buf, l, close + 1, ",")))
		return 0;
	for (size_t i = 0; i < ARRAY_SIZE(not_types); i++)
		if (tok_ident(buf, l, name - 3, not_types[i]))
			return 0;
	return 1;
}

/* The replacement of NAME(E) / NAME(E, V) through plan p; `init`: the
 * whole initializer of a declaration (a braced initializer will do). */
static void spell_edit(struct strbuf *sb, const char *buf,
		       const struct token_list *l, const struct token *name,
		       struct tok_range e, const struct tok_range *value,
		       const struct alias_plan *p, int init)
{
	struct strbuf macro = STRBUF_INIT, scalar = STRBUF_INIT,
		      type = STRBUF_INIT;

	strbuf_add(&macro, buf + name->off, name->len);
	/* The scalar lvalue, and the aggregate type holding it. */
	strbuf_addstr(&type, "__typeof__(");
	if (p->member[0]) {
		add_tokens(&scalar, buf, l, p->outer);
		strbuf_addf(&scalar, "%s%s", p->arrow ? "->" : ".", p->scalar);
		if (p->arrow)
			strbuf_addstr(&type, "*");
		add_operand(&type, buf, l, p->outer);
	} else {
		struct tok_range pointer = { e.begin + 1, e.end };

		/* *p.s is p->s, as it is written */
		if (tok_punct(buf, l, e.begin, "*") &&
		    plain_chain(buf, l, pointer)) {
			add_tokens(&scalar, buf, l, pointer);
			strbuf_addf(&scalar, "->%s", p->scalar);
		} else {
			add_operand(&scalar, buf, l, e);
			strbuf_addf(&scalar, ".%s", p->scalar);
		}
		add_tokens(&type, buf, l, e);
	}
	strbuf_addch(&type, ')');

	if (!value && init && !p->member[0]) {
		strbuf_addf(sb, "{ .%s = %s(%s) }", p->scalar, macro.buf,
			    scalar.buf);
	} else if (!value) {
		strbuf_addf(sb, "((%s){ .%s = %s(%s) })", type.buf, p->scalar,
			    macro.buf, scalar.buf);
		if (p->member[0])
			strbuf_addf(sb, ".%s", p->member);
	} else {
		strbuf_addf(sb, "({ %s __rwonce_v = ", type.buf);
		if (p->member[0])
			strbuf_addf(sb, "{ .%s = ", p->member);
		strbuf_addch(sb, '(');
		add_tokens(sb, buf, l, *value);
		strbuf_addch(sb, ')');
		if (p->member[0])
			strbuf_addstr(sb, " }");
		strbuf_addf(sb, "; %s(%s, __rwonce_v.%s); })", macro.buf,
			    scalar.buf, p->scalar);
	}
	strbuf_release(&macro);
	strbuf_release(&scalar);
	strbuf_release(&type);
}

struct from_scan_file {
	const char *path;
	const char *buf;
	size_t len;
	struct token_list toks;
	const struct tree_types *tt;
	struct edit_list edits;
	char **texts; /* the edits' replacement texts, owned here */
	size_t nr_texts, alloc_texts;
	struct strbuf notes;
	size_t edited, left;
	size_t scalars; /* of left: objects that are not structs or unions */
	int trouble;
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
	strbuf_addf(&f->notes, "%s:%u:%u: note: %s [%s]\n", s->path, s->line,
		    s->col, line, s->rule);
}

/* One site of f: an edit, or a note saying why not. */
static void plan_site(struct from_scan_file *f, const struct scan_site *s,
		      int quiet)
{
	const char *buf = f->buf;
	const struct token_list *l = &f->toks;
	size_t i = tok_at(l, s->line, s->col), nargs = 0, close;
	struct tok_range args[2];
	struct type_index *ti;
	struct type_answer ty;
	struct alias_plan p;
	struct strbuf text = STRBUF_INIT, call = STRBUF_INIT;
	const char *type = s->type ? s->type : "?";

	if (i == l->nr || l->tok[i].kind != TOK_IDENT ||
	    tok_call_args(buf, l, i, args, 2, &nargs, &close) < 0 ||
	    nargs > 2 || args[0].begin == args[0].end) {
		strbuf_addf(&f->notes, "rwonce: error: %s:%u:%u: no once-access "
			    "call starts there: the source is not the one "
			    "that was scanned\n", s->path, s->line, s->col);
		f->trouble = 1;
		return;
	}
	add_tokens(&call, buf, l, (struct tok_range){ i, i + 1 });
	strbuf_addf(&call, "(");
	add_tokens(&call, buf, l, args[0]);
	strbuf_addch(&call, ')');
	memset(&p, 0, sizeof(p));
	ti = tree_types_index_for(f->tt, f->path, buf, l, args[0]);
	if (!ti || !type_index_expr(ti, buf, l, args[0], &ty)) {
		f->left++;
		if (!quiet)
			note(f, s, "%s of '%s' left unchanged: its type is not "
			     "known from the sources (name the trees that "
			     "define it: rwonce fix --from-scan FILE TREE...)",
			     call.buf, type);
		goto out;
	}
	if (ty.cls != TC_STRUCT && ty.cls != TC_UNION) {
		f->left++;
		f->scalars++;
		if (!quiet)
			note(f, s, "%s of '%s' left unchanged: not a struct or "
			     "union, so the access is the compiler's to make "
			     "whole (no source edit from fix)", call.buf, type);
		goto out;
	}
	if (!s->size) {
		f->left++;
		if (!quiet)
			note(f, s, "%s of '%s' left unchanged: the scan result "
			     "does not give the object's size (no \"size\": "
			     "an older rwonce scan's; scan again)", call.buf, type);
		goto out;
	}
	if (!type_index_scalar_alias(ti, buf, l, args[0], NULL, s->size,
				     p.scalar, sizeof(p.scalar))) {
		/* P.m or P->m: a scalar in the union around m. */
		size_t e = args[0].end;

		if (e - args[0].begin >= 3 && l->tok[e - 1].kind == TOK_IDENT &&
		    l->tok[e - 1].len < sizeof(p.member) &&
		    (tok_punct(buf, l, e - 2, ".") ||
		     tok_punct(buf, l, e - 2, "->"))) {
			p.outer = (struct tok_range){ args[0].begin, e - 2 };
			p.arrow = tok_punct(buf, l, e - 2, "->");
			memcpy(p.member, buf + l->tok[e - 1].off, l->tok[e - 1].len);
			p.member[l->tok[e - 1].len] = '\0';
			if (!postfix_operand(buf, l, p.outer) ||
			    !type_index_scalar_alias(ti, buf, l, p.outer,
						     p.member, s->size, p.scalar,
						     sizeof(p.scalar)))
				p.member[0] = '\0';
		}
		if (!p.member[0]) {
			f->left++;
			if (!quiet)
				note(f, s, "%s of '%s' (%u bytes) left unchanged: "
				     "'%s' has no scalar member of %u bytes, and "
				     "no union around it has one: no edit (a "
				     "maintainer must choose how to read it whole)",
				     call.buf, type, s->size, ty.spelled, s->size);
			goto out;
		}
	}
	spell_edit(&text, buf, l, &l->tok[i], args[0],
		   nargs == 2 ? &args[1] : NULL, &p,
		   whole_initializer(buf, l, i, close));
	ALLOC_GROW(f->texts, f->nr_texts + 1, f->alloc_texts);
	f->texts[f->nr_texts++] = strbuf_detach(&text);
	edit_list_add(&f->edits, l->tok[i].off,
		      l->tok[close].off + 1 - l->tok[i].off,
		      f->texts[f->nr_texts - 1]);
	f->edited++;
	if (!quiet)
		note(f, s, "%s of '%s' (%u bytes) %s through %s '%s'",
		     call.buf, type, s->size, nargs == 2 ? "written" : "read",
		     p.member[0] ? "the scalar of the union around it," :
				   "its scalar member", p.scalar);
out:
	if (ti)
		type_index_free(ti);
	strbuf_release(&text);
	strbuf_release(&call);
}

/* Edit one file: its diff on out, or the file replaced in place. */
static void fix_file(struct from_scan_file *f, const struct scan_site *sites,
		     size_t nr, int in_place, int quiet, struct strbuf *out)
{
	size_t len;
	char *buf = read_file(f->path, &len);

	if (!buf) {
		strbuf_addf(&f->notes, "rwonce: error: %s: cannot read it "
			    "(%s): its %zu site%s named by the scan result "
			    "%s not fixed\n", f->path, file_strerror(errno), nr,
			    nr == 1 ? "" : "s", nr == 1 ? "is" : "are");
		f->trouble = 1;
		return;
	}
	if (memchr(buf, '\0', len)) {
		strbuf_addf(&f->notes, "rwonce: error: %s: a binary file, not "
			    "C source; not fixed\n", f->path);
		f->trouble = 1;
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
	if (f->trouble || !f->edits.nr)
		goto out;
	if (edit_list_sort(&f->edits) < 0) {
		strbuf_addf(&f->notes, "rwonce: error: %s: two sites overlap; "
			    "file left unchanged\n", f->path);
		f->trouble = 1;
	} else if (in_place) {
		struct inplace_snapshot snap;
		struct strbuf fixed = STRBUF_INIT;
		const char *why = inplace_check(f->path, &snap);

		edits_apply(buf, len, &f->edits, &fixed);
		if (why) {
			strbuf_addf(&f->notes, "rwonce: error: %s %s; not "
				    "modified\n", f->path, why);
			f->trouble = 1;
		} else if (inplace_replace(f->path, &snap, buf, len,
					   fixed.buf, fixed.len) < 0) {
			f->trouble = 1; /* the message is printed */
		}
		strbuf_release(&fixed);
	} else {
		char *apply_from = NULL, *name = diff_path_for(f->path,
							       &apply_from);

		diff_write(out, name, buf, len, &f->edits);
		if (apply_from)
			strbuf_addf(&f->notes, "rwonce fix: note: %s is named "
				    "from %s: apply the diff there\n", f->path,
				    apply_from);
		free(apply_from);
		free(name);
	}
out:
	token_list_release(&f->toks);
	free(buf);
}

int fix_from_scan(const char *file, const char *const *trees, size_t nr_trees,
		  int in_place, int quiet)
{
	struct scan_sites sites = { NULL, 0, 0, 0 };
	struct tree_types *tt = NULL;
	struct strbuf diff = STRBUF_INIT;
	size_t edited = 0, left = 0, files = 0, scalars = 0;
	int ret = EXIT_CLEAN;

	if (read_scan_result(file, &sites) < 0)
		return EXIT_TROUBLE;
	if (!sites.nr) {
		if (!quiet)
			fprintf(stderr, "rwonce fix: %s holds no torn, "
				"duplicated or widened finding: nothing to "
				"fix\n", file);
		free(sites.items);
		return EXIT_CLEAN;
	}
	if (nr_trees)
		tt = tree_types_build(trees, nr_trees);
	for (size_t i = 0, j; i < sites.nr; i = j) {
		struct from_scan_file f;

		for (j = i + 1; j < sites.nr &&
		     !strcmp(sites.items[j].path, sites.items[i].path); j++)
			;
		memset(&f, 0, sizeof(f));
		f.path = sites.items[i].path;
		f.tt = tt;
		strbuf_init(&f.notes);
		fix_file(&f, &sites.items[i], j - i, in_place, quiet, &diff);
		fwrite(diff.buf ? diff.buf : "", 1, diff.len, stdout);
		strbuf_reset(&diff);
		if (f.notes.len) { /* paths' control characters shown */
			struct strbuf shown = STRBUF_INIT;

			strbuf_add_visible(&shown, f.notes.buf, f.notes.len, 1);
			fwrite(shown.buf, 1, shown.len, stderr);
			strbuf_release(&shown);
		}
		if (f.trouble)
			ret = EXIT_TROUBLE;
		else
			edited += f.edited;
		files += !f.trouble && f.edited;
		left += f.left;
		scalars += f.scalars;
		edit_list_release(&f.edits);
		for (size_t k = 0; k < f.nr_texts; k++)
			free(f.texts[k]);
		free(f.texts);
		strbuf_release(&f.notes);
	}
	if (fflush(stdout) != 0) {
		error("fix: cannot write the diff to standard output");
		ret = EXIT_TROUBLE;
	}
	if (!quiet)
		fprintf(stderr, "rwonce fix: %zu site%s %s in %zu file%s, %zu "
			"left unchanged (%zu sites of %zu torn, duplicated or "
			"widened findings in %s)\n", edited,
			edited == 1 ? "" : "s",
			in_place ? "rewritten" : "to rewrite", files,
			files == 1 ? "" : "s", left, sites.nr, sites.findings,
			file);
	if (!quiet && scalars && scalars == sites.nr)
		fprintf(stderr, "rwonce fix: every site of %s is a scalar: no "
			"struct or union access for fix to edit (the notes say "
			"which; a torn, duplicated or widened scalar is the "
			"compiler's or scan's to explain)\n", file);
	if (ret == EXIT_CLEAN && (edited || left))
		ret = EXIT_FINDINGS;
	for (size_t i = 0; i < sites.nr; i++)
		site_release(&sites.items[i]);
	free(sites.items);
	strbuf_release(&diff);
	if (tt)
		tree_types_free(tt);
	return ret;
}
