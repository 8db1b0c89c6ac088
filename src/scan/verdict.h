/*
 * The verdict on one instance of a site: the memory accesses that the line
 * table attributes to it (one function, one inline chain), judged against
 * what the site promises -- one access of the object's full width.
 *
 *   ok            one access (of the object's width, when it is known)
 *   torn          two or more narrower accesses through one base that
 *                 together cover the object
 *   duplicated    the same bytes loaded (or stored) twice on one forward
 *                 path: twice in one execution of the site
 *   widened       one access wider than the object
 *   unattributed  no access can be tied to the site (kept in a register,
 *                 a call such as memcpy, code we cannot decode): never
 *                 "elided" on missing evidence
 */
#ifndef RWONCE_SCAN_VERDICT_H
#define RWONCE_SCAN_VERDICT_H

#include "lib/strbuf.h"
#include "scan/disasm.h"
#include "scan/sites.h"

enum scan_verdict {
	SCAN_OK,
	SCAN_TORN,
	SCAN_DUPLICATED,
	SCAN_WIDENED,
	SCAN_UNATTRIBUTED,
	SCAN__COUNT
};

/* Why an instance is unattributed. */
enum unattributed_reason {
	UNATTRIBUTED_NO_ACCESS,  /* no memory access (a register, merged) */
	UNATTRIBUTED_CALL,       /* a call instead (memcpy) */
	UNATTRIBUTED_UNDECODED,  /* an instruction capstone cannot decode */
	UNATTRIBUTED_STACK,      /* only the stack: a local (a copy) */
	UNATTRIBUTED_POINTER,    /* only the load of a pointer to the object;
				    the access through it is on other rows */
	UNATTRIBUTED_ADDRESS,    /* a named object of unknown type, accessed
				    through no register known to hold its
				    address: whose accesses, cannot tell */
	UNATTRIBUTED_LOCAL,      /* a local object in the frame reached
				    through a pointer: whether its address
				    was published, cannot tell */
	UNATTRIBUTED_SIZE,       /* one access of an object whose size
				    nothing tells (no type in the sources
				    nor the DWARF): whether all of it,
				    cannot tell */
	UNATTRIBUTED_VOLATILE,   /* a name of a volatile member and of one
				    that is not (--volatile-objects), its
				    base not typed: whether the object is
				    volatile, cannot tell */
	UNATTRIBUTED_COPY,       /* an inlined copy at the position of a
				    macro's name, where calls in its
				    arguments are too: whose, cannot tell
				    (attribute.c: call_site) */
	UNATTRIBUTED__COUNT
};

/* "ok", "torn", ... */
const char *scan_verdict_name(enum scan_verdict v);
/* "no memory access", "a call instead", ... */
const char *unattributed_reason_name(enum unattributed_reason r);

/*
 * Judge the accesses (in address order; ACC_NONE entries mark branches)
 * for a site whose object has `size` bytes (0: unknown).  *why gets the
 * end of the message ("compiled to 2 loads of 4 bytes: torn"); used[k] is
 * set for the accesses the verdict rests on (to list them).  Accesses
 * marked `before` are dropped (made ACC_NONE) when some access lies
 * inside the site's text.  For an unattributed instance, *reason says
 * which kind.  pointee: the object is what a pointer argument points
 * to (site->pointee, or a --macro name's inlined function): one access
 * narrower than it is torn.  aggregate: the object is a struct or union
 * (1), a scalar or pointer (0), not known (-1) -- a copy function's call
 * stands for the access only of an aggregate.  shared > 1: the
 * instance's rows are those of that many sites of one object in one
 * statement (attribute.h), this one the rank-th: as many accesses of
 * the same bytes are one each, not duplicated.  in_loop: the site's own in_loop, or set because the
 * instance was inlined into a caller's loop -- a parameter, not a copy
 * of the site: the site is shared by the -j workers, which mark its
 * `seen` while others judge it.
 */
enum scan_verdict verdict_judge(const struct scan_site *site, int in_loop,
				int pointee, unsigned size, int aggregate,
				size_t shared, size_t rank,
			   struct mem_access *acc, size_t nr,
			   struct strbuf *why, char *used,
			   enum unattributed_reason *reason);

#endif
