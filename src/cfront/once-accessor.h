/*
 * Once-accessor functions: what lock-free libraries write instead of a
 * once-macro -- a function (usually static inline, in a header) whose
 * body is one once-access of what its pointer parameter points to:
 *
 *   static inline uint32_t load_32(const uint32_t *p)
 *   { return *(const volatile uint32_t *)p; }
 *   static inline uint32_t load_32_asm(const uint32_t *p)
 *   { uint32_t v; __asm__ __volatile__("movl %1, %0" : "=r"(v) : "m"(*p)); return v; }
 *   static inline uint64_t load_64(const uint64_t *p)
 *   { return __atomic_load_n(p, __ATOMIC_RELAXED); }
 *
 *   static inline uint32_t load_v(const volatile struct word *p)
 *   { return p->v; }
 *
 * by a volatile cast of the parameter, a plain *p or p->m when the
 * parameter points to volatile, an inline-asm "m" or "=m"
 * operand of *p, an asm template's one load or store whose address is
 * p in a register ("ldr %w0, [%1]" : "=r"(v) : "r"(p)), or a relaxed __atomic_load_n / __atomic_store_n, or
 * an acquire load or release one (an asm that reads and writes *p, "+m"
 * or an exchange, is a read-modify-write: no accessor; a seq_cst store
 * may be an exchange).  Each
 * call is then a once-access of *(argument), like a use of a
 * pointer-argument once-macro (once-discover.h finds them, scan judges
 * an inlined call on the inlined body's accesses).
 */
#ifndef RWONCE_CFRONT_ONCE_ACCESSOR_H
#define RWONCE_CFRONT_ONCE_ACCESSOR_H

#include "cfront/lexer.h"
#include "cfront/once-macros.h"
#include "lib/strbuf.h"

#define ONCE_ACCESSOR_MAX_ALTS 4

enum accessor_how {
	ACCESSOR_VOLATILE, /* *(volatile T *)p */
	ACCESSOR_ASM,      /* an inline-asm memory operand of *p */
	ACCESSOR_ASM_ADDRESS, /* an inline-asm load or store whose address
				 is p, given in a register ("ldr %w0, [%1]"
				 : "=r"(v) : "r"(p)) */
	ACCESSOR_ATOMIC,   /* a relaxed __atomic_load_n / __atomic_store_n */
	ACCESSOR_ATOMIC_ORDERED, /* an acquire (consume) load, a release
				    store: one access still, with a barrier
				    or an ordered instruction */
	ACCESSOR_VOLATILE_PTR, /* *p or p->m, p a pointer to volatile
				  (const volatile uint32_t *p): the
				  parameter's type makes the access
				  volatile, as a cast would */
	ACCESSOR_ATOMIC_CALLER, /* an __atomic load or store whose order is
				   a parameter, the caller's (jemalloc's
				   atomic_load_u32(a, mo)): a once-access
				   per call, when the call's order is a
				   constant of one access (order_param) */
};

struct once_accessor {
	char *name;
	unsigned line;           /* the name's */
	enum once_macro_kind kind; /* OMK_READ, OMK_WRITE (a "+m" asm, read
				    and written, is no accessor) */
	enum accessor_how how;
	int param;               /* the pointer parameter's index */
	char *param_name;
	char *pointee;           /* its pointee type as spelled, without
				    qualifiers ("uint32_t"), or NULL */
	char *cast;              /* a void pointee (readl(const volatile
				    void __iomem *addr)): the type the
				    body's cast gives the access,
				    *(volatile uint32_t __force *)addr's
				    "uint32_t"; or NULL */
	char *what;              /* "a function whose body is an inline-asm
				    \"m\" operand of *p" */
	size_t begin, end;       /* the access's tokens in the body */
	/* every access of the body: one, or one per side of an #if */
	size_t alt_begin[ONCE_ACCESSOR_MAX_ALTS], alt_end[ONCE_ACCESSOR_MAX_ALTS];
	size_t nalt;            /* 0 for a generated one (below): its
				   body is in no file's tokens */
	/* made by a generator macro: the invocation that made it
	 * ("CK_PR_LOAD_S(uint, unsigned int, \"movl\")"), at line */
	char *generated_by;
	/* the member of the pointee the access reaches (jemalloc's
	 * __atomic_load(&a->repr, ...): "repr"), or NULL: the pointee */
	char *member;
	/* ACCESSOR_ATOMIC_CALLER: the parameter that holds the order, and
	 * the function the body maps it through (atomic_enum_to_builtin
	 * (mo): a switch of the project's own names, order_maps), or NULL
	 * when the body passes it as it is; else -1 */
	int order_param;
	char *order_map;
};

struct once_accessor_list {
	struct once_accessor *items;
	size_t nr, alloc;
	/* the names of the other functions the file defines, each ended
	 * by a NUL: a --macro name defined as such a function somewhere
	 * (libatomic_ops' AO_store_release with __ATOMIC_RELEASE) is no
	 * macro to be read from its other #define (once-discover.c) */
	struct strbuf functions;
	/* the file's functions of one parameter that map names of the
	 * project to memory orders (jemalloc's atomic_enum_to_builtin:
	 * switch (mo) { case atomic_memory_order_relaxed: return
	 * __ATOMIC_RELAXED; ... }): one "FUNCTION NAME ORDER\n" line per
	 * case, ORDER as mem_order_name() spells it */
	struct strbuf order_maps;
};
#define ONCE_ACCESSOR_LIST_INIT { NULL, 0, 0, STRBUF_INIT, STRBUF_INIT }

/* Is buf worth lexing for accessors (a cheap look for their marks)? */
int once_accessors_may_hold(const char *buf, size_t len);
/*
 * May once_accessors_find() or once_accessors_generated() find an
 * accessor in buf?  0 only when they cannot: no "volatile", no
 * __atomic_ or C11 atomic load or store, no "##", no asm keyword (asm,
 * __asm, __asm__) but in "asm/" -- a kernel file's #include <asm/...>,
 * which may_hold takes for one -- and no identifier split by a line
 * splice (which the lexer joins).  Such a file is lexed only for the
 * names of its functions, which discovery asks later if at all.
 */
int once_accessors_may_find(const char *buf, size_t len);
/* The once-accessor definitions of a lexed file, appended to *out. */
void once_accessors_find(const char *buf, const struct token_list *l,
			 struct once_accessor_list *out);
/*
 * The same for the functions whose name wanted() takes (n bytes, as
 * a->name spells it) only: a function of another name is neither read
 * nor listed in out->functions, nor are its order maps.  For a caller
 * that asks about some names only (scan's sites: the accessors that
 * discovery found), the answers for those names are the ones above.
 */
void once_accessors_find_named(const char *buf, const struct token_list *l,
			       int (*wanted)(const char *name, size_t n,
					     void *ctx),
			       void *ctx, struct once_accessor_list *out);
/*
 * The once-accessors that a lexed file's generator macros define where
 * they are invoked (macro-expand.h: ck's CK_PR_LOAD_S(uint, unsigned
 * int, "movl") makes ck_pr_md_load_uint), appended to *out: line is the
 * invocation's, begin, end and the alternatives are 0 (the body is in
 * the expansion, not in the file's tokens).  Only a file that pastes
 * names (holds a "##") is expanded.
 */
void once_accessors_generated(const char *buf, size_t len,
			      const struct token_list *l,
			      struct once_accessor_list *out);
/*
 * The same with generator macros of other files known too (base, or
 * NULL): jemalloc's atomic.h invokes JEMALLOC_GENERATE_ATOMICS(bool, b,
 * 0), which atomic_gcc_atomic.h defines.  The file's own #defines come
 * first, as the preprocessor would have them.
 */
struct macro_set;
void once_accessors_generated_with(const char *buf, size_t len,
				   const struct token_list *l,
				   const struct macro_set *base,
				   struct once_accessor_list *out);
/*
 * Is a function-like macro's body (text) a generator of functions: does
 * it hold a function head whose name is pasted (atomic_load_##short_type(
 * ...) {, as JEMALLOC_GENERATE_ATOMICS and JEMALLOC_GENERATE_INT_ATOMICS
 * do)?
 */
int once_accessor_generator(const char *body, size_t len);
/*
 * May buf define a generator (above)?  0 only when no "##" of its bytes
 * has a '{' after it in the same directive -- which a generator's body
 * needs (NAME ## x ( ... ) {) -- so a file that pastes names but says
 * none of an accessor's marks need not be lexed for its #defines.
 */
int once_accessor_generator_may_be(const char *buf, size_t len);
/* Over the run (a test hook's counts): the #define lookups of macros
 * that may be barriers, and the token lists walked whole for them (each
 * once_accessors_find() call's file at most once). */
void once_accessors_barrier_stats(size_t *lookups, size_t *walks);
/* ... the function bodies read for once-accessors, and those left for
 * their names (once_accessors_find_named()) */
void once_accessors_body_stats(size_t *read, size_t *unwanted);
void once_accessor_list_release(struct once_accessor_list *list);
void once_accessor_release(struct once_accessor *a);

#endif
