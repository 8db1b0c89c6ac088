/*
 * Walking a token list: bracket matching and macro-call arguments.  Used
 * by the audit rules and by `rwonce fix` to find the argument span of an
 * ACCESS_ONCE(...) call or of a volatile-cast idiom.
 *
 * All indices are token indices into a struct token_list; ranges are
 * half-open [begin, end).
 */
#ifndef RWONCE_CFRONT_TOKSCAN_H
#define RWONCE_CFRONT_TOKSCAN_H

#include "cfront/lexer.h"

struct tok_range {
	size_t begin, end;
};

/* Is the two-byte token t the digraph of the bracket c (C99 6.4.6:
 * <: :> <% %> are [ ] { })? */
int tok_digraph_is(const char *buf, const struct token *t, char c);

/* Is token i the punctuator s?  A bracket matches its digraph too, as
 * the bracket matcher below reads it. */
static inline int tok_punct(const char *buf, const struct token_list *l,
			    size_t i, const char *s)
{
	const struct token *t = &l->tok[i];

	if (t->kind != TOK_PUNCT)
		return 0;
	if (t->len == 2 && s[0] && !s[1] && (s[0] == '{' || s[0] == '}' ||
					     s[0] == '[' || s[0] == ']'))
		return tok_digraph_is(buf, t, s[0]);
	return token_is(buf, t, s);
}

/* Is token i the identifier s? */
static inline int tok_ident(const char *buf, const struct token_list *l,
			    size_t i, const char *s)
{
	return l->tok[i].kind == TOK_IDENT && token_is(buf, &l->tok[i], s);
}

/*
 * The index of the bracket that closes the one at `open` ("(", "[" or
 * "{"), counting all three kinds as nesting, or the index of the EOF token
 * when it is never closed.  Iterative: any nesting depth is fine.  A
 * directive line does not close code outside it: when `open` is outside a
 * directive, tokens inside directives are skipped.
 */
size_t tok_match(const char *buf, const struct token_list *l, size_t open);

/*
 * The index of the bracket that opens the one closed at `close`, with the
 * same rules, or the index of the EOF token when there is none.
 */
size_t tok_match_back(const char *buf, const struct token_list *l,
		      size_t close);

/*
 * The '}' that closes the function body whose '{' is at `open`, as a
 * preprocessor taking the first group of each conditional would see it:
 * the brackets of an #elif or #else group are not counted.  tok_match()
 * counts every group's, and a body whose alternatives each open a
 * statement that one shared '}' closes --
 *     #if defined(MADV_DONTNEED)
 *         if (madvise(a, n, MADV_DONTNEED)) {
 *     #elif defined(MADV_FREE)
 *         if (madvise(a, n, MADV_FREE)) {
 *     #endif
 *             return 1;
 *         }
 * -- never closes: every function after it in the file is read as part
 * of it.  A group whose #if comes before `open` counts too (a head with
 * two spellings under #ifdef/#else).  The index of the EOF token when it
 * is never closed.  Costs one pass over the body only when tok_match()'s
 * answer holds an #elif or #else directive.
 */
size_t tok_match_body(const char *buf, const struct token_list *l,
		      size_t open);

/*
 * Make tok_match() and tok_match_back() O(1) for one token list in the
 * calling thread: builds a table of every bracket's partner in one pass
 * (same answers as the scan).  Call it after lexing a file and tok_match_cache_drop() before the
 * list changes (it frees the table); without it tok_match() scans, which
 * is quadratic on deeply nested input.
 */
void tok_match_cache(const char *buf, const struct token_list *l);
void tok_match_cache_drop(void);

/*
 * The same table in a room the caller keeps from list to list (a
 * walker's thread, which lexes thousands of files: no allocation and no
 * fresh pages per file, issue #35).  tok_match_cache_drop() then leaves
 * the room's arrays in it; tok_match_room_release() frees them (from
 * any thread, once none uses the room).
 */
struct tok_match_room {
	size_t *match, *stack;
	size_t alloc;
};
#define TOK_MATCH_ROOM_INIT { NULL, NULL, 0 }
void tok_match_cache_in(const char *buf, const struct token_list *l,
			struct tok_match_room *room);
void tok_match_room_release(struct tok_match_room *room);
/* The same, the table made only when a question's scan would look at
 * more than a few hundred tokens (then at once, for the rest of the
 * list's questions): a pass that asks about a few short brackets of a
 * file does not pay for a table of all of them, and nothing is
 * quadratic.  The same answers; tok_match_cache_drop() after. */
void tok_match_cache_lazy_in(const char *buf, const struct token_list *l,
			     struct tok_match_room *room);

/* The index of the token that starts at line:col (1-based, as the
 * lexer counts), or l->nr when none does. */
size_t tok_at(const struct token_list *l, unsigned line, unsigned col);

/*
 * The arguments of the macro-style call whose name is token `name`
 * (name must be followed by "(").  Fills args[0..max) with each argument
 * split at depth-1 commas, sets *nargs to their number (which may exceed
 * max; only max are stored) and *close to the index of ")".  "f()" has one
 * empty argument.  Returns 0, or -1 when `name` is not followed by "(" or
 * the parenthesis is never closed.
 */
int tok_call_args(const char *buf, const struct token_list *l, size_t name,
		  struct tok_range *args, size_t max, size_t *nargs,
		  size_t *close);

/*
 * The token rules every reader of expressions shares (audit's idioms,
 * fix's rewriter, the double-fetch rule, macro bodies):
 *
 * tok_is_operator_keyword: a keyword after which an operand starts
 * (return, case, sizeof, typeof, alignof, else, do, goto, throw): a '('
 * after it groups, it does not call, and '&' or '*' after it is unary.
 */
int tok_is_operator_keyword(const char *buf, const struct token_list *l,
			    size_t i);
/* if, while, for, switch: a keyword with a parenthesised head. */
int tok_is_condition_keyword(const char *buf, const struct token_list *l,
			     size_t i);
/* sizeof, alignof and the typeof family (token_is_typeof) in their
 * spellings: the operand after them is not evaluated, so nothing in it
 * is an access. */
int tok_is_unevaluated_keyword(const char *buf, const struct token_list *l,
			       size_t i);
/*
 * Does token i end an operand, so that a following '&' or '*' is
 * binary?  Identifiers that are not keywords of the two kinds above,
 * literals, closing brackets (digraphs too) and postfix ++/--.
 */
int tok_ends_operand(const char *buf, const struct token_list *l, size_t i);

/*
 * The typeof family, the one table of its spellings: the operators that
 * name the type of the expression or type in the parentheses after them,
 * without evaluating it --
 *   typeof, __typeof__, __typeof         (GNU; C23's typeof)
 *   typeof_unqual, __typeof_unqual__,
 *   __typeof_unqual                      (C23; GCC 14, clang 19): the
 *                                        type without its qualifiers
 *   __unqual_scalar_typeof               (Linux's macro over _Generic:
 *                                        typeof_unqual of a scalar)
 * 0 when the token is none of them, TYPEOF_KEEPS_QUALIFIERS or
 * TYPEOF_UNQUAL otherwise.  GNU's __auto_type is not here: it has no
 * operand (the type comes from the initializer) and no reader needs it.
 */
enum typeof_kind { TYPEOF_NONE, TYPEOF_KEEPS_QUALIFIERS, TYPEOF_UNQUAL };
int token_is_typeof(const char *buf, const struct token *t);
/* The same for a word already cut out (a NUL-terminated spelling). */
int word_is_typeof(const char *word);
/* ... of token i, an identifier */
int tok_is_typeof(const char *buf, const struct token_list *l, size_t i);
/* Token i is of the family, or a macro of the project's that says it is
 * one (an identifier with typeof in its name: QEMU's typeof_strip_qual) --
 * for a macro body, where such a macro names its argument's type. */
int tok_names_typeof(const char *buf, const struct token_list *l, size_t i);

/* Is token k a type qualifier (const, volatile, restrict, in any of
 * their GNU spellings)? */
int tok_is_qualifier(const char *buf, const struct token_list *l, size_t k);

/* The tokens of r spelled as one string (a space between two tokens
 * unless the second is a '*'), without the qualifiers if skip_qualifiers:
 * "uint32_t *" of "const uint32_t *".  NULL when nothing is left;
 * otherwise the caller frees it. */
char *tok_range_text(const char *buf, const struct token_list *l,
		     struct tok_range r, int skip_qualifiers);

/* r without the parentheses around the whole of it: "((x))" -> "x",
 * "(a) + (b)" as it is. */
struct tok_range tok_unparen(const char *buf, const struct token_list *l,
			     struct tok_range r);

#endif
