/* Finding and classifying once-access idioms on tokens (idioms.h). */
#include "cfront/idioms.h"
#include "lib/memfind.h"
#include "lib/util.h"

#include <string.h>

static int is_punct(const char *buf, const struct token_list *l, size_t i,
		    const char *s)
{
	return i < l->nr && tok_punct(buf, l, i, s);
}

static int is_open(const char *buf, const struct token_list *l, size_t i)
{
	return is_punct(buf, l, i, "(") || is_punct(buf, l, i, "[") ||
	       is_punct(buf, l, i, "{");
}

/* The assignment operators: "=", then the compound ones. */
static const char *const assign_ops[] = {
	"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=",
};

/* Token i is an assignment operator: 1 for "=", 2 for a compound one,
 * else 0. */
static int assign_op(const char *buf, const struct token_list *l, size_t i)
{
	for (size_t k = 0; k < ARRAY_SIZE(assign_ops); k++)
		if (is_punct(buf, l, i, assign_ops[k]))
			return k ? 2 : 1;
	return 0;
}

/* (E)++ is E++: widen [*begin, *end) over grouping parentheses (not a
 * call's); a bounded number of them, so deep nesting stays linear. */
static void through_groups(const char *buf, const struct token_list *l,
			   size_t *begin, size_t *end)
{
	for (int k = 0; k < 16 && *begin > 0 && *end < l->nr - 1 &&
	     is_punct(buf, l, *begin - 1, "(") &&
	     tok_match(buf, l, *begin - 1) == *end &&
	     (*begin < 2 || (l->tok[*begin - 2].kind != TOK_IDENT ||
			     tok_is_operator_keyword(buf, l, *begin - 2))); k++) {
		(*begin)--;
		(*end)++;
	}
}

enum once_use once_use_classify(const char *buf, const struct token_list *l,
				size_t begin, size_t end)
{
	int in_dir = (l->tok[begin].flags & TF_DIRECTIVE) != 0;
	int next_ok;

	through_groups(buf, l, &begin, &end);
	next_ok = end < l->nr - 1 &&
		      (in_dir || !(l->tok[end].flags & TF_DIRECTIVE)) &&
		      !(in_dir && (l->tok[end].flags & TF_BOL));

	if (next_ok) {
		switch (assign_op(buf, l, end)) {
		case 1:
			return ONCE_WRITE;
		case 2:
			return ONCE_COMPOUND;
		}
		if (is_punct(buf, l, end, "++") || is_punct(buf, l, end, "--"))
			return ONCE_INCDEC;
		if (is_punct(buf, l, end, ".") || is_punct(buf, l, end, "->") ||
		    is_punct(buf, l, end, "["))
			return ONCE_MEMBER;
	}
	if (begin > 0 && !(l->tok[begin].flags & TF_BOL && in_dir)) {
		size_t p = begin - 1;

		if (is_punct(buf, l, p, "++") || is_punct(buf, l, p, "--"))
			return ONCE_INCDEC;
		if (is_punct(buf, l, p, "&") &&
		    (p == 0 || !tok_ends_operand(buf, l, p - 1)))
			return ONCE_ADDRESS;
	}
	return ONCE_READ;
}

const char *once_use_name(enum once_use u)
{
	switch (u) {
	case ONCE_READ: return "read";
	case ONCE_WRITE: return "write";
	case ONCE_COMPOUND: return "compound assignment";
	case ONCE_INCDEC: return "increment/decrement";
	case ONCE_ADDRESS: return "address taken";
	case ONCE_MEMBER: return "member or element access";
	case ONCE_UNEVALUATED: return "not evaluated (sizeof, typeof)";
	}
	return "?";
}

/* The value after the assignment operator at token op (= or +=, ...):
 * up to the ';' ',' or closing bracket that ends it. */
static int value_after(const char *buf, const struct token_list *l,
		       size_t end, struct tok_range *value)
{
	size_t eof = l->nr - 1, i;
	int in_dir = (l->tok[end].flags & TF_DIRECTIVE) != 0;

	for (i = end + 1; i < eof; i++) {
		if (in_dir && (l->tok[i].flags & TF_BOL))
			break;
		if (!in_dir && (l->tok[i].flags & TF_DIRECTIVE))
			return -1; /* a directive inside the value: leave it */
		if (is_open(buf, l, i)) {
			size_t m = tok_match(buf, l, i);

			if (m == eof)
				return -1;
			i = m;
			continue;
		}
		if (is_punct(buf, l, i, ";") || is_punct(buf, l, i, ",") ||
		    is_punct(buf, l, i, ")") || is_punct(buf, l, i, "]") ||
		    is_punct(buf, l, i, "}"))
			break;
	}
	if (i == end + 1 || (i == eof && !in_dir))
		return -1;
	value->begin = end + 1;
	value->end = i;
	return 0;
}

int once_assigned_value(const char *buf, const struct token_list *l,
			size_t end, struct tok_range *value)
{
	if (!is_punct(buf, l, end, "="))
		return -1;
	return value_after(buf, l, end, value);
}

int once_assignment_extent(const char *buf, const struct token_list *l,
			   size_t begin, size_t end, struct tok_range *whole)
{
	struct tok_range value;

	through_groups(buf, l, &begin, &end); /* (E) = v is E = v */
	if (end < l->nr - 1 && assign_op(buf, l, end) &&
	    !value_after(buf, l, end, &value)) {
		whole->begin = begin;
		whole->end = value.end;
		return 0;
	}
	if (end < l->nr - 1 &&
	    (is_punct(buf, l, end, "++") || is_punct(buf, l, end, "--"))) {
		whole->begin = begin;
		whole->end = end + 1;
		return 0;
	}
	if (begin > 0 && (is_punct(buf, l, begin - 1, "++") ||
			  is_punct(buf, l, begin - 1, "--"))) {
		whole->begin = begin - 1;
		whole->end = end;
		return 0;
	}
	return -1;
}

static int is_volatile_kw(const char *buf, const struct token_list *l, size_t i)
{
	return tok_ident(buf, l, i, "volatile") ||
	       tok_ident(buf, l, i, "__volatile__") ||
	       tok_ident(buf, l, i, "__volatile");
}


/* typeof(...) or _Atomic(...) at token i: parentheses that hold a type
 * (or typeof's expression), read whole as part of the type around them. */
static int type_group_at(const char *buf, const struct token_list *l, size_t i)
{
	return (tok_is_typeof(buf, l, i) || tok_ident(buf, l, i, "_Atomic")) &&
	       is_punct(buf, l, i + 1, "(");
}
/*
 * Is [open, close] "( specifiers... * )" where the specifiers include
 * volatile, the last token a '*'?  A pointer object's cast has more
 * levels, "( specifiers * quals ... * quals * )", and counts when
 * volatile is among the qualifiers right before the final '*' -- those
 * of the object a dereference accesses: *(void *volatile *)pp and musl's
 * *(volatile void *volatile *)p are volatile reads of a pointer.  Only
 * qualifiers may follow an inner '*'.  (volatile int **) is the wrong
 * level (find_wrong_level_volatile), no volatile access.
 */
static int is_volatile_ptr_cast(const char *buf, const struct token_list *l,
				size_t open, size_t close)
{
	int access_volatile = 0, idents = 0, stars = 0;

	if (close < open + 3 || !is_punct(buf, l, close - 1, "*"))
		return 0;
	for (size_t i = open + 1; i < close - 1; i++) {
		if (is_punct(buf, l, i, "*")) {
			if (!idents)
				return 0;
			stars++;
			access_volatile = 0; /* the qualifiers after it are
						those of the next level */
			continue;
		}
		if (l->tok[i].kind == TOK_IDENT) {
			if (is_volatile_kw(buf, l, i))
				access_volatile = 1;
			else if (stars && !tok_is_qualifier(buf, l, i))
				return 0;
			else if (!stars)
				idents++;
			if (type_group_at(buf, l, i)) {
				size_t m = tok_match(buf, l, i + 1);

				if (m >= close)
					return 0;
				i = m;
			}
			continue;
		}
		return 0; /* a ',', '[' or anything else: not our shape */
	}
	return access_volatile && idents > 0;
}

int volatile_pointer_type(const char *buf, const struct token_list *l,
			  size_t open, size_t close)
{
	return is_volatile_ptr_cast(buf, l, open, close);
}

/* Does the paren group [open, close] look like a cast "(type-name)"? */
static int looks_like_cast(const char *buf, const struct token_list *l,
			   size_t open, size_t close)
{
	int idents = 0;

	if (close <= open + 1)
		return 0;
	for (size_t i = open + 1; i < close; i++) {
		if (l->tok[i].kind == TOK_IDENT) {
			idents++;
			if (type_group_at(buf, l, i)) {
				i = tok_match(buf, l, i + 1);
				if (i >= close)
					return 0;
			}
		} else if (!is_punct(buf, l, i, "*")) {
			return 0;
		}
	}
	/* "(x)" alone is a parenthesised operand, "(u32)" or "(T *)" a cast. */
	return idents > 1 || is_punct(buf, l, close - 1, "*") ||
	       (idents == 1 && l->tok[open + 1].kind == TOK_IDENT &&
		(tok_ident(buf, l, open + 1, "int") ||
		 tok_ident(buf, l, open + 1, "long") ||
		 tok_ident(buf, l, open + 1, "char") ||
		 tok_ident(buf, l, open + 1, "short") ||
		 tok_ident(buf, l, open + 1, "unsigned")));
}

static int starts_operand(const char *buf, const struct token_list *l, size_t i)
{
	const struct token *t = &l->tok[i];

	if (t->kind == TOK_IDENT)
		return !tok_is_operator_keyword(buf, l, i) ||
		       tok_ident(buf, l, i, "sizeof");
	if (t->kind == TOK_NUMBER || t->kind == TOK_STRING || t->kind == TOK_CHAR)
		return 1;
	return is_punct(buf, l, i, "(") || is_punct(buf, l, i, "&") ||
	       is_punct(buf, l, i, "*") || is_punct(buf, l, i, "-") ||
	       is_punct(buf, l, i, "!") || is_punct(buf, l, i, "~") ||
	       is_punct(buf, l, i, "+") || is_punct(buf, l, i, "++") ||
	       is_punct(buf, l, i, "--");
}

size_t unary_expr_end(const char *buf, const struct token_list *l, size_t i)
{
	size_t eof = l->nr - 1;

	/* prefix operators and casts (iterative: no recursion depth) */
	for (;;) {
		if (i >= eof)
			return i;
		if (is_punct(buf, l, i, "&") || is_punct(buf, l, i, "*") ||
		    is_punct(buf, l, i, "-") || is_punct(buf, l, i, "+") ||
		    is_punct(buf, l, i, "!") || is_punct(buf, l, i, "~") ||
		    is_punct(buf, l, i, "++") || is_punct(buf, l, i, "--")) {
			i++;
			continue;
		}
		if (is_punct(buf, l, i, "(")) {
			size_t m = tok_match(buf, l, i);

			if (m == eof)
				return i;
			if (looks_like_cast(buf, l, i, m) && m + 1 < eof &&
			    starts_operand(buf, l, m + 1)) {
				i = m + 1;
				continue;
			}
			i = m + 1; /* a parenthesised primary */
			break;
		}
		if (l->tok[i].kind == TOK_IDENT || l->tok[i].kind == TOK_NUMBER ||
		    l->tok[i].kind == TOK_STRING || l->tok[i].kind == TOK_CHAR) {
			i++;
			while (i < eof && l->tok[i].kind == TOK_STRING)
				i++; /* "a" "b" */
			break;
		}
		return i;
	}
	/* postfix operators */
	while (i < eof) {
		if (is_punct(buf, l, i, "[") || is_punct(buf, l, i, "(")) {
			size_t m = tok_match(buf, l, i);

			if (m == eof)
				break;
			i = m + 1;
		} else if ((is_punct(buf, l, i, "->") || is_punct(buf, l, i, ".")) &&
			   l->tok[i + 1].kind == TOK_IDENT) {
			i += 2;
		} else {
			break;
		}
	}
	return i;
}

/*
 * A cheap test before any bracket matching: does 'volatile' come within
 * the next few tokens, before a ')'?  Keeps the rule linear on deeply
 * nested code.  A typeof or _Atomic group is stepped over, its ')' not
 * the cast's: (__typeof__(*q) volatile *) names the type before its
 * qualifier.
 */
static int volatile_soon(const char *buf, const struct token_list *l, size_t i)
{
	size_t eof = l->nr - 1;
	unsigned depth = 0; /* inside a typeof or _Atomic group */

	for (size_t k = i; k < eof && k < i + 24; k++) {
		if (!depth && is_volatile_kw(buf, l, k))
			return 1;
		/* brackets of any kind pair, as tok_match() pairs them in
		 * unbalanced code: typeof(x} volatile *) */
		if (depth ? is_punct(buf, l, k, "(") || is_punct(buf, l, k, "[") ||
			    is_punct(buf, l, k, "{") :
			    is_punct(buf, l, k, "(") && k > i &&
			    type_group_at(buf, l, k - 1))
			depth++;
		else if (depth && (is_punct(buf, l, k, ")") ||
				   is_punct(buf, l, k, "]") ||
				   is_punct(buf, l, k, "}")))
			depth--;
		else if (is_punct(buf, l, k, ")"))
			return 0;
	}
	return 0;
}

/*
 * After a cast's operand, a postfix ++ or -- belongs to the operand, not
 * to the access: *(volatile int *)p++ reads *p and steps p (a cast binds
 * less tightly than a postfix operator).
 */
static size_t postfix_step_end(const char *buf, const struct token_list *l,
			       size_t i)
{
	while (i < l->nr - 1 &&
	       (is_punct(buf, l, i, "++") || is_punct(buf, l, i, "--")))
		i++;
	return i;
}

/* The access [begin, end) of the given form: the cast's parentheses
 * open..close, its operand from close + 1 to opend, the member (VC_ARROW,
 * VC_INDEX) [member_begin, member_end). */
static void cast_access(struct volatile_cast *vc, enum vc_form form,
			size_t begin, size_t end, size_t open, size_t close,
			size_t opend, size_t member_begin, size_t member_end)
{
	vc->form = form;
	vc->begin = begin;
	vc->end = end;
	vc->cast_open = open;
	vc->type.begin = open + 1;
	vc->type.end = close - 1;
	vc->operand.begin = close + 1;
	vc->operand.end = opend;
	vc->member.begin = member_begin;
	vc->member.end = member_end;
}

void volatile_cast_deref(struct volatile_cast *vc, size_t begin, size_t end,
			 size_t open, size_t close, size_t opend)
{
	cast_access(vc, VC_DEREF, begin, end, open, close, opend, opend,
		    opend);
}

int find_volatile_cast(const char *buf, const struct token_list *l, size_t i,
		       struct volatile_cast *vc)
{
	size_t eof = l->nr - 1, open, close, opend;

	if (i + 2 >= eof || !is_punct(buf, l, i + 1, "(") ||
	    !(is_punct(buf, l, i, "*") || is_punct(buf, l, i, "(")) ||
	    !volatile_soon(buf, l, i + 2))
		return 0;
	if (is_punct(buf, l, i, "*") && is_punct(buf, l, i + 1, "(")) {
		/* *(volatile T *)E */
		size_t end;

		open = i + 1;
		close = tok_match(buf, l, open);
		if (close == eof)
			return 0;
		if (is_volatile_ptr_cast(buf, l, open, close)) {
			opend = postfix_step_end(buf, l,
					unary_expr_end(buf, l, close + 1));
			end = opend;
		} else {
			/* *((volatile T *)E): the cast inside one more pair */
			size_t outer = close;

			open = i + 2;
			if (!is_punct(buf, l, open, "("))
				return 0;
			close = tok_match(buf, l, open);
			if (close >= outer ||
			    !is_volatile_ptr_cast(buf, l, open, close))
				return 0;
			opend = postfix_step_end(buf, l,
					unary_expr_end(buf, l, close + 1));
			/* *((volatile T *)p + n): pointer arithmetic on the
			 * cast pointer; the operand is "p + n" */
			if (opend != outer && opend > close + 1 &&
			    (is_punct(buf, l, opend, "+") ||
			     is_punct(buf, l, opend, "-")))
				opend = outer;
			if (opend != outer)
				return 0;
			end = outer + 1;
		}
		if (opend == close + 1)
			return 0;
		volatile_cast_deref(vc, i, end, open, close, opend);
		return 1;
	}
	if (is_punct(buf, l, i, "(") && is_punct(buf, l, i + 1, "(")) {
		/* ((volatile T *)E)->f  or  ((volatile T *)E)[i] */
		size_t outer = tok_match(buf, l, i), m;
		enum vc_form form;

		open = i + 1;
		close = tok_match(buf, l, open);
		if (outer == eof || close == eof || close + 1 >= outer ||
		    !is_volatile_ptr_cast(buf, l, open, close))
			return 0;
		opend = unary_expr_end(buf, l, close + 1);
		if (opend != outer)
			return 0;
		if (is_punct(buf, l, outer + 1, "->") &&
		    l->tok[outer + 2].kind == TOK_IDENT) {
			form = VC_ARROW;
			m = outer + 3;
		} else if (is_punct(buf, l, outer + 1, "[")) {
			m = tok_match(buf, l, outer + 1);
			if (m == eof)
				return 0;
			form = VC_INDEX;
			m++;
		} else {
			return 0;
		}
		cast_access(vc, form, i, m, open, close, opend, outer + 1, m);
		return 1;
	}
	return 0;
}

static int is_asm_word(const char *buf, const struct token_list *l, size_t k)
{
	return tok_ident(buf, l, k, "asm") || tok_ident(buf, l, k, "__asm__") ||
	       tok_ident(buf, l, k, "__asm");
}

/* Is the '(' at k the one of an asm statement: asm, then qualifiers? */
static int opens_asm(const char *buf, const struct token_list *l, size_t k)
{
	while (k-- > 0 && l->tok[k].kind == TOK_IDENT) {
		if (is_asm_word(buf, l, k))
			return 1;
		if (!is_volatile_kw(buf, l, k) && !tok_ident(buf, l, k, "goto") &&
		    !tok_ident(buf, l, k, "inline") &&
		    !tok_ident(buf, l, k, "__inline__"))
			return 0;
	}
	return 0;
}

int once_in_asm_operand(const char *buf, const struct token_list *l, size_t i)
{
	int in_dir = (l->tok[i].flags & TF_DIRECTIVE) != 0;
	int out = 0, colon = 0;
	unsigned depth = 0;

	/* Back to the start of the statement (or of the directive line), at
	 * most 64 tokens: an operand is short, and every site of a deeply
	 * nested expression asks (linear on any input). */
	for (size_t k = i, n = 0; k-- > 0 && n < 64; n++) {
		const struct token *t = &l->tok[k];

		if (t->kind == TOK_HASH)
			return 0;
		if (!in_dir && (t->flags & TF_DIRECTIVE))
			continue; /* a directive line in the middle */
		if (is_punct(buf, l, k, ")") || is_punct(buf, l, k, "]")) {
			depth++;
		} else if (is_punct(buf, l, k, "(") || is_punct(buf, l, k, "[")) {
			if (depth) {
				depth--;
				continue;
			}
			/* an enclosing '(' right after a constraint string */
			if (!out && is_punct(buf, l, k, "(") && k > 0 &&
			    l->tok[k - 1].kind == TOK_STRING &&
			    (!in_dir || (l->tok[k - 1].flags & TF_DIRECTIVE)))
				return 1;
			/* musl's mips LLSC_M(*p), Linux's "=" GCC_OFF_SMALL_ASM()
			 * (*m): the constraint is a macro, the '(' after it looks
			 * like a call's -- an operand only if the group around it
			 * is an asm statement's, past a ':' */
			if (!out && is_punct(buf, l, k, "(") && k > 0 &&
			    (l->tok[k - 1].kind == TOK_IDENT ||
			     is_punct(buf, l, k - 1, ")"))) {
				out = 1;
				continue;
			}
			return out && colon && is_punct(buf, l, k, "(") &&
			       opens_asm(buf, l, k);
		} else if (!depth && out && is_punct(buf, l, k, ":")) {
			colon = 1;
		} else if (!depth && (is_punct(buf, l, k, ";") ||
				      is_punct(buf, l, k, "{") ||
				      is_punct(buf, l, k, "}"))) {
			return 0;
		}
	}
	return 0;
}

/*
 * Is [open, close] "( specifiers... * quals * )": a cast to a pointer to
 * a pointer (or deeper) with 'volatile' somewhere, but not among the
 * qualifiers right before the final '*' -- those of the object a
 * dereference reads?  *fix_at: that final '*'.
 */
static int is_wrong_level_cast(const char *buf, const struct token_list *l,
			       size_t open, size_t close, size_t *fix_at)
{
	int has_volatile = 0, access_volatile = 0, idents = 0;
	size_t stars = 0;

	if (close < open + 4 || !is_punct(buf, l, close - 1, "*"))
		return 0;
	for (size_t i = open + 1; i < close - 1; i++) {
		if (is_punct(buf, l, i, "*")) {
			stars++;
			access_volatile = 0; /* the qualifiers after it are
						those of the next level */
			continue;
		}
		if (l->tok[i].kind != TOK_IDENT)
			return 0; /* (), [], ',': not our shape */
		if (is_volatile_kw(buf, l, i))
			has_volatile = access_volatile = 1;
		else if (!stars)
			idents++;
		if (type_group_at(buf, l, i)) {
			size_t m = tok_match(buf, l, i + 1);

			if (m >= close)
				return 0;
			i = m;
		}
	}
	if (!stars || !has_volatile || access_volatile || !idents)
		return 0;
	*fix_at = close - 1;
	return 1;
}

int find_wrong_level_volatile(const char *buf, const struct token_list *l,
			      size_t i, struct volatile_cast *vc,
			      size_t *fix_at)
{
	size_t eof = l->nr - 1, open, close, opend, end;
	enum once_use use;

	if (i + 2 >= eof || !is_punct(buf, l, i, "*") ||
	    !is_punct(buf, l, i + 1, "(") || !volatile_soon(buf, l, i + 2))
		return 0;
	open = i + 1;
	close = tok_match(buf, l, open);
	if (close == eof)
		return 0;
	if (is_wrong_level_cast(buf, l, open, close, fix_at)) {
		/* *(volatile T **)E */
		opend = unary_expr_end(buf, l, close + 1);
		end = opend;
	} else {
		/* *((volatile T **)E) */
		size_t outer = close;

		open = i + 2;
		if (!is_punct(buf, l, open, "("))
			return 0;
		close = tok_match(buf, l, open);
		if (close >= outer ||
		    !is_wrong_level_cast(buf, l, open, close, fix_at))
			return 0;
		opend = unary_expr_end(buf, l, close + 1);
		if (opend != outer)
			return 0;
		end = outer + 1;
	}
	if (opend == close + 1)
		return 0;
	/* **(volatile int **)pp, (*(volatile int **)pp)->f or [i]: the
	 * pointer read is dereferenced at once, the volatile is meant for
	 * what it points to; &*(...) and sizeof read nothing. */
	if (is_punct(buf, l, i - 1, "*") &&
	    (i < 2 || !tok_ends_operand(buf, l, i - 2)))
		return 0;
	use = once_use_classify(buf, l, i, end);
	if (use == ONCE_ADDRESS || use == ONCE_MEMBER ||
	    use == ONCE_UNEVALUATED)
		return 0;
	volatile_cast_deref(vc, i, end, open, close, opend);
	return 1;
}

static const struct {
	const char *name;
	enum mem_order order;
} mem_orders[] = {
	{ "__ATOMIC_RELAXED", MO_RELAXED }, { "memory_order_relaxed", MO_RELAXED },
	{ "__ATOMIC_CONSUME", MO_CONSUME }, { "memory_order_consume", MO_CONSUME },
	{ "__ATOMIC_ACQUIRE", MO_ACQUIRE }, { "memory_order_acquire", MO_ACQUIRE },
	{ "__ATOMIC_RELEASE", MO_RELEASE }, { "memory_order_release", MO_RELEASE },
	{ "__ATOMIC_ACQ_REL", MO_ACQ_REL }, { "memory_order_acq_rel", MO_ACQ_REL },
	{ "__ATOMIC_SEQ_CST", MO_SEQ_CST }, { "memory_order_seq_cst", MO_SEQ_CST },
};

enum mem_order mem_order_named(const char *name, size_t len)
{
	for (size_t k = 0; k < ARRAY_SIZE(mem_orders); k++)
		if (strlen(mem_orders[k].name) == len &&
		    !memcmp(mem_orders[k].name, name, len))
			return mem_orders[k].order;
	return MO_NONE;
}

int mem_order_single(enum mem_order o, int store)
{
	return o == MO_RELAXED ||
	       (!store && (o == MO_ACQUIRE || o == MO_CONSUME)) ||
	       (store && o == MO_RELEASE);
}

const char *mem_order_name(enum mem_order o)
{
	static const char *const names[] = {
		"none", "relaxed", "consume", "acquire", "release", "acq_rel",
		"seq_cst",
	};

	return (unsigned)o < ARRAY_SIZE(names) ? names[o] : "none";
}

static int atomic_access_at(const char *buf, const struct token_list *l,
			    size_t i, struct atomic_access *a, int generic)
{
	struct tok_range args[3];
	struct tok_range r;
	size_t nargs, close;
	int load, store, gen = 0;
	enum mem_order o;

	if (l->tok[i].kind != TOK_IDENT)
		return 0;
	/* clang's __c11_atomic_load(P, ORDER) and __c11_atomic_store(P, V,
	 * ORDER) are what its <stdatomic.h> makes of the C11 names (and
	 * what Open vSwitch's ovs-atomic-clang.h calls): the same
	 * arguments, the same access of the _Atomic *P */
	load = tok_ident(buf, l, i, "__atomic_load_n") ||
	       tok_ident(buf, l, i, "atomic_load_explicit") ||
	       tok_ident(buf, l, i, "__c11_atomic_load");
	store = tok_ident(buf, l, i, "__atomic_store_n") ||
		tok_ident(buf, l, i, "atomic_store_explicit") ||
		tok_ident(buf, l, i, "__c11_atomic_store");
	if (generic && !load && !store) {
		load = tok_ident(buf, l, i, "__atomic_load");
		store = tok_ident(buf, l, i, "__atomic_store");
		gen = load || store;
	}
	if ((!load && !store) ||
	    tok_call_args(buf, l, i, args, ARRAY_SIZE(args), &nargs, &close) ||
	    nargs != (load && !gen ? 2u : 3u) || args[0].end == args[0].begin)
		return 0;
	memset(a, 0, sizeof(*a));
	a->store = store;
	a->generic = gen;
	a->ptr = args[0];
	if (store)
		a->value = args[1];
	a->close = close;
	a->order = args[nargs - 1];
	/* the order, inside any parentheses: one name */
	r = tok_unparen(buf, l, args[nargs - 1]);
	if (r.end != r.begin + 1 || l->tok[r.begin].kind != TOK_IDENT)
		return 2;
	o = mem_order_named(buf + l->tok[r.begin].off, l->tok[r.begin].len);
	a->relaxed = o == MO_RELAXED;
	return mem_order_single(o, store) ? 1 : 2;
}

int find_atomic_access(const char *buf, const struct token_list *l, size_t i,
		       struct atomic_access *a)
{
	return atomic_access_at(buf, l, i, a, 0);
}

int find_atomic_access_generic(const char *buf, const struct token_list *l,
			       size_t i, struct atomic_access *a)
{
	return atomic_access_at(buf, l, i, a, 1);
}

/* How far back a "volatile" is looked at before the answer is "maybe". */
#define CAST_LOOK_BACK 512

/* Bytes that may be part of an identifier token (the lexer takes '$'
 * and UTF-8), white space, or a '*': what may come between a cast's '('
 * and its volatile, beside typeof groups and comments. */
static int cast_inner_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '$' || c >= 0x80 ||
	       c == ' ' || c == '\t' || c == '\r' || c == '\f' ||
	       c == '\v' || c == '*';
}

/* White space other than a newline. */
static int is_blank_byte(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* May the "volatile" at buf[at] be inside a cast's parentheses
 * (volatile_cast_may_be_in())? */
static int cast_may_hold(const char *buf, size_t at)
{
	size_t q = at, budget = CAST_LOOK_BACK;

	while (q > 0) {
		unsigned char c = (unsigned char)buf[q - 1];

		if (!budget--)
			return 1;
		if (c == '\n') {
			/* the line before may end in a // comment */
			size_t k = q - 1;

			while (k > 0 && buf[k - 1] != '\n') {
				if (!budget--)
					return 1;
				if (buf[k - 1] == '/' && k > 1 && buf[k - 2] == '/')
					return 1;
				k--;
			}
			q--;
			continue;
		}
		if (!cast_inner_byte(c))
			/* the cast's '(', the end of a typeof group (brackets
			 * pair whatever their kind: ']', '}', a digraph's
			 * '>'), a comment, a splice */
			return c == '(' || c == ')' || c == ']' || c == '}' ||
			       c == '>' || c == '/' || c == '\\';
		q--;
	}
	return 0;
}

/* May the cast's ')' follow the "volatile" that ends at buf[at], with a
 * '*' right before it (volatile_cast_may_be_in())? */
static int cast_may_close(const char *buf, size_t len, size_t at)
{
	size_t budget = CAST_LOOK_BACK;
	int star = 0; /* the last byte that is not white space is a '*' */
	int word = 0; /* a word came after the volatile's own */

	/* the rest of the volatile's word: "__volatile__" */
	for (; at < len && cast_inner_byte((unsigned char)buf[at]) &&
	       buf[at] != '*' && !is_blank_byte((unsigned char)buf[at]); at++)
		if (!budget--)
			return 1;
	for (; at < len; at++) {
		unsigned char c = (unsigned char)buf[at];

		if (!budget--)
			return 1;
		if (c == '\n' || is_blank_byte(c))
			continue;
		if (c == '*' || cast_inner_byte(c)) {
			star = c == '*';
			word |= c != '*';
			continue;
		}
		/* the cast's closing bracket: tok_match() pairs a '(' with
		 * whatever closes it, ')', ']', '}' or a digraph (':>', '%>') */
		if (c == ')' || c == ']' || c == '}')
			return star;
		/* a typeof group: its '(' follows its word (typeof, _Atomic),
		 * after the volatile's -- inside a cast, no '(' follows the
		 * qualifier or a '*' (is_volatile_ptr_cast()): Linux's
		 * `asm volatile (` and `__asm__ __volatile__(` are no cast
		 * (issue #35: 880 files of 4.14.5 that fix lexed gave
		 * nothing, most for these) */
		if (c == '(')
			return word && !star;
		/* a digraph, a comment, a line splice */
		return c == ':' || c == '%' || c == '/' || c == '\\';
	}
	return 0;
}

int volatile_cast_may_be_in(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;

	while (p < end && (p = mem_find(p, (size_t)(end - p), "volatile", 8))) {
		size_t at = (size_t)(p - buf);

		if (cast_may_hold(buf, at) && cast_may_close(buf, len, at + 8))
			return 1;
		p += 8;
	}
	return 0;
}
