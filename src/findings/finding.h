/*
 * A finding of `rwonce audit` or `rwonce scan`: where, which rule, what, and (for the
 * type-aware engine) the operand's type.  Both engines produce these; the
 * report writers (GCC-style text, JSON, SARIF) consume them.
 */
#ifndef RWONCE_FINDINGS_FINDING_H
#define RWONCE_FINDINGS_FINDING_H

#include <stddef.h>

/* A finding's severity, from its rule (rules.def); ordered, so that
 * --fail-on LEVEL means "at or above LEVEL". */
enum level {
	LEVEL_NOTE,
	LEVEL_WARNING,
	LEVEL_ERROR,
	LEVEL__COUNT
};
/* "note", "warning", "error" (also SARIF's and the text format's word) */
const char *level_name(enum level l);
/* "note", "warning", "error" -> level; -1 if unknown. */
int level_parse(const char *name);

/* Every rule, with a stable id; see rules.def. */
enum rule_id {
#define RULE(id, name, owner, fixable, level, summary) id,
#include "findings/rules.def"
#undef RULE
	RULE__COUNT
};

struct rule_info {
	const char *name;    /* stable id printed as [name]: "access-once" */
	const char *command; /* the command whose runs report it: "audit" */
	const char *help_page; /* where its manual explains the rule */
	int fixable;         /* `rwonce fix` can convert some instances */
	enum level level;    /* every finding of the rule has it */
	const char *summary; /* one line for SARIF/--help */
};
extern const struct rule_info rules[RULE__COUNT];

/* A rule row's OWNER (rules.def): the command and its manual's section
 * that lists the rule.  The rest of findings/ reads them from the row and
 * compares no command name. */
#define BY_AUDIT "audit", "rwonce-audit(1)#RULES"
#define BY_SCAN "scan", "rwonce-scan(1)#VERDICTS"

/* Is rule r reported by the runs of `command` (rules.def's OWNER)? */
int rule_of_command(int r, const char *command);

/* rule name -> id, or -1 */
int rule_lookup(const char *name);

/* A place that explains a finding: SARIF relatedLocations and codeFlows,
 * the HTML report's links. */
enum related_kind {
	RELATED_CALL,       /* an inline chain's call site, outermost first */
	RELATED_INSN,       /* an instruction the verdict rests on */
	RELATED_DEFINITION, /* the definition of the macro used */
};

struct finding_related {
	enum related_kind kind;
	char *path;              /* NULL: the finding's own place */
	unsigned line, col;      /* 1-based; 0: unknown */
	unsigned long long address; /* RELATED_INSN: as objdump shows it */
	char *message;           /* one line */
};

/* One replacement of the edit `rwonce fix` makes for the finding (SARIF
 * fixes): bytes [col, end_col) of the lines, 1-based, end exclusive. */
struct finding_fix {
	unsigned line, col, end_line, end_col;
	char *text;
};

struct finding {
	enum rule_id rule;
	char *path;                /* as the user should see it */
	unsigned line, col;        /* 1-based start */
	unsigned end_line, end_col;/* 1-based, exclusive end column; 0: unknown */
	char *message;             /* one line, no trailing period */
	char *type_spelled;        /* operand type as written, or NULL */
	char *type_canonical;      /* after typedefs, or NULL */
	char *type_path;           /* where the struct or union is defined
				      (the HTML card shows it), or NULL */
	unsigned type_line, type_end_line; /* its lines there; 0: unknown */
	int fixable;               /* this instance can be rewritten by fix
				      (audit: fix converts it; scan: a
				      struct or union of a known size, which
				      fix --from-scan spells on a scalar of
				      that size when its type has one) */
	unsigned size;             /* bytes of the object accessed (scan:
				      from the DWARF's type); 0: unknown */
	char *placed_object;       /* scan: the site is a use of a
				      once-macro whose object is spelled
				      from its parameters, and this is
				      the object, placed ("((t))->pair"):
				      not the use's argument, which is
				      what fix would respell; or NULL */
	char *notes;               /* scan: note lines ('\n'-separated) that
				      explain the finding, or NULL */
	char *function;            /* the function it is in (scan: the
				      instance's; audit: found by
				      findings_triage from the source) */
	char *object;              /* scan: the object file, or NULL */
	struct finding_related *related;
	size_t nr_related;
	struct finding_fix *fixes; /* audit: what fix would change */
	size_t nr_fixes;
	char *listing;             /* scan, for the HTML report: the
				      function's instructions (a long
				      one's 4 KiB from near the site),
				      one per line "ADDR\tMARK\tTEXT" (MARK
				      '*': an access the verdict rests on),
				      or NULL */

	/* Set by findings_triage() (triage.h). */
	char *fingerprint;         /* stable across unrelated edits */
	char *suppression;         /* NULL, or the reason of the
				      rwonce-ignore comment that suppresses
				      it ("" when it gave none) */
	int baselined;             /* in the --baseline file */
	int baseline_state;        /* with --baseline: enum baseline_state */
};

/* SARIF's baselineState of a finding, when a run has a baseline. */
enum baseline_state {
	BASELINE_NONE = 0,     /* no baseline given */
	BASELINE_NEW,          /* not in the baseline */
	BASELINE_UNCHANGED,    /* in it */
	BASELINE_ABSENT,       /* in it, and no more in the run */
};

struct finding_list {
	struct finding *items;
	size_t nr, alloc;
};
#define FINDING_LIST_INIT { NULL, 0, 0 }

/* Append a copy (strings and arrays are duplicated); the copy. */
struct finding *finding_list_add(struct finding_list *l,
				 const struct finding *f);

/* Keep the findings i with keep[i] set, in order; release the others. */
void finding_list_keep(struct finding_list *l, const char *keep);

/* Add an explaining place to f (a finding of a list: it owns it). */
void finding_add_related(struct finding *f, enum related_kind kind,
			 const char *path, unsigned line, unsigned col,
			 unsigned long long address, const char *message);
/* Add one replacement of fix's edit to f. */
void finding_add_fix(struct finding *f, unsigned line, unsigned col,
		     unsigned end_line, unsigned end_col, const char *text);

/* Is f reported (neither suppressed nor in the baseline)? */
static inline int finding_is_active(const struct finding *f)
{
	return !f->suppression && !f->baselined;
}
/* Sort by path, line, col, rule and drop exact duplicates. */
void finding_list_sort_unique(struct finding_list *l);
void finding_list_release(struct finding_list *l);
/* Free what f owns (its strings and arrays), not f itself. */
void finding_release(struct finding *f);

#endif
