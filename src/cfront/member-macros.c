/* Member-path macros of headers (member-macros.h). */
#include "cfront/member-macros.h"
#include "cfront/ident-mask.h"
#include "lib/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static int ident_start(char c)
{
	return isalpha((unsigned char)c) || c == '_';
}

static const char *skip_blanks(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
		p++;
	return p;
}

/* After a path's last member: blanks, and one comment to the line's
 * end (the header's note on the member); 1 if that is all. */
static int only_comment(const char *p, const char *end)
{
	p = skip_blanks(p, end);
	if (end - p >= 4 && p[0] == '/' && p[1] == '*') {
		const char *q = p + 2;

		while (q + 1 < end && !(q[0] == '*' && q[1] == '/'))
			q++;
		if (q + 1 >= end)
			return 0;
		p = skip_blanks(q + 2, end);
	} else if (end - p >= 2 && p[0] == '/' && p[1] == '/') {
		p = end;
	}
	return p == end;
}

void member_macros_note(struct member_macros *m, const char *name, size_t n,
			const char *body, size_t len)
{
	const char *end = body + len, *p = skip_blanks(body, end), *start = p;

	for (;;) {
		if (p == end || !ident_start(*p))
			return; /* not a member's name: no member */
		p = ident_run_end(p, end);
		if (p == end || *p != '.')
			break;
		p++;
	}
	if (only_comment(p, end)) {
		member_macros_add(m, name, n, start, (size_t)(p - start));
		return;
	}
	/* a member indexed or followed through a pointer, or a name and
	 * more: may stand for a member, but its path is not read */
	p = skip_blanks(p, end);
	if (p < end && (*p == '[' || *p == '.' ||
			(*p == '-' && p + 1 < end && p[1] == '>')))
		member_macros_add(m, name, n, "", 0);
}

void member_macros_add(struct member_macros *m, const char *name, size_t n,
		       const char *path, size_t plen)
{
	ALLOC_GROW(m->items, m->nr + 1, m->alloc);
	m->items[m->nr].name = xstrndup(name, n);
	m->items[m->nr++].path = xstrndup(path, plen);
}

void member_macros_take(struct member_macros *m, struct member_macros *from)
{
	for (size_t i = 0; i < from->nr; i++) {
		ALLOC_GROW(m->items, m->nr + 1, m->alloc);
		m->items[m->nr++] = from->items[i];
	}
	free(from->items);
	memset(from, 0, sizeof(*from));
}

static int by_name_path(const void *a, const void *b)
{
	const struct member_macro *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : strcmp(x->path, y->path);
}

void member_macros_finish(struct member_macros *m)
{
	size_t kept = 0;

	if (m->nr > 1)
		sane_qsort(m->items, m->nr, sizeof(*m->items), by_name_path);
	for (size_t i = 0; i < m->nr; i++) {
		if (kept && !by_name_path(&m->items[kept - 1], &m->items[i])) {
			free(m->items[i].name);
			free(m->items[i].path);
			continue;
		}
		m->items[kept++] = m->items[i];
	}
	m->nr = kept;
}

void member_macros_release(struct member_macros *m)
{
	for (size_t i = 0; i < m->nr; i++) {
		free(m->items[i].name);
		free(m->items[i].path);
	}
	free(m->items);
	memset(m, 0, sizeof(*m));
}

size_t member_macros_find(const struct member_macros *m, const char *name,
			  size_t *first)
{
	size_t lo = 0, hi = m->nr, k;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(m->items[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (k = lo; k < m->nr && !strcmp(m->items[k].name, name); k++)
		;
	*first = lo;
	return k - lo;
}
