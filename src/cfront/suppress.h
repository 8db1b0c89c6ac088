/*
 * In-source suppressions of findings, written in a comment on the
 * finding's line or on the line above it:
 *
 *     x = READ_ONCE(s->snap);  // rwonce-ignore[scan-torn]: a copy, re-read until stable
 *
 *     /\* rwonce-ignore[scan-torn, volatile-cast]: the reason ... *\/
 *     x = *(volatile struct snap *)&s->snap;
 *
 * A suppression covers the lines of its comment and the line after it,
 * for the rule ids in its brackets.  The reason is the rest of the
 * comment (continuation lines of a block comment joined, their leading
 * '*' dropped); a suppression without one is kept, and the caller warns.
 * The ids are not checked here: the rules are src/findings/'s.
 */
#ifndef RWONCE_CFRONT_SUPPRESS_H
#define RWONCE_CFRONT_SUPPRESS_H

#include <stddef.h>

#define SUPPRESS_MARKER "rwonce-ignore"

struct suppression {
	unsigned line;                 /* where the marker is */
	unsigned first_line, last_line;/* the lines it covers */
	char **ids;                    /* the rule ids, as written */
	size_t nr_ids;
	char *reason;                  /* NULL: none given */
	const char *malformed;         /* NULL, or what is wrong with it (no
					  ']', a bad id): it covers nothing */
};

struct suppression_list {
	struct suppression *items;
	size_t nr, alloc;
};
#define SUPPRESSION_LIST_INIT { NULL, 0, 0 }

/* Every suppression in the comments of buf[0..len), in order. */
void suppressions_find(const char *buf, size_t len,
		       struct suppression_list *out);

/* The suppression that covers `line` for rule id `rule`, or NULL. */
const struct suppression *suppression_for(const struct suppression_list *l,
					  unsigned line, const char *rule);

void suppression_list_release(struct suppression_list *l);

#endif
