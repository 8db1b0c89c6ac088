/*
 * The lexical engine's rules: access-once, access-once-nonscalar,
 * volatile-cast and double-fetch, run over one lexed file at a time.
 */
#ifndef RWONCE_AUDIT_RULES_LEXICAL_H
#define RWONCE_AUDIT_RULES_LEXICAL_H

#include "findings/finding.h"
#include "cfront/tokscan.h"

/* What a once-access macro is (--macro NAME=KIND). */
enum macro_kind {
	MK_ACCESS_ONCE, /* "access-once": a volatile lvalue like ACCESS_ONCE */
	MK_READ_ONCE,   /* "read-once": a marked read like READ_ONCE */
	MK_WRITE_ONCE,  /* "write-once": a marked write like WRITE_ONCE */
};

struct once_macro {
	char *name;
	enum macro_kind kind;
	/* --macro NAME=volatile-cast: this READ_ONCE/WRITE_ONCE is a
	 * volatile cast (the kernel's), so the volatile-aggregate rule
	 * looks at its operand.  rwonce's own never is. */
	int volatile_cast;
};

struct lexical_tree;

struct lexical_options {
	int enabled[RULE__COUNT];
	struct once_macro *macros; /* built-ins first, then --macro ones */
	size_t nr_macros, alloc_macros;
	/* The folders being walked: an ACCESS_ONCE operand whose type the
	 * file alone cannot tell is resolved through their headers
	 * (cfront/treetypes.h, built on first need).  NULL: not done. */
	struct lexical_tree *tree;
};

/* The built-in macros (ACCESS_ONCE, READ_ONCE, WRITE_ONCE, ...). */
void lexical_options_init(struct lexical_options *o);
/* Parse "NAME=KIND" (kinds: access-once, read-once, write-once,
 * volatile-cast); 0 or -1 after error(). */
int lexical_add_macro(struct lexical_options *o, const char *spec);
void lexical_options_release(struct lexical_options *o);
/*
 * --preset=NAME: the --macro specs that describe a known codebase
 * ("linux": its READ_ONCE/WRITE_ONCE and __READ_ONCE/__WRITE_ONCE are
 * volatile casts), NULL-terminated; NULL for an unknown name.
 */
const char *const *lexical_preset_macros(const char *name);
/* The preset names, comma-separated, for messages and --help. */
const char *lexical_preset_names(void);
/* Resolve types through the headers below these folders (kept by
 * pointer); files among the paths are ignored. */
void lexical_set_tree(struct lexical_options *o, const char *const *paths,
		      size_t nr);

/*
 * Can this file hold anything the enabled rules look for?  A cheap byte
 * search that lets the engine skip lexing most files of a large tree.
 */
int lexical_wants_file(const struct lexical_options *o, const char *buf,
		       size_t len);

/* Run the enabled rules over one lexed file; append to *out. */
void lexical_audit_file(const struct lexical_options *o, const char *path,
			const char *buf, const struct token_list *l,
			struct finding_list *out);

#endif
