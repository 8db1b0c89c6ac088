/* Once-accessor functions (once-accessor.h). */
#define _GNU_SOURCE /* memmem */
#include "cfront/once-accessor.h"
#include "cfront/idioms.h"
#include "cfront/macro-expand.h"
#include "cfront/tokscan.h"
#include "lib/memfind.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h> /* strncasecmp */

/* A body longer than this is no accessor (ck's asm loads are ~30). */
#define MAX_BODY_TOKENS 120
#define MAX_PARAMS 8
#define MAX_ALTS ONCE_ACCESSOR_MAX_ALTS

static int explicit_atomic(const char *buf, size_t len);

int once_accessors_may_hold(const char *buf, size_t len)
{
	/* mem_find(), not glibc's memmem(): 1.3% of scan -j 1 on a vmlinux
	 * went to these three searches (issue 35).  A C11 call counts as
	 * the builtins do: rdma-core's mmio_write8() is a relaxed
	 * atomic_store_explicit() through a cast, in a file that says
	 * neither volatile nor asm nor __atomic_ */
	return mem_find(buf, len, "volatile", 8) || mem_find(buf, len, "asm", 3) ||
	       mem_find(buf, len, "__atomic_", 9) ||
	       mem_find(buf, len, "_c11_atomic_", 12) ||
	       explicit_atomic(buf, len);
}

static int word_byte(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/* The length of a line splice at p (a backslash), as the lexer takes
 * one: blanks and a '\r' may come before its newline; 0 when none. */
static size_t splice_at(const char *p, const char *e)
{
	const char *q = p + 1;

	while (q < e && (*q == ' ' || *q == '\t'))
		q++;
	if (q < e && *q == '\r')
		q++;
	return q < e && *q == '\n' ? (size_t)(q + 1 - p) : 0;
}

/* Line splices (one or several) between two identifier bytes: a name
 * the lexer joins ("vola\<newline>tile"), which no search for its
 * bytes finds. */
static int split_word(const char *buf, size_t len)
{
	const char *e = buf + len;

	for (const char *p = buf; (p = memchr(p, '\\', (size_t)(e - p)));
	     p++) {
		const char *q = p;
		size_t n;

		if (p == buf || !word_byte(p[-1]))
			continue;
		while (q < e && *q == '\\' && (n = splice_at(q, e)))
			q += n;
		if (q > p && q < e && word_byte(*q))
			return 1;
	}
	return 0;
}

/* An asm keyword that is not the "asm" of a path ("asm/" then neither
 * '/' nor '*', which would begin a comment after the keyword). */
static int asm_keyword(const char *buf, size_t len)
{
	for (const char *p = buf, *e = buf + len;
	     (p = mem_find(p, (size_t)(e - p), "asm", 3)); p += 3) {
		const char *s = p, *w = p + 3;

		while (s > buf && s[-1] == '_')
			s--;
		while (w < e && w[0] == '_')
			w++;
		if ((s > buf && word_byte(s[-1])) || (w < e && word_byte(*w)))
			continue; /* inside a longer name: plasma, asm_goto */
		if (!((p - s == 0 && w - p == 3) || (p - s == 2 && w - p == 3) ||
		      (p - s == 2 && w - p == 5)))
			continue; /* _asm, asm_, ___asm */
		if (w - p == 3 && w + 1 < e && *w == '/' && w[1] != '/' &&
		    w[1] != '*')
			continue; /* #include <asm/...> */
		return 1;
	}
	return 0;
}

/* "atomic_load_explicit" or "atomic_store_explicit" in buf: one search
 * for their common "_explicit" (rare), not two of glibc's memmem() for
 * needles mem_find() leaves to it (0.4% of scan -j 1 on Debian's
 * vmlinux, nearly every file searched to its end twice). */
static int explicit_atomic(const char *buf, size_t len)
{
	const char *e = buf + len;

	for (const char *p = buf; (p = mem_find(p, (size_t)(e - p),
						"_explicit", 9)); p += 9)
		if ((p - buf >= 11 && !memcmp(p - 11, "atomic_load", 11)) ||
		    (p - buf >= 12 && !memcmp(p - 12, "atomic_store", 12)))
			return 1;
	return 0;
}

int once_accessors_may_find(const char *buf, size_t len)
{
	return mem_find(buf, len, "volatile", 8) ||
	       mem_find(buf, len, "__atomic_", 9) ||
	       mem_find(buf, len, "_c11_atomic_", 12) || /* clang's */
	       explicit_atomic(buf, len) ||
	       mem_find(buf, len, "##", 2) || asm_keyword(buf, len) ||
	       split_word(buf, len);
}

static void strip_parens(const char *buf, const struct token_list *l,
			 struct tok_range *r)
{
	*r = tok_unparen(buf, l, *r);
}

/* A pointer parameter: its name token and the tokens of its type. */
struct param {
	size_t name;             /* 0: none (not a pointer, unnamed) */
	size_t any;              /* its name, pointer or not; 0: unnamed */
	struct tok_range type;   /* up to the last '*' (excluded) */
};

/* The parameters between the '(' at open and its ')' at close. */
static size_t read_params(const char *buf, const struct token_list *l,
			  size_t open, size_t close, struct param *p)
{
	size_t n = 0, start = open + 1;

	for (size_t k = open + 1; k <= close && n < MAX_PARAMS; k++) {
		size_t last_star = 0;

		if (k < close && (tok_punct(buf, l, k, "(") ||
				  tok_punct(buf, l, k, "["))) {
			k = tok_match(buf, l, k);
			continue;
		}
		if (k < close && !tok_punct(buf, l, k, ","))
			continue;
		memset(&p[n], 0, sizeof(p[n]));
		if (k > start + 1 && l->tok[k - 1].kind == TOK_IDENT &&
		    !tok_is_qualifier(buf, l, k - 1))
			p[n].any = k - 1;
		for (size_t j = start; j < k; j++)
			if (tok_punct(buf, l, j, "*"))
				last_star = j;
		if (last_star && k > start && last_star + 1 < k &&
		    l->tok[k - 1].kind == TOK_IDENT && !tok_is_qualifier(buf, l, k - 1)) {
			p[n].name = k - 1;
			p[n].type.begin = start;
			p[n].type.end = last_star;
		}
		n++;
		start = k + 1;
	}
	return n;
}

/* The parameter that tokens r name (inside parentheses, and after a
 * cast: (const uint32_t *)p); -1 when none. */
static int param_of(const char *buf, const struct token_list *l,
		    const struct param *p, size_t np, struct tok_range r)
{
	strip_parens(buf, l, &r);
	/* (T *)p: a cast before it */
	if (r.end - r.begin >= 2 && tok_punct(buf, l, r.begin, "(")) {
		size_t close = tok_match(buf, l, r.begin);

		if (close + 1 < r.end && close > r.begin &&
		    tok_punct(buf, l, close - 1, "*"))
			r.begin = close + 1;
		strip_parens(buf, l, &r);
	}
	if (r.end != r.begin + 1 || l->tok[r.begin].kind != TOK_IDENT)
		return -1;
	for (size_t k = 0; k < np; k++)
		if (p[k].name && l->tok[p[k].name].len == l->tok[r.begin].len &&
		    !memcmp(buf + l->tok[p[k].name].off, buf + l->tok[r.begin].off,
			    l->tok[r.begin].len))
			return (int)k;
	return -1;
}

/* The parameter, pointer or not, that tokens r (in parentheses or not)
 * name; -1 when none. */
static int any_param(const char *buf, const struct token_list *l,
		     const struct param *p, size_t np, struct tok_range r)
{
	strip_parens(buf, l, &r);
	if (r.end != r.begin + 1 || l->tok[r.begin].kind != TOK_IDENT)
		return -1;
	for (size_t k = 0; k < np; k++)
		if (p[k].any && l->tok[p[k].any].len == l->tok[r.begin].len &&
		    !memcmp(buf + l->tok[p[k].any].off, buf + l->tok[r.begin].off,
			    l->tok[r.begin].len))
			return (int)k;
	return -1;
}

/* The parameter of tokens &p->m, &(p)->m (jemalloc's &a->repr), with
 * the member's token in *member; or -1. */
static int member_param(const char *buf, const struct token_list *l,
			const struct param *p, size_t np, struct tok_range r,
			size_t *member)
{
	struct tok_range base;

	strip_parens(buf, l, &r);
	if (r.end - r.begin < 4 || !tok_punct(buf, l, r.begin, "&") ||
	    !tok_punct(buf, l, r.end - 2, "->") ||
	    l->tok[r.end - 1].kind != TOK_IDENT)
		return -1;
	base.begin = r.begin + 1;
	base.end = r.end - 2;
	*member = r.end - 1;
	return param_of(buf, l, p, np, base);
}

/* An order that the caller gives: tokens r are parameter q, or a call
 * F(q) of a function of one argument (*fn its name's token; 0 when no
 * call).  q's index, or -1. */
static int caller_order(const char *buf, const struct token_list *l,
			const struct param *p, size_t np, struct tok_range r,
			size_t *fn)
{
	int q;

	strip_parens(buf, l, &r);
	*fn = 0;
	if ((q = any_param(buf, l, p, np, r)) >= 0)
		return q;
	if (r.end - r.begin < 4 || l->tok[r.begin].kind != TOK_IDENT ||
	    !tok_punct(buf, l, r.begin + 1, "(") ||
	    tok_match(buf, l, r.begin + 1) != r.end - 1)
		return -1;
	*fn = r.begin;
	return any_param(buf, l, p, np,
			 (struct tok_range){ r.begin + 2, r.end - 1 });
}

/* The parameter of tokens *p, *(p), *(T *)p; or -1. */
static int deref_param(const char *buf, const struct token_list *l,
		       const struct param *p, size_t np, struct tok_range r)
{
	strip_parens(buf, l, &r);
	if (r.end - r.begin < 2 || !tok_punct(buf, l, r.begin, "*"))
		return -1;
	r.begin++;
	return param_of(buf, l, p, np, r);
}

/*
 * Does parameter p point to volatile: a "volatile" in its type after
 * the '*' before its last one, if any (const volatile uint32_t *p,
 * volatile struct word *p; not uint32_t *volatile *p)?
 */
static int volatile_pointee(const char *buf, const struct token_list *l,
			    const struct param *p)
{
	int vol = 0;

	if (!p->name)
		return 0;
	for (size_t k = p->type.begin; k < p->type.end; k++) {
		if (tok_punct(buf, l, k, "*"))
			vol = 0;
		else if (tok_ident(buf, l, k, "volatile") ||
			 tok_ident(buf, l, k, "__volatile__") ||
			 tok_ident(buf, l, k, "__volatile"))
			vol = 1;
	}
	return vol;
}

/*
 * At token k: *q or q->m (not a longer member chain, not q->m[i]), q a
 * parameter that points to volatile; its index, the access's tokens in
 * [*b, *e) and the member's token in *member (0: *q); or -1.
 */
static int volatile_param_access(const char *buf, const struct token_list *l,
				 size_t k, size_t close, const struct param *p,
				 size_t np, size_t *b, size_t *e,
				 size_t *member)
{
	size_t at = k;
	int q;

	*member = 0;
	if (tok_punct(buf, l, k, "*")) {
		if (k > 0 && tok_ends_operand(buf, l, k - 1))
			return -1; /* a product */
		at = k + 1;
	}
	if (at + 1 >= close || l->tok[at].kind != TOK_IDENT)
		return -1;
	q = param_of(buf, l, p, np, (struct tok_range){ at, at + 1 });
	if (q < 0 || !volatile_pointee(buf, l, &p[q]))
		return -1;
	*b = k;
	*e = at + 1;
	if (at == k) { /* q->m */
		if (!tok_punct(buf, l, at + 1, "->") || at + 2 >= close ||
		    l->tok[at + 2].kind != TOK_IDENT)
			return -1;
		*member = at + 2;
		*e = at + 3;
	}
	if (*e < close && (tok_punct(buf, l, *e, "->") ||
			   tok_punct(buf, l, *e, ".") ||
			   tok_punct(buf, l, *e, "[")))
		return -1;
	return q;
}

/* One access found in a body. */
struct found {
	int param;
	enum once_macro_kind kind;
	enum accessor_how how;
	size_t begin, end;
	size_t member;           /* &p->m: m's token; 0: none */
	int order_param;         /* ACCESSOR_ATOMIC_CALLER's; else -1 */
	size_t order_fn;         /* ... through F(q): F's token; 0: none */
	struct tok_range ptr;    /* an atomic's pointer argument */
	int dir_unknown;         /* an asm's input "m" operand whose
				    template does not say read or write */
};

/* Two accesses of one kind of one parameter, the same way: the sides
 * of an #if (one per architecture), when the body has one. */
static int same_access(const struct found *a, const struct found *b)
{
	return a->param == b->param && a->kind == b->kind && a->how == b->how;
}

/* One more access of a body, one: the first is *f; each later one that
 * is not the same access counts in *other; the first MAX_ALTS are kept
 * in alts.  n, the accesses before it, and n + 1 returned. */
static size_t record_access(const struct found *one, size_t n, struct found *f,
			    size_t *other, struct found *alts, size_t *nalts)
{
	if (!n)
		*f = *one;
	else
		*other += !same_access(f, one);
	if (*nalts < MAX_ALTS)
		alts[(*nalts)++] = *one;
	return n + 1;
}

/* Does the body [open, close] hold a preprocessor line (#if ...)? */
static int has_directive(const struct token_list *l, size_t open,
			 size_t close)
{
	for (size_t k = open; k < close; k++)
		if (l->tok[k].flags & TF_DIRECTIVE)
			return 1;
	return 0;
}

/*
 * Does an asm template (its first string token, with the quotes) start
 * with a read-modify-write instruction: an exchange, a compare-and-swap,
 * a fetch-and-add, a lock-prefixed x86 instruction, a load-linked or
 * store-conditional half?  Such an asm (libatomic_ops'
 * AO_test_and_set_full, "xchgb %0, %1" with "+m"(*addr)) reads and
 * writes its object in one atomic step: it is neither a once-load nor a
 * once-store, and there is no single load or store in it to judge.
 */
static int rmw_template(const char *s, size_t len)
{
	static const char *const rmw[] = {
		"lock", "xchg", "cmpxchg", "xadd",          /* x86 */
		"ldrex", "strex", "ldxr", "ldaxr", "stxr", "stlxr", /* arm */
		"swp", "cas", "ldadd", "ldclr", "ldset", "ldeor",    /* LSE */
		"lwarx", "ldarx", "lbarx", "lharx",          /* powerpc */
		"stwcx.", "stdcx.", "stbcx.", "sthcx.",
		"amo", "lr.", "sc.",                         /* riscv */
		"cs ", "csg", "laa", "lan", "lao", "lax",    /* s390x */
	};
	size_t i = 0;

	while (i < len && (s[i] == '"' || s[i] == ' ' || s[i] == '\t'))
		i++;
	for (size_t k = 0; k < ARRAY_SIZE(rmw); k++) {
		size_t n = strlen(rmw[k]);

		if (len - i >= n && !strncasecmp(s + i, rmw[k], n))
			return 1;
	}
	return 0;
}

/*
 * The instruction of template t[0..len) that starts at *i: [*b, *e),
 * without the blanks and "\t"/"\n" escapes before it; *i moves past
 * its end (a ';' or a "\n").  An empty one is [*b, *b).
 */
static void next_instruction(const char *t, size_t len, size_t *i,
			     size_t *b, size_t *e)
{
	size_t p = *i, q;

	while (p < len && (t[p] == ' ' || t[p] == '\t' ||
			   (t[p] == '\\' && p + 1 < len &&
			    (t[p + 1] == 't' || t[p + 1] == 'n'))))
		p += t[p] == '\\' ? 2 : 1;
	for (q = p; q < len && t[q] != ';' &&
	     !(t[q] == '\\' && q + 1 < len && t[q + 1] == 'n'); q++)
		;
	*b = p;
	*e = q;
	*i = q < len ? q + (t[q] == ';' ? 1 : 2) : len;
}

static int is_name_of(const char *mn, const char *const *names, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (!strcmp(mn, names[k]))
			return 1;
	return 0;
}

/*
 * Is instruction t[b, e) an x86 full fence made of a locked no-op on the
 * stack -- "orl $0,(%%rsp)", "addl $0,-4(%%esp)", after a "lock" prefix
 * -- which musl's store ("mov %1, %0 ; lock ; orl $0,(%%rsp)") and
 * Linux's x86 smp_mb() write instead of mfence?  It adds 0 to, or ors 0
 * into, a word of the stack: it names no operand of the asm, so it
 * neither reads nor writes the object, and is no read-modify-write of
 * it.  With_lock: the "lock" is part of [b, e), else it was the
 * instruction before.
 */
static int stack_fence(const char *t, size_t b, size_t e, int with_lock)
{
	static const char *const noops[] = {
		"or", "orl", "orq", "add", "addl", "addq",
	};
	char mn[8];
	size_t n = 0;
	const char *p, *end = t + e;

	if (with_lock) {
		if (e - b < 5 || strncasecmp(t + b, "lock", 4) ||
		    (t[b + 4] != ' ' && t[b + 4] != '\t'))
			return 0;
		b += 5;
		while (b < e && (t[b] == ' ' || t[b] == '\t'))
			b++;
	}
	while (b + n < e && n + 1 < sizeof(mn) && t[b + n] >= 'a' &&
	       t[b + n] <= 'z')
		mn[n] = t[b + n], n++;
	mn[n] = '\0';
	if (!is_name_of(mn, noops, ARRAY_SIZE(noops)))
		return 0;
	for (p = t + b + n; p < end && (*p == ' ' || *p == '\t'); p++)
		;
	if (end - p < 3 || p[0] != '$' || p[1] != '0' || p[2] != ',')
		return 0;
	/* then the stack word: [-]digits(%%rsp) or (%%esp), nothing else */
	for (p += 3; p < end && (*p == ' ' || *p == '\t'); p++)
		;
	if (p < end && *p == '-')
		p++;
	while (p < end && *p >= '0' && *p <= '9')
		p++;
	if (end - p < 7 || (strncmp(p, "(%%rsp)", 7) && strncmp(p, "(%%esp)", 7)))
		return 0;
	for (p += 7; p < end && (*p == ' ' || *p == '\t'); p++)
		;
	return p == end;
}

/*
 * Is a template of several instructions (split at "\n" and ';') a
 * straight run of plain ones: no read-modify-write (rmw_template) but a
 * locked no-op on the stack (stack_fence), no
 * label and no jump (an LL/SC or a compare loop, "1: ... bne 1b")?
 * Then each of its accesses is one of the body's -- a load then a
 * fence ("movl %1, %0\n\tmfence"), or the two halves of a split load
 * ("movl %2, %0\n\tmovl 4+%2, %1": torn, and scan says so only if
 * the accessor is known).
 */
static int straight_template(const char *t, size_t len)
{
	static const char *const jumps[] = {
		"b", "bl", "br", "blr", "bx", "blx", "bne", "beq", "bgt", "bge",
		"blt", "ble", "bhi", "bls", "bcs", "bcc", "bdnz", "cbz", "cbnz",
		"tbz", "tbnz", "call", "ret", "loop", "bnez", "beqz", "brc",
		"jg", "jz", "jnz",
	};
	size_t i = 0;

	while (i < len) {
		size_t b, e, n = 0;
		char mn[16];

		next_instruction(t, len, &i, &b, &e);
		if (e == b)
			continue;
		if (stack_fence(t, b, e, 1))
			continue;
		while (e > b && (t[e - 1] == ' ' || t[e - 1] == '\t'))
			e--;
		if (e - b == 4 && !strncasecmp(t + b, "lock", 4)) {
			/* "lock ; orl $0,(%%rsp)": the prefix on its own */
			size_t nb, ne;

			next_instruction(t, len, &i, &nb, &ne);
			if (stack_fence(t, nb, ne, 0))
				continue;
			return 0;
		}
		if (memchr(t + b, ':', e - b) || rmw_template(t + b, e - b))
			return 0; /* a label, or an atomic step */
		while (b + n < e && n + 1 < sizeof(mn) &&
		       ((t[b + n] >= 'a' && t[b + n] <= 'z') ||
			(t[b + n] >= 'A' && t[b + n] <= 'Z') || t[b + n] == '.'))
			mn[n] = (char)(t[b + n] | 0x20), n++;
		mn[n] = '\0';
		if (mn[0] == 'j' || !strncmp(mn, "b.", 2))
			return 0;
		for (size_t k = 0; k < ARRAY_SIZE(jumps); k++)
			if (!strcmp(mn, jumps[k]))
				return 0;
	}
	return 1;
}

/* Is the '(' at q after a displacement other than 0: 4(%1), 0x10(%1)
 * are past the pointer; (%1) and 0(%1) are at it. */
static int displaced(const char *start, const char *q)
{
	const char *d = q;

	while (d > start && ((d[-1] >= '0' && d[-1] <= '9') ||
			     (d[-1] >= 'a' && d[-1] <= 'z') ||
			     (d[-1] >= 'A' && d[-1] <= 'Z') || d[-1] == '_'))
		d--;
	return d < q && !(q - d == 1 && *d == '0');
}

/* Loads and stores that say their direction by their name (AArch64,
 * ARM, RISC-V, POWER), and x86 (AT&T) instructions that only read their
 * memory operand; x86 moves, whose direction is their operands' order. */
static const char *const load_names[] = {
	"ldr", "ldrb", "ldrh", "ldrsb", "ldrsh", "ldrsw", "ldur",
	"ldurb", "ldurh", "ldar", "ldarb", "ldarh", "ldapr", "ldaprb",
	"ldaprh", "lb", "lbu", "lh", "lhu", "lw", "lwu", "ld", "lbz",
	"lhz", "lha", "lwz", "lwa",
};
static const char *const store_names[] = {
	"str", "strb", "strh", "stur", "sturb", "sturh", "stlr",
	"stlrb", "stlrh", "sb", "sh", "sw", "sd", "stb", "sth", "stw",
	"std",
};
static const char *const x86_read_names[] = {
	"bt", "btw", "btl", "btq", "cmp", "cmpb", "cmpw", "cmpl",
	"cmpq", "test", "testb", "testw", "testl", "testq",
};
static const char *const x86_moves[] = {
	"mov", "movb", "movw", "movl", "movq", "movnti", "movntil",
	"movntiq",
};

/* The direction mnemonic mn (lower case) names: OMK_READ, OMK_WRITE,
 * or -1; x86_reads: bt, cmp and test read too. */
static int named_direction(const char *mn, int x86_reads)
{
	if (is_name_of(mn, load_names, ARRAY_SIZE(load_names)) ||
	    (x86_reads &&
	     is_name_of(mn, x86_read_names, ARRAY_SIZE(x86_read_names))))
		return OMK_READ;
	if (is_name_of(mn, store_names, ARRAY_SIZE(store_names)))
		return OMK_WRITE;
	return -1;
}

/*
 * The single load or store an asm template (its strings, with quotes)
 * makes through operand number op or the operand named name, given in
 * a register: "ldr %w0, [%1]", "str %w1, [%x0]", "ldar %0, [%[p]]"
 * (AArch64, ARM), "lw %0, 0(%1)" (RISC-V), "lwz %0, 0(%1)" (POWER).
 * Returns OMK_READ or OMK_WRITE, or -1: not one load or store (a pair,
 * an exclusive or another instruction) or not through that operand.
 */
static int reg_address_access(const char *t, size_t len, unsigned op,
			      const char *name, size_t name_len)
{
	char mn[16], ref[64];
	size_t i = 0, n = 0;
	int kind = -1, x86 = 0;

	while (i < len && (t[i] == '"' || t[i] == ' ' || t[i] == '\t'))
		i++;
	while (i < len && n + 1 < sizeof(mn) &&
	       ((t[i] >= 'a' && t[i] <= 'z') || (t[i] >= 'A' && t[i] <= 'Z')))
		mn[n++] = (char)(t[i++] | 0x20);
	mn[n] = '\0';
	kind = named_direction(mn, 0);
	/* x86 (AT&T): a move, a load when the address comes first */
	if (is_name_of(mn, x86_moves, ARRAY_SIZE(x86_moves)))
		kind = OMK_READ, x86 = 1;
	if (kind < 0 || i == len || (t[i] != ' ' && t[i] != '\t'))
		return -1;
	/* the address: [%1] [%x1] [%[p]] (AArch64, ARM), (%1) 0(%1) */
	if (name) {
		const char *at, *comma = memchr(t + i, ',', len - i);

		snprintf(ref, sizeof(ref), "[%%[%.*s]]", (int)name_len, name);
		if (!x86 && memmem(t + i, len - i, ref, strlen(ref)))
			return kind;
		snprintf(ref, sizeof(ref), "(%%[%.*s])", (int)name_len, name);
		at = memmem(t + i, len - i, ref, strlen(ref));
		if (!at || displaced(t + i, at))
			return -1;
		return x86 && comma && comma < at ? OMK_WRITE : kind;
	}
	for (const char *q = t + i, *e = t + len; q + 2 < e; q++) {
		const char *r = q + 2;
		unsigned v = 0;

		if ((*q != '[' && *q != '(') || q[1] != '%')
			continue;
		if (*q == '(' && displaced(t + i, q))
			continue;
		if (*r == 'x' || *r == 'w')
			r++; /* AArch64's operand modifier */
		if (r == e || *r < '0' || *r > '9')
			continue;
		while (r < e && *r >= '0' && *r <= '9')
			v = v * 10 + (unsigned)(*r++ - '0');
		if (v == op && r < e && *r == (*q == '[' ? ']' : ')')) {
			if (x86) { /* movl %1, (%0): the address second */
				const char *comma = memchr(t + i, ',', len - i);

				return comma && comma < q ? OMK_WRITE : OMK_READ;
			}
			return kind;
		}
	}
	return -1;
}

/* Where operand op (%1), or the operand named name (%[p]), is written
 * in the instruction [b, e) of a template: its '%', or NULL.  %%, %10
 * for %1 and a modified %w1 or %P1 are not it. */
static const char *operand_ref(const char *t, size_t b, size_t e,
			       unsigned op, const char *name, size_t name_len)
{
	for (size_t q = b; q + 1 < e; q++) {
		size_t r = q + 1;
		unsigned v = 0;

		if (t[q] != '%')
			continue;
		if (t[r] == '%') {
			q++;
			continue;
		}
		if (name) {
			if (t[r] == '[' && r + 1 + name_len < e &&
			    !memcmp(t + r + 1, name, name_len) &&
			    t[r + 1 + name_len] == ']')
				return t + q;
			continue;
		}
		if (t[r] < '0' || t[r] > '9')
			continue;
		while (r < e && t[r] >= '0' && t[r] <= '9')
			v = v * 10 + (unsigned)(t[r++] - '0');
		if (v == op)
			return t + q;
	}
	return NULL;
}

/*
 * Which way the template's instruction that names memory operand op
 * ("m" (*p) given as an input) moves it: OMK_READ, OMK_WRITE, or -1
 * when the template does not tell -- the operand is not in its text
 * (a macro's text stands there), two instructions name it and move it
 * different ways, or the instruction is none whose direction is known
 * here.  An input "m"
 * operand is not always read: Linux's writel is asm("movl %0,%1" : :
 * "r"(val), "m"(*(volatile u32 *)addr)), a store to it.  AT&T x86
 * moves write their last operand, bt, cmp and test only read theirs;
 * the other ISAs' loads and stores say it by their name.
 */
static int mem_operand_access(const char *t, size_t len, unsigned op,
			      const char *name, size_t name_len)
{
	size_t i = 0;
	int kind = -1;

	while (i < len) {
		size_t b, e, n = 0, comma = 0;
		const char *ref;
		char mn[16];
		int k1 = -1, depth = 0;

		next_instruction(t, len, &i, &b, &e);
		ref = operand_ref(t, b, e, op, name, name_len);
		if (!ref)
			continue;
		while (b + n < e && n + 1 < sizeof(mn) &&
		       ((t[b + n] >= 'a' && t[b + n] <= 'z') ||
			(t[b + n] >= 'A' && t[b + n] <= 'Z')))
			mn[n] = (char)(t[b + n] | 0x20), n++;
		mn[n] = '\0';
		k1 = named_direction(mn, 1);
		if (is_name_of(mn, x86_moves, ARRAY_SIZE(x86_moves))) {
			/* the last operand, after the last comma outside
			 * parentheses (0(%1,%2)), is the destination */
			for (size_t q = b + n; q < e; q++) {
				depth += t[q] == '(' ? 1 : t[q] == ')' ? -1 : 0;
				if (t[q] == ',' && !depth)
					comma = q;
			}
			k1 = comma && t + comma < ref ? OMK_WRITE : OMK_READ;
		}
		/* named twice: both the same way (the two halves of a
		 * split load, "movl %2, %0\n\tmovl 4+%2, %1"), or not told */
		if (k1 < 0 || (kind >= 0 && k1 != kind))
			return -1;
		kind = k1;
	}
	return kind;
}

/* The number the compiler gives the operand whose constraint is token
 * k of the asm whose '(' is open: the outputs', then the inputs', in
 * order, counted by their commas -- an operand whose constraint is a
 * macro (Linux's CC_OUT(c) (oldbit)) has its number too. */
static unsigned asm_operand_number(const char *buf, const struct token_list *l,
				   size_t open, size_t k)
{
	unsigned n = 0;
	int section = 0, any = 0, depth = 0;

	for (size_t j = open + 1; j < k; j++) {
		if (tok_punct(buf, l, j, "(") || tok_punct(buf, l, j, "[")) {
			depth++;
		} else if (tok_punct(buf, l, j, ")") ||
			   tok_punct(buf, l, j, "]")) {
			depth--;
		} else if (!depth && tok_punct(buf, l, j, ":")) {
			n += section && any;
			section++;
			any = 0;
			continue;
		} else if (!depth && section && tok_punct(buf, l, j, ",")) {
			n++;
			any = 0;
			continue;
		}
		any = section > 0;
	}
	return n;
}

/* asm [volatile] ( "..." : outputs : inputs ... ): its memory operands
 * of *param, and the single load or store of a template through an
 * input register holding param ("ldr %w0, [%1]" : "=r"(v) : "r"(p));
 * others counted in *other.  An asm that reads and writes its operand
 * (a "+m" operand, a read-modify-write template) has none: it counts in
 * *other, and its function is no accessor. */
static size_t asm_operands(const char *buf, const struct token_list *l,
			   size_t open, size_t close, const struct param *p,
			   size_t np, struct found *f, size_t *other)
{
	size_t n = 0, nops = 0, end;
	int colons = 0, unknown = 0, seq;
	struct strbuf tmpl = STRBUF_INIT;

	/* the template, its strings joined ("ldr" " %w0, [%1]\n", as
	 * ck's generator macros paste it): one instruction -- a "\n" or
	 * ';' at its end aside -- or it is a sequence (a ldarx/stdcx.
	 * loop: a compare-and-swap, no once-access) */
	for (size_t k = open + 1; k < close && !tok_punct(buf, l, k, ":"); k++) {
		if (l->tok[k].flags & TF_DIRECTIVE)
			continue; /* both sides of an #if: two instructions */
		if (l->tok[k].kind != TOK_STRING)
			unknown = 1; /* a macro's text */
		else if (l->tok[k].len >= 2)
			strbuf_add(&tmpl, buf + l->tok[k].off + 1,
				   l->tok[k].len - 2);
	}
	end = tmpl.len;
	while (end) {
		char last = tmpl.buf[end - 1];

		if (last == ' ' || last == '\t' || last == ';')
			end--;
		else if (end >= 2 && tmpl.buf[end - 2] == '\\' &&
			 (last == 'n' || last == 't'))
			end -= 2;
		else
			break;
	}
	seq = memmem(tmpl.buf, end, "\\n", 2) || memchr(tmpl.buf, ';', end);
	/* a sequence's first instruction is one straight_template()
	 * reads: a leading stack fence is no read-modify-write */
	if (seq ? !straight_template(tmpl.buf, end) :
		  rmw_template(tmpl.buf, end)) {
		(*other)++;
		strbuf_release(&tmpl);
		return 0;
	}

	for (size_t k = open + 1; k < close; k++) {
		const struct token *t = &l->tok[k];
		struct tok_range op;
		const char *c;
		size_t cl;
		int which;

		if (tok_punct(buf, l, k, ":")) {
			colons++;
			continue;
		}
		if (!colons || t->kind != TOK_STRING ||
		    !tok_punct(buf, l, k + 1, "("))
			continue;
		c = buf + t->off;
		cl = t->len;
		op.begin = k + 2;
		op.end = tok_match(buf, l, k + 1);
		k = op.end;
		nops++;
		if (!memchr(c, 'm', cl) && !memchr(c, 'Q', cl) &&
		    !memchr(c, 'o', cl)) {
			/* a register operand: the pointer itself, as the
			 * address of the template's one load or store? */
			size_t at = op.begin - 2;
			const char *name = NULL;
			size_t name_len = 0;
			int kind;

			if (colons != 2 || !end || unknown || seq ||
			    memchr(c, '=', cl) ||
			    memchr(c, '+', cl) || !memchr(c, 'r', cl) ||
			    param_of(buf, l, p, np, op) < 0)
				continue;
			if (at >= 3 && tok_punct(buf, l, at - 1, "]") &&
			    tok_punct(buf, l, at - 3, "[") &&
			    l->tok[at - 2].kind == TOK_IDENT) {
				name = buf + l->tok[at - 2].off;
				name_len = l->tok[at - 2].len;
			}
			kind = reg_address_access(tmpl.buf, end, nops - 1,
						  name, name_len);
			if (kind < 0)
				continue;
			f->param = param_of(buf, l, p, np, op);
			f->how = ACCESSOR_ASM_ADDRESS;
			f->kind = (enum once_macro_kind)kind;
			f->begin = op.begin;
			f->end = op.end;
			n++;
			continue;
		}
		which = deref_param(buf, l, p, np, op);
		if (which < 0) {
			(*other)++;
			continue;
		}
		/* "+m": read and written by the one asm, a
		 * read-modify-write (rmw_template) */
		if (memchr(c, '+', cl)) {
			(*other)++;
			strbuf_release(&tmpl);
			return 0;
		}
		f->param = which;
		f->how = ACCESSOR_ASM;
		f->dir_unknown = 0;
		if (memchr(c, '=', cl) || colons == 1) {
			f->kind = OMK_WRITE;
		} else {
			/* an input: the template says which way */
			size_t at = op.begin - 2;
			const char *name = NULL;
			size_t name_len = 0;
			int kind;

			if (at >= 3 && tok_punct(buf, l, at - 1, "]") &&
			    tok_punct(buf, l, at - 3, "[") &&
			    l->tok[at - 2].kind == TOK_IDENT) {
				name = buf + l->tok[at - 2].off;
				name_len = l->tok[at - 2].len;
			}
			kind = mem_operand_access(tmpl.buf, end,
				asm_operand_number(buf, l, open, at),
				name, name_len);
			f->kind = kind < 0 ? OMK_ACCESS :
				  (enum once_macro_kind)kind;
			f->dir_unknown = kind < 0;
		}
		f->begin = op.begin;
		f->end = op.end;
		n++;
	}
	strbuf_release(&tmpl);
	return n;
}

/* Is the identifier at token k one of words (NULL-ended)? */
static int tok_one_of(const char *buf, const struct token_list *l, size_t k,
		      const char *const *words)
{
	for (; *words; words++)
		if (tok_ident(buf, l, k, *words))
			return 1;
	return 0;
}

/* Words that a '(' may follow in a body without being a call (and the
 * typeof family, token_is_typeof). */
static const char *const not_calls[] = {
	"return", "sizeof", "if", "switch", "_Alignof", "__alignof__", "alignof", "_Static_assert",
	"__attribute__", "__attribute", "__builtin_expect", "__extension__",
	NULL,
};

/* The fences of the compilers and of C11: they order, they access no
 * memory. */
static const char *const fences[] = {
	"__sync_synchronize", "__atomic_thread_fence", "__atomic_signal_fence",
	"atomic_thread_fence", "atomic_signal_fence", NULL,
};

#define MAX_BARRIER_DEPTH 4

/*
 * Where a file's "# define" lines are (the '#' tokens), found when a
 * barrier_macro() first asks: each asking walked the whole file's
 * tokens, once per call in a body (0.7% of a vmlinux scan, issue 35).
 */
struct define_index {
	size_t *at;
	size_t nr, alloc;
	int built;
};

/* Over the run (once_accessors_barrier_stats(), a test hook's). */
static size_t barrier_lookups, define_walks;
/* ... and once_accessors_body_stats()'s */
static size_t bodies_read, bodies_unwanted;

void once_accessors_barrier_stats(size_t *lookups, size_t *walks)
{
	*lookups = __atomic_load_n(&barrier_lookups, __ATOMIC_RELAXED);
	*walks = __atomic_load_n(&define_walks, __ATOMIC_RELAXED);
}

void once_accessors_body_stats(size_t *read, size_t *unwanted)
{
	*read = __atomic_load_n(&bodies_read, __ATOMIC_RELAXED);
	*unwanted = __atomic_load_n(&bodies_unwanted, __ATOMIC_RELAXED);
}

static const struct define_index *defines_of(const char *buf,
					     const struct token_list *l,
					     struct define_index *di)
{
	size_t eof = l->nr - 1;

	if (di->built)
		return di;
	di->built = 1;
	__atomic_fetch_add(&define_walks, 1, __ATOMIC_RELAXED);
	for (size_t h = 0; h + 2 < eof; h++)
		if (l->tok[h].kind == TOK_HASH &&
		    tok_ident(buf, l, h + 1, "define")) {
			ALLOC_GROW(di->at, di->nr + 1, di->alloc);
			di->at[di->nr++] = h;
		}
	return di;
}

static int barrier_range(const char *buf, const struct token_list *l,
			 struct define_index *di, size_t b, size_t e,
			 int called, int depth);

/*
 * Is the macro named by token k of this file, called with an empty
 * argument list when called, a barrier in every one of its definitions
 * (the sides of an #if: nsync's ATM_LD_ACQ_ is ATM_CB_ or ATM_MB_)?
 * A name the file does not define is not known to be one.
 */
static int barrier_macro(const char *buf, const struct token_list *l,
			 struct define_index *di, size_t k, int called,
			 int depth)
{
	size_t eof = l->nr - 1, defs = 0;
	const struct define_index *dx;

	if (depth > MAX_BARRIER_DEPTH)
		return 0;
	__atomic_fetch_add(&barrier_lookups, 1, __ATOMIC_RELAXED);
	dx = defines_of(buf, l, di);
	for (size_t i = 0; i < dx->nr; i++) {
		size_t b, e, h = dx->at[i];
		int fn;

		if (l->tok[h + 2].kind != TOK_IDENT ||
		    l->tok[h + 2].len != l->tok[k].len ||
		    memcmp(buf + l->tok[h + 2].off, buf + l->tok[k].off,
			   l->tok[k].len))
			continue;
		fn = tok_punct(buf, l, h + 3, "(") &&
		     !(l->tok[h + 3].flags &
		       (TF_DEFINE_BODY | TF_BOL | TF_SPACE_BEFORE));
		b = h + 3;
		if (fn) { /* NAME(): no parameter, and called so */
			if (!called || !tok_punct(buf, l, h + 4, ")"))
				return 0;
			b = h + 5;
		}
		for (e = b; e < eof && (l->tok[e].flags & TF_DEFINE_BODY) &&
		     !(l->tok[e].flags & TF_BOL); e++)
			;
		if (!barrier_range(buf, l, di, b, e, fn ? 0 : called,
				   depth + 1))
			return 0;
		defs++;
	}
	return defs > 0;
}

/*
 * Is tokens [b, e) (a ';' at its end aside) a barrier that accesses no
 * memory: an asm with an empty template, no operand and only a "memory"
 * clobber (a compiler barrier), a fence builtin of constant arguments,
 * or a macro of this file that is one?  called: the tokens are followed
 * by "()" (an object-like macro naming a function-like one).
 */
static int barrier_range(const char *buf, const struct token_list *l,
			 struct define_index *di, size_t b, size_t e,
			 int called, int depth)
{
	size_t o, c;

	while (e > b && tok_punct(buf, l, e - 1, ";"))
		e--;
	if (e <= b)
		return 0;
	if (e == b + 1 && l->tok[b].kind == TOK_IDENT)
		return barrier_macro(buf, l, di, b, called, depth);
	if (called)
		return 0;
	if (e == b + 3 && l->tok[b].kind == TOK_IDENT &&
	    tok_punct(buf, l, b + 1, "(") && tok_punct(buf, l, b + 2, ")") &&
	    !tok_one_of(buf, l, b, fences))
		return barrier_macro(buf, l, di, b, 1, depth);
	if (tok_one_of(buf, l, b, fences) && tok_punct(buf, l, b + 1, "(") &&
	    tok_match(buf, l, b + 1) == e - 1) {
		for (size_t k = b + 2; k + 1 < e; k++)
			if (l->tok[k].kind != TOK_IDENT &&
			    l->tok[k].kind != TOK_NUMBER &&
			    !tok_punct(buf, l, k, ","))
				return 0; /* an argument that may access */
		return 1;
	}
	if (!tok_ident(buf, l, b, "asm") && !tok_ident(buf, l, b, "__asm__") &&
	    !tok_ident(buf, l, b, "__asm"))
		return 0;
	for (o = b + 1; o < e && l->tok[o].kind == TOK_IDENT; o++)
		if (!tok_ident(buf, l, o, "volatile") &&
		    !tok_ident(buf, l, o, "__volatile__") &&
		    !tok_ident(buf, l, o, "__volatile"))
			return 0; /* asm goto: jumps */
	if (!tok_punct(buf, l, o, "(") || (c = tok_match(buf, l, o)) != e - 1)
		return 0;
	/* "" : : : "memory" -- the template empty, no operand */
	for (size_t k = o + 1; k < c; k++) {
		const struct token *t = &l->tok[k];

		if (tok_punct(buf, l, k, ":") || tok_punct(buf, l, k, "::") ||
		    tok_punct(buf, l, k, ","))
			continue;
		if (t->kind != TOK_STRING)
			return 0;
		if (k == o + 1 ? t->len != 2 :
		    (t->len != 8 || memcmp(buf + t->off, "\"memory\"", 8)))
			return 0;
	}
	return tok_punct(buf, l, o + 1, ":") || tok_punct(buf, l, o + 1, "::") ?
	       0 : 1;
}

/* The once-accesses of *param in body [open, close]: how many, the
 * first in *f; *other: accesses of anything else (not an accessor).
 * The walk ends at the first such other access: a body with one is no
 * accessor whatever follows (once_accessors_find), and a kernel
 * body's calls each asked barrier_macro() to read the whole file for
 * the callee's #define (2% of a vmlinux scan). */
static size_t body_accesses(const char *buf, const struct token_list *l,
			    struct define_index *di, size_t open,
			    size_t close, const struct param *p,
			    size_t np, struct found *f, size_t *other,
			    struct found *alts, size_t *nalts)
{
	size_t n = 0;
	struct found one;

	for (size_t k = open + 1; k < close && !*other; k++) {
		struct volatile_cast vc;
		struct atomic_access aa;
		int order;

		memset(&one, 0, sizeof(one));
		if (tok_ident(buf, l, k, "for") || tok_ident(buf, l, k, "while") ||
		    tok_ident(buf, l, k, "goto")) {
			(*other)++;
		} else if ((tok_ident(buf, l, k, "asm") ||
			    tok_ident(buf, l, k, "__asm__") ||
			    tok_ident(buf, l, k, "__asm"))) {
			size_t o = k + 1, c;
			size_t got, before;

			while (o < close && l->tok[o].kind == TOK_IDENT)
				o++; /* volatile, goto, inline */
			if (!tok_punct(buf, l, o, "("))
				continue;
			c = tok_match(buf, l, o);
			before = *other;
			got = asm_operands(buf, l, o, c, p, np, &one, other);
			/* an asm of no operand of the parameter's: a
			 * compiler barrier, or an instruction that may
			 * do anything (a fence, a call, a store) */
			if (!got && *other == before &&
			    !barrier_range(buf, l, di, k, c + 1, 0, 0))
				(*other)++;
			if (got && !n)
				*f = one;
			else if (got)
				*other += !same_access(f, &one);
			if (got && *nalts < MAX_ALTS)
				alts[(*nalts)++] = one;
			n += got; /* one per memory operand */
			k = c;
		} else if ((order = find_atomic_access_generic(buf, l, k,
							       &aa))) {
			/* the orders of one access: idioms.h, the rule
			 * macro bodies follow too; an order the caller
			 * gives is one per call (once-accessor.h) */
			size_t fn = 0;
			int q = -1;

			one.order_param = -1;
			one.param = param_of(buf, l, p, np, aa.ptr);
			if (one.param < 0)
				one.param = member_param(buf, l, p, np, aa.ptr,
							 &one.member);
			if (one.param >= 0 && order != 1) {
				q = caller_order(buf, l, p, np, aa.order, &fn);
				if (q == one.param)
					q = -1;
			}
			if (one.param < 0 || (order != 1 && q < 0)) {
				(*other)++; /* a fenced access: no accessor */
				k = aa.close;
				continue;
			}
			one.how = q >= 0 ? ACCESSOR_ATOMIC_CALLER :
				  aa.relaxed ? ACCESSOR_ATOMIC :
				  ACCESSOR_ATOMIC_ORDERED;
			one.order_param = q;
			one.order_fn = fn;
			one.ptr = aa.ptr;
			one.kind = aa.store ? OMK_WRITE : OMK_READ;
			one.begin = k;
			one.end = aa.close + 1;
			n = record_access(&one, n, f, other, alts, nalts);
			k = aa.close;
		} else if (l->tok[k].kind == TOK_IDENT &&
			   !(l->tok[k].flags & TF_DIRECTIVE) &&
			   tok_punct(buf, l, k + 1, "(") &&
			   !tok_one_of(buf, l, k, not_calls) &&
			   !token_is_typeof(buf, &l->tok[k])) {
			/* a call: a barrier that accesses no memory
			 * (nsync's load, then ATM_LD_ACQ_()), or a
			 * function or macro that may access anything */
			size_t c = tok_match(buf, l, k + 1);

			if (!barrier_range(buf, l, di, k, c + 1, 0, 0))
				(*other)++;
			k = c;
		} else if ((l->tok[k].kind == TOK_IDENT ||
			    tok_punct(buf, l, k, "*")) &&
			   !(l->tok[k].flags & TF_DIRECTIVE) &&
			   (one.param = volatile_param_access(buf, l, k, close,
							      p, np, &one.begin,
							      &one.end,
							      &one.member)) >= 0) {
			/* *p, p->m: p points to volatile */
			enum once_use use =
				once_use_classify(buf, l, one.begin, one.end);

			if (use != ONCE_READ && use != ONCE_WRITE) {
				(*other)++;
				k = one.end - 1;
				continue;
			}
			one.how = ACCESSOR_VOLATILE_PTR;
			one.kind = use == ONCE_READ ? OMK_READ : OMK_WRITE;
			one.order_param = -1;
			n = record_access(&one, n, f, other, alts, nalts);
			k = one.end - 1;
		} else if (l->tok[k].kind == TOK_PUNCT &&
			   find_volatile_cast(buf, l, k, &vc) && vc.end <= close) {
			enum once_use use;

			one.param = vc.form == VC_DEREF ?
				param_of(buf, l, p, np, vc.operand) : -1;
			use = once_use_classify(buf, l, vc.begin, vc.end);
			if (one.param < 0 || (use != ONCE_READ && use != ONCE_WRITE)) {
				(*other)++;
				k = vc.end - 1;
				continue;
			}
			one.how = ACCESSOR_VOLATILE;
			one.kind = use == ONCE_READ ? OMK_READ : OMK_WRITE;
			one.begin = vc.begin;
			one.end = vc.end;
			n = record_access(&one, n, f, other, alts, nalts);
			k = vc.end - 1;
		}
	}
	return n;
}

/*
 * A function of one parameter q whose body is a switch on q of cases
 * that each return a memory order (jemalloc's atomic_enum_to_builtin:
 * case atomic_memory_order_relaxed: return __ATOMIC_RELAXED;): a line
 * "NAME CASE ORDER" per case into *maps.  Anything else in the switch
 * (a case of two labels aside) and it is no map: nothing added.
 */
static void order_map_function(const char *buf, const struct token_list *l,
			       size_t name, size_t open, size_t close,
			       const struct param *p, size_t np,
			       struct strbuf *maps)
{
	struct strbuf sb = STRBUF_INIT;
	size_t k = open + 1, sw, end, first, cases = 0;

	if (np != 1 || !p[0].any || !tok_ident(buf, l, k, "switch") ||
	    !tok_punct(buf, l, k + 1, "("))
		return;
	sw = tok_match(buf, l, k + 1);
	if (any_param(buf, l, p, np, (struct tok_range){ k + 2, sw }) != 0 ||
	    !tok_punct(buf, l, sw + 1, "{") || tok_match(buf, l, sw + 1) >= close)
		return;
	end = tok_match(buf, l, sw + 1);
	for (k = first = sw + 2; k < end; ) {
		size_t label = k + 1, ret = k + 3;
		enum mem_order o;

		if (!tok_ident(buf, l, k, "case") ||
		    l->tok[label].kind != TOK_IDENT ||
		    !tok_punct(buf, l, label + 1, ":")) {
			strbuf_release(&sb);
			return;
		}
		if (tok_ident(buf, l, ret, "case")) { /* two labels, one body */
			k = ret;
			continue;
		}
		if (!tok_ident(buf, l, ret, "return") ||
		    l->tok[ret + 1].kind != TOK_IDENT ||
		    !tok_punct(buf, l, ret + 2, ";") ||
		    (o = mem_order_named(buf + l->tok[ret + 1].off,
					 l->tok[ret + 1].len)) == MO_NONE) {
			strbuf_release(&sb);
			return;
		}
		/* every label since the last return maps to o */
		for (size_t j = first; j < ret; j++)
			if (tok_ident(buf, l, j, "case"))
				strbuf_addf(&sb, "%.*s %.*s %s\n",
					    (int)l->tok[name].len,
					    buf + l->tok[name].off,
					    (int)l->tok[j + 1].len,
					    buf + l->tok[j + 1].off,
					    mem_order_name(o));
		cases++;
		k = first = ret + 3;
	}
	if (cases)
		strbuf_add(maps, sb.buf, sb.len);
	strbuf_release(&sb);
}

static const char *how_words(enum accessor_how h)
{
	switch (h) {
	case ACCESSOR_VOLATILE: return "a volatile cast";
	case ACCESSOR_VOLATILE_PTR:
		return "an access through a pointer to volatile";
	case ACCESSOR_ASM: return "an inline-asm memory operand";
	case ACCESSOR_ASM_ADDRESS:
		return "an inline-asm load or store, its address in a register,";
	case ACCESSOR_ATOMIC: return "a relaxed __atomic access";
	case ACCESSOR_ATOMIC_ORDERED:
		return "an acquire or release __atomic access";
	case ACCESSOR_ATOMIC_CALLER:
		return "an __atomic access in the order its caller gives";
	}
	return "?";
}

/* Is the identifier at token k one of the names? */
static int named(const char *buf, const struct token *t,
		 const struct strbuf *names)
{
	for (size_t at = 0; at < names->len; at += strlen(names->buf + at) + 1)
		if (strlen(names->buf + at) == t->len &&
		    !memcmp(names->buf + at, buf + t->off, t->len))
			return 1;
	return 0;
}

/* Does wanted() take the name at token k (as a->name spells it)? */
static int name_wanted(const char *buf, const struct token *t,
		       int (*wanted)(const char *name, size_t n, void *ctx),
		       void *ctx)
{
	struct strbuf sb = STRBUF_INIT;
	int yes;

	if (!(t->flags & TF_SPLICED))
		return wanted(buf + t->off, t->len, ctx);
	token_spelling(buf, t, &sb);
	yes = wanted(sb.buf, sb.len, ctx);
	strbuf_release(&sb);
	return yes;
}

/* Is a pointee spelled t void ("void", "void __iomem")? */
static int void_pointee(const char *t)
{
	size_t n = 4;

	if (!t || strchr(t, '*'))
		return 0;
	for (const char *p = t; (p = strstr(p, "void")); p += n)
		if ((p == t || p[-1] == ' ') && (!p[n] || p[n] == ' '))
			return 1;
	return 0;
}

/*
 * Word k of a cast's type T onto sb: T's words without qualifiers and,
 * after its first word, without the annotations sparse reads (a word
 * that starts with two underscores: __force, __iomem).  0: token k is
 * no word, and the cast names no such type.
 */
static int add_type_word(const char *buf, const struct token_list *l,
			 size_t k, struct strbuf *sb)
{
	const struct token *t = &l->tok[k];

	if (t->kind != TOK_IDENT)
		return 0;
	if (tok_is_qualifier(buf, l, k) ||
	    (sb->len && t->len > 2 && buf[t->off] == '_' &&
	     buf[t->off + 1] == '_'))
		return 1;
	if (sb->len)
		strbuf_addch(sb, ' ');
	strbuf_add(sb, buf + t->off, t->len);
	return 1;
}

/*
 * The type T of the access *(T *)E that tokens r spell (in parentheses or
 * not): "uint32_t" of *(const volatile uint32_t *)addr, "u32" of
 * *(volatile u32 __force *)addr -- without qualifiers, and without the
 * annotations sparse reads (a word that starts with two underscores
 * after the type's first word: __force, __iomem).  NULL when r is no
 * such access, the cast is not volatile, or T is void or a pointer: an
 * MMIO accessor's volatile cast names the register's width, while
 * Concurrency Kit's ck_pr_md_load_ptr(const void *) moves a word
 * ("m"(*(const uint64_t *)target)) of whatever the caller names --
 * ckg_load_ptr(p) of a void *p stays of no known size (t4393).
 */
static char *deref_cast_type(const char *buf, const struct token_list *l,
			     struct tok_range r)
{
	struct strbuf sb = STRBUF_INIT;
	size_t close;
	int vol = 0;

	strip_parens(buf, l, &r);
	if (r.end - r.begin < 5 || !tok_punct(buf, l, r.begin, "*") ||
	    !tok_punct(buf, l, r.begin + 1, "("))
		return NULL;
	close = tok_match(buf, l, r.begin + 1);
	if (close >= r.end || close < r.begin + 4 ||
	    !tok_punct(buf, l, close - 1, "*"))
		return NULL;
	for (size_t k = r.begin + 2; k < close - 1; k++) {
		if (!add_type_word(buf, l, k, &sb)) {
			strbuf_release(&sb);
			return NULL;
		}
		vol |= tok_ident(buf, l, k, "volatile") ||
		       tok_ident(buf, l, k, "__volatile__") ||
		       tok_ident(buf, l, k, "__volatile");
	}
	if (!vol || !sb.len || !strcmp(sb.buf, "void")) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb);
}

/*
 * The type T of an atomic's pointer argument cast (T *)p or
 * (_Atomic(T) *)p that tokens r spell: "uint64_t" of rdma-core's
 * atomic_store_explicit((_Atomic(uint64_t) *)addr, ...) -- an MMIO
 * accessor of a void pointee whose atomic names the register's width,
 * as a volatile cast does (deref_cast_type()).  Qualifiers and the
 * annotations sparse reads are left out; NULL when r is no such cast
 * or T is void or a pointer.
 */
static char *atomic_cast_type(const char *buf, const struct token_list *l,
			      struct tok_range r)
{
	struct strbuf sb = STRBUF_INIT;
	size_t close;

	strip_parens(buf, l, &r);
	if (r.end - r.begin < 4 || !tok_punct(buf, l, r.begin, "("))
		return NULL;
	close = tok_match(buf, l, r.begin);
	if (close + 1 >= r.end || close < r.begin + 3 ||
	    !tok_punct(buf, l, close - 1, "*"))
		return NULL;
	for (size_t k = r.begin + 1; k < close - 1; k++) {
		/* _Atomic(T): its parentheses, T's words read on */
		if (tok_ident(buf, l, k, "_Atomic") ||
		    ((tok_punct(buf, l, k, "(") || tok_punct(buf, l, k, ")")) &&
		     k > r.begin + 1 &&
		     (tok_ident(buf, l, k - 1, "_Atomic") ||
		      tok_punct(buf, l, k, ")"))))
			continue;
		if (!add_type_word(buf, l, k, &sb)) {
			strbuf_release(&sb);
			return NULL;
		}
	}
	if (!sb.len || !strcmp(sb.buf, "void")) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb);
}

void once_accessors_find(const char *buf, const struct token_list *l,
			 struct once_accessor_list *out)
{
	once_accessors_find_named(buf, l, NULL, NULL, out);
}

void once_accessors_find_named(const char *buf, const struct token_list *l,
			       int (*wanted)(const char *name, size_t n,
					     void *ctx),
			       void *ctx, struct once_accessor_list *out)
{
	struct strbuf others = STRBUF_INIT; /* functions that are not */
	struct define_index di = { NULL, 0, 0, 0 };
	size_t from = out->nr, kept;
	int depth = 0;

	for (size_t k = 0; k + 1 < l->nr; k++) {
		size_t open, pclose, bclose, name, other = 0, np, n;
		struct param p[MAX_PARAMS];
		struct once_accessor *a;
		struct found f, alts[MAX_ALTS];
		size_t nalts;

		if (l->tok[k].flags & TF_DIRECTIVE)
			continue;
		if (tok_punct(buf, l, k, "}")) {
			depth -= depth > 0;
			continue;
		}
		if (!tok_punct(buf, l, k, "{"))
			continue;
		/* #ifdef __cplusplus extern "C" { #endif: the lexer does not
		 * preprocess, and the header's functions are inside that
		 * brace; it holds no body (its '}', in an #if of its own,
		 * finds the depth 0 and leaves it so) */
		if (k >= 2 && l->tok[k - 1].kind == TOK_STRING &&
		    tok_ident(buf, l, k - 2, "extern"))
			continue;
		bclose = tok_match(buf, l, k);
		if (depth++ || k < 3 || !tok_punct(buf, l, k - 1, ")") ||
		    bclose >= l->nr || bclose - k > MAX_BODY_TOKENS)
			continue;
		pclose = k - 1;
		open = tok_match_back(buf, l, pclose);
		if (open >= pclose || !open || l->tok[open - 1].kind != TOK_IDENT ||
		    tok_is_condition_keyword(buf, l, open - 1))
			continue;
		name = open - 1;
		if (wanted && !name_wanted(buf, &l->tok[name], wanted, ctx)) {
			__atomic_fetch_add(&bodies_unwanted, 1, __ATOMIC_RELAXED);
			continue;
		}
		__atomic_fetch_add(&bodies_read, 1, __ATOMIC_RELAXED);
		np = read_params(buf, l, open, pclose, p);
		memset(&f, 0, sizeof(f));
		nalts = 0;
		n = body_accesses(buf, l, &di, k, bclose, p, np, &f, &other,
				  alts, &nalts);
		/* one access; or one per side of an #if, all alike */
		if (!n || other || (n > 1 && !has_directive(l, k, bclose))) {
			strbuf_add(&others, buf + l->tok[name].off,
				   l->tok[name].len);
			strbuf_addch(&others, '\0');
			order_map_function(buf, l, name, k, bclose, p, np,
					   &out->order_maps);
			continue;
		}
		ALLOC_GROW(out->items, out->nr + 1, out->alloc);
		a = &out->items[out->nr++];
		memset(a, 0, sizeof(*a));
		a->name = tok_range_text(buf, l, (struct tok_range){ name, name + 1 }, 0);
		a->line = l->tok[name].line;
		a->kind = f.kind;
		a->how = f.how;
		a->param = f.param;
		a->param_name = tok_range_text(buf, l, (struct tok_range){
			p[f.param].name, p[f.param].name + 1 }, 0);
		a->pointee = tok_range_text(buf, l, p[f.param].type, 1);
		if ((f.how == ACCESSOR_VOLATILE || f.how == ACCESSOR_ASM) &&
		    void_pointee(a->pointee))
			a->cast = deref_cast_type(buf, l, (struct tok_range){
				f.begin, f.end });
		else if ((f.how == ACCESSOR_ATOMIC ||
			  f.how == ACCESSOR_ATOMIC_ORDERED ||
			  f.how == ACCESSOR_ATOMIC_CALLER) &&
			 void_pointee(a->pointee))
			a->cast = atomic_cast_type(buf, l, f.ptr);
		a->order_param = -1;
		if (f.member)
			a->member = tok_range_text(buf, l, (struct tok_range){
				f.member, f.member + 1 }, 0);
		if (f.how == ACCESSOR_ATOMIC_CALLER) {
			a->order_param = f.order_param;
			if (f.order_fn)
				a->order_map = tok_range_text(buf, l,
					(struct tok_range){ f.order_fn,
							    f.order_fn + 1 }, 0);
		}
		if (f.how == ACCESSOR_ATOMIC_CALLER)
			a->what = xasprintf(
				"a function whose body is %s (argument %d%s%s%s) "
				"of %s%s%swhat its argument '%s' points to",
				how_words(f.how), f.order_param + 1,
				a->order_map ? ", through '" : "",
				a->order_map ? a->order_map : "",
				a->order_map ? "'" : "",
				a->member ? "the member " : "",
				a->member ? a->member : "",
				a->member ? " of " : "", a->param_name);
		else
			a->what = xasprintf("a function whose body is %s of %s%s%s"
					    "what its argument '%s' points to%s",
					    how_words(f.how),
					    a->member ? "the member " : "",
					    a->member ? a->member : "",
					    a->member ? " of " : "",
					    a->param_name,
					    f.dir_unknown ? " (an input: "
					    "whether its template reads or "
					    "writes it, cannot tell)" : "");
		a->begin = f.begin;
		a->end = f.end;
		for (size_t i = 0; i < nalts; i++) {
			a->alt_begin[i] = alts[i].begin;
			a->alt_end[i] = alts[i].end;
		}
		a->nalt = nalts;
	}
	/* a name defined otherwise too (the other side of an #if: a
	 * __sync builtin for compilers that have it) is no accessor */
	kept = from;
	for (size_t i = from; i < out->nr; i++) {
		struct token t = { 0 };

		t.off = 0;
		t.len = strlen(out->items[i].name);
		if (named(out->items[i].name, &t, &others)) {
			once_accessor_release(&out->items[i]);
			continue;
		}
		out->items[kept++] = out->items[i];
	}
	out->nr = kept;
	strbuf_add(&out->functions, others.buf, others.len);
	strbuf_release(&others);
	free(di.at);
}

struct generated {
	struct once_accessor_list *out;
};

/* One expansion that defines a function: its accessors, placed at the
 * invocation. */
static void generated_one(const char *text, size_t len, unsigned line,
			  const char *invocation, void *ctx)
{
	struct generated *g = ctx;
	struct token_list l = TOKEN_LIST_INIT;
	struct once_accessor_list acc = ONCE_ACCESSOR_LIST_INIT;

	lex_buffer(text, len, &l);
	once_accessors_find(text, &l, &acc);
	for (size_t i = 0; i < acc.nr; i++) {
		struct once_accessor *a = &acc.items[i];
		char *what = xasprintf("%s, made by %s", a->what, invocation);

		free(a->what);
		a->what = what;
		a->generated_by = xstrdup(invocation);
		a->line = line;
		a->begin = a->end = 0;
		memset(a->alt_begin, 0, sizeof(a->alt_begin));
		memset(a->alt_end, 0, sizeof(a->alt_end));
		a->nalt = 0;
		ALLOC_GROW(g->out->items, g->out->nr + 1, g->out->alloc);
		g->out->items[g->out->nr++] = *a;
	}
	free(acc.items);
	strbuf_release(&acc.functions);
	strbuf_add(&g->out->order_maps, acc.order_maps.buf, acc.order_maps.len);
	strbuf_release(&acc.order_maps);
	token_list_release(&l);
}

void once_accessors_generated(const char *buf, size_t len,
			      const struct token_list *l,
			      struct once_accessor_list *out)
{
	once_accessors_generated_with(buf, len, l, NULL, out);
}

void once_accessors_generated_with(const char *buf, size_t len,
				   const struct token_list *l,
				   const struct macro_set *base,
				   struct once_accessor_list *out)
{
	struct generated g = { out };

	if (!base && !mem_find(buf, len, "##", 2))
		return;
	macro_expand_invocations_with(buf, l, base, generated_one, &g);
}

int once_accessor_generator(const char *body, size_t len)
{
	struct token_list l = TOKEN_LIST_INIT;
	int found = 0;

	if (!mem_find(body, len, "##", 2) || !memchr(body, '{', len))
		return 0;
	lex_buffer(body, len, &l);
	/* NAME ## x ( ... ) { */
	for (size_t k = 0; !found && k + 4 < l.nr; k++) {
		size_t close;

		if (!tok_punct(body, &l, k, "##") ||
		    l.tok[k + 1].kind != TOK_IDENT ||
		    !tok_punct(body, &l, k + 2, "("))
			continue;
		close = tok_match(body, &l, k + 2);
		found = close + 1 < l.nr && tok_punct(body, &l, close + 1, "{");
	}
	token_list_release(&l);
	return found;
}

/*
 * Does a '{' follow a "##" at p in the same directive?  The scan goes on
 * over line splices and block comments (the lexer keeps a directive
 * going through both) and stops at any other newline; whatever it cannot
 * follow as the lexer would -- a raw string, a '/' spliced to what comes
 * after it, a comment without its end -- answers yes.  A '{' in a string
 * or a comment also answers yes: a generator may be, never missed.
 */
static int brace_after_paste(const char *p, const char *e)
{
	while (p < e) {
		size_t n;

		switch (*p) {
		case '{':
			return 1;
		case '\\':
			n = splice_at(p, e);
			p += n ? n : 1;
			continue;
		case '"':
			if (p[-1] == 'R')
				return 1; /* a raw string may span lines */
			break;
		case '/':
			if (p + 1 < e && p[1] == '\\')
				return 1; /* a comment's opening spliced */
			if (p + 1 < e && p[1] == '*') {
				const char *close = mem_find(p + 2,
							     (size_t)(e - p - 2),
							     "*/", 2);

				if (!close)
					return 1;
				p = close + 2;
				continue;
			}
			break;
		case '\n':
			return 0;
		default:
			break;
		}
		p++;
	}
	return 0;
}

int once_accessor_generator_may_be(const char *buf, size_t len)
{
	const char *e = buf + len;

	for (const char *p = buf; (p = mem_find(p, (size_t)(e - p), "##", 2));
	     p += 2)
		if (brace_after_paste(p + 2, e))
			return 1;
	return 0;
}

void once_accessor_release(struct once_accessor *a)
{
	free(a->name);
	free(a->generated_by);
	free(a->param_name);
	free(a->pointee);
	free(a->cast);
	free(a->what);
	free(a->member);
	free(a->order_map);
	memset(a, 0, sizeof(*a));
}

void once_accessor_list_release(struct once_accessor_list *list)
{
	for (size_t i = 0; i < list->nr; i++)
		once_accessor_release(&list->items[i]);
	free(list->items);
	strbuf_release(&list->functions);
	strbuf_release(&list->order_maps);
	memset(list, 0, sizeof(*list));
}
