/*
 * The macros of the headers a build's discovery read, several per name,
 * for reading an object that a site spells through them: liburcu's
 * uatomic_load(&URCU_TLS(urcu_qsbr_reader).waiting), with
 *
 *   # define URCU_TLS(name)   (name)                     (__thread)
 *   # define URCU_TLS(name)   URCU_TLS_1(name)           (pthread keys)
 *   # define URCU_TLS_1(name) (*__tls_access_ ## name())
 *
 * and #define rcu_gp urcu_mb_gp, one per flavour's header.  Which
 * definition the compiler took depends on #ifs that are not read here,
 * so an expression is given as every reading the definitions allow:
 * each name expanded by each of its definitions, or left as it is (its
 * header not included, its #if not taken), the way the preprocessor
 * expands (macro-expand.h).  Which reading was compiled is for the
 * caller to tell (scan: the DWARF).
 */
#ifndef RWONCE_CFRONT_HEADER_MACROS_H
#define RWONCE_CFRONT_HEADER_MACROS_H

#include <stddef.h>

#include "cfront/member-macros.h"
#include "lib/util.h"

struct header_macro {
	char *name;
	char *text;     /* "#define NAME(...) body", as the header has it */
	/* an object-like #define whose body is one name or one call:
	 * the body (NAME OTHER: OTHER; current get_current():
	 * get_current()), text unused */
	char *alias_of;
	/* Set by header_macros_finish(): the body's first word, or NULL
	 * (a body that starts with a '(' or a number); and whether the
	 * body opens a loop whose body the use's next statement is
	 * (#define list_for_each(pos, head) for (...)): it starts with
	 * for or while, or with a macro of the set that does. */
	char *first;
	int loop;
	/* ... and whether its expansion holds a loop anywhere: a for, a
	 * while that ends no do { } while (0), or a macro that does
	 * (the kernel's read_seqcount_begin(s) reaches
	 * __read_seqcount_begin's while through three macros) */
	int holds_loop;
};

struct readings_memo;

struct header_macros {
	struct header_macro *items; /* sorted by name once finished */
	size_t nr, alloc;
	int sorted;
	/* the readings asked for so far (made by header_macros_finish()):
	 * scan asks the same object's at each of its site's instances */
	struct readings_memo *memo;
	/* the object-like ones whose body is a member path: not readings
	 * of an expression, but the members a name may stand for where a
	 * record has no member of that name (dwarf-types.c) */
	struct member_macros members;
	/* the names whose definitions open or hold a loop, hashed (open
	 * addressing, a power of two): scan asks of every call in a file
	 * whether it is one.  A slot keeps the name's hash, so that a
	 * probe compares a name only when the hashes agree, and what its
	 * definitions do (HEADER_MACRO_OPENS_LOOP, ..._HOLDS_LOOP) */
	struct header_loopy {
		const char *name; /* an item's; NULL: empty */
		size_t hash;
		int kind;
	} *loopy;
	size_t loopy_size;
};
#define HEADER_MACROS_INIT { NULL, 0, 0, 0, NULL, MEMBER_MACROS_INIT, NULL, 0 }

/* A function-like #define of text[0..len), or (alias_of not NULL) an
 * object-like one whose body is one name or one call. */
void header_macros_add(struct header_macros *h, const char *name,
		       const char *text, size_t len, const char *alias_of);
/* Sort for lookups, and read each body's first word (loop, first);
 * before the first header_macros_readings(). */
void header_macros_finish(struct header_macros *h);
/* ... where the bodies of h may name the macros of other (a file's own
 * over its headers'), whose loops count too: one that starts with a
 * header's loop macro opens a loop. */
void header_macros_finish_over(struct header_macros *h,
			       const struct header_macros *other);
void header_macros_release(struct header_macros *h);

/*
 * Every reading of expr that the definitions allow, into *out (one
 * string each, distinct): the first is expr itself when no name of it
 * has a definition -- then that is the only one.  Returns their number,
 * or 0 when there would be more than max or an expansion fails: then
 * nothing can be said of what expr is.
 */
size_t header_macros_readings(const struct header_macros *h, const char *expr,
			      size_t max, struct strlist *out);
/*
 * The function-like definitions of name[0..n), as the expander reads
 * them, into defs[0..max) (each to be released with macro_def_release()):
 * their number.  Several where #if branches define it each their way.
 */
struct macro_def;
size_t header_macros_defs(const struct header_macros *h, const char *name,
			  size_t n, struct macro_def *defs, size_t max);

/* Does a definition of name[0..n) name word in its body, as a whole
 * identifier, or through a macro it uses, three deep (READ_ONCE calls
 * __read_once_size in Linux's tools/ headers, smp_load_acquire through
 * READ_ONCE)?  Its own name and parameters are not looked at. */
int header_macros_body_names(const struct header_macros *h, const char *name,
			     size_t n, const char *word);

/* Does a definition of name[0..n) open a loop (struct header_macro's
 * loop)?  *ndefs gets how many definitions it has (0: none). */
int header_macros_loop(const struct header_macros *h, const char *name,
		       size_t n, size_t *ndefs);
/* Does the expansion of a definition of name[0..n) hold a loop
 * (struct header_macro's holds_loop)? */
int header_macros_holds_loop(const struct header_macros *h, const char *name,
			     size_t n);
/* Either, in one look (a hash, not a search): HEADER_MACRO_OPENS_LOOP
 * and/or HEADER_MACRO_HOLDS_LOOP over the name's definitions, or 0. */
#define HEADER_MACRO_OPENS_LOOP 1
#define HEADER_MACRO_HOLDS_LOOP 2
int header_macros_loop_kind(const struct header_macros *h, const char *name,
			    size_t n);
/* The first word of definition k of name[0..n) (k < ndefs above), or
 * NULL: for following a loop through macros of another set. */
const char *header_macros_first(const struct header_macros *h,
				const char *name, size_t n, size_t k);

/* How many header_macros_readings() calls worked the readings out, and
 * how many found them in the memo (a test hook's counts). */
void header_macros_memo_stats(const struct header_macros *h,
			      size_t *worked, size_t *remembered);
/* How many combinations of definitions the readings worked out expanded,
 * and how many they took from one expanded before (the same answer to
 * every name the expansion looked up), over the run: a test hook's
 * counts.  RWONCE_TEST_SCAN_COMBO_MEMO=off expands each. */
void header_macros_combo_stats(size_t *expanded, size_t *known);

#endif
