/*
 * The once-access sites of one source file, as `rwonce scan` needs them:
 * where each READ_ONCE/WRITE_ONCE/ACCESS_ONCE/ASSIGN_ONCE call (and each
 * --macro name) and each hand-written volatile-cast access is, whether it
 * reads or writes, and the object's size when the lexical type index
 * knows it.  Found with the audit front end (src/cfront/); macro bodies
 * (#define lines) are not sites: their code belongs to the line where the
 * macro is used -- so a use of a function-like macro of the file whose
 * body holds a once-access is a site (wrappers.h).
 */
#ifndef RWONCE_SCAN_SITES_H
#define RWONCE_SCAN_SITES_H

#include <stddef.h>

#include "cfront/once-macros.h"
#include "scan/source-match.h"

enum site_access {
	SITE_READ,
	SITE_WRITE,
	SITE_READ_WRITE, /* ACCESS_ONCE(x)++, compound assignment ... */
};

struct scan_site {
	unsigned line, col;       /* 1-based: the macro name or the '*' */
	unsigned end_line, end_col; /* one past the last byte */
	enum site_access access;
	/* A site that is assigned, incremented or decremented: the whole
	 * expression (ACCESS_ONCE(x) = v through v's end, x++ through the
	 * ++), where compilers put the store's row -- gcc at the '=' or the
	 * '++', clang at the value.  asg_line 0: not assigned. */
	unsigned asg_line, asg_col, asg_end_line, asg_end_col;
	/* The statement that holds it: from after the ';', '{' or '}'
	 * before it to the one after it (if (READ_ONCE(x) > 0) {: through
	 * the '{'), where a load folded into another instruction may get
	 * the column of an operator (attribute.c, ROW_FOLDED). */
	unsigned stmt_line, stmt_col, stmt_end_line, stmt_end_col;
	char *what;       /* "READ_ONCE", "ACCESS_ONCE", "volatile cast" */
	char *operand;    /* the operand's text, shortened */
	char *lvalue;     /* the object as a C lvalue ("x", "*(p)"), for the
			     DWARF to type when the source index cannot;
			     NULL for member and index forms of casts */
	char **alt_lvalues; /* lvalue with a function-like macro of this file
			     expanded (task_thread_info(p)->cpu ->
			     (&(p)->thread_info)->cpu), one per definition
			     (#ifdef branches): for the DWARF to try next */
	size_t nr_alt;
	/* Its type unknown to the sources as spelled, and the object
	 * spelled through the headers' macros: the readings those allow
	 * (header_macros_readings) that the sources type -- with the
	 * declarations the file writes through macros (decl-macros.h) --
	 * each with its type and sizes.  judge.c takes them when the
	 * code shows every other reading was not what was compiled. */
	struct typed_reading {
		char *text, *type;
		unsigned size32, size64;
	} *readings;
	size_t nr_readings;
	char *type;       /* the object's type as spelled, or NULL */
	int in_loop;      /* inside a for/while/do body: several accesses
			     may be several executions (unrolled) */
	int published;    /* its object is a local of the function (named,
			     not reached through a pointer) whose address the
			     function takes (&f): shared, so its accesses in
			     the frame are the object's, not copies */
	int ptr_param;    /* its object is reached through parameter number
			     ptr_param of its function (wait->state in
			     busy_wait(struct wait_node *wait)), whose
			     argument an inlined call shows; -1: not so */
	/* A use of a once-macro whose object is spelled from its
	 * parameters, placed with the use's arguments (lvalue): the
	 * macro's whole body is on the use's column, so the accesses of
	 * other members of what the object's pointer points to are among
	 * the instance's (judge.c drops them) */
	int placed;
	int deref_after;  /* its value is dereferenced right after it
			     (rcu_dereference(p)->f, READ_ONCE(p)[i]): an
			     access through the register its load set is
			     of another object */
	int seen;         /* set (atomically) once an instance is judged */
	unsigned size32, size64; /* bytes on ILP32 and LP64; 0: unknown */
	/* The object is what an argument points to (LOAD(addr), a
	 * once-accessor's *p): one access narrower than it is not ok.
	 * cast_type: the type the macro's volatile cast gives the access,
	 * for when neither the source nor the DWARF types the pointee. */
	int pointee;
	/* ... a member of it (jemalloc's accessors reach a->repr): its
	 * name; the lvalue names the member, and the copy's pointer
	 * parameter's pointee is not the object but holds it */
	char *member;
	char *cast_type;
	unsigned cast32, cast64;
	/* cast_type is the body's cast of an accessor whose parameter
	 * points to void (readl(const volatile void __iomem *addr)): the
	 * width only when nothing else types the object, the argument
	 * first (judge.c) */
	int body_cast;
	/* A call of a once-accessor function (once-accessor.h): its
	 * instances are the inlined copies of the accessor called here,
	 * judged on the inlined body's accesses (attribute.c), not the
	 * code on its line; a call left out of line is named as one. */
	int accessor;
	char *accessor_def; /* "lib/access.h:2", for the note */
	/* A use of a --macro name whose definition no source shows (ck's
	 * ck_pr_load_32, made by a generator macro): a macro, or a function
	 * -- where the DWARF shows an inlined copy of a function of that
	 * name called here, the copy is the instance (as an accessor's),
	 * its object what the argument points to. */
	int maybe_accessor;
	/* ... the --macro name the use reaches: the use's own, or the one
	 * a macro of the tree forwards to (ck_rhs.c's CK_RHS_LOAD(x) ->
	 * ck_pr_load_8(x)); for telling its inlined function by name */
	char *accessor_name;
	/* A use of a macro of the file whose body holds the once-accesses
	 * (wrappers.h): what to say about it ("'sub_positive' is a macro
	 * (line 3261) ..."), or NULL for a once-access written out. */
	char *via;
	unsigned body_reads, body_writes; /* its once-accesses, by kind */
	/* It stands in an argument of a function-like macro whose body
	 * names that argument more than once (bdwgc's
	 * FINAL_MARK_BIT(AO_load(&hhdr->hb_sz)), repeats.h): the macro's
	 * name, and the fewest and most times the expansion evaluates the
	 * argument over the macro's definitions (and those of macros
	 * around it); NULL: none does.  The source asks for that many. */
	char *repeat_macro;
	unsigned repeat_min, repeat_max;
	/* It is a use of an accessor in the arguments of a function-like
	 * macro whose body names the function the use calls: gcc and
	 * clang give the calls of the body and of the arguments one
	 * position, the macro's name, so that a copy there may be either
	 * (attribute.c: call_site). */
	int arg_macro_calls;
	/* set (atomically) when an inlined copy at the position of a
	 * macro's name could be this use's or another call's there
	 * (attribute.c: call_site): its copies are not its instances,
	 * and a use left without any says why (coverage.c) */
	int copy_unclear;
	/* A use of a once-macro found in the build's own sources
	 * (discover.h): the note naming its definition, or NULL. */
	char *defined;
	int several;      /* they name more than one object: which access
			     is which cannot be told */
	/* A use of an object-like macro whose body is *(volatile T *)E (a
	 * register, wrappers.h): the site is the name alone, spelled so */
	int bare_name;
	/* The function whose body holds it, for saying why a site has no
	 * code (coverage.c): its name as the source spells the head, the
	 * line of that name, of its '{' and of its '}'; 0: none found. */
	char *fn_name;
	unsigned fn_line, fn_open_line, fn_close_line;
	/* The line of the #if, #ifdef, #elif or #else that opened the
	 * conditional group holding the site, when that group begins in
	 * its function's body; 0: none.  A line without code there may
	 * be left out by the preprocessor, not optimised out. */
	unsigned if_line;
	/* An access to an object declared volatile (--volatile-objects,
	 * volatile-objects.h; what "volatile object"): the lvalue of the
	 * volatile object itself (x of x.f[2], p->m of p->m.f) for the
	 * DWARF to say whether it is the volatile one there; the name's
	 * VO_* bits over the build, and the size its volatile
	 * declarations all have (0: not one). */
	char *vol_object;
	unsigned vol_bits, vol_size;
	int vol_member;   /* the volatile name is a member's (p->m) */
	/* set (atomically) when an instance's DWARF types vol_object as
	 * not volatile (a local that shadows the name, a member of
	 * another struct): no site there (coverage.c counts the site
	 * when none of its instances was judged) */
	int not_volatile;
};

/* A line a site's text or assignment reaches after (or before) the
 * line it starts on: the rows of a multi-line statement. */
struct site_line {
	unsigned line;
	size_t site;
};

struct source_sites {
	char *path;
	int missing;      /* could not be read: errno */
	int uses_volatile; /* the text says "volatile" somewhere */
	struct scan_site *sites; /* sorted by line, then column */
	size_t nr, alloc;
	struct site_line *more;  /* sorted by line */
	size_t nmore;
	struct source_match match; /* its MD5; its token starts when it
				      has sites */
	/* With sites, one bit per line (atomically set by every unit):
	 * a line-table row is on it; a function with code, or only an
	 * abstract origin (inlined), is declared on it; a function whose
	 * code holds rows of line 0 is declared on it. */
	unsigned char *code_lines, *fn_code_lines, *fn_inline_lines;
	unsigned char *fn_line0_lines;
	int mismatch;     /* set when a unit's build did not come from it */
	/* It defines a once-accessor function: rows on it may be an
	 * inlined accessor's body, owned by the call (attribute.c). */
	int defines_accessor;
	/* The bodies of its loops (for, while, do with its condition),
	 * from the keyword to the body's end, and those that macros and
	 * backward gotos make: a call inside one may run many times,
	 * unrolled into one stretch of code.  Known once the file was lexed: when
	 * loaded, if it holds "volatile" or a once-macro's name, else by
	 * source_sites_load_loops(). */
	struct loop_span {
		unsigned line, col, end_line, end_col;
		/* not a keyword's (inside_loop() reads those): a use of
		 * a macro that opens a loop or whose expansion holds
		 * one, or a label and the goto after it that jumps back
		 * to it */
		int by_macro;
	} *loops;
	size_t nr_loops;
	int loops_known;
	/* the macros of the headers discovery read (the run's, not
	 * owned), or NULL */
	const struct header_macros *headers;
	/* Calls of a discovered accessor whose order the caller gives
	 * (jemalloc's atomic_store_b(&x, v, mo)) that are no once-access:
	 * a seq_cst or acq_rel order, or one that is no constant.  Not
	 * sites; each named with the reason (coverage.h). */
	struct named_call {
		unsigned line, col;
		char *what;      /* "atomic_store_b(&x)" */
		char *why;       /* "its order 'ATOMIC_SEQ_CST' is seq_cst: ..." */
		/* 1: not that, but a use of a once-macro whose object scan
		 * cannot place: spelled from its parameters (#define
		 * STATE(v) READ_ONCE((v).state): "(v).state") in a way
		 * this use's arguments cannot be put in (__VA_ARGS__, a
		 * member given as in.b, through a --macro name with no
		 * definition seen), or
		 * none of its arguments: not checked, and named with why,
		 * never dropped without a word */
		int unplaced;
	} *named;
	size_t nnamed, alloc_named;
	/* Uses of a volatile object's name (--volatile-objects) that the
	 * file's declarations show are of another object, not volatile (a
	 * parameter of the name): no sites, counted (coverage.c). */
	size_t not_volatile_uses;
};

/* Read and lex path and find its sites.  Never fails: an unreadable file
 * gets missing = errno and no sites. */
struct volatile_objects;
/* vol: the objects declared volatile whose uses are sites too
 * (--volatile-objects), or NULL. */
void source_sites_load(struct source_sites *s, const char *path,
		       const struct once_macros *macros,
		       const struct volatile_objects *vol);
void source_sites_release(struct source_sites *s);
/* Lex a file that was not (it has no sites), for its loops only: one
 * worker at a time (the caller's lock); loops_known says when done. */
void source_sites_load_loops(struct source_sites *s);

/*
 * The call at line:col of s's file (an inlined call the DWARF names):
 * is its argument number arg '&NAME' (or &NAME.f ...) of a local of the
 * calling function whose address that function also takes elsewhere
 * (passes on, stores)?  Then the object the callee reaches through that
 * parameter is a published local.  1 with *name set (caller frees) and
 * *where its line, else 0.  Reads and lexes the file (kept for the
 * thread's next call, until source_sites_text_drop()).
 */
int source_sites_published_arg(const struct source_sites *s, unsigned line,
			       unsigned col, int arg, char **name,
			       unsigned *where);

/*
 * The call at line:col of s's file: is its argument number arg exactly
 * a parameter of the function around the call, which is named function
 * and never assigns that parameter (p = ..., p++, &p)?  Then the callee
 * reaches what the function's own caller passed there.  1 with *param
 * set to that parameter's number, else 0 (the chain is not clear).
 */
int source_sites_param_arg(const struct source_sites *s, unsigned line,
			   unsigned col, int arg, const char *function,
			   int *param);

/* The files source_sites_published_arg() and source_sites_param_arg()
 * keep lexed for the thread's next calls: let go of them (a worker,
 * after each unit). */
void source_sites_text_drop(void);
/* How many the thread holds (a test hook's count). */
size_t source_sites_text_held(void);

/* What source_sites_load() did over the run (the source cache's test
 * hook): files read, lexed and their bytes. */
struct source_sites_stats {
	size_t read, lexed, bytes_lexed;
};
void source_sites_stats(struct source_sites_stats *st);

/* Mark line in one of the bitmaps above (any thread). */
void source_sites_mark(unsigned char *bits, unsigned nlines, unsigned line);
/* Is a bit set for a line in [lo, hi]? */
int source_sites_any(const unsigned char *bits, unsigned nlines, unsigned lo,
		     unsigned hi);

/* Does line:col lie in the body of a loop of s (loops above)? */
int source_sites_in_loop(const struct source_sites *s, unsigned line,
			 unsigned col);

/* Do sites a and b of one file name one object in one statement, read
 * or written alike (none a once-accessor's call)?  Their code may share
 * rows: a macro use's (attribute.c, share_statement_rows). */
int scan_site_same_object(const struct scan_site *a,
			  const struct scan_site *b);

/* The sites that start on line: [*first, *first + return value). */
size_t source_sites_on_line(const struct source_sites *s, unsigned line,
			    size_t *first);
/* The sites that reach line from another: s->more[*first, + return). */
size_t source_sites_reaching(const struct source_sites *s, unsigned line,
			     size_t *first);

#endif
