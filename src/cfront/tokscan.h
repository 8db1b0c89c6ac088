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

/* Is token i the punctuator s? */
static inline int tok_punct(const char *buf, const struct token_list *l,
			    size_t i, const char *s)
{
	return l->tok[i].kind == TOK_PUNCT && token_is(buf, &l->tok[i], s);
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
 * Make tok_match() O(1) for one token list in the calling thread: builds
 * a table of every bracket's partner in one pass (same answers as the
 * scan).  Call it after lexing a file and tok_match_cache_drop() before the
 * list changes (it frees the table); without it tok_match() scans, which
 * is quadratic on deeply nested input.
 */
void tok_match_cache(const char *buf, const struct token_list *l);
void tok_match_cache_drop(void);

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

#endif
