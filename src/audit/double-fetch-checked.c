/*
 * The double-fetch rule's second shape (double-fetch.h): a volatile
 * object -- memory another agent writes: a device, another CPU, user
 * space through a shared page -- read twice in one function, where the
 * first value is checked and the second is used:
 *
 *   if (*shared >= 64)              // volatile u32 *shared
 *           return 0;
 *   return buf[*shared];            // [double-fetch]: index
 *
 * The check holds for the first value only; the second may be anything.
 * That is the bug the amdgpu seed fixes in its plain-pointer form (one
 * value printed, another returned), and the time-of-check/time-of-use
 * shape of shared rings.  What counts:
 *
 *   - a read of a volatile object: *p through a pointer to volatile, a
 *     volatile member or variable, a volatile cast *(volatile T *)E, or a
 *     once-macro read READ_ONCE(x) / ACCESS_ONCE(x) -- each spelled the
 *     same way names the same object (READ_ONCE(r->idx) and
 *     *(volatile u32 *)&r->idx are both r->idx);
 *   - checked: the read (or a conversion of it, le32_to_cpu(*p), or a
 *     cast) is an operand of <, <=, >, >= -- or, for a pointer, of ==, !=,
 *     ! or a bare condition;
 *   - used: the second read is an array index (alone, or plus or minus
 *     something; not masked), the size argument of a copy or allocation
 *     (memcpy, copy_from_user, kmalloc ...), a loop bound, or -- after a
 *     pointer check -- dereferenced;
 *   - nothing in between writes the object or gives a new value to the
 *     variable it is reached through.
 *
 * Precision comes first: a read that is only printed, compared twice, or
 * masked is not reported.  Control flow is not followed (two reads in two
 * branches still count), which doc/audit.md's measurement on Linux 6.1
 * accounts for.
 */
#include "audit/double-fetch.h"
#include "cfront/idioms.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

enum check { CHECK_NONE, CHECK_BOUND, CHECK_NONZERO };
enum usage { USED_NOT, USED_INDEX, USED_SIZE, USED_BOUND, USED_POINTER };

struct vread {
	int write;          /* a store (or ++, +=): the object changes */
	/* volatile only if the type index says so (0: a volatile cast or
	 * a once-macro read, volatile by its spelling) */
	int needs_type;
	struct tok_range obj;
	char *key;          /* the object, spelled without blanks */
	size_t begin, end;  /* the read's tokens */
	size_t base;        /* the variable it is reached through, or 0 */
	enum check check;
	enum usage usage;
	const char *cmp;    /* the comparison of a check, for the message */
};

struct scan {
	const struct lexical_options *o;
	const char *buf;
	const struct token_list *l;
	struct type_index *ti;
	struct tok_range body;
	struct vread *reads;
	size_t nr, alloc;
};

static int is_p(const struct scan *s, size_t i, const char *p)
{
	return tok_punct(s->buf, s->l, i, p);
}

static int ident(const struct scan *s, size_t i)
{
	return s->l->tok[i].kind == TOK_IDENT &&
	       !tok_is_operator_keyword(s->buf, s->l, i) &&
	       !tok_is_condition_keyword(s->buf, s->l, i);
}

/* The tokens r spelled without blanks. */
static char *spell(const struct scan *s, struct tok_range r)
{
	struct strbuf sb = STRBUF_INIT, t = STRBUF_INIT;

	for (size_t i = r.begin; i < r.end; i++) {
		strbuf_reset(&t);
		token_spelling(s->buf, &s->l->tok[i], &t);
		strbuf_add(&sb, t.buf, t.len);
	}
	strbuf_release(&t);
	return strbuf_detach(&sb);
}

/* Drop parentheses around the whole range. */
static struct tok_range bare(const struct scan *s, struct tok_range r)
{
	return tok_unparen(s->buf, s->l, r);
}

/* Is the object of expression r volatile (the thing read, not what a
 * pointer points to)? */
static int volatile_object(const struct scan *s, struct tok_range r)
{
	struct type_answer ty;

	if (!type_index_expr(s->ti, s->buf, s->l, r, &ty))
		return 0;
	return ty.is_volatile ||
	       (ty.volatile_base && ty.cls != TC_POINTER && ty.cls != TC_ARRAY);
}

/* The end of the chain "a", "a->b.c" starting at identifier i. */
static size_t chain_end(const struct scan *s, size_t i)
{
	size_t e = i + 1;

	while (e + 1 < s->body.end &&
	       (is_p(s, e, "->") || is_p(s, e, ".")) &&
	       s->l->tok[e + 1].kind == TOK_IDENT)
		e += 2;
	return e;
}

/*
 * The value expression a read at [b, e) is part of: the read inside
 * grouping parentheses, a cast, or a one-argument call that converts it
 * (le32_to_cpu(*p)).  Returns the widened range.
 */
static struct tok_range widen(const struct scan *s, size_t b, size_t e)
{
	for (int k = 0; k < 8; k++) {
		size_t p = b - 1, pp;

		if (b <= s->body.begin + 1 || e >= s->body.end)
			break;
		/* (READ) or f(READ) */
		if (is_p(s, p, "(") && is_p(s, e, ")") &&
		    tok_match(s->buf, s->l, p) == e) {
			pp = p - 1;
			if (ident(s, pp) && pp > s->body.begin) {
				b = pp;      /* a conversion call */
			} else {
				b = p;       /* grouping */
			}
			e = e + 1;
			continue;
		}
		/* (T) READ: a cast */
		if (is_p(s, p, ")")) {
			size_t open = tok_match_back(s->buf, s->l, p);
			struct type_answer ty;

			if (open < p && open > s->body.begin &&
			    type_index_type_name(s->ti, s->buf, s->l,
						 (struct tok_range){ open + 1, p },
						 &ty)) {
				b = open;
				continue;
			}
		}
		break;
	}
	return (struct tok_range){ b, e };
}

static const char *const relations[] = { "<", "<=", ">", ">=", NULL };
static const char *const equalities[] = { "==", "!=", NULL };

static const char *punct_in(const struct scan *s, size_t i,
			    const char *const *set)
{
	for (; *set; set++)
		if (is_p(s, i, *set))
			return *set;
	return NULL;
}

/* Is the '(' at open the head of an if/while/for/switch? */
static int condition_head(const struct scan *s, size_t open)
{
	return open > s->body.begin &&
	       tok_is_condition_keyword(s->buf, s->l, open - 1);
}

/*
 * Is the expression at v in the condition of an if (through calls such as
 * unlikely() and grouping parentheses)?  A loop's condition re-reads on
 * each turn and is no check of a later use; an assignment is no check.
 */
static int in_if_condition(const struct scan *s, struct tok_range v)
{
	for (size_t k = v.begin - 1; k > s->body.begin; k--) {
		if (is_p(s, k, ")") || is_p(s, k, "]")) {
			k = tok_match_back(s->buf, s->l, k);
			if (k >= s->l->nr - 1 || k <= s->body.begin)
				return 0;
			continue;
		}
		if (is_p(s, k, ";") || is_p(s, k, "{") || is_p(s, k, "}"))
			return 0;
		if (is_p(s, k, "(")) {
			if (tok_ident(s->buf, s->l, k - 1, "if"))
				return 1;
			if (tok_is_condition_keyword(s->buf, s->l, k - 1))
				return 0; /* while, for, switch */
		}
	}
	return 0;
}

static enum check checked(const struct scan *s, struct tok_range v,
			  const char **cmp)
{
	const char *c;

	/* "*p < n" compares *p, not p; "-x < n" compares -x */
	if (is_p(s, v.begin - 1, "*") || is_p(s, v.begin - 1, "&") ||
	    is_p(s, v.begin - 1, "-") || is_p(s, v.begin - 1, "~") ||
	    is_p(s, v.begin - 1, "+"))
		if (!tok_ends_operand(s->buf, s->l, v.begin - 2))
			return CHECK_NONE;
	if (!in_if_condition(s, v))
		return CHECK_NONE;

	if ((c = punct_in(s, v.end, relations)) ||
	    (c = punct_in(s, v.begin - 1, relations))) {
		*cmp = c;
		return CHECK_BOUND;
	}
	if ((c = punct_in(s, v.end, equalities)) ||
	    (c = punct_in(s, v.begin - 1, equalities))) {
		*cmp = c;
		return CHECK_NONZERO;
	}
	if (is_p(s, v.begin - 1, "!")) {
		*cmp = "!";
		return CHECK_NONZERO;
	}
	if (is_p(s, v.begin - 1, "(") && is_p(s, v.end, ")") &&
	    condition_head(s, v.begin - 1)) {
		*cmp = "a condition";
		return CHECK_NONZERO;
	}
	return CHECK_NONE;
}

/* Functions whose argument is a size or a count. */
static const char *const sizers[] = {
	"memcpy", "memmove", "memset", "memcmp", "memcpy_fromio",
	"memcpy_toio", "copy_from_user", "copy_to_user", "__copy_from_user",
	"__copy_to_user", "copy_from_user_nofault", "kmalloc", "kzalloc",
	"kcalloc", "kmalloc_array", "kvmalloc", "kvzalloc", "vmalloc",
	"vzalloc", "kmemdup", "memdup_user", "alloc_skb", "skb_put",
	"skb_pull", "skb_push", "skb_put_data", "strncpy", "strscpy",
	"strncmp", "dma_alloc_coherent", "malloc", "calloc", "realloc",
	NULL,
};

/* Is [v] a whole argument of a call to one of sizers? */
static int size_argument(const struct scan *s, struct tok_range v)
{
	size_t p = v.begin - 1, q = v.end, open;

	if (!(is_p(s, p, "(") || is_p(s, p, ",")) ||
	    !(is_p(s, q, ")") || is_p(s, q, ",")))
		return 0;
	/* the '(' of the call: back over the earlier arguments */
	for (open = p; open > s->body.begin && !is_p(s, open, "(");) {
		if (is_p(s, open, ")") || is_p(s, open, "]") ||
		    is_p(s, open, "}")) {
			open = tok_match_back(s->buf, s->l, open);
			if (open >= s->l->nr - 1)
				return 0;
		}
		if (is_p(s, open, ";") || is_p(s, open, "{"))
			return 0;
		open--;
	}
	if (open <= s->body.begin || !is_p(s, open, "(") ||
	    s->l->tok[open - 1].kind != TOK_IDENT)
		return 0;
	for (const char *const *f = sizers; *f; f++)
		if (tok_ident(s->buf, s->l, open - 1, *f))
			return 1;
	return 0;
}

/* Is [v] the subscript of a[...], alone or plus/minus something at its
 * top level (a mask "& 63" or "% n" bounds it: not this rule's)? */
static int subscript(const struct scan *s, struct tok_range v)
{
	size_t open = v.begin - 1, close;

	/* walk out over "+ x" / "x +" to the '[' */
	while (open > s->body.begin && !is_p(s, open, "[")) {
		if (is_p(s, open, ")") || is_p(s, open, "]")) {
			open = tok_match_back(s->buf, s->l, open);
			if (open >= s->l->nr - 1)
				return 0;
		} else if (is_p(s, open, ";") || is_p(s, open, "{") ||
			   is_p(s, open, "(") || is_p(s, open, ",") ||
			   is_p(s, open, "=")) {
			return 0;
		}
		open--;
	}
	if (open <= s->body.begin || !is_p(s, open, "[") ||
	    !tok_ends_operand(s->buf, s->l, open - 1))
		return 0;
	close = tok_match(s->buf, s->l, open);
	if (close >= s->body.end || close < v.end)
		return 0;
	for (size_t k = open + 1; k < close; k++) {
		if (is_p(s, k, "(") || is_p(s, k, "[")) {
			k = tok_match(s->buf, s->l, k);
			continue;
		}
		if (!(k >= v.begin && k < v.end) &&
		    !(s->l->tok[k].kind == TOK_IDENT ||
		      s->l->tok[k].kind == TOK_NUMBER || is_p(s, k, "+") ||
		      is_p(s, k, "-") || is_p(s, k, "->") || is_p(s, k, ".")))
			return 0; /* masked, shifted, a condition ... */
	}
	return 1;
}

/* A loop bound: "for (...; i < READ; ...)" or "while (i < READ)". */
static int loop_bound(const struct scan *s, struct tok_range v)
{
	size_t p = v.begin - 1;

	if (!punct_in(s, p, relations))
		return 0;
	for (size_t k = p; k > s->body.begin; k--) {
		if (is_p(s, k, ";")) {
			/* inside a for header: a '(' after "for" before it */
			for (size_t j = k; j > s->body.begin; j--) {
				if (is_p(s, j, ")") || is_p(s, j, "]"))
					j = tok_match_back(s->buf, s->l, j);
				else if (is_p(s, j, "("))
					return tok_ident(s->buf, s->l, j - 1,
							 "for");
				else if (is_p(s, j, "{") || is_p(s, j, "}"))
					return 0;
				if (j >= s->l->nr - 1)
					return 0;
			}
			return 0;
		}
		if (is_p(s, k, "(")) {
			return tok_ident(s->buf, s->l, k - 1, "while") ||
			       tok_ident(s->buf, s->l, k - 1, "for");
		}
		if (is_p(s, k, ")") || is_p(s, k, "]")) {
			k = tok_match_back(s->buf, s->l, k);
			if (k >= s->l->nr - 1)
				return 0;
		}
		if (is_p(s, k, "{") || is_p(s, k, "}") || is_p(s, k, "="))
			return 0;
	}
	return 0;
}

static enum usage used(const struct scan *s, struct tok_range v)
{
	if (subscript(s, v))
		return USED_INDEX;
	if (size_argument(s, v))
		return USED_SIZE;
	if (loop_bound(s, v))
		return USED_BOUND;
	if (is_p(s, v.end, "->") || is_p(s, v.end, "[") ||
	    (is_p(s, v.begin - 1, "*") &&
	     !tok_ends_operand(s->buf, s->l, v.begin - 2)))
		return USED_POINTER;
	return USED_NOT;
}

static void add_read(struct scan *s, struct tok_range obj, size_t b, size_t e,
		     size_t base, int needs_type)
{
	enum once_use u = once_use_classify(s->buf, s->l, b, e);
	struct tok_range v;
	struct vread *r;

	/* "p->f": p, a pointer, is read to reach f */
	if (u == ONCE_MEMBER && is_p(s, e, "->"))
		u = ONCE_READ;
	if (u == ONCE_MEMBER || u == ONCE_ADDRESS)
		return;
	ALLOC_GROW(s->reads, s->nr + 1, s->alloc);
	r = &s->reads[s->nr++];
	memset(r, 0, sizeof(*r));
	r->key = spell(s, obj);
	r->obj = obj;
	r->needs_type = needs_type;
	r->begin = b;
	r->end = e;
	r->base = base;
	if (u != ONCE_READ) {
		r->write = 1;
		return;
	}
	v = widen(s, b, e);
	r->check = checked(s, v, &r->cmp);
	r->usage = used(s, v);
	/* a read neither checked nor used is none of the pair's */
	if (r->check == CHECK_NONE && r->usage == USED_NOT) {
		free(r->key);
		s->nr--;
	}
}

/* Does anything in (from, to) write key's object or change its base? */
static int changed_between(const struct scan *s, const struct vread *a,
			   size_t from, size_t to)
{
	const struct token *bt = a->base ? &s->l->tok[a->base] : NULL;

	for (size_t i = from + 1; i < to; i++) {
		if (bt && s->l->tok[i].kind == TOK_IDENT &&
		    s->l->tok[i].len == bt->len &&
		    !memcmp(s->buf + s->l->tok[i].off, s->buf + bt->off,
			    bt->len) &&
		    !is_p(s, i - 1, "->") && !is_p(s, i - 1, ".")) {
			/* "p = ...", "p++", "&p", "f(p, ...)" with &: a new
			 * value of the base, or its address escapes */
			if (is_p(s, i + 1, "=") || is_p(s, i + 1, "++") ||
			    is_p(s, i + 1, "--") || is_p(s, i - 1, "++") ||
			    is_p(s, i - 1, "--") || is_p(s, i + 1, "+=") ||
			    is_p(s, i + 1, "-=") ||
			    (is_p(s, i - 1, "&") &&
			     !tok_ends_operand(s->buf, s->l, i - 2)))
				return 1;
		}
		/* a write of the same object: "key = ", WRITE_ONCE(key, ...) */
		if (s->l->tok[i].kind == TOK_IDENT &&
		    tok_ident(s->buf, s->l, i, "WRITE_ONCE")) {
			struct tok_range args[2];
			size_t n, close;

			if (!tok_call_args(s->buf, s->l, i, args, 2, &n, &close) &&
			    n == 2) {
				char *k = spell(s, bare(s, args[0]));
				int same = !strcmp(k, a->key);

				free(k);
				if (same)
					return 1;
			}
		}
	}
	return 0;
}

static const char *usage_name(enum usage u)
{
	switch (u) {
	case USED_INDEX: return "an array index";
	case USED_SIZE: return "a size";
	case USED_BOUND: return "a loop bound";
	case USED_POINTER: return "a pointer";
	default: return "";
	}
}

static void report(const struct scan *s, const char *path,
		   const struct vread *first, const struct vread *second,
		   struct finding_list *out)
{
	struct strbuf msg = STRBUF_INIT;
	struct finding f;
	const struct token *a = &s->l->tok[second->begin];
	const struct token *b = &s->l->tok[second->end - 1];

	strbuf_addf(&msg, "'%s' is read again and used as %s, but the value "
		    "checked (%s, at %u:%u) was an earlier read of this "
		    "volatile object: another agent may change it between the "
		    "two reads, so the check does not hold for the value used; "
		    "read it once into a local and check and use that",
		    second->key, usage_name(second->usage), first->cmp,
		    s->l->tok[first->begin].line, s->l->tok[first->begin].col);
	memset(&f, 0, sizeof(f));
	f.rule = RULE_DOUBLE_FETCH;
	f.path = (char *)path;
	f.line = a->line;
	f.col = a->col;
	f.end_line = b->line;
	f.end_col = b->col + (unsigned)b->len;
	f.message = msg.buf;
	finding_list_add(out, &f);
	strbuf_release(&msg);
}

/*
 * Is the object of a read a variable of this function (or a member of
 * one, through '.'), declared here?  A volatile local is volatile for
 * setjmp() or a debugger, not shared with another agent: not counted.
 * Declared here: the name after a type word or '*' and before '=', ';',
 * ',' or '[', in the body before the read.
 */
static int local_object(const struct scan *s, const struct vread *r)
{
	const struct token *n;

	if (r->obj.end <= r->obj.begin ||
	    s->l->tok[r->obj.begin].kind != TOK_IDENT)
		return 0;
	for (size_t k = r->obj.begin + 1; k < r->obj.end; k++)
		if (!is_p(s, k, ".") && s->l->tok[k].kind != TOK_IDENT)
			return 0; /* through a pointer: shared, maybe */
	n = &s->l->tok[r->obj.begin];
	for (size_t k = s->body.begin + 1; k < r->begin; k++) {
		const struct token *t = &s->l->tok[k];

		if (t->kind != TOK_IDENT || t->len != n->len ||
		    memcmp(s->buf + t->off, s->buf + n->off, n->len))
			continue;
		if ((s->l->tok[k - 1].kind == TOK_IDENT &&
		     !tok_is_operator_keyword(s->buf, s->l, k - 1)) ||
		    (is_p(s, k - 1, "*") &&
		     (s->l->tok[k - 2].kind == TOK_IDENT || is_p(s, k - 2, "*"))))
			if (is_p(s, k + 1, "=") || is_p(s, k + 1, ";") ||
			    is_p(s, k + 1, ",") || is_p(s, k + 1, "["))
				return 1;
	}
	return 0;
}

/* The object a once-macro call at name reads, when it is one. */
static int once_macro_read(struct scan *s, size_t i, struct tok_range *obj,
			   size_t *close)
{
	const struct token *t = &s->l->tok[i];
	const struct once_macro *m = once_macros_find(&s->o->macros,
						      s->buf + t->off, t->len);
	struct tok_range args[2];
	size_t n;

	/* the marked reads: READ_ONCE, ACCESS_ONCE and the names given; a
	 * tree's own (rcu_dereference, rtnl_dereference ...) publish
	 * pointers under locks and RCU, and are not counted */
	if (!m || (m->kind != OMK_READ && m->kind != OMK_ACCESS) ||
	    (m->flags & OMF_DISCOVERED) || m->object_arg != 0 ||
	    tok_call_args(s->buf, s->l, i, args, 2, &n, close) || n != 1 ||
	    *close >= s->body.end)
		return 0;
	*obj = bare(s, args[0]);
	return obj->end > obj->begin;
}

/* The variable an object is reached through: the first identifier. */
static size_t base_of(const struct scan *s, struct tok_range obj)
{
	for (size_t i = obj.begin; i < obj.end; i++)
		if (s->l->tok[i].kind == TOK_IDENT)
			return i;
	return 0;
}

static void collect(struct scan *s)
{
	for (size_t i = s->body.begin + 1; i < s->body.end; i++) {
		const struct token *t = &s->l->tok[i];
		struct volatile_cast vc;
		struct tok_range obj;
		size_t close;

		if (t->flags & TF_DIRECTIVE)
			continue;
		if (t->kind == TOK_IDENT && once_macro_read(s, i, &obj, &close)) {
			add_read(s, obj, i, close + 1, base_of(s, obj), 0);
			i = close;
			continue;
		}
		if (t->kind == TOK_PUNCT && is_p(s, i, "*") &&
		    find_volatile_cast(s->buf, s->l, i, &vc) &&
		    vc.form == VC_DEREF && vc.end <= s->body.end) {
			obj = vc.operand;
			if (is_p(s, obj.begin, "&"))
				obj = bare(s, (struct tok_range){ obj.begin + 1,
								  obj.end });
			else
				obj = (struct tok_range){ vc.operand.begin - 1,
							  vc.operand.end };
			add_read(s, obj, vc.begin, vc.end, base_of(s, obj),
				 0);
			i = vc.end - 1;
			continue;
		}
		/* *p, which the types may show to be volatile */
		if (t->kind == TOK_PUNCT && is_p(s, i, "*") &&
		    !tok_ends_operand(s->buf, s->l, i - 1) &&
		    s->l->tok[i + 1].kind == TOK_IDENT && ident(s, i + 1)) {
			size_t e = chain_end(s, i + 1);

			if (e == i + 2 && !is_p(s, e, "(") && !is_p(s, e, "[") &&
			    !is_p(s, e, "->") && !is_p(s, e, "."))
				add_read(s, (struct tok_range){ i, e }, i, e,
					 i + 1, 1);
			continue; /* the chain after it is looked at next */
		}
		/* a variable or member chain "a->b.c": each prefix that a
		 * '->' follows is a pointer read, and the whole of it a
		 * read, when the types show them volatile */
		if (t->kind == TOK_IDENT && ident(s, i) &&
		    !is_p(s, i - 1, "->") && !is_p(s, i - 1, ".") &&
		    !is_p(s, i - 1, "&")) {
			size_t e = chain_end(s, i);

			for (size_t k = i + 1; k < e; k += 2)
				if (is_p(s, k, "->"))
					add_read(s, (struct tok_range){ i, k }, i,
						 k, i, 1);
			if (!is_p(s, e, "(") && !is_p(s, e, "["))
				add_read(s, (struct tok_range){ i, e }, i, e,
					 i, 1);
			i = e - 1;
		}
	}
}

void double_fetch_checked(const struct lexical_options *o, const char *path,
			  const char *buf, const struct token_list *l,
			  struct type_index *ti, struct tok_range body,
			  struct finding_list *out)
{
	struct scan s = { o, buf, l, ti, body, NULL, 0, 0 };

	collect(&s);
	/* For each checked read, the first later read of the same object
	 * that is used, with nothing in between that changes it.  Each
	 * object once per function. */
	for (size_t a = 0; a < s.nr; a++) {
		struct vread *first = &s.reads[a];

		if (first->write || first->check == CHECK_NONE ||
		    !first->key[0])
			continue;
		for (size_t b = a + 1; b < s.nr; b++) {
			struct vread *second = &s.reads[b];

			if (strcmp(first->key, second->key))
				continue;
			if (second->write ||
			    changed_between(&s, first, first->end - 1,
					    second->begin))
				break;
			if (second->usage == USED_NOT ||
			    (second->usage == USED_POINTER) !=
			    (first->check == CHECK_NONZERO)) {
				continue;
			}
			/* the types decide last: few pairs get this far */
			if (local_object(&s, first) ||
			    (first->needs_type &&
			     !volatile_object(&s, first->obj)) ||
			    (second->needs_type &&
			     !volatile_object(&s, second->obj)))
				break;
			report(&s, path, first, second, out);
			/* this object is done in this function */
			for (size_t k = a; k < s.nr; k++)
				if (!strcmp(s.reads[k].key, first->key) && k != a)
					s.reads[k].key[0] = '\0';
			first->key[0] = '\0';
			break;
		}
	}
	for (size_t k = 0; k < s.nr; k++)
		free(s.reads[k].key);
	free(s.reads);
}
