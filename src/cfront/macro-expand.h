/*
 * A small expander of function-like macros, for the once-accessors that
 * a library defines through generator macros, as Concurrency Kit does:
 *
 *   #define CK_PR_LOAD(S, M, T, C, I) \
 *           static T ck_pr_md_load_##S(const M *target) { ... asm ... }
 *   #define CK_PR_LOAD_S(S, T, I) CK_PR_LOAD(S, T, T, T, I)
 *   CK_PR_LOAD_S(uint, unsigned int, "movl")
 *   #define CK_PR_LOAD_SAFE(SRC, TYPE) ck_pr_md_load_##TYPE((SRC))
 *   #define ck_pr_load_uint(SRC) CK_PR_LOAD_SAFE((SRC), uint)
 *
 * No source holds a function named ck_pr_md_load_uint, nor a call of it:
 * both are made by pasting.  The expander replaces an invocation by the
 * macro's body with its arguments put in (`##` pastes, `#` spells a
 * string), and expands the result again with the macros it knows, the
 * way the preprocessor rescans (a macro is not expanded inside its own
 * expansion).  It knows only the macros it is given -- a file's own
 * #defines in the order they come, or the definitions discovery kept --
 * so any other name stays as it is (CK_CC_INLINE above), which is all
 * the once-accessor finder needs to read.
 */
#ifndef RWONCE_CFRONT_MACRO_EXPAND_H
#define RWONCE_CFRONT_MACRO_EXPAND_H

#include <stddef.h>

#include "cfront/lexer.h"
#include "lib/strbuf.h"

struct macro_def {
	char *name;
	char **params;    /* "__VA_ARGS__" for "..." */
	size_t nparams;
	char *body;       /* the replacement list, splices removed */
	int object_like;  /* #define NAME body: no arguments, expanded
			     wherever NAME stands */
};

struct macro_set {
	struct macro_def *items; /* one per name */
	size_t nr, alloc;
	/* open-addressed index of items by name (1 + position; 0: empty),
	 * a power of two at least twice nr: discovery keeps a tree's
	 * thousands of pasting macros in one set */
	size_t *index, index_size;
	/* index slots written (a rebuild writes one per item): the work
	 * the tests count, linear in the defines and undefs */
	size_t index_writes;
};
#define MACRO_SET_INIT { NULL, 0, 0, NULL, 0, 0 }

/* Read the function-like #define whose '#' is token hash of l into *d
 * (release it with macro_def_release); 0, or -1 when that is not one. */
int macro_def_read(const char *buf, const struct token_list *l, size_t hash,
		   struct macro_def *d);
void macro_def_release(struct macro_def *d);

/* Add d (taken over) to s, replacing a definition of the same name;
 * remove a name (#undef). */
void macro_set_define(struct macro_set *s, struct macro_def *d);
void macro_set_undef(struct macro_set *s, const char *name, size_t n);
const struct macro_def *macro_set_find(const struct macro_set *s,
				       const char *name, size_t n);
void macro_set_release(struct macro_set *s);

/*
 * Expand text[0..len) with the macros of s into *out (appended).
 * Returns 0, or -1 when the expansion is too deep or too long (then *out
 * holds what was made so far and is not to be trusted).
 */
int macro_expand_text(const struct macro_set *s, const char *text, size_t len,
		      struct strbuf *out);
/* The same, telling looked() each identifier the expansion looks up in s,
 * defined there or not: the expansion depends on s through those
 * answers alone, so a set that answers them alike expands text alike. */
int macro_expand_text_looked(const struct macro_set *s, const char *text,
			     size_t len, struct strbuf *out,
			     void (*looked)(const char *name, size_t n,
					    void *arg),
			     void *arg);

/*
 * The invocations of a file's own function-like macros outside any
 * directive and any braces, expanded with the file's #defines as they
 * stand at that point (an #undef removes one; CK_PR_LOAD is defined
 * again by each architecture's header): fn is called with each
 * expansion that defines a function (holds a '{'), the invocation's
 * first line and its text ("CK_PR_LOAD_S(uint, unsigned int, \"movl\")").
 */
void macro_expand_invocations(const char *buf, const struct token_list *l,
			      void (*fn)(const char *text, size_t len,
					 unsigned line, const char *invocation,
					 void *ctx),
			      void *ctx);
/* The same, the macros of base (or NULL) known from the start: those
 * another file defines (discovery's, once-accessor.h). */
void macro_expand_invocations_with(const char *buf,
				   const struct token_list *l,
				   const struct macro_set *base,
				   void (*fn)(const char *text, size_t len,
					      unsigned line,
					      const char *invocation,
					      void *ctx),
				   void *ctx);
/* A copy of d, to be released with macro_def_release. */
void macro_def_copy(struct macro_def *to, const struct macro_def *d);

#endif
