/*
 * Finding the once-access sites of a source file (sites.h) with the
 * lexical front end: the same macro table as `rwonce audit` (built-ins
 * and --macro), the same volatile-cast idiom finder, the same type index.
 */
#define _GNU_SOURCE /* memmem */
#include "scan/sites.h"
#include "scan/repeats.h"
#include "scan/volatile-objects.h"
#include "scan/wrappers.h"
#include "cfront/decl-macros.h"
#include "cfront/defines.h"
#include "cfront/header-macros.h"
#include "cfront/idioms.h"
#include "cfront/lexer.h"
#include "cfront/member-macros.h"
#include "cfront/once-accessor.h"
#include "cfront/tokscan.h"
#include "cfront/typeindex.h"
#include "lib/memfind.h"
#include "lib/util.h"

#include <ctype.h>
#include <stddef.h>
#include <stdint.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The text of tokens r, single spaces, at most max bytes then "...". */
static char *operand_text(const char *buf, const struct token_list *l,
			  struct tok_range r, size_t max)
{
	struct strbuf sb = STRBUF_INIT, tok = STRBUF_INIT;

	for (size_t i = r.begin; i < r.end && sb.len <= max; i++) {
		if (i > r.begin && (l->tok[i].flags & (TF_SPACE_BEFORE | TF_BOL)))
			strbuf_addch(&sb, ' ');
		strbuf_reset(&tok);
		token_spelling(buf, &l->tok[i], &tok);
		strbuf_add(&sb, tok.buf, tok.len);
	}
	if (sb.len > max) {
		sb.len = max;
		sb.buf[max] = '\0';
		strbuf_addstr(&sb, "...");
	}
	strbuf_release(&tok);
	return strbuf_detach(&sb);
}

/* Is word w (n bytes) one of the space-separated words of s? */
static int has_word(const char *s, const char *w)
{
	size_t n = strlen(w);

	for (const char *p = s; (p = strstr(p, w)); p += n)
		if ((p == s || p[-1] == ' ') && (!p[n] || p[n] == ' '))
			return 1;
	return 0;
}

/*
 * The size of a scalar or pointer type on ILP32 (word 4) or LP64 (word 8)
 * from its canonical spelling; 0 when it cannot be told (a struct: the
 * lexical index does not lay out records).
 */
static unsigned type_size(const struct type_answer *t, unsigned word)
{
	const char *c = t->canonical;
	size_t n = strlen(c);

	if (t->cls == TC_POINTER)
		return word;
	if (t->cls != TC_SCALAR)
		return 0;
	if (has_word(c, "char") || has_word(c, "_Bool") || has_word(c, "bool"))
		return 1;
	if (has_word(c, "short"))
		return 2;
	if (strstr(c, "long long") || has_word(c, "double"))
		return 8;
	if (has_word(c, "long") || has_word(c, "size_t") ||
	    has_word(c, "ssize_t") || has_word(c, "uintptr_t") ||
	    has_word(c, "intptr_t") || has_word(c, "ptrdiff_t"))
		return word;
	if (has_word(c, "int") || has_word(c, "float") || has_word(c, "unsigned") ||
	    has_word(c, "signed") || !strncmp(c, "enum ", 5))
		return 4;
	/* u8, __u32, s64, __le16, uint32_t, int8_t ... : the bit count */
	while (n && (c[n - 1] == 't' || c[n - 1] == '_'))
		n--;
	if (n >= 1 && c[n - 1] >= '0' && c[n - 1] <= '9') {
		unsigned bits = 0, scale = 1;

		while (n && c[n - 1] >= '0' && c[n - 1] <= '9') {
			bits += (unsigned)(c[n - 1] - '0') * scale;
			scale *= 10;
			n--;
		}
		if (bits == 8 || bits == 16 || bits == 32 || bits == 64)
			return bits / 8;
	}
	return 0;
}

/* The end (inclusive) of a loop's body that starts at token b, or 0
 * when there is none. */
static size_t body_end_at(const char *buf, const struct token_list *l,
			  size_t b)
{
	if (b >= l->nr - 1 || tok_punct(buf, l, b, ";"))
		return 0; /* "while (x);" ends a do loop or has no body */
	if (tok_punct(buf, l, b, "{"))
		return tok_match(buf, l, b);
	for (int depth = 0; b < l->nr - 1; b++) { /* one statement */
		if (tok_punct(buf, l, b, "(") || tok_punct(buf, l, b, "{") ||
		    tok_punct(buf, l, b, "["))
			depth++;
		else if (tok_punct(buf, l, b, ")") || tok_punct(buf, l, b, "}") ||
			 tok_punct(buf, l, b, "]"))
			depth--;
		else if (!depth && tok_punct(buf, l, b, ";"))
			return b;
	}
	return 0;
}

/* The end (inclusive) of the body of the loop whose keyword is token k,
 * or 0 when there is none. */
static size_t loop_body_end(const char *buf, const struct token_list *l,
			    size_t k)
{
	size_t b = k + 1, end;

	if (!tok_ident(buf, l, k, "do")) {
		if (!tok_punct(buf, l, b, "("))
			return 0;
		b = tok_match(buf, l, b) + 1;
	}
	end = body_end_at(buf, l, b);
	/* a do's condition runs with each iteration too (the kernel's
	 * do { ... } while (atomic_read(&inode->i_dio_count))) */
	if (end && tok_ident(buf, l, k, "do") && end + 2 < l->nr - 1 &&
	    tok_ident(buf, l, end + 1, "while") &&
	    tok_punct(buf, l, end + 2, "(")) {
		size_t close = tok_match(buf, l, end + 2);

		if (close < l->nr - 1)
			end = close;
	}
	return end;
}

/* Is token i inside the body of a loop of its function? */
static int inside_loop(const char *buf, const struct token_list *l,
		       struct type_index *ti, size_t i)
{
	/* a function the index does not know (its head made by a macro):
	 * from the start of the file */
	size_t fn = type_index_function_at(ti, i);

	for (size_t k = fn ? fn + 1 : 0; k < i; k++) {
		size_t end;

		if (l->tok[k].kind != TOK_IDENT ||
		    !(tok_ident(buf, l, k, "for") || tok_ident(buf, l, k, "while") ||
		      tok_ident(buf, l, k, "do")))
			continue;
		end = loop_body_end(buf, l, k);
		if (end > i)
			return 1;
	}
	return 0;
}

static int ends_statement(const char *buf, const struct token_list *l,
			  size_t k)
{
	return (l->tok[k].flags & TF_DIRECTIVE) || tok_punct(buf, l, k, ";") ||
	       tok_punct(buf, l, k, "{") || tok_punct(buf, l, k, "}");
}

/* The statement around tokens [first, last] (sites.h). */
static void set_statement(struct scan_site *x, const char *buf,
			  const struct token_list *l, size_t first, size_t last)
{
	size_t b = first, e = last;

	while (b > 0 && !ends_statement(buf, l, b - 1))
		b--;
	while (e + 1 < l->nr - 1 && !ends_statement(buf, l, e + 1))
		e++;
	if (e + 1 < l->nr - 1 && !(l->tok[e + 1].flags & TF_DIRECTIVE))
		e++; /* the ';' or '{' itself */
	x->stmt_line = l->tok[b].line;
	x->stmt_col = l->tok[b].col;
	x->stmt_end_line = l->tok[e].line;
	x->stmt_end_col = l->tok[e].col + (unsigned)l->tok[e].len;
}

static void add_site(struct source_sites *s, const char *buf,
		     const struct token_list *l, size_t first, size_t last,
		     const char *what, enum site_access access,
		     struct tok_range operand, const struct type_answer *ty)
{
	struct scan_site *x;
	const struct token *a = &l->tok[first], *b = &l->tok[last];

	ALLOC_GROW(s->sites, s->nr + 1, s->alloc);
	x = &s->sites[s->nr++];
	memset(x, 0, sizeof(*x));
	x->ptr_param = -1;
	x->line = a->line;
	x->col = a->col;
	x->end_line = b->line;
	x->end_col = b->col + (unsigned)b->len;
	x->access = access;
	x->what = xstrdup(what);
	set_statement(x, buf, l, first, last);
	x->operand = operand_text(buf, l, operand, 60);
	x->lvalue = operand_text(buf, l, operand, 4096);
	if (ty) {
		x->type = xstrdup(ty->spelled);
		x->size32 = type_size(ty, 4);
		x->size64 = type_size(ty, 8);
	}
}

/*
 * The function whose body holds token i: its '{' and '}' from the type
 * index, and its name -- back from the '{', the identifier before the
 * first parenthesised list that does not follow another one (so that
 * `int f(int x) __acquires(l) {` is f, and a head made by a macro,
 * `SYSCALL_DEFINE2(kill, ...) {`, is the macro's name: what the line
 * table knows as the function's line).
 */
/*
 * The innermost conditional group that holds token i and begins after
 * the function's '{' (token open): its opening directive's line in
 * x->if_line.  Groups opened before the function hold the function
 * whole, which then has code or none as a whole.
 */
static void set_if_group(struct scan_site *x, const char *buf,
			 const struct token_list *l, size_t open, size_t i)
{
	unsigned stack[64];
	size_t depth = 0;

	for (size_t k = open + 1; k < i && k + 1 < l->nr; k++) {
		if (l->tok[k].kind != TOK_HASH ||
		    !(l->tok[k].flags & TF_DIRECTIVE))
			continue;
		if (tok_ident(buf, l, k + 1, "if") ||
		    tok_ident(buf, l, k + 1, "ifdef") ||
		    tok_ident(buf, l, k + 1, "ifndef")) {
			if (depth < ARRAY_SIZE(stack))
				stack[depth] = l->tok[k].line;
			depth++;
		} else if (tok_ident(buf, l, k + 1, "elif") ||
			   tok_ident(buf, l, k + 1, "else")) {
			/* at depth 0: the group began before the '{' */
			if (depth && depth <= ARRAY_SIZE(stack))
				stack[depth - 1] = l->tok[k].line;
		} else if (tok_ident(buf, l, k + 1, "endif") && depth) {
			depth--;
		}
	}
	x->if_line = depth && depth <= ARRAY_SIZE(stack) ? stack[depth - 1] : 0;
}

static void set_function(struct scan_site *x, const char *buf,
			 const struct token_list *l, struct type_index *ti,
			 size_t i)
{
	size_t open = type_index_function_at(ti, i), k, name = 0;
	struct strbuf sb = STRBUF_INIT;

	if (!open)
		return;
	for (k = open; k-- > 0;) {
		size_t o = k;
		int depth = 0;

		if (l->tok[k].flags & TF_DIRECTIVE)
			continue;
		if (tok_punct(buf, l, k, ";") || tok_punct(buf, l, k, "}") ||
		    tok_punct(buf, l, k, "{"))
			break;
		if (!tok_punct(buf, l, k, ")"))
			continue;
		for (; o > 0; o--) { /* back to the matching '(' */
			if (l->tok[o].flags & TF_DIRECTIVE)
				continue;
			if (tok_punct(buf, l, o, ")"))
				depth++;
			else if (tok_punct(buf, l, o, "(") && !--depth)
				break;
		}
		if (depth)
			break;
		if (o > 0 && l->tok[o - 1].kind == TOK_IDENT) {
			name = o - 1;
			if (name > 0 && tok_punct(buf, l, name - 1, ")")) {
				k = name; /* an attribute after the parameters */
				continue;
			}
			break;
		}
		k = o;
	}
	set_if_group(x, buf, l, open, i);
	x->fn_open_line = l->tok[open].line;
	x->fn_close_line = l->tok[tok_match_body(buf, l, open)].line;
	x->fn_line = name ? l->tok[name].line : x->fn_open_line;
	if (name) {
		token_spelling(buf, &l->tok[name], &sb);
		x->fn_name = strbuf_detach(&sb);
	}
}

/* The identifier an lvalue starts from through a pointer: "wait" of
 * "wait->state" or "*(wait)"; n = 0 when it is not that. */
static size_t pointer_base(const char *lv, const char **start)
{
	size_t n = 0;

	while (*lv == '*' || *lv == '(' || *lv == ' ')
		lv++;
	*start = lv;
	while (isalnum((unsigned char)lv[n]) || lv[n] == '_')
		n++;
	return n;
}

/*
 * Is the site's object reached through a parameter of its function
 * (sites.h: ptr_param)?  The parameters are read back from the '(' of
 * the function's head: the last identifier of each is its name.
 */
static void set_ptr_param(struct scan_site *x, const char *buf,
			  const struct token_list *l, struct type_index *ti,
			  size_t i)
{
	size_t open = type_index_function_at(ti, i), k, popen, pclose, n;
	const char *p;
	int index = 0;

	x->ptr_param = -1;
	if (!x->lvalue || !open || !tok_punct(buf, l, open - 1, ")") ||
	    !(x->pointee || x->lvalue[0] == '*' || strstr(x->lvalue, "->")))
		return;
	n = pointer_base(x->lvalue, &p);
	if (!n)
		return;
	pclose = open - 1;
	popen = tok_match_back(buf, l, pclose);
	if (popen >= pclose)
		return;
	for (k = popen + 1; k < pclose; k++) {
		if (tok_punct(buf, l, k, "(") || tok_punct(buf, l, k, "[")) {
			k = tok_match(buf, l, k);
			continue;
		}
		if (tok_punct(buf, l, k, ",")) {
			index++;
			continue;
		}
		if (l->tok[k].kind == TOK_IDENT && l->tok[k].len == n &&
		    !memcmp(buf + l->tok[k].off, p, n) &&
		    (tok_punct(buf, l, k + 1, ",") || k + 1 == pclose)) {
			x->ptr_param = index;
			return;
		}
	}
}

/* Does an operand end right before token k (so that '&' is binary)? */
static int before_is_operand(const char *buf, const struct token_list *l,
			     size_t k)
{
	return k > 0 && tok_ends_operand(buf, l, k - 1);
}

/*
 * Is the site's object a local whose address its function takes (sites.h:
 * published)?  Its lvalue names it ("f.go", "f"), and the function's body
 * holds &f (or &(f), &f.member).
 */
static void set_published(struct scan_site *x, const char *buf,
			  const struct token_list *l, struct type_index *ti,
			  size_t i)
{
	size_t open = type_index_function_at(ti, i), close, n = 0;
	const char *lv = x->lvalue;

	if (!lv || !open || !(isalpha((unsigned char)*lv) || *lv == '_'))
		return;
	while (isalnum((unsigned char)lv[n]) || lv[n] == '_')
		n++;
	for (const char *p = lv + n; *p; p++)
		if (!(isalnum((unsigned char)*p) || *p == '_' || *p == '.' ||
		      *p == ' '))
			return; /* through a pointer or an index */
	close = tok_match(buf, l, open);
	for (size_t k = open + 1; k + 1 < close; k++) {
		size_t t = k + 1;

		if (!tok_punct(buf, l, k, "&") || before_is_operand(buf, l, k))
			continue;
		while (t < close && tok_punct(buf, l, t, "("))
			t++;
		if (l->tok[t].kind == TOK_IDENT && l->tok[t].len == n &&
		    !memcmp(buf + l->tok[t].off, lv, n)) {
			x->published = 1;
			return;
		}
	}
}

/* A site that writes: where its whole assignment lies (sites.h). */
static void set_assignment(struct scan_site *x, const struct token_list *l,
			   const char *buf, size_t begin, size_t end)
{
	struct tok_range whole;
	const struct token *a, *b;

	if (x->access == SITE_READ ||
	    once_assignment_extent(buf, l, begin, end, &whole))
		return;
	a = &l->tok[whole.begin];
	b = &l->tok[whole.end - 1];
	x->asg_line = a->line;
	x->asg_col = a->col;
	x->asg_end_line = b->line;
	x->asg_end_col = b->col + (unsigned)b->len;
}

static enum site_access access_of_use(enum once_use u)
{
	switch (u) {
	case ONCE_READ:
		return SITE_READ;
	case ONCE_WRITE:
		return SITE_WRITE;
	default:
		return SITE_READ_WRITE;
	}
}

/* The class of a type spelled t (no typedef resolved). */
static enum type_class class_of_spelling(const char *t)
{
	if (strchr(t, '*'))
		return TC_POINTER;
	if (!strncmp(t, "struct ", 7))
		return TC_STRUCT;
	if (!strncmp(t, "union ", 6))
		return TC_UNION;
	if (!strcmp(t, "void"))
		return TC_UNKNOWN;
	return TC_SCALAR;
}

/* The type a pointer-argument once-macro's volatile cast gives its
 * access ("uint32_t"), as an answer of the type index. */
static int cast_type_answer(const char *cast_type, struct type_answer *ty)
{
	memset(ty, 0, sizeof(*ty));
	ty->cls = class_of_spelling(cast_type);
	snprintf(ty->spelled, sizeof(ty->spelled), "%s", cast_type);
	snprintf(ty->canonical, sizeof(ty->canonical), "%s", cast_type);
	return ty->cls != TC_UNKNOWN;
}

/* Drop one '*' and the qualifiers after the type it points to. */
static int strip_pointer(char *t)
{
	char *star = strrchr(t, '*');
	size_t n;

	if (!star)
		return 0;
	*star = '\0';
	for (;;) {
		n = strlen(t);
		while (n && t[n - 1] == ' ')
			t[--n] = '\0';
		if (n >= 5 && !strcmp(t + n - 5, "const") &&
		    (n == 5 || t[n - 6] == ' '))
			t[n - 5] = '\0';
		else if (n >= 8 && !strcmp(t + n - 8, "volatile") &&
			 (n == 8 || t[n - 9] == ' '))
			t[n - 8] = '\0';
		else
			break;
	}
	return n > 0;
}

/* The type a pointer's answer points to (the object of LOAD(p)); 0 when
 * it is not a pointer or points to void. */
static int pointee(struct type_answer *ty)
{
	if (ty->cls != TC_POINTER || !strip_pointer(ty->spelled) ||
	    !strip_pointer(ty->canonical))
		return 0;
	/* qualifiers before the type: "const uint32_t" */
	for (char *t = ty->canonical;;) {
		if (!strncmp(t, "const ", 6))
			memmove(t, t + 6, strlen(t + 6) + 1);
		else if (!strncmp(t, "volatile ", 9))
			memmove(t, t + 9, strlen(t + 9) + 1);
		else
			break;
	}
	ty->cls = class_of_spelling(ty->canonical);
	return ty->cls != TC_UNKNOWN;
}

/* A name the user gave (--macro) that is one of C11's <stdatomic.h>
 * generic functions whose first parameter points to the atomic object
 * (C11 7.17.7): whatever the compiler's header makes of it (gcc's an
 * __auto_type local, clang's a builtin), that argument is an address. */
static int c11_pointer_first(const struct once_macro *m)
{
	static const char *const names[] = {
		"atomic_load", "atomic_load_explicit", "atomic_store",
		"atomic_store_explicit",
	};

	if (m->flags & (OMF_BUILTIN | OMF_DISCOVERED | OMF_ACCESSOR) ||
	    m->deref_arg >= 0)
		return 0;
	/* the tree's own macro of that name is what it says it is */
	if (m->def_path && !once_macro_compiler_header(m->def_path))
		return 0;
	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(m->name, names[i]))
			return 1;
	return 0;
}

/* A --macro name whose definition no source showed: a macro, or a
 * function (sites.h: maybe_accessor). */
static int unseen_name(const struct once_macro *m)
{
	return !(m->flags & (OMF_BUILTIN | OMF_DISCOVERED | OMF_ACCESSOR)) &&
	       !m->def_path;
}

/*
 * Is the call-like NAME(...) at i a declaration of NAME, not a call:
 * a definition (its ')' followed by '{' or by the parameters'
 * attributes then '{') or a prototype (a type before the name, ';'
 * after)?
 */
static int declares(const char *buf, const struct token_list *l, size_t i,
		    size_t close)
{
	if (close + 1 < l->nr && tok_punct(buf, l, close + 1, "{"))
		return 1;
	if (close + 1 < l->nr && !tok_punct(buf, l, close + 1, ";"))
		return 0;
	/* a type before the name, not the end of a directive line
	 * (#endif then a call on the next line) */
	return i > 0 && !(l->tok[i - 1].flags & TF_DIRECTIVE) &&
	       (l->tok[i - 1].kind == TOK_IDENT ||
		tok_punct(buf, l, i - 1, "*")) &&
	       !tok_is_operator_keyword(buf, l, i - 1) &&
	       !tok_ident(buf, l, i - 1, "return") &&
	       !tok_ident(buf, l, i - 1, "else") &&
	       !tok_ident(buf, l, i - 1, "do");
}

/* One access of an accessor's body, tokens [begin, end), as a site. */
static void accessor_body_site(struct source_sites *s, const char *buf,
			       const struct token_list *l,
			       const struct once_accessor *a, size_t begin,
			       size_t end)
{
	struct type_answer ty;
	struct tok_range r = { begin, end };
	struct scan_site *x;
	struct strbuf sb = STRBUF_INIT;

	if (a->how == ACCESSOR_ASM || a->how == ACCESSOR_ASM_ADDRESS)
		strbuf_addstr(&sb, "asm operand");
	else if (a->how == ACCESSOR_VOLATILE_PTR)
		strbuf_addstr(&sb, "volatile access");
	else
		token_spelling(buf, &l->tok[begin], &sb);
	add_site(s, buf, l, begin, end - 1, sb.buf,
		 a->kind == OMK_READ ? SITE_READ : a->kind == OMK_WRITE ?
		 SITE_WRITE : SITE_READ_WRITE, r,
		 /* the pointee's type is not a member's */
		 a->pointee && !a->member && cast_type_answer(a->pointee, &ty) ?
		 &ty : NULL);
	strbuf_release(&sb);
	x = &s->sites[s->nr - 1];
	free(x->lvalue);
	free(x->operand);
	if (a->member) {
		/* a member of the pointee (BIRD's rf_size(struct rfile *r):
		 * atomic_load_explicit(&r->pos, ...)): that member is the
		 * object, as at the calls (macro_site()), not all of *r */
		x->lvalue = xasprintf("(*(%s)).%s", a->param_name, a->member);
		x->operand = xasprintf("%s->%s", a->param_name, a->member);
		x->member = xstrdup(a->member);
	} else {
		x->lvalue = xasprintf("*(%s)", a->param_name);
		x->operand = (a->how == ACCESSOR_ASM ||
			      a->how == ACCESSOR_ASM_ADDRESS) ?
			xasprintf("*%s", a->param_name) :
			xstrdup(a->param_name);
	}
	x->pointee = 1;
	x->fn_name = xstrdup(a->name);
	x->fn_line = a->line;
	/* p->v = v: clang gives the store the column of the '=' */
	if (a->how == ACCESSOR_VOLATILE_PTR)
		set_assignment(x, l, buf, begin, end);
}

/*
 * The body of a once-accessor this file defines, when its access is no
 * volatile cast (those are sites already): the asm operand or the
 * __atomic call, a site of its own, so that a copy left out of line is
 * judged once, where it is (its inlined copies belong to the calls).
 */
/* Is name one of the once-accessors discovery found? */
static int discovered_accessor(const char *name, size_t n, void *ctx)
{
	const struct once_macro *m = once_macros_find(ctx, name, n);

	return m && (m->flags & OMF_ACCESSOR);
}

static void accessor_body_sites(struct source_sites *s, const char *buf,
				size_t len, const struct token_list *l,
				const struct once_macros *macros)
{
	struct once_accessor_list acc = ONCE_ACCESSOR_LIST_INIT;

	if (!once_accessors_may_hold(buf, len))
		return;
	/* only the accessors of macros count below: the bodies of the
	 * file's other functions are not read (on Debian's vmlinux, every
	 * body of the 896 sources lexed for their sites, 1% of the scan) */
	once_accessors_find_named(buf, l, discovered_accessor,
				  (void *)macros, &acc);
	/* a generated one has no body in this file's tokens (nalt 0): its
	 * inlined copies, on the generator's lines, go to their calls */
	once_accessors_generated(buf, len, l, &acc);
	for (size_t k = 0; k < acc.nr; k++) {
		const struct once_accessor *a = &acc.items[k];
		const struct once_macro *m =
			once_macros_find(macros, a->name, strlen(a->name));

		if (!m || !(m->flags & OMF_ACCESSOR))
			continue;
		s->defines_accessor = 1;
		if (a->how == ACCESSOR_VOLATILE)
			continue;
		for (size_t j = 0; j < a->nalt; j++)
			accessor_body_site(s, buf, l, a, a->alt_begin[j],
					   a->alt_end[j]);
	}
	once_accessor_list_release(&acc);
}
/* Is path, or the file it names under another spelling, a's file? */
static int same_file(const char *path, const char *a)
{
	struct stat st1, st2;
	const char *b1 = strrchr(path, '/'), *b2 = strrchr(a, '/');

	if (!strcmp(path, a))
		return 1;
	b1 = b1 ? b1 + 1 : path;
	b2 = b2 ? b2 + 1 : a;
	return !strcmp(b1, b2) && !stat(path, &st1) && !stat(a, &st2) &&
	       st1.st_dev == st2.st_dev && st1.st_ino == st2.st_ino;
}

/*
 * Does the file define a once-accessor that discovery found and its own
 * text does not show as one: a body that reaches its object through a
 * helper macro of another header (nsync's atm_load_acq_u32_ loads
 * NSYNC_ATOMIC_UINT32_LOAD_((volatile nsync_atomic_uint32_ *)p)), read
 * by discovery with the helper put in?  Its rows may then be an inlined
 * copy's, owned by the call (attribute.c).
 */
static int defines_discovered_accessor(const char *path,
				       const struct once_macros *macros)
{
	for (size_t k = 0; k < macros->nr; k++) {
		const struct once_macro *m = &macros->items[k];

		if ((m->flags & OMF_ACCESSOR) &&
		    m->def_path && same_file(path, m->def_path))
			return 1;
	}
	return 0;
}

/*
 * The once-accessor a macro of the tree forwards to, through other
 * macros of the tree (ck_pr_load_uint(x) -> ck_pr_md_load_uint((x)),
 * CK_RHS_LOAD(x) -> ck_pr_load_8(x) -> ...), or NULL: a use of the
 * macro is then a call of that accessor, judged on its inlined copy.
 */
static const struct once_macro *forwarded_accessor(
	const struct once_macros *macros, const struct once_macro *m)
{
	for (int hops = 0; m && hops < 16; hops++) {
		if (m->flags & OMF_ACCESSOR)
			return hops ? m : NULL;
		/* a --macro name whose definition discovery read has
		 * its via too */
		if (!m->via)
			return NULL;
		m = once_macros_find(macros, m->via, strlen(m->via));
	}
	return NULL;
}

/* What the use of m at token i (its ')' at close) does to its object:
 * the macro's kind, or a read-modify-write macro's both, or for an
 * ACCESS_ONCE-style one what the code around the use does. */
static enum site_access use_access(const struct once_macro *m,
				   const char *buf, const struct token_list *l,
				   size_t i, size_t close)
{
	if (m->flags & OMF_READ_WRITE)
		return SITE_READ_WRITE;
	switch (m->kind) {
	case OMK_READ:
		return SITE_READ;
	case OMK_WRITE:
		return SITE_WRITE;
	default:
		return access_of_use(once_use_classify(buf, l, i, close + 1));
	}
}

/* The order r names, if r is one identifier: NULL when it is an order
 * of one access for the accessor's kind, else why not. */
static char *order_name_why(const char *buf, const struct token_list *l,
			    const struct once_macro *m, struct tok_range r,
			    const char *text)
{
	enum mem_order o;

	if (r.end != r.begin + 1 || l->tok[r.begin].kind != TOK_IDENT)
		return xasprintf("its order '%s' is no constant: a once-access "
				 "only in a relaxed, acquire or release order",
				 text);
	o = (enum mem_order)once_macro_order_meant(m,
			buf + l->tok[r.begin].off, l->tok[r.begin].len);
	if (o == MO_NONE)
		return xasprintf("its order '%s' is no order its definition "
				 "names", text);
	if (!mem_order_single(o, m->kind == OMK_WRITE))
		return xasprintf("its order '%s' is %s: not one plain access "
				 "(a %s may be %s)", text, mem_order_name(o),
				 m->kind == OMK_WRITE ? "store" : "load",
				 m->kind == OMK_WRITE ? "an exchange" :
				 "fenced around");
	return NULL;
}

/* The '?' and its ':' of a conditional that is the whole of r, at the
 * top level: 0, or -1 when r is no such conditional. */
static int top_conditional(const char *buf, const struct token_list *l,
			   struct tok_range r, size_t *question, size_t *colon)
{
	size_t nested = 0;

	*question = *colon = 0;
	for (size_t k = r.begin; k < r.end; k++) {
		if (tok_punct(buf, l, k, "(") || tok_punct(buf, l, k, "[")) {
			size_t close = tok_match(buf, l, k);

			if (close <= k || close >= r.end)
				return -1;
			k = close;
		} else if (tok_punct(buf, l, k, "?")) {
			if (*question)
				nested++;
			else
				*question = k;
		} else if (tok_punct(buf, l, k, ":") && *question) {
			if (nested)
				nested--;
			else if (!*colon)
				*colon = k;
		} else if (tok_punct(buf, l, k, ",")) {
			return -1;
		}
	}
	return *question > r.begin && *colon > *question + 1 &&
	       *colon + 1 < r.end ? 0 : -1;
}

/*
 * A call of an accessor whose order its caller gives (once_macro.
 * order_arg): NULL when the call's order is a constant of one access
 * for the accessor's kind (a site), else why it is no once-access.  A
 * choice of two constants (jemalloc's rtree.h: dependent ?
 * ATOMIC_RELAXED : ATOMIC_ACQUIRE) is a site when each of them is.
 */
static char *call_order_why(const char *buf, const struct token_list *l,
			    const struct once_macro *m,
			    const struct tok_range *args, size_t nargs)
{
	struct tok_range r;
	size_t question, colon;
	char *text, *why;

	if ((size_t)m->order_arg >= nargs)
		return xstrdup("its order argument is missing");
	r = tok_unparen(buf, l, args[m->order_arg]);
	text = operand_text(buf, l, args[m->order_arg], 60);
	if (!top_conditional(buf, l, r, &question, &colon)) {
		struct tok_range a = { question + 1, colon };
		struct tok_range b = { colon + 1, r.end };
		char *ta, *tb;

		a = tok_unparen(buf, l, a);
		b = tok_unparen(buf, l, b);
		ta = operand_text(buf, l, a, 60);
		tb = operand_text(buf, l, b, 60);
		why = order_name_why(buf, l, m, a, ta);
		if (!why)
			why = order_name_why(buf, l, m, b, tb);
		if (why) {
			char *one = why;

			why = xasprintf("its order '%s' is one of two, and %s",
					text, one);
			free(one);
		}
		free(ta);
		free(tb);
	} else {
		why = order_name_why(buf, l, m, r, text);
	}
	free(text);
	return why;
}

/* ---- the object of a once-macro, spelled from its parameters ---- */

static int ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Is p (n bytes) one identifier? */
static int one_ident(const char *p, size_t n)
{
	while (n && *p == ' ')
		p++, n--;
	while (n && p[n - 1] == ' ')
		n--;
	if (!n || isdigit((unsigned char)*p))
		return 0;
	for (size_t k = 0; k < n; k++)
		if (!ident_char(p[k]))
			return 0;
	return 1;
}

/*
 * Append body to sb with each parameter put in by its argument: in
 * parentheses, "(arg)", or bare after "->" or "." where the parameter
 * names a member (ext4's sbi_array_rcu_deref(sbi, field, index) reads
 * (sbi)->field: s_group_desc there, not (s_group_desc)).  -1 when a
 * member's argument is no one identifier.
 */
static int put_args(struct strbuf *sb, const char *body, char **params,
		    size_t nparams, const char **args, const size_t *lens)
{
	for (const char *b = body; *b;) {
		size_t k = 0, m;
		const char *q = b;

		if (!ident_char(*b) || (b > body && ident_char(b[-1]))) {
			strbuf_addch(sb, *b++);
			continue;
		}
		while (ident_char(b[k]))
			k++;
		for (m = 0; m < nparams; m++)
			if (strlen(params[m]) == k && !strncmp(params[m], b, k))
				break;
		while (q > body && q[-1] == ' ')
			q--;
		if (m == nparams) {
			strbuf_add(sb, b, k);
		} else if ((q - body >= 2 && q[-2] == '-' && q[-1] == '>') ||
			   (q > body && q[-1] == '.' &&
			    (q - body < 2 || q[-2] != '.'))) {
			const char *a = args[m];
			size_t n = lens[m];

			if (!one_ident(a, n))
				return -1;
			for (; *a == ' '; a++, n--)
				;
			while (a[n - 1] == ' ')
				n--;
			strbuf_add(sb, a, n);
		} else {
			strbuf_addch(sb, '(');
			strbuf_add(sb, args[m], lens[m]);
			strbuf_addch(sb, ')');
		}
		b += k;
	}
	return 0;
}

/* Does text name the identifier w (not as part of a longer one)? */
static int names_ident(const char *text, const char *w)
{
	size_t n = strlen(w);

	for (const char *p = text; (p = strstr(p, w)); p += n)
		if ((p == text || !ident_char(p[-1])) && !ident_char(p[n]))
			return 1;
	return 0;
}

#define PLACED_ARG_MAX 4096 /* bytes of one argument's text */

/*
 * The object of a use of a once-macro whose object is spelled from its
 * parameters (#define RB_EMPTY_ROOT(root) (READ_ONCE((root)->rb_node)
 * == NULL)): that spelling with this use's arguments put in
 * (RB_EMPTY_ROOT(&mm->mm_rb): "((&mm->mm_rb))->rb_node"), an lvalue for
 * the DWARF to type as any site's.  NULL, with *why, when it cannot be
 * spelled: the use is then named, not checked (coverage.h).  One that
 * reaches its object through a --macro name no definition shows (a
 * function, maybe: macro_site()'s maybe_accessor) is not placed.
 */
static char *placed_object(const char *buf, const struct token_list *l,
			   const struct once_macro *m,
			   const struct once_macros *macros,
			   const struct tok_range *args, size_t nargs,
			   size_t held, char **why)
{
	const char *texts[17];
	size_t lens[17] = { 0 }, n = m->nparams, nput;
	char *own[17] = { NULL }, *params[17];
	const struct once_macro *via = m->via ?
		once_macros_find(macros, m->via, strlen(m->via)) : NULL;
	struct strbuf sb = STRBUF_INIT;
	char *problem = NULL;
	/* #define F(p, ...): the arguments past p are not the object's
	 * -- unless it names __VA_ARGS__ (READ_ONCE((__VA_ARGS__).state)):
	 * then the one argument past p is put in for it */
	int variadic = n && (!strcmp(m->params[n - 1], "__VA_ARGS__") ||
			     !strcmp(m->params[n - 1], "..."));
	int va_object = variadic && names_ident(m->object, "__VA_ARGS__");

	if (variadic)
		n--;
	nput = n + (va_object && nargs > n);
	if ((m->flags & OMF_ACCESSOR) || (via && unseen_name(via)))
		problem = xasprintf("reached through '%s', %s, whose "
				    "inlined copy scan does not join to a "
				    "macro's use", via ? via->name : m->name,
				    via ? "a name with no definition seen (a "
				    "function, maybe)" : "a function's call");
	else if (va_object && nargs > n + 1)
		/* F(t, j, i) of (t)->slot[__VA_ARGS__]: a comma expression
		 * in the object, whose type the DWARF reader cannot give */
		problem = xasprintf("its variable arguments among them, and "
				    "this use gives %zu of them (a comma "
				    "expression)", nargs - n);
	else if ((variadic ? nput : nargs) > held ||
		 nput >= ARRAY_SIZE(texts))
		problem = xasprintf("and this use has %zu arguments, more "
				    "than the %zu scan reads", nargs,
				    held < ARRAY_SIZE(texts) ? held :
				    ARRAY_SIZE(texts));
	else if (variadic ? nargs < n : nargs != (n ? n : 1) ||
		 (!n && args[0].end > args[0].begin))
		problem = xasprintf("and this use has %zu argument%s where "
				    "the macro has %s%zu parameter%s", nargs,
				    nargs == 1 ? "" : "s",
				    variadic ? "at least " : "", n,
				    n == 1 ? "" : "s");
	for (size_t k = 0; k < n && k < ARRAY_SIZE(params); k++)
		params[k] = m->params[k];
	if (nput > n && nput <= ARRAY_SIZE(params))
		params[n] = "__VA_ARGS__";
	for (size_t k = 0; !problem && k < nput; k++) {
		own[k] = operand_text(buf, l, args[k], PLACED_ARG_MAX);
		texts[k] = own[k];
		lens[k] = strlen(own[k]);
		if (lens[k] > PLACED_ARG_MAX)
			problem = xasprintf("and argument %zu of this use is "
					    "longer than the %d bytes scan "
					    "spells", k + 1, PLACED_ARG_MAX);
		else if (!lens[k] && names_ident(m->object, params[k]))
			problem = xasprintf("and this use leaves its "
					    "parameter '%s' empty",
					    params[k]);
	}
	if (!problem && va_object && nput == n)
		problem = xstrdup("its variable arguments among them, and "
				  "this use gives none");
	if (!problem && put_args(&sb, m->object, params, nput, texts, lens))
		problem = xstrdup("and a member it names is an argument of "
				  "this use that is no one identifier");
	for (size_t k = 0; k < nput && k < ARRAY_SIZE(own); k++)
		free(own[k]);
	if (problem) {
		*why = xasprintf("its object, '%s', is spelled from the "
				 "macro's parameters, %s", m->object, problem);
		free(problem);
		strbuf_release(&sb);
		return NULL;
	}
	/* &(n_)->notified, the argument of a --macro name that takes its
	 * object as an lvalue (nsync's ATM_LOAD_ACQ): an address, so the
	 * object is what it points to, as macro_site() says of an argument
	 * that starts with '&' */
	if (sb.len && sb.buf[0] == '&') {
		char *obj = xstrdup(sb.buf + 1);

		strbuf_release(&sb);
		return obj;
	}
	return strbuf_detach(&sb);
}

/*
 * A use of a once-macro whose object is spelled from its parameters, at
 * the use (its name's line and column through its ')'), its object
 * placed (placed_object(), taken): typed by the DWARF as any site's
 * lvalue, judged on the code of the use as any macro's.
 */
/*
 * The type of the volatile cast a placed macro reaches its object
 * through: the first macro it forwards to (via) that casts the pointer
 * it is given -- Xen's dmar_readl(dmar, reg) is readl((dmar) + (reg)),
 * and readl(x) is (*(const volatile uint32_t *)(x)): "uint32_t" -- or an
 * accessor function whose parameter points to void (its body's cast).
 * NULL when none.
 */
static const char *placed_cast(const struct once_macros *macros,
			       const struct once_macro *m)
{
	for (int hops = 0; m && m->via && hops < 16; hops++) {
		m = once_macros_find(macros, m->via, strlen(m->via));
		if (!m)
			return NULL;
		if (m->body_cast)
			return m->body_cast;
		if (m->deref_arg >= 0 && !m->member)
			return m->cast_type;
	}
	return NULL;
}

/*
 * The operand E of an address argument (T *)E given to an accessor
 * whose parameter points to void, whose body's cast gives the access
 * its width: the parameter drops T, which says how the caller spelt an
 * address, not what lies there -- rdma-core's
 * mmio_write64_be((uint8_t *)uar->reg_addr, v) stores 8 bytes to a
 * register, not a widened uint8_t.  E is then typed as any argument
 * (a void * is not, and the body's cast decides; (char *)&s->u32 is
 * the member).  r itself when it is no such cast of one operand
 * ((uint8_t *)p + 8 is a sum).
 */
static struct tok_range uncast_address(const char *buf,
				       const struct token_list *l,
				       struct tok_range r)
{
	struct tok_range e = tok_unparen(buf, l, r);
	size_t close;

	if (e.end - e.begin < 4 || !tok_punct(buf, l, e.begin, "("))
		return r;
	close = tok_match(buf, l, e.begin);
	if (close + 1 >= e.end || close < e.begin + 2 ||
	    !tok_punct(buf, l, close - 1, "*"))
		return r;
	/* (void *)E, (void __iomem *)E: the parameter's own type, as
	 * written (Linux's readl((void __iomem *)(APIC_BASE + reg))) */
	for (size_t k = e.begin + 1; k < close; k++)
		if (tok_ident(buf, l, k, "void"))
			return r;
	/* E: names, member operators and bracketed groups only (a
	 * postfix expression, or its address), not an operator's operand */
	for (size_t k = close + 1 + tok_punct(buf, l, close + 1, "&");
	     k < e.end; k++) {
		if (l->tok[k].kind == TOK_IDENT || tok_punct(buf, l, k, "->") ||
		    tok_punct(buf, l, k, "."))
			continue;
		if (tok_punct(buf, l, k, "(") || tok_punct(buf, l, k, "[")) {
			k = tok_match(buf, l, k);
			if (k >= e.end)
				return r;
			continue;
		}
		return r;
	}
	return (struct tok_range){ close + 1, e.end };
}

static void placed_site(struct source_sites *s, const char *buf,
			const struct token_list *l, struct type_index **ti,
			size_t i, size_t close, const struct once_macro *m,
			const struct once_macros *macros, const char *name,
			char *placed)
{
	struct type_answer ty;
	const char *cast = placed_cast(macros, m);
	const struct once_macro *acc = forwarded_accessor(macros, m);
	struct tok_range all = { i + 2, close };
	struct scan_site *x;
	enum site_access access;
	char *note;

	access = use_access(m, buf, l, i, close);
	if (!*ti)
		*ti = type_index_build(buf, l);
	add_site(s, buf, l, i, close, name, access, all, NULL);
	x = &s->sites[s->nr - 1];
	free(x->lvalue);
	x->lvalue = placed;
	x->placed = 1;
	/* the cast's width, when nothing else types the placed object
	 * (*((dmar) + (reg)): void __iomem arithmetic), last, as for an
	 * accessor function's body cast (judge.c) */
	if (cast && cast_type_answer(cast, &ty) && type_size(&ty, 8)) {
		x->cast_type = xstrdup(cast);
		x->cast32 = type_size(&ty, 4);
		x->cast64 = type_size(&ty, 8);
		x->body_cast = 1;
	}
	x->in_loop = inside_loop(buf, l, *ti, i);
	set_assignment(x, l, buf, i, close + 1);
	set_function(x, buf, l, *ti, i);
	set_published(x, buf, l, *ti, i);
	set_ptr_param(x, buf, l, *ti, i);
	/* ... or inside the macro's body (sbi_array_rcu_deref): the
	 * accesses through the value the object's load set are another
	 * object's, as for rcu_dereference(p)[i] written out */
	x->deref_after = (m->flags & OMF_VALUE_DEREF) ||
		(close + 1 < l->nr &&
		 (tok_punct(buf, l, close + 1, "->") ||
		  tok_punct(buf, l, close + 1, "[")));
	/* through a once-accessor function (LIB_PEEK(s) ->
	 * lib_load_u32(&(s)->head, LIB_RELAXED)): a call of it at the
	 * use, its instance the inlined copy, its object what the
	 * pointer argument points to (and the member the accessor
	 * reaches), as a macro_site() of a macro that forwards to one */
	if (acc) {
		if (acc->member) {
			char *mo = xasprintf("(%s).%s", x->lvalue, acc->member);

			free(x->lvalue);
			x->lvalue = mo;
			x->member = xstrdup(acc->member);
		}
		x->pointee = 1;
		x->accessor = 1;
		x->accessor_name = xstrdup(acc->name);
		x->accessor_def = acc->def_path ?
			xasprintf("%s:%u", acc->def_path, acc->def_line) : NULL;
	}
	note = once_macro_definition_note(m);
	x->defined = xasprintf("%s%sits object here: '%s'", note ? note : "",
			       note ? "; " : "", x->lvalue);
	free(note);
}

static void macro_site(struct source_sites *s, const char *buf,
		       const struct token_list *l, struct type_index **ti,
		       size_t i, const struct once_macro *m,
		       const struct once_macros *macros)
{
	const struct once_macro *via;
	struct tok_range args[16]; /* a macro of up to 16 arguments */
	size_t nargs, close, target;
	struct type_answer ty;
	enum site_access access;
	struct strbuf name = STRBUF_INIT;
	int known = 0;
	/* LOAD(addr): the object is what the argument points to */
	int deref;
	/* the object spelled from the parameters, with this use's
	 * arguments put in (placed_object), or why it is not */
	char *placed = NULL, *unplaced_why = NULL;

	if (tok_call_args(buf, l, i, args, ARRAY_SIZE(args), &nargs, &close))
		return; /* a mention, not a call */
	/* the accessor's own definition or prototype; or a function of a
	 * --macro name, or of a macro whose order is the caller's (Open
	 * vSwitch's atomic_flag_clear_explicit is a macro in one header,
	 * a function in another), even one that some #define also spells */
	if ((m->flags & OMF_ACCESSOR || m->order_arg >= 0 ||
	     !(m->flags & (OMF_BUILTIN | OMF_DISCOVERED))) &&
	    declares(buf, l, i, close))
		return;
	deref = m->deref_arg >= 0 && (size_t)m->deref_arg < nargs &&
		(size_t)m->deref_arg < ARRAY_SIZE(args);
	/* the object spelled from the parameters: this use's, placed */
	if (!deref && m->object && once_macro_object_arg(m, nargs) < 0)
		placed = placed_object(buf, l, m, macros, args, nargs,
				       ARRAY_SIZE(args), &unplaced_why);
	/* ASSIGN_ONCE(v, x) takes the value first (the 2014 spelling) */
	if (!deref && !placed && (once_macro_object_arg(m, nargs) < 0 ||
		       (size_t)once_macro_object_arg(m, nargs) >=
		       ARRAY_SIZE(args))) {
		/* not checked: named with the reason, not dropped */
		struct named_call *c;

		token_spelling(buf, &l->tok[i], &name);
		ALLOC_GROW(s->named, s->nnamed + 1, s->alloc_named);
		c = &s->named[s->nnamed++];
		c->line = l->tok[i].line;
		c->col = l->tok[i].col;
		{
			/* between the parentheses: every argument, also
			 * those past the ones args[] holds */
			struct tok_range all = { i + 2, close };
			char *op = operand_text(buf, l, all, 60);

			c->what = xasprintf("%s(%s)", name.buf, op);
			free(op);
		}
		c->why = unplaced_why ? unplaced_why :
			once_macro_object_arg(m, nargs) >= 0 ?
			xasprintf("its object is argument %d, past the %zu "
				  "scan reads", once_macro_object_arg(m, nargs) + 1,
				  ARRAY_SIZE(args)) :
			xstrdup("its object is none of the arguments of this "
				"use, which scan does not place");
		c->unplaced = 1;
		strbuf_release(&name);
		return;
	}
	token_spelling(buf, &l->tok[i], &name);
	if (placed) {
		placed_site(s, buf, l, ti, i, close, m, macros, name.buf,
			    placed);
		strbuf_release(&name);
		return;
	}
	target = deref ? (size_t)m->deref_arg :
		 (size_t)once_macro_object_arg(m, nargs);
	/* an accessor, or a discovered macro, whose atomic's order is the
	 * caller's (Open vSwitch's atomic_read_explicit) */
	if (m->order_arg >= 0) {
		/* only the arguments args[] holds */
		char *why = call_order_why(buf, l, m, args,
					   nargs < ARRAY_SIZE(args) ?
					   nargs : ARRAY_SIZE(args));

		if (why) { /* no site: named, with the reason */
			struct named_call *c;
			char *op = operand_text(buf, l, args[target], 60);

			ALLOC_GROW(s->named, s->nnamed + 1, s->alloc_named);
			c = &s->named[s->nnamed++];
			c->line = l->tok[i].line;
			c->col = l->tok[i].col;
			c->what = xasprintf("%s(%s)", name.buf, op);
			c->why = why;
			c->unplaced = 0;
			free(op);
			strbuf_release(&name);
			return;
		}
	}
	/* An argument that starts with '&' is an address, no lvalue: no
	 * macro that takes its object as an lvalue compiles with it, so
	 * the object is what it points to, whatever discovery made of the
	 * definition -- a --macro name of a compiler's header (C11's
	 * atomic_load_explicit(&state, memory_order_relaxed): gcc's
	 * stdatomic.h reaches the object through an __auto_type local)
	 * or of no header read. */
	if (!deref && args[target].end > args[target].begin &&
	    tok_punct(buf, l, args[target].begin, "&"))
		deref = 1;
	/* C11's generic functions take a pointer to the atomic object
	 * (atomic_load_explicit(const volatile A *object, order)): named
	 * by --macro, a pointer argument (libuv's _Atomic int *pending, or
	 * (_Atomic uint32_t *) iou->sqhead) points to the object */
	if (!deref && target == 0 && c11_pointer_first(m) &&
	    args[0].end > args[0].begin) {
		struct type_answer pt;

		if (!*ti)
			*ti = type_index_build(buf, l);
		if (type_index_expr(*ti, buf, l, args[0], &pt) &&
		    pt.cls == TC_POINTER)
			deref = 1;
	}
	access = use_access(m, buf, l, i, close);
	if (deref) {
		const struct once_macro *acc = forwarded_accessor(macros, m);

		if ((acc ? acc : m)->body_cast)
			args[target] = uncast_address(buf, l, args[target]);
	}
	/* an accessor's object has its parameter's pointee type */
	if ((m->flags & OMF_ACCESSOR) && m->cast_type &&
	    cast_type_answer(m->cast_type, &ty) && type_size(&ty, 8))
		known = 1;
	else if (args[target].end > args[target].begin) {
		if (!*ti)
			*ti = type_index_build(buf, l);
		known = type_index_expr(*ti, buf, l, args[target], &ty);
		if (known && deref)
			known = pointee(&ty);
		/* a member of the pointee (jemalloc's a->repr): the
		 * DWARF types it, from the lvalue below */
		if (known && deref && m->member)
			known = 0;
	}
	if (!*ti)
		*ti = type_index_build(buf, l);
	add_site(s, buf, l, i, close, name.buf, access, args[target],
		 known ? &ty : NULL);
	if (deref) {
		struct scan_site *x = &s->sites[s->nr - 1];
		/* *(&n->lo) is n->lo, which the DWARF types */
		char *obj = x->lvalue[0] == '&' ? xstrdup(x->lvalue + 1) :
			xasprintf("*(%s)", x->lvalue);
		const struct once_macro *acc = forwarded_accessor(macros, m);
		const struct once_macro *def = acc ? acc : m;

		free(x->lvalue);
		x->lvalue = obj;
		x->pointee = 1;
		/* &a->repr of the pointee (jemalloc's): the member */
		if (def->member) {
			char *mo = x->lvalue[0] == '*' ?
				xasprintf("(%s).%s", x->lvalue, def->member) :
				xasprintf("%s.%s", x->lvalue, def->member);

			free(x->lvalue);
			x->lvalue = mo;
			x->member = xstrdup(def->member);
		}
		x->accessor = (m->flags & OMF_ACCESSOR) != 0 || acc;
		if (acc)
			x->accessor_name = xstrdup(acc->name);
		x->accessor_def = def->def_path ?
			xasprintf("%s:%u", def->def_path, def->def_line) : NULL;
		/* an accessor of a void pointee: its body's cast, the
		 * width when the DWARF does not type the object
		 * (readl(base + off): void __iomem arithmetic) */
		const char *cast = m->cast_type;

		if (def->body_cast && cast_type_answer(def->body_cast, &ty) &&
		    type_size(&ty, 8)) {
			cast = def->body_cast;
			x->body_cast = 1;
		}
		if (cast && cast_type_answer(cast, &ty)) {
			x->cast_type = xstrdup(cast);
			x->cast32 = type_size(&ty, 4);
			x->cast64 = type_size(&ty, 8);
		}
	}
	s->sites[s->nr - 1].in_loop = inside_loop(buf, l, *ti, i);
	set_assignment(&s->sites[s->nr - 1], l, buf, i, close + 1);
	set_function(&s->sites[s->nr - 1], buf, l, *ti, i);
	set_published(&s->sites[s->nr - 1], buf, l, *ti, i);
	set_ptr_param(&s->sites[s->nr - 1], buf, l, *ti, i);
	s->sites[s->nr - 1].deref_after = close + 1 < l->nr &&
		(tok_punct(buf, l, close + 1, "->") ||
		 tok_punct(buf, l, close + 1, "["));
	if (m->flags & OMF_DISCOVERED)
		s->sites[s->nr - 1].defined = once_macro_definition_note(m);
	s->sites[s->nr - 1].maybe_accessor = unseen_name(m);
	/* a macro of the tree that forwards to such a name (CK_RHS_LOAD(x)
	 * -> ck_pr_load_8(x)) reaches the same inlined function */
	via = (m->flags & OMF_DISCOVERED) && m->via ?
	      once_macros_find(macros, m->via, strlen(m->via)) : NULL;
	if (via && unseen_name(via)) {
		s->sites[s->nr - 1].maybe_accessor = 1;
		s->sites[s->nr - 1].accessor_name = xstrdup(via->name);
	}
	strbuf_release(&name);
}

static void cast_site(struct source_sites *s, const char *buf,
		      const struct token_list *l, struct type_index **ti,
		      const struct volatile_cast *vc)
{
	struct tok_range type = { vc->cast_open + 1, 0 }, operand = vc->operand;
	struct type_answer ty;
	int known = 0;

	type.end = tok_match(buf, l, vc->cast_open) - 1; /* before the '*' */
	if (vc->form != VC_ARROW) { /* ->f: the member's type is not T */
		if (!*ti)
			*ti = type_index_build(buf, l);
		known = type_index_type_name(*ti, buf, l, type, &ty);
	}
	if (vc->form != VC_DEREF) {
		operand.begin = vc->begin;
		operand.end = vc->end;
	}
	if (!*ti)
		*ti = type_index_build(buf, l);
	add_site(s, buf, l, vc->begin, vc->end - 1, "volatile cast",
		 access_of_use(once_use_classify(buf, l, vc->begin, vc->end)),
		 operand, known ? &ty : NULL);
	s->sites[s->nr - 1].in_loop = inside_loop(buf, l, *ti, vc->begin);
	set_assignment(&s->sites[s->nr - 1], l, buf, vc->begin, vc->end);
	set_function(&s->sites[s->nr - 1], buf, l, *ti, vc->begin);
	/* the object is *E for *(volatile T *)E; the other forms reach a
	 * member or element the DWARF typer is not told about */
	{
		struct scan_site *x = &s->sites[s->nr - 1];
		char *deref = vc->form == VC_DEREF ?
			xasprintf("*(%s)", x->lvalue) : NULL;

		free(x->lvalue);
		x->lvalue = deref;
	}
}

/* ---- accesses to objects declared volatile (--volatile-objects) ---- */

/*
 * The first token of the postfix expression whose last token is e (the
 * base of a member access: p, a[i], f(x), (*p), s.t, q->r): walked back
 * over identifiers, calls, subscripts, groups and '.' or '->'.  0 with
 * *start unset when it is no such expression.
 */
static int postfix_start(const char *buf, const struct token_list *l,
			 size_t e, size_t *start)
{
	size_t j = e;

	for (;;) {
		if (tok_punct(buf, l, j, "]")) {
			j = tok_match_back(buf, l, j);
			if (j >= e || j == 0)
				return 0;
			j--; /* the array's expression */
			continue;
		}
		if (tok_punct(buf, l, j, ")")) {
			j = tok_match_back(buf, l, j);
			if (j >= e)
				return 0;
			if (j > 0 && l->tok[j - 1].kind == TOK_IDENT &&
			    !tok_is_operator_keyword(buf, l, j - 1))
				j--; /* a call */
		} else if (l->tok[j].kind != TOK_IDENT ||
			   tok_is_operator_keyword(buf, l, j)) {
			return 0;
		}
		if (j >= 2 && (tok_punct(buf, l, j - 1, ".") ||
			       tok_punct(buf, l, j - 1, "->"))) {
			j -= 2;
			continue;
		}
		*start = j;
		return 1;
	}
}

/* Does a cast end right before token k ((uint64_t *)&x: the '&' is
 * unary): a parenthesised type name the file's index knows, or one
 * whose last token is a '*'? */
static int cast_before(const char *buf, const struct token_list *l,
		       struct type_index *ti, size_t k)
{
	size_t open;
	struct type_answer ty;

	if (!k || !tok_punct(buf, l, k - 1, ")"))
		return 0;
	open = tok_match_back(buf, l, k - 1);
	if (open >= k - 1 || open + 1 == k - 1)
		return 0;
	return tok_punct(buf, l, k - 2, "*") ||
	       type_index_type_name(ti, buf, l,
				    (struct tok_range){ open + 1, k - 1 }, &ty);
}

/* Is the name at token i (no '.' or '->' before it) declared there, not
 * used: a type or a qualifier right before it (volatile int x, T *const
 * x), not an operator's keyword? */
static int declarator(const char *buf, const struct token_list *l, size_t i)
{
	size_t k = i;

	if (!k || (l->tok[k - 1].flags & TF_DIRECTIVE))
		return 0;
	while (k > 1 && tok_punct(buf, l, k - 1, "*") &&
	       !before_is_operand(buf, l, k - 1))
		k--;
	if (k < i && (tok_punct(buf, l, k - 1, "(") ||
		      tok_punct(buf, l, k - 1, ",")))
		return 0; /* (*x), f(a, *x): a dereference */
	return (l->tok[k - 1].kind == TOK_IDENT &&
		!tok_is_operator_keyword(buf, l, k - 1) &&
		!tok_ident(buf, l, k - 1, "return") &&
		!tok_ident(buf, l, k - 1, "else") &&
		!tok_ident(buf, l, k - 1, "do")) ||
	       (k < i && tok_punct(buf, l, k - 1, "*"));
}

/*
 * A member name that the DWARF does not know but the headers' macros
 * spell as a path of members (LMDB's #define mr_txnid mru.mrx.mrb_txnid):
 * the VO_* bits of the paths' last members, and their size.  A path
 * that is not volatile where another is makes the name both.
 */
static unsigned member_macro_bits(const struct source_sites *s,
				  const struct volatile_objects *vol,
				  const char *name, size_t len,
				  unsigned *size)
{
	const struct member_macros *mm = s->headers ? &s->headers->members :
					 NULL;
	size_t first, n;
	unsigned bits = 0;
	char *key;

	if (!mm || !mm->nr)
		return 0;
	key = xstrndup(name, len);
	n = member_macros_find(mm, key, &first);
	free(key);
	for (size_t k = first; k < first + n; k++) {
		const char *path = mm->items[k].path, *last;
		unsigned b, sz = 0;

		if (!*path)
			return 0; /* a body no path: which one, cannot tell */
		last = strrchr(path, '.');
		last = last ? last + 1 : path;
		b = volatile_objects_lookup(vol, last, strlen(last), NULL, &sz);
		if (b & VO_MEMBER) {
			*size = bits & VO_MEMBER && *size != sz ? 0 : sz;
			bits |= VO_MEMBER;
		} else {
			bits |= VO_MEMBER_OTHER;
		}
	}
	return bits;
}

/*
 * An identifier at token i that names an object declared volatile --
 * a variable (not after '.' or '->'), or a member (after them) -- used,
 * not declared, its address not taken, in no unevaluated operand: a site
 * of the whole lvalue from the base of the member access through the
 * members and subscripts after the name (x.f[2]: f[2] of x is what is
 * accessed).  Returns the token to go on after.
 */
static size_t volatile_object_site(struct source_sites *s, const char *buf,
				   const struct token_list *l,
				   struct type_index **ti, size_t i,
				   const struct volatile_objects *vol)
{
	const struct token *t = &l->tok[i];
	int member = i >= 2 && (tok_punct(buf, l, i - 1, ".") ||
				tok_punct(buf, l, i - 1, "->"));
	unsigned var_size = 0, member_size = 0, bits;
	size_t start = i, end = i + 1, before;
	struct scan_site *x;

	bits = volatile_objects_lookup(vol, buf + t->off, t->len, &var_size,
				       &member_size);
	if (member && !(bits & (VO_MEMBER | VO_MEMBER_OTHER)))
		bits = member_macro_bits(s, vol, buf + t->off, t->len,
					 &member_size);
	if (!(bits & (member ? VO_MEMBER : VO_VAR)))
		return i;
	if (member ? !before_is_operand(buf, l, i - 1) ||
		     !postfix_start(buf, l, i - 2, &start) :
		     (tok_punct(buf, l, i + 1, "(") || declarator(buf, l, i)))
		return i; /* a designator (.m = 1), a call, a declaration */
	/* inside a once-access found already (READ_ONCE(x)) */
	if (s->nr) {
		const struct scan_site *last = &s->sites[s->nr - 1];

		if ((t->line > last->line ||
		     (t->line == last->line && t->col >= last->col)) &&
		    (t->line < last->end_line ||
		     (t->line == last->end_line && t->col < last->end_col)))
			return i;
	}
	/* the members of a volatile struct, and the elements of an array
	 * among them or of an array of volatile elements; else a subscript
	 * right after the name is of what the volatile pointer points to
	 * (p[i] reads p).  An array's name alone is its address. */
	if (bits & VO_ARRAY) {
		if (!tok_punct(buf, l, end, "["))
			return i;
		end = tok_match(buf, l, end) + 1;
	}
	while (end + 1 < l->nr) {
		if (tok_punct(buf, l, end, ".") &&
		    l->tok[end + 1].kind == TOK_IDENT)
			end += 2;
		else if (end > i + 1 && tok_punct(buf, l, end, "["))
			end = tok_match(buf, l, end) + 1;
		else
			break;
	}
	/* &x, &p->m: no access (but &x->f and &p[i] read x and p); sizeof
	 * x, typeof(p->m): none either */
	before = start;
	while (before > 0 && tok_punct(buf, l, before - 1, "(") &&
	       !(before >= 2 && l->tok[before - 2].kind == TOK_IDENT &&
		 !tok_is_operator_keyword(buf, l, before - 2)))
		before--;
	if (!*ti)
		*ti = type_index_build(buf, l);
	if (before > 0 &&
	    ((tok_punct(buf, l, before - 1, "&") &&
	      !tok_punct(buf, l, end, "->") && !tok_punct(buf, l, end, "[") &&
	      (!before_is_operand(buf, l, before - 1) ||
	       cast_before(buf, l, *ti, before - 1))) ||
	     tok_is_unevaluated_keyword(buf, l, before - 1)))
		return end - 1;
	/* a name that is also something not volatile: where the file's
	 * own declarations show this one is (a parameter or local of the
	 * name, a member of a struct the file defines), no site -- counted
	 * (coverage.c); the DWARF decides the others at each instance */
	if (bits & (member ? VO_MEMBER_OTHER : VO_VAR_OTHER)) {
		struct type_answer ty;

		if ((!member &&
		     type_index_local_storage(*ti, i) == LOCAL_AUTOMATIC) ||
		    (type_index_expr(*ti, buf, l,
				     (struct tok_range){ start, i + 1 }, &ty) &&
		     !ty.is_volatile &&
		     !(ty.volatile_base && ty.cls != TC_POINTER &&
		       ty.cls != TC_ARRAY))) {
			s->not_volatile_uses++;
			return end - 1;
		}
	}
	/* x->f, x[i], x(...): x is read for what follows */
	add_site(s, buf, l, start, end - 1, "volatile object",
		 tok_punct(buf, l, end, "->") || tok_punct(buf, l, end, "[") ||
		 tok_punct(buf, l, end, "(") ? SITE_READ :
		 access_of_use(once_use_classify(buf, l, start, end)),
		 (struct tok_range){ start, end }, NULL);
	x = &s->sites[s->nr - 1];
	x->in_loop = inside_loop(buf, l, *ti, start);
	set_assignment(x, l, buf, start, end);
	set_function(x, buf, l, *ti, start);
	set_ptr_param(x, buf, l, *ti, start);
	x->vol_object = operand_text(buf, l, (struct tok_range){ start, i + 1 },
				     4096);
	x->vol_bits = bits;
	/* the declarations' size is the object's only when the site is
	 * the name itself, not a member or element of it */
	x->vol_size = end != i + 1 ? 0 : member ? member_size : var_size;
	x->vol_member = member;
	return end - 1;
}

/* ---- function-like macros in a site's operand ---- */

/*
 * The kernel's task_cpu() reads READ_ONCE(task_thread_info(p)->cpu), with
 * task_thread_info() a macro of the same header: neither the type index
 * nor the DWARF can type a call.  Expanded with the file's definition the
 * operand is (&(p)->thread_info)->cpu, which the DWARF types.
 */
#define MAX_ALT 4

/* Where the identifier name is called in text: its offset, or -1. */
static long find_call(const char *text, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = text; (p = strstr(p, name)); p += n) {
		const char *q = p + n;

		if (p > text && ident_char(p[-1]))
			continue;
		while (*q == ' ')
			q++;
		if (!ident_char(*q) && *q == '(')
			return p - text;
	}
	return -1;
}

/*
 * text with the call of the macro at offset at replaced by its body,
 * each parameter by "(argument)"; NULL when the call does not parse.
 */
static char *expand_call(const char *text, size_t at, const char *name,
			 char **params, size_t nparams, const char *body)
{
	const char *p = text + at + strlen(name), *args[8], *end;
	size_t lens[8], nargs = 0;
	struct strbuf sb = STRBUF_INIT;
	int depth = 0;

	while (*p == ' ')
		p++;
	args[0] = ++p; /* after '(' */
	for (end = p; *end; end++) {
		if (*end == '(' || *end == '[')
			depth++;
		else if ((*end == ')' || *end == ']') && depth)
			depth--;
		else if ((*end == ',' || *end == ')') && !depth) {
			if (nargs == ARRAY_SIZE(args))
				return NULL;
			lens[nargs] = (size_t)(end - args[nargs]);
			nargs++;
			if (*end == ')')
				break;
			if (nargs < ARRAY_SIZE(args))
				args[nargs] = end + 1;
		}
	}
	if (*end != ')' || nargs != (nparams ? nparams : 1))
		return NULL;
	strbuf_add(&sb, text, at);
	strbuf_addch(&sb, '(');
	if (put_args(&sb, body, params, nparams, args, lens)) {
		strbuf_release(&sb);
		return NULL;
	}
	strbuf_addch(&sb, ')');
	strbuf_addstr(&sb, end + 1);
	return strbuf_detach(&sb);
}

/*
 * A use of a wrapper (wrappers.h): a site over the whole call, reading
 * and/or writing as the body does, its object the body's with the
 * arguments in the parameters' places (sub_positive(&sa->load_sum, r):
 * (*(((&sa->load_sum))))), for the DWARF to type.  The source index is
 * not asked: the object is usually reached through a local of the body.
 */
static void wrapper_site(struct source_sites *s, const char *buf,
			 const struct token_list *l, struct type_index **ti,
			 size_t i, const struct once_wrapper *w)
{
	struct tok_range args[1], r;
	size_t nargs, close;
	struct scan_site *x;
	char *call;

	if (w->object_like) {
		/* a register's name: the use says read, write or both;
		 * &NAME and sizeof NAME access nothing */
		enum once_use u = once_use_classify(buf, l, i, i + 1);
		struct type_answer ty;
		size_t p = i;

		while (p > 0 && tok_punct(buf, l, p - 1, "("))
			p--;
		if (u == ONCE_ADDRESS || u == ONCE_UNEVALUATED ||
		    u == ONCE_MEMBER ||
		    /* (T *)&NAME: its address, cast (a ')' before the
		     * '&' is otherwise taken for an operand's end) */
		    (p > 2 && tok_punct(buf, l, p - 1, "&") &&
		     tok_punct(buf, l, p - 2, ")") &&
		     tok_punct(buf, l, p - 3, "*")) ||
		    (p > 0 && (tok_ident(buf, l, p - 1, "sizeof") ||
			       tok_ident(buf, l, p - 1, "_Alignof") ||
			       tok_ident(buf, l, p - 1, "__alignof__") ||
			       tok_is_typeof(buf, l, p - 1))))
			return;
		r.begin = i;
		r.end = i + 1;
		if (!*ti)
			*ti = type_index_build(buf, l);
		/* the cast's T types the object (a struct register too) */
		add_site(s, buf, l, i, i, w->name, access_of_use(u), r,
			 type_index_type_name(*ti, buf, l, w->reg_type, &ty) ?
			 &ty : NULL);
		x = &s->sites[s->nr - 1];
		set_assignment(x, l, buf, i, i + 1);
		x->bare_name = 1;
		close = i;
	} else {
		if (tok_call_args(buf, l, i, args, ARRAY_SIZE(args), &nargs,
				  &close))
			return; /* a mention, not a call */
		r.begin = i + 2;
		r.end = close;
		add_site(s, buf, l, i, close, w->name, w->access, r, NULL);
		x = &s->sites[s->nr - 1];
	}
	if (!*ti)
		*ti = type_index_build(buf, l);
	x->in_loop = w->loop || inside_loop(buf, l, *ti, i);
	set_function(x, buf, l, *ti, i);
	free(x->lvalue);
	x->lvalue = NULL;
	if (w->object && w->object_like) {
		x->lvalue = xstrdup(w->object);
	} else if (w->object) {
		r.begin = i;
		r.end = close + 1;
		call = operand_text(buf, l, r, 4096);
		x->lvalue = expand_call(call, 0, w->name, w->params,
					w->nparams, w->object);
		free(call);
	}
	/* *(volatile int *)0 = 0 in the body: the cast gives the width
	 * when nothing types the object (judge.c); T as the file's type
	 * index knows it (typedefs), an unsized T (a struct, a typedef
	 * it does not know) leaving the width unknown */
	if (w->cast_type) {
		struct type_answer ty;
		unsigned n64 = 0;

		if (type_index_type_name(*ti, buf, l, w->cast_type_tokens, &ty))
			n64 = type_size(&ty, 8);
		if (n64) {
			x->cast_type = xstrdup(w->cast_type);
			x->cast32 = type_size(&ty, 4);
			x->cast64 = n64;
		}
	}
	if (w->object_like)
		x->via = xasprintf("'%s' is a macro (line %u) whose body is "
				   "one volatile access, %s", w->name, w->line,
				   w->reg_access);
	else
		x->via = xasprintf("'%s' is a macro (line %u) whose body "
				   "holds %s of '%s'", w->name, w->line,
				   w->primitives, w->several ?
				   "several objects" : w->object ? w->object :
				   "one object");
	x->body_reads = w->reads;
	x->body_writes = w->writes;
	if (w->object_like) { /* the body is an lvalue: the use's access */
		x->body_reads = x->access != SITE_WRITE;
		x->body_writes = x->access != SITE_READ;
	}
	x->several = w->several;
}

/* For each function-like #define of the file whose name a site's lvalue
 * calls: that lvalue expanded (one level), as an alternative. */
/* At most this many readings of an object are typed (judge.c reads as
 * many). */
#define MAX_TYPED_READINGS 16

/*
 * The sites whose object the sources do not type as spelled, spelled
 * through the headers' macros (lttng-ust's URCU_TLS(lttng_ust_urcu_reader)
 * ->ctr): each reading the macros allow, typed at file scope by the
 * file's index with the declarations its macros write added (a copy:
 * the sites typed so far were typed without them, and so are the rest).
 */
static void type_readings(struct source_sites *s, const char *buf,
			  const struct token_list *l,
			  const struct type_index *ti)
{
	struct type_index *dti = NULL;
	struct strlist readings = STRLIST_INIT;

	for (size_t i = 0; i < s->nr; i++) {
		struct scan_site *x = &s->sites[i];
		size_t nr;

		if (x->size32 || x->size64 || !x->lvalue || x->pointee)
			continue;
		strlist_clear(&readings);
		nr = header_macros_readings(s->headers, x->lvalue,
					    MAX_TYPED_READINGS, &readings);
		if (nr <= 1)
			continue;
		if (!dti) {
			dti = ti ? type_index_clone(ti) :
				type_index_build(buf, l);
			decl_macros_declare(dti, buf, l, s->headers);
		}
		for (size_t k = 0; k < readings.nr; k++) {
			const char *r = readings.items[k];
			struct type_answer ty;
			struct typed_reading *t;

			if (!type_index_text_expr(dti, r, strlen(r), &ty) ||
			    (!type_size(&ty, 4) && !type_size(&ty, 8)))
				continue;
			x->readings = xrealloc(x->readings,
					       (x->nr_readings + 1) *
					       sizeof(*x->readings));
			t = &x->readings[x->nr_readings++];
			t->text = xstrdup(r);
			t->type = xstrdup(ty.spelled);
			t->size32 = type_size(&ty, 4);
			t->size64 = type_size(&ty, 8);
		}
	}
	strlist_clear(&readings);
	if (dti)
		type_index_free(dti);
}

static void expand_lvalues(struct source_sites *s, const char *buf,
			   const struct token_list *l, const size_t *defines,
			   size_t ndefines)
{
	/* the first body token of each directive line that has one
	 * (once_wrappers_body_start()): a #define's, or none */
	for (size_t j = 0; j < ndefines; j++) {
		struct define_span d;
		struct strbuf name = STRBUF_INIT;
		char *params[8], *body = NULL;
		size_t np = 0, k, i = defines[j];

		if (define_span_at(buf, l, i, &d) || !d.function_like)
			continue;
		token_spelling(buf, &l->tok[d.name], &name);
		for (size_t x = 0; x < s->nr; x++) {
			struct scan_site *site = &s->sites[x];
			long at;
			char *alt;

			if (!site->lvalue || site->nr_alt == MAX_ALT ||
			    (at = find_call(site->lvalue, name.buf)) < 0)
				continue;
			if (!body) { /* the parameters, then the body's text */
				for (k = d.name + 2; k < d.body.begin && np <
				     ARRAY_SIZE(params); k++)
					if (l->tok[k].kind == TOK_IDENT) {
						struct strbuf t = STRBUF_INIT;

						token_spelling(buf, &l->tok[k], &t);
						params[np++] = strbuf_detach(&t);
					}
				body = operand_text(buf, l, d.body, 4096);
			}
			alt = expand_call(site->lvalue, (size_t)at, name.buf,
					  params, np, body);
			if (!alt)
				continue;
			if (!site->alt_lvalues)
				site->alt_lvalues = xcalloc(MAX_ALT,
							    sizeof(char *));
			site->alt_lvalues[site->nr_alt++] = alt;
		}
		for (k = 0; k < np; k++)
			free(params[k]);
		free(body);
		strbuf_release(&name);
	}
}

static int cmp_site(const void *pa, const void *pb)
{
	const struct scan_site *a = pa, *b = pb;

	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->col < b->col ? -1 : a->col > b->col;
}

static int cmp_site_line(const void *pa, const void *pb)
{
	const struct site_line *a = pa, *b = pb;

	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->site < b->site ? -1 : a->site > b->site;
}

/* The other lines each site's text or assignment covers (s->more). */
static void index_more_lines(struct source_sites *s)
{
	size_t alloc = 0;

	for (size_t k = 0; k < s->nr; k++) {
		const struct scan_site *x = &s->sites[k];
		unsigned lo = x->line, hi = x->end_line;

		if (x->asg_line && x->asg_line < lo)
			lo = x->asg_line;
		if (x->asg_line && x->asg_end_line > hi)
			hi = x->asg_end_line;
		for (unsigned line = lo; line <= hi; line++) {
			if (line == x->line)
				continue;
			ALLOC_GROW(s->more, s->nmore + 1, alloc);
			s->more[s->nmore].line = line;
			s->more[s->nmore++].site = k;
		}
	}
	if (s->nmore > 1)
		sane_qsort(s->more, s->nmore, sizeof(*s->more), cmp_site_line);
}

/*
 * The end (inclusive) of the statement after a use of a macro that opens
 * a loop (list_for_each_entry_safe(pos, n, head, member) { ... }), its
 * name token k: the loop's body; 0 when the use has none (a ';').
 */
static size_t macro_loop_end(const char *buf, const struct token_list *l,
			     size_t k)
{
	size_t close = tok_match(buf, l, k + 1);

	if (close >= l->nr - 1)
		return 0;
	return body_end_at(buf, l, close + 1);
}

/*
 * The label that goto's token k jumps back to, in the same function
 * (blk_mq_hctx_next_cpu()'s "select_cpu: ... goto select_cpu;"), whose
 * body's '{' is token fn: its token, or 0 when it is ahead or not
 * found.  A label stands after a ';', '{', '}' or another label, and is
 * followed by a ':'.
 */
static size_t label_behind(const char *buf, const struct token_list *l,
			   size_t k, size_t fn)
{
	if (k + 1 >= l->nr - 1 || l->tok[k + 1].kind != TOK_IDENT)
		return 0;
	for (size_t j = k; j-- > fn + 1;) {
		if (l->tok[j].kind == TOK_IDENT && l->tok[j].len == l->tok[k + 1].len &&
		    !(l->tok[j].flags & TF_DIRECTIVE) &&
		    !memcmp(buf + l->tok[j].off, buf + l->tok[k + 1].off,
			    l->tok[j].len) &&
		    tok_punct(buf, l, j + 1, ":") &&
		    (tok_punct(buf, l, j - 1, ";") || tok_punct(buf, l, j - 1, "{") ||
		     tok_punct(buf, l, j - 1, "}") || tok_punct(buf, l, j - 1, ":")))
			return j;
	}
	return 0;
}

static void add_loop(struct source_sites *s, size_t *alloc,
		     const struct token *from, const struct token *to,
		     int by_macro)
{
	ALLOC_GROW(s->loops, s->nr_loops + 1, *alloc);
	s->loops[s->nr_loops].line = from->line;
	s->loops[s->nr_loops].col = from->col;
	s->loops[s->nr_loops].end_line = to->line;
	s->loops[s->nr_loops].end_col = to->col;
	s->loops[s->nr_loops++].by_macro = by_macro;
}

/* The loops of the file (struct loop_span): those its keywords write,
 * the uses of macros that open one or whose expansion holds one
 * (macro-args.h), and the stretches a goto jumps back over. */
static void find_loops(struct source_sites *s, const char *buf,
		       const struct token_list *l,
		       const struct macro_scope *sc)
{
	size_t alloc = 0, fn = 0;
	int depth = 0;

	for (size_t k = 0; k + 1 < l->nr; k++) {
		size_t end, label;

		if (l->tok[k].flags & TF_DIRECTIVE)
			continue;
		/* the braces: where the function's body opens (extern
		 * "C" { holds functions, it is none) */
		if (tok_punct(buf, l, k, "{") &&
		    !(k && l->tok[k - 1].kind == TOK_STRING)) {
			if (!depth++)
				fn = k;
		} else if (tok_punct(buf, l, k, "}") && depth) {
			depth--;
		}
		if (l->tok[k].kind != TOK_IDENT)
			continue;
		if (tok_ident(buf, l, k, "for") || tok_ident(buf, l, k, "while") ||
		    tok_ident(buf, l, k, "do")) {
			if ((end = loop_body_end(buf, l, k)))
				add_loop(s, &alloc, &l->tok[k], &l->tok[end], 0);
		} else if (tok_ident(buf, l, k, "goto")) {
			if (depth && (label = label_behind(buf, l, k, fn)) &&
			    k + 2 < l->nr - 1)
				add_loop(s, &alloc, &l->tok[label],
					 &l->tok[k + 2], 1);
		} else if (tok_punct(buf, l, k + 1, "(") &&
			   (sc->own || sc->headers)) {
			struct token from = l->tok[k];
			int kind = macro_loop_kind(sc, buf + l->tok[k].off,
						   l->tok[k].len);

			if (kind & HEADER_MACRO_OPENS_LOOP) {
				if ((end = macro_loop_end(buf, l, k)))
					add_loop(s, &alloc, &l->tok[k],
						 &l->tok[end], 1);
			} else if ((kind & HEADER_MACRO_HOLDS_LOOP) &&
				   (end = tok_match(buf, l, k + 1)) < l->nr - 1) {
				/* the use itself: a call the DWARF puts at
				 * its name is inside (loops are open spans) */
				from.col = from.col > 1 ? from.col - 1 : 0;
				add_loop(s, &alloc, &from, &l->tok[end], 1);
			}
		}
	}
}

/* A site in the body of a loop that a macro opens is in a loop, as one
 * in a for's (inside_loop() reads the keywords only). */
static void macro_loop_sites(struct source_sites *s)
{
	for (size_t k = 0; k < s->nr_loops; k++) {
		const struct loop_span *L = &s->loops[k];

		if (!L->by_macro)
			continue;
		for (size_t i = 0; i < s->nr; i++) {
			struct scan_site *x = &s->sites[i];

			if ((x->line > L->line ||
			     (x->line == L->line && x->col > L->col)) &&
			    (x->line < L->end_line ||
			     (x->line == L->end_line && x->col < L->end_col)))
				x->in_loop = 1;
		}
	}
}

void source_sites_load_loops(struct source_sites *s)
{
	struct token_list l = TOKEN_LIST_INIT;
	size_t len;
	char *buf;

	if (__atomic_load_n(&s->loops_known, __ATOMIC_ACQUIRE))
		return;
	buf = s->missing ? NULL : read_file(s->path, &len);
	if (buf) {
		struct header_macros own = HEADER_MACROS_INIT;
		struct macro_scope sc;

		lex_buffer(buf, len, &l);
		tok_match_cache(buf, &l);
		repeats_own_macros(buf, &l, &own, s->headers);
		sc.own = &own;
		sc.headers = s->headers;
		find_loops(s, buf, &l, &sc);
		header_macros_release(&own);
		tok_match_cache_drop();
		token_list_release(&l);
		free(buf);
	}
	/* other workers read the loops once they see this */
	__atomic_store_n(&s->loops_known, 1, __ATOMIC_RELEASE);
}

/*
 * The text and tokens of the files source_sites_published_arg() and
 * source_sites_param_arg() read last, per thread, the least recently
 * used one replaced: their calls come unit by unit, for the unit's own
 * source and the few its inlined callers are in (on Debian's vmlinux
 * each of 359 calls read and lexed a file again: 3% of scan, when one
 * file was kept; param_arg kept none).  source_sites_text_drop() ends
 * them.
 */
#define TEXT_CACHE 4

struct lexed_text {
	const struct source_sites *of;
	char *buf;
	struct token_list tokens;
	unsigned long used;
	/* the top-level bodies' braces (body_open()) in tokens [0,
	 * scanned), and the depth there */
	struct body_span {
		size_t open, close; /* close SIZE_MAX: not closed yet */
	} *bodies;
	size_t nbodies, alloc_bodies, scanned;
	int depth;
};

static __thread struct lexed_text text_cache[TEXT_CACHE];
static __thread unsigned long text_clock;

static void lexed_text_drop(struct lexed_text *t)
{
	free(t->bodies);
	free(t->buf);
	token_list_release(&t->tokens);
	memset(t, 0, sizeof(*t));
}

void source_sites_text_drop(void)
{
	for (size_t i = 0; i < TEXT_CACHE; i++)
		lexed_text_drop(&text_cache[i]);
}

size_t source_sites_text_held(void)
{
	size_t n = 0;

	for (size_t i = 0; i < TEXT_CACHE; i++)
		n += text_cache[i].buf != NULL;
	return n;
}

/* s's text and tokens, in the thread's cache; NULL when unreadable. */
static struct lexed_text *text_lexed(const struct source_sites *s)
{
	struct lexed_text *victim = &text_cache[0];
	size_t len;

	for (size_t i = 0; i < TEXT_CACHE; i++) {
		struct lexed_text *t = &text_cache[i];

		if (t->of == s && t->buf) {
			t->used = ++text_clock;
			return t;
		}
		if (t->used < victim->used)
			victim = t;
	}
	lexed_text_drop(victim);
	if (s->missing || !(victim->buf = read_file(s->path, &len)))
		return NULL;
	victim->of = s;
	victim->used = ++text_clock;
	lex_buffer(victim->buf, len, &victim->tokens);
	return victim;
}

/*
 * The '{' of the function body that token k of t is in, or 0: the last
 * brace that opened at depth 0 before k, unless it closed before k
 * (tokens on directive lines are skipped; extern "C" { holds functions,
 * it is none).  The text's top-level braces are found once, as far as
 * the calls have asked (bodies_scan()), then each call is a binary
 * search: a call walked every token from the file's start to k (on
 * Debian's vmlinux 723 calls, in texts of up to 70,000 tokens: 0.4% of
 * scan's samples).
 */
static void bodies_scan(struct lexed_text *t, size_t k)
{
	const struct token_list *l = &t->tokens;
	const char *buf = t->buf;

	for (size_t j = t->scanned; j < k && j < l->nr; j++) {
		if (l->tok[j].flags & TF_DIRECTIVE)
			continue;
		if (tok_punct(buf, l, j, "{") && j &&
		    l->tok[j - 1].kind == TOK_STRING)
			continue;
		if (tok_punct(buf, l, j, "{") && !t->depth++) {
			ALLOC_GROW(t->bodies, t->nbodies + 1, t->alloc_bodies);
			t->bodies[t->nbodies].open = j;
			t->bodies[t->nbodies++].close = SIZE_MAX;
		} else if (tok_punct(buf, l, j, "}") && t->depth &&
			   !--t->depth) {
			t->bodies[t->nbodies - 1].close = j;
		}
	}
	if (k > t->scanned)
		t->scanned = k;
}

static size_t body_open(struct lexed_text *t, size_t k)
{
	size_t lo = 0, hi;

	bodies_scan(t, k);
	hi = t->nbodies;
	/* the first body that opens at k or after */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->bodies[mid].open < k)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || t->bodies[lo - 1].close < k)
		return 0;
	return t->bodies[lo - 1].open;
}

int source_sites_published_arg(const struct source_sites *s, unsigned line,
			       unsigned col, int arg, char **name,
			       unsigned *where)
{
	const struct token_list *l;
	struct tok_range args[16];
	size_t nargs, close, at, open, end, n;
	struct lexed_text *t = text_lexed(s);
	const char *buf = t ? t->buf : NULL;
	int found = 0;

	if (!buf)
		return 0;
	l = &t->tokens;
	at = tok_at(l, line, col);
	/* clang and gcc give the callee's name's column */
	if (at < l->nr && l->tok[at].kind == TOK_IDENT && arg >= 0 &&
	    !tok_call_args(buf, l, at, args, ARRAY_SIZE(args), &nargs,
			   &close) && (size_t)arg < nargs &&
	    (size_t)arg < ARRAY_SIZE(args) &&
	    (open = body_open(t, at))) {
		struct tok_range a = args[arg];

		while (a.end - a.begin >= 2 && tok_punct(buf, l, a.begin, "(") &&
		       tok_match(buf, l, a.begin) == a.end - 1) {
			a.begin++;
			a.end--;
		}
		/* &NAME or &NAME.f: the address of (part of) a local; not
		 * &p->f, which is where a pointer points */
		int local = a.end - a.begin >= 2 &&
			tok_punct(buf, l, a.begin, "&") &&
			l->tok[a.begin + 1].kind == TOK_IDENT;

		for (size_t k = a.begin + 2; local && k < a.end; k++)
			local = tok_punct(buf, l, k, ".") ||
				(l->tok[k].kind == TOK_IDENT &&
				 tok_punct(buf, l, k - 1, "."));
		if (local) {
			const struct token *nm = &l->tok[a.begin + 1];

			n = nm->len;
			end = tok_match(buf, l, open);
			/* another &NAME in the caller's body */
			for (size_t k = open + 1; k + 1 < end && !found; k++)
				if (k != a.begin && tok_punct(buf, l, k, "&") &&
				    !before_is_operand(buf, l, k) &&
				    l->tok[k + 1].kind == TOK_IDENT &&
				    l->tok[k + 1].len == n &&
				    !memcmp(buf + l->tok[k + 1].off,
					    buf + nm->off, n)) {
					found = 1;
					*where = l->tok[k].line;
				}
			if (found)
				*name = xstrndup(buf + nm->off, n);
		}
	}
	return found;
}

int source_sites_param_arg(const struct source_sites *s, unsigned line,
			   unsigned col, int arg, const char *function,
			   int *param)
{
	const struct token_list *l;
	struct tok_range args[16];
	size_t nargs, close, at, open, pclose, popen, start, end;
	struct lexed_text *t = text_lexed(s);
	const char *buf = t ? t->buf : NULL;
	int found = 0, n = 0;

	if (!buf)
		return 0;
	l = &t->tokens;
	at = tok_at(l, line, col);
	if (at >= l->nr || l->tok[at].kind != TOK_IDENT || arg < 0 ||
	    tok_call_args(buf, l, at, args, ARRAY_SIZE(args), &nargs, &close) ||
	    (size_t)arg >= nargs || (size_t)arg >= ARRAY_SIZE(args) ||
	    !(open = body_open(t, at)) || open < 3 ||
	    !tok_punct(buf, l, open - 1, ")"))
		goto out;
	{
		struct tok_range a = args[arg];

		while (a.end - a.begin >= 2 && tok_punct(buf, l, a.begin, "(") &&
		       tok_match(buf, l, a.begin) == a.end - 1) {
			a.begin++;
			a.end--;
		}
		if (a.end != a.begin + 1 || l->tok[a.begin].kind != TOK_IDENT)
			goto out;
		pclose = open - 1;
		popen = tok_match_back(buf, l, pclose);
		if (popen >= pclose || !popen ||
		    !tok_ident(buf, l, popen - 1, function))
			goto out;
		/* the parameter of that name: the last identifier before
		 * its comma or the ')' */
		start = popen + 1;
		for (size_t k = popen + 1; k <= pclose && !found; k++) {
			if (k < pclose && (tok_punct(buf, l, k, "(") ||
					   tok_punct(buf, l, k, "["))) {
				k = tok_match(buf, l, k);
				continue;
			}
			if (k < pclose && !tok_punct(buf, l, k, ","))
				continue;
			if (k > start && l->tok[k - 1].kind == TOK_IDENT &&
			    l->tok[k - 1].len == l->tok[a.begin].len &&
			    !memcmp(buf + l->tok[k - 1].off,
				    buf + l->tok[a.begin].off,
				    l->tok[a.begin].len))
				found = 1;
			else
				n++;
			start = k + 1;
		}
		if (!found)
			goto out;
		/* never assigned in the body: else what it holds at the call
		 * is not what the caller passed */
		end = tok_match(buf, l, open);
		for (size_t k = open + 1; k < end && found; k++) {
			if (l->tok[k].kind != TOK_IDENT ||
			    l->tok[k].len != l->tok[a.begin].len ||
			    memcmp(buf + l->tok[k].off, buf + l->tok[a.begin].off,
				   l->tok[k].len))
				continue;
			if (k + 1 < end && l->tok[k + 1].kind == TOK_PUNCT &&
			    (tok_punct(buf, l, k + 1, "=") ||
			     tok_punct(buf, l, k + 1, "++") ||
			     tok_punct(buf, l, k + 1, "--") ||
			     tok_punct(buf, l, k + 1, "+=") ||
			     tok_punct(buf, l, k + 1, "-=")))
				found = 0;
			if (tok_punct(buf, l, k - 1, "&") ||
			    tok_punct(buf, l, k - 1, "++") ||
			    tok_punct(buf, l, k - 1, "--"))
				found = 0;
		}
		if (found)
			*param = n;
	}
out:
	return found;
}

int source_sites_in_loop(const struct source_sites *s, unsigned line,
			 unsigned col)
{
	for (size_t k = 0; k < s->nr_loops; k++) {
		const struct loop_span *L = &s->loops[k];

		if ((line > L->line || (line == L->line && col > L->col)) &&
		    (line < L->end_line || (line == L->end_line && col < L->end_col)))
			return 1;
	}
	return 0;
}

/* Over the run, for source_sites_stats(). */
static size_t files_read, files_lexed, bytes_lexed;

void source_sites_stats(struct source_sites_stats *st)
{
	st->read = __atomic_load_n(&files_read, __ATOMIC_RELAXED);
	st->lexed = __atomic_load_n(&files_lexed, __ATOMIC_RELAXED);
	st->bytes_lexed = __atomic_load_n(&bytes_lexed, __ATOMIC_RELAXED);
}

void source_sites_load(struct source_sites *s, const char *path,
		       const struct once_macros *macros,
		       const struct volatile_objects *vol)
{
	struct token_list l = TOKEN_LIST_INIT;
	struct type_index *ti = NULL;
	struct once_wrappers wrappers;
	struct header_macros own = HEADER_MACROS_INIT;
	struct macro_scope sc;
	size_t len, *defines = NULL, ndefines = 0, alloc_defines = 0;
	char *buf;
	int wanted = 0;

	memset(s, 0, sizeof(*s));
	s->headers = macros ? macros->headers : NULL;
	s->path = xstrdup(path);
	buf = read_file(path, &len);
	if (!buf) {
		s->missing = errno ? errno : EIO;
		return;
	}
	__atomic_fetch_add(&files_read, 1, __ATOMIC_RELAXED);
	/* most headers hold no once-access: do not lex them.  One pass
	 * over the words, whatever the number of names (a build's own
	 * once-macros may be hundreds), 16 or 32 bytes at a time
	 * (once_macros_any(), audit's pre-filter). */
	s->uses_volatile = mem_find(buf, len, "volatile", 8) != NULL;
	/* a word cut by a line splice (READ_\<newline>ONCE) is in no
	 * filter's bytes but is a token all the same */
	wanted = s->uses_volatile || once_macros_any(macros, buf, len) ||
		 lex_word_spliced(buf, len) ||
		 /* a use of a volatile object declared in a header: the
		  * file need not say volatile */
		 volatile_objects_count(vol);
	if (!wanted) {
		/* a file whose generator invocations discovery expanded
		 * (jemalloc's atomic.h: JEMALLOC_GENERATE_ATOMICS(bool,
		 * b, 0)) names no accessor, and its rows are the inlined
		 * copies' */
		s->defines_accessor = defines_discovered_accessor(path, macros);
		free(buf);
		return;
	}
	__atomic_fetch_add(&files_lexed, 1, __ATOMIC_RELAXED);
	__atomic_fetch_add(&bytes_lexed, len, __ATOMIC_RELAXED);
	lex_buffer(buf, len, &l);
	tok_match_cache(buf, &l);
	/*
	 * One pass over the tokens for the sites and where the #define
	 * bodies start (each pass over a large file's tokens waits on
	 * memory: the #defines' own, for the macros that wrap a
	 * once-access, was 1.1% of a vmlinux scan, issue 35).  The uses of
	 * those wrappers, known at the pass's end, are found in a pass of
	 * their own, in the few files that have one (40 of the 896 a
	 * vmlinux's sites lex); their sites, sorted by place below, come
	 * out as before.
	 */
	memset(&wrappers, 0, sizeof(wrappers));
	for (size_t i = 0; i + 1 < l.nr; i++) {
		struct volatile_cast vc;
		const struct token *t = &l.tok[i];

		if (t->flags & TF_DIRECTIVE) {
			/* #define bodies: code goes to the use */
			if (once_wrappers_body_start(&l, i)) {
				ALLOC_GROW(defines, ndefines + 1, alloc_defines);
				defines[ndefines++] = i;
			}
			continue;
		}
		if (t->kind == TOK_IDENT) {
			const struct once_macro *m =
				once_macros_find_token(macros, buf, t);

			if (m)
				macro_site(s, buf, &l, &ti, i, m, macros);
			else if (vol)
				i = volatile_object_site(s, buf, &l, &ti, i,
							 vol);
		} else if (t->kind == TOK_PUNCT &&
			   (buf[t->off] == '*' || buf[t->off] == '(') &&
			   find_volatile_cast(buf, &l, i, &vc)) {
			/* a cast's first token is a '*' or a '(' (spelled
			 * so from its first byte: a splice comes after) */
			cast_site(s, buf, &l, &ti, &vc);
		}
	}
	for (size_t k = 0; k < ndefines; k++)
		once_wrappers_add_at(buf, &l, macros, defines[k], &wrappers);
	/* a wrapper's name is no once-macro's (once_wrappers_add_at()) */
	for (size_t i = 0; wrappers.nr && i + 1 < l.nr; i++) {
		const struct once_wrapper *w;

		if (!(l.tok[i].flags & TF_DIRECTIVE) &&
		    l.tok[i].kind == TOK_IDENT &&
		    (w = once_wrappers_lookup(&wrappers, buf, &l.tok[i])))
			wrapper_site(s, buf, &l, &ti, i, w);
	}
	accessor_body_sites(s, buf, len, &l, macros);
	if (!s->defines_accessor)
		s->defines_accessor = defines_discovered_accessor(path, macros);
	repeats_own_macros(buf, &l, &own, s->headers);
	sc.own = &own;
	sc.headers = s->headers;
	find_loops(s, buf, &l, &sc);
	s->loops_known = 1; /* not yet shared with other workers */
	macro_loop_sites(s);
	repeats_mark_sites(s, buf, &l, &sc);
	header_macros_release(&own);
	if (s->nr)
		expand_lvalues(s, buf, &l, defines, ndefines);
	if (s->nr && s->headers)
		type_readings(s, buf, &l, ti);
	free(defines);
	if (s->nr)
		source_match_init(&s->match, &l);
	if (s->nr) {
		size_t bytes = (size_t)s->match.nlines / 8 + 1;

		s->code_lines = xcalloc(bytes, 1);
		s->fn_code_lines = xcalloc(bytes, 1);
		s->fn_inline_lines = xcalloc(bytes, 1);
		s->fn_line0_lines = xcalloc(bytes, 1);
	}
	once_wrappers_release(&wrappers);
	tok_match_cache_drop();
	if (ti)
		type_index_free(ti);
	token_list_release(&l);
	free(buf);
	if (s->nr > 1)
		sane_qsort(s->sites, s->nr, sizeof(*s->sites), cmp_site);
	index_more_lines(s);
}

void source_sites_release(struct source_sites *s)
{
	for (size_t i = 0; i < s->nr; i++) {
		free(s->sites[i].what);
		free(s->sites[i].operand);
		free(s->sites[i].type);
		free(s->sites[i].lvalue);
		free(s->sites[i].vol_object);
		free(s->sites[i].via);
		free(s->sites[i].repeat_macro);
		free(s->sites[i].defined);
		free(s->sites[i].fn_name);
		free(s->sites[i].cast_type);
		free(s->sites[i].accessor_def);
		free(s->sites[i].accessor_name);
		free(s->sites[i].member);
		for (size_t k = 0; k < s->sites[i].nr_alt; k++)
			free(s->sites[i].alt_lvalues[k]);
		free(s->sites[i].alt_lvalues);
		for (size_t k = 0; k < s->sites[i].nr_readings; k++) {
			free(s->sites[i].readings[k].text);
			free(s->sites[i].readings[k].type);
		}
		free(s->sites[i].readings);
	}
	for (size_t i = 0; i < s->nnamed; i++) {
		free(s->named[i].what);
		free(s->named[i].why);
	}
	free(s->named);
	free(s->sites);
	free(s->more);
	free(s->loops);
	free(s->path);
	free(s->code_lines);
	free(s->fn_code_lines);
	free(s->fn_inline_lines);
	free(s->fn_line0_lines);
	source_match_release(&s->match);
	memset(s, 0, sizeof(*s));
}

/*
 * [*first, *first + return value): the elements of an array sorted by
 * line whose line is `line` -- nr elements of `size` bytes, the line an
 * unsigned at byte `at` of each.
 */
static size_t line_range(const void *base, size_t nr, size_t size, size_t at,
			 unsigned line, size_t *first)
{
	size_t lo = 0, hi = nr, n = 0;
#define LINE_OF(k) (*(const unsigned *)((const char *)base + (k) * size + at))

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (LINE_OF(mid) < line)
			lo = mid + 1;
		else
			hi = mid;
	}
	*first = lo;
	while (lo + n < nr && LINE_OF(lo + n) == line)
		n++;
	return n;
#undef LINE_OF
}

int scan_site_same_object(const struct scan_site *a,
			  const struct scan_site *b)
{
	return a->lvalue && b->lvalue && !strcmp(a->lvalue, b->lvalue) &&
	       a->access == b->access && !a->accessor && !b->accessor &&
	       a->stmt_line && a->stmt_line == b->stmt_line &&
	       a->stmt_col == b->stmt_col;
}

size_t source_sites_on_line(const struct source_sites *s, unsigned line,
			    size_t *first)
{
	return line_range(s->sites, s->nr, sizeof(*s->sites),
			  offsetof(struct scan_site, line), line, first);
}

size_t source_sites_reaching(const struct source_sites *s, unsigned line,
			     size_t *first)
{
	return line_range(s->more, s->nmore, sizeof(*s->more),
			  offsetof(struct site_line, line), line, first);
}

void source_sites_mark(unsigned char *bits, unsigned nlines, unsigned line)
{
	if (bits && line && line <= nlines)
		__atomic_fetch_or(&bits[line / 8], (unsigned char)(1u << (line % 8)),
				  __ATOMIC_RELAXED);
}

int source_sites_any(const unsigned char *bits, unsigned nlines, unsigned lo,
		     unsigned hi)
{
	if (!bits)
		return 0;
	if (hi > nlines)
		hi = nlines;
	for (unsigned line = lo ? lo : 1; line <= hi; line++)
		if (__atomic_load_n(&bits[line / 8], __ATOMIC_RELAXED) &
		    (1u << (line % 8)))
			return 1;
	return 0;
}
