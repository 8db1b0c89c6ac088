/*
 * A finding of `rwonce audit` or `rwonce scan`: where, which rule, what, and (for the
 * type-aware engine) the operand's type.  Both engines produce these; the
 * report writers (GCC-style text, JSON, SARIF) consume them.
 */
#ifndef RWONCE_FINDINGS_FINDING_H
#define RWONCE_FINDINGS_FINDING_H

#include <stddef.h>

/* Every rule, with a stable id; see rules.def. */
enum rule_id {
#define RULE(id, name, fixable, summary) id,
#include "findings/rules.def"
#undef RULE
	RULE__COUNT
};

struct rule_info {
	const char *name;    /* stable id printed as [name]: "access-once" */
	int fixable;         /* `rwonce fix` can convert some instances */
	const char *summary; /* one line for SARIF/--help */
};
extern const struct rule_info rules[RULE__COUNT];

/* The rules of `rwonce scan` (machine-code verdicts) follow audit's. */
#define RULE_IS_SCAN(r) ((r) >= RULE_SCAN_TORN)

/* rule name -> id, or -1 */
int rule_lookup(const char *name);

struct finding {
	enum rule_id rule;
	char *path;                /* as the user should see it */
	unsigned line, col;        /* 1-based start */
	unsigned end_line, end_col;/* 1-based, exclusive end column; 0: unknown */
	char *message;             /* one line, no trailing period */
	char *type_spelled;        /* operand type as written, or NULL */
	char *type_canonical;      /* after typedefs, or NULL */
	int fixable;               /* this instance can be rewritten by fix */
	char *notes;               /* scan: note lines ('\n'-separated) that
				      explain the finding, or NULL */
};

struct finding_list {
	struct finding *items;
	size_t nr, alloc;
};
#define FINDING_LIST_INIT { NULL, 0, 0 }

/* Append a copy (strings are duplicated). */
void finding_list_add(struct finding_list *l, const struct finding *f);
/* Keep the findings i with keep[i] set, in order; release the others. */
void finding_list_keep(struct finding_list *l, const char *keep);
/* Sort by path, line, col, rule and drop exact duplicates. */
void finding_list_sort_unique(struct finding_list *l);
void finding_list_release(struct finding_list *l);

#endif
