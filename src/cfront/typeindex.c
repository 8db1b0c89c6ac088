/*
 * The lexical engine's type index (typeindex.h).
 *
 * A declaration parser that is good enough for the declarations real C
 * code writes and says "unknown" for the rest: decl-specifiers (keywords,
 * struct/union/enum with or without a body, one typedef name, typeof,
 * annotations such as __iomem or __attribute__((...)) skipped), then
 * declarators made of '*', a name, [..] and (..) suffixes.  Function
 * bodies are scanned for declarations at every statement start; block
 * scopes inside a function are merged, and a name declared twice there with
 * different types becomes unknown.
 *
 * A type is a base (scalar, struct, union, enum, void, a typedef name or
 * unknown) plus a short string of derivations, outermost first: 'p' for
 * pointer, 'a' for array ("ap" is an array of pointers).
 */
#include "cfront/typeindex.h"
#include "cfront/branches.h"
#include "cfront/header-cache.h"
#include "cfront/idioms.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DERIV 15
#define MAX_DEPTH 64

enum base_kind {
	BK_UNKNOWN,
	BK_SCALAR,
	BK_STRUCT,
	BK_UNION,
	BK_ENUM,
	BK_VOID,
	BK_TYPEDEF,
	BK_TYPEOF,
	BK_OPAQUE_PTR, /* function pointers, pointers to arrays: a pointer
			  whose target we do not model */
};

struct dtype {
	enum base_kind kind;
	char *name;             /* scalar spelling, tag, typedef name */
	int record;             /* BK_STRUCT/UNION with a body here: its index,
				   else -1 */
	struct tok_range expr;  /* BK_TYPEOF */
	char deriv[MAX_DERIV + 1];
	int is_volatile;        /* the declared object (outermost) */
	int base_volatile;      /* the base type: volatile u32 *p */
	int atomic;             /* the base was written _Atomic(T): so spelled */
};

struct var {
	char *name;
	size_t scope; /* 0: file scope; else the '{' of the function body */
	/* Declared static, extern, _Thread_local or __thread: inside a
	 * function, one object for every call (and, but thread-local, every
	 * thread), not a fresh one per call. */
	int not_automatic;
	struct dtype t;
	/* name and t.name are a header index's (merged without copies, see
	 * merge()): not freed here */
	unsigned char borrowed;
};

struct record {
	char *tag;   /* NULL when anonymous */
	char *file;  /* the header that defines it; NULL: the indexed file */
	unsigned line, end_line; /* its definition: "struct" to "}" */
	int is_union;
	/* An anonymous struct/union member: the record it is a member of
	 * (its fields were merged there for name lookup); else -1. */
	int parent;
	/* Its definition carries an attribute, an _Alignas or a #pragma
	 * (packed, aligned ...): a layout the index does not model. */
	int layout_attr;
	/* Where its tag is seen: 0 at file scope; else the '{' of the
	 * function body that defines it, the only place its tag names it
	 * (and there it hides a file-scope record of the same tag);
	 * SCOPE_ELSEWHERE for a function's record merged from a header. */
	size_t scope;
	unsigned char borrowed; /* tag and file: as for a var */
};

#define SCOPE_ELSEWHERE ((size_t)-1)

struct field {
	int record;  /* where its name is looked up (anonymous ones merged) */
	int origin;  /* the record whose body declared it (storage units) */
	char *name;
	struct dtype t;
	int bits;   /* a bit-field's width; -1 when not a bit-field */
	unsigned char borrowed; /* name and t.name: as for a var */
};

/*
 * A function definition.  Its parameters and body are parsed the first
 * time a query asks about a name in it (lazy): an audit asks about the
 * few functions that hold a site, and parsing every body of every file
 * with a site was most of the file's own index (issue #35).  A body that
 * may define a struct, a union or a typedef is parsed at once, in order,
 * as before: those are found from anywhere in the file (a record by its
 * tag, a typedef by its name), and their place in the tables counts.
 * What a lazy parse adds is only the locals and parameters, all of this
 * scope; kept here, they are what the eager parse appends to ti->vars.
 */
struct func {
	size_t open, close;
	struct tok_range params;
	int lazy;   /* params and body not in the main tables */
	int parsed; /* lazy and parsed: vars below */
	struct var *vars;
	size_t nr_vars, alloc_vars;
};

struct type_index {
	const char *buf;
	const struct token_list *l;
	struct var *vars;
	size_t nr_vars, alloc_vars;
	struct var *typedefs; /* scope: as a var's (lookup_typedef) */
	size_t nr_typedefs, alloc_typedefs;
	struct record *records;
	size_t nr_records, alloc_records;
	struct field *fields;
	size_t nr_fields, alloc_fields;
	struct func *funcs;
	size_t nr_funcs, alloc_funcs;
	/* The last typedef name or struct/union tag that a query needed and
	 * this index does not define (type_index_missing).  Written by the
	 * const queries: an index is used by one thread at a time. */
	char missing[64];
	char conflicted[64]; /* a typedef name defined two ways here */
	int eager; /* every function body parsed at once (for tests) */
	/* the cached local headers whose entries were merged without
	 * copies: held until the index is freed (or rewound past them) */
	struct cached_header **held;
	size_t nr_held, alloc_held;
};

static void note_name(char *slot, size_t size, const char *name)
{
	size_t n = name ? strlen(name) : 0;

	if (n && n < size) /* longer: no real type name */
		memcpy(slot, name, n + 1);
}

static void note_missing(const struct type_index *ti, const char *name)
{
	note_name(((struct type_index *)ti)->missing, sizeof(ti->missing), name);
}

/* Scalar typedefs that are the same everywhere they are used. */
static const char *const known_scalars[] = {
	"u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64",
	"__u8", "__u16", "__u32", "__u64", "__s8", "__s16", "__s32", "__s64",
	"__le16", "__le32", "__le64", "__be16", "__be32", "__be64",
	"uint8_t", "uint16_t", "uint32_t", "uint64_t",
	"int8_t", "int16_t", "int32_t", "int64_t",
	"uintptr_t", "intptr_t", "size_t", "ssize_t", "ptrdiff_t", "bool",
	"phys_addr_t", "dma_addr_t", "resource_size_t", "pid_t", "loff_t",
	"off_t", "sector_t", "gfp_t", "uint", "ulong", "ushort", "uchar",
	"time64_t", "ktime_t", "uid_t", "gid_t",
};

/*
 * Keyword lists with their lengths, so that a lookup rejects most words on
 * the length alone: the parser asks about every identifier it meets.
 */
struct word {
	const char *s;
	size_t n;
};
#define WORD(lit) { lit, sizeof(lit) - 1 }

static const struct word scalar_keywords[] = {
	WORD("char"), WORD("short"), WORD("int"), WORD("long"),
	WORD("signed"), WORD("unsigned"), WORD("float"), WORD("double"),
	WORD("_Bool"), WORD("__int128"), WORD("_Complex"), WORD("__signed__"),
	WORD("__signed"),
};

/* Words that may sit among the specifiers and mean nothing to us. */
static const struct word skip_words[] = {
	WORD("const"), WORD("volatile"), WORD("restrict"), WORD("__restrict"),
	WORD("__restrict__"), WORD("static"), WORD("extern"), WORD("register"),
	WORD("auto"), WORD("inline"), WORD("__inline"), WORD("__inline__"),
	WORD("_Thread_local"), WORD("__thread"), WORD("__extension__"),
	WORD("_Noreturn"), WORD("__const"), WORD("__volatile__"),
	WORD("__volatile"), WORD("_Atomic"),
};

/* Storage classes of an object that outlives a call of its function. */
static const struct word storage_words[] = {
	WORD("static"), WORD("extern"), WORD("_Thread_local"),
	WORD("__thread"), WORD("thread_local"),
};

/* Identifiers that start statements, never declarations. */
static const struct word statement_words[] = {
	WORD("return"), WORD("if"), WORD("else"), WORD("while"), WORD("for"),
	WORD("do"), WORD("switch"), WORD("case"), WORD("default"),
	WORD("break"), WORD("continue"), WORD("goto"), WORD("sizeof"),
	WORD("asm"), WORD("__asm__"), WORD("__asm"),
};

/*
 * Macros that expand to function attributes and stand before the type in
 * kernel-style code ("static __always_inline int f(").  Any other
 * "__word" there is one only when a specifier keyword follows it, any
 * other identifier only when a type keyword does (type_keyword()).
 */
static const struct word attr_words[] = {
	WORD("__always_inline"), WORD("noinline"), WORD("notrace"),
	WORD("nokprobe_inline"), WORD("asmlinkage"), WORD("__visible"),
	WORD("__init"), WORD("__exit"), WORD("__sched"), WORD("__kprobes"),
	WORD("__cold"), WORD("__weak"), WORD("__pure"), WORD("__must_check"),
	WORD("__maybe_unused"), WORD("__always_unused"), WORD("__used"),
	WORD("__noreturn"), WORD("__attribute_const__"), WORD("__ref"),
	WORD("__cpuinit"), WORD("__meminit"), WORD("__devinit"),
	WORD("__init_or_module"), WORD("__flatten"), WORD("__noclone"),
};

static inline int in_list(const char *buf, const struct token *t,
			  const struct word *list, size_t n);

/* "_Atomic (": the atomic type specifier, not the qualifier. */
static int atomic_specifier(const struct type_index *ti, size_t i)
{
	return tok_ident(ti->buf, ti->l, i, "_Atomic") &&
	       i + 1 < ti->l->nr && ti->l->tok[i + 1].kind == TOK_PUNCT &&
	       token_is(ti->buf, &ti->l->tok[i + 1], "(");
}

/* A word that can only be part of declaration specifiers, never a
 * declarator or a qualifier of a type named before it. */
static int specifier_word(const struct type_index *ti, size_t i)
{
	const char *buf = ti->buf;
	const struct token *t = &ti->l->tok[i];

	if (t->kind != TOK_IDENT)
		return 0;
	/* not the qualifiers: "__u32 const *p" has __u32 for its type */
	return in_list(buf, t, scalar_keywords, ARRAY_SIZE(scalar_keywords)) ||
	       in_list(buf, t, attr_words, ARRAY_SIZE(attr_words)) ||
	       token_is(buf, t, "void") || token_is(buf, t, "struct") ||
	       token_is(buf, t, "union") || token_is(buf, t, "enum") ||
	       token_is_typeof(buf, t) || atomic_specifier(ti, i) ||
	       token_is(buf, t, "inline") ||
	       token_is(buf, t, "__inline") || token_is(buf, t, "__inline__");
}

/* A keyword that begins a type: never after a typedef name. */
static int type_keyword(const struct type_index *ti, size_t i)
{
	const char *buf = ti->buf;
	const struct token *t = &ti->l->tok[i];

	return in_list(buf, t, scalar_keywords, ARRAY_SIZE(scalar_keywords)) ||
	       token_is(buf, t, "void") || token_is(buf, t, "struct") ||
	       token_is(buf, t, "union") || token_is(buf, t, "enum") ||
	       token_is_typeof(buf, t) || atomic_specifier(ti, i);
}

static char *tok_str(const struct type_index *ti, size_t i)
{
	struct strbuf sb = STRBUF_INIT;

	token_spelling(ti->buf, &ti->l->tok[i], &sb);
	return strbuf_detach(&sb);
}

static int is_p(const struct type_index *ti, size_t i, const char *s)
{
	return i < ti->l->nr && tok_punct(ti->buf, ti->l, i, s);
}

/* Skip a balanced group starting at i (which must be an opening bracket). */
static size_t skip_group(const struct type_index *ti, size_t i)
{
	size_t m = tok_match(ti->buf, ti->l, i);

	return m == ti->l->nr - 1 ? m : m + 1;
}

static void dtype_release(struct dtype *t)
{
	free(t->name);
	t->name = NULL;
}

static void var_release(struct var *v)
{
	if (v->borrowed)
		return;
	free(v->name);
	dtype_release(&v->t);
}

static void field_release(struct field *f)
{
	if (f->borrowed)
		return;
	free(f->name);
	dtype_release(&f->t);
}

static void record_release(struct record *r)
{
	if (r->borrowed)
		return;
	free(r->tag);
	free(r->file);
}

static void dtype_copy(struct dtype *dst, const struct dtype *src)
{
	*dst = *src;
	dst->name = src->name ? xstrdup(src->name) : NULL;
}

static int dtype_same(const struct dtype *a, const struct dtype *b)
{
	if (a->kind != b->kind || strcmp(a->deriv, b->deriv))
		return 0;
	if (!a->name || !b->name)
		return a->name == b->name && a->record == b->record;
	return !strcmp(a->name, b->name);
}

/* ---- parsing ---- */

/*
 * One spelling per scalar type: "long unsigned int" and "unsigned long"
 * are the same type and must compare equal.
 */
static char *normalize_scalar(const char *words)
{
	int is_unsigned = 0, is_signed = 0, shorts = 0, longs = 0;
	const char *rest = NULL;
	struct strbuf sb = STRBUF_INIT;
	const char *p = words;

	while (*p) {
		size_t n = strcspn(p, " ");

		if (n == 8 && !memcmp(p, "unsigned", 8))
			is_unsigned = 1;
		else if ((n == 6 && !memcmp(p, "signed", 6)) ||
			 (n == 10 && !memcmp(p, "__signed__", 10)) ||
			 (n == 8 && !memcmp(p, "__signed", 8)))
			is_signed = 1;
		else if (n == 5 && !memcmp(p, "short", 5))
			shorts++;
		else if (n == 4 && !memcmp(p, "long", 4))
			longs++;
		else if (!(n == 3 && !memcmp(p, "int", 3)))
			rest = p; /* char, float, double, _Bool, ... */
		p += n;
		while (*p == ' ')
			p++;
	}
	if (is_unsigned)
		strbuf_addstr(&sb, "unsigned ");
	else if (is_signed && rest && !strncmp(rest, "char", 4))
		strbuf_addstr(&sb, "signed ");
	if (shorts)
		strbuf_addstr(&sb, "short");
	else if (longs == 1 && !(rest && !strncmp(rest, "double", 6)))
		strbuf_addstr(&sb, "long");
	else if (longs >= 2)
		strbuf_addstr(&sb, "long long");
	else if (rest)
		strbuf_add(&sb, rest, strcspn(rest, " "));
	else
		strbuf_addstr(&sb, "int");
	if (longs == 1 && rest && !strncmp(rest, "double", 6))
		strbuf_addstr(&sb, "long double");
	return strbuf_detach(&sb);
}

static void parse_record_body(struct type_index *ti, size_t open, size_t close,
			      int record, int depth);

/* Words that change a record's layout from the one its members give. */
static const struct word layout_words[] = {
	WORD("__attribute__"), WORD("__attribute"), WORD("__packed"),
	WORD("__aligned"), WORD("_Alignas"), WORD("alignas"),
	WORD("__randomize_layout"), WORD("__cacheline_aligned"),
	WORD("____cacheline_aligned"), WORD("__cacheline_aligned_in_smp"),
	WORD("____cacheline_aligned_in_smp"), WORD("pragma"),
};

/*
 * Which of the lists above have a word of a length (modulo 32) and a
 * first byte, a bit per list (list_bit()): the parser asks in_list()
 * about every identifier it meets, several lists each, and nearly every
 * one is in none -- a byte of this table says so, where each list's loop
 * compared its lengths.  Filled once (word_starts_fill()), before the
 * first question.
 */
static unsigned char word_starts[32][256];
static pthread_once_t word_starts_once = PTHREAD_ONCE_INIT;
static int word_starts_ready; /* atomic: filled, no call to ask */

/* A constant where in_list() is inlined with a list of this file; 0 for
 * a list the table does not know (then only its loop decides). */
static inline unsigned list_bit(const struct word *list)
{
	return list == scalar_keywords ? 1 : list == skip_words ? 2 :
	       list == storage_words ? 4 : list == statement_words ? 8 :
	       list == attr_words ? 16 : list == layout_words ? 32 : 0;
}

static void word_starts_add(const struct word *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		word_starts[list[i].n & 31][(unsigned char)list[i].s[0]] |=
			(unsigned char)list_bit(list);
}

static void word_starts_fill(void)
{
	word_starts_add(scalar_keywords, ARRAY_SIZE(scalar_keywords));
	word_starts_add(skip_words, ARRAY_SIZE(skip_words));
	word_starts_add(storage_words, ARRAY_SIZE(storage_words));
	word_starts_add(statement_words, ARRAY_SIZE(statement_words));
	word_starts_add(attr_words, ARRAY_SIZE(attr_words));
	word_starts_add(layout_words, ARRAY_SIZE(layout_words));
	__atomic_store_n(&word_starts_ready, 1, __ATOMIC_RELEASE);
}

static inline __attribute__((always_inline)) int
in_list(const char *buf, const struct token *t, const struct word *list,
	size_t n)
{
	if (t->kind != TOK_IDENT)
		return 0;
	if (t->flags & TF_SPLICED) {
		for (size_t i = 0; i < n; i++)
			if (token_is_spliced(buf, t, list[i].s))
				return 1;
		return 0;
	}
	if (!__atomic_load_n(&word_starts_ready, __ATOMIC_ACQUIRE))
		pthread_once(&word_starts_once, word_starts_fill);
	if (list_bit(list) &&
	    !(word_starts[t->len & 31][(unsigned char)buf[t->off]] &
	      list_bit(list)))
		return 0;
	for (size_t i = 0; i < n; i++)
		if (t->len == list[i].n && !memcmp(buf + t->off, list[i].s, t->len))
			return 1;
	return 0;
}

/*
 * Does the record defined from keyword kw to its '}' at close carry a
 * layout word -- in its head, in its body (a member's __aligned, a
 * #pragma pack), or right after the '}' ("} __packed;")?
 */
static int layout_attributes(const struct type_index *ti, size_t kw,
			     size_t close)
{
	for (size_t i = kw; i < ti->l->nr && i <= close + 1; i++)
		if (in_list(ti->buf, &ti->l->tok[i], layout_words,
			    ARRAY_SIZE(layout_words)))
			return 1;
	return 0;
}

/*
 * Parse decl-specifiers from i (not beyond end).  Fills *t (kind and name)
 * and *is_typedef; returns the index after them, or i when there are none.
 */
static size_t parse_specifiers(struct type_index *ti, size_t i, size_t end,
			       struct dtype *t, int *is_typedef, int depth);

/*
 * The type name inside _Atomic( ... ), tokens [i, close): specifiers and
 * pointers, no more (an abstract declarator with brackets is not
 * modelled).  Into t, keeping the qualifiers t has already collected.
 */
static int atomic_type_name(struct type_index *ti, size_t i, size_t close,
			    struct dtype *t, int depth)
{
	struct dtype inner;
	size_t k, np = 0;

	/* T is no atomic type (C11 6.7.2.4): one level, no recursion */
	if (atomic_specifier(ti, i))
		return 0;
	k = parse_specifiers(ti, i, close, &inner, NULL, depth);
	if (k == i)
		return 0;
	while (k < close && (is_p(ti, k, "*") ||
			     tok_ident(ti->buf, ti->l, k, "const") ||
			     tok_ident(ti->buf, ti->l, k, "volatile"))) {
		if (is_p(ti, k, "*"))
			np++;
		k++;
	}
	if (k != close || np + strlen(inner.deriv) > MAX_DERIV) {
		dtype_release(&inner);
		return 0;
	}
	memmove(inner.deriv + np, inner.deriv, strlen(inner.deriv) + 1);
	memset(inner.deriv, 'p', np);
	/* spelled _Atomic(T) where T is the base; _Atomic(T *), an atomic
	 * pointer, is spelled T * (the spelling has no place for it) */
	inner.atomic = !np && !inner.deriv[0];
	/* "volatile _Atomic(int *) p": the pointer is volatile, not the int */
	inner.is_volatile |= t->is_volatile;
	if (!np)
		inner.base_volatile |= t->base_volatile;
	*t = inner;
	return 1;
}

static size_t parse_specifiers(struct type_index *ti, size_t i, size_t end,
			       struct dtype *t, int *is_typedef, int depth)
{
	const char *buf = ti->buf;
	const struct token_list *l = ti->l;
	struct strbuf scalar = STRBUF_INIT;
	int have_base = 0;
	size_t start = i;

	memset(t, 0, sizeof(*t));
	t->record = -1;
	if (is_typedef)
		*is_typedef = 0;
	while (i < end) {
		const struct token *tk = &l->tok[i];

		if (tk->kind != TOK_IDENT)
			break;
		if (token_is(buf, tk, "typedef")) {
			if (is_typedef)
				*is_typedef = 1;
			i++;
		} else if (token_is(buf, tk, "volatile") ||
			   token_is(buf, tk, "__volatile__") ||
			   token_is(buf, tk, "__volatile")) {
			t->is_volatile = 1;
			t->base_volatile = 1;
			i++;
		} else if (atomic_specifier(ti, i)) {
			/* _Atomic(T), the atomic type specifier: T's type (the
			 * qualifier, "_Atomic int", is one of the skip words) */
			size_t close = tok_match(buf, l, i + 1);

			if (have_base || close >= end ||
			    !atomic_type_name(ti, i + 2, close, t, depth))
				break;
			i = close + 1;
			have_base = 1;
		} else if (in_list(buf, tk, skip_words, ARRAY_SIZE(skip_words))) {
			i++;
		} else if (token_is(buf, tk, "__attribute__") ||
			   token_is(buf, tk, "__attribute") ||
			   token_is(buf, tk, "__declspec") ||
			   token_is(buf, tk, "_Alignas") ||
			   token_is(buf, tk, "__aligned")) {
			i++;
			if (is_p(ti, i, "("))
				i = skip_group(ti, i);
		} else if (in_list(buf, tk, scalar_keywords,
				   ARRAY_SIZE(scalar_keywords))) {
			if (have_base && t->kind != BK_SCALAR)
				break;
			if (scalar.len)
				strbuf_addch(&scalar, ' ');
			token_spelling(buf, tk, &scalar);
			t->kind = BK_SCALAR;
			have_base = 1;
			i++;
		} else if (token_is(buf, tk, "void")) {
			if (have_base)
				break;
			t->kind = BK_VOID;
			t->name = xstrdup("void");
			have_base = 1;
			i++;
		} else if (token_is(buf, tk, "struct") || token_is(buf, tk, "union") ||
			   token_is(buf, tk, "enum")) {
			int is_enum = token_is(buf, tk, "enum");
			int is_union = token_is(buf, tk, "union");
			unsigned kw_line = l->tok[i].line;

			size_t kw = i;

			if (have_base)
				break;
			i++;
			while (i < end && (tok_ident(buf, l, i, "__attribute__") ||
					   tok_ident(buf, l, i, "__packed") ||
					   tok_ident(buf, l, i, "__aligned"))) {
				i++;
				if (is_p(ti, i, "("))
					i = skip_group(ti, i);
			}
			t->kind = is_enum ? BK_ENUM : is_union ? BK_UNION : BK_STRUCT;
			if (i < end && l->tok[i].kind == TOK_IDENT) {
				t->name = tok_str(ti, i);
				i++;
			}
			if (i < end && is_p(ti, i, "{")) {
				size_t close = tok_match(buf, l, i);

				if (!is_enum && depth < MAX_DEPTH) {
					ALLOC_GROW(ti->records, ti->nr_records + 1,
						   ti->alloc_records);
					ti->records[ti->nr_records].tag =
						t->name ? xstrdup(t->name) : NULL;
					ti->records[ti->nr_records].file = NULL;
					ti->records[ti->nr_records].line = kw_line;
					ti->records[ti->nr_records].end_line =
						l->tok[close].line;
					ti->records[ti->nr_records].is_union = is_union;
					ti->records[ti->nr_records].parent = -1;
					ti->records[ti->nr_records].layout_attr =
						layout_attributes(ti, kw, close);
					ti->records[ti->nr_records].scope =
						type_index_function_at(ti, i);
					ti->records[ti->nr_records].borrowed = 0;
					t->record = (int)ti->nr_records++;
					parse_record_body(ti, i, close, t->record,
							  depth + 1);
				}
				i = close == l->nr - 1 ? close : close + 1;
			} else if (!t->name) {
				t->kind = BK_UNKNOWN;
			}
			have_base = 1;
		} else if (token_is_typeof(buf, tk)) {
			if (have_base || !is_p(ti, i + 1, "("))
				break;
			t->kind = BK_TYPEOF;
			t->expr.begin = i + 2;
			t->expr.end = tok_match(buf, l, i + 1);
			i = skip_group(ti, i + 1);
			have_base = 1;
		} else if (in_list(buf, tk, statement_words,
				   ARRAY_SIZE(statement_words))) {
			break;
		} else if (!have_base &&
			   (in_list(buf, tk, attr_words, ARRAY_SIZE(attr_words)) ||
			    (i + 1 < end &&
			     (tk->len > 2 && buf[tk->off] == '_' &&
			      buf[tk->off + 1] == '_' ?
			      specifier_word(ti, i + 1) :
			      type_keyword(ti, i + 1))))) {
			/* An attribute or storage-class macro before the
			 * type: "static __always_inline int f(", "noinline
			 * void g(", "__init struct x *h(", "extern
			 * THREAD_LOCAL struct fdtab *fdtab;" (HAProxy's
			 * __thread).  Taken for a typedef name it would hide
			 * the declaration, or a function definition and its
			 * parameters, from every lookup.  No typedef name can
			 * stand before a type keyword; before an attribute
			 * ("bool __maybe_unused f(") it is the type. */
			i++;
			if (is_p(ti, i, "(") && !is_p(ti, i + 1, "*"))
				i = skip_group(ti, i);
		} else if (!have_base) {
			/* One identifier as the type: a typedef name. */
			t->kind = BK_TYPEDEF;
			t->name = tok_str(ti, i);
			have_base = 1;
			i++;
		} else if (tk->len > 2 && buf[tk->off] == '_' &&
			   buf[tk->off + 1] == '_' &&
			   (is_p(ti, i + 1, "*") ||
			    (i + 1 < end && l->tok[i + 1].kind == TOK_IDENT) ||
			    is_p(ti, i + 1, "("))) {
			/* __iomem, __rcu, __percpu, __aligned(8)... */
			i++;
			if (is_p(ti, i, "(") && !is_p(ti, i + 1, "*"))
				i = skip_group(ti, i);
		} else {
			break;
		}
	}
	if (t->kind == BK_SCALAR && !t->name) /* not _Atomic(T)'s own */
		t->name = normalize_scalar(scalar.buf);
	strbuf_release(&scalar);
	if (!have_base) {
		dtype_release(t);
		return start;
	}
	return i;
}

struct declarator {
	size_t name;       /* token index of the name, or 0 if none */
	char deriv[MAX_DERIV + 1];
	int opaque;        /* function pointer and the like */
	int is_func;       /* name(...) */
	struct tok_range params;
	int is_volatile;   /* '* volatile' on the outermost pointer */
	size_t next;       /* token after the declarator */
};

/* Parse one declarator at i.  Returns 0, or -1 when it is not one. */
static int parse_declarator(struct type_index *ti, size_t i, size_t end,
			    struct declarator *d)
{
	const char *buf = ti->buf;
	const struct token_list *l = ti->l;
	unsigned ptrs = 0;
	char suffix[MAX_DERIV + 1] = "";
	size_t ns = 0;

	memset(d, 0, sizeof(*d));
	while (i < end) {
		if (is_p(ti, i, "*")) {
			ptrs++;
			d->is_volatile = 0;
			i++;
		} else if (tok_ident(buf, l, i, "volatile") ||
			   tok_ident(buf, l, i, "__volatile__")) {
			if (ptrs)
				d->is_volatile = 1;
			i++;
		} else if (l->tok[i].kind == TOK_IDENT &&
			   (in_list(buf, &l->tok[i], skip_words,
				    ARRAY_SIZE(skip_words)) ||
			    ((l->tok[i].len > 2 && buf[l->tok[i].off] == '_' &&
			      buf[l->tok[i].off + 1] == '_') &&
			     (is_p(ti, i + 1, "*") ||
			      (i + 1 < end && l->tok[i + 1].kind == TOK_IDENT))))) {
			i++; /* const, __iomem, __rcu ... */
		} else {
			break;
		}
	}
	if (i < end && is_p(ti, i, "(") && is_p(ti, i + 1, "*")) {
		/* (*name)(args) or (*name)[n]: a pointer we do not model */
		size_t m = tok_match(buf, l, i), k = i + 1;

		while (k < m && (is_p(ti, k, "*") || l->tok[k].kind == TOK_IDENT))
			k++;
		if (k != m || l->tok[m - 1].kind != TOK_IDENT ||
		    !(is_p(ti, m + 1, "(") || is_p(ti, m + 1, "[")))
			return -1; /* f(*p); is a call, not a declaration */
		d->name = m - 1;
		d->opaque = 1;
		i = m + 1;
		while (i < end && (is_p(ti, i, "(") || is_p(ti, i, "[")))
			i = skip_group(ti, i);
		d->next = i;
		return 0;
	}
	if (i >= end || l->tok[i].kind != TOK_IDENT ||
	    in_list(buf, &l->tok[i], statement_words, ARRAY_SIZE(statement_words)))
		return -1;
	d->name = i++;
	while (i < end) {
		if (is_p(ti, i, "[")) {
			if (ns < MAX_DERIV)
				suffix[ns++] = 'a';
			i = skip_group(ti, i);
		} else if (is_p(ti, i, "(") && !d->is_func && !ns) {
			d->is_func = 1;
			d->params.begin = i + 1;
			d->params.end = tok_match(buf, l, i);
			i = skip_group(ti, i);
		} else if (tok_ident(buf, l, i, "__attribute__") ||
			   tok_ident(buf, l, i, "__aligned") ||
			   tok_ident(buf, l, i, "asm") ||
			   tok_ident(buf, l, i, "__asm__")) {
			i++;
			if (is_p(ti, i, "("))
				i = skip_group(ti, i);
		} else if (l->tok[i].kind == TOK_IDENT && l->tok[i].len > 2 &&
			   buf[l->tok[i].off] == '_' && buf[l->tok[i].off + 1] == '_') {
			i++; /* __packed, __maybe_unused ... */
			if (is_p(ti, i, "("))
				i = skip_group(ti, i);
		} else {
			break;
		}
	}
	/* "T *a[3]": arrays bind first (outermost), then the pointers. */
	if (ns + ptrs > MAX_DERIV)
		return -1;
	memcpy(d->deriv, suffix, ns);
	memset(d->deriv + ns, 'p', ptrs);
	d->deriv[ns + ptrs] = '\0';
	d->next = i;
	return 0;
}

static void add_entity(struct type_index *ti, const struct dtype *base,
		       const struct declarator *d, int is_typedef, size_t scope,
		       int record, int not_automatic)
{
	struct dtype t;
	char *name = tok_str(ti, d->name);

	dtype_copy(&t, base);
	if (d->opaque) {
		dtype_release(&t);
		memset(&t, 0, sizeof(t));
		t.kind = BK_OPAQUE_PTR;
		t.record = -1;
	} else {
		size_t a = strlen(d->deriv), b = strlen(base->deriv);

		if (a + b > MAX_DERIV) {
			t.kind = BK_UNKNOWN;
			a = b = 0;
		}
		memmove(t.deriv + a, base->deriv, b + 1);
		memcpy(t.deriv, d->deriv, a);
		if (a)
			t.is_volatile = d->is_volatile;
	}
	if (d->is_func)
		t.kind = BK_UNKNOWN; /* a function: calls are not modelled */
	if (record >= 0) {
		ALLOC_GROW(ti->fields, ti->nr_fields + 1, ti->alloc_fields);
		ti->fields[ti->nr_fields].record = record;
		ti->fields[ti->nr_fields].origin = record;
		ti->fields[ti->nr_fields].name = name;
		ti->fields[ti->nr_fields].t = t;
		ti->fields[ti->nr_fields].bits = -1;
		ti->fields[ti->nr_fields].borrowed = 0;
		ti->nr_fields++;
	} else if (is_typedef) {
		ALLOC_GROW(ti->typedefs, ti->nr_typedefs + 1, ti->alloc_typedefs);
		ti->typedefs[ti->nr_typedefs].name = name;
		ti->typedefs[ti->nr_typedefs].scope = scope;
		ti->typedefs[ti->nr_typedefs].t = t;
		ti->typedefs[ti->nr_typedefs].borrowed = 0;
		ti->nr_typedefs++;
	} else {
		ALLOC_GROW(ti->vars, ti->nr_vars + 1, ti->alloc_vars);
		ti->vars[ti->nr_vars].name = name;
		ti->vars[ti->nr_vars].scope = scope;
		ti->vars[ti->nr_vars].not_automatic = not_automatic;
		ti->vars[ti->nr_vars].t = t;
		ti->vars[ti->nr_vars].borrowed = 0;
		ti->nr_vars++;
	}
}

/* Skip an initializer or bit-field width: up to ',' or ';' at depth 0. */
static size_t skip_to_comma(struct type_index *ti, size_t i, size_t end)
{
	while (i < end) {
		if (is_p(ti, i, "(") || is_p(ti, i, "[") || is_p(ti, i, "{")) {
			i = skip_group(ti, i);
			continue;
		}
		if (is_p(ti, i, ",") || is_p(ti, i, ";") || is_p(ti, i, ")") ||
		    is_p(ti, i, "}"))
			return i;
		i++;
	}
	return i;
}

enum decl_ctx { DC_FILE, DC_BLOCK, DC_PARAM, DC_FIELD };

static void parse_body(struct type_index *ti, size_t open, size_t close);

static size_t parse_declaration(struct type_index *ti, size_t i, size_t end,
				enum decl_ctx ctx, size_t scope, int record,
				int depth);

/* A function's parameters (params: inside its parentheses) and body. */
static void parse_function(struct type_index *ti, struct tok_range params,
			   size_t open, size_t close, int depth)
{
	size_t p = params.begin;

	while (p < params.end) {
		size_t q = parse_declaration(ti, p, params.end, DC_PARAM, open,
					     -1, depth);

		q = skip_to_comma(ti, q, params.end);
		p = q + 1;
	}
	parse_body(ti, open, close);
}

/*
 * May parsing tokens [from, to) add a record or a typedef?  A "typedef"
 * anywhere, or "struct"/"union" followed by what parse_specifiers() skips
 * there and a '{': a superset of where it creates one, so that a body
 * answered "no" adds only variables when parsed.
 */
static int may_define_types(const struct type_index *ti, size_t from,
			    size_t to)
{
	const char *buf = ti->buf;
	const struct token_list *l = ti->l;

	for (size_t k = from; k < to; k++) {
		const struct token *t = &l->tok[k];
		size_t i;

		if (t->kind != TOK_IDENT)
			continue;
		if (token_is(buf, t, "typedef"))
			return 1;
		if (!token_is(buf, t, "struct") && !token_is(buf, t, "union"))
			continue;
		i = k + 1;
		while (i < to && (tok_ident(buf, l, i, "__attribute__") ||
				  tok_ident(buf, l, i, "__packed") ||
				  tok_ident(buf, l, i, "__aligned"))) {
			i++;
			if (is_p(ti, i, "("))
				i = skip_group(ti, i);
		}
		if (i < to && l->tok[i].kind == TOK_IDENT)
			i++;
		if (i < to && is_p(ti, i, "{"))
			return 1;
	}
	return 0;
}

/*
 * Try a declaration at i.  Returns the index after it, or i when there is
 * no declaration there.  For DC_PARAM, end is the ')' of the list.
 */
static size_t parse_declaration(struct type_index *ti, size_t i, size_t end,
				enum decl_ctx ctx, size_t scope, int record,
				int depth)
{
	const struct token_list *l = ti->l;
	struct dtype base;
	int is_typedef = 0, not_automatic = 0;
	size_t k = parse_specifiers(ti, i, end, &base, &is_typedef, depth);

	if (k == i)
		return i;
	for (size_t s = i; s < k; s++)
		if (l->tok[s].kind == TOK_IDENT &&
		    in_list(ti->buf, &l->tok[s], storage_words,
			    ARRAY_SIZE(storage_words)))
			not_automatic = 1;
	if (base.kind == BK_TYPEDEF && ctx != DC_PARAM) {
		/* "name x;" "name *x" but not "x = 1;", "f(x);", "a.b", "lbl:" */
		if (!(is_p(ti, k, "*") || (k < end && l->tok[k].kind == TOK_IDENT) ||
		      (is_p(ti, k, "(") && is_p(ti, k + 1, "*")))) {
			dtype_release(&base);
			return i;
		}
	}
	for (;;) {
		struct declarator d;

		if (ctx == DC_FIELD && (is_p(ti, k, ";") || is_p(ti, k, ":"))) {
			/* An anonymous struct/union member (C11): its fields
			 * are fields of the enclosing record. */
			if (base.record >= 0 && !base.name && is_p(ti, k, ";") &&
			    record >= 0) {
				for (size_t f = 0; f < ti->nr_fields; f++)
					if (ti->fields[f].record == base.record)
						ti->fields[f].record = record;
				ti->records[base.record].parent = record;
			}
			break;
		}
		if (ctx == DC_PARAM && (is_p(ti, k, ",") || k >= end))
			break; /* unnamed parameter */
		if (parse_declarator(ti, k, end, &d)) {
			if (k == i) {
				dtype_release(&base);
				return i;
			}
			break;
		}
		if (ctx == DC_FILE && d.is_func && is_p(ti, d.next, "{") && !is_typedef) {
			/* a function definition */
			size_t open = d.next, close = tok_match_body(ti->buf, l, open);
			size_t p = d.params.begin;

			struct func *f;

			ALLOC_GROW(ti->funcs, ti->nr_funcs + 1, ti->alloc_funcs);
			f = &ti->funcs[ti->nr_funcs++];
			memset(f, 0, sizeof(*f));
			f->open = open;
			f->close = close;
			f->params = d.params;
			f->lazy = !ti->eager && depth == 0 &&
				  !may_define_types(ti, p, close);
			if (!f->lazy)
				parse_function(ti, d.params, open, close,
					       depth + 1);
			dtype_release(&base);
			return close == l->nr - 1 ? close : close + 1;
		}
		add_entity(ti, &base, &d, is_typedef, ctx == DC_FILE ? 0 : scope,
			   ctx == DC_FIELD ? record : -1, not_automatic);
		k = d.next;
		/* "name : WIDTH": a bit-field (a plain number only) */
		if (ctx == DC_FIELD && record >= 0 && ti->nr_fields &&
		    is_p(ti, k, ":") && k + 1 < end &&
		    l->tok[k + 1].kind == TOK_NUMBER)
			ti->fields[ti->nr_fields - 1].bits =
				atoi(ti->buf + l->tok[k + 1].off);
		if (is_p(ti, k, "=") || is_p(ti, k, ":"))
			k = skip_to_comma(ti, k + 1, end);
		if (ctx == DC_PARAM || !is_p(ti, k, ","))
			break;
		k++;
	}
	dtype_release(&base);
	return k > i ? k : i + 1;
}

static int same_dtype(const struct dtype *a, const struct dtype *b)
{
	return a->kind == b->kind && a->kind != BK_TYPEOF &&
	       a->record == b->record && a->is_volatile == b->is_volatile &&
	       a->base_volatile == b->base_volatile &&
	       !strcmp(a->deriv, b->deriv) &&
	       (a->name && b->name ? !strcmp(a->name, b->name) :
				     a->name == b->name);
}

/* Do fields [b0, b1) declare the members of [a0, a1) -- the same names,
 * types and widths, in any order? */
static int same_members(const struct type_index *ti, size_t a0, size_t a1,
			size_t b0, size_t b1)
{
	if (b1 - b0 != a1 - a0)
		return 0;
	for (size_t k = b0; k < b1; k++) {
		const struct field *g = &ti->fields[k];
		size_t m = a0;

		while (m < a1 && !(ti->fields[m].bits == g->bits &&
				   ti->fields[m].name && g->name &&
				   !strcmp(ti->fields[m].name, g->name) &&
				   same_dtype(&ti->fields[m].t, &g->t)))
			m++;
		if (m == a1)
			return 0;
	}
	return 1;
}

#define MAX_COND_DEPTH 8
#define MAX_BRANCHES 8

/* An #if ... #endif group inside a record body: the field count where
 * it and each of its #elif/#else branches begins. */
struct cond_group {
	size_t start, branch[MAX_BRANCHES];
	int nr; /* #elif/#else seen; -1: too many to compare */
};

/*
 * The group just closed by #endif: when every branch declares the same
 * members as the first -- a layout that only swaps with the byte order,
 * `#ifdef __ARMEB__ u16 next, owner; #else u16 owner, next; #endif` --
 * the record has them once, the first branch's; read both ways it would
 * seem twice its size.  Branches that differ, or that hold a record of
 * their own, stay as they are (the record is as large as all of them:
 * its size then matches no object and nothing is inferred from it).
 */
static void close_cond_group(struct type_index *ti, int record,
			     const struct cond_group *g)
{
	size_t end = ti->nr_fields;

	if (g->nr <= 0)
		return;
	for (size_t k = g->start; k < end; k++)
		if (ti->fields[k].record != record ||
		    ti->fields[k].origin != record)
			return;
	for (int b = 0; b < g->nr; b++) {
		size_t e = b + 1 < g->nr ? g->branch[b + 1] : end;

		if (!same_members(ti, g->start, g->branch[0], g->branch[b], e))
			return;
	}
	for (size_t k = g->branch[0]; k < end; k++)
		field_release(&ti->fields[k]);
	ti->nr_fields = g->branch[0];
}

/* The directive at the '#' token i, in a record body: conditional groups
 * opened, branched and closed. */
static void record_directive(struct type_index *ti, size_t i, int record,
			     struct cond_group *stack, int *depth)
{
	const struct token_list *l = ti->l;
	const char *const open[] = { "if", "ifdef", "ifndef" };

	if (l->tok[i].kind != TOK_HASH || i + 1 >= l->nr ||
	    !(l->tok[i + 1].flags & TF_DIRECTIVE))
		return;
	for (size_t k = 0; k < ARRAY_SIZE(open); k++) {
		if (tok_ident(ti->buf, l, i + 1, open[k])) {
			if (*depth < MAX_COND_DEPTH) {
				stack[*depth].start = ti->nr_fields;
				stack[*depth].nr = 0;
			}
			(*depth)++;
			return;
		}
	}
	if (tok_ident(ti->buf, l, i + 1, "elif") ||
	    tok_ident(ti->buf, l, i + 1, "else")) {
		struct cond_group *g;

		if (*depth <= 0 || *depth > MAX_COND_DEPTH)
			return;
		g = &stack[*depth - 1];
		if (g->nr < 0)
			return;
		if (g->nr == MAX_BRANCHES)
			g->nr = -1;
		else
			g->branch[g->nr++] = ti->nr_fields;
	} else if (tok_ident(ti->buf, l, i + 1, "endif") && *depth > 0) {
		(*depth)--;
		if (*depth < MAX_COND_DEPTH)
			close_cond_group(ti, record, &stack[*depth]);
	}
}

static void parse_record_body(struct type_index *ti, size_t open, size_t close,
			      int record, int depth)
{
	struct cond_group conds[MAX_COND_DEPTH];
	int nconds = 0;
	size_t i = open + 1;

	while (i < close) {
		size_t j;

		if (ti->l->tok[i].flags & TF_DIRECTIVE) {
			if (record >= 0)
				record_directive(ti, i, record, conds, &nconds);
			i++;
			continue;
		}
		j = parse_declaration(ti, i, close, DC_FIELD, 0, record, depth);
		j = skip_to_comma(ti, j > i ? j : i + 1, close);
		while (j < close && !is_p(ti, j, ";"))
			j = skip_to_comma(ti, j + 1, close);
		i = j + 1;
	}
}

/* Declarations at every statement start of a function body. */
static void parse_body(struct type_index *ti, size_t open, size_t close)
{
	size_t i = open + 1;
	int at_start = 1;

	while (i < close) {
		const struct token *t = &ti->l->tok[i];

		if (t->flags & TF_DIRECTIVE) {
			i++;
			continue;
		}
		if (at_start && t->kind == TOK_IDENT) {
			size_t j = parse_declaration(ti, i, close, DC_BLOCK, open,
						     -1, 1);

			if (j > i) {
				i = j;
				at_start = 0;
				continue;
			}
		}
		at_start = is_p(ti, i, ";") || is_p(ti, i, "{") || is_p(ti, i, "}");
		if (tok_ident(ti->buf, ti->l, i, "for") && is_p(ti, i + 1, "(")) {
			i += 2;
			at_start = 1;
			continue;
		}
		i++;
	}
}

static struct type_index *build(const char *buf, const struct token_list *l,
				 int eager)
{
	struct type_index *ti = xcalloc(1, sizeof(*ti));
	size_t i = 0, eof = l->nr - 1;

	ti->buf = buf;
	ti->l = l;
	ti->eager = eager;
	while (i < eof) {
		size_t j;

		if (l->tok[i].flags & TF_DIRECTIVE || l->tok[i].kind != TOK_IDENT) {
			i++;
			continue;
		}
		j = parse_declaration(ti, i, eof, DC_FILE, 0, -1, 0);
		i = j > i ? j : i + 1;
	}
	return ti;
}

struct type_index *type_index_build(const char *buf, const struct token_list *l)
{
	return build(buf, l, 0);
}

struct type_index *type_index_build_eager(const char *buf,
					  const struct token_list *l)
{
	return build(buf, l, 1);
}

static void vars_free(struct var *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		var_release(&v[i]);
	free(v);
}

/* The function whose body's '{' is token open; nr_funcs when none. */
static size_t func_of(const struct type_index *ti, size_t open)
{
	size_t lo = 0, hi = ti->nr_funcs;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (ti->funcs[mid].open < open)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < ti->nr_funcs && ti->funcs[lo].open == open ? lo :
								  ti->nr_funcs;
}

/*
 * The variables of scope `open` (a function body's '{'): those of the
 * main table, or, for a lazy function, its own, parsed now the first
 * time.  The parse changes nothing else (may_define_types() said so),
 * whatever the index holds by now: merged headers, a mark.
 */
static const struct var *scope_vars(const struct type_index *cti,
				    size_t open, size_t *n)
{
	struct type_index *ti = (struct type_index *)cti;
	size_t k = func_of(ti, open);
	struct func *f;
	struct var *keep;
	size_t keep_nr, keep_alloc, records, fields, typedefs, funcs;

	*n = ti->nr_vars;
	if (k == ti->nr_funcs || !ti->funcs[k].lazy)
		return ti->vars;
	f = &ti->funcs[k];
	if (!f->parsed) {
		keep = ti->vars;
		keep_nr = ti->nr_vars;
		keep_alloc = ti->alloc_vars;
		records = ti->nr_records;
		fields = ti->nr_fields;
		typedefs = ti->nr_typedefs;
		funcs = ti->nr_funcs;
		ti->vars = NULL;
		ti->nr_vars = ti->alloc_vars = 0;
		parse_function(ti, f->params, f->open, f->close, 1);
		if (ti->nr_records != records || ti->nr_fields != fields ||
		    ti->nr_typedefs != typedefs || ti->nr_funcs != funcs)
			die("type index: a function body parsed late defined "
			    "a type (a bug: may_define_types() missed it)");
		f->vars = ti->vars;
		f->nr_vars = ti->nr_vars;
		f->alloc_vars = ti->alloc_vars;
		f->parsed = 1;
		ti->vars = keep;
		ti->nr_vars = keep_nr;
		ti->alloc_vars = keep_alloc;
	}
	*n = f->nr_vars;
	return f->vars;
}

void type_index_free(struct type_index *ti)
{
	if (!ti)
		return;
	for (size_t i = 0; i < ti->nr_vars; i++)
		var_release(&ti->vars[i]);
	for (size_t i = 0; i < ti->nr_typedefs; i++)
		var_release(&ti->typedefs[i]);
	for (size_t i = 0; i < ti->nr_fields; i++)
		field_release(&ti->fields[i]);
	for (size_t i = 0; i < ti->nr_records; i++)
		record_release(&ti->records[i]);
	for (size_t i = 0; i < ti->nr_held; i++)
		header_cache_release(ti->held[i]);
	free(ti->held);
	for (size_t i = 0; i < ti->nr_funcs; i++)
		vars_free(ti->funcs[i].vars, ti->funcs[i].nr_vars);
	free(ti->vars);
	free(ti->typedefs);
	free(ti->fields);
	free(ti->records);
	free(ti->funcs);
	free(ti);
}

void type_index_set_mark(const struct type_index *ti,
			 struct type_index_mark *m)
{
	m->vars = ti->nr_vars;
	m->typedefs = ti->nr_typedefs;
	m->records = ti->nr_records;
	m->fields = ti->nr_fields;
	m->funcs = ti->nr_funcs;
	m->held = ti->nr_held;
	memcpy(m->missing, ti->missing, sizeof(m->missing));
	memcpy(m->conflicted, ti->conflicted, sizeof(m->conflicted));
}

/* Every table only grows past a mark (merge(), parse_specifiers() in a
 * query, close_cond_group() cutting back no further than where its
 * record's fields began), so the entries past it are exactly the added
 * ones. */
void type_index_rewind(struct type_index *ti, const struct type_index_mark *m)
{
	for (size_t i = m->vars; i < ti->nr_vars; i++)
		var_release(&ti->vars[i]);
	for (size_t i = m->typedefs; i < ti->nr_typedefs; i++)
		var_release(&ti->typedefs[i]);
	for (size_t i = m->fields; i < ti->nr_fields; i++)
		field_release(&ti->fields[i]);
	for (size_t i = m->records; i < ti->nr_records; i++)
		record_release(&ti->records[i]);
	/* the entries that borrowed from these are gone */
	for (size_t i = m->held; i < ti->nr_held; i++)
		header_cache_release(ti->held[i]);
	ti->nr_held = m->held;
	ti->nr_vars = m->vars;
	ti->nr_typedefs = m->typedefs;
	ti->nr_fields = m->fields;
	ti->nr_records = m->records;
	ti->nr_funcs = m->funcs;
	memcpy(ti->missing, m->missing, sizeof(ti->missing));
	memcpy(ti->conflicted, m->conflicted, sizeof(ti->conflicted));
}

int type_index_empty(const struct type_index *ti)
{
	return !ti->nr_vars && !ti->nr_typedefs && !ti->nr_records &&
	       !ti->nr_fields && !ti->nr_funcs;
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

/*
 * A deep copy of ti, tokens shared: the tree lookup starts every variant
 * of a query from the file and its local headers, and parsing those again
 * for each variant was half of an audit of the kernel (issue #35).  Every
 * table is copied in order, scoped entries and typeof() included, so the
 * copy answers exactly as ti, and merges into it as into a fresh build.
 */
struct type_index *type_index_clone(const struct type_index *ti)
{
	struct type_index *c = xcalloc(1, sizeof(*c));

	*c = *ti;
	c->vars = xcalloc(ti->nr_vars + 1, sizeof(*c->vars));
	c->alloc_vars = ti->nr_vars + 1;
	for (size_t i = 0; i < ti->nr_vars; i++) {
		c->vars[i] = ti->vars[i];
		c->vars[i].name = dup_or_null(ti->vars[i].name);
		dtype_copy(&c->vars[i].t, &ti->vars[i].t);
		c->vars[i].borrowed = 0;
	}
	c->typedefs = xcalloc(ti->nr_typedefs + 1, sizeof(*c->typedefs));
	c->alloc_typedefs = ti->nr_typedefs + 1;
	for (size_t i = 0; i < ti->nr_typedefs; i++) {
		c->typedefs[i] = ti->typedefs[i];
		c->typedefs[i].name = dup_or_null(ti->typedefs[i].name);
		dtype_copy(&c->typedefs[i].t, &ti->typedefs[i].t);
		c->typedefs[i].borrowed = 0;
	}
	c->records = xcalloc(ti->nr_records + 1, sizeof(*c->records));
	c->alloc_records = ti->nr_records + 1;
	for (size_t i = 0; i < ti->nr_records; i++) {
		c->records[i] = ti->records[i];
		c->records[i].tag = dup_or_null(ti->records[i].tag);
		c->records[i].file = dup_or_null(ti->records[i].file);
		c->records[i].borrowed = 0;
	}
	c->fields = xcalloc(ti->nr_fields + 1, sizeof(*c->fields));
	c->alloc_fields = ti->nr_fields + 1;
	for (size_t i = 0; i < ti->nr_fields; i++) {
		c->fields[i] = ti->fields[i];
		c->fields[i].name = dup_or_null(ti->fields[i].name);
		dtype_copy(&c->fields[i].t, &ti->fields[i].t);
		c->fields[i].borrowed = 0;
	}
	c->funcs = xcalloc(ti->nr_funcs + 1, sizeof(*c->funcs));
	c->alloc_funcs = ti->nr_funcs + 1;
	/* the copy holds no header: every string is its own */
	c->held = NULL;
	c->nr_held = c->alloc_held = 0;
	if (ti->nr_funcs)
		memcpy(c->funcs, ti->funcs, ti->nr_funcs * sizeof(*c->funcs));
	for (size_t i = 0; i < ti->nr_funcs; i++) {
		/* the copy parses its lazy functions again when asked */
		c->funcs[i].parsed = 0;
		c->funcs[i].vars = NULL;
		c->funcs[i].nr_vars = c->funcs[i].alloc_vars = 0;
	}
	return c;
}

/* ---- local headers ---- */

static void copy_into(struct dtype *dst, const struct dtype *src, int offset,
		      int borrow)
{
	if (borrow)
		*dst = *src;
	else
		dtype_copy(dst, src);
	if (dst->record >= 0)
		dst->record += offset;
	if (dst->kind == BK_TYPEOF) /* its tokens are in the header's buffer */
		dst->kind = BK_UNKNOWN;
}

static char *share_or_dup(const char *s, int borrow)
{
	return borrow || !s ? (char *)s : xstrdup(s);
}

/*
 * Copy what header index h declares at file scope into ti.  With borrow,
 * the entries point at h's strings instead of copies of them (h must
 * then outlive them: the caller holds it until ti is freed or rewound
 * past them); copying every name of a header into every file's index
 * and freeing it again was 4-5 % of an audit of Linux 6.12 (issue #35).
 * The entries are the same either way.
 */
static void merge(struct type_index *ti, const struct type_index *h,
		  int borrow)
{
	int offset = (int)ti->nr_records;

	ALLOC_GROW(ti->records, ti->nr_records + h->nr_records,
		   ti->alloc_records);
	for (size_t i = 0; i < h->nr_records; i++) {
		struct record *r = &ti->records[ti->nr_records++];

		r->tag = share_or_dup(h->records[i].tag, borrow);
		r->file = share_or_dup(h->records[i].file, borrow);
		r->line = h->records[i].line;
		r->end_line = h->records[i].end_line;
		r->is_union = h->records[i].is_union;
		r->parent = h->records[i].parent < 0 ?
			-1 : h->records[i].parent + offset;
		r->layout_attr = h->records[i].layout_attr;
		/* a header's token positions mean nothing here */
		r->scope = h->records[i].scope ? SCOPE_ELSEWHERE : 0;
		r->borrowed = (unsigned char)borrow;
	}
	ALLOC_GROW(ti->fields, ti->nr_fields + h->nr_fields, ti->alloc_fields);
	for (size_t i = 0; i < h->nr_fields; i++) {
		struct field *f = &ti->fields[ti->nr_fields++];

		f->record = h->fields[i].record + offset;
		f->origin = h->fields[i].origin + offset;
		f->bits = h->fields[i].bits;
		f->name = share_or_dup(h->fields[i].name, borrow);
		copy_into(&f->t, &h->fields[i].t, offset, borrow);
		f->borrowed = (unsigned char)borrow;
	}
	for (size_t i = 0; i < h->nr_typedefs; i++) {
		struct var *v;

		if (h->typedefs[i].scope)
			continue; /* inside a static inline function */
		ALLOC_GROW(ti->typedefs, ti->nr_typedefs + 1, ti->alloc_typedefs);
		v = &ti->typedefs[ti->nr_typedefs++];
		v->name = share_or_dup(h->typedefs[i].name, borrow);
		v->scope = 0;
		copy_into(&v->t, &h->typedefs[i].t, offset, borrow);
		v->borrowed = (unsigned char)borrow;
	}
	for (size_t i = 0; i < h->nr_vars; i++) {
		struct var *v;

		if (h->vars[i].scope)
			continue;
		ALLOC_GROW(ti->vars, ti->nr_vars + 1, ti->alloc_vars);
		v = &ti->vars[ti->nr_vars++];
		v->name = share_or_dup(h->vars[i].name, borrow);
		v->scope = 0;
		v->not_automatic = h->vars[i].not_automatic;
		copy_into(&v->t, &h->vars[i].t, offset, borrow);
		v->borrowed = (unsigned char)borrow;
	}
}

void type_index_add_local_headers(struct type_index *ti, const char *path)
{
	const char *buf = ti->buf;
	const struct token_list *l = ti->l;
	const char *slash = strrchr(path, '/');
	size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
	struct strlist done = STRLIST_INIT;

	for (size_t i = 0; i + 2 < l->nr && done.nr < 16; i++) {
		struct strbuf name = STRBUF_INIT;
		struct cached_header *ch;
		char *hpath;
		size_t k;
		int seen = 0;

		if (l->tok[i].kind != TOK_HASH || !tok_ident(buf, l, i + 1, "include") ||
		    l->tok[i + 2].kind != TOK_STRING || l->tok[i + 2].len < 3 ||
		    buf[l->tok[i + 2].off] != '"')
			continue;
		token_spelling(buf, &l->tok[i + 2], &name);
		if (name.len < 3 || name.buf[1] == '/' ||
		    memchr(name.buf, '\\', name.len)) {
			strbuf_release(&name);
			continue; /* absolute, or escapes we do not interpret */
		}
		hpath = xasprintf("%.*s%.*s", (int)dirlen, path,
				  (int)(name.len - 2), name.buf + 1);
		strbuf_release(&name);
		for (k = 0; k < done.nr; k++)
			seen |= !strcmp(done.items[k], hpath);
		if (seen || strcmp(hpath, path) == 0) {
			free(hpath);
			continue;
		}
		strlist_push_nodup(&done, hpath);
		/* not next to the file: leave it unknown; parsed once for
		 * all the files of its folder */
		ch = header_cache_get(hpath);
		if (ch) {
			/* its strings are borrowed: held until ti goes */
			merge(ti, cached_header_index(ch), 1);
			ALLOC_GROW(ti->held, ti->nr_held + 1, ti->alloc_held);
			ti->held[ti->nr_held++] = ch;
		}
	}
	strlist_clear(&done);
}

int type_index_add_header(struct type_index *ti, const char *path)
{
	return type_index_add_header_side(ti, path, BRANCH_BOTH);
}

/* Past a block comment that starts at p (after its slash and star): its
 * end, or NULL when it has none or a splice inside may end it early. */
static const char *skip_comment(const char *p, const char *end)
{
	for (; p + 1 < end; p++) {
		if (p[0] == '*' && p[1] == '/')
			return p + 2;
		if (p[0] == '\\' && (p[1] == '\n' || p[1] == '\r'))
			return NULL;
	}
	return NULL;
}

/* Past a line comment at p: at its newline; NULL when a splice may
 * continue it. */
static const char *skip_line(const char *p, const char *end)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));

	if (!nl)
		return end;
	if ((nl > p && nl[-1] == '\\') ||
	    (nl - p > 1 && nl[-1] == '\r' && nl[-2] == '\\'))
		return NULL;
	return nl;
}

/* Past a directive line that starts at p (its '#'): at the newline that
 * ends it; NULL when unsure. */
static const char *skip_directive(const char *p, const char *end)
{
	while (p < end) {
		char c = *p;

		if (c == '\n')
			return p;
		if (c == '\\') { /* a splice continues the line */
			if (p + 1 < end && p[1] == '\n')
				p += 2;
			else if (p + 2 < end && p[1] == '\r' && p[2] == '\n')
				p += 3;
			else
				p++;
		} else if (c == '/' && p + 1 < end && p[1] == '*') {
			if (!(p = skip_comment(p + 2, end)))
				return NULL;
		} else if (c == '/' && p + 1 < end && p[1] == '/') {
			return skip_line(p, end);
		} else if (c == '/' && p + 1 < end && p[1] == '\\') {
			return NULL; /* a comment spliced open */
		} else if (c == '"' || c == '\'') {
			for (p++; p < end && *p != c; p++) {
				if (*p == '\n')
					return NULL; /* unterminated */
				if (*p == '\\')
					p++;
			}
			if (p >= end)
				return NULL;
			p++;
		} else {
			p++;
		}
	}
	return p;
}

/*
 * Does buf[0..len) hold only directive lines, comments and white space
 * (a register header's thousands of #defines)?  Then its index is empty:
 * a declaration starts at an identifier outside a directive.  A byte
 * scan, so that such a header is not lexed; it answers "no" when unsure
 * (a byte order mark, a digraph, a splice it does not follow), never a
 * wrong "yes" (test-tool cfront directives-only checks it against the
 * lexer).
 */
int type_index_directives_only(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;

	while (p < end) {
		char c = *p;

		if (c == ' ' || c == '\t' || c == '\f' || c == '\v' ||
		    c == '\r' || c == '\n') {
			p++;
		} else if (c == '#') {
			if (!(p = skip_directive(p + 1, end)))
				return 0;
		} else if (c == '/' && p + 1 < end && p[1] == '*') {
			if (!(p = skip_comment(p + 2, end)))
				return 0;
		} else if (c == '/' && p + 1 < end && p[1] == '/') {
			if (!(p = skip_line(p, end)))
				return 0;
		} else {
			return 0; /* code, or something to lex */
		}
	}
	return 1;
}

struct type_index *type_index_header(const char *path, int side)
{
	struct token_list hl = TOKEN_LIST_INIT;
	struct type_index *h;
	size_t hlen;
	char *hbuf = read_file(path, &hlen);

	if (!hbuf)
		return NULL;
	if (hlen > (4u << 20) || memchr(hbuf, '\0', hlen < 8000 ? hlen : 8000)) {
		free(hbuf);
		return NULL;
	}
	/* BRANCH_BOTH still drops what the header itself rules out
	 * ("#undef X" then "#ifdef X"). */
	branch_keep(hbuf, hlen, (enum branch_side)side);
	if (type_index_directives_only(hbuf, hlen)) {
		/* nothing to declare: the index lexing it would give */
		free(hbuf);
		return xcalloc(1, sizeof(*h));
	}
	lex_buffer(hbuf, hlen, &hl);
	h = type_index_build(hbuf, &hl);
	for (size_t i = 0; i < h->nr_records; i++)
		h->records[i].file = xstrdup(path);
	/* merge() copies names and types and never reads the tokens (a
	 * typeof() becomes unknown), so the index outlives its buffer. */
	h->buf = NULL;
	h->l = NULL;
	token_list_release(&hl);
	free(hbuf);
	return h;
}

void type_index_merge(struct type_index *ti, const struct type_index *h)
{
	merge(ti, h, 0);
}

void type_index_merge_borrowed(struct type_index *ti,
			       const struct type_index *h)
{
	merge(ti, h, 1);
}

int type_index_add_header_side(struct type_index *ti, const char *path,
			       int side)
{
	struct type_index *h = type_index_header(path, side);

	if (!h)
		return -1;
	merge(ti, h, 0);
	type_index_free(h);
	return 0;
}

const char *type_index_missing(const struct type_index *ti)
{
	return ti->missing[0] ? ti->missing : NULL;
}

const char *type_index_conflicted(const struct type_index *ti)
{
	return ti->conflicted[0] ? ti->conflicted : NULL;
}

size_t type_index_function_at(const struct type_index *ti, size_t i)
{
	/* functions are recorded in source order and do not nest */
	size_t lo = 0, hi = ti->nr_funcs;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (ti->funcs[mid].close < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < ti->nr_funcs && ti->funcs[lo].open < i && i < ti->funcs[lo].close)
		return ti->funcs[lo].open;
	return 0;
}

/* ---- resolution ---- */

/* A resolved type: a base that is not a typedef, plus derivations. */
struct rtype {
	enum base_kind kind;  /* never BK_TYPEDEF or BK_TYPEOF */
	char name[100];       /* canonical base name; "" when anonymous (a
				 copy: declared types may be freed first) */
	int record;           /* a record of this file, or -1 */
	char deriv[MAX_DERIV + 1];
	char sbase[110];      /* the base as declared ("u32_t"), and how many */
	int sdepth;           /* outer derivations are spelled out; -1: none */
	int is_volatile;
	int base_volatile;
};

static int resolve_expr(const struct type_index *ti, struct tok_range r,
			size_t scope, struct rtype *out, int depth);

/* Is record r what the tag of t names, where no record of t's own scope
 * was found for it (resolve_dtype)?  Only file-scope records: a struct
 * defined in one function's body is no other function's struct. */
static int tag_names(const struct record *r, const struct rtype *t)
{
	return t->name[0] && r->tag && !r->scope && !strcmp(r->tag, t->name) &&
	       r->is_union == (t->kind == BK_UNION);
}

/* tag_names() of record rec, for loops over every field: a record's
 * fields mostly follow one another, so its answer is kept and asked
 * again only when the record changes (a compare of the tag per field
 * was about 1 % of an audit of Linux 6.12); memo starts as TAG_MEMO_INIT */
struct tag_memo {
	int rec, same;
};
#define TAG_MEMO_INIT { -1, 0 }

static int tag_names_memo(const struct type_index *ti, int rec,
			  const struct rtype *t, struct tag_memo *memo)
{
	if (rec != memo->rec) {
		memo->rec = rec;
		memo->same = tag_names(&ti->records[rec], t);
	}
	return memo->same;
}

/* The record that tag `name` defines in the function body `scope`: it
 * hides the file's; -1 when none does. */
static int scoped_record(const struct type_index *ti, const char *name,
			 int is_union, size_t scope)
{
	if (!scope || !name || !name[0])
		return -1;
	for (size_t i = 0; i < ti->nr_records; i++) {
		const struct record *r = &ti->records[i];

		if (r->scope == scope && r->tag && r->is_union == is_union &&
		    !strcmp(r->tag, name))
			return (int)i;
	}
	return -1;
}

static const struct var *lookup(const struct var *v, size_t n,
				const char *buf, const struct token *t,
				size_t scope, int *conflict)
{
	const struct var *found = NULL;

	*conflict = 0;
	for (size_t i = 0; i < n; i++) {
		if (v[i].scope != scope || !token_is(buf, t, v[i].name))
			continue;
		if (found && !dtype_same(&found->t, &v[i].t)) {
			*conflict = 1;
			return NULL;
		}
		if (!found)
			found = &v[i];
	}
	return found;
}

/* The typedefs named `name` declared in exactly `scope`: one, or NULL
 * (with *conflict set when two disagree). */
static const struct var *typedef_in(const struct type_index *ti,
				    const char *name, size_t scope,
				    int *conflict)
{
	const struct var *found = NULL;

	for (size_t i = 0; i < ti->nr_typedefs; i++) {
		const struct var *v = &ti->typedefs[i];

		if (v->scope != scope || strcmp(v->name, name))
			continue;
		if (found && !dtype_same(&found->t, &v->t)) {
			*conflict = 1;
			return NULL;
		}
		if (!found)
			found = v;
	}
	return found;
}

/*
 * The typedef `name` as seen in the function body `scope` (0: at file
 * scope): one the body declares hides the file's; one another body
 * declares is not seen.  Two that disagree in the scope that names it
 * are a conflict: NULL, *conflict set.
 */
static const struct var *lookup_typedef(const struct type_index *ti,
					const char *name, size_t scope,
					int *conflict)
{
	const struct var *found = NULL;

	*conflict = 0;
	if (scope)
		found = typedef_in(ti, name, scope, conflict);
	return found || *conflict ? found : typedef_in(ti, name, 0, conflict);
}

/*
 * Append at most n bytes of s to out (size bytes, *at used), truncating
 * as snprintf() would and keeping it NUL-terminated: the spellings are
 * made several times per site, and snprintf()'s format parsing was the
 * largest cost of auditing a file of many findings (issue 33).
 */
static void put(char *out, size_t size, size_t *at, const char *s, size_t n)
{
	size_t room = *at + 1 < size ? size - 1 - *at : 0;

	if (n > room)
		n = room;
	memcpy(out + *at, s, n);
	*at += n;
	out[*at] = '\0';
}

static void put_str(char *out, size_t size, size_t *at, const char *s)
{
	put(out, size, at, s, strlen(s));
}

/* snprintf(out, size, "%s", s) */
static void copy_str(char *out, size_t size, const char *s)
{
	size_t at = 0;

	put_str(out, size, &at, s);
}

/* The C spelling of base with the derivations deriv[0..n). */
static void spell(char *out, size_t size, const char *base, const char *deriv,
		  size_t n)
{
	static const char stars[] = "***************";
	static const char brackets[] = "[][][][][][][][][][][][][][][]";
	size_t np = strspn(deriv, "p"), nap = 0, at = 0;

	if (np > n)
		np = n;
	/* "T *" for pointers, "T[]" for arrays, "T *[]" for arrays of pointers */
	while (nap < n && deriv[nap] == 'a')
		nap++;
	/* a truncated spelling is still a useful message */
	put_str(out, size, &at, base);
	if (np == n) {
		put_str(out, size, &at, n ? " " : "");
		put(out, size, &at, stars, n < sizeof(stars) - 1 ? n :
		    sizeof(stars) - 1);
	} else if (nap + strspn(deriv + nap, "p") >= n) {
		put_str(out, size, &at, n - nap ? " " : "");
		put(out, size, &at, stars, n - nap < sizeof(stars) - 1 ?
		    n - nap : sizeof(stars) - 1);
		put(out, size, &at, brackets, 2 * nap < sizeof(brackets) - 1 ?
		    2 * nap : sizeof(brackets) - 1);
	} else {
		put_str(out, size, &at, " (derived)");
	}
}

/* Turn a declared type into a resolved one, following typedefs. */
static int resolve_dtype(const struct type_index *ti, const struct dtype *t,
			 size_t scope, struct rtype *out, int depth)
{
	char deriv[MAX_DERIV + 1];
	const char *spelled_base = t->name;
	static const char *const kind_word[] = {
		[BK_STRUCT] = "struct", [BK_UNION] = "union", [BK_ENUM] = "enum",
	};
	char tagged[110];

	if (depth > MAX_DEPTH)
		return 0;
	memset(out, 0, sizeof(*out));
	out->record = -1;
	strcpy(deriv, t->deriv);
	switch (t->kind) {
	case BK_UNKNOWN:
	case BK_OPAQUE_PTR:
		return 0;
	case BK_SCALAR:
	case BK_VOID:
		out->kind = t->kind;
		copy_str(out->name, sizeof(out->name), t->name ? t->name : "");
		break;
	case BK_STRUCT:
	case BK_UNION:
	case BK_ENUM: {
		size_t at = 0;

		out->kind = t->kind;
		copy_str(out->name, sizeof(out->name), t->name ? t->name : "");
		out->record = t->record;
		if (out->record < 0 && t->kind != BK_ENUM)
			out->record = scoped_record(ti, t->name,
						    t->kind == BK_UNION, scope);
		put_str(tagged, sizeof(tagged), &at, kind_word[t->kind]);
		put_str(tagged, sizeof(tagged), &at, " ");
		put_str(tagged, sizeof(tagged), &at,
			t->name ? t->name : "<anonymous>");
		spelled_base = tagged;
		break;
	}
	case BK_TYPEDEF: {
		int conflict;
		const struct var *td = lookup_typedef(ti, t->name, scope,
						      &conflict);

		if (conflict) {
			note_name(((struct type_index *)ti)->conflicted,
				  sizeof(ti->conflicted), t->name);
			return 0;
		}
		if (!td) {
			for (size_t i = 0; i < ARRAY_SIZE(known_scalars); i++) {
				if (!strcmp(t->name, known_scalars[i])) {
					out->kind = BK_SCALAR;
					copy_str(out->name, sizeof(out->name),
						 known_scalars[i]);
					break;
				}
			}
			if (out->kind != BK_SCALAR) {
				note_missing(ti, t->name);
				return 0;
			}
			break;
		}
		if (!resolve_dtype(ti, &td->t, scope, out, depth + 1))
			return 0;
		if (strlen(deriv) + strlen(out->deriv) > MAX_DERIV)
			return 0;
		strcat(deriv, out->deriv);
		break;
	}
	case BK_TYPEOF: {
		struct rtype inner;

		if (!resolve_expr(ti, t->expr, scope, &inner, depth + 1))
			return 0;
		*out = inner;
		if (strlen(deriv) + strlen(inner.deriv) > MAX_DERIV)
			return 0;
		strcat(deriv, inner.deriv);
		spelled_base = NULL;
		break;
	}
	}
	strcpy(out->deriv, deriv);
	out->is_volatile = t->is_volatile;
	out->base_volatile |= t->base_volatile;
	if (spelled_base) {
		size_t at = 0;

		if (t->atomic)
			put_str(out->sbase, sizeof(out->sbase), &at, "_Atomic(");
		put_str(out->sbase, sizeof(out->sbase), &at, spelled_base);
		if (t->atomic)
			put_str(out->sbase, sizeof(out->sbase), &at, ")");
		out->sdepth = (int)strlen(t->deriv);
	} else {
		out->sdepth = -1;
	}
	return 1;
}

static int deref(struct rtype *t)
{
	size_t n = strlen(t->deriv);

	if (!n)
		return 0;
	memmove(t->deriv, t->deriv + 1, n);
	/* Spelled "u32_t *" becomes "u32_t"; inside a typedef we only know
	 * the canonical type. */
	t->sdepth = t->sdepth > 0 ? t->sdepth - 1 : -1;
	return 1;
}

/* The field `name` of the struct/union t (no derivations left). */
static int member(const struct type_index *ti, struct rtype *t,
		  const char *buf, const struct token *name, size_t scope,
		  int depth)
{
	const struct field *found = NULL;
	struct tag_memo memo = TAG_MEMO_INIT;

	if ((t->kind != BK_STRUCT && t->kind != BK_UNION) || t->deriv[0])
		return 0;
	for (size_t i = 0; i < ti->nr_fields; i++) {
		const struct field *f = &ti->fields[i];
		int same;

		if (t->record >= 0)
			same = f->record == t->record;
		else
			same = tag_names_memo(ti, f->record, t, &memo);
		if (!same || !token_is(buf, name, f->name))
			continue;
		if (found && !dtype_same(&found->t, &f->t))
			return 0; /* two definitions disagree */
		found = f;
	}
	if (!found) {
		if (t->record < 0)
			note_missing(ti, t->name); /* a tag defined elsewhere */
		return 0;
	}
	return resolve_dtype(ti, &found->t, scope, t, depth + 1);
}

static int is_cast_group(const struct type_index *ti, size_t open, size_t close)
{
	struct dtype t;
	size_t k = parse_specifiers((struct type_index *)ti, open + 1, close, &t,
				    NULL, MAX_DEPTH);
	int ok = k > open + 1;

	while (ok && k < close && is_p(ti, k, "*"))
		k++;
	ok = ok && k == close && t.kind != BK_TYPEDEF;
	if (k == close && t.kind == BK_TYPEDEF) {
		/* "(name)" is a cast only if name is a known type */
		int conflict;

		ok = lookup_typedef(ti, t.name,
				    type_index_function_at(ti, open),
				    &conflict) != NULL;
		for (size_t i = 0; !ok && i < ARRAY_SIZE(known_scalars); i++)
			ok = !strcmp(t.name, known_scalars[i]);
	}
	dtype_release(&t);
	return ok;
}

static int type_name_range(const struct type_index *ti, struct tok_range r,
			   size_t scope, struct rtype *out, int depth)
{
	struct dtype t;
	size_t k = parse_specifiers((struct type_index *)ti, r.begin, r.end, &t,
				    NULL, MAX_DEPTH);
	size_t np = 0;
	int ok;

	if (k == r.begin)
		return 0;
	while (k < r.end && (is_p(ti, k, "*") || tok_ident(ti->buf, ti->l, k, "const") ||
			     tok_ident(ti->buf, ti->l, k, "volatile"))) {
		if (is_p(ti, k, "*"))
			np++;
		k++;
	}
	if (k != r.end || np + strlen(t.deriv) > MAX_DERIV) {
		dtype_release(&t);
		return 0;
	}
	memmove(t.deriv + np, t.deriv, strlen(t.deriv) + 1);
	memset(t.deriv, 'p', np);
	ok = resolve_dtype(ti, &t, scope, out, depth + 1);
	dtype_release(&t);
	return ok;
}

static int resolve_expr(const struct type_index *ti, struct tok_range r,
			size_t scope, struct rtype *out, int depth)
{
	const char *buf = ti->buf;
	const struct token_list *l = ti->l;
	size_t p;
	int conflict;

	if (depth > MAX_DEPTH)
		return 0;
	/* strip parentheses around the whole expression */
	for (int k = 0; r.end - r.begin >= 2 && is_p(ti, r.begin, "(") &&
	     is_p(ti, r.end - 1, ")") &&
	     tok_match(buf, l, r.begin) == r.end - 1; k++) {
		if (k == MAX_DEPTH)
			return 0; /* deeper than real code goes: unknown */
		r.begin++;
		r.end--;
	}
	if (r.begin >= r.end)
		return 0;
	if (is_p(ti, r.begin, "*")) {
		struct tok_range in = { r.begin + 1, r.end };

		if (!resolve_expr(ti, in, scope, out, depth + 1) || !deref(out))
			return 0;
		return 1;
	}
	if (is_p(ti, r.begin, "&")) {
		struct tok_range in = { r.begin + 1, r.end };
		size_t n;

		if (!resolve_expr(ti, in, scope, out, depth + 1))
			return 0;
		n = strlen(out->deriv);
		if (n >= MAX_DERIV)
			return 0;
		memmove(out->deriv + 1, out->deriv, n + 1);
		out->deriv[0] = 'p';
		if (out->sdepth >= 0)
			out->sdepth++;
		return 1;
	}
	if (is_p(ti, r.begin, "(")) {
		size_t m = tok_match(buf, l, r.begin);

		if (m + 1 < r.end && is_cast_group(ti, r.begin, m)) {
			struct tok_range tn = { r.begin + 1, m };

			if (unary_expr_end(buf, l, m + 1) != r.end)
				return 0;
			return type_name_range(ti, tn, scope, out, depth + 1);
		}
		if (m >= r.end)
			return 0;
		if (!resolve_expr(ti, (struct tok_range){ r.begin + 1, m }, scope,
				  out, depth + 1))
			return 0;
		p = m + 1;
	} else if (l->tok[r.begin].kind == TOK_IDENT) {
		const struct var *v = NULL;

		if (scope) {
			size_t nv;
			const struct var *sv = scope_vars(ti, scope, &nv);

			v = lookup(sv, nv, buf, &l->tok[r.begin], scope,
				   &conflict);
		}
		if (!v && !(scope && conflict))
			v = lookup(ti->vars, ti->nr_vars, buf, &l->tok[r.begin],
				   0, &conflict);
		if (!v || !resolve_dtype(ti, &v->t, scope, out, depth + 1))
			return 0;
		p = r.begin + 1;
	} else {
		return 0;
	}
	/* postfix operators */
	while (p < r.end) {
		if (is_p(ti, p, "[")) {
			size_t m = tok_match(buf, l, p);

			if (m >= r.end || !deref(out))
				return 0;
			p = m + 1;
		} else if ((is_p(ti, p, ".") || is_p(ti, p, "->")) && p + 1 < r.end &&
			   l->tok[p + 1].kind == TOK_IDENT) {
			if (is_p(ti, p, "->") && !deref(out))
				return 0;
			if (!member(ti, out, buf, &l->tok[p + 1], scope, depth))
				return 0;
			p += 2;
		} else {
			return 0; /* a call, a binary operator: not modelled */
		}
	}
	return 1;
}

static enum type_class class_of(const struct rtype *t)
{
	if (t->deriv[0] == 'p')
		return TC_POINTER;
	if (t->deriv[0] == 'a')
		return TC_ARRAY;
	switch (t->kind) {
	case BK_SCALAR:
	case BK_ENUM:
		return TC_SCALAR;
	case BK_STRUCT:
		return TC_STRUCT;
	case BK_UNION:
		return TC_UNION;
	default:
		return TC_UNKNOWN;
	}
}

static int answer(const struct rtype *t, struct type_answer *out)
{
	static const char *const kind_word[] = {
		[BK_STRUCT] = "struct ", [BK_UNION] = "union ", [BK_ENUM] = "enum ",
	};
	char base[110];
	size_t at = 0;

	out->cls = class_of(t);
	if (out->cls == TC_UNKNOWN)
		return 0;
	out->is_volatile = t->is_volatile;
	out->volatile_base = t->base_volatile;
	put_str(base, sizeof(base), &at,
		t->kind == BK_STRUCT || t->kind == BK_UNION || t->kind == BK_ENUM ?
		kind_word[t->kind] : "");
	put_str(base, sizeof(base), &at, t->name[0] ? t->name : "<anonymous>");
	spell(out->canonical, sizeof(out->canonical), base, t->deriv,
	      strlen(t->deriv));
	if (t->sdepth >= 0 && (size_t)t->sdepth <= strlen(t->deriv))
		spell(out->spelled, sizeof(out->spelled), t->sbase, t->deriv,
		      (size_t)t->sdepth);
	else
		memcpy(out->spelled, out->canonical, sizeof(out->spelled));
	return 1;
}

/* The answer, and where the struct or union it is (not a pointer to
 * one) is defined. */
static int record_of(const struct type_index *ti, const struct rtype *t);

static int answer_in(const struct type_index *ti, const struct rtype *t,
		     struct type_answer *out)
{
	int k;

	out->def_file[0] = '\0';
	out->def_line = out->def_end_line = 0;
	if (!answer(t, out))
		return 0;
	if (!t->deriv[0] && (k = record_of(ti, t)) >= 0 &&
	    (size_t)k < ti->nr_records) {
		const struct record *r = &ti->records[k];

		if (r->file && strlen(r->file) >= sizeof(out->def_file))
			return 1; /* a path too long to name: not known */
		copy_str(out->def_file, sizeof(out->def_file),
			 r->file ? r->file : "");
		out->def_line = r->line;
		out->def_end_line = r->end_line;
	}
	return 1;
}

/* Resolve expression r where it stands, starting a fresh query. */
static int resolve_here(const struct type_index *ti, struct tok_range r,
			struct rtype *t)
{
	((struct type_index *)ti)->missing[0] = '\0';
	((struct type_index *)ti)->conflicted[0] = '\0';
	return resolve_expr(ti, r, type_index_function_at(ti, r.begin), t, 0);
}

int type_index_expr(const struct type_index *ti, const char *buf,
		    const struct token_list *l, struct tok_range r,
		    struct type_answer *out)
{
	struct rtype t;

	(void)buf;
	(void)l;
	memset(out, 0, sizeof(*out));
	return resolve_here(ti, r, &t) && answer_in(ti, &t, out);
}

int type_index_text_expr(const struct type_index *ti, const char *text,
			 size_t len, struct type_answer *out)
{
	struct token_list tl = TOKEN_LIST_INIT;
	struct type_index view;
	struct rtype t;
	int ok;

	memset(out, 0, sizeof(*out));
	lex_buffer(text, len, &tl);
	/* the same tables read with the text's tokens: every name the
	 * queries compare is a string of the tables, and scope 0 parses
	 * no function body (the only use of the file's own tokens) */
	view = *ti;
	view.buf = text;
	view.l = &tl;
	view.missing[0] = view.conflicted[0] = '\0';
	ok = tl.nr > 1 &&
	     resolve_expr(&view, (struct tok_range){ 0, tl.nr - 1 }, 0, &t, 0) &&
	     answer_in(&view, &t, out);
	token_list_release(&tl);
	return ok;
}

/* ---- storage units ---- */

/* Bytes of a scalar named as the index spells it (LP64: long is 8). */
static unsigned scalar_bytes(const char *n)
{
	static const struct { const char *name; unsigned bytes; } named[] = {
		{ "u8", 1 }, { "s8", 1 }, { "__u8", 1 }, { "__s8", 1 },
		{ "uint8_t", 1 }, { "int8_t", 1 }, { "bool", 1 }, { "uchar", 1 },
		{ "u16", 2 }, { "s16", 2 }, { "__u16", 2 }, { "__s16", 2 },
		{ "__le16", 2 }, { "__be16", 2 }, { "uint16_t", 2 },
		{ "int16_t", 2 }, { "ushort", 2 },
		{ "u32", 4 }, { "s32", 4 }, { "__u32", 4 }, { "__s32", 4 },
		{ "__le32", 4 }, { "__be32", 4 }, { "uint32_t", 4 },
		{ "int32_t", 4 }, { "uint", 4 }, { "pid_t", 4 }, { "gfp_t", 4 },
		{ "uid_t", 4 }, { "gid_t", 4 },
		{ "u64", 8 }, { "s64", 8 }, { "__u64", 8 }, { "__s64", 8 },
		{ "__le64", 8 }, { "__be64", 8 }, { "uint64_t", 8 },
		{ "int64_t", 8 }, { "uintptr_t", 8 }, { "intptr_t", 8 },
		{ "size_t", 8 }, { "ssize_t", 8 }, { "ptrdiff_t", 8 },
		{ "phys_addr_t", 8 }, { "dma_addr_t", 8 },
		{ "resource_size_t", 8 }, { "loff_t", 8 }, { "off_t", 8 },
		{ "sector_t", 8 }, { "ulong", 8 }, { "time64_t", 8 },
		{ "ktime_t", 8 },
	};
	size_t len = strlen(n);

	for (size_t i = 0; i < ARRAY_SIZE(named); i++)
		if (!strcmp(n, named[i].name))
			return named[i].bytes;
#define ENDS(s) (len >= sizeof(s) - 1 && !strcmp(n + len - (sizeof(s) - 1), s))
	if (ENDS("char") || ENDS("_Bool"))
		return 1;
	if (ENDS("short"))
		return 2;
	if (ENDS("long double") || ENDS("__int128"))
		return 16;
	if (ENDS("long") || ENDS("double"))
		return 8;
	if (ENDS("int") || ENDS("float"))
		return 4;
#undef ENDS
	return 0;
}

static int units_of(const struct type_index *ti, const struct rtype *t,
		    int depth, struct type_units *u);

/*
 * Where field f sits in record rec: -1 a member of its own, the index of
 * the anonymous struct/union member of rec that holds it (however deep),
 * or -2 when it is not in rec.
 */
static int place_in(const struct type_index *ti, const struct field *f,
		    int rec)
{
	int c = f->origin;

	if (c == rec)
		return -1;
	for (int n = 0; c >= 0 && n <= MAX_DEPTH; n++) {
		int up = ti->records[c].parent;

		if (up == rec)
			return c;
		c = up;
	}
	return f->record == rec ? -1 : -2;
}

/*
 * A struct's units add up (a run of bit-fields of one declared type
 * that fits in it is one unit); a union is as many units as its member
 * that uses the most.  An anonymous struct/union member (whose fields the
 * parser merged into the parent, for names) counts as one member with
 * its own units: a struct holding `union { u32 word; struct { u16 lo,
 * hi; }; }` uses two units, not three.
 */
static int record_units(const struct type_index *ti, const struct rtype *t,
			int depth, struct type_units *u)
{
	int is_union = t->kind == BK_UNION, any = 0, last_anon = -1;
	unsigned run_bytes = 0, run_bits = 0;
	struct tag_memo memo = TAG_MEMO_INIT;

	memset(u, 0, sizeof(*u));
	u->min_unit = ~0u;
	for (size_t i = 0; i < ti->nr_fields; i++) {
		const struct field *f = &ti->fields[i];
		struct rtype ft;
		struct type_units fu;
		int place;

		if (t->record >= 0) {
			place = place_in(ti, f, t->record);
		} else if (tag_names_memo(ti, f->record, t, &memo)) {
			place = place_in(ti, f, f->record);
		} else {
			continue;
		}
		if (place == -2 || (place >= 0 && place == last_anon))
			continue;
		last_anon = place;
		if (place >= 0) {
			/* The anonymous member, counted whole. */
			struct rtype at;

			memset(&at, 0, sizeof(at));
			at.kind = ti->records[place].is_union ? BK_UNION : BK_STRUCT;
			at.record = place;
			if (depth > MAX_DEPTH ||
			    !record_units(ti, &at, depth + 1, &fu))
				return 0;
			any = 1;
			run_bytes = run_bits = 0;
			goto add;
		}
		if (!resolve_dtype(ti, &f->t, 0, &ft, depth + 1) ||
		    !units_of(ti, &ft, depth + 1, &fu))
			return 0;
		any = 1;
		if (f->bits >= 0 && !is_union) {
			if (run_bytes == fu.size &&
			    run_bits + (unsigned)f->bits <= 8 * run_bytes) {
				run_bits += (unsigned)f->bits;
				continue; /* shares the unit of the run */
			}
			run_bytes = f->bits ? fu.size : 0;
			run_bits = (unsigned)f->bits;
			fu.units = 1;
		} else {
			run_bytes = run_bits = 0;
		}
		if (f->bits >= 0 && is_union)
			fu.units = 1;
add:
		if (fu.min_unit < u->min_unit)
			u->min_unit = fu.min_unit;
		if (is_union) {
			if (fu.size > u->size)
				u->size = fu.size;
			if (fu.units > u->units)
				u->units = fu.units;
		} else {
			u->size += fu.size;
			u->units += fu.units;
		}
	}
	return any;
}

static int units_of(const struct type_index *ti, const struct rtype *t,
		    int depth, struct type_units *u)
{
	if (depth > MAX_DEPTH)
		return 0;
	memset(u, 0, sizeof(*u));
	if (t->deriv[0] == 'p') {
		u->size = u->min_unit = 8;
		u->units = 1;
		return 1;
	}
	if (t->deriv[0] == 'a') {
		/* The element count is not kept: at least two elements. */
		struct rtype e = *t;

		memmove(e.deriv, e.deriv + 1, strlen(e.deriv));
		if (!units_of(ti, &e, depth + 1, u))
			return 0;
		u->size *= 2;
		u->units *= 2;
		return 1;
	}
	switch (t->kind) {
	case BK_SCALAR:
		u->size = u->min_unit = scalar_bytes(t->name);
		u->units = 1;
		return u->size != 0;
	case BK_ENUM:
		u->size = u->min_unit = 4;
		u->units = 1;
		return 1;
	case BK_STRUCT:
	case BK_UNION:
		return record_units(ti, t, depth, u);
	default:
		return 0;
	}
}

int type_index_expr_units(const struct type_index *ti, const char *buf,
			  const struct token_list *l, struct tok_range r,
			  struct type_units *out)
{
	struct rtype t;

	(void)buf;
	(void)l;
	memset(out, 0, sizeof(*out));
	return resolve_here(ti, r, &t) && units_of(ti, &t, 0, out);
}

/* ---- layout: size and alignment as the ABIs place members ---- */

static int layout_of(const struct type_index *ti, const struct rtype *t,
		     enum data_model dm, int depth, struct type_layout *out);

const char *data_model_name(enum data_model dm)
{
	switch (dm) {
	case DM_LP64:
		return "the LP64 targets";
	case DM_ARM32:
		return "32-bit ARM";
	case DM_I386:
		return "i386";
	default:
		return "?";
	}
}

/* Is word w one of the blank-separated words of n? */
static int has_word(const char *n, const char *w)
{
	size_t len = strlen(w);

	for (const char *p = n; (p = strstr(p, w)); p += len)
		if ((p == n || p[-1] == ' ') && (p[len] == ' ' || !p[len]))
			return 1;
	return 0;
}

/*
 * The size of scalar type n under the data model (0: not known).  long
 * (once: "long long" is 8 everywhere) and the names of a word or an
 * address are 8 bytes on LP64 and 4 on the 32-bit models; a name whose
 * size a configuration chooses on a 32-bit target (LPAE's phys_addr_t,
 * _FILE_OFFSET_BITS's off_t, CONFIG_LBDAF's sector_t) is not known
 * there.
 */
static unsigned scalar_bytes_in(const char *n, enum data_model dm)
{
	static const char *const word_names[] = {
		"ulong", "size_t", "ssize_t", "ptrdiff_t", "uintptr_t",
		"intptr_t",
	};
	static const char *const chosen_names[] = {
		"phys_addr_t", "dma_addr_t", "resource_size_t", "off_t",
		"sector_t",
	};
	unsigned word = dm == DM_LP64 ? 8 : 4;
	const char *l1 = strstr(n, "long");

	for (size_t i = 0; i < ARRAY_SIZE(word_names); i++)
		if (!strcmp(n, word_names[i]))
			return word;
	for (size_t i = 0; i < ARRAY_SIZE(chosen_names); i++)
		if (!strcmp(n, chosen_names[i]))
			return dm == DM_LP64 ? 8 : 0;
	if (has_word(n, "long") && !has_word(n, "double") &&
	    !(l1 && strstr(l1 + 4, "long")))
		return word; /* "long", "unsigned long int" ... */
	return scalar_bytes(n);
}

/* A scalar's alignment: its size, but 8-byte ones in a record on i386. */
static unsigned scalar_align_in(unsigned size, enum data_model dm)
{
	return dm == DM_I386 && size > 4 ? 4 : size;
}

static unsigned round_up(unsigned n, unsigned to)
{
	return to ? (n + to - 1) / to * to : n;
}

/*
 * A record's layout, its members in order: each at the next offset its
 * alignment allows; a bit-field where it is when it fits in a unit of
 * its declared type's size that starts at a multiple of that type's
 * alignment, else at the next such multiple (the System V rule, which
 * the AArch64, ARM, PowerPC64, RISC-V and s390x ABIs share; on i386 a
 * u64 unit may start at any 4 bytes), its type's alignment counted; a
 * union as its largest member; the size rounded up to the alignment.
 * An anonymous member is laid out as one member.  A zero-width
 * bit-field, or a member whose type is unknown, gives 0.
 */
static int record_layout(const struct type_index *ti, const struct rtype *t,
			 enum data_model dm, int depth, struct type_layout *out)
{
	int is_union = t->kind == BK_UNION, any = 0, last_anon = -1;
	unsigned bits = 0, size_bits = 0;
	struct tag_memo memo = TAG_MEMO_INIT;

	memset(out, 0, sizeof(*out));
	out->align = 1;
	if (t->record >= 0)
		out->attr = ti->records[t->record].layout_attr;
	for (size_t i = 0; i < ti->nr_fields; i++) {
		const struct field *f = &ti->fields[i];
		const struct record *r = &ti->records[f->record];
		struct type_layout fl;
		struct rtype ft;
		unsigned at, unit;
		int place;

		if (t->record >= 0) {
			place = place_in(ti, f, t->record);
		} else if (tag_names_memo(ti, f->record, t, &memo)) {
			place = place_in(ti, f, f->record);
			out->attr |= r->layout_attr;
		} else {
			continue;
		}
		if (place == -2 || (place >= 0 && place == last_anon))
			continue;
		last_anon = place;
		memset(&ft, 0, sizeof(ft));
		if (place >= 0) {
			ft.kind = ti->records[place].is_union ? BK_UNION :
								BK_STRUCT;
			ft.record = place;
			if (depth > MAX_DEPTH ||
			    !record_layout(ti, &ft, dm, depth + 1, &fl))
				return 0;
		} else if (!resolve_dtype(ti, &f->t, 0, &ft, depth + 1) ||
			   !layout_of(ti, &ft, dm, depth + 1, &fl)) {
			return 0;
		}
		any = 1;
		out->attr |= fl.attr;
		if (fl.align > out->align)
			out->align = fl.align;
		if (place < 0 && f->bits == 0)
			return 0;
		if (place < 0 && f->bits > 0) {
			unit = 8 * fl.align;
			at = is_union ? 0 : bits;
			if (at - at % unit + 8 * fl.size < at + (unsigned)f->bits)
				at = round_up(at, unit);
			at += (unsigned)f->bits;
		} else {
			at = is_union ? 0 : round_up(bits, 8 * fl.align);
			at += 8 * fl.size;
		}
		if (!is_union)
			bits = at;
		if (at > size_bits)
			size_bits = at;
	}
	out->size = round_up(round_up(size_bits, 8) / 8, out->align);
	return any;
}

static int layout_of(const struct type_index *ti, const struct rtype *t,
		     enum data_model dm, int depth, struct type_layout *out)
{
	memset(out, 0, sizeof(*out));
	if (depth > MAX_DEPTH)
		return 0;
	if (t->deriv[0] == 'p') {
		out->size = out->align = dm == DM_LP64 ? 8 : 4;
		return 1;
	}
	if (t->deriv[0] == 'a')
		return 0; /* the element count is not kept */
	switch (t->kind) {
	case BK_SCALAR:
		out->size = scalar_bytes_in(t->name, dm);
		out->align = scalar_align_in(out->size, dm);
		return out->size != 0 && out->size <= 8;
	case BK_ENUM:
		out->size = out->align = 4;
		return 1;
	case BK_STRUCT:
	case BK_UNION:
		return record_layout(ti, t, dm, depth, out);
	default:
		return 0;
	}
}

int type_index_expr_layout_in(const struct type_index *ti, const char *buf,
			      const struct token_list *l, struct tok_range r,
			      enum data_model dm, struct type_layout *out)
{
	struct rtype t;

	(void)buf;
	(void)l;
	memset(out, 0, sizeof(*out));
	return resolve_here(ti, r, &t) && layout_of(ti, &t, dm, 0, out);
}

int type_index_expr_layout(const struct type_index *ti, const char *buf,
			   const struct token_list *l, struct tok_range r,
			   struct type_layout *out)
{
	return type_index_expr_layout_in(ti, buf, l, r, DM_LP64, out);
}

enum local_storage type_index_local_storage(const struct type_index *ti,
					    size_t i)
{
	size_t scope = type_index_function_at(ti, i), nv;
	enum local_storage ret = LOCAL_NONE;
	const struct var *vars;

	if (!scope || i >= ti->l->nr || ti->l->tok[i].kind != TOK_IDENT)
		return LOCAL_NONE;
	vars = scope_vars(ti, scope, &nv);
	/* Every declaration of the name in the function counts (two blocks
	 * may each have one): one that outlives the call decides. */
	for (size_t v = 0; v < nv; v++) {
		if (vars[v].scope != scope ||
		    !token_is(ti->buf, &ti->l->tok[i], vars[v].name))
			continue;
		if (vars[v].not_automatic)
			return LOCAL_STATIC;
		ret = LOCAL_AUTOMATIC;
	}
	return ret;
}

/*
 * The field named name[0..len) of the struct or union t (no derivations):
 * a member of its own or of an anonymous member of it, not a bit-field;
 * NULL when there is none, or two definitions of the record disagree.
 */
static const struct field *member_named(const struct type_index *ti,
					const struct rtype *t,
					const char *name, size_t len)
{
	const struct field *found = NULL;
	struct tag_memo memo = TAG_MEMO_INIT;

	if ((t->kind != BK_STRUCT && t->kind != BK_UNION) || t->deriv[0])
		return NULL;
	for (size_t i = 0; i < ti->nr_fields; i++) {
		const struct field *f = &ti->fields[i];
		int same;

		if (t->record >= 0)
			same = f->record == t->record;
		else
			same = tag_names_memo(ti, f->record, t, &memo);
		if (!same || !f->name || strlen(f->name) != len ||
		    memcmp(f->name, name, len))
			continue;
		if (found && !dtype_same(&found->t, &f->t))
			return NULL; /* two definitions disagree */
		found = f;
	}
	return found && found->bits < 0 ? found : NULL;
}

int type_index_member_of(const struct type_index *ti, const char *buf,
			 const struct token_list *l, struct tok_range r,
			 size_t m, struct type_answer *out, unsigned *size)
{
	const struct field *found;
	struct type_layout lay;
	struct rtype t;

	memset(out, 0, sizeof(*out));
	*size = 0;
	if (m >= l->nr || l->tok[m].kind != TOK_IDENT ||
	    !resolve_here(ti, r, &t) ||
	    !(found = member_named(ti, &t, buf + l->tok[m].off,
				   l->tok[m].len)) ||
	    !resolve_dtype(ti, &found->t, type_index_function_at(ti, r.begin),
			   &t, 1) ||
	    !answer_in(ti, &t, out))
		return 0;
	if (layout_of(ti, &t, DM_LP64, 0, &lay))
		*size = lay.size;
	return 1;
}

int type_index_member_layout_in(const struct type_index *ti, const char *buf,
				const struct token_list *l, struct tok_range r,
				const char *name, enum data_model dm,
				struct type_layout *out)
{
	const struct field *f;
	struct rtype t;

	(void)buf;
	(void)l;
	memset(out, 0, sizeof(*out));
	if (!resolve_here(ti, r, &t))
		return 0;
	if (t.deriv[0] == 'p' && !t.deriv[1])
		deref(&t);
	return (f = member_named(ti, &t, name, strlen(name))) &&
	       resolve_dtype(ti, &f->t, type_index_function_at(ti, r.begin),
			     &t, 1) &&
	       layout_of(ti, &t, dm, 0, out);
}

int type_index_type_name(const struct type_index *ti, const char *buf,
			 const struct token_list *l, struct tok_range r,
			 struct type_answer *out)
{
	struct rtype t;

	(void)buf;
	(void)l;
	memset(out, 0, sizeof(*out));
	if (!type_name_range(ti, r, type_index_function_at(ti, r.begin), &t, 0))
		return 0;
	return answer_in(ti, &t, out);
}

size_t type_index_nr_functions(const struct type_index *ti)
{
	return ti->nr_funcs;
}

struct tok_range type_index_function(const struct type_index *ti, size_t k)
{
	struct tok_range r = { ti->funcs[k].open, ti->funcs[k].close };

	return r;
}

const char *type_class_name(enum type_class c)
{
	static const char *const names[] = {
		"unknown", "scalar", "pointer", "struct", "union", "array",
		"function",
	};

	return names[c];
}

/* ---- a scalar that aliases an aggregate (fix --from-scan) ---- */

/* The record that t (a struct or union, no derivations) names here: its
 * own, or the first with its tag; -1 when none is known. */
static int record_of(const struct type_index *ti, const struct rtype *t)
{
	if (t->kind != BK_STRUCT && t->kind != BK_UNION)
		return -1;
	if (t->record >= 0)
		return t->record;
	for (size_t i = 0; i < ti->nr_records; i++)
		if (tag_names(&ti->records[i], t))
			return (int)i;
	return -1;
}

/* A scalar field declared in record `origin`, not a bit-field, of exactly
 * `size` bytes, other than `skip`: its name, or NULL. */
static const char *scalar_of_size(const struct type_index *ti, int origin,
				  unsigned size, const char *skip)
{
	for (size_t i = 0; i < ti->nr_fields; i++) {
		const struct field *f = &ti->fields[i];
		struct rtype ft;
		struct type_units fu;

		if (f->origin != origin || f->bits >= 0 || !f->name ||
		    (skip && !strcmp(f->name, skip)))
			continue;
		if (!resolve_dtype(ti, &f->t, 0, &ft, 1) ||
		    class_of(&ft) != TC_SCALAR || !units_of(ti, &ft, 1, &fu))
			continue;
		if (fu.size == size)
			return f->name;
	}
	return NULL;
}

int type_index_scalar_alias(const struct type_index *ti, const char *buf,
			    const struct token_list *l, struct tok_range r,
			    const char *of, unsigned size, char *name,
			    size_t namesize)
{
	const char *found = NULL;
	struct rtype t;
	int rec;

	(void)buf;
	(void)l;
	if (!resolve_here(ti, r, &t))
		return 0;
	if (of && t.deriv[0] == 'p' && !t.deriv[1])
		deref(&t);
	if (t.deriv[0] || (rec = record_of(ti, &t)) < 0)
		return 0;
	if (!of) {
		/* A union's members all start at its start; a struct's
		 * member as wide as the struct is its only one. */
		struct type_units u;

		if (!units_of(ti, &t, 0, &u) || u.size != size)
			return 0;
		found = scalar_of_size(ti, rec, size, NULL);
		/* A scalar as wide as the whole, reached by its name through
		 * anonymous members -- struct { union { u32 slock; struct
		 * __raw_tickets tickets; }; } -- spans all of it too. */
		for (size_t i = 0; i < ti->nr_fields && !found; i++) {
			const struct field *f = &ti->fields[i];

			if (f->record == rec && f->origin != rec &&
			    place_in(ti, f, rec) >= 0)
				found = scalar_of_size(ti, f->origin, size,
						       NULL);
		}
	} else {
		/* `of` and the scalar must be members of one union: r's own,
		 * or an anonymous union of r's that holds `of`. */
		for (size_t i = 0; i < ti->nr_fields && !found; i++) {
			const struct field *f = &ti->fields[i];
			int u = f->origin;

			struct rtype ft;
			struct type_units fu;

			if (f->record != rec || !f->name || strcmp(f->name, of))
				continue;
			if (!ti->records[u].is_union ||
			    (u != rec && place_in(ti, f, rec) != u))
				return 0;
			/* `of` itself is the aggregate of `size` bytes */
			if (!resolve_dtype(ti, &f->t, 0, &ft, 1) ||
			    (class_of(&ft) != TC_STRUCT &&
			     class_of(&ft) != TC_UNION) ||
			    !units_of(ti, &ft, 1, &fu) || fu.size != size)
				return 0;
			found = scalar_of_size(ti, u, size, of);
		}
	}
	if (!found || strlen(found) >= namesize)
		return 0;
	memcpy(name, found, strlen(found) + 1);
	return 1;
}

/* ---- the lazy index against the eager one (tests) ---- */

static int same_str(const char *a, const char *b)
{
	return a && b ? !strcmp(a, b) : a == b;
}

static int dtype_equal(const struct dtype *a, const struct dtype *b)
{
	return a->kind == b->kind && same_str(a->name, b->name) &&
	       a->record == b->record && a->expr.begin == b->expr.begin &&
	       a->expr.end == b->expr.end && !strcmp(a->deriv, b->deriv) &&
	       a->is_volatile == b->is_volatile &&
	       a->base_volatile == b->base_volatile;
}

static int var_equal(const struct var *a, const struct var *b)
{
	return same_str(a->name, b->name) && a->scope == b->scope &&
	       a->not_automatic == b->not_automatic && dtype_equal(&a->t, &b->t);
}

/* The variables of `scope` in v[0..n), in order, against w[0..m). */
static int same_scope(const struct var *v, size_t n, const struct var *w,
		      size_t m, size_t scope)
{
	size_t i = 0, k = 0;

	for (;;) {
		while (i < n && v[i].scope != scope)
			i++;
		while (k < m && w[k].scope != scope)
			k++;
		if (i == n || k == m)
			return i == n && k == m;
		if (!var_equal(&v[i++], &w[k++]))
			return 0;
	}
}

int type_index_check_lazy(const char *buf, const struct token_list *l,
			  struct strbuf *why)
{
	struct type_index *e = build(buf, l, 1), *z = build(buf, l, 0);
	size_t nv, lazy = 0;
	int bad = 0;

	if (e->nr_records != z->nr_records || e->nr_fields != z->nr_fields ||
	    e->nr_typedefs != z->nr_typedefs || e->nr_funcs != z->nr_funcs) {
		strbuf_addf(why, "tables of other sizes: records %zu/%zu, "
			    "fields %zu/%zu, typedefs %zu/%zu, functions "
			    "%zu/%zu", e->nr_records, z->nr_records,
			    e->nr_fields, z->nr_fields, e->nr_typedefs,
			    z->nr_typedefs, e->nr_funcs, z->nr_funcs);
		bad = 1;
		goto out;
	}
	for (size_t i = 0; i < e->nr_records && !bad; i++) {
		const struct record *a = &e->records[i], *b = &z->records[i];

		if (!same_str(a->tag, b->tag) || !same_str(a->file, b->file) ||
		    a->line != b->line || a->end_line != b->end_line ||
		    a->is_union != b->is_union || a->parent != b->parent ||
		    a->layout_attr != b->layout_attr) {
			strbuf_addf(why, "record %zu differs (line %u)", i,
				    a->line);
			bad = 1;
		}
	}
	for (size_t i = 0; i < e->nr_fields && !bad; i++) {
		const struct field *a = &e->fields[i], *b = &z->fields[i];

		if (a->record != b->record || a->origin != b->origin ||
		    !same_str(a->name, b->name) || a->bits != b->bits ||
		    !dtype_equal(&a->t, &b->t)) {
			strbuf_addf(why, "field %zu '%s' differs", i,
				    a->name ? a->name : "");
			bad = 1;
		}
	}
	for (size_t i = 0; i < e->nr_typedefs && !bad; i++)
		if (!same_str(e->typedefs[i].name, z->typedefs[i].name) ||
		    e->typedefs[i].scope != z->typedefs[i].scope ||
		    !dtype_equal(&e->typedefs[i].t, &z->typedefs[i].t)) {
			strbuf_addf(why, "typedef %zu '%s' differs", i,
				    e->typedefs[i].name);
			bad = 1;
		}
	if (!bad && !same_scope(e->vars, e->nr_vars, z->vars, z->nr_vars, 0)) {
		strbuf_addstr(why, "the file-scope variables differ");
		bad = 1;
	}
	for (size_t i = 0; i < e->nr_funcs && !bad; i++) {
		const struct var *v;

		if (e->funcs[i].open != z->funcs[i].open ||
		    e->funcs[i].close != z->funcs[i].close) {
			strbuf_addf(why, "function %zu has other bounds", i);
			bad = 1;
			break;
		}
		lazy += z->funcs[i].lazy;
		v = scope_vars(z, z->funcs[i].open, &nv);
		if (!same_scope(e->vars, e->nr_vars, v, nv, e->funcs[i].open)) {
			strbuf_addf(why, "the variables of the function at "
				    "line %u differ",
				    l->tok[e->funcs[i].open].line);
			bad = 1;
		}
		/* the lazy parse left the file's tables as they were */
		if (z->nr_records != e->nr_records ||
		    z->nr_fields != e->nr_fields ||
		    z->nr_typedefs != e->nr_typedefs) {
			strbuf_addstr(why, "a lazy parse added a type");
			bad = 1;
		}
	}
	/* no variable of the eager index outside the file's scopes */
	for (size_t i = 0; i < e->nr_vars && !bad; i++) {
		size_t s = e->vars[i].scope;

		if (s && func_of(e, s) == e->nr_funcs) {
			strbuf_addf(why, "variable '%s' of an unknown scope",
				    e->vars[i].name);
			bad = 1;
		}
	}
	if (!bad)
		strbuf_addf(why, "%zu functions, %zu parsed late", e->nr_funcs,
			    lazy);
out:
	type_index_free(e);
	type_index_free(z);
	return bad;
}
