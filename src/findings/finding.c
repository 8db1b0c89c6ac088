/* The rule table and finding lists shared by both audit engines. */
#include "findings/finding.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

const struct rule_info rules[RULE__COUNT] = {
#define RULE(id, name, owner, fixable, level, summary) \
	[id] = { name, owner, fixable, level, summary },
#include "findings/rules.def"
#undef RULE
};

static const char *const level_names[LEVEL__COUNT] = {
	[LEVEL_NOTE] = "note", [LEVEL_WARNING] = "warning",
	[LEVEL_ERROR] = "error",
};

const char *level_name(enum level l)
{
	return l < LEVEL__COUNT ? level_names[l] : "warning";
}

int level_parse(const char *name)
{
	for (int i = 0; i < LEVEL__COUNT; i++)
		if (!strcmp(level_names[i], name))
			return i;
	return -1;
}

int rule_of_command(int r, const char *command)
{
	return r >= 0 && r < RULE__COUNT && command &&
		!strcmp(rules[r].command, command);
}

int rule_lookup(const char *name)
{
	for (int i = 0; i < RULE__COUNT; i++)
		if (!strcmp(rules[i].name, name))
			return i;
	return -1;
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

struct finding *finding_list_add(struct finding_list *l,
				 const struct finding *f)
{
	struct finding *n;

	ALLOC_GROW(l->items, l->nr + 1, l->alloc);
	n = &l->items[l->nr++];
	*n = *f;
	n->path = dup_or_null(f->path);
	n->message = dup_or_null(f->message);
	n->type_spelled = dup_or_null(f->type_spelled);
	n->type_canonical = dup_or_null(f->type_canonical);
	n->type_path = dup_or_null(f->type_path);
	n->placed_object = dup_or_null(f->placed_object);
	n->notes = dup_or_null(f->notes);
	n->function = dup_or_null(f->function);
	n->object = dup_or_null(f->object);
	n->listing = dup_or_null(f->listing);
	n->fingerprint = dup_or_null(f->fingerprint);
	n->suppression = dup_or_null(f->suppression);
	n->related = NULL;
	n->nr_related = 0;
	for (size_t k = 0; k < f->nr_related; k++) {
		const struct finding_related *r = &f->related[k];

		finding_add_related(n, r->kind, r->path, r->line, r->col,
				    r->address, r->message);
	}
	n->fixes = NULL;
	n->nr_fixes = 0;
	for (size_t k = 0; k < f->nr_fixes; k++) {
		const struct finding_fix *x = &f->fixes[k];

		finding_add_fix(n, x->line, x->col, x->end_line, x->end_col,
				x->text);
	}
	return n;
}

void finding_add_related(struct finding *f, enum related_kind kind,
			 const char *path, unsigned line, unsigned col,
			 unsigned long long address, const char *message)
{
	struct finding_related *r;

	/* one more each time: a finding has a handful */
	f->related = xrealloc(f->related, (f->nr_related + 1) * sizeof(*r));
	r = &f->related[f->nr_related++];
	r->kind = kind;
	r->path = dup_or_null(path);
	r->line = line;
	r->col = col;
	r->address = address;
	r->message = xstrdup(message ? message : "");
}

void finding_add_fix(struct finding *f, unsigned line, unsigned col,
		     unsigned end_line, unsigned end_col, const char *text)
{
	struct finding_fix *x;

	f->fixes = xrealloc(f->fixes, (f->nr_fixes + 1) * sizeof(*x));
	x = &f->fixes[f->nr_fixes++];
	x->line = line;
	x->col = col;
	x->end_line = end_line;
	x->end_col = end_col;
	x->text = xstrdup(text);
}

static int cmp_str(const char *a, const char *b)
{
	if (!a || !b)
		return !a - !b;
	return strcmp(a, b);
}

static int cmp_finding(const void *pa, const void *pb)
{
	const struct finding *a = pa, *b = pb;
	int c = cmp_str(a->path, b->path);

	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	if (a->rule != b->rule)
		return a->rule < b->rule ? -1 : 1;
	c = cmp_str(a->message, b->message);
	/* scan: one site, several instances (functions, inlined copies) */
	return c ? c : cmp_str(a->notes, b->notes);
}

void finding_release(struct finding *f)
{
	free(f->path);
	free(f->message);
	free(f->type_spelled);
	free(f->type_canonical);
	free(f->type_path);
	free(f->placed_object);
	free(f->notes);
	free(f->function);
	free(f->object);
	free(f->listing);
	free(f->fingerprint);
	free(f->suppression);
	for (size_t k = 0; k < f->nr_related; k++) {
		free(f->related[k].path);
		free(f->related[k].message);
	}
	free(f->related);
	for (size_t k = 0; k < f->nr_fixes; k++)
		free(f->fixes[k].text);
	free(f->fixes);
}

void finding_list_keep(struct finding_list *l, const char *keep)
{
	size_t out = 0;

	for (size_t i = 0; i < l->nr; i++) {
		if (!keep[i]) {
			finding_release(&l->items[i]);
			continue;
		}
		l->items[out++] = l->items[i];
	}
	l->nr = out;
}

void finding_list_sort_unique(struct finding_list *l)
{
	size_t out = 0;

	if (!l->nr)
		return;
	sane_qsort(l->items, l->nr, sizeof(*l->items), cmp_finding);
	for (size_t i = 0; i < l->nr; i++) {
		if (out && !cmp_finding(&l->items[out - 1], &l->items[i])) {
			finding_release(&l->items[i]);
			continue;
		}
		l->items[out++] = l->items[i];
	}
	l->nr = out;
}

void finding_list_release(struct finding_list *l)
{
	for (size_t i = 0; i < l->nr; i++)
		finding_release(&l->items[i]);
	free(l->items);
	l->items = NULL;
	l->nr = l->alloc = 0;
}
