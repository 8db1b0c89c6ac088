/*
 * --mode once: random programs that also exercise include/rwonce.h.
 *
 * Csmith's --enable-access-once wraps a few accesses of each program in
 * its own kernel-style ACCESS_ONCE(v), (*(volatile typeof(v) *)&(v)).
 * That program is the "volatile-cast" variant.  The "rwonce.h" variant is
 * the same program converted by `rwonce fix`'s own rewriter (src/fix/,
 * called as a library: no second copy of its rules) into READ_ONCE /
 * WRITE_ONCE, with #include "rwonce.h" added; the uses fix leaves (++,
 * an assignment whose value is used) then get rwonce.h's scalar-only
 * ACCESS_ONCE, because rwonce.h defines it before Csmith's #ifndef.
 *
 * The marks (READ_ONCE/WRITE_ONCE/ACCESS_ONCE of a plain identifier) tie
 * traced accesses to source: an access counts for a mark when its object
 * is the marked one and the DWARF line of its instruction (addr2line
 * of the -g executable) is the mark's line.  A line that also names the
 * object outside a mark is left out for that object: a plain access
 * there may legitimately be narrowed or merged.  Every counted access
 * must be one access of the object's full width.
 */
#include "fuzz/fuzz.h"
#include "cfront/lexer.h"
#include "rewrite/add-include.h"
#include "rewrite/rewrite.h"
#include "lib/run-command.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

int once_convert(const char *text, struct strbuf *out, size_t *converted,
		 size_t *left, struct strbuf *why)
{
	size_t len = strlen(text);
	struct token_list toks = TOKEN_LIST_INIT;
	struct rewrite_opts ro;
	struct rewrite_result res = REWRITE_RESULT_INIT;
	struct include_line inc;
	int ret = 0;

	memset(&inc, 0, sizeof(inc));
	rewrite_opts_init(&ro);
	lex_buffer(text, len, &toks);
	if (rewrite_buffer(text, len, &toks, &ro, &res) < 0) {
		strbuf_addstr(why, "rwonce fix's rewriter made overlapping edits");
		ret = -1;
		goto out;
	}
	/* "rwonce.h" in quotes: found through -I like csmith.h. */
	if (include_line_init(&inc, "\"rwonce.h\"")) {
		strbuf_addstr(why, "cannot make the #include line");
		ret = -1;
		goto out;
	}
	/* Also when every use was left (seed 17: one "++"): those become
	 * rwonce.h's ACCESS_ONCE only if the program includes it. */
	if ((res.edits.nr || res.notes_nr) &&
	    include_add_edit(&inc, text, len, &toks, &ro, &res.edits) &&
	    edit_list_sort(&res.edits) < 0) {
		strbuf_addstr(why, "the #include overlaps an edit");
		ret = -1;
		goto out;
	}
	*converted = res.converted;
	*left = res.notes_nr;
	/* No use at all: the program as it is (it includes no header of
	 * ours, so it is the volatile-cast program). */
	edits_apply(text, len, &res.edits, out);
out:
	include_line_release(&inc);
	rewrite_result_release(&res);
	rewrite_opts_release(&ro);
	token_list_release(&toks);
	return ret;
}

static void add_mark(struct once_marks *m, const char *name, size_t n,
		     unsigned line)
{
	ALLOC_GROW(m->m, m->nr + 1, m->alloc);
	m->m[m->nr].name = xstrndup(name, n);
	m->m[m->nr].line = line;
	m->m[m->nr].ambiguous = 0;
	m->nr++;
}

static int tok_is(const char *text, const struct token *t, enum token_kind k,
		  const char *word)
{
	return t->kind == k && t->len == strlen(word) &&
	       !memcmp(text + t->off, word, t->len);
}

/* Does t name the object of mark a (an identifier on a's line)? */
static int names_mark(const char *text, const struct token *t,
		      const struct once_mark *a)
{
	return t->kind == TOK_IDENT && t->line == a->line &&
	       t->len == strlen(a->name) && !memcmp(text + t->off, a->name, t->len);
}

int once_includes_rwonce_h(const char *text)
{
	struct token_list tl = TOKEN_LIST_INIT;
	int found = 0;

	lex_buffer(text, strlen(text), &tl);
	for (size_t i = 0; i + 2 < tl.nr && !found; i++)
		found = tl.tok[i].kind == TOK_HASH &&
			tok_is(text, &tl.tok[i + 1], TOK_IDENT, "include") &&
			tok_is(text, &tl.tok[i + 2], TOK_STRING, "\"rwonce.h\"");
	token_list_release(&tl);
	return found;
}

/*
 * The marks, on the tokens of rwonce's lexer (string literals such as
 * transparent_crc's "g_1" are no use of the object; directives are
 * definitions, not uses): READ_ONCE/WRITE_ONCE/ACCESS_ONCE of a plain
 * identifier, "ACCESS_ONCE(g_1)" or "WRITE_ONCE(g_1, v)".
 */
void once_marks_parse(struct once_marks *m, const char *text)
{
	static const char *const macros[] = { "READ_ONCE", "WRITE_ONCE", "ACCESS_ONCE" };
	struct token_list tl = TOKEN_LIST_INIT;
	const struct token *t;

	lex_buffer(text, strlen(text), &tl);
	t = tl.tok;
	for (size_t i = 0; i + 3 < tl.nr; i++) {
		int macro = 0;

		if (t[i].flags & TF_DIRECTIVE)
			continue;
		for (size_t k = 0; k < ARRAY_SIZE(macros); k++)
			macro |= tok_is(text, &t[i], TOK_IDENT, macros[k]);
		if (macro && tok_is(text, &t[i + 1], TOK_PUNCT, "(") &&
		    t[i + 2].kind == TOK_IDENT &&
		    (tok_is(text, &t[i + 3], TOK_PUNCT, ")") ||
		     tok_is(text, &t[i + 3], TOK_PUNCT, ",")))
			add_mark(m, text + t[i + 2].off, t[i + 2].len, t[i + 2].line);
	}
	/* Drop the marks of a name its line also uses unmarked. */
	for (size_t a = 0; a < m->nr; a++) {
		size_t same = 0, uses = 0;

		for (size_t b = 0; b < m->nr; b++)
			same += m->m[b].line == m->m[a].line &&
				!strcmp(m->m[a].name, m->m[b].name);
		for (size_t i = 0; i < tl.nr; i++)
			uses += !(t[i].flags & TF_DIRECTIVE) && names_mark(text, &t[i], &m->m[a]);
		if (uses > same)
			m->m[a].ambiguous = 1;
	}
	token_list_release(&tl);
}

void once_marks_release(struct once_marks *m)
{
	for (size_t i = 0; i < m->nr; i++)
		free(m->m[i].name);
	free(m->m);
	memset(m, 0, sizeof(*m));
}

static int strlist_has(const struct strlist *l, const char *s)
{
	for (size_t i = 0; i < l->nr; i++)
		if (!strcmp(l->items[i], s))
			return 1;
	return 0;
}

static int is_mark(const struct once_marks *m, const char *name, unsigned line)
{
	for (size_t i = 0; i < m->nr; i++)
		if (m->m[i].line == line && !m->m[i].ambiguous &&
		    !strcmp(m->m[i].name, name))
			return 1;
	return 0;
}

static int rank(enum verdict_class c)
{
	return c == VC_WIDENED ? 3 : c == VC_TORN ? 2 : c == VC_AGGREGATE ? 1 : 0;
}

void once_judge(const struct once_marks *m, const struct volobjs *mobjs,
		const struct strlist *aggregates, const struct vaccess *acc,
		size_t nr, const struct target *t, const char *exe,
		const char *src, int volatile_cast, struct run *r)
{
	unsigned *lines = xcalloc(nr + 1, sizeof(*lines));
	struct strbuf why = STRBUF_INIT;
	int shown_past_end = 0;

	r->site_cls = VC_SAME;
	if (vaccess_lines(t, exe, src, acc, nr, lines, &why)) {
		r->site_cls = VC_NOT_RUN;
		r->site_detail = xasprintf("no line table: %s", why.buf);
		goto out;
	}
	for (size_t i = 0; i < nr; i++) {
		const struct vaccess *a = &acc[i];
		const struct volobj *o = &mobjs->o[a->obj];
		unsigned line = lines[i];
		enum verdict_class c = VC_SAME;
		int32_t off = (int32_t)a->off;
		int past_end = 0;

		if (!line)
			continue;
		/* Objects may share an address (gcc merges equal read-only
		 * constants: seed 3's g_164 and g_315 at -O2): the access is
		 * the one whose mark is on its line. */
		if (!is_mark(m, o->name, line))
			for (size_t k = 0; k < mobjs->nr; k++)
				if (mobjs->o[k].addr == o->addr &&
				    mobjs->o[k].size == o->size &&
				    is_mark(m, mobjs->o[k].name, line)) {
					o = &mobjs->o[k];
					break;
				}
		if (!is_mark(m, o->name, line))
			continue;
		r->site_accesses++;
		/* A scalar wider than the target's word in two adjacent halves
		 * (armhf's ldrd of an int64_t) is one access, as in the
		 * default mode's comparison (classify.c). */
		if (!strlist_has(aggregates, o->name) && i + 1 < nr &&
		    vaccess_halves(a, &acc[i + 1], (unsigned)o->size, t->word_size)) {
			i++;
			continue;
		}
		if (off < 0 || (uint64_t)off + a->size > o->size || a->size > o->size)
			c = VC_WIDENED;
		else if (a->size < o->size)
			c = VC_TORN;
		/* A volatile-cast struct or union read in pieces is the known
		 * hazard (implementation-defined), not a compiler bug; so is
		 * one read past its end (gcc 12 armhf -O2 reads Csmith seed
		 * 5's packed 10-byte struct with a 4-byte load at +8), as the
		 * default mode calls any difference on an aggregate. */
		if ((c == VC_TORN || c == VC_WIDENED) && volatile_cast &&
		    strlist_has(aggregates, o->name)) {
			past_end = c == VC_WIDENED;
			c = VC_AGGREGATE;
		}
		/* The first worst access is kept; among aggregate ones, a read
		 * past the end says more than one in pieces. */
		if (rank(c) > rank(r->site_cls) ||
		    (past_end && !shown_past_end && c == r->site_cls)) {
			struct strbuf d = STRBUF_INIT;

			r->site_cls = c;
			strbuf_addf(&d, "%s (%" PRIu64 " bytes%s) at line %u: %c%u",
				    o->name, o->size,
				    strlist_has(aggregates, o->name) ? ", struct/union" : "",
				    line, a->kind, a->size);
			if (off)
				strbuf_addf(&d, "@%+d", off);
			strbuf_addf(&d, " by pc 0x%" PRIx64, a->pc);
			if (past_end)
				strbuf_addstr(&d, " (past its end)");
			shown_past_end |= past_end;
			free(r->site_detail);
			r->site_detail = strbuf_detach(&d);
		}
	}
	/* Nothing at a mark: nothing was checked (no mark, a mark never
	 * reached, or its object optimised away). */
	if (!r->site_accesses)
		r->site_cls = VC_NOT_RUN;
out:
	strbuf_release(&why);
	free(lines);
}

int fuzz_mode_is_once(const char *mode)
{
	if (strcmp(mode, "volatile") && strcmp(mode, "once"))
		die("--mode: '%s' is not volatile or once", mode);
	return !strcmp(mode, "once");
}
