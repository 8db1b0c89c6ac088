/*
 * The once-macros: the names that mark a single access of an object
 * (READ_ONCE(x), WRITE_ONCE(x, v), ACCESS_ONCE(x), a project's own
 * KREAD_ONCE(x) ...), what each one is, and the one parser of
 * `--macro NAME=KIND` that every command (audit with either engine, fix,
 * scan) uses, so that one spelling means one thing everywhere.
 *
 * The table starts with the built-in names; `--macro`, `--preset` and the
 * discovery of a tree's own definitions (once-discover.h) add to it.
 */
#ifndef RWONCE_CFRONT_ONCE_MACROS_H
#define RWONCE_CFRONT_ONCE_MACROS_H

#include <stddef.h>

#include "lib/parse-options.h"

/* What a use of the macro does to its object. */
enum once_macro_kind {
	OMK_ACCESS, /* ACCESS_ONCE(x): a volatile lvalue; its use decides */
	OMK_READ,   /* READ_ONCE(x): a marked read */
	OMK_WRITE,  /* WRITE_ONCE(x, v): a marked write */
};

enum once_macro_flags {
	/* Implemented as a volatile cast of the object's own type (the
	 * kernel's READ_ONCE): of a struct or union it is a volatile
	 * aggregate access, which compilers may split. */
	OMF_VOLATILE_CAST = 1 << 0,
	/* Found in the tree's own #define (once-discover.h), not named. */
	OMF_DISCOVERED = 1 << 1,
	/* One of the names rwonce knows without being told. */
	OMF_BUILTIN = 1 << 2,
	/* rwonce.h's namespaced names (RWONCE_ACCESS ...): sites like any
	 * other, but correct by construction, so never a hazard to report
	 * or convert. */
	OMF_RWONCE = 1 << 3,
	/* A discovered macro whose body uses its object as a pointer
	 * (rcu_dereference(p): typeof(*p)): the object is never a struct
	 * or union, so the aggregate rules need not type it. */
	OMF_POINTER_OBJECT = 1 << 4,
	/* A once-accessor function (once-accessor.h), not a macro: its
	 * calls are sites, an inlined call judged on the inlined body. */
	OMF_ACCESSOR = 1 << 5,
	/* ... whose access both reads and writes (an asm "+m" operand). */
	OMF_READ_WRITE = 1 << 6,
	/* A discovered macro whose body dereferences the value its access
	 * reads (ext4's sbi_array_rcu_deref(sbi, field, index):
	 * ((T *)rcu_dereference((sbi)->field))[index]): at a use, an access
	 * through that value is of another object (scan). */
	OMF_VALUE_DEREF = 1 << 7,
};

struct once_macro {
	char *name;
	enum once_macro_kind kind;
	unsigned flags;         /* enum once_macro_flags */
	/* Which argument is the object and which the value written
	 * (ASSIGN_ONCE(v, x) has them the other way round); -1: none. */
	int object_arg, value_arg;
	/* OMF_DISCOVERED: where the (first) definition is, and what its
	 * body is, for the note that names it ("a volatile cast of its
	 * argument", "READ_ONCE of its argument"). */
	char *def_path;
	unsigned def_line;
	char *def_what;
	/* A discovered macro whose object is not one argument (the
	 * kernel's atomic_read(v): (v)->counter): the object spelled in
	 * the parameters, and their names; object_arg is then -1. */
	char *object;
	char **params;
	size_t nparams;
	/* A discovered macro that takes a pointer to its object
	 * (#define LOAD(addr) (*(volatile uint32_t *)(addr)), or a macro
	 * that passes its argument on to one, LOAD_MO(addr, mo)): which
	 * argument is the pointer (object_arg is then -1, object "*(addr)");
	 * -1: none.  cast_type: the type such a body's volatile cast gives
	 * the access ("uint32_t"), when it is not the pointee's; or NULL. */
	int deref_arg;
	char *cast_type;
	/* OMF_ACCESSOR whose pointee is void (Xen's readl(const volatile
	 * void __iomem *addr)): the type its body's cast gives the access
	 * ("uint32_t"), the object's width when nothing else types it;
	 * or NULL */
	char *body_cast;
	/* OMF_DISCOVERED: the once-macro its body applies (CK_RHS_LOAD(x)
	 * -> ck_pr_load_8(x)), or NULL */
	char *via;
	/* OMF_DISCOVERED: its definitions disagree on the kind (one per
	 * architecture), so kind is OMK_ACCESS, the use deciding: the first
	 * definition of each kind, "read-once at P:L, access-once at P:L";
	 * else NULL. */
	char *kinds_disagree;
	/* OMF_ACCESSOR: the member of the pointee its body reaches
	 * (jemalloc's &a->repr: "repr"), or NULL: the pointee itself */
	char *member;
	/* OMF_DISCOVERED accessor whose order the caller gives (jemalloc's
	 * atomic_load_u32(a, mo)): which argument is the order, and the
	 * names a call may give it with the order each means, one "NAME
	 * ORDER\n" line each (ATOMIC_RELAXED relaxed, ...: the project's
	 * mapping function and its aliases), or NULL when only the
	 * compilers' names mean orders; order_arg -1: the body's own order
	 * (each call is a site) */
	int order_arg;
	char *orders;
};

struct header_macros;

struct once_macros {
	struct once_macro *items;
	size_t nr, alloc;
	/* Open-addressed index of items by name (1 + position; 0: empty):
	 * every identifier of a tree is looked up here. */
	size_t *index;
	size_t index_size; /* a power of two, at least twice nr */
	/* A bit per name, from its first two bytes, its last two and its
	 * length (once-macros.c, filter_key()): nearly every identifier of
	 * a tree is rejected by one test of it, without being hashed --
	 * a test whose answer is nearly always no, where two tests that
	 * many words pass (their first two bytes, then their last byte
	 * and length) each cost the processor a wrong guess about every
	 * other word (issue #35). */
	unsigned char filter[4096];
	/* The length of the shortest name (at most 16): once_macros_any()
	 * looks only at the words that long. */
	size_t min_len;
	/* The first prefix_len bytes (3 to 6, at most min_len; 0: not
	 * used) of every name, as eight groups of the names' prefixes in
	 * sorted order: a bit per group for each byte's low and high half
	 * at each place (prefix_lo[k][c & 15] & prefix_hi[k][c >> 4]).
	 * once_macros_any() asks them of 32 positions at a time with AVX2
	 * and looks up only the words whose first bytes pass: a name's own
	 * bytes always pass; about one word in sixteen of a kernel tree
	 * does, where every word was looked up (issue #35). */
	unsigned char prefix_lo[6][16], prefix_hi[6][16];
	size_t prefix_len;
	/* scan's discovery: a macro whose one once-access is of what a
	 * parameter points to (*(volatile T *)(p), MY_ONCE(*(p))) is a
	 * once-macro of *(argument) (deref_arg).  audit and fix leave it
	 * off: for them such a body stays a hand-written cast to report. */
	int pointer_args;
	/* scan's discovery: the macros of the headers it read, for the
	 * objects sites spell through them (header-macros.h); owned */
	struct header_macros *headers;
};

/* The built-in names: ACCESS_ONCE, READ_ONCE, WRITE_ONCE, ASSIGN_ONCE,
 * the kernel's __READ_ONCE/__WRITE_ONCE/READ_ONCE_NOCHECK and rwonce.h's
 * namespaced RWONCE_READ/RWONCE_WRITE/RWONCE_ACCESS/RWONCE_ASSIGN. */
void once_macros_init(struct once_macros *t);
void once_macros_release(struct once_macros *t);

/*
 * Parse one `--macro NAME=KIND` and add it.  KIND is one of
 * access-once, read-once, write-once (what a use does) or volatile-cast
 * (the macro, new or known, is a volatile cast of the object's type);
 * access, read, write and the clang engine's old load, store, assign and
 * once are accepted as aliases.  A later spec of the same name wins.
 * Returns 0, or -1 after error() with the one message every command
 * gives.
 */
int once_macros_add_spec(struct once_macros *t, const char *spec);

/* The kinds, for --help texts and messages; a literal, so that every
 * command's --help can spell it inside its own text. */
#define ONCE_MACRO_KINDS "access-once, read-once, write-once or volatile-cast"
extern const char once_macro_kinds_help[]; /* ONCE_MACRO_KINDS */

/*
 * The once-macro options of every command that finds once-accesses in
 * source (audit, fix, scan), declared once (lib/parse-options.h):
 * struct strlist *macros: --macro NAME=KIND, each for
 * once_macros_add_spec(); int *no_discover: --no-discover.
 */
#define OPT_ONCE_MACROS(macros, no_discover)                                  \
	OPT_LIST(0, "macro", (macros), "NAME=KIND",                           \
		 "a project's own once-macro (repeatable); KIND: "            \
		 ONCE_MACRO_KINDS " (volatile-cast: the macro is a volatile " \
		 "cast, like the kernel's READ_ONCE)"),                        \
	OPT_BOOL(0, "no-discover", (no_discover),                             \
		 "do not take the once-macros the sources #define "           \
		 "themselves (KREAD_ONCE(x) as a volatile cast): only the "   \
		 "built-in and --macro ones")

/*
 * --preset=NAME: the specs that describe a known codebase ("linux": its
 * READ_ONCE/WRITE_ONCE and __READ_ONCE/__WRITE_ONCE are volatile
 * casts).  Returns 0, or -1 after error() for an unknown name.
 */
int once_macros_add_preset(struct once_macros *t, const char *name);
/* The preset names, comma-separated, for messages and --help. */
const char *once_macro_preset_names(void);

/* The entry named by the n bytes at name, or NULL. */
const struct once_macro *once_macros_find(const struct once_macros *t,
					  const char *name, size_t n);
/*
 * The entry the identifier token *tok of buf names, or NULL: its name as
 * the preprocessor reads it, a line splice inside it removed
 * (READ_\<newline>ONCE is READ_ONCE).
 */
struct token;
const struct once_macro *once_macros_find_token(const struct once_macros *t,
						const char *buf,
						const struct token *tok);

/*
 * Call fn for each identifier of buf[0..len) that names an entry of t,
 * until fn returns non-zero (that value is returned; 0 at the end).  A
 * byte scan, not a lexer: a name inside a comment or string is offered
 * too, which makes it a cheap and safe "may this file use one?".
 */
int once_macros_scan(const struct once_macros *t, const char *buf, size_t len,
		     int (*fn)(const struct once_macro *m, void *ctx),
		     void *ctx);

/*
 * Does buf[0..len) hold an identifier that names an entry of t?  The
 * answer once_macros_scan() gives with a callback that says yes, found
 * 64 bytes at a time where the machine has SSE2: the identifiers' starts
 * and ends come from masks, so that only a start is looked at (the
 * tree's files that say no "volatile" are searched so, every byte).
 */
int once_macros_any(const struct once_macros *t, const char *buf, size_t len);

/*
 * A table of just the names of list[0..len) (NUL-separated, each ended
 * by its NUL; a name twice is harmless), no builtin entry: what
 * once_macros_any() asks "does this text name one of them?" of, 64
 * bytes at a time.  Release it with once_macros_release().
 */
void once_macros_names(struct once_macros *t, const char *list, size_t len);

/*
 * Add (or update) an entry; returns it.  A new one gets object_arg 0
 * and, for OMK_WRITE, value_arg 1.  Pointers into the table are valid
 * until the next add.
 */
struct once_macro *once_macros_add(struct once_macros *t, const char *name,
				   size_t n, enum once_macro_kind kind);

/*
 * The argument that is the object of a call with nargs arguments
 * (ASSIGN_ONCE(v, x): 1 with two arguments), or -1 when the call does
 * not fit the macro.
 */
int once_macro_object_arg(const struct once_macro *m, size_t nargs);

/*
 * m's object spelled in parameters (the object, params, nparams of a
 * discovered macro) becomes a copy of object and params[0..nparams), the
 * old one freed; object NULL leaves none.
 */
void once_macro_set_object(struct once_macro *m, const char *object,
			   char *const *params, size_t nparams);

/*
 * Does a name say it implements a once-access, whatever the table holds
 * (__READ_ONCE_SIZE, READ_ONCE_SCALAR, my_ACCESS_ONCE)?  Definitions of
 * such macros are the primitives themselves, not hazards.  Sets *kind.
 */
int once_macro_name_implies(const char *name, size_t n,
			    enum once_macro_kind *kind);

/* Is path a header of a compiler's own (gcc's or clang's resource
 * folder, where <stdatomic.h> is)? */
int once_macro_compiler_header(const char *path);

/*
 * The note a finding at a use of a discovered macro carries (caller
 * frees): "'KREAD_ONCE' is a once-macro of this tree (read-once):
 * once.h:1 defines it as a volatile cast of its argument 'x'".
 */
char *once_macro_definition_note(const struct once_macro *m);

/* "access-once", "read-once", "write-once". */
const char *once_macro_kind_name(enum once_macro_kind k);
/*
 * A call of m, an accessor whose order is the caller's (order_arg >=
 * 0): the order its argument names[0..n) means, as m->orders says
 * (an idioms.h enum mem_order); 0 (MO_NONE) for a name it does not list.
 */
int once_macro_order_meant(const struct once_macro *m, const char *name,
			   size_t n);

#endif
