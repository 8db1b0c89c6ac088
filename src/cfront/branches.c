/*
 * Choosing one side of the conditionals of a buffer (branches.h).  Two
 * passes over the lines: the first learns which #if has an #else or
 * #elif, the second blanks the lines of the groups left out.  Directive
 * lines stay (the type index skips them); a line continued with '\\' is
 * blanked or kept with its directive's group like any other line.
 */
#include "cfront/branches.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

enum dir { D_NONE, D_IF, D_ELSE, D_ENDIF };

/* The conditional directive a line holds, if any. */
static enum dir directive(const char *p, const char *end)
{
	size_t n;

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p >= end || *p != '#')
		return D_NONE;
	p++;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	n = 0;
	while (p + n < end && p[n] >= 'a' && p[n] <= 'z')
		n++;
	if ((n == 2 && !memcmp(p, "if", 2)) ||
	    (n == 5 && !memcmp(p, "ifdef", 5)) ||
	    (n == 6 && !memcmp(p, "ifndef", 6)))
		return D_IF;
	if ((n == 4 && (!memcmp(p, "else", 4) || !memcmp(p, "elif", 4))) ||
	    (n == 7 && (!memcmp(p, "elifdef", 7))) ||
	    (n == 8 && !memcmp(p, "elifndef", 8)))
		return D_ELSE;
	if (n == 5 && !memcmp(p, "endif", 5))
		return D_ENDIF;
	return D_NONE;
}

struct frame {
	size_t id;      /* which #if, in order */
	int in_else;
};

int branch_keep(char *buf, size_t len, enum branch_side side)
{
	unsigned char *has_else = NULL; /* per #if id */
	size_t nr_if = 0, alloc_if = 0, depth, next_id;
	struct frame *st = NULL;
	size_t alloc_st = 0;
	int any = 0;

	/* Pass 1: which #if has an #else/#elif. */
	depth = 0;
	for (size_t at = 0; at < len;) {
		const char *nl = memchr(buf + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - buf) : len;
		enum dir d = directive(buf + at, buf + end);

		if (d == D_IF) {
			ALLOC_GROW(has_else, nr_if + 1, alloc_if);
			has_else[nr_if] = 0;
			ALLOC_GROW(st, depth + 1, alloc_st);
			st[depth].id = nr_if++;
			depth++;
		} else if (d == D_ELSE && depth) {
			has_else[st[depth - 1].id] = 1;
			any = 1;
		} else if (d == D_ENDIF && depth) {
			depth--;
		}
		at = end + 1;
	}
	if (side == BRANCH_BOTH || !any) {
		free(has_else);
		free(st);
		return any;
	}
	/* Pass 2: blank the groups left out. */
	depth = 0;
	next_id = 0;
	for (size_t at = 0; at < len;) {
		const char *nl = memchr(buf + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - buf) : len;
		enum dir d = directive(buf + at, buf + end);
		int drop = 0;

		if (d == D_IF) {
			ALLOC_GROW(st, depth + 1, alloc_st);
			st[depth].id = next_id++;
			st[depth].in_else = 0;
			depth++;
		} else if (d == D_ELSE && depth) {
			st[depth - 1].in_else = 1;
		} else if (d == D_ENDIF && depth) {
			depth--;
		} else if (d == D_NONE) {
			for (size_t k = 0; k < depth && !drop; k++)
				drop = has_else[st[k].id] &&
				       (side == BRANCH_FIRST ? st[k].in_else
							     : !st[k].in_else);
		}
		if (drop)
			for (size_t k = at; k < end; k++)
				buf[k] = ' ';
		at = end + 1;
	}
	free(has_else);
	free(st);
	return any;
}
