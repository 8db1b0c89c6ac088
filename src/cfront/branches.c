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

enum dir { D_NONE, D_IF, D_ELSE, D_ENDIF, D_DEFINE, D_UNDEF };

/* The name after "#ifdef"/"#ifndef"/"#define"/"#undef", when asked. */
struct dname {
	const char *p;
	size_t n;
	int negated; /* #ifndef */
};

/* The conditional directive a line holds, if any. */
static enum dir directive(const char *p, const char *end, struct dname *nm)
{
	size_t n;
	const char *word;

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
	word = p;
	nm->p = NULL;
	nm->n = 0;
	nm->negated = n == 6 && !memcmp(word, "ifndef", 6);
	if ((n == 5 && !memcmp(word, "ifdef", 5)) || nm->negated ||
	    (n == 6 && !memcmp(word, "define", 6)) ||
	    (n == 5 && !memcmp(word, "undef", 5))) {
		const char *q = p + n;

		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		nm->p = q;
		while (q < end && (*q == '_' || (*q >= 'a' && *q <= 'z') ||
				   (*q >= 'A' && *q <= 'Z') ||
				   (*q >= '0' && *q <= '9')))
			q++;
		nm->n = (size_t)(q - nm->p);
	}
	if (n == 6 && !memcmp(word, "define", 6))
		return D_DEFINE;
	if (n == 5 && !memcmp(word, "undef", 5))
		return D_UNDEF;
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

/*
 * What this file itself says of a name before an #ifdef: 1 defined
 * (a #define), 0 undefined (an #undef: arm's pgtable-2level-types.h
 * undefines STRICT_MM_TYPECHECKS right before testing it), -1 unknown.
 * Hashed: a register header defines thousands of names, and a search of
 * all of them per #define made branch_keep() quadratic (2 % of an audit
 * of Linux 6.12, issue #35).
 */
struct names {
	struct { const char *p; size_t n; int defined; } *v;
	size_t nr, alloc;
	size_t *slot; /* 1 + index into v; 0 empty; size a power of two */
	size_t size;
};

static size_t name_hash(const char *p, size_t n)
{
	size_t h = 2166136261u;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)p[i]) * 16777619u;
	return h;
}

/* The slot of name nm: where it is, or the empty one it would take. */
static size_t names_slot(const struct names *s, const struct dname *nm)
{
	size_t k = name_hash(nm->p, nm->n) & (s->size - 1);

	while (s->slot[k]) {
		size_t i = s->slot[k] - 1;

		if (s->v[i].n == nm->n && !memcmp(s->v[i].p, nm->p, nm->n))
			break;
		k = (k + 1) & (s->size - 1);
	}
	return k;
}

static void names_set(struct names *s, const struct dname *nm, int defined)
{
	size_t k;

	if (s->size) {
		k = names_slot(s, nm);
		if (s->slot[k]) {
			s->v[s->slot[k] - 1].defined = defined;
			return;
		}
	}
	if (2 * (s->nr + 1) > s->size) {
		s->size = s->size ? 2 * s->size : 64;
		free(s->slot);
		s->slot = xcalloc(s->size, sizeof(*s->slot));
		for (size_t i = 0; i < s->nr; i++) {
			struct dname o = { s->v[i].p, s->v[i].n, 0 };

			s->slot[names_slot(s, &o)] = i + 1;
		}
	}
	ALLOC_GROW(s->v, s->nr + 1, s->alloc);
	s->v[s->nr].p = nm->p;
	s->v[s->nr].n = nm->n;
	s->v[s->nr].defined = defined;
	s->slot[names_slot(s, nm)] = ++s->nr;
}

static int names_get(const struct names *s, const struct dname *nm)
{
	size_t k;

	if (!s->size)
		return -1;
	k = names_slot(s, nm);
	return s->slot[k] ? s->v[s->slot[k] - 1].defined : -1;
}

int branch_keep(char *buf, size_t len, enum branch_side side)
{
	unsigned char *has_else = NULL; /* per #if id */
	signed char *fixed = NULL;      /* per #if id: 1 first group taken,
					   0 the other, -1 either */
	size_t nr_if = 0, alloc_if = 0, alloc_fx = 0, depth, next_id;
	struct frame *st = NULL;
	size_t alloc_st = 0;
	struct names names = { NULL, 0, 0, NULL, 0 };
	struct dname nm;
	int any = 0, any_fixed = 0;

	/* Pass 1: which #if has an #else/#elif. */
	depth = 0;
	for (size_t at = 0; at < len;) {
		const char *nl = memchr(buf + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - buf) : len;
		enum dir d = directive(buf + at, buf + end, &nm);

		if (d == D_IF) {
			int v = nm.n ? names_get(&names, &nm) : -1;

			ALLOC_GROW(has_else, nr_if + 1, alloc_if);
			ALLOC_GROW(fixed, nr_if + 1, alloc_fx);
			has_else[nr_if] = 0;
			fixed[nr_if] = (signed char)(v < 0 ? -1 :
						     nm.negated ? !v : v);
			any_fixed |= v >= 0;
			ALLOC_GROW(st, depth + 1, alloc_st);
			st[depth].id = nr_if++;
			depth++;
		} else if (d == D_ELSE && depth) {
			has_else[st[depth - 1].id] = 1;
			any = 1;
		} else if (d == D_ENDIF && depth) {
			depth--;
		} else if ((d == D_DEFINE || d == D_UNDEF) && nm.n) {
			names_set(&names, &nm, d == D_DEFINE);
		}
		at = end + 1;
	}
	free(names.v);
	free(names.slot);
	if ((side == BRANCH_BOTH && !any_fixed) ||
	    (side != BRANCH_BOTH && !any && !any_fixed)) {
		free(has_else);
		free(fixed);
		free(st);
		return any;
	}
	/* Pass 2: blank the groups left out. */
	depth = 0;
	next_id = 0;
	for (size_t at = 0; at < len;) {
		const char *nl = memchr(buf + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - buf) : len;
		enum dir d = directive(buf + at, buf + end, &nm);
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
		} else if (d == D_NONE || d == D_DEFINE || d == D_UNDEF) {
			for (size_t k = 0; k < depth && !drop; k++) {
				int f = fixed[st[k].id];

				if (f >= 0) /* the file decides this one */
					drop = f ? st[k].in_else : !st[k].in_else;
				else
					drop = side != BRANCH_BOTH &&
					       has_else[st[k].id] &&
					       (side == BRANCH_FIRST ?
						st[k].in_else : !st[k].in_else);
			}
		}
		if (drop)
			for (size_t k = at; k < end; k++)
				buf[k] = ' ';
		at = end + 1;
	}
	free(has_else);
	free(fixed);
	free(st);
	return any;
}

/* Is name[0..n) a macro that only an MSVC or a C++ compilation
 * defines? */
static int foreign_name(const char *name, size_t n)
{
	return (n == 8 && !memcmp(name, "_MSC_VER", 8)) ||
	       (n == 11 && !memcmp(name, "__cplusplus", 11));
}

static const char *skip_blanks(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\\' ||
			   *p == '\r' || *p == '\n'))
		p++;
	return p;
}

static const char *ident_end(const char *p, const char *end)
{
	while (p < end && (*p == '_' || (*p >= 'a' && *p <= 'z') ||
			   (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
		p++;
	return p;
}

/* Does an #if or #elif condition, p[0..end), hold only when the
 * compilation is MSVC's or C++: its first term is defined(NAME) or
 * NAME for such a NAME, and no "||" gives another way in? */
static int foreign_condition(const char *p, const char *end)
{
	const char *q;

	for (q = p; q + 1 < end; q++)
		if (q[0] == '|' && q[1] == '|')
			return 0;
	p = skip_blanks(p, end);
	while (p < end && *p == '(')
		p = skip_blanks(p + 1, end);
	q = ident_end(p, end);
	if (q - p == 7 && !memcmp(p, "defined", 7)) {
		p = skip_blanks(q, end);
		if (p < end && *p == '(')
			p = skip_blanks(p + 1, end);
		q = ident_end(p, end);
	}
	return foreign_name(p, (size_t)(q - p));
}

int branch_blank_foreign(char *buf, size_t len)
{
	struct ffr { int foreign; } *st = NULL;
	size_t depth = 0, alloc_st = 0, foreign_depth = 0;
	int any = 0;

	for (size_t at = 0; at < len;) {
		const char *p = buf + at, *end = buf + len, *word, *rest;
		size_t stop = at, n;
		int drop;

		/* the logical line: splices go with their line */
		for (;;) {
			const char *nl = memchr(buf + stop, '\n', len - stop);
			size_t e = nl ? (size_t)(nl - buf) : len, b = e;

			if (b > stop && buf[b - 1] == '\r')
				b--;
			stop = e;
			if (!nl || b == 0 || buf[b - 1] != '\\')
				break;
			stop = e + 1;
		}
		end = buf + stop;
		drop = foreign_depth > 0;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p < end && *p == '#') {
			p = skip_blanks(p + 1, end);
			word = p;
			while (p < end && *p >= 'a' && *p <= 'z')
				p++;
			n = (size_t)(p - word);
			rest = p;
			if ((n == 2 && !memcmp(word, "if", 2)) ||
			    (n == 5 && !memcmp(word, "ifdef", 5)) ||
			    (n == 6 && !memcmp(word, "ifndef", 6))) {
				int f = 0;

				if (n == 2) {
					f = foreign_condition(rest, end);
				} else if (n == 5) {
					const char *nm = skip_blanks(rest, end);

					f = foreign_name(nm, (size_t)(ident_end(nm, end) - nm));
				}
				ALLOC_GROW(st, depth + 1, alloc_st);
				st[depth++].foreign = f;
				foreign_depth += f;
				drop = 0;
			} else if (n >= 4 && !memcmp(word, "el", 2) && depth) {
				int f = 0;

				if (n == 4 && !memcmp(word, "elif", 4)) {
					f = foreign_condition(rest, end);
				} else if (n == 7 && !memcmp(word, "elifdef", 7)) {
					const char *nm = skip_blanks(rest, end);

					f = foreign_name(nm, (size_t)(ident_end(nm, end) - nm));
				}
				foreign_depth -= (size_t)st[depth - 1].foreign;
				st[depth - 1].foreign = f;
				foreign_depth += (size_t)f;
				drop = 0;
			} else if (n == 5 && !memcmp(word, "endif", 5) && depth) {
				foreign_depth -= (size_t)st[--depth].foreign;
				drop = 0;
			} else if (!(n == 6 && !memcmp(word, "define", 6)) &&
				   !(n == 5 && !memcmp(word, "undef", 5))) {
				drop = 0; /* #include, #pragma...: nothing to read */
			}
			/* a nested conditional's own lines stay, so that the
			 * readers after this see every #if matched */
		}
		if (drop) {
			for (size_t k = at; k < stop; k++)
				if (buf[k] != '\n')
					buf[k] = ' ';
			any = 1;
		}
		at = stop + 1;
	}
	free(st);
	return any;
}
