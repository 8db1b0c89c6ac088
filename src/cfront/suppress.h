/*
 * In-source suppressions of findings, in comments (the marker in any
 * case: rwonce-ignore, RWONCE-IGNORE):
 *
 *     x = READ_ONCE(s->snap);  // rwonce-ignore[scan-torn]: a copy, re-read until stable
 *
 *     /\* rwonce-ignore[scan-torn, volatile-cast]: the reason ... *\/
 *     x = *(volatile struct snap *)
 *             &s->snap;
 *
 *     // rwonce-ignore-begin[access-once]: the old driver, kept as it is
 *     ...
 *     // rwonce-ignore-end
 *
 *     // rwonce-ignore-file[double-fetch]: a test of the pattern itself
 *
 * rwonce-ignore covers the lines of its comment and the line after it
 * and, for a comment on lines of its own, the whole statement that
 * follows (to its ';', or to the '{' that opens its body).  A begin
 * covers the lines up to the next rwonce-ignore-end (one without an end
 * covers nothing, and says so); a -file marker the whole file.  The ids
 * are compared without case.  The reason is the rest of the comment
 * (continuation lines of a block comment joined, their leading '*'
 * dropped); a suppression without one is kept, and the caller warns.
 * The ids are not checked here: the rules are src/findings/'s.
 */
#ifndef RWONCE_CFRONT_SUPPRESS_H
#define RWONCE_CFRONT_SUPPRESS_H

#include <stddef.h>

#define SUPPRESS_MARKER "rwonce-ignore"

enum suppression_scope {
	SUPPRESS_STATEMENT,  /* rwonce-ignore: its comment and what follows */
	SUPPRESS_RANGE,      /* rwonce-ignore-begin ... rwonce-ignore-end */
	SUPPRESS_FILE,       /* rwonce-ignore-file */
};

struct suppression {
	enum suppression_scope scope;
	unsigned line;                 /* where the marker is */
	unsigned first_line, last_line;/* the lines it covers */
	char **ids;                    /* the rule ids, as written */
	size_t nr_ids;
	char *reason;                  /* NULL: none given */
	const char *malformed;         /* NULL, or what is wrong with it (no
					  ']', a bad id, a begin without
					  end): it covers nothing */
	unsigned char *used;           /* per id: it suppressed a finding */
};

struct suppression_list {
	struct suppression *items;
	size_t nr, alloc;
};
#define SUPPRESSION_LIST_INIT { NULL, 0, 0 }

/* Does buf[0..len) hold the marker at all (in any case)?  Cheap. */
int suppressions_present(const char *buf, size_t len);

/* Every suppression in the comments of buf[0..len), in order. */
void suppressions_find(const char *buf, size_t len,
		       struct suppression_list *out);

/* The suppression that covers `line` for rule id `rule` (marked used),
 * or NULL. */
const struct suppression *suppression_for(struct suppression_list *l,
					  unsigned line, const char *rule);

/* A suppression that covers `line` but names other rules, or NULL. */
const struct suppression *suppression_covering(const struct suppression_list *l,
					       unsigned line);

void suppression_list_release(struct suppression_list *l);

#endif
