/*
 * The conversions of `rwonce fix`, on one file's tokens:
 *
 *   ACCESS_ONCE(x)              ->  READ_ONCE(x)        (a read)
 *   ACCESS_ONCE(x) = v;         ->  WRITE_ONCE(x, v);   (a whole statement)
 *   *(volatile T *)&x           ->  READ_ONCE(x)        (x declared as T)
 *   *(volatile T *)&x = v;      ->  WRITE_ONCE(x, v);
 *   *(volatile T *)p            ->  READ_ONCE(*p)       (p is a T *)
 *   *(volatile T *)p = v;       ->  WRITE_ONCE(*p, v);
 *
 * The types come from the declarations in the file: plain variables are
 * looked up here, members, elements and pointers through the audit
 * engine's type index (typeindex.h); unknown means left.
 *
 * A use is converted only when the result is certain to compile and to
 * make the same accesses.  Every other use is left as it is and gets a
 * note that says why: ++/--, compound assignment, address-of, a macro
 * body whose uses decide read or write (a body that fixes the role is
 * converted; once-primitive definitions stay), an assignment whose value
 * is used, a volatile cast whose type cannot be shown to be the
 * operand's, and so on.
 */
#ifndef RWONCE_REWRITE_REWRITE_H
#define RWONCE_REWRITE_REWRITE_H

#include "rewrite/edits.h"
#include "findings/finding.h"
#include "cfront/lexer.h"
#include "cfront/once-macros.h"
#include "lib/util.h"

struct macro_roles;

struct rewrite_opts {
	/* The once-macros (cfront/once-macros.h): those of kind
	 * access-once are converted like ACCESS_ONCE.  rewrite_opts_init
	 * points it at the built-in names; a command sets its own table
	 * (--macro, discovered). */
	const struct once_macros *macros;
	struct once_macros builtin;
	const char *read_name;  /* "READ_ONCE" */
	const char *write_name; /* "WRITE_ONCE" */
	int volatile_casts;     /* convert exact volatile-cast idioms (1) */
	/* Leave every read (write) that would be converted, with this
	 * reason: nothing defines read_name (write_name) there. */
	const char *leave_reads, *leave_writes;
	/* What the uses of macros whose body is an access do across the
	 * tree (macro-roles.h); NULL: each such body is left. */
	const struct macro_roles *roles;
	char *read_open, *write_open; /* "READ_ONCE(", "WRITE_ONCE(" */
	char *read_open_deref, *write_open_deref; /* "READ_ONCE(*", ... */
};

void rewrite_opts_init(struct rewrite_opts *o);
/* Use other names than READ_ONCE/WRITE_ONCE (kept by pointer). */
void rewrite_opts_set_names(struct rewrite_opts *o, const char *read_name,
			    const char *write_name);
void rewrite_opts_release(struct rewrite_opts *o);

/* A use that was left, and why (reason is static text, or owned by
 * opts->roles); or, converted set, what decided a conversion that needed
 * more than the site (a macro body converted by its uses). */
struct rewrite_note {
	enum rule_id rule;
	unsigned line, col;
	const char *what;   /* "ACCESS_ONCE(...)" or "volatile cast" */
	const char *reason;
	int converted;
};

/*
 * Every site the scan decided about, converted or left: what `rwonce
 * audit` asks so that its "fixable" is fix's own decision, site by site.
 */
struct rewrite_site {
	size_t tok;         /* the site's first token: the macro's name,
			       the cast's '*' or outer '(' */
	enum rule_id rule;
	int converted;
	const char *reason; /* NULL when converted */
};
/* Its edits are those of res->edits whose .site is 1 + its index in
 * res->sites (edits.h): what a SARIF fix of its finding replaces. */

struct rewrite_result {
	struct edit_list edits; /* sorted, non-overlapping */
	struct rewrite_note *notes;
	size_t notes_nr, notes_alloc;
	size_t converted;       /* sites converted */
	struct rewrite_site *sites; /* in the order they were met */
	size_t sites_nr, sites_alloc;
	/* What the converted text uses: reads (read_name) and writes
	 * (write_name), so the caller knows which must be defined. */
	size_t reads, writes;
	/* Uses of an access macro (ACCESS_ONCE) left as they are: its
	 * definition must stay usable. */
	size_t access_left;
	size_t left;            /* notes of sites left (not converted) */
	/* "NAME(a) = v;" made "NAME(a, v);" because NAME's body became a
	 * WRITE_ONCE that takes the value (macro-roles.h) */
	size_t uses_rewritten;
};
#define REWRITE_RESULT_INIT { EDIT_LIST_INIT, NULL, 0, 0, 0, NULL, 0, 0, 0, 0, 0, 0, 0 }

/*
 * Find and convert every site in buf[0..len) lexed as *toks.  Edit texts
 * point into static storage or into *opts (keep it alive).  Returns 0,
 * or -1 if the edits overlapped (an internal error: the result then has
 * no edits, so the file stays as it was).
 */
int rewrite_buffer(const char *buf, size_t len, const struct token_list *toks,
		   const struct rewrite_opts *opts, struct rewrite_result *res);

/*
 * The same for the file at path (its #include "local" headers are read
 * for types, as audit reads them), with the caller's type index of this
 * token list when it has one (ti NULL: built when a volatile cast needs
 * it; kept by the caller otherwise).
 */
struct type_index;
int rewrite_file(const char *path, struct type_index *ti, const char *buf,
		 size_t len, const struct token_list *toks,
		 const struct rewrite_opts *opts, struct rewrite_result *res);

/*
 * For the pass over a tree (macro-roles.h): fn gets each #define whose
 * body is an access of a macro opts converts (ACCESS_ONCE(...), in
 * grouping parentheses at most), a once-primitive's aside; ...
 */
void rewrite_access_bodies(const char *buf, size_t len,
			   const struct token_list *l,
			   const struct rewrite_opts *opts,
			   void (*fn)(void *ctx, const char *name, size_t n,
				      int function_like),
			   void *ctx);
/* ... and each use of a macro of roles, with its role (enum
 * macro_use_role) as this file's tokens decide it, and why for MR_OTHER;
 * a use that is the whole body of another macro goes to forward instead
 * (that macro's uses are the uses), when forward is not NULL. */
struct macro_role;
void rewrite_macro_uses(const char *buf, size_t len,
			const struct token_list *l,
			const struct rewrite_opts *opts,
			const struct macro_roles *roles,
			void (*fn)(void *ctx, const struct macro_role *m,
				   int role, const char *why, unsigned line),
			void (*forward)(void *ctx, const struct macro_role *m,
					const char *name, size_t n,
					int function_like),
			void *ctx);

/*
 * The sites of a result by first token, and each site's edits: for a
 * caller that asks about one site per token it looks at (audit: a
 * question per finding, 200,000 in a generated file).  Built once in
 * O(n log n); each question is then a binary search, so a file's cost
 * stays linear in its sites instead of a walk over every edit per site.
 */
struct rewrite_index {
	const struct rewrite_result *res;
	size_t *by_tok;     /* site indexes in order of (tok, index) */
	size_t *edit_start; /* site k's edits are edit_ids[edit_start[k] ..
			       edit_start[k + 1]), in offset order */
	size_t *edit_ids;
};
void rewrite_index_build(struct rewrite_index *x,
			 const struct rewrite_result *res);
void rewrite_index_release(struct rewrite_index *x);
/* The decision about the site whose first token is tok, or NULL. */
const struct rewrite_site *rewrite_index_site(const struct rewrite_index *x,
					      size_t tok);
/* The edits of site s (from rewrite_index_site): *nr of them, as
 * indexes into res->edits.items. */
const size_t *rewrite_index_edits(const struct rewrite_index *x,
				  const struct rewrite_site *s, size_t *nr);

void rewrite_result_release(struct rewrite_result *res);

/*
 * Check that new_buf (the original with res's edits applied) lexes to the
 * original's tokens outside the rewritten spans: same kinds, same bytes,
 * same order, nothing added or lost.  Returns NULL, or a static message
 * naming the first difference.
 */
const char *rewrite_check_preserved(const char *old_buf, size_t old_len,
				    const struct token_list *old_toks,
				    const struct edit_list *edits,
				    const char *new_buf, size_t new_len,
				    const struct token_list *new_toks);

#endif
