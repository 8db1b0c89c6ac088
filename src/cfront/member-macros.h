/*
 * Object-like #defines whose body is a path of members, the way a
 * header gives a nested member a short name:
 *
 *   #define sk_state       __sk_common.skc_state     (net/sock.h)
 *   #define inet_rcv_saddr sk.__sk_common.skc_rcv_saddr
 *
 * so that READ_ONCE(sk->sk_state) reads sk->__sk_common.skc_state.  The
 * DWARF of struct sock has no member sk_state: a typer that finds no
 * member of a name tries the paths such a name stands for (scan's
 * dwarf-types.c).  A name may have several definitions (one per
 * header that gives it); each is kept.
 */
#ifndef RWONCE_CFRONT_MEMBER_MACROS_H
#define RWONCE_CFRONT_MEMBER_MACROS_H

#include <stddef.h>

struct member_macro {
	char *name;
	char *path; /* "__sk_common.skc_state"; "": a body no path */
};

struct member_macros {
	struct member_macro *items; /* by name once finished, no repeats */
	size_t nr, alloc;
};
#define MEMBER_MACROS_INIT { NULL, 0, 0 }

/*
 * Take the object-like #define of name[0..n) whose text after the name
 * is body[0..len) into m when it may stand for a member: a path ("a",
 * "a.b", "a.b.c", blanks and one trailing comment allowed), or a body
 * that starts like a member but is no path ("u.x[0]", "a->b"): that
 * one's path is "", and a name with such a definition is not typed
 * through its macros (which was compiled cannot be told).
 */
void member_macros_note(struct member_macros *m, const char *name, size_t n,
			const char *body, size_t len);

void member_macros_add(struct member_macros *m, const char *name, size_t n,
		       const char *path, size_t plen);
/* Move every item of from into m (from is left empty). */
void member_macros_take(struct member_macros *m, struct member_macros *from);
/* Sort by name and drop repeats; before the first member_macros_find(). */
void member_macros_finish(struct member_macros *m);
void member_macros_release(struct member_macros *m);

/* The definitions of name: the count, the first at *first. */
size_t member_macros_find(const struct member_macros *m, const char *name,
			  size_t *first);

#endif
